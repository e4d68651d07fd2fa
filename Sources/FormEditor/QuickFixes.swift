import FormSource

/// A fix a diagnostic's help names: one replacement of the diagnostic's span.
public struct EditorQuickFix: Sendable, Hashable {
    public var title: String
    public var diagnostic: Diagnostic
    public var edit: EditorEdit
}

extension EditorDocument {
    /// The quick fixes of the diagnostics that touch `range`: each diagnostic whose
    /// help names exactly one edit ("did you mean 'minLength'?", "write true",
    /// "remove the quotes: 8", §7's "write 'visibleWhen: not newsletter'").
    public func quickFixes(in range: SourceRange) -> [EditorQuickFix] {
        diagnostics.compactMap { diagnostic in
            let span = diagnostic.location.range
            guard diagnostic.location.file == file.path, span.start <= range.end, range.start <= span.end else { return nil }
            let fixes = diagnostic.help.compactMap { Self.replacement(in: $0) }
            guard fixes.count == 1, let fix = fixes.first else { return nil }
            let target = fix.keepsQuotes ? innerRange(span) : span
            return EditorQuickFix(title: fix.title, diagnostic: diagnostic, edit: EditorEdit(range: target, newText: fix.text))
        }
    }

    /// The replacement a help line names, if it names one.
    static func replacement(in help: String) -> (title: String, text: String, keepsQuotes: Bool)? {
        if let text = help.between("did you mean '", "'?"), help.hasPrefix("did you mean") {
            return ("Replace with '\(text)'", text, true)
        }
        if help.hasPrefix("write '"), help.contains("': conditions use"), let written = help.between("write '", "': conditions use"),
           let colon = written.scalarRange(of: ": ") {
            let value = String(String.UnicodeScalarView(Array(written.unicodeScalars)[colon.upperBound...]))
            return ("Write '\(value)'", value, false)
        }
        for word in ["true", "false"] where help.hasPrefix("write \(word) (") {
            return ("Write \(word)", word, false)
        }
        if help.hasPrefix("remove the quotes: ") {
            let text = String(help.dropFirst("remove the quotes: ".count))
            return ("Remove the quotes", text, false)
        }
        if help.hasPrefix("write it in quotes: ") {
            let text = String(help.dropFirst("write it in quotes: ".count))
            return ("Write it in quotes", text, false)
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
