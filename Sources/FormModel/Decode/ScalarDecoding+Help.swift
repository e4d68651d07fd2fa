import FormSource
import FormSyntax

extension ValueReader {
    /// The single value a key expects, as the help for a value of another shape
    /// names it.
    package enum Expecting: Sendable {
        case string
        case number
        /// A whole number ≥ 0 (a length, a count).
        case count
        case boolean
        /// A scalar that a later stage reads: its description ("a number, a date or a time").
        case value(String)

        /// What to write, as a help line says it.
        var what: String {
            switch self {
            case .string: "one string"
            case .number: "one number, such as 5 or 2.5"
            case .count: "one whole number, such as 3"
            case .boolean: "true or false"
            case .value(let description): description
            }
        }
    }

    /// The help for `node`, which is not the single value `expecting` asks for: what
    /// to write in its place, and, for a list or a mapping in YAML, what made YAML
    /// read it as one (text that starts with `[` or `{`, lines under the key).
    package func writeInstead(of node: NodeID, expecting: Expecting) -> DiagnosticHelp {
        Self.writeInstead(kind: tree.kind(node), isMissing: isMissingValue(node), isJSON: isJSON, expecting: expecting)
    }

    static func writeInstead(kind: SyntaxTree.Kind, isMissing: Bool, isJSON: Bool, expecting: Expecting) -> DiagnosticHelp {
        if isMissing { return "write \(expecting.what) after the colon, or remove the key" }
        switch kind {
        case .sequence, .mapping:
            let shape = kind == .sequence ? "list" : "mapping"
            guard !isJSON else {
                if case .string = expecting { return "write one string, in double quotes, in place of the \(shape)" }
                return "write \(expecting.what) in place of the \(shape)"
            }
            guard case .string = expecting else { return "write \(expecting.what) in place of the \(shape)" }
            return kind == .sequence
                ? "write one string in place of the list: YAML reads '[…]' and lines that start with '- ' as a list, so put text that starts with '[' in quotes"
                : "write one string in place of the mapping: YAML reads '{…}' and indented 'key: value' lines as a mapping, so put text that starts with '{' in quotes"
        case .scalar:
            switch expecting {
            case .number, .count: return isJSON ? "write \(expecting.what), without quotes" : "write \(expecting.what)"
            case .boolean: return "write true or false"
            case .string: return isJSON ? "write it in double quotes" : "write one string"
            case .value: return "write \(expecting.what)"
            }
        }
    }
}
