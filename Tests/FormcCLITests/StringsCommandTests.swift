import Foundation
import Testing

/// `formc strings` and `formc lint --strings` (SPEC §8, §11): the catalog is
/// written, merged, left alone when nothing changes, checked with --check, never
/// overwritten when invalid; lint reports FC600–FC604 in every format.
@Suite struct StringsCommandTests {
    static let signUp = """
        formc: 1
        form: SignUpForm
        title: Create your account
        elements:
          - textField: email
            placeholder: Email
            rules: [required]

        """

    static let address = """
        formc: 1
        form: AddressForm
        elements:
          - textField: street
            placeholder: Street

        """

    private func inode(_ scratch: Scratch, _ path: String) throws -> UInt64? {
        let attributes = try FileManager.default.attributesOfItem(atPath: scratch.url.appendingPathComponent(path).path)
        return (attributes[.systemFileNumber] as? NSNumber)?.uint64Value
    }

    @Test func writesOneCatalogForSeveralFormsAndLeavesItAloneWhenUnchanged() throws {
        let scratch = try Scratch()
        try scratch.write("forms/signup.form.yaml", Self.signUp)
        try scratch.write("forms/address.form.yaml", Self.address)
        let first = try scratch.run("strings", "forms", "-o", "Resources/Localizable.xcstrings")
        #expect(first.status == 0, "\(first.stderr)")
        let catalog = try #require(scratch.read("Resources/Localizable.xcstrings"))
        #expect(catalog.hasPrefix("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"AddressForm.street.placeholder\" : {\n"))
        #expect(catalog.contains("\"comment\" : \"Placeholder of the text field email in SignUpForm\""))
        #expect(catalog.hasSuffix("  \"version\" : \"1.0\"\n}"))

        let before = try inode(scratch, "Resources/Localizable.xcstrings")
        let again = try scratch.run("strings", "forms", "-o", "Resources/Localizable.xcstrings")
        #expect(again.status == 0)
        #expect(scratch.read("Resources/Localizable.xcstrings") == catalog)
        #expect(try inode(scratch, "Resources/Localizable.xcstrings") == before, "an unchanged catalog is not rewritten")
        #expect(try scratch.run("strings", "forms", "-o", "Resources/Localizable.xcstrings", "--check").status == 0)
    }

    @Test func checkExitsTwoAndWritesNothing() throws {
        let scratch = try Scratch()
        try scratch.write("signup.form.yaml", Self.signUp)
        let missing = try scratch.run("strings", "signup.form.yaml", "-o", "Localizable.xcstrings", "--check")
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("is missing"))
        #expect(!scratch.exists("Localizable.xcstrings"))

        #expect(try scratch.run("strings", "signup.form.yaml", "-o", "Localizable.xcstrings").status == 0)
        let written = scratch.read("Localizable.xcstrings")
        try scratch.write("signup.form.yaml", Self.signUp.replacingOccurrences(of: "Create your account", with: "Sign up"))
        let drift = try scratch.run("strings", "signup.form.yaml", "-o", "Localizable.xcstrings", "--check")
        #expect(drift.status == 2)
        #expect(drift.stderr.contains("is out of date"))
        #expect(scratch.read("Localizable.xcstrings") == written)
    }

    @Test func theSourceLanguageIsAnOption() throws {
        let scratch = try Scratch()
        try scratch.write("signup.form.yaml", Self.signUp)
        #expect(try scratch.run("strings", "signup.form.yaml", "-o", "L.xcstrings", "--source-language", "de").status == 0)
        let catalog = try #require(scratch.read("L.xcstrings"))
        #expect(catalog.hasPrefix("{\n  \"sourceLanguage\" : \"de\","))
        #expect(catalog.contains("        \"de\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"Email\""))
    }

    /// A source language that is no language tag (a quote, a line break, an
    /// escape sequence) is a usage error, and no catalog is written.
    @Test func aSourceLanguageThatIsNoLanguageTagIsAUsageError() throws {
        let scratch = try Scratch()
        try scratch.write("signup.form.yaml", Self.signUp)
        for language in ["e\"n", "en\n", "\u{1B}[31m", "e<n>", "", "e n", "e/n"] {
            let run = try scratch.run("strings", "signup.form.yaml", "-o", "L.xcstrings", "--source-language", language)
            #expect(run.status == 64)
            #expect(scratch.read("L.xcstrings") == nil)
        }
    }

    /// An app's catalog in German stays in German: the forms' strings are merged
    /// as its source language's, and a different --source-language is refused
    /// without touching the file.
    @Test func aCatalogKeepsItsSourceLanguage() throws {
        let scratch = try Scratch()
        try scratch.write("signup.form.yaml", Self.signUp)
        let app = """
            {
              "sourceLanguage" : "de",
              "strings" : {
                "Willkommen" : {

                }
              },
              "version" : "1.0"
            }
            """
        try scratch.write("L.xcstrings", app)
        let refused = try scratch.run("strings", "signup.form.yaml", "-o", "L.xcstrings", "--source-language", "en")
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("'L.xcstrings' is in 'de' (its sourceLanguage), not 'en'"))
        #expect(scratch.read("L.xcstrings") == app)
        let merged = try scratch.run("strings", "signup.form.yaml", "-o", "L.xcstrings")
        #expect(merged.status == 0, "\(merged.stderr)")
        let catalog = try #require(scratch.read("L.xcstrings"))
        #expect(catalog.hasPrefix("{\n  \"sourceLanguage\" : \"de\","))
        #expect(catalog.contains("        \"de\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"Email\""))
        #expect(catalog.contains("    \"Willkommen\" : {\n\n    }\n  },"))
        #expect(try scratch.run("strings", "signup.form.yaml", "-o", "L.xcstrings", "--source-language", "de", "--check").status == 0)
    }

    @Test func anInvalidCatalogIsFC603AndNeverOverwritten() throws {
        let scratch = try Scratch()
        try scratch.write("signup.form.yaml", Self.signUp)
        let broken = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : [ ]\n}"
        try scratch.write("Localizable.xcstrings", broken)
        let run = try scratch.run("strings", "signup.form.yaml", "-o", "Localizable.xcstrings")
        #expect(run.status == 1)
        #expect(run.stderr.contains("Localizable.xcstrings:3:3: error: not a valid String Catalog: 'strings' is not an object [FC603]"))
        #expect(scratch.read("Localizable.xcstrings") == broken)
        let listing = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).filter { !$0.hasPrefix(".std") }
        #expect(listing.sorted() == ["Localizable.xcstrings", "signup.form.yaml"], "no temporary file is left")
    }

    @Test func aFormWithErrorsWritesNothing() throws {
        let scratch = try Scratch()
        try scratch.write("contact.form.yaml", Forms.unknownKey)
        let run = try scratch.run("strings", "contact.form.yaml", "-o", "Localizable.xcstrings")
        #expect(run.status == 1)
        #expect(run.stderr.contains("[FC101]"))
        #expect(!scratch.exists("Localizable.xcstrings"))
    }

    @Test func twoFormsWithOneNameAreFC204() throws {
        let scratch = try Scratch()
        try scratch.write("a.form.yaml", Self.signUp)
        try scratch.write("b.form.yaml", Self.signUp.replacingOccurrences(of: "Create your account", with: "Sign up"))
        let run = try scratch.run("strings", "a.form.yaml", "b.form.yaml", "-o", "Localizable.xcstrings", "--format", "xcode")
        #expect(run.status == 1)
        #expect(run.stderr.contains("b.form.yaml:3:8: error: two strings have the localization key 'SignUpForm.title' [FC204]"))
    }

    @Test func usageErrorsExit64() throws {
        let scratch = try Scratch()
        try scratch.write("signup.form.yaml", Self.signUp)
        #expect(try scratch.run("strings", "signup.form.yaml").status == 64)
        #expect(try scratch.run("strings", "-o", "L.xcstrings").status == 64)
    }

    // MARK: lint --strings

    /// A catalog with a German translation of the title only, whose email
    /// placeholder is German-less, and a French entry that drops a specifier.
    static let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "SignUpForm.count" : {
              "localizations" : {
                "en" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "%lld left"
                  }
                },
                "fr" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "restants"
                  }
                }
              }
            },
            "SignUpForm.title" : {
              "extractionState" : "manual",
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "needs_review",
                    "value" : "Konto erstellen"
                  }
                },
                "en" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Create your account"
                  }
                }
              }
            }
          },
          "version" : "1.0"
        }
        """

    @Test func lintReportsTheCatalogsProblemsWhereTheyAre() throws {
        let scratch = try Scratch()
        try scratch.write("signup.form.yaml", Self.signUp)
        try scratch.write("Localizable.xcstrings", Self.catalog)
        let run = try scratch.run("lint", "signup.form.yaml", "--strings", "Localizable.xcstrings", "--format", "xcode")
        #expect(run.status == 1, "FC604 is an error")
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains("Localizable.xcstrings:12:9: error: the 'fr' translation of 'SignUpForm.count' has the format specifiers none, the source text %lld [FC604]"), "\(lines)")
        #expect(lines.contains("signup.form.yaml:3:8: warning: the 'de' translation of 'SignUpForm.title' needs review [FC602]"))
        #expect(lines.contains("signup.form.yaml:6:18: warning: 'SignUpForm.email.placeholder' has no translation in 'de' [FC600]"))
        #expect(lines.contains("signup.form.yaml:7:13: warning: 'SignUpForm.email.required.message' has no translation in 'fr' [FC600]"))
        // The catalog is only read.
        #expect(scratch.read("Localizable.xcstrings") == Self.catalog)
    }

    @Test(arguments: ["json", "sarif", "github", "text"])
    func lintReportsTheCatalogInEveryFormat(format: String) throws {
        let scratch = try Scratch()
        try scratch.write("signup.form.yaml", Self.signUp)
        try scratch.write("Localizable.xcstrings", Self.catalog)
        let run = try scratch.run("lint", "signup.form.yaml", "--strings", "Localizable.xcstrings", "--format", format)
        #expect(run.status == 1)
        let output = run.stdout + run.stderr
        #expect(output.contains("FC604"))
        #expect(output.contains("FC600"))
        #expect(output.contains("Localizable.xcstrings"))
    }

    @Test func lintWithAnUpToDateTranslatedCatalogIsClean() throws {
        let scratch = try Scratch()
        try scratch.write("signup.form.yaml", Self.signUp)
        #expect(try scratch.run("strings", "signup.form.yaml", "-o", "Localizable.xcstrings").status == 0)
        let run = try scratch.run("lint", "signup.form.yaml", "--strings", "Localizable.xcstrings", "--strict")
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test func lintWithAnInvalidCatalogIsFC603() throws {
        let scratch = try Scratch()
        try scratch.write("signup.form.yaml", Self.signUp)
        try scratch.write("Localizable.xcstrings", "{ \"sourceLanguage\" : ")
        let run = try scratch.run("lint", "signup.form.yaml", "--strings", "Localizable.xcstrings", "--format", "xcode")
        #expect(run.status == 1)
        #expect(run.stderr.contains("Localizable.xcstrings:1:") && run.stderr.contains("[FC603]"))
    }

    /// The catalog ShippedCatalogTests ships is what `formc strings` makes of its
    /// form, translated into German in full: `--check` finds no drift (so the
    /// merge keeps every translation byte for byte), and lint finds nothing left
    /// to translate or review.
    @Test func theShippedCatalogIsCurrentAndFullyTranslated() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let forms = "Tests/ShippedCatalogTests/Forms"
        let catalog = "Tests/ShippedCatalogTests/Resources/Localizable.xcstrings"
        let check = try Formc.run(["strings", forms, "-o", catalog, "--check"], in: root)
        #expect(check.status == 0, "regenerate: formc strings \(forms) -o \(catalog)\n\(check.stderr)")
        let lint = try Formc.run(["lint", forms, "--strings", catalog, "--strict"], in: root)
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        let text = try String(contentsOf: root.appendingPathComponent(catalog), encoding: .utf8)
        #expect(text.contains("\"value\" : \"Konto erstellen\""), "the German title the tests read")
    }

    /// An app's catalog as Xcode writes it (FormCompilerTests' fixture, with
    /// manual and stale keys of the app's, and translations that drop a `%@`):
    /// `formc strings` inserts the form's entries and changes none of the app's
    /// lines but by a trailing comma, a second run changes nothing, and `lint
    /// --strings` reports on the form's keys only.
    @Test func anAppsCatalogKeepsItsLinesAndOnlyTheFormsKeysAreLinted() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let app = try String(
            contentsOf: root.appendingPathComponent("Tests/FormCompilerTests/Fixtures/Catalogs/AppCatalog.xcstrings"), encoding: .utf8
        )
        let scratch = try Scratch()
        try scratch.write("signup.form.yaml", Self.signUp)
        try scratch.write("Localizable.xcstrings", app)
        let run = try scratch.run("strings", "signup.form.yaml", "-o", "Localizable.xcstrings")
        #expect(run.status == 0, "\(run.stderr)")
        let merged = try #require(scratch.read("Localizable.xcstrings"))
        let lines = merged.split(separator: "\n", omittingEmptySubsequences: false)
        var next = lines.startIndex
        for line in app.split(separator: "\n", omittingEmptySubsequences: false) {
            let found = try #require(lines[next...].firstIndex { $0 == line || $0 == line + "," }, "'\(line)' is not in the merged catalog")
            next = found + 1
        }
        #expect(merged.contains("\"SignUpForm.title\" : {"))
        #expect(try scratch.run("strings", "signup.form.yaml", "-o", "Localizable.xcstrings", "--check").status == 0)
        let lint = try scratch.run("lint", "signup.form.yaml", "--strings", "Localizable.xcstrings", "--format", "xcode")
        #expect(lint.status == 0, "\(lint.stderr)")
        let reported = lint.stderr.split(separator: "\n").filter { $0.contains(": warning: ") || $0.contains(": error: ") }
        #expect(!reported.isEmpty)
        for line in reported {
            #expect(line.contains("[FC600]") && line.contains("'SignUpForm."), "\(line)")
        }
    }

    /// The catalog the preview's browser tests read is what `formc strings` makes
    /// of their form, so that a change of the form cannot leave it behind.
    @Test func thePreviewTestsCatalogIsCurrent() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let fixtures = "Tests/EndToEnd/preview-locale-fixtures"
        let check = try Formc.run(["strings", fixtures + "/signup.form.yaml", "-o", fixtures + "/Localizable.xcstrings", "--check"], in: root)
        #expect(check.status == 0, "regenerate: formc strings \(fixtures)/signup.form.yaml -o \(fixtures)/Localizable.xcstrings\n\(check.stderr)")
    }

    @Test func explainKnowsTheLocalizationCodes() throws {
        let scratch = try Scratch()
        for code in ["FC600", "FC601", "FC602", "FC603", "FC604"] {
            let run = try scratch.run("explain", code)
            #expect(run.status == 0)
            #expect(run.stdout.hasPrefix(code + ": "))
        }
    }
}
