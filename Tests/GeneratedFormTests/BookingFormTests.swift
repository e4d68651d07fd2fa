import Foundation
import FormRuntime
import Testing

// schemas/booking.form.yaml: the field kinds of SPEC §10 — typed values, exact
// decimals, dates relative to the validation context, elements and Codable text.

@MainActor
struct BookingFormTests {
    typealias Values = BookingForm.Values

    static let utc = TimeZone(identifier: "UTC")!
    static let losAngeles = TimeZone(identifier: "America/Los_Angeles")!
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!

    /// A fixed clock: `iso` is an instant with a zone, `2026-01-31T09:30:00Z`.
    static func context(_ iso: String, in zone: TimeZone = utc) -> ValidationContext {
        ValidationContext(now: FormDateTime<Date>.date(iso8601: iso)!, timeZone: zone)
    }

    /// Saturday 31 January 2026, 09:30 UTC.
    static let january31 = context("2026-01-31T09:30:00Z")

    static func date(_ year: Int, _ month: Int, _ day: Int) -> FormDate {
        FormDate(year: year, month: month, day: day)!
    }

    static func time(_ hour: Int, _ minute: Int) -> FormTime {
        FormTime(hour: hour, minute: minute)!
    }

    /// Values that pass every rule on 31 January 2026.
    static var valid: Values {
        var values = Values()
        values.birthday = date(1990, 5, 17)
        values.day = date(2026, 2, 14)
        values.seating = .terrace
        return values
    }

    func result(
        _ field: BookingForm.Field, in context: ValidationContext = january31, _ edit: (inout Values) -> Void
    ) async -> ValidationResult {
        var values = Self.valid
        edit(&values)
        return await BookingForm.validate(values, in: context)[field]
    }

    // MARK: Values

    @Test func valuesAreTypedAndStartAtTheDefaults() {
        let values = Values()
        // The annotations pin each field's Swift type (SPEC §10's table).
        let guests: Int = values.guests
        let budget: Decimal? = values.budget
        let birthday: FormDate? = values.birthday
        let arrival: FormTime = values.arrival
        let seating: BookingForm.Seating? = values.seating
        let diet: [BookingForm.Diet] = values.diet
        let reminderAt: Date? = values.reminderAt
        #expect(guests == 2)
        #expect(budget == nil)
        #expect(birthday == nil && values.day == nil)
        #expect(arrival == Self.time(19, 30))
        #expect(seating == nil)
        #expect(diet == [])
        #expect(reminderAt == nil)
        #expect(values.reminder == false && values.allergyNotes == "")
    }

    @Test func optionsBecomeEnumsInOptionOrder() {
        #expect(BookingForm.Seating.allCases.map(\.rawValue) == ["inside", "terrace", "bar"])
        #expect(BookingForm.Diet.allCases == [.vegetarian, .vegan, .glutenFree, .lactoseFree])
        #expect(BookingForm.Diet.glutenFree.rawValue == "gluten-free")
    }

    @Test func aFormStartsFromItsValues() {
        var values = Self.valid
        values.budget = Decimal(string: "12.50")
        let form = BookingForm(values: values)
        #expect(form.budget.value == Decimal(string: "12.5"))
        #expect(form.birthday.value == Self.date(1990, 5, 17))
        #expect(form.values == values)
    }

    // MARK: Rules

    @Test func validValuesPass() async {
        let report = await BookingForm.validate(Self.valid, in: Self.january31)
        #expect(report.isValid, "\(report.invalidFields)")
    }

    @Test func requiredFailsOnEachEmptyNewKind() async {
        let report = await BookingForm.validate(Values(), in: Self.january31)
        #expect(report.invalidFields == [.birthday, .day, .seating])
        #expect(report[.birthday] == .invalid(message: "Date of birth is required"))
        #expect(report[.day] == .invalid(message: "Day is required"))
        #expect(report[.seating] == .invalid(message: "Seating is required"))
        // Without `required`, an empty number or multiChoice passes its other rules.
        #expect(report[.budget] == .valid)
        #expect(report[.diet] == .valid)
    }

    @Test func intBoundsAreInclusive() async {
        #expect(await result(.guests) { $0.guests = 0 } == .invalid(message: "Guests must be at least 1"))
        #expect(await result(.guests) { $0.guests = 1 } == .valid)
        #expect(await result(.guests) { $0.guests = 12 } == .valid)
        #expect(await result(.guests) { $0.guests = 13 } == .invalid(message: "For more than 12 guests, call us"))
        #expect(await result(.guests) { $0.guests = Int.min } == .invalid(message: "Guests must be at least 1"))
    }

    @Test func decimalBoundsAreExact() async {
        let message = ValidationResult.invalid(message: "Budget per person must be at least 10.00")
        #expect(await result(.budget) { $0.budget = Decimal(string: "10.00") } == .valid)
        #expect(await result(.budget) { $0.budget = Decimal(string: "9.99") } == message)
        // As a Double this is 10.0 and would pass: the bound is compared as a Decimal.
        #expect(await result(.budget) { $0.budget = Decimal(string: "9.9999999999999999999") } == message)
        #expect(await result(.budget) { $0.budget = Decimal(string: "10.0000000000000000001") } == .valid)
        #expect(await result(.budget) { $0.budget = nil } == .valid, "empty passes min")
    }

    @Test func birthdayMustBeEighteenYearsAgo() async {
        let message = ValidationResult.invalid(message: "You must be 18 or older to book")
        #expect(await result(.birthday) { $0.birthday = Self.date(2008, 1, 31) } == .valid, "18 today")
        #expect(await result(.birthday) { $0.birthday = Self.date(2008, 2, 1) } == message, "18 tomorrow")
    }

    @Test func eighteenYearsAcrossAYearBoundary() async {
        let newYear = Self.context("2026-01-01T00:30:00Z")
        #expect(await result(.birthday, in: newYear) { $0.birthday = Self.date(2008, 1, 1) } == .valid)
        #expect(await result(.birthday, in: newYear) { $0.birthday = Self.date(2008, 1, 2) }
            == .invalid(message: "You must be 18 or older to book"))
    }

    @Test func bornOnTheTwentyNinthOfFebruary() async {
        let message = ValidationResult.invalid(message: "You must be 18 or older to book")
        // 2026 has no 29 February: today-18y on 28 February is 2008-02-28, on 1 March 2008-03-01.
        let february28 = Self.context("2026-02-28T12:00:00Z")
        let march1 = Self.context("2026-03-01T12:00:00Z")
        #expect(await result(.birthday, in: february28) { $0.birthday = Self.date(2008, 2, 29) } == message)
        #expect(await result(.birthday, in: march1) { $0.birthday = Self.date(2008, 2, 29) } == .valid)
        // On a 29 February, 18 years back clamps to the 28th of a year without one.
        let leapDay = Self.context("2024-02-29T12:00:00Z")
        #expect(await result(.birthday, in: leapDay) { $0.birthday = Self.date(2006, 2, 28) } == .valid)
        #expect(await result(.birthday, in: leapDay) { $0.birthday = Self.date(2006, 3, 1) } == message)
    }

    @Test func todayIsTheLocalDateOfTheContextsZone() async {
        // 03:00 UTC on 1 January is still 31 December in Los Angeles (UTC−8).
        let instant = "2026-01-01T03:00:00Z"
        let utc = Self.context(instant, in: Self.utc)
        let losAngeles = Self.context(instant, in: Self.losAngeles)
        #expect(utc.today == Self.date(2026, 1, 1))
        #expect(losAngeles.today == Self.date(2025, 12, 31))
        var values = Self.valid
        values.birthday = Self.date(2008, 1, 1)
        values.day = Self.date(2025, 12, 31)
        let inUTC = await BookingForm.validate(values, in: utc)
        let inLosAngeles = await BookingForm.validate(values, in: losAngeles)
        #expect(inUTC[.birthday] == .valid)
        #expect(inUTC[.day] == .invalid(message: "Day must be on or after today"))
        #expect(inLosAngeles[.birthday] == .invalid(message: "You must be 18 or older to book"))
        #expect(inLosAngeles[.day] == .valid)
        #expect(inUTC.invalidFields == [.day])
        #expect(inLosAngeles.invalidFields == [.birthday])
    }

    @Test func dayIsBetweenTodayAndSixtyDaysFromToday() async {
        let early = ValidationResult.invalid(message: "Day must be on or after today")
        let late = ValidationResult.invalid(message: "Day must be on or before 60 days from today")
        #expect(await result(.day) { $0.day = Self.date(2026, 1, 30) } == early)
        #expect(await result(.day) { $0.day = Self.date(2026, 1, 31) } == .valid)
        #expect(await result(.day) { $0.day = Self.date(2026, 4, 1) } == .valid, "31 January + 60 days")
        #expect(await result(.day) { $0.day = Self.date(2026, 4, 2) } == late)
    }

    @Test func sixtyDaysFromNewYearsEveInTokyo() async {
        // 23:30 UTC on 31 December is already 1 January in Tokyo (UTC+9).
        let instant = "2025-12-31T23:30:00Z"
        let utc = Self.context(instant, in: Self.utc)
        let tokyo = Self.context(instant, in: Self.tokyo)
        #expect(await result(.day, in: utc) { $0.day = Self.date(2025, 12, 31) } == .valid)
        #expect(await result(.day, in: tokyo) { $0.day = Self.date(2025, 12, 31) }
            == .invalid(message: "Day must be on or after today"))
        #expect(await result(.day, in: utc) { $0.day = Self.date(2026, 3, 1) } == .valid)
        #expect(await result(.day, in: utc) { $0.day = Self.date(2026, 3, 2) }
            == .invalid(message: "Day must be on or before 60 days from today"))
        #expect(await result(.day, in: tokyo) { $0.day = Self.date(2026, 3, 2) } == .valid)
    }

    @Test func timeBoundsAreInclusive() async {
        #expect(await result(.arrival) { $0.arrival = Self.time(11, 59) }
            == .invalid(message: "Arrival time must be at or after 12:00"))
        #expect(await result(.arrival) { $0.arrival = Self.time(12, 0) } == .valid)
        #expect(await result(.arrival) { $0.arrival = Self.time(22, 30) } == .valid)
        #expect(await result(.arrival) { $0.arrival = Self.time(22, 31) }
            == .invalid(message: "Arrival time must be at or before 22:30"))
    }

    @Test func dietHasAtMostThreeChoices() async {
        #expect(await result(.diet) { $0.diet = [.vegetarian, .vegan, .glutenFree] } == .valid)
        #expect(await result(.diet) { $0.diet = BookingForm.Diet.allCases }
            == .invalid(message: "Dietary needs must have at most 3 choices"))
    }

    // MARK: Conditions and triggers

    @Test func allergyNotesShowOnceADietIsChosen() {
        var values = Self.valid
        #expect(!BookingForm.isVisible(.allergyNotes, in: values))
        values.diet = [.vegan]
        #expect(BookingForm.isVisible(.allergyNotes, in: values))

        let form = BookingForm()
        #expect(!form.isVisible(.allergyNotes))
        form.diet.value = [.lactoseFree]
        #expect(form.isVisible(.allergyNotes))
        #expect(!form.isVisible(.reminderAt))
        form.reminder.value = true
        #expect(form.isVisible(.reminderAt))
    }

    @Test func triggersUseTheFormsContext() async {
        let form = BookingForm(values: Self.valid)
        form.context = Self.context("2026-01-01T03:00:00Z", in: Self.losAngeles)
        // validateOn defaults to blurAfterChange: a change alone runs nothing.
        form.day.value = Self.date(2025, 12, 31)
        await form.didChange(.day)
        #expect(form.state(of: .day) == .idle)
        await form.didEndEditing(.day)
        #expect(form.state(of: .day) == .valid, "31 December is today in Los Angeles")

        form.context = Self.context("2026-01-01T03:00:00Z", in: Self.utc)
        form.day.value = Self.date(2025, 12, 30)
        await form.didChange(.day)
        await form.didEndEditing(.day)
        #expect(form.state(of: .day) == .invalid(message: "Day must be on or after today"))

        await form.didEndEditing(.guests)
        #expect(form.state(of: .guests) == .idle, "a blur without a change runs nothing")
        // An assignment is a change (SPEC §15.2): the blur after it runs the rules.
        form.guests.value = 13
        await form.didEndEditing(.guests)
        #expect(form.state(of: .guests) == .invalid(message: "For more than 12 guests, call us"))
    }

    @Test func validateUsesTheFormsContext() async {
        let form = BookingForm(values: Self.valid)
        form.context = Self.january31
        form.day.value = Self.date(2026, 4, 2)
        let report = await form.validate()
        #expect(report.invalidFields == [.day])
        #expect(form.state(of: .day) == .invalid(message: "Day must be on or before 60 days from today"))
        #expect(form.state(of: .guests) == .valid)
    }

    // MARK: Codable

    static var filled: Values {
        var values = valid
        values.budget = Decimal(sign: .plus, exponent: -2, significand: 1250)
        values.day = date(2026, 1, 31)
        values.diet = [.vegan, .glutenFree]
        values.reminder = true
        values.reminderAt = Date(timeIntervalSince1970: 1_769_851_800)
        return values
    }

    @Test func codableWritesISOTextWhateverTheDateStrategy() throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(Self.filled)
        let json = try #require(String(data: data, encoding: .utf8))
        #expect(json.contains(#""day":"2026-01-31""#), "\(json)")
        #expect(json.contains(#""birthday":"1990-05-17""#), "\(json)")
        #expect(json.contains(#""arrival":"19:30""#), "\(json)")
        #expect(json.contains(#""reminderAt":"2026-01-31T09:30:00Z""#), "\(json)")
        #expect(json.contains(#""diet":["vegan","gluten-free"]"#), "\(json)")
        #expect(json.contains(#""seating":"terrace""#), "\(json)")
        #expect(json.contains(#""guests":2"#), "\(json)")
        #expect(json.contains(#""budget":12.5"#), "\(json)")

        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        #expect(try decoder.decode(Values.self, from: data) == Self.filled)
    }

    @Test func emptyOptionalsLeaveTheirKeysOut() throws {
        let data = try JSONEncoder().encode(Values())
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["reminderAt"] == nil && object["day"] == nil && object["budget"] == nil)
        #expect(object["arrival"] as? String == "19:30")
        #expect(try JSONDecoder().decode(Values.self, from: data) == Values())
    }

    @Test func decodingRejectsANonDate() throws {
        func json(day: String) -> Data {
            Data(#"{"guests":2,"arrival":"19:30","diet":[],"allergyNotes":"","reminder":false,"day":"\#(day)"}"#.utf8)
        }
        // The same text with a real day decodes: only the day is wrong below.
        #expect(try JSONDecoder().decode(Values.self, from: json(day: "2026-02-28")).day == Self.date(2026, 2, 28))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Values.self, from: json(day: "2026-02-30")) }
    }

    // MARK: Elements

    /// Every element of the tree, depth first.
    func flatten(_ elements: [any FormElement]) -> [any FormElement] {
        elements.flatMap { element -> [any FormElement] in
            if case .group(let group) = element.kind { return [group] + flatten(group.elements) }
            return [element]
        }
    }

    @Test func elementsAreTypedAndBoundToTheValues() throws {
        let form = BookingForm()
        let elements = flatten(form.elements)

        let guests = try #require(elements.compactMap { $0 as? NumberElement<Int> }.first)
        #expect(guests.id == "guests" && guests.style == .stepper)
        #expect(guests.value === form.guests)
        #expect(guests.minimum == 1 && guests.maximum == 12 && guests.step == 1)

        let budget = try #require(elements.compactMap { $0 as? NumberElement<Decimal?> }.first)
        #expect(budget.value === form.budget)
        #expect(budget.unit == "EUR" && budget.decimals == 2 && budget.placeholder == "Budget")
        #expect(budget.step == Decimal(string: "0.5") && budget.minimum == 10)

        let dates = elements.compactMap { $0 as? DateElement<FormDate?> }
        #expect(dates.map(\.id) == ["birthday", "day"])
        #expect(dates.map(\.mode) == [.date, .date])
        #expect(dates[0].value === form.birthday && dates[1].value === form.day)
        #expect(dates[1].style == .graphical)

        let arrival = try #require(elements.compactMap { $0 as? DateElement<FormTime> }.first)
        #expect(arrival.value === form.arrival && arrival.mode == .time)

        let reminderAt = try #require(elements.compactMap { $0 as? DateElement<Date?> }.first)
        #expect(reminderAt.value === form.reminderAt && reminderAt.mode == .dateTime)

        let seating = try #require(elements.compactMap { $0 as? PickerElement<BookingForm.Seating?> }.first)
        #expect(seating.value === form.seating && seating.style == .menu)
        #expect(seating.options.map(\.title) == ["Inside", "Terrace", "At the bar"])

        let diet = try #require(elements.compactMap { $0 as? MultiChoiceElement<BookingForm.Diet> }.first)
        #expect(diet.value === form.diet && diet.style == .chips)
        #expect(diet.options.map(\.value) == BookingForm.Diet.allCases)
    }

    /// A date element is bounded by its field's first `min` and `max` rules, as
    /// a number element is: a literal as written, a relative day counted from the
    /// form's context when the element tree is built, an instant's day from its
    /// first to its last instant in the context's time zone.
    @Test func dateElementsAreBoundedByTheirRules() throws {
        let form = BookingForm()
        form.context = Self.context("2026-01-31T09:30:00Z", in: Self.tokyo)
        let elements = flatten(form.elements)
        let dates = elements.compactMap { $0 as? DateElement<FormDate?> }
        #expect(dates[0].minimum == nil && dates[0].maximum == Self.date(2008, 1, 31))
        #expect(dates[1].minimum == Self.date(2026, 1, 31) && dates[1].maximum == Self.date(2026, 4, 1))
        let arrival = try #require(elements.compactMap { $0 as? DateElement<FormTime> }.first)
        #expect(arrival.minimum == Self.time(12, 0) && arrival.maximum == Self.time(22, 30))
        let reminderAt = try #require(elements.compactMap { $0 as? DateElement<Date?> }.first)
        #expect(reminderAt.minimum == nil && reminderAt.maximum == nil)

        let kinds = ScenarioFieldKindsForm()
        kinds.context = Self.context("2026-01-31T20:00:00Z", in: Self.tokyo)
        let instants = flatten(kinds.elements).compactMap { $0 as? DateElement<Date?> }
        #expect(instants.map(\.id) == ["meeting"])
        let meeting = try #require(instants.first)
        // 20:00 UTC is 1 February in Tokyo: the bounds are Tokyo's days.
        #expect(meeting.minimum == FormDateTime<Date>.date(iso8601: "2026-01-31T15:00:00Z"))
        let end = try #require(FormDateTime<Date>.date(iso8601: "2026-02-08T15:00:00Z"))
        #expect(meeting.maximum == Date(timeIntervalSinceReferenceDate: end.timeIntervalSinceReferenceDate.nextDown))
        let deadline = try #require(flatten(kinds.elements).compactMap { $0 as? DateElement<Date> }.first)
        #expect(deadline.minimum == nil && deadline.maximum == FormDateTime<Date>.date(iso8601: "2026-03-20T16:00:00Z"))
    }

    @Test func aSwitchOverTheKindReachesEveryField() {
        let form = BookingForm()
        var kinds: [String] = []
        for element in flatten(form.elements) {
            switch element.kind {
            case .group(let group): kinds.append("group \(group.id ?? "")")
            case .boolean(let toggle): kinds.append("boolean \(toggle.id)")
            case .number(let number): kinds.append("number \(number.id)")
            case .date(let date): kinds.append("date \(date.id) \(date.mode)")
            case .picker(let picker): kinds.append("picker \(picker.id)")
            case .multiChoice(let choice): kinds.append("multiChoice \(choice.id)")
            case .textField(let field): kinds.append("textField \(field.id)")
            case .segment, .floatLabel, .textView, .spacer, .staticText, .segue, .list, .page: kinds.append("other")
            }
        }
        #expect(kinds == [
            "group party", "number guests", "number budget", "date birthday date",
            "group visit", "date day date", "date arrival time", "picker seating", "multiChoice diet",
            "textField allergyNotes", "boolean reminder", "date reminderAt dateTime",
        ])
    }

    @Test func erasedElementsWriteThroughToTheValues() {
        let form = BookingForm()
        for element in flatten(form.elements) {
            switch element.kind {
            case .number(let number) where number.id == "budget":
                number.decimalValue = Decimal(string: "12.345")
                #expect(number.text == "12.35", "rounded half away from zero to 2 places")
            case .date(let date) where date.id == "arrival":
                date.dateValue = .time(Self.time(20, 15))
            case .picker(let picker):
                picker.selectedIndex = 2
            case .multiChoice(let choice):
                choice.setSelected(true, at: 3)
                choice.setSelected(true, at: 1)
                #expect(choice.selectedIndices == [1, 3])
            default:
                break
            }
        }
        #expect(form.budget.value == Decimal(string: "12.35"))
        #expect(form.arrival.value == Self.time(20, 15))
        #expect(form.seating.value == .bar)
        #expect(form.diet.value == [.vegan, .lactoseFree], "option order, not the order chosen")
        #expect(form.isVisible(.allergyNotes))
    }
}
