import ArgumentParser
import FormCompiler
import FormModel
import FormReports

/// `formc dump`: the checked element tree of one form as JSON, for debugging a
/// form or the compiler.
struct DumpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump",
        abstract: "Print the checked element tree of one form as JSON.",
        discussion: "The tree goes to standard output, diagnostics to standard error. A form with errors prints no tree and exits 1."
    )

    @Argument(help: ArgumentHelp("The form file.", valueName: "input"))
    var input: String

    @OptionGroup var report: ReportOptions

    func validate() throws {
        try checkNamed(input, "the input", what: "a form file")
    }

    func run() throws {
        try runCommand {
            let outcome = CompileRunner.run([input], jobs: 1) { source in
                let result = FormPipeline.check(source)
                return (result.diagnostics, result)
            }[0]
            if let result = outcome.value {
                Output.write(Self.treeJSON(result, path: input), to: .standardOutput)
            }
            let summary = DiagnosticReport(diagnostics: outcome.diagnostics, fileCount: 1)
            Reporter(options: report, stdoutIsTaken: true)
                .print(summary, sources: [outcome.source], showsSummary: !outcome.diagnostics.isEmpty)
            return summary.errorCount > 0 ? ExitStatus.errorsInInput : 0
        }
    }

    /// The checked tree; nothing when the form has errors, since a partial tree
    /// (a bad rule left out) would show something formc did not accept.
    static func treeJSON(_ result: FormPipeline.CheckResult, path: String) -> String {
        guard let checked = result.checked else { return "" }
        return TreeDump.json(for: checked.document, path: path)
    }
}
