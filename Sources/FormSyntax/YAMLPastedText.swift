import FormSource

/// Characters pasted or typed where YAML's syntax needs its own, which libyaml
/// reads as text of a key or value and then fails or reads something else: a
/// Unicode space (`UnicodeSpace`; from a web page, every space of a block may be
/// a no-break one) in a line's indentation, after an item's `-` or after a block
/// key's `:`; a dash or bullet in place of an item's `-` (a word processor makes
/// `- ` an en dash); a full-width colon (U+FF1A, from a Chinese or Japanese
/// input method) after a block key. At most one a line; the lines of a block
/// scalar (`|`, `>`), whose text may start with any character, are not looked at.
enum YAMLPastedText {
    struct Found: Sendable {
        /// Where the first such character of its line is.
        let offset: Int
        /// The end of the run it stands in (white space, the `-`, the ':').
        let end: Int
        /// That run written with YAML's own characters.
        let plain: String
        /// "a no-break space (U+00A0) after the item's '-'"
        let what: String
        /// YAML's own: "white space", "item marker '-'", "':'".
        let own: String

        /// The diagnostic's message.
        var message: String { own == "white space" ? "\(what) is not white space in YAML" : "\(what) is not YAML's \(own)" }

        /// The help, with its fix.
        var help: DiagnosticHelp {
            let line = own != "white space" ? "write '\(plain)'" : plain.count > 1 ? "write plain spaces" : "write a plain space"
            return .write(plain, line: line, title: own != "white space" ? "Write '\(plain)'" : plain.count > 1 ? "Write plain spaces" : "Write a plain space")
        }
    }

    /// A dash or bullet typed in place of an item's `-`, its name and width.
    static func marker(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (name: String, width: Int)? {
        guard offset + 2 < bytes.count else { return nil }
        switch (bytes[offset], bytes[offset + 1], bytes[offset + 2]) {
        case (0xE2, 0x80, 0x90): return ("a hyphen (U+2010)", 3)
        case (0xE2, 0x80, 0x93): return ("an en dash (U+2013)", 3)
        case (0xE2, 0x80, 0x94): return ("an em dash (U+2014)", 3)
        case (0xE2, 0x80, 0xA2): return ("a bullet (U+2022)", 3)
        case (0xE2, 0x88, 0x92): return ("a minus sign (U+2212)", 3)
        case (0xEF, 0xBC, 0x8D): return ("a full-width hyphen (U+FF0D)", 3)
        default: return nil
        }
    }

    /// A full-width comma (U+FF0C) at `offset`.
    static func isFullWidthComma(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        offset + 2 < bytes.count && bytes[offset] == 0xEF && bytes[offset + 1] == 0xBC && bytes[offset + 2] == 0x8C
    }

    /// A full-width colon (U+FF1A) at `offset`.
    static func isFullWidthColon(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        offset + 2 < bytes.count && bytes[offset] == 0xEF && bytes[offset + 1] == 0xBC && bytes[offset + 2] == 0x9A
    }

    static func found(in bytes: UnsafeBufferPointer<UInt8>) -> [Found] {
        var found: [Found] = []
        // A byte-order mark that starts the file is no mistake.
        var lineStart = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
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
                if let one = Self.line(from: index, to: lineEnd, in: bytes) { found.append(one) }
                blockIndent = opensBlockScalar(bytes[lineStart..<lineEnd]) ? indent : nil
            }
            lineStart = lineEnd
            if lineStart < bytes.count, bytes[lineStart] == 0x0D { lineStart += 1 }
            if lineStart < bytes.count, bytes[lineStart] == 0x0A { lineStart += 1 }
        }
        return found
    }

    /// The first mistake of the line whose indentation in plain spaces ends at
    /// `start`: in the rest of its indentation and its items' `-`, else at its key.
    private static func line(from start: Int, to lineEnd: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Found? {
        var index = start
        var first: (offset: Int, what: String, own: String)?
        /// The end of the last character that is not YAML's.
        var lastEnd = start
        while index < lineEnd {
            let followsMarker = index > start && bytes[index - 1] == UInt8(ascii: "-")
            if let space = UnicodeSpace.at(index, in: bytes), space.meant != "\n" {
                let place = followsMarker ? "after the item's '-'" : "in the line's indentation"
                if first == nil { first = (index, "\(space.name) \(place)", "white space") }
                index += space.width
                lastEnd = index
            } else if let (name, width) = marker(at: index, in: bytes),
                      index + width == lineEnd || bytes[index + width] == 0x20 || UnicodeSpace.at(index + width, in: bytes) != nil {
                if first == nil { first = (index, name, "item marker '-'") }
                index += width
                lastEnd = index
            } else if bytes[index] == 0x20 || bytes[index] == 0x09
                || (bytes[index] == UInt8(ascii: "-") && (index + 1 == lineEnd || bytes[index + 1] == 0x20 || UnicodeSpace.at(index + 1, in: bytes) != nil)) {
                index += 1
            } else {
                break
            }
        }
        if let first {
            return Found(offset: first.offset, end: lastEnd, plain: plainText(from: first.offset, to: lastEnd, in: bytes), what: first.what, own: first.own)
        }
        // A block key (`title:`) and what follows its ':'.
        var key = index
        while key < lineEnd, isKeyByte(bytes[key]) { key += 1 }
        guard key > index, key < lineEnd else { return nil }
        if bytes[key] == UInt8(ascii: ":"), key + 1 < lineEnd, let space = UnicodeSpace.at(key + 1, in: bytes), space.meant != "\n" {
            return Found(offset: key + 1, end: key + 1 + space.width, plain: space.meant, what: "\(space.name) after the key's ':'", own: "white space")
        }
        if isFullWidthColon(at: key, in: bytes) {
            let next = key + 3
            let spaced = next == lineEnd || bytes[next] == 0x20 || UnicodeSpace.at(next, in: bytes) != nil
            return Found(offset: key, end: next, plain: spaced ? ":" : ": ", what: "a full-width colon (U+FF1A) after the key", own: "':'")
        }
        return nil
    }

    /// The bytes from `start` to `end` written with YAML's own characters.
    private static func plainText(from start: Int, to end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        var plain: [UInt8] = []
        var index = start
        while index < end {
            if let space = UnicodeSpace.at(index, in: bytes) {
                plain += space.meant.utf8
                index += space.width
            } else if let (_, width) = marker(at: index, in: bytes) {
                plain.append(UInt8(ascii: "-"))
                index += width
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
}
