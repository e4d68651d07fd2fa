/// Builds the Swift code model of one checked form: the generated file of SPEC §5
/// as pinned by docs/design/generated-code.md. It decides what to declare; the
/// renderer decides how it is spelled.
///
/// Names of private helpers are chosen so that no field id can collide with them:
/// ids are lowerCamelCase without underscores, so a helper is either a fixed word
/// plus the UpperCamelCase id (`validateEmail`, `isEmailVisible` — static, while
/// fields are instance properties) or holds an underscore (`patternEmail_2`).
struct FormTranslator {
    /// One field with everything the translator needs about it.
    struct FieldInfo {
        var symbol: FieldSymbol
        var element: Element
        var common: FieldCommon
        var id: String { symbol.id }
        /// `Email` for `email`: the suffix of the field's helpers.
        var upperName: String { SwiftNames.upperCamelCase(symbol.id) }
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
            fields.append(FieldInfo(symbol: symbol, element: element, common: common))
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
            field.common.rules.contains { if case .custom = $0.kind { true } else { false } }
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

    var validatorsProtocol: String { typeName + "Validators" }

    /// The field's value type inside the form type.
    func swiftType(of field: FieldInfo) -> SwiftType {
        swiftType(field.symbol.valueType, qualified: false)
    }

    /// `String`, `Bool`, `Plan`, `Plan?`; `SignUpForm.Plan` outside the form type.
    func swiftType(_ valueType: FieldValueType, qualified: Bool) -> SwiftType {
        switch valueType {
        case .string: return .named("String")
        case .bool: return .named("Bool")
        case .segment(let name, let optional):
            let base = SwiftType.named(qualified ? typeName + "." + name : name)
            return optional ? .optional(base) : base
        }
    }

    /// The enum case of a segment field's option value.
    func segmentCase(field id: String, optionValue: String) -> String {
        if let index = fieldIndex[id], case .segment(let segment) = fields[index].element.kind,
           let option = segment.options.first(where: { $0.value.value == optionValue }) {
            return option.caseName
        }
        return SwiftNames.caseName(forOptionValue: optionValue)
    }

    /// `values.email`
    static func read(_ id: String, from values: SwiftExpr = .name("values")) -> SwiftExpr {
        .member(values, id)
    }

    // MARK: - The file

    func translate() -> SwiftFile {
        var declarations: [SwiftDecl] = []
        if hasCustomRules { declarations.append(.type(validatorsProtocolDecl())) }
        declarations.append(.type(formClass()))
        return SwiftFile(
            header: ["Generated by formc from \(form.sourcePath). Do not edit."],
            imports: ["FormRuntime"],
            declarations: declarations
        )
    }

    private func formClass() -> SwiftTypeDecl {
        var members: [SwiftDecl] = []
        members.append(.type(fieldEnum()))
        members += segmentEnums().map(SwiftDecl.type)
        if let action = actionEnum() { members.append(.type(action)) }
        members.append(.type(valuesStruct()))
        members += fields.map { field in
            .property(SwiftProperty(
                access: access, isLet: true, name: field.id,
                type: .named("FormValue", [swiftType(of: field)])
            ))
        }
        members += instanceMembers()
        members += validationMembers()
        members += conditionMembers()
        members += elementMembers()
        var doc = ["The form `\(typeName)`"]
        if let title = form.document.title?.value { doc[0] += " (\(title))" }
        doc[0] += ": one `FormValue` per field, its element tree, validation and conditions."
        return SwiftTypeDecl(
            doc: doc, attributes: ["@MainActor"], access: access, modifiers: ["final"],
            kind: .class, name: typeName, members: members
        )
    }

    // MARK: - Nested types

    private func fieldEnum() -> SwiftTypeDecl {
        SwiftTypeDecl(
            doc: ["The form's fields, in document order."],
            access: access, kind: .enum, name: "Field",
            // An enum without cases cannot have a raw type.
            inherits: fields.isEmpty ? ["Hashable", "CaseIterable", "Sendable"] : ["String", "CaseIterable", "Sendable"],
            members: fields.map { .enumCase($0.id, rawValue: nil) }
        )
    }

    private func segmentEnums() -> [SwiftTypeDecl] {
        fields.compactMap { field in
            guard case .segment(let segment) = field.element.kind else { return nil }
            let cases: [SwiftDecl] = segment.options.map { option in
                let name = option.caseName
                let bare = name.hasPrefix("`") ? String(name.dropFirst().dropLast()) : name
                return .enumCase(name, rawValue: bare == option.value.value ? nil : option.value.value)
            }
            return SwiftTypeDecl(
                doc: ["The options of `\(field.id)`."],
                access: access, kind: .enum, name: segment.swiftEnumName,
                inherits: ["String", "CaseIterable", "Codable", "Sendable"], members: cases
            )
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

    private func valuesStruct() -> SwiftTypeDecl {
        var members: [SwiftDecl] = fields.map { field in
            .property(SwiftProperty(access: access, isLet: false, name: field.id, type: swiftType(of: field)))
        }
        members.append(.function(SwiftFunction(
            doc: ["Every field at its default."],
            access: access, parameters: [],
            body: fields.map { .assign(.member(.name("self"), $0.id), defaultValue(of: $0)) }
        )))
        if !fields.isEmpty {
            members.append(.function(SwiftFunction(
                access: access,
                parameters: fields.map { SwiftParameter(nil, $0.id, swiftType(of: $0)) },
                body: fields.map { .assign(.member(.name("self"), $0.id), .name($0.id)) }
            )))
        }
        return SwiftTypeDecl(
            doc: ["A snapshot of every field's value: what is submitted, stored or validated off the main actor."],
            access: access, kind: .struct, name: "Values",
            inherits: ["Codable", "Equatable", "Sendable"], members: members
        )
    }

    private func validatorsProtocolDecl() -> SwiftTypeDecl {
        // One requirement per validator name and value type, in first-use order.
        var seen: [(String, FieldValueType)] = []
        var known: Set<String> = []
        for field in fields {
            for rule in field.common.rules {
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

    private func instanceMembers() -> [SwiftDecl] {
        var members: [SwiftDecl] = []
        if hasCustomRules {
            members.append(.property(SwiftProperty(
                access: .private, isLet: true, name: "validators", type: .existential(.named(validatorsProtocol))
            )))
        }
        var validateArguments: [SwiftArgument] = [SwiftArgument("in", .member(.name("self"), "values"))]
        if hasCustomRules { validateArguments.append(SwiftArgument("validators", .member(.name("self"), "validators"))) }
        members.append(.property(SwiftProperty(
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
                            .guardLet("self", .name("self"), else: [.return(.dot("cancelled"))]),
                            .return(.await(.call(.member(.name("Self"), "validate"),
                                                 [SwiftArgument(nil, .name("field"))] + validateArguments))),
                        ]
                    ))),
                ], multiline: true)
        )))

        var initParameters = [SwiftParameter(nil, "values", Self.valuesType, default: .call(.type(Self.valuesType), []))]
        var initBody: [SwiftStmt] = fields.map { field in
            .assign(.member(.name("self"), field.id), .call(.type(.named("FormValue")), [SwiftArgument(nil, Self.read(field.id))]))
        }
        if hasCustomRules {
            initParameters.append(validatorsParameter)
            initBody.append(.assign(.member(.name("self"), "validators"), .name("validators")))
        }
        members.append(.function(SwiftFunction(
            doc: ["A form showing `values`" + (hasCustomRules ? ", checked by the app's `validators`." : ".")],
            access: access, parameters: initParameters, body: initBody
        )))

        var snapshot: [SwiftStmt] = [.return(.call(.type(Self.valuesType), []))]
        if !fields.isEmpty {
            // Assignments, not one memberwise call: a call with thousands of
            // arguments is slow to type-check.
            snapshot = [.var("values", nil, .call(.type(Self.valuesType), []))]
            snapshot += fields.map { .assign(Self.read($0.id), .member(.name($0.id), "value")) }
            snapshot.append(.return(.name("values")))
        }
        members.append(.property(SwiftProperty(
            doc: ["A snapshot of every field's current value."],
            access: access, isLet: false, name: "values", type: Self.valuesType, getter: snapshot
        )))
        return members
    }
}

extension FormTranslator {
    /// `switch field { case .a, .b: return x … }` over every field, grouping fields
    /// with the same result. The largest group of several fields becomes `default`
    /// (never unreachable, since its fields are not listed); a single group needs
    /// no switch at all.
    func switchOverFields(_ results: [(field: String, result: SwiftExpr)], whenEmpty: SwiftExpr) -> [SwiftStmt] {
        var groups: [(result: SwiftExpr, fields: [String])] = []
        var groupIndex: [SwiftExpr: Int] = [:]
        for (field, result) in results {
            if let index = groupIndex[result] {
                groups[index].fields.append(field)
            } else {
                groupIndex[result] = groups.count
                groups.append((result, [field]))
            }
        }
        guard groups.count > 1 else { return [.return(groups.first?.result ?? whenEmpty)] }
        var largest = 0
        for (index, group) in groups.enumerated() where group.fields.count > groups[largest].fields.count {
            largest = index
        }
        // One field per group: every case is spelled out.
        let defaultGroup = groups[largest].fields.count > 1 ? largest : nil
        var cases: [SwiftSwitchCase] = []
        for (index, group) in groups.enumerated() where index != defaultGroup {
            cases.append(SwiftSwitchCase(patterns: group.fields.map { .dot($0) }, body: [.return(group.result)]))
        }
        if let defaultGroup {
            cases.append(SwiftSwitchCase(patterns: [], body: [.return(groups[defaultGroup].result)]))
        }
        return [.switch(.name("field"), cases)]
    }
}
