import FormModel
import FormSource
import FormSyntax

/// FC404: a `pattern` must compile with Swift's `Regex`, the engine the generated
/// code uses, so nothing fails at run time. Swift's errors carry no position, so
/// the position is found as the end of the shortest prefix that fails the same way,
/// then mapped through the scalar's quoting and escapes to the file.
struct PatternValidator {
    /// What a pattern is to Swift's `Regex`.
    private enum Outcome {
        case compiles
        /// Nested deeper than `maxDepth`, as `tooDeep(in:)` says: not compiled.
        case tooDeep(Depth)
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
        // `“^[0-9]{5}$”`, pasted from a document: it compiles, and matches no value,
        // since its `^` or `$` stands inside the quotes. (`“.+”` may mean the quotes.)
        if let inner = Suggestions.typographicallyQuoted(pattern), inner.hasPrefix("^") || (inner.hasSuffix("$") && !inner.hasSuffix("\\$")),
           let range = rule.parameterRange {
            let written = SourceFormat(path: file.path) == .json ? YAMLPlain.doubleQuoted(inner) : YAMLPlain.literal(inner)
            diagnostics.error(
                .invalidPattern, "the pattern is in typographic quotes, which it would match as characters: no value would pass", at: range,
                help: [Self.wholeValueHelp("write the pattern without them: \(written)", written: written, rule: rule)]
            )
            return
        }
        // `/^\d{5}$/`, JavaScript's literal (Yup's `matches`, React Hook Form's
        // `pattern`): it compiles, and matches no value, since its `^` follows a `/`
        // or its `$` precedes one. Its flags `i`, `m` and `s` are Swift's `(?ims)`.
        if let (inner, flags) = Self.javaScriptLiteral(pattern), inner.hasPrefix("^") || (inner.hasSuffix("$") && !inner.hasSuffix("\\$")),
           let range = rule.parameterRange {
            let meant = (flags.isEmpty ? "" : "(?\(flags))") + inner
            let written = SourceFormat(path: file.path) == .json ? YAMLPlain.doubleQuoted(meant) : YAMLPlain.literal(meant)
            diagnostics.error(
                .invalidPattern, "the pattern is written between '/' as JavaScript writes one, and would match the '/' as characters: no value would pass",
                at: range,
                help: [Self.wholeValueHelp(
                    "write the pattern without the slashes\(flags.isEmpty ? "" : ", its flags as (?\(flags))"): \(written)", written: written, rule: rule
                )]
            )
            return
        }
        let failure: String
        switch outcome(of: pattern) {
        case .compiles:
            return
        case .tooDeep(let depth):
            var range = rule.parameterRange ?? rule.nameRange
            if let parameterRange = rule.parameterRange, let style = rule.parameterStyle {
                range = ScalarSourceMap(text: Located(pattern, at: parameterRange), style: style, file: file)
                    .range(depth.offset..<(depth.offset + 1))
            }
            diagnostics.error(
                .limitExceeded,
                depth.isFollowed
                    ? "the pattern nests groups and character classes more than \(Self.maxDepth) deep"
                    : "the pattern has more than \(Self.maxDepth) '(' and '[', and an escape with braces, '\\c' or extended mode, whose nesting formc does not follow",
                at: range,
                help: [depth.isFollowed ? "write the pattern with fewer levels of '(' and '['" : "write the pattern with fewer '(' and '['"]
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

    /// A help that writes the pattern whole, with the fix that does, except for a
    /// block scalar (`|-` and the pattern below it), whose range the fix would
    /// join to the next line.
    static func wholeValueHelp(_ line: String, written: String, rule: RuleDecl) -> DiagnosticHelp {
        guard rule.parameterStyle != .literal, rule.parameterStyle != .folded else { return DiagnosticHelp(line) }
        return DiagnosticHelp(line, fix: DiagnosticFix(title: "Write \(written)", text: written, placement: .node))
    }

    /// The pattern and the flags of a JavaScript regular expression literal
    /// (`/…/` with `i`, `m`, `s`, and `d`, `g`, `u`, `v` or `y`, which Swift's
    /// matching of a whole value needs not), or nil for any other text. A pattern
    /// with a `|` outside brackets and groups is none: there an anchor binds one
    /// branch only (`/^$|^/[a-z]+/` matches `/abc/`).
    static func javaScriptLiteral(_ pattern: String) -> (pattern: String, flags: String)? {
        guard pattern.hasPrefix("/"), let close = pattern.lastIndex(of: "/"), close != pattern.startIndex else { return nil }
        let flags = pattern[pattern.index(after: close)...]
        guard flags.allSatisfy({ "dgimsuvy".contains($0) }) else { return nil }
        let inner = String(pattern[pattern.index(after: pattern.startIndex)..<close])
        guard !hasTopLevelAlternation(pattern) else { return nil }
        var swiftFlags = ""
        for flag in "ims" where flags.contains(flag) { swiftFlags.append(flag) }
        return (inner, swiftFlags)
    }

    /// Whether `pattern` has a `|` outside every bracket and group, not escaped.
    static func hasTopLevelAlternation(_ pattern: String) -> Bool {
        var depth = 0
        var inClass = false
        var escaped = false
        for character in pattern {
            if escaped { escaped = false; continue }
            switch character {
            case "\\": escaped = true
            case "[" where !inClass: inClass = true
            case "]" where inClass: inClass = false
            case "(" where !inClass: depth += 1
            case ")" where !inClass: depth = max(0, depth - 1)
            case "|" where !inClass && depth == 0: return true
            default: break
            }
        }
        return false
    }

    /// Where a pattern may nest deeper than `maxDepth`: the offset (in Unicode
    /// scalars) of the `(` or `[` past it, and whether the nesting was followed
    /// (else every `(` and `[` was counted).
    struct Depth: Equatable {
        var offset: Int
        var isFollowed: Bool
    }

    /// Where `pattern` opens a level deeper than `maxDepth`, if it may. A pattern
    /// of plain syntax is read as Swift reads it: a `[` inside a class opens a class
    /// in it, `(` and `)` there are characters, a `]` closes the innermost class;
    /// `\Q…\E`, `(?#…)`, a POSIX class (`[:alpha:]`) and a character after `\` are
    /// text. In a pattern with syntax whose end is harder to find (an escape with
    /// braces or `\c`, extended mode's comments) a `]` or `)` may be text where the
    /// scan would close a level: there every `(` and `[` counts, which is never less
    /// than the depth Swift reaches.
    static func tooDeep(in pattern: String) -> Depth? {
        let scalars = Array(pattern.unicodeScalars)
        guard followsNesting(scalars) else {
            var openings = 0
            for (offset, scalar) in scalars.enumerated() where scalar == "(" || scalar == "[" {
                openings += 1
                if openings > maxDepth { return Depth(offset: offset, isFollowed: false) }
            }
            return nil
        }
        var levels: [Bool] = []  // true for a class
        var index = 0
        func starts(_ text: String, at offset: Int) -> Bool {
            scalars[offset...].starts(with: text.unicodeScalars)
        }
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case "\\" where starts("\\Q", at: index):
                index += 2
                while index < scalars.count, !starts("\\E", at: index) { index += 1 }
                index += 1
            case "\\":
                index += 1
            case "(" where levels.last != true && starts("(?#", at: index):
                while index < scalars.count, scalars[index] != ")" { index += 1 }
            case "[", "(":
                if scalar == "(", levels.last == true { break }
                if scalar == "[", let end = posixClassEnd(in: scalars, at: index) {
                    index = end
                    break
                }
                levels.append(scalar == "[")
                if levels.count > maxDepth { return Depth(offset: index, isFollowed: true) }
            case "]":
                if levels.last == true { levels.removeLast() }
            case ")":
                if levels.last == false { levels.removeLast() }
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// Whether `tooDeep(in:)` can follow the pattern's nesting: no escape that takes
    /// braces or angle brackets (`\x{…}`, `\p{…}`, `\k<…>`) or the character after
    /// it (`\cX`), and no extended mode (`(?x)`, where `#` starts a comment).
    private static func followsNesting(_ scalars: [Unicode.Scalar]) -> Bool {
        var index = 0
        while index + 1 < scalars.count {
            let scalar = scalars[index]
            let next = scalars[index + 1]
            if scalar == "\\" {
                if next == "c" { return false }
                if "xuoNpPkg".unicodeScalars.contains(next), index + 2 < scalars.count, scalars[index + 2] == "{" || scalars[index + 2] == "<" {
                    return false
                }
                index += 2
                continue
            }
            if scalar == "(", next == "?" {
                var flag = index + 2
                while flag < scalars.count, scalars[flag].properties.isAlphabetic || scalars[flag] == "^" || scalars[flag] == "-" {
                    if scalars[flag] == "x" { return false }
                    flag += 1
                }
            }
            index += 1
        }
        return true
    }

    /// The offset of the last `]` of a POSIX class starting at `index` (`[:alpha:]`,
    /// `[:^digit:]`), nil when none starts there.
    private static func posixClassEnd(in scalars: [Unicode.Scalar], at index: Int) -> Int? {
        guard index + 1 < scalars.count, scalars[index + 1] == ":" else { return nil }
        var end = index + 2
        if end < scalars.count, scalars[end] == "^" { end += 1 }
        let nameStart = end
        while end < scalars.count, scalars[end].properties.isAlphabetic || scalars[end] == "_" { end += 1 }
        guard end > nameStart, end + 1 < scalars.count, scalars[end] == ":", scalars[end + 1] == "]" else { return nil }
        return end + 1
    }

    /// The outcome of `pattern`, remembered per text.
    private mutating func outcome(of pattern: String) -> Outcome {
        if let known = outcomes[pattern] { return known }
        let outcome: Outcome = if let depth = Self.tooDeep(in: pattern) {
            .tooDeep(depth)
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
