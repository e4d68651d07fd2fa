@testable import FormCompiler
import FormJSON
@testable import FormReports
@testable import FormSource
import Foundation
import Testing

@Suite struct ReportFormatTests {
    // MARK: GitHub

    @Test func githubMessageEscapesPercentCarriageReturnAndLineFeed() {
        #expect(GitHubRenderer.escapeData("100% done\r\nnext: a,b") == "100%25 done%0D%0Anext: a,b")
    }

    @Test func githubPropertyAlsoEscapesColonAndComma() {
        #expect(GitHubRenderer.escapeProperty("C:\\forms,old/%x\n.form.yaml") == "C%3A\\forms%2Cold/%25x%0A.form.yaml")
    }

    @Test func githubCommandEscapesEveryPart() {
        let location = FormSource.SourceLocation(
            file: "a:b,c.form.yaml",
            range: SourceRange(start: SourcePosition(line: 2, column: 3), end: SourcePosition(line: 2, column: 7))
        )
        let diagnostic = Diagnostic(.warning, .conditionConstant, "50% sure\nreally", at: location, help: ["use: x"])
        let text = GitHubRenderer().render(DiagnosticReport(diagnostics: [diagnostic], fileCount: 1))
        #expect(text == "::warning file=a%3Ab%2Cc.form.yaml,line=2,col=3,endLine=2,endColumn=7,title=FC505::50%25 sure%0Areally%0Ahelp: use: x\n")
    }

    /// A file name's control characters (an escape sequence, a line break) are
    /// shown as U+FFFD in the text and Xcode formats, as a message's are: they
    /// neither drive the terminal nor start a line that looks like a diagnostic.
    @Test func aFileNameCannotDriveTheTerminalNorBreakALine() {
        let location = FormSource.SourceLocation(
            file: "esc/\u{1B}]0;x\u{07}new\nline\u{2028}.form.yaml",
            range: SourceRange(start: SourcePosition(line: 1, column: 1), end: SourcePosition(line: 1, column: 2))
        )
        let report = DiagnosticReport(diagnostics: [Diagnostic(.error, .wrongType, "m", at: location)], fileCount: 1)
        let xcode = XcodeRenderer().render(report)
        #expect(xcode == "esc/\u{FFFD}]0;x\u{FFFD}new\u{FFFD}line .form.yaml:1:1: error: m [FC102]\n")
        let text = TextRenderer(sources: [:]).render(report)
        #expect(text.hasPrefix("esc/\u{FFFD}]0;x\u{FFFD}new\u{FFFD}line\u{2028}.form.yaml:1:1: error: m [FC102]\n"))
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    }

    @Test func autoIsGitHubOnlyUnderGitHubActions() {
        #expect(ReportFormat.auto.resolved(environment: ["GITHUB_ACTIONS": "true"]) == .github)
        #expect(ReportFormat.auto.resolved(environment: ["GITHUB_ACTIONS": "false"]) == .text)
        #expect(ReportFormat.auto.resolved(environment: [:]) == .text)
        #expect(ReportFormat.json.resolved(environment: ["GITHUB_ACTIONS": "true"]) == .json)
    }

    // MARK: Text

    @Test func caretSitsUnderTheSpanCountingCellsAndRepeatingTabs() {
        let file = SourceFile(path: "t.form.yaml", text: "a:\n\tkey: \"é😀x\" # c\n")
        let span = FormSource.SourceLocation(file: file.path, range: SourceRange(
            start: SourcePosition(line: 2, column: 8), end: SourcePosition(line: 2, column: 11)))
        let text = TextRenderer(sources: [file.path: file]).render(Diagnostic(.error, .wrongType, "m", at: span))
        #expect(text == """
            t.form.yaml:2:8: error: m [FC102]
                2 | \tkey: "é😀x" # c
                  | \t      ^~~~

            """)
    }

    @Test func caretOfASpanOverSeveralLinesStopsAtTheEndOfTheFirst() {
        let file = SourceFile(path: "t.form.yaml", text: "key: [\n  1]\n")
        let span = FormSource.SourceLocation(file: file.path, range: SourceRange(
            start: SourcePosition(line: 1, column: 5), end: SourcePosition(line: 2, column: 5)))
        let text = TextRenderer(sources: [file.path: file]).render(Diagnostic(.error, .wrongType, "m", at: span))
        #expect(text.hasSuffix("\n      |     ^~\n"))
    }

    @Test func gutterGrowsWithTheLineNumber() {
        let file = SourceFile(path: "t.form.yaml", text: String(repeating: "\n", count: 123_456) + "x: 1\n")
        let span = FormSource.SourceLocation(file: file.path, range: SourceRange(at: SourcePosition(line: 123_457, column: 1)))
        let text = TextRenderer(sources: [file.path: file]).render(Diagnostic(.error, .wrongType, "m", at: span))
        #expect(text.contains("\n 123457 | x: 1\n        | ^\n"))
    }

    @Test func controlCharactersFromTheInputCannotReachTheTerminal() {
        let file = SourceFile(path: "t.form.yaml", text: "\u{1B}[31m: 1\n")
        let span = FormSource.SourceLocation(file: file.path, range: SourceRange(at: .start))
        let text = TextRenderer(sources: [file.path: file]).render(Diagnostic(.error, .unknownKey, "unknown key '\u{1B}[31m'", at: span))
        #expect(!text.contains("\u{1B}"))
        #expect(text.contains("unknown key '\u{FFFD}[31m'"))
    }

    /// A direction override in an id (U+202E) cannot reorder what the diagnostic
    /// shows: it is U+FFFD in the message, the source line and the help, and the
    /// caret stays under the id. A right-to-left mark stays.
    @Test func directionOverridesCannotReorderTheReport() {
        let text = "formc: 1\nform: A\nelements:\n  - textField: ab\u{202E}cd\n    title: \"\u{05E9}\u{05DD}\u{200F}\"\n"
        let file = SourceFile(path: "t.form.yaml", text: text)
        let diagnostics = FormPipeline.check(file).diagnostics
        let report = TextRenderer(sources: [file.path: file]).render(DiagnosticReport(diagnostics: diagnostics, fileCount: 1))
        #expect(!report.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) })
        #expect(report.contains("error: 'ab\u{FFFD}cd' is not a valid field id [FC201]\n    4 |   - textField: ab\u{FFFD}cd\n      |                ^~~~~\n"))
        #expect(TextRenderer.sanitized("\u{05E9}\u{200F}") == "\u{05E9}\u{200F}")
    }

    @Test func summaryCountsErrorsWarningsAndFiles() {
        func summary(_ severities: [Severity], files: Int) -> String {
            let location = FormSource.SourceLocation(file: "a", range: .fileStart)
            return DiagnosticReport(diagnostics: severities.map { Diagnostic($0, .wrongType, "m", at: location) }, fileCount: files).summary
        }
        #expect(summary([.error, .error, .warning], files: 3) == "2 errors, 1 warning in 3 files")
        #expect(summary([.warning, .warning], files: 1) == "2 warnings in 1 file")
        #expect(summary([], files: 2) == "no problems in 2 files")
    }

    // MARK: JSON

    @Test func jsonStringEscaping() {
        #expect(JSONValue.quoted("a\"b\\c/\n\t\u{01}é\u{2028}") == #""a\"b\\c/\n\t\u0001é\u2028""#)
    }

    @Test func jsonReportParsesAndKeepsTheSpecShape() throws {
        let text = JSONRenderer().render(ReportSample.report)
        let object = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["files"] as? Int == 3)
        #expect(object["errors"] as? Int == 7)
        #expect(object["warnings"] as? Int == 1)
        let first = try #require((object["diagnostics"] as? [[String: Any]])?.first)
        #expect(Set(first.keys) == ["file", "line", "column", "endLine", "endColumn", "severity", "code", "message", "help", "notes"])
        // Keys come in SPEC order, whatever a dictionary would do.
        let keys = text.split(separator: "\n").prefix(14).compactMap { $0.split(separator: "\"").dropFirst().first }
        #expect(Array(keys.prefix(11)) == ["diagnostics", "file", "line", "column", "endLine", "endColumn", "severity", "code", "message", "help", "notes"])
    }

    // MARK: SARIF

    @Test func sarifHasWhatGitHubCodeScanningRequires() throws {
        let text = SARIFRenderer(toolVersion: "1.0", workingDirectory: "/work/project").render(ReportSample.report)
        let log = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        #expect((log["$schema"] as? String)?.hasPrefix("https://") == true)
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "formc")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["id"] as? String } == DiagnosticCode.all.map(\.rawValue))
        for rule in rules {
            for key in ["shortDescription", "fullDescription", "help"] {
                #expect(((rule[key] as? [String: Any])?["text"] as? String)?.isEmpty == false, "\(rule["id"] ?? "?") \(key)")
            }
            let level = (rule["defaultConfiguration"] as? [String: Any])?["level"] as? String
            #expect(["error", "warning", "note"].contains(level ?? ""))
        }
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == ReportSample.diagnostics.count)
        for result in results {
            let ruleID = try #require(result["ruleId"] as? String)
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == ruleID)
            #expect(["error", "warning", "note"].contains(result["level"] as? String ?? ""))
            #expect(((result["message"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
            let locations = try #require(result["locations"] as? [[String: Any]])
            #expect((1...10).contains(locations.count))
            let related = result["relatedLocations"] as? [[String: Any]] ?? []
            for location in locations + related {
                let physical = try #require(location["physicalLocation"] as? [String: Any])
                let artifact = try #require(physical["artifactLocation"] as? [String: Any])
                let uri = try #require(artifact["uri"] as? String)
                #expect(!uri.hasPrefix("/") && !uri.contains("\\") && !uri.contains(" "))
                #expect(artifact["uriBaseId"] as? String == "%SRCROOT%")
                let region = try #require(physical["region"] as? [String: Int])
                #expect(region["startLine"]! >= 1 && region["startColumn"]! >= 1)
                #expect(region["endLine"]! >= region["startLine"]! && region["endColumn"]! >= 1)
            }
        }
    }

    @Test func sarifURIsAreRelativeToTheWorkingDirectory() {
        #expect(SARIFRenderer.artifactURI(for: "./forms/a b.form.yaml", workingDirectory: "/w") == ("forms/a%20b.form.yaml", true))
        #expect(SARIFRenderer.artifactURI(for: "/w/x/../y/z#1.form.yaml", workingDirectory: "/w/") == ("y/z%231.form.yaml", true))
        #expect(SARIFRenderer.artifactURI(for: "forms/café.form.json", workingDirectory: "/w") == ("forms/caf%C3%A9.form.json", true))
        // A colon in the first segment would make it a scheme (RFC 3986 §4.2).
        #expect(SARIFRenderer.artifactURI(for: "a:b.form.yaml", workingDirectory: "/w") == ("./a:b.form.yaml", true))
        // A working directory that could not be named (`.`).
        #expect(SARIFRenderer.artifactURI(for: "/tmp/d/a.form.yaml", workingDirectory: ".") == ("file:///tmp/d/a.form.yaml", false))
        #expect(SARIFRenderer.artifactURI(for: "forms/./a.form.yaml", workingDirectory: ".") == ("forms/a.form.yaml", true))
        #expect(SARIFRenderer.artifactURI(for: "../forms/a.form.yaml", workingDirectory: ".") == ("../forms/a.form.yaml", false))
        // A backslash is part of a POSIX file name, not a separator.
        #expect(SARIFRenderer.artifactURI(for: "odd/back\\slash.form.yaml", workingDirectory: "/w") == ("odd/back%5Cslash.form.yaml", true))
        #expect(SARIFRenderer.artifactURI(for: "x/a:b.form.yaml", workingDirectory: "/w") == ("x/a:b.form.yaml", true))
        #expect(SARIFRenderer.artifactURI(for: "../other/a.form.yaml", workingDirectory: "/w/sub") == ("file:///w/other/a.form.yaml", false))
    }
}
