import FormSource

/// Everything one run of `lint`, `build` or `dump` reports: the diagnostics of every
/// input in report order, and how many files were checked. Every renderer takes
/// this one value, so every format tells the same story.
public struct DiagnosticReport: Sendable {
    /// Sorted by file, line, column (`Diagnostic.reportOrder`).
    public let diagnostics: [Diagnostic]
    /// Inputs checked, whether or not they had problems.
    public let fileCount: Int

    public init(diagnostics: [Diagnostic], fileCount: Int) {
        self.diagnostics = diagnostics.sorted(by: Diagnostic.reportOrder)
        self.fileCount = fileCount
    }

    public var errorCount: Int { diagnostics.count { $0.severity == .error } }
    public var warningCount: Int { diagnostics.count { $0.severity == .warning } }

    /// `2 errors, 1 warning in 3 files`, or `no problems in 1 file`.
    public var summary: String {
        var parts: [String] = []
        if errorCount > 0 { parts.append(Self.counted(errorCount, "error")) }
        if warningCount > 0 { parts.append(Self.counted(warningCount, "warning")) }
        let problems = parts.isEmpty ? "no problems" : parts.joined(separator: ", ")
        return "\(problems) in \(Self.counted(fileCount, "file"))"
    }

    static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}

/// Turns a report into the bytes of one output format.
public protocol DiagnosticRenderer: Sendable {
    func render(_ report: DiagnosticReport) -> String
}

/// The `--format` choices. `auto` is resolved against the environment before
/// rendering (`resolved(environment:)`); the library never reads it itself.
public enum ReportFormat: String, Sendable, Hashable, CaseIterable {
    case auto, text, xcode, github, json, sarif

    /// `auto` is `github` on GitHub Actions (`GITHUB_ACTIONS=true`), else `text`;
    /// every other format is itself.
    public func resolved(environment: [String: String]) -> ReportFormat {
        guard self == .auto else { return self }
        return environment["GITHUB_ACTIONS"] == "true" ? .github : .text
    }

    /// Whether the format is a document for a program (`json`, `sarif`) rather
    /// than lines for a person, an IDE or a CI log.
    public var isDocument: Bool { self == .json || self == .sarif }
}
