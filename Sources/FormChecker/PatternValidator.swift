import FormModel
import FormSource

/// FC404: a `pattern` must compile with Swift's `Regex`, the engine the generated
/// code uses, so nothing fails at run time. Swift's errors carry no position, so
/// the position is found as the end of the shortest prefix that fails the same way,
/// then mapped through the scalar's quoting and escapes to the file.
struct PatternValidator {
    /// Compile results by pattern text: a form repeats the same few patterns on many
    /// fields, and compiling a `Regex` is far dearer than a lookup.
    private var results: [String: String?] = [:]

    /// Patterns longer than this are located as a whole: finding the failing
    /// character compiles every prefix, which is quadratic in the pattern's length.
    static let locatableLength = 256

    /// Prefix compiles one file may spend on locating errors; past it, patterns are
    /// located as a whole, so a file of many long invalid patterns stays fast.
    private var locatingBudget = 4_096

    mutating func check(_ pattern: String, rule: RuleDecl, file: SourceFile, diagnostics: inout DiagnosticBag) {
        guard let failure = compileError(pattern) else { return }
        var range = rule.parameterRange ?? rule.nameRange
        let length = pattern.unicodeScalars.count
        if let parameterRange = rule.parameterRange, let style = rule.parameterStyle,
           length <= Self.locatableLength, length <= locatingBudget {
            locatingBudget -= length
            let offset = Self.errorOffset(in: pattern, message: failure)
            let map = ScalarSourceMap(text: Located(pattern, at: parameterRange), style: style, file: file)
            range = map.range(offset..<(offset + 1))
        }
        diagnostics.error(
            .invalidPattern, "invalid regular expression: \(failure)", at: range,
            help: ["the pattern must be a Swift Regex; it must match the whole value"]
        )
    }

    /// Swift's message for a pattern that does not compile, or nil, remembered per text.
    mutating func compileError(_ pattern: String) -> String? {
        if let known = results[pattern] { return known }
        let result = Self.compileError(pattern)
        results[pattern] = result
        return result
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
}
