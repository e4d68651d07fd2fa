import FormJSON
import FormSource

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
///   (A String Catalog is read rejecting it: `read(_:limits:asStringCatalog:diagnostics:)`.)
/// - `\u0000` is accepted and kept.
/// - A duplicate key is FC002 at the second key with a note at the first; the first
///   member is kept and the tree is still returned.
/// - Nesting deeper than `CompilerLimits.maxDepth` is FC004 at the bracket that
///   went too deep.
public enum JSONReader {
    public static func read(_ file: SourceFile, limits: CompilerLimits, diagnostics: inout DiagnosticBag) -> SyntaxTree? {
        read(file, limits: limits, asStringCatalog: false, diagnostics: &diagnostics)
    }

    /// `asStringCatalog`: what Foundation's JSON reader rejects is FC001 too
    /// (`JSONParser.readsStringCatalog`).
    package static func read(
        _ file: SourceFile, limits: CompilerLimits, asStringCatalog: Bool, diagnostics: inout DiagnosticBag
    ) -> SyntaxTree? {
        file.bytes.withUnsafeBufferPointer { bytes in
            var parser = JSONParser(file: file, bytes: bytes, limits: limits)
            parser.readsStringCatalog = asStringCatalog
            return parser.parseDocument(diagnostics: &diagnostics)
        }
    }
}

/// The byte-level JSON parser behind `JSONReader`. It keeps open arrays and objects
/// on an explicit stack, so the input cannot drive the depth of any recursion.
///
/// This file reads the structure; the scalars, the syntax errors and the byte
/// cursor are in `JSONParser+Scalars.swift`, `+Errors.swift` and `+Bytes.swift`,
/// whose members are internal only so that these files can share them.
@usableFromInline package struct JSONParser {
    /// An array or object whose closing bracket has not come yet.
    struct Container {
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
    package struct SyntaxError: Error {
        var message: String
        var start: Int
        var end: Int
        var notes: [(String, SourcePosition)] = []
        var help: [DiagnosticHelp] = []

        package init(message: String, start: Int, end: Int, notes: [(String, SourcePosition)] = [], help: [DiagnosticHelp] = []) {
            self.message = message
            self.start = start
            self.end = end
            self.notes = notes
            self.help = help
        }
    }

    package enum ASCII {
        package static let quote = UInt8(ascii: "\"")
        package static let apostrophe = UInt8(ascii: "'")
        package static let backslash = UInt8(ascii: "\\")
        package static let slash = UInt8(ascii: "/")
        package static let comma = UInt8(ascii: ",")
        package static let colon = UInt8(ascii: ":")
        package static let openBrace = UInt8(ascii: "{")
        package static let closeBrace = UInt8(ascii: "}")
        package static let openBracket = UInt8(ascii: "[")
        package static let closeBracket = UInt8(ascii: "]")
        package static let minus = UInt8(ascii: "-")
        package static let plus = UInt8(ascii: "+")
        package static let dot = UInt8(ascii: ".")
        package static let zero = UInt8(ascii: "0")
        package static let nine = UInt8(ascii: "9")
        package static let newline = UInt8(ascii: "\n")
        package static let space = UInt8(ascii: " ")
    }

    private let file: SourceFile
    @usableFromInline package let bytes: UnsafeBufferPointer<UInt8>
    @usableFromInline package let count: Int
    package let limits: CompilerLimits
    package var tree: SyntaxTreeBuilder
    @usableFromInline package var index = 0
    /// The current line and the byte offset where it starts. Lines can only break
    /// in whitespace (a raw line break in a string is an error), so `skipWhitespace`
    /// keeps these.
    @usableFromInline package var line = 1
    @usableFromInline package var lineStart = 0
    /// Bytes of multi-byte UTF-8 sequences on the current line beyond their first,
    /// so a column is a subtraction rather than a scan. Only strings (and a leading
    /// byte-order mark) hold multi-byte sequences.
    @usableFromInline package var multiByteExtra = 0
    /// Whether the text is a String Catalog (SPEC §11.1), whose text goes into an
    /// app as it is and which the app reads with Foundation: an escape that is no
    /// Unicode scalar (a lone surrogate) is an error rather than U+FFFD, and so is
    /// a number beyond a `Double` (`1e400`), for which Foundation rejects the file.
    package var readsStringCatalog = false

    /// `reservesTree: false` for a reader that keeps no tree (FormLocalization's
    /// `CatalogParser`).
    package init(file: SourceFile, bytes: UnsafeBufferPointer<UInt8>, limits: CompilerLimits, reservesTree: Bool = true) {
        self.file = file
        self.bytes = bytes
        self.count = bytes.count
        self.limits = limits
        tree = SyntaxTreeBuilder(expectedBytes: reservesTree ? bytes.count : 0)
    }

    mutating func parseDocument(diagnostics: inout DiagnosticBag) -> SyntaxTree? {
        do {
            guard let root = try parseValueTree(diagnostics: &diagnostics) else { return nil }
            return tree.tree(root: root, isJSON: true)
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
        skipByteOrderMark()
        skipWhitespace()
        guard index < count else {
            let help = readsStringCatalog ? #"a String Catalog is an object with "sourceLanguage", "strings" and "version""# : ReaderDiagnostics.emptyFormHelp
            throw SyntaxError(message: "the file is empty", start: 0, end: 0, help: [DiagnosticHelp(help)])
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
                guard Self.isWordByte(byte), byte < 0x80 || specialCharacterError() == nil else {
                    throw unexpected(expected: "a value", open: current)
                }
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
                    let comma = index
                    index += 1
                    skipWhitespace()
                    if index < count, bytes[index] == closer {
                        // At the comma, which is what to remove (editors mark it there too).
                        throw SyntaxError(
                            message: "trailing commas are not allowed in JSON",
                            start: comma, end: comma + 1,
                            help: [.write("", line: "remove the ',' after the last \(current.isObject ? "member" : "element")", title: "Remove the ','")]
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

    /// Skips a leading UTF-8 byte-order mark, which still counts as column 1.
    package mutating func skipByteOrderMark() {
        if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            index = 3
            multiByteExtra = 2
        }
    }

    /// Reads `"key" :` at the current position into `container`.
    private mutating func parseKey(into container: inout Container, diagnostics: inout DiagnosticBag) throws(SyntaxError) {
        guard index < count else { throw unexpectedEnd(expected: "a key in double quotes", open: container) }
        let byte = bytes[index]
        guard byte == ASCII.quote else {
            if let special = specialCharacterError() { throw special }
            if Self.isWordByte(byte) {
                // The key as written runs to the ':' (`x-label`, `“label”`).
                var end = wordEnd(from: index)
                while end < count, !":,{}[]\"\r\n".utf8.contains(bytes[end]) { end += 1 }
                while end > index, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
                let word = text(index, end)
                let key = Suggestions.typographicallyQuoted(word).map(Self.jsonString) ?? YAMLPlain.doubleQuoted(word)
                throw SyntaxError(
                    message: "object keys must be strings in double quotes",
                    start: index, end: end, help: [.write(key, line: "write \(key)")]
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
            // `"label: "Name"`: the key's closing quote left out, so the value's opening
            // quote closed it, after the ':'.
            var meant = Substring(name)
            while meant.last == " " { meant = meant.dropLast() }
            let lostQuote = meant.count > 1 && meant.last == ":"
            if lostQuote { meant = meant.dropLast() }
            while meant.last == " " { meant = meant.dropLast() }
            throw SyntaxError(
                message: "expected ':' after the key '\(name)'",
                start: index, end: index + scalarWidth(at: index),
                help: [lostQuote
                    ? "close the key with '\"' before its ':': write \(JSONValue.quoted(String(meant))): followed by the value"
                    : "write \"\(name)\": followed by the value"]
            )
        }
        index += 1
    }
}
