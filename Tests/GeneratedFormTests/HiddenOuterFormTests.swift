import FormRuntime
import Testing

// Forms/lists/hidden-outer.form.yaml: a rule's `sameAs` and bound naming a field
// that a condition hides, in the form, in an entry, and from an entry to the form.

@MainActor
struct HiddenOuterFormTests {
    typealias Form = HiddenOuterForm

    static func values(hidden: Bool) -> Form.Values {
        var values = Form.Values()
        values.hideContact = hidden
        values.contactEmail = "a@b.io"
        values.cap = 5
        values.agreed = true
        values.since = FormDate(year: 2026, month: 3, day: 1)
        values.repeatEmail = "a@b.io"
        values.total = 7
        values.repeatAgreed = true
        values.until = FormDate(year: 2026, month: 2, day: 1)
        values.people[0].email = "a@b.io"
        values.people[0].qty = 7
        values.people[0].nickname = "kit"
        values.people[0].repeatNickname = "kit"
        return values
    }

    static let shownIssues = [
        ValidationIssue(path: "/total", message: "Total must be at most Cap"),
        ValidationIssue(path: "/until", message: "Until must be on or after Since"),
        ValidationIssue(path: "/people/0/qty", message: "Qty must be at most Cap"),
    ]

    static let hiddenIssues = [
        ValidationIssue(path: "/repeatEmail", message: "Repeat email must match Contact email"),
        ValidationIssue(path: "/repeatTier", message: "Repeat tier must match Tier"),
        ValidationIssue(path: "/repeatAgreed", message: "Repeat agreed must match Agreed"),
        ValidationIssue(path: "/people/0/email", message: "Email must match Contact email"),
    ]

    /// Shown, the other fields are compared as they are; hidden, they read as
    /// empty (a segment with a default as nothing chosen): `sameAs` then fails on
    /// a value that is not empty, and a bound passes.
    @Test func aRuleReadsAHiddenFieldAsEmpty() async {
        #expect(await Form.validate(Self.values(hidden: false)).issues == Self.shownIssues)
        #expect(await Form.validate(Self.values(hidden: true)).issues == Self.hiddenIssues)
        // The live form decides the same.
        let form = Form(values: Self.values(hidden: true))
        #expect(await form.validate().issues == Self.hiddenIssues)
        form.hideContact.value = false
        #expect(await form.validate().issues == Self.shownIssues)
    }

    /// What the app's form reports is what a server reports for the values the
    /// form submits (hidden answers cleared, SPEC §15.2), hidden or shown.
    @Test func theSubmittedValuesGetTheSameReport() async {
        for hidden in [false, true] {
            let form = Form(values: Self.values(hidden: hidden))
            let report = await form.validate()
            #expect(await Form.validate(form.submittedValues).issues == report.issues, "hidden: \(hidden)")
        }
    }

    /// An entry's field hidden by the entry's own condition reads as empty to
    /// the entry's `sameAs`.
    @Test func anEntryReadsItsOwnHiddenFieldAsEmpty() async {
        var values = Self.values(hidden: false)
        values.people[0].noNickname = true
        #expect(await Form.validate(values).issues.map(\.path) == Self.shownIssues.map(\.path).dropLast() + [
            "/people/0/qty", "/people/0/repeatNickname",
        ])
    }

    /// Hiding the field a rule reads re-checks the rule's field, as a change of
    /// its value does (SPEC §16): in the form, in an entry reading the form, and
    /// within an entry.
    @Test func hidingTheFieldARuleReadsRechecksIt() async {
        let form = Form(values: Self.values(hidden: false))
        _ = await form.validate()
        let entry = form.people.entries[0]
        #expect(form.state(of: .repeatEmail) == .valid)
        #expect(form.state(of: .total) == .invalid(message: "Total must be at most Cap"))
        #expect(entry.state(of: .email) == .valid)
        #expect(entry.state(of: .repeatNickname) == .valid)
        form.hideContact.value = true
        await form.settle()
        for other in form.people.entries { await other.settle() }
        #expect(form.state(of: .repeatEmail) == .invalid(message: "Repeat email must match Contact email"))
        #expect(form.state(of: .total) == .valid)
        #expect(entry.state(of: .email) == .invalid(message: "Email must match Contact email"))
        #expect(entry.state(of: .qty) == .valid)
        entry.noNickname.value = true
        await entry.settle()
        #expect(entry.state(of: .repeatNickname) == .invalid(message: "Repeat nickname must match Nickname"))
    }
}
