/// A type-checked condition expression, ready for the emitter. Field references
/// are resolved, so every case says what the generated Swift has to do.
public indirect enum ConditionExpr: Sendable, Hashable {
    case constant(Bool)
    /// A boolean field's value.
    case boolField(String)
    /// A text field is empty (`isEmpty(name)`), or a segment has nothing selected.
    case isEmpty(String)
    /// A text field equals a string.
    case textEquals(String, String)
    /// A segment's selection is the option with this value.
    case segmentEquals(String, optionValue: String)
    /// A segment's or picker's selection is one of these options (`in [...]`), in option order.
    case segmentIn(String, optionValues: [String])
    /// A number or date field compared with a literal (`age >= 18`,
    /// `birthday <= 'today-18y'`); false when the field is empty. `!=` is `not` of `==`.
    case valueCompare(String, ConditionOrder, ConditionValue)
    /// How many options a multiChoice has chosen, compared with a whole number (`count(diet) >= 2`).
    case countCompare(String, ConditionOrder, Int)
    /// A multiChoice has chosen the option with this value (`contains(diet, 'vegan')`).
    case contains(String, optionValue: String)
    /// Two fields of one value type compared (SPEC §16: `endDate < startDate`,
    /// `billingCountry == shippingCountry`): false when either is empty, whatever
    /// the operator (`!=` included, so it is not `not` of `==`).
    case fieldCompare(String, FieldComparison, String)
    case not(ConditionExpr)
    case and(ConditionExpr, ConditionExpr)
    case or(ConditionExpr, ConditionExpr)

    /// The ids of every field the expression reads, in first-use order.
    public var fieldReferences: [String] {
        var seen: [String] = []
        func visit(_ expr: ConditionExpr) {
            switch expr {
            case .constant: break
            case .boolField(let id), .isEmpty(let id), .textEquals(let id, _), .segmentEquals(let id, _),
                 .segmentIn(let id, _), .valueCompare(let id, _, _), .countCompare(let id, _, _), .contains(let id, _):
                if !seen.contains(id) { seen.append(id) }
            case .fieldCompare(let lhs, _, let rhs):
                if !seen.contains(lhs) { seen.append(lhs) }
                if !seen.contains(rhs) { seen.append(rhs) }
            case .not(let inner): visit(inner)
            case .and(let lhs, let rhs), .or(let lhs, let rhs):
                visit(lhs)
                visit(rhs)
            }
        }
        visit(self)
        return seen
    }
}

extension ConditionExpr {
    /// The expression written back in the condition language (SPEC §7), with only
    /// the parentheses that precedence needs: `not newsletter and plan != 'pro'`.
    /// For `dump`, messages and comments in generated code; checking it again gives
    /// the same expression (except `textEquals(id, "")`, which reads back as `isEmpty`).
    public var conditionText: String {
        render(minimumPrecedence: 0)
    }

    /// 0: `or`, 1: `and`, 2: `not`, 3: an operand or comparison.
    private var precedence: Int {
        switch self {
        case .or: 0
        case .and: 1
        case .not(.textEquals), .not(.segmentEquals), .not(.valueCompare(_, .equal, _)), .not(.countCompare(_, .equal, _)): 3
        case .not: 2
        case .constant, .boolField, .isEmpty, .textEquals, .segmentEquals, .segmentIn, .valueCompare, .countCompare, .contains,
             .fieldCompare: 3
        }
    }

    private func render(minimumPrecedence: Int) -> String {
        let text: String
        switch self {
        case .constant(let value): text = value ? "true" : "false"
        case .boolField(let id): text = id
        case .isEmpty(let id): text = "isEmpty(\(id))"
        case .textEquals(let id, let value), .segmentEquals(let id, let value): text = "\(id) == \(Self.quote(value))"
        case .not(.textEquals(let id, let value)), .not(.segmentEquals(let id, let value)): text = "\(id) != \(Self.quote(value))"
        case .segmentIn(let id, let values): text = "\(id) in [" + values.map(Self.quote).joined(separator: ", ") + "]"
        case .valueCompare(let id, let order, let value): text = "\(id) \(order.rawValue) \(value.conditionText)"
        case .not(.valueCompare(let id, .equal, let value)): text = "\(id) != \(value.conditionText)"
        case .countCompare(let id, let order, let count): text = "count(\(id)) \(order.rawValue) \(count)"
        case .not(.countCompare(let id, .equal, let count)): text = "count(\(id)) != \(count)"
        case .contains(let id, let value): text = "contains(\(id), \(Self.quote(value)))"
        case .fieldCompare(let lhs, let op, let rhs): text = "\(lhs) \(op.rawValue) \(rhs)"
        case .not(let inner): text = "not " + inner.render(minimumPrecedence: 2)
        case .and(let lhs, let rhs): text = lhs.render(minimumPrecedence: 1) + " and " + rhs.render(minimumPrecedence: 2)
        case .or(let lhs, let rhs): text = lhs.render(minimumPrecedence: 0) + " or " + rhs.render(minimumPrecedence: 1)
        }
        return precedence < minimumPrecedence ? "(" + text + ")" : text
    }

    /// Condition strings have no escapes, so the quote is the one the value lacks.
    fileprivate static func quote(_ value: String) -> String {
        value.contains("'") && !value.contains("\"") ? "\"\(value)\"" : "'\(value)'"
    }
}

/// The operator of a number, date or count comparison. `!=` is lowered to `not` of `==`.
public enum ConditionOrder: String, Sendable, Hashable {
    case equal = "=="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="

    /// The order a comparison operator names; nil for `!=`, which is lowered to
    /// `not` of `==`.
    package init?(_ comparison: FieldComparison) {
        self.init(rawValue: comparison.rawValue)
    }

    /// The operator with its sides swapped: `18 <= age` is `age >= 18`, as
    /// `FieldComparison.mirrored` swaps them.
    package var mirrored: ConditionOrder {
        // Never nil: an order's mirror is an order (only `!=` has no order).
        FieldComparison(rawValue: rawValue).flatMap { ConditionOrder($0.mirrored) } ?? self
    }
}

/// The operator of a comparison of two fields (SPEC §16).
public enum FieldComparison: String, Sendable, Hashable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="

    /// The operator with its sides swapped: `a < b` is `b > a`.
    public var mirrored: FieldComparison {
        switch self {
        case .equal: .equal
        case .notEqual: .notEqual
        case .less: .greater
        case .lessOrEqual: .greaterOrEqual
        case .greater: .less
        case .greaterOrEqual: .lessOrEqual
        }
    }

    /// Whether it orders its operands (`<`, `<=`, `>`, `>=`).
    public var isOrdering: Bool { self != .equal && self != .notEqual }
}

/// The literal side of a `valueCompare`, read for the field it is compared with.
public enum ConditionValue: Sendable, Hashable {
    case number(DecimalLiteral)
    case date(DateValue)
    /// `today`, `today-18y`: resolved from the validation context when the condition is evaluated.
    case relative(RelativeDateLiteral)

    /// The same value as a rule's bound, whose semantics a comparison shares.
    public var ruleBound: RuleBound {
        switch self {
        case .number(let value): .number(value)
        case .date(let value): .fixed(value)
        case .relative(let value): .relative(value)
        }
    }

    /// As written in a condition: `18`, `'2026-01-31'`, `'today-18y'`.
    var conditionText: String {
        switch self {
        case .number(let value): value.description
        case .date(let value): "'\(value.description)'"
        case .relative(let value): "'\(value.description)'"
        }
    }

    /// Whether it depends on the day the condition is evaluated.
    var isRelative: Bool {
        if case .relative = self { true } else { false }
    }
}

extension ConditionExpr {
    /// Whether it compares two fields (`fieldCompare`).
    public var comparesFields: Bool {
        switch self {
        case .fieldCompare: true
        case .not(let inner): inner.comparesFields
        case .and(let lhs, let rhs), .or(let lhs, let rhs): lhs.comparesFields || rhs.comparesFields
        case .constant, .boolField, .isEmpty, .textEquals, .segmentEquals, .segmentIn, .valueCompare, .countCompare, .contains: false
        }
    }

    /// Whether any comparison reads `today` (a relative date).
    public var readsToday: Bool {
        switch self {
        case .valueCompare(_, _, let value): value.isRelative
        case .not(let inner): inner.readsToday
        case .and(let lhs, let rhs), .or(let lhs, let rhs): lhs.readsToday || rhs.readsToday
        case .constant, .boolField, .isEmpty, .textEquals, .segmentEquals, .segmentIn, .countCompare, .contains, .fieldCompare: false
        }
    }
}
