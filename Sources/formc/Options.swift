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
        try checkNamed(inputs, "an input", what: "a form file or a directory")
    }
}

/// How diagnostics are reported.
struct ReportOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Report format: auto, text, xcode, github, json or sarif.",
            discussion: "auto is github when GITHUB_ACTIONS=true, else text. text is coloured on a terminal unless NO_COLOR is set."
        )
    )
    var format: ReportFormat = .auto
}

extension ReportFormat: ExpressibleByArgument {}
extension EmitOptions.AccessLevel: ExpressibleByArgument {}

/// What `--locale` and `--source-language` accept.
enum LanguageTag {
    /// Letters, digits, `-` and `_`, starting with a letter: what a catalog names a
    /// language by, and nothing that could leave the page's `lang` attribute.
    static func isValid(_ text: String) -> Bool {
        func isLetter(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
        guard let first = text.unicodeScalars.first, isLetter(first), text.unicodeScalars.count <= 64 else { return false }
        return text.unicodeScalars.allSatisfy { isLetter($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }
    }
}

/// `-o ''` (an unset variable in a script) names nothing: a usage error for every
/// command that writes, rather than a failure to write a file named ''.
func checkOutputIsNamed(_ output: String?, what: String = "a file or a directory") throws {
    try checkNamed(output.map { [$0] } ?? [], "-o", what: what)
}

/// An empty path (an unset variable in a script) names nothing: a usage error
/// for an input or an option's file, as for `-o`, rather than a diagnostic at a
/// file with no name.
func checkNamed(_ paths: [String], _ name: String, what: String) throws {
    if paths.contains("") { throw ValidationError("\(name) is empty: name \(what).") }
}
