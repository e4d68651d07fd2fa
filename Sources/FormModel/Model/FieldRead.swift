/// A place in an element list that reads fields by name: a condition
/// (`visibleWhen`, `enabledWhen`, a rule's `when`), or the field a rule names
/// (`sameAs`, a bound naming a field, SPEC §16).
public enum FieldRead {
    case condition(Condition)
    case field(String)

    /// Calls `body` with each place in `elements`, at every depth, that reads
    /// fields, in document order: an element's `visibleWhen`, its `enabledWhen`,
    /// then each of its rules' other field and `when`, then a group's elements.
    /// Stops at the first `false` from `body`, and returns false.
    @discardableResult
    public static func forEach(in elements: [Element], _ body: (FieldRead) -> Bool) -> Bool {
        for element in elements {
            if let condition = element.visibleWhen, !body(.condition(condition)) { return false }
            if let condition = element.enabledWhen, !body(.condition(condition)) { return false }
            for rule in element.field?.rules ?? [] {
                if let other = rule.kind.otherField, !body(.field(other)) { return false }
                if let condition = rule.when, !body(.condition(condition)) { return false }
            }
            if case .group(let group) = element.kind, !forEach(in: group.elements, body) { return false }
        }
        return true
    }
}
