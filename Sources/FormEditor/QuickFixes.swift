import FormSource
import FormSyntax

/// A diagnostic's quick fix: the one edit its help names (`Diagnostic.fix`), and,
/// for a new name, the same edit wherever the name is used.
public struct EditorQuickFix: Sendable, Hashable {
    public var title: String
    public var diagnostic: Diagnostic
    /// The edit of the diagnostic's span.
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
            // An empty span is a place, not text (a condition read through an alias): nothing to replace.
            guard let fix = diagnostic.fix, diagnostic.location.file == file.path, span.start < span.end,
                  span.start <= range.end, range.start <= span.end else { return nil }
            let edits = fix.placement == .rename ? renameEdits(of: withoutAnchor(span), to: fix.text) : edit(of: withoutAnchor(span), for: fix).map { [$0] }
            guard let edits, !edits.isEmpty else { return nil }
            return EditorQuickFix(title: fix.title, diagnostic: diagnostic, edits: edits)
        }
    }

    /// A new name for the id declared at `span`, as `rename` writes it; where it
    /// refuses, the declaration alone, if the name is written nowhere else.
    private func renameEdits(of span: SourceRange, to name: String) -> [EditorEdit]? {
        let (target, _) = quotedContent(span)
        if case .success(let edits) = rename(at: target.start, to: name), !edits.isEmpty { return edits }
        let old = file.text(in: target)
        guard occurrences.filter({ $0.id == old }).count <= 1 else { return nil }
        return nameEdit(name, at: span).map { [$0] }
    }

    /// The edit that makes `fix` of the diagnostic at `span`.
    private func edit(of span: SourceRange, for fix: DiagnosticFix) -> EditorEdit? {
        switch fix.placement {
        case .rename:
            return nameEdit(fix.text, at: span)
        case .span:
            return place(fix.text, at: span, isValue: false)
        case .insideQuotes:
            return nameEdit(fix.text, at: span)
        case .word:
            return EditorEdit(range: span, newText: spaced(fix.text, replacing: span))
        case .quoted:
            guard span.start.line == span.end.line else { return nil }
            return quotingEdit(of: span, quoting: file.text(in: span))
        }
    }

    /// `span` without the YAML anchor (`&d `) its node's range starts with: the
    /// anchor stays, so that its aliases still find it.
    private func withoutAnchor(_ span: SourceRange) -> SourceRange {
        // Only a node's range starts with its anchor (an `&&` inside a condition is no anchor).
        guard span.start.line == span.end.line, let line = file.lineText(span.start.line), let syntax,
              let node = syntax.node(at: span.start), syntax.tree.range(node).start == span.start else { return span }
        let scalars = Array(line.unicodeScalars)
        var column = span.start.column - 1
        guard scalars.indices.contains(column), scalars[column] == "&" else { return span }
        while column < span.end.column - 1, scalars[column] != " " { column += 1 }
        while column < span.end.column - 1, scalars[column] == " " { column += 1 }
        return SourceRange(start: SourcePosition(line: span.start.line, column: column + 1), end: span.end)
    }

    /// A did-you-mean's name in place of the span: inside the quotes the name was
    /// written in (a YAML scalar's own, or a condition's, however the scalar
    /// around them writes them); a condition's quote character that the name holds
    /// makes it go in the other quotes.
    private func nameEdit(_ name: String, at span: SourceRange) -> EditorEdit? {
        let (target, quote) = quotedContent(span)
        if let quote, name.contains(quote) {
            let other: Character = quote == "'" ? "\"" : "'"
            guard !name.contains(other), isInsideScalar(span) else { return nil }
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

    /// Whether `span` lies strictly inside one scalar of the tree.
    private func isInsideScalar(_ span: SourceRange) -> Bool {
        guard let syntax, let node = syntax.node(at: span.start), syntax.tree.isScalar(node) else { return false }
        let scalar = syntax.tree.range(node)
        return scalar.start < span.start && span.end < scalar.end
    }

    /// `text` in place of `span`, written as the scalar around it allows: inside a
    /// quoted scalar with that scalar's escapes; inside a plain scalar, or (`isValue`)
    /// as a whole plain scalar, with the whole scalar put in double quotes when the
    /// result would not read back as itself; anywhere else as it is.
    private func place(_ text: String, at span: SourceRange, isValue: Bool) -> EditorEdit? {
        guard let syntax, let node = syntax.node(at: span.start), syntax.tree.isScalar(node) else {
            return EditorEdit(range: span, newText: text)
        }
        let scalar = withoutAnchor(syntax.tree.range(node))
        let isWhole = scalar.start == span.start && scalar.end == span.end
        let inside = scalar.start <= span.start && span.end <= scalar.end && !isWhole
        switch syntax.tree.style(node) {
        case .singleQuoted? where inside:
            return EditorEdit(range: span, newText: text.replacing("'", with: "''"))
        case .doubleQuoted? where inside:
            return EditorEdit(range: span, newText: String(YAMLPlain.doubleQuoted(text).dropFirst().dropLast()))
        case .plain? where !isJSON && (inside || (isValue && isWhole)):
            let written = file.text(in: SourceRange(start: scalar.start, end: span.start)) + text
                + file.text(in: SourceRange(start: span.end, end: scalar.end))
            if YAMLPlain.isSafe(written, inFlow: isInFlow(node, of: syntax)) { return EditorEdit(range: span, newText: text) }
            guard scalar.start.line == scalar.end.line else { return nil }
            return EditorEdit(range: scalar, newText: YAMLPlain.doubleQuoted(written))
        default:
            return EditorEdit(range: span, newText: text)
        }
    }

    /// Whether `node` stands in a flow collection (`[…]`, `{…}`), where `,` and
    /// brackets end a plain scalar.
    private func isInFlow(_ node: NodeID, of syntax: SyntaxIndex) -> Bool {
        guard let parent = syntax.parent(node) else { return false }
        let start = syntax.tree.range(parent).start
        guard let line = file.lineText(start.line) else { return false }
        let scalars = Array(line.unicodeScalars)
        guard scalars.indices.contains(start.column - 1) else { return false }
        return scalars[start.column - 1] == "[" || scalars[start.column - 1] == "{"
    }

    private var isJSON: Bool { file.path.lowercased().hasSuffix(".json") }

    /// The edit that puts `written`, the text of `span` inside a condition, in the
    /// condition's quotes, as the YAML scalar holding it allows: doubled in single
    /// quotes; in a plain scalar that it starts, with the whole scalar put in quotes
    /// (a plain value cannot start with a quote), double or (when it holds a double
    /// quote or a backslash) single; nil for a plain scalar of several lines.
    private func quotingEdit(of span: SourceRange, quoting written: String) -> EditorEdit? {
        let literal = "'\(written)'"
        guard let syntax, let node = syntax.node(at: span.start), syntax.tree.isScalar(node) else {
            return EditorEdit(range: span, newText: literal)
        }
        let scalar = withoutAnchor(syntax.tree.range(node))
        switch syntax.tree.style(node) {
        case .singleQuoted?:
            return EditorEdit(range: span, newText: "''\(written)''")
        case .plain? where scalar.start == span.start
            || !YAMLPlain.isSafe(file.text(in: scalar).replacing(written, with: literal), inFlow: isInFlow(node, of: syntax)):
            guard scalar.start.line == scalar.end.line else { return nil }
            let before = file.text(in: SourceRange(start: scalar.start, end: span.start))
            let rest = file.text(in: SourceRange(start: span.end, end: scalar.end))
            let value = before + literal + rest
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
