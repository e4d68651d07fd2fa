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
            notes: notes, help: Self.help(forProblem: problem, byte: offset < file.bytes.count ? file.bytes[offset] : nil)
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

    private static func help(forProblem problem: String, byte: UInt8?) -> [String] {
        if byte == 0x09 {
            return ["YAML does not allow tabs for indentation; indent with spaces"]
        }
        if problem == "mapping values are not allowed in this context" {
            return ["a value that contains ': ' must be quoted"]
        }
        if problem.hasPrefix("found character that cannot start any token"), byte == UInt8(ascii: "@") || byte == UInt8(ascii: "`") {
            return ["'@' and '`' are reserved in YAML; quote the value"]
        }
        return []
    }
}
