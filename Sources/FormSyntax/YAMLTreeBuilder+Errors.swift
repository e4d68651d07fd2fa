import CYAML
import FormSource

// libyaml's errors as located diagnostics, with the help that says what to write.

extension YAMLTreeBuilder {
    mutating func reportLibYAMLError(_ parser: yaml_parser_t, diagnostics: inout DiagnosticBag) {
        failed = true
        let problem = parser.problem.map { String(cString: $0) } ?? "the YAML could not be read"
        let at: SourcePosition
        if parser.error == YAML_READER_ERROR {
            // Reader errors (bad encoding, control characters) carry a byte offset, not a mark.
            at = file.position(ofByteOffset: parser.problem_offset)
        } else {
            at = position(parser.problem_mark)
        }
        var message = problem
        var notes: [DiagnosticNote] = []
        if let context = parser.context.map({ String(cString: $0) }) {
            message = "\(context): \(problem)"
            let contextAt = position(parser.context_mark)
            if contextAt != at {
                notes.append(diagnostics.note("\(Self.subject(ofContext: context)) started here", at: SourceRange(at: contextAt)))
            }
        }
        let offset = file.byteOffset(of: at)
        diagnostics.error(
            .syntaxError, message, at: SourceRange(start: at, end: SourcePosition(line: at.line, column: at.column + 1)),
            notes: notes, help: help(forProblem: problem, at: at, byte: offset < file.bytes.count ? file.bytes[offset] : nil)
        )
    }

    /// "while parsing a block mapping" → "the block mapping".
    private static func subject(ofContext context: String) -> String {
        var subject = Substring(context)
        for prefix in ["while parsing ", "while scanning "] where subject.hasPrefix(prefix) {
            subject = subject.dropFirst(prefix.count)
        }
        for article in ["a ", "an "] where subject.hasPrefix(article) {
            return "the " + subject.dropFirst(article.count)
        }
        return String(subject)
    }

    private func help(forProblem problem: String, at: SourcePosition, byte: UInt8?) -> [String] {
        if byte == 0x09 {
            return ["YAML does not allow tabs for indentation; indent with spaces"]
        }
        if problem == "mapping values are not allowed in this context" {
            return [continuedValueHelp(at: at) ?? "a value that contains ': ' must be quoted"]
        }
        if problem.hasPrefix("found character that cannot start any token"), byte == UInt8(ascii: "@") || byte == UInt8(ascii: "`") {
            return ["'@' and '`' are reserved in YAML; quote the value"]
        }
        return []
    }

    /// Where the ':' at `at` ends a key that starts its line, indented under a plain
    /// value on the line above, YAML reads the key as more of that value (a plain
    /// value goes on over the lines indented under it), and the ':' is an error.
    /// `- required` with `when: b` under it is the common case: the help says how
    /// to give the item keys, or how to line the key up with the one above.
    private func continuedValueHelp(at: SourcePosition) -> String? {
        guard let line = file.lineText(at.line) else { return nil }
        let scalars = Array(line.unicodeScalars)
        guard at.column >= 2, at.column - 1 <= scalars.count else { return nil }
        let beforeColon = String(String.UnicodeScalarView(scalars[..<(at.column - 1)]))
        let indent = beforeColon.prefix { $0 == " " }.count
        let key = beforeColon.dropFirst(indent)
        guard Self.isPlainWord(key) else { return nil }
        var above = at.line - 1
        // A blank line does not end a plain value; a comment does.
        while above >= 1, let text = file.lineText(above), text.allSatisfy({ $0 == " " }) { above -= 1 }
        guard above >= 1, let previous = file.lineText(above) else { return nil }
        let previousIndent = previous.prefix { $0 == " " }.count
        var content = Substring(previous.dropFirst(previousIndent))
        var contentColumn = previousIndent
        let isItem = content.hasPrefix("- ")
        if isItem {
            let dashAndSpaces = 1 + content.dropFirst().prefix { $0 == " " }.count
            content = content.dropFirst(dashAndSpaces)
            contentColumn += dashAndSpaces
        }
        var text = content
        while text.last == " " { text = text.dropLast() }
        if isItem, indent > previousIndent, Self.isPlainWord(text) {
            // An item that is one word (`- required`): its keys need it to be a mapping.
            let example = key == "title" || key == "image" ? "'- value: \(text)'" : "'- \(text): true'"
            return "'\(key)' continues the value '\(text)' of line \(above): a plain value goes on over the lines indented under it. To give that item keys, write it as a mapping: \(example) with '\(key): …' under it"
        }
        guard indent > contentColumn, let colon = text.indices.first(where: { text[$0] == ":" && text[text.index(after: $0)...].first == " " }) else { return nil }
        let previousKey = text[..<colon]
        let value = text[text.index(after: colon)...].drop { $0 == " " }
        guard Self.isPlainWord(previousKey), let first = value.first, !"'\"[{|>&*!#".contains(first) else { return nil }
        return "'\(key)' is indented under '\(previousKey)' of line \(above), so YAML reads it as more of that value; indent '\(key)' as '\(previousKey)' is to make it a key beside it"
    }

    /// A key or value of letters, digits, '_' and '-', as ids, keys and rule names are.
    private static func isPlainWord(_ text: Substring) -> Bool {
        guard let first = text.first, first != "-" else { return false }
        return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
    }
}
