@testable import FormChecker
@testable import FormCompiler
import FormJSON
@testable import FormLocalization
@testable import FormModel
@testable import FormPreview
@testable import FormSource
@testable import FormSwiftEmitter
@testable import FormSyntax
@testable import FormText
import Foundation
import Testing

/// SPEC §6.3: a title that is a question or a prompt is no name, so a default
/// message speaks of the answer; and the generated Swift, the String Catalog and
/// the preview carry the same default messages.
struct DefaultMessageTests {
    @Test func aQuestionOrAPromptIsNoName() {
        for name in ["For how long?", "Could you be pregnant?", "Email:", "Ihr Alter：", "¿Cuántos años tiene?", "كم عمرك؟"] {
            #expect(DefaultMessages.isQuestion(name), "\(name)")
        }
        for name in ["Email", "Date of birth", "Guests (max. 12)", "Why? Because", "Time: 9:30 am"] {
            #expect(!DefaultMessages.isQuestion(name), "\(name)")
        }
    }

    @Test func everyRuleSpeaksOfTheAnswerOfAQuestion() {
        func message(_ rule: RuleKind, target: String? = "Password") -> String? {
            DefaultMessages.message(for: rule, fieldName: "How long is it?", targetName: target)
        }
        #expect(message(.required) == "An answer is required")
        #expect(message(.minLength(1)) == "Must be at least 1 character")
        #expect(message(.maxLength(40)) == "Must be at most 40 characters")
        #expect(message(.pattern("x")) == "The answer is not in the expected format")
        #expect(message(.email) == "Must be a valid email address")
        #expect(message(.url) == "Must be a valid http or https URL")
        #expect(message(.sameAs("password")) == "Must match Password")
        #expect(message(.custom("check")) == nil)
        #expect(message(.min("1")) == "Must be at least 1")
        #expect(message(.max("10")) == "Must be at most 10")
        #expect(message(.min("2.50")) == "Must be at least 2.50")
        #expect(message(.min("08:00")) == "Must be at or after 08:00")
        #expect(message(.max("22:30")) == "Must be at or before 22:30")
        #expect(message(.min("today-18y")) == "Must be on or after 18 years ago")
        #expect(message(.max("2026-01-31")) == "Must be on or before 2026-01-31")
        #expect(message(.minCount(1)) == "Choose at least 1 option")
        #expect(message(.maxCount(3)) == "Choose at most 3 options")
        #expect(message(.maxCount(1)) == "Choose at most 1 option")
    }

    @Test func aNamedFieldKeepsItsName() {
        func message(_ rule: RuleKind) -> String? { DefaultMessages.message(for: rule, fieldName: "Guests") }
        #expect(message(.required) == "Guests is required")
        #expect(message(.max("10")) == "Guests must be at most 10")
        #expect(message(.min("today")) == "Guests must be on or after today")
        #expect(message(.minCount(1)) == "Guests must have at least 1 choice")
        #expect(message(.maxCount(3)) == "Guests must have at most 3 choices")
    }

    /// A `sameAs` target whose title is a question is named by its id in words.
    @Test func aQuestionIsNoNameAsASameAsTargetEither() {
        #expect(DefaultMessages.message(for: .sameAs("workEmail"), fieldName: "Confirm", targetName: "Your work email?")
            == "Confirm must match Work email")
        #expect(DefaultMessages.message(for: .sameAs("workEmail"), fieldName: "Again:", targetName: "Work email:")
            == "Must match Work email")
    }

    static let intake = """
        formc: 1
        form: IntakeForm
        elements:
          - number: months
            title: For how long?
            rules: [required, { max: 10 }]
          - boolean: pregnant
            title: "Could you be pregnant?"
            rules: [required]
          - multiChoice: symptoms
            title: "Which symptoms do you have:"
            options: [fever, cough]
            rules: [{ minCount: 1 }]
          - textField: email
            label: Email
            rules: [email]
          - textField: again
            placeholder: "Repeat it:"
            rules: [{ sameAs: email }]
        """

    static let intakeMessages = [
        "An answer is required", "Must be at most 10", "An answer is required", "Choose at least 1 option",
        "Email must be a valid email address", "Must match Email",
    ]

    /// A list's count messages name it by its title without the whitespace
    /// around it; a title that is a question or a prompt is no name (SPEC §6.3,
    /// §14), in the Swift and the catalog alike.
    @Test func aListsTitleNamesItAsAFieldsDoes() throws {
        let text = """
            formc: 1
            form: TripForm
            elements:
              - list: travellers
                title: Who is travelling?
                minItems: 2
                maxItems: 5
                elements: [{ textField: name }]
              - list: stops
                title: "Stops on the way:"
                maxItems: 1
                elements: [{ textField: place }]
              - list: pets
                title: "  Pets  "
                minItems: 1
                elements: [{ textField: name }]
              - list: bags
                title: "   "
                minItems: 1
                elements: [{ textField: tag }]
            """
        let checked = try #require(FormPipeline.check(SourceFile(path: "trip.form.yaml", text: text)).checked)
        let catalog = FormStrings.strings(of: checked.document).filter { $0.key.hasSuffix("Items.message") }.map(\.source)
        let expected = [
            "Add at least 2 entries", "At most 5 entries are allowed", "At most 1 entry is allowed",
            "Pets: add at least 1 entry", "Bags: add at least 1 entry",
        ]
        #expect(catalog == expected)
        let swift = SwiftEmitter.emit(checked, options: EmitOptions())
        for message in expected {
            #expect(swift.contains("default: \"\(message)\")"), "\(message)")
        }
    }

    /// The three places that write default messages take them from `DefaultMessages`.
    @Test func theSwiftTheCatalogAndThePreviewSayTheSame() throws {
        let file = SourceFile(path: "intake.form.yaml", text: Self.intake)
        let checked = try #require(FormPipeline.check(file).checked)

        let swift = SwiftEmitter.emit(checked, options: EmitOptions())
        for message in Self.intakeMessages {
            #expect(swift.contains("default: \"\(message)\")"), "\(message)")
        }
        #expect(!swift.contains("? is required"))

        let catalog = FormStrings.strings(of: checked.document).filter { $0.key.hasSuffix(".message") }.map(\.source)
        #expect(catalog == Self.intakeMessages)

        #expect(Self.previewMessages(of: checked) == Self.intakeMessages)
    }

    /// Every rule message of the preview's data, in order.
    static func previewMessages(of checked: CheckedForm) -> [String] {
        var preview: [String] = []
        func collect(_ value: JSONValue) {
            switch value {
            case .object(let members):
                for (key, member) in members {
                    if key == "message", case .string(let text) = member { preview.append(text) } else { collect(member) }
                }
            case .array(let items): items.forEach(collect)
            default: break
            }
        }
        collect(PreviewData.json(for: checked))
        return preview
    }

    /// A bound or `sameAs` in a list's entry names a field of the same entry
    /// first, then one of the form (SPEC §14), by its display name, in the Swift,
    /// the catalog and the preview alike, also where a form field has the same id.
    @Test func anEntrysBoundsNameTheEntrysFields() throws {
        let text = """
            formc: 1
            form: TripForm
            elements:
              - date: from
                title: Form start day
              - textField: code
                label: Booking code
              - list: trips
                elements:
                  - date: from
                    title: Departure
                  - date: back
                    title: Return
                    rules: [{ min: from }]
                  - date: until
                    title: Until
                    rules: [{ min: startDay }, { max: from }]
                  - date: startDay
                    title: First day
                  - textField: again
                    rules: [{ sameAs: code }]
            """
        let checked = try #require(FormPipeline.check(SourceFile(path: "trip.form.yaml", text: text)).checked)
        let expected = [
            "Return must be on or after Departure", "Until must be on or after First day", "Until must be on or before Departure",
            "Again must match Booking code",
        ]
        #expect(FormStrings.strings(of: checked.document).filter { $0.key.hasSuffix(".message") }.map(\.source) == expected)
        #expect(Self.previewMessages(of: checked) == expected)
        let swift = SwiftEmitter.emit(checked, options: EmitOptions())
        for message in expected {
            #expect(swift.contains("default: \"\(message)\")"), "\(message)")
        }
    }
}
