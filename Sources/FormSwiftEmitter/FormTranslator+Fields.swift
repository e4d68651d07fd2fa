import FormModel
import FormSource
import FormText

/// The members every field has a line in: the `Field` enum, the option enums,
/// `Values`, the form's `FormValue`s, `init` and `values`. Each line of a field is
/// a unit of a run (`eachField`), handed to one named function of the renderer.
///
/// To give every field one more member, add one `eachField` here (or where the
/// member belongs in `plan()`), calling the renderer's function for that kind of
/// member, for example a stored property of the form:
///
///     eachField(in: formMembers, into: &plan) { [self] index, out in
///         out.storedProperty(access, isLet: true, fields[index].name, FieldType("FormValue", of: fields[index].valueType))
///     }
///
/// Nothing else changes: the renderer spells it, the plan cuts batches wherever
/// it likes between units, and the output buffer grows as it needs.
extension FormTranslator {
    /// A run of one unit per field in `context` (where the renderer is between
    /// them: `formMembers`, `formBody`, …): `unit` writes field `index`'s, reading
    /// the field in place (`fields[index]`). `weight`, about how many bytes a
    /// unit writes, only balances the batches; the bytes never depend on it.
    func eachField(
        in context: SwiftRenderer.Context, weight: Int = SpeedPaths.EmitWeights.fieldLine, into plan: inout EmitPlan,
        _ unit: @escaping @Sendable (_ index: Int, _ out: inout SwiftRenderer) -> Void
    ) {
        plan.each(fields.count, in: context, weight: { _ in weight }, unit)
    }

    /// `let email: FormValue<String>`: each field's value, as the app binds to it.
    func fieldValues(into plan: inout EmitPlan) {
        eachField(in: formMembers, weight: SpeedPaths.EmitWeights.fieldValue, into: &plan) { [self] index, out in
            out.storedProperty(access, isLet: true, fields[index].name, FieldType("FormValue", of: fields[index].valueType))
        }
    }

    // MARK: - Nested types

    /// Calls `field` with each field's position and `list` with each list of the
    /// form, in document order: a list's id is a field of the form (SPEC §14),
    /// and its array a stored property of `Values` (SPEC §5), where it stands.
    func inDocumentOrder(field: (Int) -> Void, list: (ListPlan) -> Void) {
        var next = 0
        for position in fields.indices {
            while next < lists.count, lists[next].fieldsBefore <= position {
                list(lists[next])
                next += 1
            }
            field(position)
        }
        for remaining in lists[next...] { list(remaining) }
    }

    /// Whether `Field` has a case: a field, or a list of the form (SPEC §14).
    var hasFieldCases: Bool { !fields.isEmpty || !lists.isEmpty }

    func fieldEnum(into plan: inout EmitPlan) {
        plan.once { [self] out in
            out.openType(SwiftTypeDecl(
                doc: ["The form's fields, in document order."],
                attributes: Self.valueTypeIsolation, access: access, kind: .enum, name: "Field",
                // An enum without cases cannot have a raw type.
                inherits: hasFieldCases ? ["String", "CaseIterable", "Sendable"] : ["Hashable", "CaseIterable", "Sendable"]
            ))
        }
        if lists.isEmpty {
            eachField(in: nestedMembers, weight: SpeedPaths.EmitWeights.fieldCase, into: &plan) { [self] index, out in
                out.enumCase(fields[index].name)
            }
        } else {
            // A list's id is a field of the form (SPEC §14), in document order.
            plan.once { [self] out in
                inDocumentOrder(field: { out.enumCase(fields[$0].name) }, list: { out.enumCase($0.id, rawValue: nil) })
            }
        }
        plan.once { $0.closeType() }
    }

    func segmentEnums(into plan: inout EmitPlan) {
        // An entry's enums are declared in its struct (`valuesStruct`).
        guard entry == nil else { return }
        var declared = Set<String>()
        segmentEnums(into: &plan, context: formMembers, declared: &declared)
        // A shared option set that only entries use is the form's enum too (SPEC §16).
        for list in lists where !form.document.optionSets.isEmpty {
            list.entry.segmentEnums(into: &plan, context: formMembers, declared: &declared, setsOnly: true)
        }
    }

    /// The enums of the fields with options: in an entry's struct (`setsOnly`
    /// false), those of its own options; in the form (`setsOnly` true, for an
    /// entry translator), the shared sets its entry uses that `declared` lacks.
    func segmentEnums(
        into plan: inout EmitPlan, context: SwiftRenderer.Context, declared: inout Set<String>, setsOnly: Bool = false
    ) {
        // Positions, not the `FieldInfo`s: an array of them would retain each.
        var withOptions = fields.indices.filter { !fields[$0].caseNames.isEmpty || fields[$0].kind.hasOptions }
        // A shared option set's enum is declared once, at its first field, in the
        // form: an entry's field of a set uses the form's enum (SPEC §16).
        if !form.document.optionSets.isEmpty {
            let inEntry = entry != nil && !setsOnly
            withOptions = withOptions.filter { position in
                let set: String?
                let name: String
                switch fields[position].kind {
                case .segment(let segment): (set, name) = (segment.optionSet?.value, segment.swiftEnumName)
                case .multiChoice(let choice): (set, name) = (choice.optionSet?.value, choice.swiftEnumName)
                default: (set, name) = (nil, "")
                }
                guard set != nil else { return !setsOnly }
                return !inEntry && declared.insert(name).inserted
            }
        } else if setsOnly {
            return
        }
        let segmentFields = withOptions
        plan.each(segmentFields.count, in: context, weight: { [self] in SpeedPaths.EmitWeights.enumStart + SpeedPaths.EmitWeights.enumCase * fields[segmentFields[$0]].caseNames.count }) { [self] index, out in
            let field = fields[segmentFields[index]]
            let (enumName, options, set): (String, [SegmentOption], String?) = switch field.kind {
            case .segment(let segment): (segment.swiftEnumName, segment.options, segment.optionSet?.value)
            case .multiChoice(let choice): (choice.swiftEnumName, choice.options, choice.optionSet?.value)
            default: ("", [], nil)
            }
            guard !enumName.isEmpty else { return }
            out.openType(SwiftTypeDecl(
                doc: [set.map { "The options of the shared set `\($0)`." } ?? "The options of `\(field.id)`."],
                attributes: Self.valueTypeIsolation, access: access, kind: .enum, name: enumName,
                inherits: ["String", "CaseIterable", "Codable", "Sendable"]
            ))
            for (option, name) in zip(options, field.caseNames) {
                let bare = name.hasPrefix("`") ? String(name.dropFirst().dropLast()) : name
                out.enumCase(name, rawValue: bare == option.value.value ? nil : option.value.value)
            }
            out.closeType()
        }
    }

    func actionEnum(into plan: inout EmitPlan) {
        guard !segueIDs.isEmpty else { return }
        plan.once(weight: SpeedPaths.EmitWeights.enumStart + SpeedPaths.EmitWeights.enumCase * segueIDs.count) { [self] out in
            out.openType(SwiftTypeDecl(
                doc: ["The form's segues: what a renderer does when one is tapped is up to the app."],
                attributes: Self.valueTypeIsolation, access: access, kind: .enum, name: "Action",
                inherits: ["String", "CaseIterable", "Sendable"]
            ))
            for id in segueIDs { out.enumCase(id, rawValue: nil) }
            out.closeType()
        }
    }

    /// `Values`, or for an entry class (`entry`) its struct `name` at the form's
    /// level, with its option enums, its `id` and an encoding and equality without it.
    func valuesStruct(into plan: inout EmitPlan, name: String = "Values", entry: ListEntrySpec? = nil) {
        let nestedMembers = entry == nil ? nestedMembers : Self.entryStructMembers
        let nestedBody = entry == nil ? nestedBody : Self.entryStructBody
        plan.once { [self] out in
            if let entry {
                out.openType(SwiftTypeDecl(
                    doc: [
                        "An entry of list `\(entry.listID)` (SPEC §14): every field's value. `id` identifies the entry while it",
                        "exists; it is not encoded, and equality compares the fields only.",
                    ],
                    attributes: Self.valueTypeIsolation, access: access, kind: .struct, name: name,
                    inherits: ["Codable", "Equatable", "Sendable", "Identifiable"]
                ))
            } else {
                out.openType(SwiftTypeDecl(
                    doc: ["A snapshot of every field's value: what is submitted, stored or validated off the main actor."],
                    attributes: Self.valueTypeIsolation, access: access, kind: .struct, name: "Values",
                    inherits: ["Codable", "Equatable", "Sendable"]
                ))
            }
        }
        if entry != nil {
            var declared = Set<String>()
            segmentEnums(into: &plan, context: nestedMembers, declared: &declared)
            plan.once { [self] out in
                out.listMember(["\(accessPrefix)var id = FormRuntime.FormEntryID()"], compact: true)
                for field in entry?.outer ?? [] {
                    out.listMember([
                        "/// The form's `\(field.id)` as this entry's rules and conditions read it (empty while hidden): not encoded, not compared.",
                        "\(accessPrefix)var \(field.member): \(spelling(ofOuter: field)) = \(Self.emptyLiteral(of: field.entryType))",
                    ])
                }
            }
        }
        if entry == nil, !lists.isEmpty {
            // A list's array is a stored property of `Values` in document order (SPEC §5, §14).
            plan.once { [self] out in
                inDocumentOrder(field: { valuesProperty($0, into: &out) }, list: { listValuesProperty($0, into: &out) })
            }
        } else {
            eachField(in: nestedMembers, weight: SpeedPaths.EmitWeights.valuesProperty, into: &plan) { [self] index, out in
                valuesProperty(index, into: &out)
            }
        }
        if entry == nil {
            plan.once { [self] out in valuesCodingKeys(into: &out) }
        }
        plan.once { [self] out in
            out.openFunction(SwiftFunction(
                doc: [entry == nil ? "Every field at its default." : "Every field at its default, with a new id."],
                access: access, parameters: [], body: []
            ))
        }
        eachField(in: nestedBody, weight: SpeedPaths.EmitWeights.valuesLine, into: &plan) { [self] index, out in
            if let wrapper = Self.storageWrapper(of: fields[index].fieldType) {
                out.storageAssignment(fields[index].name, wrapper: wrapper) { $0.literal(fields[index].defaultValue) }
            } else {
                out.assignment(.onSelf(fields[index].name), fields[index].defaultValue)
            }
        }
        plan.once { [self] out in
            if entry == nil { listValuesDefaults(into: &out) }
            out.closeBody()
        }
        // The memberwise initializer, as Swift would make it: every stored property
        // in declaration order (document order), a list with its initial value `[]`.
        let memberwiseLists = entry == nil ? lists : []
        if !fields.isEmpty || !memberwiseLists.isEmpty {
            plan.once(weight: SpeedPaths.EmitWeights.valuesArgument * fields.count) { [self] out in
                out.openMemberwiseInitializer(
                    access, count: fields.count, name: { fields[$0].name }, type: { fields[$0].valueType },
                    lists: memberwiseLists.map { (before: $0.fieldsBefore, parameter: "\($0.id): [\($0.itemType)] = []") }
                )
            }
            eachField(in: nestedBody, weight: SpeedPaths.EmitWeights.valuesLine, into: &plan) { [self] index, out in
                if let wrapper = Self.storageWrapper(of: fields[index].fieldType) {
                    out.storageAssignment(fields[index].name, wrapper: wrapper) { $0.write(.plain(fields[index].name)) }
                } else {
                    out.assignment(.onSelf(fields[index].name), .plain(fields[index].name))
                }
            }
            plan.once { out in
                if !memberwiseLists.isEmpty { out.listLines(memberwiseLists.map { "self.\($0.id) = \($0.id)" }) }
                out.closeBody()
            }
        }
        if entry != nil {
            plan.once { [self] out in
                out.entryCodingAndEquality(name: name, fields: fields.map { ($0.id, Self.storageWrapper(of: $0.fieldType) != nil) }, access: accessPrefix)
            }
        }
        plan.once { $0.closeType() }
    }

    /// The line above every value type the form declares (`Values`, the entry
    /// structs, `Field`, `Page`, `Action` and the option enums) and above the
    /// validators protocol, as `@MainActor` is above the form class: `nonisolated`
    /// (the declaration's own line stays as SPEC §5 shows it), so that in a target
    /// whose default isolation is `MainActor` (SE-0466) the types and their `Codable`,
    /// `Equatable` and `CaseIterable` conformances stay usable from any isolation
    /// domain, and a `static validate` off the main actor runs the app's custom
    /// validators there too (SPEC §5).
    static let valueTypeIsolation = ["nonisolated"]

    /// The runtime type that stores a field of `Values` when its value needs one:
    /// an instant is ISO 8601 text whatever the coder's date strategy, and a
    /// multiChoice's options are in option order, without repeats (SPEC §10).
    static func storageWrapper(of fieldType: FieldValueType) -> StaticString? {
        switch fieldType {
        case .date(.dateTime, _): "FormDateTime"
        case .multiChoice: "FormChoices"
        default: nil
        }
    }

    /// `var email: String` in `Values`: the `index`th field's stored property. A
    /// field kept by a runtime type (`storageWrapper(of:)`) is that type's private
    /// `_choices`, with a computed `choices` over it: a property wrapper would say
    /// the same in one line, but Swift (6.3) rejects a wrapped `var` in a type
    /// declared `nonisolated`.
    private func valuesProperty(_ index: Int, into out: inout SwiftRenderer) {
        let field = fields[index]
        guard let wrapper = Self.storageWrapper(of: field.fieldType) else {
            out.storedProperty(access, isLet: false, field.name, FieldType(field.valueType))
            return
        }
        let value = SwiftRenderer.spelling(of: field.fieldType)
        let argument = if case .multiChoice(let name) = field.fieldType { name } else { value }
        out.listMember([
            "private var _\(field.id): \(wrapper)<\(argument)>",
            "\(accessPrefix)var \(field.id): \(value) { get { _\(field.id).wrappedValue } set { _\(field.id).wrappedValue = newValue } }",
        ], compact: true)
    }

    /// `Values`' `CodingKeys` when a field is kept in `_name`: every stored
    /// property in declaration order, each encoded under its field's id.
    private func valuesCodingKeys(into out: inout SwiftRenderer) {
        guard fields.contains(where: { Self.storageWrapper(of: $0.fieldType) != nil }) else { return }
        var lines = ["private enum CodingKeys: String, CodingKey {"]
        inDocumentOrder(
            field: { lines.append(SwiftRenderer.codingKeyCase(fields[$0].id, isStored: Self.storageWrapper(of: fields[$0].fieldType) != nil)) },
            list: { lines.append(SwiftRenderer.codingKeyCase($0.id, isStored: false)) }
        )
        lines.append("}")
        out.listMember(lines)
    }

    func validatorsProtocolDecl() -> SwiftTypeDecl {
        // One requirement per validator name and value type, in first-use order.
        var requirements: [SwiftDecl] = ruleFacts.customValidators.map { name, valueType in
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
        // Then each list's, with the entry (SPEC §14): a name used with another entry type or
        // value type, or by a form field, is another requirement of the same name (an overload).
        for list in lists {
            let itemType = typeName + "." + list.itemType
            let entryEnums = Set(list.entry.entryEnumNames)
            for (name, valueType) in list.entry.ruleFacts.customValidators {
                requirements.append(.function(SwiftFunction(
                    name: name,
                    parameters: [
                        SwiftParameter("_", "value", entryRequirementType(valueType, itemType: itemType, entryEnums: entryEnums)),
                        SwiftParameter(nil, "entry", .named(itemType)),
                        SwiftParameter(nil, "values", .named(typeName + ".Values")),
                    ],
                    isAsync: true, result: .named("FormRuntime.ValidationResult"), body: nil
                )))
            }
        }
        return SwiftTypeDecl(
            doc: ["The app's async validators for the `custom` rules of `\(typeName)`."],
            attributes: Self.valueTypeIsolation, access: access, kind: .protocol, name: validatorsProtocol,
            inherits: ["Sendable"], members: requirements
        )
    }

    // MARK: - Instance API

    /// The type of an entry field's value outside the form type: an enum in `entryEnums` is the
    /// entry struct's, any other (a shared option set's, SPEC §16) the form's.
    func entryRequirementType(_ valueType: FieldValueType, itemType: String, entryEnums: Set<String>) -> SwiftType {
        func enumType(_ name: String) -> SwiftType {
            .named((entryEnums.contains(name) ? itemType : typeName) + "." + name)
        }
        switch valueType {
        case .segment(let name, let optional):
            return optional ? .optional(enumType(name)) : enumType(name)
        case .multiChoice(let name):
            return .array(enumType(name))
        case .date(let mode, let optional):
            let name = SwiftRenderer.dateTypeName(mode)
            let base = SwiftType.named(mode != .dateTime ? "FormRuntime." + name : name)
            return optional ? .optional(base) : base
        case .number(let decimal, let optional):
            let base = SwiftType.named(decimal ? "Decimal" : "Int")
            return optional ? .optional(base) : base
        case .string: return Self.stringType
        case .bool: return Self.boolType
        }
    }

    var validatorsParameter: SwiftParameter {
        SwiftParameter(nil, "validators", validatorsType)
    }

    /// The type of the `validators` that the rules take: the form's protocol, or an entry's
    /// `Validators` (the form's validators and values, SPEC §14).
    var validatorsType: SwiftType {
        entry == nil ? .existential(.named(validatorsProtocol)) : .named("Validators")
    }

    /// `validatorsType` as written: `any SignUpFormValidators`, `Validators`.
    var validatorsSpelling: String {
        entry == nil ? "any " + validatorsProtocol : "Validators"
    }

    func instanceMembers(into plan: inout EmitPlan) {
        plan.once(weight: SpeedPaths.EmitWeights.instanceMembersStart) { [self] out in
            instanceMembersHead(into: &out)
        }
        eachField(in: formBody, weight: SpeedPaths.EmitWeights.initializerLine, into: &plan) { [self] index, out in
            out.assignment(.onSelf(fields[index].name), making: "FormValue", of: .inValues(fields[index].name))
        }
        plan.once { [self] out in
            if hasCustomRules && entry == nil { out.statement(.assign(.member(Self.selfName, "validators"), .name("validators"))) }
            if entry != nil { out.listLines(["self.id = values.id", "self.\(ListEntrySpec.ownerMember) = owner"]) }
            listInitializerLines(into: &out)
        }
        // After every stored property: the entry's id and owner, the lists.
        editObservers(into: &plan)
        plan.once { [self] out in
            listEditObservers(into: &out)
            out.closeBody()
            out.openComputedProperty(SwiftProperty(
                doc: ["A snapshot of every field's current value."],
                access: access, isLet: false, name: "values", type: Self.valuesType, getter: []
            ))
            if fields.isEmpty && lists.isEmpty && entry == nil {
                out.statement(.return(.call(.type(Self.valuesType), [])))
            } else {
                // Assignments, not one memberwise call: a call with thousands of
                // arguments is slow to type-check.
                out.statement(.var("values", nil, .call(.type(Self.valuesType), [])))
            }
        }
        eachField(in: formBody, weight: SpeedPaths.EmitWeights.valuesGetterLine, into: &plan) { [self] index, out in
            out.assignment(.inValues(fields[index].name), .liveValue(fields[index].name))
        }
        plan.once { [self] out in
            listSnapshotLines(into: &out)
            if let entry {
                out.listLines(["values.id = id"] + entry.outer.map { "values.\($0.member) = \($0.member).value" })
            }
            if !fields.isEmpty || !lists.isEmpty || entry != nil { out.statement(.return(Self.valuesName)) }
            out.closeBody()
        }
    }

    /// The controller of the field states and `init` up to its assignments.
    private func instanceMembersHead(into out: inout SwiftRenderer) {
        if hasCustomRules, let entry {
            out.declaration(.property(SwiftProperty(
                doc: ["The form's validators and current values, for the entry's `custom` rules; none without a form."],
                access: .private, isLet: false, name: "validators", type: validatorsType,
                getter: [.return(.name("Validators(form: \(ListEntrySpec.ownerMember)?.owner?.validators, values: \(ListEntrySpec.ownerMember)?.owner?.values ?? \(entry.formType).Values())"))]
            )))
        } else if hasCustomRules {
            out.declaration(.property(SwiftProperty(
                access: .private, isLet: true, name: "validators", type: validatorsType
            )))
        }
        if entry != nil {
            out.declaration(.property(SwiftProperty(
                doc: ["The clock, time zone and localization of the entry's form (SPEC §10); the defaults without one."],
                access: access, isLet: false, name: "context", type: Self.contextType,
                getter: [.return(.name("\(ListEntrySpec.ownerMember)?.owner?.context ?? ValidationContext()"))]
            )))
        } else {
            out.declaration(.property(SwiftProperty(
                doc: ["The clock, time zone and localization that `validate()` and the triggers use (SPEC §10)."],
                access: access, isLet: false, name: "context", type: Self.contextType,
                initializer: .call(.type(Self.contextType), [])
            )))
        }
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
        // The closure reads what the rules need from the form (or entry) into `inputs`
        // and holds it no longer: a rule still running (a debounce, an app's validator
        // awaiting a server) never keeps a form the app has dropped.
        var inputs: [SwiftExpr] = [.member(.name("$0"), "values"), .member(.name("$0"), "context")]
        if hasCustomRules { inputs.append(.member(.name("$0"), "validators")) }
        var validateArguments: [SwiftArgument] = [
            SwiftArgument("in", .member(.name("inputs"), "0")), SwiftArgument("context", .member(.name("inputs"), "1")),
        ]
        if hasCustomRules { validateArguments.append(SwiftArgument("validators", .member(.name("inputs"), "2"))) }
        if let entry {
            // A hidden list's entries are valid (SPEC §14).
            inputs.append(entry.listCondition("isVisible", on: "$0."))
        }
        out.declaration(.property(SwiftProperty(
            doc: hasNoFields ? ["Field states and triggers (SPEC §6.4): a form without fields has no rules to run."] : [
                "Field states and triggers (SPEC §6.4); lazy, because its closure needs `self`. The closure reads the values and",
                "lets `self` go before the rules run, so that a rule still running never keeps a dropped form.",
            ],
            access: .private, modifiers: ["lazy"], isLet: false, name: "validation",
            type: .named("FieldValidationController", [Self.fieldType]),
            initializer: .call(.type(.named("FieldValidationController"))
                , [
                    SwiftArgument("triggers", .member(.name("Self"), "triggers")),
                    SwiftArgument("dependents", .member(.name("Self"), "dependents")),
                ] + (visibilityGroups.isEmpty ? [] : [SwiftArgument("visibilityGroups", .member(.name("Self"), "visibilityGroups"))])
                  + (followsChains ? [SwiftArgument("isShown", .name(isShownClosure))] : []) + (hasNoFields ? [] : [
                    SwiftArgument("validate", .closure(SwiftClosure(
                        captures: ["weak self"], parameters: ["field"],
                        body: [
                            .guardLet("inputs", .call(.member(.name("self"), "map"), [
                                SwiftArgument(nil, .closure(SwiftClosure(body: [.expr(.tuple(inputs))]))),
                            ]), else: [.return(.dot("cancelled"))]),
                        ] + (entry == nil ? [] : [
                            .guard(.member(.name("inputs"), String(inputs.count - 1)), else: [.return(.dot("valid"))]),
                        ]) + [
                            .return(.await(.call(.member(.name("Self"), "validate"),
                                                 [SwiftArgument(nil, .name("field"))] + validateArguments))),
                        ]
                    ))),
                ]), multiline: true)
        )))

        var initParameters = [SwiftParameter(nil, "values", Self.valuesType, default: .call(.type(Self.valuesType), []))]
        if hasCustomRules && entry == nil { initParameters.append(validatorsParameter) }
        if let entry {
            initParameters.append(SwiftParameter(
                nil, "owner", .optional(.named("FormRuntime.FormOwnerReference", [.named(entry.formType)])), default: .name("nil")
            ))
        }
        out.openFunction(SwiftFunction(
            doc: [
                entry != nil ? "An entry showing `values` (with its id), of the form `owner` refers to."
                    : "A form showing `values`" + (hasCustomRules ? ", checked by the app's `validators`." : "."),
            ],
            access: access, parameters: initParameters, body: []
        ))
    }
}

extension FormTranslator {
    /// The controller's `isShown` (`followsChains`): the form asks its own
    /// `isVisible(_:)`. An entry asks the conditions of its values alone, not its
    /// list's: the list's visibility reaches the entry from the form, which tells
    /// it of every change (SPEC §14), so a chain inside the entry only ever sees
    /// what its own conditions decide.
    var isShownClosure: String {
        guard entry != nil else { return "{ [weak self] field in self?.isVisible(field) ?? true }" }
        let context = conditions.readsToday ? ", context: $0.context" : ""
        return "{ [weak self] field in self.map { Self.isVisible(field, in: $0.values\(context)) } ?? true }"
    }
}
