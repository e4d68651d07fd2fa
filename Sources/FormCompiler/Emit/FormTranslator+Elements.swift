/// The element tree (SPEC §3, §5): built once, on first use, by one static
/// builder per level (the form's top level, then each group), so every function
/// stays small however large the form. Elements are bound to the form's
/// `FormValue`s; their `visible`/`enabled` closures hold the form weakly. Every
/// string a person reads is looked up through `form.context.localization` by its
/// key (SPEC §11), the form's text as the fallback: the tree is in the language
/// of the context the form had when `elements` was first read.
extension FormTranslator {
    private static let formParameter = "form"

    func elementMembers(into plan: inout EmitPlan) {
        plan.once { out in
            out.declaration(.property(SwiftProperty(
                doc: ["The element tree a renderer walks, bound to the form's values; built once."],
                access: access, modifiers: ["private(set)", "lazy"], isLet: false, name: "elements",
                type: Self.elementsType,
                initializer: .call(.member(.name("Self"), builderName(at: [])), [SwiftArgument("of", .name("self"))])
            )))
        }
        plan.each(levels.count, in: Self.formMembers, weight: { [levels] in 160 + 224 * levels[$0].elements.count }) { index, out in
            builder(for: levels[index], into: &out)
        }
    }

    private static let elementsType = SwiftType.array(.existential(.named("FormElement")))

    /// `makeElements` for the top level, `makeElements_1_0` for the group at that path.
    private func builderName(at path: ElementPath) -> String {
        path.isEmpty ? "makeElements" : "makeElements_" + path.map(String.init).joined(separator: "_")
    }

    /// The builder of one level.
    private func builder(for level: FormIndex.Level, into out: inout SwiftRenderer) {
        let path = level.path
        let doc: String
        if path.isEmpty {
            doc = "The form's top-level elements."
        } else if let groupID = level.groupID {
            doc = "The elements of group `\(groupID)`."
        } else {
            doc = "The elements of the group at " + path.map(String.init).joined(separator: ".") + "."
        }
        out.openFunction(SwiftFunction(
            doc: [doc], access: .private, modifiers: ["static"], name: builderName(at: path),
            parameters: [SwiftParameter("of", Self.formParameter, .named(typeName))],
            result: Self.elementsType, body: []
        ))
        out.write("var elements: [any FormElement] = []")
        out.newline()
        var arguments = ElementArguments()
        for index in level.elements.indices {
            out.write("elements.append(")
            writeElement(at: index, of: level, arguments: &arguments, into: &out)
            out.write(")")
            out.newline()
        }
        out.write("return elements")
        out.newline()
        out.closeBody()
    }

    /// A runtime enum case spelled like the form's key value; `default` needs backticks.
    fileprivate static func caseName(_ rawValue: String) -> String {
        SwiftNaming.keywords.contains(rawValue) ? "`\(rawValue)`" : rawValue
    }

    /// `TextFieldElement(id: "email", …)`: the element's initializer, its
    /// arguments gathered into `arguments` (a list reused from element to
    /// element) first, since how they are laid out depends on all of them.
    private func writeElement(
        at index: Int, of level: FormIndex.Level, arguments: inout ElementArguments, into out: inout SwiftRenderer
    ) {
        arguments.removeAll()
        let element = level.elements[index]
        let form = typeName
        /// `form.context.localization.string("Form.id.part", default: "…")`, when the form has the text.
        func localized(_ id: String, _ part: String, _ text: Located<String>?) -> ElementArguments.Value? {
            text.map { .localized(key: FormStrings.key(form: form, id: id, part), text: $0.value) }
        }
        /// The field's info, by its position when that is the field's (always, for a checked form).
        func info(_ id: String) -> FieldInfo? {
            let position = Int(level.fieldPositions[index])
            if position >= 0, position < fields.count, fields[position].id == id { return fields[position] }
            return field(id)
        }
        switch element.kind {
        case .group(let group):
            out.write("GroupElement")
            arguments.append("id", string: group.id)
            let keyID = group.id?.value ?? FormStrings.unnamedGroupID(ordinal: unnamedOrdinals[level.path + [index]] ?? 0)
            arguments.append("title", localized(keyID, "title", group.title))
            arguments.append("footer", localized(keyID, "footer", group.footer))
            arguments.append("style", case: group.style?.value.rawValue)
            switch group.layout?.value {
            case .intrinsic?: arguments.append("layout", .member("intrinsic"))
            case .constantHeight(let height)?: arguments.append("layout", .constantHeight(height))
            case nil: break
            }
            if let insets = group.insets?.value { arguments.append("insets", .insets(insets)) }
            arguments.append("elements", .builder(builderName(at: level.path + [index])))
        case .boolean(let boolean):
            out.write("BooleanElement")
            arguments.append("id", .string(boolean.id.value))
            let title = boolean.title?.value ?? info(boolean.id.value)?.displayName ?? boolean.id.value
            arguments.append("title", localized(boolean.id.value, "title", boolean.title) ?? .string(title))
            arguments.append("icon", string: boolean.icon)
            arguments.append("value", .binding(boolean.id.value))
        case .number(let number):
            out.write("NumberElement<")
            if let info = info(number.id.value) { out.write(info.valueType) } else { out.write(number.places > 0 ? "Decimal?" : "Int?") }
            out.write(">")
            arguments.append("id", .string(number.id.value))
            arguments.append("title", localized(number.id.value, "title", number.title))
            arguments.append("placeholder", localized(number.id.value, "placeholder", number.placeholder))
            arguments.append("unit", localized(number.id.value, "unit", number.unit))
            if number.places > 0 { arguments.append("decimals", .int(number.places)) }
            if let step = number.step { arguments.append("step", .expression(SwiftLiterals.number(step.value, decimal: true))) }
            for rule in number.common.rules {
                if case .min(let text) = rule.kind, let value = DecimalLiteral(text), !arguments.has("minimum") {
                    arguments.append("minimum", .expression(SwiftLiterals.number(value, decimal: true)))
                }
                if case .max(let text) = rule.kind, let value = DecimalLiteral(text), !arguments.has("maximum") {
                    arguments.append("maximum", .expression(SwiftLiterals.number(value, decimal: true)))
                }
            }
            arguments.append("style", case: number.style?.value.rawValue)
            arguments.append("value", .binding(number.id.value))
        case .date(let date):
            out.write("DateElement<")
            if let info = info(date.id.value) { out.write(info.valueType) } else { out.write(FieldValueType.dateType(date.dateMode)) }
            out.write(">")
            arguments.append("id", .string(date.id.value))
            arguments.append("title", localized(date.id.value, "title", date.title))
            arguments.append("style", case: date.style?.value.rawValue)
            arguments.append("value", .binding(date.id.value))
        case .multiChoice(let choice):
            let info = info(choice.id.value)
            out.write("MultiChoiceElement<")
            out.write(choice.swiftEnumName)
            out.write(">")
            arguments.append("id", .string(choice.id.value))
            arguments.append("title", localized(choice.id.value, "title", choice.title))
            arguments.append("options", .options(
                choice.options, caseNames: info?.caseNames ?? choice.options.map(\.caseName), keyPrefix: FormStrings.key(form: form, id: choice.id.value, "option.")
            ))
            arguments.append("style", case: choice.style?.value.rawValue)
            arguments.append("value", .binding(choice.id.value))
        case .segment(let segment):
            // A segment and a picker differ in their element type and a picker's style.
            let info = info(segment.id.value)
            out.write(segment.variant == .picker ? "PickerElement<" : "SegmentElement<")
            if let info { out.write(info.valueType) } else { out.write(segment.swiftEnumName) }
            out.write(">")
            arguments.append("id", .string(segment.id.value))
            arguments.append("title", localized(segment.id.value, "title", segment.title))
            arguments.append("options", .options(
                segment.options, caseNames: info?.caseNames ?? segment.options.map(\.caseName), keyPrefix: FormStrings.key(form: form, id: segment.id.value, "option.")
            ))
            arguments.append("style", case: segment.pickerStyle?.value.rawValue)
            arguments.append("value", .binding(segment.id.value))
        case .text(let text):
            switch text.variant {
            case .textField:
                out.write("TextFieldElement")
                arguments.append("id", .string(text.id.value))
                arguments.append("placeholder", localized(text.id.value, "placeholder", text.placeholder))
                arguments.append("label", localized(text.id.value, "label", text.label))
                arguments.append("secure", bool: text.secure)
                arguments.append("keyboard", case: text.keyboard?.value.rawValue)
                arguments.append("contentType", case: text.contentType?.value.rawValue)
                arguments.append("autocapitalization", case: text.autocapitalization?.value.rawValue)
                arguments.append("continuous", bool: text.continuous)
                if let length = text.maxInputLength?.value { arguments.append("maxInputLength", .int(length)) }
            case .floatLabel:
                out.write("FloatLabelElement")
                arguments.append("id", .string(text.id.value))
                let label = text.label?.value ?? info(text.id.value)?.displayName ?? text.id.value
                arguments.append("label", localized(text.id.value, "label", text.label) ?? .string(label))
                arguments.append("secure", bool: text.secure)
                arguments.append("keyboard", case: text.keyboard?.value.rawValue)
                arguments.append("contentType", case: text.contentType?.value.rawValue)
                arguments.append("multiline", bool: text.multiline)
                arguments.append("continuous", bool: text.continuous)
            case .textView:
                out.write("TextViewElement")
                arguments.append("id", .string(text.id.value))
                arguments.append("placeholder", localized(text.id.value, "placeholder", text.placeholder))
                arguments.append("continuous", bool: text.continuous)
            }
            arguments.append("value", .binding(text.id.value))
        case .spacer(let spacer):
            out.write("SpacerElement")
            arguments.append("height", .double(spacer.height.value))
        case .staticText(let staticText):
            out.write("StaticTextElement")
            let ordinal = unnamedOrdinals[level.path + [index]] ?? 0
            arguments.append("text", .localized(key: FormStrings.staticTextKey(form: form, ordinal: ordinal), text: staticText.text.value))
            arguments.append("alignment", case: staticText.alignment?.value.rawValue)
            arguments.append("style", case: staticText.style?.value.rawValue)
        case .segue(let segue):
            out.write("SegueElement")
            arguments.append("action", .action(segue.id.value))
            let title = segue.title?.value ?? SwiftNaming.words(fromIdentifier: segue.id.value)
            arguments.append("title", localized(segue.id.value, "title", segue.title) ?? .string(title))
            arguments.append("icon", string: segue.icon)
            arguments.append("accessoryIcon", string: segue.accessoryIcon)
        }
        // `visible:`/`enabled:` closures for an element that has a condition around it.
        if let helper = level.helpers[index].visible {
            arguments.append("visible", .condition(conditions.visibleHelpers[helper]))
        }
        if let helper = level.helpers[index].enabled {
            arguments.append("enabled", .condition(conditions.enabledHelpers[helper]))
        }
        arguments.write(into: &out)
    }
}

/// The arguments of one element's initializer, written one per line when there
/// are more than two or one is a closure or an array, else on one line.
private struct ElementArguments {
    enum Value {
        case string(String)
        case bool(Bool)
        case int(Int)
        case double(Double)
        /// `.name`: a runtime enum case.
        case member(String)
        /// `.constantHeight(44)`
        case constantHeight(Double)
        case insets(EdgeInsets)
        /// `makeElements_1(of: form)`: a group's builder.
        case builder(String)
        /// `form.email`: the field's `FormValue`.
        case binding(String)
        /// `Action.signIn`
        case action(String)
        /// `{ [weak form] in form?.isVisible_Company() ?? false }`: reads the
        /// form's live values (no snapshot), and answers false once the form is
        /// gone.
        case condition(ConditionPlan.Helper)
        /// `form.context.localization.string("SignUpForm.title", default: "…")`
        case localized(key: String, text: String)
        /// `[SegmentOption(value: .free, title: …), …]`, one per line; each title
        /// looked up by `keyPrefix` + the option's value.
        case options([SegmentOption], caseNames: [String], keyPrefix: String)
        /// A Swift expression, as spelled (`Decimal(sign: .plus, exponent: -1, significand: 5)`).
        case expression(String)
    }

    func has(_ label: StaticString) -> Bool {
        arguments.contains { $0.label.description == label.description }
    }

    private var arguments: [(label: StaticString, value: Value)] = []

    mutating func removeAll() {
        arguments.removeAll(keepingCapacity: true)
    }

    mutating func append(_ label: StaticString, _ value: Value) {
        arguments.append((label, value))
    }

    /// An optional argument: appended when there is a value.
    mutating func append(_ label: StaticString, _ value: Value?) {
        if let value { arguments.append((label, value)) }
    }

    /// The optional arguments: appended when the form has the key.
    mutating func append(_ label: StaticString, string value: Located<String>?) {
        if let value { append(label, .string(value.value)) }
    }

    mutating func append(_ label: StaticString, bool value: Located<Bool>?) {
        if let value { append(label, .bool(value.value)) }
    }

    mutating func append(_ label: StaticString, case value: String?) {
        if let value { append(label, .member(FormTranslator.caseName(value))) }
    }

    /// `(…)`, after the type's name.
    func write(into out: inout SwiftRenderer) {
        let multiline = arguments.count > 2 || arguments.contains { argument in
            switch argument.value {
            case .condition, .options: true
            default: false
            }
        }
        out.write("(")
        if multiline {
            out.newline()
            out.indent()
        }
        // By index: the arguments are read in place, not copied out one by one.
        for index in arguments.indices {
            if index > 0 && !multiline { out.write(", ") }
            out.write(arguments[index].label)
            out.write(": ")
            Self.write(arguments[index].value, into: &out)
            if multiline {
                if index < arguments.count - 1 { out.write(",") }
                out.newline()
            }
        }
        if multiline { out.outdent() }
        out.write(")")
    }

    private static func write(_ value: Value, into out: inout SwiftRenderer) {
        switch value {
        case .string(let text): out.writeStringLiteral(text)
        case .localized(let key, let text):
            out.write("form.context.localization.string(")
            out.writeStringLiteral(key)
            out.write(", default: ")
            out.writeStringLiteral(text)
            out.write(")")
        case .bool(let value): out.write(value ? "true" : "false")
        case .int(let value): out.write(value)
        case .double(let value): out.write(SwiftRenderer.doubleLiteral(value))
        case .member(let name):
            out.write(".")
            out.write(name)
        case .constantHeight(let height):
            out.write(".constantHeight(")
            out.write(SwiftRenderer.doubleLiteral(height))
            out.write(")")
        case .insets(let insets):
            out.write("FormEdgeInsets(top: ")
            out.write(SwiftRenderer.doubleLiteral(insets.top))
            out.write(", left: ")
            out.write(SwiftRenderer.doubleLiteral(insets.left))
            out.write(", bottom: ")
            out.write(SwiftRenderer.doubleLiteral(insets.bottom))
            out.write(", right: ")
            out.write(SwiftRenderer.doubleLiteral(insets.right))
            out.write(")")
        case .builder(let name):
            out.write(name)
            out.write("(of: form)")
        case .expression(let expression):
            out.write(expression)
        case .binding(let id):
            out.write("form.")
            out.write(id)
        case .action(let id):
            out.write("Action.")
            out.write(id)
        case .condition(let helper):
            out.write("{ [weak form] in form?.")
            helper.writeLiveName(into: &out)
            out.write("() ?? false }")
        case .options(let options, let caseNames, let keyPrefix):
            out.write("[")
            guard !options.isEmpty else {
                out.write("]")
                return
            }
            out.newline()
            out.indent()
            for (option, caseName) in zip(options, caseNames) {
                out.write("SegmentOption(value: .")
                out.write(caseName)
                if let title = option.title {
                    out.write(", title: form.context.localization.string(")
                    out.writeStringLiteral(keyPrefix + option.value.value)
                    out.write(", default: ")
                    out.writeStringLiteral(title.value)
                    out.write(")")
                }
                if let image = option.image {
                    out.write(", image: ")
                    out.writeStringLiteral(image.value)
                }
                out.write("),")
                out.newline()
            }
            out.outdent()
            out.write("]")
        }
    }
}
