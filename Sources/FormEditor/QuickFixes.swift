import FormChecker
import FormSource
import FormSyntax

/// A fix a diagnostic's help names: one replacement of the diagnostic's span.
public struct EditorQuickFix: Sendable, Hashable {
    public var title: String
    public var diagnostic: Diagnostic
    public var edit: EditorEdit
}

extension EditorDocument {
    /// The quick fixes of the diagnostics that touch `range`: each diagnostic whose
    /// help names exactly one edit ("did you mean 'minLength'?", "write true",
    /// "remove the quotes: 8", §7's "write 'visibleWhen: not newsletter'", "use 'and'
    /// instead of '&&'", "write formc: 1", a word of a condition to quote, a date
    /// or time to quote, a rule and its parameter to part with ': ').
    public func quickFixes(in range: SourceRange) -> [EditorQuickFix] {
        diagnostics.compactMap { diagnostic in
            let span = diagnostic.location.range
            guard diagnostic.location.file == file.path, span.start <= range.end, range.start <= span.end else { return nil }
            let written = span.start.line == span.end.line ? file.text(in: span) : ""
            let fixes = diagnostic.help.compactMap { Self.replacement(in: $0, replacing: written) }
            guard fixes.count == 1, let fix = fixes.first else { return nil }
            if fix.quotesSpan {
                return quotingEdit(of: span, quoting: written).map { EditorQuickFix(title: fix.title, diagnostic: diagnostic, edit: $0) }
            }
            let target = fix.keepsQuotes ? innerRange(span) : span
            let text = fix.isWord ? spaced(fix.text, replacing: target) : fix.text
            return EditorQuickFix(title: fix.title, diagnostic: diagnostic, edit: EditorEdit(range: target, newText: text))
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

    /// The replacement a help line names for the diagnostic's span, whose text is
    /// `written` (empty for a span of several lines), if it names one.
    /// `quotesSpan`: the fix puts the span's text in a condition's quotes (`quotingEdit`).
    static func replacement(
        in help: String, replacing written: String
    ) -> (title: String, text: String, keepsQuotes: Bool, isWord: Bool, quotesSpan: Bool)? {
        if let text = help.between("did you mean '", "'?"), help.hasPrefix("did you mean") {
            return ("Replace with '\(text)'", text, true, false, false)
        }
        // FC500: `use 'and' instead of '&&'`, `use 'not' instead of '!'`.
        if help.hasPrefix("use '"), let word = help.between("use '", "' instead of '"), ConditionWords.reserved.contains(word) {
            return ("Write '\(word)'", word, false, true, false)
        }
        // FC105: `only version 1 exists: write formc: 1`.
        if help.hasSuffix("write formc: 1") {
            return ("Write 1", "1", false, false, false)
        }
        if help.hasPrefix("write '"), help.contains("': conditions use"), let written = help.between("write '", "': conditions use"),
           let colon = written.scalarRange(of: ": ") {
            let value = String(String.UnicodeScalarView(Array(written.unicodeScalars)[colon.upperBound...]))
            return ("Write '\(value)'", value, false, false, false)
        }
        for word in ["true", "false"] where help.hasPrefix("write \(word) (") {
            return ("Write \(word)", word, false, false, false)
        }
        if help.hasPrefix("remove the quotes: ") {
            let text = String(help.dropFirst("remove the quotes: ".count))
            return ("Remove the quotes", text, false, false, false)
        }
        if help.hasPrefix("write it in quotes: ") {
            let text = String(help.dropFirst("write it in quotes: ".count))
            return ("Write it in quotes", text, false, false, false)
        }
        // FC501: `to compare 'plan' with the value 'pro', write it in quotes: plan == 'pro'`, at `pro`.
        if !written.isEmpty, help.contains("with the value '\(written)', write it in quotes: ") {
            return ("Write '\(written)' in quotes", "'\(written)'", false, false, true)
        }
        // FC501: `write true: the condition language's booleans are true and false`, at `yes`.
        for word in ["true", "false"] where help.hasPrefix("write \(word): ") {
            return ("Write \(word)", word, false, false, false)
        }
        // FC500: `write '2000-01-01'` at `2000-01-01`: the text of the span, quoted.
        if !written.isEmpty, help == "write '\(written)'" {
            return ("Write '\(written)'", "'\(written)'", false, false, true)
        }
        // FC400 in JSON: `write the rule as a mapping: {"minLength": 3}`, the string replaced.
        if help.hasPrefix("write the rule as a mapping: ") {
            let text = String(help.dropFirst("write the rule as a mapping: ".count))
            return ("Write \(text)", text, false, false, false)
        }
        // FC400: `write the rule and its parameter with ': ' between them: 'minLength: 3'`.
        if let text = help.between("with ': ' between them: '", "'"), help.hasPrefix("write the rule and its parameter") {
            return ("Write '\(text)'", text, false, false, false)
        }
        return nil
    }
}

extension String {
    /// The text between the first `start` and the last `end` after it.
    func between(_ start: String, _ end: String) -> String? {
        guard let open = scalarRange(of: start), let close = scalarRange(of: end, last: true), open.upperBound <= close.lowerBound else { return nil }
        return String(String.UnicodeScalarView(Array(unicodeScalars)[open.upperBound..<close.lowerBound]))
    }
}
