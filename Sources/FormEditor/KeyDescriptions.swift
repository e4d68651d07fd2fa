import FormModel

/// One line about each key, element kind and rule, for hover and completion: the
/// descriptions of `FormVocabulary`, the table the decoder and `formc schema`
/// read, so an editor says what the schema says.
enum KeyDescriptions {
    static let documentKeys = descriptions(FormVocabulary.document)

    static let kinds: [String: String] = Dictionary(
        FormVocabulary.kinds.map { ($0.keyword.description, $0.summary) }, uniquingKeysWith: { first, _ in first }
    )

    static let rules: [String: String] = Dictionary(
        FormVocabulary.rules.map { ($0.name.description, $0.summary) }
            + [(FormVocabulary.ruleMessage.name.description, FormVocabulary.ruleMessage.summary),
               (FormVocabulary.ruleDebounce.name.description, FormVocabulary.ruleDebounce.summary),
               (FormVocabulary.ruleWhen.name.description, FormVocabulary.ruleWhen.summary)],
        uniquingKeysWith: { first, _ in first }
    )

    /// The description of `key` in a mapping of `role`.
    static func describe(_ key: String, in role: SyntaxIndex.MappingRole) -> String? {
        switch role {
        case .document: return documentKeys[key]
        case .element(let kind):
            if let description = kinds[key] { return description }
            if let kind, kind < ElementKind.keywords.count, let spec = FormVocabulary.kind(ElementKind.keywords[kind]) {
                return spec.allKeys.first { $0.name.description == key }?.summary
            }
            // An element whose kind is not known yet: the key as any kind has it.
            return FormVocabulary.kinds.lazy.compactMap { $0.allKeys.first { $0.name.description == key }?.summary }.first
        case .rule: return rules[key]
        case .option: return descriptions(FormVocabulary.segmentOption)[key]
        case .insets: return descriptions(FormVocabulary.insets)[key]
        case .layout: return descriptions(FormVocabulary.layout)[key]
        case .unknown: return nil
        }
    }

    private static func descriptions(_ keys: [KeySpec]) -> [String: String] {
        Dictionary(keys.map { ($0.name.description, $0.summary) }, uniquingKeysWith: { first, _ in first })
    }
}
