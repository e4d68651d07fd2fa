// The libFuzzer target: arbitrary bytes through read → decode → check →
// emit, as a YAML form and as a JSON form, then through the text and JSON
// diagnostic renderers and the tree dump. Built and run by Fuzz/run.sh (`make fuzz`),
// which links it with the compiler's modules, built for testing.
//
// A crash, a sanitizer report, a timeout or a broken invariant below is a finding.
// Invariants (SPEC §4, §5, §9):
// - Swift is produced exactly when there is no error.
// - Every diagnostic and note points into its file: a line of the file, starting
//   at a character of the line or at its line break.
// - Every diagnostic renders as text and as JSON.
// - A YAML file read in two parts (`YAMLSplit`), cut before any item line, gives
//   the whole read's tree and diagnostics.
@testable import FormCompiler
@testable import FormModel
@testable import FormReports
@testable import FormSource
@testable import FormSyntax

@_cdecl("LLVMFuzzerTestOneInput")
public func formcFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    for path in ["fuzz.form.yaml", "fuzz.form.json"] {
        FuzzInvariants.check(SourceFile(path: path, bytes: bytes))
    }
    FuzzInvariants.checkSplitReads(SourceFile(path: "fuzz.form.yaml", bytes: bytes))
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

    /// Cuts the file before each of its first item lines the planner accepts and
    /// compares the split read with the whole read.
    static func checkSplitReads(_ file: SourceFile) {
        guard file.bytes.count <= 4096 else { return }
        var wholeDiagnostics = DiagnosticBag(file: file.path)
        let whole = YAMLReader.read(file, limits: .default, splitting: .never, diagnostics: &wholeDiagnostics)
        var cuts = 0
        for offset in file.lineStarts.dropFirst() where offset < file.bytes.count && cuts < 8 {
            guard file.bytes.withUnsafeBufferPointer({ YAMLSplit.plan($0, cutAt: offset) }) != nil else { continue }
            cuts += 1
            var diagnostics = DiagnosticBag(file: file.path)
            let parts = YAMLReader.read(file, limits: .default, splitting: .at(offset), diagnostics: &diagnostics)
            if diagnostics.diagnostics != wholeDiagnostics.diagnostics {
                fail("cut at \(offset): diagnostics differ from the whole read's")
            }
            switch (whole, parts) {
            case (nil, nil): continue
            case let (whole?, parts?) where sameNode(whole, whole.root, parts, parts.root): continue
            default: fail("cut at \(offset): the tree differs from the whole read's")
            }
        }
    }

    static func sameNode(_ a: SyntaxTree, _ x: NodeID, _ b: SyntaxTree, _ y: NodeID) -> Bool {
        guard a.kind(x) == b.kind(y), a.range(x) == b.range(y), a.tag(x) == b.tag(y), a.style(x) == b.style(y),
              a.text(x) == b.text(y) else { return false }
        switch a.kind(x) {
        case .scalar:
            return true
        case .sequence:
            let (first, second) = (a.items(x), b.items(y))
            return first.count == second.count && zip(first, second).allSatisfy { sameNode(a, $0, b, $1) }
        case .mapping:
            let (first, second) = (a.entries(x), b.entries(y))
            return first.count == second.count && zip(first, second).allSatisfy {
                sameNode(a, $0.key, b, $1.key) && sameNode(a, $0.value, b, $1.value)
            }
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
