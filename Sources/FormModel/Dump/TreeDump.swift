import FormJSON
import FormSource

/// `formc dump`: the checked element tree as JSON — every element's kind, id,
/// position, every key the decoder read, and its children — so that a user (or a
/// test) sees exactly what formc understood of a form.
public enum TreeDump {
    public static func json(for document: FormDocument, path: String) -> String {
        var members: [(String, JSONValue)] = [
            ("file", .string(path)),
            ("formc", .integer(document.version.value)),
            ("form", .string(document.name.value)),
        ]
        if let title = document.title { members.append(("title", .string(title.value))) }
        members.append(("validateOn", .string(document.defaultTrigger.rawValue)))
        if !document.optionSets.isEmpty {
            members.append(("options", .object(document.optionSets.map { ($0.name.value, options($0.options)) })))
        }
        members.append(("elements", ElementJSON.array(document.elements, adding: Self.members)))
        return JSONValue.object(members).rendered()
    }

    /// An element's members after its `kind` and `id` (ElementJSON writes those and
    /// its children): its position, every key the decoder read, its rules and the
    /// source text of its conditions.
    static func members(_ element: Element, _ members: inout ElementJSON.Members) {
        members.append("line", .integer(element.kindKeyRange.start.line))
        members.append("column", .integer(element.kindKeyRange.start.column))
        if !members.addSharedKeys(of: element.kind) {
            switch element.kind {
            case .group(let group):
                members.add("title", group.title)
                members.add("footer", group.footer)
                members.add("style", group.style)
                if let layout = group.layout {
                    switch layout.value {
                    case .intrinsic: members.append("layout", .string("intrinsic"))
                    case .constantHeight(let height): members.append("layout", .object([("constantHeight", ElementJSON.number(height))]))
                    }
                }
                members.add(insets: group.insets)
            case .segment(let field):
                members.add("title", field.title)
                members.append("enumName", .string(field.swiftEnumName))
                members.append("options", field.optionSet.map { .string($0.value) } ?? options(field.options))
                if let value = field.defaultValue { members.append("default", .string(value.value)) }
                members.add("style", field.pickerStyle)
            case .number(let field):
                members.add("title", field.title)
                members.add("placeholder", field.placeholder)
                members.add("unit", field.unit)
                members.append("decimals", .integer(field.places))
                if let value = field.defaultValue { members.append("default", decimal(value.value)) }
                if let step = field.step { members.append("step", decimal(step.value)) }
                members.add("style", field.style)
            case .date(let field):
                members.add("title", field.title)
                members.append("mode", .string(field.dateMode.rawValue))
                if let value = field.defaultValue { members.append("default", .string(value.value.description)) }
                members.add("style", field.style)
            case .multiChoice(let field):
                members.add("title", field.title)
                members.append("enumName", .string(field.swiftEnumName))
                members.append("options", field.optionSet.map { .string($0.value) } ?? options(field.options))
                if let values = field.defaultValues { members.append("default", .array(values.value.map { .string($0.value) })) }
                members.add("style", field.style)
            case .staticText(let text):
                members.append("text", .string(text.text.value))
                members.add("alignment", text.alignment)
                members.add("style", text.style)
            case .list(let list):
                members.add("title", list.title)
                members.add("itemTitle", list.itemTitle)
                members.add("addTitle", list.addTitle)
                members.append("itemType", .string(list.swiftItemType))
                members.append("minItems", .integer(list.minimum))
                if let maximum = list.maxItems { members.append("maxItems", .integer(maximum.value)) }
                members.append("initialItems", .integer(list.initialCount))
                members.append("elements", ElementJSON.array(list.elements, adding: Self.members))
            case .boolean, .text, .spacer, .segue:
                break
            }
        }
        if let field = element.field {
            members.add("validateOn", field.validateOn)
            if !field.rules.isEmpty { members.append("rules", .array(field.rules.map(rule))) }
        }
        if let condition = element.visibleWhen { members.append("visibleWhen", .string(condition.source.value)) }
        if let condition = element.enabledWhen { members.append("enabledWhen", .string(condition.source.value)) }
    }

    static func rule(_ rule: RuleDecl) -> JSONValue {
        var members: [(String, JSONValue)] = [("rule", .string(rule.kind.name))]
        switch rule.kind {
        case .minLength(let count), .maxLength(let count): members.append(("value", .integer(count)))
        case .pattern(let text), .sameAs(let text), .custom(let text): members.append(("value", .string(text)))
        case .min(let text), .max(let text): members.append(("value", .string(text)))
        case .minField(let id), .maxField(let id): members.append(("field", .string(id)))
        case .minCount(let count), .maxCount(let count): members.append(("value", .integer(count)))
        case .required, .email, .url: break
        }
        if let message = rule.message { members.append(("message", .string(message.value))) }
        if let debounce = rule.debounce { members.append(("debounce", .integer(debounce.value))) }
        if let when = rule.when { members.append(("when", .string(when.source.value))) }
        members.append(("line", .integer(rule.nameRange.start.line)))
        members.append(("column", .integer(rule.nameRange.start.column)))
        return .object(members)
    }

    static func options(_ options: [SegmentOption]) -> JSONValue {
        .array(options.map { option in
            var members: [(String, JSONValue)] = [("value", .string(option.value.value)), ("case", .string(option.caseName))]
            if let title = option.title { members.append(("title", .string(title.value))) }
            if let image = option.image { members.append(("image", .string(image.value))) }
            return .object(members)
        })
    }

    /// A whole number as a JSON integer; a fraction as its exact decimal text.
    static func decimal(_ value: DecimalLiteral) -> JSONValue {
        value.integerValue.map { .integer($0) } ?? .string(value.description)
    }
}
