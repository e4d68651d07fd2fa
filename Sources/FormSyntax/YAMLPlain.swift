import FormJSON

/// Whether text can be written as a YAML plain scalar and read back as the same
/// string, and how to write it otherwise: for the help and the quick fixes that
/// put a value into a form file.
package enum YAMLPlain {
    /// Whether `text` reads back as itself written plain: no indicator to start it,
    /// no `: ` or ` #` inside, no space at either end, one line; `inFlow` (inside
    /// `[…]` or `{…}`, and by default), no `,`, `[`, `]`, `{` or `}` either.
    package static func isSafe(_ text: String, inFlow: Bool = true) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard let first = scalars.first, let last = scalars.last else { return false }
        if " \t".unicodeScalars.contains(last) || " \t".unicodeScalars.contains(first) { return false }
        if "?:,[]{}#&*!|>'\"%@`".unicodeScalars.contains(first) { return false }
        if first == "-", scalars.count == 1 || scalars[1] == " " { return false }
        for (index, scalar) in scalars.enumerated() {
            if inFlow, ",[]{}".unicodeScalars.contains(scalar) { return false }
            if isControl(scalar) { return false }
            if scalar == ":", index + 1 == scalars.count || scalars[index + 1] == " " { return false }
            if scalar == "#", index > 0, scalars[index - 1] == " " { return false }
        }
        return true
    }

    /// A control character, line or paragraph separator, or byte order mark: none
    /// stands in a plain scalar, and none has a spelling in single quotes.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}" || scalar == "\u{FEFF}"
    }

    /// `text` as a YAML value: plain when that is safe, else in single quotes (a
    /// quote inside doubled).
    package static func literal(_ text: String) -> String {
        if isSafe(text) { return text }
        // A line break or control character has no spelling in single quotes.
        if text.unicodeScalars.contains(where: isControl) { return doubleQuoted(text) }
        return "'" + text.replacing("'", with: "''") + "'"
    }

    /// `text` in double quotes, escaped as a JSON string (`JSONValue.quoted`):
    /// YAML's double quotes read every escape JSON writes. NEL (U+0085), which
    /// JSON leaves as it is, is escaped too: to libyaml it is a line break.
    package static func doubleQuoted(_ text: String) -> String {
        JSONValue.quoted(text).replacing("\u{85}", with: "\\u0085")
    }
}
