/// One validation rule of a field: a check of the field's value that may also
/// look at the whole `Values` snapshot (for `sameAs` and custom validators).
///
/// Rules are `Sendable` values, built once by generated code and run by
/// `RuleRunner` from any isolation domain. The built-ins have exactly the
/// semantics of SPEC §6.2; the runner (not each rule) lets every rule but
/// `required` pass on an empty value.
public struct ValidationRule<Value: Sendable, Values: Sendable>: Sendable {
    enum Check: Sendable {
        // The built-ins never suspend; keeping them synchronous spares a large
        // form an async call per rule per field.
        case immediate(@Sendable (Value, Values) -> ValidationResult)
        case deferred(@Sendable (Value, Values) async -> ValidationResult)
    }

    /// True for `required`: the one rule that also runs on an empty value.
    public let isRequired: Bool
    let check: Check

    /// A rule from any async check. `isRequired: true` makes it run on empty values too.
    public init(
        isRequired: Bool = false,
        _ check: @escaping @Sendable (Value, Values) async -> ValidationResult
    ) {
        self.isRequired = isRequired
        self.check = .deferred(check)
    }

    init(isRequired: Bool = false, immediate check: @escaping @Sendable (Value, Values) -> ValidationResult) {
        self.isRequired = isRequired
        self.check = .immediate(check)
    }

    /// Fails when `passes` says no.
    static func test(message: String, _ passes: @escaping @Sendable (Value) -> Bool) -> Self {
        Self(immediate: { value, _ in passes(value) ? .valid : .invalid(message: message) })
    }

    /// An app's async validator (the `custom` rule). It may return `.cancelled`,
    /// which stops the field's remaining rules.
    public static func custom(_ check: @escaping @Sendable (Value, Values) async -> ValidationResult) -> Self {
        Self(check)
    }

    /// A `custom` rule with `debounce` (SPEC §15.2): in a run that a change of the
    /// value started (`ValidationRun.isDebounced`), the validator is called only
    /// once the value has been unchanged for `debounce`; a newer value cancels the
    /// run (its task), which then answers `.cancelled` without calling the
    /// validator. `message`, when given, replaces the message of an `.invalid` answer.
    public static func custom(
        debounce: Duration, message: String? = nil, _ check: @escaping @Sendable (Value, Values) async -> ValidationResult
    ) -> Self {
        Self { value, values in
            if ValidationRun.isDebounced, debounce > .zero {
                do {
                    try await ValidationRun.sleep(for: debounce)
                } catch {
                    return .cancelled
                }
            }
            if Task.isCancelled { return .cancelled }
            let result = await check(value, values)
            if let message, case .invalid = result { return .invalid(message: message) }
            return result
        }
    }

    /// A `custom` rule with the form's own `message:`, which replaces the message of
    /// an `.invalid` answer; `.valid` and `.cancelled` pass through unchanged.
    public static func custom(
        message: String, _ check: @escaping @Sendable (Value, Values) async -> ValidationResult
    ) -> Self {
        Self { value, values in
            let result = await check(value, values)
            if case .invalid = result { return .invalid(message: message) }
            return result
        }
    }
}

extension ValidationRule where Value: FormEmptyRepresentable {
    /// Fails on blank text (only whitespace and newlines), `false`, or `nil`.
    public static func required(message: String) -> Self {
        Self(isRequired: true, immediate: { value, _ in
            value.isFormBlank ? .invalid(message: message) : .valid
        })
    }
}

extension ValidationRule where Value == String {
    /// Fails on fewer than `n` Characters (extended grapheme clusters).
    public static func minLength(_ n: Int, message: String) -> Self {
        test(message: message) { $0.count >= n }
    }

    /// Fails on more than `n` Characters (extended grapheme clusters).
    public static func maxLength(_ n: Int, message: String) -> Self {
        test(message: message) { $0.count <= n }
    }

    /// Fails unless the whole value matches `pattern`.
    public static func pattern(_ pattern: FormPattern, message: String) -> Self {
        test(message: message) { pattern.matchesWhole($0) }
    }

    /// Fails unless `TextRules.isEmail` accepts the value.
    public static func email(message: String) -> Self {
        test(message: message, TextRules.isEmail)
    }

    /// Fails unless `TextRules.isURL` accepts the value.
    public static func url(message: String) -> Self {
        test(message: message, TextRules.isURL)
    }
}

extension ValidationRule where Value: Equatable {
    /// Fails when the value differs from the one `other` reads from the snapshot.
    public static func sameAs(_ other: @escaping @Sendable (Values) -> Value, message: String) -> Self {
        Self(immediate: { value, values in
            value == other(values) ? .valid : .invalid(message: message)
        })
    }
}
