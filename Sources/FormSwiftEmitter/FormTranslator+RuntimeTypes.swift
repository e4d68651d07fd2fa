import FormModel

// The runtime's types that the file names, and their aliases inside the form type.
extension FormTranslator {
    /// The runtime types that the form's non-private members name in their
    /// declarations (`let email: FormValue<String>`, `validate() -> ValidationReport<Field>`):
    /// their aliases need the form's access. The others appear only in private
    /// members and in bodies.
    static let apiRuntimeTypes: Set<String> = [
        "FieldState", "FormDate", "FormElement", "FormTime", "FormValue", "ObserverToken", "ValidationContext",
        "ValidationReport",
    ]

    /// The runtime types the element builders name, by bit of `runtimeTypes`' mask.
    private static let elementTypeNames = [
        "GroupElement", "FormEdgeInsets", "BooleanElement", "SegmentElement", "SegmentOption", "TextFieldElement",
        "FloatLabelElement", "TextViewElement", "SpacerElement", "StaticTextElement", "SegueElement",
        "PickerElement", "NumberElement", "DateElement", "MultiChoiceElement", "PageElement", "ListElement",
    ]

    /// The names of FormRuntime's types that the members of the form type write:
    /// the API's always, the rest as the form's fields, rules and elements call for.
    /// (`RuntimeAliasTests` compares this with every generated file's words.)
    static func runtimeTypes(
        fields: FieldTable, ruleFacts: RuleFacts, levels: [FormIndex.Level], comparesFields: Bool = false, lists: [ListPlan] = []
    ) -> [String] {
        var names: Set<String> = [
            "FieldState", "FieldValidationController", "FormElement", "ObserverToken", "ValidationContext", "ValidationReport",
            "ValidationResult", "ValidationTrigger",
        ]
        // `FieldPath` for `setError(_:at:)`, which a form without fields answers without.
        if !fields.isEmpty { names.formUnion(["FormValue", "FieldPath"]) }
        if fields.contains(where: \.hasRules) { names.formUnion(["RuleRunner", "ValidationRule"]) }
        if !ruleFacts.patterns.isEmpty { names.insert("FormPattern") }
        if comparesFields || ruleFacts.comparesFields { names.insert("FormComparison") }
        for field in fields {
            switch field.fieldType {
            case .date(let mode, _): names.insert(mode == .dateTime ? "FormDateTime" : SwiftRenderer.dateTypeName(mode))
            case .multiChoice: names.insert("FormChoices")
            default: break
            }
        }
        // The entry classes, nested in the form type, read the form's aliases: they
        // alias what the entries write too.
        for list in lists { names.formUnion(list.entry.runtimeTypes) }
        // Only the form's own `setError(_:at:)` writes `FieldPath`: for its fields, its lists and its entries' fields.
        if fields.isEmpty && lists.isEmpty {
            names.remove("FieldPath")
        } else {
            names.insert("FieldPath")
        }
        // Bit i: `elementTypeNames[i]` (a bit per element, not a `Set` insertion).
        var used: UInt32 = 0
        for level in levels {
            for index in level.elements.indices {
                switch level.elements[index].kind {
                case .group(let group) where group.isPage: used |= 1 << 15
                case .group(let group): used |= group.insets == nil ? 1 << 0 : 1 << 0 | 1 << 1
                case .boolean: used |= 1 << 2
                case .segment(let segment):
                    let type: UInt32 = segment.variant == .picker ? 1 << 11 : 1 << 3
                    used |= segment.options.isEmpty ? type : type | 1 << 4
                case .number: used |= 1 << 12
                case .date: used |= 1 << 13
                case .multiChoice(let choice): used |= choice.options.isEmpty ? 1 << 14 : 1 << 14 | 1 << 4
                case .text(let text):
                    switch text.variant {
                    case .textField: used |= 1 << 5
                    case .floatLabel: used |= 1 << 6
                    case .textView: used |= 1 << 7
                    }
                case .spacer: used |= 1 << 8
                case .staticText: used |= 1 << 9
                case .segue: used |= 1 << 10
                case .list: used |= 1 << 16
                }
            }
        }
        for (bit, name) in elementTypeNames.enumerated() where used & 1 << bit != 0 { names.insert(name) }
        if used & 1 << 15 != 0 { names.insert("FormPages") }
        // The API's first, then the private ones; each in alphabetical order.
        return names.filter(apiRuntimeTypes.contains).sorted() + names.filter { !apiRuntimeTypes.contains($0) }.sorted()
    }

    /// The names of Foundation's types that the file writes, sorted: `Date` where
    /// a field's value is an instant (its type and literals); `Decimal` where a
    /// field's value is a decimal number (its type and literals) and where a number
    /// element has a step or bounds (`NumberElement`'s are `Decimal`s, an `Int`
    /// field's too). FormRuntime does not re-export Foundation: the file imports it
    /// exactly when this is not empty. (`ImportTests` compares this with every
    /// generated file's words, the compile matrix of `EmitCompileMatrixTests`
    /// type-checks each kind's file on its own.)
    static func foundationTypes(fields: FieldTable) -> [String] {
        var names: Set<String> = []
        for field in fields {
            if let name = field.fieldType.foundationType { names.insert(name) }
            if case .number(let number) = field.kind {
                let decimals = decimalArguments(of: number)
                if decimals.step != nil || decimals.minimum != nil || decimals.maximum != nil { names.insert("Decimal") }
            }
        }
        return names.sorted()
    }

    /// `typealias FormValue = FormRuntime.FormValue`, for each of `runtimeTypes`:
    /// inside the form type, its members find the runtime's types through these,
    /// before the module's own declarations. Without them, a type of the same
    /// name declared anywhere in the app's module (its own `ValidationResult` or
    /// `FieldState`, say) would hide the imported one from the whole generated
    /// file. The generated code keeps the plain names, as SPEC §5 shows them. The
    /// types of the form's API (`apiRuntimeTypes`) are aliased with its access,
    /// the rest privately, so they add nothing to what the app sees of the form.
    func runtimeAliases(into out: inout SwiftRenderer) {
        for (index, name) in runtimeTypes.enumerated() {
            out.typeAlias(
                Self.apiRuntimeTypes.contains(name) ? access : .private, name, inModule: "FormRuntime",
                comment: index == 0 ? "FormRuntime's types by name: a type of the same name in this module does not hide them here." : nil
            )
        }
    }
}
