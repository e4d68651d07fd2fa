import Foundation
import Testing
@testable import FormRuntime

/// The rules of SPEC §10: `min`/`max` (inclusive), `minCount`/`maxCount`, and
/// `required` on the new kinds' values, with `today` resolved from a context.
@Suite struct RangeRulesTests {
    struct Values: Sendable {}
    enum Topping: String, Sendable { case cheese, ham, olives }

    func run<Value: Sendable>(_ value: Value, _ rules: [ValidationRule<Value, Values>]) async -> ValidationResult {
        await RuleRunner.validate(value, in: Values(), rules: rules)
    }

    func day(_ text: String) throws -> FormDate {
        try #require(FormDate(iso8601: text))
    }

    // MARK: min and max

    @Test(arguments: [(17, false), (18, true), (19, true), (120, true), (121, false), (Int.min, false), (Int.max, false)])
    func integerBoundsAreInclusive(_ age: Int, _ passes: Bool) async {
        let rules: [ValidationRule<Int, Values>] = [.min(18, message: "too young"), .max(120, message: "too old")]
        let expected: ValidationResult = passes ? .valid : .invalid(message: age < 18 ? "too young" : "too old")
        #expect(await run(age, rules) == expected)
    }

    @Test func optionalBoundsPassOnNil() async {
        let rules: [ValidationRule<Int?, Values>] = [.min(18, message: "min"), .max(20, message: "max")]
        #expect(await run(nil, rules) == .valid)
        #expect(await run(17, rules) == .invalid(message: "min"))
        #expect(await run(21, rules) == .invalid(message: "max"))
        #expect(await run(18, rules) == .valid)
        // On its own, outside the runner, too.
        guard case .immediate(let check) = ValidationRule<Int?, Values>.min(18, message: "min").check else {
            Issue.record("min is an immediate rule")
            return
        }
        #expect(check(nil, Values()) == .valid)
        #expect(check(17, Values()) == .invalid(message: "min"))
    }

    /// Decimals compare exactly: values that one `Double` cannot tell apart are
    /// told apart, and `2.50` is `2.5`.
    @Test func decimalBoundsAreExact() async throws {
        let bound = Decimal(sign: .plus, exponent: -1, significand: 3) // 0.3
        let above = try #require(Decimal(string: "0.30000000000000001", locale: Locale(identifier: "en_US_POSIX")))
        let below = try #require(Decimal(string: "0.29999999999999999", locale: Locale(identifier: "en_US_POSIX")))
        #expect(NSDecimalNumber(decimal: above).doubleValue == NSDecimalNumber(decimal: bound).doubleValue)
        let atMost: [ValidationRule<Decimal, Values>] = [.max(bound, message: "max")]
        let atLeast: [ValidationRule<Decimal?, Values>] = [.min(bound, message: "min")]
        #expect(await run(bound, atMost) == .valid)
        #expect(await run(above, atMost) == .invalid(message: "max"))
        #expect(await run(below, atLeast) == .invalid(message: "min"))
        #expect(await run(above, atLeast) == .valid)
        #expect(await run(Decimal(sign: .plus, exponent: -2, significand: 30), atLeast) == .valid)
    }

    /// What the emitter writes for a decimal literal: `Decimal(sign:exponent:significand:)`
    /// with an integer significand, exact where a `Double` literal is not.
    @Test func decimalLiteralsAreExact() throws {
        let posix = Locale(identifier: "en_US_POSIX")
        let twoFifty = Decimal(sign: .plus, exponent: -2, significand: 250)
        #expect(twoFifty == Decimal(string: "2.5", locale: posix))
        #expect(twoFifty.description == "2.5")
        let minus = Decimal(sign: .minus, exponent: -2, significand: 250)
        #expect(minus == Decimal(string: "-2.50", locale: posix))
        #expect(minus < 0)
        let tenth = Decimal(sign: .plus, exponent: -1, significand: 1)
        #expect(tenth + tenth + tenth == Decimal(sign: .plus, exponent: -1, significand: 3))
        #expect(Decimal(sign: .plus, exponent: -9, significand: 123_456_789_012_345_678).description == "123456789.012345678")
        #expect(Decimal(sign: .plus, exponent: 0, significand: 0) == 0)
        #expect(Decimal(sign: .plus, exponent: -2, significand: 1_999_999_999_999_999_999) > 19_999_999_999_999_999)
    }

    @Test func dateAndTimeBounds() async throws {
        let rules: [ValidationRule<FormDate?, Values>] = [
            .min(try day("2026-01-01"), message: "min"), .max(try day("2026-12-31"), message: "max"),
        ]
        #expect(await run(try day("2025-12-31"), rules) == .invalid(message: "min"))
        #expect(await run(try day("2026-01-01"), rules) == .valid)
        #expect(await run(try day("2026-12-31"), rules) == .valid)
        #expect(await run(try day("2027-01-01"), rules) == .invalid(message: "max"))
        #expect(await run(nil, rules) == .valid)
        let opening: [ValidationRule<FormTime, Values>] = [
            .min(try #require(FormTime(iso8601: "09:00")), message: "early"),
            .max(try #require(FormTime(iso8601: "17:30")), message: "late"),
        ]
        #expect(await run(try #require(FormTime(iso8601: "08:59")), opening) == .invalid(message: "early"))
        #expect(await run(try #require(FormTime(iso8601: "09:00")), opening) == .valid)
        #expect(await run(try #require(FormTime(iso8601: "17:30")), opening) == .valid)
        #expect(await run(try #require(FormTime(iso8601: "17:31")), opening) == .invalid(message: "late"))
        let instant = Date(timeIntervalSince1970: 1_000)
        let exact: [ValidationRule<Date?, Values>] = [.min(instant, message: "min"), .max(instant, message: "max")]
        #expect(await run(instant, exact) == .valid)
        #expect(await run(instant.addingTimeInterval(-0.001), exact) == .invalid(message: "min"))
        #expect(await run(instant.addingTimeInterval(0.001), exact) == .invalid(message: "max"))
    }

    // MARK: Relative dates

    /// `min: today-18y` on a birthday, as generated code builds it.
    func adultRules(in context: ValidationContext) -> [ValidationRule<FormDate?, Values>] {
        [.max(context.today.adding(years: -18), message: "You must be 18")]
    }

    func context(_ instant: String, _ zone: String) throws -> ValidationContext {
        ValidationContext(
            now: try #require(FormDateTime<Date>.date(iso8601: instant)),
            timeZone: try #require(TimeZone(identifier: zone)),
            localization: .source
        )
    }

    @Test func todayIsTheLocalDayOfNow() throws {
        #expect(try context("2026-01-01T02:00:00Z", "America/Los_Angeles").today == day("2025-12-31"))
        #expect(try context("2026-01-01T02:00:00Z", "UTC").today == day("2026-01-01"))
        #expect(try context("2025-12-31T23:30:00Z", "Asia/Tokyo").today == day("2026-01-01"))
        #expect(try context("2024-02-29T12:00:00Z", "UTC").today == day("2024-02-29"))
    }

    @Test func eighteenYearsAgoInTheUsersZone() async throws {
        // In Los Angeles it is still 2025-12-31: born 2007-12-31 is 18, 2008-01-01 is not.
        let losAngeles = try adultRules(in: context("2026-01-01T02:00:00Z", "America/Los_Angeles"))
        #expect(await run(try day("2007-12-31"), losAngeles) == .valid)
        #expect(await run(try day("2008-01-01"), losAngeles) == .invalid(message: "You must be 18"))
        let utc = try adultRules(in: context("2026-01-01T02:00:00Z", "UTC"))
        #expect(await run(try day("2008-01-01"), utc) == .valid)
        #expect(await run(try day("2008-01-02"), utc) == .invalid(message: "You must be 18"))
    }

    @Test func eighteenYearsBefore29February() async throws {
        let rules = try adultRules(in: context("2024-02-29T12:00:00Z", "UTC"))
        #expect(await run(try day("2006-02-28"), rules) == .valid)
        #expect(await run(try day("2006-03-01"), rules) == .invalid(message: "You must be 18"))
        // Someone born on a 29 February passes on 1 March in a year without one: on 28 February,
        // `today-18y` is 28 February, the day before the birth date.
        let leapling = try adultRules(in: context("2042-02-28T12:00:00Z", "UTC"))
        #expect(await run(try day("2024-02-29"), leapling) == .invalid(message: "You must be 18"))
        let nextDay = try adultRules(in: context("2042-03-01T12:00:00Z", "UTC"))
        #expect(await run(try day("2024-02-29"), nextDay) == .valid)
    }

    /// A `dateTime` field's `min: today` is the day's first instant and `max: today`
    /// its last, both in the context's zone.
    @Test func todayBoundsAnInstantToTheLocalDay() async throws {
        let context = try context("2026-01-01T02:00:00Z", "America/Los_Angeles")
        let rules: [ValidationRule<Date?, Values>] = [
            .min(context.today.start(in: context.timeZone), message: "min"),
            .max(context.today.end(in: context.timeZone), message: "max"),
        ]
        func instant(_ text: String) throws -> Date { try #require(FormDateTime<Date>.date(iso8601: text)) }
        #expect(await run(try instant("2025-12-31T00:00:00-08:00"), rules) == .valid)
        #expect(await run(try instant("2025-12-31T23:59:59-08:00"), rules) == .valid)
        #expect(await run(try instant("2025-12-31T23:59:59-08:00").addingTimeInterval(0.999), rules) == .valid)
        #expect(await run(try instant("2025-12-30T23:59:59-08:00"), rules) == .invalid(message: "min"))
        #expect(await run(try instant("2026-01-01T00:00:00-08:00"), rules) == .invalid(message: "max"))
        #expect(await run(nil, rules) == .valid)
    }

    @Test func theDefaultContextIsNowHereInSourceText() async throws {
        var context = ValidationContext()
        let before = Date()
        let now = context.now
        let after = Date()
        #expect(now >= before && now <= after)
        #expect(context.timeZone == TimeZone.current)
        #expect(context.localization.string("Form.title", default: "Sign up") == "Sign up")
        #expect(context.today == FormDate(Date(), in: .current))
        // The clock is read whenever `now` is: a form left open past midnight reads the new day.
        try await Task.sleep(nanoseconds: 20_000_000)
        #expect(context.now > after)
        // Set, it stays where it was set, as a context made with an instant does.
        context.now = before
        try await Task.sleep(nanoseconds: 20_000_000)
        #expect(context.now == before)
        let fixed = ValidationContext(now: before, timeZone: .current)
        #expect(fixed.now == before)
    }

    @Test func sourceLocalizationReturnsTheSourceText() {
        #expect(FormLocalization.source.string("SignUpForm.email.placeholder", default: "you@example.com") == "you@example.com")
        #expect(FormLocalization.source.string("", default: "") == "")
    }

    // MARK: Counts

    @Test func countsAreInclusive() async {
        let rules: [ValidationRule<[Topping], Values>] = [.minCount(2, message: "min"), .maxCount(2, message: "max")]
        #expect(await run([.cheese], rules) == .invalid(message: "min"))
        #expect(await run([.cheese, .ham], rules) == .valid)
        #expect(await run([.cheese, .ham, .olives], rules) == .invalid(message: "max"))
    }

    @Test func nothingChosenIsEmptyAndPassesEveryRuleButRequired() async {
        let rules: [ValidationRule<[Topping], Values>] = [
            .minCount(1, message: "min"), .maxCount(0, message: "max"), .custom { _, _ in .invalid(message: "custom") },
        ]
        #expect(await run([], rules) == .valid)
        #expect(await run([], rules + [.required(message: "Choose one")]) == .invalid(message: "Choose one"))
        #expect(await run([.ham], rules) == .invalid(message: "max"))
        #expect(RuleRunner.skipsOptionalRules([Topping]()))
        #expect(!RuleRunner.skipsOptionalRules([Topping.ham]))
    }

    // MARK: required

    @Test func requiredFailsOnNilForEveryNewKind() async throws {
        #expect(await run(Int?.none, [.required(message: "m")]) == .invalid(message: "m"))
        #expect(await run(Int?.some(0), [.required(message: "m")]) == .valid)
        #expect(await run(Decimal?.none, [.required(message: "m")]) == .invalid(message: "m"))
        #expect(await run(Decimal?.some(0), [.required(message: "m")]) == .valid)
        #expect(await run(FormDate?.none, [.required(message: "m")]) == .invalid(message: "m"))
        #expect(await run(FormDate?.some(try day("2026-01-31")), [.required(message: "m")]) == .valid)
        #expect(await run(FormTime?.none, [.required(message: "m")]) == .invalid(message: "m"))
        #expect(await run(FormTime(hour: 0, minute: 0), [.required(message: "m")]) == .valid)
        #expect(await run(Date?.none, [.required(message: "m")]) == .invalid(message: "m"))
        #expect(await run(Date?.some(Date(timeIntervalSince1970: 0)), [.required(message: "m")]) == .valid)
        #expect(await run(Topping?.none, [.required(message: "m")]) == .invalid(message: "m"))
        #expect(await run(Topping?.some(.ham), [.required(message: "m")]) == .valid)
        #expect(await run([Topping](), [.required(message: "m")]) == .invalid(message: "m"))
        #expect(await run([Topping.ham], [.required(message: "m")]) == .valid)
    }

    @Test func anEmptyArrayIsFormEmpty() {
        #expect([Topping]().isFormEmpty && [Topping]().isFormBlank)
        #expect(![Topping.cheese].isFormEmpty)
    }
}
