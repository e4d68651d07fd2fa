@testable import FormCompiler
@testable import FormReports
@testable import FormSource
import Foundation
import Testing

/// Every input in `Tests/FormCompilerTests/Fuzz/` (minimized crashers and hangs
/// found by `make fuzz`, plus hand-made hostile inputs) goes through the whole
/// pipeline as a YAML form and as a JSON form, the way the fuzz target runs it:
/// no crash, Swift exactly when there is no error, and every diagnostic located
/// inside its file.
@Suite struct FuzzRegressionTests {
    static let directory = RepositoryPaths.root + "/Tests/FormCompilerTests/Fuzz"

    static let inputs: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted()
    }()

    @Test func theRegressionFolderIsNotEmpty() {
        #expect(Self.inputs.count >= 1, "no inputs in \(Self.directory)")
    }

    /// Inputs whose bug is known and reported but not fixed yet, with the reason.
    /// A test on one of them records a known issue instead of failing, and fails
    /// once the bug is fixed, so that the entry is removed here.
    static let knownIssues: [String: Comment] = [:]

    @Test(arguments: inputs)
    func inputRunsCleanlyThroughThePipeline(_ name: String) throws {
        let bytes = try #require(RepositoryPaths.read(Self.directory + "/" + name))
        if let known = Self.knownIssues[name] {
            withKnownIssue(known) { check(name, bytes) }
        } else {
            check(name, bytes)
        }
    }

    private func check(_ name: String, _ bytes: [UInt8]) {
        for path in ["\(name).form.yaml", "\(name).form.json"] {
            let file = SourceFile(path: path, bytes: bytes)
            let result = FormPipeline.build(file)
            let hasErrors = result.diagnostics.contains { $0.severity == .error }
            #expect(hasErrors == (result.swiftSource == nil), "\(path)")
            for diagnostic in result.diagnostics {
                expectInside(diagnostic.location, file, "\(path): \(diagnostic.code.rawValue) \(diagnostic.message)")
                for note in diagnostic.notes {
                    if let location = note.location { expectInside(location, file, "\(path): a note") }
                }
            }
            // The text report shows each diagnostic's source line: it must render too.
            let report = DiagnosticReport(diagnostics: result.diagnostics, fileCount: 1)
            #expect(!TextRenderer(sources: [path: file]).render(report).isEmpty)
        }
    }

    /// A range starts at a character of its line or at the line break after it; a
    /// one-character span at the line break may end one column further.
    private func expectInside(_ location: FormSource.SourceLocation, _ file: SourceFile, _ what: String) {
        #expect(location.file == file.path, "\(what)")
        let start = location.range.start
        let end = location.range.end
        func length(_ line: Int) -> Int { file.lineText(line).map { $0.unicodeScalars.count } ?? -10 }
        #expect(start.line >= 1 && start.column >= 1 && end.line <= file.lineCount, "\(what): \(location.range) is outside the file")
        #expect(start.column <= length(start.line) + 1, "\(what): \(start) is past the end of its line")
        #expect(end.column <= length(end.line) + 2, "\(what): \(end) is past the end of its line")
    }
}
