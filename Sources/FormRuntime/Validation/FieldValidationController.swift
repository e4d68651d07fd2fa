import Observation

/// Keeps the validation state of every field of one form instance and decides,
/// from each field's `ValidationTrigger`, when an edit runs its rules (SPEC §6.4).
///
/// The generated form owns one and forwards a renderer's `didChange` and
/// `didEndEditing` to it; the rules themselves come in as the `validate`
/// closure, so this type knows nothing of any particular form.
///
/// - Supersession: each run of a field takes a new generation number; a run
///   that finishes after a newer one has started (or after `setState`) is
///   `.cancelled` and never writes its result over the newer state. Likewise a
///   report of a snapshot (`apply(_:changedSince:)`) leaves the fields whose
///   values changed after it was taken.
/// - Dependents: when a field changes, each field whose rules read it is
///   validated again, and so is each field of a visibility group whose condition
///   reads it (the fields it shows or hides, and those whose rules read them), and
///   down chains as far as visibility changes (a field it hides that another
///   condition reads hides what that condition shows:
///   `RecheckTable.fieldsDownChains(from:flipped:)`, given `isShown`), but
///   only when it already has a state (it is not `.idle`): a result the user can
///   see must not go stale, but a field nobody has reached yet must not light up
///   with an error because another one changed.
/// - State observers hear every change of state, in order; setting a state that a
///   field already has is no change.
/// - Observation (`Observable`): reading `state(of:)` inside
///   `withObservationTracking` (or a SwiftUI view's `body`) registers a read of
///   that one field's state; a change of that field's state calls `onChange`, a
///   change of another field's does not.
///
/// - Edits from value assignments (SPEC §15.2): the generated form calls
///   `valueDidChange(_:)` from each `FormValue`'s observer, which starts the
///   edit's rules in a task of their own; `didChange(_:)` right after that joins
///   the edit rather than running it again, and `settle()` awaits every edit in
///   flight.
/// - Each run of a field's rules is a task of its own: a newer run of the field,
///   `setState`, `setError` or `reset` cancels it (the validator sees
///   `Task.isCancelled`), and its result never reaches the state.
/// - Messages from outside the rules (`setError`) stay until the field's value
///   changes; `apply` and runs of the field's rules leave them.
///
/// Every operation is O(1) in the number of fields, plus, for an edit, the fields
/// of the groups whose condition reads the edited field, and of those whose
/// condition reads a field the edit showed or hid, down the chain.
@MainActor
public final class FieldValidationController<Field: Hashable & Sendable> {
    /// What the controller remembers of one field.
    private struct Record {
        var state: FieldState = .idle
        /// The last state that is not `.validating`: a cancelled run falls back to it.
        var settled: FieldState = .idle
        /// The value has changed at least once.
        var isDirty = false
        /// The field has lost focus at least once.
        var hasBlurred = false
        /// How many times losing focus has run the field's rules.
        var blurRuns: UInt64 = 0
        var generation: UInt64 = 0
        /// A message from outside the rules (`setError`), until the value changes.
        var externalError: String?
        /// `FieldChangeMark.now` when the value last changed.
        var changedAt: UInt64 = 0
    }

    private let triggers: [Field: ValidationTrigger]
    /// What a change of each field re-checks: its dependents and visibility groups.
    private let rechecks: RecheckTable<Field, Field>
    private let runRules: @MainActor (Field) async -> ValidationResult
    /// Whether a field is shown now by the conditions of this controller's form
    /// or entry, for following chains; nil: none to follow.
    private let isShown: (@MainActor (Field) -> Bool)?
    /// The visibility each field a condition reads had when a change last reached
    /// it (`flipped(_:)`); a field not in it has not been reached since the start
    /// or the last `reset`.
    private var lastShown: [Field: Bool] = [:]
    private var records: [Field: Record] = [:]
    private var observers = ObserverList<@MainActor (Field, FieldState) -> Void>()
    /// Counts each field's writes of a state, so that a notification can tell that an
    /// observer has written a newer state of that field (and notified everyone of it)
    /// in the meantime. Kept apart from `records`, which `reset` replaces.
    private var stateWrites: [Field: UInt64] = [:]
    private let registrar = ObservationRegistrar()
    /// The task running each field's rules now, cancelled by a newer run.
    private var running: [Field: Task<ValidationResult, Never>] = [:]
    /// Every edit started by an assignment and not finished yet, by number.
    private var edits: [UInt64: Task<Void, Never>] = [:]
    private var editCount: UInt64 = 0
    /// How to cancel each whole validation running now (`runUntilReset`), by number.
    private var wholeRuns: [UInt64: () -> Void] = [:]
    private var wholeRunCount: UInt64 = 0
    /// The last edit each field's assignment started, until `didChange` joins it.
    private var unjoinedEdits: [Field: Task<Void, Never>] = [:]
    /// The fields whose last assignment was an edit with no task, until `didChange`
    /// repeats it: the message that assignment took away was the only one to go.
    private var assignedWithoutTask: Set<Field> = []
    /// While true (`reset`), assignments are no edits.
    private var isResetting = false
    /// How many times `reset` has ended: an edit started before a reset stops
    /// where it finds a newer count, before it runs anything more.
    private var resets: UInt64 = 0
    /// `FieldChangeMark.now` at the end of the last `reset`: every field changed then,
    /// those with no record too.
    private var resetAt: UInt64 = 0

    /// - Parameters:
    ///   - triggers: each field's trigger; a field not listed uses
    ///     `ValidationTrigger.default` (`blurAfterChange`).
    ///   - dependents: for each field, the fields whose rules read it.
    ///   - visibilityGroups: for each condition that shows or hides fields, the
    ///     fields it reads (`readers`) and the fields a change of one of them
    ///     re-checks (`fields`: those with rules it shows or hides, which are valid
    ///     while hidden; those whose rules read a field it shows or hides, which
    ///     reads as empty while hidden; and those it shows or hides that another
    ///     group's condition reads, where a chain goes on).
    ///   - isShown: whether a field is shown now by the conditions of the form (or
    ///     entry) the controller belongs to: given when a condition reads a field
    ///     that a condition shows or hides (a chain), so that a change follows the
    ///     chain as far as visibility changes.
    ///   - validate: runs one field's rules against the form's current values
    ///     (a hidden field answers `.valid`).
    ///
    /// `nonisolated`, so that a form can create its controller in a stored or
    /// `lazy` property's initializer.
    public nonisolated init(
        triggers: [Field: ValidationTrigger],
        dependents: [Field: [Field]] = [:],
        visibilityGroups: [(readers: [Field], fields: [Field])] = [],
        isShown: (@MainActor (Field) -> Bool)? = nil,
        validate: @escaping @MainActor (Field) async -> ValidationResult
    ) {
        self.triggers = triggers
        self.rechecks = RecheckTable(dependents: dependents, visibilityGroups: visibilityGroups)
        self.isShown = isShown
        self.runRules = validate
    }

    /// The controller of a form (or a list's entry) without fields, whose `Field`
    /// has no case: there are no rules to run. (A closure given a `Field` there
    /// could never be called, and Swift warns that its body "will never be executed".)
    public nonisolated convenience init(triggers: [Field: ValidationTrigger], dependents: [Field: [Field]] = [:]) {
        self.init(triggers: triggers, dependents: dependents, validate: { _ in .valid })
    }

    /// Makes every assignment of a new value to `value` an edit of `field`
    /// (`valueDidChange(_:)`): the form's `init` calls it once per field.
    public func watch<Value>(_ value: FormValue<Value>, as field: Field) {
        value.addObserver { [weak self] _ in self?.valueDidChange(field) }
    }

    /// `field`'s `FormValue` was assigned a new value: an edit (SPEC §15.2). Starts
    /// what `didChange(_:)` does in a task of its own and returns at once;
    /// `settle()` awaits it, and a `didChange(field)` that follows joins it.
    public func valueDidChange(_ field: Field) {
        valueDidChange(field, rechecksItself: false)
    }

    /// The entries of the list `field` came, went or moved (SPEC §14): an edit, as
    /// `valueDidChange(_:)` says, that also re-runs the list's own rules (`minItems`,
    /// `maxItems`) at once whenever the list has a state, as a change re-checks a
    /// dependent that has one. A list has no focus to leave: its message follows
    /// its count from the moment it is shown, whatever its trigger.
    public func listDidChange(_ field: Field) {
        valueDidChange(field, rechecksItself: true)
    }

    private func valueDidChange(_ field: Field, rechecksItself: Bool) {
        guard !isResetting else { return }
        noteChange(of: field)
        // Asked before a message from `setError` goes (and the field with it to `.idle`).
        let hadState = hasState(field)
        if records[field]?.externalError != nil {
            // The value changed: the message goes at once, before the edit's rules run.
            records[field]?.externalError = nil
            setState(.idle, for: field)
        }
        // The value has changed as of now: a blur that comes before the edit's task
        // runs validates under `blurAfterChange`, whether or not there is a task.
        records[field, default: Record()].isDirty = true
        // Decided now, as the trigger stands at the assignment: a blur that comes
        // before the edit's task runs does not make this change one after a blur.
        let runsByTrigger = switch trigger(of: field) {
        case .change: true
        case .changeAfterBlur: records[field]?.hasBlurred ?? false
        case .blur, .blurAfterChange, .submit: false
        }
        let runsNow = runsByTrigger || (rechecksItself && hadState)
        // Decided now, while the values are those of this assignment: which fields
        // it showed or hid (`flipped(_:)`).
        let rechecked = fieldsRechecked(after: field)
        noteChange(of: rechecked)
        if !runsNow && !rechecked.contains(where: hasState) {
            // Nothing to run (most edits under the default trigger): the edit is
            // done here, with no task; a `didChange` that follows repeats only this.
            unjoinedEdits[field] = nil
            assignedWithoutTask.insert(field)
            return
        }
        assignedWithoutTask.remove(field)
        editCount &+= 1
        let number = editCount
        let resets = resets
        let blurRuns = records[field]?.blurRuns ?? 0
        let task = Task { [weak self] in
            // A reset (or a cancelled task) before the task starts: nothing runs.
            guard let self, self.resets == resets, !Task.isCancelled else { return }
            // A blur since the assignment ran the rules on this value already
            // (`changeAfterBlur`): they do not run twice for one edit.
            let runs = runsNow && (self.records[field]?.blurRuns ?? 0) == blurRuns
            // The message from `setError` went with the assignment above; one set
            // since, after the value changed, stays.
            await self.edit(field, clearsError: false, runs: runs, rechecking: rechecked)
            self.edits[number] = nil
        }
        edits[number] = task
        unjoinedEdits[field] = task
    }

    /// Re-runs the rules of each of `fields` that has a state, in order, then of
    /// each field reached down chains from them that has one (as far as `isShown`
    /// says a field among them was shown or hidden), in a task of its own that
    /// `settle()` awaits, and returns at once: a value those rules read changed
    /// outside this controller (a list entry's fields reading a field of the
    /// form, SPEC §16).
    public func recheck(_ fields: [Field]) {
        guard !fields.isEmpty else { return }
        let downChains = isShown == nil ? [] : rechecks.fieldsDownChains(from: fields, flipped: flipped)
        noteChange(of: fields + downChains)
        let checked = (fields + downChains).filter(hasState)
        guard !checked.isEmpty else { return }
        editCount &+= 1
        let number = editCount
        let resets = resets
        edits[number] = Task { [weak self] in
            guard let self else { return }
            for field in checked {
                guard self.resets == resets, !Task.isCancelled else { return }
                await self.validate(field)
            }
            self.edits[number] = nil
        }
    }

    /// Returns once every edit that assignments started has run its rules (and the
    /// edits those started, and so on): for a test, or a submit button that must
    /// see the fields' states settled.
    public func settle() async {
        while let number = edits.keys.min(), let task = edits[number] {
            await task.value
            // The task removes itself; a cancelled one may not have got that far.
            edits[number] = nil
        }
    }

    /// Runs `rules`, a whole validation of the form's values (the form's `validate()`
    /// and `validate(page:)`), in a task that `reset` cancels, as it cancels the rules
    /// the triggers run (SPEC §15.2): an app's validator awaiting a server sees
    /// `Task.isCancelled`. The caller's cancellation reaches it too.
    public func runUntilReset<Report: Sendable>(_ rules: @escaping @Sendable () async -> Report) async -> Report {
        let task = Task { await rules() }
        wholeRunCount &+= 1
        let number = wholeRunCount
        wholeRuns[number] = { task.cancel() }
        defer { wholeRuns[number] = nil }
        return await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
    }

    /// The user changed `field`'s value. Returns once every validation this
    /// calls for has finished: the field's own (if its trigger says so), then
    /// its dependents', in the order given. Right after an assignment to the
    /// field's `FormValue` (which is an edit already, `valueDidChange(_:)`),
    /// this waits for that edit instead of running the rules a second time.
    public func didChange(_ field: Field) async {
        if let edit = unjoinedEdits.removeValue(forKey: field) {
            await edit.value
            return
        }
        noteChange(of: field)
        let rechecked = fieldsRechecked(after: field)
        noteChange(of: rechecked)
        // After an assignment that started no task, this repeats its edit: a message set
        // since stays (the assignment took the older one), and the rules run as the
        // assignment decided, not at all (a blur since does not make it a change after one).
        let repeatsAssignment = assignedWithoutTask.remove(field) != nil
        await edit(field, clearsError: !repeatsAssignment, runs: repeatsAssignment ? false : nil, rechecking: rechecked)
    }

    /// An edit of `field`: its rules if `runs` says so (nil: if its trigger says
    /// so), then the rules of each of `rechecked` (`fieldsRechecked(after:)`) that
    /// has a state; `clearsError`: the message from `setError` goes (the value
    /// changed since it was set). Stops at a `reset`.
    private func edit(_ field: Field, clearsError: Bool, runs: Bool?, rechecking rechecked: [Field]) async {
        let resets = resets
        var record = records[field] ?? Record()
        record.isDirty = true
        records[field] = record
        if clearsError, record.externalError != nil {
            // The value changed: the message goes, and the field's triggers take over again.
            records[field]?.externalError = nil
            setState(.idle, for: field)
        }
        record = records[field] ?? record
        let runsRules: Bool
        if let runs {
            runsRules = runs
        } else {
            switch trigger(of: field) {
            case .change: runsRules = true
            case .changeAfterBlur: runsRules = record.hasBlurred
            case .blur, .blurAfterChange, .submit: runsRules = false
            }
        }
        if runsRules {
            _ = await run(field, debounced: true)
        }
        for dependent in rechecked where hasState(dependent) {
            guard self.resets == resets else { return }
            await validate(dependent)
        }
    }

    /// The fields a change of `field` re-checks (those that have a state, when it
    /// comes to it), other than itself: its dependents and the fields of the
    /// groups whose condition reads it, then down chains as far as the change
    /// showed or hid fields that conditions read. Asked once per change, as it
    /// happens: it notes the visibility of each field it reaches.
    private func fieldsRechecked(after field: Field) -> [Field] {
        let rechecked = rechecks.fields(after: field, excluding: field)
        guard isShown != nil, !rechecked.isEmpty else { return rechecked }
        return rechecked + rechecks.fieldsDownChains(from: rechecked, flipped: flipped).filter { $0 != field }
    }

    /// Whether `field`, which a condition reads, was shown or hidden since a
    /// change last reached it (true the first time): notes its visibility now.
    private func flipped(_ field: Field) -> Bool {
        guard let isShown else { return false }
        let shown = isShown(field)
        return lastShown.updateValue(shown, forKey: field) != shown
    }

    /// Records that `field`'s value changed now (`hasChanged(_:since:)`).
    private func noteChange(of field: Field) {
        records[field, default: Record()].changedAt = FieldChangeMark.advance()
    }

    /// Records that what the rules of `fields` read changed now: a value their
    /// rules or conditions read, or whether they are shown.
    private func noteChange(of fields: [Field]) {
        guard !fields.isEmpty else { return }
        let now = FieldChangeMark.advance()
        for field in fields { records[field, default: Record()].changedAt = now }
    }

    /// Whether `field`'s value, or a value its rules or visibility depend on,
    /// changed after `mark` was taken, or a `reset` came since.
    public func hasChanged(_ field: Field, since mark: FieldChangeMark) -> Bool {
        max(records[field]?.changedAt ?? 0, resetAt) > mark.count
    }

    /// Whether `field` has a state (it is not `.idle`).
    private func hasState(_ field: Field) -> Bool {
        (records[field]?.state ?? .idle) != .idle
    }

    /// `field` lost focus. Returns once the validation its trigger calls for has finished.
    public func didEndEditing(_ field: Field) async {
        var record = records[field] ?? Record()
        record.hasBlurred = true
        records[field] = record
        let runs: Bool
        switch trigger(of: field) {
        case .blur: runs = true
        case .blurAfterChange, .changeAfterBlur: runs = record.isDirty
        case .change, .submit: runs = false
        }
        if runs {
            records[field, default: Record()].blurRuns &+= 1
            await validate(field)
        }
    }

    /// The trigger `field` follows.
    public func trigger(of field: Field) -> ValidationTrigger {
        triggers[field] ?? .default
    }

    /// `field`'s current state; `.idle` until something validates it.
    public func state(of field: Field) -> FieldState {
        registrar.access(self, keyPath: \.[observedState: field])
        return records[field]?.state ?? .idle
    }

    /// The key path under which Observation tracks one field's state: its
    /// argument is part of the key path's identity, so each field is tracked
    /// on its own.
    private subscript(observedState field: Field) -> FieldState {
        records[field]?.state ?? .idle
    }

    /// Sets `field`'s state from outside (the form's `validate()`), superseding
    /// any run of the field still in flight.
    public func setState(_ state: FieldState, for field: Field) {
        var record = records[field] ?? Record()
        record.generation &+= 1
        records[field] = record
        running.removeValue(forKey: field)?.cancel()
        write(state, for: field)
    }

    /// Sets the state of every field in `report` from its result, in document
    /// order; a field showing a message from `setError` keeps it. Forgets the
    /// visibility noted for following chains: the states are as the values and
    /// the clock now make them, and a condition relative to `today` may have
    /// flipped since with no change to report it.
    ///
    /// `changedSince`: the mark taken with the snapshot of the values the report
    /// is of (a form's `validate()` takes both, then awaits the rules). A field
    /// whose value changed after it, or a value its rules or conditions read, or
    /// every field after a `reset`, keeps what its trigger and re-checks made of
    /// the new values, and a run of its rules in flight goes on: a result for
    /// older values never writes over one for newer values.
    public func apply(_ report: ValidationReport<Field>, changedSince mark: FieldChangeMark? = nil) {
        lastShown.removeAll()
        for field in report.fields where records[field]?.externalError == nil {
            if let mark, hasChanged(field, since: mark) { continue }
            setState(FieldState(report[field]), for: field)
        }
    }

    /// `apply(report)`, and the report as the fields now show it: a field with a
    /// message from `setError` is invalid with that message, so that a submit
    /// button does not pass a form showing an error. The same report when no
    /// field has such a message.
    public func applying(_ report: ValidationReport<Field>, changedSince mark: FieldChangeMark? = nil) -> ValidationReport<Field> {
        applying(report, changedSince: mark, isShown: { _ in true })
    }

    /// `applying(_:)` for a form whose fields can be hidden: a message from
    /// `setError` is in the report only while its field is shown (`isShown`); a
    /// hidden field is valid there (SPEC §6.2). The field keeps the message, and
    /// its state, for when it is shown again with its value unchanged.
    public func applying(
        _ report: ValidationReport<Field>, changedSince mark: FieldChangeMark? = nil, isShown: (Field) -> Bool
    ) -> ValidationReport<Field> {
        apply(report, changedSince: mark)
        var messages: [Field: ValidationResult] = [:]
        for (field, record) in records {
            if let message = record.externalError, isShown(field) { messages[field] = .invalid(message: message) }
        }
        return report.replacing(messages)
    }

    /// Shows `message` on `field` from outside the rules (a server said "email
    /// already taken"): its state becomes `.invalid(message:)` and stays so until
    /// the field's value changes; runs of its rules and `apply` leave it.
    public func setError(_ message: String, for field: Field) {
        setState(.invalid(message: message), for: field)
        records[field]?.externalError = message
    }

    /// Removes every message that `setError` set; those fields become `.idle`.
    public func clearErrors() {
        for (field, record) in records where record.externalError != nil {
            records[field]?.externalError = nil
            setState(.idle, for: field)
        }
    }

    /// The message from `setError` that `field` shows, if any.
    public func error(of field: Field) -> String? {
        records[field]?.externalError
    }

    /// Whether `field` shows a message from `setError`.
    public func hasError(_ field: Field) -> Bool {
        records[field]?.externalError != nil
    }

    /// Puts the form back as new (SPEC §15.2): `assign` sets the values, which
    /// are no edits; every run and edit in flight is cancelled, every state is
    /// `.idle`, every field untouched (not changed, never blurred), every message
    /// from `setError` gone.
    public func reset(_ assign: () -> Void) {
        beginReset()
        assign()
        endReset()
    }

    /// The start of `reset`, for generated code that assigns the values between
    /// this and `endReset()` in its own statements: until then, assignments are no edits.
    public func beginReset() {
        isResetting = true
    }

    /// The end of `reset`: runs and edits cancelled, every field `.idle` and untouched.
    public func endReset() {
        isResetting = false
        resets &+= 1
        // The values were set with no edits: no visibility noted before is known to hold.
        lastShown.removeAll()
        for task in running.values { task.cancel() }
        running.removeAll()
        for task in edits.values { task.cancel() }
        edits.removeAll()
        for cancel in wholeRuns.values { cancel() }
        wholeRuns.removeAll()
        unjoinedEdits.removeAll()
        assignedWithoutTask.removeAll()
        // A report of values from before the reset is of none of them now.
        let now = FieldChangeMark.advance()
        resetAt = now
        for (field, record) in records {
            var fresh = Record()
            fresh.generation = record.generation &+ 1
            fresh.state = record.state
            fresh.changedAt = now
            records[field] = fresh
            write(.idle, for: field)
        }
    }

    /// Registers `observer` to hear `(field, newState)` on every change of state.
    @discardableResult
    public func addStateObserver(_ observer: @escaping @MainActor (Field, FieldState) -> Void) -> ObserverToken {
        observers.add(observer)
    }

    /// Stops calling the observer behind `token`; an unknown token is ignored.
    public func removeStateObserver(_ token: ObserverToken) {
        observers.remove(token)
    }

    /// Validates `field` now, whatever its trigger (e.g. a renderer's "check"
    /// button): `.validating` while the rules run, then their result. Returns
    /// `.cancelled` (and writes nothing) when a newer run or `setState` has
    /// superseded this one in the meantime.
    @discardableResult
    public func validate(_ field: Field) async -> ValidationResult {
        await run(field, debounced: false)
    }

    /// A run of `field`'s rules in a task of its own, which a newer run cancels;
    /// `debounced`: a change of the value started it (`ValidationRun.isDebounced`).
    private func run(_ field: Field, debounced: Bool) async -> ValidationResult {
        var record = records[field] ?? Record()
        if let message = record.externalError { return .invalid(message: message) }
        record.generation &+= 1
        let generation = record.generation
        records[field] = record
        write(.validating, for: field)

        running[field]?.cancel()
        let runRules = runRules
        let task = Task {
            await ValidationRun.$isDebounced.withValue(debounced) {
                await runRules(field)
            }
        }
        running[field] = task
        let result = await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
        if running[field] == task { running[field] = nil }

        guard records[field]?.generation == generation else { return .cancelled }
        if result == .cancelled {
            write(records[field]?.settled ?? .idle, for: field)
        } else {
            write(FieldState(result), for: field)
        }
        return result
    }

    private func write(_ state: FieldState, for field: Field) {
        var record = records[field] ?? Record()
        guard record.state != state else { return }
        record.state = state
        if state != .validating {
            record.settled = state
        }
        registrar.withMutation(of: self, keyPath: \.[observedState: field]) {
            records[field] = record
        }
        let notifying = (stateWrites[field] ?? 0) &+ 1
        stateWrites[field] = notifying
        // An observer that sets this field's state again starts a nested notification
        // of the newer state; the rest of this one would then deliver a stale state
        // after the fresh one, so it stops (as `FormValue` does).
        ObserverList.forEach(in: { observers }, while: { stateWrites[field] == notifying }) { $0(field, state) }
    }
}

extension FieldValidationController: Observable {}

/// A point in the sequence of the value changes of every form and entry in the
/// process (on the main actor): a form's `validate()` takes one with its
/// snapshot of the values, and applies the report to the fields whose values
/// have not changed since (`FieldValidationController.apply(_:changedSince:)`).
public struct FieldChangeMark: Sendable, Hashable {
    let count: UInt64

    /// The mark of this moment.
    @MainActor public static var now: FieldChangeMark { FieldChangeMark(count: changes) }

    @MainActor private static var changes: UInt64 = 0

    /// Counts one change; its number.
    @MainActor static func advance() -> UInt64 {
        changes &+= 1
        return changes
    }
}
