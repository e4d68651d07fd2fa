import Foundation
import Observation

/// The state and the runs behind a `FieldValidationController`: each method does
/// what the controller's method of the same name says. The controller's tasks hold
/// this engine, never the controller, so that the form (or entry) holding the
/// controller goes when the app drops it, and the controller, going with it, ends
/// the engine (`end()`): the rules still running are cancelled.
@MainActor
final class FieldValidationEngine<Field: Hashable & Sendable> {
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
    /// The last edit each field's assignments started, and how many of those
    /// assignments (in a row, each starting an edit) no `didChange` has joined yet:
    /// a renderer that reports each keystroke late, after the next one was
    /// assigned, joins the last edit once per assignment, never running it again.
    private var unjoinedEdits: [Field: (edit: Task<Void, Never>, assignments: Int)] = [:]
    /// The last re-check each cause (a field of the form, for an entry) started:
    /// kept when joined, so that every `settleRecheck(after:)` until the cause's
    /// next change awaits it (a join that comes late, after a newer change,
    /// awaits that change's re-check, never none). One task per cause.
    private var lastRechecks: [AnyHashable: Task<Void, Never>] = [:]
    /// The fields whose last assignment was an edit with no task, until `didChange`
    /// repeats it: the message that assignment took away was the only one to go.
    private var assignedWithoutTask: Set<Field> = []
    /// The number of the last edit of each field that runs its rules: an older one
    /// that has not started by then leaves them to it, since both would run them on
    /// the newer value (two keystrokes assigned before the main actor turns).
    private var lastRuleEdits: [Field: UInt64] = [:]
    /// While true (`reset`), assignments are no edits.
    private var isResetting = false
    /// How many times `reset` has ended: an edit started before a reset stops
    /// where it finds a newer count, before it runs anything more.
    private var resets: UInt64 = 0
    /// `FieldChangeMark.now` at the end of the last `reset`: every field changed then,
    /// those with no record too.
    private var resetAt: UInt64 = 0
    /// Whether the controller has gone, and how many edits are in flight: shared
    /// with the controller's `deinit`, which may run on any thread.
    nonisolated let lifetime = EngineLifetime()
    /// The controller has gone: nothing more starts, and no state is written.
    private var hasEnded: Bool { lifetime.hasEnded }

    nonisolated init(
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

    func watch<Value>(_ value: FormValue<Value>, as field: Field) {
        value.addObserver { [weak self] _ in self?.valueDidChange(field) }
    }

    func valueDidChange(_ field: Field) {
        valueDidChange(field, rechecksItself: false)
    }

    func listDidChange(_ field: Field) {
        valueDidChange(field, rechecksItself: true)
    }

    private func valueDidChange(_ field: Field, rechecksItself: Bool) {
        guard !isResetting, !hasEnded else { return }
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
        if runsNow { lastRuleEdits[field] = number }
        guard lifetime.begin() else { return }
        let task = Task { [weak self, lifetime] in
            defer { lifetime.finish() }
            // A reset (or a cancelled task) before the task starts: nothing runs.
            guard let self, self.resets == resets, !Task.isCancelled else { return }
            // A blur since the assignment ran the rules on this value already
            // (`changeAfterBlur`): they do not run twice for one edit.
            // A newer assignment's edit runs them on the value this one would read.
            let runs = runsNow && (self.records[field]?.blurRuns ?? 0) == blurRuns && self.lastRuleEdits[field] == number
            // The message from `setError` went with the assignment above; one set
            // since, after the value changed, stays.
            await self.edit(field, clearsError: false, runs: runs, rechecking: rechecked)
            self.edits[number] = nil
        }
        edits[number] = task
        EditTasks.started &+= 1
        unjoinedEdits[field] = (task, (unjoinedEdits[field]?.assignments ?? 0) + 1)
    }

    func recheck(_ fields: [Field], after cause: AnyHashable? = nil) {
        // A newer change of the cause: what an older one started is not this one's to await.
        if let cause { lastRechecks[cause] = nil }
        guard !fields.isEmpty, !hasEnded else { return }
        let downChains = isShown == nil ? [] : rechecks.fieldsDownChains(from: fields, flipped: flipped)
        noteChange(of: fields + downChains)
        let checked = (fields + downChains).filter(hasState)
        guard !checked.isEmpty else { return }
        editCount &+= 1
        let number = editCount
        let resets = resets
        guard lifetime.begin() else { return }
        EditTasks.started &+= 1
        let task = Task { [weak self, lifetime] in
            defer { lifetime.finish() }
            guard let self else { return }
            for field in checked {
                guard self.resets == resets, !Task.isCancelled else { return }
                await self.validate(field)
            }
            self.edits[number] = nil
        }
        edits[number] = task
        if let cause { lastRechecks[cause] = task }
    }

    func settleRecheck(after cause: AnyHashable) async {
        await lastRechecks[cause]?.value
    }

    func settle() async {
        while let number = edits.keys.min(), let task = edits[number] {
            await task.value
            // The task removes itself; a cancelled one may not have got that far.
            edits[number] = nil
        }
    }

    func runUntilReset<Report: Sendable>(_ rules: @escaping @Sendable () async -> Report) async -> Report {
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

    func didChange(_ field: Field) async {
        if let unjoined = unjoinedEdits[field] {
            unjoinedEdits[field] = unjoined.assignments > 1 ? (unjoined.edit, unjoined.assignments - 1) : nil
            await unjoined.edit.value
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

    /// Forgets the visibility noted for following chains (`flipped`): the next
    /// change follows chains from what is shown then.
    func forgetNotedVisibility() {
        lastShown.removeAll()
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

    func hasChanged(_ field: Field, since mark: FieldChangeMark) -> Bool {
        max(records[field]?.changedAt ?? 0, resetAt) > mark.count
    }

    /// Whether `field` has a state (it is not `.idle`).
    private func hasState(_ field: Field) -> Bool {
        (records[field]?.state ?? .idle) != .idle
    }

    func didEndEditing(_ field: Field) async {
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

    func trigger(of field: Field) -> ValidationTrigger {
        triggers[field] ?? .default
    }

    func state(of field: Field) -> FieldState {
        registrar.access(self, keyPath: \.[observedState: field])
        return records[field]?.state ?? .idle
    }

    /// The key path under which Observation tracks one field's state: its
    /// argument is part of the key path's identity, so each field is tracked
    /// on its own.
    private subscript(observedState field: Field) -> FieldState {
        records[field]?.state ?? .idle
    }

    func setState(_ state: FieldState, for field: Field) {
        var record = records[field] ?? Record()
        record.generation &+= 1
        records[field] = record
        running.removeValue(forKey: field)?.cancel()
        write(state, for: field)
    }

    func apply(_ report: ValidationReport<Field>, changedSince mark: FieldChangeMark? = nil) {
        forgetNotedVisibility()
        for field in report.fields where records[field]?.externalError == nil {
            if let mark, hasChanged(field, since: mark) { continue }
            // A cancelled run judged nothing: the field keeps what it shows.
            let result = report[field]
            if result == .cancelled { continue }
            setState(FieldState(result), for: field)
        }
    }

    func applying(_ report: ValidationReport<Field>, changedSince mark: FieldChangeMark? = nil) -> ValidationReport<Field> {
        applying(report, changedSince: mark, isShown: { _ in true })
    }

    func applying(
        _ report: ValidationReport<Field>, changedSince mark: FieldChangeMark? = nil, isShown: (Field) -> Bool
    ) -> ValidationReport<Field> {
        apply(report, changedSince: mark)
        var messages: [Field: ValidationResult] = [:]
        for (field, record) in records {
            if let message = record.externalError, isShown(field) { messages[field] = .invalid(message: message) }
        }
        return report.replacing(messages)
    }

    func setError(_ message: String, for field: Field) {
        setState(.invalid(message: message), for: field)
        records[field]?.externalError = message
    }

    func clearErrors() {
        for (field, record) in records where record.externalError != nil {
            records[field]?.externalError = nil
            setState(.idle, for: field)
        }
    }

    func error(of field: Field) -> String? {
        records[field]?.externalError
    }

    func hasError(_ field: Field) -> Bool {
        records[field]?.externalError != nil
    }

    func reset(_ assign: () -> Void) {
        beginReset()
        assign()
        endReset()
    }

    func beginReset() {
        isResetting = true
    }

    func endReset() {
        isResetting = false
        resets &+= 1
        // The values were set with no edits: no visibility noted before is known to hold.
        forgetNotedVisibility()
        cancelInFlight()
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

    /// The controller has gone (`lifetime.end()`), and its form or entry with it,
    /// while edits were in flight: each is cancelled with the run of rules it awaits
    /// (an app's validator sees `Task.isCancelled`), and the observers go. Since
    /// `lifetime.end()`, no assignment, re-check or run starts anything, and no state
    /// is written or told to an observer: no one is left to see it.
    func end() {
        cancelInFlight()
        observers = ObserverList()
    }

    /// Cancels every run and edit in flight, and forgets the edits no `didChange` has joined and each cause's last re-check.
    private func cancelInFlight() {
        for task in running.values { task.cancel() }
        running.removeAll()
        for task in edits.values { task.cancel() }
        edits.removeAll()
        for cancel in wholeRuns.values { cancel() }
        wholeRuns.removeAll()
        unjoinedEdits.removeAll()
        lastRuleEdits.removeAll()
        lastRechecks.removeAll()
        assignedWithoutTask.removeAll()
    }

    @discardableResult
    func addStateObserver(_ observer: @escaping @MainActor (Field, FieldState) -> Void) -> ObserverToken {
        observers.add(observer)
    }

    func removeStateObserver(_ token: ObserverToken) {
        observers.remove(token)
    }

    @discardableResult
    func validate(_ field: Field) async -> ValidationResult {
        await run(field, debounced: false)
    }

    /// A run of `field`'s rules in a task of its own, which a newer run cancels;
    /// `debounced`: a change of the value started it (`ValidationRun.isDebounced`).
    private func run(_ field: Field, debounced: Bool) async -> ValidationResult {
        guard !hasEnded else { return .cancelled }
        var record = records[field] ?? Record()
        if let message = record.externalError { return .invalid(message: message) }
        record.generation &+= 1
        let generation = record.generation
        records[field] = record
        write(.validating, for: field)
        // An observer told of `.validating` may have superseded the run at once
        // (`setError`, `setState`, `reset`): its rules, not called yet, never are.
        guard records[field]?.generation == generation else { return .cancelled }

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

        guard records[field]?.generation == generation else {
            await untilNewerRunsEnd(of: field, after: task)
            return .cancelled
        }
        if result == .cancelled {
            write(records[field]?.settled ?? .idle, for: field)
        } else {
            write(FieldState(result), for: field)
        }
        return result
    }

    /// Returns once no run of `field` newer than the one whose rules are `older`
    /// is in flight: a superseded run ends when the newest has set the field's
    /// state, so that the caller of a trigger (`didChange`, `didEndEditing`) finds
    /// the field settled (SPEC §6.4). `setState` and `reset` leave no run to wait for.
    private func untilNewerRunsEnd(of field: Field, after older: Task<ValidationResult, Never>) async {
        var awaited = older
        while let newer = running[field] {
            if newer != awaited {
                awaited = newer
                _ = await newer.value
            }
            // Until the newer run, resumed when its rules end, has set the state and let its task go.
            await Task.yield()
        }
    }

    private func write(_ state: FieldState, for field: Field) {
        guard !hasEnded else { return }
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
        // An observer that lets the form go (a screen closing on `.valid`) ends the telling.
        ObserverList.forEach(in: { observers }, while: { stateWrites[field] == notifying && !hasEnded }) { $0(field, state) }
    }
}

extension FieldValidationEngine: Observable {}

/// How many edits have started a task of their own, in every form and entry:
/// a form with lists, whose entries have controllers of their own, settles
/// once a pass over all of them started none
/// (`FieldValidationController.editsStarted`).
@MainActor
enum EditTasks {
    static var started: UInt64 = 0
}

/// What a controller's `deinit`, on whatever thread the form goes, and its engine,
/// on the main actor, share: whether the controller has gone, and how many edits
/// the engine has in flight. The edits are the engine's only tasks that no caller
/// holding the form awaits (a run of `validate(_:)` or `runUntilReset` has one),
/// so the only ones that can outlive the form.
final class EngineLifetime: @unchecked Sendable {
    private let lock = NSLock()
    private var ended = false
    private var edits = 0

    /// An edit starts; false once the controller has gone: then it does not.
    func begin() -> Bool {
        lock.withLock {
            guard !ended else { return false }
            edits += 1
            return true
        }
    }

    /// An edit has ended.
    func finish() {
        lock.withLock { edits -= 1 }
    }

    /// Whether the controller has gone.
    var hasEnded: Bool {
        lock.withLock { ended }
    }

    /// The controller has gone: whether edits are in flight, which the engine must
    /// then end on the main actor (`FieldValidationEngine.end()`).
    func end() -> Bool {
        lock.withLock {
            ended = true
            return edits > 0
        }
    }
}
