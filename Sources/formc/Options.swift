import ArgumentParser
import FormReports
import FormSwiftEmitter

/// The inputs of `lint` and `build`: files and directories, as SPEC §1 discovers them.
struct InputOptions: ParsableArguments {
    @Argument(
        help: ArgumentHelp(
            "Form files, or directories to search for *.form.yaml, *.form.yml and *.form.json.",
            discussion: "A file is compiled whatever its name; hidden folders and .build are skipped.",
            valueName: "input"
        )
    )
    var inputs: [String] = []

    func validate() throws {
        guard !inputs.isEmpty else {
            throw ValidationError("No input. Name one or more form files, or directories to search, e.g. `forms/`.")
        }
        for input in inputs { try checkNamed(input, "an input", what: "a form file or a directory") }
    }
}

/// How diagnostics are reported.
struct ReportOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Report format: auto, text, xcode, github, json or sarif.",
            discussion: "auto is github when GITHUB_ACTIONS=true, else text. text is coloured on a terminal unless NO_COLOR is set to a value."
        )
    )
    var format: ReportFormat = .auto
}

extension ReportFormat: ExpressibleByArgument {}
extension EmitOptions.AccessLevel: ExpressibleByArgument {}

/// An empty path (an unset variable in a script) names nothing: a usage error
/// for an input, `-o` or an option's file, rather than a failure to write, or a
/// diagnostic at, a file named ''.
func checkNamed(_ path: String?, _ name: String, what: String) throws {
    if path?.isEmpty == true { throw ValidationError("\(name) is empty: name \(what).") }
}

/// `-o -` is standard output to a shell user, as it is to swiftc and clang:
/// `formc build` takes it so (one input's Swift, as without `-o`); a command
/// whose output must be a file refuses it rather than writing a file named '-'
/// (which `-o ./-` still names).
func refuseStandardOutput(_ output: String?, what: String) throws {
    if output == "-" {
        throw ValidationError("-o - would be standard output, where this command cannot write: name \(what) (./- for a file named '-').")
    }
}
