#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import FormLanguageServer
import FormJSON
@testable import LanguageServerProtocol
import Testing

/// `StdioTransport` over pipes: a burst of edits is analysed once, for its last
/// version, and the server is idle (`formc lsp` gives back freed memory then)
/// only once those diagnostics are out.
struct StdioTransportTests {
    private static func send(_ messages: [Message], to descriptor: Int32) {
        for message in messages {
            let bytes = message.framed
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            #expect(written == bytes.count)
        }
    }

    /// Everything the server has written so far (the pipe's read end does not block).
    private static func readAvailable(_ descriptor: Int32) -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func theServerIsIdleOnceTheDiagnosticsOfABurstAreOut() {
        var input: [Int32] = [0, 0]
        var output: [Int32] = [0, 0]
        #expect(pipe(&input) == 0 && pipe(&output) == 0)
        defer { for descriptor in input + output { close(descriptor) } }
        // Neither read end blocks: a server that read everything and was never idle
        // finds no input (and returns 1) rather than waiting for ever.
        _ = fcntl(output[0], F_SETFL, O_NONBLOCK)
        _ = fcntl(input[0], F_SETFL, O_NONBLOCK)
        let uri: JSONValue = "file:///forms/a.form.yaml"
        Self.send([
            .request(id: .number(1), method: "initialize", params: ["capabilities": [:]]),
            .notification(method: "initialized", params: [:]),
            .notification(method: "textDocument/didOpen", params: ["textDocument": [
                "uri": uri, "languageId": "yaml", "version": 1, "text": "formc: 1\nform: A\nelements:\n  - textField: a\n",
            ]]),
            .notification(method: "textDocument/didChange", params: [
                "textDocument": ["uri": uri, "version": 2],
                "contentChanges": [["text": "formc: 1\nform: A\nelements:\n  - textFeld: a\n"]],
            ]),
        ], to: input[1])
        var seenWhenIdle: [String] = []
        let status = StdioTransport.run(LanguageServer(version: "test"), input: input[0], output: output[1]) {
            seenWhenIdle.append(Self.readAvailable(output[0]))
            if seenWhenIdle.count == 1 {
                Self.send([
                    .request(id: .number(2), method: "shutdown", params: nil),
                    .notification(method: "exit", params: nil),
                ], to: input[1])
            }
        }
        #expect(status == 0)
        // Idle once: after the burst, not after `exit`.
        #expect(seenWhenIdle.count == 1)
        let first = seenWhenIdle.first ?? ""
        #expect(first.contains("\"id\":1"))
        // The burst's last version only, with its error, published before the server was idle.
        #expect(first.ranges(of: "textDocument/publishDiagnostics").count == 1, "\(first)")
        #expect(first.contains("\"version\":2") && first.contains("FC103"), "\(first)")
    }
}
