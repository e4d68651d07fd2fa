import FormModel
import FormSource

/// The checks of the form's lists (SPEC §14), once the form's own fields are
/// declared and its conditions checked.
///
/// An entry is checked as a form of its own: its elements, followed by a copy of
/// each field of the form outside the list that the entry names and no entry field
/// hides (without rules, and with a condition that can hide it when the original
/// can be hidden; every field of the form when the entry names something else),
/// so that a name in an entry's condition or `sameAs` resolves first in the entry,
/// then in the form outside the list, with every check the form's fields have.
/// Only the diagnostics inside the list are kept: the copies are the form's
/// fields, checked already. Names of other lists' entries are FC501.
enum ListChecker {
    /// A list the form checker found, in document order.
    struct Found: Sendable {
        var id: Located<String>
        var path: ElementPath
        /// It or a group around it has a `visibleWhen`.
        var canBeHidden: Bool
    }

    /// Records the ids of every list's entry fields in `symbols.entryFieldLists`,
    /// for the messages of names that reach into a list.
    /// An id in the entries of several lists is recorded with the first: the
    /// lists are walked last to first, each writing over those after it.
    static func declareEntryFields(of lists: [Found], in document: FormDocument, symbols: inout SymbolTable) {
        let entries = lists.reversed().map { (elements: document.list(at: $0.path).elements, list: $0.id.value) }
        var owners: [String: String] = [:]
        owners.reserveCapacity(entries.reduce(0) { $0 + $1.elements.count })
        func walk(_ elements: [Element], _ list: String) {
            // Read in place: a copy of each element would retain all it holds.
            elements.withUnsafeBufferPointer { elements in
                for index in elements.indices {
                    if let id = elements[index].id { owners[id.value] = list }
                    if case .group(let group) = elements[index].kind { walk(group.elements, list) }
                }
            }
        }
        for entry in entries {
            walk(entry.elements, entry.list)
        }
        // The form's own lists find the table empty, and it takes the owners whole.
        if symbols.entryFieldLists.isEmpty {
            symbols.entryFieldLists = owners
        } else {
            symbols.entryFieldLists.merge(owners) { earlier, _ in earlier }
        }
    }

    /// Checks every list, stores each entry's checked elements (typed conditions)
    /// back into `document`, and returns what the emitter needs of each.
    ///
    /// Three steps: in document order, each list's item type is declared (the
    /// lists before take theirs first); each list is checked on its own, its keys
    /// and its entry (`check(_:in:…)`), on every core when the entries hold enough
    /// elements (`SpeedPaths.listEntriesAtOnceMinimumElements`); then, in document
    /// order again, the results are merged, so that either way gives the same.
    static func check(
        _ lists: [Found], in document: inout FormDocument, symbols: SymbolTable,
        facts: [ConditionConstancy.FieldFacts], nonFields: [String: ConditionScope.NonField], file: SourceFile,
        speed: SpeedPolicy, firstChecked: Int = 0, diagnostics: inout DiagnosticBag
    ) -> [CheckedList] {
        var takenTypes = TakenTypeNames(document: document, symbols: symbols)
        // The names an entry's option enum may not take: it is declared in its entry
        // struct and aliased in its entry class, where it would hide them. Each with
        // where it comes from, for the note of a collision.
        let formName = document.name
        var outerTypes: [String: (source: OuterType, range: SourceRange)] = [
            formName.value: (.form, formName.range),
            SwiftNaming.validatorsProtocol(ofForm: formName.value): (.validators, formName.range),
        ]
        var itemTypeDiagnostics: [DiagnosticBag] = []
        var entryElements = 0
        var itemTypes: [String: String] = [:]
        // What a suggested itemType (`DateItem` for `dates`) must keep clear of besides
        // `takenTypes`, which holds only the lists before: every list's entry type and
        // entry class, and every entry's option enums, which an entry type may not take.
        // Gathered only for a collision's help.
        lazy var listTypeNames: Set<String> = {
            var names = Set<String>()
            for found in lists {
                let list = document.list(at: found.path)
                names.insert(list.swiftItemType)
                names.insert(list.swiftItemType + "Entry")
                Self.insertEnumNames(of: list.elements, into: &names)
            }
            return names
        }()
        for found in lists {
            let list = document.list(at: found.path)
            let itemType = list.swiftItemType
            let itemTypeRange = list.itemType?.range ?? list.id.range
            outerTypes[itemType] = outerTypes[itemType] ?? (.entryType(list: list.id.value), itemTypeRange)
            outerTypes[itemType + "Entry"] = outerTypes[itemType + "Entry"] ?? (.entryClass(list: list.id.value), itemTypeRange)
            var bag = DiagnosticBag(file: diagnostics.file)
            // A second list of one id is FC202 already: its entry type, when it is
            // the first's again, is no second error.
            if itemTypes[found.id.value] != itemType {
                checkItemType(list, named: itemType, taken: &takenTypes, listTypeNames: { listTypeNames }, diagnostics: &bag) {
                    TakenTypeNames.noteRange($0, in: document, symbols: symbols)
                }
            }
            if itemTypes[found.id.value] == nil { itemTypes[found.id.value] = itemType }
            itemTypeDiagnostics.append(bag)
            entryElements += list.elements.count
        }
        let atOnce = speed.takes(.listEntriesAtOnce) && lists.count > 1
            && entryElements >= SpeedPaths.listEntriesAtOnceMinimumElements && SpeedPaths.hasSecondCore
        let results: [EntryResult]
        do {
            let (form, path) = (document, diagnostics.file)
            let check: @Sendable (Int) -> EntryResult = { index in
                Self.check(
                    lists[index], in: form, symbols: symbols, facts: facts, nonFields: nonFields, file: file, diagnosticsFile: path
                )
            }
            if atOnce {
                SpeedPaths.note(.listEntriesAtOnce)
                results = Concurrently.map(lists.count, check)
            } else {
                results = lists.indices.map(check)
            }
        }
        // The enums of the form's own fields: an itemType taking one of their names
        // is `checkItemType`'s error.
        let formEnums = Set(symbols.fields.compactMap { field -> String? in
            switch field.valueType {
            case .segment(let name, _), .multiChoice(let name): name
            default: nil
            }
        })
        // The diagnostics, by index, that a YAML alias reached: each names every place that uses it.
        var reachedThroughAliases = noteFormUses(ofEntriesOf: lists, in: document, from: firstChecked, diagnostics: &diagnostics)
        // A shared set whose name an entry type took is reported once, at its first field.
        var reportedSets = Set<String>()
        var checked: [CheckedList] = []
        checked.reserveCapacity(lists.count)
        for index in lists.indices {
            let (found, result) = (lists[index], results[index])
            diagnostics.append(contentsOf: itemTypeDiagnostics[index].diagnostics)
            diagnostics.append(contentsOf: result.diagnostics)
            // An aliased part's problem reported already is reported once: where it does
            // not depend on the scope (a rule given twice), as it was written; where
            // another use through an alias found it too (a name that neither the form
            // nor this entry can see), with every use.
            for diagnostic in result.aliased {
                if let same = diagnostics.diagnostics.firstIndex(where: {
                    $0.code == diagnostic.code && $0.location == diagnostic.location && $0.message == diagnostic.message
                }) {
                    guard reachedThroughAliases.contains(same) else { continue }
                    diagnostics.modify(at: same) { existing in existing.notes += diagnostic.notes.filter { !existing.notes.contains($0) } }
                } else {
                    reachedThroughAliases.insert(diagnostics.diagnostics.count)
                    diagnostics.append(diagnostic)
                }
            }
            var list = document.list(at: found.path)
            list.elements = result.elements
            document.setList(list, at: found.path)
            var symbols = result.symbols
            for field in symbols.fields.prefix(result.entryFieldCount) {
                switch field.valueType {
                case .segment(let name, _), .multiChoice(let name):
                    // A keyword (`Type`) is the entry's own FC204 already.
                    guard let outer = outerTypes[name], !SwiftNaming.keywords.contains(name) else { continue }
                    if let set = document.optionSets.first(where: { $0.name.value == name }),
                       Self.usesOptionSet(at: field.path, in: list.elements) {
                        // The form's enum of a shared set, no enum of the entry's: an itemType
                        // took the set's name, which `checkItemType` reports when a field of
                        // the form uses the set too.
                        guard !formEnums.contains(name), reportedSets.insert(name).inserted else { continue }
                        diagnostics.error(
                            .nameCollision, "option set '\(name)', which '\(field.id)' in list '\(list.id.value)' uses, collides with an entry type",
                            at: field.range, notes: [diagnostics.note("option set '\(name)' declared here", at: set.name.range)],
                            help: ["give the list whose entry type is '\(name)' another 'itemType', or rename the set"]
                        )
                        continue
                    }
                    // At the `enumName` that chose the name, when one did.
                    diagnostics.error(
                        .nameCollision, "the enum '\(name)' of '\(field.id)' in list '\(list.id.value)' collides with a type of the form",
                        at: Self.enumName(at: field.path, in: list.elements)?.range ?? field.range,
                        notes: [diagnostics.note(outer.source.note(naming: name), at: outer.range)],
                        help: ["give '\(field.id)' another 'enumName', or the list another 'itemType'"]
                    )
                default:
                    continue
                }
            }
            symbols.entryFieldLists = [:]
            symbols.outerDeclarations = [:]
            symbols.hiddenOuterField = nil
            checked.append(CheckedList(path: found.path, symbols: symbols, entryFieldCount: result.entryFieldCount))
        }
        return checked
    }

    /// Where a type of the form that an entry's enum may not take comes from.
    enum OuterType {
        case form, validators
        case entryType(list: String)
        case entryClass(list: String)

        /// The note at its source for a collision with `name`, the type's name.
        func note(naming name: String) -> String {
            switch self {
            case .form: "the form '\(name)' is declared here"
            case .validators: "the form's custom validators are the protocol '\(name)', named after the form"
            case .entryType(let list): "list '\(list)' makes the entry type '\(name)'"
            case .entryClass(let list): "list '\(list)' makes the entry class '\(name)'"
            }
        }
    }

    /// The names of the option enums that `elements` (an entry's, through its groups) declare.
    private static func insertEnumNames(of elements: [Element], into names: inout Set<String>) {
        for element in elements {
            switch element.kind {
            case .group(let group): insertEnumNames(of: group.elements, into: &names)
            case .segment(let segment): names.insert(segment.swiftEnumName)
            case .multiChoice(let choice): names.insert(choice.swiftEnumName)
            default: continue
            }
        }
    }

    /// Whether the field at `path` in an entry's `elements` chooses from a shared
    /// option set (`options: Country`).
    private static func usesOptionSet(at path: ElementPath, in elements: [Element]) -> Bool {
        choice(at: path, in: elements) { segment in segment.optionSet != nil } multiChoice: { choice in choice.optionSet != nil } ?? false
    }

    /// The `enumName` of the choice at `path` in an entry's `elements`, if it has one.
    private static func enumName(at path: ElementPath, in elements: [Element]) -> Located<String>? {
        choice(at: path, in: elements) { segment in segment.enumName } multiChoice: { choice in choice.enumName } ?? nil
    }

    /// What `segment` or `multiChoice` reads of the choice at `path` in an entry's
    /// `elements`; nil when no choice is there.
    private static func choice<Result>(
        at path: ElementPath, in elements: [Element], segment: (SegmentFieldDecl) -> Result, multiChoice: (MultiChoiceFieldDecl) -> Result
    ) -> Result? {
        var elements = elements
        for (depth, index) in path.enumerated() where elements.indices.contains(index) {
            switch elements[index].kind {
            case .group(let group) where depth < path.count - 1: elements = group.elements
            case .segment(let decl) where depth == path.count - 1: return segment(decl)
            case .multiChoice(let decl) where depth == path.count - 1: return multiChoice(decl)
            default: return nil
            }
        }
        return nil
    }

    /// What checking one list found.
    struct EntryResult: Sendable {
        /// The diagnostics of the list's keys and of its entry.
        var diagnostics: [Diagnostic]
        /// The diagnostics of the entry at what a YAML alias brought in from outside
        /// the list, each with a note where the entry uses it.
        var aliased: [Diagnostic]
        /// The entry's checked elements.
        var elements: [Element]
        var symbols: SymbolTable
        var entryFieldCount: Int
    }

    /// Checks the list `found` but its item type: its counts, its entry ids that
    /// are members of every entry, and its entry as a form of its own (its
    /// elements, followed by copies of the form's fields it can name), keeping
    /// the diagnostics inside the list.
    private static func check(
        _ found: Found, in document: FormDocument, symbols: SymbolTable,
        facts: [ConditionConstancy.FieldFacts], nonFields: [String: ConditionScope.NonField], file: SourceFile,
        diagnosticsFile: String
    ) -> EntryResult {
        let list = document.list(at: found.path)
        var diagnostics = DiagnosticBag(file: diagnosticsFile)
        checkCounts(list, diagnostics: &diagnostics)

        // The entry's ids, and the form's fields outside the list it can name.
        let entryIDs = entryIDs(list.elements)
        var own = Set<String>(minimumCapacity: entryIDs.count)
        for id in entryIDs { own.insert(id.value) }
        for id in entryIDs where SwiftNaming.reservedEntryMembers.contains(id.value) {
            diagnostics.error(
                .invalidFieldID, "'\(id.value)' is a member of every list entry and cannot be an entry's field id", at: id.range,
                help: ["choose another name, e.g. '\(id.value)Field'"]
            )
        }
        var elements = list.elements
        let namedSets = Self.optionSetsNamed(in: list.elements)
        let named = outsideFields(named: list.elements, own: own, symbols: symbols)
        let outside = named ?? symbols.fields.indices.filter { !own.contains(symbols.fields[$0].id) }
        for index in outside {
            let field = symbols.fields[index]
            elements.append(stub(
                of: document.element(at: field.path), canBeHidden: facts[index].canBeHidden, form: document.name.value, sets: namedSets
            ))
        }
        let range = document.element(at: found.path).range
        var entryDocument = FormDocument(
            version: document.version, name: Located("", at: .fileStart), validateOn: document.validateOn,
            elements: elements, range: range
        )
        // The form's shared option sets and rule conditions reach into its entries
        // (SPEC §16): the sets the entry's fields name, so that an enum of the
        // entry's own (nested in its struct) takes any other set's name.
        entryDocument.optionSets = document.optionSets.filter { namedSets.contains($0.name.value) }
        entryDocument.hasRuleConditions = document.hasRuleConditions
        entryDocument.unreadNames = document.unreadNames
        // The form's ids that are no field, named by the entry's `sameAs`, bounds and
        // conditions (the list's own id among them): only where some name is neither
        // the entry's nor a field (`named` is nil).
        var outerDeclarations: [String: SourceRange] = [:]
        var outerNonFields: [String: ConditionScope.NonField] = [:]
        if named == nil {
            func note(_ id: String) {
                guard !own.contains(id), symbols.fieldIndex(id) == nil, let declared = symbols.declaration(of: id) else { return }
                outerDeclarations[id] = declared
                if let kind = nonFields[id] { outerNonFields[id] = kind }
            }
            FieldRead.forEach(in: list.elements) { read in
                switch read {
                case .field(let id): note(id)
                case .condition(let condition):
                    switch ConditionParser.parse(condition.source.value) {
                    case .success(let syntax):
                        syntax.fieldReferences.forEach { note($0.id) }
                    case .failure(let problem):
                        // The name a syntax error's help depends on (`employers.count`).
                        switch problem.namesForHelp {
                        case .memberCall(_, let name)?, .hasValueCall(_, let name)?: note(name)
                        case .optionInField(let question)?, .optionAfterIn(let question)?: note(question.field)
                        case nil: break
                        }
                    }
                }
                return true
            }
        }
        var entryDiagnostics = DiagnosticBag(file: diagnosticsFile)
        let entry = FormChecker.check(
            entryDocument, file: file, speed: .plain, entryFieldLists: symbols.entryFieldLists,
            outerDeclarations: outerDeclarations, outerNonFields: outerNonFields,
            entryScope: FormChecker.EntryScope(
                reserved: SwiftNaming.reservedEntryMembers, own: own,
                hidden: { [symbols, own, facts] id in
                    guard own.contains(id), let index = symbols.fieldIndex(id) else { return nil }
                    return (symbols.fields[index], facts[index].options)
                }
            ),
            diagnostics: &entryDiagnostics
        )
        // What lies outside the list is the copies' (the form's fields, checked
        // already), except what a YAML alias brought into the entry from elsewhere:
        // checked in the list's scope, it is the entry's, told where the entry uses it.
        var aliasedParts: [(part: SourceRange, use: SourceRange)]?
        var aliased: [Diagnostic] = []
        for diagnostic in entryDiagnostics.diagnostics {
            guard !range.contains(diagnostic.location.range) else {
                diagnostics.append(diagnostic)
                continue
            }
            if aliasedParts == nil { aliasedParts = Self.aliasedParts(of: list.elements, outside: range, in: document.elements) }
            guard let use = aliasedParts?.first(where: { $0.part.contains(diagnostic.location.range) })?.use else { continue }
            var diagnostic = diagnostic
            diagnostic.notes.append(diagnostics.note("checked in list '\(list.id.value)', whose entry repeats it through a YAML alias", at: use))
            aliased.append(diagnostic)
        }
        return EntryResult(
            diagnostics: diagnostics.diagnostics, aliased: aliased,
            elements: Array(entry.document.elements[..<list.elements.count]),
            symbols: entry.symbols,
            entryFieldCount: entry.symbols.fields.prefix { own.contains($0.id) }.count
        )
    }

    /// Notes, on each diagnostic of the form's own checks (from index `first` on:
    /// not what decoding found, which does not depend on the scope) that lies in a
    /// list's entry, each field outside the lists that a YAML alias made repeat that
    /// part (`rules: *r`, anchored in the entry): it was checked in the form's scope,
    /// for those fields, and the entry itself may be right.
    /// Returns the indices of the diagnostics it noted.
    static func noteFormUses(
        ofEntriesOf lists: [Found], in document: FormDocument, from first: Int, diagnostics: inout DiagnosticBag
    ) -> Set<Int> {
        let entries = lists.map { document.element(at: $0.path).range }
        var noted = Set<Int>()
        let checked = first..<diagnostics.diagnostics.count
        guard checked.contains(where: { index in entries.contains { $0.contains(diagnostics.diagnostics[index].location.range) } }) else {
            return noted
        }
        // The rules and conditions of the fields outside the lists, each with the
        // field it belongs to, where they were not written in that field itself.
        var parts: [(part: SourceRange, user: Element)] = []
        func walk(_ elements: [Element]) {
            for element in elements {
                switch element.kind {
                case .list: continue
                case .group(let group): walk(group.elements)
                default: break
                }
                var written = [element.visibleWhen, element.enabledWhen].compactMap { $0?.source.range }
                for rule in element.rules {
                    written.append(rule.range)
                    if let when = rule.when { written.append(when.source.range) }
                }
                written += element.unreadRuleConditions.map(\.source.range)
                for part in written where !element.range.contains(part) { parts.append((part, element)) }
            }
        }
        walk(document.elements)
        for index in checked {
            let range = diagnostics.diagnostics[index].location.range
            guard entries.contains(where: { $0.contains(range) }) else { continue }
            for (part, user) in parts where part.contains(range) {
                let name = user.id.map { "field '\($0.value)'" } ?? "\(user.kind.keyword) element"
                // A whole element repeated (`- *street`) keeps the anchor's kind key: the
                // use is the alias, which the copy's own range is.
                let use = user.range.contains(user.kindKeyRange) ? user.kindKeyRange : user.range
                let note = diagnostics.note("checked for the form's \(name), which repeats it through a YAML alias", at: use)
                diagnostics.modify(at: index) { if !$0.notes.contains(note) { $0.notes.append(note) } }
                noted.insert(index)
            }
        }
        return noted
    }

    /// The parts of an entry's `elements` that were written outside the list's
    /// `range`, which a YAML alias brought in, each with where the entry uses it
    /// (the field or element in the list that holds the alias): a whole element
    /// repeated (`- *note`) is the anchored element's whole mapping, found among
    /// `all`, the form's elements; a part repeated (`rules: *dates`) its id, kind
    /// key, conditions and rules.
    static func aliasedParts(
        of elements: [Element], outside range: SourceRange, in all: [Element]
    ) -> [(part: SourceRange, use: SourceRange)] {
        var parts: [(part: SourceRange, use: SourceRange)] = []
        func walk(_ elements: [Element], use enclosing: SourceRange) {
            for element in elements {
                let use = range.contains(element.kindKeyRange) ? element.kindKeyRange
                    : range.contains(element.range) ? element.range : enclosing
                var written = [element.kindKeyRange]
                if !range.contains(element.kindKeyRange), let anchored = anchoredRange(of: element.kindKeyRange, in: all) {
                    written.append(anchored)
                }
                if let id = element.id { written.append(id.range) }
                for condition in [element.visibleWhen, element.enabledWhen].compactMap({ $0 }) { written.append(condition.source.range) }
                for rule in element.rules {
                    written.append(rule.range)
                    if let when = rule.when { written.append(when.source.range) }
                }
                written += element.unreadRuleConditions.map(\.source.range)
                for part in written where !range.contains(part) { parts.append((part, use)) }
                if case .group(let group) = element.kind { walk(group.elements, use: use) }
            }
        }
        walk(elements, use: range)
        return parts
    }

    /// The whole mapping of the element written with the kind key at `kindKey`:
    /// the one among `elements` (at any depth) whose own range holds it, not a
    /// copy an alias made (whose range is the alias's).
    private static func anchoredRange(of kindKey: SourceRange, in elements: [Element]) -> SourceRange? {
        for element in elements {
            if element.kindKeyRange == kindKey, element.range.contains(kindKey) { return element.range }
            let inner: [Element] = switch element.kind {
            case .group(let group): group.elements
            case .list(let list): list.elements
            default: []
            }
            if let found = anchoredRange(of: kindKey, in: inner) { return found }
        }
        return nil
    }

    /// The shared option sets that fields of `elements` name, at every depth.
    static func optionSetsNamed(in elements: [Element]) -> Set<String> {
        var names = Set<String>()
        func walk(_ elements: [Element]) {
            for element in elements {
                switch element.kind {
                case .segment(let field): if let set = field.optionSet { names.insert(set.value) }
                case .multiChoice(let field): if let set = field.optionSet { names.insert(set.value) }
                case .group(let group): walk(group.elements)
                default: break
                }
            }
        }
        walk(elements)
        return names
    }

    /// The ids declared in an entry's elements, at every depth.
    static func entryIDs(_ elements: [Element]) -> [Located<String>] {
        var ids: [Located<String>] = []
        ids.reserveCapacity(elements.count)
        func walk(_ elements: [Element]) {
            // Read in place: a copy of each element would retain all it holds.
            elements.withUnsafeBufferPointer { elements in
                for index in elements.indices {
                    if let id = elements[index].id { ids.append(id) }
                    if case .group(let group) = elements[index].kind { walk(group.elements) }
                }
            }
        }
        walk(elements)
        return ids
    }

    /// The form's fields outside the list that an entry reads (`FieldRead`: its
    /// conditions, `sameAs` and bounds), as indices into `symbols.fields` in document order; nil when a
    /// condition does not parse or a name is neither the entry's nor a form field's,
    /// so that the entry is checked against every field of the form and its message
    /// can suggest the nearest one.
    static func outsideFields(named elements: [Element], own: Set<String>, symbols: SymbolTable) -> [Int]? {
        var indices = Set<Int>()
        func use(_ id: String) -> Bool {
            if own.contains(id) { return true }
            guard let index = symbols.fieldIndex(id) else { return false }
            indices.insert(index)
            return true
        }
        let resolved = FieldRead.forEach(in: elements) { read in
            switch read {
            case .field(let id):
                return use(id)
            case .condition(let condition):
                guard case .success(let syntax) = ConditionParser.parse(condition.source.value) else { return false }
                return syntax.fieldReferences.allSatisfy { use($0.id) }
            }
        }
        return resolved ? indices.sorted() : nil
    }

    /// A field of the form as an entry sees it: no rules (they are the form's, and
    /// checked), no `enabledWhen`, and a `visibleWhen` only to say it can be hidden.
    /// A single choice whose enum is not one of `sets`, the shared sets the entry's
    /// fields name, has its enum as the entry spells it, `JobForm.Kind`: an entry's
    /// field whose own enum has the same name has another type (it is nested in the
    /// entry), so the two do not compare (FC502), where two fields of one shared set do.
    private static func stub(of element: Element, canBeHidden: Bool, form: String, sets: Set<String>) -> Element {
        var element = element
        element.enabledWhen = nil
        element.visibleWhen = canBeHidden
            ? Condition(source: Located("true", at: element.kindKeyRange), style: .plain)
            : nil
        switch element.kind {
        case .boolean(var field): field.common.removeRules(); element.kind = .boolean(field)
        case .segment(var field):
            field.common.removeRules()
            if !(field.optionSet.map { sets.contains($0.value) } ?? false) {
                field.enumName = Located(form + "." + field.swiftEnumName, at: field.enumName?.range ?? element.kindKeyRange)
            }
            element.kind = .segment(field)
        case .text(var field): field.common.removeRules(); element.kind = .text(field)
        case .number(var field): field.common.removeRules(); element.kind = .number(field)
        case .date(var field): field.common.removeRules(); element.kind = .date(field)
        case .multiChoice(var field): field.common.removeRules(); element.kind = .multiChoice(field)
        case .group, .spacer, .staticText, .segue, .list: break
        }
        return element
    }

    /// The most entries a new form may start with, through `minItems` or
    /// `initialItems`: each is an object holding a `FormValue` per field, made when
    /// the form is (`initialItems: 2147483647` would exhaust the app's memory).
    static let maxStartingEntries = 1_000

    /// FC302 for a list that can hold no entry, or that starts with more than
    /// `maxStartingEntries`; FC403 for counts that contradict each other
    /// (`minItems` above `maxItems`, `initialItems` outside them). A count that is
    /// FC302 takes part in no contradiction, as a negative one does not.
    static func checkCounts(_ list: ListDecl, diagnostics: inout DiagnosticBag) {
        let id = list.id.value
        var list = list
        for (key, count) in [("minItems", list.minItems), ("initialItems", list.initialItems)] {
            guard let count, count.value > maxStartingEntries else { continue }
            diagnostics.error(
                .invalidNumber, "\(key) of \(ElementKind.named("list", id: id)) must be at most \(maxStartingEntries), found \(count.value)", at: count.range,
                help: ["a new form makes every entry it starts with, each with a value per field; start with fewer, and let the person add more"]
            )
            if key == "minItems" { list.minItems = nil } else { list.initialItems = nil }
        }
        if let maximum = list.maxItems, maximum.value == 0 {
            diagnostics.error(
                .invalidNumber, "maxItems of \(ElementKind.named("list", id: id)) must be at least 1", at: maximum.range,
                help: ["a list with \(diagnostics.format.entry("maxItems", "0", quoted: false)) can hold no entry; remove the list, or allow at least one entry"]
            )
            list.maxItems = nil
        }
        // Each contradiction is at the later of its two keys' values, with a note at the other.
        func contradiction(_ first: (key: String, count: Located<Int>), _ second: (key: String, count: Located<Int>), _ message: String, help: DiagnosticHelp) {
            let (later, earlier) = first.count.range.start > second.count.range.start ? (first, second) : (second, first)
            diagnostics.error(
                .contradictoryRules, message, at: later.count.range,
                notes: [diagnostics.note("\(earlier.key) given here", at: earlier.count.range)], help: [help]
            )
        }
        if let minimum = list.minItems, let maximum = list.maxItems, minimum.value > maximum.value {
            contradiction(
                ("minItems", minimum), ("maxItems", maximum),
                "minItems (\(minimum.value)) of \(ElementKind.named("list", id: id)) is greater than maxItems (\(maximum.value))",
                help: "make minItems at most maxItems"
            )
        }
        if let initial = list.initialItems {
            if initial.value < list.minimum, let minimum = list.minItems {
                contradiction(
                    ("initialItems", initial), ("minItems", minimum),
                    "initialItems (\(initial.value)) of \(ElementKind.named("list", id: id)) is less than minItems (\(minimum.value))",
                    help: "a new form starts with at least minItems entries: make initialItems at least \(minimum.value), or leave it out"
                )
            }
            if let maximum = list.maxItems, initial.value > maximum.value {
                contradiction(
                    ("initialItems", initial), ("maxItems", maximum),
                    "initialItems (\(initial.value)) of \(ElementKind.named("list", id: id)) is greater than maxItems (\(maximum.value))",
                    help: "make initialItems at most \(maximum.value)"
                )
            }
        }
    }

    /// FC200 for an `itemType` that is no Swift type name; FC204 for an entry type
    /// (`Employer`, or its entry class `EmployerEntry`) that another generated
    /// name takes, or made from the list's id into a Swift keyword (`types` →
    /// `Type`). `name` is the list's `swiftItemType`.
    /// `noteRange`: where a note shows a name taken at a range (`TakenTypeNames.noteRange`).
    /// `listTypeNames`: every list's entry type and entry class and every entry's
    /// option enums, which the itemType the help suggests must not take either.
    static func checkItemType(
        _ list: ListDecl, named name: String, taken: inout TakenTypeNames, listTypeNames: () -> Set<String> = { [] },
        diagnostics: inout DiagnosticBag, noteRange: (SourceRange) -> SourceRange
    ) {
        // `DateItem` when it and its entry class `DateItemEntry` are free.
        func suggestion() -> String {
            let proposed = name + "Item"
            let others = listTypeNames()
            let isFree = [proposed, proposed + "Entry"].allSatisfy {
                !taken.isTaken($0) && !GeneratedTypeNames.contains($0) && !others.contains($0)
            }
            return isFree ? ", e.g. '\(proposed)'" : ""
        }
        // An entry type made from an id that is FC201 (`Actions` → `Action`, `fields`
        // → `Field`): the id's FC201 says to rename it, which renames the type too.
        if list.itemType == nil, !SwiftNaming.isLowerCamelCase(list.id.value) || ReservedIDs.reason(for: list.id.value) != nil { return }
        let range = list.itemType?.range ?? list.id.range
        if let itemType = list.itemType,
           !SwiftNaming.isUpperCamelCase(itemType.value) || SwiftNaming.keywords.contains(itemType.value) {
            diagnostics.error(
                .invalidFormName, "'\(itemType.value)' is not a valid itemType", at: itemType.range,
                help: TypeNameHelp.help(
                    for: itemType.value, rule: "an itemType is an UpperCamelCase Swift type name ([A-Z][A-Za-z0-9]*)", suffix: "Item",
                    isTaken: { taken.isTaken($0) }
                )
            )
            return
        }
        if list.itemType == nil, SwiftNaming.keywords.contains(name) {
            // `types` → `Type`: Swift takes no nested type of that name.
            diagnostics.error(
                .nameCollision, "the entry type '\(name)' of list '\(list.id.value)' is a Swift keyword",
                at: range, help: ["give the list an 'itemType'\(suggestion())"]
            )
            return
        }
        for candidate in [name, name + "Entry"] {
            if let earlier = taken.declare(candidate, at: range) {
                // The same list twice, through a YAML alias: its FC202 says so.
                if earlier == range { return }
                let what = candidate == name
                    ? (list.itemType == nil ? "the entry type '\(candidate)' of list '\(list.id.value)'" : "itemType '\(candidate)'")
                    : "the entry class '\(candidate)' of list '\(list.id.value)' (its entry type '\(name)' with 'Entry')"
                // A type of another module that the generated code names (`dates` → `Date`) says whose.
                let collision = if earlier == nil, let module = GeneratedTypeNames.module(of: candidate) {
                    "would shadow \(module)'s '\(candidate)', which the generated code uses"
                } else {
                    "collides with another generated name"
                }
                diagnostics.error(
                    .nameCollision, "\(what) \(collision)",
                    at: range, notes: earlier.map { [diagnostics.note("'\(candidate)' declared here", at: noteRange($0))] } ?? [],
                    help: ["give the list \(list.itemType == nil ? "an" : "another") 'itemType'\(suggestion())"]
                )
                return
            }
        }
    }

    /// The type names a list's entry types must not take: the form's, its
    /// validators protocol's, its pages' enum, the nested and runtime names
    /// generated code uses, the form's option enums, and the entry types of the
    /// lists before.
    struct TakenTypeNames {
        private var declared: [String: SourceRange?] = [:]

        init(document: FormDocument, symbols: SymbolTable) {
            declared[document.name.value] = .some(document.name.range)
            declared[SwiftNaming.validatorsProtocol(ofForm: document.name.value)] = .some(nil)
            if let page = document.elements.first(where: { if case .group(let group) = $0.kind { group.isPage } else { false } }) {
                declared["Page"] = .some(page.kindKeyRange)
            }
            for field in symbols.fields {
                switch field.valueType {
                case .segment(let name, _), .multiChoice(let name):
                    guard declared[name] == nil else { break }
                    // A shared set's enum is declared at the set, however many fields use
                    // it; a field's own at its id (`noteRange` finds its `enumName:`).
                    let set = document.optionSets.first { $0.name.value == name }
                    declared[name] = .some(set?.name.range ?? field.range)
                default: break
                }
            }
        }

        /// Where a note shows a name taken at `range`: for a choice field's enum,
        /// its `enumName:` when it has one, else `range` (its id, a set's name, the
        /// form's). Looked up only for a collision, so the form is walked once.
        static func noteRange(_ range: SourceRange, in document: FormDocument, symbols: SymbolTable) -> SourceRange {
            guard let field = symbols.fields.first(where: { $0.range == range }) else { return range }
            switch document.element(at: field.path).kind {
            case .segment(let segment): return segment.enumName?.range ?? range
            case .multiChoice(let multiChoice): return multiChoice.enumName?.range ?? range
            default: return range
            }
        }

        /// Whether the form declares a type named `name`.
        func isTaken(_ name: String) -> Bool {
            declared[name] != nil
        }

        /// nil when `name` is free (and now taken); else where it was taken, or
        /// `.some(nil)` for a name the generated code uses.
        mutating func declare(_ name: String, at range: SourceRange) -> SourceRange?? {
            if let earlier = declared[name] { return .some(earlier) }
            if GeneratedTypeNames.contains(name) { return .some(nil) }
            declared[name] = .some(range)
            return nil
        }
    }
}

extension SourceRange {
    /// Whether `other` lies within this range.
    func contains(_ other: SourceRange) -> Bool {
        start <= other.start && other.end <= end
    }
}

extension FormDocument {
    /// Replaces the list at `path` (which leads through groups only).
    mutating func setList(_ list: ListDecl, at path: ElementPath) {
        func set(_ elements: inout [Element], _ depth: Int) {
            let index = path[depth]
            if depth == path.count - 1 {
                elements[index].kind = .list(list)
                return
            }
            guard case .group(var group) = elements[index].kind else { preconditionFailure("path runs through a non-group") }
            elements[index].kind = .spacer(SpacerDecl(height: Located(0, at: .fileStart)))
            set(&group.elements, depth + 1)
            elements[index].kind = .group(group)
        }
        set(&elements, 0)
    }
}
