/// Reading and writing the fixed-width ISO 8601 fields of `FormDate`, `FormTime`
/// and `FormDateTime`: ASCII digits only, no signs, no spaces, so that `"+1"`,
/// `" 1"` or a full-width digit never read as a number (as `Int("+1")` would).
struct ISO8601Scanner {
    private let bytes: [UInt8]
    private(set) var position = 0

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    var isAtEnd: Bool { position == bytes.count }

    /// The next byte, without consuming it.
    var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    /// Reads exactly `count` ASCII digits as a number.
    mutating func digits(_ count: Int) -> Int? {
        guard position + count <= bytes.count else { return nil }
        var number = 0
        for byte in bytes[position..<(position + count)] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            number = number * 10 + Int(byte - UInt8(ascii: "0"))
        }
        position += count
        return number
    }

    /// Reads one or more ASCII digits (a fraction of a second), at most the first
    /// nine of them counted, as a fraction in 0..<1.
    mutating func fraction() -> Double? {
        var value = 0.0
        var scale = 1.0
        let start = position
        while let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            if position - start < 9 {
                scale /= 10
                value += Double(byte - UInt8(ascii: "0")) * scale
            }
            position += 1
        }
        return position > start ? value : nil
    }

    /// Consumes `character` when it comes next.
    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard peek == UInt8(ascii: character) else { return false }
        position += 1
        return true
    }
}

/// Zero-padded decimal text of fixed width, for the ISO 8601 writers.
func isoDigits(_ number: Int, width: Int) -> String {
    let text = String(number)
    return String(repeating: "0", count: Swift.max(0, width - text.count)) + text
}
