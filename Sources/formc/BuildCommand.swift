import ArgumentParser
import FormCompiler
import FormModel
import FormReports
import FormSource
import FormSwiftEmitter

/// `formc build`: compile forms to Swift, to standard output or to files.
///
/// Output files are all-or-nothing: when any input has an error nothing is
/// written and existing outputs stay as they were. A file whose bytes would not
/// change is not rewritten (its modification time stays, so the build system
/// does not recompile it), and every write is atomic. The Swift is never held
/// whole: the emitter hands it over in chunks, which go straight to standard
/// output, to a temporary file, or to a comparison with the existing file.
struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Compile forms into Swift.",
        discussion: """
        One input and no -o: the Swift goes to standard output. -o DIR (an existing \
        directory, a path ending in /, several inputs or a directory input): one file \
        per input, named after the input file (signup.form.yaml -> signup.swift). \
        -o FILE: the one input's Swift (-o -: standard output). With --check nothing is written; exits 2 when \
        an output is missing or differs.
        """
    )

    @OptionGroup var input: InputOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("Output file, or directory for one file per input.", valueName: "file|dir"))
    var output: String?

    @Option(help: "Access level of the generated declarations (default: internal, or the configuration's).")
    var accessLevel: EmitOptions.AccessLevel?

    @Option(help: ArgumentHelp(
        "A formc-config.yaml (or .json) whose options apply to every input; --access-level wins over it.",
        valueName: "file"
    ))
    var config: String?

    @Flag(help: "Write nothing; exit 2 when an output file is missing or differs from what would be written.")
    var check = false

    @OptionGroup var report: ReportOptions

    mutating func validate() throws {
        try checkNamed(output, "-o", what: "a file or a directory")
        // `-o -`: standard output, as without -o (`refuseStandardOutput`).
        if output == "-" { output = nil }
        try checkNamed(config, "--config", what: "a formc-config.yaml")
        if check, output == nil {
            throw ValidationError("--check compares with existing files: name them with -o FILE or -o DIR.")
        }
    }

    func run() throws {
        try Request(
            inputs: input.inputs, output: output, accessLevel: accessLevel, configuration: config, check: check, format: report.format
        ).run()
    }

    /// What a build was asked to do, as plain values: the parsed command makes one,
    /// and so does `init(quickArguments:)`.
    struct Request {
        var inputs: [String]
        var output: String?
        /// Nil: the configuration's, else internal.
        var accessLevel: EmitOptions.AccessLevel?
        /// The path of a `formc-config.yaml`, read and checked like an input.
        var configuration: String?
        var check = false
        var format: ReportFormat = .auto

        func run() throws {
            try runCommand {
                let discovery = InputDiscovery.discover(inputs)
                let plan = try OutputPlan.make(for: discovery, output: output)
                if let configuration {
                    try OutputPlan.refuseWriting(over: [configuration], with: plan.destinations.compactMap { $0 }) { input in
                        "the Swift would be written over the configuration '\(input)' that this run reads: choose another -o."
                    }
                }
                let configured = configuration.map { path in
                    CompileRunner.run([path], jobs: 1, reading: "a configuration file (formc-config.yaml or .json)") { source -> ([Diagnostic], BuildConfiguration?) in
                        var diagnostics = DiagnosticBag(file: source.path)
                        let configuration = BuildConfiguration.read(source, diagnostics: &diagnostics)
                        return (diagnostics.sorted, configuration)
                    }[0]
                }
                let options = EmitOptions(accessLevel: accessLevel ?? configured?.value?.accessLevel ?? .internal)
                let jobs = CompileRunner.jobs(for: discovery.files.count)
                let workingDirectory = ProcessEnvironment.workingDirectory
                // Every input is checked before any is emitted, so that an error in
                // one leaves the disk untouched, not even with a temporary file; the
                // price is each input's checked tree kept until then (a few times its
                // size), where emitting each right after its check would hold only
                // `jobs` of them.
                // Each input also gives the type names its Swift declares in the module
                // (a form with errors too, so that a collision is reported with them).
                let severalInputs = discovery.files.count > 1
                let outcomes = CompileRunner.run(discovery.files, jobs: jobs) { source -> ([Diagnostic], Checked) in
                    let result = FormPipeline.check(source)
                    let types = severalInputs ? result.document.flatMap { ModuleTypeNames($0, file: source.path) } : nil
                    guard var checked = result.checked else { return (result.diagnostics, Checked(form: nil, types: types)) }
                    // The header names the input relative to the working directory (or from
                    // its Sources/Tests folder), never absolutely: the build plugin passes
                    // absolute paths, and generated files must not differ between machines.
                    checked.sourcePath = FormPipeline.portablePath(source.path, relativeTo: workingDirectory)
                    return (result.diagnostics, Checked(form: checked, types: types))
                }
                // Forms built together into one folder are one module's sources (`lint`
                // may take a tree of several modules, and does not compare them).
                let diagnostics = discovery.diagnostics + (configured?.diagnostics ?? []) + outcomes.flatMap(\.diagnostics)
                    + ModuleTypeNames.collisions(outcomes.compactMap { $0.value?.types })
                let summary = DiagnosticReport(diagnostics: diagnostics, fileCount: discovery.files.count)
                Reporter(format: format, stdoutIsTaken: plan.isStandardOutput)
                    .print(summary, sources: [configured.flatMap(\.source)] + outcomes.map(\.source), showsSummary: !diagnostics.isEmpty)
                guard summary.errorCount == 0 else { return ExitStatus.errorsInInput }

                var forms: [(form: CheckedForm, path: String)] = []
                // What each form was made into to emit it is kept to the end, like the
                // form, not freed just before exiting.
                var prepared: [SwiftEmitter.Prepared] = []
                for (outcome, destination) in zip(outcomes, plan.destinations) {
                    guard let form = outcome.value?.form else {
                        throw InternalError(description: "no checked form and no error for '\(outcome.path)'")
                    }
                    guard let destination else {
                        prepared.append(SwiftEmitter.Prepared(form, options: options))
                        prepared[prepared.count - 1].emit { Output.write($0, to: .standardOutput) }
                        continue
                    }
                    forms.append((form, destination))
                }
                if check { finish(BuildCommand.checkDrift(forms, options: options, jobs: jobs, keeping: &prepared), keeping: (forms, prepared)) }
                // A missing folder is made: the output directory's, or a single output file's.
                let folder = plan.directory ?? forms.first.map { FileAccess.parentDirectory(of: $0.path) }.flatMap { $0 == "." ? nil : $0 }
                finish(BuildCommand.write(forms, options: options, directory: folder, jobs: jobs, keeping: &prepared), keeping: (forms, prepared))
            }
        }
    }

    /// One input, checked: its form when it has no errors, and the type names its
    /// Swift declares at the module's top level, with several inputs.
    struct Checked: Sendable {
        var form: CheckedForm?
        var types: ModuleTypeNames?
    }

    /// `--check`: lists every output that is missing or differs. Each form's Swift
    /// is compared with its file as it is emitted; nothing is written.
    static func checkDrift(
        _ forms: [(form: CheckedForm, path: String)], options: EmitOptions, jobs: Int, keeping kept: inout [SwiftEmitter.Prepared]
    ) -> Int32 {
        let outcomes = CompileRunner.parallelMap(forms, jobs: jobs) { file in
            let existing = FileAccess.Comparison(existing: file.path)
            let prepared = SwiftEmitter.Prepared(file.form, options: options)
            prepared.emit(into: existing.compare)
            return (existing.matches(), prepared)
        }
        kept += outcomes.map(\.1)
        let matches = outcomes.map(\.0)
        var stale = 0
        for (file, matches) in zip(forms, matches) where matches != true {
            stale += 1
            Output.write("formc: '\(file.path)' \(matches == nil ? "is missing" : "is out of date")\n", to: .standardError)
        }
        guard stale > 0 else { return 0 }
        Output.write("formc: \(stale) generated file\(stale == 1 ? "" : "s") would change; run `formc build` without --check to update.\n", to: .standardError)
        return ExitStatus.drift
    }

    /// Writes the files whose bytes changed: each form is emitted into a temporary
    /// file beside its output (in parallel), then, when every one was written, the
    /// changed ones are renamed into place, in input order. A failure to write is
    /// reported as an error of the run (exit 1): the input is fine but its output
    /// could not be made. Every temporary file not renamed is removed.
    static func write(
        _ forms: [(form: CheckedForm, path: String)], options: EmitOptions, directory: String?, jobs: Int,
        keeping kept: inout [SwiftEmitter.Prepared]
    ) -> Int32 {
        do {
            if let directory { try FileAccess.createDirectory(directory) }
        } catch {
            return fail(error, removing: [])
        }
        let outcomes = CompileRunner.parallelMap(forms, jobs: jobs) { file -> (Result<String?, FileAccess.Failure>, SwiftEmitter.Prepared) in
            let prepared = SwiftEmitter.Prepared(file.form, options: options)
            do throws(FileAccess.Failure) {
                return (.success(try emit(prepared, replacing: file.path)), prepared)
            } catch {
                return (.failure(error), prepared)
            }
        }
        kept += outcomes.map(\.1)
        let results = outcomes.map(\.0)
        var replacements: [(path: String, temporary: String)] = []
        var failure: FileAccess.Failure?
        for (file, result) in zip(forms, results) {
            switch result {
            case .success(let temporary?): replacements.append((file.path, temporary))
            case .success(nil): break
            case .failure(let error): failure = failure ?? error
            }
        }
        if let failure { return fail(failure, removing: replacements[...]) }
        // A folder where an output goes cannot be replaced: found before any
        // rename, so that every output stays as it was.
        if let folder = replacements.first(where: { FileAccess.isDirectory($0.path) }) {
            return fail(FileAccess.Failure(description: "cannot replace '\(folder.path)': Is a directory"), removing: replacements[...])
        }
        for (index, replacement) in replacements.enumerated() {
            do {
                try FileAccess.replace(replacement.path, with: replacement.temporary)
            } catch {
                return fail(error, removing: replacements[(index + 1)...])
            }
        }
        return 0
    }

    /// Reports a failure to write and removes the temporary files left.
    private static func fail(_ failure: FileAccess.Failure, removing left: ArraySlice<(path: String, temporary: String)>) -> Int32 {
        for replacement in left { FileAccess.remove(replacement.temporary) }
        Output.error(failure.description)
        return ExitStatus.errorsInInput
    }

    /// Emits `form` into a temporary file beside `path`, comparing it with the file
    /// there as it goes: the temporary file's path when the bytes differ; nil, and
    /// the temporary file removed, when they are the same (the old file and its
    /// modification time stay, so the build system does not recompile it).
    /// A stream (`/dev/null`, `/dev/stdout`, a pipe) gets the bytes as they come.
    static func emit(_ form: SwiftEmitter.Prepared, replacing path: String) throws(FileAccess.Failure) -> String? {
        if FileAccess.isStream(path) {
            let stream = try FileAccess.OutputFile(stream: path)
            try form.emit { chunk throws(FileAccess.Failure) in try stream.write(chunk) }
            return nil
        }
        let existing = FileAccess.Comparison(existing: path)
        let output = ChangedOutput(path: path, existing: existing)
        do {
            try form.emit { chunk throws(FileAccess.Failure) in
                try output.add(chunk)
            }
            if output.temporary == nil, existing.matches() != true {
                // Every byte matched, but the old file is longer (or unreadable).
                try output.start()
            }
        } catch {
            if let temporary = output.temporary { FileAccess.remove(temporary.path) }
            throw error
        }
        return output.temporary?.path
    }
}

/// A build's output, compared with the existing file as it comes and written
/// to a temporary file only from the first difference on: an up-to-date output,
/// the common case when the build plugin runs on every build, costs no write.
/// At the first difference the temporary file gets the bytes that matched (read
/// again from the existing file), then everything that follows.
private final class ChangedOutput {
    let path: String
    let existing: FileAccess.Comparison
    private(set) var temporary: FileAccess.TemporaryFile?

    init(path: String, existing: FileAccess.Comparison) {
        self.path = path
        self.existing = existing
    }

    func add(_ chunk: UnsafeRawBufferPointer) throws(FileAccess.Failure) {
        if let temporary {
            try temporary.write(chunk)
            return
        }
        existing.compare(chunk)
        guard !existing.matchesSoFar else { return }
        try start()
        try temporary?.write(chunk)
    }

    /// Opens the temporary file with the bytes that matched so far.
    func start() throws(FileAccess.Failure) {
        let file = try FileAccess.TemporaryFile(beside: path)
        temporary = file
        try existing.copyPrefix(existing.matchedCount, to: file)
    }
}

/// Where each input's Swift goes (SPEC §8).
struct OutputPlan: Equatable {
    /// For each input, in order: its output file, or nil for standard output.
    var destinations: [String?]
    /// The output directory, created when missing, in directory mode.
    var directory: String?

    var isStandardOutput: Bool { destinations.contains(nil) }

    /// Decides the mode: no `-o` is standard output (one input only); `-o` names a
    /// directory when it exists as one, ends in `/`, or there are several inputs or
    /// a directory input; else it is the one input's file. In a directory each
    /// output is named after its input's file name alone, so two inputs with one
    /// name in different folders are a usage error rather than one overwriting the
    /// other (compared case-insensitively, for case-insensitive file systems).
    static func make(for discovery: InputDiscovery.Result, output: String?) throws -> OutputPlan {
        let files = discovery.files
        guard let output else {
            if files.count > 1 || discovery.namedDirectory {
                throw UsageError(message: "\(inputsNeed(files.count)) an output directory: add -o DIR (one Swift file per input).")
            }
            return OutputPlan(destinations: files.map { _ in nil }, directory: nil)
        }
        let isDirectory = FileAccess.isDirectory(output) || output.hasSuffix("/") || files.count > 1 || discovery.namedDirectory
        if isDirectory { try checkDirectory(output, inputs: files.count, fileKind: "a Swift file", suffix: ".swift") }
        guard isDirectory else {
            return try OutputPlan(destinations: [output], directory: nil).checkedAgainst(files)
        }
        var claimed: [String: String] = [:]
        var destinations: [String?] = []
        for file in files {
            let name = swiftFileName(for: file)
            if let other = claimed[name.lowercased()] {
                throw UsageError(message: """
                    '\(other)' and '\(file)' would both be written to '\(name)'. \
                    Rename one of them, or build them with separate -o directories.
                    """)
            }
            claimed[name.lowercased()] = file
            destinations.append(InputDiscovery.join(output, name))
        }
        return try OutputPlan(destinations: destinations, directory: output).checkedAgainst(files)
    }

    /// `1 input needs`, `3 inputs need`.
    static func inputsNeed(_ count: Int) -> String {
        count == 1 ? "1 input needs" : "\(count) inputs need"
    }

    /// Throws a usage error unless `output`, which must be a directory (several
    /// inputs, a directory input, or a name ending in `/`), can be one: an
    /// existing file, or a name that reads as an output file (`suffix`), is a
    /// mistake rather than a folder to make.
    static func checkDirectory(_ output: String, inputs count: Int, fileKind: String, suffix: String) throws {
        guard !FileAccess.isDirectory(output) else { return }
        let trimmed = output.hasSuffix("/") ? String(output.reversed().drop { $0 == "/" }.reversed()) : output
        if !trimmed.isEmpty, FileAccess.identity(of: trimmed) != nil {
            throw UsageError(message: "\(inputsNeed(count)) an output directory, and '\(trimmed)' is a file: give -o a directory.")
        }
        if !output.hasSuffix("/"), output.hasSuffix(suffix) {
            throw UsageError(message: "\(inputsNeed(count)) an output directory, and '\(output)' is named like \(fileKind): give -o a directory.")
        }
    }

    /// This plan, unless an output is one of the inputs (`build a.form.yaml -o
    /// a.form.yaml`, a form named `x.swift` built into its own folder): the Swift
    /// would replace the form.
    func checkedAgainst(_ inputs: [String]) throws -> OutputPlan {
        try Self.refuseWriting(over: inputs, with: destinations.compactMap { $0 }) { input in
            "the Swift of '\(input)' would be written over '\(input)' itself: choose another -o."
        }
        return self
    }

    /// Throws a usage error, `message(input)`, when one of `destinations` is one
    /// of `inputs` through any path (a link, `./`, another spelling): writing it
    /// would lose a file the run reads (a form, a configuration, a catalog).
    static func refuseWriting(over inputs: [String], with destinations: [String], message: (String) -> String) throws {
        // Files only: a terminal or a socket may be both standard input and output
        // (`build /dev/stdin -o /dev/stdout`), which is no file to lose.
        let files = inputs.filter { !FileAccess.isStream($0) }
        let identities = Dictionary(files.compactMap { input in FileAccess.identity(of: input).map { ($0, input) } }, uniquingKeysWith: { first, _ in first })
        for destination in destinations where !FileAccess.isStream(destination) {
            if let identity = FileAccess.identity(of: destination), let input = identities[identity] {
                throw UsageError(message: message(input))
            }
        }
    }

    /// `forms/signup.form.yaml` → `signup.swift`: the file name without its form
    /// suffix (or, for another name, without its last extension).
    static func swiftFileName(for path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        for suffix in InputDiscovery.formSuffixes where name.hasSuffix(suffix) && name.count > suffix.count {
            return String(name.dropLast(suffix.count)) + ".swift"
        }
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            return String(name[..<dot]) + ".swift"
        }
        return name + ".swift"
    }
}

/// Declared here so that `Request` keeps its memberwise initializer.
extension BuildCommand.Request {
    /// `formc build PATH… [-o OUT] [--access-level L] [--config FILE] [--check] [--format F]`
    /// (what the build plugin runs), read without ArgumentParser
    /// (`QuickArguments`). Nil for anything else, and for what `validate()`
    /// rejects, which ArgumentParser reads and reports as always.
    init?(quickArguments arguments: [String]) {
        guard let line = QuickArguments(
            arguments, command: BuildCommand.configuration.commandName, options: [.output, .accessLevel, .config, .check, .format]
        ), let accessLevel = line.choice(.accessLevel, as: EmitOptions.AccessLevel.self),
            let format = line.choice(.format, as: ReportFormat.self) else { return nil }
        let output = line.value(.output)
        guard !line.has(.check) || output != nil, output?.isEmpty != true else { return nil }
        self.init(
            inputs: line.inputs, output: output, accessLevel: accessLevel, configuration: line.value(.config),
            check: line.has(.check), format: format ?? .auto
        )
    }
}
