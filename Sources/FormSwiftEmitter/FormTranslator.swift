import FormModel
import FormSource
import FormText

/// Translates one checked form into the generated file of SPEC §5, as pinned by
/// docs/design/generated-code.md: it decides *what* the file declares (which
/// members, with which names, types and values) and hands each to the renderer
/// (`SwiftRenderer`), which decides how it is spelled. The members written once
/// per form are built as a code model (`SwiftCode`); the members and lines
/// repeated for every field (nine tenths of a large file) are handed over
/// through the renderer's named functions (`SwiftRenderer+Members` and the
/// others), with the field's names spelled once as UTF-8 (`FieldInfo`), so that
/// no model, `String` or array is made per line.
///
/// The file is laid out as an `EmitPlan` (`plan()`): the parts written once, and
/// runs of units repeated per field (or helper, or group), which the emitter may
/// render in batches on several cores; a run says only where it is
/// (`formMembers`, `formBody`, …). The translator's files: this one (the file's
/// order), `+FieldInfo` (what each field needs), `+RuntimeTypes`, `+Fields` (the
/// types and members every field has a line in), `+Switch`, `+Validation`,
/// `+Conditions` and `+Elements`; what it reads of the element tree is gathered
/// in one walk (`FormIndex`, `ConditionPlan`).
///
/// Names of private helpers are chosen so that no field id can collide with them:
/// ids are lowerCamelCase without underscores, so a helper is either a fixed word
/// plus the UpperCamelCase id (`validateEmail`, `isEmailVisible` — static, while
/// fields are instance properties) or holds an underscore (`patternEmail_2`).
final class FormTranslator: Sendable {
    let form: CheckedForm
    let access: SwiftAccess
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
    /// The pages, in document order; empty for a form without pages (SPEC §15.1).
    let pages: [FormIndex.Page]
    /// FormRuntime's types that the file names (`runtimeAliases` writes an alias of each).
    let runtimeTypes: RuntimeTypes
    /// Foundation's types that the file names (`Date`, `Decimal`): it imports Foundation for them.
    let foundationTypes: [String]
    /// Whether a field's value, the form's or an entry's, is one of Foundation's
    /// types (a `Decimal`, a `Date`): then the form's API names it.
    let foundationInAPI: Bool
    /// The `N` of each static text's and unnamed group's localization key (SPEC §11).
    let unnamedOrdinals: [ElementPath: Int]
    /// For the entry class of a list (SPEC §14), what it is; nil for the form itself.
    let entry: ListEntrySpec?
    /// How many types the translated class is nested in: 0 for the form, 1 for an entry class.
    let depth: Int
    /// The name of the class the translator writes: the form's, or the entry class's.
    let className: String
    /// The form's lists, each with the translator of its entry class; empty for an entry.
    let lists: [ListPlan]
    /// The controller's `visibilityGroups` (`visibilityGroups(fields:…)`); empty
    /// when no condition shows or hides a field that a rule needs.
    let visibilityGroups: [(readers: [String], fields: [String])]
    /// For an entry class, the visibility groups whose readers are the form's
    /// fields: the conditions around the list, those around the form's fields its
    /// rules read (`ListEntrySpec.formGroups`), and its own conditions' reads of
    /// the form's fields. Empty for the form.
    let formVisibilityGroups: [(readers: [String], fields: [String])]
    /// Whether a condition of `visibilityGroups` reads a field that is itself
    /// under a condition (a chain): the controller is then given `isShown`, to
    /// follow chains as far as visibility changes.
    let followsChains: Bool

    /// `speed`: whether a large form's `FieldInfo`s are made and freed in halves,
    /// and its lists' entry translators made on every core.
    init(form: CheckedForm, options: EmitOptions, speed: SpeedPolicy = .current, entry: ListEntrySpec? = nil) {
        self.form = form
        self.entry = entry
        depth = entry == nil ? 0 : 1
        className = entry?.className ?? form.document.name.value
        access = switch options.accessLevel {
        case .internal: .internal
        case .package: .package
        case .public: .public
        }
        typeName = form.document.name.value
        // One walk over the tree, by index: the levels, the field elements (in
        // document order, as the symbols are), the segues and the condition helpers.
        let index = FormIndex(form.document.elements)
        let (fields, ruleFacts) = Self.fieldInfos(form.symbols.fields, index: index, document: form.document, speed: speed)
        self.fields = fields
        self.ruleFacts = ruleFacts
        segueIDs = index.segueIDs
        conditions = index.conditions
        levels = index.levels
        pages = index.pages
        let lists = entry == nil && !form.lists.isEmpty ? Self.listPlans(of: form, index: index, options: options, speed: speed) : []
        self.lists = lists
        // A list's counts are its rules (SPEC §14): valid while it is hidden.
        let countedLists = lists.filter { $0.decl.minimum > 0 || $0.decl.maxItems != nil }.map { (id: $0.id, visibleHelper: $0.helpers.visible) }
        let (groups, followsChains) = Self.visibilityGroups(
            fields: fields, lists: countedLists, conditions: index.conditions, ruleFacts: ruleFacts, symbols: form.symbols,
            isEntry: entry != nil
        )
        self.followsChains = followsChains
        visibilityGroups = groups.compactMap { $0.readers.isEmpty ? nil : ($0.readers, $0.fields) }
        // An entry's condition reading a field of the form is re-checked by the
        // form's fields that can hide that one, too (`ListEntrySpec.outerChains`).
        let outerChains = entry?.outerChains ?? [:]
        formVisibilityGroups = (entry?.formGroups ?? []) + groups.compactMap { group in
            guard !group.outer.isEmpty else { return nil }
            guard !outerChains.isEmpty else { return (group.outer, group.fields) }
            var seen = Set(group.outer)
            let chains = group.outer.flatMap { outerChains[$0] ?? [] }.filter { seen.insert($0).inserted }
            return (group.outer + chains, group.fields)
        }
        // An entry's `custom` rules are requirements of the form's validators protocol (SPEC §14).
        hasCustomRules = ruleFacts.hasCustomRules || lists.contains { $0.entry.hasCustomRules }
        runtimeTypes = Self.runtimeTypes(
            fields: fields, ruleFacts: ruleFacts, levels: index.levels, comparesFields: index.conditions.comparesFields, lists: lists
        )
        // The entries' structs are declared in the form type and their values may be
        // Foundation's: the file imports it for them too.
        foundationTypes = Array(Set(Self.foundationTypes(fields: fields) + lists.flatMap(\.entry.foundationTypes))).sorted()
        foundationInAPI = fields.contains { $0.fieldType.foundationType != nil } || lists.contains { $0.entry.foundationInAPI }
        unnamedOrdinals = FormStrings.unnamedOrdinals(of: form.document)
    }
}

extension FormTranslator {
    /// Whether `Field` has no case (a form of segues and static text, an entry of
    /// static text). A value of it cannot be made, so a function given one is
    /// never called and its body is left empty: Swift warns, in a build, that any
    /// statement of it, or of a closure given a `Field`, "will never be executed".
    var hasNoFields: Bool {
        fields.isEmpty && lists.isEmpty
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

    var validatorsProtocol: String { SwiftNaming.validatorsProtocol(ofForm: typeName) }

    /// `String`, `Bool`, `Plan`, `Plan?`; outside the form type, where its aliases
    /// of the runtime's types do not reach, `SignUpForm.Plan` and `FormRuntime.FormDate`.
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
            let name = SwiftRenderer.dateTypeName(mode)
            let base = SwiftType.named(qualified && mode != .dateTime ? "FormRuntime." + name : name)
            return optional ? .optional(base) : base
        case .multiChoice(let name):
            return .array(.named(qualified ? typeName + "." + name : name))
        }
    }

    // MARK: - The file

    /// A generous guess at the size of the generated file (2 kB per field, more
    /// than a field's Swift takes), so the output buffer is allocated once.
    var estimatedSize: Int { 16_384 + fields.count * 2_048 }

    // MARK: - Where the runs of units are

    /// The contexts of a form's translator (`depth` 0), for tests that lay out runs of their own.
    static let formMembers = SwiftRenderer.Context(indentLevel: 1, openTypes: 1)
    static let nestedMembers = SwiftRenderer.Context(indentLevel: 2, openTypes: 2)
    static let formBody = SwiftRenderer.Context(indentLevel: 2, openTypes: 1)
    static let nestedBody = SwiftRenderer.Context(indentLevel: 3, openTypes: 2)

    /// Members of the form type (of an entry class, one level deeper: `depth`).
    var formMembers: SwiftRenderer.Context { SwiftRenderer.Context(indentLevel: 1 + depth, openTypes: 1 + depth) }
    /// Members of a type nested in it (`Field`, `Values`).
    var nestedMembers: SwiftRenderer.Context { SwiftRenderer.Context(indentLevel: 2 + depth, openTypes: 2 + depth) }
    /// Statements of a method of the form type.
    var formBody: SwiftRenderer.Context { SwiftRenderer.Context(indentLevel: 2 + depth, openTypes: 1 + depth) }
    /// Statements of a method of a nested type.
    var nestedBody: SwiftRenderer.Context { SwiftRenderer.Context(indentLevel: 3 + depth, openTypes: 2 + depth) }

    /// The whole file, one member (or one line of a long body) at a time.
    func plan() -> EmitPlan {
        var plan = EmitPlan()
        plan.once { [self] out in
            // Foundation for the `Decimal` and `Date` the file writes, which FormRuntime does not re-export.
            // The form's API names FormRuntime's types, and Foundation's where a field's value is one;
            // Foundation used only inside bodies is no part of it (an unused `public import` is a warning).
            var imports = [SwiftImport(module: "FormRuntime", inAPI: true)]
            if !foundationTypes.isEmpty { imports.insert(SwiftImport(module: "Foundation", inAPI: foundationInAPI), at: 0) }
            out.fileHeader(comment: ["Generated by formc from \(form.sourcePath). Do not edit."], imports: imports, access: access)
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
        pageEnum(into: &plan)
        valuesStruct(into: &plan)
        for list in lists { list.entry.entryTypes(into: &plan) }
        fieldValues(into: &plan)
        listValues(into: &plan)
        instanceMembers(into: &plan)
        validationMembers(into: &plan)
        stateMembers(into: &plan)
        listValidators(into: &plan)
        conditionMembers(into: &plan)
        elementMembers(into: &plan)
        plan.once { $0.closeType() }
        return plan
    }
}
