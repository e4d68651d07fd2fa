import FormModel
import FormSource

/// The check stage: the semantic rules of SPEC §3 and §6.1 (FC200–FC407), then the
/// conditions of §7 (FC500–FC505). It resolves every name into a `SymbolTable`;
/// the emitter trusts what it accepted.
public enum FormChecker {
    /// Checks a decoded document. It is consumed: when the caller holds no other
    /// copy of it, the condition checker stores the typed expressions into the tree
    /// in place rather than copying every group's elements first.
    public static func check(_ document: consuming FormDocument, file: SourceFile, diagnostics: inout DiagnosticBag) -> CheckedForm {
        check(document, file: file, speed: .current, diagnostics: &diagnostics)
    }

    /// `check` under `speed`: under `.parallel`, a large form's element list may
    /// be walked in two halves at once (`FormChecker+Halves.swift`), its ids'
    /// slots read ahead, and its conditions lowered in chunks on every core
    /// (`ConditionChecker`); tests compare both ways.
    ///
    /// `entryFieldLists`: for an entry of a list (`ListChecker`), the entry fields
    /// of every list, which the entry may not name unless they are its own;
    /// `outerDeclarations`, the form's ids that are no field that it names.
    package static func check(
        _ document: consuming FormDocument, file: SourceFile, speed: SpeedPolicy,
        entryFieldLists: [String: String] = [:], outerDeclarations: [String: SourceRange] = [:],
        diagnostics: inout DiagnosticBag
    ) -> CheckedForm {
        check(
            document, file: file, speed: speed, entryFieldLists: entryFieldLists, outerDeclarations: outerDeclarations,
            outerNonFields: [:], diagnostics: &diagnostics
        )
    }

    /// An entry's scope, for the help of an FC201 in it: the ids every entry
    /// reserves, and the ids of the entry's own elements (a YAML alias's among
    /// them, wherever it was written); the other elements are copies of the
    /// form's fields, whose ids an entry may repeat.
    struct EntryScope {
        let reserved: Set<String>
        let own: Set<String>
        /// `SymbolTable.hiddenOuterField`.
        var hidden: (@Sendable (String) -> (field: FieldSymbol, options: [String])?)?
    }

    /// `check`, for an entry: `outerNonFields` says what each of `outerDeclarations`
    /// is (a group, a page, a segue, a list).
    static func check(
        _ document: consuming FormDocument, file: SourceFile, speed: SpeedPolicy,
        entryFieldLists: [String: String], outerDeclarations: [String: SourceRange],
        outerNonFields: [String: ConditionScope.NonField], entryScope: EntryScope? = nil, diagnostics: inout DiagnosticBag
    ) -> CheckedForm {
        // What reading and decoding found comes before: the checks' own diagnostics start here.
        let firstChecked = diagnostics.diagnostics.count
        var checker = Checker(file: file, defaultTrigger: document.defaultTrigger, diagnostics: diagnostics)
        checker.speed = speed
        checker.entryScope = entryScope
        checker.symbols.entryFieldLists = entryFieldLists
        checker.symbols.outerDeclarations = outerDeclarations
        checker.symbols.hiddenOuterField = entryScope?.hidden
        checker.declare(document)
        checker.symbols.unreadNames = document.unreadNames
        // An entry's own ids come first (SPEC §14).
        for (id, kind) in outerNonFields where checker.nonFields[id] == nil && checker.symbols.fieldIndex(id) == nil {
            checker.nonFields[id] = kind
        }
        let lists = checker.lists
        if !lists.isEmpty {
            ListChecker.declareEntryFields(of: lists, in: document, symbols: &checker.symbols)
        }
        diagnostics = checker.diagnostics
        let scope = ConditionScope(
            symbols: checker.symbols, facts: checker.conditionFacts, nonFields: checker.nonFields,
            fieldElements: checker.fieldElements
        )
        // The rule checks need only the symbols, as the conditions do: they run as
        // one more task beside the lowering of the conditions. The task takes the
        // walkers that hold the rules, so that they are freed on its thread when it
        // is done with them, with what else the walkers found.
        let symbols = checker.symbols
        let walkers = Concurrently.Handoff([checker.takeWalked()])
        var checkedDocument = consume document
        ConditionChecker.check(
            &checkedDocument, scope: scope, file: file, speed: speed, diagnostics: &diagnostics,
            alongside: { Checker.ruleDiagnostics(walkers.take(0), symbols: symbols, nonFields: scope.nonFields, file: file) }
        )
        RuleConditionChecker.check(&checkedDocument, scope: scope, file: file, diagnostics: &diagnostics)
        OptionSetChecker.checkUse(checkedDocument, format: SourceFormat(path: file.path), diagnostics: &diagnostics)
        var checkedLists: [CheckedList] = []
        if !lists.isEmpty {
            checkedLists = ListChecker.check(
                lists, in: &checkedDocument, symbols: symbols, facts: scope.facts, nonFields: scope.nonFields, file: file,
                speed: speed, firstChecked: firstChecked, diagnostics: &diagnostics
            )
        }
        var checked = CheckedForm(document: checkedDocument, symbols: symbols, sourcePath: file.path)
        checked.lists = checkedLists
        return checked
    }
}

private struct Checker {
    let file: SourceFile
    /// The form-wide trigger, for fields without their own.
    let defaultTrigger: ValidationTrigger
    var diagnostics: DiagnosticBag
    var symbols = SymbolTable()
    /// What conditions need to know of each field of `symbols` (same index), gathered
    /// on the same walk, so the condition checker need not walk the tree for it.
    var conditionFacts: [ConditionConstancy.FieldFacts] = []
    /// Groups and segues by id, the first of each.
    var nonFields: [String: ConditionScope.NonField] = [:]
    /// See `ConditionScope.fieldElements`.
    var fieldElements: [Int?] = []
    /// Generated type names and where they were declared (the form name, segment enums).
    var typeNames = TypeNames()
    /// The walkers of `declare`, in document order, once recorded: they hold every
    /// field's rules (duplicates too) for the rule checks, which need every field
    /// declared first, and are freed by the task that runs them.
    var walked: [ElementWalker] = []
    /// The lists of the form, in document order, for `ListChecker`.
    var lists: [ListChecker.Found] = []
    /// Whether a large form's element list may be walked in two halves at once,
    /// and the ids' slots read ahead of recording them.
    var speed = SpeedPolicy.current
    /// For an entry of a list, its scope; nil for a form.
    var entryScope: FormChecker.EntryScope?
    /// The ranges of the groups and pages a YAML alias repeated (FC202 at their id),
    /// as written at their anchor.
    var aliasedGroups: [SourceRange] = []
    /// The form's elements while `declare` records their ids, where FC202 finds the
    /// YAML alias that repeats an id; empty after, so that the document's array,
    /// changed later, is not shared (and copied whole).
    var elements: [Element] = []
    /// How many FC202s an anchored id has had through aliases: the next is the next alias's.
    var aliasDuplicates: [SourceRange: Int] = [:]

    init(file: SourceFile, defaultTrigger: ValidationTrigger, diagnostics: DiagnosticBag) {
        self.file = file
        self.defaultTrigger = defaultTrigger
        self.diagnostics = diagnostics
    }

    /// Declares every id and checks what needs no other element, collecting the
    /// rules for `ruleDiagnostics`. Two steps: an `ElementWalker` looks at each
    /// element on its own (for a large form, the two halves of the element list at
    /// once, each with a walker of its own); then, in document order, each id is
    /// recorded, which is where a duplicate is found and the first of each wins.
    mutating func declare(_ document: FormDocument) {
        elements = document.elements
        defer { elements = [] }
        checkFormName(document.name)
        checkPages(document.elements, guessed: document.guessedKinds)
        if !document.optionSets.isEmpty {
            var setChecker = SegmentChecker()
            OptionSetChecker.declare(document.optionSets, segmentChecker: &setChecker, typeNames: &typeNames, diagnostics: &diagnostics)
        }
        let counts = document.elements.indices.map { Self.elementCount(document.elements[$0...$0]) }
        let elementCount = counts.reduce(0, +)
        symbols.reserveCapacity(elementCount)
        conditionFacts.reserveCapacity(elementCount)
        fieldElements.reserveCapacity(elementCount)
        let walker = ElementWalker(
            defaultTrigger: defaultTrigger, incompleteSets: document.incompleteOptionSets,
            diagnostics: DiagnosticBag(file: file.path)
        )
        let elements = document.elements
        var parts = (speed.takes(.checkInHalves) ? walker.walkingInHalves(elements, counts: counts, elementCount: elementCount) : nil)
            ?? [walker.walking(elements, range: elements.indices, elementCount: elementCount)]
        var suggestedIDs: [(diagnostic: Int, id: String)] = []
        for part in parts.indices {
            let offset = diagnostics.diagnostics.count
            suggestedIDs += parts[part].suggestedIDs.map { (offset + $0.diagnostic, $0.id) }
            diagnostics.append(contentsOf: parts[part].diagnostics.diagnostics)
            for index in 0..<parts[part].found.count { record(at: index, of: &parts[part]) }
        }
        if !suggestedIDs.isEmpty {
            replaceTakenSuggestions(suggestedIDs)
            symbols.proposedIDs = Set(suggestedIDs.map(\.id))
        }
        // The rules stay in the walkers' lists: copying them would retain each
        // string and array the other core made. The walkers go with them.
        walked = parts
    }

    /// Records what `part`'s walker found of one element (its `found[index]`),
    /// in document order. The symbol of a field that is the first of its id moves
    /// into the table.
    /// An empty id (FC201, or unread and FC102) declares no name: it takes part in
    /// no FC202 and is suggested for nothing.
    mutating func record(at index: Int, of part: inout ElementWalker) {
        let hash = part.hashes[index]
        switch part.found[index] {
        case .group(let id, _) where id.value.isEmpty, .page(let id, _) where id.value.isEmpty, .segue(let id) where id.value.isEmpty:
            break
        case .list(let id, let path, let canBeHidden) where id.value.isEmpty:
            lists.append(ListChecker.Found(id: id, path: path, canBeHidden: canBeHidden))
        case .field(let field, let segment) where part.rules[field].id.isEmpty:
            fieldElements.append(nil)
            // An `enumName:` of its own is checked; none is made from no id.
            if let segment, let enumName = part.enumNames[segment], enumName.range != part.symbols[field]?.range {
                SegmentChecker.declareEnumName(enumName, diagnostics: &diagnostics, typeNames: &typeNames)
            }
        case .group(let id, let element):
            reportDuplicate(id, earlier: symbols.record(id.value, hash: hash, declaredAt: id.range, field: nil), group: element)
            if nonFields[id.value] == nil { nonFields[id.value] = .group }
        case .page(let id, let element):
            reportDuplicate(id, earlier: symbols.record(id.value, hash: hash, declaredAt: id.range, field: nil), group: element)
            if nonFields[id.value] == nil { nonFields[id.value] = .page }
        case .segue(let id):
            reportDuplicate(id, earlier: symbols.record(id.value, hash: hash, declaredAt: id.range, field: nil))
            if nonFields[id.value] == nil { nonFields[id.value] = .segue }
        case .list(let id, let path, let canBeHidden):
            reportDuplicate(id, earlier: symbols.record(id.value, hash: hash, declaredAt: id.range, field: nil))
            if nonFields[id.value] == nil { nonFields[id.value] = .list }
            lists.append(ListChecker.Found(id: id, path: path, canBeHidden: canBeHidden))
        case .field(let field, let segment):
            // Moved out of the walker's list, not copied: the table takes it.
            let symbol = part.symbols[field].take()!
            let range = symbol.range
            let fieldCount = symbols.fields.count
            let earlier = symbols.record(field: symbol, hash: hash)
            let added = symbols.fields.count > fieldCount
            if let earlier { reportDuplicate(Located(part.rules[field].id, at: range), earlier: earlier) }
            fieldElements.append(added ? fieldCount : nil)
            if added { conditionFacts.append(part.facts[field]) }
            // A duplicate's enum named after its id is its FC202's: no second error
            // says the type is taken. An `enumName:` of its own is checked.
            if let segment, let enumName = part.enumNames[segment], earlier == nil || enumName.range != range {
                SegmentChecker.declareEnumName(enumName, diagnostics: &diagnostics, typeNames: &typeNames)
            }
        }
    }

    /// Replaces each did-you-mean of an FC201 (at its index in `diagnostics`)
    /// that names an id the form declares already, or, in an entry, one that every
    /// entry reserves: followed, it would be another error.
    mutating func replaceTakenSuggestions(_ suggested: [(diagnostic: Int, id: String)]) {
        let symbols = self.symbols
        let scope = entryScope
        func isReserved(_ id: String) -> Bool { scope?.reserved.contains(id) ?? false }
        func isDeclared(_ id: String) -> Bool {
            if isReserved(id) { return true }
            if let scope { return scope.own.contains(id) }
            return symbols.declaration(of: id) != nil
        }
        // Two ids told one name (`Email`, `EMAIL`): the later is told another.
        var given: Set<String> = []
        func isTaken(_ id: String) -> Bool { isDeclared(id) || given.contains(id) }
        for (index, id) in suggested {
            guard isTaken(id) else {
                given.insert(id)
                continue
            }
            let why = isReserved(id) ? "is a member of every list entry"
                : isDeclared(id) ? "is taken by another id" : "is the name suggested for another id"
            let free = IDSpellingHelp.free(beside: id, isTaken: isTaken)
            given.insert(free)
            diagnostics.modify(at: index) {
                $0.help[$0.help.count - 1] = "'\(id)' \(why); choose another name, e.g. '\(free)'"
                $0.fix = nil
            }
        }
    }

    /// FC202 for an id that `earlier` declared already; `group`: the element's
    /// range, for the id of a group or page.
    mutating func reportDuplicate(_ id: Located<String>, earlier: SourceRange?, group: SourceRange? = nil) {
        guard let earlier else { return }
        if earlier == id.range {
            // One id node declared twice: a YAML alias (`*name`) repeats the element
            // its anchor names, and the copy keeps the anchor's positions. A group's
            // copy repeats every id inside it too (within the anchored group's
            // range): one error, the group's.
            if aliasedGroups.contains(where: { $0.contains(id.range) }) { return }
            // The alias is the element whose id was written elsewhere: the n-th such
            // element for the n-th duplicate of this id.
            let uses = Self.aliasUses(of: id.range, in: elements)
            let count = aliasDuplicates[id.range, default: 0]
            aliasDuplicates[id.range] = count + 1
            let notes = uses.indices.contains(count) ? [diagnostics.note("the YAML alias that repeats it", at: uses[count])] : []
            if let group {
                aliasedGroups.append(group)
                diagnostics.error(
                    .duplicateID, "duplicate id '\(id.value)': a YAML alias repeats the group that declares it, with every id inside it",
                    at: id.range, notes: notes,
                    help: ["an alias copies the anchored group with its ids: write the second group out, with ids of its own"]
                )
                return
            }
            diagnostics.error(
                .duplicateID, "duplicate id '\(id.value)': a YAML alias repeats the element that declares it", at: id.range,
                notes: notes,
                help: ["an alias copies the anchored element with its id: write the second element out with an id of its own"]
            )
            return
        }
        diagnostics.error(
            .duplicateID, "duplicate id '\(id.value)'", at: id.range,
            notes: [diagnostics.note("'\(id.value)' first defined here", at: earlier)],
            help: ["fields, groups, pages, lists and segues share one namespace; give each a unique id"]
        )
    }

    /// The ranges of the elements among `elements` (and inside their groups) that
    /// repeat the id at `range` through a YAML alias, in document order: an
    /// alias's element has the alias's range, outside which its id was written.
    static func aliasUses(of range: SourceRange, in elements: [Element]) -> [SourceRange] {
        var uses: [SourceRange] = []
        func walk(_ elements: [Element]) {
            for element in elements {
                if element.id?.range == range, !element.range.contains(range) { uses.append(element.range) }
                if case .group(let group) = element.kind { walk(group.elements) }
            }
        }
        walk(elements)
        return uses
    }

    /// The walkers, with the rules to check, moved out of the checker.
    mutating func takeWalked() -> [ElementWalker] {
        defer { walked = [] }
        return walked
    }

    /// The rules' diagnostics, once every field is declared (`sameAs` names any
    /// field). Each field is lent to its check from its walker's list, not copied;
    /// the walkers are freed here, on the thread that runs the checks.
    static func ruleDiagnostics(
        _ walked: consuming [ElementWalker], symbols: SymbolTable, nonFields: [String: ConditionScope.NonField], file: SourceFile
    ) -> DiagnosticBag {
        var diagnostics = DiagnosticBag(file: file.path)
        var patterns = PatternValidator()
        var seen = SeenRules()
        var withoutOptions: Set<String> = []
        for part in walked.indices {
            for index in walked[part].rules.indices where walked[part].rules[index].hasNoOptions {
                withoutOptions.insert(walked[part].rules[index].id)
            }
        }
        for part in walked.indices {
            walked[part].rules.withUnsafeBufferPointer { fields in
                for index in fields.indices {
                    RuleChecker.check(
                        fields[index], file: file, symbols: symbols, nonFields: nonFields, withoutOptions: withoutOptions,
                        patterns: &patterns, seen: &seen, diagnostics: &diagnostics
                    )
                }
            }
        }
        return diagnostics
    }

    /// FC103 for each top-level element that is not a page in a form whose top
    /// level has pages (SPEC §15.1: every top-level element is a page, or none
    /// is), and FC204 when a segment's enum is named `Page` beside the pages'
    /// enum. Pages inside other elements are the walker's (`ElementWalker.walk`).
    /// `guessed`: `FormDocument.guessedKinds`, elements not judged again.
    mutating func checkPages(_ elements: [Element], guessed: Set<SourcePosition>) {
        guard let first = elements.firstIndex(where: { if case .group(let group) = $0.kind { group.isPage } else { false } })
        else { return }
        let firstPage = elements[first]
        // The page before the element, and whether an FC103 was given to a run of
        // elements after a page without elements: the run is one mistake (the
        // page's elements not indented under it), given one error.
        var previousPage: GroupDecl?
        var runReported = false
        for element in elements where !guessed.contains(element.kindKeyRange.start) {
            if case .group(let group) = element.kind, group.isPage {
                previousPage = group
                runReported = false
                continue
            }
            let kind = element.kind.keyword
            if let page = previousPage, page.elements.isEmpty {
                guard !runReported else { continue }
                runReported = true
                let named = page.id.map { "page '\($0.value)'" } ?? "the page before it"
                diagnostics.error(
                    .unknownElementKind, "\(kind) stands beside pages at the top level of the form, after \(named), which has no elements",
                    at: element.kindKeyRange,
                    help: ["if it and the elements after it are the page's, indent them under the page's 'elements'; else move them into a page's elements"]
                )
                continue
            }
            diagnostics.error(
                .unknownElementKind, "\(kind) stands beside pages at the top level of the form", at: element.kindKeyRange,
                notes: [diagnostics.note("the first page is here", at: firstPage.kindKeyRange)],
                help: ["either every top-level element is a page, or none is: move this \(kind) into a page's elements"]
            )
        }
        if let earlier = typeNames.declare("Page", at: firstPage.kindKeyRange) {
            // Only the form's own name is declared before the pages' enum.
            diagnostics.error(
                .nameCollision, "form name 'Page' collides with the enum of its pages", at: earlier,
                notes: [diagnostics.note("the first page is here", at: firstPage.kindKeyRange)],
                help: ["choose another name, e.g. 'PageForm'"]
            )
        }
    }

    /// FC200, FC205 and the form's type names. An empty name at the file's start
    /// is one the decoder found missing or unreadable, and reported.
    mutating func checkFormName(_ name: Located<String>) {
        guard !name.value.isEmpty || name.range != .fileStart else { return }
        if !SwiftNaming.isUpperCamelCase(name.value) || SwiftNaming.keywords.contains(name.value) {
            diagnostics.error(
                .invalidFormName, "'\(name.value)' is not a valid form type name", at: name.range,
                help: TypeNameHelp.help(
                    for: name.value, rule: "a form name is an UpperCamelCase Swift type name ([A-Z][A-Za-z0-9]*)", suffix: "Form"
                )
            )
            return
        }
        if GeneratedTypeNames.contains(name.value) {
            diagnostics.error(
                .nameCollision, "form name '\(name.value)' collides with a type the generated code uses", at: name.range,
                help: ["choose another name, e.g. '\(name.value)Form'"]
            )
            return
        }
        _ = typeNames.declare(name.value, at: name.range)
        let validators = SwiftNaming.validatorsProtocol(ofForm: name.value)
        typeNames.reserve(validators, at: name.range, origin: "the form's custom validators are the protocol '\(validators)', named after the form")
    }

    /// How many elements the tree holds, at every depth: an upper bound on the ids
    /// and fields, so that the tables of the walk are sized once rather than grown.
    static func elementCount(_ elements: ArraySlice<Element>) -> Int {
        var count = elements.count
        for index in elements.indices {
            if case .group(let group) = elements[index].kind { count += elementCount(group.elements[...]) }
        }
        return count
    }
}

extension String {
    var trimmingBackticks: String { filter { $0 != "`" } }
}
