import Foundation
import FormRuntime
import Testing

// The behaviour scenarios of Tests/Scenarios/behaviour.json, run against the Swift
// that the build plugin generated from Forms/scenarios/. The same file runs against
// the preview page in Chromium (Tests/EndToEnd/test_preview.py): both must reach
// every expectation, so the page behaves as the generated code does.

/// What a scenario needs of a generated form; every generated form has these members.
@MainActor
protocol ScenarioForm: AnyObject {
    associatedtype Field: RawRepresentable & Hashable & Sendable where Field.RawValue == String
    var elements: [any FormElement] { get }
    func didChange(_ field: Field) async
    func didEndEditing(_ field: Field) async
    func state(of field: Field) -> FieldState
    func isVisible(_ field: Field) -> Bool
    func isEnabled(_ field: Field) -> Bool
    func validate() async -> FormRuntime.ValidationReport<Field>
    /// The clock and zone `today` is read from (SPEC §10); scenarios fix it as the page's fragment does.
    var context: FormRuntime.ValidationContext { get set }
}

extension ScenarioRulesForm: ScenarioForm {}
extension ScenarioTriggersForm: ScenarioForm {}
extension ScenarioConditionsForm: ScenarioForm {}
extension ScenarioTextRulesForm: ScenarioForm {}
extension ScenarioFieldKindsForm: ScenarioForm {}
extension ScenarioRelationsForm: ScenarioForm {}

/// Selects a segment's option by the value written in the form, whatever its enum.
@MainActor
protocol ScenarioSegment {
    func select(optionValue: String) -> Bool
    var selectedOptionValue: String? { get }
}

extension SegmentElement: ScenarioSegment {
    func select(optionValue: String) -> Bool {
        guard let option = options.first(where: { optionRawValue($0.value) == optionValue }) else { return false }
        value.value = option.value
        return true
    }

    var selectedOptionValue: String? { optionRawValue(value.value) }
}

/// A picker without a default can go back to nothing selected, as the page's "None"
/// choice does; `selectedIndex = nil` does not do it, so this sets the optional value.
@MainActor
protocol ScenarioPicker: ScenarioSegment {
    func selectNothing() -> Bool
}

extension PickerElement: ScenarioPicker {
    func selectNothing() -> Bool {
        guard let nothing = Optional<Any>.none as Any as? Value else { return false }
        value.value = nothing
        return true
    }

    func select(optionValue: String) -> Bool {
        guard let option = options.first(where: { optionRawValue($0.value) == optionValue }) else { return false }
        value.value = option.value
        return true
    }

    var selectedOptionValue: String? { optionRawValue(value.value) }
}

/// Chooses a multiChoice's options by the values written in the form.
@MainActor
protocol ScenarioMultiChoice {
    func choose(optionValues: [String]) -> Bool
    var chosenOptionValues: [String] { get }
}

extension MultiChoiceElement: ScenarioMultiChoice {
    func choose(optionValues: [String]) -> Bool {
        let known = options.compactMap { optionRawValue($0.value) }
        guard optionValues.allSatisfy(known.contains) else { return false }
        value.value = options.filter { optionValues.contains(optionRawValue($0.value) ?? "") }.map(\.value)
        return true
    }

    var chosenOptionValues: [String] { value.value.compactMap(optionRawValue) }
}

/// A date field's value from a scenario's text: `2026-03-15`, `09:30`, or for an
/// instant the wall-clock time `2026-03-15T09:30` in the context's zone, as the
/// page's datetime-local input reads it.
func scenarioDateValue(_ text: String, mode: DateMode, in zone: TimeZone) -> DateElementValue? {
    switch mode {
    case .date: return FormDate(iso8601: text).map(DateElementValue.date)
    case .time: return FormTime(iso8601: text).map(DateElementValue.time)
    case .dateTime:
        let parts = text.split(separator: "T")
        guard parts.count == 2, let day = FormDate(iso8601: String(parts[0])), let time = FormTime(iso8601: String(parts[1])) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let components = DateComponents(year: day.year, month: day.month, day: day.day, hour: time.hour, minute: time.minute)
        return calendar.date(from: components).map(DateElementValue.dateTime)
    }
}

/// The option value behind a segment's (possibly optional) enum case.
private func optionRawValue(_ value: Any) -> String? {
    (value as? any RawRepresentable)?.rawValue as? String
}

/// One run of a scenario against one form instance, with the user's focus
/// modelled as a page has it: focusing a field leaves the one focused before.
@MainActor
final class ScenarioRun<Form: ScenarioForm> {
    let form: Form
    let name: String
    private var focused: Form.Field?
    /// Fields, groups, segues by id, static texts as `text:…`, with the groups around each.
    private var located: [String: (element: any FormElement, groups: [GroupElement])] = [:]

    init(form: Form, name: String) {
        self.form = form
        self.name = name
        index(form.elements, groups: [])
    }

    private func index(_ elements: [any FormElement], groups: [GroupElement]) {
        for element in elements {
            switch element {
            case let group as GroupElement:
                if let id = group.id { located[id] = (group, groups) }
                index(group.elements, groups: groups + [group])
            case let field as BooleanElement: located[field.id] = (field, groups)
            case let field as any SegmentElementRepresentable: located[field.id] = (field, groups)
            case let field as TextFieldElement: located[field.id] = (field, groups)
            case let field as FloatLabelElement: located[field.id] = (field, groups)
            case let field as TextViewElement: located[field.id] = (field, groups)
            case let field as any NumberElementRepresentable: located[field.id] = (field, groups)
            case let field as any DateElementRepresentable: located[field.id] = (field, groups)
            case let field as any PickerElementRepresentable: located[field.id] = (field, groups)
            case let field as any MultiChoiceElementRepresentable: located[field.id] = (field, groups)
            case let text as StaticTextElement: located["text:" + text.text] = (text, groups)
            case let segue as any SegueElementRepresentable: located[segue.actionID] = (segue, groups)
            default: break
            }
        }
    }

    func field(_ id: String, _ step: Int) throws -> Form.Field {
        try #require(Form.Field(rawValue: id), "\(name), step \(step): no field '\(id)'")
    }

    private func leaveFocused() async {
        if let field = focused { await form.didEndEditing(field) }
        focused = nil
    }

    private func focus(_ field: Form.Field) async {
        if focused != field { await leaveFocused() }
        focused = field
    }

    func run(_ step: [String: Any], number: Int) async throws {
        if let id = step["set"] as? String {
            let field = try field(id, number)
            await focus(field)
            let element = try #require(located[id]?.element, "\(name), step \(number): no element '\(id)'")
            let changed: Bool
            switch (element, step["to"]) {
            case let (toggle as BooleanElement, value as Bool):
                changed = toggle.value.value != value
                toggle.value.value = value
            case let (segment as any ScenarioSegment, value as String):
                changed = segment.selectedOptionValue != value
                #expect(segment.select(optionValue: value), "\(name), step \(number): '\(value)' is no option of '\(id)'")
            case let (text as TextFieldElement, value as String):
                changed = text.value.value != value
                text.value.value = value
            case let (text as FloatLabelElement, value as String):
                changed = text.value.value != value
                text.value.value = value
            case let (text as TextViewElement, value as String):
                changed = text.value.value != value
                text.value.value = value
            case let (picker as any ScenarioPicker, _ as NSNull):
                changed = picker.selectedOptionValue != nil
                #expect(picker.selectNothing(), "\(name), step \(number): '\(id)' has a default and cannot be emptied")
            case let (numberField as any NumberElementRepresentable, value):
                let old = numberField.decimalValue
                if let text = value as? String {
                    let decimal = try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), "\(name), step \(number): '\(text)' is no number")
                    numberField.decimalValue = decimal
                } else {
                    #expect(value is NSNull, "\(name), step \(number): a number is set to a string or null")
                    numberField.decimalValue = nil
                }
                changed = numberField.decimalValue != old
            case let (dateField as any DateElementRepresentable, value):
                let old = dateField.dateValue
                if let text = value as? String {
                    let parsed = scenarioDateValue(text, mode: dateField.mode, in: form.context.timeZone)
                    let value: DateElementValue = try #require(parsed, "\(name), step \(number): '\(text)' is no \(dateField.mode) value")
                    dateField.dateValue = value
                } else {
                    #expect(value is NSNull, "\(name), step \(number): a date is set to a string or null")
                    dateField.dateValue = nil
                }
                changed = dateField.dateValue != old
            case let (choice as any ScenarioMultiChoice, values as [String]):
                changed = choice.chosenOptionValues != values
                #expect(choice.choose(optionValues: values), "\(name), step \(number): \(values) are not all options of '\(id)'")
            default:
                Issue.record("\(name), step \(number): cannot set '\(id)' to \(String(describing: step["to"]))")
                return
            }
            // A page reports no change when the value stays: a scenario never does that.
            #expect(changed, "\(name), step \(number): '\(id)' already has this value")
            await form.didChange(field)
        } else if let id = step["blur"] as? String {
            let field = try field(id, number)
            await focus(field)
            await leaveFocused()
        } else if step["validate"] != nil {
            await leaveFocused()
            _ = await form.validate()
        } else if let expectation = step["expect"] as? [String: Any] {
            try check(expectation, number: number)
        } else {
            Issue.record("\(name), step \(number): unknown step \(step)")
        }
    }

    private func check(_ expectation: [String: Any], number: Int) throws {
        for (id, expected) in (expectation["states"] as? [String: String] ?? [:]).sorted(by: { $0.key < $1.key }) {
            let state = describe(form.state(of: try field(id, number)))
            #expect(state == expected, "\(name), step \(number): state of '\(id)'")
        }
        for (id, expected) in (expectation["visible"] as? [String: Bool] ?? [:]).sorted(by: { $0.key < $1.key }) {
            let visible: Bool
            if let field = Form.Field(rawValue: id) {
                visible = form.isVisible(field)
            } else {
                let entry = try #require(located[id], "\(name), step \(number): no element '\(id)'")
                visible = entry.element.isVisible && entry.groups.allSatisfy(\.isVisible)
            }
            #expect(visible == expected, "\(name), step \(number): visibility of '\(id)'")
        }
        for (id, expected) in (expectation["enabled"] as? [String: Bool] ?? [:]).sorted(by: { $0.key < $1.key }) {
            let enabled: Bool
            if let field = Form.Field(rawValue: id) {
                enabled = form.isEnabled(field)
            } else {
                let entry = try #require(located[id], "\(name), step \(number): no element '\(id)'")
                enabled = entry.element.isEnabled && entry.groups.allSatisfy(\.isEnabled)
            }
            #expect(enabled == expected, "\(name), step \(number): enablement of '\(id)'")
        }
    }

    private func describe(_ state: FieldState) -> String {
        switch state {
        case .idle: "idle"
        case .validating: "validating"
        case .valid: "valid"
        case .invalid(let message): "invalid: " + message
        }
    }
}

@MainActor
struct ScenarioTests {
    static let file = URL(filePath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Scenarios/behaviour.json")

    static func scenarios() throws -> [[String: Any]] {
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        return try #require(root?["scenarios"] as? [[String: Any]])
    }

    @Test func everyScenarioReachesEveryExpectation() async throws {
        let scenarios = try Self.scenarios()
        #expect(scenarios.count >= 5)
        for scenario in scenarios {
            let name = try #require(scenario["name"] as? String)
            let steps = try #require(scenario["steps"] as? [[String: Any]])
            let context = try Self.context(of: scenario)
            switch scenario["type"] as? String {
            case "ScenarioRulesForm": try await run(steps, ScenarioRun(form: ScenarioRulesForm(), name: name), context)
            case "ScenarioTriggersForm": try await run(steps, ScenarioRun(form: ScenarioTriggersForm(), name: name), context)
            case "ScenarioConditionsForm": try await run(steps, ScenarioRun(form: ScenarioConditionsForm(), name: name), context)
            case "ScenarioTextRulesForm": try await run(steps, ScenarioRun(form: ScenarioTextRulesForm(), name: name), context)
            case "ScenarioFieldKindsForm": try await run(steps, ScenarioRun(form: ScenarioFieldKindsForm(), name: name), context)
            case "ScenarioRelationsForm": try await run(steps, ScenarioRun(form: ScenarioRelationsForm(), name: name), context)
            default: Issue.record("\(name): unknown form type \(String(describing: scenario["type"]))")
            }
        }
    }

    /// A scenario's `now` (ISO 8601 with a zone) and `timeZone` (an IANA name): the
    /// same fixed clock the browser run puts in the page's fragment.
    static func context(of scenario: [String: Any]) throws -> FormRuntime.ValidationContext? {
        guard let now = scenario["now"] as? String else { return nil }
        let instant = try #require(ISO8601DateFormatter().date(from: now), "bad now \(now)")
        let zoneName = try #require(scenario["timeZone"] as? String, "a scenario with now names its timeZone")
        let zone = try #require(TimeZone(identifier: zoneName), "unknown zone \(zoneName)")
        return FormRuntime.ValidationContext(now: instant, timeZone: zone)
    }

    private func run<Form: ScenarioForm>(_ steps: [[String: Any]], _ run: ScenarioRun<Form>, _ context: FormRuntime.ValidationContext?) async throws {
        if let context { run.form.context = context }
        for (number, step) in steps.enumerated() {
            try await run.run(step, number: number)
        }
    }

    /// The runner fails when the generated code disagrees: a wrong expectation is caught.
    @Test func aWrongExpectationFails() async throws {
        await withKnownIssue {
            let run = ScenarioRun(form: ScenarioTriggersForm(), name: "wrong")
            try await run.run(["set": "onChange", "to": "a"], number: 0)
            try await run.run(["expect": ["states": ["onChange": "valid"]]], number: 1)
        }
    }
}
