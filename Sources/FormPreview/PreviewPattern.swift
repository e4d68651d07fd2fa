/// Decides whether the preview's JavaScript can match a `pattern` rule exactly as
/// the generated Swift does (`Regex.wholeMatch`), and if so translates it.
///
/// Conservative by design: a whitelist of syntax whose meaning is the same in
/// Swift's `Regex` and JavaScript's `RegExp` (with the `u` flag), checked on
/// Swift 6's behaviour. Anything else — `\d`, `\w`, `\s` (Unicode-aware in Swift,
/// ASCII in JavaScript), non-ASCII literals (Swift compares characters by canonical
/// equivalence), flags, lookaround, backreferences, possessive quantifiers, set
/// operations in classes, POSIX classes (`[:digit:]`, which Swift reads as one
/// even without the outer brackets), anchors other than a leading `^` and a trailing `$` —
/// returns nil, and the page shows the rule as a hint instead of running it.
///
/// Accepted: ASCII literals; `\` before ASCII punctuation; `.` (translated to the
/// class Swift means: anything but `\n \v \f \r U+0085 U+2028 U+2029`); classes of
/// ASCII literals and ranges, negated or not; groups `(…)`, `(?:…)`; `|`; the
/// quantifiers `* + ? {n} {n,} {n,m}` and their lazy forms.
///
/// Swift matches Characters (grapheme clusters), JavaScript code points: the two
/// agree when every Character of the value is one scalar. The page checks that at
/// run time and shows a hint for a value where it does not hold (`e` + U+0301).
/// docs/design/preview.md lists all of this.
public enum PreviewPattern {
    /// The JavaScript source (to be wrapped as `^(?:…)$` with the `u` flag) that
    /// matches exactly what `pattern` matches in Swift; nil when it cannot be decided.
    public static func javaScriptSource(for pattern: String) -> String? {
        var scalars = Array(pattern.unicodeScalars)
        // A whole match makes a leading `^` and a trailing `$` redundant; a `$`
        // after an odd number of backslashes is escaped, and stays.
        if scalars.first == "^" { scalars.removeFirst() }
        if scalars.last == "$" {
            let backslashes = scalars.dropLast().reversed().prefix { $0 == "\\" }.count
            if backslashes % 2 == 0 { scalars.removeLast() }
        }
        var parser = Parser(scalars: scalars)
        guard parser.alternation(depth: 0), parser.atEnd else { return nil }
        return parser.output
    }

    private struct Parser {
        let scalars: [Unicode.Scalar]
        var index = 0
        var output = ""

        init(scalars: [Unicode.Scalar]) {
            self.scalars = scalars
        }

        /// Metacharacters outside a class: never a plain literal.
        static let syntax: Set<Unicode.Scalar> = ["\\", "^", "$", ".", "|", "?", "*", "+", "(", ")", "[", "]", "{", "}"]
        /// What `\` may precede outside a class (escaping a syntax character or `/`).
        static let escapable: Set<Unicode.Scalar> = ["\\", "^", "$", ".", "|", "?", "*", "+", "(", ")", "[", "]", "{", "}", "/"]
        /// Inside a class: characters that start set operations or nested classes in
        /// Swift (`&&`, `--`, `~~`, `[`), or end the class, are only allowed escaped.
        static let classSyntax: Set<Unicode.Scalar> = ["\\", "]", "[", "-", "&", "~", "^"]
        /// What opens a POSIX class (`[:alpha:]`, `[=a=]`, `[.a.]`) right after `[` or `[^`.
        static let posixOpeners: Set<Unicode.Scalar> = [":", "=", "."]
        /// What JavaScript allows escaped inside a class with the `u` flag.
        static let classEscapable: Set<Unicode.Scalar> = ["\\", "]", "[", "-", "^", "/", ".", "$", "|", "?", "*", "+", "(", ")", "{", "}"]

        static let dot = #"[^\n\v\f\r\u0085\u2028\u2029]"#

        var atEnd: Bool { index >= scalars.count }
        var current: Unicode.Scalar? { atEnd ? nil : scalars[index] }

        /// seq ('|' seq)*
        mutating func alternation(depth: Int) -> Bool {
            guard depth < 32 else { return false }
            guard sequence(depth: depth) else { return false }
            while current == "|" {
                index += 1
                output += "|"
                guard sequence(depth: depth) else { return false }
            }
            return true
        }

        /// (atom quantifier?)*
        mutating func sequence(depth: Int) -> Bool {
            while let scalar = current, scalar != "|", scalar != ")" {
                guard atom(depth: depth) else { return false }
                guard quantifier() else { return false }
            }
            return true
        }

        mutating func atom(depth: Int) -> Bool {
            guard let scalar = current else { return false }
            switch scalar {
            case "(":
                index += 1
                if current == "?" {
                    guard index + 1 < scalars.count, scalars[index + 1] == ":" else { return false }
                    index += 2
                }
                output += "(?:"
                guard alternation(depth: depth + 1), current == ")" else { return false }
                index += 1
                output += ")"
                return true
            case "[":
                return characterClass()
            case ".":
                index += 1
                output += Self.dot
                return true
            case "\\":
                guard index + 1 < scalars.count, Self.escapable.contains(scalars[index + 1]) else { return false }
                let escaped = scalars[index + 1]
                index += 2
                output += escaped == "/" ? "/" : "\\" + String(escaped)
                return true
            default:
                guard Self.isPlainASCII(scalar), !Self.syntax.contains(scalar) else { return false }
                index += 1
                output.unicodeScalars.append(scalar)
                return true
            }
        }

        /// `* + ? {n} {n,} {n,m}`, optionally lazy; a second quantifier is refused.
        mutating func quantifier() -> Bool {
            guard let scalar = current else { return true }
            switch scalar {
            case "*", "+", "?":
                index += 1
                output.unicodeScalars.append(scalar)
            case "{":
                index += 1
                guard let low = number() else { return false }
                var text = "{" + String(low)
                if current == "," {
                    index += 1
                    text += ","
                    if let high = number() {
                        guard high >= low else { return false }
                        text += String(high)
                    }
                }
                guard current == "}" else { return false }
                index += 1
                output += text + "}"
            default:
                return true
            }
            if current == "?" {
                index += 1
                output += "?"
            }
            // `a*+` (possessive in Swift) or `a**`: not in the whitelist.
            if let next = current, next == "*" || next == "+" || next == "?" || next == "{" { return false }
            return true
        }

        /// Up to four decimal digits.
        mutating func number() -> Int? {
            var digits = ""
            while let scalar = current, ("0"..."9").contains(scalar), digits.count < 4 {
                digits.unicodeScalars.append(scalar)
                index += 1
            }
            if let scalar = current, ("0"..."9").contains(scalar) { return nil }
            return Int(digits)
        }

        /// `[` `^`? (literal | literal-literal)+ `]`
        mutating func characterClass() -> Bool {
            index += 1
            output += "["
            if current == "^" {
                index += 1
                output += "^"
            }
            // Swift reads `[:digit:]` as a POSIX class (`[=a=]` and `[.a.]` are
            // POSIX syntax too); JavaScript as the set of its characters.
            if let first = current, Self.posixOpeners.contains(first) { return false }
            var members = 0
            while current != nil, current != "]" {
                guard let low = classLiteral() else { return false }
                if current == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
                    index += 1
                    output += "-"
                    guard let high = classLiteral(), low.value <= high.value else { return false }
                } else if current == "-" {
                    return false
                }
                members += 1
            }
            guard members > 0, current == "]" else { return false }
            index += 1
            output += "]"
            return true
        }

        /// One ASCII member of a class, plain or escaped; written to the output.
        mutating func classLiteral() -> Unicode.Scalar? {
            guard let scalar = current else { return nil }
            let literal: Unicode.Scalar
            if scalar == "\\" {
                guard index + 1 < scalars.count, Self.classEscapable.contains(scalars[index + 1]) else { return nil }
                literal = scalars[index + 1]
                index += 2
            } else {
                guard Self.isPlainASCII(scalar), !Self.classSyntax.contains(scalar) else { return nil }
                literal = scalar
                index += 1
            }
            Self.appendClassLiteral(literal, to: &output)
            return literal
        }

        static func appendClassLiteral(_ scalar: Unicode.Scalar, to output: inout String) {
            if classEscapable.contains(scalar) { output += "\\" }
            output.unicodeScalars.append(scalar)
        }

        /// Printable ASCII, space included.
        static func isPlainASCII(_ scalar: Unicode.Scalar) -> Bool {
            (0x20...0x7E).contains(scalar.value)
        }
    }
}
