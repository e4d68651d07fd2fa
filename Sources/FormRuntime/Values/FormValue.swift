import Observation

/// The live value of one form field, shared by the generated form, its element
/// tree and whatever renders it.
///
/// A small observable box, in two ways that work side by side:
/// - Swift's Observation (`Observable`): reading `value` inside
///   `withObservationTracking` (or a SwiftUI view's `body`) registers the read, and
///   assigning a new value calls the tracking's `onChange` once, before the value
///   changes, as `@Observable` properties do. SwiftUI views update with no glue.
/// - Observers (`addObserver`): setting `value` to something new calls every
///   observer, synchronously and in the order they were added, after the value
///   has changed.
///
/// Setting an equal value notifies neither. It is not `Sendable`: a form and its
/// values live in one isolation domain (the main actor, where the UI is).
/// Observers may add or remove observers, including themselves, while they are
/// being called. An observer that assigns a new value from its callback starts a
/// notification of that value, and the older notification stops, so the last
/// value every observer sees is the current one.
public final class FormValue<Value: Equatable & Sendable> {
    private var storage: Value
    private var observers = ObserverList<(Value) -> Void>()
    // Counts assignments, so that a notification can tell that an observer has
    // assigned a newer value (and notified everyone of it) in the meantime.
    private var version: UInt64 = 0
    // Written by hand rather than with `@Observable`: the setter must skip equal
    // values and call the observers, which the macro's generated accessors do not.
    private let registrar = ObservationRegistrar()

    public init(_ value: Value) {
        storage = value
    }

    /// The current value. Assigning a value equal to the current one does nothing.
    public var value: Value {
        get {
            registrar.access(self, keyPath: \.value)
            return storage
        }
        set {
            guard newValue != storage else { return }
            registrar.withMutation(of: self, keyPath: \.value) {
                storage = newValue
            }
            version &+= 1
            guard !observers.isEmpty else { return }
            let notifying = version
            // An observer that assigns again starts a nested notification with the
            // newer value; the rest of this one would then deliver a stale value
            // after the fresh one, so it stops.
            ObserverList.forEach(in: { observers }, while: { version == notifying }) { $0(newValue) }
        }
    }

    /// Registers `observer` to be called with each new value; keep the token to remove it.
    @discardableResult
    public func addObserver(_ observer: @escaping (Value) -> Void) -> ObserverToken {
        observers.add(observer)
    }

    /// Stops calling the observer behind `token`. A token that is unknown here,
    /// already removed, or from another value is ignored.
    public func removeObserver(_ token: ObserverToken) {
        observers.remove(token)
    }
}

extension FormValue: Observable {}
