/// What one run measured of the commands around the compiler, on the same 1 MB
/// form: `formc strings`, `formc preview` and `formc lsp`. Ratios are medians
/// of round-by-round ratios (`Timing.pairRatio`);
/// times are medians in seconds.
package struct ToolFigures: Sendable, Equatable {
    /// `formc strings FORM -o CATALOG` merging into an out-of-date catalog of four
    /// languages, against `formc build` of the form.
    package var stringsToBuild: Double
    /// The merge ran out of its time budget: `stringsToBuild` is the budget
    /// against a build, a lower bound.
    package var stringsTimedOut = false
    /// `formc preview FORM -o PAGE` against `formc build`.
    package var previewToBuild: Double
    /// Milliseconds from navigation to the end of the preview script's setup in a
    /// headless Chromium; nil when no Chromium is installed.
    package var interactiveMilliseconds: Double?
    /// A one-character `didChange` to the `publishDiagnostics` of its version,
    /// against `formc lint` of the file.
    package var diagnosticsToLint: Double
    /// Median round trip of a completion and of a hover request.
    package var completion: Double
    package var hover: Double
    /// The server's resident set after the warm-up edits and after `edits` more.
    package var residentBefore: Int
    package var residentAfter: Int
    package var edits: Int

    package init(
        stringsToBuild: Double, stringsTimedOut: Bool = false, previewToBuild: Double, interactiveMilliseconds: Double?, diagnosticsToLint: Double,
        completion: Double, hover: Double, residentBefore: Int, residentAfter: Int, edits: Int
    ) {
        self.stringsToBuild = stringsToBuild
        self.stringsTimedOut = stringsTimedOut
        self.previewToBuild = previewToBuild
        self.interactiveMilliseconds = interactiveMilliseconds
        self.diagnosticsToLint = diagnosticsToLint
        self.completion = completion
        self.hover = hover
        self.residentBefore = residentBefore
        self.residentAfter = residentAfter
        self.edits = edits
    }

    /// How much the resident set grew over the edits, as a fraction (0.1 = 10%).
    package var residentGrowth: Double {
        residentBefore > 0 ? Double(residentAfter - residentBefore) / Double(residentBefore) : .nan
    }
}

/// The goals of the commands around the compiler, each limit inclusive like
/// `BenchmarkGoals`':
/// - `formc strings` merging into a catalog of four languages ≤ 3× `formc build`;
/// - `formc preview` ≤ 3× `formc build`; the page interactive in Chromium
///   within 2,000 ms (skipped, not missed, without Chromium);
/// - `formc lsp`: diagnostics after an edit ≤ 1.5× `formc lint`; completion and hover
///   medians ≤ 30 ms; the server's resident set ≤ 10% larger after the edits.
package enum ToolGoals {
    package static let stringsLimit = 3.0
    package static let previewLimit = 3.0
    package static let interactiveLimitMilliseconds = 2_000.0
    package static let diagnosticsLimit = 1.5
    package static let requestLimit = 0.030
    package static let memoryGrowthLimit = 0.10

    package static func judge(_ figures: ToolFigures) -> [Report.Goal] {
        // A figure that was not measured (0, infinity or NaN) fails.
        func within(_ value: Double, _ limit: Double) -> Bool { value > 0 && value <= limit }
        func ratio(_ name: String, _ value: Double, limit: Double) -> Report.Goal {
            Report.Goal(name: name, measured: Format.ratio(value), passed: within(value, limit))
        }
        func request(_ name: String, _ seconds: Double) -> Report.Goal {
            Report.Goal(name: name, measured: Format.milliseconds(seconds), passed: within(seconds, requestLimit))
        }
        let interactive: Report.Goal = if let milliseconds = figures.interactiveMilliseconds {
            Report.Goal(
                name: "#35 preview interactive in Chromium ≤ 2,000 ms", measured: Format.fixed(milliseconds, digits: 0) + " ms",
                passed: milliseconds > 0 && milliseconds <= interactiveLimitMilliseconds
            )
        } else {
            Report.Goal(name: "#35 preview interactive in Chromium ≤ 2,000 ms", measured: "skipped: no Chromium", passed: false, skipped: true)
        }
        let growth = figures.residentGrowth
        return [
            figures.stringsTimedOut
                ? Report.Goal(
                    name: "#33 formc strings, merging 4 languages ≤ 3× formc build",
                    measured: "> " + Format.ratio(figures.stringsToBuild), passed: false
                )
                : ratio("#33 formc strings, merging 4 languages ≤ 3× formc build", figures.stringsToBuild, limit: stringsLimit),
            ratio("#35 formc preview ≤ 3× formc build", figures.previewToBuild, limit: previewLimit),
            interactive,
            ratio("#34 lsp diagnostics after an edit ≤ 1.5× formc lint", figures.diagnosticsToLint, limit: diagnosticsLimit),
            request("#34 lsp completion, median ≤ 30 ms", figures.completion),
            request("#34 lsp hover, median ≤ 30 ms", figures.hover),
            Report.Goal(
                name: "#34 lsp memory after \(Format.grouped(figures.edits)) edits ≤ +10%",
                measured: (growth >= 0 ? "+" : "") + Format.fixed(growth * 100, digits: 1) + "%",
                // Less memory than before passes; an unmeasured figure (NaN) does not.
                passed: figures.edits > 0 && growth <= memoryGrowthLimit
            ),
        ]
    }
}
