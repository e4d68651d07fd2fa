/// A time of day to the minute, with no date and no zone: the value of a `date`
/// field in `mode: time` (SPEC §10), e.g. an opening hour.
///
/// Its text and `Codable` form is ISO 8601's `HH:mm` (24-hour clock); it orders
/// from 00:00 to 23:59.
public struct FormTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The hour, 0–23.
    public let hour: Int
    /// The minute, 0–59.
    public let minute: Int

    /// The time from its parts; nil unless the hour is 0–23 and the minute 0–59
    /// (`25:00` and `24:00` are nil).
    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// The nearest real time to the parts: the hour moved into 0–23 and the
    /// minute into 0–59. For literals already checked, as generated code writes
    /// them (`FormTime(clampingHour: 9, minute: 30)`): no optional to unwrap,
    /// and no input that traps.
    public init(clampingHour hour: Int, minute: Int) {
        self.hour = Swift.min(Swift.max(hour, 0), 23)
        self.minute = Swift.min(Swift.max(minute, 0), 59)
    }

    /// The time that `text` writes as exactly `HH:mm` (two ASCII digits each, no
    /// seconds, nothing around it); nil for any other text or a time that is not real.
    public init?(iso8601 text: String) {
        var scanner = ISO8601Scanner(text)
        guard let hour = scanner.digits(2), scanner.skip(":"),
              let minute = scanner.digits(2), scanner.isAtEnd else { return nil }
        self.init(hour: hour, minute: minute)
    }

    /// `HH:mm`, e.g. `09:30`.
    public var iso8601: String { "\(isoDigits(hour, width: 2)):\(isoDigits(minute, width: 2))" }

    /// The ISO 8601 text, as `iso8601`.
    public var description: String { iso8601 }

    /// Whether `lhs` is earlier in the day.
    public static func < (lhs: FormTime, rhs: FormTime) -> Bool {
        (lhs.hour, lhs.minute) < (rhs.hour, rhs.minute)
    }
}

extension FormTime: Codable {
    /// Reads the `HH:mm` text of `init?(iso8601:)`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let time = FormTime(iso8601: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "Expected a time as HH:mm, found \"\(text)\"")
        }
        self = time
    }

    /// Writes the `HH:mm` text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso8601)
    }
}
