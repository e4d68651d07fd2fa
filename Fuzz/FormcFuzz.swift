// The libFuzzer target of issue 6: arbitrary bytes through read → decode → check →
// emit, as a YAML form and as a JSON form, then through the text and JSON
// diagnostic renderers and the tree dump. Built and run by Fuzz/run.sh (`make fuzz`),
// which compiles it together with the FormCompiler sources into one module.
//
// A crash, a sanitizer report, a timeout or a broken invariant below is a finding.
// Invariants (SPEC §4, §5, §9):
// - Swift is produced exactly when there is no error.
// - Every diagnostic and note points into its file: a line of the file, starting
//   at a character of the line or at its line break.
// - Every diagnostic renders as text and as JSON.
#if canImport(FormCompiler)
import FormCompiler
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func formcFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    for path in ["fuzz.form.yaml", "fuzz.form.json"] {
        FuzzInvariants.check(SourceFile(path: path, bytes: bytes))
    }
    return 0
}

enum FuzzInvariants {
    static func check(_ file: SourceFile) {
        let result = FormPipeline.build(file)
        let hasErrors = result.diagnostics.contains { $0.severity == .error }
        if hasErrors != (result.swiftSource == nil) {
            fail("\(file.path): errors \(hasErrors) but Swift \(result.swiftSource == nil ? "missing" : "present")")
        }
        for diagnostic in result.diagnostics {
            checkLocated(diagnostic.location, in: file, what: "\(diagnostic.code.rawValue) \(diagnostic.message)")
            for note in diagnostic.notes {
                if let location = note.location {
                    checkLocated(location, in: file, what: "\(diagnostic.code.rawValue) note")
                }
            }
        }
        let report = DiagnosticReport(diagnostics: result.diagnostics, fileCount: 1)
        _ = TextRenderer(sources: [file.path: file], colored: true).render(report)
        _ = JSONRenderer().render(report)

        let checked = FormPipeline.check(file)
        if let document = checked.document {
            _ = TreeDump.json(for: document, path: file.path)
        }
    }

    static func checkLocated(_ location: SourceLocation, in file: SourceFile, what: String) {
        guard location.file == file.path else {
            fail("\(what): located in '\(location.file)', not in '\(file.path)'")
        }
        let start = location.range.start
        let end = location.range.end
        guard start.line >= 1, start.column >= 1, end.line <= file.lineCount else {
            fail("\(what): range \(location.range) outside the file's \(file.lineCount) lines")
        }
        // The start is a character of its line or the line break after it; a
        // one-character span there may end one column further.
        guard start.column <= lineLength(start.line, in: file) + 1 else {
            fail("\(what): starts at column \(start.column), past the end of line \(start.line) (\(lineLength(start.line, in: file)) scalars)")
        }
        guard end.column <= lineLength(end.line, in: file) + 2 else {
            fail("\(what): ends at column \(end.column), past the end of line \(end.line) (\(lineLength(end.line, in: file)) scalars)")
        }
    }

    static func lineLength(_ line: Int, in file: SourceFile) -> Int {
        file.lineText(line).map { $0.unicodeScalars.count } ?? 0
    }

    static func fail(_ message: String) -> Never {
        fatalError("fuzz invariant broken: " + message)
    }
}
