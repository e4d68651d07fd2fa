import FormSource

/// `file:line:col: severity: message [CODE]`, one line per diagnostic, the form
/// Xcode, `swift build` and most editors turn into clickable issues. Notes follow
/// as `note:` lines at their own location; help lines become notes at the
/// diagnostic's location so that the suggestion travels with it.
public struct XcodeRenderer: DiagnosticRenderer {
    public init() {}

    public func render(_ report: DiagnosticReport) -> String {
        var out = ""
        for diagnostic in report.diagnostics {
            out += line(diagnostic.location, diagnostic.severity, "\(diagnostic.message) [\(diagnostic.code.rawValue)]")
            for help in diagnostic.help {
                out += line(diagnostic.location, .note, help)
            }
            for note in diagnostic.notes {
                out += line(note.location ?? diagnostic.location, .note, note.message)
            }
        }
        return out
    }

    private func line(_ location: SourceLocation, _ severity: Severity, _ message: String) -> String {
        let start = location.range.start
        // One issue per line: a line break inside a message would start a bogus one.
        let flat = TextRenderer.sanitized(message).replacingLineBreaks(with: " ")
        // The file name too: it may hold control characters, a line break among them.
        let file = TextRenderer.sanitized(location.file).replacingLineBreaks(with: " ")
        return "\(file):\(start.line):\(start.column): \(severity.rawValue): \(flat)\n"
    }
}

extension String {
    func replacingLineBreaks(with replacement: String) -> String {
        guard contains(where: \.isNewline) else { return self }
        return split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: replacement)
    }
}
