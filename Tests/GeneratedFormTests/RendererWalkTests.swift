import Foundation
import FormRuntime
import Testing

/// A renderer in miniature: it walks `elements` the way the README shows, drawing
/// each visible element as one line of text. If the generated tree or the runtime's
/// element types change shape, this stops compiling or its output changes.
@MainActor
func draw(_ elements: [any FormElement], indent: String = "") -> [String] {
    var lines: [String] = []
    for element in elements where element.isVisible {
        switch element.kind {
        case .group(let group):
            lines.append(indent + "[\(group.title ?? "")]")
            lines += draw(group.elements, indent: indent + "  ")
        case .boolean(let toggle):
            lines.append(indent + "(\(toggle.value.value ? "x" : " ")) \(toggle.title)")
        case .segment(let segment):
            lines.append(indent + "\(segment.title ?? segment.id): " + choices(segment.optionLabels, [segment.selectedIndex]))
        case .textField(let field):
            lines.append(indent + "\(field.label ?? field.placeholder ?? field.id): \"\(field.value.value)\"")
        case .floatLabel(let field):
            lines.append(indent + "\(field.label): \"\(field.value.value)\"")
        case .textView(let field):
            lines.append(indent + "\(field.placeholder ?? field.id): \"\(field.value.value)\"")
        case .spacer(let spacer):
            lines.append(indent + "--- \(Int(spacer.height))pt")
        case .staticText(let text):
            lines.append(indent + text.text)
        case .segue(let segue):
            lines.append(indent + "> \(segue.title) (\(segue.actionID))")
        case .number(let number):
            let unit = number.unit.map { " " + $0 } ?? ""
            lines.append(indent + "\(number.title ?? number.id) [\(number.style)]: \(number.text)\(unit)")
        case .date(let date):
            lines.append(indent + "\(date.title ?? date.id) [\(date.mode)]: \(date.dateValue.map(describe) ?? "—")")
        case .picker(let picker):
            lines.append(indent + "\(picker.title ?? picker.id) [\(picker.style)]: " + choices(picker.optionLabels, [picker.selectedIndex]))
        case .multiChoice(let choice):
            lines.append(indent + "\(choice.title ?? choice.id) [\(choice.style)]: " + choices(choice.optionLabels, choice.selectedIndices))
        case .list(let list):
            lines.append(indent + "[\(list.title ?? list.id)]")
            for (number, entry) in list.entries.enumerated() {
                lines.append(indent + "  \(list.itemTitle ?? "Entry") \(number + 1)" + (list.canRemove ? " (remove)" : ""))
                lines += draw(entry.elements, indent: indent + "    ")
            }
            if list.canAppend { lines.append(indent + "  + \(list.addTitle ?? "Add")") }
        case .page(let page):
            lines.append(indent + "== \(page.title ?? page.id) ==")
            lines += draw(page.elements, indent: indent + "  ")
        }
    }
    return lines
}

/// Option titles with the selected ones between asterisks.
private func choices(_ labels: [(title: String?, image: String?)], _ selected: [Int?]) -> String {
    labels.enumerated().map { index, label in
        selected.contains(index) ? "*\(label.title ?? "")*" : (label.title ?? "")
    }.joined(separator: " | ")
}

private func describe(_ value: DateElementValue) -> String {
    switch value {
    case .date(let date): date.iso8601
    case .time(let time): time.iso8601
    case .dateTime(let instant): FormDateTime<Date>.iso8601(instant) ?? "?"
    }
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

@MainActor
@Test func aRendererWalksTheBookingForm() {
    let form = BookingForm()
    #expect(draw(form.elements) == [
        "[Your party]",
        "  Guests [stepper]: 2",
        "  Budget per person [field]:  EUR",
        "  Date of birth [date]: —",
        "[Your visit]",
        "  Day [date]: —",
        "  Arrival time [time]: 19:30",
        "  Seating [menu]: Inside | Terrace | At the bar",
        "  Dietary needs [chips]: vegetarian | vegan | gluten-free | lactose-free",
        "( ) Send me a reminder",
    ])
    form.budget.value = Decimal(string: "12.5")
    form.seating.value = .bar
    form.diet.value = [.vegan]
    form.reminder.value = true
    form.reminderAt.value = Date(timeIntervalSince1970: 1_769_851_800)
    let lines = draw(form.elements)
    #expect(lines.contains("  Budget per person [field]: 12.50 EUR"))
    #expect(lines.contains("  Seating [menu]: Inside | Terrace | *At the bar*"))
    #expect(lines.contains("  Dietary needs [chips]: vegetarian | *vegan* | gluten-free | lactose-free"))
    #expect(lines.contains("  Tell us about allergies: \"\""), "shown once a diet is chosen")
    #expect(lines.last == "Remind me at [dateTime]: 2026-01-31T09:30:00Z")
}

@MainActor
@Test func aRendererWalksTheIntakeFormsPages() {
    let form = IntakeForm(validators: EmailDirectory())
    // A hidden page is not drawn, nor its fields.
    #expect(draw(form.elements).filter { $0.hasPrefix("==") } == ["== About you ==", "== Medical history =="])
    form.visitReason.value = .injury
    let lines = draw(form.elements)
    #expect(lines.filter { $0.hasPrefix("==") } == ["== About you ==", "== Symptoms ==", "== Medical history =="])
    #expect(lines.contains("  Days since it started [field]:  days"))
}

@MainActor
@Test func aRendererWalksTheJobApplicationsLists() {
    let form = JobApplicationForm()
    #expect(draw(form.elements) == [
        "[About you]",
        "  Full name: \"\"",
        "  you@example.com: \"\"",
        "[Previous employers]",
        "  Employer 1",
        "    Company: \"\"",
        "    Role: \"\"",
        "    From [date]: —",
        "    ( ) I still work here",
        "    To [date]: —",
        "  + Add another employer",
        "[References]",
        "  + Add a reference",
        "( ) I confirm the above is true",
    ])
    // Each entry's conditions are its own: checking `current` hides that entry's end date only.
    form.employers.append()
    form.employers.entries[0].current.value = true
    let lines = draw(form.elements)
    #expect(lines.filter { $0.contains("To [date]") }.count == 1)
    #expect(lines.contains("  Employer 2 (remove)"))
}
