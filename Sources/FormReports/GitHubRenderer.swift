import FormSource

/// GitHub Actions workflow commands, which the runner turns into annotations on
/// the pull request: `::error file=…,line=…,col=…,endLine=…,endColumn=…,title=FC400::message`.
/// Warnings are `::warning`, notes with a location `::notice`. Help lines and
/// notes without a location are appended to the message on lines of their own.
public struct GitHubRenderer: DiagnosticRenderer {
    public init() {}

    public func render(_ report: DiagnosticReport) -> String {
        var out = ""
        for diagnostic in report.diagnostics {
            var message = diagnostic.message
            for help in diagnostic.help { message += "\nhelp: \(help)" }
            for note in diagnostic.notes where note.location == nil { message += "\nnote: \(note.message)" }
            out += command(Self.command(for: diagnostic.severity), diagnostic.location, title: diagnostic.code.rawValue, message)
            for note in diagnostic.notes {
                guard let location = note.location else { continue }
                out += command("notice", location, title: diagnostic.code.rawValue, note.message)
            }
        }
        return out
    }

    static func command(for severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
    }

    private func command(_ name: String, _ location: SourceLocation, title: String, _ message: String) -> String {
        let range = location.range
        let properties = [
            ("file", location.file),
            ("line", String(range.start.line)),
            ("col", String(range.start.column)),
            ("endLine", String(range.end.line)),
            ("endColumn", String(range.end.column)),
            ("title", title),
        ]
        let list = properties.map { "\($0.0)=\(Self.escapeProperty($0.1))" }.joined(separator: ",")
        return "::\(name) \(list)::\(Self.escapeData(message))\n"
    }

    /// The message of a workflow command: `%`, CR and LF are percent-encoded, as
    /// the runner decodes them (`%` first, so that nothing is encoded twice).
    public static func escapeData(_ text: String) -> String {
        escape(text, isProperty: false)
    }

    /// A property value: as `escapeData`, and also `:` and `,`, which would end
    /// the value early.
    public static func escapeProperty(_ text: String) -> String {
        escape(text, isProperty: true)
    }

    private static func escape(_ text: String, isProperty: Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case ":" where isProperty: out += "%3A"
            case "," where isProperty: out += "%2C"
            // Other control characters would reach the log as they are (an escape
            // sequence in a key): shown as U+FFFD, as the text format shows them.
            case "\u{00}"..."\u{08}", "\u{0A}"..."\u{1F}", "\u{7F}"..."\u{9F}": out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
