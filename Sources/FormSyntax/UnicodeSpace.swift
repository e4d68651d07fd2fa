import FormSource

/// A Unicode space (pasted from a web page, a word processor or a chat), which
/// neither JSON nor YAML reads as white space: a JSON file reports it where a
/// token belongs, and YAML reads it as part of a value or fails at it.
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
        if first == 0xC2 { return second == 0xA0 ? UnicodeSpace(name: "a no-break space (U+00A0)", width: 2, meant: " ") : nil }
        guard offset + 2 < bytes.endIndex else { return nil }
        switch (first, second, bytes[offset + 2]) {
        case (0xE2, 0x80, 0x80...0x8A), (0xE2, 0x80, 0xAF), (0xE2, 0x81, 0x9F), (0xE1, 0x9A, 0x80), (0xE3, 0x80, 0x80):
            // Three bytes of UTF-8: four bits, six, six.
            let scalar = UInt32(first & 0x0F) << 12 | UInt32(second & 0x3F) << 6 | UInt32(bytes[offset + 2] & 0x3F)
            let kind = scalar == 0x3000 ? "an ideographic space" : scalar == 0x202F ? "a narrow no-break space" : "a Unicode space"
            return UnicodeSpace(name: "\(kind) (U+\(String(scalar, radix: 16, uppercase: true)))", width: 3, meant: " ")
        case (0xE2, 0x80, 0x8B): return UnicodeSpace(name: "a zero-width space (U+200B)", width: 3, meant: "")
        case (0xEF, 0xBB, 0xBF): return UnicodeSpace(name: "a byte order mark (U+FEFF)", width: 3, meant: "")
        case (0xE2, 0x80, 0xA8): return UnicodeSpace(name: "a line separator (U+2028)", width: 3, meant: "\n")
        case (0xE2, 0x80, 0xA9): return UnicodeSpace(name: "a paragraph separator (U+2029)", width: 3, meant: "\n")
        default: return nil
        }
    }

    /// Whether `bytes` hold a Unicode space YAML reads as no white space (a line
    /// or paragraph separator is a line break to libyaml, and read as one).
    package static func occurs(inYAML bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            // Eight ASCII bytes at a time: most form files are mostly ASCII.
            if index + 8 <= bytes.count,
               UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
                continue
            }
            if bytes[index] >= 0xC2, let space = at(index, in: bytes), space.meant != "\n" { return true }
            index += 1
        }
        return false
    }

    /// A Unicode space of a YAML file that stands where YAML's syntax needs a
    /// plain one, which libyaml then reads as text of a key or value.
    package struct Misplaced: Sendable {
        /// Where the first such space of its line is.
        package let offset: Int
        package let space: UnicodeSpace
        /// The end of the run of white space and `-` it stands in.
        package let end: Int
        /// That run, from `offset` to `end`, written with plain white space.
        package let plain: String
    }

    /// The Unicode spaces of a YAML file, one a line, that stand in its syntax: in
    /// a line's indentation (pasted from a web page, every space may be a
    /// no-break one), after an item's `-`, or after a block key's `:`
    /// (`title:<U+00A0>Name`). The lines of a block scalar (`|`, `>`), whose text
    /// may start with any character, are not looked at.
    package static func misplaced(inYAML bytes: UnsafeBufferPointer<UInt8>) -> [Misplaced] {
        var found: [Misplaced] = []
        var lineStart = 0
        /// The indentation of the line that opened a block scalar, while its text lasts.
        var blockIndent: Int?
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A, bytes[lineEnd] != 0x0D { lineEnd += 1 }
            var index = lineStart
            while index < lineEnd, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
            let indent = index - lineStart
            if let block = blockIndent, index == lineEnd || indent > block {
                // A line of a block scalar's text, or a blank one inside it.
            } else {
                // The indentation and a list item's `-`: white space there is the syntax's.
                var first: (offset: Int, space: UnicodeSpace)?
                while index < lineEnd {
                    if let space = at(index, in: bytes), space.meant != "\n" {
                        if first == nil { first = (index, space) }
                        index += space.width
                    } else if bytes[index] == 0x20 || bytes[index] == 0x09
                        || (bytes[index] == UInt8(ascii: "-") && (index + 1 == lineEnd || bytes[index + 1] == 0x20 || at(index + 1, in: bytes) != nil)) {
                        index += 1
                    } else {
                        break
                    }
                }
                // A block key (`title:`) and the space after its ':'.
                if first == nil {
                    var key = index
                    while key < lineEnd, isKeyByte(bytes[key]) { key += 1 }
                    if key > index, key + 1 < lineEnd, bytes[key] == UInt8(ascii: ":"), let space = at(key + 1, in: bytes), space.meant != "\n" {
                        first = (key + 1, space)
                        index = key + 1 + space.width
                    }
                }
                if let first {
                    found.append(Misplaced(offset: first.offset, space: first.space, end: index, plain: plainText(from: first.offset, to: index, in: bytes)))
                }
                blockIndent = opensBlockScalar(bytes[lineStart..<lineEnd]) ? indent : nil
            }
            lineStart = lineEnd
            if lineStart < bytes.count, bytes[lineStart] == 0x0D { lineStart += 1 }
            if lineStart < bytes.count, bytes[lineStart] == 0x0A { lineStart += 1 }
        }
        return found
    }

    /// The bytes from `start` to `end`, each Unicode space written as the plain white space it stands for.
    private static func plainText(from start: Int, to end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        var plain: [UInt8] = []
        var index = start
        while index < end {
            if let space = at(index, in: bytes) {
                plain += space.meant.utf8
                index += space.width
            } else {
                plain.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: plain, as: UTF8.self)
    }

    private static func isKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }

    /// Whether a line ends with a block scalar's indicator (`key: |`, `- >-`, `|2 # note`).
    private static func opensBlockScalar(_ line: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        var end = line.endIndex
        // A comment after the indicator.
        if let hash = line.firstIndex(where: { $0 == UInt8(ascii: "#") }), hash > line.startIndex, line[hash - 1] == 0x20 { end = hash }
        while end > line.startIndex, line[end - 1] == 0x20 || line[end - 1] == 0x09 { end -= 1 }
        var index = end
        while index > line.startIndex, "+-0123456789".utf8.contains(line[index - 1]) { index -= 1 }
        guard index > line.startIndex, line[index - 1] == UInt8(ascii: "|") || line[index - 1] == UInt8(ascii: ">") else { return false }
        index -= 1
        return index == line.startIndex || line[index - 1] == 0x20 || line[index - 1] == 0x09
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
        case "": .write(meant, line: "remove it", title: "Remove the \(name)")
        default: .write(meant, line: "write a line break", title: "Write a line break")
        }
    }
}
