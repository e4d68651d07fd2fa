/// The literal values of SPEC §10 as a form writes them: exact decimal numbers,
/// ISO 8601 dates, times and instants, and dates relative to today. Each is a
/// value with a failable initializer from its text, so the decoder (defaults),
/// the checker (rule parameters, condition literals) and the emitter agree on
/// what a literal means.

/// An exact decimal number (`2.50`, `-3`, `18`): digits and a scale, never a
/// `Double`, so `0.1` is exactly one tenth in every stage.
public struct DecimalLiteral: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let isNegative: Bool
    /// The digits without the decimal point and without leading zeros ("0" for zero).
    public let digits: String
    /// How many of `digits` are after the decimal point, as written (`2.50` → 2).
    public let scale: Int

    /// `-?[0-9]+(\.[0-9]+)?`: plain decimal notation, no exponent, no `+`.
    public init?(_ text: String) {
        guard let parsed = text.withUTF8Bytes(Self.parse) else { return nil }
        (isNegative, digits, scale) = parsed
    }

    /// Read from the UTF-8 bytes, not a `Character` at a time (which segments
    /// graphemes): every literal of a form's rules is read by the checker and again
    /// by the emitter.
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> (Bool, String, Int)? {
        let negative = bytes.first == UInt8(ascii: "-")
        let wholeStart = negative ? 1 : 0
        let wholeEnd = bytes.endOfDigits(from: wholeStart)
        guard wholeEnd > wholeStart else { return nil }
        var fractionStart = wholeEnd
        if wholeEnd < bytes.count {
            guard bytes[wholeEnd] == UInt8(ascii: ".") else { return nil }
            fractionStart = wholeEnd + 1
            guard bytes.endOfDigits(from: fractionStart) == bytes.count, bytes.count > fractionStart else { return nil }
        }
        // The digits of the whole part and the fraction, without leading zeros ("0" for zero).
        let all = Array(bytes[wholeStart..<wholeEnd]) + bytes[fractionStart...]
        let zeros = all.prefix(all.count - 1).prefix { $0 == UInt8(ascii: "0") }.count
        let digits = String(decoding: all[zeros...], as: UTF8.self)
        return (negative && digits != "0", digits, bytes.count - fractionStart)
    }

    /// The scale with trailing zeros of the fraction removed: `2.50` needs 1 place.
    public var significantScale: Int {
        var scale = self.scale
        var digits = Substring(self.digits)
        while scale > 0, digits.last == "0" {
            digits = digits.dropLast()
            scale -= 1
        }
        return scale
    }

    /// Whether the value is a whole number (`3`, `3.00`).
    public var isInteger: Bool { significantScale == 0 }

    /// The value as an `Int` when it is whole and fits.
    public var integerValue: Int? {
        guard isInteger else { return nil }
        let whole = digits.dropLast(scale)
        guard let magnitude = Int(whole.isEmpty ? "0" : String(whole)) else { return nil }
        return isNegative ? -magnitude : magnitude
    }

    /// As written, normalized: `-2.50`, `0.5`, `18`.
    public var description: String {
        var text = digits
        if scale > 0 {
            let padded = String(repeating: "0", count: max(0, scale + 1 - text.count)) + text
            text = padded.dropLast(scale) + "." + padded.suffix(scale)
        }
        return (isNegative ? "-" : "") + text
    }

    public static func < (lhs: DecimalLiteral, rhs: DecimalLiteral) -> Bool {
        if lhs.isNegative != rhs.isNegative { return lhs.isNegative }
        let magnitudeLess = Self.magnitudeLess(lhs, rhs)
        let magnitudeEqual = !magnitudeLess && !Self.magnitudeLess(rhs, lhs)
        if magnitudeEqual { return false }
        return lhs.isNegative ? !magnitudeLess : magnitudeLess
    }

    public static func == (lhs: DecimalLiteral, rhs: DecimalLiteral) -> Bool {
        lhs.isNegative == rhs.isNegative && !magnitudeLess(lhs, rhs) && !magnitudeLess(rhs, lhs)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(isNegative)
        let (whole, fraction) = aligned(toScale: significantScale)
        hasher.combine(whole)
        hasher.combine(fraction)
    }

    /// Compares magnitudes as whole numbers at the larger scale: `digits` then
    /// that many zeros; read in place (the checker compares every `min` with its `max`).
    private static func magnitudeLess(_ lhs: DecimalLiteral, _ rhs: DecimalLiteral) -> Bool {
        let lhsIsZero = lhs.digits == "0", rhsIsZero = rhs.digits == "0"
        if lhsIsZero || rhsIsZero { return lhsIsZero && !rhsIsZero }
        // Without leading zeros, the longer number is the larger.
        let scale = max(lhs.scale, rhs.scale)
        let length = lhs.digits.utf8.count + scale - lhs.scale
        let otherLength = rhs.digits.utf8.count + scale - rhs.scale
        if length != otherLength { return length < otherLength }
        var left = lhs.digits.utf8.makeIterator(), right = rhs.digits.utf8.makeIterator()
        for _ in 0..<length {
            let a = left.next() ?? UInt8(ascii: "0"), b = right.next() ?? UInt8(ascii: "0")
            if a != b { return a < b }
        }
        return false
    }

    /// The whole part without leading zeros and the fraction padded to `scale` digits.
    private func aligned(toScale target: Int) -> (whole: String, fraction: String) {
        let padded = String(repeating: "0", count: max(0, scale + 1 - digits.count)) + digits
        var whole = String(padded.dropLast(scale))
        while whole.count > 1, whole.first == "0" { whole.removeFirst() }
        var fraction = String(padded.suffix(scale))
        if target > scale {
            fraction += String(repeating: "0", count: target - scale)
        } else {
            fraction = String(fraction.prefix(target))
        }
        return (whole, fraction)
    }
}

/// A calendar date, `YYYY-MM-DD` (proleptic Gregorian).
public struct DateLiteral: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int, month: Int, day: Int

    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...Self.daysIn(month: month, year: year)).contains(day) else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
    }

    /// Strictly `YYYY-MM-DD`.
    public init?(_ text: String) {
        // Read from the UTF-8 bytes, as `DecimalLiteral`.
        guard let (year, month, day) = text.withUTF8Bytes({ bytes -> (Int, Int, Int)? in
            guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
                  let year = bytes.number(at: 0, width: 4), let month = bytes.number(at: 5, width: 2),
                  let day = bytes.number(at: 8, width: 2) else { return nil }
            return (year, month, day)
        }) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Whether `text` has the shape of a date (so a wrong one is "not a real date").
    public static func looksLikeDate(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return false }
        return bytes.enumerated().allSatisfy { $0.offset == 4 || $0.offset == 7 || (48...57).contains($0.element) }
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    public static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    public static func < (lhs: DateLiteral, rhs: DateLiteral) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}

/// A time of day, `HH:mm` (00:00–23:59).
public struct TimeLiteral: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let hour: Int, minute: Int

    public init?(_ text: String) {
        // Read from the UTF-8 bytes, as `DecimalLiteral`.
        guard let (hour, minute) = text.withUTF8Bytes({ bytes -> (Int, Int)? in
            guard bytes.count == 5, bytes[2] == UInt8(ascii: ":"),
                  let hour = bytes.number(at: 0, width: 2), let minute = bytes.number(at: 3, width: 2) else { return nil }
            return (hour, minute)
        }), (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        (self.hour, self.minute) = (hour, minute)
    }

    public var description: String {
        (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }

    public static func < (lhs: TimeLiteral, rhs: TimeLiteral) -> Bool { (lhs.hour, lhs.minute) < (rhs.hour, rhs.minute) }
}

/// An instant, `YYYY-MM-DDTHH:mm[:ss](Z|±HH:mm)`: a zone is required, so the
/// literal means the same instant on every machine.
public struct DateTimeLiteral: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Seconds since 1970-01-01T00:00:00Z.
    public let secondsSince1970: Int

    /// Whether `text` ends in a zone, `Z` or `±HH:mm`, whether or not the rest is valid.
    public static func hasZone(_ text: String) -> Bool {
        if text.hasSuffix("Z") { return true }
        let zone = Array(text.suffix(6))
        return zone.count == 6 && (zone[0] == "+" || zone[0] == "-") && zone[3] == ":" && text.count > 16
    }

    /// The message and help for `text`, an instant but for a fraction of a second
    /// (`2026-01-31T09:30:00.5Z`): formc's instants are whole seconds
    /// (docs/format.md), and the help writes it without (in a condition's quotes
    /// when `quoted`). Nil for any other text.
    public static func fractionProblem(_ text: String, quoted: Bool) -> (message: String, help: String)? {
        guard let point = text.lastIndex(of: "."), text[..<point].contains("T") else { return nil }
        let digits = text[text.index(after: point)...].prefix { $0.isASCIIDigit }
        guard !digits.isEmpty else { return nil }
        let whole = String(text[..<point] + text[digits.endIndex...])
        guard DateTimeLiteral(whole) != nil else { return nil }
        return ("'\(text)' has a fraction of a second", "an instant in a form is whole seconds: write \(quoted ? "'\(whole)'" : whole)")
    }

    public init?(_ text: String) {
        let parts = text.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let date = DateLiteral(String(parts[0])) else { return nil }
        var rest = Substring(parts[1])
        var offset = 0
        if rest.hasSuffix("Z") {
            rest = rest.dropLast()
        } else {
            let zone = rest.suffix(6)
            guard zone.count == 6, zone.first == "+" || zone.first == "-",
                  let time = TimeLiteral(String(zone.dropFirst())) else { return nil }
            offset = (time.hour * 60 + time.minute) * 60 * (zone.first == "-" ? -1 : 1)
            rest = rest.dropLast(6)
        }
        var seconds = 0
        if rest.count == 8 {
            let secondText = rest.suffix(2)
            guard rest.dropLast(2).last == ":", secondText.allSatisfy(\.isASCIIDigit),
                  let value = Int(secondText), value <= 59 else { return nil }
            seconds = value
            rest = rest.dropLast(3)
        }
        guard let time = TimeLiteral(String(rest)) else { return nil }
        let days = Self.daysSince1970(date)
        secondsSince1970 = days * 86_400 + (time.hour * 60 + time.minute) * 60 + seconds - offset
    }

    /// Days from 1970-01-01 to `date` (Howard Hinnant's days_from_civil).
    static func daysSince1970(_ date: DateLiteral) -> Int {
        let y = date.month <= 2 ? date.year - 1 : date.year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (date.month + 9) % 12
        let doy = (153 * mp + 2) / 5 + date.day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The instant in UTC, `2026-01-31T09:30:00Z`.
    public var description: String {
        let days = Int((Double(secondsSince1970) / 86_400).rounded(.down))
        let secondOfDay = secondsSince1970 - days * 86_400
        // civil_from_days
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        func pad(_ value: Int, _ width: Int = 2) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month))-\(pad(day))T\(pad(secondOfDay / 3600)):\(pad(secondOfDay / 60 % 60)):\(pad(secondOfDay % 60))Z"
    }

    public static func < (lhs: DateTimeLiteral, rhs: DateTimeLiteral) -> Bool { lhs.secondsSince1970 < rhs.secondsSince1970 }
}

/// `today`, `today-18y`, `today+30d`: a day counted from the day a rule runs
/// (SPEC §10), in days, weeks, months or years.
public struct RelativeDateLiteral: Sendable, Hashable, CustomStringConvertible {
    public enum Unit: Character, Sendable, Hashable, CaseIterable {
        case days = "d", weeks = "w", months = "m", years = "y"
    }

    public let amount: Int
    public let unit: Unit

    /// The most digits an amount has: up to 99999 units either way.
    public static let maxDigits = 5

    /// `today`, or `today` followed by `+` or `-`, digits and a unit letter.
    public init?(_ text: String) {
        guard text.hasPrefix("today") else { return nil }
        let rest = text.dropFirst(5)
        if rest.isEmpty {
            (amount, unit) = (0, .days)
            return
        }
        guard let sign = rest.first, sign == "+" || sign == "-", let letter = rest.last,
              let unit = Unit(rawValue: letter) else { return nil }
        let number = rest.dropFirst().dropLast()
        guard !number.isEmpty, number.count <= Self.maxDigits, number.allSatisfy(\.isASCIIDigit), let value = Int(number) else { return nil }
        self.amount = sign == "-" ? -value : value
        self.unit = unit
    }

    /// The help for `text`, a relative date in shape whose amount has more than
    /// `maxDigits` digits (`today+999999d`); nil for any other text.
    public static func amountHelp(for text: String) -> String? {
        guard text.hasPrefix("today") else { return nil }
        let rest = text.dropFirst(5)
        guard let sign = rest.first, sign == "+" || sign == "-", let letter = rest.last, Unit(rawValue: letter) != nil else { return nil }
        let number = rest.dropFirst().dropLast()
        guard number.count > maxDigits, number.allSatisfy(\.isASCIIDigit) else { return nil }
        let most = "a relative date counts at most \(String(repeating: "9", count: maxDigits)) units"
        return letter == "y" ? most : most + ": write a larger unit, e.g. y (years)"
    }

    public var description: String {
        amount == 0 && unit == .days ? "today" : "today\(amount < 0 ? "-" : "+")\(abs(amount))\(unit.rawValue)"
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

extension String {
    /// `body` over the text's UTF-8, read in place (copied only for a string
    /// whose storage is not contiguous).
    fileprivate func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(utf8).withUnsafeBufferPointer(body)
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Where the ASCII digits that start at `start` end.
    fileprivate func endOfDigits(from start: Int) -> Int {
        var end = start
        while end < count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self[end]) { end += 1 }
        return end
    }

    /// The number written with exactly the `width` ASCII digits at `offset`.
    fileprivate func number(at offset: Int, width: Int) -> Int? {
        guard offset + width <= count, endOfDigits(from: offset) >= offset + width else { return nil }
        return self[offset..<(offset + width)].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }
}

/// A `min` or `max` rule's bound, read for the field it belongs to.
public enum RuleBound: Sendable, Hashable {
    case number(DecimalLiteral)
    case fixed(DateValue)
    /// `today`, `today-18y`: resolved when the rule runs.
    case relative(RelativeDateLiteral)

    /// `text` as a bound of a field of `valueType`: a decimal for a number, an ISO
    /// literal of the field's mode for a date, or `today…` for a date or an
    /// instant. Nil when it is none of these.
    public init?(_ text: String, for valueType: FieldValueType) {
        switch valueType {
        case .number:
            guard let value = DecimalLiteral(text) else { return nil }
            self = .number(value)
        case .date(let mode, _):
            if let value = DateValue(text, mode: mode) {
                self = .fixed(value)
            } else if mode != .time, let relative = RelativeDateLiteral(text) {
                self = .relative(relative)
            } else {
                return nil
            }
        case .string, .bool, .segment, .multiChoice:
            return nil
        }
    }

    /// The bound when it does not depend on the day a rule runs.
    public var fixedValue: FixedBound? {
        switch self {
        case .number(let value): .number(value)
        case .fixed(let value): .date(value)
        case .relative: nil
        }
    }

    /// A bound that can be compared at compile time.
    public enum FixedBound: Comparable, Sendable {
        case number(DecimalLiteral)
        case date(DateValue)
    }
}
