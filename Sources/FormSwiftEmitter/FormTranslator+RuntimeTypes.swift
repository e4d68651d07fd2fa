import FormModel

// The runtime's types that the file names, and their aliases inside the form type.
extension FormTranslator {
    /// The runtime types that the form's non-private members name in their
    /// declarations (`let email: FormValue<String>`, `validate() -> ValidationReport<Field>`):
    /// their aliases need the form's access. The others appear only in private
    /// members and in bodies.
    static let apiRuntimeTypes = Set(RuntimeTypes.names[..<RuntimeTypes.apiCount])

    /// The runtime types the members of the form type write: the API's always,
    /// the rest as the form's fields, rules and elements call for.
    /// (`RuntimeAliasTests` compares this with every generated file's words.)
    static func runtimeTypes(
        fields: FieldTable, ruleFacts: RuleFacts, levels: [FormIndex.Level], comparesFields: Bool = false, lists: [ListPlan] = []
    ) -> RuntimeTypes {
        var types: RuntimeTypes = [
            .fieldState, .fieldValidationController, .formElement, .observerToken, .validationContext, .validationReport,
            .validationResult, .validationTrigger,
        ]
        if !fields.isEmpty { types.insert(.formValue) }
        if fields.contains(where: \.hasRules) { types.formUnion([.ruleRunner, .validationRule]) }
        if !ruleFacts.patterns.isEmpty { types.insert(.formPattern) }
        if comparesFields || ruleFacts.comparesFields { types.insert(.formComparison) }
        for field in fields {
            switch field.fieldType {
            case .date(.date, _): types.insert(.formDate)
            case .date(.time, _): types.insert(.formTime)
            case .date(.dateTime, _): types.insert(.formDateTime)
            case .multiChoice: types.insert(.formChoices)
            default: break
            }
        }
        // The entry classes, nested in the form type, read the form's aliases: they
        // alias what the entries write too.
        for list in lists { types.formUnion(list.entry.runtimeTypes) }
        // Only the form's own `setError(_:at:)` writes `FieldPath`: for its fields, its lists and its entries' fields.
        if !fields.isEmpty || !lists.isEmpty { types.insert(.fieldPath) }
        // A bit per element kind, from `RuntimeTypes.groupElement` on.
        var used: UInt64 = 0
        for level in levels {
            for index in level.elements.indices {
                switch level.elements[index].kind {
                case .group(let group) where group.isPage: used |= 1 << 15
                case .group(let group): used |= group.insets == nil ? 1 << 0 : 1 << 0 | 1 << 1
                case .boolean: used |= 1 << 2
                case .segment(let segment):
                    let type: UInt64 = segment.variant == .picker ? 1 << 11 : 1 << 3
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
        types.formUnion(RuntimeTypes(rawValue: used << RuntimeTypes.firstElementBit))
        if types.contains(.pageElement) { types.insert(.formPages) }
        return types
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
        for (index, name) in runtimeTypes.namesInAliasOrder.enumerated() {
            out.typeAlias(
                Self.apiRuntimeTypes.contains(name) ? access : .private, name, inModule: "FormRuntime",
                comment: index == 0 ? "FormRuntime's types by name: a type of the same name in this module does not hide them here." : nil
            )
        }
    }
}

/// A set of FormRuntime's types that the members of a form type name: a bit each.
struct RuntimeTypes: OptionSet, Sendable {
    let rawValue: UInt64

    init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    private init(bit: Int) {
        rawValue = 1 << bit
    }

    static let fieldState = Self(bit: 0)
    static let formDate = Self(bit: 1)
    static let formElement = Self(bit: 2)
    static let formTime = Self(bit: 3)
    static let formValue = Self(bit: 4)
    static let observerToken = Self(bit: 5)
    static let validationContext = Self(bit: 6)
    static let validationReport = Self(bit: 7)
    static let fieldPath = Self(bit: 8)
    static let fieldValidationController = Self(bit: 9)
    static let formChoices = Self(bit: 10)
    static let formComparison = Self(bit: 11)
    static let formDateTime = Self(bit: 12)
    static let formPages = Self(bit: 13)
    static let formPattern = Self(bit: 14)
    static let ruleRunner = Self(bit: 15)
    static let validationResult = Self(bit: 16)
    static let validationRule = Self(bit: 17)
    static let validationTrigger = Self(bit: 18)
    static let groupElement = Self(bit: 19)
    static let formEdgeInsets = Self(bit: 20)
    static let booleanElement = Self(bit: 21)
    static let segmentElement = Self(bit: 22)
    static let segmentOption = Self(bit: 23)
    static let textFieldElement = Self(bit: 24)
    static let floatLabelElement = Self(bit: 25)
    static let textViewElement = Self(bit: 26)
    static let spacerElement = Self(bit: 27)
    static let staticTextElement = Self(bit: 28)
    static let segueElement = Self(bit: 29)
    static let pickerElement = Self(bit: 30)
    static let numberElement = Self(bit: 31)
    static let dateElement = Self(bit: 32)
    static let multiChoiceElement = Self(bit: 33)
    static let pageElement = Self(bit: 34)
    static let listElement = Self(bit: 35)

    /// Each type's name, by bit: the API's types (`apiCount` of them) first.
    static let names = [
        "FieldState", "FormDate", "FormElement", "FormTime", "FormValue", "ObserverToken", "ValidationContext",
        "ValidationReport", "FieldPath", "FieldValidationController", "FormChoices", "FormComparison", "FormDateTime",
        "FormPages", "FormPattern", "RuleRunner", "ValidationResult", "ValidationRule", "ValidationTrigger",
        "GroupElement", "FormEdgeInsets", "BooleanElement", "SegmentElement", "SegmentOption", "TextFieldElement",
        "FloatLabelElement", "TextViewElement", "SpacerElement", "StaticTextElement", "SegueElement", "PickerElement",
        "NumberElement", "DateElement", "MultiChoiceElement", "PageElement", "ListElement",
    ]

    static let apiCount = 8
    /// The bit of `groupElement`, the first of the element builders' types.
    static let firstElementBit = 19

    /// The bits in the order the aliases are written: the API's types, then
    /// the others, each in alphabetical order.
    private static let aliasOrder: [Int] = {
        let api = names.indices.prefix(apiCount).sorted { names[$0] < names[$1] }
        return api + names.indices.dropFirst(apiCount).sorted { names[$0] < names[$1] }
    }()

    /// The types' names, in the order their aliases are written.
    var namesInAliasOrder: [String] {
        Self.aliasOrder.compactMap { rawValue & 1 << $0 != 0 ? Self.names[$0] : nil }
    }
}
