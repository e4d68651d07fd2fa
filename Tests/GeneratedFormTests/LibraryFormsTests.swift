import Foundation
import FormRuntime
import LibraryForms
import Testing

// Tests/LibraryForms: a form generated public through the plugin's
// formc-config.yaml, used from another module (no @testable import).

@MainActor
struct LibraryFormsTests {
    @Test func aPublicFormIsUsableFromAnotherModule() async {
        let form = ConsentForm()
        form.fullName.value = "Ada Lovelace"
        form.age.value = 15
        let report = await form.validate()
        #expect(report.invalidFields == [.age, .acceptTerms])
        var values = ConsentForm.Values()
        values.fullName = "Ada"
        values.age = 36
        values.acceptTerms = true
        #expect(await ConsentForm.validate(values).isValid)
        let slider = form.elements.compactMap { $0 as? any NumberElementRepresentable }.first
        #expect(slider?.style == .slider)
        #expect(slider?.minimum == 16)
        #expect(slider?.maximum == 120)
    }

    /// A public entry's own `validate` takes the entry's `Validators`, which
    /// another module makes with its public initializer; the entry's instant and
    /// multiChoice read as their fields' types there too.
    @Test func anEntryIsValidatedFromAnotherModuleWithItsValidators() async {
        struct Directory: RosterFormValidators {
            func emailIsKnown(_ value: String, entry: RosterForm.Member, values: RosterForm.Values) async -> ValidationResult {
                value.hasSuffix("@team.example") ? .valid : .invalid(message: "Unknown member")
            }
        }
        var member = RosterForm.Member()
        member.email = "ada@elsewhere.example"
        member.roles = [.member, .lead, .member]
        member.joinedAt = Date(timeIntervalSince1970: 0)
        #expect(member.roles == [.lead, .member])
        var values = RosterForm.Values()
        values.team = "Analytical"
        values.members = [member]
        let validators = RosterForm.MemberEntry.Validators(form: Directory(), values: values)
        let entryReport = await RosterForm.MemberEntry.validate(member, validators: validators)
        #expect(entryReport[.email] == .invalid(message: "Unknown member"))
        #expect(await RosterForm.validate(values, validators: Directory()).issues.map(\.path) == ["/members/0/email"])
        values.members[0].email = "ada@team.example"
        #expect(await RosterForm.validate(values, validators: Directory()).isValid)
    }
}
