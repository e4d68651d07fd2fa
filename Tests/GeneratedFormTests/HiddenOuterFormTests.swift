import FormRuntime
import Testing

// Forms/lists/hidden-outer.form.yaml: an entry's `sameAs` and bound naming a
// form field that a condition hides.

@MainActor
struct HiddenOuterFormTests {
    typealias Form = HiddenOuterForm

    static func values(hidden: Bool) -> Form.Values {
        var values = Form.Values()
        values.hideContact = hidden
        values.contactEmail = "a@b.io"
        values.cap = 5
        values.people[0].email = "a@b.io"
        values.people[0].qty = 7
        return values
    }

    /// Shown, the form's fields are compared as they are; hidden, they read as
    /// empty: `sameAs` then fails on a non-empty value, and a bound passes.
    @Test func anEntryReadsAHiddenFormFieldAsEmpty() async {
        #expect(await Form.validate(Self.values(hidden: false)).issues == [
            ValidationIssue(path: "/people/0/qty", message: "Qty must be at most Cap"),
        ])
        #expect(await Form.validate(Self.values(hidden: true)).issues == [
            ValidationIssue(path: "/people/0/email", message: "Email must match Contact email"),
        ])
        // The live form decides the same.
        let form = Form(values: Self.values(hidden: true))
        #expect(await form.validate().issues.map(\.path) == ["/people/0/email"])
        form.hideContact.value = false
        #expect(await form.validate().issues.map(\.path) == ["/people/0/qty"])
    }
}
