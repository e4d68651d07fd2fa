/// Reads a strict RFC 8259 JSON form file (`*.form.json`) into the same `SyntaxTree`
/// as `YAMLReader`: objects become mappings whose keys are `.doubleQuoted` scalars,
/// arrays become sequences, strings `.doubleQuoted` scalars with escapes resolved,
/// and numbers, `true`, `false` and `null` `.plain` scalars with the text exactly as
/// written.
///
/// Decisions:
/// - What JSON forbids is FC001 at the offending character, and reading stops
///   there: after a syntax error the rest of a JSON file cannot be trusted.
/// - A leading UTF-8 byte-order mark is skipped (RFC 8259 §8.1 allows ignoring
///   it; Windows editors write one). It still counts as column 1 of line 1, as
///   `SourceFile` counts it.
/// - A lone surrogate escape (`\uD800` not followed by `\uDC00`–`\uDFFF`, or a low
///   surrogate on its own) becomes U+FFFD: Swift strings hold only Unicode scalars,
///   and rejecting it would reject JSON that RFC 8259 calls syntactically valid.
/// - `\u0000` is accepted and kept.
/// - A duplicate key is FC002 at the second key with a note at the first; the first
///   member is kept and the tree is still returned.
/// - Nesting deeper than `CompilerLimits.maxDepth` is FC004 at the bracket that
///   went too deep.
public enum JSONReader {
    public static func read(_ file: SourceFile, limits: CompilerLimits, diagnostics: inout DiagnosticBag) -> SyntaxTree? {
        file.bytes.withUnsafeBufferPointer { bytes in
            var parser = JSONParser(file: file, bytes: bytes, limits: limits)
            return parser.parseDocument(diagnostics: &diagnostics)
        }
    }
}

/// The byte-level JSON parser behind `JSONReader`. It keeps open arrays and objects
/// on an explicit stack, so the input cannot drive the depth of any recursion.
struct JSONParser {
    /// An array or object whose closing bracket has not come yet.
    private struct Container {
        /// Stands for "no container": the place of the top-level value.
        static let document = Container(isObject: false, start: .start, base: 0, isDocument: true)

        let isObject: Bool
        let start: SourcePosition
        /// Where this container's children start on `tree.pending`.
        let base: Int
        /// An object's key that waits for its value; it goes on `tree.pending` with it.
        var pendingKey: NodeID?
        /// The pending key was a duplicate: its value is read and dropped.
        var dropsValue = false
        var keys = MappingKeyIndex()
        var isDocument = false

        init(isObject: Bool, start: SourcePosition, base: Int, isDocument: Bool = false) {
            self.isObject = isObject
            self.start = start
            self.base = base
            self.isDocument = isDocument
        }

        mutating func attach(_ node: NodeID, to tree: inout SyntaxTreeBuilder) {
            guard isObject else {
                tree.addChild(node)
                return
            }
            if let key = pendingKey.take(), !dropsValue {
                tree.addChild(key)
                tree.addChild(node)
            }
            dropsValue = false
        }

        var closer: UInt8 { isObject ? ASCII.closeBrace : ASCII.closeBracket }
        var kindName: String { isObject ? "object" : "array" }
    }

    /// The one syntax error a parse stops at.
    private struct SyntaxError: Error {
        var message: String
        var start: Int
        var end: Int
        var notes: [(String, SourcePosition)] = []
        var help: [String] = []
    }

    private enum ASCII {
        static let quote = UInt8(ascii: "\"")
        static let apostrophe = UInt8(ascii: "'")
        static let backslash = UInt8(ascii: "\\")
        static let slash = UInt8(ascii: "/")
        static let comma = UInt8(ascii: ",")
        static let colon = UInt8(ascii: ":")
        static let openBrace = UInt8(ascii: "{")
        static let closeBrace = UInt8(ascii: "}")
        static let openBracket = UInt8(ascii: "[")
        static let closeBracket = UInt8(ascii: "]")
        static let minus = UInt8(ascii: "-")
        static let plus = UInt8(ascii: "+")
        static let dot = UInt8(ascii: ".")
        static let zero = UInt8(ascii: "0")
        static let nine = UInt8(ascii: "9")
    }

    private let file: SourceFile
    private let bytes: UnsafeBufferPointer<UInt8>
    private let count: Int
    private let limits: CompilerLimits
    private var tree: SyntaxTreeBuilder
    private var index = 0
    /// The current line and the byte offset where it starts. Lines can only break
    /// in whitespace (a raw line break in a string is an error), so `skipWhitespace`
    /// keeps these.
    private var line = 1
    private var lineStart = 0
    /// Bytes of multi-byte UTF-8 sequences on the current line beyond their first,
    /// so a column is a subtraction rather than a scan. Only strings (and a leading
    /// byte-order mark) hold multi-byte sequences.
    private var multiByteExtra = 0

    init(file: SourceFile, bytes: UnsafeBufferPointer<UInt8>, limits: CompilerLimits) {
        self.file = file
        self.bytes = bytes
        self.count = bytes.count
        self.limits = limits
        tree = SyntaxTreeBuilder(expectedBytes: bytes.count)
    }

    mutating func parseDocument(diagnostics: inout DiagnosticBag) -> SyntaxTree? {
        do {
            guard let root = try parseValueTree(diagnostics: &diagnostics) else { return nil }
            return tree.tree(root: root)
        } catch {
            let range = SourceRange(
                start: file.position(ofByteOffset: error.start), end: file.position(ofByteOffset: error.end)
            )
            let notes = error.notes.map { diagnostics.note($0.0, at: SourceRange(at: $0.1)) }
            diagnostics.error(.syntaxError, error.message, at: range, notes: notes, help: error.help)
            return nil
        }
    }

    // MARK: - Structure

    private mutating func parseValueTree(diagnostics: inout DiagnosticBag) throws(SyntaxError) -> NodeID? {
        if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            index = 3
            multiByteExtra = 2
        }
        skipWhitespace()
        guard index < count else {
            throw SyntaxError(message: "the file is empty", start: 0, end: 0, help: [ReaderDiagnostics.emptyFormHelp])
        }
        // The innermost open container is kept apart from its parents: nearly every
        // value touches it, and a local is cheaper to update than an array's last element.
        var current = Container.document
        var parents: [Container] = []
        parents.reserveCapacity(16)
        value: while true {
            skipWhitespace()
            guard index < count else { throw unexpectedEnd(expected: "a value", open: current) }
            let byte = bytes[index]
            var node: NodeID
            switch byte {
            case ASCII.openBrace, ASCII.openBracket:
                guard parents.count < limits.maxDepth else {
                    ReaderDiagnostics.tooDeep(
                        at: SourceRange(start: position(index), end: position(index + 1)), limits: limits, in: &diagnostics
                    )
                    return nil
                }
                let isObject = byte == ASCII.openBrace
                let start = position(index)
                index += 1
                skipWhitespace()
                let closer = isObject ? ASCII.closeBrace : ASCII.closeBracket
                if index < count, bytes[index] == closer {
                    index += 1
                    node = tree.close(
                        isObject ? .mapping : .sequence, childrenFrom: tree.pending.count,
                        range: SourceRange(start: start, end: position(index))
                    )
                } else {
                    parents.append(current)
                    current = Container(isObject: isObject, start: start, base: tree.pending.count)
                    if isObject {
                        try parseKey(into: &current, diagnostics: &diagnostics)
                    }
                    continue value
                }
            case ASCII.quote:
                node = try parseString()
            case ASCII.minus, ASCII.zero...ASCII.nine:
                node = try parseNumber()
            default:
                guard Self.isWordByte(byte) else { throw unexpected(expected: "a value", open: current) }
                node = try parseWord()
            }

            // Attach finished values, closing every container that ends here.
            while true {
                guard !current.isDocument else {
                    skipWhitespace()
                    guard index >= count else { throw trailingText() }
                    return node
                }
                current.attach(node, to: &tree)
                skipWhitespace()
                let closer = current.closer
                guard index < count else {
                    throw unexpectedEnd(expected: "',' or '\(Character(Unicode.Scalar(closer)))'", open: current)
                }
                let byte = bytes[index]
                if byte == ASCII.comma {
                    index += 1
                    skipWhitespace()
                    if index < count, bytes[index] == closer {
                        throw SyntaxError(
                            message: "trailing commas are not allowed in JSON",
                            start: index, end: index + 1,
                            help: ["remove the ',' after the last \(current.isObject ? "member" : "element")"]
                        )
                    }
                    if current.isObject {
                        try parseKey(into: &current, diagnostics: &diagnostics)
                    }
                    continue value
                }
                guard byte == closer else { throw missingSeparator(in: current) }
                index += 1
                let finished = current
                current = parents.removeLast()
                node = tree.close(
                    finished.isObject ? .mapping : .sequence, childrenFrom: finished.base,
                    range: SourceRange(start: finished.start, end: position(index))
                )
            }
        }
    }

    /// Reads `"key" :` at the current position into `container`.
    private mutating func parseKey(into container: inout Container, diagnostics: inout DiagnosticBag) throws(SyntaxError) {
        guard index < count else { throw unexpectedEnd(expected: "a key in double quotes", open: container) }
        let byte = bytes[index]
        guard byte == ASCII.quote else {
            if Self.isWordByte(byte) {
                let end = wordEnd(from: index)
                let word = text(index, end)
                throw SyntaxError(
                    message: "object keys must be strings in double quotes",
                    start: index, end: end, help: ["write \"\(word)\""]
                )
            }
            throw unexpected(expected: "a key in double quotes", open: container)
        }
        let key = try parseString()
        if let first = container.keys.earlierRange(of: key, in: tree, entriesFrom: container.base) {
            ReaderDiagnostics.duplicateKey(tree.string(key), at: tree.range(key), firstAt: first, in: &diagnostics)
            container.dropsValue = true
        }
        container.pendingKey = key
        skipWhitespace()
        guard index < count, bytes[index] == ASCII.colon else {
            let name = tree.string(key)
            if index >= count { throw unexpectedEnd(expected: "':' after the key '\(name)'", open: container) }
            if let special = specialCharacterError() { throw special }
            throw SyntaxError(
                message: "expected ':' after the key '\(name)'",
                start: index, end: index + scalarWidth(at: index),
                help: ["write \"\(name)\": followed by the value"]
            )
        }
        index += 1
    }

    // MARK: - Scalars

    /// Reads a string, its escapes resolved straight into the tree's text.
    private mutating func parseString() throws(SyntaxError) -> NodeID {
        let quote = index
        let start = position(quote)
        index += 1
        var runStart = index
        let textStart = tree.textCount
        while index < count {
            let byte = bytes[index]
            if byte == ASCII.quote {
                tree.appendText(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                index += 1
                return tree.addScalar(textFrom: textStart, style: .doubleQuoted, range: SourceRange(start: start, end: position(index)))
            } else if byte == ASCII.backslash {
                tree.appendText(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                try decodeEscape(quote: quote)
                runStart = index
            } else if byte < 0x20 {
                throw controlCharacter(byte)
            } else if byte < 0x80 {
                index += 1
            } else {
                guard let width = validUTF8Width(at: index) else {
                    throw SyntaxError(
                        message: "invalid UTF-8 in a string", start: index, end: index + 1,
                        help: ["save the file as UTF-8"]
                    )
                }
                index += width
                multiByteExtra += width - 1
            }
        }
        throw SyntaxError(
            message: "unterminated string", start: quote, end: quote + 1,
            help: ["add the closing '\"'"]
        )
    }

    /// Decodes the escape at `index` (a backslash) into the tree's text and moves past it.
    private mutating func decodeEscape(quote: Int) throws(SyntaxError) {
        let backslash = index
        guard backslash + 1 < count else {
            throw SyntaxError(message: "unterminated string", start: quote, end: quote + 1, help: ["add the closing '\"'"])
        }
        let escaped = bytes[backslash + 1]
        index += 2
        switch escaped {
        case ASCII.quote, ASCII.backslash, ASCII.slash: tree.appendText(escaped)
        case UInt8(ascii: "b"): tree.appendText(0x08)
        case UInt8(ascii: "f"): tree.appendText(0x0C)
        case UInt8(ascii: "n"): tree.appendText(0x0A)
        case UInt8(ascii: "r"): tree.appendText(0x0D)
        case UInt8(ascii: "t"): tree.appendText(0x09)
        case UInt8(ascii: "u"):
            guard let unit = hexQuad(at: index) else {
                throw SyntaxError(
                    message: "'\\u' must be followed by four hexadecimal digits",
                    start: backslash, end: min(backslash + 6, wordEnd(from: backslash + 2)),
                    help: ["write a character as \\u followed by its code in four hex digits, e.g. \\u00e9"]
                )
            }
            index += 4
            var scalar = UInt32(unit)
            if (0xD800...0xDBFF).contains(unit), index + 1 < count, bytes[index] == ASCII.backslash,
               bytes[index + 1] == UInt8(ascii: "u"), let low = hexQuad(at: index + 2), (0xDC00...0xDFFF).contains(low) {
                scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                index += 6
            }
            // A lone surrogate has no scalar: U+FFFD (see `JSONReader`).
            UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}") { tree.appendText($0) }
        default:
            let width = escaped < 0x80 ? 1 : (validUTF8Width(at: backslash + 1) ?? 1)
            throw SyntaxError(
                message: "invalid escape '\\\(text(backslash + 1, backslash + 1 + width))' in a string",
                start: backslash, end: backslash + 1 + width,
                help: [#"JSON escapes are \" \\ \/ \b \f \n \r \t and \uXXXX; write a backslash as \\"#]
            )
        }
    }

    private func hexQuad(at start: Int) -> UInt16? {
        guard start + 4 <= count else { return nil }
        var value: UInt16 = 0
        for offset in start..<start + 4 {
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case ASCII.zero...ASCII.nine: digit = byte - ASCII.zero
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    private mutating func parseNumber() throws(SyntaxError) -> NodeID {
        let start = index
        var end = index
        if bytes[end] == ASCII.minus { end += 1 }
        guard end < count, Self.isDigit(bytes[end]) else {
            throw invalidNumber(from: start, reason: "a '-' must be followed by digits")
        }
        if bytes[end] == ASCII.zero {
            end += 1
            if end < count, Self.isDigit(bytes[end]) {
                let tokenEnd = numberTokenEnd(from: start)
                let token = text(start, tokenEnd)
                var help: [String] = []
                if token.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-") }) {
                    let sign = token.hasPrefix("-") ? "-" : ""
                    let digits = token.drop(while: { $0 == "-" || $0 == "0" })
                    help.append("write \(sign)\(digits.isEmpty ? "0" : digits), or \"\(token)\" in quotes if the zeros matter")
                }
                throw SyntaxError(
                    message: "numbers may not have leading zeros in JSON", start: start, end: tokenEnd, help: help
                )
            }
        } else {
            while end < count, Self.isDigit(bytes[end]) { end += 1 }
        }
        if end < count, bytes[end] == ASCII.dot {
            end += 1
            guard end < count, Self.isDigit(bytes[end]) else {
                throw invalidNumber(from: start, reason: "a '.' in a number must be followed by digits")
            }
            while end < count, Self.isDigit(bytes[end]) { end += 1 }
        }
        if end < count, bytes[end] | 0x20 == UInt8(ascii: "e") {
            end += 1
            if end < count, bytes[end] == ASCII.plus || bytes[end] == ASCII.minus { end += 1 }
            guard end < count, Self.isDigit(bytes[end]) else {
                throw invalidNumber(from: start, reason: "an exponent must have digits")
            }
            while end < count, Self.isDigit(bytes[end]) { end += 1 }
        }
        if end < count, Self.isNumberTokenByte(bytes[end]) {
            throw invalidNumber(from: start, reason: nil)
        }
        return plainScalar(from: start, to: end)
    }

    /// `true`, `false`, `null`, or a bare word that JSON does not allow.
    private mutating func parseWord() throws(SyntaxError) -> NodeID {
        let start = index
        let end = wordEnd(from: start)
        let word = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if SyntaxTree.equals(word, "true") || SyntaxTree.equals(word, "false") || SyntaxTree.equals(word, "null") {
            return plainScalar(from: start, to: end)
        }
        let written = text(start, end)
        throw SyntaxError(message: "'\(written)' is not a JSON value", start: start, end: end, help: [Self.help(forWord: written)])
    }

    /// A number or literal, its text exactly as written; moves past it.
    private mutating func plainScalar(from start: Int, to end: Int) -> NodeID {
        let startPosition = position(start)
        index = end
        return tree.addScalar(
            UnsafeBufferPointer(rebasing: bytes[start..<end]), style: .plain,
            range: SourceRange(start: startPosition, end: position(end))
        )
    }

    private static func help(forWord word: String) -> String {
        switch word.lowercased() {
        case "true", "false", "null": "JSON's literals are lowercase: write \(word.lowercased())"
        case "none", "nil", "undefined": "write null"
        case "nan", "infinity", "inf": "JSON has no NaN or Infinity; write the value as a string"
        default: "write \"\(word)\" in double quotes if it is a string"
        }
    }

    // MARK: - Errors

    private mutating func invalidNumber(from start: Int, reason: String?) -> SyntaxError {
        let end = max(numberTokenEnd(from: start), start + 1)
        let token = text(start, end)
        var help: [String] = []
        let lowered = token.lowercased()
        if lowered.contains("0x") {
            help.append("JSON has no hexadecimal numbers; write the number in decimal")
        } else if lowered.contains("inf") || lowered.contains("nan") {
            help.append("JSON has no NaN or Infinity; write the value as a string")
        } else if let reason {
            help.append(reason)
        }
        return SyntaxError(message: "invalid number '\(token)'", start: start, end: end, help: help)
    }

    private func controlCharacter(_ byte: UInt8) -> SyntaxError {
        switch byte {
        case 0x0A, 0x0D:
            SyntaxError(
                message: "a string cannot contain a line break", start: index, end: index + 1,
                help: [#"close the string with '"' before the end of the line, or write the line break as \n"#]
            )
        case 0x09:
            SyntaxError(
                message: "a string cannot contain a tab character", start: index, end: index + 1,
                help: [#"write the tab as \t"#]
            )
        default:
            SyntaxError(
                message: "a string cannot contain the control character \(Self.codePoint(UInt32(byte)))",
                start: index, end: index + 1,
                help: ["write it as \\u\(Self.hex4(UInt32(byte)))"]
            )
        }
    }

    /// Errors for a character that is never valid where it stands, and that people
    /// write out of habit from JavaScript or YAML.
    private func specialCharacterError() -> SyntaxError? {
        let byte = bytes[index]
        if byte == ASCII.apostrophe {
            return SyntaxError(
                message: "JSON strings use double quotes, not single quotes", start: index, end: index + 1,
                help: ["write \"...\" instead of '...'"]
            )
        }
        if byte == ASCII.slash, index + 1 < count, bytes[index + 1] == ASCII.slash || bytes[index + 1] == UInt8(ascii: "*") {
            return SyntaxError(
                message: "comments are not allowed in JSON", start: index, end: index + 2,
                help: ["remove the comment, or write the form in YAML (.form.yaml), which allows comments"]
            )
        }
        return nil
    }

    private func unexpected(expected: String, open: Container) -> SyntaxError {
        guard index < count else { return unexpectedEnd(expected: expected, open: open) }
        if let special = specialCharacterError() { return special }
        return SyntaxError(
            message: "expected \(expected), found \(describeCharacter(at: index))",
            start: index, end: index + scalarWidth(at: index)
        )
    }

    private func unexpectedEnd(expected: String, open: Container) -> SyntaxError {
        var error = SyntaxError(message: "unexpected end of file; expected \(expected)", start: count, end: count)
        if !open.isDocument {
            error.notes.append(("the \(open.kindName) that is not closed starts here", open.start))
            error.help.append("close the \(open.kindName) with '\(Character(Unicode.Scalar(open.closer)))'")
        }
        return error
    }

    private func missingSeparator(in container: Container) -> SyntaxError {
        if let special = specialCharacterError() { return special }
        let closer = Character(Unicode.Scalar(container.closer))
        let what = container.isObject ? "member" : "element"
        var error = SyntaxError(
            message: "expected ',' or '\(closer)' after an \(container.kindName) \(what), found \(describeCharacter(at: index))",
            start: index, end: index + scalarWidth(at: index)
        )
        let byte = bytes[index]
        if byte == ASCII.quote || byte == ASCII.openBrace || byte == ASCII.openBracket || byte == ASCII.minus
            || Self.isDigit(byte) || Self.isWordByte(byte) {
            error.help.append("add a ',' between the \(what)s")
        }
        return error
    }

    private func trailingText() -> SyntaxError {
        if let special = specialCharacterError() { return special }
        return SyntaxError(
            message: "unexpected \(describeCharacter(at: index)) after the JSON value",
            start: index, end: index + scalarWidth(at: index),
            help: ["a JSON file holds exactly one value; remove what follows it"]
        )
    }

    private func describeCharacter(at offset: Int) -> String {
        let byte = bytes[offset]
        if byte < 0x20 || byte == 0x7F { return "the control character \(Self.codePoint(UInt32(byte)))" }
        return "'\(text(offset, offset + scalarWidth(at: offset)))'"
    }

    private static func codePoint(_ value: UInt32) -> String { "U+\(hex4(value))" }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    // MARK: - Bytes

    @inline(__always)
    private mutating func skipWhitespace() {
        while index < count {
            switch bytes[index] {
            case 0x20, 0x09:
                index += 1
            case 0x0A:
                index += 1
                startLine()
            case 0x0D:
                index += 1
                // CR LF is one break, counted at the LF.
                if index >= count || bytes[index] != 0x0A { startLine() }
            default:
                return
            }
        }
    }

    private mutating func startLine() {
        line += 1
        lineStart = index
        multiByteExtra = 0
    }

    /// The position of `offset`, which must be on the current line and after every
    /// multi-byte sequence read so far: the parser asks only where it stands.
    /// Errors, which may point back, use `SourceFile.position(ofByteOffset:)`.
    @inline(__always)
    private func position(_ offset: Int) -> SourcePosition {
        SourcePosition(line: line, column: offset - lineStart - multiByteExtra + 1)
    }

    private func text(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<min(end, count)]), as: UTF8.self)
    }

    private func scalarWidth(at offset: Int) -> Int {
        guard offset < count else { return 0 }
        return min(SourceFile.scalarWidth(bytes[offset]), count - offset)
    }

    /// The end of a run of letters, digits, `_`, `$` and non-ASCII characters.
    private func wordEnd(from start: Int) -> Int {
        var end = start
        while end < count, Self.isWordByte(bytes[end]) { end += 1 }
        return end
    }

    /// The end of what looks like one number as written (`0x1F`, `1.5.3`, `-01`).
    private func numberTokenEnd(from start: Int) -> Int {
        var end = start
        while end < count, Self.isNumberTokenByte(bytes[end]) { end += 1 }
        return end
    }

    /// The width of a valid UTF-8 sequence at `offset`, or nil.
    private func validUTF8Width(at offset: Int) -> Int? {
        SourceFile.validUTF8Width(bytes, at: offset)
    }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= ASCII.zero && byte <= ASCII.nine }

    @inline(__always)
    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             ASCII.zero...ASCII.nine, UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...0xFF:
            true
        default:
            false
        }
    }

    @inline(__always)
    private static func isNumberTokenByte(_ byte: UInt8) -> Bool {
        byte == ASCII.dot || byte == ASCII.plus || byte == ASCII.minus || (byte < 0x80 && isWordByte(byte))
    }
}
