/// A JSON value with ordered object keys, and its one text form. The `json` and
/// `sarif` reports are built from it so that their bytes depend only on their
/// content: keys keep the order they were written in, numbers are integers, and
/// escaping is fixed (no `JSONSerialization` key order or slash escaping).
public enum JSONValue: Sendable, Equatable {
    case object([(String, JSONValue)])
    case array([JSONValue])
    case string(String)
    case int(Int)
    case bool(Bool)
    case null

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.rendered() == rhs.rendered()
    }

    /// The value as text: two-space indentation, `": "` after keys, empty containers
    /// as `{}` and `[]`, and a final newline.
    public func rendered() -> String {
        String(decoding: renderedBytes(), as: UTF8.self)
    }

    /// `rendered()` as UTF-8. Written into one byte buffer: appending to a `String`
    /// piece by piece costs several times as much on a large value.
    func renderedBytes() -> [UInt8] {
        var writer = JSONWriter(compact: false, escapesMarkup: false)
        writer.write(self, indent: 0)
        writer.bytes.append(UInt8(ascii: "\n"))
        return writer.bytes
    }

    /// The value with no whitespace between tokens, and `<`, `>` and `&` inside
    /// strings as `\u003C`, `\u003E`, `\u0026` (the same JSON), so that the text
    /// can sit inside an HTML `<script>` element; a final newline.
    package func compactBytesForHTML() -> [UInt8] {
        var writer = JSONWriter(compact: true, escapesMarkup: true)
        writer.write(self, indent: 0)
        writer.bytes.append(UInt8(ascii: "\n"))
        return writer.bytes
    }

    /// A JSON string literal (RFC 8259): `"` and `\` escaped, control characters as
    /// `\n`, `\r`, `\t` or `\u00XX`; everything else, non-ASCII included, verbatim.
    public static func quoted(_ text: String) -> String {
        var writer = JSONWriter(compact: false, escapesMarkup: false)
        writer.string(text)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}

/// The one writer of JSON text, byte by byte into a growing buffer.
private struct JSONWriter {
    var bytes: [UInt8] = []
    let compact: Bool
    let escapesMarkup: Bool

    init(compact: Bool, escapesMarkup: Bool) {
        self.compact = compact
        self.escapesMarkup = escapesMarkup
        bytes.reserveCapacity(4096)
    }

    mutating func ascii(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func newline(indent: Int) {
        guard !compact else { return }
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
    }

    mutating func write(_ value: JSONValue, indent: Int) {
        switch value {
        case .object(let members):
            guard !members.isEmpty else { ascii("{}"); return }
            bytes.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                newline(indent: indent + 2)
                string(key)
                if compact { bytes.append(UInt8(ascii: ":")) } else { ascii(": ") }
                write(value, indent: indent + 2)
            }
            newline(indent: indent)
            bytes.append(UInt8(ascii: "}"))
        case .array(let items):
            guard !items.isEmpty else { ascii("[]"); return }
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                newline(indent: indent + 2)
                write(item, indent: indent + 2)
            }
            newline(indent: indent)
            bytes.append(UInt8(ascii: "]"))
        case .string(let text):
            string(text)
        case .int(let number):
            bytes.append(contentsOf: String(number).utf8)
        case .bool(let flag):
            if flag { ascii("true") } else { ascii("false") }
        case .null:
            ascii("null")
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    mutating func unicodeEscape(_ value: UInt32) {
        ascii("\\u")
        for shift in stride(from: 12, through: 0, by: -4) {
            bytes.append(Self.hexDigits[Int((value >> UInt32(shift)) & 0xF)])
        }
    }

    /// Runs of bytes that need no escape are copied whole; U+2028 and U+2029 are
    /// valid JSON but end a line in JavaScript, so they are escaped to keep the
    /// text safe to embed.
    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            var index = 0
            let count = utf8.count
            while index < count {
                let byte = utf8[index]
                var width = 1
                var escape: UInt32?
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x08, 0x09, 0x0A, 0x0C, 0x0D:
                    escape = UInt32(byte)
                case 0x00..<0x20, 0x7F:
                    escape = UInt32(byte)
                case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"):
                    if escapesMarkup { escape = UInt32(byte) }
                case 0xE2:
                    if index + 2 < count, utf8[index + 1] == 0x80, utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9 {
                        escape = utf8[index + 2] == 0xA8 ? 0x2028 : 0x2029
                        width = 3
                    }
                default:
                    break
                }
                guard let escape else { index += 1; continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                switch escape {
                case 0x22: ascii("\\\"")
                case 0x5C: ascii("\\\\")
                case 0x0A: ascii("\\n")
                case 0x0D: ascii("\\r")
                case 0x09: ascii("\\t")
                case 0x08: ascii("\\b")
                case 0x0C: ascii("\\f")
                default: unicodeEscape(escape)
                }
                index += width
                runStart = index
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<count]))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
