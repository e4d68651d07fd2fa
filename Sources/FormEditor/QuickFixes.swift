import FormSource
import FormSyntax

/// A diagnostic's quick fix: the one edit its help names (`Diagnostic.fix`), and,
/// for a new name, the same edit wherever the name is used.
public struct EditorQuickFix: Sendable, Hashable {
    public var title: String
    public var diagnostic: Diagnostic
    /// The edit of the diagnostic's span, or of the range the fix names away from
    /// it (`DiagnosticFix.Placement.range`).
    public var edit: EditorEdit
    /// Every edit of the fix, `edit` among them.
    public var edits: [EditorEdit]

    init(title: String, diagnostic: Diagnostic, edits: [EditorEdit]) {
        self.title = title
        self.diagnostic = diagnostic
        let span = diagnostic.location.range
        self.edit = edits.first { span.start <= $0.range.start && $0.range.end <= span.end } ?? edits[0]
        self.edits = edits
    }
}

extension EditorDocument {
    /// The quick fixes of the diagnostics that touch `range`: each diagnostic whose
    /// help names exactly one edit, made where the diagnostic is (`DiagnosticHelp`),
    /// written here as the text around the span needs it.
    public func quickFixes(in range: SourceRange) -> [EditorQuickFix] {
        diagnostics.compactMap { diagnostic in
            let span = diagnostic.location.range
            // An empty span is a place, not text (a condition read through an alias), and
            // an alias (`*d`) has no text of its own: the fix is at its anchor.
            // A fix away from the span is offered at its own range too.
            let elsewhere: SourceRange? = switch diagnostic.fix?.placement {
            case .range(let target)?, .within(let target)?: target
            default: nil
            }
            guard let fix = diagnostic.fix, diagnostic.location.file == file.path, span.start < span.end,
                  (span.start <= range.end && range.start <= span.end)
                    || elsewhere.map({ $0.start <= range.end && range.start <= $0.end }) == true,
                  !(isNodeStart(span.start) && file.text(in: span).hasPrefix("*")) else { return nil }
            // A node's anchor stays, so that its aliases still find it; its tag too,
            // unless the fix replaces the node whole.
            let target = isNodeStart(span.start) && fix.placement != .node ? afterProperties(of: span) : span
            // Text that makes a mapping (`minLength: 3`) after an anchor would move the anchor onto its key.
            if target != span, fix.placement == .span, fix.text.contains(": ") { return nil }
            let edits = fix.placement == .rename ? renameEdits(of: target, to: fix.text) : edit(of: target, for: fix).map { [$0] }
            guard let edits, !edits.isEmpty else { return nil }
            return EditorQuickFix(title: fix.title, diagnostic: diagnostic, edits: edits)
        }
    }

    /// A new name for the id declared at `span`, as `rename` writes it; where it
    /// refuses, the declaration alone, if the id is written nowhere else.
    private func renameEdits(of span: SourceRange, to name: String) -> [EditorEdit]? {
        let (target, _) = quotedContent(span)
        if case .success(let edits) = rename(at: target.start, to: name), !edits.isEmpty { return edits }
        if let declared = occurrences.first(where: { $0.range.start <= target.start && target.start < $0.range.end }),
           occurrences.filter({ $0.id == declared.id }).count > 1 {
            return nil
        }
        return nameEdit(name, at: span).map { [$0] }
    }

    /// The edit that makes `fix` of the diagnostic at `span`.
    private func edit(of span: SourceRange, for fix: DiagnosticFix) -> EditorEdit? {
        switch fix.placement {
        case .rename, .insideQuotes:
            return nameEdit(fix.text, at: span)
        case .span:
            return place(fix.text, at: span, isValue: false)
        case .node:
            // The anchors among the node's properties stay, before the new text.
            let anchors = file.text(in: span).split(whereSeparator: { " \t\r\n".contains($0) })
                .prefix { $0.hasPrefix("&") || $0.hasPrefix("!") }.filter { $0.hasPrefix("&") }
            return EditorEdit(range: span, newText: anchors.map { $0 + " " }.joined() + fix.text)
        case .word:
            return EditorEdit(range: span, newText: spaced(fix.text, replacing: span))
        case .quoted:
            guard span.start.line == span.end.line else { return nil }
            return quotingEdit(of: span, quoting: file.text(in: span))
        case .entry:
            return entryEdit(fix.text, keyAt: span)
        case .range(let range):
            // A node there keeps its anchor and tag, as one at the span does.
            return EditorEdit(range: isNodeStart(range.start) ? afterProperties(of: range) : range, newText: fix.text)
        case .within(let range):
            // Where the part is the whole plain scalar, the scalar must still read back.
            return place(fix.text, at: range, isValue: true)
        case .removeEntry:
            return removalEdit(ofEntryWithKeyAt: span)
        }
    }

    /// The edit that takes out the entry whose key is at `span`, its value on the
    /// key's line: in a block mapping its whole line, when nothing but blanks is
    /// before the key and nothing but blanks or a comment after the value; in a flow
    /// mapping or a JSON object the entry with the comma before it (after it, for the
    /// first). Not the only entry, nor one whose value is a collection or has an
    /// anchor or a tag (another node may name it).
    private func removalEdit(ofEntryWithKeyAt span: SourceRange) -> EditorEdit? {
        guard let syntax, let key = syntax.node(at: span.start), syntax.tree.range(key) == span,
              let mapping = syntax.parent(key), syntax.tree.isMapping(mapping) else { return nil }
        let entries = Array(syntax.tree.entries(mapping))
        guard entries.count > 1, let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
        let value = syntax.tree.range(entries[index].value)
        let written = file.text(in: value)
        guard syntax.tree.isScalar(entries[index].value), value.end.line == span.start.line,
              !written.hasPrefix("&"), !written.hasPrefix("!") else { return nil }
        let opening = file.text(in: SourceRange(start: syntax.tree.range(mapping).start, end: syntax.tree.range(entries[0].key).start))
        if isJSON || opening.contains("{") {
            let range = index > 0
                ? SourceRange(start: syntax.tree.range(entries[index - 1].value).end, end: value.end)
                : SourceRange(start: span.start, end: syntax.tree.range(entries[1].key).start)
            // A comment between the entries would go with it.
            return file.text(in: range).contains("#") && !isJSON ? nil : EditorEdit(range: range, newText: "")
        }
        let line = span.start.line
        guard let text = file.lineText(line) else { return nil }
        let scalars = Array(text.unicodeScalars)
        let before = scalars.prefix(span.start.column - 1)
        let after = String(String.UnicodeScalarView(scalars.dropFirst(value.end.column - 1))).drop { $0 == " " || $0 == "\t" }
        guard before.allSatisfy({ $0 == " " }), after.isEmpty || after.hasPrefix("#") else { return nil }
        // The line and its break; the last line, whose break is the one before it
        // (a block scalar above may end with it), up to its end.
        let end = line < file.lineCount ? SourcePosition(line: line + 1, column: 1) : SourcePosition(line: line, column: scalars.count + 1)
        return EditorEdit(range: SourceRange(start: SourcePosition(line: line, column: 1), end: end), newText: "")
    }

    /// `text` in place of the entry whose key is at `span`, from the key to the end
    /// of its value: only a scalar value on the key's line, with no anchor, tag or
    /// alias (another node may name it).
    private func entryEdit(_ text: String, keyAt span: SourceRange) -> EditorEdit? {
        guard let syntax, let key = syntax.node(at: span.start), syntax.tree.range(key) == span,
              let mapping = syntax.parent(key), syntax.tree.isMapping(mapping),
              let value = syntax.tree.entries(mapping).first(where: { $0.key == key })?.value,
              syntax.tree.isScalar(value) else { return nil }
        let range = syntax.tree.range(value)
        let written = file.text(in: range)
        guard range.start.line == span.start.line, range.end.line == span.start.line, range.start < range.end,
              !written.hasPrefix("&"), !written.hasPrefix("!"), !written.hasPrefix("*") else { return nil }
        return EditorEdit(range: SourceRange(start: span.start, end: range.end), newText: text)
    }

    /// Whether a node of the tree starts at `position` (where its anchor and tag
    /// are written; an `&&` inside a condition is no anchor).
    private func isNodeStart(_ position: SourcePosition) -> Bool {
        guard let syntax, let node = syntax.node(at: position) else { return false }
        return syntax.tree.range(node).start == position
    }

    /// `range` after the node properties it starts with, anchors (`&d`) and tags
    /// (`!!str`), each with the blanks and line breaks after it.
    private func afterProperties(of range: SourceRange) -> SourceRange {
        var position = range.start
        var scalars = file.text(in: range).unicodeScalars[...]
        func advance() {
            let scalar = scalars.removeFirst()
            position = scalar == "\n" ? SourcePosition(line: position.line + 1, column: 1)
                : SourcePosition(line: position.line, column: position.column + 1)
        }
        while let first = scalars.first, first == "&" || first == "!" {
            while let next = scalars.first, !" \t\r\n".unicodeScalars.contains(next) { advance() }
            while let next = scalars.first, " \t\r\n".unicodeScalars.contains(next) { advance() }
        }
        return scalars.isEmpty ? range : SourceRange(start: position, end: range.end)
    }

    /// A did-you-mean's name in place of the span: inside the quotes the name was
    /// written in, with the escapes of the scalar around them. A condition's quote
    /// character that the name holds makes it go in the condition's other quotes.
    private func nameEdit(_ name: String, at span: SourceRange) -> EditorEdit? {
        let (target, quote) = quotedContent(span)
        // Quotes spelt with an escape (`\x27pri\x27`) are not found: no edit, rather than one that drops them.
        guard quote != nil || !file.text(in: target).contains("\\") else { return nil }
        if let quote, name.contains(quote), scalarAround(span)?.isWhole == false {
            let other: Character = quote == "'" ? "\"" : "'"
            guard !name.contains(other) else { return nil }
            return place(String(other) + name + String(other), at: span, isValue: false)
        }
        return place(name, at: target, isValue: true)
    }

    /// The text inside the quotes `span` is written in, and that quote: a quoted
    /// scalar's (`"name"`), or a condition's inside a quoted scalar, which writes
    /// it `''name''` in single quotes and `\"name\"` in double; nil when unquoted.
    private func quotedContent(_ span: SourceRange) -> (range: SourceRange, quote: Character?) {
        let text = Array(file.text(in: span))
        guard span.start.line == span.end.line, text.count >= 2 else { return (span, nil) }
        func inner(_ width: Int, _ quote: Character) -> (SourceRange, Character?) {
            let start = SourcePosition(line: span.start.line, column: span.start.column + width)
            return (SourceRange(start: start, end: SourcePosition(line: span.end.line, column: span.end.column - width)), quote)
        }
        if text.count >= 4, text.starts(with: ["'", "'"]), text.suffix(2) == ["'", "'"] { return inner(2, "'") }
        if text.count >= 4, text.starts(with: ["\\", "\""]), text.suffix(2) == ["\\", "\""] { return inner(2, "\"") }
        if let first = text.first, first == "'" || first == "\"", text.last == first { return inner(1, first) }
        return (span, nil)
    }

    /// The scalar whose text holds `span` (its range after its anchor and tag),
    /// and whether the span is all of it.
    private func scalarAround(_ span: SourceRange) -> (node: NodeID, range: SourceRange, isWhole: Bool)? {
        guard let syntax, let node = syntax.node(at: span.start), syntax.tree.isScalar(node) else { return nil }
        let scalar = afterProperties(of: syntax.tree.range(node))
        guard scalar.start <= span.start, span.end <= scalar.end else { return nil }
        return (node, scalar, scalar == span)
    }

    /// `text` in place of `span`, written as the scalar around it allows: inside a
    /// quoted scalar with that scalar's escapes; inside a plain scalar, or (`isValue`)
    /// as a whole plain scalar, so that the scalar still reads back as itself (put in
    /// double quotes whole where that is needed and it is one line; else no edit);
    /// anywhere else as it is.
    private func place(_ text: String, at span: SourceRange, isValue: Bool) -> EditorEdit? {
        guard let syntax, let (node, scalar, isWhole) = scalarAround(span) else {
            return EditorEdit(range: span, newText: text)
        }
        switch syntax.tree.style(node) {
        case .singleQuoted? where !isWhole:
            return EditorEdit(range: span, newText: text.replacing("'", with: "''"))
        case .doubleQuoted? where !isWhole:
            return EditorEdit(range: span, newText: String(YAMLPlain.doubleQuoted(text).dropFirst().dropLast()))
        case .plain? where !isJSON && (!isWhole || isValue):
            return plainEdit(text, at: span, in: scalar, isInFlow: isInFlow(node, of: syntax))
        default:
            return EditorEdit(range: span, newText: text)
        }
    }

    /// `text` in place of `span` within the plain scalar at `scalar`: as it is where
    /// the scalar still reads back as itself; else the one-line scalar in double
    /// quotes whole.
    private func plainEdit(_ text: String, at span: SourceRange, in scalar: SourceRange, isInFlow: Bool) -> EditorEdit? {
        let before = file.text(in: SourceRange(start: scalar.start, end: span.start))
        let after = file.text(in: SourceRange(start: span.end, end: scalar.end))
        guard scalar.start.line == scalar.end.line else {
            // Several lines: what is written next to the span on its own lines must read back.
            let near = (span.start == scalar.start ? "" : "a" + String(before.unicodeScalars.last.map(Character.init) ?? "a"))
                + text + String(after.unicodeScalars.first.map(Character.init) ?? "a") + "a"
            return YAMLPlain.isSafe(near.replacing("\n", with: " "), inFlow: isInFlow) ? EditorEdit(range: span, newText: text) : nil
        }
        let written = before + text + after
        if YAMLPlain.isSafe(written, inFlow: isInFlow) { return EditorEdit(range: span, newText: text) }
        return EditorEdit(range: scalar, newText: YAMLPlain.doubleQuoted(written))
    }

    /// Whether `node` stands in a flow collection (`[…]`, `{…}`), where `,` and
    /// brackets end a plain scalar.
    private func isInFlow(_ node: NodeID, of syntax: SyntaxIndex) -> Bool {
        guard let parent = syntax.parent(node) else { return false }
        let start = afterProperties(of: syntax.tree.range(parent)).start
        guard let line = file.lineText(start.line) else { return false }
        let scalars = Array(line.unicodeScalars)
        guard scalars.indices.contains(start.column - 1) else { return false }
        return scalars[start.column - 1] == "[" || scalars[start.column - 1] == "{"
    }

    private var isJSON: Bool { SourceFormat(path: file.path) == .json }

    /// The edit that puts `written`, the text of `span` inside a condition, in the
    /// condition's quotes, as the YAML scalar holding it allows: doubled in single
    /// quotes; in a plain scalar that it starts, or that would not read back with
    /// the quotes, with the whole scalar put in quotes (double, or single when it
    /// holds a double quote or a backslash); nil for a plain scalar of several lines
    /// that needs that.
    private func quotingEdit(of span: SourceRange, quoting written: String) -> EditorEdit? {
        let literal = "'\(written)'"
        guard let syntax, let (node, scalar, _) = scalarAround(span) else {
            return EditorEdit(range: span, newText: literal)
        }
        switch syntax.tree.style(node) {
        case .singleQuoted?:
            return EditorEdit(range: span, newText: "''\(written)''")
        case .plain?:
            if scalar.start != span.start, let edit = plainEdit(literal, at: span, in: scalar, isInFlow: isInFlow(node, of: syntax)),
               edit.range == span {
                return edit
            }
            guard scalar.start.line == scalar.end.line else { return nil }
            let value = file.text(in: SourceRange(start: scalar.start, end: span.start)) + literal
                + file.text(in: SourceRange(start: span.end, end: scalar.end))
            if value.contains("\"") || value.contains("\\") {
                return EditorEdit(range: scalar, newText: "'" + value.replacing("'", with: "''") + "'")
            }
            return EditorEdit(range: scalar, newText: YAMLPlain.doubleQuoted(value))
        default:
            return EditorEdit(range: span, newText: literal)
        }
    }

    /// A word of the condition language in place of an operator (`&&`, `!`): with a
    /// space on each side where the text beside it has none (`!news` → `not news`).
    private func spaced(_ word: String, replacing range: SourceRange) -> String {
        guard range.start.line == range.end.line, let line = file.lineText(range.start.line) else { return word }
        let scalars = Array(line.unicodeScalars)
        let (before, after) = (range.start.column - 2, range.end.column - 1)
        let isSpace = { (index: Int) in !scalars.indices.contains(index) || scalars[index] == " " || scalars[index] == "\t" }
        let opening = before >= 0 && !isSpace(before) && scalars[before] != "(" && scalars[before] != "\"" && scalars[before] != "'"
        return (opening ? " " : "") + word + (isSpace(after) ? "" : " ")
    }
}
