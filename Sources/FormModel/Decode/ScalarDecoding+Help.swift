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
        /// A scalar described in the help's own words (`formc`: "1, the version of the format").
        case value(String)
        /// One of a fixed set of words (`keyboard: email`).
        case choice([String])
        /// A condition's text (SPEC §7).
        case condition
        /// An id or validator name (lowerCamelCase), or a type name (UpperCamelCase).
        case name(upper: Bool)

        /// Whether the value is one of a fixed set, which quoting another value does not reach.
        var isFixed: Bool {
            switch self {
            case .choice, .value, .name: true
            case .string, .number, .count, .boolean, .condition: false
            }
        }
    }

    /// What to write, as a help line says it.
    private func what(_ expecting: Expecting) -> String {
        switch expecting {
        case .string: "one string"
        case .number: "one number, such as 5 or 2.5"
        case .count: "one whole number, such as 3"
        case .boolean: "true or false"
        case .value(let description): description
        case .choice(let names): "one of: \(names.joined(separator: ", "))"
        case .condition: isJSON ? #"the condition as one string, such as "not isEmpty(email)""# : "the condition as one line of text, such as not isEmpty(email)"
        case .name(let upper):
            upper ? "one name in UpperCamelCase, such as \(isJSON ? #""SignUpForm""# : "SignUpForm")"
                : "one name in lowerCamelCase, such as \(isJSON ? #""email""# : "email")"
        }
    }

    /// The help for `node`, which is not the single value `expecting` asks for: what
    /// to write in its place, and, for a list or a mapping in YAML where text
    /// belongs, what made YAML read it as one (text that starts with `[` or `{`,
    /// lines under the key).
    package func writeInstead(of node: NodeID, expecting: Expecting) -> DiagnosticHelp {
        if isMissingValue(node) { return "after the colon, write \(what(expecting))" }
        let kind = tree.kind(node)
        switch kind {
        case .sequence, .mapping:
            let shape = kind == .sequence ? "list" : "mapping"
            guard case .string = expecting, !isJSON else { return "in place of the \(shape), write \(what(expecting))" }
            return kind == .sequence
                ? "in place of the list, write one string: YAML reads '[…]' and lines that start with '- ' as a list, so put text that starts with '[' in quotes"
                : "in place of the mapping, write one string: YAML reads '{…}' and indented 'key: value' lines as a mapping, so put text that starts with '{' in quotes"
        case .scalar:
            let quoted = tree.style(node) != .plain
            switch expecting {
            case .number, .count, .boolean:
                return DiagnosticHelp("write \(what(expecting))" + (quoted ? ", without quotes" : ""))
            case .string:
                return isJSON ? "write it in double quotes" : "write one string"
            case .value, .choice, .condition, .name:
                return "write \(what(expecting))"
            }
        }
    }
}
