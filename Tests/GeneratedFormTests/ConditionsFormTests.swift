import Foundation
import FormRuntime
import Testing

// Forms/conditions/conditions.form.yaml: every condition operator of SPEC §10,
// evaluated on `Values` and on a live form, with hidden fields reading as empty.

@MainActor
struct ConditionsFormTests {
    typealias Values = ConditionsForm.Values

    /// Noon on 2026-06-15 in UTC: `today` is 2026-06-15.
    static let context = ValidationContext(now: Date(timeIntervalSince1970: 1_781_524_800), timeZone: TimeZone(identifier: "UTC")!)

    func visible(_ field: ConditionsForm.Field, _ edit: (inout Values) -> Void) -> Bool {
        var values = Values()
        values.showAll = true
        edit(&values)
        return ConditionsForm.isVisible(field, in: values, context: Self.context)
    }

    func instant(_ text: String) -> Date {
        FormDateTime<Date>.date(iso8601: text)!
    }

    @Test func theContextIsTheDayTheTestsExpect() {
        #expect(Self.context.today == FormDate(year: 2026, month: 6, day: 15))
    }

    @Test func wholeNumbersCompareWithEveryOperator() {
        #expect(visible(.adultNote) { $0.age = 18 })
        #expect(!visible(.adultNote) { $0.age = 17 })
        #expect(visible(.minorNote) { $0.age = 17 })
        #expect(!visible(.minorNote) { $0.age = 18 })
        #expect(!visible(.notTwentyNote) { $0.age = 20 })
        #expect(visible(.notTwentyNote) { $0.age = 21 })
    }

    @Test func anEmptyNumberMakesOrderedComparisonsFalseAndIsUnequalToEveryValue() {
        #expect(!visible(.adultNote) { $0.age = nil })
        #expect(!visible(.minorNote) { $0.age = nil })
        #expect(visible(.notTwentyNote) { $0.age = nil })
    }

    @Test func aHiddenNumberReadsAsEmpty() {
        #expect(!visible(.adultNote) { $0.showAll = false; $0.age = 30 })
        #expect(!visible(.minorNote) { $0.showAll = false; $0.age = 10 })
        #expect(visible(.notTwentyNote) { $0.showAll = false; $0.age = 20 })
    }

    @Test func decimalsCompareExactly() {
        #expect(visible(.cheapNote) { $0.price = Decimal(string: "2.5") })
        #expect(!visible(.cheapNote) { $0.price = Decimal(string: "2.51") })
        #expect(!visible(.cheapNote) { $0.price = nil })
        var values = Values()
        values.price = Decimal(string: "2.50")
        #expect(!ConditionsForm.isEnabled(.priceNote, in: values, context: Self.context))
        values.price = Decimal(string: "2.49")
        #expect(ConditionsForm.isEnabled(.priceNote, in: values, context: Self.context))
        values.price = nil
        #expect(ConditionsForm.isEnabled(.priceNote, in: values, context: Self.context))
    }

    @Test func relativeDatesCountFromTheContextsToday() {
        #expect(visible(.grownUpNote) { $0.birthday = FormDate(year: 2008, month: 6, day: 15) })
        #expect(!visible(.grownUpNote) { $0.birthday = FormDate(year: 2008, month: 6, day: 16) })
        #expect(!visible(.grownUpNote) { $0.birthday = nil })
        // Another day, another answer: `today` is never fixed at compile time.
        var values = Values()
        values.birthday = FormDate(year: 2008, month: 6, day: 16)
        let nextDay = ValidationContext(now: Self.context.now.addingTimeInterval(86_400), timeZone: Self.context.timeZone)
        #expect(ConditionsForm.isVisible(.grownUpNote, in: values, context: nextDay))
    }

    @Test func fixedDatesAndTimesCompare() {
        #expect(visible(.modernNote) { $0.birthday = FormDate(year: 2000, month: 1, day: 2) })
        #expect(!visible(.modernNote) { $0.birthday = FormDate(year: 2000, month: 1, day: 1) })
        #expect(visible(.earlyNote) { $0.arrival = FormTime(hour: 9, minute: 29) })
        #expect(!visible(.earlyNote) { $0.arrival = FormTime(hour: 9, minute: 30) })
        #expect(!visible(.earlyNote) { $0.arrival = nil })
        #expect(visible(.lateNote) { $0.arrival = FormTime(hour: 21, minute: 0) })
        #expect(!visible(.lateNote) { $0.arrival = FormTime(hour: 20, minute: 59) })
    }

    @Test func aRelativeDayAgainstAnInstantCoversTheWholeDay() {
        let lastMinute = instant("2026-06-15T23:59:00Z")
        let nextMidnight = instant("2026-06-16T00:00:00Z")
        let midnight = instant("2026-06-15T00:00:00Z")
        let dayBefore = instant("2026-06-14T23:59:59Z")
        #expect(visible(.byTodayNote) { $0.reminderAt = lastMinute })
        #expect(!visible(.byTodayNote) { $0.reminderAt = nextMidnight })
        #expect(!visible(.afterTodayNote) { $0.reminderAt = lastMinute })
        #expect(visible(.afterTodayNote) { $0.reminderAt = nextMidnight })
        #expect(visible(.fromTodayNote) { $0.reminderAt = midnight })
        #expect(!visible(.fromTodayNote) { $0.reminderAt = dayBefore })
        #expect(!visible(.byTodayNote) { $0.reminderAt = nil })
        #expect(!visible(.afterTodayNote) { $0.reminderAt = nil })
    }

    @Test func inTestsAPickerAndASegment() {
        #expect(visible(.outsideNote) { $0.seating = .bar })
        #expect(visible(.outsideNote) { $0.seating = .terrace })
        #expect(!visible(.outsideNote) { $0.seating = .inside })
        #expect(!visible(.outsideNote) { $0.seating = nil })
        var values = Values()
        #expect(!ConditionsForm.isEnabled(.paidNote, in: values, context: Self.context))
        values.plan = .team
        #expect(ConditionsForm.isEnabled(.paidNote, in: values, context: Self.context))
    }

    @Test func containsAndCountReadAMultiChoice() {
        #expect(visible(.veganNote) { $0.diet = [.vegan] })
        #expect(!visible(.veganNote) { $0.diet = [.vegetarian, .glutenFree] })
        #expect(visible(.manyNote) { $0.diet = [.vegetarian, .vegan] })
        #expect(!visible(.manyNote) { $0.diet = [.vegan] })
        #expect(visible(.fewNote) { $0.diet = [] })
        #expect(!visible(.fewNote) { $0.diet = [.vegetarian, .vegan, .glutenFree] })
    }

    /// App code may assign an option twice to the live value; the form counts it
    /// once, as `values` (and so `validate()`) does (SPEC §10: no repeats).
    @Test func aLiveCountCountsARepeatedOptionOnce() {
        let form = ConditionsForm()
        form.context = Self.context
        form.showAll.value = true
        form.diet.value = [.vegan, .vegan]
        #expect(form.values.diet == [.vegan])
        #expect(!form.isVisible(.manyNote))
        #expect(form.isVisible(.fewNote))
        #expect(form.isVisible(.manyNote) == ConditionsForm.isVisible(.manyNote, in: form.values, context: Self.context))
    }

    @Test func aHiddenMultiChoiceHasNothingChosen() {
        let hide: (inout Values) -> Void = { $0.showAll = false; $0.diet = [.vegetarian, .vegan] }
        #expect(!visible(.veganNote, hide))
        #expect(!visible(.manyNote, hide))
        #expect(visible(.fewNote, hide))
    }

    @Test func aLiveFormReadsItsOwnValuesAndContext() {
        let form = ConditionsForm()
        form.context = Self.context
        form.showAll.value = true
        form.age.value = 20
        #expect(form.isVisible(.adultNote))
        form.showAll.value = false
        #expect(!form.isVisible(.adultNote))
        form.birthday.value = FormDate(year: 2008, month: 6, day: 15)
        #expect(form.isVisible(.grownUpNote))
        form.context = ValidationContext(now: Self.context.now.addingTimeInterval(-86_400), timeZone: Self.context.timeZone)
        #expect(!form.isVisible(.grownUpNote))
        form.diet.value = [.vegan, .vegetarian]
        #expect(!form.isVisible(.veganNote))
        form.showAll.value = true
        #expect(form.isVisible(.veganNote))
        #expect(form.isVisible(.manyNote))
        form.plan.value = .pro
        #expect(form.isEnabled(.paidNote))
    }

    /// The clock shows `vet` with no edit (a year passes); `validate()` checks
    /// `vetPhone` under it, and the edit after that hides `vet` again, which the
    /// chain follows to `vetPhone`: valid at once (Forms/conditions/clock-chain.form.yaml).
    @Test func aChainThroughTheClockIsFollowedAfterValidate() async {
        let form = ClockChainForm()
        let utc = TimeZone(identifier: "UTC")!
        form.context = ValidationContext(now: Date(timeIntervalSince1970: 1_767_225_600), timeZone: utc)  // 2026-01-01
        form.born.value = FormDate(year: 2025, month: 6, day: 1)
        form.vet.value = "Dr Who"
        await form.settle()
        #expect(!form.isVisible(.vet))
        form.context = ValidationContext(now: Date(timeIntervalSince1970: 1_798_761_600), timeZone: utc)  // 2027-01-01
        #expect(form.isVisible(.vetPhone))
        _ = await form.validate()
        #expect(form.state(of: .vetPhone) == .invalid(message: "Vet phone is required"))
        form.born.value = FormDate(year: 2026, month: 6, day: 1)
        await form.settle()
        #expect(!form.isVisible(.vetPhone))
        #expect(form.state(of: .vetPhone) == .valid)
    }
}
