@testable import FormCompiler
@testable import FormLocalization
@testable import FormModel
@testable import FormPreview
import FormRuntime
@testable import FormSource
@testable import FormText
import Foundation
import Testing

/// The preview page in a language (SPEC §13 with §11): every string the page
/// shows looked up by its `FormStrings` key in a String Catalog, with the
/// runtime's fallback `de-CH` → `de` → source text, and translations embedded as
/// safely as the form's own text.
@Suite struct PreviewLocaleTests {
    static let form = """
        formc: 1
        form: SignUpForm
        title: Create your account
        elements:
          - staticText: It takes a minute.
          - group: account
            title: Account
            footer: We never share your email.
            elements:
              - textField: email
                placeholder: you@example.com
                rules: [required, email]
              - floatLabel: password
                label: Password
                rules:
                  - minLength: 8
                  - pattern: '.*[0-9].*'
                    message: Use at least one digit
          - group:
            title: Plan
            elements:
              - segment: plan
                title: Plan
                options:
                  - { value: free, title: Free }
                  - { value: pro, title: Pro }
              - number: seats
                title: Seats
                unit: people
          - segue: showPrivacy
            title: Privacy policy

        """

    static let german: [String: [String: String]] = [
        "SignUpForm.title": ["de": "Konto erstellen", "en": "Create your account", "fr": "Créer votre compte"],
        "SignUpForm.staticText.1": ["de": "Es dauert nur eine Minute."],
        "SignUpForm.account.title": ["de": "Konto"],
        "SignUpForm.account.footer": ["de": "Wir geben deine E-Mail-Adresse nie weiter."],
        "SignUpForm.email.placeholder": ["de": "du@beispiel.de", "de-CH": "du@beispiel.ch"],
        "SignUpForm.email.required.message": ["de": "Die E-Mail-Adresse fehlt"],
        "SignUpForm.password.label": ["de": "Passwort"],
        "SignUpForm.password.minLength.message": ["de": "Das Passwort braucht mindestens 8 Zeichen"],
        "SignUpForm.password.pattern.message": ["de": "Verwende mindestens eine Ziffer"],
        "SignUpForm.group.1.title": ["de": "Tarif"],
        "SignUpForm.plan.title": ["de": "Tarif"],
        "SignUpForm.plan.option.free": ["de": "Kostenlos", "de-CH": "Gratis"],
        "SignUpForm.seats.title": ["de": "Plätze"],
        "SignUpForm.seats.unit": ["de": "Personen"],
    ]

    func checked(_ text: String) throws -> CheckedForm {
        let result = FormPipeline.check(SourceFile(path: "test.form.yaml", text: text))
        return try #require(result.checked, "\(result.diagnostics.map(\.message))")
    }

    /// A catalog of `translations` (key → language → text), read as `formc` reads one.
    func catalog(_ translations: [String: [String: String]]) throws -> StringCatalogFile {
        var strings: [String: Any] = [:]
        for (key, languages) in translations {
            strings[key] = ["localizations": languages.mapValues { ["stringUnit": ["state": "translated", "value": $0]] }]
        }
        let data = try JSONSerialization.data(withJSONObject: ["sourceLanguage": "en", "strings": strings, "version": "1.0"], options: [.sortedKeys])
        var diagnostics = DiagnosticBag(file: "Localizable.xcstrings")
        let file = StringCatalogFile.read(SourceFile(path: "Localizable.xcstrings", bytes: Array(data)), diagnostics: &diagnostics)
        return try #require(file, "\(diagnostics.diagnostics.map(\.message))")
    }

    func language(_ locale: String, _ translations: [String: [String: String]] = Self.german) throws -> PreviewLanguage {
        .catalog(CatalogLocale(try catalog(translations), locale: locale))
    }

    /// The page's data, parsed.
    func data(in page: String) throws -> [String: Any] {
        let start = try #require(page.range(of: PreviewTests.dataStart)).upperBound
        let end = try #require(page.range(of: "</script>", range: start..<page.endIndex)).lowerBound
        return try #require(try JSONSerialization.jsonObject(with: Data(page[start..<end].utf8)) as? [String: Any])
    }

    /// Every element of the data, depth first, by id (unnamed ones by kind and position).
    func elements(_ data: [String: Any]) -> [String: [String: Any]] {
        var result: [String: [String: Any]] = [:]
        func walk(_ elements: [[String: Any]]) {
            for (index, element) in elements.enumerated() {
                result[element["id"] as? String ?? "\(element["kind"] ?? "")#\(index)"] = element
                walk(element["elements"] as? [[String: Any]] ?? [])
            }
        }
        walk(data["elements"] as? [[String: Any]] ?? [])
        return result
    }

    func messages(_ element: [String: Any]?) -> [String?] {
        (element?["rules"] as? [[String: Any]] ?? []).map { $0["message"] as? String }
    }

    @Test func theGermanPageShowsEveryTranslatedString() throws {
        let page = PreviewPage.html(for: try checked(Self.form), language: try language("de"))
        #expect(page.contains(#"<html lang="de">"#))
        #expect(page.contains("<title>Konto erstellen</title>"))
        let data = try data(in: page)
        #expect(data["title"] as? String == "Konto erstellen")
        let byID = elements(data)
        #expect(byID["staticText#0"]?["text"] as? String == "Es dauert nur eine Minute.")
        #expect(byID["account"]?["title"] as? String == "Konto")
        #expect(byID["account"]?["footer"] as? String == "Wir geben deine E-Mail-Adresse nie weiter.")
        #expect(byID["group#2"]?["title"] as? String == "Tarif")
        #expect(byID["email"]?["placeholder"] as? String == "du@beispiel.de")
        #expect(byID["password"]?["label"] as? String == "Passwort")
        #expect(byID["password"]?["name"] as? String == "Passwort", "the name fields without a title are drawn with")
        #expect(byID["plan"]?["title"] as? String == "Tarif")
        let options = byID["plan"]?["options"] as? [[String: Any]] ?? []
        #expect(options.map { $0["title"] as? String } == ["Kostenlos", "Pro"])
        #expect(byID["seats"]?["unit"] as? String == "Personen")
        // Default messages are the catalog's whole sentences; an untranslated one stays the source sentence.
        #expect(messages(byID["email"]) == ["Die E-Mail-Adresse fehlt", "Email must be a valid email address"])
        #expect(messages(byID["password"]) == ["Das Passwort braucht mindestens 8 Zeichen", "Verwende mindestens eine Ziffer"])
        // No translation: the source text.
        #expect(byID["showPrivacy"]?["title"] as? String == "Privacy policy")
    }

    @Test func aRegionFallsBackToItsLanguageAndThenToTheSourceText() throws {
        let form = try checked(Self.form)
        for locale in ["de-CH", "de_CH"] {
            let page = PreviewPage.html(for: form, language: try language(locale))
            #expect(page.contains(#"<html lang="de-CH">"#))
            let byID = elements(try data(in: page))
            #expect(byID["email"]?["placeholder"] as? String == "du@beispiel.ch", "de-CH's own translation")
            #expect((byID["plan"]?["options"] as? [[String: Any]])?.first?["title"] as? String == "Gratis")
            #expect(byID["account"]?["title"] as? String == "Konto", "de's, as de-CH has none")
            #expect(byID["showPrivacy"]?["title"] as? String == "Privacy policy", "the source text, as neither has one")
        }
        // A region alone is not its language's parent: `de` never reads `de-CH`.
        let german = elements(try data(in: PreviewPage.html(for: form, language: try language("de"))))
        #expect(german["email"]?["placeholder"] as? String == "du@beispiel.de")
    }

    @Test func aLocaleWithNoTranslationsDrawsTheSourcePage() throws {
        let form = try checked(Self.form)
        let source = PreviewPage.html(for: form)
        for locale in ["ja", "DE", "en-GB"] {
            let page = PreviewPage.html(for: form, language: try language(locale))
            #expect(page.contains(#"<html lang="\#(locale)">"#))
            #expect(page.replacingOccurrences(of: #"<html lang="\#(locale)">"#, with: #"<html lang="en">"#) == source, "\(locale)")
        }
        // `en` reads the catalog's English, which here is the form's own text.
        let english = PreviewPage.html(for: form, language: try language("en"))
        #expect(english == source)
    }

    /// The keys the page is looked up by are exactly `FormStrings`' keys, each with
    /// its source text: one key scheme for the catalog, the Swift and the preview.
    @Test func thePageLooksUpExactlyTheFormStringsKeys() throws {
        let yaml = """
            formc: 1
            form: KitchenSinkForm
            title: Sink
            elements:
              - staticText: One
              - group:
                title: First
                footer: Foot
                elements:
                  - textField: name
                    label: Name
                    placeholder: Jane
                    rules: [required, { minLength: 2 }, { minLength: 3, message: Longer }]
                  - textField: again
                    rules: [{ sameAs: name }]
                  - multiChoice: toppings
                    title: Toppings
                    options: [{ value: ham, title: Ham }, cheese]
                    rules: [{ minCount: 1 }]
                  - number: age
                    placeholder: Years
                    unit: y
                    rules: [required, { min: 18 }]
                  - date: birthday
                    title: Birthday
                    mode: date
                    rules: [{ max: today }]
                  - boolean: terms
                    title: Terms
                    rules: [required, { custom: checkTerms }]
                  - picker: size
                    title: Size
                    options: [{ value: s, title: Small }, { value: m, title: Medium }]
              - staticText: Two
              - segue: more
                title: More

            """
        let form = try checked(yaml)
        var asked: [String: String] = [:]
        var order: [String] = []
        let localized = FormStrings.localized(form.document) { string in
            if asked[string.key] == nil { order.append(string.key) }
            asked[string.key] = string.source
            return string.source
        }
        let strings = FormStrings.strings(of: form.document)
        #expect(order == strings.map(\.key))
        #expect(asked == Dictionary(uniqueKeysWithValues: strings.map { ($0.key, $0.source) }))
        // Given the source text back, the page shows what the source page shows.
        var same = form
        same.document = localized
        #expect(PreviewData.json(for: same) == PreviewData.json(for: form))
        #expect(asked["KitchenSinkForm.again.sameAs.message"] == "Again must match Name")
        #expect(asked["KitchenSinkForm.name.minLength.2.message"] == "Longer")
    }

    @Test func hostileTranslationsStayText() throws {
        let hostile = PreviewTests.hostile
        let translations: [String: [String: String]] = [
            "SignUpForm.title": ["de": hostile],
            "SignUpForm.staticText.1": ["de": "</SCRIPT >" + hostile],
            "SignUpForm.password.label": ["de": "<img src=x onerror=alert(3)>"],
            "SignUpForm.password.minLength.message": ["de": "\u{202E}gnol oot" + hostile],
            "SignUpForm.plan.option.free": ["de": "\"><script>alert(4)</script>"],
        ]
        let page = PreviewPage.html(for: try checked(Self.form), language: try language("de", translations))
        let start = try #require(page.range(of: PreviewTests.dataStart)).upperBound
        let end = try #require(page.range(of: "</script>", range: start..<page.endIndex)).lowerBound
        let text = page[start..<end]
        for forbidden in ["<", ">", "&", "\u{2028}", "\u{2029}"] {
            #expect(!text.contains(forbidden), "the data holds \(forbidden.debugDescription)")
        }
        #expect(page.lowercased().components(separatedBy: "<script").count - 1 == 2)
        #expect(page.lowercased().components(separatedBy: "</script").count - 1 == 2)
        #expect(!page.contains("<img"))
        #expect(page.contains("<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &lt;!-- &lt;img src=x onerror=alert(2)&gt; &amp; "))
        // The translations come back whole from the page's JSON.
        let data = try data(in: page)
        #expect(data["title"] as? String == hostile)
        let byID = elements(data)
        #expect(byID["staticText#0"]?["text"] as? String == "</SCRIPT >" + hostile)
        #expect(byID["password"]?["label"] as? String == "<img src=x onerror=alert(3)>")
        #expect(messages(byID["password"]).first == "\u{202E}gnol oot" + hostile)
        #expect((byID["plan"]?["options"] as? [[String: Any]])?.first?["title"] as? String == "\"><script>alert(4)</script>")
    }

    @Test func theIndexNamesEachTitleInItsLanguage() throws {
        let entry = PreviewPage.IndexEntry(form: try checked(Self.form), file: "signup.html", language: try language("de"))
        #expect(entry == PreviewPage.IndexEntry(title: "Konto erstellen", form: "SignUpForm", file: "signup.html", language: "de"))
        #expect(PreviewPage.index([entry]).contains(#"<li><a href="signup.html" lang="de">Konto erstellen</a>"#))
        let source = PreviewPage.IndexEntry(form: try checked(Self.form), file: "signup.html")
        #expect(source == PreviewPage.IndexEntry(title: "Create your account", form: "SignUpForm", file: "signup.html"))
    }

    /// The preview finds a translation where the generated code's `StringCatalog` does.
    @Test func catalogLocaleFindsWhatTheRuntimeFinds() throws {
        let text = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "A" : { "localizations" : {
                  "de" : { "stringUnit" : { "state" : "translated", "value" : "A-de" } },
                  "de_CH" : { "stringUnit" : { "state" : "translated", "value" : "A-ch" } },
                  "en" : { "stringUnit" : { "state" : "translated", "value" : "A-en" } },
                  "zh-Hant" : { "stringUnit" : { "state" : "translated", "value" : "A-hant" } }
                } },
                "Empty" : { "localizations" : {
                  "de" : { "stringUnit" : { "state" : "translated", "value" : "Leer" } },
                  "de-CH" : { "stringUnit" : { "state" : "new", "value" : "" } }
                } },
                "Plural" : { "localizations" : {
                  "de" : { "variations" : {
                    "plural" : { "one" : { "stringUnit" : { "state" : "translated", "value" : "Tarif" } },
                                 "other" : { "stringUnit" : { "state" : "translated", "value" : "Tarife" } } },
                    "device" : { "other" : { "variations" : { "plural" : {
                                 "other" : { "stringUnit" : { "state" : "translated", "value" : "Geräte" } } } } } }
                  } },
                  "fr" : { "variations" : { "plural" : { "one" : { "stringUnit" : { "state" : "translated", "value" : "un" } } } } }
                } },
                "Bare" : { "comment" : "no localizations" },
                "Twice" : { "localizations" : {
                  "de_CH" : { "stringUnit" : { "state" : "translated", "value" : "underscore" } },
                  "de-CH" : { "stringUnit" : { "state" : "translated", "value" : "dash" } },
                  "fr_CA" : { "stringUnit" : { "state" : "translated", "value" : "underscore" } },
                  "fr-CA" : { "stringUnit" : { "state" : "new", "value" : "" } }
                } },
                "Review" : { "localizations" : {
                  "de" : { "stringUnit" : { "state" : "needs_review", "value" : "Prüfen" } }
                } }
              },
              "version" : "1.0"
            }
            """
        var diagnostics = DiagnosticBag(file: "c.xcstrings")
        let file = try #require(StringCatalogFile.read(SourceFile(path: "c.xcstrings", text: text), diagnostics: &diagnostics))
        let runtime = try StringCatalog(data: Data(text.utf8))
        var found = 0
        for locale in ["de", "de-CH", "de_CH", "de-AT", "de-CH-1996", "fr", "en", "en-US", "zh-Hant-TW", "zh", "ja", "DE"] {
            let compiler = CatalogLocale(file, locale: locale)
            for key in ["A", "Empty", "Plural", "Bare", "Review", "Twice", "Missing"] {
                #expect(compiler.string(key) == runtime.string(key, locale: locale), "\(key) in \(locale)")
                if compiler.string(key) != nil { found += 1 }
            }
        }
        #expect(found == 26)
        #expect(CatalogLocale(file, locale: "de-CH").string("A") == "A-ch")
        #expect(CatalogLocale(file, locale: "de-CH").string("Empty") == "Leer")
        #expect(CatalogLocale(file, locale: "de").string("Plural") == "Geräte")
        #expect(CatalogLocale(file, locale: "de_CH").string("Twice") == "dash")
        #expect(CatalogLocale(file, locale: "fr-CA").string("Twice") == "underscore")
        #expect(runtime.string("Twice", locale: "de-CH") == "dash")
    }
}

extension PreviewLocaleTests {
    /// A list's strings, its own rules' messages and its entry's strings are looked
    /// up by the keys of SPEC §14.
    @Test func aListIsDrawnInThePagesLanguage() throws {
        let form = try checked("""
        formc: 1
        form: JobForm
        elements:
          - list: employers
            title: Previous employers
            addTitle: Add another employer
            minItems: 1
            elements:
              - textField: company
                placeholder: Company
                rules: [required]
        """)
        let page = PreviewPage.html(for: form, language: try language("de", [
            "JobForm.employers.title": ["de": "Frühere Arbeitgeber"],
            "JobForm.employers.addTitle": ["de": "Arbeitgeber hinzufügen"],
            "JobForm.employers.minItems.message": ["de": "Mindestens 1 Arbeitgeber"],
            "JobForm.employers.company.placeholder": ["de": "Firma"],
            "JobForm.employers.company.required.message": ["de": "Die Firma fehlt"],
        ]))
        let list = try #require(elements(try data(in: page))["employers"])
        #expect(list["title"] as? String == "Frühere Arbeitgeber")
        #expect(list["addTitle"] as? String == "Arbeitgeber hinzufügen")
        #expect(list["minItemsMessage"] as? String == "Mindestens 1 Arbeitgeber")
        let company = try #require((list["elements"] as? [[String: Any]])?.first)
        #expect(company["placeholder"] as? String == "Firma")
        #expect(messages(company) == ["Die Firma fehlt"])
    }

    /// A count message with no translation is the whole English sentence, naming
    /// the list by its own title even where the title is translated (as the
    /// generated Swift's default for its key); a list with no lower count has no
    /// minItems message at all.
    @Test func anUntranslatedCountMessageIsTheEnglishSentence() throws {
        let form = try checked("""
        formc: 1
        form: JobForm
        elements:
          - list: employers
            title: Previous employers
            minItems: 1
            maxItems: 3
            elements:
              - textField: company
          - list: references
            title: References
            maxItems: 2
            elements:
              - textField: name
        """)
        let page = PreviewPage.html(for: form, language: try language("de", [
            "JobForm.employers.title": ["de": "Frühere Arbeitgeber"],
            "JobForm.references.title": ["de": "Referenzen"],
        ]))
        let lists = elements(try data(in: page))
        let employers = try #require(lists["employers"])
        #expect(employers["title"] as? String == "Frühere Arbeitgeber")
        #expect(employers["minItemsMessage"] as? String == "Previous employers: add at least 1 entry")
        #expect(employers["maxItemsMessage"] as? String == "Previous employers: at most 3 entries are allowed")
        let references = try #require(lists["references"])
        #expect(references["minItemsMessage"] is NSNull)
        #expect(references["maxItemsMessage"] as? String == "References: at most 2 entries are allowed")
    }
}
