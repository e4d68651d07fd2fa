import Testing
@testable import FormRuntime

/// Triggers, dependents and supersession (SPEC §6.4).
@MainActor
@Suite struct FieldValidationControllerTests {
    enum Field: String, Hashable, Sendable { case email, password, confirm }

    /// Mutable state that main-actor closures share with the test.
    final class Box<Value> {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    enum Event: Sendable, CustomStringConvertible {
        case change, blur
        var description: String { self == .change ? "change" : "blur" }
    }

    /// A state observer that reacts to `.validating` with `setError` ("offline:
    /// cannot check") notifies everyone of that state; the observers after it are
    /// not then told the older `.validating`: each ends on the current state.
    @Test func anObserverThatSetsAStateLeavesOthersWithTheCurrentOne() async {
        let controller = FieldValidationController<Field>(triggers: [.email: .change]) { _ in .valid }
        let heard = Box<[FieldState]>([])
        controller.addStateObserver { field, state in
            if state == .validating { controller.setError("offline", for: field) }
        }
        controller.addStateObserver { _, state in heard.value.append(state) }
        await controller.validate(.email)
        #expect(controller.state(of: .email) == .invalid(message: "offline"))
        #expect(heard.value == [.invalid(message: "offline")])
    }

    /// A run superseded by an observer of its `.validating` (`setError`, `setState`,
    /// `reset`) before its rules are called never calls them: an app's validator
    /// (a server request) is not asked for an answer nobody reads.
    @Test(arguments: ["setError", "setState", "reset"])
    func aRunSupersededBeforeItsRulesAreCalledNeverCallsThem(_ how: String) async {
        let calls = Box(0)
        let controller = FieldValidationController<Field>(triggers: [.email: .change]) { _ in
            calls.value += 1
            return .valid
        }
        controller.addStateObserver { field, state in
            guard state == .validating else { return }
            switch how {
            case "setError": controller.setError("offline", for: field)
            case "setState": controller.setState(.invalid(message: "known"), for: field)
            default: controller.reset {}
            }
        }
        await controller.didChange(.email)
        #expect(calls.value == 0)
        #expect(controller.state(of: .email) == ["setError": .invalid(message: "offline"), "setState": .invalid(message: "known")][how] ?? .idle)
    }

    /// Plays `events` on one field with `trigger` and answers the indices of the
    /// events that ran a validation.
    func validations(_ trigger: ValidationTrigger, _ events: [Event]) async -> [Int] {
        let current = Box(0)
        var fired: [Int] = []
        let controller = FieldValidationController<Field>(triggers: [.email: trigger]) { _ in
            fired.append(current.value)
            return .valid
        }
        for (index, event) in events.enumerated() {
            current.value = index
            switch event {
            case .change: await controller.didChange(.email)
            case .blur: await controller.didEndEditing(.email)
            }
        }
        return fired
    }

    nonisolated static let changeBlurChangeBlur: [(ValidationTrigger, [Int])] = [
        (.change, [0, 2]),
        (.blur, [1, 3]),
        (.blurAfterChange, [1, 3]),
        (.changeAfterBlur, [1, 2, 3]),
        (.submit, []),
    ]

    @Test(arguments: changeBlurChangeBlur)
    func change_blur_change_blur(_ trigger: ValidationTrigger, _ expected: [Int]) async {
        #expect(await validations(trigger, [.change, .blur, .change, .blur]) == expected)
    }

    nonisolated static let blurChangeBlurBlur: [(ValidationTrigger, [Int])] = [
        (.change, [1]),
        (.blur, [0, 2, 3]),
        (.blurAfterChange, [2, 3]),    // dirty stays dirty: the second blur validates too
        (.changeAfterBlur, [1, 2, 3]), // the first blur arms change, even before any change
        (.submit, []),
    ]

    @Test(arguments: blurChangeBlurBlur)
    func blur_change_blur_blur(_ trigger: ValidationTrigger, _ expected: [Int]) async {
        #expect(await validations(trigger, [.blur, .change, .blur, .blur]) == expected)
    }

    nonisolated static let changeChangeBlurChange: [(ValidationTrigger, [Int])] = [
        (.change, [0, 1, 3]),
        (.blur, [2]),
        (.blurAfterChange, [2]),
        (.changeAfterBlur, [2, 3]),
        (.submit, []),
    ]

    @Test(arguments: changeChangeBlurChange)
    func change_change_blur_change(_ trigger: ValidationTrigger, _ expected: [Int]) async {
        #expect(await validations(trigger, [.change, .change, .blur, .change]) == expected)
    }

    @Test func aFieldWithoutATriggerUsesBlurAfterChange() async {
        var fired = 0
        let controller = FieldValidationController<Field>(triggers: [:]) { _ in
            fired += 1
            return .valid
        }
        #expect(controller.trigger(of: .email) == .blurAfterChange)
        await controller.didEndEditing(.email)
        #expect(fired == 0)
        await controller.didChange(.email)
        #expect(fired == 0)
        await controller.didEndEditing(.email)
        #expect(fired == 1)
    }

    @Test func triggersAreKeptPerField() async {
        var fired: [Field] = []
        let controller = FieldValidationController<Field>(triggers: [.email: .change, .password: .blur]) {
            fired.append($0)
            return .valid
        }
        await controller.didChange(.email)
        await controller.didChange(.password)
        await controller.didEndEditing(.email)
        await controller.didEndEditing(.password)
        #expect(fired == [.email, .password])
    }

    // MARK: states

    @Test func stateGoesThroughValidatingToTheResult() async {
        var states: [FieldState] = []
        let answer = Box(ValidationResult.invalid(message: "Email is required"))
        let controller = FieldValidationController<Field>(triggers: [.email: .change]) { _ in answer.value }
        controller.addStateObserver { field, state in
            #expect(field == .email)
            states.append(state)
        }
        #expect(controller.state(of: .email) == .idle)
        await controller.didChange(.email)
        #expect(controller.state(of: .email) == .invalid(message: "Email is required"))
        answer.value = .valid
        await controller.didChange(.email)
        #expect(states == [.validating, .invalid(message: "Email is required"), .validating, .valid])
    }

    @Test func theStateIsValidatingWhileTheRulesRun() async {
        var seen: FieldState?
        var controller: FieldValidationController<Field>?
        controller = FieldValidationController<Field>(triggers: [.email: .change]) { field in
            seen = controller?.state(of: field)
            return .valid
        }
        await controller?.didChange(.email)
        #expect(seen == .validating)
    }

    @Test func aCancelledRunFallsBackToTheLastSettledState() async {
        let answer = Box(ValidationResult.invalid(message: "taken"))
        let controller = FieldValidationController<Field>(triggers: [.email: .change]) { _ in answer.value }
        await controller.didChange(.email)
        answer.value = .cancelled
        await controller.didChange(.email)
        #expect(controller.state(of: .email) == .invalid(message: "taken"))
    }

    @Test func setStateAndApply() {
        let controller = FieldValidationController<Field>(triggers: [:]) { _ in .valid }
        var log: [String] = []
        let token = controller.addStateObserver { field, state in log.append("\(field)=\(state)") }
        controller.setState(.valid, for: .email)
        controller.setState(.valid, for: .email)   // no change, no notification
        controller.apply(ValidationReport([(.password, .invalid(message: "short")), (.confirm, .cancelled)]))
        #expect(controller.state(of: .password) == .invalid(message: "short"))
        #expect(controller.state(of: .confirm) == .idle)
        controller.removeStateObserver(token)
        controller.setState(.idle, for: .email)
        #expect(log == ["email=valid", "password=invalid(message: \"short\")"])
        // A cancelled result (a `validate()` cancelled before the rules answered) judged
        // nothing: the field keeps what it shows.
        controller.apply(ValidationReport([(.password, .cancelled), (.confirm, .valid)]))
        #expect(controller.state(of: .password) == .invalid(message: "short"))
        #expect(controller.state(of: .confirm) == .valid)
    }

    /// A report of values taken at a mark sets only the fields whose values have
    /// not changed since: a change through an assignment or a `didChange` after
    /// the mark keeps the field's own state; one before it does not.
    @Test func applyLeavesFieldsChangedSinceTheMark() async {
        let controller = FieldValidationController<Field>(triggers: [.email: .submit, .password: .submit, .confirm: .submit]) { _ in .valid }
        let email = FormValue("")
        controller.watch(email, as: .email)
        email.value = "before"
        let mark = FieldChangeMark.now
        #expect(!controller.hasChanged(.email, since: mark))
        email.value = "after"
        await controller.didChange(.password)
        #expect(controller.hasChanged(.email, since: mark) && controller.hasChanged(.password, since: mark))
        #expect(!controller.hasChanged(.confirm, since: mark))
        let report = ValidationReport<Field>([(.email, .invalid(message: "old")), (.password, .invalid(message: "old")), (.confirm, .invalid(message: "short"))])
        let shown = controller.applying(report, changedSince: mark)
        #expect(shown == report)
        #expect(controller.state(of: .email) == .idle)
        #expect(controller.state(of: .password) == .idle)
        #expect(controller.state(of: .confirm) == .invalid(message: "short"))
        // Without a mark, every field takes its result.
        controller.apply(report)
        #expect(controller.state(of: .email) == .invalid(message: "old"))
    }

    /// What a field's rules read changing after the mark counts as its change: a
    /// dependent (`confirm` repeats `password`) keeps the state its re-check gave
    /// it; and after a `reset` every field has changed, none takes an older report.
    @Test func applyLeavesDependentsOfAChangeAndEverythingAfterAReset() async {
        let controller = FieldValidationController<Field>(
            triggers: [.password: .submit, .confirm: .submit, .email: .submit], dependents: [.password: [.confirm]]
        ) { _ in .invalid(message: "now") }
        let password = FormValue("")
        controller.watch(password, as: .password)
        var mark = FieldChangeMark.now
        password.value = "new"
        #expect(controller.hasChanged(.confirm, since: mark))
        #expect(!controller.hasChanged(.email, since: mark))
        controller.apply(ValidationReport<Field>([(.confirm, .valid), (.email, .valid)]), changedSince: mark)
        #expect(controller.state(of: .confirm) == .idle)
        #expect(controller.state(of: .email) == .valid)
        mark = FieldChangeMark.now
        controller.reset {}
        #expect(controller.hasChanged(.email, since: mark) && controller.hasChanged(.confirm, since: mark))
        controller.apply(ValidationReport<Field>([(.confirm, .valid), (.email, .invalid(message: "old"))]), changedSince: mark)
        #expect(controller.state(of: .email) == .idle && controller.state(of: .confirm) == .idle)
    }

    @Test func stateObserversRunInOrderAndMayRemoveThemselves() {
        let controller = FieldValidationController<Field>(triggers: [:]) { _ in .valid }
        var log: [String] = []
        let token = Box<ObserverToken?>(nil)
        token.value = controller.addStateObserver { _, _ in
            log.append("once")
            if let remove = token.value { controller.removeStateObserver(remove) }
        }
        controller.addStateObserver { _, _ in log.append("always") }
        controller.setState(.valid, for: .email)
        controller.setState(.idle, for: .email)
        #expect(log == ["once", "always", "always"])
    }

    // MARK: dependents

    @Test func aChangeRevalidatesDependentsThatWereAlreadyValidated() async {
        var fired: [Field] = []
        let controller = FieldValidationController<Field>(
            triggers: [.password: .submit, .confirm: .change],
            dependents: [.password: [.confirm]]
        ) { field in
            fired.append(field)
            return .valid
        }
        await controller.didChange(.password)      // confirm is idle: left alone
        #expect(fired == [])
        await controller.didChange(.confirm)
        #expect(fired == [.confirm])
        await controller.didChange(.password)
        #expect(fired == [.confirm, .confirm])
    }

    @Test func dependentsRunAfterTheFieldItself() async {
        var fired: [Field] = []
        let controller = FieldValidationController<Field>(
            triggers: [.password: .change, .confirm: .submit],
            dependents: [.password: [.confirm, .email]]
        ) { field in
            fired.append(field)
            return .valid
        }
        controller.setState(.invalid(message: "differ"), for: .confirm)
        controller.setState(.valid, for: .email)
        await controller.didChange(.password)
        #expect(fired == [.password, .confirm, .email])
    }

    /// A change of a field a visibility group's condition reads re-checks the
    /// group's fields that have a state, after the field's dependents, each once,
    /// never the changed field itself.
    @Test func aChangeRechecksTheFieldsOfEveryGroupWhoseConditionReadsIt() async {
        var fired: [Field] = []
        let controller = FieldValidationController<Field>(
            triggers: [.email: .submit, .password: .submit, .confirm: .submit],
            dependents: [.email: [.confirm]],
            visibilityGroups: [
                (readers: [.email], fields: [.password, .confirm]),
                (readers: [.email, .password], fields: [.confirm, .email]),
            ]
        ) { field in
            fired.append(field)
            return .valid
        }
        await controller.didChange(.email)
        #expect(fired == [])                        // every field idle: nothing to re-check
        for field in [Field.email, .password, .confirm] { controller.setState(.valid, for: field) }
        await controller.didChange(.email)
        #expect(fired == [.confirm, .password])
        fired = []
        await controller.didChange(.password)
        #expect(fired == [.confirm, .email])
    }

    /// A chain: `email`'s condition shows `password`, whose condition shows
    /// `confirm`; each field is shown while `shown` holds it, and each run of a
    /// field's rules is noted in `fired`.
    func chainController(shown: Box<Set<Field>>, fired: Box<[Field]>) -> FieldValidationController<Field> {
        FieldValidationController<Field>(
            triggers: [.email: .submit, .password: .submit, .confirm: .submit],
            visibilityGroups: [
                (readers: [.email], fields: [.password]),
                (readers: [.password], fields: [.confirm]),
            ],
            isShown: { shown.value.contains($0) }
        ) { field in
            fired.value.append(field)
            return .valid
        }
    }

    /// A change of `email` re-checks `confirm` (down the chain) only when it
    /// showed or hid `password`; the first change reached, with no visibility
    /// noted yet, counts as one.
    @Test func aChangeFollowsAChainOnlyAsFarAsVisibilityChanges() async {
        let fired = Box<[Field]>([])
        let shown = Box<Set<Field>>([.email, .password, .confirm])
        let controller = chainController(shown: shown, fired: fired)
        controller.setState(.valid, for: .confirm)
        await controller.didChange(.email)
        #expect(fired.value == [.confirm])  // nothing noted yet: followed
        fired.value = []
        await controller.didChange(.email)
        #expect(fired.value == [])  // password still shown: one step only
        shown.value = [.email]
        await controller.didChange(.email)
        #expect(fired.value == [.confirm])  // password hidden: followed
        fired.value = []
        await controller.didChange(.email)
        #expect(fired.value == [])
        // A reset forgets what it noted: the values were set with no edits.
        controller.reset {}
        controller.setState(.valid, for: .confirm)
        await controller.didChange(.email)
        #expect(fired.value == [.confirm])
    }

    /// The same through value assignments (SPEC §15.2), and from outside the
    /// controller (`recheck(_:)`, as a list entry hears of the form's fields): the
    /// visibility is noted as the assignment happens.
    @Test func anAssignmentAndARecheckFollowAChainAsFarAsVisibilityChanges() async {
        let fired = Box<[Field]>([])
        let shown = Box<Set<Field>>([.email, .password, .confirm])
        let email = FormValue("")
        let controller = chainController(shown: shown, fired: fired)
        controller.watch(email, as: .email)
        controller.recheck([.password])             // notes password shown
        controller.setState(.valid, for: .confirm)
        email.value = "a"
        await controller.settle()
        #expect(fired.value == [])
        shown.value = [.email]
        email.value = "b"
        shown.value = [.email, .password]          // too late: the assignment decided
        await controller.settle()
        #expect(fired.value == [.confirm])
        fired.value = []
        controller.recheck([.password])             // shown again since: followed
        await controller.settle()
        #expect(fired.value == [.confirm])
        fired.value = []
        controller.recheck([.password])
        await controller.settle()
        #expect(fired.value == [])
    }

    /// A renderer that reports each keystroke with `didChange` after the next one
    /// was assigned (`.onChange { Task { await form.didChange(.email) } }`): each
    /// report joins an assignment's edit, and no rule runs twice for one edit
    /// (SPEC §15.2). A `didChange` with no assignment to join is an edit of its own.
    @Test func lateReportsOfAssignmentsJoinTheirEdits() async {
        let seen = Box<[String]>([])
        let email = FormValue("")
        let controller = FieldValidationController<Field>(triggers: [.email: .change]) { _ in
            seen.value.append(email.value)
            return .valid
        }
        controller.watch(email, as: .email)
        email.value = "a"
        email.value = "ab"
        await controller.didChange(.email)
        await controller.didChange(.email)
        await controller.settle()
        #expect(seen.value == ["ab"])
        #expect(controller.state(of: .email) == .valid)
        // Interleaved: one run per assignment.
        email.value = "abc"
        await controller.didChange(.email)
        email.value = "abcd"
        await controller.didChange(.email)
        #expect(seen.value == ["ab", "abc", "abcd"])
        // Reported once more, with no assignment since: an edit of its own.
        await controller.didChange(.email)
        #expect(seen.value == ["ab", "abc", "abcd", "abcd"])
    }

    /// `fieldsDownChains` asks about each field reached that a condition reads
    /// once, and goes past one only when it was shown or hidden.
    @Test func fieldsDownChainsStopsWhereVisibilityDidNotChange() {
        let table = RecheckTable<String, String>(visibilityGroups: [
            (readers: ["a"], fields: ["b", "x"]),
            (readers: ["b"], fields: ["c", "y"]),
            (readers: ["c"], fields: ["d"]),
        ])
        var asked: [String] = []
        let start = table.fields(after: "a")
        #expect(start == ["b", "x"])
        #expect(table.fieldsDownChains(from: start, flipped: { asked.append($0); return true }) == ["c", "y", "d"])
        #expect(asked == ["b", "c"])
        asked = []
        #expect(table.fieldsDownChains(from: start, flipped: { asked.append($0); return $0 == "b" }) == ["c", "y"])
        #expect(asked == ["b", "c"])
        asked = []
        #expect(table.fieldsDownChains(from: start, flipped: { asked.append($0); return false }) == [])
        #expect(asked == ["b"])
    }

    @Test func sameAsIsRecheckedWithTheNewValues() async {
        // The whole path: FormValues, a sameAs rule, the runner, the controller.
        struct Values: Sendable { var password: String; var confirm: String }
        let password = FormValue("secret1")
        let confirm = FormValue("")
        let rules: [ValidationRule<String, Values>] = [.sameAs({ $0.password }, message: "The passwords don't match")]
        let controller = FieldValidationController<Field>(
            triggers: [.password: .blurAfterChange, .confirm: .change],
            dependents: [.password: [.confirm]]
        ) { field in
            guard field == .confirm else { return .valid }
            let values = Values(password: password.value, confirm: confirm.value)
            return await RuleRunner.validate(values.confirm, in: values, rules: rules)
        }
        confirm.value = "secret1"
        await controller.didChange(.confirm)
        #expect(controller.state(of: .confirm) == .valid)
        password.value = "secret2"
        await controller.didChange(.password)
        #expect(controller.state(of: .confirm) == .invalid(message: "The passwords don't match"))
    }

    // MARK: supersession

    /// A validator that waits until the test answers it, one call at a time.
    @MainActor final class Gate {
        private(set) var waiting: [CheckedContinuation<ValidationResult, Never>] = []

        func wait() async -> ValidationResult {
            await withCheckedContinuation { waiting.append($0) }
        }

        /// Lets the caller proceed once `count` calls are waiting.
        func untilWaiting(_ count: Int) async {
            while waiting.count < count { await Task.yield() }
        }

        func answer(_ index: Int, with result: ValidationResult) {
            waiting[index].resume(returning: result)
        }
    }

    /// A validator that waits until it is cancelled (at most 10 minutes), then says
    /// whether it was.
    actor SlowValidator {
        private(set) var started = 0
        private(set) var sawCancellation: [Bool] = []

        func check() async -> ValidationResult {
            started += 1
            try? await Task.sleep(for: .seconds(600))
            sawCancellation.append(Task.isCancelled)
            return Task.isCancelled ? .cancelled : .valid
        }

        func waitUntil(_ condition: @Sendable (SlowValidator) async -> Bool) async {
            for _ in 0..<1_000 { if await condition(self) { return }; try? await Task.sleep(for: .milliseconds(10)) }
        }
    }

    /// A re-check stays joinable after a join: a `didChange` of the form's field
    /// that reaches an entry late, after a newer change, awaits that change's
    /// re-check, and so does the `didChange` of the newer change, which never
    /// finds it taken and returns before the re-check has run. A change whose
    /// re-check has nothing to run leaves nothing to join.
    @Test(.timeLimit(.minutes(1))) func aRecheckStaysJoinableUntilTheCausesNextChange() async {
        let gate = Gate()
        let controller = FieldValidationController<Field>(triggers: [.email: .change]) { _ in await gate.wait() }
        controller.setState(.valid, for: .email)
        controller.recheck([.email], after: "cap")      // the first change's
        controller.recheck([.email], after: "cap")      // the second change's
        await gate.untilWaiting(2)
        let late = Task { await controller.settleRecheck(after: "cap") }
        let joined = Box(false)
        let second = Task {
            await controller.settleRecheck(after: "cap")
            joined.value = true
        }
        for _ in 0..<20 { await Task.yield() }
        #expect(!joined.value, "the second change's join returned while its re-check waits")
        #expect(controller.state(of: .email) == .validating)
        gate.answer(1, with: .invalid(message: "taken"))
        gate.answer(0, with: .valid)                     // the superseded run's answer, never shown
        await second.value
        await late.value
        #expect(joined.value)
        #expect(controller.state(of: .email) == .invalid(message: "taken"))
        // Nothing to re-check (no field with a state): a join returns at once.
        controller.reset {}
        controller.recheck([.email], after: "cap")
        await controller.settleRecheck(after: "cap")
        #expect(controller.state(of: .email) == .idle)
    }

    /// The form (or entry) holding a controller goes while a run of its rules, which
    /// an assignment started, is still waiting: the run is cancelled (the validator
    /// sees `Task.isCancelled`), and an assignment to a value that outlives the form
    /// (a view's binding) starts nothing more.
    @Test(.timeLimit(.minutes(1))) func aControllerThatGoesCancelsTheRulesItStillRuns() async {
        let validator = SlowValidator()
        let email = FormValue("")
        let heard = Box<[FieldState]>([])
        weak var dropped: FieldValidationController<Field>?
        do {
            let controller = FieldValidationController<Field>(triggers: [.email: .change]) { _ in await validator.check() }
            dropped = controller
            controller.watch(email, as: .email)
            controller.addStateObserver { _, state in heard.value.append(state) }
            email.value = "ada@example.com"
            await validator.waitUntil { await $0.started == 1 }
        }
        #expect(dropped == nil)
        await validator.waitUntil { await $0.sawCancellation.count == 1 }
        #expect(await validator.sawCancellation == [true])
        email.value = "grace@example.com"
        try? await Task.sleep(for: .milliseconds(50))
        #expect(await validator.started == 1)
        // The cancelled run wrote no state: no observer hears of a form that is gone.
        #expect(heard.value == [.validating])
    }

    /// An observer that lets the form (here the controller) go while it is told of a
    /// state, as a screen closing on a state would, is the last one told, then and
    /// when the run it was told of ends.
    @Test(.timeLimit(.minutes(1))) func anObserverThatLetsTheControllerGoIsTheLastOneTold() async {
        let email = FormValue("")
        let holder = Box<FieldValidationController<Field>?>(nil)
        let heard = Box<[FieldState]>([])
        weak var dropped: FieldValidationController<Field>?
        do {
            let controller = FieldValidationController<Field>(triggers: [.email: .change]) { _ in .valid }
            controller.watch(email, as: .email)
            controller.addStateObserver { _, _ in holder.value = nil }
            controller.addStateObserver { _, state in heard.value.append(state) }
            holder.value = controller
            dropped = controller
        }
        email.value = "ada@example.com"    // `change`: the edit's run tells `.validating`, then `.valid`
        for _ in 0..<1_000 where holder.value != nil { try? await Task.sleep(for: .milliseconds(10)) }
        try? await Task.sleep(for: .milliseconds(50))
        #expect(dropped == nil)
        #expect(heard.value == [])
    }

    /// A controller dropped with no edit in flight goes with everything it holds
    /// (here what its rules hold, `sentinel`), with no turn of the main actor in
    /// between: a screen dropping many forms in one go holds none of them.
    @Test func anIdleControllerThatGoesLetsItsRulesGoAtOnce() {
        final class Sentinel: Sendable {}
        weak var sentinel: Sentinel?
        do {
            let held = Sentinel()
            sentinel = held
            let controller = FieldValidationController<Field>(triggers: [.email: .change]) { _ in
                withExtendedLifetime(held) { .valid }
            }
            #expect(controller.state(of: .email) == .idle)
        }
        #expect(sentinel == nil)
    }

    @Test func aNewerRunSupersedesAnOlderSlowerOne() async {
        let gate = Gate()
        let controller = FieldValidationController<Field>(triggers: [.email: .change]) { _ in await gate.wait() }
        var states: [FieldState] = []
        controller.addStateObserver { _, state in states.append(state) }

        let older = Task { await controller.validate(.email) }
        await gate.untilWaiting(1)
        let newer = Task { await controller.validate(.email) }
        await gate.untilWaiting(2)

        gate.answer(1, with: .invalid(message: "new value is taken"))
        #expect(await newer.value == .invalid(message: "new value is taken"))
        gate.answer(0, with: .valid)
        #expect(await older.value == .cancelled)

        #expect(controller.state(of: .email) == .invalid(message: "new value is taken"))
        #expect(states == [.validating, .invalid(message: "new value is taken")])
    }

    /// The older run's result is ignored while the newer runs, and its edit returns
    /// only once the newer run has set the state (SPEC §6.4: `didChange` returns
    /// once the rules its trigger calls for have run).
    @Test func anOlderRunFinishingFirstIsAlsoIgnoredWhileTheNewerIsInFlight() async {
        let gate = Gate()
        let controller = FieldValidationController<Field>(triggers: [.email: .change]) { _ in await gate.wait() }
        let olderReturned = Box(false)
        let older = Task {
            await controller.didChange(.email)
            olderReturned.value = true
        }
        await gate.untilWaiting(1)
        let newer = Task { await controller.didChange(.email) }
        await gate.untilWaiting(2)

        gate.answer(0, with: .invalid(message: "stale"))
        for _ in 0..<50 { await Task.yield() }
        #expect(controller.state(of: .email) == .validating)
        #expect(!olderReturned.value)
        gate.answer(1, with: .valid)
        await older.value
        #expect(controller.state(of: .email) == .valid)
        await newer.value
        #expect(controller.state(of: .email) == .valid)
    }

    /// A blur whose run a re-check supersedes (a field it depends on changed just
    /// before) returns with the re-check's state, not `.validating`.
    @Test func aBlurSupersededByARecheckReturnsWithTheRechecksState() async {
        let gate = Gate()
        let controller = FieldValidationController<Field>(
            triggers: [.password: .blur, .confirm: .blur], dependents: [.password: [.confirm]]
        ) { _ in await gate.wait() }
        // `confirm` has a state, so that a change of `password` re-checks it.
        controller.setState(.valid, for: .confirm)
        let blur = Task {
            await controller.didEndEditing(.confirm)
            return controller.state(of: .confirm)
        }
        await gate.untilWaiting(1)
        let change = Task { await controller.didChange(.password) }
        await gate.untilWaiting(2)
        gate.answer(0, with: .valid)
        gate.answer(1, with: .invalid(message: "The passwords don't match"))
        #expect(await blur.value == .invalid(message: "The passwords don't match"))
        await change.value
    }

    @Test func setStateSupersedesARunInFlight() async {
        let gate = Gate()
        let controller = FieldValidationController<Field>(triggers: [.email: .change]) { _ in await gate.wait() }
        let run = Task { await controller.validate(.email) }
        await gate.untilWaiting(1)
        controller.setState(.invalid(message: "from validate()"), for: .email)
        gate.answer(0, with: .valid)
        #expect(await run.value == .cancelled)
        #expect(controller.state(of: .email) == .invalid(message: "from validate()"))
    }

    @Test func supersessionIsPerField() async {
        let gate = Gate()
        let controller = FieldValidationController<Field>(triggers: [.email: .change, .password: .change]) { _ in
            await gate.wait()
        }
        let email = Task { await controller.validate(.email) }
        await gate.untilWaiting(1)
        let password = Task { await controller.validate(.password) }
        await gate.untilWaiting(2)
        gate.answer(1, with: .valid)
        gate.answer(0, with: .invalid(message: "bad"))
        #expect(await email.value == .invalid(message: "bad"))
        #expect(await password.value == .valid)
        #expect(controller.state(of: .email) == .invalid(message: "bad"))
        #expect(controller.state(of: .password) == .valid)
    }
}
