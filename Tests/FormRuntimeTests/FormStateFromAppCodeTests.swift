import Testing
@testable import FormRuntime

/// The runtime side of SPEC §15.2 without generated code: edits from assignments,
/// `settle()`, messages from outside the rules, `reset`, and debounced custom rules
/// on an injected sleep that the test releases, so nothing depends on timing.
@MainActor
@Suite struct FormStateFromAppCodeTests {
    enum Field: String, Hashable, Sendable { case email, name }

    /// Mutable state that main-actor closures share with the test.
    final class Box<Value> {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    /// Sleeps that wait until the test releases them, one by one, in order; a
    /// cancelled task's sleep throws at once.
    actor Sleeps {
        private var waiting: [(id: Int, continuation: CheckedContinuation<Void, Never>)] = []
        private var released: Set<Int> = []
        private var count = 0
        private(set) var started = 0

        func sleep() async throws {
            count += 1
            let id = count
            started += 1
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    if released.contains(id) { continuation.resume() } else { waiting.append((id, continuation)) }
                }
            } onCancel: {
                Task { await self.release(id) }
            }
            try Task.checkCancellation()
        }

        func release(_ id: Int) {
            released.insert(id)
            if let index = waiting.firstIndex(where: { $0.id == id }) {
                waiting.remove(at: index).continuation.resume()
            }
        }

        /// Releases every sleep started so far.
        func releaseAll() {
            for id in 1...max(count, 1) { release(id) }
        }
    }

    /// The values a validator was called with.
    actor Seen {
        private(set) var value: [String] = []
        func append(_ text: String) { value.append(text) }
    }

    /// A controller whose `email` runs a debounced custom rule (the validator
    /// records the values it sees) under the `change` trigger.
    func debounced(_ seen: Seen, value: Box<String>) -> FieldValidationController<Field> {
        let rule = ValidationRule<String, String>.custom(debounce: .milliseconds(300)) { value, _ in
            await seen.append(value)
            return value.contains("@") ? .valid : .invalid(message: "Not an email")
        }
        return FieldValidationController<Field>(triggers: [.email: .change, .name: .blurAfterChange]) { field in
            field == .email ? await RuleRunner.validate(value.value, in: value.value, rules: [rule]) : .valid
        }
    }

    @Test func aDebouncedRuleWaitsAndANewerValueCancelsTheWait() async {
        let sleeps = Sleeps()
        let seen = Seen()
        let value = Box("")
        let controller = debounced(seen, value: value)
        await ValidationRun.$sleeper.withValue({ _ in try await sleeps.sleep() }) {
            value.value = "a"
            controller.valueDidChange(.email)
            // The first run is waiting on its debounce.
            for _ in 0..<1_000 where await sleeps.started == 0 { await Task.yield() }
            #expect(await sleeps.started == 1)
            #expect(controller.state(of: .email) == .validating)
            #expect(await seen.value.isEmpty)

            value.value = "ada@example.com"
            controller.valueDidChange(.email)
            for _ in 0..<1_000 where await sleeps.started < 2 { await Task.yield() }
            await sleeps.releaseAll()
            await controller.settle()
        }
        // The superseded run never called the validator, and its `.cancelled` never showed.
        #expect(await seen.value == ["ada@example.com"])
        #expect(controller.state(of: .email) == .valid)
    }

    @Test func validateAndBlurDoNotWait() async {
        let seen = Seen()
        let value = Box("x")
        let controller = debounced(seen, value: value)
        // A sleeper that would never return: a run that waited would hang the test.
        await ValidationRun.$sleeper.withValue({ _ in try await Task.sleep(for: .seconds(3_600)) }) {
            #expect(await controller.validate(.email) == .invalid(message: "Not an email"))
        }
        #expect(await seen.value == ["x"])
    }

    @Test func didChangeAfterAnAssignmentJoinsItsEdit() async {
        let runs = Box(0)
        let controller = FieldValidationController<Field>(triggers: [.email: .change]) { _ in
            runs.value += 1
            return .valid
        }
        controller.valueDidChange(.email)
        await controller.didChange(.email)
        #expect(runs.value == 1)
        // Without an assignment before it, didChange is an edit of its own.
        await controller.didChange(.email)
        #expect(runs.value == 2)
        // Two assignments before the main actor turns: the first's run would read the
        // second's value, so the rules run once, for the second.
        controller.valueDidChange(.email)
        controller.valueDidChange(.email)
        await controller.settle()
        #expect(runs.value == 3)
    }

    @Test func recheckRerunsTheCheckedFieldsInATaskThatSettleAwaits() async {
        let runs = Box<[Field]>([])
        let controller = FieldValidationController<Field>(triggers: [:]) { field in
            runs.value.append(field)
            return .valid
        }
        // Nothing has a state: nothing runs, and no task is started.
        controller.recheck([.email, .name])
        await controller.settle()
        #expect(runs.value.isEmpty)
        await controller.validate(.name)
        #expect(runs.value == [.name])
        // Only the field with a state is re-run, and not before the call returns.
        controller.recheck([.email, .name])
        #expect(runs.value == [.name])
        await controller.settle()
        #expect(runs.value == [.name, .name])
        #expect(controller.state(of: .email) == .idle)
    }

    @Test func aMessageFromOutsideStaysUntilTheValueChanges() async {
        let controller = FieldValidationController<Field>(triggers: [.email: .blur]) { _ in .valid }
        controller.setError("Taken", for: .email)
        #expect(controller.hasError(.email))
        #expect(await controller.validate(.email) == .invalid(message: "Taken"))
        await controller.didEndEditing(.email)
        let report = controller.applying(ValidationReport([(.email, .valid), (.name, .valid)]))
        #expect(report[.email] == .invalid(message: "Taken") && report[.name] == .valid)
        #expect(report.issues == [ValidationIssue(path: "/email", message: "Taken")])
        #expect(controller.state(of: .email) == .invalid(message: "Taken"))
        controller.valueDidChange(.email)
        #expect(controller.state(of: .email) == .idle)
        await controller.settle()
        #expect(!controller.hasError(.email))
        #expect(await controller.validate(.email) == .valid)

        controller.setError("Again", for: .name)
        controller.clearErrors()
        #expect(controller.state(of: .name) == .idle && !controller.hasError(.name))
    }

    /// A hidden field is valid (SPEC §6.2): its message from outside is in no
    /// report while it is hidden, and in the report again once it is shown; the
    /// field keeps its message, and its state, meanwhile.
    @Test func aHiddenFieldsMessageFromOutsideIsNotReported() async {
        let controller = FieldValidationController<Field>(triggers: [:]) { _ in .valid }
        controller.setError("Taken", for: .email)
        let all = ValidationReport<Field>([(.email, .valid), (.name, .valid)])
        let hidden = controller.applying(all, isShown: { $0 != .email })
        #expect(hidden.isValid)
        #expect(controller.state(of: .email) == .invalid(message: "Taken"))
        #expect(controller.hasError(.email))
        let shown = controller.applying(all, isShown: { _ in true })
        #expect(shown.issues == [ValidationIssue(path: "/email", message: "Taken")])
        #expect(controller.state(of: .email) == .invalid(message: "Taken"))
    }

    /// A message set right after an assignment, before the edit's task has run,
    /// was set after the value changed: it stays (SPEC §15.2).
    @Test func aMessageSetRightAfterAnAssignmentStays() async {
        let runs = Box<[Field]>([])
        let controller = FieldValidationController<Field>(triggers: [.email: .change], dependents: [.email: [.name]]) { field in
            runs.value.append(field)
            return .valid
        }
        controller.valueDidChange(.email)
        controller.setError("Taken", for: .email)
        await controller.settle()
        #expect(controller.state(of: .email) == .invalid(message: "Taken"))
        #expect(controller.hasError(.email))
        // A change after that takes it away.
        controller.valueDidChange(.email)
        await controller.settle()
        #expect(!controller.hasError(.email))
        #expect(controller.state(of: .email) == .valid)
        #expect(runs.value == [.email])

        // Under the default trigger the assignment starts no task; a `didChange`
        // that follows the message repeats the edit, and the message stays too.
        let quiet = FieldValidationController<Field>(triggers: [:]) { _ in .valid }
        quiet.valueDidChange(.name)
        quiet.setError("Taken", for: .name)
        await quiet.didChange(.name)
        #expect(quiet.state(of: .name) == .invalid(message: "Taken"))
        // A `didChange` with no assignment before it is a change of its own: the message goes.
        await quiet.didChange(.name)
        #expect(!quiet.hasError(.name) && quiet.state(of: .name) == .idle)
    }

    /// A blur right after an assignment, before the edit's task has run, finds the
    /// field changed (SPEC §6.4, §15.2): under `blurAfterChange` it validates, as
    /// it does when the assignment starts no task; under `changeAfterBlur` the
    /// rules run once, for the blur, and not again for the change before it.
    @Test(arguments: [ValidationTrigger.blurAfterChange, .changeAfterBlur])
    func aBlurRightAfterAnAssignmentFindsTheFieldChanged(_ trigger: ValidationTrigger) async {
        let runs = Box<[Field]>([])
        let controller = FieldValidationController<Field>(
            triggers: [.email: trigger, .name: .blur], dependents: [.email: [.name]]
        ) { field in
            runs.value.append(field)
            return .invalid(message: "Bad")
        }
        // `name` has a state, so the assignment to `email` starts a task to re-check it.
        await controller.didEndEditing(.name)
        runs.value = []
        controller.valueDidChange(.email)
        await controller.didEndEditing(.email)
        await controller.settle()
        #expect(controller.state(of: .email) == .invalid(message: "Bad"))
        #expect(runs.value == [.email, .name])
    }

    /// An edit's rules run once, whatever comes between the assignment and its
    /// task: a blur of a field blurred before (`changeAfterBlur`) runs them, and
    /// the task then re-checks only the dependents; a `didChange` that repeats an
    /// assignment which started no task runs them as the assignment decided.
    @Test func anEditsRulesRunOnceWhateverComesBetween() async {
        let runs = Box<[Field]>([])
        let controller = FieldValidationController<Field>(
            triggers: [.email: .changeAfterBlur, .name: .blur], dependents: [.email: [.name]]
        ) { field in
            runs.value.append(field)
            return .invalid(message: "Bad")
        }
        // Blurred before any change (nothing runs), and `name` has a state, so that
        // the assignment to `email` starts a task.
        await controller.didEndEditing(.email)
        await controller.didEndEditing(.name)
        runs.value = []
        controller.valueDidChange(.email)
        await controller.didEndEditing(.email)
        await controller.settle()
        #expect(runs.value == [.email, .name])
        #expect(controller.state(of: .email) == .invalid(message: "Bad"))

        let quiet = FieldValidationController<Field>(triggers: [.email: .changeAfterBlur]) { field in
            runs.value.append(field)
            return .valid
        }
        runs.value = []
        quiet.valueDidChange(.email)
        await quiet.didEndEditing(.email)
        await quiet.didChange(.email)
        #expect(runs.value == [.email])
    }

    /// A reset right after an assignment, before the edit's task has run: the
    /// edit runs nothing, and no state changes after the reset (SPEC §15.2).
    @Test func aResetRightAfterAnAssignmentCancelsItsEdit() async {
        let runs = Box<[Field]>([])
        let controller = FieldValidationController<Field>(
            triggers: [.email: .change, .name: .change], dependents: [.email: [.name]]
        ) { field in
            runs.value.append(field)
            return .invalid(message: "Required")
        }
        // Both fields have a state, so that the edit's dependents and a recheck would run them.
        await controller.validate(.email)
        await controller.validate(.name)
        runs.value = []
        var states: [FieldState] = []
        controller.addStateObserver { _, state in states.append(state) }
        controller.valueDidChange(.email)
        controller.recheck([.email, .name])
        controller.reset {}
        // The reset itself puts both states back to `.idle`; nothing after it.
        #expect(states == [.idle, .idle])
        states = []
        await controller.settle()
        // The cancelled edit's task, which `settle()` no longer waits for, gets its turn.
        for _ in 0..<100 { await Task.yield() }
        #expect(runs.value.isEmpty)
        #expect(controller.state(of: .email) == .idle)
        #expect(states.isEmpty)
    }

    @Test func resetCancelsAndForgets() async {
        let sleeps = Sleeps()
        let seen = Seen()
        let value = Box("a")
        let controller = debounced(seen, value: value)
        var states: [FieldState] = []
        controller.addStateObserver { field, state in if field == .email { states.append(state) } }
        await ValidationRun.$sleeper.withValue({ _ in try await sleeps.sleep() }) {
            controller.valueDidChange(.email)
            for _ in 0..<1_000 where await sleeps.started == 0 { await Task.yield() }
            controller.reset {
                // Assignments inside a reset are no edits.
                controller.valueDidChange(.email)
            }
            await sleeps.releaseAll()
            await controller.settle()
        }
        #expect(await seen.value.isEmpty)
        #expect(controller.state(of: .email) == .idle)
        #expect(states == [.validating, .idle])
        // Untouched again: a blur after the reset is no blur after a change.
        await controller.didEndEditing(.name)
        #expect(controller.state(of: .name) == .idle)
    }
}
