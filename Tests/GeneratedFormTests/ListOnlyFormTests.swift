import FormRuntime
import Testing

// A form whose only field is a list: Tests/GeneratedFormTests/Forms/lists/list-only.form.yaml.

@MainActor
struct ListOnlyFormTests {
    typealias Form = ListOnlyForm

    /// `Field` is `String`-backed as every form's is (SPEC §5): the list's id is its raw value.
    @Test func theListIsAFieldWithARawValue() {
        #expect(Form.Field(rawValue: "passengers") == .passengers)
        #expect(Form.Field.allCases.map(\.rawValue) == ["passengers"])
    }

    /// A server's message on the list itself (its count) and on an entry's field.
    @Test func setErrorTakesTheListsPathAndAnEntrysField() async {
        let form = Form()
        #expect(form.setError("Too many on this date", at: "/passengers"))
        #expect(form.state(of: .passengers) == .invalid(message: "Too many on this date"))
        #expect(form.setError("Name taken", at: "/passengers/0/name"))
        #expect(form.passengers.entries[0].state(of: .name) == .invalid(message: "Name taken"))
        #expect(!form.setError("Nothing here", at: "/nobody"))
        let report = await form.validate()
        #expect(report.result(at: "/passengers") == .invalid(message: "Too many on this date"))
    }
}
