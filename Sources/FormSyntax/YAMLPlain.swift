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
            if scalar.value < 0x20 || scalar == "\u{7F}" { return false }
            if scalar == ":", index + 1 == scalars.count || scalars[index + 1] == " " { return false }
            if scalar == "#", index > 0, scalars[index - 1] == " " { return false }
        }
        return true
    }

    /// `text` as a YAML value: plain when that is safe, else in single quotes (a
    /// quote inside doubled).
    package static func literal(_ text: String) -> String {
        isSafe(text) ? text : "'" + text.replacing("'", with: "''") + "'"
    }

    /// `text` in double quotes, with `\` and `"` escaped, as YAML and JSON both read it.
    package static func doubleQuoted(_ text: String) -> String {
        "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }
}
