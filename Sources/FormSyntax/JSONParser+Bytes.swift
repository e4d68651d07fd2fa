import FormSource

// The byte cursor: whitespace and line starts, positions, and the extent of a word,
// a number or a UTF-8 sequence.

extension JSONParser {
    @inlinable @inline(__always)
    package mutating func skipWhitespace() {
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

    @usableFromInline mutating func startLine() {
        line += 1
        lineStart = index
        multiByteExtra = 0
    }

    /// The position of `offset`, which must be on the current line and after every
    /// multi-byte sequence read so far: the parser asks only where it stands.
    /// Errors, which may point back, use `SourceFile.position(ofByteOffset:)`.
    @inlinable @inline(__always)
    package func position(_ offset: Int) -> SourcePosition {
        SourcePosition(line: line, column: offset - lineStart - multiByteExtra + 1)
    }

    package func text(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<min(end, count)]), as: UTF8.self)
    }

    func scalarWidth(at offset: Int) -> Int {
        guard offset < count else { return 0 }
        return min(SourceFile.scalarWidth(bytes[offset]), count - offset)
    }

    /// The end of a run of letters, digits, `_`, `$` and non-ASCII characters.
    func wordEnd(from start: Int) -> Int {
        var end = start
        while end < count, Self.isWordByte(bytes[end]) { end += 1 }
        return end
    }

    /// The end of what looks like one number as written (`0x1F`, `1.5.3`, `-01`).
    func numberTokenEnd(from start: Int) -> Int {
        var end = start
        while end < count, Self.isNumberTokenByte(bytes[end]) { end += 1 }
        return end
    }

    /// The width of a valid UTF-8 sequence at `offset`, or nil.
    func validUTF8Width(at offset: Int) -> Int? {
        SourceFile.validUTF8Width(bytes, at: offset)
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte >= ASCII.zero && byte <= ASCII.nine }

    @inline(__always)
    package static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             ASCII.zero...ASCII.nine, UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...0xFF:
            true
        default:
            false
        }
    }

    @inline(__always)
    static func isNumberTokenByte(_ byte: UInt8) -> Bool {
        byte == ASCII.dot || byte == ASCII.plus || byte == ASCII.minus || (byte < 0x80 && isWordByte(byte))
    }
}
