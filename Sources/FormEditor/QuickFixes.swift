import FormSource
import FormSyntax

/// A diagnostic's quick fix: the one edit its help names (`Diagnostic.fix`).
public struct EditorQuickFix: Sendable, Hashable {
    public var title: String
    public var diagnostic: Diagnostic
    public var edit: EditorEdit
}

extension EditorDocument {
    /// The quick fixes of the diagnostics that touch `range`: each diagnostic whose
    /// help names exactly one edit, made where the diagnostic is (`DiagnosticHelp`),
    /// written here as the text around the span needs it.
    public func quickFixes(in range: SourceRange) -> [EditorQuickFix] {
        diagnostics.compactMap { diagnostic in
            let span = diagnostic.location.range
            guard let fix = diagnostic.fix, diagnostic.location.file == file.path,
                  span.start <= range.end, range.start <= span.end else { return nil }
            return edit(of: span, for: fix).map { EditorQuickFix(title: fix.title, diagnostic: diagnostic, edit: $0) }
        }
    }

    /// The edit that makes `fix` of the diagnostic at `span`.
    private func edit(of span: SourceRange, for fix: DiagnosticFix) -> EditorEdit? {
        switch fix.placement {
        case .span:
            return EditorEdit(range: span, newText: escaped(fix.text, at: span))
        case .insideQuotes:
            let target = innerRange(span)
            return EditorEdit(range: target, newText: escaped(fix.text, at: target))
        case .word:
            return EditorEdit(range: span, newText: spaced(fix.text, replacing: span))
        case .quoted:
            guard span.start.line == span.end.line else { return nil }
            return quotingEdit(of: span, quoting: file.text(in: span))
        }
    }

    /// `text` as it is written at `span`: where the span lies inside a quoted YAML
    /// scalar (a condition's word), with the quotes and backslashes that scalar's
    /// style escapes; elsewhere as it is.
    private func escaped(_ text: String, at span: SourceRange) -> String {
        guard let syntax, let node = syntax.node(at: span.start), syntax.tree.isScalar(node) else {
            return text
        }
        let scalar = syntax.tree.range(node)
        guard scalar.start < span.start, span.end < scalar.end else { return text }
        switch syntax.tree.style(node) {
        case .singleQuoted?:
            return text.replacing("'", with: "''")
        case .doubleQuoted?:
            return text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
        default:
            return text
        }
    }

    /// The edit that puts `written`, the text of `span` inside a condition, in the
    /// condition's quotes, as the YAML scalar holding it allows: doubled in single
    /// quotes; in a plain scalar that it starts, with the whole scalar put in double
    /// quotes (a plain value cannot start with a quote); nil when that scalar holds
    /// a double quote or a backslash.
    private func quotingEdit(of span: SourceRange, quoting written: String) -> EditorEdit? {
        let literal = "'\(written)'"
        guard let syntax, let node = syntax.node(at: span.start), syntax.tree.isScalar(node) else {
            return EditorEdit(range: span, newText: literal)
        }
        let scalar = syntax.tree.range(node)
        switch syntax.tree.style(node) {
        case .singleQuoted?:
            return EditorEdit(range: span, newText: "''\(written)''")
        case .plain? where scalar.start == span.start:
            let value = file.text(in: scalar)
            guard scalar.start.line == scalar.end.line, !value.contains("\""), !value.contains("\\") else { return nil }
            let rest = file.text(in: SourceRange(start: span.end, end: scalar.end))
            return EditorEdit(range: scalar, newText: "\"" + literal + rest + "\"")
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
