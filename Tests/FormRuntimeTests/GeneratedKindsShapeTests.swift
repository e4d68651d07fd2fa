import Foundation
import FormRuntime
import Testing

// A hand-written form in the shape the emitter is to give the kinds of SPEC §10,
// compiled with a plain `import FormRuntime` (not `@testable`) under Swift 6
// strict concurrency, with the runtime's types aliased as generated files alias
// them: if the public API cannot express the generated code, this file stops compiling.

/// A hand-written stand-in for what formc generates from a booking form.
@MainActor
final class BookingForm {
    // The types that the form's API (`Values`, its fields, `context`) names have
    // the form's access; the rest are private.
    typealias FormDate = FormRuntime.FormDate
    typealias FormDateTime = FormRuntime.FormDateTime
    typealias FormTime = FormRuntime.FormTime
    typealias ValidationContext = FormRuntime.ValidationContext
    private typealias DateElement = FormRuntime.DateElement
    private typealias MultiChoiceElement = FormRuntime.MultiChoiceElement
    private typealias NumberElement = FormRuntime.NumberElement
    private typealias PickerElement = FormRuntime.PickerElement
    private typealias SegmentOption = FormRuntime.SegmentOption
    private typealias ValidationRule = FormRuntime.ValidationRule

    nonisolated enum Field: String, CaseIterable, Sendable { case guests, price, birthday, opens, arrival, size, toppings }
    nonisolated enum Size: String, CaseIterable, Codable, Sendable { case small, medium, large }
    nonisolated enum Toppings: String, CaseIterable, Codable, Sendable { case cheese, ham, olives }

    nonisolated struct Values: Codable, Equatable, Sendable {
        var guests: Int?                 // number, no default
        var price: Decimal               // number, decimals: 2, default: 2.50
        var birthday: FormDate?          // date
        var opens: FormTime              // date, mode: time, default: '09:00'
        private var _arrival: FormDateTime<Date?> // date, mode: dateTime
        var size: Size?                  // picker
        var toppings: [Toppings]         // multiChoice, default: [cheese]

        var arrival: Date? {
            get { _arrival.wrappedValue }
            set { _arrival.wrappedValue = newValue }
        }

        private enum CodingKeys: String, CodingKey {
            case guests, price, birthday, opens, _arrival = "arrival", size, toppings
        }

        init() {
            self.guests = nil
            self.price = Decimal(sign: .plus, exponent: -2, significand: 250)
            self.birthday = nil
            self.opens = FormTime(clampingHour: 9, minute: 0)
            self._arrival = FormDateTime(wrappedValue: nil)
            self.size = nil
            self.toppings = [.cheese]
        }

        init(guests: Int?, price: Decimal, birthday: FormDate?, opens: FormTime, arrival: Date?, size: Size?,
             toppings: [Toppings]) {
            self.guests = guests
            self.price = price
            self.birthday = birthday
            self.opens = opens
            self._arrival = FormDateTime(wrappedValue: arrival)
            self.size = size
            self.toppings = toppings
        }
    }

    let guests: FormValue<Int?>
    let price: FormValue<Decimal>
    let birthday: FormValue<FormDate?>
    let opens: FormValue<FormTime>
    let arrival: FormValue<Date?>
    let size: FormValue<Size?>
    let toppings: FormValue<[Toppings]>
    var context = ValidationContext()

    init(values: Values = Values()) {
        guests = FormValue(values.guests)
        price = FormValue(values.price)
        birthday = FormValue(values.birthday)
        opens = FormValue(values.opens)
        arrival = FormValue(values.arrival)
        size = FormValue(values.size)
        toppings = FormValue(values.toppings)
    }

    var values: Values {
        Values(guests: guests.value, price: price.value, birthday: birthday.value, opens: opens.value,
               arrival: arrival.value, size: size.value, toppings: toppings.value)
    }

    private(set) lazy var elements: [any FormElement] = [
        NumberElement(id: "guests", title: "Guests", minimum: 1, maximum: 12, style: .stepper, value: guests),
        NumberElement(id: "price", title: "Price", unit: "EUR", decimals: 2, value: price),
        DateElement(id: "birthday", title: "Birthday", maximum: context.today.adding(years: -18), value: birthday),
        DateElement(id: "opens", title: "Opens", style: .wheel, value: opens),
        DateElement(id: "arrival", title: "Arrival", style: .graphical, value: arrival),
        PickerElement(id: "size", title: "Size", options: [
            SegmentOption(value: .small, title: "Small"), SegmentOption(value: .medium, title: "Medium"),
            SegmentOption(value: .large, title: "Large"),
        ], value: size),
        MultiChoiceElement(id: "toppings", title: "Toppings", options: [
            SegmentOption(value: .cheese, title: "Cheese"), SegmentOption(value: .ham, title: "Ham"),
            SegmentOption(value: .olives, title: "Olives"),
        ], style: .chips, value: toppings),
    ]

    func validate() async -> ValidationReport<Field> {
        await Self.validate(values, in: context)
    }

    nonisolated static func validate(_ values: Values, in context: ValidationContext = ValidationContext()) async
        -> ValidationReport<Field> {
        var results: [(Field, ValidationResult)] = []
        for field in Field.allCases {
            results.append((field, await validate(field, in: values, context: context)))
        }
        return ValidationReport(results)
    }

    private nonisolated static func validate(_ field: Field, in values: Values, context: ValidationContext) async
        -> ValidationResult {
        switch field {
        case .guests:
            let rules: [ValidationRule<Int?, Values>] = [
                .required(message: context.localization.string("BookingForm.guests.required.message",
                                                               default: "Guests is required")),
                .min(1, message: "Guests must be at least 1"),
                .max(12, message: "Guests must be at most 12"),
            ]
            return await RuleRunner.validate(values.guests, in: values, rules: rules)
        case .price:
            let rules: [ValidationRule<Decimal, Values>] = [
                .min(Decimal(sign: .plus, exponent: -2, significand: 50), message: "Price must be at least 0.50"),
            ]
            return await RuleRunner.validate(values.price, in: values, rules: rules)
        case .birthday:
            let rules: [ValidationRule<FormDate?, Values>] = [
                .max(context.today.adding(years: -18), message: "You must be 18"),
            ]
            return await RuleRunner.validate(values.birthday, in: values, rules: rules)
        case .opens:
            let rules: [ValidationRule<FormTime, Values>] = [
                .min(FormTime(clampingHour: 6, minute: 0), message: "Opens at 06:00 at the earliest"),
            ]
            return await RuleRunner.validate(values.opens, in: values, rules: rules)
        case .arrival:
            let rules: [ValidationRule<Date?, Values>] = [
                .min(context.today.start(in: context.timeZone), message: "Arrival must be today or later"),
                .max(context.today.adding(days: 30).end(in: context.timeZone), message: "Arrival must be within 30 days"),
            ]
            return await RuleRunner.validate(values.arrival, in: values, rules: rules)
        case .size:
            let rules: [ValidationRule<Size?, Values>] = [.required(message: "Size is required")]
            return await RuleRunner.validate(values.size, in: values, rules: rules)
        case .toppings:
            let rules: [ValidationRule<[Toppings], Values>] = [.maxCount(2, message: "Choose at most 2")]
            return await RuleRunner.validate(values.toppings, in: values, rules: rules)
        }
    }
}

@MainActor
@Suite struct GeneratedKindsShapeTests {
    /// 2026-01-01T02:00Z, which is still 2025-12-31 in Los Angeles.
    static let context = ValidationContext(
        now: Date(timeIntervalSince1970: 1_767_232_800),
        timeZone: TimeZone(identifier: "America/Los_Angeles") ?? .current,
        localization: .source
    )

    func instant(_ text: String) throws -> Date {
        try #require(FormDateTime<Date>.date(iso8601: text))
    }

    @Test func theDefaultsFailOnlyTheRequiredFields() async {
        let report = await BookingForm.validate(BookingForm.Values(), in: Self.context)
        #expect(report.invalidFields == [.guests, .size])
        #expect(report[.guests] == .invalid(message: "Guests is required"))
    }

    @Test func relativeDatesResolveFromTheContext() async throws {
        var values = BookingForm.Values()
        values.guests = 2
        values.size = .large
        values.birthday = FormDate(clampingYear: 2007, month: 12, day: 31)
        values.arrival = try instant("2025-12-31T08:00:00Z") // 00:00 in LA
        let snapshot = values
        #expect(await Task.detached { await BookingForm.validate(snapshot, in: Self.context) }.value.isValid)
        values.birthday = FormDate(year: 2008, month: 1, day: 1)
        values.arrival = try instant("2025-12-31T07:59:59Z")
        let report = await BookingForm.validate(values, in: Self.context)
        #expect(report.invalidFields == [.birthday, .arrival])
        #expect(report[.arrival] == .invalid(message: "Arrival must be today or later"))
        values.arrival = try instant("2026-01-30T23:59:59-08:00")
        #expect(await BookingForm.validate(values, in: Self.context)[.arrival] == .valid)
        values.arrival = try instant("2026-01-31T00:00:00-08:00")
        #expect(await BookingForm.validate(values, in: Self.context)[.arrival] == .invalid(message: "Arrival must be within 30 days"))
    }

    @Test func decimalsAndCountsValidate() async {
        var values = BookingForm.Values()
        values.guests = 13
        values.size = .small
        values.price = Decimal(sign: .plus, exponent: -3, significand: 499)
        values.toppings = [.cheese, .ham, .olives]
        let report = await BookingForm.validate(values, in: Self.context)
        #expect(report.invalidFields == [.guests, .price, .toppings])
    }

    @Test func valuesRoundTripAsJSONWhateverTheDateStrategy() throws {
        var values = BookingForm.Values()
        values.guests = 3
        values.birthday = FormDate(year: 1990, month: 5, day: 17)
        values.arrival = Date(timeIntervalSince1970: 1_769_851_800)
        values.size = .medium
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(values), as: UTF8.self)
        #expect(json == #"{"arrival":"2026-01-31T09:30:00Z","birthday":"1990-05-17","guests":3,"opens":"09:00","#
            + #""price":2.5,"size":"medium","toppings":["cheese"]}"#)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        #expect(try decoder.decode(BookingForm.Values.self, from: Data(json.utf8)) == values)
        let empty = #"{"opens":"09:00","price":2.5,"toppings":[]}"#
        let decoded = try decoder.decode(BookingForm.Values.self, from: Data(empty.utf8))
        #expect(decoded.arrival == nil && decoded.guests == nil && decoded.toppings == [])
    }

    @Test func aRendererDrawsEveryElementThroughItsKind() {
        let form = BookingForm()
        form.context = Self.context
        let drawn = form.elements.map { element -> String in
            switch element.kind {
            case .number(let number): "\(number.id): \(number.text) \(number.unit ?? "")"
            case .date(let date): "\(date.id): \(date.mode) \(date.maximumValue.map { "\($0)" } ?? "-")"
            case .picker(let picker): "\(picker.id): \(picker.optionLabels.count)"
            case .multiChoice(let choice): "\(choice.id): \(choice.selectedIndices)"
            case .group, .boolean, .segment, .textField, .floatLabel, .textView, .spacer, .staticText, .segue, .list, .page: "other"
            }
        }
        #expect(drawn == [
            "guests:  ", "price: 2.50 EUR", "birthday: date date(2007-12-31)", "opens: time -", "arrival: dateTime -",
            "size: 3", "toppings: [0]",
        ])
    }
}
