import FormSource
import FormSyntax

/// Reads a field's `rules` list (SPEC §6.1): each item is a rule name, or a mapping
/// of one rule key to its parameter plus an optional `message`. Whether a rule
/// applies to the field, and how rules relate, is the checker's business.
enum RuleDecoder {
    /// `RuleKind.names`, in the same order, for comparing with a scalar's bytes.
    static let names: [StaticString] = [
        "required", "minLength", "maxLength", "pattern", "email", "url", "sameAs", "custom", "min", "max", "minCount", "maxCount",
    ]

    /// Whether each of `RuleKind.names` is in `RuleKind.parameterless`, computed once.
    private static let isParameterless = RuleKind.names.map { RuleKind.parameterless.contains($0) }

    /// The index in `RuleKind.names` of the rule a scalar names, if it names one.
    private static func ruleIndex(_ node: NodeID, in tree: SyntaxTree) -> Int? {
        names.firstIndex { tree.textEquals(node, $0) }
    }

    /// A key a rule's mapping has beside the rule.
    private enum BesideKey {
        case message, when, debounce
    }

    /// Whether a condition's text reads the same written in a help's example, as
    /// a plain scalar in a YAML flow mapping and inside a JSON string: a name or
    /// an expression of names, numbers, parentheses, spaces and comparisons.
    private static func isCopyableCondition(_ text: String) -> Bool {
        guard text.utf8.count <= 60, let first = text.unicodeScalars.first,
              first == "_" || (first.isASCII && first.properties.isAlphabetic),
              text.last != " " else { return false }
        return text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_ ()!=<>.".unicodeScalars.contains(scalar))
        }
    }

    /// Which key beside the rule `key` is, if it is one.
    private static func besideKey(_ key: NodeID, in tree: SyntaxTree) -> BesideKey? {
        if tree.textEquals(key, "message") { return .message }
        if tree.textEquals(key, "when") { return .when }
        if tree.textEquals(key, "debounce") { return .debounce }
        return nil
    }

    /// FC101 for each key of the rule mapping `item` that is neither its rule (`rule`,
    /// whose index in `names` is `index` when it is one) nor beside it.
    private static func reportExtraKeys(of item: NodeID, besideRule rule: NodeID?, index: Int?, reader: inout ValueReader) {
        let tree = reader.tree
        let entries = tree.entries(item)
        let name = index.map { RuleKind.names[$0] } ?? rule.flatMap { tree.text($0) } ?? ""
        // The keys of this rule's mapping: the rule's own (when it is one) and those beside it.
        let keys = (index == nil ? [] : [name]) + ["message", "when"] + (name == "custom" ? ["debounce"] : [])
        for entry in entries where entry.key != rule && besideKey(entry.key, in: tree) == nil {
            let extraName = tree.text(entry.key) ?? ""
            let meantKey = Suggestions.closest(to: extraName, in: keys)
            // A misspelling of a key the mapping has already is no key to suggest.
            let given = meantKey.flatMap { meant in entries.contains { tree.text($0.key) == meant } ? meant : nil }
            // Another rule, or a misspelling of one, is an item of its own.
            let otherRule: String? = if RuleKind.names.contains(extraName) {
                extraName
            } else if meantKey != nil {
                nil
            } else {
                Suggestions.closest(to: extraName, in: RuleKind.names)
            }
            let help: [DiagnosticHelp] = if let otherRule {
                (otherRule == extraName ? [] : [.didYouMean(otherRule)])
                    + [reader.isJSON ? "write each rule as its own item of the list: {\"\(otherRule)\": …}" : "write each rule as its own list item: '- \(otherRule): …'"]
            } else if let given {
                ["'\(given)' is given already: remove '\(extraName)', or merge the two"]
            } else {
                Suggestions.didYouMean(extraName, in: keys) + ["the keys of the rule '\(name)' are: \(keys.joined(separator: ", "))"]
            }
            reader.diagnostics.error(.unknownKey, "unknown key '\(extraName)' in the rule '\(name)'", at: tree.range(entry.key), help: help)
        }
    }

    /// `unreadConditions` gets the `when` of each rule that could not be read (an
    /// unknown rule, a bad parameter): the checker checks it as any other, so that
    /// its mistakes show beside the rule's.
    static func rules(_ node: NodeID, reader: inout ValueReader, unreadConditions: inout [Condition]) -> [RuleDecl] {
        let tree = reader.tree
        guard reader.acceptTag(of: node, allowString: false) else { return [] }
        guard tree.isSequence(node) else {
            var help: [DiagnosticHelp] = []
            // `rules: required` (or `required, email`): the names in a list.
            // FormKit's `required|email` too.
            let names = tree.text(node)?.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "," || $0 == "|" }).map(trimmed) ?? []
            if !names.isEmpty, names.allSatisfy({ RuleKind.names.contains($0) }) {
                help.append(
                    reader.isJSON
                        ? .write(#"["\#(names.joined(separator: #"", ""#))"]"#, line: #"write "rules": ["\#(names.joined(separator: #"", ""#))"]"#)
                        : .write("[\(names.joined(separator: ", "))]", line: "write 'rules: [\(names.joined(separator: ", "))]'")
                )
            }
            if help.isEmpty, tree.isMapping(node), let first = tree.entries(node).first.flatMap({ tree.text($0.key) }),
               RuleKind.names.contains(first) {
                // `rules: { min: 0 }`: one rule, which is an item of the list.
                let key = reader.isJSON ? #""rules": "# : "rules: "
                help.append(
                    Self.asListItems(node, in: tree, isJSON: reader.isJSON).map { .write($0, line: "each rule is an item of the list: \(key)\($0)") }
                        ?? (reader.isJSON ? #"each rule is an item of the list: "rules": [{"\#(first)": …}]"# : "each rule is an item of the list: rules: [{ \(first): … }]")
                )
            }
            if help.isEmpty {
                help.append(reader.isJSON ? #"write the rules as a list: "rules": ["required"]"# : "write the rules as a list: rules: [required]")
            }
            reader.diagnostics.error(
                .wrongType, "expected a list of rules, found \(reader.isMissingValue(node) ? "nothing" : tree.kindDescription(node))",
                at: tree.range(node), help: help
            )
            return []
        }
        let items = tree.items(node)
        var rules: [RuleDecl] = []
        rules.reserveCapacity(items.count)
        for item in items {
            if let rule = rule(item, reader: &reader, unreadConditions: &unreadConditions) { rules.append(rule) }
        }
        return rules
    }

    /// `[{ min: 0 }]` for the mapping `{ min: 0 }` of `rules`, whose values are all
    /// scalars, written as the file's syntax reads it back: each rule an item of
    /// its own (`{ min: 0, max: 9 }` is two), or one rule with its `message` and
    /// `when`; nil for another.
    private static func asListItems(_ node: NodeID, in tree: SyntaxTree, isJSON: Bool) -> String? {
        var rules: [String] = []
        var others: [String] = []
        for entry in tree.entries(node) {
            guard let key = tree.text(entry.key), let value = tree.text(entry.value) else { return nil }
            let member: String
            let parameterless = RuleKind.names.firstIndex(of: key).map { isParameterless[$0] } ?? false
            if value.isEmpty || (parameterless && tree.style(entry.value) == .plain && ValueReader.booleanSpelled(by: value) == true) {
                // `required: true` (React Hook Form's) is the rule by its name.
                member = isJSON ? "\"\(key)\": null" : key
            } else if parameterless, let text = meantMessage(entry.value, in: tree, isJSON: isJSON) {
                // `required: Email is required` (React Hook Form's): the rule's message, or its condition,
                // unless the mapping has that key too.
                let (beside, members) = ruleMembers(key, parameter: nil, with: text, isJSON: isJSON)
                if tree.entries(node).contains(where: { tree.text($0.key) == beside }) { return nil }
                member = members
            } else {
                let written = isJSON
                    ? (tree.style(entry.value) == .plain ? value : YAMLPlain.doubleQuoted(value))
                    : YAMLPlain.literal(value)
                member = isJSON ? "\"\(key)\": \(written)" : "\(key): \(written)"
            }
            if RuleKind.names.contains(key) { rules.append(member) } else { others.append(member) }
        }
        let items: [[String]]
        switch (rules.count, others.isEmpty) {
        case (0, _): return nil
        case (1, _): items = [rules + others]
        case (_, true): items = rules.map { [$0] }
        default: return nil
        }
        let written = items.map { item in
            // A rule with no value and nothing beside it is its name alone.
            if item.count == 1, let name = item.first, isJSON ? name.hasSuffix(": null") : !name.contains(":") {
                return isJSON ? String(name.dropLast(": null".count)) : name
            }
            return isJSON ? "{\(item.joined(separator: ", "))}" : "{ \(item.joined(separator: ", ")) }"
        }
        return "[\(written.joined(separator: ", "))]"
    }

    static func rule(_ item: NodeID, reader: inout ValueReader, unreadConditions: inout [Condition]) -> RuleDecl? {
        let tree = reader.tree
        let range = tree.range(item)
        guard reader.acceptTag(of: item, allowString: false) else { return nil }
        switch tree.kind(item) {
        case .scalar:
            // In JSON a value keeps its type: a rule is a name (a string) or a mapping.
            if reader.isJSON, tree.style(item) == .plain {
                reader.diagnostics.error(
                    .wrongType, "expected a rule (its name, or a mapping), found \(SyntaxTree.describeJSONValue(tree.text(item) ?? ""))",
                    at: range, help: ["write a rule as \"required\" or {\"minLength\": 8}"]
                )
                return nil
            }
            guard let index = ruleIndex(item, in: tree) else {
                reportUnknown(tree.text(item) ?? "", at: range, style: tree.style(item), reader: &reader)
                return nil
            }
            guard isParameterless[index] else {
                let name = RuleKind.names[index]
                reader.diagnostics.error(
                    .invalidRuleParameter, "rule '\(name)' needs a parameter", at: range,
                    help: [reader.isJSON ? #"write {"\#(name)": \#(jsonExample(for: name))}"# : "write '- \(name): \(example(for: name))'"]
                )
                return nil
            }
            return RuleDecl(kind: parameterless(index), range: range, nameRange: range)

        case .mapping:
            // The first key other than `message`, `when` and `debounce` names the rule, unless
            // a later key is a rule and it is not (`{ mesage: Hi, minLength: 2 }`: a misspelt
            // `message`); any further key is a mistake.
            let entries = tree.entries(item)
            var ruleEntry: (key: NodeID, value: NodeID)?
            var messageEntry: (key: NodeID, value: NodeID)?
            var debounceEntry: (key: NodeID, value: NodeID)?
            var whenEntry: (key: NodeID, value: NodeID)?
            var others = 0
            for entry in entries {
                switch besideKey(entry.key, in: tree) {
                case .message:
                    if messageEntry == nil { messageEntry = entry }
                case .when:
                    if whenEntry == nil { whenEntry = entry }
                case .debounce:
                    if debounceEntry == nil { debounceEntry = entry }
                case nil:
                    others += 1
                    if ruleEntry == nil { ruleEntry = entry }
                }
            }
            var index = ruleEntry.flatMap { ruleIndex($0.key, in: tree) }
            if index == nil {
                // Another library's shape of a rule, whose first key is none.
                if let (key, help) = Self.surveyJSValidatorHelp(item, in: tree, isJSON: reader.isJSON) {
                    reader.diagnostics.error(.unknownRule, "unknown rule 'type'", at: tree.range(key), help: [help])
                    return nil
                }
                if let (key, help) = Self.yupWhenHelp(item, in: tree, isJSON: reader.isJSON) {
                    reader.diagnostics.error(.unknownRule, "the rule is missing: 'when', 'is' and 'then' are Yup's", at: tree.range(key), help: [help])
                    return nil
                }
            }
            if others > 1 {
                // A first key that is no rule, but no misspelling of one either, is a
                // misspelt `message` or another stray key beside a later rule, or a
                // later misspelling of one (`{ mesage: Hi, mnLength: 2 }`).
                if index == nil, let first = ruleEntry.flatMap({ tree.text($0.key) }),
                   Suggestions.closest(to: first, in: RuleKind.names) == nil {
                    let candidates = entries.filter { Self.besideKey($0.key, in: tree) == nil && $0.key != ruleEntry?.key }
                    if let later = candidates.first(where: { ruleIndex($0.key, in: tree) != nil }) {
                        ruleEntry = later
                        index = ruleIndex(later.key, in: tree)
                    } else if let later = candidates.first(where: { entry in
                        tree.text(entry.key).flatMap { Suggestions.closest(to: $0, in: RuleKind.names) } != nil
                    }) {
                        ruleEntry = later
                    }
                }
                reportExtraKeys(of: item, besideRule: ruleEntry?.key, index: index, reader: &reader)
            }
            let name = index.map { RuleKind.names[$0] } ?? ruleEntry.flatMap { tree.text($0.key) } ?? ""
            // Read whether or not the rule can be: their own mistakes are reported either way.
            let message = messageEntry.flatMap { reader.string($0.value, "message") }
            let when = whenEntry.flatMap { reader.condition($0.value, "when") }
            guard let entry = ruleEntry else {
                if let when { unreadConditions.append(when) }
                if messageEntry == nil, let whenEntry {
                    // The item's own condition in the example, when it can be copied as it is written.
                    let isString = !(reader.isJSON && tree.style(whenEntry.value) == .plain)
                    let condition = tree.text(whenEntry.value).flatMap { isString && Self.isCopyableCondition($0) ? $0 : nil } ?? "contactByPhone"
                    reader.diagnostics.error(
                        .missingKey, "rule item has a condition but no rule", at: range,
                        help: [reader.isJSON ? #"put the condition beside its rule: {"required": true, "when": "\#(condition)"}"#
                            : "put the condition beside its rule: '- { required: true, when: \(condition) }'"]
                    )
                } else if messageEntry != nil {
                    reader.diagnostics.error(
                        .missingKey, "rule item has a message but no rule", at: range,
                        help: [reader.isJSON ? #"put the message beside its rule: {"minLength": 8, "message": "Too short"}"#
                            : "put the message beside its rule: '- { minLength: 8, message: Too short }'"]
                    )
                } else {
                    reader.diagnostics.error(
                        .missingKey, "rule item has no rule", at: range,
                        help: [reader.isJSON ? #"name the rule in the item, by itself or with its parameter: "required", {"minLength": 8}"#
                            : "name the rule in the item, by itself or with its parameter: '- required', '- { minLength: 8 }'"]
                    )
                }
                return nil
            }
            let nameRange = tree.range(entry.key)
            guard let index else {
                reportUnknown(name, at: nameRange, style: tree.style(entry.key), isKey: true, reader: &reader)
                if let when { unreadConditions.append(when) }
                return nil
            }
            let parameter = entry.value
            let parameterRange = tree.range(parameter)
            // `minLength: [8, Too short]`, Yup's `min(8, '…')`, or `minLength: { value: 8, message: Too short }`,
            // React Hook Form's: the parameter and the rule's message.
            if tree.kind(parameter) != .scalar, !isParameterless[index], messageEntry == nil, whenEntry == nil,
               let (valueNode, messageNode) = Self.parameterAndMessage(parameter, in: tree),
               let value = Self.scalarAsWritten(valueNode, in: tree, isJSON: reader.isJSON),
               let message = Self.meantMessage(messageNode, in: tree, isJSON: reader.isJSON) {
                reader.diagnostics.error(
                    .wrongType, "expected one value for the \(name) parameter, found \(tree.isSequence(parameter) ? "a list" : "a mapping")",
                    at: parameterRange,
                    help: [Self.messageHelp(message, rule: name, parameter: value, isJSON: reader.isJSON)]
                )
                if let when { unreadConditions.append(when) }
                return nil
            }
            let kind: RuleKind?
            switch index {
            case _ where isParameterless[index]:
                // No parameter: YAML's null (`~`, `null`, or nothing) or JSON's `null`. `required`
                // alone also takes `true` (`- { required: true, when: … }`, SPEC §16), and its
                // `false` reads as "not required"; any other value is a mistake.
                let takesTrue = index == Index.required
                /// `required`'s message for a value that is neither `true` nor none.
                let takesTrueOrNothing = { "rule '\(name)' takes 'true' or no value in its mapping form, found \(tree.kindDescription(parameter))" }
                if tree.style(parameter) == .plain,
                   (takesTrue && tree.textEquals(parameter, "true")) || tree.isEmptyScalar(parameter) || Self.isNull(parameter, in: tree) {
                    kind = parameterless(index)
                } else if takesTrue, tree.style(parameter) != nil, let text = tree.text(parameter),
                          ValueReader.booleanSpelled(by: text) == false {
                    // `required: false` (or `no`, `"false"`) reads as "not required": say how to get that.
                    reader.diagnostics.error(
                        .wrongType, takesTrueOrNothing(), at: parameterRange,
                        help: [reader.isJSON ? #"to make the field optional, remove the rule; to require it sometimes, write {"required": true, "when": …}"#
                            : "to make the field optional, remove the rule; to require it sometimes, write '{ required: true, when: … }'"]
                    )
                    kind = nil
                } else if takesTrue, tree.style(parameter) != nil, let text = tree.text(parameter),
                          ValueReader.booleanSpelled(by: text) == true {
                    if tree.style(parameter) == .plain || text == "true" {
                        // `yes`, `True`, `"true"`: `true` misspelt, which the reader explains.
                        _ = reader.bool(parameter, "rule '\(name)'")
                    } else {
                        // `"yes"`: no boolean in any spelling, and `false` is no choice here.
                        reader.diagnostics.error(
                            .wrongType, takesTrueOrNothing(), at: parameterRange,
                            help: [.write("true", line: "write true", title: "Write true")]
                        )
                    }
                    kind = nil
                } else {
                    // Keep what the mapping holds beside the rule in the fix: `required: { when: … }`
                    // or `{ required: 3, when: … }` means `{ required: true, when: … }`.
                    let keepsMore = whenEntry != nil || messageEntry != nil
                        || (tree.isMapping(parameter) && tree.entries(parameter).contains {
                            tree.textEquals($0.key, "when") || tree.textEquals($0.key, "message")
                        })
                    // `email: false` (or `no`) reads as "no email rule": say how to get that.
                    let meansOff = tree.style(parameter) != nil && tree.text(parameter).map { ValueReader.booleanSpelled(by: $0) == false } == true
                    // `email: Enter a valid email`: Yup's `email('…')`, the rule's own message.
                    let meantMessage = messageEntry == nil && whenEntry == nil && !meansOff
                        ? Self.meantMessage(parameter, in: tree, isJSON: reader.isJSON) : nil
                    let help: DiagnosticHelp = switch (keepsMore, takesTrue, reader.isJSON) {
                    case _ where meansOff: "to drop the rule, remove it"
                    case _ where meantMessage != nil:
                        Self.messageHelp(meantMessage!, rule: name, parameter: nil, isJSON: reader.isJSON)
                    case (false, _, false): "write the rule as its name alone: \(name)"
                    case (false, _, true): "write \"\(name)\""
                    case (true, true, false): "write 'when' and 'message' beside the rule's name: '- { \(name): true, when: … }'"
                    case (true, true, true): "write \"when\" and \"message\" beside the rule's name: {\"\(name)\": true, \"when\": …}"
                    case (true, false, false): "give the rule no value, with 'when' and 'message' beside it: '{ \(name), message: … }'"
                    case (true, false, true): "give the rule no value, with \"when\" and \"message\" beside it: {\"\(name)\": null, \"message\": …}"
                    }
                    let onlyRequired = !takesTrue && tree.style(parameter) == .plain && tree.textEquals(parameter, "true")
                    let message = if takesTrue {
                        takesTrueOrNothing()
                    } else if onlyRequired {
                        "rule '\(name)' takes no parameter; only 'required' takes 'true'"
                    } else {
                        "rule '\(name)' takes no parameter"
                    }
                    reader.diagnostics.error(.invalidRuleParameter, message, at: parameterRange, help: [help])
                    kind = nil
                }
            case Index.minLength, Index.maxLength:
                let count = reader.count(parameter, "the \(name) parameter", invalidCode: .invalidRuleParameter)
                kind = count.map { index == Index.minLength ? .minLength($0.value) : .maxLength($0.value) }
            case Index.pattern:
                kind = reader.string(parameter, "the pattern").map { .pattern($0.value) }
            case Index.sameAs:
                kind = reader.string(parameter, "the sameAs field id", as: .name(upper: false)).map { .sameAs($0.value) }
            case Index.min, Index.max:
                // A number, a date, a time or `today…`: the field's kind decides (the checker).
                // A lowerCamelCase name is another field (SPEC §16), which the checker resolves;
                // a Boolean or null, in YAML or JSON, is neither (and no field is named so).
                let expected = "a number, a date, a time or a field id"
                if let found = Self.booleanOrNull(parameter, in: tree) {
                    reader.diagnostics.error(
                        .wrongType, "expected \(expected) for the \(name) parameter, found \(found)", at: parameterRange,
                        help: ["write the bound as the field's values are written (a number; a date, a time or today-18y, in quotes in JSON), or the id of another field of its kind"]
                    )
                    kind = nil
                    break
                }
                let literal = reader.literal(parameter, "the \(name) parameter", expected: expected)
                kind = literal.map {
                    RuleKind.isFieldBound($0.value)
                        ? (index == Index.min ? .minField($0.value) : .maxField($0.value))
                        : (index == Index.min ? .min($0.value) : .max($0.value))
                }
            case Index.minCount, Index.maxCount:
                let count = reader.count(parameter, "the \(name) parameter", invalidCode: .invalidRuleParameter)
                kind = count.map { index == Index.minCount ? .minCount($0.value) : .maxCount($0.value) }
            default:
                kind = reader.string(parameter, "the custom validator name", as: .name(upper: false)).map { .custom($0.value) }
            }
            guard let kind else {
                if let when { unreadConditions.append(when) }
                return nil
            }
            var rule = RuleDecl(
                kind: kind, message: message, range: range, nameRange: nameRange,
                parameterRange: parameterRange, parameterStyle: tree.style(parameter)
            )
            rule.when = when
            if let debounceEntry { rule.debounce = debounce(debounceEntry, of: name, reader: &reader) }
            return rule

        case .sequence:
            reader.diagnostics.error(
                .wrongType, "expected a rule, found a list", at: range,
                help: [
                    reader.isJSON
                        ? #"write each rule as one item of the rules list, by its name or as an object: "rules": ["required", {"minLength": 8}]"#
                        : "write each rule as one item of the rules list, by its name or as a mapping: rules: [required, { minLength: 8 }]",
                ]
            )
            return nil
        }
    }

    /// The most milliseconds a `debounce` may wait (SPEC §15.2).
    static let maximumDebounce = 10_000

    /// The help for a rule given its message where its parameter goes: a string
    /// for a rule without a parameter (`{ email: Enter a valid email }`, Yup's
    /// `email('…')`), or a list of the parameter and a string (`{ minLength: [8,
    /// Too short] }`, Yup's `min(8, '…')`). The string is the rule's `message`,
    /// or its `when` where it reads as a condition (`{ required: "country ==
    /// 'us'" }`, `readsAsCondition`). `parameter`: the parameter as the file
    /// writes it, nil for none. In JSON the fix writes it so; in YAML the mapping
    /// may be a block one, where the same edit would be text, so the help only
    /// shows it.
    static func messageHelp(_ text: String, rule: String, parameter: String?, isJSON: Bool) -> DiagnosticHelp {
        let (key, members) = ruleMembers(rule, parameter: parameter, with: text, isJSON: isJSON)
        let what = key == "when" ? "a rule applies sometimes by its \"when\"" : "a rule's own message is its \"message\""
        if isJSON {
            // The fix replaces the parameter: what follows the rule's key.
            let written = String(members.dropFirst("\"\(rule)\": ".count))
            return .write(
                written, line: "\(what): write {\(members)}",
                title: key == "when" ? "Make it the rule's condition" : "Make it the rule's message"
            )
        }
        return DiagnosticHelp("\(what.replacing("\"", with: "'")): write '{ \(members) }'")
    }

    /// A rule's mapping members, without the braces, with `text` beside the rule:
    /// as its `when` where it reads as a condition (`readsAsCondition`), else as
    /// its `message`; and which of the two. `parameter` is the rule's as the file
    /// writes it; nil for none, which `required` writes as `true`
    /// (`required: true, message: Fill it in`, `email, when: news`).
    static func ruleMembers(_ rule: String, parameter: String?, with text: String, isJSON: Bool) -> (key: String, members: String) {
        let key = readsAsCondition(text) ? "when" : "message"
        let parameter = parameter ?? (rule == "required" ? "true" : nil)
        if isJSON {
            return (key, "\"\(rule)\": \(parameter ?? "null"), \"\(key)\": \(YAMLPlain.doubleQuoted(text))")
        }
        let shown = YAMLPlain.isSafe(text) ? text : YAMLPlain.doubleQuoted(text)
        return (key, "\(parameter.map { "\(rule): \($0)" } ?? rule), \(key): \(shown)")
    }

    /// Whether a string written where a rule's parameter goes reads as a
    /// condition: it parses as one (SPEC §7), and is more than one word in
    /// capitals (`Required` is a message; `news`, `country == 'us'` conditions).
    static func readsAsCondition(_ text: String) -> Bool {
        guard case .success(let syntax) = ConditionParser.parse(text) else { return false }
        if case .identifier(let id) = syntax.kind { return SwiftNaming.isLowerCamelCase(id) }
        return true
    }

    /// The parameter and the message written in a rule's parameter: a list of
    /// the two (`[8, Too short]`), or a mapping of `value` and `message`.
    static func parameterAndMessage(_ node: NodeID, in tree: SyntaxTree) -> (value: NodeID, message: NodeID)? {
        if tree.isSequence(node), tree.items(node).count == 2 {
            return (tree.items(node)[0], tree.items(node)[1])
        }
        let entries = tree.entries(node)
        guard tree.isMapping(node), entries.count == 2,
              let value = entries.first(where: { tree.textEquals($0.key, "value") }),
              let message = entries.first(where: { tree.textEquals($0.key, "message") }) else { return nil }
        return (value.value, message.value)
    }

    /// The text of a scalar that reads as a message: not empty, no Boolean, no
    /// number, and in JSON a string; else nil.
    static func meantMessage(_ node: NodeID, in tree: SyntaxTree, isJSON: Bool) -> String? {
        guard let style = tree.style(node), !isJSON || style == .doubleQuoted, let text = tree.text(node), !text.isEmpty,
              ValueReader.booleanSpelled(by: text) == nil, ValueReader.plainNumber(text) == nil else { return nil }
        return text
    }

    /// A scalar as the file writes it (quoted where it needs quotes), or nil for a
    /// collection.
    static func scalarAsWritten(_ node: NodeID, in tree: SyntaxTree, isJSON: Bool) -> String? {
        guard let style = tree.style(node), let text = tree.text(node) else { return nil }
        if isJSON { return style == .doubleQuoted ? YAMLPlain.doubleQuoted(text) : text }
        return style == .plain || YAMLPlain.isSafe(text) ? text : YAMLPlain.doubleQuoted(text)
    }

    /// A custom rule's `debounce`: an integer from 0 to 10000 milliseconds; on any
    /// other rule, or out of range, FC402.
    private static func debounce(_ entry: (key: NodeID, value: NodeID), of name: String, reader: inout ValueReader) -> Located<Int>? {
        let tree = reader.tree
        guard name == "custom" else {
            reader.diagnostics.error(
                .invalidRuleParameter, "'debounce' applies only to custom rules, not to '\(name)'", at: tree.range(entry.key),
                help: [.remove("debounce", line: "remove 'debounce': the built-in rules run at once")]
            )
            return nil
        }
        if let text = tree.text(entry.value), text.first?.isASCIIDigit == true, text.last?.isLetter == true {
            // A number with a unit after it: the value is always milliseconds, written bare.
            let unit = text.drop { $0.isASCIIDigit || $0 == " " }
            let amount = Int(text.prefix { $0.isASCIIDigit })
            let milliseconds = switch unit {
            case "ms": amount
            case "s": amount.flatMap { $0 <= maximumDebounce / 1000 ? $0 * 1000 : nil }
            default: nil as Int?
            }
            let example = milliseconds.map { $0 <= maximumDebounce ? reader.diagnostics.format.entry("debounce", "\($0)", quoted: false) : nil } ?? nil
            reader.diagnostics.error(
                .wrongType, "expected a number for debounce, found '\(text)'", at: tree.range(entry.value),
                help: [
                    "debounce is a whole number of milliseconds from 0 to \(maximumDebounce), without a unit\(example.map { ": \($0)" } ?? "")"
                ]
            )
            return nil
        }
        guard let count = reader.count(entry.value, "debounce", invalidCode: .invalidRuleParameter) else { return nil }
        guard count.value <= maximumDebounce else {
            reader.diagnostics.error(
                .invalidRuleParameter, "debounce must be at most \(maximumDebounce) milliseconds, found \(count.value)",
                at: count.range, help: ["write a wait from 0 to \(maximumDebounce) milliseconds, e.g. \(reader.isJSON ? #""debounce": 300"# : "'debounce: 300'")"]
            )
            return nil
        }
        return count
    }

    /// The positions in `names` of the rules the decoder tells apart by index.
    private enum Index {
        static let required = position("required")
        static let minLength = position("minLength")
        static let maxLength = position("maxLength")
        static let pattern = position("pattern")
        static let email = position("email")
        static let sameAs = position("sameAs")
        static let min = position("min")
        static let max = position("max")
        static let minCount = position("minCount")
        static let maxCount = position("maxCount")

        private static func position(_ name: String) -> Int { RuleKind.names.firstIndex(of: name)! }
    }

    /// YAML's null words (the core schema's `null`, `Null`, `NULL`, `~`), JSON's `null`
    /// among them: no parameter, for a rule that takes none.
    private static func isNull(_ node: NodeID, in tree: SyntaxTree) -> Bool {
        tree.textEquals(node, "null") || tree.textEquals(node, "~") || tree.textEquals(node, "Null") || tree.textEquals(node, "NULL")
    }

    /// What a plain `true`, `false` or null word is, as a message names it
    /// (`the boolean true`, `null`); nil for any other node.
    private static func booleanOrNull(_ node: NodeID, in tree: SyntaxTree) -> String? {
        // Most bounds are numbers, dates and field names: ruled out by their length
        // or first byte before any word is compared.
        guard tree.style(node) == .plain, tree.withText(node, { text in
            guard text.count <= 5, let first = text.first else { return false }
            switch first {
            case UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "~"):
                return true
            default:
                return false
            }
        }) else { return nil }
        if isNull(node, in: tree) { return "null" }
        for word: StaticString in ["true", "True", "TRUE", "false", "False", "FALSE"] where tree.textEquals(node, word) {
            return "the boolean \(word)"
        }
        return nil
    }

    /// The rule without a parameter at `index` in `names`.
    private static func parameterless(_ index: Int) -> RuleKind {
        switch index {
        case Index.required: .required
        case Index.email: .email
        default: .url
        }
    }

    /// `example(for:)` as a JSON value.
    private static func jsonExample(for name: String) -> String {
        let example = example(for: name)
        return ValueReader.isJSONNumber(example) ? example : YAMLPlain.doubleQuoted(example.hasPrefix("'") ? String(example.dropFirst().dropLast()) : example)
    }

    private static func trimmed(_ text: Substring) -> String {
        String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    private static func example(for name: String) -> String {
        switch name {
        case "minLength", "maxLength": "8"
        case "pattern": "'[0-9]+'"
        case "sameAs": "password"
        case "min", "max": "18"
        case "minCount", "maxCount": "1"
        default: "checkUsername"
        }
    }

    /// A rule's parameter and its condition written in words after its name
    /// (`required when b`, `minLength 3 if b`): the parameter before the word,
    /// empty for none, and the condition after it; nil without the word or a condition.
    private static func conditionInWords(_ parameter: Substring) -> (parameter: String, condition: String)? {
        for word in ["when", "if"] {
            let split: (Substring, Substring)? = if parameter.hasPrefix(word + " ") {
                (parameter.prefix(0), parameter.dropFirst(word.count + 1))
            } else if let range = parameter.firstRange(of: " " + word + " ") {
                (parameter[..<range.lowerBound], parameter[range.upperBound...])
            } else {
                nil
            }
            guard let (written, condition) = split else { continue }
            let trimmedCondition = trimmed(condition)
            return trimmedCondition.isEmpty ? nil : (trimmed(written), trimmedCondition)
        }
        return nil
    }

    /// The help for a rule written with its condition in words: the mapping that
    /// says it (SPEC §16), `{ required: true, when: b }` (`{ email, when: b }` for
    /// the other rules without a parameter), in the file's syntax. A rule that
    /// takes a parameter and was given none gets an example, and no edit.
    private static func conditionalRule(_ rule: String, parameter: String, condition: String, isJSON: Bool) -> DiagnosticHelp {
        let isParameterless = RuleKind.parameterless.contains(rule)
        // A parameterless rule's own word (`required true when b`) is not kept: its mapping form is fixed.
        let value = isParameterless ? (rule == "required" ? "true" : "") : parameter.isEmpty ? nil : ValueReader.plainNumber(parameter) ?? parameter
        let when = isJSON ? "\"when\": \(YAMLPlain.doubleQuoted(condition))" : "when: \(YAMLPlain.literal(condition))"
        let mapping = switch (isJSON, value) {
        case (true, ""): "{\"\(rule)\": null, \(when)}"
        case (true, let value): "{\"\(rule)\": \(value.map { ValueReader.isJSONNumber($0) || $0 == "true" ? $0 : YAMLPlain.doubleQuoted($0) } ?? jsonExample(for: rule)), \(when)}"
        case (false, ""): "{ \(rule), \(when) }"
        case (false, let value): "{ \(rule): \(value.map(YAMLPlain.literal) ?? example(for: rule)), \(when) }"
        }
        let line = "a rule that applies only while a condition holds is a mapping with 'when': \(mapping)"
        return value == nil ? DiagnosticHelp(line) : .write(mapping, line: line, title: "Write \(mapping)")
    }

    /// A parameter written in its own quotes after a rule's name (`pattern
    /// "^[0-9]{5}$"`, `sameAs 'password'`): the text inside them, which is what
    /// they quote (a single-quoted one's `''` is one `'`, a double-quoted one's
    /// `\\` and `\"` one character); else the text as it is.
    static func unquoted(_ parameter: Substring) -> String {
        guard parameter.count >= 2, let quote = parameter.first, quote == "\"" || quote == "'", parameter.last == quote else {
            return String(parameter)
        }
        let inner = parameter.dropFirst().dropLast()
        if quote == "'" { return String(inner).replacing("''", with: "'") }
        // Double quotes' escapes of a backslash and a quote; any other is the pattern's own (`\d`).
        var text = ""
        var escaped = false
        for character in inner {
            if escaped {
                if character != "\\" && character != "\"" { text.append("\\") }
                text.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                text.append(character)
            }
        }
        if escaped { text.append("\\") }
        return text
    }

    /// FC400, with a did-you-mean; a rule and its parameter run together
    /// (`minLength 3`, `maxLength:8`) is told how to write them apart: with ': '
    /// between them in YAML (the quotes off a quoted one), as a mapping in JSON.
    /// `isKey`: the name is the key of a rule's mapping (`{ "minLength 3": null, when: … }`).
    private static func reportUnknown(_ name: String, at range: SourceRange, style: ScalarStyle?, isKey: Bool = false, reader: inout ValueReader) {
        // A Unicode space (`minLength:` and a no-break space) parts them as a space would, and is named.
        let rule = name.prefix { $0 != ":" && !$0.isWhitespace }
        let parameter = name.dropFirst(rule.count).drop { $0 == ":" || $0.isWhitespace }
        let spaceNote = !RuleKind.names.contains(String(rule)) || parameter.isEmpty ? nil : UnicodeSpace.first(in: name).map {
            DiagnosticHelp("'\(rule)' and its parameter are parted by \($0.name), which is not white space in \(reader.isJSON ? "JSON" : "YAML")")
        }
        var help: [DiagnosticHelp]
        if RuleKind.names.contains(String(rule)), !isKey, let (written, condition) = conditionInWords(parameter) {
            help = [conditionalRule(String(rule), parameter: written, condition: condition, isJSON: reader.isJSON)]
        } else if RuleKind.names.contains(String(rule)), !parameter.isEmpty {
            // A number as formc reads one (`min +3` → `min: 3`); text that starts like a
            // number and spells none (`min 1.2.3`) gets no fix.
            let written = Self.unquoted(parameter)
            let isBound = rule == "min" || rule == "max"
            let takesNumber = isBound || ["minLength", "maxLength", "minCount", "maxCount"].contains(rule)
            let number = takesNumber ? ValueReader.plainNumber(written) : nil
            let startsLikeNumber = written.first.map { $0 == "+" || $0 == "-" || $0 == "." || $0.isASCIIDigit } ?? false
            let isDate = DateLiteral(written) != nil || TimeLiteral(written) != nil || DateTimeLiteral(written) != nil
            let isWritable = !takesNumber || number != nil || (isBound && (isDate || !startsLikeNumber))
            let value = number ?? YAMLPlain.doubleQuoted(written)
            let mapping = "{\"\(rule)\": \(value)}"
            let entry = "\(rule): \(number ?? YAMLPlain.literal(written))"
            func writing(_ text: String, line: String, title: String? = nil) -> DiagnosticHelp {
                isWritable ? .write(text, line: line, title: title) : DiagnosticHelp(line)
            }
            help = isKey ? [
                reader.isJSON ? #"write the rule's name as the key and its parameter as the value: {"\#(rule)": \#(value), …}"#
                    : "write the rule's name as the key and its parameter as the value: { \(entry), … }",
            ]
                : reader.isJSON ? [writing(mapping, line: "write the rule as a mapping: \(mapping)", title: "Write \(mapping)")]
                : style == .plain ? [writing(entry, line: "write the rule and its parameter with ': ' between them: \(entry.contains("'") ? entry : "'\(entry)'")")]
                : [writing(entry, line: "write the rule and its parameter outside the quotes, with ': ' between them: \(entry)")]
        } else if let instead = ruleWithoutCounterpart(name) {
            // Ahead of the did-you-mean: `notSame` is near `sameAs`, its opposite.
            help = [DiagnosticHelp(instead)]
        } else if Suggestions.closest(to: name, in: RuleKind.names) == nil, let (meant, note) = ruleMeant(byOtherName: name) {
            help = [.didYouMean(meant)] + (note.map { [DiagnosticHelp($0)] } ?? [])
        } else {
            help = Suggestions.didYouMeanOrList(name, in: RuleKind.names, listing: "the rules are")
        }
        if let spaceNote { help.insert(spaceNote, at: 0) }
        reader.diagnostics.error(.unknownRule, "unknown rule '\(name)'", at: range, help: help)
    }
}
