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
    /// Everything the controller keeps and runs; its tasks hold it, not the controller.
    private let engine: FieldValidationEngine<Field>

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
        self.engine = FieldValidationEngine(
            triggers: triggers, dependents: dependents, visibilityGroups: visibilityGroups, isShown: isShown, validate: validate
        )
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
        engine.watch(value, as: field)
    }

    /// `field`'s `FormValue` was assigned a new value: an edit (SPEC §15.2). Starts
    /// what `didChange(_:)` does in a task of its own and returns at once;
    /// `settle()` awaits it, and a `didChange(field)` that follows joins it.
    public func valueDidChange(_ field: Field) {
        engine.valueDidChange(field)
    }

    /// The entries of the list `field` came, went or moved (SPEC §14): an edit, as
    /// `valueDidChange(_:)` says, that also re-runs the list's own rules (`minItems`,
    /// `maxItems`) at once whenever the list has a state, as a change re-checks a
    /// dependent that has one. A list has no focus to leave: its message follows
    /// its count from the moment it is shown, whatever its trigger.
    public func listDidChange(_ field: Field) {
        engine.listDidChange(field)
    }

    /// Re-runs the rules of each of `fields` that has a state, in order, then of
    /// each field reached down chains from them that has one (as far as `isShown`
    /// says a field among them was shown or hidden), in a task of its own that
    /// `settle()` awaits, and returns at once: a value those rules read changed
    /// outside this controller (a list entry's fields reading a field of the
    /// form, SPEC §16).
    public func recheck(_ fields: [Field]) {
        engine.recheck(fields)
    }

    /// `recheck(_:)` for a change of `cause` outside this controller (a field of
    /// the entry's form), which `settleRecheck(after:)` joins, as `didChange(_:)`
    /// joins an assignment's edit. The re-check of the cause's last change is
    /// remembered until its next one (or a reset).
    public func recheck<Cause: Hashable & Sendable>(_ fields: [Field], after cause: Cause) {
        engine.recheck(fields, after: AnyHashable(cause))
    }

    /// Returns once the re-check that the last change of `cause` started
    /// (`recheck(_:after:)`) has run its rules; at once when that change started
    /// none. Other edits in flight are not awaited: a form's `didChange(_:)`
    /// waits for what its field's change re-checks in the entries, not for an
    /// entry's unrelated rules; a re-check whose run of a field an edit of that
    /// field superseded waits for the newer run, as any superseded run does.
    public func settleRecheck<Cause: Hashable & Sendable>(after cause: Cause) async {
        await engine.settleRecheck(after: AnyHashable(cause))
    }

    /// Returns once every edit that assignments started has run its rules (and the
    /// edits those started, and so on): for a test, or a submit button that must
    /// see the fields' states settled.
    public func settle() async {
        await engine.settle()
    }

    /// How many edits have started rules in a task of their own so far, in every
    /// form and entry. A form with lists settles its controller and each entry's
    /// in turn, and again while a pass over them saw this count grow: an edit
    /// of one, started while it awaited another, is awaited too.
    public var editsStarted: UInt64 { EditTasks.started }

    /// Runs `rules`, a whole validation of the form's values (the form's `validate()`
    /// and `validate(page:)`), in a task that `reset` cancels, as it cancels the rules
    /// the triggers run (SPEC §15.2): an app's validator awaiting a server sees
    /// `Task.isCancelled`. The caller's cancellation reaches it too.
    public func runUntilReset<Report: Sendable>(_ rules: @escaping @Sendable () async -> Report) async -> Report {
        return await engine.runUntilReset(rules)
    }

    /// The user changed `field`'s value. Returns once every validation this
    /// calls for has finished: the field's own (if its trigger says so), then
    /// its dependents', in the order given. Right after an assignment to the
    /// field's `FormValue` (which is an edit already, `valueDidChange(_:)`),
    /// this waits for that edit instead of running the rules a second time.
    public func didChange(_ field: Field) async {
        await engine.didChange(field)
    }

    /// Whether `field`'s value, or a value its rules or visibility depend on,
    /// changed after `mark` was taken, or a `reset` came since.
    public func hasChanged(_ field: Field, since mark: FieldChangeMark) -> Bool {
        return engine.hasChanged(field, since: mark)
    }

    /// `field` lost focus. Returns once the validation its trigger calls for has finished.
    public func didEndEditing(_ field: Field) async {
        await engine.didEndEditing(field)
    }

    /// The trigger `field` follows.
    public func trigger(of field: Field) -> ValidationTrigger {
        return engine.trigger(of: field)
    }

    /// `field`'s current state; `.idle` until something validates it.
    public func state(of field: Field) -> FieldState {
        return engine.state(of: field)
    }

    /// Sets `field`'s state from outside (the form's `validate()`), superseding
    /// any run of the field still in flight.
    public func setState(_ state: FieldState, for field: Field) {
        engine.setState(state, for: field)
    }

    /// Forgets the visibility noted for following chains, as `apply` does: for a
    /// list entry, whose states the form's `validate()` sets one by one
    /// (`setState`), so that the entry's next change follows its chains from
    /// what is shown then, as the form's does.
    public func forgetNotedVisibility() {
        engine.forgetNotedVisibility()
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
    /// older values never writes over one for newer values. A field whose result
    /// is `.cancelled` (the `validate()` was cancelled before its rules answered)
    /// keeps its state too: its value was not judged.
    public func apply(_ report: ValidationReport<Field>, changedSince mark: FieldChangeMark? = nil) {
        engine.apply(report, changedSince: mark)
    }

    /// `apply(report)`, and the report as the fields now show it: a field with a
    /// message from `setError` is invalid with that message, so that a submit
    /// button does not pass a form showing an error. The same report when no
    /// field has such a message.
    public func applying(_ report: ValidationReport<Field>, changedSince mark: FieldChangeMark? = nil) -> ValidationReport<Field> {
        return engine.applying(report, changedSince: mark)
    }

    /// `applying(_:)` for a form whose fields can be hidden: a message from
    /// `setError` is in the report only while its field is shown (`isShown`); a
    /// hidden field is valid there (SPEC §6.2). The field keeps the message, and
    /// its state, for when it is shown again with its value unchanged.
    public func applying(
        _ report: ValidationReport<Field>, changedSince mark: FieldChangeMark? = nil, isShown: (Field) -> Bool
    ) -> ValidationReport<Field> {
        return engine.applying(report, changedSince: mark, isShown: isShown)
    }

    /// Shows `message` on `field` from outside the rules (a server said "email
    /// already taken"): its state becomes `.invalid(message:)` and stays so until
    /// the field's value changes; runs of its rules and `apply` leave it.
    public func setError(_ message: String, for field: Field) {
        engine.setError(message, for: field)
    }

    /// Removes every message that `setError` set; those fields become `.idle`.
    public func clearErrors() {
        engine.clearErrors()
    }

    /// The message from `setError` that `field` shows, if any.
    public func error(of field: Field) -> String? {
        return engine.error(of: field)
    }

    /// Whether `field` shows a message from `setError`.
    public func hasError(_ field: Field) -> Bool {
        return engine.hasError(field)
    }

    /// Puts the form back as new (SPEC §15.2): `assign` sets the values, which
    /// are no edits; every run and edit in flight is cancelled, every state is
    /// `.idle`, every field untouched (not changed, never blurred), every message
    /// from `setError` gone.
    public func reset(_ assign: () -> Void) {
        engine.reset(assign)
    }

    /// The start of `reset`, for generated code that assigns the values between
    /// this and `endReset()` in its own statements: until then, assignments are no edits.
    public func beginReset() {
        engine.beginReset()
    }

    /// The end of `reset`: runs and edits cancelled, every field `.idle` and untouched.
    public func endReset() {
        engine.endReset()
    }

    /// Registers `observer` to hear `(field, newState)` on every change of state.
    @discardableResult
    public func addStateObserver(_ observer: @escaping @MainActor (Field, FieldState) -> Void) -> ObserverToken {
        return engine.addStateObserver(observer)
    }

    /// Stops calling the observer behind `token`; an unknown token is ignored.
    public func removeStateObserver(_ token: ObserverToken) {
        engine.removeStateObserver(token)
    }

    /// Validates `field` now, whatever its trigger (e.g. a renderer's "check"
    /// button): `.validating` while the rules run, then their result. Returns
    /// `.cancelled` (and writes nothing) when a newer run or `setState` has
    /// superseded this one in the meantime.
    @discardableResult
    public func validate(_ field: Field) async -> ValidationResult {
        return await engine.validate(field)
    }

    deinit {
        // The form or entry holding the controller has gone: from now on nothing starts
        // and no state is written, and the edits still running (a debounce, an app's
        // validator awaiting a server) are cancelled on the main actor's next turn.
        // With none, the engine goes with the controller.
        if engine.lifetime.end() {
            let engine = engine
            Task { @MainActor in engine.end() }
        }
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
