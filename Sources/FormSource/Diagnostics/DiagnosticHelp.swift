/// The one edit that a help line names, of the diagnostic's span (or, for a
/// syntax error whose cause is written elsewhere, of the range it names): what an
/// editor offers as its quick fix (SPEC §12). The help line and the edit are made
/// together, in one `DiagnosticHelp`, so that what the CLI says and what the
/// editor does cannot drift.
public struct DiagnosticFix: Hashable, Sendable {
    /// Where `text` goes.
    public enum Placement: Hashable, Sendable {
        /// In place of the span: after the node's anchor and tag when the span is a node.
        case span
        /// In place of the node at the span, its tag included (its anchor stays).
        case node
        /// In place of the span's text inside its quotes, when the span is a
        /// quoted scalar: a did-you-mean keeps the quotes the name was written in.
        case insideQuotes
        /// In place of the span, an operator (`&&`, `!`): a word of the condition
        /// language, with a space on each side where the text beside it has none.
        case word
        /// The span's text in a condition's single quotes, written as the YAML
        /// scalar holding the condition allows (`text` is the quoted text, for the title).
        case quoted
        /// A new name for the id or option set declared at the span: written where
        /// it is declared and everywhere it is used, as a rename would.
        case rename
        /// In place of the mapping entry whose key is the span, its value included,
        /// when both are on one line: a key and value written as another entry
        /// (`required: true` → `rules: [required]`).
        case entry
        /// The mapping entry whose key is the span, its value included, taken out:
        /// its line in a block mapping (when the entry is alone on it), with the
        /// comma beside it in a flow mapping or a JSON object (`text` is empty).
        case removeEntry
        /// In place of `range`, away from the span: where a syntax error's cause is
        /// written (`- group party` on the line above the ':' libyaml stops at), or
        /// the whole node whose key the span is (an option written as one entry).
        /// A node starting there keeps its anchor and tag.
        case range(SourceRange)
        /// In place of `range`, a part of the scalar the span is in that holds the
        /// span (a condition's whole comparison, `'pro' in plan`), written as
        /// `.span` writes: escaped as the scalar's quotes need.
        case within(SourceRange)
    }

    /// What the editor's menu shows ("Replace with 'minLength'").
    public var title: String
    public var text: String
    public var placement: Placement

    public init(title: String, text: String, placement: Placement = .span) {
        self.title = title
        self.text = text
        self.placement = placement
    }
}

/// One line of a diagnostic's help ("did you mean 'minLength'?"), with the edit
/// it names when it names exactly one. A string literal is a line with no edit.
public struct DiagnosticHelp: Hashable, Sendable, ExpressibleByStringInterpolation {
    public var text: String
    public var fix: DiagnosticFix?

    public init(_ text: String, fix: DiagnosticFix? = nil) {
        self.text = text
        self.fix = fix
    }

    public init(stringLiteral text: String) {
        self.init(text)
    }

    public init(stringInterpolation: DefaultStringInterpolation) {
        self.init(String(stringInterpolation: stringInterpolation))
    }

    /// "did you mean 'minLength'?": the name replaced, inside its quotes if it has them.
    public static func didYouMean(_ name: String) -> DiagnosticHelp {
        DiagnosticHelp("did you mean '\(name)'?", fix: DiagnosticFix(title: "Replace with '\(name)'", text: name, placement: .insideQuotes))
    }

    /// "did you mean 'hasCar'?" for a name declared at the span: the name renamed
    /// where it is declared and wherever it is used.
    public static func didYouMean(renamingTo name: String) -> DiagnosticHelp {
        DiagnosticHelp("did you mean '\(name)'?", fix: DiagnosticFix(title: "Rename to '\(name)'", text: name, placement: .rename))
    }

    /// "use 'and' instead of '&&'": a word of the condition language in place of an operator.
    public static func word(_ word: String, insteadOf written: String) -> DiagnosticHelp {
        DiagnosticHelp("use '\(word)' instead of '\(written)'", fix: DiagnosticFix(title: "Write '\(word)'", text: word, placement: .word))
    }

    /// A line that says to put `text`, the span's text, in a condition's quotes.
    public static func quote(_ text: String, line: String, title: String? = nil) -> DiagnosticHelp {
        DiagnosticHelp(line, fix: DiagnosticFix(title: title ?? "Write '\(text)'", text: "'\(text)'", placement: .quoted))
    }

    /// A line that says to take out `entry`, the mapping entry whose key is the span
    /// (`required: false`).
    public static func remove(_ entry: String, line: String) -> DiagnosticHelp {
        DiagnosticHelp(line, fix: DiagnosticFix(title: "Remove '\(entry)'", text: "", placement: .removeEntry))
    }

    /// A line that says to write `text` in place of the span: `line` is the whole
    /// help line, `title` what the editor's menu shows (by default "Write '…'").
    public static func write(_ text: String, line: String, title: String? = nil) -> DiagnosticHelp {
        DiagnosticHelp(line, fix: DiagnosticFix(title: title ?? "Write '\(text)'", text: text))
    }
}

extension Array where Element == DiagnosticHelp {
    /// Lines of help with no edit.
    public init(lines: [String]) {
        self = lines.map { DiagnosticHelp($0) }
    }
}
