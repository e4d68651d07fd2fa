import Testing
@testable import FormCompiler

/// `formc lint --strings` (SPEC §11): FC600–FC602 at the string in the form,
/// FC601 for an unused key and FC604 at the key in the catalog.
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
                "value" : "%1$@ von %2$lld"
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

    func lint() throws -> [String] {
        let result = FormPipeline.check(SourceFile(path: "signup.form.yaml", text: Self.form))
        let strings = FormStrings.strings(of: try #require(result.checked).document)
        var diagnostics = DiagnosticBag(file: "Localizable.xcstrings")
        let catalog = try #require(StringCatalogFile.read(SourceFile(path: "Localizable.xcstrings", text: Self.catalogText), diagnostics: &diagnostics))
        return CatalogLint.check(catalog, at: "Localizable.xcstrings", forms: [.init(path: "signup.form.yaml", form: "SignUpForm", strings: strings)]).map {
            "\($0.location.file):\($0.location.range.start.line) \($0.code.rawValue) \($0.severity.rawValue): \($0.message)"
        }
    }

    @Test func everyProblemIsReportedWhereItCanBeFixed() throws {
        #expect(try lint() == [
            "Localizable.xcstrings:4 FC601 warning: 'SignUpForm.count' is not used by any form",
            "Localizable.xcstrings:4 FC604 error: the 'fr' translation of 'SignUpForm.count' has the format specifiers %lld, the source text %@ %lld",
            "signup.form.yaml:3 FC600 warning: 'SignUpForm.title' has no translation in 'fr'",
            "signup.form.yaml:3 FC601 warning: 'SignUpForm.title' is marked stale in the catalog, but the form uses it",
            "signup.form.yaml:3 FC602 warning: the 'de' translation of 'SignUpForm.title' was made for \"Create an account\"",
            "signup.form.yaml:6 FC602 warning: the 'de' translation of 'SignUpForm.email.placeholder' needs review",
            "signup.form.yaml:7 FC600 warning: 'SignUpForm.email.required.message' has no translation in 'de'",
            "signup.form.yaml:7 FC600 warning: 'SignUpForm.email.required.message' has no translation in 'fr'",
        ])
    }

    @Test func formatSpecifiersAreCountedNotOrdered() {
        #expect(FormatSpecifiers.of("%lld of %@ (100%%)") == ["%@", "%lld"])
        #expect(FormatSpecifiers.of("%@ sur %lld") == ["%@", "%lld"])
        #expect(FormatSpecifiers.of("%1$@ and %.2f%%") == ["%.2f", "%@"])
        #expect(FormatSpecifiers.of("%2$lld von %1$@") == FormatSpecifiers.of("%@ of %lld"))
        #expect(FormatSpecifiers.of("100% sure") == [])
    }
}
