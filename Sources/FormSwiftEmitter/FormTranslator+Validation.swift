import FormModel
import FormSource
import FormText

/// Validation (SPEC §6): the static rules over a `Values` snapshot, one small
/// function per field, and the instance API that drives field states.
extension FormTranslator {
    func validationMembers(into plan: inout EmitPlan) {
        plan.once(weight: SpeedPaths.EmitWeights.validationStart) { [self] out in
            validationAPI(into: &out)
        }
        // Key 0: no rules; 1 + position: the field's own helper; after the fields, a list's count rules.
        let listIDs = lists.map(\.id)
        let fieldCount = fields.count
        switchOverFields(
            keyCount: fields.count + 1 + lists.count, into: &plan, key: { fields[$0].hasRules ? $0 + 1 : 0 },
            extras: listIDs.enumerated().map { (name: $0.element, key: fieldCount + 1 + $0.offset) }
        ) { [self] key, out in
            guard key > 0 else { return out.implicitMember("valid") }
            if key > fieldCount { return out.write("validateListCount_\(listIDs[key - fieldCount - 1])(values, context: context)") }
            out.fieldValidatorCall(validatorName(of: fields[key - 1]), passesValidators: fields[key - 1].hasCustomRule)
        }
        let hasNoFields = hasNoFields
        plan.once { out in
            out.closeBody()
            out.declaration(.property(SwiftProperty(
                access: .private, modifiers: ["nonisolated", "static"], isLet: true, name: "triggers",
                type: .dictionary(Self.fieldType, .named("ValidationTrigger")),
                initializer: hasNoFields ? .dictionary([]) : .call(.name("Dictionary"), [SwiftArgument("uniqueKeysWithValues", .call(
                    .member(.member(.name("Field"), "allCases"), "map"),
                    [SwiftArgument(nil, .closure(SwiftClosure(body: [
                        .expr(.tuple([.name("$0"), .call(.name("trigger"), [SwiftArgument("of", .name("$0"))])])),
                    ])))]
                ))])
            )))
            out.openFunction(SwiftFunction(
                access: .private, modifiers: ["nonisolated", "static"], name: "trigger",
                parameters: [SwiftParameter("of", "field", Self.fieldType)], result: .named("ValidationTrigger"), body: []
            ))
        }
        let triggers = ValidationTrigger.allCases
        switchOverFields(
            keyCount: triggers.count, into: &plan,
            key: { triggers.firstIndex(of: fields[$0].trigger) ?? 0 },
            // A list's value follows the form's trigger: appending, removing and moving are edits.
            extras: lists.map { (name: $0.id, key: triggers.firstIndex(of: form.document.defaultTrigger) ?? 0) }
        ) { key, out in
            out.implicitMember(triggers[key].rawValue)
        }
        let dependents = dependentsTable()
        plan.once(weight: SpeedPaths.EmitWeights.sameAsStart + SpeedPaths.EmitWeights.sameAsCheck * (dependents.count + visibilityGroups.count)) { [self] out in
            out.closeBody()
            self.dependents(dependents, into: &out)
            self.visibilityGroupMembers(into: &out)
        }

        // One compiled pattern per distinct text, shared by every rule that uses it.
        let patterns = ruleFacts.patterns
        var patternNames: [String: String] = [:]
        for (number, pattern) in patterns.enumerated() {
            patternNames[pattern] = "pattern_" + String(number + 1)
        }
        if !patterns.isEmpty {
            plan.once(weight: SpeedPaths.EmitWeights.pattern * patterns.count) { [patterns, patternNames] out in
                for pattern in patterns {
                    out.declaration(.property(SwiftProperty(
                        access: .private, modifiers: ["nonisolated", "static"], isLet: true, name: patternNames[pattern] ?? "",
                        initializer: .call(.type(.named("FormPattern")), [SwiftArgument(nil, .string(pattern))])
                    )))
                }
            }
        }

        // Only the functions of fields with a `custom` rule take the validators.
        let (parameters, customParameters) = SwiftRenderer.fieldValidatorParameters(validatorsType: validatorsSpelling)
        // Positions, not the `FieldInfo`s: an array of them would retain each.
        let validated = fields.indices.filter { fields[$0].hasRules }
        plan.each(validated.count, in: formMembers, weight: { [self] in SpeedPaths.EmitWeights.validatorStart + SpeedPaths.EmitWeights.validatorRule * fields[validated[$0]].ruleCount }) { [self, patternNames] index, out in
            let field = fields[validated[index]]
            fieldValidation(field, parameters: field.hasCustomRule ? customParameters : parameters, patternNames: patternNames, into: &out)
        }
    }

    /// `var results: [(Field, ValidationResult)]`, filled by the static
    /// `validate` of each field `fields` (an expression of `Field`s) names, in
    /// its order: the start of every static `validate` of many fields.
    func fieldResults(of fields: SwiftExpr) -> [SwiftStmt] {
        let validatorsArgument = hasCustomRules ? [SwiftArgument("validators", .name("validators"))] : []
        return [
            .var("results", .array(.named("(Field, ValidationResult)")), .array([])),
            .for("field", in: fields, body: [
                .expr(.call(.member(.name("results"), "append"), [SwiftArgument(nil, .tuple([
                    .name("field"),
                    .await(.call(.name("validate"), [
                        SwiftArgument(nil, .name("field")), SwiftArgument("in", .name("values")),
                        SwiftArgument("context", .name("context")),
                    ] + validatorsArgument)),
                ]))])),
            ]),
        ]
    }

    /// `validate()`, the static `validate(_:)`, the forwards to the field
    /// states' controller, and the head of the per-field dispatcher.
    private func validationAPI(into out: inout SwiftRenderer) {
        let staticParameters = [
            SwiftParameter("_", "values", Self.valuesType),
            SwiftParameter("in", "context", Self.contextType, default: .call(.type(Self.contextType), [])),
        ] + (hasCustomRules ? [validatorsParameter] : [])

        if !lists.isEmpty {
            var parameters = "    _ values: Values,\n    in context: ValidationContext = ValidationContext()"
            if hasCustomRules { parameters += ",\n    validators: \(validatorsSpelling)" }
            listValidationAPI(
                into: &out, validatorsArgument: hasCustomRules ? ", validators: validators" : "",
                staticParameters: parameters
            )
        } else {
        // validate(): the static rules over a snapshot; every field's state is set.
        out.declaration(.function(SwiftFunction(
            doc: [
                "Validates every field's current value and sets every field's state; a field showing a message from",
                "`setError` keeps it, and the report has it. A field whose value changes while the rules run keeps",
                "what its trigger makes of the new value.",
            ],
            access: access, name: "validate", parameters: [], isAsync: true, result: Self.reportType,
            body: ((hasNoFields ? nil : entry).map { entry in
                // A hidden list's entries are valid (SPEC §14): every field's state is `.valid`.
                [.guard(entry.listCondition("isVisible"), else: [
                    .return(applyingCall(.call(.type(Self.reportType), [
                        SwiftArgument(nil, .name("Field.allCases.map { ($0, ValidationResult.valid) }")),
                    ]))),
                ])]
            } ?? []) + [Self.changeMarkStatement] + wholeValidation() + [
                .return(applyingCall(.name("report"), sinceMark: true)),
            ]
        )))

        // static validate(_:): the same rules, from any isolation domain.
        out.declaration(.function(SwiftFunction(
            doc: [
                "Validates `values` with the form's rules, from any isolation domain (e.g. a server); `context` gives",
                "the clock, time zone and language the rules use.",
            ],
            access: access, modifiers: ["nonisolated", "static"], name: "validate",
            parameters: staticParameters, isAsync: true, result: Self.reportType,
            body: fieldResults(of: .member(.name("Field"), "allCases")) + [
                .return(.call(.type(Self.reportType), [SwiftArgument(nil, .name("results"))])),
            ]
        )))
        }

        for member in fieldStateMembers() { out.declaration(member) }

        // The per-field dispatcher and the triggers and dependents of the controller.
        // Keyed by the field's position when it has a `validate…` helper; nil: no rules.
        out.openFunction(SwiftFunction(
            access: .private, modifiers: ["nonisolated", "static"], name: "validate",
            parameters: [
                SwiftParameter("_", "field", Self.fieldType), SwiftParameter("in", "values", Self.valuesType),
                SwiftParameter(nil, "context", Self.contextType),
            ] + (hasCustomRules ? [validatorsParameter] : []),
            isAsync: true, result: Self.resultType, body: []
        ))
    }

    /// `visibilityGroups` and `makeVisibilityGroups`, when a condition shows or
    /// hides a field that a rule needs.
    private func visibilityGroupMembers(into out: inout SwiftRenderer) {
        guard !visibilityGroups.isEmpty else { return }
        writeGroupsTable(
            "visibilityGroups", doc: "Each condition that shows or hides fields: the fields it reads, and those a change of one re-checks.",
            readerType: Self.fieldType, visibilityGroups, into: &out
        )
    }

    /// A static table of visibility groups (`staticTable`): `[(readers: [R], fields: [Field])]`,
    /// readers of `readerType` (the class's `Field`, or for an entry the form's).
    func writeGroupsTable(
        _ name: String, doc: String, readerType: SwiftType, _ groups: [(readers: [String], fields: [String])],
        into out: inout SwiftRenderer
    ) {
        let type = SwiftType.array(.tuple(labels: ["readers", "fields"], types: [.array(readerType), .array(Self.fieldType)]))
        staticTable(name, doc: doc, type: type, local: "groups", empty: .array([]), into: &out) { out in
            for (readers, fields) in groups {
                out.visibilityGroupAppend("groups", readers: readers, fields: fields)
            }
        }
    }

    /// A static table of dependents (`staticTable`): `[R: [Field]]`, keys of
    /// `readerType` (the class's `Field`, or for an entry the form's).
    func writeDependentsTable(
        _ name: String, doc: String, readerType: SwiftType, _ table: [(target: String, fields: [String])],
        into out: inout SwiftRenderer
    ) {
        staticTable(
            name, doc: doc, type: .dictionary(readerType, .array(Self.fieldType)), local: "dependents", empty: .dictionary([]),
            into: &out
        ) { out in
            for (target, fields) in table {
                out.dependentsAssignment("dependents", target: target, fields: fields)
            }
        }
    }

    /// `private nonisolated static let name: type = makeName()` and `makeName()`,
    /// which fills the local `local` with the statements `fill` writes: statements
    /// rather than one literal, as a literal of thousands of entries takes the
    /// type checker seconds.
    func staticTable(
        _ name: String, doc: String, type: SwiftType, local: String, empty: SwiftExpr, into out: inout SwiftRenderer,
        fill: (inout SwiftRenderer) -> Void
    ) {
        let make = "make" + SwiftNaming.upperCamelCase(name)
        out.declaration(.property(SwiftProperty(
            doc: [doc], access: .private, modifiers: ["nonisolated", "static"], isLet: true, name: name,
            type: type, initializer: .call(.name(make), [])
        )))
        out.openFunction(SwiftFunction(
            access: .private, modifiers: ["nonisolated", "static"], name: make, parameters: [], result: type, body: []
        ))
        out.statement(.var(local, type, empty))
        fill(&out)
        out.statement(.return(.name(local)))
        out.closeBody()
    }

    /// `dependents`, and `makeDependents` when a change of one field re-checks another.
    private func dependents(_ table: [(target: String, fields: [String])], into out: inout SwiftRenderer) {
        let dependentsType = SwiftType.dictionary(Self.fieldType, .array(Self.fieldType))
        if table.isEmpty {
            out.declaration(.property(SwiftProperty(
                access: .private, modifiers: ["nonisolated", "static"], isLet: true, name: "dependents",
                type: dependentsType, initializer: .dictionary([])
            )))
        } else {
            writeDependentsTable(
                "dependents", doc: "A field → the fields whose rules read it: a change re-checks those that have a state.",
                readerType: Self.fieldType, table, into: &out
            )
        }
    }

    /// A field a rule reads (a `sameAs` target, a bound, a field a `when:`
    /// reads) → the fields whose rules read it, in document order.
    private func dependentsTable() -> [(target: String, fields: [String])] {
        var table = DependentsTable(capacity: ruleFacts.sameAs.count)
        for (target, field) in ruleFacts.sameAs {
            // A field of the form outside a list is no field of the entry's.
            if entry != nil, fieldPosition(target) == nil { continue }
            table.add(field, reading: target)
        }
        return table.rows
    }

    /// The controller's `visibilityGroups`: for each condition that shows or hides
    /// fields (a field's own `visibleWhen`, a group's, a page's), in document
    /// order, the fields it reads and the fields a change of one of them
    /// re-checks: each field with rules under it (hidden, it is valid; shown again,
    /// its rules run), each field whose rules read a field under it (which
    /// reads as empty while hidden), and each field under it that the condition of
    /// another group reads (the runtime follows the chain from it as far as
    /// visibility changes). A field is listed once for each condition
    /// around it, so the tables grow with the form and its nesting, not with a
    /// condition's reads times the fields under it. In an entry, the fields of the
    /// form that a condition reads are apart (`outer`): the entry's table of the
    /// form's fields has them. `lists`: the form's lists with counts to check, each
    /// with the helper that decides its visibility; each is in the groups around it
    /// as a field with rules is. `followsChains`: whether a group's reader is
    /// itself under a condition (its visibility can change what the group's
    /// condition reads), so that the controller needs `isShown`.
    static func visibilityGroups(
        fields: FieldTable, lists: [(id: String, visibleHelper: Int?)] = [], conditions: ConditionPlan, ruleFacts: RuleFacts,
        symbols: SymbolTable, isEntry: Bool
    ) -> (groups: [(readers: [String], outer: [String], fields: [String])], followsChains: Bool) {
        let helpers = conditions.visibleHelpers
        guard !helpers.isEmpty else { return ([], false) }
        var shown = [[String]](repeating: [], count: helpers.count)
        func add(_ field: String, under visibleHelper: Int?) {
            var helper = visibleHelper
            while let current = helper {
                // A field's additions are adjacent: a repeat is the last one.
                if shown[current].last != field { shown[current].append(field) }
                helper = helpers[current].parent
            }
        }
        // The fields a condition reads: hidden or shown with a condition around
        // them, they are listed with it, so that a change follows the chain as far
        // as it shows or hides them (`RecheckTable.fieldsDownChains`).
        let references = helpers.map(\.condition.fieldReferences)
        var isRead = [Bool](repeating: false, count: fields.count)
        for reads in references {
            for read in reads {
                if let position = symbols.fieldIndex(read) { isRead[position] = true }
            }
        }
        /// The positions of the fields listed only because a condition reads them.
        var readOnly: [Int] = []
        // Field by field in document order, as `ruleFacts.sameAs` is.
        let reads = ruleFacts.sameAs
        var next = 0
        for position in fields.indices where fields[position].hasRules || isRead[position] {
            let field = fields[position].id
            if !fields[position].hasRules { readOnly.append(position) }
            add(field, under: fields[position].visibleHelper)
            while next < reads.count, reads[next].field == field {
                if let target = symbols.fieldIndex(reads[next].target) { add(field, under: fields[target].visibleHelper) }
                next += 1
            }
        }
        for list in lists { add(list.id, under: list.visibleHelper) }
        var result: [(readers: [String], outer: [String], fields: [String])] = []
        for helper in helpers.indices where !shown[helper].isEmpty {
            var readers: [String] = []
            var outer: [String] = []
            var seen = Set<String>()
            for read in references[helper] where seen.insert(read).inserted {
                // An entry's conditions may name the form's fields, which are no `Field` of the entry.
                if isEntry && symbols.fieldIndex(read) == nil { outer.append(read) } else { readers.append(read) }
            }
            if !readers.isEmpty || !outer.isEmpty { result.append((readers, outer, shown[helper])) }
        }
        // A chain: a group's reader under a condition of its own.
        var isGroupReader = [Bool](repeating: false, count: fields.count)
        var followsChains = false
        for group in result {
            for reader in group.readers {
                guard let position = symbols.fieldIndex(reader) else { continue }
                isGroupReader[position] = true
                if fields[position].visibleHelper != nil { followsChains = true }
            }
        }
        // A field listed only because a condition reads it leads somewhere only
        // when that condition has fields to re-check: it is a group's reader.
        let leadingNowhere = Set(readOnly.filter { !isGroupReader[$0] }.map { fields[$0].id })
        guard !leadingNowhere.isEmpty else { return (result, followsChains) }
        let kept: [(readers: [String], outer: [String], fields: [String])] = result.compactMap { group in
            let kept = group.fields.filter { !leadingNowhere.contains($0) }
            return kept.isEmpty ? nil : (group.readers, group.outer, kept)
        }
        return (kept, followsChains)
    }

    /// `didChange`, `didEndEditing`, `state(of:)` and the state observers: thin
    /// forwards to the runtime's controller.
    private func fieldStateMembers() -> [SwiftDecl] {
        func forward(_ name: String, doc: String, label: String?, _ parameter: SwiftParameter, isAsync: Bool, result: SwiftType?,
                     attributes: [String] = []) -> SwiftDecl {
            var call = SwiftExpr.call(.member(.name("validation"), name), [SwiftArgument(label, .name(parameter.name))])
            if isAsync { call = .await(call) }
            return .function(SwiftFunction(
                doc: [doc], attributes: attributes, access: access, name: name,
                parameters: [parameter], isAsync: isAsync, result: result,
                body: hasNoFields && parameter.type == Self.fieldType ? [] : [result == nil ? .expr(call) : .return(call)]
            ))
        }
        let field = SwiftParameter("_", "field", Self.fieldType)
        // An entry whose fields read the form's fields re-checks them (SPEC §16).
        let dependentLists = lists.filter { !$0.entry.formReaders.isEmpty }
        var didChange = forward("didChange", doc: "Reports an edit of `field`; returns once the rules its trigger calls for have run.",
                                label: nil, field, isAsync: true, result: nil)
        if !dependentLists.isEmpty, case .function(var function) = didChange {
            function.doc = [
                "Reports an edit of `field`; returns once the rules its trigger calls for have run, with the",
                "re-checks of the entries' fields that read `field` which its assignment started.",
            ]
            for list in dependentLists {
                function.body?.append(.for("entry", in: .member(.member(Self.selfName, list.id), "entries"), body: [
                    .expr(.await(.call(.member(.name("entry"), "settleFormFieldChange"), [SwiftArgument(nil, .name("field"))]))),
                ]))
            }
            didChange = .function(function)
        }
        return [
            didChange,
            forward("didEndEditing", doc: "Reports that `field` lost focus; returns once the rules its trigger calls for have run.",
                    label: nil, field, isAsync: true, result: nil),
            .function(SwiftFunction(
                doc: ["The validation state of `field`."],
                access: access, name: "state", parameters: [SwiftParameter("of", "field", Self.fieldType)],
                result: .named("FieldState"),
                body: hasNoFields ? [] : [.return(.call(.member(.name("validation"), "state"), [SwiftArgument("of", .name("field"))]))]
            )),
            forward("addStateObserver", doc: "Calls `observer` with each field state change.", label: nil,
                    SwiftParameter("_", "observer", .function(
                        attributes: ["@escaping", "@Sendable", "@MainActor"], parameters: [Self.fieldType, .named("FieldState")],
                        isAsync: false, result: .void
                    )),
                    isAsync: false, result: .named("ObserverToken"), attributes: ["@discardableResult"]),
            forward("removeStateObserver", doc: "Stops calling the observer behind `token`.", label: nil,
                    SwiftParameter("_", "token", .named("ObserverToken")), isAsync: false, result: nil),
        ]
    }

    /// `validateEmail`: the function of a field's rules.
    private func validatorName(of field: FieldInfo) -> FieldHelperName {
        FieldHelperName(word: "validate", key: field.upperName)
    }

    /// The rules of one field, `validateEmail(_ values: Values…)`, whose
    /// `parameters` are spelled out; `patternNames` names the shared
    /// `FormPattern` of each pattern text.
    private func fieldValidation(
        _ field: FieldInfo, parameters: [SwiftName], patternNames: [String: String], into out: inout SwiftRenderer
    ) {
        out.openFieldValidator(validatorName(of: field), parameters: parameters)
        if let helper = field.visibleHelper {
            // Hidden fields are not validated (SPEC §6.2).
            out.guardVisible(conditions.visibleHelpers[helper].name(from: .snapshot), readsToday: conditions.readsToday)
        }
        out.openRuleList(valueType: field.valueType)
        var rules = 0
        for (index, rule) in field.rules.enumerated() {
            // A segment with a default always has a selection: its `required` can
            // never fail (FC406), and its type has no empty value to test.
            if case .required = rule.kind, field.fieldType.alwaysHasValue { continue }
            let occurrence = FormStrings.occurrence(of: index, in: field.rules)
            var sameAs = SwiftRenderer.SameAsComparison.sameType
            var patternName: String?
            var fieldBound: SwiftRenderer.FieldBound?
            switch rule.kind {
            case .sameAs(let target):
                // The target's `FieldInfo`, read in place: a `FieldSymbol` would be copied out.
                if let targetField = fieldPosition(target), fields[targetField].fieldType != field.fieldType { sameAs = .asOptionals }
                // A field of the form outside a list, read optional where it could not be empty.
                if fieldPosition(target) == nil, let outer = entry?.outerField(target), outer.entryType != field.fieldType { sameAs = .asOptionals }
            case .pattern(let pattern):
                patternName = patternNames[pattern]
            case .minField(let target), .maxField(let target):
                fieldBound = self.fieldBound(of: field, target: target)
            default:
                break
            }
            let when = rule.when?.expression
            var kind = rule.kind
            if entry != nil, case .sameAs(let target) = kind { kind = .sameAs(memberName(target)) }
            out.ruleListItem(
                isFirst: rules == 0, kind, valueType: field.fieldType, patternName: patternName, sameAs: sameAs,
                message: message(of: rule, occurrence: occurrence, field: field), fieldBound: fieldBound,
                hiddenTarget: rule.kind.otherField.flatMap(hiddenTarget),
                // Past the guard on the field's visibility, its groups' fields read as shown.
                when: when.map { condition in { [self] out in
                    writeCondition(condition, from: .snapshot, at: .whole, shown: field.visibleHelper, into: &out)
                } },
                debounce: rule.debounce?.value, inEntry: entry != nil
            )
            rules += 1
        }
        out.closeRuleList(hasRules: rules > 0, field: field.name)
        out.closeBody()
    }

    /// Whether a field of the class can be hidden: by its own condition, a
    /// group's or a page's; in an entry, also by its list's (SPEC §14).
    var canHideFields: Bool {
        !hasNoFields && (entry != nil || fields.contains { $0.visibleHelper != nil } || lists.contains { $0.helpers.visible != nil })
    }

    /// `validation.applying(report)`; with `isShown:` where a field can be
    /// hidden, so that a hidden field's message from `setError` is not in the
    /// report (a hidden field is valid, SPEC §6.2).
    /// `sinceMark`: the report is of a snapshot taken with `since`
    /// (`changeMarkStatement`) before the rules were awaited, and a field whose
    /// value changed after it keeps its state.
    func applyingCall(_ report: SwiftExpr, sinceMark: Bool = false) -> SwiftExpr {
        .call(.member(.name("validation"), "applying"), [SwiftArgument(nil, report)]
            + (sinceMark ? [SwiftArgument("changedSince", .name("since"))] : [])
            + (canHideFields ? [SwiftArgument("isShown", .name("{ self.isVisible($0) }"))] : []))
    }

    /// `let since = FormRuntime.FieldChangeMark.now`: taken with the snapshot of
    /// the values a `validate` awaits the rules of, so that its report is applied
    /// only to the fields whose values have not changed since (SPEC §15.2).
    static let changeMarkStatement = SwiftStmt.let("since", nil, .name("FormRuntime.FieldChangeMark.now"))

    /// How a rule reads the other field it names (`sameAs`, a bound) while that
    /// field is hidden: as empty (SPEC §7); nil when it is never hidden. A field
    /// of the form outside a list is already empty in the entry's snapshot.
    private func hiddenTarget(_ target: String) -> SwiftRenderer.HiddenTarget? {
        guard let position = fieldPosition(target), let helper = visibilityHelper(of: position) else { return nil }
        let empty: SwiftRenderer.HiddenTarget.Empty = switch fields[position].fieldType {
        case .string: .text
        case .bool: .off
        case .segment, .number, .date, .multiChoice: .nothing
        }
        return SwiftRenderer.HiddenTarget(isShown: { [self] out in writeHelperCall(helper, from: .snapshot, into: &out) }, empty: empty)
    }

    /// How a bound naming another field reads the two values (SPEC §16): as they
    /// are, or, between a whole number and a decimal one, both as `Decimal`s.
    private func fieldBound(of field: FieldInfo, target: String) -> SwiftRenderer.FieldBound {
        // A field of the form outside the list, as the entry holds it (SPEC §14, §16).
        let targetType = fieldPosition(target).map { fields[$0].fieldType } ?? entry?.outerField(target)?.entryType
        var bound = SwiftRenderer.FieldBound(target: memberName(target))
        switch (field.fieldType, targetType) {
        case (.number(false, let optional), .number(true, _)?): bound.value = optional ? .optional : .plain
        case (.number(true, _), .number(false, let optional)?): bound.targetReading = optional ? .optional : .plain
        default: break
        }
        return bound
    }

    /// The rule's failure message: looked up by its key in the context's
    /// localization (SPEC §11), with the form's message, else the default one
    /// (`DefaultMessages`), as the literal fallback.
    private func message(of rule: RuleDecl, occurrence: Int, field: FieldInfo) -> RuleMessage {
        let targetName: String? = if let target = rule.kind.otherField, rule.message == nil {
            fieldPosition(target).map { fields[$0].displayName } ?? entry?.outerField(target)?.displayName
        } else {
            nil
        }
        return RuleMessage(
            form: typeName, id: field.id, rule: rule.kind.name, occurrence: occurrence,
            text: rule.message?.value, fieldName: field.displayName, targetName: targetName, valueType: field.fieldType
        )
    }

    /// `let report = …`: the static `validate` of the current values (and `between`,
    /// `page: page`), run by `validation.runUntilReset` so that `reset` cancels it
    /// (SPEC §15.2). The values, context and validators are taken first: the
    /// rules run from the closure, in a task of their own.
    func wholeValidation(between: [SwiftArgument] = []) -> [SwiftStmt] {
        var taken: [SwiftStmt] = [
            .let("values", nil, .member(Self.selfName, "values")),
            .let("context", nil, .member(Self.selfName, "context")),
        ]
        var arguments = [SwiftArgument(nil, .name("values"))] + between + [SwiftArgument("in", .name("context"))]
        if hasCustomRules {
            taken.append(.let("validators", nil, .member(Self.selfName, "validators")))
            arguments.append(SwiftArgument("validators", .name("validators")))
        }
        let rules = SwiftClosure(body: [.expr(.await(.call(.member(.name("Self"), "validate"), arguments)))])
        return taken + [
            .let("report", nil, .await(.call(.member(.name("validation"), "runUntilReset"), [SwiftArgument(nil, .closure(rules))]))),
        ]
    }
}

/// A field a rule reads → the fields whose rules read it, each target in the
/// order of its first read. The reads come field by field in document order, so
/// a field's repeat (two rules reading one target) is always its target's last
/// field.
struct DependentsTable {
    private(set) var rows: [(target: String, fields: [String])] = []
    private var indexOfTarget: [String: Int]

    init(capacity: Int = 0) {
        indexOfTarget = Dictionary(minimumCapacity: capacity)
    }

    /// `field` has a rule that reads `target`.
    mutating func add(_ field: String, reading target: String) {
        if let index = indexOfTarget[target] {
            if rows[index].fields.last != field { rows[index].fields.append(field) }
        } else {
            indexOfTarget[target] = rows.count
            rows.append((target: target, fields: [field]))
        }
    }
}
