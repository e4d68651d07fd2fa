#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BenchmarkSupport
import FormJSON
import LanguageServerProtocol
import Testing

/// The language server figures' client (issue 34): its messages, edits and
/// probe positions, its framing over real pipes, and a session with `formc lsp`.
struct LanguageServerBenchTests {
    static let form = BenchmarkForm(fieldsInOneGroup: 20).yaml()

    static func line(_ text: String, _ index: Int) -> String {
        String(text.split(separator: "\n", omittingEmptySubsequences: false)[index])
    }

    /// The word around a position, for reading what a probe points at.
    static func word(in text: String, at position: LanguageServerSession.Position) -> String {
        let characters = Array(line(text, position.line))
        func isWord(_ c: Character) -> Bool { c.isLetter || c.isNumber }
        guard position.character < characters.count, isWord(characters[position.character]) else { return "" }
        var start = position.character
        var end = position.character
        while start > 0, isWord(characters[start - 1]) { start -= 1 }
        while end < characters.count, isWord(characters[end]) { end += 1 }
        return String(characters[start..<end])
    }

    @Test func theProbesPointInsideAKeyAKindARuleAndAConditionsId() {
        let probes = LanguageServerSession.probes(in: Self.form, groups: [0])
        #expect(probes.map(\.what) == ["key", "kind", "rule", "id in a condition"])
        #expect(probes.map { Self.word(in: Self.form, at: $0.position) } == ["placeholder", "textField", "required", "choices0x9"])
        #expect(LanguageServerSession.probes(in: Self.form, groups: [7]).isEmpty)
        let large = BenchmarkForm(scale: 1).yaml()
        let spread = LanguageServerSession.probes(in: large, groups: [0, 200, 399])
        #expect(spread.count == 12)
        #expect(Self.word(in: large, at: spread[11].position) == "choices399x9")
    }

    /// Each edit changes one character of a group title; the next visit to the
    /// same title changes it back, so the document keeps its size and stays valid.
    @Test func editsToggleOneCharacterOfEachGroupTitleInTurn() {
        let text = BenchmarkForm(scale: 1).yaml()
        var edits = LanguageServerSession.Edits(text: text)
        #expect(!edits.isEmpty)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        var touched = Set<Int>()
        for _ in 0..<800 {
            let (position, replacement) = edits.next()
            #expect(lines[position.line][position.character].lowercased() == "s")
            #expect(String(lines[position.line][position.character]) != replacement)
            lines[position.line][position.character] = Character(replacement)
            touched.insert(position.line)
        }
        // 400 groups, each visited twice: back where it started.
        #expect(touched.count == 400)
        #expect(lines.map { String($0) }.joined(separator: "\n") == text)
        #expect(LanguageServerSession.Edits(text: "formc: 1\n").isEmpty)
    }

    /// Each typed word goes on a new line of its own, inside the structure it
    /// belongs to, and comes out again leaving the text as it was.
    @Test func wordsAreTypedOnNewLinesInsideTheirStructure() {
        let text = Self.form
        let typing = LanguageServerSession.typing(in: text, groups: [0])
        #expect(typing.map(\.what) == ["key", "kind", "rule", "id in a condition"])
        #expect(typing.map(\.text) == ["        ti", "      - te", "          - ma", "        enabledWhen: cho"])
        #expect(Self.line(text, typing[0].line - 1) == "        placeholder: Full name")
        #expect(Self.line(text, typing[1].line) == "      - textField: name0x0")
        #expect(Self.line(text, typing[2].line - 1) == "          - required")
        #expect(Self.line(text, typing[3].line - 1) == "        visibleWhen: not isEmpty(choices0x9)")
        #expect(typing[3].position == .init(line: typing[3].line, character: 24))
        let insert = typing[1].insert(uri: "u", version: 2)["contentChanges"]?.arrayValue?.first
        #expect(insert?["range"]?["start"] == insert?["range"]?["end"])
        #expect(insert?["text"] == "      - te\n")
        let remove = typing[1].remove(uri: "u", version: 3)["contentChanges"]?.arrayValue?.first
        #expect(remove?["range"]?["end"]?["line"] == .integer(typing[1].line + 1))
        #expect(remove?["text"] == "")
        #expect(LanguageServerSession.typing(in: BenchmarkForm(scale: 1).yaml(), groups: [0, 1, 200, 399]).count == 16)
    }

    @Test func aChangeReplacesOneCharacter() {
        let change = LanguageServerSession.didChange(
            uri: "file:///f.form.yaml", version: 7, at: .init(line: 3, character: 11), text: "s"
        )
        #expect(change["textDocument"]?["version"] == 7)
        let first = change["contentChanges"]?.arrayValue?.first
        #expect(first?["range"]?["start"] == ["line": 3, "character": 11])
        #expect(first?["range"]?["end"] == ["line": 3, "character": 12])
        #expect(first?["text"] == "s")
    }

    @Test func theResidentSetIsReadFromProcStatus() throws {
        #expect(ResidentMemory.bytes(inStatus: "Name:\tformc\nVmPeak:\t  9000 kB\nVmRSS:\t   12345 kB\nThreads:\t1\n") == 12_345 * 1024)
        #expect(ResidentMemory.bytes(inStatus: "Name:\tformc\n") == nil)
        #expect(ResidentMemory.bytes(inStatus: "VmRSS:\t12 MB\n") == nil)
        #if os(Linux)
        let own = try #require(ResidentMemory.of(getpid()))
        #expect(own > 1_048_576)
        #endif
    }

    /// `cat` sends back what it reads: each message makes the round trip through
    /// the client's framing and pipes, and an unwanted message is passed over.
    @Test func messagesGoThroughThePipesFramed() throws {
        let client = try LanguageServerClient(executable: "/bin/cat", arguments: [])
        let uri = "file:///f.form.yaml"
        let old: JSONValue = ["uri": .string(uri), "version": 1, "diagnostics": []]
        let current: JSONValue = ["uri": .string(uri), "version": 2, "diagnostics": [["message": "é ✓"]]]
        try client.notify("textDocument/publishDiagnostics", old)
        try client.notify("textDocument/publishDiagnostics", current)
        let diagnostics = try client.diagnostics(uri: uri, version: 2)
        #expect(diagnostics == [["message": "é ✓"]])
        // A message in more than one read: under 64 KiB, so that `cat`, which
        // echoes while the client is still writing, never fills both pipes.
        let text = String(repeating: "a line of the form\n", count: 2_500)
        try client.notify("echo", ["text": .string(text)])
        let echoed = try client.wait { if case .notification("echo", _) = $0 { true } else { false } }
        guard case .notification(_, let params) = echoed else { throw LanguageServerClientError("not a notification") }
        #expect(params?["text"]?.stringValue == text)
        #expect(try client.waitForExit() == 0)
    }

    @Test func aSilentServerTimesOut() throws {
        let client = try LanguageServerClient(executable: "/bin/cat", arguments: [])
        client.timeout = 0.2
        #expect(throws: LanguageServerClientError.self) { try client.diagnostics(uri: "file:///x", version: 1) }
    }

    @Test func aServerThatExitsIsAnError() throws {
        let client = try LanguageServerClient(executable: "/bin/true", arguments: [])
        #expect(throws: LanguageServerClientError.self) { try client.diagnostics(uri: "file:///x", version: 1) }
    }
}

/// The benchmark's session with the real `formc lsp`, on a small benchmark form.
struct LanguageServerSessionTests {
    @Test(.enabled(if: FormcExecutable.path != nil, "formc is built next to the tests"))
    func aSessionWithFormcLSP() throws {
        let formc = try #require(FormcExecutable.path)
        let client = try LanguageServerClient(executable: formc, arguments: ["lsp"])
        let text = LanguageServerBenchTests.form
        let uri = "file:///tmp/bench.form.yaml"
        let capabilities = try client.request("initialize", LanguageServerSession.initialize())
        #expect(capabilities["capabilities"]?["completionProvider"] != nil)
        try client.notify("initialized", [:])
        try client.notify("textDocument/didOpen", LanguageServerSession.didOpen(uri: uri, text: text))
        #expect(try client.diagnostics(uri: uri, version: 1).isEmpty)

        var edits = LanguageServerSession.Edits(text: text)
        let (position, replacement) = edits.next()
        try client.notify("textDocument/didChange", LanguageServerSession.didChange(uri: uri, version: 2, at: position, text: replacement))
        #expect(try client.diagnostics(uri: uri, version: 2).isEmpty)
        // An edit that breaks the form gets its diagnostic, for its version.
        let broken = LanguageServerSession.Position(line: 1, character: 0)
        try client.notify("textDocument/didChange", LanguageServerSession.didChange(uri: uri, version: 3, at: broken, text: "x"))
        #expect(try client.diagnostics(uri: uri, version: 3).count >= 1)
        try client.notify("textDocument/didChange", LanguageServerSession.didChange(uri: uri, version: 4, at: broken, text: "f"))
        #expect(try client.diagnostics(uri: uri, version: 4).isEmpty)

        var version = 4
        let typing = LanguageServerSession.typing(in: text, groups: [0])
        #expect(typing.count == 4)
        for word in typing {
            version += 1
            try client.notify("textDocument/didChange", word.insert(uri: uri, version: version))
            try client.diagnostics(uri: uri, version: version)
            let completion = try client.request("textDocument/completion", LanguageServerSession.textDocumentPosition(uri: uri, word.position))
            #expect(!(completion["items"]?.arrayValue?.isEmpty ?? true), "completion for the \(word.what)")
            version += 1
            try client.notify("textDocument/didChange", word.remove(uri: uri, version: version))
            #expect(try client.diagnostics(uri: uri, version: version).isEmpty, "the typed \(word.what) removed")
        }
        for probe in LanguageServerSession.probes(in: text, groups: [0]) {
            let params = LanguageServerSession.textDocumentPosition(uri: uri, probe.position)
            #expect(try client.request("textDocument/hover", params) != .null, "hover at the \(probe.what)")
        }
        #if os(Linux)
        #expect((ResidentMemory.of(client.pid) ?? 0) > 1_048_576)
        #endif
        #expect(try client.shutDown() == 0)
    }
}

/// The `formc` built next to this test bundle, or `FORMC_BINARY`.
enum FormcExecutable {
    static let path: String? = {
        if let given = getenv("FORMC_BINARY") { return String(cString: given) }
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        var directory = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        for _ in 0..<4 {
            guard let slash = directory.lastIndex(of: "/") else { return nil }
            directory = String(directory[..<slash])
            if access(directory + "/formc", X_OK) == 0 { return directory + "/formc" }
        }
        return nil
    }()
}
