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
