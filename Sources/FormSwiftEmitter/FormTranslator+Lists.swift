import FormModel
import FormSource
import FormText

/// What an entry class is, for the translator that writes it (SPEC §14).
struct ListEntrySpec: Sendable {
    /// The list's id (`employers`).
    let listID: String
    /// The entry struct (`Employer`): the list's `itemType`.
    let itemType: String
    /// The entry class (`EmployerEntry`).
    let className: String
    /// The form's type name, whose `FormOwnerReference` the entries hold.
    let formType: String
    /// The fields of the form outside the list that the entry's conditions and
    /// `sameAs` rules read, in first-use order (SPEC §14).
    var outer: [OuterField] = []
    /// A field of the form outside the list → the entry's fields whose rules
    /// (`sameAs`, bound, `when`) read it, in document order: a change of the
    /// form's field re-checks them in every entry (SPEC §16).
    var formDependents: [(target: String, fields: [String])] = []
    /// The form's conditions that hide what the entry's rules need, each with the
    /// form's fields it reads and the entry's fields a change of one re-checks:
    /// those around the list (every field with rules: valid while the list is
    /// hidden), then those around each form field an entry's rule reads (the
    /// fields whose rules read it: it reads as empty while hidden).
    var formGroups: [(readers: [String], fields: [String])] = []
    /// Each field of `outer` → the form's fields whose change can show or hide
    /// it, down chains (`FormTranslator.chainReads(of:in:)`): a condition of the
    /// entry that reads it is re-checked by those too, since it reads the field as
    /// empty while hidden. Only fields with such reads are keys.
    var outerChains: [String: [String]] = [:]
    /// Whether the list, or a group or page around it, has an `enabledWhen`: then
    /// every element of an entry answers `isEnabled` false while the list is not
    /// editable, as the entry's `isEnabled(_:)` does (SPEC §7, §14).
    var listCanBeDisabled = false

    /// The type a field of the form outside the list has in the entry: optional
    /// where it can be empty only by being hidden (a segment, picker, number or
    /// date with a default), since a hidden field reads as empty.
    struct OuterField: Sendable {
        let id: String
        /// The field's type in the form.
        let formType: FieldValueType
        let displayName: String

        /// The entry's member that holds the field's value as the entry reads it:
        /// the field's id, or `form_id` for an id that is a member of every entry
        /// (`SwiftNaming.reservedEntryMembers`, such as `id`), which no entry
        /// field id can spell.
        var member: String { Self.member(of: id) }

        static func member(of id: String) -> String {
            SwiftNaming.reservedEntryMembers.contains(id) ? "form_" + id : id
        }

        var entryType: FieldValueType {
            switch formType {
            case .segment(let name, _): .segment(enumName: name, optional: true)
            case .number(let decimal, _): .number(decimal: decimal, optional: true)
            case .date(let mode, _): .date(mode, optional: true)
            case .string, .bool, .multiChoice: formType
            }
        }
    }

    /// The entry class's private reference to its form: a name no field id can
    /// take (SPEC §3), so that an entry may have a field `owner`.
    static let ownerMember = "_owner"

    /// `_owner?.owner?.isVisible(.employers) ?? true` (with `isEnabled`): whether
    /// the entry's list is shown (editable) now; true for an entry without a form.
    /// `receiver` is what holds the entry's reference to its form where it is read
    /// (`$0.`), none for `self`.
    func listCondition(_ function: String, on receiver: String = "") -> SwiftExpr {
        .name("\(receiver)\(Self.ownerMember)?.owner?.\(function)(.\(listID)) ?? true")
    }

    func outerField(_ id: String) -> OuterField? {
        outer.first { $0.id == id }
    }
}

/// One list of the form, with the translator of its entry class.
struct ListPlan: Sendable {
    let path: ElementPath
    let decl: ListDecl
    let entry: FormTranslator
    /// The helpers that decide the list element's visibility and enablement.
    let helpers: ConditionPlan.Helpers
    /// How many of the form's fields come before the list in document order.
    let fieldsBefore: Int

    var id: String { decl.id.value }
    var itemType: String { decl.swiftItemType }
    var className: String { decl.swiftItemType + "Entry" }

    /// The live entries of the list in `values`, each entry of the form `owner`
    /// refers to; an entry whose id an earlier one has (a copy the app made) gets a
    /// new one, so that no two entries of the list share an id.
    var entriesFromValues: String {
        "FormRuntime.FormEntryID.distinct(values.\(id), id: \\.id).map { \(className)(values: $0, owner: owner) }"
    }
}

// Lists (SPEC §14). Each list's entry is written by a translator of its own, over
// a form made of the entry's elements and fields (`CheckedList`), whose key prefix
// is the form's type and the list's id (`JobForm.employers.company.placeholder`):
// it writes the entry struct (`Employer`: the entry's `Values`, with an `id` that
// is not encoded) at the form's level, and the entry class (`EmployerEntry`: the
// entry's `FormValue`s, triggers, states, conditions and element tree) nested in
// the form. The form translator adds the list's value (`FormList<EmployerEntry>`),
// its part of `Values`, `init`, `values` and validation.
extension FormTranslator {
    /// The form's lists in document order, each with its entry translator: made
    /// on every core when the entries hold enough fields
    /// (`SpeedPaths.entryTranslatorsAtOnceMinimumFields`), each on its own.
    static func listPlans(of form: CheckedForm, index: FormIndex, options: EmitOptions, speed: SpeedPolicy) -> [ListPlan] {
        let plan: @Sendable (Int) -> ListPlan = { position in
            listPlan(form.lists[position], of: form, index: index, options: options)
        }
        let entryFields = form.lists.reduce(0) { $0 + $1.entryFieldCount }
        if speed.takes(.entryTranslatorsAtOnce), form.lists.count > 1,
           entryFields >= SpeedPaths.entryTranslatorsAtOnceMinimumFields, SpeedPaths.hasSecondCore {
            SpeedPaths.note(.entryTranslatorsAtOnce)
            return Concurrently.map(form.lists.count, plan)
        }
        return form.lists.indices.map(plan)
    }

    /// One list of the form, with its entry translator.
    private static func listPlan(_ checked: CheckedList, of form: CheckedForm, index: FormIndex, options: EmitOptions) -> ListPlan {
        let decl = form.document.list(at: checked.path)
        var symbols = SymbolTable()
        for field in checked.entryFields { symbols.addField(field) }
        let typeName = form.document.name.value
        var entryDocument = FormDocument(
            version: form.document.version, name: Located(typeName + "." + decl.id.value, at: decl.id.range),
            validateOn: form.document.validateOn, elements: decl.elements, range: form.document.range
        )
        entryDocument.optionSets = form.document.optionSets
        entryDocument.hasRuleConditions = form.document.hasRuleConditions
        var spec = ListEntrySpec(
            listID: decl.id.value, itemType: decl.swiftItemType, className: decl.swiftItemType + "Entry", formType: typeName
        )
        spec.outer = outerFields(of: decl, checked: checked, form: form)
        (spec.formDependents, spec.formGroups) = formRechecks(of: decl, checked: checked, form: form)
        for field in spec.outer {
            let chain = chainReads(of: [field.id], in: form)
            if !chain.isEmpty { spec.outerChains[field.id] = chain }
        }
        let helpers = index.element(at: checked.path)?.1 ?? ConditionPlan.Helpers(visible: nil, enabled: nil)
        spec.listCanBeDisabled = helpers.enabled != nil
        let entry = FormTranslator(
            form: CheckedForm(document: entryDocument, symbols: symbols, sourcePath: form.sourcePath),
            options: options, speed: .plain, entry: spec
        )
        let fieldsBefore = form.symbols.fields.count { $0.path.lexicographicallyPrecedes(checked.path) }
        return ListPlan(path: checked.path, decl: decl, entry: entry, helpers: helpers, fieldsBefore: fieldsBefore)
    }

    /// The form's fields that the entry of `decl` reads (`FieldRead`: its
    /// conditions and the fields its rules name) and are not its own, in
    /// first-use order.
    static func outerFields(of decl: ListDecl, checked: CheckedList, form: CheckedForm) -> [ListEntrySpec.OuterField] {
        var ids: [String] = []
        func note(_ id: String) {
            if !checked.isEntryField(id), !ids.contains(id), form.symbols.field(id) != nil { ids.append(id) }
        }
        FieldRead.forEach(in: decl.elements) { read in
            switch read {
            case .field(let id): note(id)
            case .condition(let condition): condition.expression?.fieldReferences.forEach(note)
            }
            return true
        }
        return ids.compactMap { id in
            guard let symbol = form.symbols.field(id) else { return nil }
            let element = form.document.element(at: symbol.path)
            return ListEntrySpec.OuterField(
                id: id, formType: symbol.valueType, displayName: DefaultMessages.displayName(of: element.kind, id: id)
            )
        }
    }

    /// `ListEntrySpec.formDependents` and `formGroups`: what a change of a form's
    /// field outside the list re-checks in each entry. A field is listed once for
    /// each rule read and each condition around what it needs, so the tables grow
    /// with the form, not with a condition's reads times the fields under it. The
    /// entry's own conditions that read the form's fields are the entry
    /// translator's (`FormTranslator.formVisibilityGroups`).
    static func formRechecks(
        of decl: ListDecl, checked: CheckedList, form: CheckedForm
    ) -> (dependents: [(target: String, fields: [String])], groups: [(readers: [String], fields: [String])]) {
        var dependents = DependentsTable()
        var conditionGroups: [(readers: [String], fields: [String])] = []
        var indexOfCondition: [ElementPath: Int] = [:]
        var withRules: [String] = []
        /// `field` after the fields already listed in `fields`: a field's notes are
        /// adjacent, so a repeat is the last one.
        func append(_ field: String, to fields: inout [String]) {
            if fields.last != field { fields.append(field) }
        }
        /// The entry's `field` has a rule that reads the form's field `target`.
        func note(_ target: String, at path: ElementPath, _ field: String) {
            dependents.add(field, reading: target)
            // Each condition around the target: hidden, the target reads as empty.
            for depth in path.indices {
                let prefix = Array(path[...depth])
                if let index = indexOfCondition[prefix] {
                    append(field, to: &conditionGroups[index].fields)
                } else if let condition = form.document.element(at: prefix).visibleWhen?.expression {
                    indexOfCondition[prefix] = conditionGroups.count
                    conditionGroups.append((readers: uniqued(condition.fieldReferences), fields: [field]))
                }
            }
        }
        func walk(_ elements: [Element]) {
            for element in elements {
                if case .group(let group) = element.kind {
                    walk(group.elements)
                    continue
                }
                guard let field = element.field, !field.rules.isEmpty else { continue }
                let id = field.id.value
                withRules.append(id)
                for rule in field.rules {
                    var reads: [String] = []
                    if let target = rule.kind.otherField { reads.append(target) }
                    reads += rule.when?.expression?.fieldReferences ?? []
                    for read in reads where !checked.isEntryField(read) {
                        if let symbol = form.symbols.field(read) { note(read, at: symbol.path, id) }
                    }
                }
            }
        }
        walk(decl.elements)
        // The conditions around the list: its own `visibleWhen`, its groups' and its page's.
        let listReads = uniqued(checked.path.indices.flatMap { depth in
            form.document.element(at: Array(checked.path[...depth])).visibleWhen?.expression?.fieldReferences ?? []
        })
        let listGroup = listReads.isEmpty || withRules.isEmpty ? [] : [(readers: listReads, fields: withRules)]
        // A field a condition reads may itself be hidden by another's, down a
        // chain: a change of any of those can hide the list, or hide a field an
        // entry's rule reads, too.
        let groups = (listGroup + conditionGroups).map { group in
            (readers: group.readers + chainReads(of: group.readers, in: form), fields: group.fields)
        }
        return (dependents.rows, groups)
    }

    /// The form's fields, other than `ids`, whose change can show or hide one of
    /// `ids` (SPEC §7): those the conditions around each read (its own, its
    /// groups' and its page's), then those around each of them, down the chain;
    /// each once, in the order reached.
    static func chainReads(of ids: [String], in form: CheckedForm) -> [String] {
        var reached = ids
        var seen = Set(ids)
        var next = 0
        while next < reached.count {
            let id = reached[next]
            next += 1
            guard let symbol = form.symbols.field(id) else { continue }
            for depth in symbol.path.indices {
                let condition = form.document.element(at: Array(symbol.path[...depth])).visibleWhen?.expression
                for read in condition?.fieldReferences ?? [] where seen.insert(read).inserted { reached.append(read) }
            }
        }
        return Array(reached.dropFirst(ids.count))
    }

    /// `names` in order, each once.
    private static func uniqued(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    /// `Plan`, or for a field of the form outside the list `JobForm.Plan`: an
    /// entry's enum of the same name would hide the form's in the entry class.
    func spelling(ofOuter field: ListEntrySpec.OuterField) -> String {
        let form = entry?.formType ?? typeName
        switch field.entryType {
        case .segment(let name, _): return "\(form).\(name)?"
        case .multiChoice(let name): return "[\(form).\(name)]"
        default: return SwiftRenderer.spelling(of: field.entryType)
        }
    }

    /// The member a condition or rule reads the field `id` by: its id, or in an
    /// entry, for a field of the form outside the list, `OuterField.member` (an
    /// entry's own field never has a name that differs: FC201).
    func memberName(_ id: String) -> String {
        entry == nil ? id : ListEntrySpec.OuterField.member(of: id)
    }

    /// The type of the field `id` names in a condition: the field's, or in an entry
    /// a field of the form outside the list as the entry reads it.
    func conditionFieldType(_ id: String, at position: Int?) -> FieldValueType? {
        if let position { return fields[position].fieldType }
        return entry?.outerField(id)?.entryType
    }

    /// The empty value of a field of the form as the entry reads it.
    static func emptyLiteral(of type: FieldValueType) -> String {
        switch type {
        case .string: "\"\""
        case .bool: "false"
        case .multiChoice: "[]"
        case .segment, .number, .date: "nil"
        }
    }

    /// `public ` or nothing: the access of the generated API, as a prefix.
    var accessPrefix: String { access == .internal ? "" : access.rawValue + " " }

    /// The members of `Values` of a list's entry struct, at the form's level.
    static let entryStructMembers = SwiftRenderer.Context(indentLevel: 2, openTypes: 2)
    static let entryStructBody = SwiftRenderer.Context(indentLevel: 3, openTypes: 2)

    // MARK: - The entry's types (the entry translator)

    /// `struct Employer` (with the entry's option enums) and `final class EmployerEntry`.
    func entryTypes(into plan: inout EmitPlan) {
        guard let entry else { return }
        valuesStruct(into: &plan, name: entry.itemType, entry: entry)
        plan.once { [self] out in
            out.openType(SwiftTypeDecl(
                doc: [
                    "The live entry of list `\(entry.listID)` (SPEC §14): one `FormValue` per field of the entry, its",
                    "field states, conditions and element tree. `id` is the id of its `\(entry.itemType)`.",
                ],
                attributes: ["@MainActor"], access: access, modifiers: ["final"], kind: .class, name: entry.className,
                inherits: ["FormRuntime.FormListEntry"]
            ))
            // The form's aliases of FormRuntime's types, which include the entry's, reach in here.
            out.listMember(["\(accessPrefix)typealias Values = \(entry.itemType)"], compact: true)
            for name in entryEnumNames {
                out.listMember(["\(accessPrefix)typealias \(name) = \(entry.itemType).\(name)"], compact: true)
            }
        }
        fieldEnum(into: &plan)
        actionEnum(into: &plan)
        plan.once { [self] out in
            out.listMember([
                "/// The entry's identity: stable while the entry exists, not part of its encoding.",
                "\(accessPrefix)nonisolated let id: FormRuntime.FormEntryID",
            ])
            out.listMember([
                "/// The form the entry belongs to, once the form has made it: its `context` is the entry's.",
                "private let \(ListEntrySpec.ownerMember): FormRuntime.FormOwnerReference<\(entry.formType)>?",
            ])
        }
        if hasCustomRules {
            plan.once { [self] out in
                out.listMember([
                    "/// What the entry's `custom` rules ask (SPEC §14): the form's validators (none for an entry",
                    "/// without a form, whose custom rules then pass) and the form's values.",
                    "nonisolated",
                    "\(accessPrefix)struct Validators: Sendable {",
                    "    \(accessPrefix)let form: (any \(entry.formType)Validators)?",
                    "    \(accessPrefix)let values: \(entry.formType).Values",
                    "",
                    "    /// What an app passes to the entry's `validate(_:in:validators:)` (also from another module).",
                    "    \(accessPrefix)init(form: (any \(entry.formType)Validators)?, values: \(entry.formType).Values) {",
                    "        self.form = form",
                    "        self.values = values",
                    "    }",
                    "}",
                ])
            }
        }
        fieldValues(into: &plan)
        if !entry.outer.isEmpty {
            plan.once { [self] out in
                for field in entry.outer {
                    let type = spelling(ofOuter: field)
                    let empty = Self.emptyLiteral(of: field.entryType)
                    out.listMember([
                        "/// The form's `\(field.id)`, as this entry's conditions read it: empty while it is hidden, or without a form.",
                        "private var \(field.member): FormRuntime.FormValue<\(type)> {",
                        "    FormRuntime.FormValue(\(ListEntrySpec.ownerMember)?.owner.map { (form: \(entry.formType)) -> \(type) in form.isVisible(.\(field.id)) ? form.\(field.id).value : \(empty) } ?? \(empty))",
                        "}",
                    ])
                }
            }
        }
        instanceMembers(into: &plan)
        validationMembers(into: &plan)
        plan.once { [self] out in
            out.listMember([
                "/// Sets the state of each field from the form's report, whose paths for this entry start with `path`; a",
                "/// field showing a message from `setError`, whose value changed after `mark`, or whose result is",
                "/// `.cancelled` (a cancelled `validate()`), keeps its state. As the form's `validate()` does, forgets the",
                "/// visibility noted for following the entry's chains.",
                "func applyStates<FormField>(_ report: ValidationReport<FormField>, at path: String, changedSince mark: FormRuntime.FieldChangeMark) {",
                "    for field in Field.allCases {",
                "        if !validation.hasError(field), !validation.hasChanged(field, since: mark), let result = report.result(at: path + \"/\" + \(fields.isEmpty ? "String(describing: field)" : "field.rawValue")), result != .cancelled {",
                "            validation.setState(FieldState(result), for: field)",
                "        }",
                "    }",
                "    validation.forgetNotedVisibility()",
                "}",
            ])
            out.listMember([
                "/// Adds the messages that `setError` shows on the entry's shown fields to `messages`, at their paths",
                "/// under `path`: the form's reports have them (SPEC §15.2). A hidden field is valid.",
                "func addErrors(to messages: inout [String: FormRuntime.ValidationResult], at path: String) {",
                "    for field in Field.allCases where isVisible(field) {",
                "        if let message = validation.error(of: field) {",
                "            messages[path + \"/\" + \(fields.isEmpty ? "String(describing: field)" : "field.rawValue")] = .invalid(message: message)",
                "        }",
                "    }",
                "}",
            ])
            out.listMember([
                "/// Shows `message` on `field` from outside the rules until the field's value changes (SPEC §15.2):",
                "/// the form's `setError(_:at:)` with the entry's path.",
                "\(accessPrefix)func setError(_ message: String, for field: Field) {",
            ] + (hasNoFields ? [] : ["    validation.setError(message, for: field)"]) + ["}"])
            out.listMember([
                "/// Returns once the rules that assignments to the entry's values started have run (SPEC §15.2).",
                "\(accessPrefix)func settle() async {",
                "    await validation.settle()",
                "}",
            ])
            out.listMember([
                "/// Removes every message that `setError` showed on the entry.",
                "\(accessPrefix)func clearErrors() {",
                "    validation.clearErrors()",
                "}",
            ])
            out.listMember([
                "/// The entry left its list (removed, or replaced by the form's `reset`): its rules in flight are",
                "/// cancelled and its states `.idle`.",
                "\(accessPrefix)func didLeaveList() {",
                "    validation.reset {}",
                "}",
            ])
        }
        if !formReaders.isEmpty {
            plan.once { [self] out in formRecheckMembers(of: entry, into: &out) }
        }
        conditionMembers(into: &plan)
        entryClearingHidden(into: &plan)
        elementMembers(into: &plan)
        plan.once { $0.closeType() }
    }

    /// For an entry class, the form's fields whose change re-checks some of its
    /// fields (SPEC §16), in first-use order: the form forwards their changes.
    var formReaders: [String] {
        var seen = Set<String>()
        var result: [String] = []
        for (target, _) in entry?.formDependents ?? [] where seen.insert(target).inserted { result.append(target) }
        for group in formVisibilityGroups {
            for reader in group.readers where seen.insert(reader).inserted { result.append(reader) }
        }
        return result
    }

    /// The entry's `formDependents` and `formVisibilityGroups` (when it has
    /// them), the `RecheckTable` made of them, and `formFieldDidChange(_:)`.
    private func formRecheckMembers(of entry: ListEntrySpec, into out: inout SwiftRenderer) {
        let formField = SwiftType.named(entry.formType + ".Field")
        var arguments: [SwiftArgument] = []
        if !entry.formDependents.isEmpty {
            writeDependentsTable(
                "formDependents", doc: "A field of the form → the entry's fields whose rules read it.",
                readerType: formField, entry.formDependents, into: &out
            )
            arguments.append(SwiftArgument("dependents", .name("formDependents")))
        }
        if !formVisibilityGroups.isEmpty {
            writeGroupsTable(
                "formVisibilityGroups",
                doc: "Each condition that hides what the entry's rules need and reads the form's fields: those fields, and the entry's fields a change of one re-checks.",
                readerType: formField, formVisibilityGroups, into: &out
            )
            arguments.append(SwiftArgument("visibilityGroups", .name("formVisibilityGroups")))
        }
        let table = "FormRuntime.RecheckTable<\(entry.formType).Field, Field>"
        out.declaration(.property(SwiftProperty(
            doc: ["The form's fields → the entry's fields a change of one re-checks."],
            access: .private, modifiers: ["nonisolated", "static"], isLet: true, name: "formRechecks",
            type: nil, initializer: .call(.name(table), arguments)
        )))
        out.listMember([
            "/// Starts re-checking the entry's fields that the form's `field` matters to, those that have a state",
            "/// (SPEC §16): their rules read it, or a condition reading it shows or hides them or a field their rules",
            "/// read. `settle()` awaits it. The form calls it for each entry when `field`'s value changes.",
            "func formFieldDidChange(_ field: \(entry.formType).Field) {",
            "    validation.recheck(Self.formRechecks.fields(after: field), after: field)",
            "}",
        ])
        out.listMember([
            "/// Returns once the re-check that the last change of the form's `field` started has run, and not",
            "/// the entry's other edits: the form's `didChange(field)` awaits it.",
            "func settleFormFieldChange(_ field: \(entry.formType).Field) async {",
            "    await validation.settleRecheck(after: field)",
            "}",
        ])
    }

    /// Whether a field of the entry can be hidden (by its own condition or a group's).
    var hasHidableFields: Bool { fields.contains { $0.visibleHelper != nil } }

    /// The entry's static `clearingHidden(_:in:)` (SPEC §15.2), as the form has
    /// its own: the form's `clearingHidden` calls it for each entry of a list whose
    /// entry has a field that can be hidden; in another it returns the values.
    func entryClearingHidden(into plan: inout EmitPlan) {
        let hidable = fields.filter { $0.visibleHelper != nil }
        plan.once { [self] out in
            out.openFunction(SwiftFunction(
                doc: [
                    "`values` with every field the entry hides (by its own condition or its group's) set to its empty",
                    "value, or its default for a field that always has a value (SPEC §15.2).",
                ],
                access: access, modifiers: ["nonisolated", "static"], name: "clearingHidden",
                parameters: [
                    SwiftParameter("_", "values", Self.valuesType),
                    SwiftParameter("in", "context", Self.contextType, default: .call(.type(Self.contextType), [])),
                ],
                result: Self.valuesType, body: []
            ))
            if hidable.isEmpty {
                out.statement(.return(Self.valuesName))
            } else {
                out.statement(.var("cleared", nil, Self.valuesName))
                for field in hidable {
                    out.clearingWhenHidden(field.name, to: emptyValue(of: field), passesContext: conditions.readsToday)
                }
                out.statement(.return(.name("cleared")))
            }
            out.closeBody()
        }
    }

    /// The names of the entry's option enums, declared in its struct.
    /// A field of a shared option set uses the form's enum (SPEC §16), which the
    /// entry class sees as it is nested in the form.
    var entryEnumNames: [String] {
        fields.compactMap { field in
            switch field.kind {
            case .segment(let segment): segment.optionSet == nil ? segment.swiftEnumName : nil
            case .multiChoice(let choice): choice.optionSet == nil ? choice.swiftEnumName : nil
            default: nil
            }
        }
    }

    // MARK: - The form's members for its lists (the form translator)

    /// `let employers: FormRuntime.FormList<EmployerEntry>`.
    func listValues(into plan: inout EmitPlan) {
        guard !lists.isEmpty else { return }
        plan.once { [self] out in
            for list in lists {
                out.listMember(["\(accessPrefix)let \(list.id): FormRuntime.FormList<\(list.className)>"], compact: true)
            }
        }
    }

    /// `var employers: [Employer]` in `Values`.
    func listValuesProperty(_ list: ListPlan, into out: inout SwiftRenderer) {
        out.listMember(["\(accessPrefix)var \(list.id): [\(list.itemType)] = []"], compact: true)
    }

    /// `self.employers = [Employer()]` in `Values()`: `initialItems` entries.
    func listValuesDefaults(into out: inout SwiftRenderer) {
        for list in lists where list.decl.initialCount > 0 {
            let count = list.decl.initialCount
            out.listLines([
                count == 1
                    ? "self.\(list.id) = [\(list.itemType)()]"
                    : "self.\(list.id) = (0..<\(count)).map { _ in \(list.itemType)() }",
            ])
        }
    }

    /// The list lines at the end of the form's `init(values:)`.
    func listInitializerLines(into out: inout SwiftRenderer) {
        guard !lists.isEmpty else { return }
        var lines = ["let owner = FormRuntime.FormOwnerReference<\(typeName)>()"]
        for list in lists {
            let maximum = list.decl.maxItems.map { String($0.value) } ?? "nil"
            lines.append("self.\(list.id) = FormRuntime.FormList(")
            lines.append("    \(list.entriesFromValues),")
            lines.append("    minItems: \(list.decl.minimum),")
            lines.append("    maxItems: \(maximum),")
            lines.append("    makeEntry: { \(list.className)(owner: owner) }")
            lines.append(")")
        }
        lines.append("owner.owner = self")
        out.listLines(lines)
    }

    /// In `init`, after every stored property: appending, removing and moving an
    /// entry is an edit of the list's value (SPEC §15.2).
    func listEditObservers(into out: inout SwiftRenderer) {
        for list in lists {
            out.listLines(["self.\(list.id).addObserver { [weak self] _ in self?.validation.listDidChange(.\(list.id)) }"])
        }
    }

    /// `values.employers = employers.entries.map(\.values)` in the form's `values`.
    func listSnapshotLines(into out: inout SwiftRenderer) {
        for list in lists {
            out.listLines(["values.\(list.id) = self.\(list.id).entries.map(\\.values)"])
        }
    }

    /// The states and `setError` messages of the entries of `list` from `report`,
    /// at their paths in the snapshot that `validate` took with the list's entries:
    /// an entry removed since is left out, one added since keeps its states.
    func entryStateLines(of list: String, indent: String) -> [String] {
        [
            "let \(list)Now = Set(self.\(list).entries.map(\\.id))",
            "for (index, entry) in \(list)Entries.enumerated() where \(list)Now.contains(entry.id) {",
            "    entry.applyStates(report, at: \"/\(list)/\\(index)\", changedSince: since)",
            "    entry.addErrors(to: &errors, at: \"/\(list)/\\(index)\")",
            "}",
        ].map { indent + $0 }
    }

    /// `validate()` and the static `validate(_:in:)` of a form with lists: the
    /// fields' results, and every value's path with its result in document order
    /// (each list's own path, then its entries' fields).
    func listValidationAPI(into out: inout SwiftRenderer, validatorsArgument: String, staticParameters: String) {
        // The entries and the values are taken together, before the rules are
        // awaited: the report's paths are those of the snapshot, whatever the
        // person does to the lists meanwhile (SPEC §15.2).
        var instance = [
            "/// Validates every field's and every entry's current values and sets every field's state; a field whose",
            "/// value changes while the rules run keeps what its trigger makes of the new value.",
            "\(accessPrefix)func validate() async -> ValidationReport<Field> {",
            "    let since = FormRuntime.FieldChangeMark.now",
        ]
        for list in lists { instance.append("    let \(list.id)Entries = self.\(list.id).entries") }
        out.listMember(instance)
        // The rules, run so that `reset` cancels them (SPEC §15.2), as every whole validation is.
        out.indented { $0.statements(wholeValidation()) }
        var rest = [
            // A field showing a message from `setError` keeps it, and the report has it (SPEC §15.2),
            // an entry's field's at its path.
            "    let shown = validation.applying(report, changedSince: since\(canHideFields ? ", isShown: { self.isVisible($0) }" : ""))",
            "    var errors: [String: FormRuntime.ValidationResult] = [:]",
        ]
        for list in lists { rest += entryStateLines(of: list.id, indent: "    ") }
        rest += ["    return shown.replacing(paths: errors)", "}"]
        out.listLines(rest)

        var lines = [
            "/// Validates `values` with the form's rules, from any isolation domain (e.g. a server); `context` gives",
            "/// the clock, time zone and language the rules use. The report's `issues` name each value by its",
            "/// JSON Pointer: `/email`, `/\(lists[0].id)`, `/\(lists[0].id)/0/…`.",
            "\(accessPrefix)nonisolated static func validate(",
            staticParameters,
            ") async -> ValidationReport<Field> {",
            "    var results: [(Field, ValidationResult)] = []",
            "    for field in Field.allCases {",
            "        results.append((field, await validate(field, in: values, context: context\(validatorsArgument))))",
            "    }",
            "    var paths: [(path: String, result: ValidationResult)] = []",
        ]
        // Each list's id is a case of `Field` (its count rules); its entries' paths follow it.
        // A form whose only fields are lists reads no field's result: each list has its paths.
        lines.append(fields.isEmpty ? "    for (field, _) in results {" : "    for (field, result) in results {")
        lines.append("        switch field {")
        for list in lists {
            lines.append("        case .\(list.id):")
            lines.append("            paths += await validateList_\(list.id)(values, context: context\(list.entry.hasCustomRules ? ", validators: validators" : ""))")
        }
        if !fields.isEmpty {
            lines.append("        default:")
            lines.append("            paths.append((path: \"/\" + field.rawValue, result: result))")
        }
        lines.append("        }")
        lines.append("    }")
        lines += ["    return ValidationReport<Field>(results, values: paths)", "}"]
        out.listMember(lines)
    }

    /// `validateList_employers`: a list's own rules (`minItems`, `maxItems`, not
    /// checked while the list is hidden) and every entry's fields (valid while
    /// the list is hidden), as paths with results.
    func listValidators(into plan: inout EmitPlan) {
        guard !lists.isEmpty else { return }
        plan.once { [self] out in
            for list in lists {
                // The list's own rules, the result of its case of `Field` (SPEC §14).
                var count = [
                    "private nonisolated static func validateListCount_\(list.id)(",
                    "    _ values: Values,",
                    "    context: ValidationContext",
                    ") -> ValidationResult {",
                ]
                var lines = [
                    "private nonisolated static func validateList_\(list.id)(",
                    "    _ values: Values,",
                    list.entry.hasCustomRules ? "    context: ValidationContext," : "    context: ValidationContext",
                ]
                if list.entry.hasCustomRules { lines.append("    validators: any \(validatorsProtocol)") }
                lines.append(") async -> [(path: String, result: ValidationResult)] {")
                // A hidden list checks neither its counts nor its entries.
                var visible: String?
                if let helper = list.helpers.visible {
                    let name = conditions.visibleHelpers[helper].name(from: .snapshot)
                    visible = "\(name.prefix)\(name.key)\(name.suffix)" + (conditions.readsToday ? "(values, context)" : "(values)")
                    lines.append("    let visible = \(visible!)")
                }
                let whenVisible = visible == nil ? "" : "\(visible!) && "
                let name = DefaultMessages.listName(list.decl)
                var checks: [(test: String, rule: String, message: String)] = []
                if list.decl.minimum > 0 {
                    checks.append(("count < \(list.decl.minimum)", "minItems", DefaultMessages.minItems(listName: name, count: list.decl.minimum)))
                }
                if let maximum = list.decl.maxItems?.value {
                    checks.append(("count > \(maximum)", "maxItems", DefaultMessages.maxItems(listName: name, count: maximum)))
                }
                if !checks.isEmpty {
                    count.append("    let count = values.\(list.id).count")
                }
                for (number, check) in checks.enumerated() {
                    let key = FormStrings.listMessageKey(form: typeName, list: list.id, rule: check.rule)
                    count.append((number == 0 ? "    if " : "    } else if ") + whenVisible + check.test + " {")
                    count.append("        return .invalid(message: context.localization.string(\(SwiftRenderer.stringLiteral(key)), default: \(SwiftRenderer.stringLiteral(check.message))))")
                }
                if !checks.isEmpty { count.append("    }") }
                count += ["    return .valid", "}"]
                out.listMember(count)
                let fieldName = list.entry.fields.isEmpty ? "String(describing: field)" : "field.rawValue"
                lines += [
                    "    var paths: [(path: String, result: ValidationResult)] = [(path: \"/\(list.id)\", result: validateListCount_\(list.id)(values, context: context))]",
                    "    for (index, entry) in values.\(list.id).enumerated() {",
                ]
                if visible != nil {
                    // A hidden list's entries are valid, and no rule of theirs runs:
                    // no app validator is called for them (SPEC §6.2).
                    lines += [
                        "        guard visible else {",
                        "            for field in \(list.className).Field.allCases {",
                        "                paths.append((path: \"/\(list.id)/\\(index)/\" + \(fieldName), result: .valid))",
                        "            }",
                        "            continue",
                        "        }",
                    ]
                }
                if list.entry.entry?.outer.isEmpty == false {
                    lines.append("        var entry = entry")
                    for field in list.entry.entry?.outer ?? [] {
                        let visible = "isVisible(.\(field.id), in: values\(conditions.readsToday ? ", context: context" : ""))"
                        lines.append("        entry.\(field.member) = \(visible) ? values.\(field.id) : \(Self.emptyLiteral(of: field.entryType))")
                    }
                }
                lines += [
                    list.entry.hasCustomRules
                        ? "        let report = await \(list.className).validate(entry, in: context, validators: .init(form: validators, values: values))"
                        : "        let report = await \(list.className).validate(entry, in: context)",
                    "        for field in \(list.className).Field.allCases {",
                    "            paths.append((path: \"/\(list.id)/\\(index)/\" + \(fieldName), result: report[field]))",
                    "        }",
                    "    }",
                    "    return paths",
                    "}",
                ]
                out.listMember(lines)
            }
        }
    }
}
