@testable import FormCompiler
@testable import FormLocalization
@testable import FormModel
@testable import FormSource
@testable import FormText
import Testing

/// The strings of a form and their keys (SPEC §11): every kind, default
/// messages as whole sentences, comments, and FC204 across forms.
@Suite struct FormStringsTests {
    static func strings(_ text: String, path: String = "signup.form.yaml") throws -> [LocalizableString] {
        let result = FormPipeline.check(SourceFile(path: path, text: text))
        let checked = try #require(result.checked, "\(result.diagnostics.map(\.message))")
        return FormStrings.strings(of: checked.document)
    }

    static let signUp = """
    formc: 1
    form: SignUpForm
    title: Create your account
    elements:
      - staticText: Welcome! It takes a minute.
      - group: account
        title: Account
        footer: We never share it.
        elements:
          - textField: email
            placeholder: you@example.com
            rules: [required, email]
          - floatLabel: password
            label: Password
            secure: true
            rules:
              - required
              - minLength: 8
              - pattern: '.*[0-9].*'
                message: Use at least one digit
              - pattern: '.*[A-Z].*'
                message: Use at least one capital letter
          - textField: confirmPassword
            placeholder: Repeat the password
            rules:
              - sameAs: password
      - segment: plan
        title: Plan
        options:
          - { value: free, title: Free }
          - { value: pro, title: Pro }
        default: free
      - staticText: Prices include VAT.
      - segue: terms
        title: Read the terms
    """

    @Test func keysFollowTheElementPaths() throws {
        let strings = try Self.strings(Self.signUp)
        #expect(strings.map(\.key) == [
            "SignUpForm.title",
            "SignUpForm.staticText.1",
            "SignUpForm.account.title",
            "SignUpForm.account.footer",
            "SignUpForm.email.placeholder",
            "SignUpForm.email.required.message",
            "SignUpForm.email.email.message",
            "SignUpForm.password.label",
            "SignUpForm.password.required.message",
            "SignUpForm.password.minLength.message",
            "SignUpForm.password.pattern.message",
            "SignUpForm.password.pattern.2.message",
            "SignUpForm.confirmPassword.placeholder",
            "SignUpForm.confirmPassword.sameAs.message",
            "SignUpForm.plan.title",
            "SignUpForm.plan.option.free",
            "SignUpForm.plan.option.pro",
            "SignUpForm.staticText.2",
            "SignUpForm.terms.title",
        ])
    }

    @Test func defaultMessagesAreWholeSentencesWithTheirNumbers() throws {
        let strings = try Self.strings(Self.signUp)
        let source = Dictionary(uniqueKeysWithValues: strings.map { ($0.key, $0.source) })
        #expect(source["SignUpForm.email.required.message"] == "Email is required")
        #expect(source["SignUpForm.password.minLength.message"] == "Password must be at least 8 characters")
        #expect(source["SignUpForm.password.pattern.message"] == "Use at least one digit")
        #expect(source["SignUpForm.password.pattern.2.message"] == "Use at least one capital letter")
        #expect(source["SignUpForm.confirmPassword.sameAs.message"] == "Repeat the password must match Password")
    }

    @Test func commentsSayWhereTheStringIsUsed() throws {
        let strings = try Self.strings(Self.signUp)
        let comment = Dictionary(uniqueKeysWithValues: strings.map { ($0.key, $0.comment) })
        #expect(comment["SignUpForm.email.placeholder"] == "Placeholder of the text field email in SignUpForm")
        #expect(comment["SignUpForm.title"] == "Title of the form SignUpForm")
        #expect(comment["SignUpForm.staticText.2"] == "Static text 2 of SignUpForm")
        #expect(comment["SignUpForm.plan.option.pro"] == "Title of the option pro of the segment plan in SignUpForm")
        #expect(comment["SignUpForm.password.minLength.message"] == "Message of the rule minLength of the float label password in SignUpForm")
        #expect(comment["SignUpForm.account.footer"] == "Footer of the group account in SignUpForm")
        // A rule given twice says which one each message is.
        #expect(comment["SignUpForm.password.pattern.message"] == "Message of the first pattern rule of the float label password in SignUpForm")
        #expect(comment["SignUpForm.password.pattern.2.message"] == "Message of the second pattern rule of the float label password in SignUpForm")
        #expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(FormStrings.ordinal)
            == ["first", "second", "third", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st", "111th"])
    }

    @Test func stringsPointAtTheirTextOrTheirRule() throws {
        let strings = try Self.strings(Self.signUp)
        let byKey = Dictionary(uniqueKeysWithValues: strings.map { ($0.key, $0) })
        let placeholder = try #require(byKey["SignUpForm.email.placeholder"])
        #expect(placeholder.range.start.line == 11 && placeholder.range.start.column == 22)
        let required = try #require(byKey["SignUpForm.email.required.message"])
        #expect(required.range.start.line == 12 && required.range.start.column == 17)
    }

    /// SPEC §14: a list's strings, one key per string shared by every entry.
    @Test func aListHasItsStringsAndItsEntrysUnderItsID() throws {
        let strings = try Self.strings("""
        formc: 1
        form: JobForm
        elements:
          - textField: company
            placeholder: Your company
          - list: employers
            title: Previous employers
            itemTitle: Employer
            addTitle: Add another employer
            minItems: 1
            maxItems: 5
            elements:
              - textField: company
                placeholder: Company
                rules: [required]
              - staticText: One entry per job.
          - list: bus
            maxItems: 1
            elements:
              - textField: stop
        """, path: "job.form.yaml")
        #expect(strings.map { "\($0.key) = \($0.source)" } == [
            "JobForm.company.placeholder = Your company",
            "JobForm.employers.title = Previous employers",
            "JobForm.employers.itemTitle = Employer",
            "JobForm.employers.addTitle = Add another employer",
            "JobForm.employers.minItems.message = Previous employers: add at least 1 entry",
            "JobForm.employers.maxItems.message = Previous employers: at most 5 entries are allowed",
            "JobForm.employers.company.placeholder = Company",
            "JobForm.employers.company.required.message = Company is required",
            "JobForm.employers.staticText.1 = One entry per job.",
            "JobForm.bus.maxItems.message = Bus: at most 1 entry is allowed",
        ])
        #expect(strings[6].comment == "Placeholder of the text field company in the entries of the list employers in JobForm")
        #expect(strings[4].comment == "Message of the rule minItems of the list employers in JobForm")
    }

    @Test func theNewKindsHaveTheirStrings() throws {
        let strings = try Self.strings("""
        formc: 1
        form: BookingForm
        elements:
          - group:
            title: Guests
            elements:
              - number: guests
                title: Guests
                placeholder: How many
                unit: people
                rules: [{min: 1}, {max: 8}]
              - date: arrival
                title: Arrival
                rules: [required, {min: today}]
          - picker: room
            title: Room
            options:
              - { value: single, title: Single room }
              - { value: double, title: Double room }
          - multiChoice: extras
            title: Extras
            options:
              - { value: breakfast, title: Breakfast }
              - { value: parking, title: Parking }
            rules: [{minCount: 1}]
        """, path: "booking.form.yaml")
        let source = Dictionary(uniqueKeysWithValues: strings.map { ($0.key, $0.source) })
        #expect(source == [
            "BookingForm.group.1.title": "Guests",
            "BookingForm.guests.title": "Guests",
            "BookingForm.guests.placeholder": "How many",
            "BookingForm.guests.unit": "people",
            "BookingForm.guests.min.message": "Guests must be at least 1",
            "BookingForm.guests.max.message": "Guests must be at most 8",
            "BookingForm.arrival.title": "Arrival",
            "BookingForm.arrival.required.message": "Arrival is required",
            "BookingForm.arrival.min.message": "Arrival must be on or after today",
            "BookingForm.room.title": "Room",
            "BookingForm.room.option.single": "Single room",
            "BookingForm.room.option.double": "Double room",
            "BookingForm.extras.title": "Extras",
            "BookingForm.extras.option.breakfast": "Breakfast",
            "BookingForm.extras.option.parking": "Parking",
            "BookingForm.extras.minCount.message": "Extras must have at least 1 choice",
        ])
        let comment = Dictionary(uniqueKeysWithValues: strings.map { ($0.key, $0.comment) })
        #expect(comment["BookingForm.guests.unit"] == "Unit of the number guests in BookingForm")
        #expect(comment["BookingForm.group.1.title"] == "Title of group 1 in BookingForm")
        #expect(comment["BookingForm.extras.option.parking"] == "Title of the option parking of the multi choice extras in BookingForm")
    }

    /// The catalog's keys and the generated code's lookups come from one function:
    /// every key but the form's title (which no generated member shows) is looked up.
    /// A page's title is keyed by its id (SPEC §15): `IntakeForm.personal.title`;
    /// the generated element tree looks it up.
    @Test func aPagesTitleHasItsKey() throws {
        let form = """
        formc: 1
        form: IntakeForm
        elements:
          - page: personal
            title: About you
            elements:
              - textField: email
          - page: history
            elements:
              - boolean: consent
                title: I agree
        """
        let strings = try Self.strings(form)
        let byKey = Dictionary(uniqueKeysWithValues: strings.map { ($0.key, $0) })
        let title = try #require(byKey["IntakeForm.personal.title"])
        #expect(title.source == "About you")
        #expect(title.comment == "Title of the page personal in IntakeForm")
        #expect(title.range.start.line == 5 && title.range.start.column == 12)
        #expect(byKey["IntakeForm.history.title"] == nil)
        let swift = try #require(FormPipeline.build(SourceFile(path: "intake.form.yaml", text: form)).swiftSource)
        #expect(swift.contains(#"title: form.context.localization.string("IntakeForm.personal.title", default: "About you")"#))
    }

    @Test func theGeneratedCodeLooksUpEveryKey() throws {
        let result = FormPipeline.build(SourceFile(path: "signup.form.yaml", text: Self.signUp))
        let swift = try #require(result.swiftSource)
        let keys = try Self.strings(Self.signUp).map(\.key).filter { $0 != "SignUpForm.title" }
        for key in keys {
            #expect(swift.contains("localization.string(\"\(key)\", default: "), "\(key) is not looked up")
        }
        #expect(swift.contains(#"message: context.localization.string("SignUpForm.password.pattern.2.message", default: "Use at least one capital letter")"#))
    }

    /// A large form's strings are those of one walk in document order (the
    /// walk `localized` makes), each key once: unnamed groups and static texts
    /// counted through the form, a default message naming a field far away,
    /// the title first.
    @Test func aLargeFormsStringsAreThoseOfOneWalk() throws {
        var text = "formc: 1\nform: Large\ntitle: All of it\nelements:\n"
        for group in 0..<60 {
            text += group.isMultiple(of: 3) ? "  - group:\n    title: Part \(group)\n    elements:\n" : "  - group: g\(group)\n    elements:\n"
            text += "      - staticText: Section \(group)\n"
            for field in 0..<20 {
                let n = group * 20 + field
                text += "      - textField: f\(n)\n        placeholder: Field \(n)\n        rules: [required, { sameAs: f\((n + 600) % 1_200) }]\n"
            }
        }
        let result = FormPipeline.check(SourceFile(path: "large.form.yaml", text: text))
        let document = try #require(result.checked, "\(result.diagnostics.map(\.message))").document
        #expect(document.allElements.count > 1_200)
        nonisolated(unsafe) var walked: [LocalizableString] = []
        _ = FormStrings.localized(document) { string in
            walked.append(string)
            return string.source
        }
        var seen = Set<String>()
        let strings = FormStrings.strings(of: document)
        #expect(strings.count == 1 + 20 + 60 + 1_200 * 3)
        #expect(strings == walked.filter { seen.insert($0.key).inserted })
        #expect(strings.first?.key == "Large.title" && strings.last?.key == "Large.f1199.sameAs.message")
    }

    @Test func theSameFormAlwaysGivesTheSameKeys() throws {
        #expect(try Self.strings(Self.signUp) == Self.strings(Self.signUp))
    }

    @Test func twoFormsWithOneNameCollideOnDifferentText() throws {
        let first = try Self.strings("formc: 1\nform: SignUpForm\ntitle: Sign up\nelements:\n  - textField: email\n")
        let second = try Self.strings("formc: 1\nform: SignUpForm\ntitle: Register\nelements:\n  - textField: email\n")
        let diagnostics = FormStrings.collisions(across: [
            .init(path: "a.form.yaml", form: "SignUpForm", strings: first), .init(path: "b.form.yaml", form: "SignUpForm", strings: second),
        ])
        #expect(diagnostics.map(\.code) == [.nameCollision])
        #expect(diagnostics.first?.location.file == "b.form.yaml")
        #expect(diagnostics.first?.location.range.start.line == 3)
        #expect(diagnostics.first?.notes.first?.location?.file == "a.form.yaml")
        #expect(FormStrings.collisions(across: [.init(path: "a.form.yaml", form: "SignUpForm", strings: first), .init(path: "c.form.yaml", form: "SignUpForm", strings: first)]).isEmpty)
    }
}
