/// Writes one checked form as Swift: the generated file of SPEC §5 as pinned by
/// docs/design/generated-code.md. It decides what to declare; the renderer
/// decides how it is spelled. The members written once per form are built as a
/// code model (`SwiftCode`) and handed to the renderer one at a time; the
/// members and lines repeated for every field (nine tenths of a large file) are
/// written directly, with the names each field needs spelled once as UTF-8
/// (`FieldInfo`), so that no model, `String` or array is made per line. The
/// largest declarations are opened and closed around their members, so no model
/// of the whole file exists. The file is laid out as an `EmitPlan`: the parts
/// written once, and runs of units repeated per field (or helper, or group)
/// that may be rendered in batches, on two cores.
///
/// Names of private helpers are chosen so that no field id can collide with them:
/// ids are lowerCamelCase without underscores, so a helper is either a fixed word
/// plus the UpperCamelCase id (`validateEmail`, `isEmailVisible` — static, while
/// fields are instance properties) or holds an underscore (`patternEmail_2`).
struct FormTranslator {
    /// One field with everything the translator needs about it. A class: the
    /// translator walks the fields a dozen times, and reads each in place from
    /// its `FieldTable`, where the struct (symbol, element) would be copied
    /// whole. What every walk reads comes first, so that it shares the object's
    /// first cache lines.
    ///
    /// Its names are spelled once, in one block of memory it owns (`FieldName`s
    /// point into it): writing one reads it in place. As arrays, each write
    /// retained and released the array around the copy: an atomic operation on a
    /// line that, in a large form, is not in the cache (a third of the emitter's
    /// retains), and for `String` and `Bool`, shared by every field, a line that
    /// the two threads rendering took from each other.
    final class FieldInfo: Sendable {
        let id: String
        /// The id, as written in every member of the field.
        let name: FieldName
        /// `Email` for `email`: the suffix of the field's helpers.
        let upperName: FieldName
        /// The value type inside the form type: `String`, `Plan?`.
        let valueType: FieldName
        /// How many `rules` there are: the passes over every field that ask (the
        /// plan's, one after another) need not read the array, which in a large
        /// form is not in the cache.
        let ruleCount: Int
        var hasRules: Bool { ruleCount > 0 }
        /// Whether a rule is `custom`: only such a field's validation function
        /// takes the form's validators.
        let hasCustomRule: Bool
        let rules: [RuleDecl]
        /// A segment's enum cases, one per option in order (empty for other
        /// fields): each is needed three times or more, and is not free to spell.
        let caseNames: [String]
        /// The helpers that decide whether the field is visible and enabled
        /// (indices into `ConditionPlan`'s lists); nil when always true.
        let visibleHelper: Int?
        let enabledHelper: Int?
        /// What the field holds (`symbol.valueType`); `valueType` spells it.
        let fieldType: FieldValueType
        let trigger: ValidationTrigger
        /// The name default messages use (SPEC §6.3).
        let displayName: String
        /// The element's kind (one reference to its box: the whole `Element` and
        /// `FieldSymbol` kept here would add some 300 bytes per field).
        let kind: ElementKind
        /// The value `Values()` gives the field, read from the element here, on
        /// the thread making this half's `FieldInfo`s, while the element is in the
        /// cache: the pass that writes it would copy the declaration out of its box.
        let defaultValue: DefaultValue

        enum DefaultValue {
            case bool(Bool)
            /// A segment's default option's enum case, nil for none (`nil`).
            case segmentCase(String?)
            case text(String)
            /// A Swift expression, spelled when the field is described (`nil`, `18`, `[.a]`).
            case expression(String)
        }
        /// The bytes `name`, `upperName` and a segment's `valueType` point into:
        /// written once in `init`, only read after it, freed with the object.
        private let nameBlock: NameBlock

        private struct NameBlock: @unchecked Sendable {
            let bytes: UnsafeMutableBufferPointer<UInt8>
        }

        init(symbol: FieldSymbol, element: Element, rules: [RuleDecl], helpers: ConditionPlan.Helpers) {
            id = symbol.id
            // `email` → `Email`: the first byte alone changes when it is a lowercase
            // ASCII letter (as the checker requires of an id), as `upperCamelCase` says.
            let idBytes = symbol.id.utf8
            let upper: String.UTF8View? = idBytes.first.map { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) } == true
                ? nil : SwiftNaming.upperCamelCase(symbol.id).utf8
            // Every type but `String` and `Bool` (two literals) is spelled into the block.
            let segmentType: String.UTF8View?
            switch symbol.valueType {
            case .string, .bool: segmentType = nil
            default: segmentType = symbol.valueType.swiftType.utf8
            }
            let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(
                capacity: idBytes.count + (upper ?? idBytes).count + (segmentType?.count ?? 0)
            )
            var end = 0
            func append(_ utf8: String.UTF8View) -> FieldName {
                let start = end
                end = bytes[start...].initialize(from: utf8).index
                return FieldName(start: UnsafePointer(bytes.baseAddress! + start), count: end - start)
            }
            name = append(idBytes)
            if let upper {
                upperName = append(upper)
            } else {
                let start = end
                _ = append(idBytes)
                bytes[start] -= UInt8(ascii: "a") - UInt8(ascii: "A")
                upperName = FieldName(start: UnsafePointer(bytes.baseAddress! + start), count: end - start)
            }
            switch symbol.valueType {
            case .string: valueType = FieldName("String")
            case .bool: valueType = FieldName("Bool")
            case .segment, .number, .date, .multiChoice: valueType = append(segmentType!)
            }
            nameBlock = NameBlock(bytes: bytes)
            self.rules = rules
            ruleCount = rules.count
            hasCustomRule = rules.contains { if case .custom = $0.kind { true } else { false } }
            switch element.kind {
            case .segment(let segment):
                caseNames = segment.options.map(\.caseName)
                defaultValue = .segmentCase(segment.defaultValue.map { SwiftNaming.caseName(forOptionValue: $0.value) })
            case .boolean(let boolean):
                caseNames = []
                defaultValue = .bool(boolean.defaultValue?.value == true)
            case .text(let text):
                caseNames = []
                defaultValue = .text(text.defaultValue?.value ?? "")
            case .number(let number):
                caseNames = []
                defaultValue = .expression(number.defaultValue.map { SwiftLiterals.number($0.value, decimal: number.places > 0) } ?? "nil")
            case .date(let date):
                caseNames = []
                defaultValue = .expression(date.defaultValue.map { SwiftLiterals.date($0.value) } ?? "nil")
            case .multiChoice(let choice):
                caseNames = choice.options.map(\.caseName)
                // The chosen options in option order, each once (SPEC §10).
                let chosen = Set(choice.defaultValues?.value.map(\.value) ?? [])
                let cases = choice.options.filter { chosen.contains($0.value.value) }.map { "." + $0.caseName }
                defaultValue = .expression("[" + cases.joined(separator: ", ") + "]")
            case .group, .spacer, .staticText, .segue:
                // Not a field (only a hand-built form gets here): written as `nil`.
                caseNames = []
                defaultValue = .segmentCase(nil)
            }
            visibleHelper = helpers.visible
            enabledHelper = helpers.enabled
            fieldType = symbol.valueType
            trigger = symbol.trigger
            displayName = DefaultMessages.displayName(of: element.kind, id: symbol.id)
            kind = element.kind
        }

        deinit {
            nameBlock.bytes.deallocate()
        }
    }

    let form: CheckedForm
    let access: SwiftAccess
    /// `access` as written before a declaration: nothing, `package ` or `public `.
    let accessPrefix: StaticString
    let typeName: String
    /// One per field of `form.symbols`, in the same order.
    let fields: FieldTable
    /// The segues' action ids, in document order.
    let segueIDs: [String]
    let hasCustomRules: Bool
    /// What the validation members need from every field's rules.
    let ruleFacts: RuleFacts
    let conditions: ConditionPlan
    /// The top level and each group, depth first: one element builder each.
    let levels: [FormIndex.Level]
    /// FormRuntime's types that the file names, those of the form's API first; see `runtimeAliases`.
    let runtimeTypes: [String]
    /// The `N` of each static text's and unnamed group's localization key (SPEC §11).
    let unnamedOrdinals: [ElementPath: Int]

    init(form: CheckedForm, options: EmitOptions) {
        self.form = form
        switch options.accessLevel {
        case .internal: (access, accessPrefix) = (.internal, "")
        case .package: (access, accessPrefix) = (.package, "package ")
        case .public: (access, accessPrefix) = (.public, "public ")
        }
        typeName = form.document.name.value
        // One walk over the tree, by index: the levels, the field elements (in
        // document order, as the symbols are), the segues and the condition helpers.
        let index = FormIndex(form.document.elements)
        let (fields, ruleFacts) = Self.fieldInfos(form.symbols.fields, index: index, document: form.document)
        self.fields = fields
        self.ruleFacts = ruleFacts
        segueIDs = index.segueIDs
        hasCustomRules = ruleFacts.hasCustomRules
        conditions = index.conditions
        levels = index.levels
        runtimeTypes = Self.runtimeTypes(fields: fields, ruleFacts: ruleFacts, levels: index.levels)
        unnamedOrdinals = FormStrings.unnamedOrdinals(of: form.document)
    }

    /// The runtime types that the form's non-private members name in their
    /// declarations (`let email: FormValue<String>`, `validate() -> ValidationReport<Field>`):
    /// their aliases need the form's access. The others appear only in private
    /// members and in bodies.
    static let apiRuntimeTypes: Set<String> = [
        "FieldState", "FormDate", "FormDateTime", "FormElement", "FormTime", "FormValue", "ObserverToken",
        "ValidationContext", "ValidationReport",
    ]

    /// The runtime types the element builders name, by bit of `runtimeTypes`' mask.
    private static let elementTypeNames = [
        "GroupElement", "FormEdgeInsets", "BooleanElement", "SegmentElement", "SegmentOption", "TextFieldElement",
        "FloatLabelElement", "TextViewElement", "SpacerElement", "StaticTextElement", "SegueElement",
        "PickerElement", "NumberElement", "DateElement", "MultiChoiceElement",
    ]

    /// The names of FormRuntime's types that the members of the form type write:
    /// the API's always, the rest as the form's fields, rules and elements call for.
    /// (`RuntimeAliasTests` compares this with every generated file's words.)
    static func runtimeTypes(fields: FieldTable, ruleFacts: RuleFacts, levels: [FormIndex.Level]) -> [String] {
        var names: Set<String> = [
            "FieldState", "FieldValidationController", "FormElement", "ObserverToken", "ValidationContext", "ValidationReport",
            "ValidationResult", "ValidationTrigger",
        ]
        if !fields.isEmpty { names.insert("FormValue") }
        if fields.contains(where: \.hasRules) { names.formUnion(["RuleRunner", "ValidationRule"]) }
        if !ruleFacts.patterns.isEmpty { names.insert("FormPattern") }
        for field in fields where field.fieldType.isDate {
            if case .date(let mode, _) = field.fieldType { names.insert(mode == .dateTime ? "FormDateTime" : FieldValueType.dateType(mode)) }
        }
        // Bit i: `elementTypeNames[i]` (a bit per element, not a `Set` insertion).
        var used: UInt32 = 0
        for level in levels {
            for index in level.elements.indices {
                switch level.elements[index].kind {
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
                }
            }
        }
        for (bit, name) in elementTypeNames.enumerated() where used & 1 << bit != 0 { names.insert(name) }
        // The API's first, then the private ones; each in alphabetical order.
        return names.sorted { first, second in
            let (firstIsAPI, secondIsAPI) = (apiRuntimeTypes.contains(first), apiRuntimeTypes.contains(second))
            return firstIsAPI != secondIsAPI ? firstIsAPI : first < second
        }
    }

    /// How many fields a form needs before their `FieldInfo`s are made on two
    /// threads: below it, handing half to another thread costs more than it saves.
    static let parallelMinimumFields = 1_000

    /// What the validation members need from every field's rules, gathered in
    /// the same pass as the fields' `FieldInfo`s (each half of a large form's on
    /// its own thread), not in passes of their own over thousands of rules.
    struct RuleFacts: Sendable {
        /// Each custom validator by name and value type, in the order first used:
        /// one requirement of the validators protocol each.
        private(set) var customValidators: [(name: String, valueType: FieldValueType)] = []
        private var seenValidators: Set<String> = []
        /// Each distinct pattern, in the order first used: one compiled `FormPattern` each.
        private(set) var patterns: [String] = []
        private var seenPatterns: Set<String> = []
        /// Each `sameAs` rule (but a field's on itself), in document order.
        private(set) var sameAs: [(target: String, field: String)] = []

        var hasCustomRules: Bool { !customValidators.isEmpty }

        mutating func add(_ rules: [RuleDecl], of field: String, valueType: FieldValueType) {
            for rule in rules {
                switch rule.kind {
                case .custom(let name): add(validator: name, valueType: valueType)
                case .pattern(let pattern): add(pattern: pattern)
                case .sameAs(let target) where target != field: sameAs.append((target, field))
                default: break
                }
            }
        }

        private mutating func add(validator name: String, valueType: FieldValueType) {
            if seenValidators.insert(name + " " + valueType.swiftType).inserted { customValidators.append((name, valueType)) }
        }

        private mutating func add(pattern: String) {
            if seenPatterns.insert(pattern).inserted { patterns.append(pattern) }
        }

        /// These facts, then `later`'s: the rules of the fields after these.
        mutating func append(_ later: RuleFacts) {
            for (name, valueType) in later.customValidators { add(validator: name, valueType: valueType) }
            for pattern in later.patterns { add(pattern: pattern) }
            sameAs += later.sameAs
        }
    }

    /// The `FieldInfo` of each field symbol, in order, and the facts of their
    /// rules; for a large form, each half on a thread of its own (all they share
    /// is read, and each sets its own half of the table).
    private static func fieldInfos(
        _ symbols: [FieldSymbol], index: FormIndex, document: FormDocument
    ) -> (FieldTable, RuleFacts) {
        let inHalves = symbols.count >= parallelMinimumFields
        let table = FieldTable(count: symbols.count, inHalves: inHalves)
        @Sendable func fill(_ range: Range<Int>) -> RuleFacts {
            var facts = RuleFacts()
            for position in range {
                let symbol = symbols[position]
                // Field element `position` is this symbol's (always, for a checked
                // form); else it is looked up by its path.
                let info: FieldInfo?
                if index.fieldElement(position, isAt: symbol.path) {
                    let place = index.fieldPlaces[position]
                    let level = index.levels[Int(place.level)]
                    info = fieldInfo(symbol, level.elements[Int(place.index)], helpers: level.helpers[Int(place.index)])
                } else if let (element, helpers) = index.element(at: symbol.path) {
                    info = fieldInfo(symbol, element, helpers: helpers)
                } else {
                    info = nil
                }
                // A trap, not a skip: the table frees every slot, so each must be set.
                guard let info else {
                    preconditionFailure("the checker made a field symbol of an element that is not a field")
                }
                facts.add(info.rules, of: info.id, valueType: info.fieldType)
                table.set(position, to: info)
            }
            return facts
        }
        guard inHalves else { return (table, fill(0..<symbols.count)) }
        let half = symbols.count / 2
        var (first, second) = Concurrently.run({ fill(0..<half) }, { fill(half..<symbols.count) })
        first.append(second)
        return (table, first)
    }

    private static func fieldInfo(_ symbol: FieldSymbol, _ element: Element, helpers: ConditionPlan.Helpers) -> FieldInfo? {
        element.field.map { FieldInfo(symbol: symbol, element: element, rules: $0.rules, helpers: helpers) }
    }

    /// The field with this id.
    func field(_ id: String) -> FieldInfo? {
        fieldPosition(id).map { fields[$0] }
    }

    /// The position of field `id` in `fields`: read through it, the field is
    /// not retained (a large form's `FieldInfo`s are not in the cache, and a
    /// retain writes to one).
    func fieldPosition(_ id: String) -> Int? {
        form.symbols.fieldIndex(id)
    }

    // MARK: - Names and types used throughout

    static let valuesType = SwiftType.named("Values")
    static let contextType = SwiftType.named("ValidationContext")
    static let fieldType = SwiftType.named("Field")
    static let resultType = SwiftType.named("ValidationResult")
    static let reportType = SwiftType.named("ValidationReport", [fieldType])
    static let stringType = SwiftType.named("String")
    static let boolType = SwiftType.named("Bool")
    static let selfName = SwiftExpr.name("self")
    static let valuesName = SwiftExpr.name("values")

    var validatorsProtocol: String { typeName + "Validators" }

    /// `String`, `Bool`, `Plan`, `Plan?`; `SignUpForm.Plan` outside the form type.
    func swiftType(_ valueType: FieldValueType, qualified: Bool) -> SwiftType {
        switch valueType {
        case .string: return Self.stringType
        case .bool: return Self.boolType
        case .segment(let name, let optional):
            let base = SwiftType.named(qualified ? typeName + "." + name : name)
            return optional ? .optional(base) : base
        case .number(let decimal, let optional):
            let base = SwiftType.named(decimal ? "Decimal" : "Int")
            return optional ? .optional(base) : base
        case .date(let mode, let optional):
            let base = SwiftType.named(FieldValueType.dateType(mode))
            return optional ? .optional(base) : base
        case .multiChoice(let name):
            return .array(.named(qualified ? typeName + "." + name : name))
        }
    }

    // MARK: - The file

    /// A generous guess at the size of the generated file (1.2 to 1.6 kB per
    /// field), so the output buffer is allocated once.
    var estimatedSize: Int { 16_384 + fields.count * 2_048 }

    // MARK: - Where the runs of units are

    /// Members of the form type.
    static let formMembers = SwiftRenderer.Context(indentLevel: 1, openTypes: 1)
    /// Members of a type nested in it (`Field`, `Values`).
    static let nestedMembers = SwiftRenderer.Context(indentLevel: 2, openTypes: 2)
    /// Statements of a method of the form type.
    static let formBody = SwiftRenderer.Context(indentLevel: 2, openTypes: 1)
    /// Statements of a method of a nested type.
    static let nestedBody = SwiftRenderer.Context(indentLevel: 3, openTypes: 2)

    /// The whole file, one member (or one line of a long body) at a time.
    func plan() -> EmitPlan {
        var plan = EmitPlan()
        plan.once { out in
            // Foundation for `Decimal` and `Date`, which FormRuntime does not re-export.
            let imports = fields.contains { $0.fieldType.needsFoundation } ? ["Foundation", "FormRuntime"] : ["FormRuntime"]
            out.fileHeader(comment: ["Generated by formc from \(form.sourcePath). Do not edit."], imports: imports)
            if hasCustomRules { out.declaration(.type(validatorsProtocolDecl())) }
            var doc = "The form `\(typeName)`"
            if let title = form.document.title?.value { doc += " (\(title))" }
            doc += ": one `FormValue` per field, its element tree, validation and conditions."
            out.openType(SwiftTypeDecl(
                doc: [doc], attributes: ["@MainActor"], access: access, modifiers: ["final"], kind: .class, name: typeName
            ))
            runtimeAliases(into: &out)
        }
        fieldEnum(into: &plan)
        segmentEnums(into: &plan)
        actionEnum(into: &plan)
        valuesStruct(into: &plan)
        plan.each(fields.count, in: Self.formMembers, weight: { _ in 36 }) { index, out in
            // `let email: FormValue<String>`
            out.beginMember(sort: 2)
            out.write(accessPrefix)
            out.write("let ")
            out.write(fields[index].name)
            out.write(": FormValue<")
            out.write(fields[index].valueType)
            out.write(">")
            out.newline()
        }
        instanceMembers(into: &plan)
        validationMembers(into: &plan)
        conditionMembers(into: &plan)
        elementMembers(into: &plan)
        plan.once { $0.closeType() }
        return plan
    }

    /// `typealias FormValue = FormRuntime.FormValue`, for each of `runtimeTypes`:
    /// inside the form type, its members find the runtime's types through these,
    /// before the module's own declarations. Without them, a type of the same
    /// name declared anywhere in the app's module (its own `ValidationResult` or
    /// `FieldState`, say) would hide the imported one from the whole generated
    /// file. The generated code keeps the plain names, as SPEC §5 shows them. The
    /// types of the form's API (`apiRuntimeTypes`) are aliased with its access,
    /// the rest privately, so they add nothing to what the app sees of the form.
    private func runtimeAliases(into out: inout SwiftRenderer) {
        for (index, name) in runtimeTypes.enumerated() {
            out.beginMember(sort: 4)
            if index == 0 {
                out.write("// FormRuntime's types by name: a type of the same name in this module does not hide them here.")
                out.newline()
            }
            if Self.apiRuntimeTypes.contains(name) { out.write(accessPrefix) } else { out.write("private ") }
            out.write("typealias ")
            out.write(name)
            out.write(" = FormRuntime.")
            out.write(name)
            out.newline()
        }
    }

    /// `case name` or `case name = "raw"`, one line of an open enum.
    private static func enumCase(_ name: String, rawValue: String? = nil, into out: inout SwiftRenderer) {
        out.beginMember(sort: 0)
        out.write("case ")
        out.write(name)
        if let rawValue {
            out.write(" = ")
            out.writeStringLiteral(rawValue)
        }
        out.newline()
    }

    // MARK: - Nested types

    private func fieldEnum(into plan: inout EmitPlan) {
        plan.once { out in
            out.openType(SwiftTypeDecl(
                doc: ["The form's fields, in document order."],
                access: access, kind: .enum, name: "Field",
                // An enum without cases cannot have a raw type.
                inherits: fields.isEmpty ? ["Hashable", "CaseIterable", "Sendable"] : ["String", "CaseIterable", "Sendable"]
            ))
        }
        plan.each(fields.count, in: Self.nestedMembers, weight: { _ in 24 }) { index, out in
            out.beginMember(sort: 0)
            out.write("case ")
            out.write(fields[index].name)
            out.newline()
        }
        plan.once { $0.closeType() }
    }

    private func segmentEnums(into plan: inout EmitPlan) {
        // Positions, not the `FieldInfo`s: an array of them would retain each.
        let segmentFields = fields.indices.filter { !fields[$0].caseNames.isEmpty || fields[$0].kind.hasOptions }
        plan.each(segmentFields.count, in: Self.formMembers, weight: { 160 + 32 * fields[segmentFields[$0]].caseNames.count }) { index, out in
            let field = fields[segmentFields[index]]
            let (enumName, options): (String, [SegmentOption]) = switch field.kind {
            case .segment(let segment): (segment.swiftEnumName, segment.options)
            case .multiChoice(let choice): (choice.swiftEnumName, choice.options)
            default: ("", [])
            }
            guard !enumName.isEmpty else { return }
            out.openType(SwiftTypeDecl(
                doc: ["The options of `\(field.id)`."],
                access: access, kind: .enum, name: enumName,
                inherits: ["String", "CaseIterable", "Codable", "Sendable"]
            ))
            for (option, name) in zip(options, field.caseNames) {
                let bare = name.hasPrefix("`") ? String(name.dropFirst().dropLast()) : name
                Self.enumCase(name, rawValue: bare == option.value.value ? nil : option.value.value, into: &out)
            }
            out.closeType()
        }
    }

    private func actionEnum(into plan: inout EmitPlan) {
        guard !segueIDs.isEmpty else { return }
        plan.once(weight: 160 + 32 * segueIDs.count) { out in
            out.openType(SwiftTypeDecl(
                doc: ["The form's segues: what a renderer does when one is tapped is up to the app."],
                access: access, kind: .enum, name: "Action",
                inherits: ["String", "CaseIterable", "Sendable"]
            ))
            for id in segueIDs { Self.enumCase(id, into: &out) }
            out.closeType()
        }
    }

    /// The field's default value, as the initializer of `Values` sets it.
    private func writeDefaultValue(of field: FieldInfo, into out: inout SwiftRenderer) {
        switch field.defaultValue {
        case .bool(let value):
            out.write(value ? "true" : "false")
        case .segmentCase(let caseName?):
            out.write(".")
            out.write(caseName)
        case .segmentCase(nil):
            out.write("nil")
        case .text(let text):
            out.writeStringLiteral(text)
        case .expression(let expression):
            out.write(expression)
        }
    }

    private func valuesStruct(into plan: inout EmitPlan) {
        plan.once { out in
            out.openType(SwiftTypeDecl(
                doc: ["A snapshot of every field's value: what is submitted, stored or validated off the main actor."],
                access: access, kind: .struct, name: "Values",
                inherits: ["Codable", "Equatable", "Sendable"]
            ))
        }
        plan.each(fields.count, in: Self.nestedMembers, weight: { _ in 28 }) { index, out in
            // `var email: String`; an instant is ISO 8601 text whatever the coder's date strategy (SPEC §10).
            out.beginMember(sort: 2)
            if case .date(.dateTime, _) = fields[index].fieldType { out.write("@FormDateTime ") }
            out.write(accessPrefix)
            out.write("var ")
            out.write(fields[index].name)
            out.write(": ")
            out.write(fields[index].valueType)
            out.newline()
        }
        plan.once { out in
            out.openFunction(SwiftFunction(doc: ["Every field at its default."], access: access, parameters: [], body: []))
        }
        plan.each(fields.count, in: Self.nestedBody, weight: { _ in 36 }) { index, out in
            // `self.email = ""`
            out.write("self.")
            out.write(fields[index].name)
            out.write(" = ")
            writeDefaultValue(of: fields[index], into: &out)
            out.newline()
        }
        plan.once { $0.closeBody() }
        if !fields.isEmpty {
            // The memberwise initializer.
            plan.once(weight: 32 * fields.count) { out in
                out.beginMember(sort: nil)
                out.write(accessPrefix)
                out.write("init")
                // `email: String`, from the field's names: nothing made per field.
                // The width is the bytes the closure below writes.
                out.parameterList(
                    count: fields.count, tailWidth: 0, width: { fields[$0].name.count + 2 + fields[$0].valueType.count }
                ) { index, out in
                    out.write(fields[index].name)
                    out.write(": ")
                    out.write(fields[index].valueType)
                }
                out.openBody()
            }
            plan.each(fields.count, in: Self.nestedBody, weight: { _ in 36 }) { index, out in
                out.write("self.")
                out.write(fields[index].name)
                out.write(" = ")
                out.write(fields[index].name)
                out.newline()
            }
            plan.once { $0.closeBody() }
        }
        plan.once { $0.closeType() }
    }

    private func validatorsProtocolDecl() -> SwiftTypeDecl {
        // One requirement per validator name and value type, in first-use order.
        let requirements: [SwiftDecl] = ruleFacts.customValidators.map { name, valueType in
            .function(SwiftFunction(
                name: name,
                parameters: [
                    SwiftParameter("_", "value", swiftType(valueType, qualified: true)),
                    SwiftParameter(nil, "values", .named(typeName + ".Values")),
                ],
                // Outside the form type, where its aliases do not reach: spelled with the module.
                isAsync: true, result: .named("FormRuntime.ValidationResult"), body: nil
            ))
        }
        return SwiftTypeDecl(
            doc: ["The app's async validators for the `custom` rules of `\(typeName)`."],
            access: access, kind: .protocol, name: validatorsProtocol,
            inherits: ["Sendable"], members: requirements
        )
    }

    // MARK: - Instance API

    private var validatorsParameter: SwiftParameter {
        SwiftParameter(nil, "validators", .existential(.named(validatorsProtocol)))
    }

    private func instanceMembers(into plan: inout EmitPlan) {
        plan.once(weight: 1_024) { out in
            instanceMembersHead(into: &out)
        }
        plan.each(fields.count, in: Self.formBody, weight: { _ in 52 }) { index, out in
            // `self.email = FormValue(values.email)`
            out.write("self.")
            out.write(fields[index].name)
            out.write(" = FormValue(values.")
            out.write(fields[index].name)
            out.write(")")
            out.newline()
        }
        plan.once { out in
            if hasCustomRules { out.statement(.assign(.member(Self.selfName, "validators"), .name("validators"))) }
            out.closeBody()
            out.openComputedProperty(SwiftProperty(
                doc: ["A snapshot of every field's current value."],
                access: access, isLet: false, name: "values", type: Self.valuesType, getter: []
            ))
            if fields.isEmpty {
                out.statement(.return(.call(.type(Self.valuesType), [])))
            } else {
                // Assignments, not one memberwise call: a call with thousands of
                // arguments is slow to type-check.
                out.statement(.var("values", nil, .call(.type(Self.valuesType), [])))
            }
        }
        plan.each(fields.count, in: Self.formBody, weight: { _ in 44 }) { index, out in
            // `values.email = email.value`
            out.write("values.")
            out.write(fields[index].name)
            out.write(" = ")
            out.write(fields[index].name)
            out.write(".value")
            out.newline()
        }
        plan.once { out in
            if !fields.isEmpty { out.statement(.return(Self.valuesName)) }
            out.closeBody()
        }
    }

    /// The controller of the field states and `init` up to its assignments.
    private func instanceMembersHead(into out: inout SwiftRenderer) {
        if hasCustomRules {
            out.declaration(.property(SwiftProperty(
                access: .private, isLet: true, name: "validators", type: .existential(.named(validatorsProtocol))
            )))
        }
        out.declaration(.property(SwiftProperty(
            doc: ["The clock, time zone and localization that `validate()` and the triggers use (SPEC §10)."],
            access: access, isLet: false, name: "context", type: Self.contextType,
            initializer: .call(.type(Self.contextType), [])
        )))
        if let title = form.document.title?.value {
            // Computed, so that it follows a later change of `context`; no title, no member (SPEC §11: no string, no key).
            out.declaration(.property(SwiftProperty(
                doc: ["The form's `title`, in the language of `context.localization` (SPEC §11)."],
                access: access, isLet: false, name: "localizedTitle", type: .named("String"),
                getter: [.return(.call(.member(.member(.name("context"), "localization"), "string"), [
                    SwiftArgument(nil, .string(FormStrings.titleKey(form: typeName))), SwiftArgument("default", .string(title)),
                ]))]
            )))
        }
        var validateArguments: [SwiftArgument] = [
            SwiftArgument("in", .member(Self.selfName, "values")), SwiftArgument("context", .member(Self.selfName, "context")),
        ]
        if hasCustomRules { validateArguments.append(SwiftArgument("validators", .member(Self.selfName, "validators"))) }
        out.declaration(.property(SwiftProperty(
            doc: ["Field states and triggers (SPEC §6.4); lazy, because its closure needs `self`."],
            access: .private, modifiers: ["lazy"], isLet: false, name: "validation",
            type: .named("FieldValidationController", [Self.fieldType]),
            initializer: .call(.type(.named("FieldValidationController"))
                , [
                    SwiftArgument("triggers", .member(.name("Self"), "triggers")),
                    SwiftArgument("dependents", .member(.name("Self"), "dependents")),
                    SwiftArgument("validate", .closure(SwiftClosure(
                        captures: ["weak self"], parameters: ["field"],
                        body: [
                            .guardLet("self", Self.selfName, else: [.return(.dot("cancelled"))]),
                            .return(.await(.call(.member(.name("Self"), "validate"),
                                                 [SwiftArgument(nil, .name("field"))] + validateArguments))),
                        ]
                    ))),
                ], multiline: true)
        )))

        var initParameters = [SwiftParameter(nil, "values", Self.valuesType, default: .call(.type(Self.valuesType), []))]
        if hasCustomRules { initParameters.append(validatorsParameter) }
        out.openFunction(SwiftFunction(
            doc: ["A form showing `values`" + (hasCustomRules ? ", checked by the app's `validators`." : ".")],
            access: access, parameters: initParameters, body: []
        ))
    }
}

extension FormTranslator {
    /// Plans the body of the open function: `switch field { case .a, .b: return x … }`
    /// over every field, grouping fields with the same key; `result` writes the
    /// answer of a key (once per group, after `return `), `whenEmpty` is the key of
    /// a form without fields. The largest group of several fields becomes
    /// `default` (never unreachable, since its fields are not listed); a single
    /// group needs no switch at all. Each other group is a unit of a run, in the
    /// body of a method of the form type.
    ///
    /// Keys are small numbers, `0..<keyCount`, so that grouping is an array
    /// lookup per field, not a hash: `key` is asked once per field (by its
    /// position in `fields`), in order.
    func switchOverFields(
        keyCount: Int, whenEmpty: Int, into plan: inout EmitPlan, key: (Int) -> Int,
        result: @escaping @Sendable (Int, inout SwiftRenderer) -> Void
    ) {
        // Each group's fields, as positions in `fields` chained in order: no
        // array per group.
        var groups: [(key: Int, first: Int, last: Int, count: Int)] = []
        var chain = [Int](repeating: -1, count: fields.count)
        var groupOfKey = [Int](repeating: -1, count: keyCount)
        for position in fields.indices {
            let key = key(position)
            let index = groupOfKey[key]
            if index >= 0 {
                chain[groups[index].last] = position
                groups[index].last = position
                groups[index].count += 1
            } else {
                groupOfKey[key] = groups.count
                groups.append((key, position, position, 1))
            }
        }
        guard groups.count > 1 else {
            let key = groups.first?.key ?? whenEmpty
            plan.once { out in
                out.write("return ")
                result(key, &out)
                out.newline()
            }
            return
        }
        var largest = 0
        for (index, group) in groups.enumerated() where group.count > groups[largest].count {
            largest = index
        }
        // One field per group: every case is spelled out.
        let defaultGroup = groups[largest].count > 1 ? groups.remove(at: largest) : nil
        let next = chain
        let cases = groups
        plan.once { out in
            out.write("switch field {")
            out.newline()
        }
        plan.each(cases.count, in: Self.formBody, weight: { 48 + 24 * cases[$0].count }) { index, out in
            out.write("case .")
            var position = cases[index].first
            out.write(fields[position].name)
            while next[position] >= 0 {
                position = next[position]
                out.write(", .")
                out.write(fields[position].name)
            }
            out.write(":")
            out.newline()
            Self.switchReturn(cases[index].key, into: &out, result)
        }
        plan.once { out in
            if let defaultGroup {
                out.write("default:")
                out.newline()
                Self.switchReturn(defaultGroup.key, into: &out, result)
            }
            out.write("}")
            out.newline()
        }
    }

    /// `return x` on the line after a case.
    private static func switchReturn(_ key: Int, into out: inout SwiftRenderer, _ result: (Int, inout SwiftRenderer) -> Void) {
        out.indent()
        out.write("return ")
        result(key, &out)
        out.newline()
        out.outdent()
    }
}
