/// JSON text that is not a value (RFC 8259), with the byte offset where reading stopped.
public struct JSONParseError: Error, Sendable, Hashable {
    public var offset: Int
    public var problem: String
}

extension JSONValue {
    /// Parses JSON bytes (RFC 8259; the text is UTF-8): an object's members in the
    /// text's order, a repeated key once, at its first place, with its last value.
    /// Read here rather than by `JSONDecoder`, which finds a `JSONValue`'s kind by
    /// trying each in turn and throwing an error for each miss.
    ///
    /// An escape that is no Unicode scalar (a lone surrogate, `\ud800`) is an error,
    /// or, `replacingLoneSurrogates`, U+FFFD: JavaScript's `JSON.stringify` writes
    /// one for a string that holds half of a pair, and a language server reads its
    /// client's text rather than dropping the message.
    public static func parse(_ bytes: [UInt8], replacingLoneSurrogates: Bool = false) throws -> JSONValue {
        var parser = JSONParser(bytes: bytes, replacingLoneSurrogates: replacingLoneSurrogates)
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.index == bytes.count else { throw parser.error("text after the value") }
        return value
    }
}

/// A recursive descent over the bytes, nesting limited so that a hostile message
/// cannot exhaust the stack.
private struct JSONParser {
    let bytes: [UInt8]
    let replacingLoneSurrogates: Bool
    var index = 0
    static let maxDepth = 512

    init(bytes: [UInt8], replacingLoneSurrogates: Bool) {
        self.bytes = bytes
        self.replacingLoneSurrogates = replacingLoneSurrogates
    }

    func error(_ problem: String) -> JSONParseError { JSONParseError(offset: index, problem: problem) }

    var next: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipSpace() {
        while let byte = next, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    mutating func take(_ character: Unicode.Scalar) -> Bool {
        skipSpace()
        guard next == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    mutating func value(depth: Int) throws -> JSONValue {
        guard depth < Self.maxDepth else { throw error("nested more than \(Self.maxDepth) deep") }
        skipSpace()
        switch next {
        case UInt8(ascii: "{")?:
            index += 1
            var members: [(String, JSONValue)] = []
            if take("}") { return .object(members) }
            repeat {
                skipSpace()
                guard next == UInt8(ascii: "\"") else { throw error("an object's key is a string") }
                let key = try string()
                guard take(":") else { throw error("':' after a key") }
                members.append((key, try value(depth: depth + 1)))
            } while take(",")
            guard take("}") else { throw error("',' or '}' in an object") }
            return .object(Self.hasRepeatedKey(members) ? JSONValue.uniqued(members) : members)
        case UInt8(ascii: "[")?:
            index += 1
            var items: [JSONValue] = []
            if take("]") { return .array(items) }
            repeat {
                items.append(try value(depth: depth + 1))
            } while take(",")
            guard take("]") else { throw error("',' or ']' in an array") }
            return .array(items)
        case UInt8(ascii: "\"")?: return .string(try string())
        case UInt8(ascii: "t")?: return try word("true", .bool(true))
        case UInt8(ascii: "f")?: return try word("false", .bool(false))
        case UInt8(ascii: "n")?: return try word("null", .null)
        case nil: throw error("a value is missing")
        default: return try number()
        }
    }

    /// Whether a key comes twice (then the last value counts, at the first place).
    static func hasRepeatedKey(_ members: [(String, JSONValue)]) -> Bool {
        if members.count < 2 { return false }
        if members.count <= 8 {
            for index in 1..<members.count where members[..<index].contains(where: { $0.0 == members[index].0 }) { return true }
            return false
        }
        var seen = Set<String>(minimumCapacity: members.count)
        return !members.allSatisfy { seen.insert($0.0).inserted }
    }

    mutating func word(_ text: String, _ value: JSONValue) throws -> JSONValue {
        let end = index + text.utf8.count
        guard end <= bytes.count, bytes[index..<end].elementsEqual(text.utf8) else { throw error("not a JSON value") }
        index = end
        return value
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`: an integer when its
    /// value is a whole number that fits an `Int`, else a double.
    mutating func number() throws -> JSONValue {
        let start = index
        func digits() -> Int {
            let first = index
            while let byte = next, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
            return index - first
        }
        if next == UInt8(ascii: "-") { index += 1 }
        let whole = index
        guard digits() > 0, bytes[whole] != UInt8(ascii: "0") || index == whole + 1 else { throw error("not a JSON value") }
        var isInteger = true
        if next == UInt8(ascii: ".") {
            index += 1
            isInteger = false
            guard digits() > 0 else { throw error("a digit after '.'") }
        }
        if next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
            index += 1
            isInteger = false
            if next == UInt8(ascii: "+") || next == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw error("a digit in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let integer = Int(text) { return .integer(integer) }
        guard let double = Double(text), double.isFinite else { throw error("a number out of range") }
        // As Foundation's decoder: `2e3` and `1.0` are integers too.
        if let integer = Int(exactly: double) { return .integer(integer) }
        return .double(double)
    }

    /// A string from its opening quote: its escapes undone, its bytes valid UTF-8.
    mutating func string() throws -> String {
        index += 1
        var text: [UInt8] = []
        while true {
            guard let byte = next else { throw error("an unterminated string") }
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let string = String(validating: text, as: UTF8.self) else { throw error("a string that is not UTF-8") }
                return string
            case UInt8(ascii: "\\"):
                guard let escaped = next else { throw error("an unterminated string") }
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escaped)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"): text += String(try escapedScalar()).utf8
                default: throw error("an unknown escape")
                }
            case 0..<0x20: throw error("a control character in a string")
            default: text.append(byte)
            }
        }
    }

    /// The scalar of `\uXXXX` (after its `u`), a surrogate pair taking two.
    mutating func escapedScalar() throws -> Unicode.Scalar {
        let first = try hexUnit()
        if (0xD800..<0xDC00).contains(first) {
            if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                let second = index
                index += 2
                let low = try hexUnit()
                if (0xDC00..<0xE000).contains(low) {
                    return Unicode.Scalar(0x10000 + (first - 0xD800) << 10 + (low - 0xDC00))!
                }
                // Not the pair's second half: an escape of its own, read next.
                index = second
            }
            return try loneSurrogate()
        }
        guard let scalar = Unicode.Scalar(first) else { return try loneSurrogate() }
        return scalar
    }

    func loneSurrogate() throws -> Unicode.Scalar {
        guard replacingLoneSurrogates else { throw error("a lone surrogate") }
        return "\u{FFFD}"
    }

    mutating func hexUnit() throws -> UInt32 {
        var unit: UInt32 = 0
        for _ in 0..<4 {
            let digit: UInt8
            switch next {
            case let byte? where (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte): digit = byte - UInt8(ascii: "0")
            case let byte? where (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20): digit = (byte | 0x20) - UInt8(ascii: "a") + 10
            default: throw error("four hex digits after \\u")
            }
            unit = unit << 4 | UInt32(digit)
            index += 1
        }
        return unit
    }
}
