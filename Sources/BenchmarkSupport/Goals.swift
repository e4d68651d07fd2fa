/// What one run of the benchmark measured, for judging the compiler's goals
/// (`BenchmarkGoals`). Times are medians in seconds; sizes are bytes.
package struct BenchmarkFigures: Sendable {
    /// libyaml's raw event parse of the 1 MB form.
    package var floor: Double
    /// `formc lint` and `formc build -o` of it, as processes.
    package var lintProcess: Double
    package var buildProcess: Double
    /// Lint and build in-process, of the 1 MB form and of the form `scale` times larger.
    package var lint: Double
    package var build: Double
    package var lintLarge: Double
    package var buildLarge: Double
    package var scale: Int
    /// Lint in-process of one group of 8,000 / `scale` fields and of one of 8,000.
    package var lintOneGroupSmall: Double
    package var lintOneGroupLarge: Double
    /// The larger peak resident set of `formc lint` and `formc build`, and the form's size.
    package var peakBytes: Int
    package var fileBytes: Int
    /// `formc lint` of the small form, and `formc --version`, as processes.
    package var smallLint: Double
    package var version: Double

    package init(
        floor: Double, lintProcess: Double, buildProcess: Double, lint: Double, build: Double,
        lintLarge: Double, buildLarge: Double, scale: Int, lintOneGroupSmall: Double, lintOneGroupLarge: Double,
        peakBytes: Int, fileBytes: Int, smallLint: Double, version: Double
    ) {
        self.floor = floor
        self.lintProcess = lintProcess
        self.buildProcess = buildProcess
        self.lint = lint
        self.build = build
        self.lintLarge = lintLarge
        self.buildLarge = buildLarge
        self.scale = scale
        self.lintOneGroupSmall = lintOneGroupSmall
        self.lintOneGroupLarge = lintOneGroupLarge
        self.peakBytes = peakBytes
        self.fileBytes = fileBytes
        self.smallLint = smallLint
        self.version = version
    }
}

/// The compiler's goals, each a ratio measured in one run, with its limit
/// inclusive (a ratio equal to the limit passes):
/// - `formc lint` ≤ 2× the floor and `formc build` ≤ 3×, end to end, the way the
///   binary is used (the process start included);
/// - `scale`× the input ≤ 1.1 × `scale` the time, for lint and build, and for
///   `scale`× the fields in one group (what the 400 small groups would hide);
/// - peak memory ≤ 5× the file + 30 MB, a megabyte being 1,048,576 bytes, as the
///   table prints it (`ru_maxrss` counts in kibibytes);
/// - a small lint ≤ 1.5× `formc --version`.
package enum BenchmarkGoals {
    package static let lintLimit = 2.0
    package static let buildLimit = 3.0
    /// Per unit of input growth: 4× the input may take 4.4× the time.
    package static let scalingLimitPerUnit = 1.1
    package static let memoryFileFactor = 5
    package static let memoryAllowance = 30 * 1_048_576
    package static let startLimit = 1.5

    /// The peak memory allowed for a file of `fileBytes`.
    package static func memoryLimit(fileBytes: Int) -> Int {
        memoryFileFactor * fileBytes + memoryAllowance
    }

    /// Each goal with what was measured and whether it passed, in the order the table prints them.
    package static func judge(_ figures: BenchmarkFigures) -> [Report.Goal] {
        let scale = figures.scale
        let scalingLimit = scalingLimitPerUnit * Double(scale)
        let memoryLimit = memoryLimit(fileBytes: figures.fileBytes)
        func times(_ limit: Double) -> String { (limit.rounded() == limit ? String(Int(limit)) : Format.fixed(limit, digits: 1)) + "×" }
        func ratio(_ name: String, _ value: Double, limit: Double) -> Report.Goal {
            // A figure that was not measured (zero, so a ratio of 0, infinity or
            // NaN) fails.
            Report.Goal(name: name, measured: Format.ratio(value), passed: value > 0 && value <= limit)
        }
        let scaling = "\(times(scalingLimit)) time"
        return [
            ratio("formc lint ≤ \(times(lintLimit)) floor", figures.lintProcess / figures.floor, limit: lintLimit),
            ratio("formc build ≤ \(times(buildLimit)) floor", figures.buildProcess / figures.floor, limit: buildLimit),
            ratio("lint: \(scale)× input ≤ \(scaling)", figures.lintLarge / figures.lint, limit: scalingLimit),
            ratio("build: \(scale)× input ≤ \(scaling)", figures.buildLarge / figures.build, limit: scalingLimit),
            ratio(
                "lint: \(scale)× fields in one group ≤ \(scaling)", figures.lintOneGroupLarge / figures.lintOneGroupSmall,
                limit: scalingLimit
            ),
            Report.Goal(
                name: "peak memory ≤ \(memoryFileFactor)× file + \(memoryAllowance / 1_048_576) MB (\(Format.megabytes(memoryLimit)))",
                measured: Format.megabytes(figures.peakBytes), passed: figures.peakBytes > 0 && figures.peakBytes <= memoryLimit
            ),
            ratio("small lint ≤ \(times(startLimit)) --version", figures.smallLint / figures.version, limit: startLimit),
        ]
    }
}

/// The middle of `samples`: the mean of the two middle values when there is an
/// even number of them, 0 when there are none.
package func median(_ samples: [Double]) -> Double {
    let sorted = samples.sorted()
    guard !sorted.isEmpty else { return 0 }
    let middle = sorted.count / 2
    return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
}

/// The lists goals (SPEC §14): a form of 100 lists of 20 fields each
/// (`BenchmarkListsForm`) keeps the main form's lint and build budgets against
/// libyaml's parse of its own bytes. Measured in-process: the file is small, and a
/// process start would be most of a process's time.
package enum ListGoals {
    package static func judge(floor: Double, lint: Double, build: Double) -> [Report.Goal] {
        func ratio(_ name: String, _ value: Double, limit: Double) -> Report.Goal {
            Report.Goal(name: name, measured: Format.ratio(value), passed: value > 0 && value <= limit)
        }
        let lintLimit = Int(BenchmarkGoals.lintLimit)
        let buildLimit = Int(BenchmarkGoals.buildLimit)
        return [
            ratio("100 lists × 20 fields: lint ≤ \(lintLimit)× its floor", lint / floor, limit: BenchmarkGoals.lintLimit),
            ratio("100 lists × 20 fields: build ≤ \(buildLimit)× its floor", build / floor, limit: BenchmarkGoals.buildLimit),
        ]
    }
}
