import FormModel
import FormSource
import FormSyntax

/// The values a key may take where the cursor is, when they form a closed set.
extension CompletionContext {
    /// `word`: what is typed of the value, which field ids must match.
    func valueCompletions(key: String, keyColumn: Int, line: Int, word: String) -> [Item] {
        let keyPosition = SourcePosition(line: line, column: keyColumn)
        guard let keyNode = syntax.node(at: keyPosition), syntax.isKey(keyNode), let mapping = syntax.parent(keyNode) else { return [] }
        let role = syntax.role(of: mapping)
        if role == .rule, key == "sameAs" {
            // The other fields of the same value type (FC405 otherwise).
            let owner = ownerFieldID(ofRule: mapping)
            let ownerType = owner.flatMap { symbols?.field($0)?.valueType }
            return Self.fieldItems(symbols, matching: word) { field in
                field.id != owner && ownerType.map { field.valueType.isSameType(as: $0) } ?? true
            }
        }
        if role == .rule, key == "min" || key == "max" {
            // A bound naming a field (SPEC §16): the other fields of the same kind and mode.
            let owner = ownerFieldID(ofRule: mapping)
            guard let ownerType = owner.flatMap({ symbols?.field($0)?.valueType }) else { return [] }
            var items = Self.fieldItems(symbols, matching: word) { $0.id != owner && ownerType.canBeBounded(by: $0.valueType) }
            // A date's (or date and time's) bound may be the day validation runs (SPEC §16).
            if case .date(let mode, _) = ownerType, mode != .time, "today".hasPrefix(word) {
                items.append(Item(label: "today", kind: .value, detail: "the day the rules run; also today+30d, today-18y", insertText: "today"))
            }
            return items
        }
        if role == .rule, key == "required" {
            // `{ required: true, when: … }`: the one rule whose mapping form takes `true`, beside
            // no value (SPEC §16); `email` and `url` take no value at all.
            return "true".hasPrefix(word) ? [Item(label: "true", kind: .value, detail: nil, insertText: "true", isJSONLiteral: true)] : []
        }
        if key == "options", case .element = role {
            // A shared option set's name (SPEC §16), unless the field names an enum of its own (FC101).
            guard !tree.entries(mapping).contains(where: { tree.text($0.key) == "enumName" }) else { return [] }
            return (form?.optionSets ?? []).map {
                Item(label: $0.name.value, kind: .value, detail: "option set of \($0.options.count) options", insertText: $0.name.value)
            }
        }
        return closedValues(key: key, in: role, mapping: mapping).map {
            Item(label: $0.text, kind: .value, detail: nil, insertText: $0.text, isJSONLiteral: $0.isLiteral)
        }
    }

    /// A value of a closed set, and whether it is a boolean or number (in JSON,
    /// written without quotes) rather than a string.
    struct ClosedValue: Equatable {
        var text: String
        var isLiteral = false
    }

    /// The values `key` may take in `mapping`, when they form a closed set: from the
    /// vocabulary's entry for the key at that place (a kind's own `style` words, a
    /// date's `mode`), or a segment's or picker's option values for `default`.
    func closedValues(key: String, in role: SyntaxIndex.MappingRole, mapping: NodeID) -> [ClosedValue] {
        func spec(_ keys: [KeySpec]) -> KeySpec? { keys.first { $0.name.description == key } }
        let shape: ValueShape?
        switch role {
        case .document: shape = spec(FormVocabulary.document)?.value
        case .element(let kind?): shape = FormVocabulary.kind(ElementKind.keywords[kind]).flatMap { spec($0.allKeys) }?.value
        case .element(nil):
            // No kind yet: the values only when every kind that has the key agrees.
            let sets = FormVocabulary.kinds.compactMap { spec($0.allKeys) }.map { values(of: $0.value, element: mapping) }
            guard let first = sets.first, sets.allSatisfy({ $0 == first }) else { return [] }
            return first
        case .option: shape = spec(FormVocabulary.segmentOption)?.value
        case .insets: shape = spec(FormVocabulary.insets)?.value
        case .layout: shape = spec(FormVocabulary.layout)?.value
        case .rule, .unknown: shape = nil
        }
        return shape.map { values(of: $0, element: mapping) } ?? []
    }

    /// The values of a closed shape; empty for an open one (text, a number).
    func values(of shape: ValueShape, element: NodeID) -> [ClosedValue] {
        switch shape {
        case .word(let words): words.map { ClosedValue(text: $0) }
        case .boolean: ["true", "false"].map { ClosedValue(text: $0, isLiteral: true) }
        case .constant(let value): [ClosedValue(text: String(value), isLiteral: true)]
        case .optionValue: optionValues(ofElement: element).map { ClosedValue(text: $0) }
        case .orNothing(let inner): values(of: inner, element: element)
        case .anyOf(let shapes): shapes.flatMap { values(of: $0, element: element) }
        default: []
        }
    }

    /// A segment's, picker's or multiChoice's option values: those of its `options`
    /// list, or of the shared set its `options` names (SPEC §16), as the form's
    /// top-level `options` writes it (or, where this text has no such set, as the
    /// analysed form has it).
    func optionValues(ofElement mapping: NodeID) -> [String] {
        guard let options = tree.entries(mapping).first(where: { tree.text($0.key) == "options" })?.value else { return [] }
        if tree.isSequence(options) { return optionValues(ofList: options) }
        guard let name = tree.text(options), !name.isEmpty else { return [] }
        if tree.isMapping(tree.root),
           let sets = tree.entries(tree.root).first(where: { tree.text($0.key) == "options" })?.value, tree.isMapping(sets),
           let set = tree.entries(sets).first(where: { tree.text($0.key) == name })?.value, tree.isSequence(set) {
            return optionValues(ofList: set)
        }
        return form?.optionSets.first { $0.name.value == name }?.options.map(\.value.value) ?? []
    }

    /// The values of a list of options: a scalar's text, a mapping's `value`.
    private func optionValues(ofList options: NodeID) -> [String] {
        tree.items(options).compactMap { option in
            if tree.isMapping(option) {
                return tree.entries(option).first { tree.text($0.key) == "value" }.flatMap { tree.text($0.value) }
            }
            return tree.text(option)
        }
    }

    /// The id of the field a rule mapping belongs to.
    func ownerFieldID(ofRule rule: NodeID) -> String? {
        guard let list = syntax.parent(rule), let element = syntax.parent(list), let kind = syntax.kindIndex(of: element) else { return nil }
        return tree.entries(element).first { syntax.kindKeyIndex($0.key) == kind }.flatMap { tree.text($0.value) }
    }

}
