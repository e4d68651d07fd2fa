import FormModel
import FormSource

/// Completion inside a condition (`visibleWhen:`, `enabledWhen:`): field ids,
/// the condition language's words, and option values inside its quotes.
extension CompletionContext {
    /// The field ids `word` matches, as items: those starting with it first, each
    /// group in the table's order. One more than `EditorDocument.fieldIDLimit` at
    /// most: the caller cuts the list and tells the client it was cut.
    static func fieldItems(_ symbols: SymbolTable?, matching word: String, where include: (FieldSymbol) -> Bool = { _ in true }) -> [Item] {
        let limit = EditorDocument.fieldIDLimit + 1
        var starting: [FieldSymbol] = []
        var containing: [FieldSymbol] = []
        for field in symbols?.fields ?? [] where include(field) {
            switch Self.match(word, in: field.id) {
            case .prefix: starting.append(field)
            case .scattered where containing.count < limit: containing.append(field)
            case .scattered, .none: continue
            }
            if starting.count == limit { break }
        }
        return (starting + containing).prefix(limit).map {
            Item(label: $0.id, kind: .fieldID, detail: $0.valueType.description + " field", insertText: $0.id)
        }
    }

    enum WordMatch {
        case none
        /// The text starts with the word.
        case prefix
        /// The word's characters are in the text in order, not all at its start.
        case scattered
    }

    /// How `word` matches `text` as an editor filters completions: its characters
    /// in order, anywhere, in any case (ASCII: the words of a form's ids).
    static func match(_ word: String, in text: String) -> WordMatch {
        func lower(_ byte: UInt8) -> UInt8 { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte }
        var pattern = word.utf8.makeIterator()
        var wanted = pattern.next()
        var isPrefix = true
        for byte in text.utf8 {
            guard let next = wanted else { break }
            if lower(byte) == lower(next) {
                wanted = pattern.next()
            } else {
                isPrefix = false
            }
        }
        if wanted != nil { return .none }
        return isPrefix ? .prefix : .scattered
    }

    /// `word`: what is typed of the word at the cursor, which field ids must match.
    static func conditionCompletions(_ text: String, word: String, symbols: SymbolTable?, form: FormDocument?) -> [Item] {
        func fieldItems(where include: (FieldSymbol) -> Bool = { _ in true }) -> [Item] { Self.fieldItems(symbols, matching: word, where: include) }
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
    /// `enabledWhen:` entry, or a rule's `when:` (SPEC §16), and the cursor is in its value.
    static func conditionText(_ prefix: String) -> String? {
        for key in ["visibleWhen:", "enabledWhen:", "visibleWhen\":", "enabledWhen\":"] {
            if let found = prefix.scalarRange(of: key) {
                return String(String.UnicodeScalarView(Array(prefix.unicodeScalars)[found.upperBound...]))
            }
        }
        // `when:` as a key: at the line's start (after spaces or `- `), or after `{`, `,` or a JSON quote.
        for key in ["when:", "when\":"] {
            guard let found = prefix.scalarRange(of: key, last: true) else { continue }
            let scalars = Array(prefix.unicodeScalars)
            var before = found.lowerBound
            if key == "when\":" {
                guard before > 0, scalars[before - 1] == "\"" else { continue }
                before -= 1
            }
            let previous = scalars[..<before].last { $0 != " " }
            guard previous == nil || previous == "{" || previous == "," || previous == "-" else { continue }
            return String(String.UnicodeScalarView(scalars[found.upperBound...]))
        }
        return nil
    }
}
