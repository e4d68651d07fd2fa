import BenchmarkSupport
import Testing

/// The verdicts `formc-bench` prints: each goal of issue 6 against its limit,
/// inclusive, measured as a ratio within one run.
struct GoalTests {
    /// Figures of a run in which every goal is met, each well inside its limit: a
    /// 15 ms floor and a 1 MB file.
    static let passing = BenchmarkFigures(
        floor: 0.015, lintProcess: 0.027, buildProcess: 0.040, lint: 0.025, build: 0.038,
        lintLarge: 0.100, buildLarge: 0.150, scale: 4, lintOneGroupSmall: 0.009, lintOneGroupLarge: 0.036,
        peakBytes: 30 * 1_048_576, fileBytes: 1_000_000, smallLint: 0.004, version: 0.004
    )

    @Test func aRunInsideEveryLimitPassesEveryGoal() {
        let goals = BenchmarkGoals.judge(Self.passing)
        #expect(goals.count == 7)
        #expect(goals.allSatisfy { $0.passed })
        #expect(goals.map(\.name) == [
            "formc lint ≤ 2× floor", "formc build ≤ 3× floor", "lint: 4× input ≤ 4.4× time",
            "build: 4× input ≤ 4.4× time", "lint: 4× fields in one group ≤ 4.4× time",
            "peak memory ≤ 5× file + 30 MB (34.8 MB)", "small lint ≤ 1.5× --version",
        ])
        #expect(goals[0].measured == "1.80×")
    }

    /// Sets the figure that goal `index` (as `judge` orders them) divides, so that
    /// its ratio is its limit plus `over`.
    static func setRatio(ofGoal index: Int, to figures: inout BenchmarkFigures, over: Double) {
        switch index {
        case 0: figures.lintProcess = (2 + over) * figures.floor
        case 1: figures.buildProcess = (3 + over) * figures.floor
        case 2: figures.lintLarge = (4.4 + over) * figures.lint
        case 3: figures.buildLarge = (4.4 + over) * figures.build
        case 4: figures.lintOneGroupLarge = (4.4 + over) * figures.lintOneGroupSmall
        default: figures.smallLint = (1.5 + over) * figures.version
        }
    }

    /// Each ratio's limit is inclusive, and a little over it fails that goal alone.
    @Test(arguments: [0, 1, 2, 3, 4, 6])
    func eachRatioLimitIsInclusive(goal: Int) {
        // Divisors that are powers of two, so that each ratio comes out exact.
        var figures = Self.passing
        figures.floor = 0.015_625
        figures.lint = 0.031_25
        figures.build = 0.062_5
        figures.lintOneGroupSmall = 0.007_812_5
        figures.lintOneGroupLarge = 0.031_25
        figures.version = 0.003_906_25
        #expect(BenchmarkGoals.judge(figures).allSatisfy { $0.passed })
        Self.setRatio(ofGoal: goal, to: &figures, over: 0)
        #expect(BenchmarkGoals.judge(figures).allSatisfy { $0.passed })
        Self.setRatio(ofGoal: goal, to: &figures, over: 0.01)
        let goals = BenchmarkGoals.judge(figures)
        #expect(goals.indices.filter { !goals[$0].passed } == [goal])
    }

    /// 5× the file plus 30 MB, a megabyte being 1,048,576 bytes.
    @Test func peakMemoryMayReachFiveTimesTheFilePlusThirtyMegabytes() {
        var figures = Self.passing
        figures.fileBytes = 1_077_906
        let limit = 5 * 1_077_906 + 30 * 1_048_576
        #expect(BenchmarkGoals.memoryLimit(fileBytes: figures.fileBytes) == limit)
        figures.peakBytes = limit
        #expect(BenchmarkGoals.judge(figures)[5].passed)
        #expect(BenchmarkGoals.judge(figures)[5].name == "peak memory ≤ 5× file + 30 MB (35.1 MB)")
        figures.peakBytes = limit + 1
        #expect(!BenchmarkGoals.judge(figures)[5].passed)
    }

    /// The scaling limit follows `scale`: 2× the input may take 2.2× the time.
    @Test func theScalingLimitFollowsTheScale() {
        var figures = Self.passing
        figures.scale = 2
        figures.lintLarge = 2.3 * figures.lint
        let goals = BenchmarkGoals.judge(figures)
        #expect(goals[2].name == "lint: 2× input ≤ 2.2× time")
        #expect(!goals[2].passed)
        #expect(goals[3].name == "build: 2× input ≤ 2.2× time" && !goals[3].passed)
    }

    /// A figure that was not measured (zero) fails its goal, above or below the
    /// division: a ratio of NaN, infinity or 0.
    @Test(arguments: [0, 1, 2, 3, 4, 5, 6])
    func aZeroFigureFailsRatherThanPasses(goal: Int) {
        var above = Self.passing
        var below = Self.passing
        switch goal {
        case 0: (above.lintProcess, below.floor) = (0, 0)
        case 1: (above.buildProcess, below.floor) = (0, 0)
        case 2: (above.lintLarge, below.lint) = (0, 0)
        case 3: (above.buildLarge, below.build) = (0, 0)
        case 4: (above.lintOneGroupLarge, below.lintOneGroupSmall) = (0, 0)
        case 5: (above.peakBytes, below.peakBytes) = (0, 0)
        default: (above.smallLint, below.version) = (0, 0)
        }
        let goals = BenchmarkGoals.judge(above)
        #expect(goals.indices.filter { !goals[$0].passed } == [goal])
        // lint and build share the floor.
        let belowGoals = BenchmarkGoals.judge(below)
        #expect(belowGoals.indices.filter { !belowGoals[$0].passed } == (goal < 2 ? [0, 1] : [goal]))
    }

    @Test func theMedianIsTheMiddleOrTheMeanOfTheTwoMiddles() {
        #expect(median([3, 1, 2]) == 2)
        #expect(median([4, 1, 3, 2]) == 2.5)
        #expect(median([7]) == 7)
        #expect(median([]) == 0)
        // One slow run does not move it.
        #expect(median([10, 11, 12, 13, 900]) == 12)
    }
}

/// The table's number formats.
struct FormatTests {
    @Test func figures() {
        #expect(Format.milliseconds(0.015_78) == "15.78 ms")
        #expect(Format.milliseconds(0.154) == "154.0 ms")
        #expect(Format.ratio(2.0) == "2.00×")
        #expect(Format.ratio(1.999) == "2.00×")
        #expect(Format.ratio(.nan) == "n/a×")
        #expect(Format.megabytes(36_846_810) == "35.1 MB")
        #expect(Format.grouped(1_077_906) == "1,077,906")
        #expect(Format.grouped(-1_000) == "-1,000")
        #expect(Format.grouped(999) == "999")
    }

    @Test func theTableMarksEachGoal() {
        var report = Report()
        report.header = ["formc-bench: test"]
        report.add("libyaml raw event parse (floor)", seconds: 0.015, floor: 0.015)
        report.goals = BenchmarkGoals.judge(GoalTests.passing)
        report.goal("a goal that was missed", measured: "9.00×", passed: false)
        let lines = report.render().split(separator: "\n").map(String.init)
        #expect(lines.first == "formc-bench: test")
        #expect(lines.contains { $0.hasPrefix("libyaml raw event parse (floor)") && $0.hasSuffix("15.00 ms  1.00×") })
        #expect(lines.filter { $0.hasSuffix("PASS") }.count == 7)
        #expect(lines.contains { $0.hasPrefix("a goal that was missed") && $0.hasSuffix("9.00×  MISS") })
    }
}

/// The lists form's goals: the main form's lint and build limits against its own floor.
struct ListGoalTests {
    @Test func theMainFormsLimitsInclusive() {
        let inside = ListGoals.judge(floor: 0.0078125, lint: 0.015625, build: 0.0234375)
        #expect(inside.map(\.name) == ["100 lists × 20 fields: lint ≤ 2× its floor", "100 lists × 20 fields: build ≤ 3× its floor"])
        #expect(inside.allSatisfy { $0.passed })
        let over = ListGoals.judge(floor: 0.0078125, lint: 0.0157, build: 0.0235)
        #expect(over.map(\.passed) == [false, false])
        #expect(ListGoals.judge(floor: 0, lint: 0, build: 0).allSatisfy { !$0.passed }, "nothing measured fails")
    }
}
