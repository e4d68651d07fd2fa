// The rules of SPEC §16 that relate fields: a bound that is another field's
// value, and a rule that runs only while a condition holds; and the comparison of
// two fields in a condition.

extension ValidationRule {
    /// `min` naming another field: fails when the value is below the one `bound`
    /// reads from the snapshot (the bound itself passes). Passes when either is
    /// empty (`nil`). `value` gives the field's value as a `Bound` (`{ $0 }`, or a
    /// conversion such as an `Int` to `Decimal`, so that numbers of any decimals
    /// compare exactly).
    public static func min<Bound: Comparable & Sendable>(
        _ value: @escaping @Sendable (Value) -> Bound?, atLeast bound: @escaping @Sendable (Values) -> Bound?, message: String
    ) -> Self {
        Self(immediate: { current, values in
            guard let current = value(current), let bound = bound(values) else { return .valid }
            return current >= bound ? .valid : .invalid(message: message)
        })
    }

    /// `max` naming another field: fails when the value is above the one `bound`
    /// reads (the bound itself passes); passes when either is empty.
    public static func max<Bound: Comparable & Sendable>(
        _ value: @escaping @Sendable (Value) -> Bound?, atMost bound: @escaping @Sendable (Values) -> Bound?, message: String
    ) -> Self {
        Self(immediate: { current, values in
            guard let current = value(current), let bound = bound(values) else { return .valid }
            return current <= bound ? .valid : .invalid(message: message)
        })
    }

    /// `rule`, run only while `condition` holds for the snapshot (a rule's
    /// `when:`); it passes otherwise. A `required` rule stays one: it still runs
    /// on an empty value while the condition holds.
    public static func when(_ condition: @escaping @Sendable (Values) -> Bool, _ rule: Self) -> Self {
        switch rule.check {
        case .immediate(let check):
            Self(isRequired: rule.isRequired, immediate: { value, values in
                condition(values) ? check(value, values) : .valid
            })
        case .deferred(let check):
            Self(isRequired: rule.isRequired) { value, values in
                condition(values) ? await check(value, values) : .valid
            }
        }
    }
}

/// A comparison of two fields in a condition (SPEC §16, `endDate < startDate`,
/// `billingCountry == shippingCountry`): false when either side is empty — `nil`,
/// or an empty text — whatever the operator, `!=` included.
public enum FormComparison {
    public enum Operator: Sendable {
        case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual
    }

    /// Two numbers, dates, times or instants.
    public static func holds<T: Comparable>(_ lhs: T?, _ op: Operator, _ rhs: T?) -> Bool {
        guard let lhs, let rhs else { return false }
        switch op {
        case .equal: return lhs == rhs
        case .notEqual: return lhs != rhs
        case .less: return lhs < rhs
        case .lessOrEqual: return lhs <= rhs
        case .greater: return lhs > rhs
        case .greaterOrEqual: return lhs >= rhs
        }
    }

    /// Two selections of one enum, or two Booleans (which are never empty): `==`
    /// and `!=` only; an ordering operator is false.
    public static func holds<T: Equatable>(_ lhs: T?, _ op: Operator, _ rhs: T?) -> Bool {
        guard let lhs, let rhs else { return false }
        switch op {
        case .equal: return lhs == rhs
        case .notEqual: return lhs != rhs
        case .less, .lessOrEqual, .greater, .greaterOrEqual: return false
        }
    }

    /// Two texts: an empty one makes the comparison false.
    public static func holds(_ lhs: String, _ op: Operator, _ rhs: String) -> Bool {
        guard !lhs.isEmpty, !rhs.isEmpty else { return false }
        return holds(Optional(lhs), op, Optional(rhs))
    }
}
