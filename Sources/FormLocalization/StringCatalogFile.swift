import FormSource
import FormSyntax

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An Xcode String Catalog (`.xcstrings`) as formc reads, merges and writes it
/// (SPEC §11): the file's JSON tree, checked to be a catalog.
public struct StringCatalogFile: Sendable, Hashable {
    /// The whole document: `sourceLanguage`, `strings`, `version`, and anything else it holds.
    public var root: CatalogJSON
    /// The read the catalog came from: the writer copies a value from its
    /// file when the value came from this read unchanged. Nil for a catalog
    /// made in memory. Not part of equality.
    let read: CatalogRead?

    public init(root: CatalogJSON) {
        self.init(root: root, read: nil)
    }

    private init(root: CatalogJSON, read: CatalogRead?) {
        self.root = root
        self.read = read
    }

    public static func == (lhs: StringCatalogFile, rhs: StringCatalogFile) -> Bool {
        lhs.root == rhs.root
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(root)
    }

    /// An empty catalog in `sourceLanguage`.
    public init(sourceLanguage: String) {
        read = nil
        root = .object([
            CatalogMember(key: "sourceLanguage", value: .string(sourceLanguage)),
            CatalogMember(key: "strings", value: .object([])),
            CatalogMember(key: "version", value: .string("1.0")),
        ])
    }

    public var sourceLanguage: String { root["sourceLanguage"]?.string ?? "" }

    /// The entries under `strings`, in file order.
    public var entries: [CatalogMember] { root["strings"]?.members ?? [] }

    public func entry(_ key: String) -> CatalogJSON? { root["strings"]?[key] }

    /// Where the key whose opening quote is at `start` is in the file read: its
    /// quotes and what is between them, for a diagnostic about it; a point at
    /// `start` for a catalog not read from a file.
    public func keyRange(at start: SourcePosition) -> SourceRange {
        guard let file = read?.file else { return SourceRange(at: start) }
        let bytes = file.bytes
        var offset = file.byteOffset(of: start)
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { return SourceRange(at: start) }
        // Columns count scalars: every byte but a UTF-8 continuation byte starts one.
        var width = 1
        offset += 1
        while offset < bytes.count, bytes[offset] != UInt8(ascii: "\n") {
            let byte = bytes[offset]
            offset += 1
            if byte & 0xC0 != 0x80 { width += 1 }
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\"), offset < bytes.count {
                // The escaped byte (`\"`, `\\`, the `u` of `\u00e9`): one scalar.
                offset += 1
                width += 1
            }
        }
        return SourceRange(start: start, end: SourcePosition(line: start.line, column: start.column + width))
    }

    // MARK: - Reading

    /// Reads and checks a catalog; nil, with FC603 in `diagnostics` at the line of
    /// the problem, when the bytes are not a valid String Catalog.
    ///
    /// `deferringEntries`: each entry in the shape formc writes
    /// (`CatalogEntryShape`: a comment, an extraction state, string units, in
    /// Xcode's layout) is checked and kept as its bytes, and its tree is read
    /// each time its `value` is asked for: for a caller that looks into few
    /// entries, as the merge does. Other entries are read as usual.
    public static func read(_ file: SourceFile, deferringEntries: Bool = false, diagnostics: inout DiagnosticBag) -> StringCatalogFile? {
        // What the one-pass reader rejects is read again as a tree, for JSONReader's diagnostic.
        var syntax = DiagnosticBag(file: file.path)
        let read = CatalogRead(file: file)
        let parsed = parse(file, read: read, defersEntries: deferringEntries)
        guard let parsed = parsed ?? parseTree(file, diagnostics: &syntax) else {
            // The reader's own help (a comma, a smaller number) comes first; its
            // notes (where a duplicate key was first written) stay.
            for diagnostic in syntax.diagnostics where diagnostic.severity == .error {
                diagnostics.error(
                    .invalidCatalog, "not a valid String Catalog: " + diagnostic.message, at: diagnostic.location.range,
                    notes: diagnostic.notes,
                    help: diagnostic.help.map { DiagnosticHelp($0) } + ["restore the catalog from version control, or delete it to write a new one"]
                )
            }
            return nil
        }
        var problems = CatalogValidator(diagnostics: diagnostics)
        problems.check(parsed.0, rootRange: parsed.1)
        diagnostics = problems.diagnostics
        return problems.failed ? nil : StringCatalogFile(root: parsed.0, read: read)
    }

    /// The file's JSON, read in one pass straight into `CatalogJSON`, and the
    /// range of its top-level value; nil for anything `JSONReader` reports.
    /// `read`: what the members' verbatim ranges are marked with (none without
    /// it); `defersEntries`, with a read, as `read(_:deferringEntries:diagnostics:)`.
    static func parse(_ file: SourceFile, read: CatalogRead? = nil, defersEntries: Bool = false) -> (CatalogJSON, SourceRange)? {
        file.bytes.withUnsafeBufferPointer { bytes in
            var parser = CatalogParser(file: file, bytes: bytes, limits: .default)
            parser.catalogRead = read
            parser.defersCatalogEntries = defersEntries
            return parser.parseCatalog()
        }
    }

    /// The same through `JSONReader`'s syntax tree: nil with its diagnostics.
    static func parseTree(_ file: SourceFile, diagnostics: inout DiagnosticBag) -> (CatalogJSON, SourceRange)? {
        guard let tree = JSONReader.read(file, limits: .default, asStringCatalog: true, diagnostics: &diagnostics),
              !diagnostics.hasErrors else { return nil }
        return (convert(tree, tree.root, file: file), tree.range(tree.root))
    }

    private static func convert(_ tree: SyntaxTree, _ node: NodeID, file: SourceFile) -> CatalogJSON {
        switch tree.kind(node) {
        case .scalar:
            let text = tree.text(node) ?? ""
            return tree.style(node) == .plain ? .literal(text) : .string(text)
        case .sequence:
            return .array(tree.items(node).map { convert(tree, $0, file: file) })
        case .mapping:
            return .object(tree.entries(node).map { entry in
                CatalogMember(
                    key: tree.text(entry.key) ?? "", value: convert(tree, entry.value, file: file),
                    line: tree.range(entry.key).start.line, column: tree.range(entry.key).start.column
                )
            })
        }
    }

    // MARK: - Writing

    /// The catalog as Xcode writes it: two-space indentation, `"key" : value`,
    /// an empty object as `{` blank line `}`, `/` unescaped, no final newline.
    /// An entry read from the file and left unchanged is copied from it as it
    /// is there, its key and value, whatever their layout; in an entry that
    /// changed, a value read in this layout and left unchanged is copied. The
    /// bytes around the read file's object, which are the app's, stay: a UTF-8
    /// byte order mark and whitespace before it, the whitespace after it (a
    /// final newline), and its line breaks: CR LF in a file whose first line
    /// ends so (a Windows checkout), LF otherwise.
    /// `capacity`: the size expected (the catalog read), so the buffer is
    /// allocated once.
    public func rendered(capacity: Int = 4096) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(capacity)
        if let read {
            read.file.bytes.withUnsafeBufferPointer { file in
                var start = file.starts(with: Self.byteOrderMark) ? Self.byteOrderMark.count : 0
                while start < file.count, Self.isWhitespace(file[start]) { start += 1 }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: file[..<start]))
                let firstBreak = file.firstIndex(of: 0x0A)
                let lineBreak = firstBreak.map { $0 > 0 && file[$0 - 1] == 0x0D } == true ? Self.crlf : Self.lf
                Self.write(root, indent: 0, lineBreak: lineBreak, into: &out, copyingFrom: (read, file))
                var end = file.count
                while end > 0, Self.isWhitespace(file[end - 1]) { end -= 1 }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: file[end...]))
            }
        } else {
            Self.write(root, indent: 0, lineBreak: Self.lf, into: &out, copyingFrom: nil)
        }
        return out
    }

    /// JSON's whitespace: space, tab, line feed, carriage return.
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static let lf: [UInt8] = [0x0A]
    private static let crlf: [UInt8] = [0x0D, 0x0A]

    private static func write(
        _ value: CatalogJSON, indent: Int, lineBreak: [UInt8], into out: inout [UInt8],
        copyingFrom file: (read: CatalogRead, bytes: UnsafeBufferPointer<UInt8>)?
    ) {
        switch value {
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            out.append(contentsOf: lineBreak)
            if members.isEmpty { out.append(contentsOf: lineBreak) }
            for index in members.indices {
                spaces(indent + 2, into: &out)
                if let file, let asRead = members[index].rangeAsRead(in: file.read), asRead.upperBound <= file.bytes.count {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: file.bytes[asRead]))
                } else {
                    quote(members[index].key, into: &out)
                    out.append(contentsOf: separator)
                    if let file, let verbatim = members[index].verbatim, verbatim.read === file.read,
                       verbatim.range.upperBound <= file.bytes.count {
                        out.append(contentsOf: UnsafeBufferPointer(rebasing: file.bytes[verbatim.range]))
                    } else {
                        write(members[index].value, indent: indent + 2, lineBreak: lineBreak, into: &out, copyingFrom: file)
                    }
                }
                if index < members.count - 1 { out.append(UInt8(ascii: ",")) }
                out.append(contentsOf: lineBreak)
            }
            spaces(indent, into: &out)
            out.append(UInt8(ascii: "}"))
        case .array(let items):
            out.append(UInt8(ascii: "["))
            out.append(contentsOf: lineBreak)
            if items.isEmpty { out.append(contentsOf: lineBreak) }
            for index in items.indices {
                spaces(indent + 2, into: &out)
                write(items[index], indent: indent + 2, lineBreak: lineBreak, into: &out, copyingFrom: file)
                if index < items.count - 1 { out.append(UInt8(ascii: ",")) }
                out.append(contentsOf: lineBreak)
            }
            spaces(indent, into: &out)
            out.append(UInt8(ascii: "]"))
        case .string(let text):
            quote(text, into: &out)
        case .literal(let text):
            out.append(contentsOf: text.utf8)
        }
    }

    private static let separator = Array(" : ".utf8)
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    private static let indentation = [UInt8](repeating: UInt8(ascii: " "), count: 64)

    private static func spaces(_ count: Int, into out: inout [UInt8]) {
        if count <= indentation.count {
            out.append(contentsOf: indentation[..<count])
        } else {
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// `text` in quotes, each run of bytes that need no escape copied at once.
    private static func quote(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        if text.utf8.withContiguousStorageIfAvailable({ escaped($0, into: &out) }) == nil {
            Array(text.utf8).withUnsafeBufferPointer { escaped($0, into: &out) }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// `text` as the writer writes it between quotes.
    static func escaped(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        Array(text.utf8).withUnsafeBufferPointer { escaped($0, into: &out) }
        return out
    }

    /// Whether `written` (between the quotes) is how the writer escapes `text`.
    static func isEscaped(_ text: String, as written: UnsafeBufferPointer<UInt8>) -> Bool {
        var text = text
        return text.withUTF8 { isEscaped($0, as: written) }
    }

    static func isEscaped(_ text: UnsafeBufferPointer<UInt8>, as written: UnsafeBufferPointer<UInt8>) -> Bool {
        // With no escape, the text is what is written.
        if !written.contains(UInt8(ascii: "\\")) {
            guard written.count == text.count else { return false }
            return (text.isEmpty || memcmp(written.baseAddress!, text.baseAddress!, text.count) == 0) && !text.contains(where: needsEscape)
        }
        var escapedText: [UInt8] = []
        escapedText.reserveCapacity(written.count)
        escaped(text, into: &escapedText)
        return escapedText.elementsEqual(written)
    }

    private static func escaped(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        var runStart = 0
        for index in bytes.indices {
            let byte = bytes[index]
            guard needsEscape(byte) else { continue }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            escape(byte, into: &out)
            runStart = index + 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private static func escape(_ byte: UInt8, into out: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
        case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
        case 0x0A: out.append(contentsOf: "\\n".utf8)
        case 0x0D: out.append(contentsOf: "\\r".utf8)
        case 0x09: out.append(contentsOf: "\\t".utf8)
        case 0x08: out.append(contentsOf: "\\b".utf8)
        case 0x0C: out.append(contentsOf: "\\f".utf8)
        default:
            out.append(contentsOf: "\\u00".utf8)
            out.append(hexDigits[Int(byte >> 4)])
            out.append(hexDigits[Int(byte & 0xF)])
        }
    }
}

/// What makes a JSON document a String Catalog: an object with a string
/// `sourceLanguage`, an object `strings` of objects, `localizations` of objects,
/// and each `stringUnit` an object with string `state` and `value`. Each problem
/// is FC603 at its key's line.
private struct CatalogValidator {
    var diagnostics: DiagnosticBag
    var failed = false

    mutating func fail(
        _ message: String, at range: SourceRange,
        help: DiagnosticHelp = "fix the catalog by hand, or restore it from version control"
    ) {
        failed = true
        diagnostics.error(.invalidCatalog, "not a valid String Catalog: " + message, at: range, help: [help])
    }

    mutating func check(_ root: CatalogJSON, rootRange: SourceRange) {
        guard let members = root.members else {
            fail("the top level is not an object", at: rootRange)
            return
        }
        switch members.first(where: { $0.key == "sourceLanguage" }) {
        case nil: fail("'sourceLanguage' is missing", at: rootRange)
        case let member? where member.value.string == nil: fail("'sourceLanguage' is not a string", at: member.range)
        case let member?:
            // Every string the catalog holds is in this language: formc never guesses it.
            if let language = member.value.string, !LanguageTag.isValid(language) {
                fail(
                    "'sourceLanguage' is '\(language.prefix(40))\(language.count > 40 ? "…" : "")', which is no language code", at: member.range,
                    help: "write the language of the catalog's source strings, e.g. \"sourceLanguage\" : \"en\""
                )
            }
        }
        if let version = members.first(where: { $0.key == "version" }) {
            if let text = version.value.string {
                // Xcode writes "1.0", and "1.1" since Xcode 26: what a later major
                // version means, formc cannot know, so it writes nothing into it.
                if text.split(separator: ".", omittingEmptySubsequences: false).first != "1" {
                    fail(
                        "its 'version' is '\(text)', and formc reads String Catalogs of version 1 (1.0, 1.1)", at: version.range,
                        help: "a newer Xcode wrote this catalog: use a formc that reads its version, or write the forms' strings to a catalog of their own"
                    )
                }
            } else {
                fail("'version' is not a string", at: version.range)
            }
        }
        guard let strings = members.first(where: { $0.key == "strings" }) else {
            fail("'strings' is missing", at: rootRange)
            return
        }
        guard let entries = strings.value.members else {
            fail("'strings' is not an object", at: strings.range)
            return
        }
        for entry in entries { check(entry: entry) }
    }

    private mutating func check(entry: CatalogMember) {
        // Kept as its bytes only in `CatalogEntryShape`, which is valid.
        if entry.isDeferred { return }
        guard let members = entry.value.members else {
            fail("the entry '\(entry.key)' is not an object", at: entry.range)
            return
        }
        for member in members {
            switch member.key {
            case "comment", "extractionState":
                if member.value.string == nil { fail("'\(member.key)' of '\(entry.key)' is not a string", at: member.range) }
            case "shouldTranslate", "isCommentAutoGenerated":
                if member.value != .literal("true"), member.value != .literal("false") {
                    fail("'\(member.key)' of '\(entry.key)' is not true or false", at: member.range)
                }
            case "localizations":
                guard let languages = member.value.members else {
                    fail("'localizations' of '\(entry.key)' is not an object", at: member.range)
                    continue
                }
                for language in languages { check(localization: language, key: entry.key) }
            default:
                break
            }
        }
    }

    private mutating func check(localization: CatalogMember, key: String) {
        guard let members = localization.value.members else {
            fail("the '\(localization.key)' localization of '\(key)' is not an object", at: localization.range)
            return
        }
        for member in members {
            switch member.key {
            case "stringUnit":
                guard let unit = member.value.members else {
                    fail("the '\(localization.key)' stringUnit of '\(key)' is not an object", at: member.range)
                    continue
                }
                if !unit.contains(where: { $0.key == "state" && $0.value.string != nil }) {
                    fail("the '\(localization.key)' stringUnit of '\(key)' has no string 'state'", at: member.range)
                }
                if !unit.contains(where: { $0.key == "value" && $0.value.string != nil }) {
                    fail("the '\(localization.key)' stringUnit of '\(key)' has no string 'value'", at: member.range)
                }
            case "variations":
                check(variations: member, of: localization.key, key: key)
            case "substitutions":
                guard let substitutions = member.value.members else {
                    fail("the '\(localization.key)' substitutions of '\(key)' are not an object", at: member.range)
                    continue
                }
                for substitution in substitutions { check(substitution: substitution, of: localization.key, key: key) }
            default:
                break
            }
        }
    }

    /// `variations`: an object of kinds (`plural`, `device`), each an object of
    /// cases, each a localization.
    private mutating func check(variations: CatalogMember, of language: String, key: String) {
        guard let kinds = variations.value.members else {
            fail("the '\(language)' variations of '\(key)' are not an object", at: variations.range)
            return
        }
        for kind in kinds {
            guard let cases = kind.value.members else {
                fail("the '\(language)' \(kind.key) variations of '\(key)' are not an object", at: kind.range)
                continue
            }
            for variation in cases { check(localization: variation, key: key) }
        }
    }

    /// A substitution (`%#@name@`): an object whose `argNum` is a whole number,
    /// `formatSpecifier` a string and `variations` as a localization's.
    private mutating func check(substitution: CatalogMember, of language: String, key: String) {
        let what = "the '\(language)' substitution '\(substitution.key)' of '\(key)'"
        guard let members = substitution.value.members else {
            fail("\(what) is not an object", at: substitution.range)
            return
        }
        for member in members {
            switch member.key {
            case "argNum":
                guard case .literal(let text) = member.value, Int(text) != nil else {
                    fail("the 'argNum' of \(what) is not a whole number", at: member.range)
                    continue
                }
            case "formatSpecifier":
                if member.value.string == nil { fail("the 'formatSpecifier' of \(what) is not a string", at: member.range) }
            case "variations":
                check(variations: member, of: language, key: key)
            default:
                break
            }
        }
    }
}
