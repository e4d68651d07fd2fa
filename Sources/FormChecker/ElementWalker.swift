import FormModel
import FormSource

/// The first step of declaring: each element on its own, with nothing recorded
/// that depends on the elements before it. It checks how ids are spelled and the
/// segments' options, and makes each field's symbol, its facts for conditions and
/// its rules to check, for `Checker.record` to take in document order.
struct ElementWalker {
    enum Found: Sendable {
        /// A group or page with the range of its element: a duplicate inside one
        /// that a YAML alias repeated is that group's error (`Checker.reportDuplicate`).
        case group(Located<String>, element: SourceRange)
        case page(Located<String>, element: SourceRange)
        case segue(Located<String>)
        /// A list (SPEC §14): its id, and its path in the tree. Its entries'
        /// fields are checked on their own, once the form's are declared.
        case list(Located<String>, path: ElementPath, canBeHidden: Bool)
        /// A field: its index in `symbols`, `facts` and `rules`, and for a segment
        /// field (whose enum name is declared with it) its index in `enumNames`.
        case field(Int, segment: Int?)
    }

    let defaultTrigger: ValidationTrigger
    /// The shared option sets that lost an option the decoder could not read
    /// (reported): a default of a field of one of them may be that option.
    let incompleteSets: Set<String>
    var diagnostics: DiagnosticBag
    var segmentChecker = SegmentChecker()
    /// What the walk found, in document order, and the `IDIndex.hash` of each
    /// one's id (same index), worked out here, on either core, not in the
    /// in-order step.
    var found: [Found] = []
    var hashes: [UInt32] = []
    /// Each field's symbol (optional, so that the table can take it without a copy),
    /// its facts for conditions, and its rules to check, in document order.
    var symbols: [FieldSymbol?] = []
    var facts: [ConditionConstancy.FieldFacts] = []
    var rules: [RuleChecker.Field] = []
    /// The segment fields' enum names to declare in document order, or nil for a
    /// name already reported (`SegmentChecker.checkEnumName`).
    var enumNames: [SegmentChecker.EnumName?] = []
    /// Each did-you-mean id an FC201 gives (`IDSpellingHelp`), with the index of
    /// its diagnostic in `diagnostics`: once every id is declared, the checker
    /// replaces one that is taken (`Checker.replaceTakenSuggestions`).
    var suggestedIDs: [(diagnostic: Int, id: String)] = []

    init(defaultTrigger: ValidationTrigger, incompleteSets: Set<String>, diagnostics: DiagnosticBag) {
        self.defaultTrigger = defaultTrigger
        self.incompleteSets = incompleteSets
        self.diagnostics = diagnostics
    }

    /// A copy of this walker after walking `elements[range]`, the form's own
    /// elements, which hold `elementCount` elements at every depth.
    func walking(_ elements: [Element], range: Range<Int>, elementCount: Int) -> ElementWalker {
        var walker = self
        walker.found.reserveCapacity(elementCount)
        walker.hashes.reserveCapacity(elementCount)
        walker.symbols.reserveCapacity(elementCount)
        walker.facts.reserveCapacity(elementCount)
        walker.rules.reserveCapacity(elementCount)
        var path: ElementPath = []
        walker.walk(elements, range: range, path: &path, groups: [], hidden: false)
        return walker
    }

    /// `path` is the path of `elements`' parent, extended in place for each child
    /// rather than copied; `hidden` is whether a group around `elements` has a
    /// `visibleWhen`.
    mutating func walk(_ elements: [Element], range: Range<Int>, path: inout ElementPath, groups: [ElementPath], hidden: Bool) {
        for index in range {
            path.append(index)
            defer { path.removeLast() }
            let canBeHidden = hidden || elements[index].visibleWhen != nil
            // One copy of the kind, lent to every check of the element.
            let kind = elements[index].kind
            switch kind {
            case .group(let group):
                if group.isPage && path.count > 1 {
                    // Pages stand only at the top level (SPEC §15.1).
                    diagnostics.error(
                        .unknownElementKind, "a page cannot stand inside a group or another page",
                        at: elements[index].kindKeyRange,
                        help: ["pages stand only at the top level of the form; use 'group' for a section inside a page"]
                    )
                }
                if let id = group.id {
                    checkSpelling(id, what: group.isPage ? "page id" : "group id", isField: false)
                    // Where the group was written (an alias's copy keeps its anchor's
                    // positions, and its own range is the alias's `*name`): from its
                    // first key or element to its last.
                    var range = SourceRange(start: min(elements[index].kindKeyRange.start, id.range.start), end: id.range.end)
                    if let first = group.elements.first, let last = group.elements.last {
                        range = SourceRange(start: min(range.start, first.range.start), end: max(range.end, last.range.end))
                    }
                    found.append(group.isPage ? .page(id, element: range) : .group(id, element: range))
                    hashes.append(IDIndex.hash(id.value))
                }
                walk(group.elements, range: group.elements.indices, path: &path, groups: groups + [path], hidden: canBeHidden)
            case .segue(let segue):
                checkSpelling(segue.id, what: "action id", isField: false)
                found.append(.segue(segue.id))
                hashes.append(IDIndex.hash(segue.id.value))
            case .boolean(let field):
                walkField(field.common, kind: kind, valueType: .bool, path: path, groups: groups, canBeHidden: canBeHidden)
            case .segment(let segment):
                let enumName = segment.swiftEnumName
                // A shared set's enum is declared once, with the set (`OptionSetChecker`).
                enumNames.append(
                    segment.optionSet == nil ? SegmentChecker.checkEnumName(segment, name: enumName, diagnostics: &diagnostics) : nil
                )
                walkField(
                    segment.common, kind: kind, valueType: .segment(enumName: enumName, optional: segment.isOptional),
                    path: path, groups: groups, canBeHidden: canBeHidden, segment: enumNames.count - 1,
                    enumNamedByID: segment.enumName == nil && segment.optionSet == nil
                )
                if segment.optionSet == nil {
                    segmentChecker.checkOptions(segment, diagnostics: &diagnostics)
                } else {
                    OptionSetChecker.checkDefaults(
                        segment.defaultValue.map { [$0] } ?? [], options: segment.options, owner: ElementKind.named(segment.variant.rawValue, id: segment.id.value),
                        isWhole: !incompleteSets.contains(segment.optionSet?.value ?? ""), diagnostics: &diagnostics
                    )
                }
            case .text(let field):
                walkField(field.common, kind: kind, valueType: .string, path: path, groups: groups, canBeHidden: canBeHidden)
            case .number(let field):
                walkField(
                    field.common, kind: kind, valueType: .number(decimal: field.places > 0, optional: field.isOptional),
                    path: path, groups: groups, canBeHidden: canBeHidden
                )
                FieldKindChecker.check(field, diagnostics: &diagnostics)
            case .date(let field):
                walkField(
                    field.common, kind: kind, valueType: .date(field.dateMode, optional: field.isOptional),
                    path: path, groups: groups, canBeHidden: canBeHidden
                )
            case .multiChoice(let field):
                let enumName = field.swiftEnumName
                enumNames.append(field.optionSet == nil ? SegmentChecker.checkEnumName(
                    field.id, kind: "multiChoice", name: enumName, explicit: field.enumName, diagnostics: &diagnostics
                ) : nil)
                walkField(
                    field.common, kind: kind, valueType: .multiChoice(enumName: enumName),
                    path: path, groups: groups, canBeHidden: canBeHidden, segment: enumNames.count - 1,
                    enumNamedByID: field.enumName == nil && field.optionSet == nil
                )
                segmentChecker.checkOptions(field, incompleteSets: incompleteSets, diagnostics: &diagnostics)
            case .list(let list):
                let entryType: ((String) -> String)? = list.itemType == nil ? { ListDecl.defaultItemType(for: $0) } : nil
                checkSpelling(list.id, what: "list id", isField: true, typeName: entryType)
                found.append(.list(list.id, path: path, canBeHidden: canBeHidden))
                hashes.append(IDIndex.hash(list.id.value))
            case .spacer, .staticText:
                break
            }
        }
    }

    /// A field of type `valueType`: its symbol, its facts and its rules, found.
    /// `enumNamedByID`: a choice field whose enum is named after its id (no
    /// `enumName`, no shared set).
    mutating func walkField(
        _ common: FieldCommon, kind: ElementKind, valueType: FieldValueType, path: ElementPath, groups: [ElementPath],
        canBeHidden: Bool, segment: Int? = nil, enumNamedByID: Bool = false
    ) {
        let enumType: ((String) -> String)? = enumNamedByID ? { SwiftNaming.upperCamelCase($0) } : nil
        checkSpelling(common.id, what: "field id", isField: true, typeName: enumType)
        let symbol = FieldSymbol(
            id: common.id.value, range: common.id.range, valueType: valueType,
            path: path, enclosingGroups: groups,
            trigger: common.validateOn?.value ?? defaultTrigger
        )
        found.append(.field(symbols.count, segment: segment))
        hashes.append(IDIndex.hash(common.id.value))
        symbols.append(symbol)
        facts.append(ConditionScope.facts(of: kind, valueType: valueType, canBeHidden: canBeHidden, incompleteSets: incompleteSets))
        var field = RuleChecker.Field(id: common.id.value, valueType: valueType, rules: common.rules, kind: kind)
        field.unreadRules = common.unreadRules
        rules.append(field)
    }

    /// FC201 for a malformed or reserved id. `isField`: the members of every
    /// generated form are reserved for fields only.
    /// `typeName`: the type an id of this element names after itself, nil when none
    /// (see `IDSpellingHelp`).
    mutating func checkSpelling(_ id: Located<String>, what: String, isField: Bool, typeName: ((String) -> String)? = nil) {
        guard !id.isUnreadID else { return }
        if !SwiftNaming.isLowerCamelCase(id.value) {
            let suggestion = IDSpellingHelp.suggestion(for: id.value, isField: isField, typeName: typeName)
            if let didYouMean = suggestion.didYouMean {
                suggestedIDs.append((diagnostics.diagnostics.count, didYouMean))
            }
            diagnostics.error(
                .invalidFieldID, "'\(id.value)' is not a valid \(what)", at: id.range,
                help: ["an id is lowerCamelCase ([a-z][A-Za-z0-9]*)"] + suggestion.help
            )
            return
        }
        switch ReservedIDs.reason(for: id.value) {
        case .keyword?:
            diagnostics.error(
                .invalidFieldID, "'\(id.value)' is a Swift keyword and cannot be \(what.first.map { "aeiou".contains($0) } == true ? "an" : "a") \(what)", at: id.range,
                help: ["choose another name, e.g. '\(id.value)Value'"]
            )
        case .conditionWord?:
            diagnostics.error(
                .invalidFieldID, "'\(id.value)' is a word of the condition language and cannot be an id", at: id.range,
                help: ["choose another name, e.g. '\(id.value)Option'"]
            )
        case .member? where isField:
            diagnostics.error(
                .invalidFieldID, "'\(id.value)' is a member of every generated form and cannot be a field id",
                at: id.range, help: ["choose another name, e.g. '\(id.value)Field'"]
            )
        case .member?, nil:
            break
        }
    }
}
