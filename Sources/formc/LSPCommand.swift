import ArgumentParser
import CFormcSystem
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

    /// How often the server gives freed memory back (`formc_release_free_memory`).
    static let idlesPerRelease = 16

    func run() throws {
        // Every `idlesPerRelease` times the server is idle, it gives back what its
        // analyses freed, so that its resident set follows the document rather
        // than the largest analysis so far on each thread that ran one; the pages
        // given back are faulted in again by the next analysis, a cost each edit
        // pays a share of.
        var idles = 0
        let status = StdioTransport.run(LanguageServer(version: Formc.version), idle: {
            idles += 1
            if idles % Self.idlesPerRelease == 0 { _ = formc_release_free_memory() }
        })
        throw ExitCode(status)
    }
}
