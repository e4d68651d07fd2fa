@testable import FormCompiler
@testable import FormSource

/// Compiles form text through the whole front end and returns its diagnostics.
func diagnose(_ text: String, path: String = "test.form.yaml") -> [Diagnostic] {
    FormPipeline.check(SourceFile(path: path, text: text)).diagnostics
}

/// A form whose `elements:` list is `body` (indented by two spaces per item);
/// the body's first line is line 4 of the file.
func form(_ body: String) -> String {
    "formc: 1\nform: TestForm\nelements:\n" + body
}

/// The diagnostics as `line:column code`, for compact assertions.
func positions(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.map { "\($0.location.range.start.line):\($0.location.range.start.column) \($0.code.rawValue)" }
}

import Foundation

/// Paths of the repository, found from this file's location.
enum RepositoryPaths {
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    static var schemas: String { root + "/schemas" }

    static func read(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { Array($0) }
    }
}
