import FormJSON
import FormSource
import FormSyntax

/// Which keys each mapping of a form may hold (SPEC §2–§3). Unknown keys are FC101,
/// with a "did you mean" drawn from the keys allowed at that place.
///
/// Key names are `StaticString`s: the decoder compares them with the bytes of the
/// syntax tree's scalars, and a literal's bytes are a constant in the binary. They
/// become `String`s only for a diagnostic.
package enum KeySchema {
    // Derived once from `FormVocabulary`, the format's one table of keys.
    package static let document: [StaticString] = FormVocabulary.document.map(\.name)

    /// Keys every element may carry.
    package static let elementCommon: [StaticString] = FormVocabulary.elementCommon.map(\.name)
    /// Keys every field (an element with a value) may carry.
    static let fieldCommon: [StaticString] = FormVocabulary.fieldCommon(.text).map(\.name)

    /// The keys of each kind besides its kind key and the common keys.
    static let kindKeys: [String: [StaticString]] = Dictionary(
        uniqueKeysWithValues: FormVocabulary.kinds.map { ($0.keyword.description, $0.keys.map(\.name)) }
    )

    static let fieldKinds: Set<String> = Set(FormVocabulary.kinds.filter(\.isField).map(\.keyword.description))

    /// The kind keys, in the order of `ElementKind.keywords` (a test keeps them so),
    /// for comparing with a key's bytes.
    package static let kindKeywords: [StaticString] = FormVocabulary.kinds.map(\.keyword)

    /// Every key an element of the kind `ElementKind.keywords[kind]` may hold, the
    /// kind key first.
    package static func allowedKeys(forKind kind: Int) -> [StaticString] {
        allowedKeysByKind[kind]
    }

    private static let allowedKeysByKind: [[StaticString]] = zip(ElementKind.keywords, kindKeywords).map { kind, keyword in
        [keyword] + kindKeys[kind, default: []] + elementCommon + (fieldKinds.contains(kind) ? fieldCommon : [])
    }

    package static let segmentOption: [StaticString] = FormVocabulary.segmentOption.map(\.name)
    /// In the order the decoder stores them: top, left, bottom, right.
    package static let insets: [StaticString] = FormVocabulary.insets.map(\.name)
    package static let layout: [StaticString] = FormVocabulary.layout.map(\.name)

    /// The help for a flow mapping's key run into its value (`{ step:2 }`: YAML
    /// reads a ':' with no space after it as text, so the entry is one key with no
    /// value), when the text before the ':' is one of `names`: a space after the
    /// ':', written by the fix where the key's range is its text alone (no anchor
    /// or tag before it); nil for any other key.
    package static func keyRunIntoValue(_ key: NodeID, value: NodeID, in tree: SyntaxTree, names: [String]) -> DiagnosticHelp? {
        guard !tree.isJSON, tree.style(key) == .plain, tree.isEmptyScalar(value), let text = tree.text(key),
              let colon = text.firstIndex(of: ":") else { return nil }
        let rest = String(text[text.index(after: colon)...])
        guard let first = rest.first, first != " ", first != ":", names.contains(String(text[..<colon])) else { return nil }
        let entry = "\(text[..<colon]): \(valueAsWritten(rest))"
        let range = tree.range(key)
        let line = "write a space after the ':' (YAML reads 'key:value' as one key): \(entry)"
        return range.start.line == range.end.line && range.end.column - range.start.column == text.unicodeScalars.count
            ? .write(entry, line: line, title: "Write '\(entry)'") : DiagnosticHelp(line)
    }

    /// The text after a ':' that YAML read into a key (`title:'Guests'`), as a
    /// value: its own quotes kept where it is quoted whole, else quoted as YAML
    /// needs (`YAMLPlain.literal`).
    package static func valueAsWritten(_ text: String) -> String {
        if text.count >= 2, let quote = text.first, quote == "'" || quote == "\"", text.last == quote { return text }
        return YAMLPlain.literal(text)
    }

    /// Every key that has a meaning on some element, for telling an unknown element
    /// kind (FC103) apart from an element that lacks its kind key (FC104).
    static let anyElementKey: Set<String> = Set(
        (Array(kindKeys.values.joined()) + elementCommon + fieldCommon).map(\.description)
    )
}

/// A mapping's entries looked up by key, with the unknown keys reported once.
///
/// A form's mappings hold a handful of keys (an element at most about a dozen), and
/// the reader has already dropped duplicates. `init` goes over the entries once and
/// records where each key is, by its `SyntaxTree.keyBit`: a lookup then tests one
/// bit (most lookups are of keys the mapping does not hold: each kind has more
/// optional keys than an element sets), finds the entry with that bit by its rank
/// among the bits present, and compares that one key's bytes. No key is made into
/// a `String` unless it is reported.
package struct KeyedMapping {
    let node: NodeID
    private let entries: SyntaxTree.Entries
    /// The `SyntaxTree.keyBit`s of the keys present (allowed or not: an unknown key
    /// is reported, but a lookup still finds it).
    private let keyBits: UInt64
    /// The bits that more than one key present has; a lookup of such a bit scans.
    private let sharedBits: UInt64
    /// The entry of each bit present, ranked by bit (the lowest first), four bits of
    /// entry index each; nil for a mapping of more than `maxIndexed` entries, whose
    /// lookups scan.
    private let positions: UInt64?

    /// The unknown keys that are a misspelling of an allowed one that the mapping
    /// lacks (FC101's did-you-mean), by the key they were meant as. A lookup of
    /// that key finds the misspelt one's value: the mistakes inside it are reported
    /// in the same run as the misspelling, not after it is mended.
    private var misspellings: [(meant: String, entry: (key: NodeID, value: NodeID))] = []

    /// The most entries `positions` holds: sixteen indices of four bits.
    static let maxIndexed = 16

    /// Reads `node` as a mapping whose keys must be among `allowed`. Reports FC101 for
    /// the others but `ignoring` (a kind key misspelt, reported already); non-scalar
    /// keys were already rejected by the reader. A node that is not a mapping has no entries.
    /// `elementKind`: the kind of the element the mapping is, whose help may name
    /// the keys of other kinds; nil for a mapping that is no element.
    package init(
        _ node: NodeID, in tree: SyntaxTree, allowed: [StaticString], context: @autoclosure () -> String,
        diagnostics: inout DiagnosticBag, elementKind: String? = nil, ignoring: NodeID? = nil
    ) {
        self.node = node
        self.entries = tree.entries(node)
        var keyBits: UInt64 = 0
        var sharedBits: UInt64 = 0
        for entry in entries {
            let bit = tree.keyBit(entry.key)
            if keyBits & bit != 0 { sharedBits |= bit }
            keyBits |= bit
        }
        // Each entry's rank is the number of lower bits present.
        var positions: UInt64? = entries.count <= Self.maxIndexed ? 0 : nil
        for (index, entry) in entries.enumerated() {
            let bit = tree.keyBit(entry.key)
            if let packed = positions, sharedBits & bit == 0 {
                positions = packed | UInt64(index) << UInt64(4 * (keyBits & (bit &- 1)).nonzeroBitCount)
            }
            let isAllowed = entry.key == ignoring || tree.withText(entry.key) { key in allowed.contains { SyntaxTree.equals(key, $0) } }
            if !isAllowed, let meant = Self.reportUnknown(
                entry.key, in: tree, allowed: allowed, context: context(), elementKind: elementKind, beside: entries,
                misspelt: misspellings, diagnostics: &diagnostics
            ) {
                misspellings.append((meant, entry))
            }
        }
        self.keyBits = keyBits
        self.sharedBits = sharedBits
        self.positions = positions
    }

    /// Other libraries' keys of an option's value (`{ id: us }`) and title
    /// (`{ name: United States }`): FC101 reads them as `value` and `title`, and an
    /// option of one such key is no option written as one entry (`- us: United States`).
    static let optionValueKeysOfOtherLibraries: Set<String> = ["id", "key", "val", "const", "code"]
    static let optionTitleKeysOfOtherLibraries: Set<String> = ["name", "display", "displayName"]

    /// The formc key meant by a key of another form format (SurveyJS, JSON Forms,
    /// Formik's setups), with what a reader of them needs to know: a key, suggested
    /// where it is allowed and not given, or a note alone, given at the form's top
    /// level. Only keys too far from every formc key for a did-you-mean are listed.
    ///
    /// `allowed` are the mapping's keys and `isGiven` says which it has; `hasRule`
    /// says whether its `rules` have a rule always (not only with a `when`); `elementKind` is the kind of the
    /// element the mapping is (nil for no element); `value` is the text and style of
    /// the key's value (nil text for a list or a mapping).
    static func keyMeant(
        byOtherName key: String, allowed: [String], elementKind: String?, isGiven: (String) -> Bool,
        hasRule: (String) -> Bool = { _ in false }, value: () -> (text: String?, style: ScalarStyle?), isJSON: Bool
    ) -> (key: String?, note: DiagnosticHelp?)? {
        /// `name` when the mapping may have it and has not.
        func free(_ name: String) -> (key: String?, note: DiagnosticHelp?)? {
            allowed.contains(name) && !isGiven(name) ? (name, nil) : nil
        }
        let isForm = allowed.contains("formc")
        // A list's counts, named as a rule or another library's repeater names them.
        if allowed.contains("minItems") {
            /// `name`, or when it is given already, that it is.
            func count(_ name: String) -> (key: String?, note: DiagnosticHelp?) {
                isGiven(name) ? (nil, .remove(key, line: "'\(name)' is given already: remove '\(key)'")) : (name, nil)
            }
            switch key {
            case "min", "minimum", "minCount", "minLength", "minEntries", "minRows", "minPanelCount": return count("minItems")
            case "max", "maximum", "maxCount", "maxLength", "maxEntries", "maxRows", "maxPanelCount": return count("maxItems")
            case "initial", "initialCount", "panelCount", "defaultItems": return count("initialItems")
            default: break
            }
        }
        // An option's value and title, as other libraries key them (`{ id: us, name: United States }`).
        if allowed.contains("value"), allowed.contains("title"), !allowed.contains("id") {
            if optionValueKeysOfOtherLibraries.contains(key) { return free("value") }
            if optionTitleKeysOfOtherLibraries.contains(key) { return free("title") }
        }
        switch key {
        case "fields", "questions", "controls", "children", "components", "inputs", "templateElements":
            return free("elements")
        // FormKit's `validation`, SurveyJS's `validators`, React Hook Form's `validate`:
        // near `validateOn`, which is when the rules run, not the rules.
        case "validation", "validations", "validators", "validate", "validationRules", "constraints":
            return free("rules")
        case "visibleIf", "showIf", "showWhen", "visibleWhenExpression":
            return free("visibleWhen")
        case "enableIf", "enabledIf", "enableWhen":
            return free("enabledWhen")
        case "requiredIf", "requiredWhen":
            guard allowed.contains("rules") else { return nil }
            return (nil, isJSON ? #"a rule that applies sometimes has a "when": "rules": [{"required": true, "when": "CONDITION"}]"#
                : "a rule that applies sometimes has a 'when': rules: [{ required: true, when: CONDITION }]")
        case "defaultValue", "initialValue", "defaultAnswer":
            return free("default")
        case "name" where elementKind != nil:
            return (nil, isJSON ? #"an element's id is the value of its kind key: {"textField": "email"}"#
                : "an element's id is the value of its kind key: '- textField: email'")
        // An element's options; at the top level, where `values` and `items` mean
        // other things (a form's data, its elements), only the names of sets.
        case "items":
            return isForm ? free("elements") : free("elements") ?? free("options")
        case "choices", "values", "enum", "selections":
            return isForm ? nil : free("options")
        case "optionSets", "sets", "enums":
            return isForm ? free("options") : nil
        case "clearInvisibleValues", "clearHiddenValues", "clearHidden", "clearInvisible":
            return isForm ? (nil, "formc never submits a hidden answer: send the form's 'submittedValues', or 'clearingHidden(_:)' of the values on a server") : nil
        case "pages":
            return isForm ? (nil, isJSON ? #"write each page as an element: "elements": [{"page": "ID", "elements": […]}, …]"#
                : "write each page as an element: 'elements:' with '- page: ID' items, each with its own 'elements:'") : nil
        case "title":
            return free("label")
        case "label", "text", "question":
            return free("title")
        case "caption":
            return free("label") ?? free("title")
        case "hint", "helpText", "help", "tooltip", "prompt":
            return free("placeholder")
        case "multiple", "multiSelect", "allowMultiple", "multi":
            return allowed.contains("options") && elementKind != "multiChoice"
                ? (nil, "a choice of several is a multiChoice: write \(isJSON ? #"{"multiChoice": "ID"}"# : "'- multiChoice: ID'") in place of its kind key") : nil
        case "type", "inputType":
            return allowed.contains("keyboard")
                ? (nil, isJSON
                    ? #"a field's kind is its first key ({"textField": "ID"}, {"number": "ID"}); a text's input is set with "keyboard" (email, number, phone…), "secure": true for a password, and "contentType""#
                    : "a field's kind is its first key ('- textField: ID', '- number: ID'); a text's input is set with 'keyboard' (email, number, phone…), 'secure: true' for a password, and 'contentType'")
                : nil
        default:
            // A multiChoice's counts, named as a list's or SurveyJS's checkbox names them, are its rules.
            let countRule: String? = switch key {
            case "minItems", "minSelectedChoices", "minChoices", "minSelections": "minCount"
            case "maxItems", "maxSelectedChoices", "maxChoices", "maxSelections": "maxCount"
            default: nil
            }
            // SurveyJS's `isRequired`, HTML's `minlength`, JSON Schema's `minimum`: a rule by another name.
            let otherRule: String? = switch key {
            case "isRequired", "mandatory": "required"
            case "minimum": "min"
            case "maximum": "max"
            default: RuleKind.names.first { $0 != key && $0.lowercased() == key.lowercased() }
            }
            let ruleName = (elementKind == "multiChoice" ? countRule : nil) ?? otherRule ?? key
            guard allowed.contains("rules"), let rule = RuleKind.names.first(where: { $0 == ruleName }) else { return nil }
            // A rule written as the element's key (`required: true`, `min: 0`): with a fix
            // that moves it into `rules`, when the element has none yet.
            let (text, style) = value()
            let isParameterless = RuleKind.parameterless.contains(rule)
            // `required: false` (or `no`, as the rule's mapping reads it) means no rule.
            if isParameterless, style != nil, let text, ValueReader.booleanSpelled(by: text) == false {
                let entry = isJSON ? "\"\(key)\": \(style == .plain ? text : JSONValue.quoted(text))" : "\(key): \(text)"
                return (nil, .remove(entry, line: rule == "required"
                    ? "a field is optional unless a rule says otherwise: remove '\(entry)'"
                    : "'\(rule)' is a rule, which a field has only when its rules name it: remove '\(entry)'"))
            }
            // The rule as an item of `rules`: a rule without a parameter by its name
            // (`email: true` is `email`), another with its parameter.
            var item = ""
            /// The rule the item is, when it is that rule alone (no message of the key's text).
            var itemRule: String? = rule
            var isRule = elementKind == "multiChoice" && countRule != nil ? "a multiChoice counts its choices with the rule '\(rule)'" : "'\(rule)' is a rule"
            if rule == "minCount" && elementKind == "multiChoice" || rule == "minLength", let text,
               let number = ValueReader.plainNumber(text), Double(number) == 1 {
                // At least one choice, or a character, is `required`'s: a count of 1 never fails (FC406).
                item = isJSON ? "\"required\"" : "required"
                itemRule = "required"
                isRule = rule == "minCount" ? "a multiChoice asks for at least one choice with the rule 'required'"
                    : "a field forbids an empty value with the rule 'required' ('minLength: 1' never fails)"
            } else if isParameterless, let text, let style, !text.isEmpty, ValueReader.booleanSpelled(by: text) == nil,
               ValueReader.plainNumber(text) == nil, !isJSON || style == .doubleQuoted {
                // `isRequired: Please fill it in`: the rule with that text as its message, or its condition.
                let members = RuleDecoder.ruleMembers(rule, parameter: nil, with: text, isJSON: isJSON).members
                itemRule = nil
                item = isJSON ? "{\(members)}" : "{ \(members) }"
            } else if isParameterless {
                item = isJSON ? "\"\(rule)\"" : rule
            } else if let text, !text.isEmpty {
                // In YAML, plain only where it reads back as itself inside `[{ … }]`.
                let parameter = isJSON ? (style == .plain ? text : YAMLPlain.doubleQuoted(text)) : YAMLPlain.literal(text)
                item = isJSON ? #"{"\#(rule)": \#(parameter)}"# : "{ \(rule): \(parameter) }"
            }
            guard !item.isEmpty else {
                return (nil, "\(isRule): write it in the field's rules")
            }
            // With `rules` given, the item goes into them (a second `rules` is FC002),
            // unless they have it.
            if isGiven("rules"), let itemRule, let text, hasRule(itemRule) {
                let entry = isJSON ? "\"\(key)\": \(style == .plain ? text : JSONValue.quoted(text))" : "\(key): \(text)"
                return (nil, .remove(entry, line: "\(isRule): the field's rules have '\(itemRule)' already: remove '\(entry)'"))
            }
            if isGiven("rules") {
                return (nil, "\(isRule): add \(item) to the field's rules")
            }
            let rules = isJSON ? #""rules": [\#(item)]"# : "rules: [\(item)]"
            let line = "\(isRule): write it in the field's rules: \(rules)"
            return (nil, DiagnosticHelp(line, fix: DiagnosticFix(title: "Write \(rules)", text: rules, placement: .entry)))
        }
    }

    /// The element kinds that have `key`, sorted.
    private static func owners(of key: String) -> [String] {
        KeySchema.kindKeys.filter { $0.value.contains { $0.description == key } }.map(\.key).sorted()
    }

    /// Other libraries' keys of a field's rules (FormKit's `validation`, SurveyJS's
    /// `validators`): `keyMeant` names `rules` for them before any did-you-mean.
    private static let rulesOfOtherLibraries: Set<String> = ["validation", "validations", "validators", "validate", "validationRules", "constraints"]

    /// Every key of some element kind, sorted: the names a misspelt key of another
    /// kind is near.
    private static let otherKindKeys = Set(KeySchema.kindKeys.values.joined().map(\.description)).sorted()

    /// FC101 for a key that is not among `allowed`, with a "did you mean" or the list;
    /// the allowed key it suggests, if one. A key it is a misspelling of that the
    /// mapping (`entries`) has already is not suggested: the help says to remove it,
    /// unless a key the mapping lacks is as near (`formx` beside `form` is `formc`).
    @discardableResult
    private static func reportUnknown(
        _ keyNode: NodeID, in tree: SyntaxTree, allowed: [StaticString], context: @autoclosure () -> String,
        elementKind: String?, beside entries: SyntaxTree.Entries, misspelt: [(meant: String, entry: (key: NodeID, value: NodeID))],
        diagnostics: inout DiagnosticBag
    ) -> String? {
        guard let key = tree.text(keyNode) else { return nil }
        let allowedNames = allowed.map(\.description)
        if let value = entries.first(where: { $0.key == keyNode })?.value,
           let help = KeySchema.keyRunIntoValue(keyNode, value: value, in: tree, names: allowedNames) {
            diagnostics.error(.unknownKey, "unknown key '\(key)' in \(context())", at: tree.range(keyNode), help: [help])
            return nil
        }
        func isGiven(_ name: String) -> Bool { entries.contains { tree.text($0.key) == name } }
        /// Whether the mapping's `rules` list has `rule` always: as an item (`required`) or as the first key of
        /// one without a `when` (`{ min: 0 }`).
        func hasRule(_ rule: String) -> Bool {
            guard let rules = entries.first(where: { tree.text($0.key) == "rules" })?.value, tree.isSequence(rules) else { return false }
            return tree.items(rules).contains { item in
                if tree.isScalar(item) { return tree.text(item) == rule }
                guard tree.isMapping(item), let first = tree.entries(item).first, tree.text(first.key) == rule else { return false }
                return !tree.entries(item).contains { tree.text($0.key) == "when" }
            }
        }
        var meant = Suggestions.closest(to: key, in: allowedNames)
        // A second misspelling of a key that an earlier one is read as.
        if let meant, let earlier = misspelt.first(where: { $0.meant == meant }), let earlierKey = tree.text(earlier.entry.key) {
            diagnostics.error(
                .unknownKey, "unknown key '\(key)' in \(context())", at: tree.range(keyNode),
                help: ["'\(earlierKey)' is read as '\(meant)' already: remove '\(key)', or merge the two"]
            )
            return nil
        }
        if let given = meant, isGiven(given) {
            if let missing = Suggestions.closest(to: key, in: allowedNames.filter { !isGiven($0) }),
                Suggestions.typoDistance(from: key, to: missing) <= Suggestions.typoDistance(from: key, to: given)
            {
                meant = missing
            } else {
                diagnostics.error(
                    .unknownKey, "unknown key '\(key)' in \(context())", at: tree.range(keyNode),
                    help: ["'\(given)' is given already: remove '\(key)', or merge the two"]
                )
                return nil
            }
        }
        // A key of another form library's format, too far from every allowed key;
        // or, on an element, a misspelling of another kind's key (`titel` on a
        // textField, whose `title` is `label`).
        func meantByOtherName(_ name: String) -> (key: String?, note: DiagnosticHelp?)? {
            Self.keyMeant(
                byOtherName: name, allowed: allowedNames, elementKind: elementKind, isGiven: isGiven, hasRule: hasRule,
                value: { entries.first { $0.key == keyNode }.map { (tree.text($0.value), tree.style($0.value)) } ?? (nil, nil) },
                isJSON: tree.isJSON
            )
        }
        var lookalike: [DiagnosticHelp] = []
        // Another library's name of the rules is near `validateOn`, which is not them.
        var other = meant == nil || Self.rulesOfOtherLibraries.contains(key) ? meantByOtherName(key) : nil
        if meant == nil, other == nil, elementKind != nil, Self.owners(of: key).isEmpty,
            let near = Suggestions.closest(to: key, in: Self.otherKindKeys.filter { !allowedNames.contains($0) })
        {
            lookalike = ["'\(key)' looks like '\(near)', a key of \(Self.owners(of: near).map { "'\($0)'" }.joined(separator: ", ")), not of \(context())"]
            other = meantByOtherName(near)
        }
        if let (otherKey, note) = other {
            meant = otherKey
            diagnostics.error(
                .unknownKey, "unknown key '\(key)' in \(context())", at: tree.range(keyNode),
                help: lookalike + (otherKey.map { [DiagnosticHelp.didYouMean($0)] } ?? []) + (note.map { [$0] } ?? [])
            )
            return meant
        }
        // The wording is Suggestions' (over the one name found).
        var help = Suggestions.didYouMean(key, in: meant.map { [$0] } ?? [])
        if elementKind != nil, help.isEmpty {
            let owners = Self.owners(of: key)
            if !owners.isEmpty {
                // What the element has instead: its own keys.
                help.append("'\(key)' is a key of \(owners.map { "'\($0)'" }.joined(separator: ", ")), not of \(context())")
                help.append("the keys of \(context()) are: \(allowedNames.joined(separator: ", "))")
            }
        }
        if help.isEmpty, key == "when", allowedNames.contains("visibleWhen") {
            // A rule's `when` (SPEC §16) written on the element.
            if allowedNames.contains("rules") {
                // With `rules` given, the item goes into them; else the key with it.
                let hasRules = entries.contains { tree.textEquals($0.key, "rules") }
                let rule: DiagnosticHelp = switch (tree.isJSON, hasRules) {
                case (true, false): #"'when' belongs inside a rule's object: "rules": [{"required": true, "when": "CONDITION"}]"#
                case (true, true): #"'when' belongs inside a rule's object, in the field's "rules": {"required": true, "when": "CONDITION"}"#
                case (false, false): "'when' belongs inside a rule's mapping: rules: [{ required: true, when: CONDITION }]"
                case (false, true): "'when' belongs inside a rule's mapping, in the field's rules: { required: true, when: CONDITION }"
                }
                help.append(rule)
            }
            help.append(tree.isJSON
                ? #"to show the element only sometimes, write "visibleWhen": "CONDITION""#
                : "to show the element only sometimes, write visibleWhen: CONDITION")
        }
        if help.isEmpty {
            // A key of another kind that the key looks like is said first.
            help = lookalike + ["the keys of \(context()) are: \(allowedNames.joined(separator: ", "))"]
        }
        diagnostics.error(.unknownKey, "unknown key '\(key)' in \(context())", at: tree.range(keyNode), help: help)
        return meant
    }

    /// The entry of `key`, else of the first key written as a misspelling of it.
    private func entry(_ key: StaticString) -> (key: NodeID, value: NodeID)? {
        let bit = SyntaxTree.keyBit(key)
        guard keyBits & bit != 0 else { return misspellings.isEmpty ? nil : misspelling(of: key) }
        if let positions, sharedBits & bit == 0 {
            let rank = (keyBits & (bit &- 1)).nonzeroBitCount
            let entry = entries[Int(truncatingIfNeeded: positions >> UInt64(4 * rank)) & 0xF]
            if entries.tree.textEquals(entry.key, key) { return entry }
            return misspellings.isEmpty ? nil : misspelling(of: key)
        }
        for entry in entries where entries.tree.textEquals(entry.key, key) { return entry }
        return misspellings.isEmpty ? nil : misspelling(of: key)
    }

    private func misspelling(of key: StaticString) -> (key: NodeID, value: NodeID)? {
        misspellings.first { $0.meant == key.description }?.entry
    }

    package subscript(key: StaticString) -> NodeID? { entry(key)?.value }

    func keyRange(_ key: StaticString) -> SourceRange? { entry(key).map { entries.tree.range($0.key) } }
}
