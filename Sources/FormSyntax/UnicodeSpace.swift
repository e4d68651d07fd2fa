import FormSource

/// A Unicode space (pasted from a web page, a word processor or a chat), which
/// neither JSON nor YAML reads as white space: a JSON file reports it where a
/// token belongs, and YAML reads it as part of a value or fails at it. A
/// character of no width that comes with such text (a zero-width joiner, a
/// direction mark, a soft hyphen) is one too, meaning nothing.
package struct UnicodeSpace: Sendable {
    /// "a no-break space (U+00A0)"
    package let name: String
    /// Its UTF-8 length.
    package let width: Int
    /// What the format writes for it: a space, a line break, or nothing for one of no width.
    package let meant: String

    /// The Unicode space starting at `offset` of `bytes` (UTF-8), if one does.
    package static func at<Bytes: RandomAccessCollection>(_ offset: Int, in bytes: Bytes) -> UnicodeSpace?
    where Bytes.Element == UInt8, Bytes.Index == Int {
        guard offset >= bytes.startIndex, offset + 1 < bytes.endIndex, bytes[offset] >= 0xC2 else { return nil }
        let (first, second) = (bytes[offset], bytes[offset + 1])
        if first == 0xC2 {
            switch second {
            case 0xA0: return UnicodeSpace(name: "a no-break space (U+00A0)", width: 2, meant: " ")
            case 0xAD: return UnicodeSpace(name: "a soft hyphen (U+00AD)", width: 2, meant: "")
            default: return nil
            }
        }
        guard offset + 2 < bytes.endIndex else { return nil }
        switch (first, second, bytes[offset + 2]) {
        case (0xE2, 0x80, 0x80...0x8A), (0xE2, 0x80, 0xAF), (0xE2, 0x81, 0x9F), (0xE1, 0x9A, 0x80), (0xE3, 0x80, 0x80):
            // Three bytes of UTF-8: four bits, six, six.
            let scalar = UInt32(first & 0x0F) << 12 | UInt32(second & 0x3F) << 6 | UInt32(bytes[offset + 2] & 0x3F)
            let kind = scalar == 0x3000 ? "an ideographic space" : scalar == 0x202F ? "a narrow no-break space" : "a Unicode space"
            // An ideographic space is two columns wide, as two plain ones are.
            return UnicodeSpace(name: "\(kind) (U+\(String(scalar, radix: 16, uppercase: true)))", width: 3, meant: scalar == 0x3000 ? "  " : " ")
        case (0xE2, 0x80, 0x8B): return UnicodeSpace(name: "a zero-width space (U+200B)", width: 3, meant: "")
        case (0xE2, 0x80, 0x8C): return UnicodeSpace(name: "a zero-width non-joiner (U+200C)", width: 3, meant: "")
        case (0xE2, 0x80, 0x8D): return UnicodeSpace(name: "a zero-width joiner (U+200D)", width: 3, meant: "")
        case (0xE2, 0x80, 0x8E): return UnicodeSpace(name: "a left-to-right mark (U+200E)", width: 3, meant: "")
        case (0xE2, 0x80, 0x8F): return UnicodeSpace(name: "a right-to-left mark (U+200F)", width: 3, meant: "")
        case (0xE2, 0x81, 0xA0): return UnicodeSpace(name: "a word joiner (U+2060)", width: 3, meant: "")
        case (0xEF, 0xBB, 0xBF): return UnicodeSpace(name: "a byte order mark (U+FEFF)", width: 3, meant: "")
        case (0xE2, 0x80, 0xA8): return UnicodeSpace(name: "a line separator (U+2028)", width: 3, meant: "\n")
        case (0xE2, 0x80, 0xA9): return UnicodeSpace(name: "a paragraph separator (U+2029)", width: 3, meant: "\n")
        default: return nil
        }
    }

    /// The first Unicode space in `text`.
    package static func first(in text: String) -> UnicodeSpace? {
        let bytes = Array(text.utf8)
        return bytes.indices.lazy.compactMap { at($0, in: bytes) }.first
    }

    /// The help for a diagnostic whose span is the character: a fix writes what it means.
    package var help: DiagnosticHelp {
        switch meant {
        case " ": .write(meant, line: "write a plain space", title: "Write a plain space")
        case "": .write(meant, line: "remove it", title: "Remove \(name)")
        default: .write(meant, line: "write a line break", title: "Write a line break")
        }
    }
}
