import Foundation
import FormRuntime
import Testing

/// SPEC §11 end to end: the generated SignUpForm looks every string up through
/// its context's localization, by the keys `formc strings` writes.
@MainActor
struct LocalizationTests {
    /// German for some of SignUpForm's keys, as Xcode writes a catalog; the
    /// others fall back to the source text.
    static let catalogText = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "SignUpForm.account.title" : {
          "localizations" : {
            "de" : { "stringUnit" : { "state" : "translated", "value" : "Konto" } },
            "fr" : { "stringUnit" : { "state" : "translated", "value" : "Compte" } }
          }
        },
        "SignUpForm.acceptTerms.required.message" : {
          "localizations" : {
            "de" : { "stringUnit" : { "state" : "translated", "value" : "Bitte akzeptiere die Bedingungen" } },
            "fr" : { "stringUnit" : { "state" : "translated", "value" : "Veuillez accepter les conditions" } }
          }
        },
        "SignUpForm.email.email.message" : {
          "localizations" : {
            "de" : { "stringUnit" : { "state" : "translated", "value" : "E-Mail muss eine gültige E-Mail-Adresse sein" } }
          }
        },
        "SignUpForm.email.placeholder" : {
          "localizations" : {
            "de" : { "stringUnit" : { "state" : "translated", "value" : "du@beispiel.de" } }
          }
        },
        "SignUpForm.email.required.message" : {
          "localizations" : {
            "de" : { "stringUnit" : { "state" : "translated", "value" : "E-Mail ist erforderlich" } },
            "de-CH" : { "stringUnit" : { "state" : "translated", "value" : "E-Mail ist obligatorisch" } },
            "fr" : { "stringUnit" : { "state" : "translated", "value" : "L'e-mail est obligatoire" } }
          }
        },
        "SignUpForm.password.label" : {
          "localizations" : {
            "de" : { "stringUnit" : { "state" : "translated", "value" : "Passwort" } }
          }
        },
        "SignUpForm.password.minLength.message" : {
          "localizations" : {
            "de" : { "stringUnit" : { "state" : "translated", "value" : "Das Passwort muss mindestens 8 Zeichen haben" } }
          }
        },
        "SignUpForm.plan.option.pro" : {
          "localizations" : {
            "de" : { "stringUnit" : { "state" : "translated", "value" : "Profi" } }
          }
        },
        "SignUpForm.staticText.1" : {
          "localizations" : {
            "de" : { "stringUnit" : { "state" : "translated", "value" : "Willkommen! Es dauert eine Minute." } }
          }
        },
        "SignUpForm.title" : {
          "localizations" : {
            "de" : { "stringUnit" : { "state" : "translated", "value" : "Konto erstellen" } }
          }
        }
      },
      "version" : "1.0"
    }
    """

    static func catalog() throws -> StringCatalog {
        try StringCatalog(data: Data(catalogText.utf8))
    }

    static func context(_ locale: String) throws -> ValidationContext {
        ValidationContext(now: Date(timeIntervalSince1970: 0), timeZone: TimeZone(identifier: "UTC")!, localization: .catalog(try catalog(), locale: locale))
    }

    @Test func theElementTreeIsInTheContextsLanguage() throws {
        let form = SignUpForm()
        form.context = try Self.context("de")
        let lines = draw(form.elements)
        #expect(lines.contains("Willkommen! Es dauert eine Minute."))
        #expect(lines.contains("[Konto]"))
        #expect(lines.contains { $0.contains("du@beispiel.de") })
        #expect(lines.contains { $0.contains("Passwort") })
        #expect(lines.contains("Plan: *Free* | Profi"), "an untranslated option keeps its source title")
        #expect(lines.contains("( ) I accept the terms"), "an untranslated title keeps its source text")
    }

    /// The form's own title (`SignUpForm.title`) follows the context, also when it
    /// changes after the elements were built.
    @Test func theFormsTitleIsInTheContextsLanguage() throws {
        let form = SignUpForm()
        #expect(form.localizedTitle == "Create your account")
        _ = form.elements
        form.context = try Self.context("de-CH")
        #expect(form.localizedTitle == "Konto erstellen")
        form.context = try Self.context("fr")
        #expect(form.localizedTitle == "Create your account", "no French title: the source text")
    }

    @Test func withoutALocalizationTheSourceTextIsShown() {
        let lines = draw(SignUpForm().elements)
        #expect(lines.contains("Welcome! It takes a minute."))
        #expect(lines.contains("[Account]"))
    }

    @Test func messagesAreInTheContextsLanguage() async throws {
        let form = SignUpForm()
        form.context = try Self.context("de")
        form.password.value = "short1"
        let report = await form.validate()
        #expect(report[.email] == .invalid(message: "E-Mail ist erforderlich"))
        #expect(report[.password] == .invalid(message: "Das Passwort muss mindestens 8 Zeichen haben"))
        #expect(report[.acceptTerms] == .invalid(message: "Bitte akzeptiere die Bedingungen"))
        // Not translated: the form's own message.
        form.password.value = "longenough"
        #expect(await form.validate()[.password] == .invalid(message: "Use at least one digit"))
    }

    @Test func aRegionFallsBackToItsLanguage() async throws {
        var values = SignUpForm.Values()
        values.email = "not an email"
        #expect(await SignUpForm.validate(values, in: try Self.context("de-AT"))[.email]
            == .invalid(message: "E-Mail muss eine gültige E-Mail-Adresse sein"))
        #expect(await SignUpForm.validate(SignUpForm.Values(), in: try Self.context("de-CH"))[.email]
            == .invalid(message: "E-Mail ist obligatorisch"))
    }

    /// A server validates each request in its user's language: the same values,
    /// German and French at once, each answer in its own language.
    @Test func aServerValidatesInTwoLanguagesAtOnce() async throws {
        let german = try Self.context("de")
        let french = try Self.context("fr")
        let values = SignUpForm.Values()
        let answers = await withTaskGroup(of: (String, FormRuntime.ValidationReport<SignUpForm.Field>).self) { group in
            for round in 0..<20 {
                let (language, context) = round.isMultiple(of: 2) ? ("de", german) : ("fr", french)
                group.addTask { (language, await SignUpForm.validate(values, in: context)) }
            }
            var answers: [(String, FormRuntime.ValidationReport<SignUpForm.Field>)] = []
            for await answer in group { answers.append(answer) }
            return answers
        }
        #expect(answers.count == 20)
        for (language, report) in answers {
            switch language {
            case "de":
                #expect(report[.email] == .invalid(message: "E-Mail ist erforderlich"))
                #expect(report[.acceptTerms] == .invalid(message: "Bitte akzeptiere die Bedingungen"))
                #expect(report[.password] == .invalid(message: "Password is required"))
            default:
                #expect(report[.email] == .invalid(message: "L'e-mail est obligatoire"))
                #expect(report[.acceptTerms] == .invalid(message: "Veuillez accepter les conditions"))
            }
        }
    }
}
