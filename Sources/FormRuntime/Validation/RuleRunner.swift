/// Runs one field's rules against its value (SPEC §6.2).
public enum RuleRunner {
    /// Runs `rules` in order and returns the first result that is not `.valid`:
    /// the first `.invalid`, or `.cancelled` from a custom validator (which stops
    /// the rest). On an empty value (`""`, `nil`, `[]`) only `required` rules run.
    ///
    /// A task that is cancelled stops before its next async rule and returns `.cancelled`.
    public static func validate<Value: Sendable, Values: Sendable>(
        _ value: Value,
        in values: Values,
        rules: [ValidationRule<Value, Values>]
    ) async -> ValidationResult {
        let isEmpty = skipsOptionalRules(value)
        for rule in rules where rule.isRequired || !isEmpty {
            let result: ValidationResult
            switch rule.check {
            case .immediate(let check):
                result = check(value, values)
            case .deferred(let check):
                if Task.isCancelled { return .cancelled }
                result = await check(value, values)
            }
            if result != .valid { return result }
        }
        return .valid
    }

    /// Whether `value` is empty in the sense of SPEC §6.2 ("every rule except
    /// `required` passes on an empty value (`""`, or an unselected segment)"), and
    /// of SPEC §10 (`nil` numbers and dates, a `multiChoice` with nothing chosen).
    ///
    /// Deliberately narrower than `FormEmptyRepresentable.isFormEmpty`: `false` is
    /// not empty here, so a custom rule or `sameAs` on a Boolean field still runs
    /// when the switch is off. Asked dynamically, because rules are generic over
    /// every field type, segment enums included, which conform to nothing of ours.
    static func skipsOptionalRules<Value>(_ value: Value) -> Bool {
        if let optional = value as? any OptionalValue { return optional.isNil }
        if let text = value as? String { return text.isEmpty }
        if let array = value as? any ArrayValue { return array.isEmpty }
        return false
    }
}

/// Lets `RuleRunner` ask any `Optional`, whatever it wraps, whether it is nil.
protocol OptionalValue {
    var isNil: Bool { get }
}

extension Optional: OptionalValue {
    var isNil: Bool { self == nil }
}

/// Lets `RuleRunner` ask any `Array`, whatever its elements, whether it is empty.
protocol ArrayValue {
    var isEmpty: Bool { get }
}

extension Array: ArrayValue {}
