import Foundation
import Testing
@testable import FormRuntime

/// The element kinds of SPEC §10, their type-erased views, and `FormElementKind` (SPEC §13).
@MainActor
@Suite struct FieldKindElementTests {
    enum Size: String, Sendable { case small, medium, large }
    enum Topping: String, Sendable { case cheese, ham, olives }
    enum Route: String, Sendable { case help }

    func decimal(_ text: String) throws -> Decimal {
        try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
    }

    // MARK: number

    @Test func numberDefaultsAreTheSpecDefaults() throws {
        let count = NumberElement(id: "count", value: FormValue<Int?>(nil))
        #expect(count.title == nil && count.placeholder == nil && count.unit == nil)
        #expect(count.decimals == 0 && count.step == 1 && count.style == .field)
        #expect(count.minimum == nil && count.maximum == nil)
        #expect(count.isVisible && count.isEnabled)
        let price = NumberElement(id: "price", decimals: 2, value: FormValue<Decimal>(0))
        #expect(price.step == (try decimal("0.01")))
        let weight = NumberElement(id: "weight", unit: "kg", decimals: 1, step: 5, minimum: 0, maximum: 200,
                                   style: .slider, value: FormValue<Decimal?>(nil))
        #expect(weight.step == 5 && weight.minimum == 0 && weight.maximum == 200 && weight.unit == "kg")
    }

    @Test func anIntegerFieldThroughItsErasedView() throws {
        let value = FormValue<Int?>(nil)
        let element: any FormElement = NumberElement(id: "age", title: "Age", value: value)
        let number = try #require(element as? any NumberElementRepresentable)
        #expect(number.decimalValue == nil && number.text == "")
        var seen: [Decimal?] = []
        let token = number.addDecimalObserver { seen.append($0) }
        number.decimalValue = 42
        #expect(value.value == 42 && number.text == "42")
        number.decimalValue = try decimal("2.5") // rounded half away from zero to 0 places
        #expect(value.value == 3)
        number.decimalValue = try decimal("-2.5")
        #expect(value.value == -3)
        number.decimalValue = try decimal("1e30") // beyond Int: nothing changes
        #expect(value.value == -3)
        number.decimalValue = nil
        #expect(value.value == nil)
        number.removeDecimalObserver(token)
        value.value = 7
        #expect(seen == [42, 3, -3, nil])
    }

    @Test func aDecimalFieldWithADefaultThroughItsErasedView() throws {
        let value = FormValue<Decimal>(try decimal("2.5"))
        let number: any NumberElementRepresentable = NumberElement(id: "price", decimals: 2, value: value)
        #expect(number.text == "2.50")
        number.decimalValue = try decimal("1.005")
        #expect(value.value == (try decimal("1.01")))
        number.decimalValue = nil // a field with a default cannot be emptied
        #expect(value.value == (try decimal("1.01")))
        value.value = try decimal("-0.1")
        #expect(number.text == "-0.10")
        value.value = 12
        #expect(number.text == "12.00")
        value.value = try decimal("0.123456")
        #expect(number.text == "0.12")
        #expect(number.decimalValue == (try decimal("0.123456")))
    }

    @Test func numberValueConversionsAreExact() throws {
        #expect(Int(decimalValue: try decimal("12")) == 12)
        #expect(Int(decimalValue: try decimal("-12")) == -12)
        #expect(Int(decimalValue: try decimal("12.5")) == nil)
        #expect(Int(decimalValue: try decimal("9223372036854775808")) == nil)
        #expect(Int(decimalValue: Decimal(Int.max)) == Int.max)
        #expect(Int(decimalValue: nil) == nil)
        #expect(Decimal(decimalValue: nil) == nil)
        #expect(Decimal(decimalValue: .nan) == nil)
        #expect(Int?(decimalValue: nil) == .some(nil))
        #expect(Int?(decimalValue: try decimal("0.5")) == nil)
        #expect(Decimal?(decimalValue: 3) == .some(3))
    }

    // MARK: date

    @Test func dateDefaultsAndModes() throws {
        let birthday = DateElement(id: "birthday", value: FormValue<FormDate?>(nil))
        #expect(birthday.mode == .date && birthday.style == .compact && birthday.title == nil)
        #expect(birthday.minimum == nil && birthday.maximum == nil)
        #expect(DateElement(id: "opens", value: FormValue<FormTime?>(nil)).mode == .time)
        #expect(DateElement(id: "arrival", style: .graphical, value: FormValue(Date())).mode == .dateTime)
        let bounded = DateElement(id: "birthday", minimum: FormDate(year: 1900, month: 1, day: 1),
                                  maximum: FormDate(year: 2026, month: 1, day: 31), value: FormValue<FormDate?>(nil))
        #expect(bounded.minimumValue == FormDate(year: 1900, month: 1, day: 1).map(DateElementValue.date))
        #expect(bounded.maximum?.iso8601 == "2026-01-31")
    }

    @Test func aDateFieldThroughItsErasedView() throws {
        let value = FormValue<FormDate?>(nil)
        let date: any DateElementRepresentable = DateElement(id: "birthday", value: value)
        #expect(date.dateValue == nil && date.mode == .date)
        var seen: [DateElementValue?] = []
        let token = date.addDateObserver { seen.append($0) }
        let day = try #require(FormDate(year: 2024, month: 2, day: 29))
        date.dateValue = .date(day)
        #expect(value.value == day)
        date.dateValue = .time(try #require(FormTime(hour: 9, minute: 30))) // another mode: ignored
        date.dateValue = .dateTime(Date())
        #expect(value.value == day)
        date.dateValue = nil
        #expect(value.value == nil)
        date.removeDateObserver(token)
        value.value = day
        #expect(seen == [.date(day), nil])
    }

    @Test func aNonOptionalTimeCannotBeEmptied() throws {
        let nine = try #require(FormTime(hour: 9, minute: 0))
        let value = FormValue(nine)
        let time: any DateElementRepresentable = DateElement(id: "opens", value: value)
        time.dateValue = nil
        #expect(value.value == nine)
        time.dateValue = .time(try #require(FormTime(hour: 17, minute: 45)))
        #expect(value.value.iso8601 == "17:45")
        #expect(time.dateValue?.mode == .time)
    }

    // MARK: picker

    @Test func aPickerThroughItsErasedView() throws {
        let value = FormValue<Size?>(nil)
        let element: any FormElement = PickerElement(
            id: "size", title: "Size",
            options: [SegmentOption(value: .small, title: "S"), SegmentOption(value: .medium, title: "M"),
                      SegmentOption(value: .large, image: "large")],
            style: .wheel, value: value
        )
        let picker = try #require(element as? any PickerElementRepresentable)
        #expect(picker.style == .wheel && picker.title == "Size")
        #expect(picker.optionLabels.map(\.title) == ["S", "M", nil])
        #expect(picker.optionLabels.map(\.image) == [nil, nil, "large"])
        #expect(picker.selectedIndex == nil)
        var seen: [Int?] = []
        let token = picker.addSelectionObserver { seen.append($0) }
        picker.selectedIndex = 2
        #expect(value.value == .large)
        picker.selectedIndex = 3 // out of range: nothing changes
        picker.selectedIndex = nil
        #expect(value.value == .large)
        value.value = .small
        picker.removeSelectionObserver(token)
        value.value = .medium
        #expect(seen == [2, 0])
        #expect(PickerElement(id: "p", options: [SegmentOption(value: 1)], value: FormValue(1)).style == .menu)
    }

    // MARK: multiChoice

    func toppings(_ value: FormValue<[Topping]>) -> MultiChoiceElement<Topping> {
        MultiChoiceElement(
            id: "toppings", title: "Toppings",
            options: [SegmentOption(value: .cheese, title: "Cheese"), SegmentOption(value: .ham, title: "Ham"),
                      SegmentOption(value: .olives, title: "Olives")],
            value: value
        )
    }

    @Test func aMultiChoiceKeepsOptionOrderWithoutRepeats() {
        let value = FormValue<[Topping]>([])
        let element = toppings(value)
        #expect(element.style == .checklist)
        element.selectedIndices = [2, 0, 2, 7, -1]
        #expect(value.value == [.cheese, .olives])
        #expect(element.selectedIndices == [0, 2])
        element.setSelected(true, at: 1)
        #expect(value.value == [.cheese, .ham, .olives])
        element.setSelected(false, at: 0)
        element.setSelected(true, at: 9)
        #expect(value.value == [.ham, .olives])
        element.selectedIndices = []
        #expect(value.value == [])
    }

    @Test func aMultiChoiceThroughItsErasedView() throws {
        let value = FormValue<[Topping]>([.ham])
        let element: any FormElement = toppings(value)
        let choice = try #require(element as? any MultiChoiceElementRepresentable)
        #expect(choice.optionLabels.map(\.title) == ["Cheese", "Ham", "Olives"])
        #expect(choice.selectedIndices == [1])
        var seen: [[Int]] = []
        let token = choice.addSelectionObserver { seen.append($0) }
        choice.setSelected(true, at: 2)
        value.value = [.cheese]
        choice.removeSelectionObserver(token)
        choice.setSelected(true, at: 1)
        #expect(seen == [[1, 2], [0]])
        #expect(value.value == [.cheese, .ham])
    }

    // MARK: FormElementKind

    /// What a renderer writes: one exhaustive `switch` over every kind, with no
    /// `default`, so that a kind added later stops it compiling.
    func draw(_ element: any FormElement) -> String {
        switch element.kind {
        case .group(let group): "group \(group.id ?? "-") [\(group.elements.map(draw).joined(separator: ", "))]"
        case .boolean(let boolean): "boolean \(boolean.id)"
        case .segment(let segment): "segment \(segment.id) \(segment.optionLabels.count)"
        case .textField(let field): "textField \(field.id)"
        case .floatLabel(let field): "floatLabel \(field.id)"
        case .textView(let view): "textView \(view.id)"
        case .spacer(let spacer): "spacer \(Int(spacer.height))"
        case .staticText(let text): "staticText \(text.text)"
        case .segue(let segue): "segue \(segue.actionID)"
        case .number(let number): "number \(number.id) \(number.text)"
        case .date(let date): "date \(date.id) \(date.mode)"
        case .picker(let picker): "picker \(picker.id) \(picker.selectedIndex ?? -1)"
        case .multiChoice(let choice): "multiChoice \(choice.id) \(choice.selectedIndices)"
        case .list(let list): "list \(list.id) [\(list.entries.map { $0.elements.map(draw).joined(separator: ", ") }.joined(separator: " | "))]"
        case .page(let page): "page \(page.id) \(page.title ?? "-") [\(page.elements.map(draw).joined(separator: ", "))]"
        }
    }

    @Test func everyKindIsCarriedByItsCase() {
        let elements: [any FormElement] = [
            GroupElement(id: "account", elements: [
                BooleanElement(id: "newsletter", title: "News", value: FormValue(true)),
                SegmentElement(id: "plan", options: [SegmentOption(value: "a"), SegmentOption(value: "b")], value: FormValue("a")),
            ]),
            TextFieldElement(id: "email", value: FormValue("")),
            FloatLabelElement(id: "password", label: "Password", value: FormValue("")),
            TextViewElement(id: "bio", value: FormValue("")),
            SpacerElement(height: 16),
            StaticTextElement(text: "Hi"),
            SegueElement(action: Route.help, title: "Help"),
            NumberElement(id: "price", decimals: 2, value: FormValue<Decimal?>(5)),
            DateElement(id: "opens", value: FormValue<FormTime?>(nil)),
            PickerElement(id: "size", options: [SegmentOption(value: Size.small), SegmentOption(value: .large)],
                          value: FormValue(Size.large)),
            toppings(FormValue([.olives])),
            PageElement(id: "contact", title: "Contact", elements: [TextFieldElement(id: "phone", value: FormValue(""))]),
        ]
        #expect(elements.map(draw) == [
            "group account [boolean newsletter, segment plan 2]",
            "textField email", "floatLabel password", "textView bio", "spacer 16", "staticText Hi", "segue help",
            "number price 5.00", "date opens time", "picker size 1", "multiChoice toppings [2]",
            "page contact Contact [textField phone]",
        ])
        #expect(elements.allSatisfy { $0.kind.element === $0 })
    }

    /// A segue whose action is not `String`-backed is still drawn, by its description.
    @Test func aSegueOfAnyActionHasAnID() {
        enum Plain: Hashable, Sendable { case openSettings }
        #expect(draw(SegueElement(action: Plain.openSettings, title: "Settings")) == "segue openSettings")
        #expect(draw(SegueElement(action: 7, title: "Seven")) == "segue 7")
    }
}
