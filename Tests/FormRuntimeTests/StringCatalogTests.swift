import Foundation
import Testing
import FormRuntime

/// `StringCatalog` (SPEC §11): reading an Xcode String Catalog at run time, the
/// `de-CH` → `de` → source fallback, variations read as their `other` form, and
/// a clear error for what is not a catalog.
@Suite struct StringCatalogTests {
    static let catalogText = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "SignUpForm.email.required.message" : {
          "comment" : "Message of the rule required of the text field email in SignUpForm",
          "extractionState" : "manual",
          "localizations" : {
            "de" : {
              "stringUnit" : {
                "state" : "translated",
                "value" : "E-Mail ist erforderlich"
              }
            },
            "de-CH" : {
              "stringUnit" : {
                "state" : "translated",
                "value" : "E-Mail ist obligatorisch"
              }
            },
            "en" : {
              "stringUnit" : {
                "state" : "translated",
                "value" : "Email is required"
              }
            }
          }
        },
        "SignUpForm.plan.title" : {
          "localizations" : {
            "de" : {
              "variations" : {
                "plural" : {
                  "one" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "Tarif"
                    }
                  },
                  "other" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "Tarife"
                    }
                  }
                }
              }
            }
          }
        },
        "SignUpForm.title" : {
          "localizations" : {
            "fr" : {
              "stringUnit" : {
                "state" : "new",
                "value" : ""
              }
            }
          }
        },
        "Unused" : {

        }
      },
      "version" : "1.0"
    }
    """

    func catalog() throws -> StringCatalog {
        try StringCatalog(data: Data(Self.catalogText.utf8))
    }

    @Test func readsTheSourceLanguageAndTheLanguages() throws {
        let catalog = try catalog()
        #expect(catalog.sourceLanguage == "en")
        #expect(catalog.languages == ["de", "de-CH", "en"])
    }

    @Test func looksUpTheExactLocaleFirst() throws {
        let catalog = try catalog()
        #expect(catalog.string("SignUpForm.email.required.message", locale: "de-CH") == "E-Mail ist obligatorisch")
        #expect(catalog.string("SignUpForm.email.required.message", locale: "de") == "E-Mail ist erforderlich")
    }

    @Test func fallsBackFromRegionToLanguageToNothing() throws {
        let catalog = try catalog()
        #expect(catalog.string("SignUpForm.email.required.message", locale: "de-AT") == "E-Mail ist erforderlich")
        #expect(catalog.string("SignUpForm.email.required.message", locale: "de_AT") == "E-Mail ist erforderlich")
        #expect(catalog.string("SignUpForm.email.required.message", locale: "fr") == nil)
        #expect(catalog.string("SignUpForm.unknown", locale: "de") == nil)
    }

    @Test func readsVariationsAsTheirOtherForm() throws {
        #expect(try catalog().string("SignUpForm.plan.title", locale: "de") == "Tarife")
    }

    @Test func anEmptyTranslationIsNoTranslation() throws {
        #expect(try catalog().string("SignUpForm.title", locale: "fr") == nil)
    }

    @Test func formLocalizationFallsBackToTheSourceText() throws {
        let german = FormLocalization.catalog(try catalog(), locale: "de-CH")
        #expect(german.string("SignUpForm.email.required.message", default: "Email is required") == "E-Mail ist obligatorisch")
        #expect(german.string("SignUpForm.title", default: "Create your account") == "Create your account")
        #expect(FormLocalization.source.string("SignUpForm.title", default: "Create your account") == "Create your account")
    }

    @Test func bundleLookupFallsBackToTheSourceText() {
        // The test bundle has no such table, so Foundation hands back the value.
        let localization = FormLocalization.bundle(Bundle.main, table: "NoSuchTable")
        #expect(localization.string("SignUpForm.title", default: "Create your account") == "Create your account")
    }

    @Test func readsACatalogFromAFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID().uuidString).xcstrings")
        try Data(Self.catalogText.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try StringCatalog(contentsOf: url).string("SignUpForm.email.required.message", locale: "de") == "E-Mail ist erforderlich")
    }

    @Test(arguments: [
        ("not json", "the file is not JSON"),
        ("[]", "the top level is not an object"),
        (#"{"strings": {}}"#, "'sourceLanguage' is missing or not a string"),
        (#"{"sourceLanguage": "en"}"#, "'strings' is missing or not an object"),
        (#"{"sourceLanguage": "en", "strings": {"a": 1}}"#, "the entry 'a' is not an object"),
        (#"{"sourceLanguage": "en", "strings": {"a": {"localizations": {"de": {"stringUnit": {"state": "translated"}}}}}}"#,
         "the 'de' stringUnit of 'a' has no string 'value'"),
    ])
    func rejectsWhatIsNotACatalog(text: String, message: String) {
        #expect(throws: StringCatalog.Error(message)) { try StringCatalog(data: Data(text.utf8)) }
    }

    /// A catalog an app shares with its forms, as Xcode writes it (the fixture
    /// of FormCompilerTests' SharedCatalogTests): plural and device variations
    /// read as their `other` form, an empty or `new` unit is no translation,
    /// and the forms' strings are found beside the app's.
    @Test func readsACatalogSharedWithTheApp() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("FormCompilerTests/Fixtures/Catalogs/SharedCatalog.xcstrings")
        let catalog = try StringCatalog(contentsOf: url)
        #expect(catalog.sourceLanguage == "en")
        #expect(catalog.languages == ["ar", "de", "en", "es", "fr", "ja", "pl", "pt-BR", "ru", "zh-Hans"])
        #expect(catalog.string("SignUpForm.title", locale: "de-AT") == "Konto erstellen")
        #expect(catalog.string("SignUpForm.staticText.1", locale: "de") == "Noch %lld Einladungen")
        #expect(catalog.string("%lld photos", locale: "ar") == "%lld صورة")
        #expect(catalog.string("Tap to continue", locale: "en") == "Tap to continue")
        #expect(catalog.string("Line one\nLine two", locale: "es") == "Línea uno\nLínea dos")
        #expect(catalog.string("Cancel", locale: "zh-Hans") == nil)
        #expect(catalog.string("", locale: "de") == nil)
    }

    /// An escape that is no Unicode scalar (a lone surrogate) makes the file
    /// no catalog, as `formc lint --strings` says (FC603): it is never read as
    /// U+FFFD. A surrogate pair is its character.
    @Test(arguments: [#""Caf\ud800""#, #""\udc00x""#, #""a\ud83d\u0041""#, #""a\ud83d""#])
    func aLoneSurrogateIsNotACatalog(value: String) throws {
        let text = #"{"sourceLanguage": "en", "strings": {"a": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "#
            + value + "}}}}}}"
        #expect(throws: StringCatalog.Error("the file is not JSON")) { try StringCatalog(data: Data(text.utf8)) }
        let pair = text.replacingOccurrences(of: value, with: #""a\ud83d\ude00""#)
        #expect(try StringCatalog(data: Data(pair.utf8)).string("a", locale: "de") == "a\u{1F600}")
    }

    @Test func theErrorSaysWhatIsWrong() {
        #expect(StringCatalog.Error("the file is not JSON").description == "not a valid String Catalog: the file is not JSON")
    }
}
