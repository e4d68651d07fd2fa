import FormModel
import FormSource
import FormText

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
        plan.once { [self] out in
            out.declaration(.property(SwiftProperty(
                doc: ["The element tree a renderer walks, bound to the form's values; built once."],
                access: access, modifiers: ["private(set)", "lazy"], isLet: false, name: "elements",
                type: Self.elementsType,
                initializer: .call(.member(.name("Self"), builderName(at: [])), [SwiftArgument("of", .name("self"))])
            )))
        }
        plan.each(levels.count, in: formMembers, weight: { [self] in SpeedPaths.EmitWeights.levelStart + SpeedPaths.EmitWeights.levelElement * levels[$0].elements.count }) { [self] index, out in
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
            doc = level.isPage ? "The elements of page `\(groupID)`." : "The elements of group `\(groupID)`."
        } else {
            doc = "The elements of the group at " + path.map(String.init).joined(separator: ".") + "."
        }
        out.openFunction(SwiftFunction(
            doc: [doc], access: .private, modifiers: ["static"], name: builderName(at: path),
            parameters: [SwiftParameter("of", Self.formParameter, .named(className))],
            result: Self.elementsType, body: []
        ))
        out.statement(.var("elements", Self.elementsType, .array([])))
        var arguments = ElementArguments()
        for index in level.elements.indices {
            let type = element(at: index, of: level, arguments: &arguments)
            out.appendStatement(to: "elements", type, arguments)
        }
        out.statement(.return(.name("elements")))
        out.closeBody()
    }

    /// `TextFieldElement(id: "email", …)`: the type the element's initializer
    /// makes, its arguments gathered into `arguments` (a list reused from
    /// element to element), since how they are laid out depends on all of them.
    private func element(at index: Int, of level: FormIndex.Level, arguments: inout ElementArguments) -> ElementType {
        arguments.removeAll()
        let element = level.elements[index]
        let form = typeName
        // A shared option set's titles are the form's keys, also in an entry (SPEC §16).
        let setForm = entry?.formType ?? typeName
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
        let type: ElementType
        switch element.kind {
        case .group(let page) where page.isPage:
            type = .plain("PageElement")
            arguments.append("id", string: page.id)
            arguments.append("title", localized(page.id?.value ?? "", "title", page.title))
            arguments.append("elements", .builder(builderName(at: level.path + [index])))
        case .group(let group):
            type = .plain("GroupElement")
            arguments.append("id", string: group.id)
            let keyID = group.id?.value ?? FormStrings.unnamedGroupID(ordinal: unnamedOrdinals[level.path + [index]] ?? 0)
            arguments.append("title", localized(keyID, "title", group.title))
            arguments.append("footer", localized(keyID, "footer", group.footer))
            arguments.append("style", case: group.style?.value.rawValue)
            switch group.layout?.value {
            case .intrinsic?: arguments.append("layout", .runtimeCase("intrinsic"))
            case .constantHeight(let height)?: arguments.append("layout", .constantHeight(height))
            case nil: break
            }
            if let insets = group.insets?.value { arguments.append("insets", .insets(insets)) }
            arguments.append("elements", .builder(builderName(at: level.path + [index])))
        case .boolean(let boolean):
            type = .plain("BooleanElement")
            arguments.append("id", .string(boolean.id.value))
            let title = boolean.title?.value ?? info(boolean.id.value)?.displayName ?? boolean.id.value
            arguments.append("title", localized(boolean.id.value, "title", boolean.title) ?? .string(title))
            arguments.append("icon", string: boolean.icon)
            arguments.append("value", .binding(boolean.id.value))
        case .number(let number):
            let valueType = FieldValueType.number(decimal: number.places > 0, optional: true)
            type = info(number.id.value).map { .ofField("NumberElement", $0.valueType) } ?? .of("NumberElement", SwiftRenderer.spelling(of: valueType))
            arguments.append("id", .string(number.id.value))
            arguments.append("title", localized(number.id.value, "title", number.title))
            arguments.append("placeholder", localized(number.id.value, "placeholder", number.placeholder))
            arguments.append("unit", localized(number.id.value, "unit", number.unit))
            if number.places > 0 { arguments.append("decimals", .int(number.places)) }
            let decimals = Self.decimalArguments(of: number)
            if let step = decimals.step { arguments.append("step", .decimal(step)) }
            if let minimum = decimals.minimum { arguments.append("minimum", .decimal(minimum)) }
            if let maximum = decimals.maximum { arguments.append("maximum", .decimal(maximum)) }
            arguments.append("style", case: number.style?.value.rawValue)
            arguments.append("value", .binding(number.id.value))
        case .date(let date):
            type = info(date.id.value).map { .ofField("DateElement", $0.valueType) } ?? .of("DateElement", SwiftRenderer.dateTypeName(date.dateMode))
            arguments.append("id", .string(date.id.value))
            arguments.append("title", localized(date.id.value, "title", date.title))
            arguments.append("style", case: date.style?.value.rawValue)
            // The first `min` and `max` bound the element (a repeated one is
            // FC406; a number's take the tightest, but a day relative to today
            // cannot be ordered against a fixed one before the element tree is
            // built, where a relative day is counted).
            // `minimum` precedes `maximum` in `DateElement.init`, whatever the
            // order of the rules in the form (`[{ max: today }, { min: … }]`).
            let valueType = info(date.id.value)?.fieldType ?? FieldValueType.date(date.dateMode, optional: true)
            var minimum: String?
            var maximum: String?
            for rule in date.common.rules where rule.when == nil {
                switch rule.kind {
                case .min(let text) where minimum == nil && RuleBound(text, for: valueType) != nil: minimum = text
                case .max(let text) where maximum == nil && RuleBound(text, for: valueType) != nil: maximum = text
                default: break
                }
            }
            if let minimum { arguments.append("minimum", .dateBound(minimum, valueType, isMax: false)) }
            if let maximum { arguments.append("maximum", .dateBound(maximum, valueType, isMax: true)) }
            arguments.append("value", .binding(date.id.value))
        case .multiChoice(let choice):
            let info = info(choice.id.value)
            type = .of("MultiChoiceElement", choice.swiftEnumName)
            arguments.append("id", .string(choice.id.value))
            arguments.append("title", localized(choice.id.value, "title", choice.title))
            arguments.append("options", .options(
                choice.options, caseNames: info?.caseNames ?? choice.options.map(\.caseName), keyPrefix: FormStrings.optionKeyPrefix(form: choice.optionSet == nil ? form : setForm, id: choice.id.value, optionSet: choice.optionSet?.value),
                enumName: choice.swiftEnumName, id: choice.id.value
            ))
            arguments.append("style", case: choice.style?.value.rawValue)
            arguments.append("value", .binding(choice.id.value))
        case .segment(let segment):
            // A segment and a picker differ in their element type and a picker's style.
            let info = info(segment.id.value)
            let name: StaticString = segment.variant == .picker ? "PickerElement" : "SegmentElement"
            type = info.map { .ofField(name, $0.valueType) } ?? .of(name, segment.swiftEnumName)
            arguments.append("id", .string(segment.id.value))
            arguments.append("title", localized(segment.id.value, "title", segment.title))
            arguments.append("options", .options(
                segment.options, caseNames: info?.caseNames ?? segment.options.map(\.caseName), keyPrefix: FormStrings.optionKeyPrefix(form: segment.optionSet == nil ? form : setForm, id: segment.id.value, optionSet: segment.optionSet?.value),
                enumName: segment.swiftEnumName, id: segment.id.value
            ))
            arguments.append("style", case: segment.pickerStyle?.value.rawValue)
            arguments.append("value", .binding(segment.id.value))
        case .text(let text):
            switch text.variant {
            case .textField:
                type = .plain("TextFieldElement")
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
                type = .plain("FloatLabelElement")
                arguments.append("id", .string(text.id.value))
                let label = text.label?.value ?? info(text.id.value)?.displayName ?? text.id.value
                arguments.append("label", localized(text.id.value, "label", text.label) ?? .string(label))
                arguments.append("secure", bool: text.secure)
                arguments.append("keyboard", case: text.keyboard?.value.rawValue)
                arguments.append("contentType", case: text.contentType?.value.rawValue)
                arguments.append("multiline", bool: text.multiline)
                arguments.append("continuous", bool: text.continuous)
            case .textView:
                type = .plain("TextViewElement")
                arguments.append("id", .string(text.id.value))
                arguments.append("placeholder", localized(text.id.value, "placeholder", text.placeholder))
                arguments.append("continuous", bool: text.continuous)
            }
            arguments.append("value", .binding(text.id.value))
        case .spacer(let spacer):
            type = .plain("SpacerElement")
            arguments.append("height", .double(spacer.height.value))
        case .staticText(let staticText):
            type = .plain("StaticTextElement")
            let ordinal = unnamedOrdinals[level.path + [index]] ?? 0
            arguments.append("text", .localized(key: FormStrings.staticTextKey(form: form, ordinal: ordinal), text: staticText.text.value))
            arguments.append("alignment", case: staticText.alignment?.value.rawValue)
            arguments.append("style", case: staticText.style?.value.rawValue)
        case .list(let list):
            type = .plain("ListElement")
            arguments.append("id", .string(list.id.value))
            arguments.append("title", localized(list.id.value, "title", list.title))
            arguments.append("itemTitle", localized(list.id.value, "itemTitle", list.itemTitle))
            arguments.append("addTitle", localized(list.id.value, "addTitle", list.addTitle))
            arguments.append("list", .binding(list.id.value))
        case .segue(let segue):
            type = .plain("SegueElement")
            arguments.append("action", .action(segue.id.value))
            let title = segue.title?.value ?? SwiftNaming.words(fromIdentifier: segue.id.value)
            arguments.append("title", localized(segue.id.value, "title", segue.title) ?? .string(title))
            arguments.append("icon", string: segue.icon)
            arguments.append("accessoryIcon", string: segue.accessoryIcon)
        }
        // `visible:`/`enabled:` closures for an element that has a condition around it.
        if let helper = level.helpers[index].visible {
            arguments.append("visible", .condition(conditions.visibleHelpers[helper].name(from: .live)))
        }
        if let entry, entry.listCanBeDisabled {
            // In an entry of a list that can be locked, every element is editable only
            // while the list is (the entry's `isEnabled(_:)`, SPEC §14), as a form's
            // fields are only while their groups are.
            arguments.append("enabled", .entryEnabled(
                listID: entry.listID, helper: level.helpers[index].enabled.map { conditions.enabledHelpers[$0].name(from: .live) }
            ))
        } else if let helper = level.helpers[index].enabled {
            arguments.append("enabled", .condition(conditions.enabledHelpers[helper].name(from: .live)))
        }
        return type
    }

    /// A number element's `Decimal` arguments (`NumberElement`'s step and bounds
    /// are `Decimal`s whatever the field's type): its `step`, and the literals of
    /// its `min` and `max` rules as `minimum` and `maximum`, the highest `min` and
    /// the lowest `max` when one is given twice (the ones a value must pass, as
    /// the checker's FC403 compares them). Read by the element builder and by
    /// `foundationTypes`, which imports Foundation for them.
    static func decimalArguments(of number: NumberFieldDecl) -> (step: DecimalLiteral?, minimum: DecimalLiteral?, maximum: DecimalLiteral?) {
        var minimum: DecimalLiteral?
        var maximum: DecimalLiteral?
        // A bound that applies sometimes (`when:`) does not limit the control.
        for rule in number.common.rules where rule.when == nil {
            if case .min(let text) = rule.kind, let value = DecimalLiteral(text), minimum.map({ value > $0 }) ?? true { minimum = value }
            if case .max(let text) = rule.kind, let value = DecimalLiteral(text), maximum.map({ value < $0 }) ?? true { maximum = value }
        }
        return (number.step?.value, minimum, maximum)
    }
}
