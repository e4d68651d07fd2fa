import Testing
@testable import FormRuntime

@MainActor
@Suite struct ElementTests {
    enum Plan: String, CaseIterable, Sendable { case free, pro }
    enum Action: String, CaseIterable, Sendable { case openTerms }

    @Test func defaultsAreTheSpecDefaults() {
        let text = TextFieldElement(id: "email", value: FormValue(""))
        #expect(text.placeholder == nil && text.label == nil)
        #expect(!text.secure && text.keyboard == .default && text.contentType == nil)
        #expect(text.autocapitalization == .sentences && text.continuous && text.maxInputLength == nil)
        let group = GroupElement(elements: [])
        #expect(group.id == nil && group.style == .plain && group.layout == .intrinsic && group.insets == nil)
        let float = FloatLabelElement(id: "password", label: "Password", value: FormValue(""))
        #expect(!float.multiline && float.continuous && !float.secure)
        let staticText = StaticTextElement(text: "Welcome")
        #expect(staticText.alignment == .leading && staticText.style == .body)
        #expect(TextViewElement(id: "bio", value: FormValue("")).continuous)
        #expect(text.isVisible && text.isEnabled)
    }

    @Test func conditionsAreAskedEachTime() {
        let plan = FormValue(Plan.free)
        let company = TextFieldElement(
            id: "company", value: FormValue(""),
            visible: { plan.value == .pro },
            enabled: { plan.value != .pro }
        )
        #expect(!company.isVisible && company.isEnabled)
        plan.value = .pro
        #expect(company.isVisible && !company.isEnabled)
    }

    @Test func aTreeOfEveryKind() {
        let newsletter = FormValue(true)
        let plan = FormValue<Plan?>(nil)
        let elements: [any FormElement] = [
            StaticTextElement(text: "Welcome!", alignment: .center, style: .headline),
            GroupElement(
                id: "account", title: "Account", footer: "We never share it.", style: .grouped,
                layout: .constantHeight(120), insets: FormEdgeInsets(top: 8, left: 16),
                elements: [
                    TextFieldElement(id: "email", placeholder: "you@example.com", keyboard: .email,
                                     contentType: .email, autocapitalization: .none, value: FormValue("")),
                    FloatLabelElement(id: "password", label: "Password", secure: true,
                                      contentType: .newPassword, value: FormValue("")),
                ]
            ),
            SpacerElement(height: 16),
            BooleanElement(id: "newsletter", title: "Send me product news", icon: "mail", value: newsletter),
            SegmentElement(id: "plan", title: "Plan",
                           options: [SegmentOption(value: .free, title: "Free"), SegmentOption(value: .pro, image: "pro")],
                           value: plan),
            SegueElement(action: Action.openTerms, title: "Terms", accessoryIcon: "chevron"),
        ]
        #expect(elements.count == 6)
        let group = elements[1] as? GroupElement
        #expect(group?.insets == FormEdgeInsets(top: 8, left: 16, bottom: 0, right: 0))
        #expect(group?.elements.count == 2)
        #expect((group?.elements[0] as? TextFieldElement)?.autocapitalization == Autocapitalization.none)
        #expect((elements[5] as? SegueElement<Action>)?.action == .openTerms)
    }

    @Test func segmentSelectionWithoutADefault() {
        let plan = FormValue<Plan?>(nil)
        let segment = SegmentElement(
            id: "plan", options: [SegmentOption(value: .free, title: "Free"), SegmentOption(value: .pro, title: "Pro")],
            value: plan
        )
        #expect(segment.selectedIndex == nil)
        segment.selectedIndex = 1
        #expect(plan.value == .pro)
        #expect(segment.selectedIndex == 1)
        segment.selectedIndex = 7
        #expect(plan.value == .pro)
    }

    @Test func segmentSelectionWithADefault() {
        let plan = FormValue(Plan.free)
        let segment = SegmentElement(id: "plan", options: Plan.allCases.map { SegmentOption(value: $0) }, value: plan)
        #expect(segment.selectedIndex == 0)
        segment.selectedIndex = 1
        #expect(plan.value == .pro)
    }

    @Test func presentationEnumsSpellTheFormKeys() {
        #expect(KeyboardType(rawValue: "default") == .default)
        #expect(TextContentType.allCases.count == 13)
        #expect(Autocapitalization(rawValue: "none") == Autocapitalization.none)
        #expect(GroupStyle.allCases.map(\.rawValue) == ["plain", "grouped"])
        #expect(TextStyle.allCases.map(\.rawValue) == ["body", "footnote", "caption", "headline"])
        #expect(FormTextAlignment.allCases.map(\.rawValue) == ["leading", "center", "trailing"])
    }
}
