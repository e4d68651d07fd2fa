import FormJSON
import FormSource

/// The `json` format of SPEC §8: one document with every diagnostic and the
/// totals, for scripts. Keys always come in the order below. Beyond the SPEC
/// shape, each diagnostic has `help` (a list of strings, after `message`); a note
/// without a location has `null` for `file`, `line` and `column`. `endColumn` is
/// the column just after the span, as in SARIF.
///
/// ```json
/// {"diagnostics": [{"file", "line", "column", "endLine", "endColumn", "severity",
///   "code", "message", "help": [], "notes": [{"file", "line", "column", "message"}]}],
///  "files": 3, "errors": 2, "warnings": 1}
/// ```
public struct JSONRenderer: DiagnosticRenderer {
    public init() {}

    public func render(_ report: DiagnosticReport) -> String {
        document(report).rendered()
    }

    public func document(_ report: DiagnosticReport) -> JSONValue {
        .object([
            ("diagnostics", .array(report.diagnostics.map(Self.diagnostic))),
            ("files", .integer(report.fileCount)),
            ("errors", .integer(report.errorCount)),
            ("warnings", .integer(report.warningCount)),
        ])
    }

    static func diagnostic(_ diagnostic: Diagnostic) -> JSONValue {
        let range = diagnostic.location.range
        return .object([
            ("file", .string(diagnostic.location.file)),
            ("line", .integer(range.start.line)),
            ("column", .integer(range.start.column)),
            ("endLine", .integer(range.end.line)),
            ("endColumn", .integer(range.end.column)),
            ("severity", .string(diagnostic.severity.rawValue)),
            ("code", .string(diagnostic.code.rawValue)),
            ("message", .string(diagnostic.message)),
            ("help", .array(diagnostic.help.map(JSONValue.string))),
            ("notes", .array(diagnostic.notes.map(note))),
        ])
    }

    static func note(_ note: DiagnosticNote) -> JSONValue {
        guard let location = note.location else {
            return .object([("file", .null), ("line", .null), ("column", .null), ("message", .string(note.message))])
        }
        return .object([
            ("file", .string(location.file)),
            ("line", .integer(location.range.start.line)),
            ("column", .integer(location.range.start.column)),
            ("message", .string(note.message)),
        ])
    }
}
