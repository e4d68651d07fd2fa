/// Maps a character offset in a scalar's decoded text back to the line and column
/// where that character is written, so that a problem inside a value (a condition,
/// a regular expression) points at the exact character even when YAML quoting,
/// escapes or line folding moved it.
///
/// It re-reads the scalar from the file the way YAML (or JSON) decodes it, recording
/// where each decoded Unicode scalar came from: a `''` in single quotes, a `\u00e9`
/// escape or a folded line break is one decoded character spanning several source
/// characters. The result is checked against the text the reader decoded; past the
/// first difference (a construct this mapping does not model, e.g. an explicit block
/// indentation it cannot infer) offsets fall back to the last position known to be
/// right, never to a crash.
package struct ScalarSourceMap {
    /// Where each decoded scalar was written.
    private var spans: [SourceRange] = []
    /// How many leading entries of `spans` agree with the decoded text.
    private var trusted = 0
    private let start: SourcePosition
    private let emptyEnd: SourcePosition
    private let file: SourceFile

    /// The map of any scalar: its decoded text with the range it was written in.
    package init(text source: Located<String>, style: ScalarStyle, file: SourceFile) {
        let expected = Array(source.value.unicodeScalars)
        self.file = file
        var cursor = SourceCursor(file: file, at: source.range.start)
        cursor.skipProperties()
        start = cursor.position
        emptyEnd = style.isQuoted
            ? SourcePosition(line: start.line, column: start.column + 1)
            : start
        switch style {
        case .plain, .singleQuoted, .doubleQuoted:
            var decoder = FlowScalarDecoder(cursor: cursor, style: style, limit: expected.count)
            decoder.decode()
            (spans, trusted) = Self.agreement(decoder.output, expected)
        case .literal, .folded:
            // An explicit indentation indicator is relative to the parent's indentation,
            // which the scalar alone does not tell; trying smaller indentations finds it.
            let detected = BlockScalarDecoder.detectIndentation(cursor)
            for indentation in stride(from: detected, through: 1, by: -1) {
                var decoder = BlockScalarDecoder(
                    cursor: cursor, folded: style == .folded, indentation: indentation, limit: expected.count
                )
                decoder.decode()
                let candidate = Self.agreement(decoder.output, expected)
                if indentation == detected || candidate.trusted > trusted { (spans, trusted) = candidate }
                if trusted == expected.count { break }
            }
        }
    }

    /// The spans of a re-decoding, and how many of its leading scalars agree with
    /// the reader's text.
    private static func agreement(
        _ output: [(scalar: Unicode.Scalar, range: SourceRange)], _ expected: [Unicode.Scalar]
    ) -> (spans: [SourceRange], trusted: Int) {
        var agreeing = 0
        while agreeing < output.count, agreeing < expected.count, output[agreeing].scalar == expected[agreeing] {
            agreeing += 1
        }
        return (output.map(\.range), agreeing)
    }

    /// The file range of the decoded characters `offsets`. An empty range at the end
    /// of the text is the position just after its last character.
    package func range(_ offsets: Range<Int>) -> SourceRange {
        let lower = max(0, offsets.lowerBound)
        guard trusted > 0 else { return SourceRange(at: lower == 0 ? start : emptyEnd) }
        if lower >= trusted {
            return SourceRange(at: onItsLine(spans[trusted - 1].end))
        }
        let last = min(max(offsets.upperBound, lower + 1), trusted) - 1
        if offsets.isEmpty { return SourceRange(at: spans[lower].start) }
        return SourceRange(start: spans[lower].start, end: spans[last].end)
    }

    /// `position`, or its line's break when it is past it: the end of a line break's
    /// span (one column at the end of its line) is no character of the file.
    private func onItsLine(_ position: SourcePosition) -> SourcePosition {
        guard let line = file.lineText(position.line) else { return position }
        return SourcePosition(line: position.line, column: min(position.column, line.unicodeScalars.count + 1))
    }
}

/// Walks a file's bytes from a position one Unicode scalar at a time, keeping the
/// line and column. Line breaks (LF, CR LF, CR) all read as one `"\n"`.
struct SourceCursor {
    private let bytes: [UInt8]
    private var offset: Int
    private(set) var position: SourcePosition

    init(file: SourceFile, at position: SourcePosition) {
        bytes = file.bytes
        offset = file.byteOffset(of: position)
        self.position = position
    }

    var isAtEnd: Bool { offset >= bytes.count }

    /// The scalar `ahead` scalars after the current one, or nil past the end.
    func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
        var copy = self
        for _ in 0..<ahead {
            guard !copy.isAtEnd else { return nil }
            copy.advance()
        }
        return copy.current
    }

    private var current: Unicode.Scalar? {
        guard offset < bytes.count else { return nil }
        let lead = bytes[offset]
        if lead == 0x0D { return "\n" }
        let width = SourceFile.scalarWidth(lead)
        guard width > 1, offset + width <= bytes.count else { return Unicode.Scalar(lead) }
        var value = UInt32(lead) & (0xFF >> (width + 1))
        for index in 1..<width { value = value << 6 | UInt32(bytes[offset + index] & 0x3F) }
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }

    /// Consumes one scalar and returns the range it occupied. A line break's range is
    /// one column at the end of its line.
    @discardableResult
    mutating func advance() -> SourceRange {
        let before = position
        guard offset < bytes.count else { return SourceRange(at: before) }
        let lead = bytes[offset]
        if lead == 0x0A || lead == 0x0D {
            offset += (lead == 0x0D && offset + 1 < bytes.count && bytes[offset + 1] == 0x0A) ? 2 : 1
            position = SourcePosition(line: before.line + 1, column: 1)
            return SourceRange(start: before, end: SourcePosition(line: before.line, column: before.column + 1))
        }
        offset += SourceFile.scalarWidth(lead)
        position.column += 1
        return SourceRange(start: before, end: position)
    }

    static func isBlank(_ scalar: Unicode.Scalar?) -> Bool { scalar == " " || scalar == "\t" }

    /// Skips a YAML node's properties (`&anchor`, `!tag`, in either order), each with
    /// the spaces, comment and line breaks after it: a node's range starts at them,
    /// and its text after them. No scalar's text starts with `&` or `!` unquoted.
    mutating func skipProperties() {
        while peek() == "&" || peek() == "!" {
            while let scalar = peek(), !Self.isBlank(scalar), scalar != "\n" { advance() }
            while let scalar = peek(), Self.isBlank(scalar) || scalar == "\n" || scalar == "#" {
                if scalar == "#" {
                    while let inComment = peek(), inComment != "\n" { advance() }
                } else {
                    advance()
                }
            }
        }
    }
}

/// Re-decodes a plain, single-quoted or double-quoted scalar (YAML flow scalars and
/// JSON strings), with YAML's line folding: a single break between two lines reads as
/// a space, each empty line as a `\n`, and whitespace around breaks is dropped.
private struct FlowScalarDecoder {
    var cursor: SourceCursor
    let style: ScalarStyle
    /// Decoding stops after this many scalars: the decoded text says where a plain
    /// scalar ends, which is not always visible from the scalar alone (`,` in flow).
    let limit: Int
    var output: [(scalar: Unicode.Scalar, range: SourceRange)] = []

    init(cursor: SourceCursor, style: ScalarStyle, limit: Int) {
        self.cursor = cursor
        self.style = style
        self.limit = limit
    }

    mutating func decode() {
        if style.isQuoted { cursor.advance() }
        while output.count < limit, let scalar = cursor.peek() {
            if style == .singleQuoted, scalar == "'" {
                guard cursor.peek(1) == "'" else { return }
                let first = cursor.advance()
                let second = cursor.advance()
                output.append(("'", SourceRange(start: first.start, end: second.end)))
            } else if style == .doubleQuoted, scalar == "\"" {
                return
            } else if style == .doubleQuoted, scalar == "\\" {
                decodeEscape()
            } else if SourceCursor.isBlank(scalar) || scalar == "\n" {
                decodeWhitespace()
            } else {
                output.append((scalar, cursor.advance()))
            }
        }
    }

    /// Blanks inside a line are kept; blanks next to a line break are folded away.
    private mutating func decodeWhitespace() {
        var blanks: [(scalar: Unicode.Scalar, range: SourceRange)] = []
        while let scalar = cursor.peek(), SourceCursor.isBlank(scalar) {
            blanks.append((scalar, cursor.advance()))
        }
        guard cursor.peek() == "\n" else {
            output.append(contentsOf: blanks)
            return
        }
        let firstBreak = cursor.advance()
        var emptyLines: [SourceRange] = []
        while true {
            while SourceCursor.isBlank(cursor.peek()) { cursor.advance() }
            guard cursor.peek() == "\n" else { break }
            emptyLines.append(cursor.advance())
        }
        if emptyLines.isEmpty {
            output.append((" ", firstBreak))
        } else {
            output.append(contentsOf: emptyLines.map { ("\n", $0) })
        }
    }

    private mutating func decodeEscape() {
        let backslash = cursor.advance()
        guard let letter = cursor.peek() else { return }
        if letter == "\n" {
            // An escaped line break joins the lines with nothing in between, and the
            // lines after it are not folded: each empty line reads as a "\n" (libyaml
            // keeps them as trailing breaks), where unescaped, the first break of a run
            // would be dropped or read as a space.
            cursor.advance()
            while true {
                while SourceCursor.isBlank(cursor.peek()) { cursor.advance() }
                guard cursor.peek() == "\n" else { return }
                output.append(("\n", cursor.advance()))
            }
        }
        var end = cursor.advance().end
        let digits: Int
        switch letter {
        case "x": digits = 2
        case "u": digits = 4
        case "U": digits = 8
        default:
            let simple: [Unicode.Scalar: Unicode.Scalar] = [
                "0": "\0", "a": "\u{07}", "b": "\u{08}", "t": "\t", "\t": "\t", "n": "\n", "v": "\u{0B}",
                "f": "\u{0C}", "r": "\r", "e": "\u{1B}", " ": " ", "\"": "\"", "/": "/", "\\": "\\",
                "N": "\u{85}", "_": "\u{A0}", "L": "\u{2028}", "P": "\u{2029}",
            ]
            output.append((simple[letter] ?? letter, SourceRange(start: backslash.start, end: end)))
            return
        }
        var value = readHex(digits, end: &end)
        // JSON spells a scalar above U+FFFF as a surrogate pair of two escapes.
        if (0xD800...0xDBFF).contains(value), cursor.peek() == "\\", cursor.peek(1) == "u" {
            var lookahead = self
            lookahead.cursor.advance()
            lookahead.cursor.advance()
            var lowEnd = end
            let low = lookahead.readHex(4, end: &lowEnd)
            if (0xDC00...0xDFFF).contains(low) {
                self = lookahead
                end = lowEnd
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            }
        }
        output.append((Unicode.Scalar(value) ?? "\u{FFFD}", SourceRange(start: backslash.start, end: end)))
    }

    private mutating func readHex(_ digits: Int, end: inout SourcePosition) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard let scalar = cursor.peek(), scalar.isASCII, let digit = UInt32(String(scalar), radix: 16) else { break }
            value = value << 4 | digit
            end = cursor.advance().end
        }
        return value
    }
}

/// Re-decodes a literal (`|`) or folded (`>`) block scalar at a given content
/// indentation, following libyaml's folding of breaks between lines.
private struct BlockScalarDecoder {
    var cursor: SourceCursor
    let folded: Bool
    let indentation: Int
    let limit: Int
    var output: [(scalar: Unicode.Scalar, range: SourceRange)] = []

    init(cursor: SourceCursor, folded: Bool, indentation: Int, limit: Int) {
        self.cursor = cursor
        self.folded = folded
        self.indentation = indentation
        self.limit = limit
    }

    /// Skips the header (`|-2 # comment`) and its line break, when the range starts
    /// at the indicator as libyaml's does.
    static func skipHeader(_ cursor: inout SourceCursor) {
        guard cursor.peek() == "|" || cursor.peek() == ">" else { return }
        while let scalar = cursor.peek(), scalar != "\n" { cursor.advance() }
        cursor.advance()
    }

    /// The indentation of the first line with content: what YAML infers when the
    /// header gives none.
    static func detectIndentation(_ start: SourceCursor) -> Int {
        var cursor = start
        skipHeader(&cursor)
        while !cursor.isAtEnd {
            var spaces = 0
            while cursor.peek() == " " {
                cursor.advance()
                spaces += 1
            }
            guard cursor.peek() == "\n" else { return max(1, spaces) }
            cursor.advance()
        }
        return 1
    }

    mutating func decode() {
        Self.skipHeader(&cursor)
        var leadingBreak: SourceRange?
        var trailingBreaks: [SourceRange] = []
        var leadingBlank = false
        collectIndentation(&trailingBreaks)
        while !cursor.isAtEnd, cursor.position.column == indentation + 1, output.count < limit {
            let trailingBlank = SourceCursor.isBlank(cursor.peek())
            if folded, let folding = leadingBreak, !leadingBlank, !trailingBlank {
                if trailingBreaks.isEmpty { output.append((" ", folding)) }
            } else if let kept = leadingBreak {
                output.append(("\n", kept))
            }
            leadingBreak = nil
            output.append(contentsOf: trailingBreaks.map { ("\n", $0) })
            trailingBreaks = []
            leadingBlank = SourceCursor.isBlank(cursor.peek())
            while let scalar = cursor.peek(), scalar != "\n", output.count < limit {
                output.append((scalar, cursor.advance()))
            }
            guard cursor.peek() == "\n" else { break }
            leadingBreak = cursor.advance()
            collectIndentation(&trailingBreaks)
        }
        // The final break (kept unless chomped) is the last character of a clipped scalar.
        if output.count < limit, let last = leadingBreak { output.append(("\n", last)) }
    }

    /// Eats indentation and the empty lines after it.
    private mutating func collectIndentation(_ breaks: inout [SourceRange]) {
        while true {
            while cursor.position.column <= indentation, cursor.peek() == " " { cursor.advance() }
            guard cursor.peek() == "\n" else { return }
            breaks.append(cursor.advance())
        }
    }
}
