import FormModel
import FormSource

/// What a condition can name: the form's fields, and the other ids (groups, segues)
/// that share their namespace but hold no value.
struct ConditionScope {
    enum NonField {
        case group
        case page
        case segue
        /// A list (SPEC §14): its id names its entries, not one value.
        case list

        var noun: String {
            switch self {
            case .group: "a group"
            case .page: "a page"
            case .segue: "a segue"
            case .list: "a list"
            }
        }
    }

    let symbols: SymbolTable
    /// What the constancy check needs of each field of `symbols`, by the same index.
    let facts: [ConditionConstancy.FieldFacts]
    let nonFields: [String: NonField]
    /// Each field element of the tree, in document order: the index in
    /// `symbols.fields` of its field when it is the first element of its id, else
    /// nil. Lets a later walk of the tree know its fields without hashing ids.
    let fieldElements: [Int?]

    /// The scope the form checker gathered on its walk of the tree.
    init(symbols: SymbolTable, facts: [ConditionConstancy.FieldFacts], nonFields: [String: NonField], fieldElements: [Int?]) {
        self.symbols = symbols
        self.facts = facts
        self.nonFields = nonFields
        self.fieldElements = fieldElements
    }

    /// The scope of a document and a symbol table made without the form checker:
    /// each field's facts come from the first field element of its id.
    init(document: FormDocument, symbols: SymbolTable) {
        var facts: [ConditionConstancy.FieldFacts?] = Array(repeating: nil, count: symbols.fields.count)
        var nonFields: [String: NonField] = [:]
        var fieldElements: [Int?] = []
        let incompleteSets = document.incompleteOptionSets
        // Walks the tree in place rather than through `allElements`, which would copy
        // every element of the form.
        func walk(_ elements: [Element], hidden: Bool) {
            for index in elements.indices {
                let canBeHidden = hidden || elements[index].visibleWhen != nil
                switch elements[index].kind {
                case .group(let group):
                    if let id = group.id?.value, nonFields[id] == nil { nonFields[id] = group.isPage ? .page : .group }
                    walk(group.elements, hidden: canBeHidden)
                case .segue(let segue):
                    if nonFields[segue.id.value] == nil { nonFields[segue.id.value] = .segue }
                case .boolean, .segment, .text, .number, .date, .multiChoice:
                    guard let id = elements[index].id?.value, let field = symbols.fieldIndex(id), facts[field] == nil else {
                        fieldElements.append(nil)
                        break
                    }
                    fieldElements.append(field)
                    facts[field] = Self.facts(
                        of: elements[index].kind, valueType: symbols.fields[field].valueType, canBeHidden: canBeHidden,
                        incompleteSets: incompleteSets
                    )
                case .list(let list):
                    if nonFields[list.id.value] == nil { nonFields[list.id.value] = .list }
                case .spacer, .staticText:
                    break
                }
            }
        }
        walk(document.elements, hidden: false)
        self.init(
            symbols: symbols,
            facts: zip(facts, symbols.fields).map { $0 ?? ConditionConstancy.FieldFacts(valueType: $1.valueType, options: [], canBeHidden: false) },
            nonFields: nonFields, fieldElements: fieldElements
        )
    }

    /// The facts of a field element. `canBeHidden`: it or a group around it has a `visibleWhen`.
    /// `incompleteSets`: the shared sets with an option the decoder could not read.
    static func facts(
        of kind: ElementKind, valueType: FieldValueType, canBeHidden: Bool, incompleteSets: Set<String>
    ) -> ConditionConstancy.FieldFacts {
        var facts = ConditionConstancy.FieldFacts(valueType: valueType, options: [], canBeHidden: canBeHidden)
        func read(_ options: [SegmentOption], droppedOne: Bool, set: Located<String>?) {
            facts.options = options.map(\.value.value)
            facts.optionsAreWhole = set.map { !incompleteSets.contains($0.value) } ?? !droppedOne
        }
        if case .segment(let segment) = kind { read(segment.options, droppedOne: segment.droppedAnOption, set: segment.optionSet) }
        if case .multiChoice(let field) = kind { read(field.options, droppedOne: field.droppedAnOption, set: field.optionSet) }
        return facts
    }

    /// A field as a condition sees it.
    struct Field {
        var id: String
        var valueType: FieldValueType
        /// Its index in `symbols.fields`.
        var symbol: Int
    }

    /// The field `id` names, if it names one.
    func field(_ id: String) -> Field? {
        symbols.fieldIndex(id).map { Field(id: id, valueType: facts[$0].valueType, symbol: $0) }
    }

    /// The facts of the field `id` names, if it names one.
    func facts(of id: String) -> ConditionConstancy.FieldFacts? {
        symbols.fieldIndex(id).map { facts[$0] }
    }

    /// The option values of the segment `id` names, in the order written.
    func options(of id: String) -> [String] {
        facts(of: id)?.options ?? []
    }
}
