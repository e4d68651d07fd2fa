#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import FormReports
import FormSource

/// Prints a run's diagnostics in the chosen format, to the right stream.
///
/// `text` and `xcode` go to standard error, as a compiler's do. `github`, `json`
/// and `sarif` are the run's output and go to standard output, except when
/// standard output carries generated Swift (`build` of one input without `-o`
/// and `dump`), when they go to standard error too.
struct Reporter {
    var format: ReportFormat
    var environment: [String: String]
    /// Whether standard output is taken by something else (Swift, a dump).
    var stdoutIsTaken: Bool

    init(options: ReportOptions, stdoutIsTaken: Bool, environment: [String: String] = Reporter.environment()) {
        self.init(format: options.format, stdoutIsTaken: stdoutIsTaken, environment: environment)
    }

    init(format: ReportFormat, stdoutIsTaken: Bool, environment: [String: String] = Reporter.environment()) {
        self.format = format.resolved(environment: environment)
        self.environment = environment
        self.stdoutIsTaken = stdoutIsTaken
    }

    /// The variables a report depends on: `GITHUB_ACTIONS` (what `auto` means),
    /// `NO_COLOR` and `TERM` (colour).
    static func environment() -> [String: String] {
        ProcessEnvironment.variables(named: ["GITHUB_ACTIONS", "NO_COLOR", "TERM"])
    }

    /// Colour only for people: text on a terminal, and neither `NO_COLOR` with a
    /// value (any; an empty one is no request, see no-color.org) nor a dumb terminal.
    var usesColor: Bool {
        format == .text && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb" && isatty(STDERR_FILENO) == 1
    }

    func print(_ report: DiagnosticReport, sources: [SourceFile?], showsSummary: Bool) {
        let renderer: any DiagnosticRenderer
        switch format {
        case .auto, .text:
            var byPath: [String: SourceFile] = [:]
            for case let source? in sources { byPath[source.path] = source }
            renderer = TextRenderer(sources: byPath, colored: usesColor, showsSummary: showsSummary)
        case .xcode: renderer = XcodeRenderer()
        case .github: renderer = GitHubRenderer()
        case .json: renderer = JSONRenderer()
        case .sarif: renderer = SARIFRenderer(toolVersion: Formc.version, workingDirectory: ProcessEnvironment.workingDirectory)
        }
        let text = renderer.render(report)
        guard !text.isEmpty else { return }
        let toStdout = (format == .github || format.isDocument) && !stdoutIsTaken
        Output.write(text, to: toStdout ? .standardOutput : .standardError)
    }
}

/// Writes of whole strings to the standard streams, unbuffered so that the two
/// streams interleave in the order they were written.
enum Output {
    enum Stream { case standardOutput, standardError }

    static func write(_ text: String, to stream: Stream) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0), to: stream) }
    }

    static func write(_ bytes: UnsafeRawBufferPointer, to stream: Stream) {
        // A closed pipe (`formc lint | head`) is not formc's problem to report; any
        // other failure of standard output (a full disk, `> /dev/full`) leaves its
        // reader without the Swift, the report or the schema: formc says so and
        // ends at once, with status 70, rather than exit 0 over a cut file.
        if !FileAccess.writeAll(bytes, to: stream == .standardOutput ? STDOUT_FILENO : STDERR_FILENO),
           stream == .standardOutput, errno != EPIPE {
            error("cannot write to standard output: \(FileAccess.systemError())")
            exit(ExitStatus.internalError)
        }
    }

    static func error(_ message: String) {
        write("formc: error: \(message)\n", to: .standardError)
    }
}

/// The exit statuses of SPEC §8.
enum ExitStatus {
    static let errorsInInput: Int32 = 1
    static let drift: Int32 = 2
    static let usage: Int32 = 64
    static let internalError: Int32 = 70
}

/// An unexpected failure inside formc itself (exit 70).
struct InternalError: Error, CustomStringConvertible {
    var description: String
}

/// Runs a command's body and turns its status into the process's exit status:
/// anything unexpected that escapes is printed and becomes 70, so that a bug is
/// never mistaken for "your input has errors" (1). `FORMC_DEBUG_CRASH=1` throws
/// such an error on purpose, for the tests of this path.
func runCommand(_ body: () throws -> Int32) throws {
    let status: Int32
    do {
        if ProcessEnvironment.variable("FORMC_DEBUG_CRASH") == "1" {
            throw InternalError(description: "crash requested by FORMC_DEBUG_CRASH=1")
        }
        status = try body()
    } catch let exit as ExitCode {
        throw exit
    } catch let usage as UsageError {
        Output.error(usage.message)
        throw ExitCode(ExitStatus.usage)
    } catch {
        Output.error("internal error: \(error)")
        Output.write("This is a bug in formc; please report it with the input that caused it.\n", to: .standardError)
        throw ExitCode(ExitStatus.internalError)
    }
    if status != 0 { throw ExitCode(status) }
}

/// Ends a command whose work is done and printed: exits with `status` at once,
/// with `results` (the checked forms) still alive. The kernel takes the process's
/// memory back in one step, where freeing a large checked form object by object
/// takes time that grows with the form. Output is unbuffered
/// (`Output`), so nothing is lost. The results are retained once more and never
/// released: `withExtendedLifetime` would not do, since nothing runs after
/// `exit`, and the optimizer releases them before the call.
func finish<Results>(_ status: Int32, keeping results: Results) -> Never {
    _ = Unmanaged.passRetained(Kept(results))
    exit(status)
}

/// What `finish` keeps alive to the exit.
private final class Kept<Results> {
    let results: Results

    init(_ results: Results) {
        self.results = results
    }
}

/// A usage problem found only once the inputs are known (e.g. two outputs with
/// one name); printed without the usage text, exit 64.
struct UsageError: Error {
    var message: String
}
