@testable import FormCompiler
@testable import FormEditor
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

/// The editor's document of `marked` with its `‸` removed, and the position the
/// `‸` marked (the cursor).
func markedDocument(_ marked: String, path: String) -> (EditorDocument, SourcePosition) {
    var line = 1
    var column = 1
    var text = ""
    var cursor = SourcePosition(line: 1, column: 1)
    for scalar in marked.unicodeScalars {
        if scalar == "‸" {
            cursor = SourcePosition(line: line, column: column)
            continue
        }
        text.unicodeScalars.append(scalar)
        if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
    }
    return (EditorDocument(path: path, text: text), cursor)
}

extension String {
    /// The text with the first `target` (compared scalar by scalar) replaced: a
    /// test's marked place (`KEYBOARD`) filled in.
    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        guard let range = scalarRange(of: target) else { return self }
        var scalars = Array(unicodeScalars)
        scalars.replaceSubrange(range, with: replacement.unicodeScalars)
        return String(String.UnicodeScalarView(scalars))
    }
}
