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
}
