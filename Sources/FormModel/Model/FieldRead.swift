/// A place in an element list that reads fields by name: a condition
/// (`visibleWhen`, `enabledWhen`, a rule's `when`), or the field a rule names
/// (`sameAs`, a bound naming a field, SPEC §16).
public enum FieldRead {
    case condition(Condition)
    case field(String)

    /// Calls `body` with each place in `elements`, at every depth, that reads
    /// fields, in document order: an element's `visibleWhen`, its `enabledWhen`,
    /// then each of its rules' other field and `when`, then the `when` of its
    /// rules that could not be read (a form with errors), then a group's elements.
    /// Stops at the first `false` from `body`, and returns false.
    ///
    /// The elements and rules are read in place, not copied one by one (a copy
    /// retains all an element or rule holds).
    @discardableResult
    public static func forEach(in elements: [Element], _ body: (FieldRead) -> Bool) -> Bool {
        elements.withUnsafeBufferPointer { elements in
            for index in elements.indices {
                if let condition = elements[index].visibleWhen, !body(.condition(condition)) { return false }
                if let condition = elements[index].enabledWhen, !body(.condition(condition)) { return false }
                let rulesRead = elements[index].rules.withUnsafeBufferPointer { rules in
                    for rule in rules.indices {
                        if let other = rules[rule].kind.otherField, !body(.field(other)) { return false }
                        if let condition = rules[rule].when, !body(.condition(condition)) { return false }
                    }
                    return true
                }
                if !rulesRead { return false }
                for condition in elements[index].unreadRuleConditions where !body(.condition(condition)) { return false }
                if case .group(let group) = elements[index].kind, !forEach(in: group.elements, body) { return false }
            }
            return true
        }
    }
}
