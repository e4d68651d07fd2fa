import FormEditor
import FormSource
import LanguageServerProtocol

/// A document the client has open: its text as the client last sent it, and the
/// analysis of that text, made on first need and kept until the next change.
struct OpenDocument {
    let uri: String
    /// The path the compiler sees: names diagnostics and picks JSON or YAML. A
    /// document the client calls JSON (`languageId`) whose URI has no `.json`
    /// ending (an unsaved `untitled:` buffer) gets one, so that it is read as the
    /// strict JSON of SPEC §1.
    let path: String
    var version: Int
    private(set) var bytes: [UInt8]
    private var cachedAnalysis: EditorDocument?
    /// The latest analysis whose text read: completion's context while the text
    /// being typed does not read (a word alone on a line of a mapping).
    private(set) var lastReadable: EditorDocument?
    /// Some text of it read as a form (`EditorDocument.isForm`): it stays one
    /// until it is closed, so that the syntax error that makes a `checkout.yaml`
    /// unreadable is reported rather than taking every diagnostic away.
    private(set) var hasBeenForm = false

    init(uri: String, languageId: String? = nil, version: Int, text: String) {
        self.uri = uri
        let path = Self.path(of: uri)
        let isJSON = languageId == "json" || languageId == "jsonc"
        self.path = isJSON && !path.lowercased().hasSuffix(".json") ? path + ".json" : path
        self.version = version
        self.bytes = Array(text.utf8)
    }

    mutating func analysis() -> EditorDocument {
        if let cachedAnalysis { return cachedAnalysis }
        let analysis = EditorDocument(file: SourceFile(path: path, bytes: bytes))
        cachedAnalysis = analysis
        if analysis.hasSyntax { lastReadable = analysis }
        if analysis.isForm { hasBeenForm = true }
        return analysis
    }

    /// Applies one change: the whole text, or a replacement of a range.
    mutating func apply(_ change: TextDocumentContentChangeEvent, encoding: PositionEncoding) {
        cachedAnalysis = nil
        guard let range = change.range else {
            bytes = Array(change.text.utf8)
            return
        }
        let converter = PositionConverter(file: SourceFile(path: path, bytes: bytes), encoding: encoding)
        let start = converter.byteOffset(range.start)
        let end = max(start, converter.byteOffset(range.end))
        bytes.replaceSubrange(start..<end, with: Array(change.text.utf8))
    }

    mutating func replaceText(_ text: String) {
        cachedAnalysis = nil
        bytes = Array(text.utf8)
    }

    /// The file path of a `file:` URI, percent-escapes decoded; other URIs as they are.
    static func path(of uri: String) -> String {
        guard uri.hasPrefix("file://") else { return uri }
        var bytes: [UInt8] = []
        let raw = Array(uri.utf8.dropFirst("file://".count))
        var index = 0
        while index < raw.count {
            if raw[index] == UInt8(ascii: "%"), index + 2 < raw.count,
               let high = hexValue(raw[index + 1]), let low = hexValue(raw[index + 2]) {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(raw[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
