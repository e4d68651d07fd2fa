import FormModel
import FormSource

/// FC404: a `pattern` must compile with Swift's `Regex`, the engine the generated
/// code uses, so nothing fails at run time. Swift's errors carry no position, so
/// the position is found as the end of the shortest prefix that fails the same way,
/// then mapped through the scalar's quoting and escapes to the file.
struct PatternValidator {
    /// What a pattern is to Swift's `Regex`.
    private enum Outcome {
        case compiles
        /// Nested deeper than `maxDepth`, at this offset in Unicode scalars: not compiled.
        case tooDeep(at: Int)
        /// Swift's message.
        case fails(String)
    }

    /// Outcomes by pattern text: a form repeats the same few patterns on many
    /// fields, and compiling a `Regex` is far dearer than a lookup.
    private var outcomes: [String: Outcome] = [:]

    /// Patterns longer than this are located as a whole: finding the failing
    /// character compiles every prefix, which is quadratic in the pattern's length.
    static let locatableLength = 256

    /// Prefix compiles one file may spend on locating errors; past it, patterns are
    /// located as a whole, so a file of many long invalid patterns stays fast.
    private var locatingBudget = 4_096

    /// The deepest nesting of groups and character classes a pattern may have: the
    /// nesting depth of SPEC §9. Swift's `Regex` parser recurses once per level, and
    /// a few thousand nested `[` overflow its stack.
    static let maxDepth = CompilerLimits.default.maxDepth

    mutating func check(_ pattern: String, rule: RuleDecl, file: SourceFile, diagnostics: inout DiagnosticBag) {
        let failure: String
        switch outcome(of: pattern) {
        case .compiles:
            return
        case .tooDeep(let offset):
            var range = rule.parameterRange ?? rule.nameRange
            if let parameterRange = rule.parameterRange, let style = rule.parameterStyle {
                range = ScalarSourceMap(text: Located(pattern, at: parameterRange), style: style, file: file).range(offset..<(offset + 1))
            }
            diagnostics.error(
                .limitExceeded, "the pattern nests groups and character classes more than \(Self.maxDepth) deep", at: range,
                help: ["write the pattern with fewer levels of '(' and '['"]
            )
            return
        case .fails(let message):
            failure = message
        }
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

    /// The offset (in Unicode scalars) of the `(` or `[` that opens a level deeper than
    /// `maxDepth`, if one does. As Swift reads a pattern: a `[` inside a class opens a
    /// class in it, `(` and `)` there are characters, a `]` closes the innermost class,
    /// and `\Q…\E` and an escaped character are text.
    static func tooDeepOffset(in pattern: String) -> Int? {
        var levels: [Bool] = []  // true for a class
        var scalars = pattern.unicodeScalars.enumerated().makeIterator()
        while let (offset, scalar) = scalars.next() {
            switch scalar {
            case "\\":
                guard let (_, escaped) = scalars.next(), escaped == "Q" else { continue }
                var previous: Unicode.Scalar?
                while let (_, quoted) = scalars.next(), !(previous == "\\" && quoted == "E") { previous = quoted }
            case "[", "(":
                if scalar == "(", levels.last == true { continue }
                levels.append(scalar == "[")
                if levels.count > maxDepth { return offset }
            case "]":
                if levels.last == true { levels.removeLast() }
            case ")":
                if levels.last == false { levels.removeLast() }
            default:
                continue
            }
        }
        return nil
    }

    /// The outcome of `pattern`, remembered per text.
    private mutating func outcome(of pattern: String) -> Outcome {
        if let known = outcomes[pattern] { return known }
        let outcome: Outcome = if let offset = Self.tooDeepOffset(in: pattern) {
            .tooDeep(at: offset)
        } else if let failure = Self.compileError(pattern) {
            .fails(failure)
        } else {
            .compiles
        }
        outcomes[pattern] = outcome
        return outcome
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
