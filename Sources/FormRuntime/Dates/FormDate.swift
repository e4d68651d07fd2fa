import Foundation

/// A calendar day with no time and no zone: the value of a `date` field in
/// `mode: date` (SPEC §10), e.g. a birthday.
///
/// Proleptic Gregorian, years 1 through 9999 (what ISO 8601's four-digit year
/// writes). Its text and `Codable` form is ISO 8601's `YYYY-MM-DD`; it orders by
/// day. The arithmetic (`adding(days:)` …) is pure integer arithmetic: the same
/// answer on every platform, in every zone, with no `Calendar`.
public struct FormDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The year, 1–9999.
    public let year: Int
    /// The month, 1–12.
    public let month: Int
    /// The day of the month, 1 through the month's length.
    public let day: Int

    /// The day from its parts; nil unless they name a real day of years 1–9999
    /// (`2026-02-30` and `2025-02-29` are nil, `2024-02-29` is a day).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...CivilDay.daysIn(month: month, year: year)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The nearest real day to the parts: each is moved into its range (year
    /// 1–9999, month 1–12, day 1 through the month's length), so `2026-02-30`
    /// gives 2026-02-28. For literals already checked, as generated code writes
    /// them (`FormDate(clampingYear: 2026, month: 1, day: 31)`): no optional to
    /// unwrap, and no input that traps.
    public init(clampingYear year: Int, month: Int, day: Int) {
        let year = Swift.min(Swift.max(year, 1), 9999)
        let month = Swift.min(Swift.max(month, 1), 12)
        self.year = year
        self.month = month
        self.day = Swift.min(Swift.max(day, 1), CivilDay.daysIn(month: month, year: year))
    }

    /// The day that `text` writes as exactly `YYYY-MM-DD` (ASCII digits, no sign,
    /// no time, nothing around it); nil for any other text or a day that is not real.
    public init?(iso8601 text: String) {
        var scanner = ISO8601Scanner(text)
        guard let year = scanner.digits(4), scanner.skip("-"),
              let month = scanner.digits(2), scanner.skip("-"),
              let day = scanner.digits(2), scanner.isAtEnd else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The calendar day that the instant `date` falls on in `timeZone` (a `Date`
    /// beyond years 1–9999 gives the nearest day of that range).
    public init(_ date: Date, in timeZone: TimeZone) {
        let seconds = CivilDay.wholeSeconds(of: date)
        // The offset of the whole second: zones change offset on whole seconds, and
        // an instant a hair before a change must not be rounded past it by the lookup.
        let offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))
        let local = seconds + offset
        self.init(dayNumber: CivilDay.clamped(CivilDay.floorDivide(local, CivilDay.secondsPerDay)))
    }

    /// The day of a day number already in `CivilDay.first...CivilDay.last`.
    init(dayNumber: Int) {
        (year, month, day) = CivilDay.parts(of: dayNumber)
    }

    /// Days since 1970-01-01.
    var dayNumber: Int { CivilDay.number(year: year, month: month, day: day) }

    /// `YYYY-MM-DD`, e.g. `2026-01-31`.
    public var iso8601: String {
        "\(isoDigits(year, width: 4))-\(isoDigits(month, width: 2))-\(isoDigits(day, width: 2))"
    }

    /// The ISO 8601 text, as `iso8601`.
    public var description: String { iso8601 }

    /// Whether `lhs` is an earlier day.
    public static func < (lhs: FormDate, rhs: FormDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    // MARK: Arithmetic for relative dates (`today-18y`)
    //
    // Every result is a day of years 1–9999: one that would fall outside is the
    // range's first or last day, so that no amount, however large, traps.

    /// The day `days` days later (earlier when negative).
    public func adding(days: Int) -> FormDate {
        let (sum, overflow) = dayNumber.addingReportingOverflow(days)
        return FormDate(dayNumber: overflow ? (days < 0 ? CivilDay.first : CivilDay.last) : CivilDay.clamped(sum))
    }

    /// The day `weeks` weeks (7 days each) later.
    public func adding(weeks: Int) -> FormDate {
        let (days, overflow) = weeks.multipliedReportingOverflow(by: 7)
        return adding(days: overflow ? (weeks < 0 ? Int.min : Int.max) : days)
    }

    /// The same day of the month `months` months later, or the month's last day
    /// when it is shorter: 2026-01-31 plus one month is 2026-02-28.
    public func adding(months: Int) -> FormDate {
        // Months since year 0, so that the year and month follow by division.
        let (total, overflow) = (year * 12 + month - 1).addingReportingOverflow(months)
        let lowest = 12, highest = 9999 * 12 + 11
        guard !overflow, total >= lowest else {
            return overflow && months > 0 ? FormDate(dayNumber: CivilDay.last) : FormDate(dayNumber: CivilDay.first)
        }
        guard total <= highest else { return FormDate(dayNumber: CivilDay.last) }
        let newYear = total / 12
        let newMonth = total % 12 + 1
        let newDay = Swift.min(day, CivilDay.daysIn(month: newMonth, year: newYear))
        return FormDate(dayNumber: CivilDay.number(year: newYear, month: newMonth, day: newDay))
    }

    /// The same day `years` years later, or 28 February for 29 February in a
    /// year that has none: 2024-02-29 minus one year is 2023-02-28.
    public func adding(years: Int) -> FormDate {
        let (months, overflow) = years.multipliedReportingOverflow(by: 12)
        return adding(months: overflow ? (years < 0 ? Int.min : Int.max) : months)
    }

    // MARK: Instants

    /// The first instant of this day in `timeZone`: local midnight, or the first
    /// local time of the day where a daylight-saving change skips midnight.
    public func start(in timeZone: TimeZone) -> Date {
        CivilDay.start(of: dayNumber, in: timeZone)
    }

    /// The last instant of this day in `timeZone`: the greatest `Date` before the
    /// next day's `start(in:)`. With it an inclusive `max` of a `dateTime` field
    /// accepts every instant of the day and none of the next.
    public func end(in timeZone: TimeZone) -> Date {
        let next = CivilDay.start(of: dayNumber + 1, in: timeZone)
        return Date(timeIntervalSinceReferenceDate: next.timeIntervalSinceReferenceDate.nextDown)
    }
}

extension FormDate: Codable {
    /// Reads the `YYYY-MM-DD` text of `init?(iso8601:)`, whatever the decoder's
    /// date strategy (a `FormDate` is not a `Date`, so no strategy applies).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = FormDate(iso8601: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "Expected a date as YYYY-MM-DD, found \"\(text)\"")
        }
        self = date
    }

    /// Writes the `YYYY-MM-DD` text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso8601)
    }
}
