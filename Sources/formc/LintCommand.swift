import ArgumentParser
import FormCompiler
import FormLocalization
import FormReports
import FormSource

/// `formc lint`: check forms and report every problem, writing nothing. CI's gate.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check forms and report every problem; writes nothing.",
        discussion: "Exits 0 when there are no errors, 1 when there are (or warnings, with --strict)."
    )

    @OptionGroup var input: InputOptions
    @OptionGroup var report: ReportOptions

    @Flag(help: "Treat warnings as errors: exit 1 when there are any.")
    var strict = false

    @Flag(help: "Report errors only: leave out warnings (unless --strict) and the summary line.")
    var quiet = false

    @Option(help: ArgumentHelp(
        "Also check a String Catalog against the forms (FC600-FC604).", valueName: "catalog.xcstrings"
    ))
    var strings: String?

    func validate() throws {
        try checkNamed(strings, "--strings", what: "a String Catalog (.xcstrings)")
    }

    func run() throws {
        try Request(inputs: input.inputs, format: report.format, strict: strict, quiet: quiet, strings: strings).run()
    }

    /// What a lint was asked to do, as plain values: the parsed command makes one,
    /// and so does `init(quickArguments:)`.
    struct Request {
        var inputs: [String]
        var format: ReportFormat = .auto
        var strict = false
        var quiet = false
        /// `--strings CATALOG`: the String Catalog to check against the forms.
        var strings: String?

        func run() throws {
            if let strings {
                try runWithCatalog(strings)
                return
            }
            try runCommand {
                let discovery = InputDiscovery.discover(inputs)
                // One input's checked form is kept to the end (see `finish`); with
                // several, each is freed as soon as it is checked, so memory stays
                // bounded by the jobs running at once.
                let keepsResults = discovery.files.count == 1
                let outcomes = CompileRunner.run(discovery.files, jobs: CompileRunner.jobs(for: discovery.files.count)) { source in
                    let result = FormPipeline.check(source)
                    return (result.diagnostics, keepsResults ? result : nil)
                }
                var diagnostics = discovery.diagnostics + outcomes.flatMap(\.diagnostics)
                let failed = diagnostics.contains { $0.severity == .error || (strict && $0.severity == .warning) }
                if quiet {
                    diagnostics.removeAll { $0.severity != .error && !(strict && $0.severity == .warning) }
                }
                let summary = DiagnosticReport(diagnostics: diagnostics, fileCount: discovery.files.count)
                Reporter(format: format, stdoutIsTaken: false)
                    .print(summary, sources: outcomes.map(\.source), showsSummary: !quiet)
                finish(failed ? ExitStatus.errorsInInput : 0, keeping: outcomes)
            }
        }
    }
}

extension LintCommand.Request {
    /// `lint --strings`: the forms as always, then the catalog checked against
    /// the strings of every form without errors (SPEC §11).
    func runWithCatalog(_ catalogPath: String) throws {
        try runCommand {
            let discovery = InputDiscovery.discover(inputs)
            let collected = FormStringsRun.collect(discovery.files)
            var diagnostics = discovery.diagnostics + collected.diagnostics
            var sources = collected.sources
            let catalog = FormStringsRun.readCatalog(catalogPath)
            sources += catalog.source.map { [$0] } ?? []
            if let file = catalog.file {
                diagnostics += CatalogLint.check(file, at: catalogPath, forms: collected.forms)
            }
            diagnostics += catalog.diagnostics
            let failed = diagnostics.contains { $0.severity == .error || (strict && $0.severity == .warning) }
            if quiet {
                diagnostics.removeAll { $0.severity != .error && !(strict && $0.severity == .warning) }
            }
            let summary = DiagnosticReport(diagnostics: diagnostics, fileCount: discovery.files.count + 1)
            Reporter(format: format, stdoutIsTaken: false).print(summary, sources: sources, showsSummary: !quiet)
            return failed ? ExitStatus.errorsInInput : 0
        }
    }
}

/// Declared here so that `Request` keeps its memberwise initializer.
extension LintCommand.Request {
    /// `formc lint PATH… [--format F] [--strict] [--quiet]` (what CI runs, see
    /// the README), read without ArgumentParser (`QuickArguments`). Nil for
    /// anything else, which ArgumentParser reads as always.
    init?(quickArguments arguments: [String]) {
        guard let line = QuickArguments(
            arguments, command: LintCommand.configuration.commandName, options: [.format, .strict, .quiet]
        ), let format = line.choice(.format, as: ReportFormat.self) else { return nil }
        self.init(inputs: line.inputs, format: format ?? .auto, strict: line.has(.strict), quiet: line.has(.quiet))
    }
}
