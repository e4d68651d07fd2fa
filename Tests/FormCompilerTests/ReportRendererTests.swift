@testable import FormReports
@testable import FormSource
import Foundation
import Testing

/// Golden files of every report format, rendered from one set of hand-made
/// diagnostics: errors in two files, a warning, notes with and without a
/// location, a tab and non-ASCII text before a span, a span over two lines, and
/// a file that could not be read. Re-record with `FORMC_RECORD=1 swift test`.
@Suite struct ReportRendererTests {
    @Test func text() {
        ReportGolden.check(TextRenderer(sources: ReportSample.sources).render(ReportSample.report), "text.txt")
    }

    @Test func textInColour() {
        ReportGolden.check(TextRenderer(sources: ReportSample.sources, colored: true).render(ReportSample.report), "text-color.txt")
    }

    @Test func xcode() {
        ReportGolden.check(XcodeRenderer().render(ReportSample.report), "xcode.txt")
    }

    @Test func github() {
        ReportGolden.check(GitHubRenderer().render(ReportSample.report), "github.txt")
    }

    @Test func json() {
        ReportGolden.check(JSONRenderer().render(ReportSample.report), "report.json")
    }

    @Test func sarif() {
        let renderer = SARIFRenderer(toolVersion: "1.2.3", workingDirectory: "/work/project")
        ReportGolden.check(renderer.render(ReportSample.report), "report.sarif")
    }
}

/// The caret line takes the cells a terminal draws: two for a CJK character or an
/// emoji, none for a combining mark, one for anything else (a tab is copied).
@Suite struct TextRendererCellTests {
    private func caretLine(_ line: String, from column: Int, to endColumn: Int) -> Substring? {
        let file = SourceFile(path: "f.form.yaml", text: line + "\n")
        let location = FormSource.SourceLocation(
            file: file.path, range: SourceRange(start: SourcePosition(line: 1, column: column), end: SourcePosition(line: 1, column: endColumn))
        )
        let report = DiagnosticReport(diagnostics: [Diagnostic(.error, .unknownKey, "unknown key", at: location)], fileCount: 1)
        let lines = TextRenderer(sources: [file.path: file]).render(report).split(separator: "\n")
        return lines.first { $0.contains("^") }.map { $0.drop { $0 != "|" }.dropFirst(2) }
    }

    @Test func wideCharactersTakeTwoCellsBeforeAndInTheSpan() {
        // `placeholdr` is the 27th scalar; before it, five CJK characters take ten cells.
        let line = #"- { placeholder: "名前を入力", placeholdr: p }"#
        #expect(caretLine(line, from: 27, to: 37) == Substring(String(repeating: " ", count: 31) + "^~~~~~~~~~"))
        #expect(caretLine(line, from: 19, to: 24) == Substring(String(repeating: " ", count: 18) + "^~~~~~~~~~"))
        // An emoji takes two cells, a combining accent none, a tab stays a tab.
        #expect(caretLine("\t🙂e\u{301}: x", from: 5, to: 6) == "\t   ^")
    }
}

/// The diagnostics every golden is rendered from.
enum ReportSample {
    static let signup = SourceFile(path: "forms/signup.form.yaml", text: """
        formc: 1
        form: SignUpForm
        elements:
          - textField: email
            placehlder: you@example.com
          - floatLabel: password
            label: Password
            rules:
              - minLenght: 8
          - textField: email
            rules: [required, required]

        """)

    static let cafe = SourceFile(path: "forms/café.form.json", text: """
        {
        \t"formc": 1,
        \t"form": "CaféForm",
        \t"elements": [
        \t],
        }

        """)

    static let sources = [signup.path: signup, cafe.path: cafe]

    static func at(_ file: SourceFile, _ line: Int, _ column: Int, to endLine: Int, _ endColumn: Int) -> FormSource.SourceLocation {
        FormSource.SourceLocation(
            file: file.path,
            range: SourceRange(start: SourcePosition(line: line, column: column), end: SourcePosition(line: endLine, column: endColumn))
        )
    }

    static let diagnostics: [Diagnostic] = [
        Diagnostic(.warning, .ineffectiveRule, "rule 'required' appears twice", at: at(signup, 11, 23, to: 11, 31),
                   notes: [DiagnosticNote("the second one has no effect")], help: ["remove one of them"]),
        Diagnostic(.error, .unknownKey, "unknown key 'placehlder' in a textField", at: at(signup, 5, 5, to: 5, 15),
                   help: ["did you mean 'placeholder'?"]),
        Diagnostic(.error, .duplicateID, "duplicate id 'email'", at: at(signup, 10, 16, to: 10, 21),
                   notes: [DiagnosticNote("first defined here", at: at(signup, 4, 16, to: 4, 21))]),
        Diagnostic(.error, .unknownRule, "unknown rule 'minLenght'", at: at(signup, 9, 9, to: 9, 18),
                   help: ["did you mean 'minLength'?"]),
        Diagnostic(.error, .invalidFormName, "form name 'CaféForm' is not an ASCII Swift identifier: use [A-Za-z0-9], 100% ASCII",
                   at: at(cafe, 3, 10, to: 3, 20)),
        Diagnostic(.error, .wrongType, "'elements' is empty, expected a non-empty list", at: at(cafe, 4, 14, to: 5, 3)),
        Diagnostic(.error, .syntaxError, "trailing comma before '}'", at: at(cafe, 5, 3, to: 5, 4),
                   help: ["JSON allows no comma after the last member"]),
        Diagnostic(.error, .unreadableFile, "cannot read 'forms/gone.form.yaml': No such file or directory",
                   at: FormSource.SourceLocation(file: "forms/gone.form.yaml", range: .fileStart)),
    ]

    static let report = DiagnosticReport(diagnostics: diagnostics, fileCount: 3)
}

/// Compares output with a golden file under `Expected/report/`, or, with
/// `FORMC_RECORD=1` in the environment, writes the output as the new golden file.
enum ReportGolden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Expected/report")

    static var isRecording: Bool { ProcessInfo.processInfo.environment["FORMC_RECORD"] == "1" }

    static func check(_ actual: String, _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let url = directory.appendingPathComponent(name)
        if isRecording {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try? Data(actual.utf8).write(to: url)
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record("missing golden file \(url.path); run the tests with FORMC_RECORD=1 to record it", sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        guard expected != actual else { return }
        Issue.record(Comment(rawValue: firstDifference(expected: expected, actual: actual, name: name)), sourceLocation: sourceLocation)
    }

    /// Where two texts first differ, with the lines around it; re-record when the
    /// change is intended.
    static func firstDifference(expected: String, actual: String, name: String) -> String {
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var index = 0
        while index < min(expectedLines.count, actualLines.count), expectedLines[index] == actualLines[index] { index += 1 }
        let expectedLine = index < expectedLines.count ? String(reflecting: String(expectedLines[index])) : "<end of file>"
        let actualLine = index < actualLines.count ? String(reflecting: String(actualLines[index])) : "<end of file>"
        return """
            \(name) differs from the golden file at line \(index + 1):
              expected: \(expectedLine)
              actual:   \(actualLine)
            If the change is intended, re-record with FORMC_RECORD=1.
            """
    }
}
