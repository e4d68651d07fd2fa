/// A completion an editor offers at a position.
public struct EditorCompletion: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case key
        case elementKind
        case rule
        /// A value from a closed set (`keyboard: email`), or an option value.
        case value
        case fieldID
        /// A word of the condition language.
        case keyword
    }

    public var label: String
    public var kind: Kind
    public var detail: String?
    public var insertText: String
    /// The text the completion replaces: the word being typed (empty when none).
    public var range: SourceRange
}

extension EditorDocument {
    /// What may be written at `position`: the keys allowed there that the mapping
    /// does not have yet, element kinds, rule names, closed values, field ids after
    /// `sameAs:` and in conditions, and a segment's option values inside a
    /// condition's quotes. Empty where nothing fits, or past the end.
    ///
    /// The context is the text with the word being typed removed (`  plac` is no
    /// YAML mapping entry). It is answered, where that is the same, from what is
    /// already analysed: this text's tree when no word is being typed, or `lastReadable` (an earlier analysis whose text read) when the
    /// cursor's line is blank without the word and every line above it is
    /// unchanged; a condition needs no tree at all. Otherwise the edited text is
    /// read again (only read: field ids come from the analyses), or when even that
    /// does not read, the text up to the cursor's line.
    public func completions(at position: SourcePosition, lastReadable: EditorDocument? = nil) -> [EditorCompletion] {
        completions(at: position, lastReadable: lastReadable, reusingTrees: true)
    }

    /// `reusingTrees: false` always reads the edited text again: the answer the
    /// trees already made must agree with (the tests compare the two).
    func completions(at position: SourcePosition, lastReadable: EditorDocument?, reusingTrees: Bool) -> [EditorCompletion] {
        guard contains(position), let line = file.lineText(position.line) else { return [] }
        let scalars = Array(line.unicodeScalars)
        let column = min(max(position.column - 1, 0), scalars.count)
        var wordStart = column
        while wordStart > 0, Self.isWordScalar(scalars[wordStart - 1]) { wordStart -= 1 }
        var wordEnd = column
        while wordEnd < scalars.count, Self.isWordScalar(scalars[wordEnd]) { wordEnd += 1 }
        let range = SourceRange(
            start: SourcePosition(line: position.line, column: wordStart + 1),
            end: SourcePosition(line: position.line, column: wordEnd + 1)
        )
        let prefix = String(String.UnicodeScalarView(scalars[..<wordStart]))
        let rest = String(String.UnicodeScalarView(scalars[wordEnd...]))
        let cursor = SourcePosition(line: position.line, column: wordStart + 1)
        let analyses = Analyses(current: self, earlier: lastReadable)
        let items: [CompletionContext.Item]
        if let condition = CompletionContext.conditionText(prefix) {
            items = CompletionContext.conditionCompletions(condition, symbols: analyses.symbols, form: analyses.form)
        } else if let context = (reusingTrees ? analysedContext(line: position.line, prefix: prefix, wordIsEmpty: wordStart == wordEnd, rest: rest, analyses: analyses) : nil)
            ?? completionContext(line: position.line, replacement: prefix + rest, analyses: analyses)
            // JSON has no empty value: `"keyboard": }` reads once the value is `null`.
            ?? (SourceFormat(path: file.path) == .json ? jsonContext(line: position.line, prefix: prefix, rest: rest, analyses: analyses) : nil) {
            items = context.completions(prefix: prefix, at: cursor)
        } else {
            // Nothing reads (an empty file, say): at a line's start, the document's keys.
            items = prefix.isEmpty ? CompletionContext.documentKeyItems(present: []) : []
        }
        // Right after `key:` or `-` (a trigger character), the item brings its space.
        let space = prefix.hasSuffix(":") || prefix.hasSuffix("-") ? " " : ""
        return items.map {
            EditorCompletion(label: $0.label, kind: $0.kind, detail: $0.detail, insertText: space + $0.insertText, range: range)
        }
    }

    /// The analyses a completion may answer from: this text's, and an earlier one
    /// whose text read, for when this one does not.
    struct Analyses {
        let current: EditorDocument
        let earlier: EditorDocument?

        /// Field ids and option values: of this text, else of the earlier one.
        var symbols: SymbolTable? { current.symbols ?? earlier?.symbols }
        var form: FormDocument? { current.document ?? earlier?.document }
    }

    /// The context from a tree already made, where it is the tree of the text with
    /// the word removed in every way the completion looks at; nil elsewhere.
    private func analysedContext(line: Int, prefix: String, wordIsEmpty: Bool, rest: String, analyses: Analyses) -> CompletionContext? {
        let restIsBlank = rest.unicodeScalars.allSatisfy { $0 == " " || $0 == "\t" }
        // No word at all: this text is the text without it.
        if wordIsEmpty, let syntax {
            return CompletionContext(file: file, syntax: syntax, symbols: analyses.symbols, form: analyses.form)
        }
        // A blank line without the word: its mapping is found from the collections
        // that start above it and the lines above it alone, so any tree whose text
        // has the same lines above it will do, this text's or an earlier one.
        guard restIsBlank, prefix.unicodeScalars.allSatisfy({ $0 == " " }) else { return nil }
        for candidate in [analyses.current, analyses.earlier].compactMap({ $0 }) {
            guard let syntax = candidate.syntax, candidate.file.hasSameLines(as: file, before: line) else { continue }
            return CompletionContext(file: candidate.file, syntax: syntax, symbols: analyses.symbols, form: analyses.form)
        }
        return nil
    }

    /// A JSON text that reads once the cursor's place holds a value (`"keyboard": }`
    /// as `null`) or a member (`{"textField": "a", ""}` as `"": null`).
    private func jsonContext(line: Int, prefix: String, rest: String, analyses: Analyses) -> CompletionContext? {
        if let context = completionContext(line: line, replacement: prefix + "null" + rest, analyses: analyses) { return context }
        guard prefix.hasSuffix("\""), rest.hasPrefix("\"") else { return nil }
        return completionContext(line: line, replacement: prefix + "\": null" + rest.dropFirst(), analyses: analyses)
    }

    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
    }

    /// The document with line `line` replaced, read; or, when that does not read,
    /// with every line after it dropped too. Only read: the ids a completion
    /// offers come from the analyses, so no decoding or checking is redone.
    private func completionContext(line: Int, replacement: String, analyses: Analyses) -> CompletionContext? {
        let start = file.lineStarts[line - 1]
        let lineLength = file.lineText(line).map { $0.utf8.count } ?? 0
        let before = file.bytes[..<start]
        let after = file.bytes[(start + lineLength)...]
        for bytes in [Array(before) + Array(replacement.utf8) + Array(after), Array(before) + Array(replacement.utf8)] {
            let patched = SourceFile(path: file.path, bytes: bytes)
            var diagnostics = DiagnosticBag(file: file.path)
            if let tree = FormPipeline.read(patched, limits: .default, diagnostics: &diagnostics) {
                return CompletionContext(file: patched, syntax: SyntaxIndex(tree: tree), symbols: analyses.symbols, form: analyses.form)
            }
        }
        return nil
    }
}

extension SourceFile {
    /// Whether lines 1 ..< `line` of both files are the same bytes.
    func hasSameLines(as other: SourceFile, before line: Int) -> Bool {
        guard line >= 1, line <= lineCount + 1, line <= other.lineCount + 1 else { return false }
        let end = line - 1 < lineStarts.count ? lineStarts[line - 1] : bytes.count
        let otherEnd = line - 1 < other.lineStarts.count ? other.lineStarts[line - 1] : other.bytes.count
        return end == otherEnd && bytes[..<end].elementsEqual(other.bytes[..<otherEnd])
    }
}

/// The document read with the word at the cursor removed, and the questions a
/// completion asks of it.
private struct CompletionContext {
    /// The text `syntax` was read from: its lines above the cursor's are the
    /// document's.
    let file: SourceFile
    let syntax: SyntaxIndex
    let symbols: SymbolTable?
    let form: FormDocument?

    struct Item {
        var label: String
        var kind: EditorCompletion.Kind
        var detail: String?
        var insertText: String
    }

    var tree: SyntaxTree { syntax.tree }

    func completions(prefix: String, at cursor: SourcePosition) -> [Item] {
        let trimmed = prefix.trimmingTrailingSpaces
        if Self.isJSONKeyStart(trimmed) {
            // A new member's key: the keys of its object, without YAML's `: `.
            guard let node = syntax.node(at: cursor), syntax.isKey(node), let mapping = syntax.parent(node) else { return [] }
            return keyCompletions(in: mapping).map {
                Item(label: $0.label, kind: $0.kind, detail: $0.detail, insertText: $0.label)
            }
        }
        if let json = Self.jsonKeyBeforeValue(trimmed) {
            let items = valueCompletions(key: json.key, keyColumn: json.keyColumn, line: cursor.line)
            return json.inQuotes ? items : items.map { Item(label: $0.label, kind: $0.kind, detail: $0.detail, insertText: "\"\($0.insertText)\"") }
        }
        if let key = Self.keyBeforeValue(trimmed) {
            return valueCompletions(key: key, keyColumn: Self.scalarCount(of: prefix, before: key + ":") + 1, line: cursor.line)
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
        // Inside a flow collection: `rules: [required, em`.
        if let node = syntax.node(at: cursor) {
            let sequence = tree.isSequence(node) ? node : syntax.parent(node).flatMap { tree.isSequence($0) ? $0 : nil }
            if let sequence { return itemCompletions(in: sequence) }
        }
        return []
    }

    // MARK: - Keys

    /// Keys for a mapping: those of its role that it does not have yet.
    func keyCompletions(in mapping: NodeID) -> [Item] {
        let present = syntax.keys(of: mapping)
        let role = syntax.role(of: mapping)
        let names: [String]
        switch role {
        case .document: names = KeySchema.document.map(\.description)
        case .element(let kind?): names = KeySchema.allowedKeys(forKind: kind).map(\.description)
        case .element(nil): return kindItems() + KeySchema.elementCommon.map(\.description).filter { !present.contains($0) }.map(keyItem(role))
        case .rule:
            // A rule mapping holds one rule, with a parameter (a bare name is no mapping).
            let hasRule = present.contains { RuleKind.names.contains($0) }
            let rules = hasRule ? [] : syntax.parent(mapping).map(ruleNames(forList:)) ?? []
            names = rules.filter { !RuleKind.parameterless.contains($0) } + ["message"]
        case .option: names = KeySchema.segmentOption.map(\.description)
        case .insets: names = KeySchema.insets.map(\.description)
        case .layout: names = KeySchema.layout.map(\.description)
        case .unknown: return []
        }
        return names.filter { !present.contains($0) }.map(keyItem(role))
    }

    static func documentKeyItems(present: Set<String>) -> [Item] {
        KeySchema.document.map(\.description).filter { !present.contains($0) }.map {
            Item(label: $0, kind: .key, detail: KeyDescriptions.documentKeys[$0], insertText: $0 + ": ")
        }
    }

    func keyItem(_ role: SyntaxIndex.MappingRole) -> (String) -> Item {
        { name in
            Item(
                label: name, kind: role == .rule && name != "message" ? .rule : .key,
                detail: KeyDescriptions.describe(name, in: role), insertText: name + ": "
            )
        }
    }

    func kindItems() -> [Item] {
        ElementKind.keywords.map {
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

    /// The block sequence whose `-` stands at `dashColumn`, open on the cursor's line.
    func sequenceForItem(dashColumn: Int, cursor: SourcePosition) -> NodeID? {
        if let node = syntax.node(at: cursor), let parent = syntax.parent(node), tree.isSequence(parent) { return parent }
        let latest = syntax.collections.filter { node in
            let start = tree.range(node).start
            return tree.isSequence(node) && start.column == dashColumn && start.line <= cursor.line
        }.max { tree.range($0).start < tree.range($1).start }
        guard let latest, isOpen(from: tree.range(latest).start.line, to: cursor.line, column: dashColumn) else { return nil }
        return latest
    }

    // MARK: - List items

    func itemCompletions(in sequence: NodeID) -> [Item] {
        switch syntax.listKey(of: sequence) {
        case "elements": return kindItems()
        case "rules":
            return ruleNames(forList: sequence).map {
                Item(
                    label: $0, kind: .rule, detail: KeyDescriptions.rules[$0],
                    insertText: RuleKind.parameterless.contains($0) ? $0 : $0 + ": "
                )
            }
        default: return []
        }
    }

    /// The rules that may still join the `rules` list `sequence`: those that apply
    /// to its field's kind, by the table the checker reads for FC401, and are not in
    /// the list yet unless they may repeat (`RuleKind.repeatable`). Every rule while
    /// the kind is not written yet; none on a kind without a value.
    func ruleNames(forList sequence: NodeID) -> [String] {
        var present = Set<String>()
        for item in tree.items(sequence) {
            if tree.isMapping(item) {
                present.formUnion(tree.entries(item).compactMap { tree.text($0.key) })
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

    // MARK: - Values

    func valueCompletions(key: String, keyColumn: Int, line: Int) -> [Item] {
        let keyPosition = SourcePosition(line: line, column: keyColumn)
        guard let keyNode = syntax.node(at: keyPosition), syntax.isKey(keyNode), let mapping = syntax.parent(keyNode) else { return [] }
        let role = syntax.role(of: mapping)
        if role == .rule, key == "sameAs" {
            let owner = ownerFieldID(ofRule: mapping)
            return Self.fieldItems(symbols).filter { $0.label != owner }
        }
        return closedValues(key: key, in: role, mapping: mapping).map { Item(label: $0, kind: .value, detail: nil, insertText: $0) }
    }

    /// The values `key` may take in `mapping`, when they form a closed set: from the
    /// vocabulary's entry for the key at that place (a kind's own `style` words, a
    /// date's `mode`), or a segment's or picker's option values for `default`.
    func closedValues(key: String, in role: SyntaxIndex.MappingRole, mapping: NodeID) -> [String] {
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
    func values(of shape: ValueShape, element: NodeID) -> [String] {
        switch shape {
        case .word(let words): words
        case .boolean: ["true", "false"]
        case .constant(let value): [String(value)]
        case .optionValue: optionValues(ofElement: element)
        case .orNothing(let inner): values(of: inner, element: element)
        case .anyOf(let shapes): shapes.flatMap { values(of: $0, element: element) }
        default: []
        }
    }

    /// A segment element's option values, as written in its `options`.
    func optionValues(ofElement mapping: NodeID) -> [String] {
        guard let options = tree.entries(mapping).first(where: { tree.text($0.key) == "options" })?.value else { return [] }
        return tree.items(options).compactMap { option in
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

    // MARK: - Conditions

    static func fieldItems(_ symbols: SymbolTable?, where include: (FieldSymbol) -> Bool = { _ in true }) -> [Item] {
        (symbols?.fields ?? []).filter(include).map {
            Item(label: $0.id, kind: .fieldID, detail: $0.valueType.description + " field", insertText: $0.id)
        }
    }

    static func conditionCompletions(_ text: String, symbols: SymbolTable?, form: FormDocument?) -> [Item] {
        func fieldItems(where include: (FieldSymbol) -> Bool = { _ in true }) -> [Item] { Self.fieldItems(symbols, where: include) }
        var body = Substring(text).drop { $0 == " " }
        // The condition inside a quoted YAML scalar.
        if let quote = body.first, quote == "\"" || quote == "'", body.count(where: { $0 == quote }) % 2 == 1 { body = body.dropFirst() }
        let singles = body.count { $0 == "'" }
        let doubles = body.count { $0 == "\"" }
        if singles % 2 == 1 || doubles % 2 == 1 {
            let quote: Character = singles % 2 == 1 ? "'" : "\""
            guard let open = body.lastIndex(of: quote), let (id, inContains) = Self.optionField(before: body[..<open]),
                  let form, let element = form.allElements.first(where: { $0.id?.value == id }) else { return [] }
            let options: [SegmentOption]
            switch element.kind {
            case .segment(let segment) where !inContains: options = segment.options
            case .multiChoice(let choice) where inContains: options = choice.options
            default: return []
            }
            return options.map { Item(label: $0.value.value, kind: .value, detail: $0.title?.value, insertText: $0.value.value) }
        }
        let call = body.trimmingTrailingSpaces
        if call.hasSuffix("isEmpty(") {
            // Every field but a boolean can be empty (SPEC §7).
            return fieldItems { $0.valueType != .bool }
        }
        if call.hasSuffix("count(") || call.hasSuffix("contains(") {
            return fieldItems { if case .multiChoice = $0.valueType { true } else { false } }
        }
        let words = ["not", "and", "or", "true", "false"].map { Item(label: $0, kind: .keyword, detail: nil, insertText: $0) }
        let isEmpty = Item(label: "isEmpty", kind: .keyword, detail: "isEmpty(field): nothing entered or chosen", insertText: "isEmpty(")
        return fieldItems() + words + [isEmpty]
    }

    // MARK: - Reading the line

    /// The field whose option values belong in a quote opened after `before`:
    /// `id == '`, `id != '`, `id in ['a', '` (a segment or picker), or
    /// `contains(id, '` (a multiChoice, `inContains`).
    static func optionField(before: Substring) -> (id: String, inContains: Bool)? {
        func idAtEnd(_ text: String) -> String {
            String(text.reversed().prefix { $0.unicodeScalars.allSatisfy(EditorDocument.isWordScalar) }.reversed())
        }
        var text = before.trimmingTrailingSpaces
        if text.hasSuffix("==") || text.hasSuffix("!=") {
            let id = idAtEnd(String(text.dropLast(2)).trimmingTrailingSpaces)
            return id.isEmpty ? nil : (id, false)
        }
        guard text.hasSuffix("[") || text.hasSuffix(",") else { return nil }
        if let bracket = text.lastIndex(of: "["), !text[bracket...].contains("]") {
            text = String(text[..<bracket]).trimmingTrailingSpaces
            guard text.hasSuffix(" in") else { return nil }
            let id = idAtEnd(String(text.dropLast(3)).trimmingTrailingSpaces)
            return id.isEmpty ? nil : (id, false)
        }
        guard text.hasSuffix(","), let call = text.scalarRange(of: "contains(", last: true) else { return nil }
        let scalars = Array(text.unicodeScalars)
        let argument = String(String.UnicodeScalarView(scalars[call.upperBound..<(scalars.count - 1)])).trimmingTrailingSpaces.drop { $0 == " " }
        guard !argument.isEmpty, argument.unicodeScalars.allSatisfy(EditorDocument.isWordScalar) else { return nil }
        return (String(argument), true)
    }

    /// The condition text before the cursor, when the line is a `visibleWhen:` or
    /// `enabledWhen:` entry and the cursor is in its value.
    static func conditionText(_ prefix: String) -> String? {
        for key in ["visibleWhen:", "enabledWhen:", "visibleWhen\":", "enabledWhen\":"] {
            if let found = prefix.scalarRange(of: key) {
                return String(String.UnicodeScalarView(Array(prefix.unicodeScalars)[found.upperBound...]))
            }
        }
        return nil
    }

    /// `key` when the text before the cursor is `key:` (after indentation or `- `).
    static func keyBeforeValue(_ trimmed: String) -> String? {
        guard trimmed.hasSuffix(":") else { return nil }
        var body = Substring(trimmed.dropLast()).drop { $0 == " " }
        while body.hasPrefix("- ") { body = body.dropFirst(2).drop { $0 == " " } }
        guard !body.isEmpty, body.unicodeScalars.allSatisfy(EditorDocument.isWordScalar) else { return nil }
        return String(body)
    }

    /// A JSON member's key when the text before the cursor is `"key":` or
    /// `"key": "`, with the column of the key's opening quote.
    static func jsonKeyBeforeValue(_ trimmed: String) -> (key: String, keyColumn: Int, inQuotes: Bool)? {
        var scalars = Array(trimmed.unicodeScalars)
        let inQuotes = scalars.last == "\""
        if inQuotes { scalars.removeLast() }
        while scalars.last == " " || scalars.last == "\t" { scalars.removeLast() }
        guard scalars.last == ":" else { return nil }
        scalars.removeLast()
        while scalars.last == " " || scalars.last == "\t" { scalars.removeLast() }
        guard scalars.last == "\"" else { return nil }
        let close = scalars.count - 1
        var open = close - 1
        while open >= 0, EditorDocument.isWordScalar(scalars[open]) { open -= 1 }
        guard open >= 0, open < close - 1, scalars[open] == "\"" else { return nil }
        return (String(String.UnicodeScalarView(scalars[(open + 1)..<close])), open + 1, inQuotes)
    }

    /// Whether the text before the cursor opens a JSON object member's key: `{"` or `, "`.
    static func isJSONKeyStart(_ trimmed: String) -> Bool {
        var scalars = Array(trimmed.unicodeScalars)
        guard scalars.last == "\"" else { return false }
        scalars.removeLast()
        while scalars.last == " " || scalars.last == "\t" { scalars.removeLast() }
        return scalars.last == "{" || scalars.last == ","
    }

    /// Whether the text before the cursor is indentation and `-`: a new list item.
    static func isItemStart(_ prefix: String) -> Bool {
        let trimmed = prefix.trimmingTrailingSpaces.drop { $0 == " " }
        return trimmed == "-"
    }

    /// How many scalars of `text` come before the last occurrence of `marker`.
    static func scalarCount(of text: String, before marker: String) -> Int {
        text.scalarRange(of: marker, last: true)?.lowerBound ?? 0
    }
}

extension StringProtocol {
    var trimmingTrailingSpaces: String {
        String(String.UnicodeScalarView(unicodeScalars.reversed().drop { $0 == " " || $0 == "\t" }.reversed()))
    }
}

extension String {
    /// Where `marker` occurs (its first or last occurrence), in scalar offsets.
    func scalarRange(of marker: String, last: Bool = false) -> Range<Int>? {
        let scalars = Array(unicodeScalars)
        let needle = Array(marker.unicodeScalars)
        guard !needle.isEmpty, scalars.count >= needle.count else { return nil }
        let starts = Array(0...(scalars.count - needle.count))
        for start in last ? starts.reversed() : starts where Array(scalars[start..<start + needle.count]) == needle {
            return start..<start + needle.count
        }
        return nil
    }
}
