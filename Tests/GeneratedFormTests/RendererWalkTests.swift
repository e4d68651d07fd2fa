import FormRuntime
import Testing

/// A renderer in miniature: it walks `elements` the way the README shows, drawing
/// each visible element as one line of text. If the generated tree or the runtime's
/// element types change shape, this stops compiling or its output changes.
@MainActor
func draw(_ elements: [any FormElement], indent: String = "") -> [String] {
    var lines: [String] = []
    for element in elements where element.isVisible {
        switch element {
        case let group as GroupElement:
            lines.append(indent + "[\(group.title ?? "")]")
            lines += draw(group.elements, indent: indent + "  ")
        case let toggle as BooleanElement:
            lines.append(indent + "(\(toggle.value.value ? "x" : " ")) \(toggle.title)")
        case let segment as any SegmentElementRepresentable:
            let titles = segment.optionLabels.enumerated().map { index, label in
                index == segment.selectedIndex ? "*\(label.title ?? "")*" : (label.title ?? "")
            }
            lines.append(indent + "\(segment.title ?? segment.id): " + titles.joined(separator: " | "))
        case let field as TextFieldElement:
            lines.append(indent + "\(field.label ?? field.placeholder ?? field.id): \"\(field.value.value)\"")
        case let field as FloatLabelElement:
            lines.append(indent + "\(field.label): \"\(field.value.value)\"")
        case let field as TextViewElement:
            lines.append(indent + "\(field.placeholder ?? field.id): \"\(field.value.value)\"")
        case let spacer as SpacerElement:
            lines.append(indent + "--- \(Int(spacer.height))pt")
        case let text as StaticTextElement:
            lines.append(indent + text.text)
        case let segue as any SegueElementRepresentable:
            lines.append(indent + "> \(segue.title) (\(segue.actionID))")
        default:
            lines.append(indent + "?")
        }
    }
    return lines
}

@MainActor
@Test func aRendererWalksTheSignUpForm() {
    let form = SignUpForm()
    #expect(draw(form.elements) == [
        "Welcome! It takes a minute.",
        "[Account]",
        "  you@example.com: \"\"",
        "  Password: \"\"",
        "  Repeat the password: \"\"",
        "--- 16pt",
        "(x) Send me product news",
        "Plan: *Free* | Pro",
        "( ) I accept the terms",
    ])
    // Choosing the pro plan shows the company field.
    form.plan.value = .pro
    #expect(draw(form.elements).contains("Company: \"\""))
}

@MainActor
@Test func aRendererWalksTheSettingsFormWithHiddenSections() {
    let form = SettingsForm()
    let lines = draw(form.elements)
    #expect(lines.contains("> Privacy policy (privacyPolicy)"))
    #expect(lines.contains("  Frequency: *instant* | hourly | daily"))
    #expect(!lines.contains { $0.contains("Server") })
    form.pushEnabled.value = false
    #expect(!draw(form.elements).contains { $0.contains("Frequency") })
}
