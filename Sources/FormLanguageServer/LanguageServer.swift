import FormEditor
import FormJSON
import FormSource
import LanguageServerProtocol

/// The formc language server (SPEC §12): JSON-RPC messages in, messages out. It
/// keeps the open documents and answers each request with the editor features of
/// `EditorDocument`; it does no IO itself (`StdioTransport` does), so tests drive
/// it message by message.
///
/// Diagnostics are published by `flush()`, which the transport calls once no more
/// input is waiting, and before the answer to each request: a burst of changes is
/// analysed once, for its last version, and the work for the versions in between
/// is never done.
public final class LanguageServer {
    enum State {
        case uninitialized
        case running
        case shutDown
    }

    private var state = State.uninitialized
    public private(set) var encoding = PositionEncoding.utf16
    /// Whether the client takes snippets: then a completion puts the cursor where
    /// the text is typed next (`EditorCompletion.cursorFromEnd`).
    private var snippetSupport = false
    /// Set by `exit`: 0 after `shutdown`, 1 otherwise.
    public private(set) var exitCode: Int32?
    private var documents: [String: OpenDocument] = [:]
    /// Documents whose diagnostics are due, in the order they changed.
    private var pending: [String] = []
    /// Documents closed since the last flush, whose diagnostics are to be cleared.
    private var closed: [String] = []
    /// Where a code's explanation is: `<base>#fc400`.
    public private(set) var documentationBase = LanguageServer.defaultDocumentationBase

    /// The diagnostics reference in the project's repository (the address the README
    /// gives for the package); a client may name another in `initializationOptions`.
    public static let defaultDocumentationBase = "https://github.com/your-org/formc/blob/main/docs/diagnostics.md"
    public static let name = "formc"

    private let version: String

    public init(version: String) {
        self.version = version
    }

    // MARK: - Messages

    /// The answer to one frame of the input stream.
    public func handle(_ frame: MessageFramer.Frame) -> [Message] {
        switch frame {
        case .badHeader(let problem):
            return [ErrorReply(id: nil, error: .parseError("unreadable message header: \(problem)")).message]
        case .message(let body):
            switch Message.decode(body) {
            case .success(let message): return handle(message)
            case .failure(let reply): return [reply.message]
            }
        }
    }

    /// The answer to one message: a response to a request, nothing (or a
    /// notification) for a notification.
    public func handle(_ message: Message) -> [Message] {
        switch message {
        case .request(let id, "exit", _):
            // `exit` is a notification; sent as a request, it still ends the server.
            notify("exit", nil)
            return [.response(id: id, result: .success(.null))]
        case .request(let id, let method, let params):
            // The diagnostics due go first: a request is about the current text, and
            // a client that sent changes and a request at once sees them in order.
            return flush() + [.response(id: id, result: respond(method, params))]
        case .notification(let method, let params):
            notify(method, params)
            return []
        case .response:
            // The server sends no requests, so a response answers nothing.
            return []
        }
    }

    /// The diagnostics due: one `publishDiagnostics` per document changed since the
    /// last flush, for its current version, and an empty one per document closed.
    public func flush() -> [Message] {
        var messages: [Message] = []
        for uri in pending where documents[uri] != nil {
            if let params = try? JSONValue(encoding: publishParams(uri)) {
                messages.append(.notification(method: "textDocument/publishDiagnostics", params: params))
            }
        }
        for uri in closed {
            if let params = try? JSONValue(encoding: PublishDiagnosticsParams(uri: uri, version: nil, diagnostics: [])) {
                messages.append(.notification(method: "textDocument/publishDiagnostics", params: params))
            }
        }
        pending.removeAll()
        closed.removeAll()
        return messages
    }

    private func respond(_ method: String, _ params: JSONValue?) -> Result<JSONValue, ResponseError> {
        switch state {
        case .uninitialized where method != "initialize":
            return .failure(.serverNotInitialized)
        case .shutDown:
            return .failure(.invalidRequest("the server is shut down; only 'exit' is accepted"))
        default:
            break
        }
        do {
            switch method {
            case "initialize": return .success(try initialize(decode(params)))
            case "shutdown":
                state = .shutDown
                return .success(.null)
            case "textDocument/completion": return .success(try completion(decode(params)))
            case "textDocument/hover": return .success(try hover(decode(params)))
            case "textDocument/definition": return .success(try definition(decode(params)))
            case "textDocument/references": return .success(try references(decode(params)))
            case "textDocument/prepareRename": return .success(try prepareRename(decode(params)))
            case "textDocument/rename": return .success(try rename(decode(params)))
            case "textDocument/documentSymbol": return .success(try documentSymbols(decode(params)))
            case "textDocument/codeAction": return .success(try codeActions(decode(params)))
            default: return .failure(.methodNotFound(method))
            }
        } catch let error as ResponseError {
            return .failure(error)
        } catch {
            return .failure(.internalError("\(error)"))
        }
    }

    private func notify(_ method: String, _ params: JSONValue?) {
        if method == "exit" {
            exitCode = state == .shutDown ? 0 : 1
            return
        }
        // Notifications before `initialize` are dropped (LSP 3.17), and so is
        // whatever cannot be read: a notification has no answer to carry an error.
        guard state == .running else { return }
        switch method {
        case "textDocument/didOpen":
            guard let params: DidOpenTextDocumentParams = try? decode(params) else { return }
            let item = params.textDocument
            documents[item.uri] = OpenDocument(uri: item.uri, languageId: item.languageId, version: item.version, text: item.text)
            closed.removeAll { $0 == item.uri }
            schedule(item.uri)
        case "textDocument/didChange":
            guard let params: DidChangeTextDocumentParams = try? decode(params),
                  var document = documents[params.textDocument.uri] else { return }
            for change in params.contentChanges { document.apply(change, encoding: encoding) }
            document.version = params.textDocument.version ?? document.version
            documents[params.textDocument.uri] = document
            schedule(params.textDocument.uri)
        case "textDocument/didSave":
            guard let params: DidSaveTextDocumentParams = try? decode(params),
                  var document = documents[params.textDocument.uri] else { return }
            if let text = params.text {
                document.replaceText(text)
                documents[params.textDocument.uri] = document
            }
            schedule(params.textDocument.uri)
        case "textDocument/didClose":
            guard let params: DidCloseTextDocumentParams = try? decode(params) else { return }
            documents[params.textDocument.uri] = nil
            pending.removeAll { $0 == params.textDocument.uri }
            closed.removeAll { $0 == params.textDocument.uri }
            closed.append(params.textDocument.uri)
        default:
            break
        }
    }

    private func schedule(_ uri: String) {
        pending.removeAll { $0 == uri }
        pending.append(uri)
    }

    private func decode<T: Decodable>(_ params: JSONValue?) throws -> T {
        do {
            return try (params ?? .object([])).decode(T.self)
        } catch {
            throw ResponseError.invalidParams("the params do not fit: \(error)")
        }
    }

    // MARK: - Lifecycle

    private func initialize(_ params: InitializeParams) throws -> JSONValue {
        guard state == .uninitialized else { throw ResponseError.invalidRequest("the server is initialized already") }
        state = .running
        encoding = PositionEncoding.negotiate(params.capabilities?.general?.positionEncodings)
        snippetSupport = params.capabilities?.snippetSupport ?? false
        if let base = params.initializationOptions?["diagnosticsDocumentation"]?.stringValue { documentationBase = base }
        let sync: JSONValue = ["openClose": true, "change": 2, "save": ["includeText": true]]
        let triggers: JSONValue = [":", "'", "\"", "(", "-"]
        let completion: JSONValue = ["triggerCharacters": triggers, "resolveProvider": false]
        let capabilities: JSONValue = [
            "positionEncoding": .string(encoding.rawValue),
            "textDocumentSync": sync,
            "completionProvider": completion,
            "hoverProvider": true,
            "definitionProvider": true,
            "referencesProvider": true,
            "renameProvider": ["prepareProvider": true],
            "documentSymbolProvider": true,
            "codeActionProvider": ["codeActionKinds": ["quickfix"]],
        ]
        let serverInfo: JSONValue = ["name": .string(Self.name), "version": .string(version)]
        return ["capabilities": capabilities, "serverInfo": serverInfo]
    }

    // MARK: - Features

    /// The document and a converter for its text; InvalidParams for a document
    /// that is not open.
    private func open(_ uri: String) throws -> (EditorDocument, PositionConverter) {
        guard var document = documents[uri] else { throw ResponseError.invalidParams("the document is not open: \(uri)") }
        let analysis = document.analysis()
        documents[uri] = document
        return (analysis, PositionConverter(file: analysis.file, encoding: encoding))
    }

    private func publishParams(_ uri: String) -> PublishDiagnosticsParams {
        guard let (analysis, converter) = try? open(uri) else { return PublishDiagnosticsParams(uri: uri, version: nil, diagnostics: []) }
        let diagnostics = reportsDiagnostics(analysis, uri: uri) ? analysis.diagnostics : []
        return PublishDiagnosticsParams(
            uri: uri, version: documents[uri]?.version,
            diagnostics: diagnostics.map { lspDiagnostic($0, converter: converter, uri: uri) }
        )
    }

    /// Whether the document's diagnostics are shown: not for another YAML or JSON
    /// file, opened in an editor that starts the server for every one, nor for one
    /// that is not a form yet. A form stays one while it is open, unless it now
    /// reads as something else (a workflow pasted over it). Hover explains, and a
    /// quick fix mends, only what is shown.
    private func reportsDiagnostics(_ analysis: EditorDocument, uri: String) -> Bool {
        analysis.isForm || (documents[uri]?.hasBeenForm == true && !analysis.isOtherDocument)
    }

    func lspDiagnostic(_ diagnostic: FormSource.Diagnostic, converter: PositionConverter, uri: String) -> LanguageServerProtocol.Diagnostic {
        let severity: DiagnosticSeverity = switch diagnostic.severity {
        case .error: .error
        case .warning: .warning
        case .note: .information
        }
        var message = diagnostic.message
        for help in diagnostic.help { message += "\nhelp: \(help)" }
        let related = diagnostic.notes.compactMap { note -> DiagnosticRelatedInformation? in
            guard let location = note.location, location.file == converter.file.path else { return nil }
            return DiagnosticRelatedInformation(location: Location(uri: uri, range: converter.lsp(location.range)), message: note.message)
        }
        return LanguageServerProtocol.Diagnostic(
            range: converter.lsp(diagnostic.location.range), severity: severity, code: diagnostic.code.rawValue,
            codeDescription: CodeDescription(href: documentationBase + "#" + diagnostic.code.rawValue.lowercased()),
            source: Self.name, message: message, relatedInformation: related.isEmpty ? nil : related
        )
    }

    private func completion(_ params: TextDocumentPositionParams) throws -> JSONValue {
        let (analysis, converter) = try open(params.textDocument.uri)
        guard !analysis.isOtherDocument, let position = converter.source(params.position) else {
            return CompletionList(isIncomplete: false, items: []).json
        }
        let list = analysis.completionList(at: position, lastReadable: documents[params.textDocument.uri]?.lastReadable)
        let items = list.items.enumerated().map { index, completion in
            let snippet = snippetSupport && completion.cursorFromEnd > 0
            return CompletionItem(
                label: completion.label, kind: Self.itemKind(completion.kind), detail: completion.detail, documentation: nil,
                sortText: String(1000 + index), filterText: completion.label,
                textEdit: TextEdit(range: converter.lsp(completion.range), newText: snippet ? Self.snippet(completion) : completion.insertText),
                insertTextFormat: snippet ? 2 : nil
            )
        }
        return CompletionList(isIncomplete: list.isIncomplete, items: items).json
    }

    /// The completion's text as a snippet with its final cursor (`$0`) in place,
    /// the characters a snippet reads (`$`, `}`, `\\`) escaped.
    static func snippet(_ completion: EditorCompletion) -> String {
        func escaped(_ text: Substring) -> String {
            var result = ""
            for character in text {
                if character == "$" || character == "}" || character == "\\" { result.append("\\") }
                result.append(character)
            }
            return result
        }
        let cursor = completion.insertText.index(completion.insertText.endIndex, offsetBy: -completion.cursorFromEnd)
        return escaped(completion.insertText[..<cursor]) + "$0" + escaped(completion.insertText[cursor...])
    }

    private static func itemKind(_ kind: EditorCompletion.Kind) -> CompletionItemKind {
        switch kind {
        case .key: .property
        case .elementKind: .class
        case .rule: .function
        case .value: .enumMember
        case .fieldID: .field
        case .keyword: .keyword
        }
    }

    private func hover(_ params: TextDocumentPositionParams) throws -> JSONValue {
        let (analysis, converter) = try open(params.textDocument.uri)
        guard !analysis.isOtherDocument, let position = converter.source(params.position),
              let hover = analysis.hover(at: position, explainingDiagnostics: reportsDiagnostics(analysis, uri: params.textDocument.uri)) else {
            return .null
        }
        return try JSONValue(encoding: Hover(contents: MarkupContent(markdown: hover.markdown), range: hover.range.map(converter.lsp)))
    }

    private func definition(_ params: TextDocumentPositionParams) throws -> JSONValue {
        let (analysis, converter) = try open(params.textDocument.uri)
        guard !analysis.isOtherDocument, let position = converter.source(params.position) else { return .null }
        let ranges = analysis.definition(at: position)
        if ranges.isEmpty { return .null }
        return try JSONValue(encoding: ranges.map { Location(uri: params.textDocument.uri, range: converter.lsp($0)) })
    }

    private func references(_ params: ReferenceParams) throws -> JSONValue {
        let (analysis, converter) = try open(params.textDocument.uri)
        guard !analysis.isOtherDocument, let position = converter.source(params.position) else { return [] }
        let ranges = analysis.references(at: position, includeDeclaration: params.context?.includeDeclaration ?? true)
        return try JSONValue(encoding: ranges.map { Location(uri: params.textDocument.uri, range: converter.lsp($0)) })
    }

    private func prepareRename(_ params: TextDocumentPositionParams) throws -> JSONValue {
        let (analysis, converter) = try open(params.textDocument.uri)
        if analysis.isOtherDocument { throw ResponseError.requestFailed("the document is not a form") }
        guard let position = converter.source(params.position) else { return .null }
        switch analysis.prepareRename(at: position) {
        case .success(let target):
            return try JSONValue(encoding: PrepareRenameResult(range: converter.lsp(target.range), placeholder: target.id))
        case .failure(let refusal):
            throw ResponseError.requestFailed(refusal.message)
        }
    }

    private func rename(_ params: RenameParams) throws -> JSONValue {
        let (analysis, converter) = try open(params.textDocument.uri)
        if analysis.isOtherDocument { throw ResponseError.requestFailed("the document is not a form") }
        guard let position = converter.source(params.position) else { return .null }
        switch analysis.rename(at: position, to: params.newName) {
        case .success(let edits):
            let textEdits = edits.map { TextEdit(range: converter.lsp($0.range), newText: $0.newText) }
            return try JSONValue(encoding: WorkspaceEdit(changes: [params.textDocument.uri: textEdits]))
        case .failure(let refusal):
            throw ResponseError.requestFailed(refusal.message)
        }
    }

    private func documentSymbols(_ params: DocumentSymbolParams) throws -> JSONValue {
        let (analysis, converter) = try open(params.textDocument.uri)
        if analysis.isOtherDocument { return [] }
        func symbol(_ entry: EditorSymbol) -> DocumentSymbol {
            let kind: SymbolKind = switch entry.kind {
            case .group: .namespace
            case .page: .module
            case .field: .field
            case .segue: .event
            case .list: .array
            }
            return DocumentSymbol(
                name: entry.name, detail: entry.detail, kind: kind, range: converter.lsp(entry.range),
                selectionRange: converter.lsp(entry.selectionRange), children: entry.children.map(symbol)
            )
        }
        return try JSONValue(encoding: analysis.outline.map(symbol))
    }

    private func codeActions(_ params: CodeActionParams) throws -> JSONValue {
        let (analysis, converter) = try open(params.textDocument.uri)
        if analysis.isOtherDocument || !reportsDiagnostics(analysis, uri: params.textDocument.uri) { return [] }
        // Every action here is a quick fix: none when the client asks for other kinds.
        if let only = params.context?.only, !only.contains(where: { $0.isEmpty || $0 == "quickfix" }) { return [] }
        guard let start = converter.source(params.range.start) else { return [] }
        let end = converter.source(params.range.end) ?? SourcePosition(line: converter.file.lineCount, column: Int(Int32.max))
        let uri = params.textDocument.uri
        let actions = analysis.quickFixes(in: SourceRange(start: start, end: end)).map { fix in
            CodeAction(
                title: fix.title, kind: "quickfix", diagnostics: [lspDiagnostic(fix.diagnostic, converter: converter, uri: uri)],
                isPreferred: true,
                edit: WorkspaceEdit(changes: [uri: fix.edits.map { TextEdit(range: converter.lsp($0.range), newText: $0.newText) }])
            )
        }
        return try JSONValue(encoding: actions)
    }
}

extension ResponseError {
    static func internalError(_ message: String) -> ResponseError { ResponseError(code: internalErrorCode, message: message) }
}
