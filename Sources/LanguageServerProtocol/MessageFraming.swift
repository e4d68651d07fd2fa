/// Splits a byte stream into LSP messages: each is a header block (`Content-Length: N`,
/// optionally `Content-Type`, lines ending in CR LF, closed by an empty line) and N
/// bytes of JSON. Bytes may arrive in any pieces: half a header, several messages at
/// once. A header block that cannot be read is dropped and reported, and reading
/// goes on at the next `Content-Length` header (bytes before it that are no header
/// lines, such as the body of a header that could not be read or the rest of a
/// body whose length was too short, are dropped and reported too), so one bad
/// message never stops the server.
public struct MessageFramer: Sendable {
    /// What the next complete piece of the stream is.
    public enum Frame: Sendable, Equatable {
        /// One message's body, the JSON bytes.
        case message([UInt8])
        /// A header block that was dropped, and why.
        case badHeader(String)
    }

    /// The longest header block read; past it, bytes with no blank line are dropped.
    public static let maxHeaderLength = 8 * 1024
    /// The largest body accepted (the spec's file limit with room for JSON escapes).
    public static let maxBodyLength = 256 * 1024 * 1024

    private var buffer: [UInt8] = []
    /// Where unread bytes start in `buffer` (consumed bytes are removed in bulk).
    private var readOffset = 0
    /// The body length of a header already read, while its body is still arriving.
    private var pendingLength: Int?
    /// Bytes of a body too large to keep, still to be dropped as they arrive.
    private var skipping = 0

    public init() {}

    /// Adds bytes read from the stream.
    public mutating func append<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        buffer.append(contentsOf: bytes)
    }

    /// Bytes received and not yet returned as a frame.
    public var bufferedCount: Int { buffer.count - readOffset }

    /// The next complete frame, or nil when more bytes are needed.
    public mutating func next() -> Frame? {
        defer { compact() }
        if skipping > 0 {
            let dropped = min(skipping, bufferedCount)
            readOffset += dropped
            skipping -= dropped
            if skipping > 0 { return nil }
        }
        if pendingLength == nil {
            switch resynchronize() {
            case .needMoreBytes: return nil
            case .dropped(let count): return .badHeader("\(count) bytes before a Content-Length header dropped")
            case .atHeader: break
            }
            guard let headerEnd = findHeaderEnd() else {
                if bufferedCount > Self.maxHeaderLength {
                    readOffset = buffer.count
                    return .badHeader("no end of header within \(Self.maxHeaderLength) bytes")
                }
                return nil
            }
            let header = buffer[readOffset..<headerEnd.start]
            readOffset = headerEnd.end
            switch Self.contentLength(header) {
            case .success(let length): pendingLength = length
            case .failure(let problem):
                skipping = problem.skippedBody
                return .badHeader(problem.message)
            }
        }
        guard let length = pendingLength, bufferedCount >= length else { return nil }
        let body = Array(buffer[readOffset..<readOffset + length])
        readOffset += length
        pendingLength = nil
        return .message(body)
    }

    /// Drops consumed bytes once they are most of the buffer, so a long session does
    /// not keep every message it ever read.
    private mutating func compact() {
        if readOffset == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.count < 1 << 20)
            readOffset = 0
        } else if readOffset > 64 * 1024, readOffset * 2 > buffer.count {
            buffer.removeSubrange(0..<readOffset)
            readOffset = 0
        }
    }

    enum Resynchronized {
        /// The unread bytes start a header block that has a `Content-Length` line.
        case atHeader
        /// Bytes that could not start one were dropped.
        case dropped(Int)
        /// No `Content-Length` yet: wait for more bytes.
        case needMoreBytes
    }

    private static let contentLengthName = Array("content-length".utf8)

    /// Puts the read position at the header block that holds the next
    /// `Content-Length` line: line breaks between messages are skipped; header
    /// lines before that line (`Content-Type: …`) are kept; anything else before it
    /// is dropped. Past `maxHeaderLength` bytes with no `Content-Length`, the
    /// header-end search below reports them.
    private mutating func resynchronize() -> Resynchronized {
        while readOffset < buffer.count, buffer[readOffset] == 0x0D || buffer[readOffset] == 0x0A { readOffset += 1 }
        guard let name = findContentLength() else {
            return bufferedCount > Self.maxHeaderLength ? .atHeader : .needMoreBytes
        }
        if name == readOffset || Self.areHeaderLines(buffer[readOffset..<name]) { return .atHeader }
        let dropped = name - readOffset
        readOffset = name
        return .dropped(dropped)
    }

    /// Where the next `Content-Length:` (in any case, the name and its colon)
    /// starts, within a header's reach: after a body of the wrong length, on the
    /// same line as its last bytes (`ile:///a.yaml"}}Content-Length: 52`). The
    /// name alone, as a word in another header's value, is no start.
    private func findContentLength() -> Int? {
        let name = Self.contentLengthName
        let limit = min(buffer.count, readOffset + Self.maxHeaderLength) - name.count
        var index = readOffset
        while index <= limit {
            if name.indices.allSatisfy({ Self.lowercased(buffer[index + $0]) == name[$0] }), isColon(after: index + name.count) {
                return index
            }
            index += 1
        }
        return nil
    }

    /// Whether a `:` follows `index`, after spaces or tabs; a header still arriving counts.
    private func isColon(after index: Int) -> Bool {
        var index = index
        while index < buffer.count, buffer[index] == 0x20 || buffer[index] == 0x09 { index += 1 }
        return index == buffer.count || buffer[index] == UInt8(ascii: ":")
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
    }

    /// Whether `bytes` are whole header lines (`Name: value` and a line break each,
    /// no blank line among them).
    private static func areHeaderLines(_ bytes: ArraySlice<UInt8>) -> Bool {
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
        guard bytes.last == 0x0A else { return false }
        return lines.allSatisfy { line in
            let text = line.last == 0x0D ? line.dropLast() : line
            guard let colon = text.firstIndex(of: UInt8(ascii: ":")), colon > text.startIndex else { return false }
            return text[..<colon].allSatisfy { $0 > 0x20 && $0 < 0x7F }
        }
    }

    /// The blank line that ends a header block: CR LF CR LF (a bare LF LF is read too,
    /// as some clients in tests write it).
    private func findHeaderEnd() -> (start: Int, end: Int)? {
        var index = readOffset
        let limit = min(buffer.count, readOffset + Self.maxHeaderLength + 4)
        while index < limit {
            if buffer[index] == 0x0A {
                if index + 1 < buffer.count, buffer[index + 1] == 0x0A { return (index, index + 2) }
                if index + 2 < buffer.count, buffer[index + 1] == 0x0D, buffer[index + 2] == 0x0A { return (index, index + 3) }
            }
            index += 1
        }
        return nil
    }

    struct HeaderProblem: Error {
        var message: String
        /// The length of a body that is dropped with its header (one too large to keep).
        var skippedBody = 0
    }

    /// Reads `Content-Length` from a header block; other fields are allowed and ignored.
    static func contentLength(_ header: ArraySlice<UInt8>) -> Result<Int, HeaderProblem> {
        let text = String(decoding: header, as: UTF8.self)
        var length: Int?
        for rawLine in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine[...]
            guard let colon = line.firstIndex(of: ":") else {
                return .failure(HeaderProblem(message: "header line without a colon: '\(line.prefix(80))'"))
            }
            let name = line[..<colon].trimmingSpaces()
            let value = line[line.index(after: colon)...].trimmingSpaces()
            guard name.lowercased() == "content-length" else { continue }
            guard let number = Int(value), number >= 0 else {
                return .failure(HeaderProblem(message: "Content-Length is not a length: '\(value.prefix(40))'"))
            }
            guard number <= maxBodyLength else {
                return .failure(HeaderProblem(message: "Content-Length \(number) is more than \(maxBodyLength) bytes", skippedBody: number))
            }
            length = number
        }
        guard let length else { return .failure(HeaderProblem(message: "header without Content-Length")) }
        return .success(length)
    }

    /// One message as it goes on the wire.
    public static func frame(_ body: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
