import Foundation
import Testing

/// `formc preview --locale L --strings CATALOG` (SPEC §13, §11): the pages in the
/// catalog's language, the two options only together, and an invalid catalog
/// reported as `lint --strings` reports it, with nothing written.
@Suite struct PreviewLocaleCommandTests {
    static let form = """
        formc: 1
        form: ContactForm
        title: Contact us
        elements:
          - textField: email
            placeholder: Email
            rules: [required, email]
          - segment: topic
            title: Topic
            options: [{ value: sales, title: Sales }, { value: help, title: Help }]

        """

    static let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "ContactForm.email.required.message" : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Die E-Mail-Adresse fehlt" } }
              }
            },
            "ContactForm.title" : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Kontakt" } },
                "de-CH" : { "stringUnit" : { "state" : "translated", "value" : "Kontakt (CH)" } }
              }
            },
            "ContactForm.topic.option.sales" : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Verkauf" } }
              }
            }
          },
          "version" : "1.0"
        }
        """

    /// A locale the catalog has no text in, most likely a typo, is said, and the
    /// page is still drawn in the source text.
    @Test func aLocaleWithoutTextIsSaid() throws {
        let scratch = try Scratch()
        try scratch.write("contact.form.yaml", Self.form)
        try scratch.write("Localizable.xcstrings", Self.catalog)
        let run = try scratch.run("preview", "contact.form.yaml", "-o", "contact.html", "--locale", "ge", "--strings", "Localizable.xcstrings")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("warning: 'Localizable.xcstrings' has no text in 'ge'"), "\(run.stderr)")
        #expect(try #require(scratch.read("contact.html")).contains("<title>Contact us</title>"))
        let german = try scratch.run("preview", "contact.form.yaml", "-o", "contact.html", "--locale", "de-AT", "--strings", "Localizable.xcstrings")
        #expect(german.status == 0 && !german.stderr.contains("warning"), "\(german.stderr)")
    }

    @Test func theGermanPageShowsTheCatalogsText() throws {
        let scratch = try Scratch()
        try scratch.write("contact.form.yaml", Self.form)
        try scratch.write("Localizable.xcstrings", Self.catalog)
        let run = try scratch.run("preview", "contact.form.yaml", "-o", "contact.html", "--locale", "de", "--strings", "Localizable.xcstrings")
        #expect(run.status == 0, "\(run.stderr)")
        let page = try #require(scratch.read("contact.html"))
        #expect(page.contains(#"<html lang="de">"#))
        #expect(page.contains("<title>Kontakt</title>"))
        #expect(page.contains(#""message":"Die E-Mail-Adresse fehlt""#))
        #expect(page.contains(#""title":"Verkauf""#))
        // Untranslated: the form's own text, and the default message as a whole source sentence.
        #expect(page.contains(#""title":"Help""#))
        #expect(page.contains(#""message":"Email must be a valid email address""#))

        let swiss = try scratch.run("preview", "contact.form.yaml", "-o", "swiss.html", "--locale", "de_CH", "--strings", "Localizable.xcstrings")
        #expect(swiss.status == 0, "\(swiss.stderr)")
        let swissPage = try #require(scratch.read("swiss.html"))
        #expect(swissPage.contains(#"<html lang="de-CH">"#))
        #expect(swissPage.contains("<title>Kontakt (CH)</title>"))
        #expect(swissPage.contains(#""title":"Verkauf""#), "de-CH falls back to de")
    }

    @Test func severalPagesAndTheIndexAreInTheLocale() throws {
        let scratch = try Scratch()
        try scratch.write("forms/contact.form.yaml", Self.form)
        try scratch.write("forms/other.form.yaml", "formc: 1\nform: OtherForm\ntitle: Other\nelements:\n  - staticText: Hi\n")
        try scratch.write("Localizable.xcstrings", Self.catalog)
        let run = try scratch.run("preview", "forms", "-o", "out", "--locale", "de", "--strings", "Localizable.xcstrings")
        #expect(run.status == 0, "\(run.stderr)")
        let index = try #require(scratch.read("out/index.html"))
        #expect(index.contains(#"<a href="contact.html" lang="de">Kontakt</a>"#))
        #expect(index.contains(#"<a href="other.html" lang="de">Other</a>"#))
        #expect(scratch.read("out/other.html")?.contains(#"<html lang="de">"#) == true)
    }

    @Test func localeAndStringsGoTogether() throws {
        let scratch = try Scratch()
        try scratch.write("contact.form.yaml", Self.form)
        try scratch.write("Localizable.xcstrings", Self.catalog)
        let alone = try scratch.run("preview", "contact.form.yaml", "-o", "contact.html", "--locale", "de")
        #expect(alone.status == 64)
        #expect(alone.stderr.contains("--locale needs --strings"))
        let catalogOnly = try scratch.run("preview", "contact.form.yaml", "-o", "contact.html", "--strings", "Localizable.xcstrings")
        #expect(catalogOnly.status == 64)
        #expect(catalogOnly.stderr.contains("--strings needs --locale"))
        for tag in ["", "de\"><script>", "de CH", "1de", "de/CH"] {
            let bad = try scratch.run("preview", "contact.form.yaml", "-o", "contact.html", "--locale", tag, "--strings", "Localizable.xcstrings")
            #expect(bad.status == 64, "\(tag)")
            #expect(bad.stderr.contains("--locale takes a language tag"), "\(tag): \(bad.stderr)")
        }
        #expect(!scratch.exists("contact.html"))
    }

    @Test func anInvalidCatalogIsFC603InTheCatalogAndWritesNothing() throws {
        let scratch = try Scratch()
        try scratch.write("contact.form.yaml", Self.form)
        try scratch.write("Localizable.xcstrings", """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "ContactForm.title" : {
                  "localizations" : {
                    "de" : { "stringUnit" : { "state" : "translated" } }
                  }
                }
              }
            }
            """)
        let run = try scratch.run("preview", "contact.form.yaml", "-o", "contact.html", "--locale", "de", "--strings", "Localizable.xcstrings")
        #expect(run.status == 1)
        #expect(run.stderr.contains("Localizable.xcstrings:6:"), "\(run.stderr)")
        #expect(run.stderr.contains("[FC603]"))
        #expect(!scratch.exists("contact.html"))

        try scratch.write("Localizable.xcstrings", "{ \"sourceLanguage\" : \"en\", ")
        let broken = try scratch.run("preview", "contact.form.yaml", "-o", "contact.html", "--locale", "de", "--strings", "Localizable.xcstrings")
        #expect(broken.status == 1)
        #expect(broken.stderr.contains("[FC603]"), "\(broken.stderr)")
        #expect(!scratch.exists("contact.html"))

        let missing = try scratch.run("preview", "contact.form.yaml", "-o", "contact.html", "--locale", "de", "--strings", "Nowhere.xcstrings")
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("cannot read 'Nowhere.xcstrings'"), "\(missing.stderr)")
        #expect(!scratch.exists("contact.html"))
    }
}
