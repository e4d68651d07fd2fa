import FormModel
import FormSource
import FormText

// What the translator knows of each field, worked out once per form: a large
// form's `FieldInfo`s are made in two halves on two threads (the speed path;
// the table is the same either way, which tests check).
extension FormTranslator {
    /// One field with everything the translator needs about it. A class: the
    /// translator walks the fields a dozen times, and reads each in place from
    /// its `FieldTable`, where the struct (symbol, element) would be copied
    /// whole. What every walk reads comes first, so that it shares the object's
    /// first cache lines.
    ///
    /// Its names are spelled once, in one block of memory it owns (`FieldName`s
    /// point into it): writing one reads it in place. As arrays, each write
    /// retained and released the array around the copy: an atomic operation on a
    /// line that, in a large form, is not in the cache (a third of the emitter's
    /// retains), and for `String` and `Bool`, shared by every field, a line that
    /// the two threads rendering took from each other.
    final class FieldInfo: Sendable {
        let id: String
        /// The id, as written in every member of the field.
        let name: FieldName
        /// `Email` for `email`: the suffix of the field's helpers.
        let upperName: FieldName
        /// The value type inside the form type: `String`, `Plan?`.
        let valueType: FieldName
        /// How many `rules` there are: the passes over every field that ask (the
        /// plan's, one after another) need not read the array, which in a large
        /// form is not in the cache.
        let ruleCount: Int
        var hasRules: Bool { ruleCount > 0 }
        /// Whether a rule is `custom`: only such a field's validation function
        /// takes the form's validators.
        let hasCustomRule: Bool
        let rules: [RuleDecl]
        /// A segment's enum cases, one per option in order (empty for other
        /// fields): each is needed three times or more, and is not free to spell.
        let caseNames: [String]
        /// The helpers that decide whether the field is visible and enabled
        /// (indices into `ConditionPlan`'s lists); nil when always true.
        let visibleHelper: Int?
        let enabledHelper: Int?
        /// What the field holds (`symbol.valueType`); `valueType` spells it.
        let fieldType: FieldValueType
        let trigger: ValidationTrigger
        /// The name default messages use (SPEC §6.3).
        let displayName: String
        /// The element's kind (one reference to its box: the whole `Element` and
        /// `FieldSymbol` kept here would add some 300 bytes per field).
        let kind: ElementKind
        /// The value `Values()` gives the field, read from the element here, on
        /// the thread making this half's `FieldInfo`s, while the element is in the
        /// cache: the pass that writes it would copy the declaration out of its box.
        let defaultValue: SwiftLiteral
        /// The bytes `name`, `upperName` and a segment's `valueType` point into:
        /// written once in `init`, only read after it, freed with the object.
        private let nameBlock: NameBlock

        private struct NameBlock: @unchecked Sendable {
            let bytes: UnsafeMutableBufferPointer<UInt8>
        }

        init(symbol: FieldSymbol, element: Element, rules: [RuleDecl], helpers: ConditionPlan.Helpers) {
            id = symbol.id
            // `email` → `Email`: the first byte alone changes when it is a lowercase
            // ASCII letter (as the checker requires of an id), as `upperCamelCase` says.
            let idBytes = symbol.id.utf8
            let upper: String.UTF8View? = idBytes.first.map { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) } == true
                ? nil : SwiftNaming.upperCamelCase(symbol.id).utf8
            // Every type but `String` and `Bool` (two literals) is spelled into the block.
            let segmentType: String.UTF8View?
            switch symbol.valueType {
            case .string, .bool: segmentType = nil
            default: segmentType = SwiftRenderer.spelling(of: symbol.valueType).utf8
            }
            let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(
                capacity: idBytes.count + (upper ?? idBytes).count + (segmentType?.count ?? 0)
            )
            var end = 0
            func append(_ utf8: String.UTF8View) -> FieldName {
                let start = end
                end = bytes[start...].initialize(from: utf8).index
                return FieldName(start: UnsafePointer(bytes.baseAddress! + start), count: end - start)
            }
            name = append(idBytes)
            if let upper {
                upperName = append(upper)
            } else {
                let start = end
                _ = append(idBytes)
                bytes[start] -= UInt8(ascii: "a") - UInt8(ascii: "A")
                upperName = FieldName(start: UnsafePointer(bytes.baseAddress! + start), count: end - start)
            }
            switch symbol.valueType {
            case .string: valueType = FieldName("String")
            case .bool: valueType = FieldName("Bool")
            case .segment, .number, .date, .multiChoice: valueType = append(segmentType!)
            }
            nameBlock = NameBlock(bytes: bytes)
            self.rules = rules
            ruleCount = rules.count
            hasCustomRule = rules.contains { if case .custom = $0.kind { true } else { false } }
            switch element.kind {
            case .segment(let segment):
                caseNames = segment.options.map(\.caseName)
                defaultValue = segment.defaultValue.map { .enumCase(SwiftNaming.caseName(forOptionValue: $0.value)) } ?? .nil
            case .boolean(let boolean):
                caseNames = []
                defaultValue = .bool(boolean.defaultValue?.value == true)
            case .text(let text):
                caseNames = []
                defaultValue = .string(text.defaultValue?.value ?? "")
            case .number(let number):
                caseNames = []
                defaultValue = number.defaultValue.map { .number($0.value, decimal: number.places > 0) } ?? .nil
            case .date(let date):
                caseNames = []
                defaultValue = date.defaultValue.map { .date($0.value) } ?? .nil
            case .multiChoice(let choice):
                caseNames = choice.options.map(\.caseName)
                // The chosen options in option order, each once (SPEC §10).
                let chosen = Set(choice.defaultValues?.value.map(\.value) ?? [])
                defaultValue = .enumCases(choice.options.filter { chosen.contains($0.value.value) }.map(\.caseName))
            case .group, .spacer, .staticText, .segue, .list:
                // Not a field (only a hand-built form gets here): written as `nil`.
                caseNames = []
                defaultValue = .nil
            }
            visibleHelper = helpers.visible
            enabledHelper = helpers.enabled
            fieldType = symbol.valueType
            trigger = symbol.trigger
            displayName = DefaultMessages.displayName(of: element.kind, id: symbol.id)
            kind = element.kind
        }

        deinit {
            nameBlock.bytes.deallocate()
        }
    }


    /// What the validation members need from every field's rules, gathered in
    /// the same pass as the fields' `FieldInfo`s (each half of a large form's on
    /// its own thread), not in passes of their own over thousands of rules.
    struct RuleFacts: Sendable {
        /// Each custom validator by name and value type, in the order first used:
        /// one requirement of the validators protocol each.
        private(set) var customValidators: [(name: String, valueType: FieldValueType)] = []
        private var seenValidators: Set<String> = []
        /// Each distinct pattern, in the order first used: one compiled `FormPattern` each.
        private(set) var patterns: [String] = []
        private var seenPatterns: Set<String> = []
        /// Each field a rule reads (but a field's own), with the rule's field, in
        /// document order: a `sameAs` target, a bound naming a field, and each
        /// field a `when:` reads (SPEC §16). A change to the one re-checks the other.
        private(set) var sameAs: [(target: String, field: String)] = []
        /// Whether a rule's `when:` compares two fields (`FormComparison`).
        private(set) var comparesFields = false

        var hasCustomRules: Bool { !customValidators.isEmpty }

        mutating func add(_ rules: [RuleDecl], of field: String, valueType: FieldValueType) {
            for rule in rules {
                switch rule.kind {
                case .custom(let name): add(validator: name, valueType: valueType)
                case .pattern(let pattern): add(pattern: pattern)
                case .sameAs(let target) where target != field: sameAs.append((target, field))
                case .minField(let target) where target != field, .maxField(let target) where target != field:
                    sameAs.append((target, field))
                default: break
                }
                if let condition = rule.when?.expression {
                    for target in condition.fieldReferences where target != field {
                        sameAs.append((target, field))
                    }
                    if condition.comparesFields { comparesFields = true }
                }
            }
        }

        private mutating func add(validator name: String, valueType: FieldValueType) {
            if seenValidators.insert(name + " " + SwiftRenderer.spelling(of: valueType)).inserted { customValidators.append((name, valueType)) }
        }

        private mutating func add(pattern: String) {
            if seenPatterns.insert(pattern).inserted { patterns.append(pattern) }
        }

        /// These facts, then `later`'s: the rules of the fields after these.
        mutating func append(_ later: RuleFacts) {
            for (name, valueType) in later.customValidators { add(validator: name, valueType: valueType) }
            for pattern in later.patterns { add(pattern: pattern) }
            sameAs += later.sameAs
            comparesFields = comparesFields || later.comparesFields
        }
    }

    /// The `FieldInfo` of each field symbol, in order, and the facts of their
    /// rules. Speed only, under `.parallel`: a large form's halves each on a
    /// thread of its own (all they share is read, and each sets its own half of
    /// the table).
    static func fieldInfos(
        _ symbols: [FieldSymbol], index: FormIndex, document: FormDocument, speed: SpeedPolicy
    ) -> (FieldTable, RuleFacts) {
        let inHalves = speed.takes(.fieldInfosInHalves) && symbols.count >= SpeedPaths.fieldInfosInHalvesMinimumFields
        let table = FieldTable(count: symbols.count, inHalves: inHalves)
        @Sendable func fill(_ range: Range<Int>) -> RuleFacts {
            var facts = RuleFacts()
            for position in range {
                let symbol = symbols[position]
                // Field element `position` is this symbol's (always, for a checked
                // form); else it is looked up by its path.
                let info: FieldInfo?
                if index.fieldElement(position, isAt: symbol.path) {
                    let place = index.fieldPlaces[position]
                    let level = index.levels[Int(place.level)]
                    info = fieldInfo(symbol, level.elements[Int(place.index)], helpers: level.helpers[Int(place.index)])
                } else if let (element, helpers) = index.element(at: symbol.path) {
                    info = fieldInfo(symbol, element, helpers: helpers)
                } else {
                    info = nil
                }
                // A trap, not a skip: the table frees every slot, so each must be set.
                guard let info else {
                    preconditionFailure("the checker made a field symbol of an element that is not a field")
                }
                facts.add(info.rules, of: info.id, valueType: info.fieldType)
                table.set(position, to: info)
            }
            return facts
        }
        guard inHalves else { return (table, fill(0..<symbols.count)) }
        SpeedPaths.note(.fieldInfosInHalves)
        let half = symbols.count / 2
        var (first, second) = Concurrently.run({ fill(0..<half) }, { fill(half..<symbols.count) })
        first.append(second)
        return (table, first)
    }

    private static func fieldInfo(_ symbol: FieldSymbol, _ element: Element, helpers: ConditionPlan.Helpers) -> FieldInfo? {
        element.field.map { FieldInfo(symbol: symbol, element: element, rules: $0.rules, helpers: helpers) }
    }
}
