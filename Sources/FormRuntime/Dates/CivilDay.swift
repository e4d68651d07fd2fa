import Foundation

/// Day numbers of the proleptic Gregorian calendar (days since 1970-01-01), the
/// one piece of arithmetic behind `FormDate`, its conversions to `Date` and the
/// date-time text of `FormDateTime`. Pure integer arithmetic (Howard Hinnant's
/// `days_from_civil` / `civil_from_days`), so it agrees on every platform and
/// needs no `Calendar`.
enum CivilDay {
    /// The first and last day a `FormDate` can hold: 0001-01-01 and 9999-12-31,
    /// the range that ISO 8601's four-digit year writes.
    static let first = number(year: 1, month: 1, day: 1)
    static let last = number(year: 9999, month: 12, day: 31)
    static let secondsPerDay = 86_400

    static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The number of days of `month` (1–12) in `year`.
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The day number of a real date (the caller has checked the parts).
    static func number(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let shiftedMonth = (month + 9) % 12 // March is 0, so February's leap day comes last
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The year, month and day of a day number.
    static func parts(of number: Int) -> (year: Int, month: Int, day: Int) {
        let z = number + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// `number` moved into `first...last`.
    static func clamped(_ number: Int) -> Int {
        Swift.min(Swift.max(number, first), last)
    }

    /// Seconds from 1970-01-01 to `Date`'s reference date, 2001-01-01.
    static let referenceDateOffset = 978_307_200

    /// The whole seconds since 1970 of `date`, rounded down, saturated to the
    /// range of `FormDate`'s days (so that no `Date`, however far, traps). NaN
    /// reads as 1970.
    ///
    /// Rounded in `Date`'s own representation (seconds since 2001): going through
    /// `timeIntervalSince1970` first would round an instant just before a whole
    /// second (`FormDate.end(in:)`) up to that second.
    static func wholeSeconds(of date: Date) -> Int {
        let seconds = date.timeIntervalSinceReferenceDate.rounded(.down)
        if seconds.isNaN { return 0 }
        let lowest = Double(first * secondsPerDay - referenceDateOffset)
        let highest = Double((last + 1) * secondsPerDay - 1 - referenceDateOffset)
        return Int(Swift.min(Swift.max(seconds, lowest), highest)) + referenceDateOffset
    }

    /// `value` divided by `divisor`, rounded towards negative infinity.
    static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }

    /// The first instant of day `number` in `timeZone`: its local midnight, or,
    /// where a daylight-saving change skips midnight, the first local time that
    /// exists that day (as `Calendar.startOfDay(for:)` answers).
    static func start(of number: Int, in timeZone: TimeZone) -> Date {
        let localMidnight = number * secondsPerDay
        // The offsets in force a day either side bound every offset midnight can have.
        let offsets = [localMidnight - secondsPerDay, localMidnight + secondsPerDay].map {
            timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double($0)))
        }
        // An instant is local midnight when the zone's offset at that instant is the one assumed.
        let midnights = offsets.map { localMidnight - $0 }.filter {
            timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double($0))) == localMidnight - $0
        }
        if let earliest = midnights.min() {
            return Date(timeIntervalSince1970: Double(earliest))
        }
        // Midnight is skipped: the day starts at the transition, which lies between
        // midnight read with the later (larger) offset and with the earlier one.
        let readWithLater = Date(timeIntervalSince1970: Double(localMidnight - Swift.max(offsets[0], offsets[1])))
        return timeZone.nextDaylightSavingTimeTransition(after: readWithLater.addingTimeInterval(-1)) ?? readWithLater
    }
}
