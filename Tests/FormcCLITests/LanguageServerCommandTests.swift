import Foundation
import Testing

/// `formc lsp` as the executable: a whole session read from standard input.
@Suite struct LanguageServerCommandTests {
    private static func frame(_ json: String) -> String {
        "Content-Length: \(json.utf8.count)\r\n\r\n\(json)"
    }

    /// Runs `formc lsp` with `input` on standard input; its status and standard output.
    private static func session(_ messages: [String]) throws -> (status: Int32, output: String) {
        let executable = try #require(Formc.executable, "formc executable not found next to the test bundle; set FORMC_BINARY")
        let scratch = try Scratch()
        let input = try scratch.write("input", messages.map(frame).joined())
        let output = try scratch.write("output", "")
        let process = Process()
        process.executableURL = executable
        process.arguments = ["lsp"]
        process.standardInput = try FileHandle(forReadingFrom: input)
        process.standardOutput = try FileHandle(forWritingTo: output)
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, scratch.read("output") ?? "")
    }

    private static let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#
    private static let open = #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///a.form.yaml","languageId":"yaml","version":1,"text":"formc: 1\nform: A\nelements:\n  - boolen: x\n"}}}"#

    @Test func aSessionEndsWithZeroAfterShutdown() throws {
        let run = try Self.session([
            Self.initialize, Self.open,
            #"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#, #"{"jsonrpc":"2.0","method":"exit"}"#,
        ])
        #expect(run.status == 0)
        #expect(run.output.contains(#""positionEncoding":"utf-16""#))
        #expect(run.output.contains(#""code":"FC103""#))
        #expect(run.output.contains(#"{"id":2,"jsonrpc":"2.0","result":null}"#))
    }

    /// LSP4J-based IDEs and several editors send `"params": null` to the methods
    /// that take none; others send nothing or `{}`. Each shuts the server down.
    @Test(arguments: [#""#, #","params":null"#, #","params":{}"#])
    func shutdownAndExitTakeParamsAbsentNullOrEmpty(params: String) throws {
        let run = try Self.session([
            Self.initialize, #"{"jsonrpc":"2.0","method":"initialized"\#(params)}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"shutdown"\#(params)}"#, #"{"jsonrpc":"2.0","method":"exit"\#(params)}"#,
            // Never read: the server has exited.
            #"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#,
        ])
        #expect(run.status == 0)
        #expect(run.output.contains(#"{"id":2,"jsonrpc":"2.0","result":null}"#))
        #expect(!run.output.contains(#""error""#))
        #expect(!run.output.contains(#""id":3"#))
    }

    @Test func exitWithoutShutdownOrTheEndOfInputIsOne() throws {
        #expect(try Self.session([Self.initialize, #"{"jsonrpc":"2.0","method":"exit"}"#]).status == 1)
        #expect(try Self.session([Self.initialize]).status == 1)
    }
}
