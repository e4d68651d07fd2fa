#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import CFormcSystem

/// The `formc` executable: a thin shell around the compiler's modules that finds the
/// inputs, reads them, runs the pipeline on every core, prints the report and
/// writes the outputs. `--version` is answered by ArgumentParser before any
/// command runs, so it never loads or parses a form.
@main
struct Formc: ParsableCommand {
    /// Shown by `--version` and written into SARIF reports.
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "formc",
        abstract: "Compile declarative forms (YAML or JSON) into Swift.",
        discussion: """
        Exit status: 0 no errors (warnings allowed unless --strict), 1 errors in the \
        input, 2 `build --check` or `strings --check` found outdated output, 64 usage error, 70 internal error.
        """,
        version: version,
        subcommands: [
            LintCommand.self, BuildCommand.self, DumpCommand.self, ExplainCommand.self, StringsCommand.self,
            SchemaCommand.self, PreviewCommand.self, LSPCommand.self,
        ]
    )

    /// ArgumentParser's own `main`, after tuning the allocator while the main
    /// thread is still the only one that has allocated; the lint and build lines
    /// that `QuickArguments` reads go straight to their command.
    static func main() {
        ProcessEnvironment.tuneAllocator()
        formc_install_signal_cleanup()
        // A reader that closes the pipe (`formc lint | head`) ends no run: the write
        // fails with EPIPE, which `Reporter.write` passes over, and the exit status
        // still says what formc found.
        signal(SIGPIPE, SIG_IGN)
        ProcessEnvironment.warnOfUnknownSpeedNames()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.isEmpty {
            // No command is a usage error, as a misspelt one is: a script that runs
            // `formc` with an empty variable fails instead of passing. `--help` prints the help.
            exit(withError: ValidationError("Missing a command: lint, build, dump, explain, strings, schema, preview or lsp"))
        }
        do {
            if let lint = LintCommand.Request(quickArguments: arguments) {
                try lint.run()
                return
            }
            if let build = BuildCommand.Request(quickArguments: arguments) {
                try build.run()
                return
            }
        } catch {
            exit(withError: error)
        }
        main(nil)
    }
}
