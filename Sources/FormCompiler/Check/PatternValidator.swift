/// FC404: a `pattern` must compile with Swift's `Regex`, the engine the generated
/// code uses, so nothing fails at run time. Swift's errors carry no position, so
/// the position is found as the end of the shortest prefix that fails the same way.
enum PatternValidator {
    static func check(_ pattern: String, rule: RuleDecl, diagnostics: inout DiagnosticBag) {
        guard let failure = compileError(pattern) else { return }
        let offset = errorOffset(in: pattern, message: failure)
        let range = rule.parameterRange ?? rule.nameRange
        diagnostics.error(
            .invalidPattern, "invalid regular expression: \(failure)", at: locate(offset: offset, in: range, pattern: pattern),
            help: ["the pattern must be a Swift Regex; it must match the whole value"]
        )
    }

    static func compileError(_ pattern: String) -> String? {
        do {
            _ = try Regex(pattern)
            return nil
        } catch {
            return String(describing: error)
        }
    }

    /// The offset (in Unicode scalars) of the character at which the pattern fails.
    static func errorOffset(in pattern: String, message: String) -> Int {
        let scalars = Array(pattern.unicodeScalars)
        var prefix = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            prefix.append(scalar)
            if compileError(String(prefix)) == message { return index }
        }
        return max(0, scalars.count - 1)
    }

    /// The source span of one pattern character, when the scalar was written on one
    /// line with no escapes before it; otherwise the whole pattern value.
    static func locate(offset: Int, in range: SourceRange, pattern: String) -> SourceRange {
        guard range.start.line == range.end.line else { return range }
        let written = range.end.column - range.start.column
        let length = pattern.unicodeScalars.count
        let quote = written - length
        // Plain (0 extra) or quoted without escapes (2 extra: the quotes).
        guard quote == 0 || quote == 2 else { return range }
        let column = range.start.column + quote / 2 + offset
        return SourceRange(start: SourcePosition(line: range.start.line, column: column),
                           end: SourcePosition(line: range.start.line, column: column + 1))
    }
}
