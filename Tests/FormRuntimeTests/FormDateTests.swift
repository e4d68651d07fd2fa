import Foundation
import Testing
@testable import FormRuntime

/// `FormDate`: real days only, strict ISO text, clamping calendar arithmetic,
/// and the day of an instant in a zone (SPEC §10).
@Suite struct FormDateTests {
    func day(_ text: String) throws -> FormDate {
        try #require(FormDate(iso8601: text))
    }

    func zone(_ identifier: String) throws -> TimeZone {
        try #require(TimeZone(identifier: identifier))
    }

    // MARK: Parts

    @Test func realDaysOnly() {
        #expect(FormDate(year: 2026, month: 2, day: 30) == nil)
        #expect(FormDate(year: 2025, month: 2, day: 29) == nil)
        #expect(FormDate(year: 1900, month: 2, day: 29) == nil)
        #expect(FormDate(year: 2024, month: 2, day: 29)?.day == 29)
        #expect(FormDate(year: 2000, month: 2, day: 29)?.day == 29)
        #expect(FormDate(year: 2026, month: 4, day: 31) == nil)
        #expect(FormDate(year: 2026, month: 12, day: 31) != nil)
        #expect(FormDate(year: 2026, month: 13, day: 1) == nil)
        #expect(FormDate(year: 2026, month: 0, day: 1) == nil)
        #expect(FormDate(year: 2026, month: 1, day: 0) == nil)
        #expect(FormDate(year: 0, month: 1, day: 1) == nil)
        #expect(FormDate(year: 10000, month: 1, day: 1) == nil)
        #expect(FormDate(year: 1, month: 1, day: 1) != nil)
        #expect(FormDate(year: 9999, month: 12, day: 31) != nil)
    }

    @Test func clampingGivesTheNearestRealDay() throws {
        #expect(FormDate(clampingYear: 2026, month: 1, day: 31) == (try day("2026-01-31")))
        #expect(FormDate(clampingYear: 2026, month: 2, day: 30) == (try day("2026-02-28")))
        #expect(FormDate(clampingYear: 2024, month: 2, day: 30) == (try day("2024-02-29")))
        #expect(FormDate(clampingYear: 0, month: 0, day: 0) == (try day("0001-01-01")))
        #expect(FormDate(clampingYear: .max, month: .max, day: .max) == (try day("9999-12-31")))
        #expect(FormDate(clampingYear: .min, month: 6, day: .min) == (try day("0001-06-01")))
    }

    @Test func partsAreKept() throws {
        let date = try #require(FormDate(year: 2026, month: 1, day: 31))
        #expect(date.year == 2026 && date.month == 1 && date.day == 31)
    }

    // MARK: Text

    @Test(arguments: ["2026-01-31", "2024-02-29", "0001-01-01", "9999-12-31", "1970-01-01"])
    func isoTextRoundTrips(_ text: String) throws {
        #expect(try day(text).iso8601 == text)
        #expect(try day(text).description == text)
    }

    @Test func isoTextPadsParts() throws {
        #expect(FormDate(year: 7, month: 3, day: 5)?.iso8601 == "0007-03-05")
    }

    @Test(arguments: [
        "", "2026-1-31", "2026-01-1", "26-01-31", "+2026-01-31", "2026-01-31 ", " 2026-01-31",
        "2026-01-31T00:00", "2026/01/31", "20260131", "2026-02-30", "2025-02-29", "2026-13-01",
        "2026-00-10", "0000-01-01", "2026-01-+1", "２０２６-01-31", "2026-01-31Z", "-026-01-31",
    ])
    func isoTextIsStrict(_ text: String) {
        #expect(FormDate(iso8601: text) == nil)
    }

    // MARK: Order and identity

    @Test func ordersByDay() throws {
        let sorted = try ["2025-12-31", "2026-01-01", "2026-01-31", "2026-02-01", "2027-01-01"].map(day)
        #expect(sorted.shuffled().sorted() == sorted)
        #expect(try day("2026-01-31") < day("2026-02-01"))
        #expect(try !(day("2026-02-01") < day("2026-01-31")))
        #expect(try day("2026-01-31") <= day("2026-01-31"))
        #expect(try Set([day("2026-01-31"), day("2026-01-31"), day("2026-02-01")]).count == 2)
    }

    // MARK: Codable

    @Test func codableAsISOTextWhateverTheDateStrategy() throws {
        struct Box: Codable, Equatable { var birthday: FormDate }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        let box = try Box(birthday: day("2024-02-29"))
        let data = try encoder.encode(box)
        #expect(String(decoding: data, as: UTF8.self) == #"{"birthday":"2024-02-29"}"#)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        #expect(try decoder.decode(Box.self, from: data) == box)
    }

    @Test(arguments: [#"{"birthday":"2025-02-29"}"#, #"{"birthday":"31.01.2026"}"#, #"{"birthday":20260131}"#, #"{"birthday":null}"#])
    func decodingRejectsOtherText(_ json: String) {
        struct Box: Codable { var birthday: FormDate }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Box.self, from: Data(json.utf8)) }
    }

    // MARK: Arithmetic

    @Test func addingDaysAndWeeksCrossesMonthsAndYears() throws {
        #expect(try day("2025-12-31").adding(days: 1) == day("2026-01-01"))
        #expect(try day("2026-01-01").adding(days: -1) == day("2025-12-31"))
        #expect(try day("2024-02-28").adding(days: 1) == day("2024-02-29"))
        #expect(try day("2025-02-28").adding(days: 1) == day("2025-03-01"))
        #expect(try day("2026-01-31").adding(days: 30) == day("2026-03-02"))
        #expect(try day("2026-01-31").adding(days: 0) == day("2026-01-31"))
        #expect(try day("2026-01-01").adding(days: 365) == day("2027-01-01"))
        #expect(try day("2024-01-01").adding(days: 366) == day("2025-01-01"))
        #expect(try day("2026-01-01").adding(weeks: 2) == day("2026-01-15"))
        #expect(try day("2026-01-01").adding(weeks: -1) == day("2025-12-25"))
    }

    @Test func addingMonthsClampsTheDayToTheMonthsEnd() throws {
        #expect(try day("2026-01-31").adding(months: 1) == day("2026-02-28"))
        #expect(try day("2024-01-31").adding(months: 1) == day("2024-02-29"))
        #expect(try day("2026-03-31").adding(months: -1) == day("2026-02-28"))
        #expect(try day("2026-05-31").adding(months: 1) == day("2026-06-30"))
        #expect(try day("2026-01-15").adding(months: 1) == day("2026-02-15"))
        #expect(try day("2025-11-30").adding(months: 2) == day("2026-01-30"))
        #expect(try day("2026-01-31").adding(months: -13) == day("2024-12-31"))
        #expect(try day("2026-01-31").adding(months: 25) == day("2028-02-29"))
    }

    @Test func addingYearsMovesTheLeapDayToFebruary28() throws {
        #expect(try day("2024-02-29").adding(years: -1) == day("2023-02-28"))
        #expect(try day("2024-02-29").adding(years: 1) == day("2025-02-28"))
        #expect(try day("2024-02-29").adding(years: 4) == day("2028-02-29"))
        #expect(try day("2024-02-29").adding(years: 100) == day("2124-02-29"))
        #expect(try day("2000-02-29").adding(years: 100) == day("2100-02-28"))
        #expect(try day("2026-01-31").adding(years: -18) == day("2008-01-31"))
    }

    @Test func arithmeticSaturatesAtTheFirstAndLastDay() throws {
        let first = try day("0001-01-01"), last = try day("9999-12-31")
        #expect(first.adding(days: -1) == first)
        #expect(last.adding(days: 1) == last)
        for date in [first, last, try day("2026-01-31")] {
            #expect(date.adding(days: .max) == last)
            #expect(date.adding(days: .min) == first)
            #expect(date.adding(weeks: .max) == last)
            #expect(date.adding(weeks: .min) == first)
            #expect(date.adding(months: .max) == last)
            #expect(date.adding(months: .min) == first)
            #expect(date.adding(years: .max) == last)
            #expect(date.adding(years: .min) == first)
        }
        #expect(try day("9999-12-01").adding(months: 1) == last)
        #expect(try day("0001-01-31").adding(months: -1) == first)
        #expect(try day("0001-02-01").adding(months: -1) == day("0001-01-01"))
        #expect(try day("2026-06-15").adding(years: 8000) == last)
    }

    /// The arithmetic agrees with Foundation's Gregorian calendar (whose
    /// `.month`/`.year` steps also clamp the day) on every day of 2023–2025.
    @Test func arithmeticAgreesWithFoundationsCalendar() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try zone("UTC")
        var date = try day("2023-01-01")
        while date.year < 2026 {
            let start = date.start(in: calendar.timeZone)
            for (component, amount) in [(Calendar.Component.day, 40), (.day, -40), (.month, 1), (.month, -1), (.month, 13), (.year, 1), (.year, -18)] {
                let expected = try #require(calendar.date(byAdding: component, value: amount, to: start))
                let ours: FormDate = switch component {
                case .day: date.adding(days: amount)
                case .month: date.adding(months: amount)
                default: date.adding(years: amount)
                }
                #expect(ours.start(in: calendar.timeZone) == expected, "\(date) \(component) \(amount)")
            }
            date = date.adding(days: 1)
        }
    }

    // MARK: Instants

    @Test func theDayOfAnInstantDependsOnTheZone() throws {
        let instant = Date(timeIntervalSince1970: 1_767_232_800) // 2026-01-01T02:00:00Z
        #expect(FormDate(instant, in: try zone("UTC")) == (try day("2026-01-01")))
        #expect(FormDate(instant, in: try zone("America/Los_Angeles")) == (try day("2025-12-31")))
        #expect(FormDate(instant, in: try zone("Pacific/Kiritimati")) == (try day("2026-01-01")))
        #expect(FormDate(instant.addingTimeInterval(-2 * 3600 - 1), in: try zone("UTC")) == (try day("2025-12-31")))
        #expect(FormDate(Date(timeIntervalSince1970: -0.5), in: try zone("UTC")) == (try day("1969-12-31")))
    }

    @Test func farInstantsGiveTheNearestDay() throws {
        let utc = try zone("UTC")
        #expect(FormDate(Date.distantPast, in: utc) == (try day("0001-01-01")))
        #expect(FormDate(Date(timeIntervalSince1970: .infinity), in: utc) == (try day("9999-12-31")))
        #expect(FormDate(Date(timeIntervalSince1970: -.infinity), in: utc) == (try day("0001-01-01")))
        #expect(FormDate(Date(timeIntervalSince1970: .nan), in: utc) == (try day("1970-01-01")))
    }

    @Test func startIsLocalMidnight() throws {
        #expect(try day("2026-01-31").start(in: zone("UTC")) == Date(timeIntervalSince1970: 1_769_817_600))
        // 2026-01-31T00:00-08:00 is 08:00Z.
        #expect(try day("2026-01-31").start(in: zone("America/Los_Angeles")) == Date(timeIntervalSince1970: 1_769_846_400))
        #expect(try day("1969-12-31").start(in: zone("UTC")) == Date(timeIntervalSince1970: -86_400))
    }

    /// `start(in:)` is Foundation's `startOfDay`, including the days a zone
    /// changes its offset, and a day whose midnight a change skips
    /// (São Paulo, 2018-11-04, clocks went from 00:00 to 01:00).
    @Test(arguments: ["UTC", "America/Los_Angeles", "Europe/Berlin", "America/Sao_Paulo", "Asia/Tehran",
                      "Australia/Lord_Howe", "Pacific/Apia", "Asia/Kolkata", "America/St_Johns", "America/Havana"])
    func startAgreesWithFoundationsStartOfDay(_ identifier: String) throws {
        let timeZone = try zone(identifier)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        for text in ["2018-11-03", "2018-11-04", "2018-02-17", "2018-02-18", "2026-03-08", "2026-03-29",
                     "2026-10-25", "2026-11-01", "2018-03-22", "2018-09-22", "2011-12-29", "2011-12-31", "2024-02-29", "2026-01-01"] {
            let date = try day(text)
            let start = date.start(in: timeZone)
            #expect(start == calendar.startOfDay(for: start.addingTimeInterval(3 * 3600)), "\(identifier) \(text)")
            #expect(FormDate(start, in: timeZone) == date, "\(identifier) \(text)")
            // The day before (or, where a zone skipped a whole day, an earlier one).
            #expect(FormDate(start.addingTimeInterval(-1), in: timeZone) < date, "\(identifier) \(text)")
        }
    }

    @Test func theSkippedMidnightStartsAtOneOClock() throws {
        let saoPaulo = try zone("America/Sao_Paulo")
        // 2018-11-04T01:00-02:00 is 03:00Z.
        #expect(try day("2018-11-04").start(in: saoPaulo) == Date(timeIntervalSince1970: 1_541_300_400))
    }

    @Test func endIsTheLastInstantBeforeTheNextDay() throws {
        for identifier in ["UTC", "America/Los_Angeles", "America/Sao_Paulo"] {
            let timeZone = try zone(identifier)
            for text in ["2026-01-31", "2018-11-03", "2026-03-08", "9999-12-31"] {
                let date = try day(text)
                let end = date.end(in: timeZone)
                let nextStart = CivilDay.start(of: date.dayNumber + 1, in: timeZone)
                #expect(end < nextStart)
                #expect(end.timeIntervalSinceReferenceDate.nextUp == nextStart.timeIntervalSinceReferenceDate)
                #expect(FormDate(end, in: timeZone) == date, "\(identifier) \(text)")
            }
        }
    }

    /// Day numbers round-trip over the whole range, checked at every 997th day
    /// and at the range's ends.
    @Test func dayNumbersRoundTrip() {
        for number in stride(from: CivilDay.first, through: CivilDay.last, by: 997) + [CivilDay.last] {
            #expect(FormDate(dayNumber: number).dayNumber == number)
        }
        #expect(FormDate(dayNumber: 0).iso8601 == "1970-01-01")
        #expect(FormDate(dayNumber: CivilDay.first).iso8601 == "0001-01-01")
    }
}

/// `FormTime`: real times of day, strict `HH:mm` text (SPEC §10).
@Suite struct FormTimeTests {
    @Test func realTimesOnly() {
        #expect(FormTime(hour: 25, minute: 0) == nil)
        #expect(FormTime(hour: 24, minute: 0) == nil)
        #expect(FormTime(hour: -1, minute: 0) == nil)
        #expect(FormTime(hour: 9, minute: 60) == nil)
        #expect(FormTime(hour: 9, minute: -1) == nil)
        #expect(FormTime(hour: 0, minute: 0)?.iso8601 == "00:00")
        #expect(FormTime(hour: 23, minute: 59)?.iso8601 == "23:59")
        #expect(FormTime(hour: 9, minute: 5)?.hour == 9)
        #expect(FormTime(hour: 9, minute: 5)?.minute == 5)
    }

    @Test func clampingGivesTheNearestRealTime() {
        #expect(FormTime(clampingHour: 9, minute: 30) == FormTime(hour: 9, minute: 30))
        #expect(FormTime(clampingHour: 25, minute: 60).iso8601 == "23:59")
        #expect(FormTime(clampingHour: .min, minute: .min).iso8601 == "00:00")
        #expect(FormTime(clampingHour: .max, minute: 7).iso8601 == "23:07")
    }

    @Test(arguments: ["09:30", "00:00", "23:59", "12:00"])
    func isoTextRoundTrips(_ text: String) {
        #expect(FormTime(iso8601: text)?.iso8601 == text)
        #expect(FormTime(iso8601: text)?.description == text)
    }

    @Test(arguments: ["", "9:30", "09:3", "0930", "09:30:00", "25:00", "24:00", "09:60", " 09:30", "09:30 ",
                      "+9:30", "09-30", "09:30Z", "T09:30", "０9:30"])
    func isoTextIsStrict(_ text: String) {
        #expect(FormTime(iso8601: text) == nil)
    }

    @Test func ordersFromMidnight() throws {
        let texts = ["00:00", "00:59", "01:00", "09:30", "12:00", "23:59"]
        let times = try texts.map { try #require(FormTime(iso8601: $0)) }
        #expect(times.reversed().sorted() == times)
        #expect(Set(times + times).count == times.count)
    }

    @Test func codableAsISOText() throws {
        struct Box: Codable, Equatable { var opens: FormTime }
        let box = Box(opens: try #require(FormTime(hour: 9, minute: 30)))
        let data = try JSONEncoder().encode(box)
        #expect(String(decoding: data, as: UTF8.self) == #"{"opens":"09:30"}"#)
        #expect(try JSONDecoder().decode(Box.self, from: data) == box)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Box.self, from: Data(#"{"opens":"25:00"}"#.utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Box.self, from: Data(#"{"opens":930}"#.utf8)) }
    }
}
