@testable import FormLanguageServer
import FormJSON
import FormSource
@testable import LanguageServerProtocol
import Testing

private typealias JSON = JSONValue

/// Drives a server message by message, as a client would.
private final class Session {
    let server = LanguageServer(version: "test")
    private var nextID = 0

    func request(_ method: String, _ params: JSON? = nil) -> Result<JSON, ResponseError> {
        nextID += 1
        let replies = server.handle(.request(id: .number(nextID), method: method, params: params))
        // Diagnostics due may come first; the response is last.
        guard case .response(.number(nextID)?, let result)? = replies.last,
              replies.dropLast().allSatisfy({ if case .notification = $0 { true } else { false } }) else {
            return .failure(ResponseError(code: 0, message: "no response last: \(replies)"))
        }
        return result
    }

    func notify(_ method: String, _ params: JSON? = nil) {
        #expect(server.handle(.notification(method: method, params: params)).isEmpty)
    }

    func initialize(encodings: [String]? = nil) {
        let general: JSON = encodings.map { ["positionEncodings": .array($0.map(JSON.string))] } ?? [:]
        _ = request("initialize", ["capabilities": ["general": general]])
        notify("initialized", [:])
    }

    func open(_ text: String, uri: String = "file:///forms/a.form.yaml", version: Int = 1, languageId: String = "yaml") {
        notify("textDocument/didOpen", [
            "textDocument": ["uri": .string(uri), "languageId": .string(languageId), "version": .integer(version), "text": .string(text)],
        ])
    }

    /// One incremental change to the open document: `text` in place of the
    /// range from `start` to `end` (line and character, zero-based).
    func change(version: Int, from start: (Int, Int), to end: (Int, Int), text: String, uri: String = "file:///forms/a.form.yaml") {
        notify("textDocument/didChange", [
            "textDocument": ["uri": .string(uri), "version": .integer(version)],
            "contentChanges": [[
                "range": ["start": ["line": .integer(start.0), "character": .integer(start.1)], "end": ["line": .integer(end.0), "character": .integer(end.1)]],
                "text": .string(text),
            ]],
        ])
    }

    /// The published diagnostics of each document, by URI.
    func published() -> [String: PublishDiagnosticsParams] {
        var result: [String: PublishDiagnosticsParams] = [:]
        for message in server.flush() {
            guard case .notification("textDocument/publishDiagnostics", let params?) = message,
                  let decoded = try? params.decode(PublishDiagnosticsParams.self) else { continue }
            result[decoded.uri] = decoded
        }
        return result
    }
}

private let form = """
formc: 1
form: A
elements:
  - boolean: news
    title: N
  - textField: city
    placeholder: "東京 🙂"
    visibleWhen: news and not ghost

"""

@Suite struct LanguageServerTests {
    @Test func lifecycle() {
        let session = Session()
        #expect(session.request("textDocument/hover", [:]).errorCode == ResponseError.serverNotInitializedCode)
        guard case .success(let result) = session.request("initialize", ["capabilities": [:]]) else { Issue.record("initialize failed"); return }
        #expect(result["capabilities"]?["positionEncoding"] == "utf-16")
        #expect(result["capabilities"]?["textDocumentSync"]?["change"] == 2)
        #expect(session.request("initialize", ["capabilities": [:]]).errorCode == ResponseError.invalidRequestCode)
        #expect(session.request("workspace/unknown").errorCode == ResponseError.methodNotFoundCode)
        session.notify("$/unknownNotification", [:])
        #expect(session.request("shutdown") == .success(.null))
        #expect(session.request("textDocument/hover", [:]).errorCode == ResponseError.invalidRequestCode)
        session.notify("exit")
        #expect(session.server.exitCode == 0)
    }

    @Test func exitWithoutShutdownIsOne() {
        let session = Session()
        session.initialize()
        session.notify("exit")
        #expect(session.server.exitCode == 1)
    }

    /// `exit` sent as a request (with an id) is answered and still ends the server.
    @Test func exitAsARequestStillExits() {
        let session = Session()
        session.initialize()
        #expect(session.request("shutdown") == .success(.null))
        #expect(session.request("exit") == .success(.null))
        #expect(session.server.exitCode == 0)
    }

    @Test func utf8WhenOffered() {
        let session = Session()
        session.initialize(encodings: ["utf-32", "utf-8", "utf-16"])
        #expect(session.server.encoding == .utf8)
    }

    @Test func invalidParams() {
        let session = Session()
        session.initialize()
        #expect(session.request("textDocument/hover", ["textDocument": 3]).errorCode == ResponseError.invalidParamsCode)
        #expect(session.request("textDocument/hover", ["textDocument": ["uri": "file:///closed"], "position": ["line": 0, "character": 0]]).errorCode
            == ResponseError.invalidParamsCode)
    }

    @Test func diagnosticsInUTF16AfterEmojiAndCJK() throws {
        let session = Session()
        session.initialize()
        session.open(form)
        let published = try #require(session.published()["file:///forms/a.form.yaml"])
        #expect(published.version == 1)
        let diagnostic = try #require(published.diagnostics.first)
        #expect(diagnostic.code == "FC501")
        #expect(diagnostic.codeDescription?.href.hasSuffix("docs/diagnostics.md#fc501") == true)
        #expect(diagnostic.range == LSPRange(start: Position(line: 7, character: 30), end: Position(line: 7, character: 35)))
        #expect(session.published().isEmpty)
    }

    @Test func incrementalChangesAfterEmojiAndCJK() throws {
        let session = Session()
        session.initialize()
        session.open(form)
        _ = session.published()
        // In UTF-16 "東京 🙂" is 2 + 1 + 2 units: replace the emoji (characters 18–20 of line 6, after `    placeholder: "`).
        session.change(version: 2, from: (6, 21), to: (6, 23), text: "x")
        session.change(version: 3, from: (7, 30), to: (7, 35), text: "news")
        let published = session.published()
        #expect(published.count == 1)
        #expect(published["file:///forms/a.form.yaml"]?.version == 3)
        // `news and not news`: the edit after the emoji landed on the right characters.
        let diagnostics = published["file:///forms/a.form.yaml"]?.diagnostics ?? []
        #expect(diagnostics.map(\.code) == ["FC505"])
        #expect(diagnostics.first?.range.start == Position(line: 7, character: 17))
        let hover = session.request("textDocument/hover", ["textDocument": ["uri": "file:///forms/a.form.yaml"], "position": ["line": 6, "character": 6]])
        #expect((try? hover.get())?["contents"]?["value"]?.stringValue?.contains("placeholder") == true)
    }

    @Test func positionsPastTheEndAreAnsweredEmpty() {
        let session = Session()
        session.initialize()
        session.open(form)
        let params: JSON = ["textDocument": ["uri": "file:///forms/a.form.yaml"], "position": ["line": 500, "character": 0]]
        #expect(session.request("textDocument/hover", params) == .success(.null))
        #expect(session.request("textDocument/definition", params) == .success(.null))
        #expect((try? session.request("textDocument/completion", params).get())?["items"] == [])
        #expect(session.request("textDocument/rename", ["textDocument": ["uri": "file:///forms/a.form.yaml"], "position": ["line": 500, "character": 0], "newName": "x"])
            == .success(.null))
        #expect(session.request("textDocument/prepareRename", params) == .success(.null))
        #expect(session.request("textDocument/references", ["textDocument": ["uri": "file:///forms/a.form.yaml"], "position": ["line": 500, "character": 0], "context": ["includeDeclaration": true]])
            == .success([]))
    }

    /// An unsaved buffer the client calls JSON is read as strict JSON (SPEC §1): the
    /// path the compiler sees ends in `.json`; a file's own path is kept.
    @Test func anUntitledJSONBufferIsReadAsJSON() throws {
        #expect(OpenDocument(uri: "untitled:Untitled-1", languageId: "json", version: 1, text: "").path == "untitled:Untitled-1.json")
        #expect(OpenDocument(uri: "untitled:Untitled-1", languageId: "yaml", version: 1, text: "").path == "untitled:Untitled-1")
        #expect(OpenDocument(uri: "file:///f/a.form.json", languageId: "json", version: 1, text: "").path == "/f/a.form.json")
        let session = Session()
        session.initialize()
        // A key JSON writes twice is FC002, located in the buffer.
        session.open("{\"formc\": 1, \"form\": \"A\", \"form\": \"B\", \"elements\": [{\"textField\": \"a\"}]}\n", uri: "untitled:Untitled-1", languageId: "json")
        let published = try #require(session.published()["untitled:Untitled-1"])
        #expect(published.diagnostics.map(\.code) == ["FC002"])
    }

    /// A YAML file that is no form (a workflow) gets no diagnostics, and no hover,
    /// completion or outline of a form's vocabulary; an empty one may become a form.
    @Test func anotherYAMLFileGetsNoAnswers() throws {
        let session = Session()
        session.initialize()
        let uri = "file:///repo/.github/workflows/ci.yaml"
        session.open("on: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n", uri: uri)
        #expect(try #require(session.published()[uri]).diagnostics.isEmpty)
        let at: (Int, Int) -> JSON = { line, character in
            ["textDocument": ["uri": .string(uri)], "position": ["line": .integer(line), "character": .integer(character)]]
        }
        #expect(try session.request("textDocument/hover", at(0, 1)).get() == .null)
        #expect(try session.request("textDocument/completion", at(1, 0)).get()["items"] == [])
        #expect(try session.request("textDocument/documentSymbol", ["textDocument": ["uri": .string(uri)]]).get() == [])
        // A form being started in an unnamed buffer: empty, a word, a form's key.
        for (index, start) in ["", "fo", "form: SignUp\nfo"].enumerated() {
            let uri = "untitled:Untitled-\(index)"
            session.open(start, uri: uri)
            let line = start.split(separator: "\n", omittingEmptySubsequences: false).count - 1
            let character = start.split(separator: "\n", omittingEmptySubsequences: false).last?.count ?? 0
            let items = try session.request("textDocument/completion", [
                "textDocument": ["uri": .string(uri)], "position": ["line": .integer(line), "character": .integer(character)],
            ]).get()["items"]?.arrayValue ?? []
            #expect(items.contains { $0["label"] == "formc" }, "\(start)")
        }
    }

    /// A YAML file that is not a form yet (empty, comments, a form's keys without
    /// `formc`) has no diagnostics shown: hover explains none, and no quick fix
    /// mends one; a key's description is still there, as its completion is.
    @Test func aFileNotAFormYetHasNoDiagnosticsOnHoverOrFixes() throws {
        let session = Session()
        session.initialize()
        // The last holds a misspelt kind, whose did-you-mean is a quick fix in a form.
        for (index, text) in ["", "# notes\n", "title: Hello\nelements:\n  - textField: a\n", "title: Hello\nelements:\n  - textFeld: a\n"].enumerated() {
            let uri = "file:///repo/notes\(index).yaml"
            session.open(text, uri: uri)
            #expect(try #require(session.published()[uri]).diagnostics.isEmpty, "\(text)")
            let at: JSON = ["textDocument": ["uri": .string(uri)], "position": ["line": 0, "character": 0]]
            let hover = try session.request("textDocument/hover", at).get()
            #expect(hover["contents"]?["value"]?.stringValue?.contains("FC") != true, "\(text): \(hover)")
            let actions = try session.request("textDocument/codeAction", [
                "textDocument": ["uri": .string(uri)],
                "range": ["start": ["line": 0, "character": 0], "end": ["line": 3, "character": 0]], "context": ["diagnostics": []],
            ]).get()
            #expect(actions == [], "\(text)")
        }
        // The key's description, without the FC100 the file would have as a form.
        let hover = try session.request("textDocument/hover", [
            "textDocument": ["uri": "file:///repo/notes2.yaml"], "position": ["line": 0, "character": 1],
        ]).get()
        #expect(hover["contents"]?["value"]?.stringValue?.isEmpty == false)
        // Once a form, its diagnostics are explained on hover.
        let uri = "file:///repo/form.form.yaml"
        session.open("formc: 1\nform: A\nelements:\n  - textFeld: a\n", uri: uri)
        let explained = try session.request("textDocument/hover", [
            "textDocument": ["uri": .string(uri)], "position": ["line": 3, "character": 5],
        ]).get()
        #expect(explained["contents"]?["value"]?.stringValue?.contains("FC") == true)
    }

    @Test func diagnosticsDueGoBeforeAResponse() {
        let session = Session()
        session.initialize()
        session.open(form)
        let replies = session.server.handle(.request(id: .number(99), method: "shutdown", params: nil))
        guard replies.count == 2, case .notification("textDocument/publishDiagnostics", _) = replies[0],
              case .response(.number(99)?, .success(.null)) = replies[1] else {
            Issue.record("expected the diagnostics, then the response: \(replies)")
            return
        }
        #expect(session.published().isEmpty)
    }

    @Test func otherYAMLFilesGetNoDiagnostics() {
        let session = Session()
        session.initialize()
        session.open("on: push\njobs: {}\n", uri: "file:///repo/.github/workflows/ci.yml")
        session.open("formc: 1\n", uri: "file:///repo/untitled.yaml")
        session.open("", uri: "file:///repo/empty.form.yaml")
        let published = session.published()
        #expect(published["file:///repo/.github/workflows/ci.yml"]?.diagnostics == [])
        #expect(published["file:///repo/untitled.yaml"]?.diagnostics.map(\.code) == ["FC100", "FC100"])
        #expect(published["file:///repo/empty.form.yaml"]?.diagnostics.isEmpty == false)
        // A form in a later YAML document of a file without a form's name is a form: FC003 says so.
        session.open("kind: notes\n---\nformc: 1\nform: A\nelements:\n  - textField: a\n", uri: "file:///repo/two.yaml")
        #expect(session.published()["file:///repo/two.yaml"]?.diagnostics.map(\.code) == ["FC003"])
    }

    /// A document without a form's name that read as a form stays one while it is
    /// open: the syntax error that makes it unreadable is reported, and the
    /// diagnostics come back once it reads again. A workflow file never was one.
    @Test func aFormWithoutAFormsNameKeepsItsDiagnosticsThroughASyntaxError() {
        let session = Session()
        session.initialize()
        let uri = "file:///repo/forms/checkout.yaml"
        session.open("formc: 1\nform: A\nelements:\n  - textField: city\n    visibleWhen: ghost\n", uri: uri)
        #expect(session.published()[uri]?.diagnostics.map(\.code) == ["FC501"])
        session.change(version: 2, from: (3, 15), to: (3, 15), text: " [", uri: uri)
        #expect(session.published()[uri]?.diagnostics.map(\.code) == ["FC001"])
        session.change(version: 3, from: (3, 15), to: (3, 17), text: "", uri: uri)
        #expect(session.published()[uri]?.diagnostics.map(\.code) == ["FC501"])
        // A workflow pasted over it is another document now: nothing is published.
        session.change(version: 4, from: (0, 0), to: (5, 0), text: "on: push\njobs: {}\n", uri: uri)
        #expect(session.published()[uri]?.diagnostics == [])
        let workflow = "file:///repo/.github/workflows/ci.yml"
        session.open("on: push\njobs: {}\n", uri: workflow)
        session.change(version: 2, from: (0, 8), to: (0, 8), text: " [", uri: workflow)
        #expect(session.published()[workflow]?.diagnostics == [])
    }

    /// A form without a form's name that is opened unreadable has never read as a
    /// form: its `formc` key, still in the text, says that it is one.
    @Test func aFormOpenedUnreadableWithoutAFormsNameGetsItsSyntaxError() {
        let session = Session()
        session.initialize()
        let yaml = "file:///repo/forms/checkout.yaml"
        session.open("formc: 1\nform: A\nelements:\n  - textField: [city\n", uri: yaml)
        #expect(session.published()[yaml]?.diagnostics.map(\.code) == ["FC001"])
        let json = "file:///repo/forms/checkout.json"
        session.open("{\n  \"formc\" : 1, \"form\": \"A\",\n  \"elements\": [\n", uri: json)
        #expect(session.published()[json]?.diagnostics.map(\.code) == ["FC001"])
        // Other unreadable files stay quiet, a `formc` key nested in them too.
        let other = "file:///repo/config.yaml"
        session.open("on: push\njobs: [\n  formc: 1\n", uri: other)
        #expect(session.published()[other]?.diagnostics == [])
        let data = "file:///repo/data.json"
        session.open("[{\"formc\": 1}", uri: data)
        #expect(session.published()[data]?.diagnostics == [])
    }

    @Test func quickFixesOnlyWhenAskedFor() throws {
        let session = Session()
        session.initialize()
        session.open(form)
        func actions(only: JSON?) throws -> [JSON] {
            var context: [(String, JSON)] = []
            if let only { context.append(("only", only)) }
            let params: JSON = [
                "textDocument": ["uri": "file:///forms/a.form.yaml"],
                "range": ["start": ["line": 7, "character": 0], "end": ["line": 7, "character": 40]],
                "context": .object(context),
            ]
            return try session.request("textDocument/codeAction", params).get().arrayValue ?? []
        }
        // `ghost` is no field, and no field's id is close to it: no fix.
        #expect(try actions(only: nil).isEmpty)
        session.change(version: 2, from: (7, 30), to: (7, 35), text: "newz")
        let fixes = try actions(only: nil)
        #expect(fixes.map { $0["title"] } == ["Replace with 'news'"])
        #expect(fixes.first?["edit"]?["changes"]?["file:///forms/a.form.yaml"]?.arrayValue?.first?["newText"] == "news")
        #expect(try actions(only: ["quickfix"]).count == 1)
        #expect(try actions(only: ["refactor"]).isEmpty)
    }

    @Test func closingClearsDiagnostics() {
        let session = Session()
        session.initialize()
        session.open(form)
        session.notify("textDocument/didClose", ["textDocument": ["uri": "file:///forms/a.form.yaml"]])
        #expect(session.published()["file:///forms/a.form.yaml"]?.diagnostics == [])
    }
}

@Suite struct PositionConverterTests {
    private let file = SourceFile(path: "a", text: "a🙂東b\n\nxyz")

    @Test func eachEncoding() {
        let position = SourcePosition(line: 1, column: 4) // before "b"
        #expect(PositionConverter(file: file, encoding: .utf16).lsp(position) == Position(line: 0, character: 4))
        #expect(PositionConverter(file: file, encoding: .utf8).lsp(position) == Position(line: 0, character: 8))
        #expect(PositionConverter(file: file, encoding: .utf32).lsp(position) == Position(line: 0, character: 3))
        for encoding in PositionEncoding.allCases {
            let converter = PositionConverter(file: file, encoding: encoding)
            #expect(converter.source(converter.lsp(position)) == position)
        }
    }

    @Test func insideASurrogatePairOrPastTheLine() {
        let converter = PositionConverter(file: file, encoding: .utf16)
        #expect(converter.source(Position(line: 0, character: 2)) == SourcePosition(line: 1, column: 2))
        #expect(converter.source(Position(line: 0, character: 99)) == SourcePosition(line: 1, column: 5))
        #expect(converter.source(Position(line: 3, character: 0)) == nil)
        #expect(converter.byteOffset(Position(line: 9, character: 0)) == file.bytes.count)
        #expect(converter.byteOffset(Position(line: 2, character: 1)) == file.bytes.count - 2)
    }

    @Test func fileURIsBecomePaths() {
        #expect(OpenDocument.path(of: "file:///home/me/My%20Forms/a.form.json") == "/home/me/My Forms/a.form.json")
        #expect(OpenDocument.path(of: "untitled:1") == "untitled:1")
    }
}

extension Result where Success == JSONValue, Failure == ResponseError {
    fileprivate var errorCode: Int? {
        if case .failure(let error) = self { return error.code }
        return nil
    }
}

@Suite struct LanguageServerCompletionReuseTests {
    /// A condition typed where the text stops reading (`[ne` never closes): the
    /// field ids come from the analysis of the version before, which read.
    @Test func idsFromTheLastVersionThatRead() throws {
        let session = Session()
        session.initialize()
        session.open(form)
        _ = session.published()
        session.change(version: 2, from: (5, 0), to: (5, 0), text: "    enabledWhen: [ne\n")
        let published = session.published()["file:///forms/a.form.yaml"]?.diagnostics ?? []
        #expect(!published.isEmpty)
        let params: JSON = ["textDocument": ["uri": "file:///forms/a.form.yaml"], "position": ["line": 5, "character": 20]]
        let result = try session.request("textDocument/completion", params).get()
        let labels = (result["items"]?.arrayValue ?? []).compactMap { $0["label"]?.stringValue }
        #expect(labels.contains("news"))
        // The ids are those the word matches, and the client asks again as it grows.
        #expect(!labels.contains("city"))
        #expect(result["isIncomplete"] == true)
        let start: JSON = ["textDocument": ["uri": "file:///forms/a.form.yaml"], "position": ["line": 5, "character": 18]]
        let whole = try session.request("textDocument/completion", start).get()
        let all = (whole["items"]?.arrayValue ?? []).compactMap { $0["label"]?.stringValue }
        #expect(all.contains("news") && all.contains("city"))
        #expect(whole["isIncomplete"] == false)
    }

    /// A JSON kind's empty id is typed between its quotes: a client that takes
    /// snippets gets the cursor there (`$0`, the object's `}` escaped); one that
    /// does not gets the plain text, as every other completion is.
    @Test func aJSONKindPutsTheCursorInItsID() throws {
        let text = #"{"formc": 1, "form": "A", "elements": [{"textField": "a"}, ]}"#
        let uri = "file:///forms/a.form.json"
        let position: JSON = ["textDocument": ["uri": .string(uri)], "position": ["line": 0, "character": 59]]
        func item(_ label: String, snippets: Bool?) throws -> JSON? {
            let session = Session()
            let capabilities: JSON = snippets.map { ["textDocument": ["completion": ["completionItem": ["snippetSupport": .bool($0)]]]] } ?? [:]
            _ = session.request("initialize", ["capabilities": capabilities])
            session.notify("initialized", [:])
            session.open(text, uri: uri, languageId: "json")
            let items = try session.request("textDocument/completion", position).get()["items"]?.arrayValue ?? []
            return items.first { $0["label"]?.stringValue == label }
        }
        let snippet = try item("textField", snippets: true)
        #expect(snippet?["textEdit"]?["newText"] == #"{"textField": "$0"\}"#)
        #expect(snippet?["insertTextFormat"] == 2)
        let spacer = try item("spacer", snippets: true)
        #expect(spacer?["textEdit"]?["newText"] == #"{"spacer": 0}"#)
        #expect(spacer?["insertTextFormat"] == nil)
        for snippets in [false, nil] {
            let plain = try item("textField", snippets: snippets)
            #expect(plain?["textEdit"]?["newText"] == #"{"textField": ""}"#)
            #expect(plain?["insertTextFormat"] == nil)
        }
    }

    /// The reply is the JSON the protocol's Codable types give, built directly.
    @Test func completionJSONIsTheCodableEncoding() throws {
        let edit = TextEdit(range: LSPRange(start: Position(line: 1, character: 2), end: Position(line: 1, character: 4)), newText: "email: ")
        let full = CompletionItem(
            label: "email", kind: .function, detail: "an e-mail address", documentation: MarkupContent(markdown: "*x*"),
            sortText: "1000", filterText: "email", textEdit: edit, insertTextFormat: 2
        )
        let bare = CompletionItem(label: "a", kind: nil, detail: nil, documentation: nil, sortText: nil, filterText: nil, textEdit: nil)
        for list in [CompletionList(isIncomplete: true, items: [full, bare]), CompletionList(isIncomplete: false, items: [])] {
            #expect(list.json == (try JSONValue(encoding: list)))
        }
    }
}
