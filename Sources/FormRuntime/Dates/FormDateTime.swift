import Foundation

/// Stores a `dateTime` field (`Date` or `Date?`) of a generated `Values` so that
/// it encodes as ISO 8601 text with a zone, `"2026-01-31T09:30:00Z"`, whatever
/// the coder's `dateEncodingStrategy` (SPEC §10). A generated `Values` keeps it in a
/// private property encoded under the field's id:
///
/// ```swift
/// nonisolated
/// struct Values: Codable, Equatable, Sendable {
///     private var _arrival: FormDateTime<Date?>
///     var arrival: Date? { get { _arrival.wrappedValue } set { _arrival.wrappedValue = newValue } }
///     private enum CodingKeys: String, CodingKey { case _arrival = "arrival" }
/// }
/// ```
///
/// (Swift 6.3 rejects a property wrapper in a type declared `nonisolated`;
/// elsewhere `@FormDateTime var arrival: Date?` says the same in one line.)
///
/// The memberwise initializer still takes `arrival: Date?`. A nil `Date?` is left
/// out of the encoded container, and a missing key or `null` decodes as nil, as
/// synthesized `Codable` does for any optional property (the `KeyedEncodingContainer`
/// and `KeyedDecodingContainer` overloads below make it so).
@propertyWrapper
public struct FormDateTime<Value: FormDateTimeValue>: Codable, Equatable, Sendable {
    /// The field's date.
    public var wrappedValue: Value

    /// Wraps `wrappedValue`; what `@FormDateTime var arrival: Date? = nil` and the
    /// memberwise initializer call.
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    /// Reads `null` (for `Date?`) or the text `FormDateTime.date(iso8601:)` accepts.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil(), let none = Value(dateTime: nil) {
            wrappedValue = none
            return
        }
        let text = try container.decode(String.self)
        guard let date = Self.date(iso8601: text), let value = Value(dateTime: date) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "Expected a date and time as YYYY-MM-DDTHH:mm:ssZ or with an offset, found \"\(text)\"")
        }
        wrappedValue = value
    }

    /// Writes `FormDateTime.iso8601(_:)` of the date, or `null` for nil.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        guard let date = wrappedValue.dateTime else {
            try container.encodeNil()
            return
        }
        guard let text = Self.iso8601(date) else {
            throw EncodingError.invalidValue(date, EncodingError.Context(
                codingPath: encoder.codingPath, debugDescription: "The date is outside the years 1–9999"))
        }
        try container.encode(text)
    }
}

extension FormDateTime {
    /// `date` as `YYYY-MM-DDTHH:mm:ssZ` in UTC, rounded down to the whole second;
    /// nil outside the years 1–9999 (which the four-digit year cannot write).
    public static func iso8601(_ date: Date) -> String? {
        let whole = CivilDay.wholeSeconds(of: date)
        // wholeSeconds saturates: a date it moved is outside the range.
        guard Double(whole - CivilDay.referenceDateOffset) == date.timeIntervalSinceReferenceDate.rounded(.down) else {
            return nil
        }
        let day = FormDate(dayNumber: CivilDay.floorDivide(whole, CivilDay.secondsPerDay))
        let second = whole - CivilDay.floorDivide(whole, CivilDay.secondsPerDay) * CivilDay.secondsPerDay
        let clock = "\(isoDigits(second / 3600, width: 2)):\(isoDigits(second / 60 % 60, width: 2)):\(isoDigits(second % 60, width: 2))"
        return "\(day.iso8601)T\(clock)Z"
    }

    /// The instant that `text` writes as `YYYY-MM-DDTHH:mm:ss`, an optional
    /// fraction of a second (`.123`), and a zone: `Z` or an offset `±HH:mm`
    /// (`2026-01-31T11:30:00+02:00` is `2026-01-31T09:30:00Z`). Upper-case `T`
    /// and `Z` only; nil for any other text, a date or time that is not real, or
    /// an instant outside the years 1–9999 in UTC (`0001-01-01T00:00:00+01:00`),
    /// which `iso8601(_:)` could not write back.
    public static func date(iso8601 text: String) -> Date? {
        var scanner = ISO8601Scanner(text)
        guard let year = scanner.digits(4), scanner.skip("-"),
              let month = scanner.digits(2), scanner.skip("-"),
              let dayOfMonth = scanner.digits(2), scanner.skip("T"),
              let hour = scanner.digits(2), scanner.skip(":"),
              let minute = scanner.digits(2), scanner.skip(":"),
              let second = scanner.digits(2),
              let day = FormDate(year: year, month: month, day: dayOfMonth),
              FormTime(hour: hour, minute: minute) != nil, second <= 59 else { return nil }
        var fraction = 0.0
        if scanner.skip(".") {
            guard let digits = scanner.fraction() else { return nil }
            fraction = digits
        }
        let offset: Int
        if scanner.skip("Z") {
            offset = 0
        } else {
            let sign: Int
            if scanner.skip("+") { sign = 1 } else if scanner.skip("-") { sign = -1 } else { return nil }
            guard let hours = scanner.digits(2), scanner.skip(":"), let minutes = scanner.digits(2),
                  FormTime(hour: hours, minute: minutes) != nil else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        }
        guard scanner.isAtEnd else { return nil }
        let local = day.dayNumber * CivilDay.secondsPerDay + hour * 3600 + minute * 60 + second
        // An offset can move the instant out of the years `iso8601(_:)` writes.
        guard writableSeconds.contains(local - offset) else { return nil }
        return Date(timeIntervalSince1970: Double(local - offset) + fraction)
    }

    /// The seconds since 1970 of the instants in the years 1–9999 (UTC).
    private static var writableSeconds: ClosedRange<Int> {
        let first = FormDate(year: 1, month: 1, day: 1)!.dayNumber * CivilDay.secondsPerDay
        let last = FormDate(year: 9999, month: 12, day: 31)!.dayNumber * CivilDay.secondsPerDay + CivilDay.secondsPerDay - 1
        return first...last
    }
}

/// The two types a `FormDateTime` can wrap: `Date` and `Date?`.
public protocol FormDateTimeValue: Equatable, Sendable {
    /// The date, nil for an empty `Date?`.
    var dateTime: Date? { get }
    /// The value holding `dateTime`; nil when the type cannot hold it (`Date` cannot hold nil).
    init?(dateTime: Date?)
}

extension Date: FormDateTimeValue {
    public var dateTime: Date? { self }

    public init?(dateTime: Date?) {
        guard let dateTime else { return nil }
        self = dateTime
    }
}

extension Optional: FormDateTimeValue where Wrapped == Date {
    public var dateTime: Date? { self }

    public init?(dateTime: Date?) {
        self = dateTime
    }
}

// Synthesized `Codable` encodes and decodes a stored `FormDateTime<Date?>` (the
// generated `private var _x`, or a wrapper's storage) through its own `Codable`,
// which cannot leave a key out or miss one. These more specific overloads, chosen
// by the synthesized code over the generic ones, give it the behaviour of a plain
// `Date?` property.

extension KeyedEncodingContainer {
    /// Leaves `key` out when the date is nil, as `encodeIfPresent` does.
    public mutating func encode(_ value: FormDateTime<Date?>, forKey key: Key) throws {
        guard value.wrappedValue != nil else { return }
        try encodeIfPresent(value, forKey: key)
    }
}

extension KeyedDecodingContainer {
    /// A missing `key` or `null` is nil.
    public func decode(_ type: FormDateTime<Date?>.Type, forKey key: Key) throws -> FormDateTime<Date?> {
        try decodeIfPresent(type, forKey: key) ?? FormDateTime(wrappedValue: nil)
    }
}
