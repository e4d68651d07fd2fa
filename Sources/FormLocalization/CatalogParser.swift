import FormSource
import FormSyntax

/// The String Catalog reader (`CatalogParser+Values.swift`): FormSyntax's `JSONParser`,
/// keeping no tree, for the cursor, the scalars and their syntax, and the state
/// only a catalog read has.
struct CatalogParser {
    typealias SyntaxError = JSONParser.SyntaxError
    typealias ASCII = JSONParser.ASCII

    var json: JSONParser
    /// The read the catalog reader's verbatim ranges belong to; none without it.
    var catalogRead: CatalogRead?
    /// Whether the catalog reader keeps entries in `CatalogEntryShape` as their
    /// bytes (with a `catalogRead`).
    var defersCatalogEntries = false

    init(file: SourceFile, bytes: UnsafeBufferPointer<UInt8>, limits: CompilerLimits) {
        json = JSONParser(file: file, bytes: bytes, limits: limits, reservesTree: false)
    }

    // The JSON parser's cursor and scalars, by the names the catalog reader uses.

    var bytes: UnsafeBufferPointer<UInt8> { json.bytes }
    var count: Int { json.count }
    var limits: CompilerLimits { json.limits }
    var index: Int {
        get { json.index }
        set { json.index = newValue }
    }
    /// `JSONParser.readsStringCatalog` (always, here).
    var readsStringCatalog: Bool {
        get { json.readsStringCatalog }
        set { json.readsStringCatalog = newValue }
    }

    var line: Int {
        get { json.line }
        set { json.line = newValue }
    }
    var lineStart: Int {
        get { json.lineStart }
        set { json.lineStart = newValue }
    }
    var multiByteExtra: Int {
        get { json.multiByteExtra }
        set { json.multiByteExtra = newValue }
    }
    /// The text buffer the scalars are decoded into.
    var tree: SyntaxTreeBuilder {
        _read { yield json.tree }
        _modify { yield &json.tree }
    }

    func position(_ offset: Int) -> SourcePosition { json.position(offset) }
    func text(_ start: Int, _ end: Int) -> String { json.text(start, end) }
    static func isWordByte(_ byte: UInt8) -> Bool { JSONParser.isWordByte(byte) }
    mutating func skipByteOrderMark() { json.skipByteOrderMark() }
    mutating func skipWhitespace() { json.skipWhitespace() }
    mutating func readStringText() throws(SyntaxError) { try json.readStringText() }
    mutating func parseNumber() throws(SyntaxError) -> NodeID { try json.parseNumber() }
    mutating func parseWord() throws(SyntaxError) -> NodeID { try json.parseWord() }
}
