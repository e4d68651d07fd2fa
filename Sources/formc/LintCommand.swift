import ArgumentParser
import FormCompiler

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

    func run() throws {
        try runCommand {
            let discovery = InputDiscovery.discover(input.inputs)
            // One input's checked form is kept to the end (see `finish`); with
            // several, each is freed as soon as it is checked, so memory stays
            // bounded by the jobs running at once.
            let keepsResults = discovery.files.count == 1
            let outcomes = CompileRunner.run(discovery.files, jobs: CompileRunner.jobs()) { source in
                let result = FormPipeline.check(source)
                return (result.diagnostics, keepsResults ? result : nil)
            }
            var diagnostics = discovery.diagnostics + outcomes.flatMap(\.diagnostics)
            let failed = diagnostics.contains { $0.severity == .error || (strict && $0.severity == .warning) }
            if quiet {
                diagnostics.removeAll { $0.severity != .error && !(strict && $0.severity == .warning) }
            }
            let summary = DiagnosticReport(diagnostics: diagnostics, fileCount: discovery.files.count)
            Reporter(options: report, stdoutIsTaken: false)
                .print(summary, sources: outcomes.map(\.source), showsSummary: !quiet)
            finish(failed ? ExitStatus.errorsInInput : 0, keeping: outcomes)
        }
    }
}
