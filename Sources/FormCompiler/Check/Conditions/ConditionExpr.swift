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
    case not(ConditionExpr)
    case and(ConditionExpr, ConditionExpr)
    case or(ConditionExpr, ConditionExpr)

    /// The ids of every field the expression reads, in first-use order.
    public var fieldReferences: [String] {
        var seen: [String] = []
        func visit(_ expr: ConditionExpr) {
            switch expr {
            case .constant: break
            case .boolField(let id), .isEmpty(let id), .textEquals(let id, _), .segmentEquals(let id, _):
                if !seen.contains(id) { seen.append(id) }
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
        case .not(.textEquals), .not(.segmentEquals): 3
        case .not: 2
        case .constant, .boolField, .isEmpty, .textEquals, .segmentEquals: 3
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
        case .not(let inner): text = "not " + inner.render(minimumPrecedence: 2)
        case .and(let lhs, let rhs): text = lhs.render(minimumPrecedence: 1) + " and " + rhs.render(minimumPrecedence: 2)
        case .or(let lhs, let rhs): text = lhs.render(minimumPrecedence: 0) + " or " + rhs.render(minimumPrecedence: 1)
        }
        return precedence < minimumPrecedence ? "(" + text + ")" : text
    }

    /// Condition strings have no escapes, so the quote is the one the value lacks.
    private static func quote(_ value: String) -> String {
        value.contains("'") && !value.contains("\"") ? "\"\(value)\"" : "'\(value)'"
    }
}
