import ArgumentParser
import FormCompiler

/// `formc build`: compile forms to Swift, to standard output or to files.
///
/// Output files are all-or-nothing: when any input has an error nothing is
/// written and existing outputs stay as they were. A file whose bytes would not
/// change is not rewritten (its modification time stays, so the build system
/// does not recompile it), and every write is atomic.
struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Compile forms into Swift.",
        discussion: """
        One input and no -o: the Swift goes to standard output. -o DIR (an existing \
        directory, a path ending in /, several inputs or a directory input): one file \
        per input, named after the input file (signup.form.yaml -> signup.swift). \
        -o FILE: the one input's Swift. With --check nothing is written; exits 2 when \
        an output is missing or differs.
        """
    )

    @OptionGroup var input: InputOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("Output file, or directory for one file per input.", valueName: "file|dir"))
    var output: String?

    @Option(help: "Access level of the generated declarations.")
    var accessLevel: EmitOptions.AccessLevel = .internal

    @Flag(help: "Write nothing; exit 2 when an output file is missing or differs from what would be written.")
    var check = false

    @OptionGroup var report: ReportOptions

    func validate() throws {
        if check, output == nil {
            throw ValidationError("--check compares with existing files: name them with -o FILE or -o DIR.")
        }
    }

    func run() throws {
        try runCommand {
            let discovery = InputDiscovery.discover(input.inputs)
            let plan = try OutputPlan.make(for: discovery, output: output)
            let options = EmitOptions(accessLevel: accessLevel)
            let workingDirectory = ProcessEnvironment.workingDirectory
            let outcomes = CompileRunner.run(discovery.files, jobs: CompileRunner.jobs()) { source in
                // The header names the input relative to the working directory (or from
                // its Sources/Tests folder), never absolutely: the build plugin passes
                // absolute paths, and generated files must not differ between machines.
                let headerPath = FormPipeline.portablePath(source.path, relativeTo: workingDirectory)
                let result = FormPipeline.build(source, options: options, headerPath: headerPath)
                return (result.diagnostics, result.swiftUTF8)
            }
            let diagnostics = discovery.diagnostics + outcomes.flatMap(\.diagnostics)
            let summary = DiagnosticReport(diagnostics: diagnostics, fileCount: discovery.files.count)
            Reporter(options: report, stdoutIsTaken: plan.isStandardOutput)
                .print(summary, sources: outcomes.map(\.source), showsSummary: !diagnostics.isEmpty)
            guard summary.errorCount == 0 else { return ExitStatus.errorsInInput }

            var generated: [(path: String, bytes: [UInt8])] = []
            for (outcome, destination) in zip(outcomes, plan.destinations) {
                guard let swift = outcome.value else {
                    throw InternalError(description: "no Swift and no error for '\(outcome.path)'")
                }
                guard let destination else {
                    Output.write(swift, to: .standardOutput)
                    continue
                }
                generated.append((destination, swift))
            }
            return check ? Self.checkDrift(generated) : Self.write(generated, directory: plan.directory)
        }
    }

    /// `--check`: lists every output that is missing or differs.
    static func checkDrift(_ generated: [(path: String, bytes: [UInt8])]) -> Int32 {
        var stale = 0
        for file in generated {
            let matches = FileAccess.existingFile(file.path, matches: file.bytes)
            guard matches != true else { continue }
            stale += 1
            Output.write("formc: '\(file.path)' \(matches == nil ? "is missing" : "is out of date")\n", to: .standardError)
        }
        guard stale > 0 else { return 0 }
        Output.write("formc: \(stale) generated file\(stale == 1 ? "" : "s") would change; run `formc build` without --check to update.\n", to: .standardError)
        return ExitStatus.drift
    }

    /// Writes the files whose bytes changed. A failure to write is reported as an
    /// error of the run (exit 1): the input is fine but its output could not be made.
    static func write(_ generated: [(path: String, bytes: [UInt8])], directory: String?) -> Int32 {
        do {
            if let directory { try FileAccess.createDirectory(directory) }
            for file in generated where FileAccess.existingFile(file.path, matches: file.bytes) != true {
                try FileAccess.writeAtomically(file.bytes, to: file.path)
            }
        } catch {
            Output.error(error.description)
            return ExitStatus.errorsInInput
        }
        return 0
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
                throw UsageError(message: "\(files.count) inputs need an output directory: add -o DIR (one Swift file per input).")
            }
            return OutputPlan(destinations: files.map { _ in nil }, directory: nil)
        }
        let isDirectory = FileAccess.isDirectory(output) || output.hasSuffix("/") || files.count > 1 || discovery.namedDirectory
        guard isDirectory else {
            return OutputPlan(destinations: [output], directory: nil)
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
        return OutputPlan(destinations: destinations, directory: output)
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
