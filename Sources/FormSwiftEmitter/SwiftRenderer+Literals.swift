import FormModel

// Literals: text as an escaped string literal or comment, and the values of a
// form (numbers, dates, options) as exact Swift literals.

/// A value as the translator names it; `SwiftRenderer.literal(_:)` spells it.
enum SwiftLiteral: Sendable {
    case bool(Bool)
    case int(Int)
    case double(Double)
    /// Any text, as an escaped string literal.
    case string(String)
    /// An `Int`, or an exact `Decimal` when `decimal`.
    case number(DecimalLiteral, decimal: Bool)
    case date(DateValue)
    /// `.pro`: a case of the enum the context expects.
    case enumCase(String)
    /// `[.a, .b]`: cases of an option set's enum, `[]` for none.
    case enumCases([String])
    case `nil`
}

extension SwiftRenderer {
    /// A Swift string literal whose value is exactly `text`. Backslashes and quotes
    /// are escaped (which also neutralises `\(` and `"""`); line breaks, tabs, NUL,
    /// every other control character and every invisible or line-separating scalar
    /// (format characters such as bidirectional overrides, U+2028/U+2029, private-use
    /// and unassigned scalars) become escapes, so the literal stays on one line and
    /// shows what it holds. Everything else, emoji included, is written as is.
    static func stringLiteral(_ text: String) -> String {
        var bytes = OutputBuffer(capacity: text.utf8.count + 2)
        appendStringLiteral(text, to: &bytes)
        return bytes.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// Comment text on one line: the same escapes as a literal for anything that
    /// could end the comment or hide what follows.
    static func commentText(_ text: String) -> String {
        var bytes = OutputBuffer(capacity: text.utf8.count)
        appendEscaped(text, quotes: false, to: &bytes)
        return bytes.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    static func appendStringLiteral(_ text: String, to bytes: inout OutputBuffer) {
        bytes.append(UInt8(ascii: "\""))
        appendEscaped(text, quotes: true, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Whether every byte of `utf8` is printable ASCII (0x20 to 0x7E) and, with
    /// `quotes`, neither `\` nor `"`: what `appendEscaped` copies as it is. Eight
    /// bytes at a time, each test true for the word when it is for one of its
    /// bytes: a byte below 0x20 borrows into its high bit, one above 0x7E
    /// carries into it (or has it), and a byte equal to `\` or `"` is a zero
    /// byte of the word xor that byte repeated.
    static func isPlain(_ utf8: UnsafeBufferPointer<UInt8>, quotes: Bool) -> Bool {
        guard let base = utf8.baseAddress else { return true }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var index = 0
        while index + 8 <= utf8.count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            var unusual = (word &- ones &* 0x20) & ~word
            unusual |= (word &+ ones &* (0x7F - 0x7E)) | word
            if quotes {
                let backslashes = word ^ (ones &* 0x5C)
                let quoteMarks = word ^ (ones &* 0x22)
                unusual |= (backslashes &- ones) & ~backslashes
                unusual |= (quoteMarks &- ones) & ~quoteMarks
            }
            if unusual & highs != 0 { return false }
            index += 8
        }
        while index < utf8.count {
            let byte = base[index]
            if byte < 0x20 || byte > 0x7E || quotes && (byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\"")) { return false }
            index += 1
        }
        return true
    }

    /// `text` with the escapes of a literal (`quotes`: also `\` and `"`) or of a comment.
    static func appendEscaped(_ text: String, quotes: Bool, to bytes: inout OutputBuffer) {
        // Fast path: printable ASCII that needs no escape is copied as is, from
        // the string's contiguous UTF-8.
        let plain = text.utf8.withContiguousStorageIfAvailable { utf8 in
            let isPlain = isPlain(utf8, quotes: quotes)
            if isPlain { bytes.append(utf8) }
            return isPlain
        }
        if plain == true { return }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\" where quotes: bytes.append("\\\\")
            case "\"" where quotes: bytes.append("\\\"")
            case "\n": bytes.append("\\n")
            case "\r": bytes.append("\\r")
            case "\t": bytes.append("\\t")
            case "\0": bytes.append("\\0")
            default:
                if scalar.value >= 0x20 && scalar.value < 0x7F {
                    bytes.append(UInt8(truncatingIfNeeded: scalar.value))
                } else if needsEscape(scalar) {
                    bytes.append("\\u{")
                    appendHex(scalar.value, to: &bytes)
                    bytes.append(UInt8(ascii: "}"))
                } else {
                    UTF8.encode(scalar) { bytes.append($0) }
                }
            }
        }
    }

    /// Upper-case hexadecimal without leading zeros, as `String(_:radix:uppercase:)`.
    private static func appendHex(_ value: UInt32, to bytes: inout OutputBuffer) {
        var shift = 28
        while shift > 0 && (value >> UInt32(shift)) & 0xF == 0 { shift -= 4 }
        while shift >= 0 {
            let digit = UInt8((value >> UInt32(shift)) & 0xF)
            bytes.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "A") + digit - 10)
            shift -= 4
        }
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        // Zero-width (non-)joiners are format characters too, but they only glue
        // emoji and scripts together; written as is, 👨‍👩‍👧 stays readable.
        if scalar == "\u{200C}" || scalar == "\u{200D}" { return false }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .unassigned, .surrogate:
            return true
        default:
            return false
        }
    }

    static func doubleLiteral(_ value: Double) -> String {
        if value.isNaN { return "Double.nan" }
        if value.isInfinite { return value < 0 ? "-Double.infinity" : "Double.infinity" }
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return String(describing: value)
    }

    /// A number (SPEC §10): `18` for an `Int`; for a `Decimal`, `Decimal(sign: .plus,
    /// exponent: -2, significand: 250)`, which is exact where a floating-point
    /// literal (`2.5`) would not be.
    mutating func number(_ value: DecimalLiteral, decimal: Bool) {
        if !decimal, let integer = value.integerValue { return write(integer) }
        write(value.isNegative ? "Decimal(sign: .minus, exponent: " : "Decimal(sign: .plus, exponent: ")
        write(-value.scale)
        write(", significand: ")
        write(value.digits)
        write(")")
    }

    mutating func literal(_ value: SwiftLiteral) {
        switch value {
        case .bool(let value): write(value ? "true" : "false")
        case .int(let value): write(value)
        case .double(let value): write(Self.doubleLiteral(value))
        case .string(let text): writeStringLiteral(text)
        case .number(let value, let decimal): number(value, decimal: decimal)
        case .date(let value): write(SwiftLiterals.date(value))
        case .enumCase(let name):
            write(".")
            write(name)
        case .enumCases(let names):
            write("[")
            for (index, name) in names.enumerated() {
                write(index == 0 ? "." : ", .")
                write(name)
            }
            write("]")
        case .nil: write("nil")
        }
    }
}

/// How the literals of SPEC §10 are spelled in generated Swift: exactly, with no
/// `Double` on the way and nothing parsed at run time.
enum SwiftLiterals {
    /// `FormDate(clampingYear: 2026, month: 1, day: 31)` and the like: the
    /// checker has made sure the value is real, so clamping never changes it.
    static func date(_ value: DateValue) -> String {
        switch value {
        case .date(let date): "FormDate(clampingYear: \(date.year), month: \(date.month), day: \(date.day))"
        case .time(let time): "FormTime(clampingHour: \(time.hour), minute: \(time.minute))"
        case .dateTime(let instant): "Date(timeIntervalSince1970: \(instant.secondsSince1970))"
        }
    }
}
