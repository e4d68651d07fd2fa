import Testing
@testable import FormRuntime

private enum Plan: String, Sendable { case free, pro }
private enum Route: String, Hashable, Sendable { case privacyPolicy }

@MainActor
@Test func aRendererDrivesASegmentWithoutKnowingItsEnum() {
    let value = FormValue<Plan?>(nil)
    let element: any FormElement = SegmentElement<Plan?>(
        id: "plan", title: "Plan",
        options: [SegmentOption(value: .free, title: "Free"), SegmentOption(value: .pro, image: "star")],
        value: value
    )
    guard let segment = element as? any SegmentElementRepresentable else {
        Issue.record("a segment is SegmentElementRepresentable")
        return
    }
    #expect(segment.optionLabels.map(\.title) == ["Free", nil])
    #expect(segment.optionLabels.map(\.image) == [nil, "star"])
    #expect(segment.selectedIndex == nil)
    var seen: [Int?] = []
    let token = segment.addSelectionObserver { seen.append($0) }
    segment.selectedIndex = 1
    #expect(value.value == .pro)
    value.value = .free
    segment.removeSelectionObserver(token)
    value.value = .pro
    #expect(seen == [1, 0])
}

/// One view draws both kinds of choice of one: segments and pickers are
/// `SingleChoiceElementRepresentable`, and a picker adds only its style.
@MainActor
@Test func segmentsAndPickersAreOneChoiceOfOne() {
    let plan = FormValue<Plan>(.free)
    let route = FormValue<Plan?>(nil)
    let elements: [any FormElement] = [
        SegmentElement(id: "plan", options: [SegmentOption(value: .free), SegmentOption(value: .pro)], value: plan),
        PickerElement(id: "other", options: [SegmentOption(value: .free), SegmentOption(value: .pro, title: "Pro")], style: .wheel, value: route),
    ]
    var drawn: [String] = []
    for element in elements {
        guard let choice = element as? any SingleChoiceElementRepresentable else {
            Issue.record("\(element) is a choice of one")
            continue
        }
        choice.selectedIndex = 1
        let style = (element as? any PickerElementRepresentable)?.style.rawValue ?? "segmented"
        drawn.append("\(choice.id) \(choice.selectedIndex.map(String.init) ?? "-") \(choice.optionLabels.count) \(style)")
    }
    #expect(drawn == ["plan 1 2 segmented", "other 1 2 wheel"])
    #expect(plan.value == .pro)
    #expect(route.value == .pro)
    #expect(elements[0] as? any PickerElementRepresentable == nil)
}

@MainActor
@Test func aRendererReadsASeguesActionID() {
    let element: any FormElement = SegueElement(action: Route.privacyPolicy, title: "Privacy", accessoryIcon: "chevron.right")
    let segue = element as? any SegueElementRepresentable
    #expect(segue?.actionID == "privacyPolicy")
    #expect(segue?.title == "Privacy")
    #expect(segue?.accessoryIcon == "chevron.right")
}
