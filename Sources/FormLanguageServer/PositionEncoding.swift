import FormSource
import LanguageServerProtocol

/// The code units an LSP position's `character` counts: UTF-16 unless the client
/// offers another in `general.positionEncodings` (LSP 3.17). formc's own columns
/// count Unicode scalars, which is `utf-32`.
public enum PositionEncoding: String, Sendable, CaseIterable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
    case utf32 = "utf-32"

    /// The units one scalar takes.
    func width(_ scalar: Unicode.Scalar) -> Int {
        switch self {
        case .utf8: UTF8.width(scalar)
        case .utf16: UTF16.width(scalar)
        case .utf32: 1
        }
    }

    /// The encoding to use: utf-8 when the client offers it (fewer conversions: the
    /// text is UTF-8), else utf-16, which every client supports.
    public static func negotiate(_ offered: [String]?) -> PositionEncoding {
        offered?.contains(PositionEncoding.utf8.rawValue) == true ? .utf8 : .utf16
    }
}

/// Converts between formc's positions (1-based, columns in scalars) and LSP's
/// (0-based, columns in code units) for one text.
public struct PositionConverter: Sendable {
    public let file: SourceFile
    public let encoding: PositionEncoding

    public init(file: SourceFile, encoding: PositionEncoding) {
        self.file = file
        self.encoding = encoding
    }

    public func lsp(_ position: SourcePosition) -> Position {
        let line = max(position.line, 1)
        guard let text = file.lineText(line) else {
            // Past the last line: the end of the text.
            let last = file.lineCount
            return Position(line: last - 1, character: units(file.lineText(last) ?? "", scalars: .max))
        }
        return Position(line: line - 1, character: units(text, scalars: position.column - 1))
    }

    public func lsp(_ range: SourceRange) -> LSPRange {
        LSPRange(start: lsp(range.start), end: lsp(range.end))
    }

    /// The units taken by the first `scalars` scalars of `text` (all of them, when fewer).
    private func units(_ text: String, scalars: Int) -> Int {
        var total = 0
        var count = 0
        for scalar in text.unicodeScalars {
            guard count < scalars else { break }
            total += encoding.width(scalar)
            count += 1
        }
        return total
    }

    /// The formc position of an LSP position; nil past the last line. A character
    /// past the line's end means the line's end (LSP 3.17), and one inside a
    /// surrogate pair or a UTF-8 sequence means that scalar's start.
    public func source(_ position: Position) -> SourcePosition? {
        guard position.line >= 0, position.line < file.lineCount, let text = file.lineText(position.line + 1) else { return nil }
        var units = 0
        var column = 1
        for scalar in text.unicodeScalars {
            let width = encoding.width(scalar)
            guard units + width <= position.character else { break }
            units += width
            column += 1
        }
        return SourcePosition(line: position.line + 1, column: column)
    }

    /// The UTF-8 byte offset of an LSP position, clamped to the text: where an
    /// incremental change starts or ends.
    public func byteOffset(_ position: Position) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < file.lineCount, let source = source(position) else { return file.bytes.count }
        return file.byteOffset(of: source)
    }
}
