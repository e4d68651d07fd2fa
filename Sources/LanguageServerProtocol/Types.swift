import FormJSON

/// The LSP 3.17 structures the formc server reads and writes, with LSP's names.
/// Optional members that are nil are left out of the JSON.

public struct Position: Codable, Sendable, Hashable, Comparable {
    /// 0-based line.
    public var line: Int
    /// 0-based offset in the line, in the negotiated encoding's code units.
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    public static func < (lhs: Position, rhs: Position) -> Bool {
        (lhs.line, lhs.character) < (rhs.line, rhs.character)
    }
}

public struct LSPRange: Codable, Sendable, Hashable {
    public var start: Position
    public var end: Position

    public init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }
}

public struct Location: Codable, Sendable, Hashable {
    public var uri: String
    public var range: LSPRange

    public init(uri: String, range: LSPRange) {
        self.uri = uri
        self.range = range
    }
}

public struct TextDocumentIdentifier: Codable, Sendable, Hashable {
    public var uri: String

    public init(uri: String) { self.uri = uri }
}

public struct TextDocumentItem: Codable, Sendable, Hashable {
    public var uri: String
    public var languageId: String?
    public var version: Int
    public var text: String

    public init(uri: String, languageId: String? = nil, version: Int, text: String) {
        self.uri = uri
        self.languageId = languageId
        self.version = version
        self.text = text
    }
}

public struct VersionedTextDocumentIdentifier: Codable, Sendable, Hashable {
    public var uri: String
    public var version: Int?
}

public struct TextDocumentContentChangeEvent: Codable, Sendable, Hashable {
    /// Nil: `text` is the whole new document.
    public var range: LSPRange?
    public var text: String

    public init(range: LSPRange? = nil, text: String) {
        self.range = range
        self.text = text
    }
}

public struct DidOpenTextDocumentParams: Codable, Sendable {
    public var textDocument: TextDocumentItem
}

public struct DidChangeTextDocumentParams: Codable, Sendable {
    public var textDocument: VersionedTextDocumentIdentifier
    public var contentChanges: [TextDocumentContentChangeEvent]
}

public struct DidSaveTextDocumentParams: Codable, Sendable {
    public var textDocument: TextDocumentIdentifier
    public var text: String?
}

public struct DidCloseTextDocumentParams: Codable, Sendable {
    public var textDocument: TextDocumentIdentifier
}

public struct TextDocumentPositionParams: Codable, Sendable {
    public var textDocument: TextDocumentIdentifier
    public var position: Position
}

public struct ReferenceParams: Codable, Sendable {
    public struct Context: Codable, Sendable {
        public var includeDeclaration: Bool
    }

    public var textDocument: TextDocumentIdentifier
    public var position: Position
    public var context: Context?
}

public struct RenameParams: Codable, Sendable {
    public var textDocument: TextDocumentIdentifier
    public var position: Position
    public var newName: String
}

public struct DocumentSymbolParams: Codable, Sendable {
    public var textDocument: TextDocumentIdentifier
}

public struct CodeActionParams: Codable, Sendable {
    public struct Context: Codable, Sendable {
        public var diagnostics: [Diagnostic]?
        public var only: [String]?
    }

    public var textDocument: TextDocumentIdentifier
    public var range: LSPRange
    public var context: Context?
}

public struct TextEdit: Codable, Sendable, Hashable {
    public var range: LSPRange
    public var newText: String

    public init(range: LSPRange, newText: String) {
        self.range = range
        self.newText = newText
    }
}

public struct WorkspaceEdit: Codable, Sendable, Hashable {
    public var changes: [String: [TextEdit]]

    public init(changes: [String: [TextEdit]]) { self.changes = changes }
}

public enum DiagnosticSeverity: Int, Codable, Sendable {
    case error = 1
    case warning = 2
    case information = 3
    case hint = 4
}

public struct CodeDescription: Codable, Sendable, Hashable {
    public var href: String

    public init(href: String) { self.href = href }
}

public struct DiagnosticRelatedInformation: Codable, Sendable, Hashable {
    public var location: Location
    public var message: String

    public init(location: Location, message: String) {
        self.location = location
        self.message = message
    }
}

public struct Diagnostic: Codable, Sendable, Hashable {
    public var range: LSPRange
    public var severity: DiagnosticSeverity?
    public var code: String?
    public var codeDescription: CodeDescription?
    public var source: String?
    public var message: String
    public var relatedInformation: [DiagnosticRelatedInformation]?

    public init(
        range: LSPRange, severity: DiagnosticSeverity?, code: String?, codeDescription: CodeDescription?,
        source: String?, message: String, relatedInformation: [DiagnosticRelatedInformation]?
    ) {
        self.range = range
        self.severity = severity
        self.code = code
        self.codeDescription = codeDescription
        self.source = source
        self.message = message
        self.relatedInformation = relatedInformation
    }
}

public struct PublishDiagnosticsParams: Codable, Sendable, Hashable {
    public var uri: String
    public var version: Int?
    public var diagnostics: [Diagnostic]

    public init(uri: String, version: Int?, diagnostics: [Diagnostic]) {
        self.uri = uri
        self.version = version
        self.diagnostics = diagnostics
    }
}

public enum CompletionItemKind: Int, Codable, Sendable {
    case text = 1
    case field = 5
    case variable = 6
    case property = 10
    case value = 12
    case enumMember = 20
    case keyword = 14
    case `class` = 7
    case function = 3
}

public struct MarkupContent: Codable, Sendable, Hashable {
    public var kind: String
    public var value: String

    public init(markdown: String) {
        kind = "markdown"
        value = markdown
    }
}

public struct CompletionItem: Codable, Sendable, Hashable {
    public var label: String
    public var kind: CompletionItemKind?
    public var detail: String?
    public var documentation: MarkupContent?
    public var sortText: String?
    public var filterText: String?
    public var textEdit: TextEdit?
    /// `InsertTextFormat`: 1 plain text (also when absent), 2 a snippet.
    public var insertTextFormat: Int?

    public init(
        label: String, kind: CompletionItemKind?, detail: String?, documentation: MarkupContent?,
        sortText: String?, filterText: String?, textEdit: TextEdit?, insertTextFormat: Int? = nil
    ) {
        self.label = label
        self.kind = kind
        self.detail = detail
        self.documentation = documentation
        self.sortText = sortText
        self.filterText = filterText
        self.textEdit = textEdit
        self.insertTextFormat = insertTextFormat
    }
}

public struct CompletionList: Codable, Sendable, Hashable {
    public var isIncomplete: Bool
    public var items: [CompletionItem]

    public init(isIncomplete: Bool, items: [CompletionItem]) {
        self.isIncomplete = isIncomplete
        self.items = items
    }
}

extension CompletionList {
    /// The list as JSON, built directly: a completion may hold a hundred items, and
    /// `JSONValue(encoding:)` would encode them and decode them again first. The same
    /// value as the Codable encoding (a test compares the two).
    public var json: JSONValue {
        ["isIncomplete": .bool(isIncomplete), "items": .array(items.map(\.json))]
    }
}

extension CompletionItem {
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [("label", .string(label))]
        if let kind { members.append(("kind", .integer(kind.rawValue))) }
        if let detail { members.append(("detail", .string(detail))) }
        if let documentation { members.append(("documentation", ["kind": .string(documentation.kind), "value": .string(documentation.value)])) }
        if let sortText { members.append(("sortText", .string(sortText))) }
        if let filterText { members.append(("filterText", .string(filterText))) }
        if let textEdit { members.append(("textEdit", ["range": textEdit.range.json, "newText": .string(textEdit.newText)])) }
        if let insertTextFormat { members.append(("insertTextFormat", .integer(insertTextFormat))) }
        return .object(members)
    }
}

extension LSPRange {
    public var json: JSONValue { ["start": start.json, "end": end.json] }
}

extension Position {
    public var json: JSONValue { ["line": .integer(line), "character": .integer(character)] }
}

public struct Hover: Codable, Sendable, Hashable {
    public var contents: MarkupContent
    public var range: LSPRange?

    public init(contents: MarkupContent, range: LSPRange?) {
        self.contents = contents
        self.range = range
    }
}

public enum SymbolKind: Int, Codable, Sendable {
    case module = 2
    case namespace = 3
    case `class` = 5
    case field = 8
    case `enum` = 10
    case boolean = 17
    case string = 15
    case event = 24
    case `struct` = 23
    case array = 18
}

public struct DocumentSymbol: Codable, Sendable, Hashable {
    public var name: String
    public var detail: String?
    public var kind: SymbolKind
    public var range: LSPRange
    public var selectionRange: LSPRange
    public var children: [DocumentSymbol]?

    public init(name: String, detail: String?, kind: SymbolKind, range: LSPRange, selectionRange: LSPRange, children: [DocumentSymbol]?) {
        self.name = name
        self.detail = detail
        self.kind = kind
        self.range = range
        self.selectionRange = selectionRange
        self.children = children
    }
}

public struct CodeAction: Codable, Sendable, Hashable {
    public var title: String
    public var kind: String?
    public var diagnostics: [Diagnostic]?
    public var isPreferred: Bool?
    public var edit: WorkspaceEdit?

    public init(title: String, kind: String?, diagnostics: [Diagnostic]?, isPreferred: Bool?, edit: WorkspaceEdit?) {
        self.title = title
        self.kind = kind
        self.diagnostics = diagnostics
        self.isPreferred = isPreferred
        self.edit = edit
    }
}

public struct PrepareRenameResult: Codable, Sendable, Hashable {
    public var range: LSPRange
    public var placeholder: String

    public init(range: LSPRange, placeholder: String) {
        self.range = range
        self.placeholder = placeholder
    }
}

/// The part of `initialize`'s params the server reads.
public struct InitializeParams: Codable, Sendable {
    public struct ClientCapabilities: Codable, Sendable {
        public struct General: Codable, Sendable {
            public var positionEncodings: [String]?
        }

        public var general: General?
        /// Read loosely (`snippetSupport`): a `textDocument` of a shape the server
        /// does not know never fails `initialize`.
        public var textDocument: JSONValue?

        /// Whether the client takes snippets in completion items.
        public var snippetSupport: Bool {
            textDocument?["completion"]?["completionItem"]?["snippetSupport"] == .bool(true)
        }
    }

    public var processId: Int?
    public var capabilities: ClientCapabilities?
    public var initializationOptions: JSONValue?
}
