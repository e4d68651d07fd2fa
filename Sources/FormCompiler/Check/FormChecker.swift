/// The check stage: the semantic rules of SPEC §3 and §6.1 (FC200–FC407), then the
/// conditions of §7 (FC500–FC505). It resolves every name into a `SymbolTable`;
/// the emitter trusts what it accepted.
public enum FormChecker {
    /// Checks a decoded document. It is consumed: when the caller holds no other
    /// copy of it, the condition checker stores the typed expressions into the tree
    /// in place rather than copying every group's elements first.
    public static func check(_ document: consuming FormDocument, file: SourceFile, diagnostics: inout DiagnosticBag) -> CheckedForm {
        check(document, file: file, walksInHalves: true, diagnostics: &diagnostics)
    }

    /// `walksInHalves`: whether a large form's element list may be walked in two
    /// halves at once (`FormChecker+Halves.swift`; tests compare both ways).
    static func check(
        _ document: consuming FormDocument, file: SourceFile, walksInHalves: Bool, diagnostics: inout DiagnosticBag
    ) -> CheckedForm {
        var checker = Checker(file: file, defaultTrigger: document.defaultTrigger, diagnostics: diagnostics)
        checker.walksInHalves = walksInHalves
        checker.declare(document)
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
            &checkedDocument, scope: scope, file: file, diagnostics: &diagnostics,
            alongside: { Checker.ruleDiagnostics(walkers.take(0), symbols: symbols, file: file) }
        )
        return CheckedForm(document: checkedDocument, symbols: symbols, sourcePath: file.path)
    }
}

/// The words of the condition language (SPEC §7): a field with one of these ids
/// could not be named in a condition.
enum ConditionWords {
    static let reserved: Set<String> = ["and", "or", "not"]
}

/// Why a well-formed id cannot be used, looked up once per id rather than once per
/// list. When a word is in several lists, the first reason in this order wins.
private enum ReservedIDs {
    enum Reason {
        case keyword
        case conditionWord
        /// A member of every generated form: reserved for fields only.
        case member
    }

    static let reason: [String: Reason] = {
        var reason: [String: Reason] = [:]
        for word in SwiftNaming.reservedMembers { reason[word] = .member }
        for word in ConditionWords.reserved { reason[word] = .conditionWord }
        for word in SwiftNaming.keywords { reason[word] = .keyword }
        return reason
    }()

    /// Why `id` cannot be used, if it cannot. Almost no id is reserved, so most are
    /// ruled out by their first byte and length before the dictionary hashes them.
    static func reason(for id: String) -> Reason? {
        guard let first = id.utf8.first, first < 0x80 else { return nil }
        let count = id.utf8.count
        guard count < 64, lengthsByFirstByte[Int(first)] & (1 << UInt64(count)) != 0 else { return nil }
        return reason[id]
    }

    /// For each ASCII first byte, a bit for each length of a reserved word starting with it.
    private static let lengthsByFirstByte: [UInt64] = {
        var lengths = [UInt64](repeating: 0, count: 128)
        for word in reason.keys {
            let first = Int(word.utf8.first!)
            precondition(first < 0x80 && word.utf8.count < 64, "a reserved word is a short ASCII word")
            lengths[first] |= 1 << UInt64(word.utf8.count)
        }
        return lengths
    }()
}

/// Names the generated file declares or uses inside the form type, which a segment's
/// enum or the form itself may not take.
enum GeneratedTypeNames {
    static let nested: Set<String> = ["Field", "Values", "Action"]
    /// FormRuntime's public types, every one of them (`NameClashTests` compares this
    /// list with the declarations in the runtime's sources), and the module's name.
    static let runtime: Set<String> = [
        "FormRuntime",
        "Autocapitalization", "BooleanElement", "ConditionalElement", "FieldState", "FieldValidationController",
        "FloatLabelElement", "FormEdgeInsets", "FormElement", "FormEmptyRepresentable", "FormPattern",
        "FormTextAlignment", "FormValue", "GroupElement", "GroupLayout", "GroupStyle", "KeyboardType",
        "ObserverToken", "RuleRunner", "SegmentElement", "SegmentElementRepresentable", "SegmentOption",
        "SegueElement", "SegueElementRepresentable", "SpacerElement", "StaticTextElement", "TextContentType",
        "TextFieldElement", "TextRules", "TextStyle", "TextViewElement", "ValidationReport", "ValidationResult",
        "ValidationRule", "ValidationTrigger",
        "DateElement", "DateElementRepresentable", "DateElementValue", "DateMode", "DateStyle", "FormDate",
        "FormDateFieldValue", "FormDateTime", "FormDateTimeValue", "FormElementKind", "FormLocalization", "FormMoment",
        "FormNumberFieldValue", "FormPickerStyle", "FormTime", "MultiChoiceElement", "MultiChoiceElementRepresentable",
        "MultiChoiceStyle", "NumberElement", "NumberElementRepresentable", "NumberStyle", "PickerElement",
        "PickerElementRepresentable", "ValidationContext", "StringCatalog",
    ]
    /// The standard library's types and protocols that generated code names.
    static let standard: Set<String> = [
        "String", "Bool", "Int", "Double", "Optional", "Array", "Dictionary", "Set", "Never", "Void", "Any",
        "AnyObject", "Sendable", "Codable", "Encodable", "Decodable", "Equatable", "Hashable", "CaseIterable",
        "RawRepresentable", "MainActor", "Error", "Character", "Regex",
    ]

    /// Whether `name` is in `nested`, `runtime` or `standard`.
    static func contains(_ name: String) -> Bool {
        nested.contains(name) || runtime.contains(name) || standard.contains(name)
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
    /// Whether a large form's element list may be walked in two halves at once.
    var walksInHalves = true

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
        checkFormName(document.name)
        let counts = document.elements.indices.map { Self.elementCount(document.elements[$0...$0]) }
        let elementCount = counts.reduce(0, +)
        symbols.reserveCapacity(elementCount)
        conditionFacts.reserveCapacity(elementCount)
        fieldElements.reserveCapacity(elementCount)
        let walker = ElementWalker(defaultTrigger: defaultTrigger, diagnostics: DiagnosticBag(file: file.path))
        let elements = document.elements
        var parts = (walksInHalves ? walker.walkingInHalves(elements, counts: counts, elementCount: elementCount) : nil)
            ?? [walker.walking(elements, range: elements.indices, elementCount: elementCount)]
        for part in parts.indices {
            diagnostics.append(contentsOf: parts[part].diagnostics.diagnostics)
            // The id table's slots are read a block ahead of the records that need
            // them (`SymbolTable.warm`): tens of thousands of ids outgrow the cache.
            let found = parts[part].found.count
            var blockStart = 0
            while blockStart < found {
                let blockEnd = min(blockStart + Self.warmBlock, found)
                parts[part].hashes.withUnsafeBufferPointer {
                    symbols.warm(UnsafeBufferPointer(rebasing: $0[blockStart..<blockEnd]))
                }
                for index in blockStart..<blockEnd { record(at: index, of: &parts[part]) }
                blockStart = blockEnd
            }
        }
        // The rules stay in the walkers' lists: copying them would retain each
        // string and array the other core made. The walkers go with them.
        walked = parts
    }

    /// How many ids' slots `declare` reads ahead of recording them: enough reads
    /// at once to keep the memory busy, few enough that they stay in the cache
    /// until their records come.
    static let warmBlock = 64

    /// Records what `part`'s walker found of one element (its `found[index]`),
    /// in document order. The symbol of a field that is the first of its id moves
    /// into the table.
    mutating func record(at index: Int, of part: inout ElementWalker) {
        let hash = part.hashes[index]
        switch part.found[index] {
        case .group(let id):
            reportDuplicate(id, earlier: symbols.record(id.value, hash: hash, declaredAt: id.range, field: nil))
            if nonFields[id.value] == nil { nonFields[id.value] = .group }
        case .segue(let id):
            reportDuplicate(id, earlier: symbols.record(id.value, hash: hash, declaredAt: id.range, field: nil))
            if nonFields[id.value] == nil { nonFields[id.value] = .segue }
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
            if let segment, let enumName = part.enumNames[segment] {
                SegmentChecker.declareEnumName(enumName, diagnostics: &diagnostics, typeNames: &typeNames)
            }
        }
    }

    /// FC202 for an id that `earlier` declared already.
    mutating func reportDuplicate(_ id: Located<String>, earlier: SourceRange?) {
        guard let earlier else { return }
        diagnostics.error(
            .duplicateID, "duplicate id '\(id.value)'", at: id.range,
            notes: [diagnostics.note("'\(id.value)' first defined here", at: earlier)],
            help: ["fields, groups and segues share one namespace; give each a unique id"]
        )
    }

    /// The walkers, with the rules to check, moved out of the checker.
    mutating func takeWalked() -> [ElementWalker] {
        defer { walked = [] }
        return walked
    }

    /// The rules' diagnostics, once every field is declared (`sameAs` names any
    /// field). Each field is lent to its check from its walker's list, not copied;
    /// the walkers are freed here, on the thread that runs the checks.
    static func ruleDiagnostics(_ walked: consuming [ElementWalker], symbols: SymbolTable, file: SourceFile) -> DiagnosticBag {
        var diagnostics = DiagnosticBag(file: file.path)
        var patterns = PatternValidator()
        var seen = SeenRules()
        for part in walked.indices {
            walked[part].rules.withUnsafeBufferPointer { fields in
                for index in fields.indices {
                    RuleChecker.check(
                        fields[index], file: file, symbols: symbols, patterns: &patterns, seen: &seen,
                        diagnostics: &diagnostics
                    )
                }
            }
        }
        return diagnostics
    }

    mutating func checkFormName(_ name: Located<String>) {
        guard !name.value.isEmpty || name.range != .fileStart else { return }
        if !SwiftNaming.isUpperCamelCase(name.value) || SwiftNaming.keywords.contains(name.value) {
            let suggestion = SwiftNaming.upperCamelCase(SwiftNaming.caseName(forOptionValue: name.value).trimmingBackticks)
            diagnostics.error(
                .invalidFormName, "'\(name.value)' is not a valid form type name", at: name.range,
                help: ["a form name is an UpperCamelCase Swift type name ([A-Z][A-Za-z0-9]*)"]
                    + (SwiftNaming.isUpperCamelCase(suggestion) ? ["did you mean '\(suggestion)'?"] : [])
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

/// The first step of declaring: each element on its own, with nothing recorded
/// that depends on the elements before it. It checks how ids are spelled and the
/// segments' options, and makes each field's symbol, its facts for conditions and
/// its rules to check, for `Checker.record` to take in document order.
struct ElementWalker {
    enum Found: Sendable {
        case group(Located<String>)
        case segue(Located<String>)
        /// A field: its index in `symbols`, `facts` and `rules`, and for a segment
        /// field (whose enum name is declared with it) its index in `enumNames`.
        case field(Int, segment: Int?)
    }

    let defaultTrigger: ValidationTrigger
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

    init(defaultTrigger: ValidationTrigger, diagnostics: DiagnosticBag) {
        self.defaultTrigger = defaultTrigger
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
                if let id = group.id {
                    checkSpelling(id, what: "group id", isField: false)
                    found.append(.group(id))
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
                enumNames.append(SegmentChecker.checkEnumName(segment, name: enumName, diagnostics: &diagnostics))
                walkField(
                    segment.common, kind: kind, valueType: .segment(enumName: enumName, optional: segment.isOptional),
                    path: path, groups: groups, canBeHidden: canBeHidden, segment: enumNames.count - 1
                )
                segmentChecker.checkOptions(segment, diagnostics: &diagnostics)
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
                enumNames.append(SegmentChecker.checkEnumName(
                    field.id, kind: "multiChoice", name: enumName, explicit: field.enumName, diagnostics: &diagnostics
                ))
                walkField(
                    field.common, kind: kind, valueType: .multiChoice(enumName: enumName),
                    path: path, groups: groups, canBeHidden: canBeHidden, segment: enumNames.count - 1
                )
                segmentChecker.checkOptions(field, diagnostics: &diagnostics)
            case .spacer, .staticText:
                break
            }
        }
    }

    /// A field of type `valueType`: its symbol, its facts and its rules, found.
    mutating func walkField(
        _ common: FieldCommon, kind: ElementKind, valueType: FieldValueType, path: ElementPath, groups: [ElementPath],
        canBeHidden: Bool, segment: Int? = nil
    ) {
        checkSpelling(common.id, what: "field id", isField: true)
        let symbol = FieldSymbol(
            id: common.id.value, range: common.id.range, valueType: valueType,
            path: path, enclosingGroups: groups,
            trigger: common.validateOn?.value ?? defaultTrigger
        )
        found.append(.field(symbols.count, segment: segment))
        hashes.append(IDIndex.hash(common.id.value))
        symbols.append(symbol)
        facts.append(ConditionScope.facts(of: kind, valueType: valueType, canBeHidden: canBeHidden))
        rules.append(RuleChecker.Field(id: common.id.value, valueType: valueType, rules: common.rules, kind: kind))
    }

    /// FC201 for a malformed or reserved id. `isField`: the members of every
    /// generated form are reserved for fields only.
    mutating func checkSpelling(_ id: Located<String>, what: String, isField: Bool) {
        if !SwiftNaming.isLowerCamelCase(id.value) {
            let suggestion = SwiftNaming.caseName(forOptionValue: id.value)
            diagnostics.error(
                .invalidFieldID, "'\(id.value)' is not a valid \(what)", at: id.range,
                help: ["an id is lowerCamelCase ([a-z][A-Za-z0-9]*)"]
                    + (SwiftNaming.isLowerCamelCase(suggestion) ? ["did you mean '\(suggestion)'?"] : [])
            )
            return
        }
        switch ReservedIDs.reason(for: id.value) {
        case .keyword?:
            diagnostics.error(
                .invalidFieldID, "'\(id.value)' is a Swift keyword and cannot be a \(what)", at: id.range,
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

extension String {
    var trimmingBackticks: String { filter { $0 != "`" } }
}
