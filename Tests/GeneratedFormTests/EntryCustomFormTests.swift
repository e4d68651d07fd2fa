import FormRuntime
import Testing

// Forms/lists/entry-custom.form.yaml: a `custom` rule on an entry's field.

/// A handle is taken when the team already has it under another name, or when it
/// is the team's name: the validator reads the entry and the form's values.
actor HandleDirectory: EntryCustomFormValidators {
    private(set) var calls: [(value: String, entryHandle: String, team: String)] = []

    func handleIsFree(
        _ value: String, entry: EntryCustomForm.Member, values: EntryCustomForm.Values
    ) async -> ValidationResult {
        calls.append((value, entry.handle, values.team))
        return value == values.team ? .invalid(message: "\(value) is the team's name") : .valid
    }
}

@MainActor
struct EntryCustomFormTests {
    @Test func theStaticValidateRunsTheEntryValidatorPerEntry() async {
        let directory = HandleDirectory()
        var values = EntryCustomForm.Values()
        values.team = "ada"
        values.members = [EntryCustomForm.Member(), EntryCustomForm.Member()]
        values.members[0].handle = "grace"
        values.members[1].handle = "ada"
        let report = await EntryCustomForm.validate(values, validators: directory)
        #expect(report.issues == [ValidationIssue(path: "/members/1/handle", message: "ada is the team's name")])
        let calls = await directory.calls
        #expect(calls.map(\.value) == ["grace", "ada"])
        #expect(calls.map(\.entryHandle) == ["grace", "ada"])
        #expect(calls.map(\.team) == ["ada", "ada"])
        // A built-in rule that fails first stops the field's rules: the validator is not asked.
        values.members[1].handle = ""
        let second = await EntryCustomForm.validate(values, validators: directory)
        #expect(second.issues == [ValidationIssue(path: "/members/1/handle", message: "Handle is required")])
        #expect(await directory.calls.count == 3)
    }

    @Test func theLiveFormAndItsEntriesRunIt() async {
        let directory = HandleDirectory()
        let form = EntryCustomForm(validators: directory)
        form.team.value = "ada"
        let entry = form.members.entries[1]
        // An edit of the entry's value runs its rules with the form's current values.
        entry.handle.value = "ada"
        await form.settle()
        #expect(entry.state(of: .handle) == .invalid(message: "ada is the team's name"))
        entry.handle.value = "bob"
        await form.settle()
        #expect(entry.state(of: .handle) == .valid)
        // validate() and validate(page:) report it at the entry's path and set the entry's state.
        form.members.entries[0].handle.value = "ada"
        let report = await form.validate()
        #expect(report.issues == [ValidationIssue(path: "/members/0/handle", message: "ada is the team's name")])
        #expect(form.members.entries[0].state(of: .handle) == .invalid(message: "ada is the team's name"))
        let page = await form.validate(page: .roster)
        #expect(page.issues == [ValidationIssue(path: "/members/0/handle", message: "ada is the team's name")])
        #expect(await directory.calls.contains { $0.value == "bob" && $0.entryHandle == "bob" && $0.team == "ada" })
    }

    @Test func anEntrysDebouncedRuleAsksOnceForValuesTypedFasterThanItsDebounce() async {
        let directory = HandleDirectory()
        let form = EntryCustomForm(validators: directory)
        form.team.value = "ada"
        let entry = form.members.entries[1]
        let clock = ContinuousClock()
        let start = clock.now
        entry.handle.value = "a"
        entry.handle.value = "ad"
        entry.handle.value = "ada"
        await form.settle()
        #expect(clock.now - start >= .milliseconds(150))
        #expect(await directory.calls.map(\.value) == ["ada"])
        #expect(entry.state(of: .handle) == .invalid(message: "ada is the team's name"))
        // validate() does not wait for the debounce (the first entry, empty, fails `required`).
        entry.handle.value = "bob"
        let report = await form.validate()
        #expect(report.issues == [ValidationIssue(path: "/members/0/handle", message: "Handle is required")])
        #expect(await directory.calls.map(\.value) == ["ada", "bob"])
    }

    @Test func anEntryWithoutAFormPassesItsCustomRule() async {
        let entry = EntryCustomForm.MemberEntry()
        entry.handle.value = "ada"
        await entry.settle()
        #expect(entry.state(of: .handle) == .valid)
    }
}
