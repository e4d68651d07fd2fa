/// Placeholder; being written.
public final class FormValue<Value: Equatable & Sendable> {
    public var value: Value
    public init(_ value: Value) { self.value = value }
}
