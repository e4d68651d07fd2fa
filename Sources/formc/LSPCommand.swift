import ArgumentParser
import FormLanguageServer

/// `formc lsp`: the language server of SPEC §12 on standard input and output.
struct LSPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Run a Language Server Protocol server for form files on standard input and output.",
        discussion: "Editors start it themselves; see the README's \"Editor support\" for VS Code, Neovim and Helix."
    )

    @Flag(help: "Accepted for editors that pass it; standard input and output are the only transport.")
    var stdio = false

    func run() throws {
        let status = StdioTransport.run(LanguageServer(version: Formc.version))
        throw ExitCode(status)
    }
}
