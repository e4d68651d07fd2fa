/// A `visibleWhen` or `enabledWhen` value (SPEC §7): the expression text as the
/// reader decoded it, and, once the checker has parsed and type-checked it, its
/// typed expression. The style and range let a parse error inside the text be
/// mapped back to the exact line and column in the file.
public struct Condition: Sendable {
    public var source: Located<String>
    public var style: ScalarStyle
    /// Set by the checker when the condition parsed and type-checked.
    public var expression: ConditionExpr?
    /// The parse of `source`, done by the decoder: parsing needs no symbols, so it
    /// happens where the decoder works on several threads. Nil for a condition made
    /// elsewhere (the checker then parses it itself).
    var parsed: ConditionParse?

    public init(source: Located<String>, style: ScalarStyle, expression: ConditionExpr? = nil) {
        self.source = source
        self.style = style
        self.expression = expression
    }
}

/// A condition's parse, in a box of its own: a `Result` inline would double the
/// size of every `Element`, which every walk over the tree copies.
final class ConditionParse: Sendable {
    let result: Result<ConditionSyntax, ConditionProblem>

    init(_ text: String) {
        result = ConditionParser.parse(text)
    }
}
