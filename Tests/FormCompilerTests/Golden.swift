import Foundation
import Testing

/// Compares text with a committed golden file under `Tests/FormCompilerTests/Expected/`.
/// Run the tests with `FORMC_RECORD=1` to write the files anew instead (then review
/// the diff before committing). A mismatch names the first line that differs.
func expectGolden(_ actual: String, _ relativePath: String, sourceLocation: SourceLocation = #_sourceLocation) {
    expectGolden(actual, repositoryPath: "Tests/FormCompilerTests/Expected/" + relativePath, sourceLocation: sourceLocation)
}

/// The same for a golden file anywhere in the repository (`schemas/formc.schema.json`).
func expectGolden(_ actual: String, repositoryPath relativePath: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let path = RepositoryPaths.root + "/" + relativePath
    if ProcessInfo.processInfo.environment["FORMC_RECORD"] == "1" {
        let directory = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: path, contents: Data(actual.utf8))
        return
    }
    guard let data = FileManager.default.contents(atPath: path) else {
        Issue.record("no golden file \(relativePath); run the tests with FORMC_RECORD=1 to record it", sourceLocation: sourceLocation)
        return
    }
    let expected = String(decoding: data, as: UTF8.self)
    guard expected != actual else { return }
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let index = zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        ?? min(expectedLines.count, actualLines.count)
    let want = index < expectedLines.count ? String(expectedLines[index]) : "<end of file>"
    let got = index < actualLines.count ? String(actualLines[index]) : "<end of file>"
    Issue.record(
        """
        \(relativePath) differs at line \(index + 1):
        - expected: \(want)
        + actual:   \(got)
        (re-record with FORMC_RECORD=1 if the change is intended)
        """,
        sourceLocation: sourceLocation
    )
}
