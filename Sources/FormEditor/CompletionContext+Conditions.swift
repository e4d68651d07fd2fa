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
    /// `forms`: where a field's options are looked up, in order (an entry's
    /// elements, then the form's, SPEC §14). `excluded`: the fields the condition
    /// may not name (those whose visibility it decides, FC504).
    static func conditionCompletions(
        _ text: String, word: String, symbols: SymbolTable?, forms: [FormDocument], excluded: Set<String> = []
    ) -> [Item] {
        func fieldItems(where include: (FieldSymbol) -> Bool = { _ in true }) -> [Item] {
            Self.fieldItems(symbols, matching: word) { !excluded.contains($0.id) && include($0) }
        }
        var body = Substring(text).drop { $0 == " " }
        // The condition inside a quoted YAML scalar.
        if let quote = body.first, quote == "\"" || quote == "'", body.count(where: { $0 == quote }) % 2 == 1 { body = body.dropFirst() }
        let singles = body.count { $0 == "'" }
        let doubles = body.count { $0 == "\"" }
        if singles % 2 == 1 || doubles % 2 == 1 {
            let quote: Character = singles % 2 == 1 ? "'" : "\""
            guard let open = body.lastIndex(of: quote), let (id, inContains) = Self.optionField(before: body[..<open]),
                  let element = forms.lazy.compactMap({ $0.allElements.first { $0.id?.value == id } }).first else { return [] }
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
        if Self.onlyALiteralFits(after: call) { return [] }
        if let (op, callee) = Self.calleeBeforeOperator(in: call), op == "==" || op == "!=", callee != "count" {
            // A condition compared (`(a and b) == ‸`, `isEmpty(x) != ‸`): with a Boolean literal only.
            return ["true", "false"].map { Item(label: $0, kind: .keyword, detail: nil, insertText: $0) }
        }
        if let compared = Self.comparedField(before: call),
           let type = symbols?.field(compared)?.valueType {
            // The other side of a comparison: a field of the same value type (SPEC §16),
            // or for a boolean `true`/`false`; a quote opens a segment's option values.
            let literals = type == .bool ? ["true", "false"].map { Item(label: $0, kind: .keyword, detail: nil, insertText: $0) } : []
            return fieldItems { $0.id != compared && type.compares(with: $0.valueType) } + literals
        }
        if let next = Self.wordsAfterOperand(call, symbols: symbols) {
            return next.map { Item(label: $0, kind: .keyword, detail: nil, insertText: $0) }
        }
        // Where an operand starts: a field, a literal, `not` or a call; `and` and `or` join two.
        let words = ["not", "true", "false"].map { Item(label: $0, kind: .keyword, detail: nil, insertText: $0) }
        let isEmpty = Item(label: "isEmpty", kind: .keyword, detail: "isEmpty(field): nothing entered or chosen", insertText: "isEmpty(")
        return fieldItems() + words + [isEmpty]
    }

    /// What may follow `text` when it ends with a whole operand (`p`, `true`,
    /// `isEmpty(a)`, `p == 'x'`): `and`/`or` after a boolean or a whole comparison,
    /// and the operators a field of its type compares with (SPEC §7, §16); nil where
    /// an operand starts (nothing yet, after `not`, `and`, `or`, `(` or an operator).
    static func wordsAfterOperand(_ text: String, symbols: SymbolTable?) -> [String]? {
        let logical = ["and", "or"]
        let scalars = Array(text.unicodeScalars)
        guard let last = scalars.last else { return nil }
        switch last {
        case "'", "\"", "]": return logical
        case ")":
            // `count(x)` is a number; `isEmpty(…)`, `contains(…)` and `(…)` are booleans.
            return callee(closedAtEndOf: scalars[...]) == "count" ? ["==", "!=", "<", "<=", ">", ">="] : logical
        default: break
        }
        guard EditorDocument.isWordScalar(last) else { return nil }
        let word = String(String.UnicodeScalarView(scalars.reversed().prefix { EditorDocument.isWordScalar($0) }.reversed()))
        switch word {
        case "not", "and", "or": return nil
        case "in": return []
        default: break
        }
        // The right side of a comparison ends it.
        let before = String(String.UnicodeScalarView(scalars.dropLast(word.unicodeScalars.count))).trimmingTrailingSpaces
        if let end = before.unicodeScalars.last, "=<>".unicodeScalars.contains(end) { return logical }
        if word == "true" || word == "false" || word.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) { return logical + ["==", "!="] }
        switch symbols?.field(word)?.valueType {
        case .bool?, nil: return logical + ["==", "!="]
        case .string?: return ["==", "!="]
        case .number?, .date?: return ["==", "!=", "<", "<=", ">", ">="]
        case .segment?: return ["==", "!=", "in"]
        case .multiChoice?: return []
        }
    }

    /// Whether only a literal may come after `text`, which no field id or word is:
    /// a whole number after `count(x)` and an operator, an option in quotes inside
    /// `in [` or after `contains(x,` (offered once the quote is typed).
    static func onlyALiteralFits(after text: String) -> Bool {
        if let bracket = text.lastIndex(of: "["), !text[bracket...].contains("]"),
           text[..<bracket].trimmingTrailingSpaces.hasSuffix(" in") { return true }
        if let paren = text.lastIndex(of: "("), !text[paren...].contains(")"), text[paren...].contains(","),
           text[..<paren].trimmingTrailingSpaces.hasSuffix("contains") { return true }
        return calleeBeforeOperator(in: text)?.callee == "count"
    }

    /// When `text` ends with an operator after a `)`: the operator, and what the
    /// `)` closes (`callee(closedAtEndOf:)`).
    static func calleeBeforeOperator(in text: String) -> (operator: String, callee: String)? {
        let scalars = Array(text.trimmingTrailingSpaces.unicodeScalars)
        let operatorLength = scalars.reversed().prefix { "=<>!".unicodeScalars.contains($0) }.count
        var end = scalars.count - operatorLength
        while end > 0, scalars[end - 1] == " " || scalars[end - 1] == "\t" { end -= 1 }
        guard operatorLength > 0, end > 0, scalars[end - 1] == ")" else { return nil }
        let op = String(String.UnicodeScalarView(scalars[(scalars.count - operatorLength)...]))
        return (op, callee(closedAtEndOf: scalars[..<end]))
    }

    /// The word before the `(` that the `)` ending `scalars` closes: `count`,
    /// `isEmpty`, `contains`; empty for a condition in parentheses (`(a and b)`).
    static func callee(closedAtEndOf scalars: ArraySlice<Unicode.Scalar>) -> String {
        var depth = 0
        var open = scalars.endIndex - 1
        while open >= scalars.startIndex {
            if scalars[open] == ")" { depth += 1 }
            if scalars[open] == "(" { depth -= 1; if depth == 0 { break } }
            open -= 1
        }
        let before = scalars[scalars.startIndex..<max(open, scalars.startIndex)].reversed().drop { $0 == " " || $0 == "\t" }
        return String(String.UnicodeScalarView(before.prefix(while: EditorDocument.isWordScalar).reversed()))
    }

    /// The field compared by an operator at the end of `text` (`end <`, `home ==`).
    static func comparedField(before text: String) -> String? {
        var rest = text.trimmingTrailingSpaces
        guard let last = rest.last, "=<>".contains(last) else { return nil }
        for symbol in ["==", "!=", "<=", ">=", "<", ">"] where rest.hasSuffix(symbol) {
            rest = String(rest.dropLast(symbol.count)).trimmingTrailingSpaces
            let id = String(rest.reversed().prefix { $0.unicodeScalars.allSatisfy(EditorDocument.isWordScalar) }.reversed())
            return id.isEmpty ? nil : id
        }
        return nil
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

    /// The condition text before the cursor, when the cursor is in the value of a
    /// `visibleWhen:` or `enabledWhen:` key, or a rule's `when:` (SPEC §16), on its
    /// line. A key counts where a key can stand (the line's start, after `- `, `{`
    /// or `,`, or in JSON quotes), not inside other text; the value is over at its
    /// closing quote, and, unquoted in a flow mapping, at a `,`, `}` or `]`.
    /// `key`: which of the three keys the value is of.
    static func conditionText(_ prefix: String) -> (key: String, text: String)? {
        let scalars = Array(prefix.unicodeScalars)
        var last: (key: String, keyStart: Int, valueStart: Int)?
        for key in ["visibleWhen", "enabledWhen", "when"] {
            let name = Array(key.unicodeScalars)
            guard scalars.count > name.count else { continue }
            for start in 0...(scalars.count - name.count - 1) where scalars[start..<start + name.count].elementsEqual(name) {
                var (before, after) = (start, start + name.count)
                if before > 0, scalars[before - 1] == "\"", after < scalars.count, scalars[after] == "\"" { (before, after) = (before - 1, after + 1) }
                guard after < scalars.count, scalars[after] == ":" else { continue }
                let previous = scalars[..<before].last { $0 != " " && $0 != "\t" }
                guard previous == nil || previous == "{" || previous == "," || previous == "-" else { continue }
                if last.map({ before > $0.keyStart }) ?? true { last = (key, before, after + 1) }
            }
        }
        guard let last else { return nil }
        let value = scalars[last.valueStart...]
        let body = value.drop { $0 == " " || $0 == "\t" }
        if let quote = body.first, quote == "'" || quote == "\"" {
            // Open while its closing quote has not come (`''` and `\"` are escapes).
            var index = body.startIndex + 1
            while index < body.endIndex {
                let scalar = body[index]
                if quote == "\"", scalar == "\\" {
                    index += 2
                    continue
                }
                if scalar == quote {
                    if quote == "'", index + 1 < body.endIndex, body[index + 1] == "'" {
                        index += 2
                        continue
                    }
                    return nil
                }
                index += 1
            }
        } else {
            let line = scalars[..<last.keyStart]
            let opened = line.count { $0 == "{" || $0 == "[" } - line.count { $0 == "}" || $0 == "]" }
            if opened > 0, body.contains(where: { $0 == "," || $0 == "}" || $0 == "]" }) { return nil }
            if let hash = body.firstIndex(of: "#"), hash == body.startIndex || body[hash - 1] == " " { return nil }
        }
        return (last.key, String(String.UnicodeScalarView(value)))
    }

    /// The fields whose visibility the `visibleWhen` at `position` decides: those
    /// of the innermost element around it (a field or list; a group or page and
    /// every field inside it), and every field whose condition, or whose group's,
    /// reads one of those, and so on. The condition may read none of them (FC504).
    static func fieldsShown(byConditionAt position: SourcePosition, in form: FormDocument?) -> Set<String> {
        var owner: Element?
        func visit(_ elements: [Element]) {
            for element in elements where element.range.start <= position {
                // A block mapping's range ends at its last scalar: the rest of that line is in it.
                guard position <= element.range.end || position.line == element.range.end.line else { continue }
                owner = element
                visit(children(of: element))
            }
        }
        visit(form?.elements ?? [])
        guard let owner else { return [] }
        // A field → the fields whose visibility a condition reading it decides.
        var decides: [String: [String]] = [:]
        func link(_ elements: [Element]) {
            for element in elements {
                if let reads = element.visibleWhen?.expression?.fieldReferences, !reads.isEmpty {
                    let shown = ids(shownWith: element)
                    for read in reads { decides[read, default: []] += shown }
                }
                link(children(of: element))
            }
        }
        link(form?.elements ?? [])
        var excluded = Set(ids(shownWith: owner))
        var pending = Array(excluded)
        while let id = pending.popLast() {
            for other in decides[id] ?? [] where excluded.insert(other).inserted { pending.append(other) }
        }
        return excluded
    }

    /// The ids whose visibility `element`'s condition decides: its own, and for a
    /// group or page every field inside it (an entry's fields are no names of the
    /// scope a list's condition reads, SPEC §14).
    private static func ids(shownWith element: Element) -> [String] {
        var ids: [String] = []
        func collect(_ element: Element) {
            if let id = element.id?.value { ids.append(id) }
            if case .group(let group) = element.kind { group.elements.forEach(collect) }
        }
        collect(element)
        return ids
    }

    private static func children(of element: Element) -> [Element] {
        switch element.kind {
        case .group(let group): group.elements
        case .list(let list): list.elements
        default: []
        }
    }
}
