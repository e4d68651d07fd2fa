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
///   `.cancelled` and never writes its result over the newer state.
/// - Dependents (`sameAs`): when a field changes, each field that compares with
///   it is validated again, but only when it already has a state (it is not
///   `.idle`): a result the user can see must not go stale, but a field nobody
///   has reached yet must not light up with an error because another one changed.
/// - State observers hear every change of state, in order; setting a state that a
///   field already has is no change.
/// - Observation (`Observable`): reading `state(of:)` inside
///   `withObservationTracking` (or a SwiftUI view's `body`) registers a read of
///   that one field's state; a change of that field's state calls `onChange`, a
///   change of another field's does not.
///
/// Every operation is O(1) in the number of fields (plus a field's dependents).
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
        var generation: UInt64 = 0
    }

    private let triggers: [Field: ValidationTrigger]
    private let dependents: [Field: [Field]]
    private let runRules: @MainActor (Field) async -> ValidationResult
    private var records: [Field: Record] = [:]
    private var observers = ObserverList<@MainActor (Field, FieldState) -> Void>()
    private let registrar = ObservationRegistrar()

    /// - Parameters:
    ///   - triggers: each field's trigger; a field not listed uses
    ///     `ValidationTrigger.default` (`blurAfterChange`).
    ///   - dependents: for each `sameAs` target, the fields that compare with it.
    ///   - validate: runs one field's rules against the form's current values
    ///     (a hidden field answers `.valid`).
    ///
    /// `nonisolated`, so that a form can create its controller in a stored or
    /// `lazy` property's initializer.
    public nonisolated init(
        triggers: [Field: ValidationTrigger],
        dependents: [Field: [Field]] = [:],
        validate: @escaping @MainActor (Field) async -> ValidationResult
    ) {
        self.triggers = triggers
        self.dependents = dependents
        self.runRules = validate
    }

    /// The user changed `field`'s value. Returns once every validation this
    /// calls for has finished: the field's own (if its trigger says so), then
    /// its dependents', in the order given.
    public func didChange(_ field: Field) async {
        var record = records[field] ?? Record()
        record.isDirty = true
        records[field] = record
        let runs: Bool
        switch trigger(of: field) {
        case .change: runs = true
        case .changeAfterBlur: runs = record.hasBlurred
        case .blur, .blurAfterChange, .submit: runs = false
        }
        if runs {
            await validate(field)
        }
        for dependent in dependents[field] ?? [] where state(of: dependent) != .idle {
            await validate(dependent)
        }
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
        write(state, for: field)
    }

    /// Sets the state of every field in `report` from its result, in document order.
    public func apply(_ report: ValidationReport<Field>) {
        for field in report.fields {
            setState(FieldState(report[field]), for: field)
        }
    }

    /// Registers `observer` to hear `(field, newState)` on every change of state.
    @discardableResult
    public func addStateObserver(_ observer: @escaping @MainActor (Field, FieldState) -> Void) -> ObserverToken {
        observers.add(observer, owner: ObjectIdentifier(self))
    }

    /// Stops calling the observer behind `token`; an unknown token is ignored.
    public func removeStateObserver(_ token: ObserverToken) {
        observers.remove(token, owner: ObjectIdentifier(self))
    }

    /// Validates `field` now, whatever its trigger (e.g. a renderer's "check"
    /// button): `.validating` while the rules run, then their result. Returns
    /// `.cancelled` (and writes nothing) when a newer run or `setState` has
    /// superseded this one in the meantime.
    @discardableResult
    public func validate(_ field: Field) async -> ValidationResult {
        var record = records[field] ?? Record()
        record.generation &+= 1
        let generation = record.generation
        records[field] = record
        write(.validating, for: field)

        let result = await runRules(field)

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
        ObserverList.forEach(in: { observers }) { $0(field, state) }
    }
}

extension FieldValidationController: Observable {}
