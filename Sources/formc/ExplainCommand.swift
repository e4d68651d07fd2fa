import ArgumentParser
import FormSource

/// `formc explain`: what a diagnostic code means, an example and the fix; with
/// `--all --markdown`, the whole of `docs/diagnostics.md`.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain a diagnostic code: what it means, an example that triggers it, and the fix.",
        discussion: "`formc explain --all --markdown > docs/diagnostics.md` regenerates the diagnostics reference."
    )

    @Argument(help: ArgumentHelp("A diagnostic code, e.g. FC400 (or fc400, or 400).", valueName: "code"))
    var code: String?

    @Flag(help: "Explain every code.")
    var all = false

    @Flag(help: "Print Markdown (the format of docs/diagnostics.md) instead of plain text.")
    var markdown = false

    func validate() throws {
        switch (code, all) {
        case (nil, false):
            throw ValidationError("Name a diagnostic code, e.g. `formc explain FC400`, or use --all.")
        case (.some, true):
            throw ValidationError("Give either a code or --all, not both.")
        case (let name?, false) where DiagnosticCatalog.code(named: name) == nil:
            let suggestion = DiagnosticCatalog.suggestion(for: name).map { " Did you mean '\($0.rawValue)'?" } ?? ""
            let codes = DiagnosticCatalog.entries.map(\.code.rawValue)
            let span = "Codes run from \(codes.min() ?? "FC001") to \(codes.max() ?? "FC001")"
            throw ValidationError("Unknown diagnostic code '\(name)'.\(suggestion) \(span); `formc explain --all` lists them.")
        default:
            break
        }
    }

    func run() throws {
        if all {
            if markdown {
                Output.write(DiagnosticCatalog.markdown(), to: .standardOutput)
            } else {
                let texts = DiagnosticCatalog.entries.map(DiagnosticCatalog.explanation(for:))
                Output.write(texts.joined(separator: "\n" + String(repeating: "-", count: 80) + "\n\n"), to: .standardOutput)
            }
            return
        }
        guard let name = code, let found = DiagnosticCatalog.code(named: name), let entry = DiagnosticCatalog.entry(for: found) else {
            throw ValidationError("Unknown diagnostic code.")
        }
        Output.write(markdown ? DiagnosticCatalog.markdownSection(for: entry) : DiagnosticCatalog.explanation(for: entry), to: .standardOutput)
    }
}
