import FormModel
import FormSource
import FormSyntax

/// The document read with the word at the cursor removed, and the questions a
/// completion asks of it.
struct CompletionContext {
    /// The text `syntax` was read from: its lines above the cursor's are the
    /// document's.
    let file: SourceFile
    let syntax: SyntaxIndex
    let symbols: SymbolTable?
    let form: FormDocument?
    /// The item being typed, when `syntax` is of the text with the word in it
    /// (`- ma` read as an item): no rule the list already has.
    var typedItem: NodeID? = nil
    /// The key being typed, when `syntax` is of the text with the word in it
    /// (`fo‸: A` read as the key `fo`): no key its mapping has.
    var typedKey: NodeID? = nil

    struct Item {
        var label: String
        var kind: EditorCompletion.Kind
        var detail: String?
        var insertText: String
        /// A boolean or number: in JSON it is written bare, and inside quotes it is no value.
        var isJSONLiteral = false
        /// See `EditorCompletion.cursorFromEnd`.
        var cursorFromEnd = 0
    }

    var tree: SyntaxTree { syntax.tree }

    /// `rest`: the line's text after the word.
    func completions(prefix: String, word: String, rest: String, at cursor: SourcePosition) -> [Item] {
        let trimmed = prefix.trimmingTrailingSpaces
        let isJSON = SourceFormat(path: file.path) == .json
        if Self.isJSONKeyStart(trimmed, before: file.nonBlankScalars(around: cursor.line).before) {
            guard let node = syntax.node(at: cursor), let parent = syntax.parent(node) else { return [] }
            // A string item of an array (`["required", "‸"]`): a rule without a
            // parameter, or an option value not chosen yet.
            if tree.isSequence(parent) {
                switch syntax.listKey(of: parent) {
                case "rules": return jsonRuleItems(in: parent)
                case "default": return chosenOptionItems(in: parent)
                default: return []
                }
            }
            // A new member's key: the keys of its object, without YAML's `: `.
            guard syntax.isKey(node) else { return [] }
            return keyCompletions(in: parent).map {
                Item(label: $0.label, kind: $0.kind, detail: $0.detail, insertText: $0.label)
            }
        }
        if let json = Self.jsonKeyBeforeValue(trimmed) {
            // A value already written after the cursor (`"formc":‸ 1`) takes no second one.
            if !json.inQuotes, Self.valueFollows(rest) { return [] }
            // A string goes in quotes, a boolean or number without them.
            let items = valueCompletions(key: json.key, keyColumn: json.keyColumn, line: cursor.line, word: word)
            if json.inQuotes { return items.filter { !$0.isJSONLiteral } }
            return items.map { item in
                var item = item
                if !item.isJSONLiteral { item.insertText = "\"\(item.insertText)\"" }
                return item
            }
        }
        // JSON where no quote is open yet: only what keeps the text JSON.
        if isJSON { return jsonUnquotedCompletions(trimmed: trimmed, rest: rest, at: cursor) }
        if Self.keyBeforeValue(trimmed) != nil || Self.flowKeyBeforeValue(trimmed) != nil, Self.valueFollows(rest) { return [] }
        if let key = Self.keyBeforeValue(trimmed) {
            return valueCompletions(key: key, keyColumn: Self.scalarCount(of: prefix, before: key + ":") + 1, line: cursor.line, word: word)
        }
        // YAML's flow style: `{ sameAs: em`, `{ textField: x, pla`; only in a flow
        // mapping, and not inside a quoted scalar or a comment (`title: Hello, wo`
        // and `"Hi {` are text).
        if Self.isOutsideQuotesAndComments(prefix),
           let mapping = innermostCollection(at: cursor), isFlowMapping(mapping) {
            if let flow = Self.flowKeyBeforeValue(trimmed) {
                return valueCompletions(key: flow.key, keyColumn: flow.keyColumn, line: cursor.line, word: word)
            }
            if Self.isFlowKeyStart(trimmed) { return keyCompletions(in: mapping) }
        }
        if Self.isItemStart(prefix) {
            guard let sequence = sequenceForItem(dashColumn: Self.scalarCount(of: prefix, before: "-") + 1, cursor: cursor) else { return [] }
            return itemCompletions(in: sequence)
        }
        if prefix.unicodeScalars.allSatisfy({ $0 == " " }) {
            guard let mapping = mappingForKey(column: cursor.column, line: cursor.line) else {
                // A document that is not a mapping yet (empty, or one word).
                return cursor.column == 1 && !tree.isMapping(tree.root) ? Self.documentKeyItems(present: []) : []
            }
            return keyCompletions(in: mapping)
        }
        // Where an item of a flow sequence starts: `rules: [`, `rules: [required, em`
        // (not after its `]`, nor in the text of an item).
        if Self.isOutsideQuotesAndComments(prefix), let sequence = flowSequenceItem(after: trimmed, at: cursor) {
            return itemCompletions(in: sequence)
        }
        return []
    }

    /// The flow sequence whose next item starts at `cursor`: the text before it ends
    /// in its `[` or a `,`.
    func flowSequenceItem(after trimmed: String, at cursor: SourcePosition) -> NodeID? {
        guard let last = trimmed.unicodeScalars.last, last == "[" || last == ",", let node = syntax.node(at: cursor) else { return nil }
        let sequence = tree.isSequence(node) ? node : syntax.parent(node).flatMap { tree.isSequence($0) ? $0 : nil }
        guard let sequence, startsWith("[", sequence) else { return nil }
        return sequence
    }

    // MARK: - JSON

    /// A JSON member or item not yet quoted (`{‸}`, `[‸]`, `, ‸`), where what goes in
    /// keeps the text JSON: in an element's object that has no kind yet, a kind with
    /// an empty argument (`"textField": ""`, `"group": null`); in an element list, an
    /// element (`{"textField": ""}`); in a rule list, a rule without a parameter
    /// (`"required"`). Followed by a member or item, it brings its `, `; followed by
    /// nothing on the line (or anything but the collection's end or a next
    /// member), nothing is offered. Elsewhere (a key needing a value, a rule
    /// needing a parameter) nothing is.
    func jsonUnquotedCompletions(trimmed: String, rest: String, at cursor: SourcePosition) -> [Item] {
        var last = trimmed.unicodeScalars.last
        var next = rest.unicodeScalars.first { $0 != " " && $0 != "\t" }
        // A blank line of its own (one element a line, as JSON forms are written):
        // what stands before and after it, on the lines around.
        let ownLine = last == nil && next == nil
        if ownLine { (last, next) = file.nonBlankScalars(around: cursor.line) }
        guard let last, let next, let collection = innermostCollection(at: cursor) else { return [] }
        /// `closing`: the text after a kind's empty string argument (`}` of its object, if inserted).
        func items(_ items: [Item], end: Unicode.Scalar, closing: String = "", text: (String) -> String) -> [Item] {
            let separator: String
            switch next {
            case end: separator = ""
            case "\"", "{": separator = ownLine ? "," : ", "
            default: return []
            }
            return items.map {
                let text = text($0.label)
                // An empty string argument is typed in: the cursor goes between its quotes.
                let cursor = text.hasSuffix("\"\"" + closing) ? closing.count + 1 + separator.count : 0
                return Item(label: $0.label, kind: $0.kind, detail: $0.detail, insertText: text + separator, cursorFromEnd: cursor)
            }
        }
        if tree.isMapping(collection), last == "{" || last == ",", case .element(nil) = syntax.role(of: collection) {
            return items(kindItems(inList: syntax.parent(collection)), end: "}") { "\"\($0)\": \(Self.jsonArgument(ofKind: $0))" }
        }
        guard tree.isSequence(collection), last == "[" || last == "," else { return [] }
        switch syntax.listKey(of: collection) {
        case "elements":
            return items(kindItems(inList: collection), end: "]", closing: "}") { "{\"\($0)\": \(Self.jsonArgument(ofKind: $0))}" }
        case "rules": return items(jsonRuleItems(in: collection), end: "]") { "\"\($0)\"" }
        case "default": return items(chosenOptionItems(in: collection), end: "]") { "\"\($0)\"" }
        default: return []
        }
    }

    /// The JSON value a kind key is inserted with, of its argument's type: `null`
    /// where the id may be left out (a group), `0` for a number (a spacer's
    /// height), else the empty string to type the id or text in.
    static func jsonArgument(ofKind keyword: String) -> String {
        switch FormVocabulary.kind(keyword)?.argument {
        case .orNothing: "null"
        case .nonNegativeNumber, .count, .countIn, .decimal: "0"
        default: "\"\""
        }
    }

    /// The rules of a JSON `rules` array that are a string alone: those without a parameter.
    func jsonRuleItems(in sequence: NodeID) -> [Item] {
        itemCompletions(in: sequence).filter { RuleKind.parameterless.contains($0.label) }.map {
            Item(label: $0.label, kind: $0.kind, detail: $0.detail, insertText: $0.label)
        }
    }

    // MARK: - Keys

    /// Keys for a mapping: those of its role that it does not have yet.
    func keyCompletions(in mapping: NodeID) -> [Item] {
        let present = Set(tree.entries(mapping).filter { $0.key != typedKey }.compactMap { tree.text($0.key) })
        let role = syntax.role(of: mapping)
        let names: [String]
        switch role {
        case .document: names = KeySchema.document.map(\.description)
        case .element(let kind?):
            names = KeySchema.allowedKeys(forKind: kind).map(\.description)
                // A field whose options name a shared set has the set's enum (SPEC §16: FC101).
                .filter { $0 != "enumName" || !namesOptionSet(mapping) }
        case .element(nil): return kindItems(inList: syntax.parent(mapping)) + KeySchema.elementCommon.map(\.description).filter { !present.contains($0) }.map(keyItem(role))
        case .rule:
            // A rule mapping holds one rule, with a parameter (a bare name is no mapping).
            let hasRule = present.contains { RuleKind.names.contains($0) }
            let rules = hasRule ? [] : syntax.parent(mapping).map(ruleNames(forList:)) ?? []
            // Those without a parameter too: their mapping form takes `message` and `when` (SPEC §16).
            names = rules + ["message", "when"]
        case .option: names = KeySchema.segmentOption.map(\.description)
        case .insets: names = KeySchema.insets.map(\.description)
        case .layout: names = KeySchema.layout.map(\.description)
        case .unknown: return []
        }
        return names.filter { !present.contains($0) }.map(keyItem(role))
    }

    /// Whether the element `mapping`'s `options` name a shared set: a scalar, not a list.
    func namesOptionSet(_ mapping: NodeID) -> Bool {
        tree.entries(mapping).contains { $0.key != typedKey && tree.text($0.key) == "options" && tree.isScalar($0.value) && !tree.isEmptyScalar($0.value) }
    }

    static func documentKeyItems(present: Set<String>) -> [Item] {
        KeySchema.document.map(\.description).filter { !present.contains($0) }.map {
            Item(label: $0, kind: .key, detail: KeyDescriptions.documentKeys[$0], insertText: $0 + ": ")
        }
    }

    func keyItem(_ role: SyntaxIndex.MappingRole) -> (String) -> Item {
        { name in
            Item(
                label: name, kind: role == .rule && name != "message" && name != "when" ? .rule : .key,
                detail: KeyDescriptions.describe(name, in: role), insertText: name + ": "
            )
        }
    }

    /// The element kinds an item of the element list `list` may have (SPEC §14,
    /// §15.1): in a list's entry, at any depth, every kind but `list` and `page`;
    /// in a group's or page's list, every kind but `page`; at the top level of a
    /// form whose top level has a page, `page` alone, and elsewhere at the top
    /// level every kind (`page` too, for a form that has no element yet).
    func kindItems(inList list: NodeID? = nil) -> [Item] {
        var keywords = ElementKind.keywords
        if let list, tree.isSequence(list) {
            if isInsideListEntry(list) {
                keywords.removeAll { $0 == "list" || $0 == "page" }
            } else if syntax.parent(list) != tree.root {
                keywords.removeAll { $0 == "page" }
            } else if tree.items(list).contains(where: { item in
                tree.isMapping(item) && tree.entries(item).contains { tree.textEquals($0.key, "page") }
            }) {
                keywords = ["page"]
            }
        }
        return keywords.map {
            Item(label: $0, kind: .elementKind, detail: KeyDescriptions.kinds[$0], insertText: $0 + ": ")
        }
    }

    /// The block mapping whose keys start at `column` and that is still open on
    /// `line`: the latest one starting above it, when no line between it and the
    /// cursor is indented less. (Only the latest is asked: a line that closes it
    /// closes every earlier one at that column too.)
    func mappingForKey(column: Int, line: Int) -> NodeID? {
        let latest = syntax.collections.filter { node in
            let start = tree.range(node).start
            return tree.isMapping(node) && start.column == column && start.line < line
        }.max { tree.range($0).start < tree.range($1).start }
        if let latest, isOpen(from: tree.range(latest).start.line, to: line, column: column) { return latest }
        if latest == nil, column == 1, tree.isMapping(tree.root) { return tree.root }
        return nil
    }

    /// Whether no line after `start` and before `end` is indented less than `column`
    /// (blank lines and comments aside): a block collection at `column` goes on.
    func isOpen(from start: Int, to end: Int, column: Int) -> Bool {
        guard start + 1 < end else { return true }
        for line in (start + 1)..<end {
            guard let text = file.lineText(line) else { continue }
            let indentation = text.unicodeScalars.prefix { $0 == " " }.count
            let content = text.unicodeScalars.dropFirst(indentation)
            if content.isEmpty || content.first == "#" { continue }
            if indentation + 1 < column { return false }
        }
        return true
    }

    /// Whether `node` is inside a list element's entry: some element around it is a `list`.
    func isInsideListEntry(_ node: NodeID) -> Bool {
        var current = syntax.parent(node)
        while let ancestor = current {
            if let kind = syntax.kindIndex(of: ancestor), ElementKind.keywords[kind] == "list" { return true }
            current = syntax.parent(ancestor)
        }
        return false
    }

    /// The collection with the latest start among those whose range holds `position`:
    /// the flow mapping or sequence the cursor is typing in.
    func innermostCollection(at position: SourcePosition) -> NodeID? {
        syntax.collections.filter { tree.range($0).touches(position) }.max { tree.range($0).start < tree.range($1).start }
    }

    /// Whether `node` is a mapping written in flow style: it starts with `{`.
    func isFlowMapping(_ node: NodeID) -> Bool {
        tree.isMapping(node) && startsWith("{", node)
    }

    /// Whether the text of `node` starts with `bracket` (`{`, `[`): a flow collection.
    func startsWith(_ bracket: Unicode.Scalar, _ node: NodeID) -> Bool {
        let start = tree.range(node).start
        guard let line = file.lineText(start.line) else { return false }
        let scalars = Array(line.unicodeScalars)
        return start.column >= 1 && start.column <= scalars.count && scalars[start.column - 1] == bracket
    }

    /// The block sequence whose `-` stands at `dashColumn`, open on the cursor's line.
    /// (The node at the cursor may be a mapping around it, an element whose key
    /// follows the empty item: its sequence is the one only if its dashes stand
    /// in that column.)
    func sequenceForItem(dashColumn: Int, cursor: SourcePosition) -> NodeID? {
        if let node = syntax.node(at: cursor), let parent = syntax.parent(node), tree.isSequence(parent),
           self.dashColumn(of: parent) == dashColumn {
            return parent
        }
        let latest = syntax.collections.filter { node in
            tree.isSequence(node) && tree.range(node).start.line <= cursor.line && self.dashColumn(of: node) == dashColumn
        }.max { tree.range($0).start < tree.range($1).start }
        guard let latest, isOpen(from: tree.range(latest).start.line, to: cursor.line, column: dashColumn) else { return nil }
        return latest
    }

    /// The column of a block sequence's dashes: where it starts, or, for one that
    /// starts at its anchor or tag (`rules: &r`), the first dash on the lines
    /// after; nil for a flow sequence.
    func dashColumn(of sequence: NodeID) -> Int? {
        let start = tree.range(sequence).start
        if file.isDash(at: start) { return start.column }
        guard let text = file.lineText(start.line), start.column >= 1, start.column <= text.unicodeScalars.count,
              ["&", "!"].contains(Array(text.unicodeScalars)[start.column - 1]) else { return nil }
        var line = start.line + 1
        while let text = file.lineText(line) {
            let indentation = text.unicodeScalars.prefix { $0 == " " }.count
            let content = text.unicodeScalars.dropFirst(indentation)
            if !content.isEmpty, content.first != "#" { return content.first == "-" ? indentation + 1 : nil }
            line += 1
        }
        return nil
    }

    // MARK: - List items

    func itemCompletions(in sequence: NodeID) -> [Item] {
        switch syntax.listKey(of: sequence) {
        case "elements": return kindItems(inList: sequence)
        case "rules":
            return ruleNames(forList: sequence).map {
                Item(
                    label: $0, kind: .rule, detail: KeyDescriptions.rules[$0],
                    insertText: RuleKind.parameterless.contains($0) ? $0 : $0 + ": "
                )
            }
        case "default": return chosenOptionItems(in: sequence)
        default: return []
        }
    }

    /// The option values that may still join the list `sequence` of a key whose
    /// value is a list of them (a multiChoice's `default`): those not in it yet.
    func chosenOptionItems(in sequence: NodeID) -> [Item] {
        guard let element = syntax.parent(sequence), let key = syntax.keyName(of: sequence),
              case .element(let kind?) = syntax.role(of: element),
              let spec = FormVocabulary.kind(ElementKind.keywords[kind])?.allKeys.first(where: { $0.name.description == key }),
              case .list(.optionValue, _) = spec.value else { return [] }
        let chosen = Set(tree.items(sequence).filter { $0 != typedItem }.compactMap { tree.text($0) })
        return optionValues(ofElement: element).filter { !chosen.contains($0) }.map {
            Item(label: $0, kind: .value, detail: nil, insertText: $0)
        }
    }

    /// The rules that may still join the `rules` list `sequence`: those that apply
    /// to its field's kind, by the table the checker reads for FC401, and are not in
    /// the list yet unless they may repeat (`RuleKind.repeatable`). Every rule while
    /// the kind is not written yet; none on a kind without a value.
    func ruleNames(forList sequence: NodeID) -> [String] {
        var present = Set<String>()
        for item in tree.items(sequence) where item != typedItem {
            if tree.isMapping(item) {
                present.formUnion(tree.entries(item).filter { $0.key != typedKey }.compactMap { tree.text($0.key) })
            } else if let name = tree.text(item) {
                present.insert(name)
            }
        }
        var names = RuleKind.names.filter { !present.contains($0) || RuleKind.repeatable.contains($0) }
        if let element = syntax.parent(sequence), case .element(let kind?) = syntax.role(of: element) {
            guard let target = FormVocabulary.kind(ElementKind.keywords[kind])?.field else { return [] }
            names = names.filter { FormVocabulary.rule($0, appliesTo: target) }
        }
        return names
    }
}
