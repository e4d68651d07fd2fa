#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import BenchmarkSupport
import FormCompiler
import FormModel
import FormSource
import FormSwiftEmitter
import FormSyntax

/// `formc-bench`: measures formc against the parser under it.
///
/// It generates a form of about 1 MB in memory, then reports in one run, as medians:
/// libyaml's raw event parse of the same bytes (the floor), lint and build in-process
/// (`FormPipeline`) and end to end (the `formc` binary built next to this one), each
/// as a ratio to the floor; the peak memory of `formc build`; how the time grows with
/// a 4× input; a small lint against `formc --version`; and `formc strings`,
/// `preview` and `lsp` against `formc build` and `lint` (`ToolBench`). Build it in
/// release mode: `make bench`.
@main
struct FormcBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "formc-bench",
        abstract: "Benchmark formc against libyaml's raw parse and print the issue's goals."
    )

    @Option(help: "Timed runs per figure (each after an untimed run of its own); the median is reported. The lists figures take five times as many.")
    var runs = 9

    /// How many more rounds the lists figures take than the others.
    static let listsRoundsPerRun = 5

    @Option(help: "The formc executable (default: the one next to formc-bench).")
    var formc: String?

    @Option(help: "The small form for the start-up comparison.")
    var small = "schemas/signup.form.yaml"

    @Option(help: "How many times larger the input of the scaling figure is.")
    var scale = 4

    @Flag(help: "Also type-check the generated Swift (1× and 2×) with swiftc against FormRuntime.")
    var typecheck = false

    @Option(help: "Keep the generated form, and the Swift of the peak-memory build, in this directory instead of a temporary one (the timed builds' outputs are removed as they go).")
    var keep: String?

    @Option(help: "Edits sent to formc lsp, each waited for its diagnostics, for its memory figure (after 50 edits of warm-up).")
    var lspEdits = 1_000

    @Option(help: "Seconds the first formc strings merge may take; past them it is stopped and the goal missed.")
    var stringsTimeout = 30.0

    @Option(help: "Loads of the preview page in a headless Chromium for its time to interactive.")
    var browserRuns = 5

    @Flag(help: "Leave out formc strings, preview and lsp (issues 33–35).")
    var noTools = false

    @Flag(name: .customLong("child-peak"), help: .hidden)
    var childPeak = false

    @Argument(parsing: .captureForPassthrough, help: .hidden)
    var command: [String] = []

    @Option(help: ArgumentHelp("Only run one stage of the 1× form in-process, --runs times, for a profiler (perf, valgrind): lint, build, read, decode (read and decode) or floor. Each run's result is freed inside the loop, so a profile (and the time per run printed) includes the freeing that the table leaves out.", valueName: "stage"))
    var profile: String?

    @Option(help: "The size of the --profile form, in multiples of the 1 MB form.")
    var profileScale = 1

    @Option(help: ArgumentHelp("The form --profile runs: benchmark (the 1 MB form, at --profile-scale) or lists (100 lists of 20 fields).", valueName: "form"))
    var profileForm = "benchmark"

    mutating func run() throws {
        if childPeak {
            throw ExitCode(try PeakMemory.measureChild(command))
        }
        // Only `--child-peak` takes a command; anything else left over is a mistake
        // (`--help` among them, which the passthrough would otherwise swallow).
        if let first = command.first {
            if command.contains(where: { ["--help", "-h"].contains($0) }) { throw CleanExit.helpRequest(self) }
            throw ValidationError("unexpected argument '\(first)'")
        }
        if let profile {
            try Self.profile(profile, form: profileForm, runs: runs, scale: profileScale)
            return
        }
        let formcPath = formc ?? Files.executableDirectory() + "/formc"
        guard Files.isExecutable(formcPath) else {
            throw ValidationError("no formc executable at \(formcPath): build it first (swift build -c release --product formc) or pass --formc")
        }
        guard let smallBytes = Files.read(small) else {
            throw ValidationError("cannot read the small form \(small): run from the package root or pass --small")
        }
        let directory = try keep ?? Files.temporaryDirectory()
        if keep != nil { _ = mkdir(directory, 0o755) }
        defer { if keep == nil { Files.removeTree(directory) } }

        var report = Report()
        let form = BenchmarkForm(scale: 1)
        let yaml = form.yaml()
        let bytes = Array(yaml.utf8)
        let inputPath = directory + "/benchmark.form.yaml"
        try Files.write(yaml, to: inputPath)

        report.header = [
            "formc-bench: \(Format.grouped(bytes.count)) bytes, \(Format.grouped(form.fieldCount)) fields in \(form.groups) groups, \(Format.grouped(form.elementCount)) elements",
            "median of \(runs) runs each, taken in turns (one of each per round, each after an untimed run of its own); load average before: \(Self.loadAverage()) on \(CoreCount.current) cores",
            "formc: \(formcPath)",
        ]

        // Fail early, and loudly, if the generated form is not clean: a benchmark of
        // the error path would measure the wrong thing.
        let file = SourceFile(path: inputPath, bytes: bytes)
        let probe = FormPipeline.build(file)
        guard probe.swiftUTF8 != nil, probe.diagnostics.isEmpty else {
            let first = probe.diagnostics.prefix(5).map { "\($0.location.range.start): \($0.code.rawValue) \($0.message)" }
            throw BenchError(description: "the generated form does not compile cleanly:\n" + first.joined(separator: "\n"))
        }
        guard LibYAMLFloor.parseEventCount(bytes) != nil else {
            throw BenchError(description: "libyaml rejected the generated form")
        }

        // Scaling: the same structure, `scale` times larger. The CLI's default limit
        // of 10,000 elements would reject it, so this is measured in-process with the
        // element limit raised; nothing else changes.
        let large = Array(BenchmarkForm(scale: scale).yaml().utf8)
        var raised = CompilerLimits.default
        raised.maxElements = Int.max
        let largeFile = SourceFile(path: inputPath, bytes: large)
        guard FormPipeline.build(largeFile, limits: raised).swiftUTF8 != nil else {
            throw BenchError(description: "the \(scale)× form does not compile cleanly")
        }

        // Every figure a goal compares is timed in turns, one run of each per round
        // (`Timing.interleaved`): in-process, the library alone with the bytes
        // already in memory; then the real binary end to end, as a user or CI runs
        // it; then the larger form in-process.
        let streamedPath = directory + "/streamed.swift"
        let outputPath = directory + "/benchmark.swift"
        let figures = try Timing.interleaved(runs: runs, [
            { Timing.time { _ = LibYAMLFloor.parseEventCount(bytes) } },
            { Timing.timeKeepingResult { FormPipeline.check(SourceFile(path: inputPath, bytes: bytes)) } },
            {
                try Timing.removingOutput(streamedPath) {
                    try Timing.timeKeepingResult { try Self.buildStreamed(bytes, path: inputPath, to: streamedPath) }
                }
            },
            // The stages of lint, so that a ratio can be traced to the stage that owns it.
            {
                Timing.timeKeepingResult {
                    var diagnostics = DiagnosticBag(file: inputPath)
                    return FormPipeline.read(SourceFile(path: inputPath, bytes: bytes), diagnostics: &diagnostics)
                }
            },
            {
                Timing.timeKeepingResult {
                    let file = SourceFile(path: inputPath, bytes: bytes)
                    var diagnostics = DiagnosticBag(file: inputPath)
                    return FormPipeline.read(file, diagnostics: &diagnostics).map {
                        FormDecoder.decode($0, file: file, format: SourceFormat(path: file.path), limits: .default, diagnostics: &diagnostics)
                    }
                }
            },
            { try Subprocess.time(formcPath, ["lint", inputPath]) },
            { try Timing.removingOutput(outputPath) { try Subprocess.time(formcPath, ["build", inputPath, "-o", outputPath]) } },
            { Timing.time { _ = LibYAMLFloor.parseEventCount(large) } },
            { Timing.timeKeepingResult { FormPipeline.check(SourceFile(path: inputPath, bytes: large), limits: raised) } },
            {
                try Timing.removingOutput(streamedPath) {
                    try Timing.timeKeepingResult { try Self.buildStreamed(large, path: inputPath, limits: raised, to: streamedPath) }
                }
            },
            { CoreCheck.oneThread() },
            { CoreCheck.twoThreads() },
            { CoreCheck.parseOneThread(bytes) },
            { CoreCheck.parseTwoThreads(bytes) },
        ])
        let (floor, lint, build, read, decode) = (figures[0], figures[1], figures[2], figures[3], figures[4])
        let (lintProcess, buildProcess) = (figures[5], figures[6])
        let (floorLarge, lintLarge, buildLarge) = (figures[7], figures[8], figures[9])
        let cores = SecondCore.speedup(oneThread: figures[10], twoThreads: figures[11])
        let parseCores = SecondCore.speedup(oneThread: figures[12], twoThreads: figures[13])
        report.add("libyaml raw event parse (floor)", seconds: floor, floor: floor)
        report.add("lint, in-process (FormPipeline.check)", seconds: lint, floor: floor)
        report.add("  read: libyaml and the syntax tree", seconds: read, floor: floor)
        report.add("  read and decode", seconds: decode, floor: floor)
        report.add("  check (lint minus read and decode)", seconds: lint - decode, floor: floor)
        report.add("build, in-process (check, then emit streamed to a file)", seconds: build, floor: floor)
        report.add("  emit (build minus lint)", seconds: build - lint, floor: floor)

        // Start-up: a small form against the process start of `--version`, in turns
        // and three times as many runs (each takes a few milliseconds).
        let startUp = try Subprocess.medians(runs: 3 * runs, formcPath, [["--version"], ["lint", small]])
        let version = startUp[0]
        let smallLint = startUp[1]
        report.add("formc lint (process)", seconds: lintProcess, floor: floor)
        report.add("formc build (process)", seconds: buildProcess, floor: floor)
        report.add("formc lint minus --version start-up", seconds: lintProcess - version, floor: floor)
        report.add("formc build minus --version start-up", seconds: buildProcess - version, floor: floor)
        report.add("libyaml floor, \(scale)× input (\(Format.megabytes(large.count)))", seconds: floorLarge, floor: floor)
        report.add("lint, in-process, \(scale)× input", seconds: lintLarge, floor: floor)
        report.add("build, in-process, \(scale)× input", seconds: buildLarge, floor: floor)

        // The same growth inside one group (2,000 → 8,000 fields): the benchmark
        // form's small groups would hide work that is quadratic in a group's size.
        // As many runs as the main figures: a median of only three runs swings
        // widely on a shared machine.
        let flatSmall = Array(BenchmarkForm(fieldsInOneGroup: 8_000 / scale).yaml().utf8)
        let flatLarge = Array(BenchmarkForm(fieldsInOneGroup: 8_000).yaml().utf8)
        let flat = try Timing.interleaved(runs: runs, [
            { Timing.timeKeepingResult { FormPipeline.check(SourceFile(path: inputPath, bytes: flatSmall), limits: raised) } },
            { Timing.timeKeepingResult { FormPipeline.check(SourceFile(path: inputPath, bytes: flatLarge), limits: raised) } },
        ])
        let (lintFlatSmall, lintFlatLarge) = (flat[0], flat[1])
        report.add("lint, in-process, \(Format.grouped(8_000 / scale)) fields in one group", seconds: lintFlatSmall, floor: floor)
        report.add("lint, in-process, 8,000 fields in one group", seconds: lintFlatLarge, floor: floor)

        // Lists (SPEC §14): 100 lists of 20 fields, in-process, in turns with
        // libyaml's parse of the same bytes, its own floor. Each figure is a few
        // milliseconds, where one preempted run moves a median of nine: they get
        // `listsRoundsPerRun` times the rounds.
        let listsBytes = Array(BenchmarkListsForm().yaml().utf8)
        let listsInput = directory + "/lists.form.yaml"
        let listsOutput = directory + "/lists.swift"
        guard FormPipeline.build(SourceFile(path: listsInput, bytes: listsBytes)).diagnostics.isEmpty else {
            throw BenchError(description: "the lists form does not compile cleanly")
        }
        let lists = try Timing.interleaved(runs: runs * Self.listsRoundsPerRun, [
            { Timing.time { _ = LibYAMLFloor.parseEventCount(listsBytes) } },
            { Timing.timeKeepingResult { FormPipeline.check(SourceFile(path: listsInput, bytes: listsBytes)) } },
            {
                try Timing.removingOutput(listsOutput) {
                    try Timing.timeKeepingResult { try Self.buildStreamed(listsBytes, path: listsInput, to: listsOutput) }
                }
            },
            // The same build on every stage's plain, one-thread path: what the
            // second core buys on this form, next to what the host checks say it
            // can buy.
            {
                try Timing.removingOutput(listsOutput) {
                    try Timing.timeKeepingResult {
                        try Self.buildStreamed(listsBytes, path: listsInput, speed: .plain, to: listsOutput)
                    }
                }
            },
        ])
        report.add("libyaml floor, 100 lists of 20 fields (\(Format.megabytes(listsBytes.count)))", seconds: lists[0], floor: lists[0])
        report.add("lint, in-process, 100 lists of 20 fields", seconds: lists[1], floor: lists[0])
        report.add("build, in-process, 100 lists of 20 fields", seconds: lists[2], floor: lists[0])
        report.add("  the same on one thread (FORMC_SPEED=plain)", seconds: lists[3], floor: lists[0])
        report.add("  build speed, default paths against one thread", value: Format.ratio(lists[3] / lists[2]), ratio: "(2× = both cores fully used)")

        report.add("compute loop, one thread", seconds: figures[10], floor: nil)
        report.add("the same loop on each of two threads at once", seconds: figures[11], floor: nil)
        report.add("  work per second, two threads against one", value: Format.ratio(cores), ratio: "(about 2× = two free cores)")
        report.add("libyaml parse, twice, one thread", seconds: figures[12], floor: nil)
        report.add("the same on each of two threads at once", seconds: figures[13], floor: nil)
        report.add("  parse work per second, two threads against one", value: Format.ratio(parseCores), ratio: "(about 2× = cores that do not slow each other)")
        report.add("formc --version (process start)", seconds: version, floor: nil)
        report.add("formc lint \(small) (\(smallBytes.count) bytes)", seconds: smallLint, floor: nil)

        // What each stage's speed paths pay: `formc build` with one stage, then every
        // stage, on its plain paths (`FORMC_SPEED`), in turns with the default.
        let plainStages = ["read", "decode", "check", "emit"]
        let speeds: [String?] = [nil] + plainStages.map { "plain:" + $0 } + ["plain"]
        let stageSamples = try Timing.interleavedSamples(runs: runs, speeds.map { speed in
            { try Timing.removingOutput(outputPath) { try Subprocess.time(formcPath, ["build", inputPath, "-o", outputPath], speed: speed) } }
        })
        for (speed, samples) in zip(speeds, stageSamples).dropFirst() {
            report.add(
                "formc build, FORMC_SPEED=\(speed ?? "")", value: Format.milliseconds(median(samples)),
                ratio: "\(Format.ratio(Timing.pairRatio(samples, stageSamples[0]))) build"
            )
        }

        let buildPeak = try PeakMemory.of(formcPath, ["build", inputPath, "-o", outputPath], directory: directory)
        let lintPeak = try PeakMemory.of(formcPath, ["lint", inputPath], directory: directory)
        let versionPeak = try PeakMemory.of(formcPath, ["--version"], directory: directory)
        report.add("peak memory, formc build (ru_maxrss)", value: Format.megabytes(buildPeak))
        report.add("peak memory, formc lint (ru_maxrss)", value: Format.megabytes(lintPeak))
        report.add("peak memory, formc --version (ru_maxrss)", value: Format.megabytes(versionPeak))

        // The goals, as ratios measured in this one run (`BenchmarkGoals`). lint and
        // build are judged end to end, the way `formc lint` is used; the in-process
        // rows show the compiler without the process around it.
        report.goals += BenchmarkGoals.judge(BenchmarkFigures(
            floor: floor, lintProcess: lintProcess, buildProcess: buildProcess, lint: lint, build: build,
            lintLarge: lintLarge, buildLarge: buildLarge, scale: scale, lintOneGroupSmall: lintFlatSmall,
            lintOneGroupLarge: lintFlatLarge, peakBytes: max(buildPeak, lintPeak), fileBytes: bytes.count,
            smallLint: smallLint, version: version
        ))
        report.goals += ListGoals.judge(floor: lists[0], lint: lists[1], build: lists[2])
        if !noTools {
            let tools = try ToolBench(
                formc: formcPath, directory: directory, inputPath: inputPath, yaml: yaml, runs: runs,
                browserRuns: browserRuns, edits: lspEdits, stringsTimeout: stringsTimeout
            ).run(report: &report)
            report.goals += ToolGoals.judge(tools)
        }
        report.notes.append("in-process: lint \(Format.ratio(lint / floor)), build \(Format.ratio(build / floor)) of the floor")
        if let note = SecondCore.note(computeLoop: cores, parse: parseCores) { report.notes.append(note) }
        report.notes.append("floor scaling \(scale)×: \(Format.ratio(floorLarge / floor)) (how much of the growth is the machine, not formc)")
        if keep != nil { report.notes.append("files kept in \(directory)") }

        if typecheck {
            try TypeCheck.run(formc: formcPath, directory: directory, limits: raised, report: &report)
        }
        report.header.append("load average after: \(Self.loadAverage())")
        print(report.render(), terminator: "")
    }

    /// `--profile`: the pipeline alone, with nothing else in the process to sample.
    /// Prints the time per run, and for build how much of it the emitter took.
    static func profile(_ stage: String, form: String, runs: Int, scale: Int) throws {
        var limits = CompilerLimits.default
        limits.maxElements = Int.max
        let file: SourceFile
        switch form {
        case "benchmark": file = SourceFile(path: "benchmark.form.yaml", text: BenchmarkForm(scale: scale).yaml())
        case "lists": file = SourceFile(path: "lists.form.yaml", text: BenchmarkListsForm().yaml())
        default: throw ValidationError("--profile-form takes benchmark or lists")
        }
        var emitting = 0.0
        let start = Timing.now()
        for _ in 0..<max(runs, 1) {
            let copy = SourceFile(path: file.path, bytes: file.bytes)
            switch stage {
            case "lint": _ = FormPipeline.check(copy, limits: limits)
            case "build":
                let checked = FormPipeline.check(copy, limits: limits).checked
                // Streamed, as `formc build` emits; the chunks are dropped.
                emitting += Timing.time { checked.map { SwiftEmitter.emit($0, options: EmitOptions()) { _ in } } }
            case "floor": _ = LibYAMLFloor.parseEventCount(file.bytes)
            case "read":
                var diagnostics = DiagnosticBag(file: copy.path)
                _ = FormPipeline.read(copy, limits: limits, diagnostics: &diagnostics)
            case "decode":
                var diagnostics = DiagnosticBag(file: copy.path)
                _ = FormPipeline.read(copy, limits: limits, diagnostics: &diagnostics).map {
                    FormDecoder.decode($0, file: copy, format: SourceFormat(path: copy.path), limits: limits, diagnostics: &diagnostics)
                }
            default: throw ValidationError("--profile takes lint, build, read, decode (read and decode) or floor")
            }
        }
        let count = Double(max(runs, 1))
        var line = "\(stage), \(form == "lists" ? "lists" : "\(scale)×"): \(Format.milliseconds((Timing.now() - start) / count)) per run"
        if stage == "build" { line += ", of which emit \(Format.milliseconds(emitting / count))" }
        print(line)
    }

    /// What `formc build -o FILE` does in-process: check, then emit in chunks
    /// straight into the file (not `FormPipeline.build`, which holds the whole
    /// output in one array, all of it fresh memory). Returns the checked
    /// form and the emitter's tables, which `formc build` keeps to its exit
    /// (`SwiftEmitter.Prepared`): the caller times without their freeing.
    static func buildStreamed(
        _ bytes: [UInt8], path: String, limits: CompilerLimits = .default, speed: SpeedPolicy = .current, to output: String
    ) throws -> (CheckedForm, SwiftEmitter.Prepared) {
        guard let checked = FormPipeline.check(SourceFile(path: path, bytes: bytes), limits: limits, speed: speed).checked else {
            throw BenchError(description: "the form has errors")
        }
        let descriptor = open(output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw BenchError(description: "cannot write \(output)") }
        defer { close(descriptor) }
        var failed = false
        let prepared = SwiftEmitter.Prepared(checked, options: EmitOptions(), speed: speed)
        prepared.emit { chunk in
            if !failed, write(descriptor, chunk.baseAddress, chunk.count) != chunk.count { failed = true }
        }
        if failed { throw BenchError(description: "cannot write \(output)") }
        return (checked, prepared)
    }

    static func loadAverage() -> String {
        var loads = [Double](repeating: 0, count: 3)
        guard getloadavg(&loads, 3) == 3 else { return "unknown" }
        return loads.map { Format.fixed($0, digits: 2) }.joined(separator: ", ")
    }
}
