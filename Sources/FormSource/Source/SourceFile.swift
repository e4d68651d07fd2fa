#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of one input file and an index of where its lines start, so that a
/// diagnostic can show its source line and a position can be turned into an offset.
/// The compiler never reads files itself: the caller hands it a path and bytes.
public struct SourceFile: Sendable {
    /// The path as the user gave it; used verbatim in diagnostics and headers.
    public let path: String
    public let bytes: [UInt8]
    /// UTF-8 byte offset at which each line starts; `lineStarts[0] == 0`.
    public let lineStarts: [Int]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        self.lineStarts = bytes.withUnsafeBufferPointer(Self.lineStarts)
    }

    private static func lineStarts(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        var starts = [0]
        starts.reserveCapacity(bytes.count / 24 + 1)
        let count = bytes.count
        guard let base = bytes.baseAddress else { return starts }
        if memchr(base, 0x0D, count) == nil {
            // The common case, LF only: let memchr find the breaks.
            var offset = 0
            while offset < count, let found = memchr(base + offset, 0x0A, count - offset) {
                offset = UnsafeRawPointer(found) - UnsafeRawPointer(base) + 1
                starts.append(offset)
            }
            return starts
        }
        var index = 0
        while index < count {
            let byte = bytes[index]
            if byte == 0x0A {
                starts.append(index + 1)
            } else if byte == 0x0D {
                // CR LF is one break; a lone CR is a break too (YAML and JSON agree).
                if index + 1 < count, bytes[index + 1] == 0x0A { index += 1 }
                starts.append(index + 1)
            }
            index += 1
        }
        return starts
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    @inlinable public var lineCount: Int { lineStarts.count }

    /// The text of a 1-based line without its line break, or nil past the end.
    /// Invalid UTF-8 is repaired, since this is only for display.
    public func lineText(_ line: Int) -> String? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] : bytes.count
        while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The UTF-8 byte offset of a position (columns are Unicode scalars).
    /// Positions past the end of a line or the file are clamped.
    public func byteOffset(of position: SourcePosition) -> Int {
        guard position.line >= 1 else { return 0 }
        guard position.line <= lineStarts.count else { return bytes.count }
        var offset = lineStarts[position.line - 1]
        let lineEnd = position.line < lineStarts.count ? lineStarts[position.line] : bytes.count
        var column = 1
        while column < position.column, offset < lineEnd {
            offset += Self.scalarWidth(bytes[offset])
            column += 1
        }
        return min(offset, lineEnd)
    }

    /// The position of a UTF-8 byte offset.
    public func position(ofByteOffset target: Int) -> SourcePosition {
        let target = max(0, min(target, bytes.count))
        // Binary search for the last line start <= target.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= target { low = mid } else { high = mid - 1 }
        }
        var offset = lineStarts[low]
        var column = 1
        while offset < target {
            offset += Self.scalarWidth(bytes[offset])
            column += 1
        }
        return SourcePosition(line: low + 1, column: column)
    }

    /// The source text of a range, e.g. a scalar exactly as written (quotes included).
    public func text(in range: SourceRange) -> String {
        let start = byteOffset(of: range.start)
        let end = max(start, byteOffset(of: range.end))
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The width of the well-formed UTF-8 sequence at `offset` (1–4), or nil when the
    /// bytes there are not UTF-8: a stray or overlong lead, a missing continuation, a
    /// surrogate or a scalar past U+10FFFF.
    public static func validUTF8Width<Bytes: RandomAccessCollection>(_ bytes: Bytes, at offset: Int) -> Int?
    where Bytes.Element == UInt8, Bytes.Index == Int {
        let lead = bytes[offset]
        if lead < 0x80 { return 1 }
        let width: Int
        let minimum: UInt32
        switch lead {
        case 0xC2...0xDF: width = 2; minimum = 0x80
        case 0xE0...0xEF: width = 3; minimum = 0x800
        case 0xF0...0xF4: width = 4; minimum = 0x10000
        default: return nil
        }
        guard offset + width <= bytes.endIndex else { return nil }
        var scalar = UInt32(lead) & (0xFF >> (width + 1))
        for next in offset + 1..<offset + width {
            let byte = bytes[next]
            guard byte & 0xC0 == 0x80 else { return nil }
            scalar = scalar << 6 | UInt32(byte & 0x3F)
        }
        guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return nil }
        return width
    }

    /// Bytes taken by the UTF-8 sequence that starts with `lead` (1 for a stray byte).
    @inline(__always)
    package static func scalarWidth(_ lead: UInt8) -> Int {
        switch lead {
        case 0xF0...0xF7: return 4
        case 0xE0...0xEF: return 3
        case 0xC0...0xDF: return 2
        default: return 1
        }
    }
}
