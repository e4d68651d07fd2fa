// The rules of SPEC §10 for numbers, dates and choices. Like every rule but
// `required`, they pass on an empty value (`nil`, no option chosen); the runner
// already skips them there, and the optional overloads pass on nil as well, so a
// rule used on its own means the same thing.

extension ValidationRule where Value: Comparable {
    /// Fails when the value is below `bound` (the bound itself passes). For
    /// `Int`, `Decimal` (compared exactly, never through `Double`), `FormDate`,
    /// `FormTime` and `Date`.
    public static func min(_ bound: Value, message: String) -> Self {
        test(message: message) { $0 >= bound }
    }

    /// Fails when the value is above `bound` (the bound itself passes).
    public static func max(_ bound: Value, message: String) -> Self {
        test(message: message) { $0 <= bound }
    }
}

extension ValidationRule {
    /// `min` for an optional field (`Int?`, `FormDate?`…): nil passes, as it is empty.
    public static func min<Bound: Comparable>(_ bound: Bound, message: String) -> Self where Value == Bound? {
        test(message: message) { value in value.map { $0 >= bound } ?? true }
    }

    /// `max` for an optional field: nil passes, as it is empty.
    public static func max<Bound: Comparable>(_ bound: Bound, message: String) -> Self where Value == Bound? {
        test(message: message) { value in value.map { $0 <= bound } ?? true }
    }

    /// Fails when fewer than `n` options are chosen (a `multiChoice`). Nothing
    /// chosen is empty and passes: add `required` to ask for at least one.
    public static func minCount<Element>(_ n: Int, message: String) -> Self where Value == [Element] {
        test(message: message) { $0.isEmpty || $0.count >= n }
    }

    /// Fails when more than `n` options are chosen.
    public static func maxCount<Element>(_ n: Int, message: String) -> Self where Value == [Element] {
        test(message: message) { $0.count <= n }
    }
}
