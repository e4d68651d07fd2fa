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

/// Answers only after a long wait, and records whether its task was cancelled by then.
actor SlowHandleDirectory: EntryCustomFormValidators {
    private(set) var started = 0
    private(set) var cancelled: [Bool] = []

    func handleIsFree(
        _ value: String, entry: EntryCustomForm.Member, values: EntryCustomForm.Values
    ) async -> ValidationResult {
        started += 1
        // Until cancelled (at most 10 minutes): under a full suite, the main actor, where
        // the cancelling happens, may wait behind other tests for tens of seconds.
        try? await Task.sleep(for: .seconds(600))
        cancelled.append(Task.isCancelled)
        return .valid
    }

    /// Waits (at most 10 s) until `count` runs have started.
    func waitUntil(started count: Int) async {
        for _ in 0..<1_000 where started < count { try? await Task.sleep(for: .milliseconds(10)) }
    }

    /// Waits (at most 40 s) until `count` runs have ended.
    func waitUntil(ended count: Int) async {
        for _ in 0..<4_000 where cancelled.count < count { try? await Task.sleep(for: .milliseconds(10)) }
    }
}

/// Holds each check of a handle starting "slow" until `release()`; a handle
/// containing "bad" is taken.
actor GatedHandleDirectory: EntryCustomFormValidators {
    private var held: [CheckedContinuation<Void, Never>] = []
    private var isOpen = false

    func handleIsFree(
        _ value: String, entry: EntryCustomForm.Member, values: EntryCustomForm.Values
    ) async -> ValidationResult {
        if value.hasPrefix("slow"), !isOpen { await withCheckedContinuation { held.append($0) } }
        return value.contains("bad") ? .invalid(message: "\(value) is taken") : .valid
    }

    func release() {
        isOpen = true
        for check in held { check.resume() }
        held = []
    }

    /// Waits (at most 10 s) until `count` checks are held.
    func waitUntil(holding count: Int) async {
        for _ in 0..<1_000 where held.count < count { try? await Task.sleep(for: .milliseconds(10)) }
    }
}

@MainActor
struct EntryCustomFormTests {
    /// A hidden list's entries are valid and no rule of theirs runs: the app's
    /// validator is not called for them, by `validate()` or by the static
    /// `validate` a server calls (SPEC §6.2).
    @Test func aHiddenListsEntriesCallNoValidator() async {
        let directory = HandleDirectory()
        let form = EntryCustomForm(validators: directory)
        form.solo.value = true
        form.members.entries[0].handle.value = "x"
        await form.settle()
        #expect(await form.validate().isValid)
        #expect(await EntryCustomForm.validate(form.values, validators: directory).isValid)
        #expect(await directory.calls.isEmpty)
        // Shown, they run.
        form.solo.value = false
        #expect(await form.validate().isValid == false)
        #expect(await directory.calls.map(\.value).contains("x"))
    }

    /// An edit of one entry, started while `settle()` awaits another entry's, is
    /// awaited too (SPEC §15.2: every edit in flight, and any edit started
    /// meanwhile): `settle()` does not return with a field still `.validating`.
    @Test func settleAwaitsAnEditStartedWhileItWaits() async {
        let directory = GatedHandleDirectory()
        let form = EntryCustomForm(validators: directory)
        let (first, second) = (form.members.entries[0], form.members.entries[1])
        second.handle.value = "slow-second"
        await directory.waitUntil(holding: 1)
        let settled = Task { await form.settle() }
        for _ in 0..<20 { await Task.yield() }
        // Debounced 150 ms: still running when the held check is let go.
        first.handle.value = "first-bad"
        await directory.release()
        await settled.value
        #expect(first.state(of: .handle) == .invalid(message: "first-bad is taken"))
        #expect(second.state(of: .handle) == .valid)
    }

    /// An entry removed or moved while `validate()` awaits the rules: the report
    /// is of the values when it started, with their paths, and each entry still in
    /// the list gets its own results, never its neighbour's (SPEC §14, §15.2).
    @Test(arguments: ["remove", "move"])
    func entriesChangedWhileValidateRunsGetTheirOwnResults(_ how: String) async {
        let directory = GatedHandleDirectory()
        let form = EntryCustomForm(validators: directory)
        let (slow, good) = (form.members.entries[0], form.members.entries[1])
        slow.handle.value = "slow-bad"
        good.handle.value = "good"
        await directory.waitUntil(holding: 1)
        let validation = Task { await form.validate() }
        await directory.waitUntil(holding: 2)
        if how == "remove" { form.members.remove(at: 0) } else { form.members.move(from: 1, to: 0) }
        await directory.release()
        let report = await validation.value
        await form.settle()
        #expect(report.issues == [ValidationIssue(path: "/members/0/handle", message: "slow-bad is taken")])
        #expect(good.state(of: .handle) == .valid)
        if how == "remove" {
            #expect(slow.state(of: .handle) == .idle)
        } else {
            #expect(form.members.entries.map(\.id) == [good.id, slow.id])
            #expect(slow.state(of: .handle) == .invalid(message: "slow-bad is taken"))
        }
    }

    /// A `validate()` (or `validate(page:)`) cancelled while the rules run (a submit
    /// task cancelled as the screen goes) judged nothing after that: an entry's
    /// field whose rules answered `.cancelled` keeps the message it showed, as after
    /// a cancelled trigger run; it does not go back to `.idle`.
    @Test(arguments: ["form", "page"])
    func aCancelledValidateKeepsTheStatesItDidNotJudge(_ scope: String) async {
        let directory = GatedHandleDirectory()
        let form = EntryCustomForm(validators: directory)
        let (first, second) = (form.members.entries[0], form.members.entries[1])
        first.handle.value = "fine"
        second.handle.value = "bad-second"
        await form.settle()
        let taken = FieldState.invalid(message: "bad-second is taken")
        #expect(second.state(of: .handle) == taken)
        first.handle.value = "slow-first"
        await directory.waitUntil(holding: 1)
        let validation = Task { scope == "form" ? await form.validate() : await form.validate(page: .roster) }
        await directory.waitUntil(holding: 2)
        validation.cancel()
        await directory.release()
        let report = await validation.value
        #expect(!report.isValid)
        #expect(second.state(of: .handle) == taken)
        await form.settle()
        #expect(second.state(of: .handle) == taken)
        #expect(first.state(of: .handle) == .valid)
    }

    /// A value typed while `validate()` awaits the rules keeps what its own edit
    /// makes of it: the result for the value before never writes over it.
    @Test(arguments: ["form", "page"])
    func aValueChangedWhileValidateRunsKeepsItsOwnState(_ scope: String) async {
        let directory = GatedHandleDirectory()
        let form = EntryCustomForm(validators: directory)
        let entry = form.members.entries[1]
        form.members.entries[0].handle.value = "first"
        entry.handle.value = "slow-ok"
        await directory.waitUntil(holding: 1)
        let validation = Task { scope == "form" ? await form.validate() : await form.validate(page: .roster) }
        await directory.waitUntil(holding: 2)
        entry.handle.value = "bad-now"
        // Its edit's run answers (`settle()` would wait for the held one it replaced).
        let taken = FieldState.invalid(message: "bad-now is taken")
        for _ in 0..<1_000 where entry.state(of: .handle) != taken { try? await Task.sleep(for: .milliseconds(10)) }
        #expect(entry.state(of: .handle) == taken)
        await directory.release()
        let report = await validation.value
        #expect(report.issues.isEmpty)
        await form.settle()
        #expect(entry.state(of: .handle) == taken)
        #expect(form.members.entries[0].state(of: .handle) == .valid)
    }

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

    /// "Discard changes": values taken from the form and given back (SPEC §15.2).
    /// Their entries have the ids of the entries shown, and still every value
    /// comes back and every state is `.idle`, a message from `setError` gone.
    @Test func resetToTheFormsOwnValuesPutsTheEntriesBack() async {
        let form = EntryCustomForm(validators: HandleDirectory())
        form.team.value = "ada"
        form.members.entries[0].handle.value = "grace"
        let saved = form.values
        let shown = form.members.entries[0]
        shown.handle.value = ""
        await form.settle()
        #expect(shown.state(of: .handle) == .invalid(message: "Handle is required"))
        #expect(form.setError("Taken", at: "/members/1/handle"))
        form.reset(to: saved)
        #expect(form.values == saved)
        #expect(form.members.entries.map(\.id) == saved.members.map(\.id))
        #expect(form.members.entries[0].handle.value == "grace")
        #expect(form.members.entries.allSatisfy { $0.state(of: .handle) == .idle })
        let report = await form.validate()
        #expect(report.issues.map(\.path) == ["/members/1/handle"])
        #expect(report.result(at: "/members/1/handle") == .invalid(message: "Handle is required"))
    }

    /// Removing an entry, or a reset, cancels the entry's rules in flight: the
    /// app's validator sees `Task.isCancelled`, and the entry's state is `.idle`.
    @Test(arguments: ["remove", "reset"])
    func anEntryLeavingItsListCancelsItsValidator(_ how: String) async {
        let directory = SlowHandleDirectory()
        let form = EntryCustomForm(validators: directory)
        let entry = form.members.entries[1]
        entry.handle.value = "ada"
        await directory.waitUntil(started: 1)
        #expect(await directory.started == 1)
        #expect(entry.state(of: .handle) == .validating)
        if how == "remove" { form.members.remove(at: 1) } else { form.reset() }
        #expect(!form.members.entries.contains { $0 === entry })
        await directory.waitUntil(ended: 1)
        #expect(await directory.cancelled == [true])
        #expect(entry.state(of: .handle) == .idle)
    }

    /// A form dropped while an entry's validator still runs goes at once, and so
    /// does the entry: no rule holds either, and the entry's rule is cancelled.
    @Test(.timeLimit(.minutes(1))) func aDroppedFormAndItsEntryGoAndCancelARuleStillRunning() async {
        let directory = SlowHandleDirectory()
        weak var droppedForm: EntryCustomForm?
        weak var droppedEntry: EntryCustomForm.MemberEntry?
        do {
            let form = EntryCustomForm(validators: directory)
            droppedForm = form
            droppedEntry = form.members.entries[1]
            form.members.entries[1].handle.value = "ada"
            await directory.waitUntil(started: 1)
            #expect(await directory.started == 1)
        }
        for _ in 0..<100 where droppedForm != nil || droppedEntry != nil { try? await Task.sleep(for: .milliseconds(10)) }
        #expect(droppedForm == nil)
        #expect(droppedEntry == nil)
        await directory.waitUntil(ended: 1)
        #expect(await directory.cancelled == [true])
    }

    /// An entry's own `validate()` in flight is cancelled when the entry leaves
    /// the list, as its triggers' runs are: the app's validator sees
    /// `Task.isCancelled`, and the call returns without waiting for it (SPEC §15.2).
    @Test(.timeLimit(.minutes(1)), arguments: ["remove", "reset"])
    func anEntrysWholeValidationIsCancelledWhenItLeaves(_ how: String) async {
        let directory = SlowHandleDirectory()
        var values = EntryCustomForm.Values()
        values.members[1].handle = "ada"
        // Values put in without an edit: only `validate` runs the rule.
        let form = EntryCustomForm(values: values, validators: directory)
        let entry = form.members.entries[1]
        let validating = Task { await entry.validate() }
        await directory.waitUntil(started: 1)
        let start = ContinuousClock.now
        if how == "remove" { form.members.remove(at: 1) } else { form.reset() }
        _ = await validating.value
        #expect(ContinuousClock.now - start < .seconds(10))
        await directory.waitUntil(ended: 1)
        #expect(await directory.cancelled == [true])
    }

    /// An undo: a removed entry put back with `replaceEntries` validates as before.
    /// The same entries in the same order change nothing; in another order, they move.
    @Test func aRemovedEntryPutBackValidatesAsBefore() async {
        let form = EntryCustomForm(validators: HandleDirectory())
        form.team.value = "ada"
        let entries = form.members.entries
        form.members.remove(at: 1)
        form.members.replaceEntries(entries)
        #expect(form.members.entries.map(\.id) == entries.map(\.id))
        entries[1].handle.value = "ada"
        await form.settle()
        #expect(entries[1].state(of: .handle) == .invalid(message: "ada is the team's name"))
        var heard = 0
        form.members.addObserver { _ in heard += 1 }
        form.members.replaceEntries(entries)
        #expect(heard == 0)
        form.members.replaceEntries(entries.reversed())
        #expect(heard == 1)
        #expect(form.members.entries.map(\.id) == entries.reversed().map(\.id))
    }

    /// The form's `didChange` of a field awaits what that change re-checks in the
    /// entries, never an entry's own edit (SPEC §6.4): a server check of a handle
    /// still out holds neither the team's `didChange`, which no entry reads, nor
    /// `solo`'s, whose change re-checks the entries (hidden now: valid).
    @Test(.timeLimit(.minutes(1))) func theFormsDidChangeWaitsForNoEntrysOwnEdit() async {
        let directory = GatedHandleDirectory()
        let form = EntryCustomForm(validators: directory)
        let entry = form.members.entries[0]
        entry.handle.value = "slow"
        await directory.waitUntil(holding: 1)
        #expect(entry.state(of: .handle) == .validating)

        form.team.value = "Rovers"
        #expect(await returnsWhileTheCheckIsHeld { await form.didChange(.team) })
        #expect(entry.state(of: .handle) == .validating)

        form.solo.value = true
        #expect(await returnsWhileTheCheckIsHeld { await form.didChange(.solo) })
        #expect(entry.state(of: .handle) == .valid)

        await directory.release()
        await form.settle()
        #expect(entry.state(of: .handle) == .valid)

        /// Whether `change` returns within 10 s while the directory holds the check.
        func returnsWhileTheCheckIsHeld(_ change: @escaping @MainActor () async -> Void) async -> Bool {
            let returned = ReturnedFlag()
            let task = Task { @MainActor in
                await change()
                returned.value = true
            }
            for _ in 0..<1_000 where !returned.value { try? await Task.sleep(for: .milliseconds(10)) }
            let result = returned.value
            if !result { await directory.release() }
            await task.value
            return result
        }
    }

    @Test func anEntryWithoutAFormPassesItsCustomRule() async {
        let entry = EntryCustomForm.MemberEntry()
        entry.handle.value = "ada"
        await entry.settle()
        #expect(entry.state(of: .handle) == .valid)
    }
}

@MainActor
private final class ReturnedFlag {
    var value = false
}
