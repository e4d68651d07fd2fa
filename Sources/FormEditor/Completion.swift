import FormModel
import FormSource
import FormSyntax

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
    /// Where the cursor goes once `insertText` is in, as a count of characters
    /// before its end: 0 after it; in a JSON kind's empty id (`"textField": ""`),
    /// between the quotes. An editor that takes snippets moves it there.
    public var cursorFromEnd = 0
}

/// The completions at a position, and whether typing more may change them
/// beyond what a client's own filtering of these items gives.
public struct EditorCompletionList: Sendable, Hashable {
    public var items: [EditorCompletion]
    /// True when a word is being typed (field ids are filtered by it) or the field
    /// ids were cut at `EditorDocument.fieldIDLimit`: the client asks again as the
    /// word grows (LSP's `isIncomplete`).
    public var isIncomplete: Bool
}

extension EditorDocument {
    /// The most field ids one completion offers: a form may have thousands, and a
    /// list that long costs more to send and read than it helps to scroll.
    public static let fieldIDLimit = 100

    /// What may be written at `position`: the keys allowed there that the mapping
    /// does not have yet, element kinds, rule names, closed values, field ids after
    /// `sameAs:` and in conditions, and a segment's option values inside a
    /// condition's quotes. Empty where nothing fits, or past the end.
    ///
    /// Field ids are those the word before the cursor matches (its characters in
    /// order, any case; those starting with it first), at most `fieldIDLimit`.
    ///
    /// The context is the text with the word being typed removed (`  plac` is no
    /// YAML mapping entry). It is answered, where that is the same, from what is
    /// already analysed: this text's tree when no word is being typed or when the
    /// word stands alone as a new list item (`- te`, the tree's item left out), or
    /// `lastReadable` (an earlier analysis whose text read) when the cursor's line
    /// is blank without the word and every other line is unchanged, the cursor's
    /// line new or blank in it; a
    /// condition needs no tree at all. Otherwise the edited text is read again
    /// (only read: field ids come from the analyses), or when even that does not
    /// read, the text up to the cursor's line.
    public func completionList(at position: SourcePosition, lastReadable: EditorDocument? = nil) -> EditorCompletionList {
        completionList(at: position, lastReadable: lastReadable, reusingTrees: true)
    }

    /// The items of `completionList(at:lastReadable:)`.
    public func completions(at position: SourcePosition, lastReadable: EditorDocument? = nil) -> [EditorCompletion] {
        completionList(at: position, lastReadable: lastReadable).items
    }

    /// `reusingTrees: false` always reads the edited text again: the answer the
    /// trees already made must agree with (the tests compare the two).
    func completionList(at position: SourcePosition, lastReadable: EditorDocument?, reusingTrees: Bool) -> EditorCompletionList {
        guard contains(position), let line = file.lineText(position.line) else { return EditorCompletionList(items: [], isIncomplete: false) }
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
        // What a client filters by: the word up to the cursor.
        let word = String(String.UnicodeScalarView(scalars[wordStart..<column]))
        let cursor = SourcePosition(line: position.line, column: wordStart + 1)
        let analyses = Analyses(current: self, earlier: lastReadable, at: position)
        // A word before a colon (`fo‸: A`) is a key whose value is written: the text
        // with the word reads, the word as its entry's key, and an item is the word alone.
        let isTypedKey = wordStart < wordEnd && rest.unicodeScalars.drop { $0 == " " || $0 == "\t" }.first == ":"
        let replacement = isTypedKey ? line : prefix + rest
        var items: [CompletionContext.Item]
        if let condition = CompletionContext.conditionText(prefix) {
            let excluded = condition.key == "visibleWhen" ? CompletionContext.fieldsShown(byConditionAt: position, in: analyses.wholeForm) : []
            items = CompletionContext.conditionCompletions(
                condition.text, word: word, symbols: analyses.symbols, forms: [analyses.form, analyses.wholeForm].compactMap { $0 },
                excluded: excluded
            )
            // A JSON condition is a string: before its opening quote (and no value after
            // the cursor) only a field id goes in, quoted as a whole condition.
            if SourceFormat(path: file.path) == .json, condition.text.unicodeScalars.first(where: { $0 != " " && $0 != "\t" }) != "\"" {
                let isBlank = condition.text.unicodeScalars.allSatisfy { $0 == " " || $0 == "\t" }
                items = isBlank && !CompletionContext.valueFollows(rest) ? items.filter { $0.kind == .fieldID }.map { item in
                    var item = item
                    item.insertText = "\"\(item.insertText)\""
                    return item
                } : []
            }
            // A `(` already after the word: a call (`isEmpty(`) brings none of its own.
            if rest.hasPrefix("(") {
                items = items.map { item in
                    var item = item
                    if item.insertText.hasSuffix("(") { item.insertText.removeLast() }
                    return item
                }
            }
        } else if var context = (reusingTrees ? analysedContext(line: position.line, prefix: prefix, word: range, rest: rest, isTypedKey: isTypedKey, analyses: analyses) : nil)
            ?? completionContext(line: position.line, replacement: replacement, analyses: analyses)
            // JSON has no empty value: `"keyboard": }` reads once the value is `null`.
            ?? (SourceFormat(path: file.path) == .json ? jsonContext(line: position.line, prefix: prefix, rest: rest, analyses: analyses) : nil) {
            if isTypedKey, let key = context.syntax.node(at: cursor), context.syntax.isKey(key), context.tree.range(key) == range {
                context.typedKey = key
            }
            items = context.completions(prefix: prefix, word: word, rest: rest, at: cursor)
            // In YAML a key or list item goes where only a flow collection's end or
            // `,`, a comment, or (a key typed before it) its colon follows: before
            // other text (`‸  - group: a`, `{‸ required: true }`) it breaks the line.
            if SourceFormat(path: file.path) != .json, !isTypedKey,
               let next = rest.unicodeScalars.first(where: { $0 != " " && $0 != "\t" }), !"}],#".unicodeScalars.contains(next) {
                items.removeAll { $0.kind == .key || $0.kind == .elementKind || $0.kind == .rule }
            }
        } else {
            // Nothing reads (an empty YAML file, say): at a line's start, the document's
            // keys that no other line starts with.
            items = prefix.isEmpty && SourceFormat(path: file.path) != .json
                ? CompletionContext.documentKeyItems(present: file.documentKeys(besides: position.line)) : []
        }
        // `fieldItems` makes one more than the limit, to tell that there were more.
        var fieldIDs = 0
        items.removeAll { item in
            guard item.kind == .fieldID else { return false }
            fieldIDs += 1
            return fieldIDs > Self.fieldIDLimit
        }
        // Right after `key:` or `-` (a trigger character), the item brings its space.
        let space = prefix.hasSuffix(":") || prefix.hasSuffix("-") ? " " : ""
        return EditorCompletionList(
            items: items.map {
                let text = isTypedKey && $0.insertText.hasSuffix(": ") ? String($0.insertText.dropLast(2)) : $0.insertText
                return EditorCompletion(
                    label: $0.label, kind: $0.kind, detail: $0.detail, insertText: space + text, range: range,
                    cursorFromEnd: text == $0.insertText ? $0.cursorFromEnd : 0
                )
            },
            isIncomplete: !word.isEmpty || fieldIDs > Self.fieldIDLimit
        )
    }

    /// The analyses a completion may answer from: this text's, and an earlier one
    /// whose text read, for when this one does not.
    struct Analyses {
        let current: EditorDocument
        let earlier: EditorDocument?
        /// Inside a list's entry (SPEC §14): the entry, whose names are its own fields, then the form's.
        var entry: EntryScope?

        init(current: EditorDocument, earlier: EditorDocument?, at position: SourcePosition? = nil) {
            self.current = current
            self.earlier = earlier
            if let position {
                let scopes = current.document != nil ? current.entryScopes : earlier?.entryScopes ?? []
                entry = scopes.first { $0.range.touches(position) }
            }
        }

        /// Field ids and option values: of this text, else of the earlier one; inside
        /// a list's entry, the entry's.
        var symbols: SymbolTable? { entry?.symbols ?? current.symbols ?? earlier?.symbols }
        var form: FormDocument? { entry?.document ?? wholeForm }
        /// The form, also inside an entry.
        var wholeForm: FormDocument? { current.document ?? earlier?.document }
    }

    /// The context from a tree already made, where it is the tree of the text with
    /// the word removed in every way the completion looks at; nil elsewhere.
    private func analysedContext(
        line: Int, prefix: String, word: SourceRange, rest: String, isTypedKey: Bool, analyses: Analyses
    ) -> CompletionContext? {
        // A key typed before its colon: this text is the one to read.
        if isTypedKey { return syntax.map { CompletionContext(file: file, syntax: $0, symbols: analyses.symbols, form: analyses.form) } }
        let restIsBlank = rest.unicodeScalars.allSatisfy { $0 == " " || $0 == "\t" }
        // No word at all: this text is the text without it.
        if word.start == word.end, let syntax {
            return CompletionContext(file: file, syntax: syntax, symbols: analyses.symbols, form: analyses.form)
        }
        // A word alone as a new block list item (`- te`): this tree holds it as a
        // plain item of the list that the text without it would give a null item.
        if restIsBlank, CompletionContext.isItemStart(prefix), let syntax,
           let item = syntax.node(at: word.start), syntax.tree.range(item) == word,
           let list = syntax.parent(item), syntax.tree.isSequence(list), file.isDash(at: syntax.tree.range(list).start) {
            return CompletionContext(file: file, syntax: syntax, symbols: analyses.symbols, form: analyses.form, typedItem: item)
        }
        // A blank line without the word: its mapping is found from the collections
        // that start above it and the lines above it alone, and the keys it holds
        // from every line of it. This text's tree will do (the word on its line is
        // no key), and so will an earlier one whose text has the same lines above
        // and the same lines after, the cursor's line not yet written or blank
        // there: where that line held something else (a key being typed over),
        // its tree would count that line's key as written.
        guard restIsBlank, prefix.unicodeScalars.allSatisfy({ $0 == " " }) else { return nil }
        if let syntax = analyses.current.syntax {
            return CompletionContext(file: file, syntax: syntax, symbols: analyses.symbols, form: analyses.form)
        }
        if let earlier = analyses.earlier, let syntax = earlier.syntax,
           earlier.file.hasSameLines(as: file, before: line), earlier.file.hasSameLines(as: file, after: line) {
            return CompletionContext(file: earlier.file, syntax: syntax, symbols: analyses.symbols, form: analyses.form)
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

    /// The brackets that close the flow collections `line` opens and leaves open,
    /// innermost first (`- { min: [1, ` → `]}`), and the offset in the line's
    /// scalars where they go: its end, or before its comment. Nil when it leaves
    /// none open, or closes one it did not open, or ends in quotes. Quoted text
    /// and a comment are no brackets (`CompletionContext.readOutsideQuotes`).
    static func flowClosers(of line: String) -> (closers: String, at: Int)? {
        var open: [Unicode.Scalar] = []
        let stop = CompletionContext.readOutsideQuotes(line) { scalar in
            switch scalar {
            case "[": open.append("]")
            case "{": open.append("}")
            case "]", "}":
                guard open.last == scalar else { return false }
                open.removeLast()
            default: break
            }
            return true
        }
        guard !open.isEmpty else { return nil }
        switch stop {
        case .end: return (String(String.UnicodeScalarView(open.reversed())), line.unicodeScalars.count)
        case .comment(let at): return (String(String.UnicodeScalarView(open.reversed())), at)
        case .inQuotes, .stopped: return nil
        }
    }

    /// A scalar of a word, as the condition lexer reads one: ASCII letters, digits
    /// and `_`, and letters and combining marks beyond ASCII (`cómpany` is one word).
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) }
        return scalar.properties.isAlphabetic || scalar.properties.generalCategory == .nonspacingMark
    }

    /// The document with line `line` replaced, read; or, when that does not read,
    /// with every line after it dropped too. A flow collection the line opens and
    /// does not close (`rules: [{ sameAs: em`, typed before its brackets) is
    /// closed at the line's end where the line as it is does not read. Only read:
    /// the ids a completion offers come from the analyses, so no decoding or
    /// checking is redone.
    private func completionContext(line: Int, replacement: String, analyses: Analyses) -> CompletionContext? {
        let start = file.lineStarts[line - 1]
        let lineLength = file.lineText(line).map { $0.utf8.count } ?? 0
        let before = Array(file.bytes[..<start])
        let after = Array(file.bytes[(start + lineLength)...])
        var lines = [Array(replacement.utf8)]
        if SourceFormat(path: file.path) != .json, let (closers, at) = Self.flowClosers(of: replacement) {
            // After a space, as the cursor's value is before a closing bracket written by hand.
            let scalars = Array(replacement.unicodeScalars)
            let closed = String(String.UnicodeScalarView(scalars[..<at])) + " " + closers + " "
                + String(String.UnicodeScalarView(scalars[at...]))
            lines.append(Array(closed.utf8))
        }
        for bytes in lines.map({ before + $0 + after }) + lines.map({ before + $0 }) {
            let patched = SourceFile(path: file.path, bytes: bytes)
            var diagnostics = DiagnosticBag(file: file.path)
            if let tree = FormReader.read(patched, limits: .default, diagnostics: &diagnostics) {
                return CompletionContext(file: patched, syntax: SyntaxIndex(tree: tree), symbols: analyses.symbols, form: analyses.form)
            }
        }
        return nil
    }
}

extension SourceFile {
    /// The keys the lines other than `line` start with (`form:` at the line's
    /// start): the document's keys, in a text that does not read.
    func documentKeys(besides line: Int) -> Set<String> {
        var keys = Set<String>()
        for number in 1...max(lineCount, 1) where number != line {
            guard let text = lineText(number) else { continue }
            let name = text.unicodeScalars.prefix(while: EditorDocument.isWordScalar)
            let after = text.unicodeScalars.dropFirst(name.count).drop { $0 == " " || $0 == "\t" }
            if !name.isEmpty, after.first == ":" { keys.insert(String(String.UnicodeScalarView(name))) }
        }
        return keys
    }

    /// Whether a `-` stands at `position`: a block sequence starts there, not a flow one.
    func isDash(at position: SourcePosition) -> Bool {
        let offset = byteOffset(of: position)
        return offset < bytes.count && bytes[offset] == UInt8(ascii: "-")
    }

    /// The last character other than white space before line `line`, and the
    /// first after it (ASCII, as JSON's structure is); nil where there is none.
    func nonBlankScalars(around line: Int) -> (before: Unicode.Scalar?, after: Unicode.Scalar?) {
        guard line >= 1, line <= lineCount else { return (nil, nil) }
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        let start = lineStarts[line - 1]
        let end = line < lineCount ? lineStarts[line] : bytes.count
        let before = bytes[..<start].last { !isBlank($0) }
        let after = bytes[end...].first { !isBlank($0) }
        return (before.map { Unicode.Scalar($0) }, after.map { Unicode.Scalar($0) })
    }

    /// Whether the lines of this file from `line` on are the bytes of `other`'s
    /// lines after its line `line`, with or without one line of white space
    /// before them: `other` is this text with its line `line` inserted, or
    /// written over a blank line.
    func hasSameLines(as other: SourceFile, after line: Int) -> Bool {
        guard line >= 1, line <= other.lineCount, line <= lineCount + 1 else { return false }
        let tail = other.bytes[(line < other.lineStarts.count ? other.lineStarts[line] : other.bytes.count)...]
        let start = line - 1 < lineStarts.count ? lineStarts[line - 1] : bytes.count
        if bytes[start...].elementsEqual(tail) { return true }
        let next = line < lineStarts.count ? lineStarts[line] : bytes.count
        let isBlank = bytes[start..<next].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        return isBlank && bytes[next...].elementsEqual(tail)
    }

    /// Whether lines 1 ..< `line` of both files are the same bytes.
    func hasSameLines(as other: SourceFile, before line: Int) -> Bool {
        guard line >= 1, line <= lineCount + 1, line <= other.lineCount + 1 else { return false }
        let end = line - 1 < lineStarts.count ? lineStarts[line - 1] : bytes.count
        let otherEnd = line - 1 < other.lineStarts.count ? other.lineStarts[line - 1] : other.bytes.count
        return end == otherEnd && bytes[..<end].elementsEqual(other.bytes[..<otherEnd])
    }
}
