import BenchmarkSupport
import Testing

/// The verdicts on `formc strings`, `preview` and `lsp` (issues 33–35), and the
/// round-by-round ratios they are judged on.
struct ToolGoalTests {
    /// A run inside every limit.
    static let passing = ToolFigures(
        stringsToBuild: 2.0, previewToBuild: 1.5, interactiveMilliseconds: 800, diagnosticsToLint: 1.2,
        completion: 0.004, hover: 0.003, residentBefore: 100 * 1_048_576, residentAfter: 104 * 1_048_576, edits: 1_000
    )

    @Test func aRunInsideEveryLimitPassesEveryGoal() {
        let goals = ToolGoals.judge(Self.passing)
        #expect(goals.map(\.name) == [
            "#33 formc strings, merging 4 languages ≤ 3× formc build", "#35 formc preview ≤ 3× formc build",
            "#35 preview interactive in Chromium ≤ 2,000 ms", "#34 lsp diagnostics after an edit ≤ 1.5× formc lint",
            "#34 lsp completion, median ≤ 30 ms", "#34 lsp hover, median ≤ 30 ms", "#34 lsp memory after 1,000 edits ≤ +10%",
        ])
        #expect(goals.allSatisfy { $0.passed && !$0.skipped })
        #expect(goals.map(\.measured) == ["2.00×", "1.50×", "800 ms", "1.20×", "4.00 ms", "3.00 ms", "+4.0%"])
    }

    /// Sets goal `index`'s figure to its limit plus `over` (in the figure's unit).
    static func set(goal index: Int, of figures: inout ToolFigures, over: Double) {
        switch index {
        case 0: figures.stringsToBuild = 3 + over
        case 1: figures.previewToBuild = 3 + over
        case 2: figures.interactiveMilliseconds = 2_000 + over * 1_000
        case 3: figures.diagnosticsToLint = 1.5 + over
        case 4: figures.completion = 0.030 + over / 100
        case 5: figures.hover = 0.030 + over / 100
        default: figures.residentAfter = figures.residentBefore + figures.residentBefore / 10 + Int(over * 1_048_576)
        }
    }

    @Test(arguments: 0..<7)
    func eachLimitIsInclusive(goal: Int) {
        var figures = Self.passing
        // A size whose tenth is exact.
        figures.residentBefore = 100 * 1_048_576
        Self.set(goal: goal, of: &figures, over: 0)
        #expect(ToolGoals.judge(figures).allSatisfy { $0.passed })
        Self.set(goal: goal, of: &figures, over: 0.01)
        let goals = ToolGoals.judge(figures)
        #expect(goals.indices.filter { !goals[$0].passed } == [goal])
    }

    /// An unmeasured figure (0, or NaN from no pairs) is a miss, not a pass.
    @Test func aFigureNotMeasuredFails() {
        var figures = Self.passing
        figures.stringsToBuild = 0
        figures.hover = .nan
        figures.interactiveMilliseconds = .nan
        figures.residentBefore = 0
        let goals = ToolGoals.judge(figures)
        #expect(goals.indices.filter { !goals[$0].passed } == [0, 2, 5, 6])
        #expect(goals[6].measured == "n/a%")
    }

    /// A merge killed at its time budget misses, its ratio a lower bound.
    @Test func aMergeOverItsBudgetMisses() {
        var figures = Self.passing
        figures.stringsToBuild = 1.5
        figures.stringsTimedOut = true
        let goal = ToolGoals.judge(figures)[0]
        #expect(!goal.passed)
        #expect(goal.measured == "> 1.50×")
    }

    @Test func lessMemoryAfterTheEditsPasses() {
        var figures = Self.passing
        figures.residentAfter = 90 * 1_048_576
        let goal = ToolGoals.judge(figures)[6]
        #expect(goal.passed)
        #expect(goal.measured == "-10.0%")
    }

    /// Without Chromium the figure is skipped: printed SKIP, neither a pass nor a miss.
    @Test func noChromiumSkipsTheInteractiveGoal() {
        var figures = Self.passing
        figures.interactiveMilliseconds = nil
        let goals = ToolGoals.judge(figures)
        #expect(goals[2].skipped)
        #expect(goals[2].measured == "skipped: no Chromium")
        #expect(goals[2].verdict == "SKIP")
        #expect(goals.filter { !$0.skipped }.allSatisfy { $0.passed })

        var report = Report()
        report.goals = goals
        let lines = report.render().split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("#35 preview interactive") && $0.hasSuffix("skipped: no Chromium  SKIP") })
        #expect(lines.filter { $0.hasSuffix("PASS") }.count == 6)
    }

    @Test func wholeMillisecondsHaveNoDecimals() {
        #expect(Format.fixed(2_736.4, digits: 0) == "2736")
        #expect(Format.fixed(0.6, digits: 0) == "1")
        #expect(Format.fixed(30, digits: 0) == "30")
    }

    /// The median of the rounds' ratios, not the ratio of the medians.
    @Test func thePairRatioIsTheMedianOfEachRoundsRatio() {
        let build = [10.0, 20.0, 10.0]
        let strings = [20.0, 20.0, 40.0]
        #expect(Timing.pairRatio(strings, build) == 2)
        #expect(median(strings) / median(build) == 2)
        // A slow round on both sides does not move it; the medians' ratio moves.
        let slowBuild = [10.0, 100.0, 10.0, 100.0]
        let slowStrings = [20.0, 150.0, 20.0, 150.0]
        #expect(Timing.pairRatio(slowStrings, slowBuild) == 1.75)
        #expect(median(slowStrings) / median(slowBuild) == 85.0 / 55.0)
        #expect(Timing.pairRatio([], []) == 0)
    }

    @Test func theSamplesAreTheTimedRunsInRoundOrder() throws {
        var calls = 0
        let samples = try Timing.interleavedSamples(runs: 2, [0, 1].map { index in
            {
                calls += 1
                // Odd calls are the untimed runs.
                return calls.isMultiple(of: 2) ? Double(10 * index + calls) : -1
            }
        })
        #expect(samples == [[2, 6], [14, 18]])
        #expect(try Timing.interleaved(runs: 1, [{ 3 }]) == [3])
    }
}
