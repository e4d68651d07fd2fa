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
        members.append(("elements", .array(document.elements.map(element))))
        return JSONValue.object(members).rendered()
    }

    static func element(_ element: Element) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("kind", .string(element.kind.keyword)),
        ]
        if let id = element.id { members.append(("id", .string(id.value))) }
        members.append(("line", .integer(element.kindKeyRange.start.line)))
        members.append(("column", .integer(element.kindKeyRange.start.column)))

        func add(_ key: String, _ value: Located<String>?) {
            if let value { members.append((key, .string(value.value))) }
        }
        func add(_ key: String, _ value: Located<Bool>?) {
            if let value { members.append((key, .bool(value.value))) }
        }
        func add<E: RawRepresentable>(_ key: String, _ value: Located<E>?) where E.RawValue == String {
            if let value { members.append((key, .string(value.value.rawValue))) }
        }

        switch element.kind {
        case .group(let group):
            add("title", group.title)
            add("footer", group.footer)
            add("style", group.style)
            if let layout = group.layout {
                switch layout.value {
                case .intrinsic: members.append(("layout", .string("intrinsic")))
                case .constantHeight(let height): members.append(("layout", .object([("constantHeight", number(height))])))
                }
            }
            if let insets = group.insets?.value {
                members.append(("insets", .object([
                    ("top", number(insets.top)), ("left", number(insets.left)),
                    ("bottom", number(insets.bottom)), ("right", number(insets.right)),
                ])))
            }
        case .boolean(let field):
            add("title", field.title)
            add("icon", field.icon)
            members.append(("default", .bool(field.defaultValue?.value ?? false)))
        case .segment(let field):
            add("title", field.title)
            members.append(("enumName", .string(field.swiftEnumName)))
            members.append(("options", options(field.options)))
            if let value = field.defaultValue { members.append(("default", .string(value.value))) }
            add("style", field.pickerStyle)
        case .number(let field):
            add("title", field.title)
            add("placeholder", field.placeholder)
            add("unit", field.unit)
            members.append(("decimals", .integer(field.places)))
            if let value = field.defaultValue { members.append(("default", decimal(value.value))) }
            if let step = field.step { members.append(("step", decimal(step.value))) }
            add("style", field.style)
        case .date(let field):
            add("title", field.title)
            members.append(("mode", .string(field.dateMode.rawValue)))
            if let value = field.defaultValue { members.append(("default", .string(value.value.description))) }
            add("style", field.style)
        case .multiChoice(let field):
            add("title", field.title)
            members.append(("enumName", .string(field.swiftEnumName)))
            members.append(("options", options(field.options)))
            if let values = field.defaultValues { members.append(("default", .array(values.value.map { .string($0.value) }))) }
            add("style", field.style)
        case .text(let field):
            add("placeholder", field.placeholder)
            add("label", field.label)
            members.append(("default", .string(field.defaultValue?.value ?? "")))
            add("secure", field.secure)
            add("keyboard", field.keyboard)
            add("contentType", field.contentType)
            add("autocapitalization", field.autocapitalization)
            add("continuous", field.continuous)
            if let limit = field.maxInputLength { members.append(("maxInputLength", .integer(limit.value))) }
            add("multiline", field.multiline)
        case .spacer(let spacer):
            members.append(("height", number(spacer.height.value)))
        case .staticText(let text):
            members.append(("text", .string(text.text.value)))
            add("alignment", text.alignment)
            add("style", text.style)
        case .segue(let segue):
            add("title", segue.title)
            add("icon", segue.icon)
            add("accessoryIcon", segue.accessoryIcon)
        }
        if let field = element.field {
            add("validateOn", field.validateOn)
            if !field.rules.isEmpty { members.append(("rules", .array(field.rules.map(rule)))) }
        }
        if let condition = element.visibleWhen { members.append(("visibleWhen", .string(condition.source.value))) }
        if let condition = element.enabledWhen { members.append(("enabledWhen", .string(condition.source.value))) }
        if case .group(let group) = element.kind {
            members.append(("elements", .array(group.elements.map(self.element))))
        }
        return .object(members)
    }

    static func rule(_ rule: RuleDecl) -> JSONValue {
        var members: [(String, JSONValue)] = [("rule", .string(rule.kind.name))]
        switch rule.kind {
        case .minLength(let count), .maxLength(let count): members.append(("value", .integer(count)))
        case .pattern(let text), .sameAs(let text), .custom(let text): members.append(("value", .string(text)))
        case .min(let text), .max(let text): members.append(("value", .string(text)))
        case .minCount(let count), .maxCount(let count): members.append(("value", .integer(count)))
        case .required, .email, .url: break
        }
        if let message = rule.message { members.append(("message", .string(message.value))) }
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

    /// Whole numbers as JSON integers; fractions as their shortest decimal text.
    package static func number(_ value: Double) -> JSONValue {
        value == value.rounded() && abs(value) < 1e15 ? .integer(Int(value)) : .string(String(value))
    }
}
