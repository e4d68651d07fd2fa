/// Writes one checked form as Swift: the generated file of SPEC §5 as pinned by
/// docs/design/generated-code.md. It decides what to declare, building the code
/// model of one member at a time and handing it to the renderer, which decides
/// how it is spelled; the largest declarations are opened and closed around
/// their members, so no model of the whole file exists.
///
/// Names of private helpers are chosen so that no field id can collide with them:
/// ids are lowerCamelCase without underscores, so a helper is either a fixed word
/// plus the UpperCamelCase id (`validateEmail`, `isEmailVisible` — static, while
/// fields are instance properties) or holds an underscore (`patternEmail_2`).
struct FormTranslator {
    /// One field with everything the translator needs about it. A class: the
    /// translator walks the fields a dozen times, and a reference is one retain
    /// where the struct (symbol, element) would be copied whole. What every walk
    /// reads comes first, so that it shares the object's first cache lines.
    final class FieldInfo {
        let id: String
        /// `Email` for `email`: the suffix of the field's helpers.
        let upperName: String
        let rules: [RuleDecl]
        /// A segment's enum cases, one per option in order (empty for other
        /// fields): each is needed three times or more, and is not free to spell.
        let caseNames: [String]
        let symbol: FieldSymbol
        let element: Element

        init(symbol: FieldSymbol, element: Element, rules: [RuleDecl]) {
            id = symbol.id
            upperName = SwiftNames.upperCamelCase(symbol.id)
            self.rules = rules
            if case .segment(let segment) = element.kind {
                caseNames = segment.options.map(\.caseName)
            } else {
                caseNames = []
            }
            self.symbol = symbol
            self.element = element
        }
    }

    let form: CheckedForm
    let access: SwiftAccess
    let typeName: String
    let fields: [FieldInfo]
    /// Field id → index in `fields`.
    let fieldIndex: [String: Int]
    /// The segues' action ids, in document order.
    let segueIDs: [String]
    let hasCustomRules: Bool
    let conditions: ConditionPlan

    init(form: CheckedForm, options: EmitOptions) {
        self.form = form
        switch options.accessLevel {
        case .internal: access = .internal
        case .package: access = .package
        case .public: access = .public
        }
        typeName = form.document.name.value
        // One walk over the tree, by index: the field elements (in document order,
        // as the symbols are), the segues and the condition helpers.
        var index = FormIndex()
        index.walk(form.document.elements, at: [], visibleParent: nil, enabledParent: nil)
        var fields: [FieldInfo] = []
        fields.reserveCapacity(form.symbols.fields.count)
        var elementIndex = 0
        for symbol in form.symbols.fields {
            let element: Element
            if elementIndex < index.fieldElements.count, index.fieldElements[elementIndex].path == symbol.path {
                element = index.fieldElements[elementIndex].element
                elementIndex += 1
            } else {
                element = form.document.element(at: symbol.path)
            }
            guard let common = element.field else { continue }
            fields.append(FieldInfo(symbol: symbol, element: element, rules: common.rules))
        }
        self.fields = fields
        var fieldIndex: [String: Int] = [:]
        fieldIndex.reserveCapacity(fields.count)
        for (position, field) in fields.enumerated() where fieldIndex[field.id] == nil {
            fieldIndex[field.id] = position
        }
        self.fieldIndex = fieldIndex
        segueIDs = index.segueIDs
        hasCustomRules = fields.contains { field in
            field.rules.contains { if case .custom = $0.kind { true } else { false } }
        }
        conditions = index.conditions
    }

    /// The field with this id.
    func field(_ id: String) -> FieldInfo? {
        fieldIndex[id].map { fields[$0] }
    }

    // MARK: - Names and types used throughout

    static let valuesType = SwiftType.named("Values")
    static let fieldType = SwiftType.named("Field")
    static let resultType = SwiftType.named("ValidationResult")
    static let reportType = SwiftType.named("ValidationReport", [fieldType])
    static let stringType = SwiftType.named("String")
    static let boolType = SwiftType.named("Bool")
    static let formValueType = SwiftExpr.type(.named("FormValue"))
    static let selfName = SwiftExpr.name("self")
    static let valuesName = SwiftExpr.name("values")

    var validatorsProtocol: String { typeName + "Validators" }

    /// The field's value type inside the form type.
    func swiftType(of field: FieldInfo) -> SwiftType {
        swiftType(field.symbol.valueType, qualified: false)
    }

    /// `String`, `Bool`, `Plan`, `Plan?`; `SignUpForm.Plan` outside the form type.
    func swiftType(_ valueType: FieldValueType, qualified: Bool) -> SwiftType {
        switch valueType {
        case .string: return Self.stringType
        case .bool: return Self.boolType
        case .segment(let name, let optional):
            let base = SwiftType.named(qualified ? typeName + "." + name : name)
            return optional ? .optional(base) : base
        }
    }

    /// The enum case of a segment field's option value.
    func segmentCase(field id: String, optionValue: String) -> String {
        if let field = field(id), case .segment(let segment) = field.element.kind,
           let option = segment.options.firstIndex(where: { $0.value.value == optionValue }) {
            return field.caseNames[option]
        }
        return SwiftNames.caseName(forOptionValue: optionValue)
    }

    /// `values.email`
    static func read(_ id: String, from values: SwiftExpr = valuesName) -> SwiftExpr {
        .member(values, id)
    }

    // MARK: - The file

    /// A generous guess at the size of the generated file (1.2 to 1.6 kB per
    /// field), so the output buffer is allocated once.
    var estimatedSize: Int { 16_384 + fields.count * 2_048 }

    /// Writes the whole file, one member at a time.
    func emit(into out: inout SwiftRenderer) {
        out.fileHeader(comment: ["Generated by formc from \(form.sourcePath). Do not edit."], imports: ["FormRuntime"])
        if hasCustomRules { out.declaration(.type(validatorsProtocolDecl())) }
        var doc = "The form `\(typeName)`"
        if let title = form.document.title?.value { doc += " (\(title))" }
        doc += ": one `FormValue` per field, its element tree, validation and conditions."
        out.openType(SwiftTypeDecl(
            doc: [doc], attributes: ["@MainActor"], access: access, modifiers: ["final"], kind: .class, name: typeName
        ))
        fieldEnum(into: &out)
        segmentEnums(into: &out)
        if let action = actionEnum() { out.declaration(.type(action)) }
        valuesStruct(into: &out)
        for field in fields {
            out.declaration(.property(SwiftProperty(
                access: access, isLet: true, name: field.id,
                type: .named("FormValue", [swiftType(of: field)])
            )))
        }
        instanceMembers(into: &out)
        validationMembers(into: &out)
        conditionMembers(into: &out)
        elementMembers(into: &out)
        out.closeType()
    }

    // MARK: - Nested types

    private func fieldEnum(into out: inout SwiftRenderer) {
        out.openType(SwiftTypeDecl(
            doc: ["The form's fields, in document order."],
            access: access, kind: .enum, name: "Field",
            // An enum without cases cannot have a raw type.
            inherits: fields.isEmpty ? ["Hashable", "CaseIterable", "Sendable"] : ["String", "CaseIterable", "Sendable"]
        ))
        for field in fields { out.declaration(.enumCase(field.id, rawValue: nil)) }
        out.closeType()
    }

    private func segmentEnums(into out: inout SwiftRenderer) {
        for field in fields {
            guard case .segment(let segment) = field.element.kind else { continue }
            let cases: [SwiftDecl] = zip(segment.options, field.caseNames).map { option, name in
                let bare = name.hasPrefix("`") ? String(name.dropFirst().dropLast()) : name
                return .enumCase(name, rawValue: bare == option.value.value ? nil : option.value.value)
            }
            out.declaration(.type(SwiftTypeDecl(
                doc: ["The options of `\(field.id)`."],
                access: access, kind: .enum, name: segment.swiftEnumName,
                inherits: ["String", "CaseIterable", "Codable", "Sendable"], members: cases
            )))
        }
    }

    private func actionEnum() -> SwiftTypeDecl? {
        guard !segueIDs.isEmpty else { return nil }
        return SwiftTypeDecl(
            doc: ["The form's segues: what a renderer does when one is tapped is up to the app."],
            access: access, kind: .enum, name: "Action",
            inherits: ["String", "CaseIterable", "Sendable"],
            members: segueIDs.map { .enumCase($0, rawValue: nil) }
        )
    }

    private func defaultValue(of field: FieldInfo) -> SwiftExpr {
        switch field.element.kind {
        case .boolean(let boolean): return .bool(boolean.defaultValue?.value ?? false)
        case .segment(let segment):
            guard let value = segment.defaultValue?.value else { return .nil }
            return .dot(segmentCase(field: field.id, optionValue: value))
        case .text(let text): return .string(text.defaultValue?.value ?? "")
        case .group, .spacer, .staticText, .segue: return .nil
        }
    }

    private func valuesStruct(into out: inout SwiftRenderer) {
        out.openType(SwiftTypeDecl(
            doc: ["A snapshot of every field's value: what is submitted, stored or validated off the main actor."],
            access: access, kind: .struct, name: "Values",
            inherits: ["Codable", "Equatable", "Sendable"]
        ))
        for field in fields {
            out.declaration(.property(SwiftProperty(access: access, isLet: false, name: field.id, type: swiftType(of: field))))
        }
        out.openFunction(SwiftFunction(doc: ["Every field at its default."], access: access, parameters: [], body: []))
        for field in fields {
            out.statement(.assign(.member(Self.selfName, field.id), defaultValue(of: field)))
        }
        out.closeBody()
        if !fields.isEmpty {
            out.openFunction(SwiftFunction(
                access: access, parameters: fields.map { SwiftParameter(nil, $0.id, swiftType(of: $0)) }, body: []
            ))
            for field in fields {
                out.statement(.assign(.member(Self.selfName, field.id), .name(field.id)))
            }
            out.closeBody()
        }
        out.closeType()
    }

    private func validatorsProtocolDecl() -> SwiftTypeDecl {
        // One requirement per validator name and value type, in first-use order.
        var seen: [(String, FieldValueType)] = []
        var known: Set<String> = []
        for field in fields {
            for rule in field.rules {
                guard case .custom(let name) = rule.kind else { continue }
                if known.insert("\(name) \(field.symbol.valueType.swiftType)").inserted {
                    seen.append((name, field.symbol.valueType))
                }
            }
        }
        let requirements: [SwiftDecl] = seen.map { name, valueType in
            .function(SwiftFunction(
                name: name,
                parameters: [
                    SwiftParameter("_", "value", swiftType(valueType, qualified: true)),
                    SwiftParameter(nil, "values", .named(typeName + ".Values")),
                ],
                isAsync: true, result: Self.resultType, body: nil
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

    private func instanceMembers(into out: inout SwiftRenderer) {
        if hasCustomRules {
            out.declaration(.property(SwiftProperty(
                access: .private, isLet: true, name: "validators", type: .existential(.named(validatorsProtocol))
            )))
        }
        var validateArguments: [SwiftArgument] = [SwiftArgument("in", .member(Self.selfName, "values"))]
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
        for field in fields {
            out.statement(.assign(
                .member(Self.selfName, field.id), .call(Self.formValueType, [SwiftArgument(nil, Self.read(field.id))])
            ))
        }
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
            for field in fields {
                out.statement(.assign(Self.read(field.id), .member(.name(field.id), "value")))
            }
            out.statement(.return(Self.valuesName))
        }
        out.closeBody()
    }
}

extension FormTranslator {
    /// Writes the body of the open function: `switch field { case .a, .b: return x … }`
    /// over every field, grouping fields with the same key; `result` spells the
    /// answer of a key (once per group), `whenEmpty` is the key of a form without
    /// fields. The largest group of several fields becomes `default` (never
    /// unreachable, since its fields are not listed); a single group needs no
    /// switch at all.
    func switchOverFields<Key: Hashable>(
        _ keys: [(field: String, key: Key)], whenEmpty: Key, into out: inout SwiftRenderer, result: (Key) -> SwiftExpr
    ) {
        var groups: [(key: Key, fields: [String])] = []
        var groupIndex: [Key: Int] = [:]
        for (field, key) in keys {
            if let index = groupIndex[key] {
                groups[index].fields.append(field)
            } else {
                groupIndex[key] = groups.count
                groups.append((key, [field]))
            }
        }
        guard groups.count > 1 else {
            out.statement(.return(result(groups.first?.key ?? whenEmpty)))
            return
        }
        var largest = 0
        for (index, group) in groups.enumerated() where group.fields.count > groups[largest].fields.count {
            largest = index
        }
        // One field per group: every case is spelled out.
        let defaultGroup = groups[largest].fields.count > 1 ? largest : nil
        out.openSwitch(.name("field"))
        for (index, group) in groups.enumerated() where index != defaultGroup {
            out.switchCase(SwiftSwitchCase(patterns: group.fields.map { .dot($0) }, body: [.return(result(group.key))]))
        }
        if let defaultGroup {
            out.switchCase(SwiftSwitchCase(patterns: [], body: [.return(result(groups[defaultGroup].key))]))
        }
        out.closeSwitch()
    }
}
