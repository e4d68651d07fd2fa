import FormSource

/// A `visibleWhen` or `enabledWhen` value (SPEC §7): the expression text as the
/// reader decoded it, and, once the checker has parsed and type-checked it, its
/// typed expression. The style and range let a parse error inside the text be
/// mapped back to the exact line and column in the file.
public struct Condition: Sendable {
    public var source: Located<String>
    public var style: ScalarStyle
    /// Set by the checker when the condition parsed and type-checked.
    public var expression: ConditionExpr?

    public init(source: Located<String>, style: ScalarStyle, expression: ConditionExpr? = nil) {
        self.source = source
        self.style = style
        self.expression = expression
    }
}
