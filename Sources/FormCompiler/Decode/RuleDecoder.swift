/// Reads a field's `rules` list (SPEC §6.1): each item is a rule name, or a mapping
/// of one rule key to its parameter plus an optional `message`. Whether a rule
/// applies to the field, and how rules relate, is the checker's business.
enum RuleDecoder {
    static func rules(_ node: Node, reader: inout ValueReader) -> [RuleDecl] {
        guard reader.acceptTag(of: node, allowString: false) else { return [] }
        guard let items = node.sequence else {
            var help: [String] = []
            if let text = node.scalar?.text, !text.isEmpty { help.append("write 'rules: [\(text)]'") }
            reader.diagnostics.error(.wrongType, "expected a list of rules, found \(node.kindDescription)", at: node.range, help: help)
            return []
        }
        return items.compactMap { rule($0, reader: &reader) }
    }

    static func rule(_ item: Node, reader: inout ValueReader) -> RuleDecl? {
        guard reader.acceptTag(of: item, allowString: false) else { return nil }
        switch item.content {
        case .scalar(let scalar):
            let name = scalar.text
            guard RuleKind.names.contains(name) else {
                reportUnknown(name, at: item.range, reader: &reader)
                return nil
            }
            guard RuleKind.parameterless.contains(name) else {
                reader.diagnostics.error(
                    .invalidRuleParameter, "rule '\(name)' needs a parameter", at: item.range,
                    help: ["write '- \(name): \(example(for: name))'"]
                )
                return nil
            }
            return RuleDecl(kind: parameterless(name), range: item.range, nameRange: item.range)

        case .mapping(let entries):
            let ruleEntries = entries.filter { $0.key.scalar?.text != "message" }
            guard let entry = ruleEntries.first, let name = entry.key.scalar?.text else {
                reader.diagnostics.error(
                    .missingKey, "rule item has a message but no rule", at: item.range,
                    help: ["put the message beside its rule: '- { minLength: 8, message: Too short }'"]
                )
                return nil
            }
            for extra in ruleEntries.dropFirst() {
                let extraName = extra.key.scalar?.text ?? ""
                reader.diagnostics.error(
                    .unknownKey, "unexpected key '\(extraName)' in the rule '\(name)'", at: extra.key.range,
                    help: RuleKind.names.contains(extraName)
                        ? ["write each rule as its own list item: '- \(extraName): …'"]
                        : Suggestions.didYouMean(extraName, in: ["message"])
                )
            }
            guard RuleKind.names.contains(name) else {
                reportUnknown(name, at: entry.key.range, reader: &reader)
                return nil
            }
            let message = entries.first { $0.key.scalar?.text == "message" }.flatMap { reader.string($0.value, "message") }
            let parameter = entry.value
            let kind: RuleKind?
            switch name {
            case "required", "email", "url":
                // `- required: true` reads naturally; anything else is a mistake.
                if let scalar = parameter.scalar, scalar.style == .plain, scalar.text == "true" || scalar.text.isEmpty {
                    kind = parameterless(name)
                } else {
                    reader.diagnostics.error(
                        .invalidRuleParameter, "rule '\(name)' takes no parameter", at: parameter.range,
                        help: ["write '- \(name)'"]
                    )
                    kind = nil
                }
            case "minLength", "maxLength":
                let count = reader.count(parameter, "the \(name) parameter", invalidCode: .invalidRuleParameter)
                kind = count.map { name == "minLength" ? .minLength($0.value) : .maxLength($0.value) }
            case "pattern":
                kind = reader.string(parameter, "the pattern").map { .pattern($0.value) }
            case "sameAs":
                kind = reader.string(parameter, "the sameAs field id").map { .sameAs($0.value) }
            default:
                kind = reader.string(parameter, "the custom validator name").map { .custom($0.value) }
            }
            guard let kind else { return nil }
            return RuleDecl(
                kind: kind, message: message, range: item.range, nameRange: entry.key.range,
                parameterRange: parameter.range, parameterStyle: parameter.scalar?.style
            )

        case .sequence:
            reader.diagnostics.error(.wrongType, "expected a rule, found a list", at: item.range)
            return nil
        }
    }

    private static func parameterless(_ name: String) -> RuleKind {
        switch name {
        case "required": .required
        case "email": .email
        default: .url
        }
    }

    private static func example(for name: String) -> String {
        switch name {
        case "minLength", "maxLength": "8"
        case "pattern": "'[0-9]+'"
        case "sameAs": "password"
        default: "checkUsername"
        }
    }

    private static func reportUnknown(_ name: String, at range: SourceRange, reader: inout ValueReader) {
        reader.diagnostics.error(
            .unknownRule, "unknown rule '\(name)'", at: range,
            help: Suggestions.didYouMeanOrList(name, in: RuleKind.names, listing: "the rules are")
        )
    }
}
