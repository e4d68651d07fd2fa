/// The element tree (SPEC §3, §5): built once, on first use, by one static
/// builder per level (the form's top level, then each group), so every function
/// stays small however large the form. Elements are bound to the form's
/// `FormValue`s; their `visible`/`enabled` closures hold the form weakly.
extension FormTranslator {
    private static let formParameter = "form"

    func elementMembers(into out: inout SwiftRenderer) {
        out.declaration(.property(SwiftProperty(
            doc: ["The element tree a renderer walks, bound to the form's values; built once."],
            access: access, modifiers: ["private(set)", "lazy"], isLet: false, name: "elements",
            type: Self.elementsType,
            initializer: .call(.member(.name("Self"), builderName(at: [])), [SwiftArgument("of", .name("self"))])
        )))
        builders(for: form.document.elements, at: [], groupID: nil, into: &out)
    }

    private static let elementsType = SwiftType.array(.existential(.named("FormElement")))

    /// `makeElements` for the top level, `makeElements_1_0` for the group at that path.
    private func builderName(at path: ElementPath) -> String {
        path.isEmpty ? "makeElements" : "makeElements_" + path.map(String.init).joined(separator: "_")
    }

    /// The builder of one level, then those of its groups, depth first.
    private func builders(for elements: [Element], at path: ElementPath, groupID: String?, into out: inout SwiftRenderer) {
        let doc: String
        if path.isEmpty {
            doc = "The form's top-level elements."
        } else if let groupID {
            doc = "The elements of group `\(groupID)`."
        } else {
            doc = "The elements of the group at " + path.map(String.init).joined(separator: ".") + "."
        }
        out.openFunction(SwiftFunction(
            doc: [doc], access: .private, modifiers: ["static"], name: builderName(at: path),
            parameters: [SwiftParameter("of", Self.formParameter, .named(typeName))],
            result: Self.elementsType, body: []
        ))
        out.statement(.var("elements", Self.elementsType, .array([])))
        var groups: [(elements: [Element], path: ElementPath, id: String?)] = []
        for (index, element) in elements.enumerated() {
            let elementPath = path + [index]
            out.statement(.expr(.call(.member(.name("elements"), "append"), [SwiftArgument(nil, elementExpr(element, at: elementPath))])))
            if case .group(let group) = element.kind {
                groups.append((group.elements, elementPath, group.id?.value))
            }
        }
        out.statement(.return(.name("elements")))
        out.closeBody()
        for group in groups {
            builders(for: group.elements, at: group.path, groupID: group.id, into: &out)
        }
    }

    /// `form.email`
    private func binding(_ id: String) -> SwiftArgument {
        SwiftArgument("value", .member(.name(Self.formParameter), id))
    }

    /// A runtime enum case spelled like the form's key value; `default` needs backticks.
    fileprivate static func caseName(_ rawValue: String) -> String {
        SwiftNames.keywords.contains(rawValue) ? "`\(rawValue)`" : rawValue
    }

    /// `visible:`/`enabled:` closures for an element that has a condition around it:
    /// `{ [weak form] in form?.isVisible_Company() ?? false }`, which reads the
    /// form's live values (no snapshot), and answers false once the form is gone.
    private func conditionArguments(at path: ElementPath) -> [SwiftArgument] {
        var arguments: [SwiftArgument] = []
        if let helper = conditions.visibleHelper[path] {
            arguments.append(conditionArgument("visible", conditions.visibleHelpers[helper]))
        }
        if let helper = conditions.enabledHelper[path] {
            arguments.append(conditionArgument("enabled", conditions.enabledHelpers[helper]))
        }
        return arguments
    }

    private func conditionArgument(_ label: String, _ helper: ConditionPlan.Helper) -> SwiftArgument {
        SwiftArgument(label, .closure(SwiftClosure(
            captures: ["weak " + Self.formParameter],
            body: [.return(.binary(
                .call(.member(.optionalChain(.name(Self.formParameter)), helper.liveName), []), .nilCoalescing, .bool(false)
            ))]
        )))
    }

    private func elementExpr(_ element: Element, at path: ElementPath) -> SwiftExpr {
        var arguments: [SwiftArgument] = []
        let type: SwiftType
        switch element.kind {
        case .group(let group):
            type = .named("GroupElement")
            arguments.append("id", string: group.id)
            arguments.append("title", string: group.title)
            arguments.append("footer", string: group.footer)
            arguments.append("style", case: group.style?.value.rawValue)
            switch group.layout?.value {
            case .intrinsic?: arguments.append(SwiftArgument("layout", .dot("intrinsic")))
            case .constantHeight(let height)?:
                arguments.append(SwiftArgument("layout", .call(.dot("constantHeight"), [SwiftArgument(nil, .double(height))])))
            case nil: break
            }
            if let insets = group.insets?.value {
                arguments.append(SwiftArgument("insets", .call(.type(.named("EdgeInsets")), [
                    SwiftArgument("top", .double(insets.top)), SwiftArgument("left", .double(insets.left)),
                    SwiftArgument("bottom", .double(insets.bottom)), SwiftArgument("right", .double(insets.right)),
                ])))
            }
            arguments.append(SwiftArgument("elements", .call(.name(builderName(at: path)), [
                SwiftArgument("of", .name(Self.formParameter)),
            ])))
        case .boolean(let boolean):
            type = .named("BooleanElement")
            arguments.append(SwiftArgument("id", .string(boolean.id.value)))
            let title = boolean.title?.value ?? form.symbols.field(boolean.id.value)?.displayName ?? boolean.id.value
            arguments.append(SwiftArgument("title", .string(title)))
            arguments.append("icon", string: boolean.icon)
            arguments.append(binding(boolean.id.value))
        case .segment(let segment):
            let info = field(segment.id.value)
            type = .named("SegmentElement", [info.map(swiftType(of:)) ?? .named(segment.swiftEnumName)])
            arguments.append(SwiftArgument("id", .string(segment.id.value)))
            arguments.append("title", string: segment.title)
            let caseNames = info?.caseNames ?? segment.options.map(\.caseName)
            let options: [SwiftExpr] = zip(segment.options, caseNames).map { option, caseName in
                var fields = [SwiftArgument("value", .dot(caseName))]
                fields.append("title", string: option.title)
                fields.append("image", string: option.image)
                return .call(.type(.named("SegmentOption")), fields)
            }
            arguments.append(SwiftArgument("options", .array(options, multiline: true)))
            arguments.append(binding(segment.id.value))
        case .text(let text):
            arguments.append(SwiftArgument("id", .string(text.id.value)))
            switch text.variant {
            case .textField:
                type = .named("TextFieldElement")
                arguments.append("placeholder", string: text.placeholder)
                arguments.append("label", string: text.label)
                arguments.append("secure", bool: text.secure)
                arguments.append("keyboard", case: text.keyboard?.value.rawValue)
                arguments.append("contentType", case: text.contentType?.value.rawValue)
                arguments.append("autocapitalization", case: text.autocapitalization?.value.rawValue)
                arguments.append("continuous", bool: text.continuous)
                if let length = text.maxInputLength?.value { arguments.append(SwiftArgument("maxInputLength", .int(length))) }
            case .floatLabel:
                type = .named("FloatLabelElement")
                let label = text.label?.value ?? form.symbols.field(text.id.value)?.displayName ?? text.id.value
                arguments.append(SwiftArgument("label", .string(label)))
                arguments.append("secure", bool: text.secure)
                arguments.append("keyboard", case: text.keyboard?.value.rawValue)
                arguments.append("contentType", case: text.contentType?.value.rawValue)
                arguments.append("multiline", bool: text.multiline)
                arguments.append("continuous", bool: text.continuous)
            case .textView:
                type = .named("TextViewElement")
                arguments.append("placeholder", string: text.placeholder)
                arguments.append("continuous", bool: text.continuous)
            }
            arguments.append(binding(text.id.value))
        case .spacer(let spacer):
            type = .named("SpacerElement")
            arguments.append(SwiftArgument("height", .double(spacer.height.value)))
        case .staticText(let staticText):
            type = .named("StaticTextElement")
            arguments.append(SwiftArgument("text", .string(staticText.text.value)))
            arguments.append("alignment", case: staticText.alignment?.value.rawValue)
            arguments.append("style", case: staticText.style?.value.rawValue)
        case .segue(let segue):
            type = .named("SegueElement")
            arguments.append(SwiftArgument("action", .member(.name("Action"), segue.id.value)))
            arguments.append(SwiftArgument("title", .string(segue.title?.value ?? SwiftNames.words(fromIdentifier: segue.id.value))))
            arguments.append("icon", string: segue.icon)
            arguments.append("accessoryIcon", string: segue.accessoryIcon)
        }
        arguments += conditionArguments(at: path)
        return .call(.type(type), arguments, multiline: arguments.count > 2 || arguments.contains(where: \.value.isClosureOrArray))
    }
}

private extension SwiftExpr {
    var isClosureOrArray: Bool {
        switch self {
        case .closure, .array: true
        default: false
        }
    }
}

/// The optional arguments of an element: appended when the form has the key,
/// with no array made for each.
private extension [SwiftArgument] {
    mutating func append(_ label: String, string value: Located<String>?) {
        if let value { append(SwiftArgument(label, .string(value.value))) }
    }

    mutating func append(_ label: String, bool value: Located<Bool>?) {
        if let value { append(SwiftArgument(label, .bool(value.value))) }
    }

    mutating func append(_ label: String, case value: String?) {
        if let value { append(SwiftArgument(label, .dot(FormTranslator.caseName(value)))) }
    }
}
