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

@MainActor
@Test func aRendererReadsASeguesActionID() {
    let element: any FormElement = SegueElement(action: Route.privacyPolicy, title: "Privacy", accessoryIcon: "chevron.right")
    let segue = element as? any SegueElementRepresentable
    #expect(segue?.actionID == "privacyPolicy")
    #expect(segue?.title == "Privacy")
    #expect(segue?.accessoryIcon == "chevron.right")
}
