/// The value's text forms, all written by one writer so that their bytes depend
/// only on the value: no `JSONSerialization` key order or slash escaping.
extension JSONValue {
    /// The value as text for a file or a terminal (reports, `formc dump`, the JSON
    /// Schema): members in their order, two-space indentation, `": "` after keys,
    /// empty containers as `{}` and `[]`, and a final newline.
    public func rendered() -> String {
        String(decoding: renderedBytes(), as: UTF8.self)
    }

    /// `rendered()` as UTF-8. Written into one byte buffer: appending to a `String`
    /// piece by piece costs several times as much on a large value.
    package func renderedBytes() -> [UInt8] {
        var writer = JSONWriter(style: .file)
        writer.write(self, indent: 0)
        writer.bytes.append(UInt8(ascii: "\n"))
        return writer.bytes
    }

    /// The value with no whitespace between tokens, and `<`, `>` and `&` inside
    /// strings as `\u003C`, `\u003E`, `\u0026` (the same JSON), so that the text
    /// can sit inside an HTML `<script>` element; a final newline.
    package func compactBytesForHTML() -> [UInt8] {
        var writer = JSONWriter(style: .html)
        writer.write(self, indent: 0)
        writer.bytes.append(UInt8(ascii: "\n"))
        return writer.bytes
    }

    /// The value as a protocol message's bytes: no whitespace, every object's keys
    /// sorted so that the same value gives the same bytes whatever order its members
    /// were built in, and only the escapes RFC 8259 requires.
    public func serialized() -> [UInt8] {
        var writer = JSONWriter(style: .message)
        writer.write(self, indent: 0)
        return writer.bytes
    }

    /// A JSON string literal as a file holds it: `"` and `\` escaped, control
    /// characters as `\n`, `\r`, `\t`, `\b`, `\f` or `\u00XX`, U+2028 and U+2029
    /// escaped; everything else, non-ASCII included, verbatim.
    public static func quoted(_ text: String) -> String {
        var writer = JSONWriter(style: .file)
        writer.string(text)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}

/// The one writer of JSON text, byte by byte into a growing buffer.
private struct JSONWriter {
    /// How the text is laid out and which characters of a string are escaped.
    enum Style {
        /// Indented, members in order; DEL, U+2028 and U+2029 escaped too (valid
        /// JSON, but they end a line in JavaScript) and `\b`, `\f` by name, hex in
        /// capitals.
        case file
        /// `file`'s escapes and `<`, `>`, `&`, with no whitespace.
        case html
        /// No whitespace, keys sorted; only `"`, `\` and control characters escaped
        /// (`\n`, `\r`, `\t`, else `\u00xx` in small letters): the bytes the
        /// language server has always sent.
        case message
    }

    var bytes: [UInt8] = []
    let compact: Bool
    let sortsKeys: Bool
    let escapesMarkup: Bool
    let escapesMinimally: Bool

    init(style: Style) {
        compact = style != .file
        sortsKeys = style == .message
        escapesMarkup = style == .html
        escapesMinimally = style == .message
        bytes.reserveCapacity(style == .message ? 256 : 4096)
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
            for (index, (key, value)) in (sortsKeys ? JSONValue.sortedMembers(members) : members).enumerated() {
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
        case .integer(let number):
            bytes.append(contentsOf: String(number).utf8)
        // JSON has no infinity or NaN.
        case .double(let number):
            if number.isFinite { bytes.append(contentsOf: String(number).utf8) } else { ascii("null") }
        case .bool(let flag):
            if flag { ascii("true") } else { ascii("false") }
        case .null:
            ascii("null")
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)
    private static let smallHexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    mutating func unicodeEscape(_ value: UInt32) {
        ascii("\\u")
        let digits = escapesMinimally ? Self.smallHexDigits : Self.hexDigits
        for shift in stride(from: 12, through: 0, by: -4) {
            bytes.append(digits[Int((value >> UInt32(shift)) & 0xF)])
        }
    }

    /// Runs of bytes that need no escape are copied whole.
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
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x00..<0x20:
                    escape = UInt32(byte)
                case 0x7F:
                    if !escapesMinimally { escape = UInt32(byte) }
                case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"):
                    if escapesMarkup { escape = UInt32(byte) }
                case 0xE2:
                    if !escapesMinimally, index + 2 < count, utf8[index + 1] == 0x80, utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9 {
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
                case 0x08 where !escapesMinimally: ascii("\\b")
                case 0x0C where !escapesMinimally: ascii("\\f")
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
