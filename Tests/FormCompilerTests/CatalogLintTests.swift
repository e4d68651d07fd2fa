@testable import FormChecker
@testable import FormCompiler
@testable import FormLocalization
@testable import FormModel
@testable import FormPreview
@testable import FormSource
@testable import FormSwiftEmitter
@testable import FormSyntax
@testable import FormText
import Foundation
import Testing

/// `formc lint --strings` (SPEC §11, §11.1): FC600–FC602 at the string in the
/// form, FC601 for an unused key at the key in the catalog and FC604 at the
/// translation's language there, for the keys of the forms linted only; format
/// specifiers with their positions and substitutions.
@Suite struct CatalogLintTests {
    static let form = """
    formc: 1
    form: SignUpForm
    title: Create your account
    elements:
      - textField: email
        placeholder: Email
        rules: [required]
    """

    static let catalogText = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "SignUpForm.count" : {
          "extractionState" : "manual",
          "localizations" : {
            "de" : {
              "stringUnit" : {
                "state" : "translated",
                "value" : "%2$@ von %1$lld"
              }
            },
            "en" : {
              "stringUnit" : {
                "state" : "translated",
                "value" : "%lld of %@ (100%%)"
              }
            },
            "fr" : {
              "stringUnit" : {
                "state" : "translated",
                "value" : "%lld sur"
              }
            }
          }
        },
        "SignUpForm.email.placeholder" : {
          "extractionState" : "manual",
          "localizations" : {
            "de" : {
              "stringUnit" : {
                "state" : "needs_review",
                "value" : "E-Mail"
              }
            },
            "en" : {
              "stringUnit" : {
                "state" : "translated",
                "value" : "Email"
              }
            },
            "fr" : {
              "stringUnit" : {
                "state" : "translated",
                "value" : "E-mail"
              }
            }
          }
        },
        "SignUpForm.title" : {
          "extractionState" : "stale",
          "localizations" : {
            "de" : {
              "stringUnit" : {
                "state" : "translated",
                "value" : "Konto erstellen"
              }
            },
            "en" : {
              "stringUnit" : {
                "state" : "translated",
                "value" : "Create an account"
              }
            }
          }
        }
      },
      "version" : "1.0"
    }
    """

    func lint(_ catalogText: String = Self.catalogText) throws -> [String] {
        let result = FormPipeline.check(SourceFile(path: "signup.form.yaml", text: Self.form))
        let strings = FormStrings.strings(of: try #require(result.checked).document)
        var diagnostics = DiagnosticBag(file: "Localizable.xcstrings")
        let catalog = try #require(StringCatalogFile.read(SourceFile(path: "Localizable.xcstrings", text: catalogText), diagnostics: &diagnostics))
        return CatalogLint.check(catalog, at: "Localizable.xcstrings", forms: [.init(path: "signup.form.yaml", form: "SignUpForm", strings: strings)]).map {
            "\($0.location.file):\($0.location.range.start.line) \($0.code.rawValue) \($0.severity.rawValue): \($0.message)"
        }
    }

    /// FC601 underlines the entry's key, FC604 the translation's language: each
    /// quote to quote, a key with an escape or a character of several bytes too.
    @Test func aCatalogProblemUnderlinesItsKey() throws {
        let catalogText = Self.catalogText.replacingOccurrences(of: "\"SignUpForm.count\" : {", with: #""SignUpForm.cöunt\u00e9" : {"#)
        let result = FormPipeline.check(SourceFile(path: "signup.form.yaml", text: Self.form))
        let strings = FormStrings.strings(of: try #require(result.checked).document)
        var diagnostics = DiagnosticBag(file: "Localizable.xcstrings")
        let catalog = try #require(StringCatalogFile.read(SourceFile(path: "Localizable.xcstrings", text: catalogText), diagnostics: &diagnostics))
        let found = CatalogLint.check(catalog, at: "Localizable.xcstrings", forms: [.init(path: "signup.form.yaml", form: "SignUpForm", strings: strings)])
        let unused = try #require(found.first { $0.code == .staleString && $0.location.file == "Localizable.xcstrings" })
        // `"SignUpForm.cöunt\u00e9"`: 16 scalars and an escape of 6, in quotes.
        #expect(unused.location.range == SourceRange(start: SourcePosition(line: 4, column: 5), end: SourcePosition(line: 4, column: 5 + 24)))
        let format = try #require(found.first { $0.code == .formatSpecifierMismatch })
        #expect(format.location.range == SourceRange(start: SourcePosition(line: 19, column: 9), end: SourcePosition(line: 19, column: 13)))
        // A catalog made in memory has no file: a point.
        #expect(StringCatalogFile(sourceLanguage: "en").keyRange(at: SourcePosition(line: 4, column: 5)) == SourceRange(at: SourcePosition(line: 4, column: 5)))
    }

    @Test func everyProblemIsReportedWhereItCanBeFixed() throws {
        #expect(try lint() == [
            "Localizable.xcstrings:4 FC601 warning: 'SignUpForm.count' is not used by any form",
            "Localizable.xcstrings:19 FC604 error: the 'fr' translation of 'SignUpForm.count' has the format specifiers %lld, the source text %lld %@",
            "signup.form.yaml:3 FC600 warning: 'SignUpForm.title' has no translation in 'fr'",
            "signup.form.yaml:3 FC601 warning: 'SignUpForm.title' is marked stale in the catalog, but the form uses it",
            "signup.form.yaml:3 FC602 warning: the 'de' translation of 'SignUpForm.title' was made for \"Create an account\"",
            "signup.form.yaml:6 FC602 warning: the 'de' translation of 'SignUpForm.email.placeholder' needs review",
            "signup.form.yaml:7 FC600 warning: 'SignUpForm.email.required.message' has no translation in 'de'",
            "signup.form.yaml:7 FC600 warning: 'SignUpForm.email.required.message' has no translation in 'fr'",
        ])
    }

    /// A key of the form that the catalog has without its source language (not
    /// merged yet): its translation is checked against the form's own text.
    @Test func withoutTheCatalogsSourceTextTheFormsCounts() throws {
        let form = """
            formc: 1
            form: FmtForm
            elements:
              - staticText: Done %@
              - staticText: Plain
            """
        let catalogText = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "FmtForm.staticText.1" : {
                  "localizations" : {
                    "de" : { "stringUnit" : { "state" : "translated", "value" : "Fertig" } }
                  }
                },
                "FmtForm.staticText.2" : {
                  "localizations" : {
                    "de" : { "stringUnit" : { "state" : "translated", "value" : "Einfach" } }
                  }
                }
              },
              "version" : "1.0"
            }
            """
        let result = FormPipeline.check(SourceFile(path: "fmt.form.yaml", text: form))
        let strings = FormStrings.strings(of: try #require(result.checked).document)
        var diagnostics = DiagnosticBag(file: "Localizable.xcstrings")
        let catalog = try #require(StringCatalogFile.read(SourceFile(path: "Localizable.xcstrings", text: catalogText), diagnostics: &diagnostics))
        let found = CatalogLint.check(catalog, at: "Localizable.xcstrings", forms: [.init(path: "fmt.form.yaml", form: "FmtForm", strings: strings)])
        #expect(found.map(\.message) == ["the 'de' translation of 'FmtForm.staticText.1' has the format specifiers none, the source text %@"])
    }

    /// Only the forms' keys are linted: the app's keys in the catalog get no
    /// FC601 (a manual key no form produces, one of a form not linted) and no
    /// FC604 (a translation that drops a `%@`), though their languages count
    /// for FC600.
    @Test func theAppsKeysAreNotLinted() throws {
        let app = """
            "%@ left" : {
              "extractionState" : "manual",
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "übrig"
                  }
                },
                "it" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "%@ rimasti"
                  }
                }
              }
            },
            "AddressForm.street.placeholder" : {
              "extractionState" : "stale"
            },
            "Cancel" : {
              "extractionState" : "manual"
            },
            "SignUpFormHeader.title" : {
              "extractionState" : "manual"
            },
        """
        let catalog = Self.catalogText.replacingOccurrences(of: "  \"strings\" : {\n", with: "  \"strings\" : {\n" + app + "\n")
        let lines = app.split(separator: "\n").count
        #expect(try lint(catalog) == [
            "Localizable.xcstrings:\(4 + lines) FC601 warning: 'SignUpForm.count' is not used by any form",
            "Localizable.xcstrings:\(19 + lines) FC604 error: the 'fr' translation of 'SignUpForm.count' has the format specifiers %lld, the source text %lld %@",
            "signup.form.yaml:3 FC600 warning: 'SignUpForm.title' has no translation in 'fr'",
            "signup.form.yaml:3 FC600 warning: 'SignUpForm.title' has no translation in 'it'",
            "signup.form.yaml:3 FC601 warning: 'SignUpForm.title' is marked stale in the catalog, but the form uses it",
            "signup.form.yaml:3 FC602 warning: the 'de' translation of 'SignUpForm.title' was made for \"Create an account\"",
            "signup.form.yaml:6 FC600 warning: 'SignUpForm.email.placeholder' has no translation in 'it'",
            "signup.form.yaml:6 FC602 warning: the 'de' translation of 'SignUpForm.email.placeholder' needs review",
            "signup.form.yaml:7 FC600 warning: 'SignUpForm.email.required.message' has no translation in 'de'",
            "signup.form.yaml:7 FC600 warning: 'SignUpForm.email.required.message' has no translation in 'fr'",
            "signup.form.yaml:7 FC600 warning: 'SignUpForm.email.required.message' has no translation in 'it'",
        ])
    }

    /// Each specifier formats an argument: the one its position names, else
    /// the next without a position; a translation may reorder arguments by
    /// position, not by swapping specifiers.
    @Test func formatSpecifiersKnowTheArgumentEachFormats() {
        typealias Specifiers = FormatSpecifiers
        #expect(Specifiers.arguments(of: "%lld of %@ (100%%)") == [1: ["%lld"], 2: ["%@"]])
        #expect(Specifiers.arguments(of: "%2$@ von %1$lld") == Specifiers.arguments(of: "%lld of %@"))
        #expect(Specifiers.arguments(of: "%1$@ von %2$lld") != Specifiers.arguments(of: "%lld of %@"))
        #expect(Specifiers.arguments(of: "%@ sur %lld") != Specifiers.arguments(of: "%lld of %@"))
        #expect(Specifiers.arguments(of: "%1$@ and %1$@") == [1: ["%@"]])
        #expect(Specifiers.arguments(of: "%.2f km, %05d, %-8s, %x") == [1: ["%.2f"], 2: ["%05d"], 3: ["%-8s"], 4: ["%x"]])
        #expect(Specifiers.arguments(of: "100% sure, 50 %, %% and % d") == [:])
        #expect(Specifiers.arguments(of: "%arg") == [1: ["%a"]])
        #expect(Specifiers.describe([1: ["%lld"], 2: ["%@"]]) == "%lld %@")
        #expect(Specifiers.describe([2: ["%@"]]) == "%2$@")
        #expect(Specifiers.describe([1: ["%@", "%lld"]]) == "%1$@ %1$lld")
        #expect(Specifiers.describe([:]) == "none")
    }

    /// `%#@name@` formats its substitution's `argNum` as its `formatSpecifier`,
    /// whichever variation is shown: `%arg` in a variation is that argument,
    /// and a positional specifier there the one it names.
    @Test func aSubstitutionFormatsItsArgument() throws {
        let substitutions = try #require(Self.json("""
        {
          "files" : { "argNum" : 2, "formatSpecifier" : "lld", "variations" : { "plural" : {
            "one" : { "stringUnit" : { "state" : "translated", "value" : "one file in %1$@" } },
            "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg files in %1$@" } } } } },
          "count" : { "formatSpecifier" : "d", "variations" : { "plural" : {
            "other" : { "stringUnit" : { "state" : "translated", "value" : "%d items" } } } } }
        }
        """)?.members)
        typealias Specifiers = FormatSpecifiers
        #expect(Specifiers.arguments(of: "%@: %#@files@", substitutions: substitutions) == [1: ["%@"], 2: ["%lld"]])
        #expect(Specifiers.arguments(of: "%#@files@ (%1$@)", substitutions: substitutions) == [1: ["%@"], 2: ["%lld"]])
        // Without argNum, the next argument; `%d` in its variation is that argument too.
        #expect(Specifiers.arguments(of: "%@ has %#@count@", substitutions: substitutions) == [1: ["%@"], 2: ["%d"]])
        #expect(Specifiers.arguments(of: "%2$#@count@ of %1$@", substitutions: substitutions) == [1: ["%@"], 2: ["%d"]])
        // One the localization does not define formats its argument as itself.
        #expect(Specifiers.arguments(of: "%#@missing@", substitutions: substitutions) == [1: ["%#@missing@"]])
        #expect(Specifiers.tokens(of: "%#@a.b@ %3$#@c@ %#@ x@ %arg", inVariation: true) == [
            .substitution(position: nil, name: "a.b"), .substitution(position: 3, name: "c"), .specifier(position: nil, format: "%#@"), .argument,
        ])
    }

    /// A translation formats what the source text formats, in every text of
    /// its variations; a plural case other than `other` may leave an argument
    /// out, never add or change one.
    @Test(arguments: [
        (#"{ "stringUnit" : { "state" : "translated", "value" : "%2$@ hat %1$lld Dateien" } }"#, nil),
        (#"{ "stringUnit" : { "state" : "translated", "value" : "%@ hat %lld Dateien" } }"#, "%@ %lld"),
        (#"{ "stringUnit" : { "state" : "translated", "value" : "Dateien" } }"#, "none"),
        (#"{ "variations" : { "plural" : { "one" : { "stringUnit" : { "state" : "translated", "value" : "Eine Datei" } }, "#
            + #""other" : { "stringUnit" : { "state" : "translated", "value" : "%lld Dateien (%2$@)" } } } } }"#, nil),
        (#"{ "variations" : { "plural" : { "one" : { "stringUnit" : { "state" : "translated", "value" : "Eine Datei (%2$lld)" } }, "#
            + #""other" : { "stringUnit" : { "state" : "translated", "value" : "%lld Dateien (%2$@)" } } } } }"#, "%2$lld"),
        (#"{ "variations" : { "plural" : { "other" : { "stringUnit" : { "state" : "translated", "value" : "Dateien" } } } } }"#, "none"),
        (#"{ "variations" : { "device" : { "mac" : { "stringUnit" : { "state" : "translated", "value" : "Dateien" } }, "#
            + #""other" : { "stringUnit" : { "state" : "translated", "value" : "%lld Dateien (%2$@)" } } } } }"#, "none"),
        (#"{ "stringUnit" : { "state" : "translated", "value" : "%#@files@ von %2$@" }, "substitutions" : { "files" : { "#
            + #""argNum" : 1, "formatSpecifier" : "lld", "variations" : { "plural" : { "one" : { "stringUnit" : { "#
            + #""state" : "translated", "value" : "eine Datei" } }, "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg Dateien" } } } } } } }"#, nil),
        (#"{ "stringUnit" : { "state" : "translated", "value" : "%#@files@" }, "substitutions" : { "files" : { "#
            + #""argNum" : 1, "formatSpecifier" : "lld", "variations" : { "plural" : { "other" : { "stringUnit" : { "#
            + #""state" : "translated", "value" : "%arg Dateien" } } } } } } }"#, "%lld"),
        (#"{ "stringUnit" : { "state" : "translated", "value" : "%#@files@ von %2$@" } }"#, "%#@files@ %@"),
    ] as [(String, String?)])
    func aTranslationFormatsWhatTheSourceFormats(translation: String, found: String?) throws {
        let source = try #require(Self.json(#"{ "stringUnit" : { "state" : "translated", "value" : "%lld files of %@" } }"#))
        let expected = try #require(FormatSpecifiers.expected(of: source))
        #expect(expected == [1: ["%lld"], 2: ["%@"]])
        let mismatch = FormatSpecifiers.mismatch(in: try #require(Self.json(translation)), expected: expected)
        #expect(mismatch.map { FormatSpecifiers.describe($0.arguments) } == found)
    }

    /// A key marked "Don't translate" asks for no translation (FC600); one that
    /// has a translation is still checked.
    @Test func aStringNotToTranslateLacksNoTranslation() throws {
        let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "SignUpForm.email.placeholder" : { "shouldTranslate" : false },
            "SignUpForm.title" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "Konto" } } } }
          },
          "version" : "1.0"
        }
        """
        #expect(try lint(catalog) == [
            "signup.form.yaml:7 FC600 warning: 'SignUpForm.email.required.message' has no translation in 'de'",
        ])
    }

    /// A text in state `new` is not translated yet (as Xcode shows it, and as the
    /// merge leaves it): FC600, as for no text; a variation translated is enough.
    @Test func aTextInStateNewIsNoTranslation() throws {
        let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "SignUpForm.email.placeholder" : { "localizations" : { "de" : { "stringUnit" : { "state" : "new", "value" : "E-Mail" } } } },
            "SignUpForm.email.required.message" : { "localizations" : { "de" : { "variations" : { "device" : {
              "iphone" : { "stringUnit" : { "state" : "new", "value" : "Pflicht" } },
              "mac" : { "stringUnit" : { "state" : "translated", "value" : "Pflichtfeld" } }
            } } } } },
            "SignUpForm.title" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "Konto" } } } }
          },
          "version" : "1.0"
        }
        """
        #expect(try lint(catalog) == [
            "signup.form.yaml:6 FC600 warning: 'SignUpForm.email.placeholder' has no translation in 'de'",
        ])
    }

    /// `%i` and `%d` are one conversion: a translation may spell it either way.
    @Test func percentIIsPercentD() {
        #expect(FormatSpecifiers.arguments(of: "%i Elemente") == FormatSpecifiers.arguments(of: "%d items"))
        #expect(FormatSpecifiers.arguments(of: "%2$i von %1$@") == FormatSpecifiers.arguments(of: "%@ of %d"))
        #expect(FormatSpecifiers.arguments(of: "%lli") != FormatSpecifiers.arguments(of: "%d"))
        // A substitution's `formatSpecifier` too.
        let substitutions = #"{ "n" : { "argNum" : 1, "formatSpecifier" : "i" } }"#
        #expect(FormatSpecifiers.arguments(of: "%#@n@ Elemente", substitutions: Self.json(substitutions)?.members) == [1: ["%d"]])
    }

    /// Members Xcode reads with a type are FC603 when they have another: a
    /// catalog Xcode would reject is not merged into or linted as if it were fine.
    @Test(arguments: [
        (#""shouldTranslate" : "no""#, "'shouldTranslate' of 'Ok' is not true or false"),
        (#""isCommentAutoGenerated" : 1"#, "'isCommentAutoGenerated' of 'Ok' is not true or false"),
        (#""localizations" : { "de" : { "substitutions" : [ "n" ] } }"#, "the 'de' substitutions of 'Ok' are not an object"),
        (#""localizations" : { "de" : { "substitutions" : { "n" : { "argNum" : "1" } } } }"#,
         "the 'argNum' of the 'de' substitution 'n' of 'Ok' is not a whole number"),
        (#""localizations" : { "de" : { "substitutions" : { "n" : { "formatSpecifier" : 5 } } } }"#,
         "the 'formatSpecifier' of the 'de' substitution 'n' of 'Ok' is not a string"),
        (#""localizations" : { "de" : { "substitutions" : { "n" : { "variations" : { "plural" : { "other" : { "stringUnit" : "x" } } } } } } }"#,
         "the 'other' stringUnit of 'Ok' is not an object"),
    ] as [(String, String)])
    func aMemberOfTheWrongTypeIsFC603(member: String, message: String) {
        let text = #"{ "sourceLanguage" : "en", "strings" : { "Ok" : { "# + member + #" } }, "version" : "1.0" }"#
        var diagnostics = DiagnosticBag(file: "Localizable.xcstrings")
        _ = StringCatalogFile.read(SourceFile(path: "Localizable.xcstrings", text: text), diagnostics: &diagnostics)
        #expect(diagnostics.diagnostics.map { "\($0.code.rawValue) \($0.message)" }.contains { $0.hasPrefix("FC603") && $0.contains(message) },
                "\(diagnostics.diagnostics.map(\.message))")
    }

    /// A JSON value read as a catalog's.
    static func json(_ text: String) -> CatalogJSON? {
        StringCatalogFile.parse(SourceFile(path: "value.json", text: text))?.0
    }
}
