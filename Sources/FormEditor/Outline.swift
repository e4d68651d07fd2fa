import FormModel
import FormSource
import FormSwiftEmitter

/// One entry of a form's outline: a page or group with its children, a field or a segue.
public struct EditorSymbol: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case group
        /// A page of a form shown a page at a time (SPEC §15.1).
        case page
        case field
        case segue
        /// A list (SPEC §14): its children are the fields of one entry.
        case list
    }

    public var name: String
    /// The kind key and, for a field, its Swift value type: `textField: String`.
    public var detail: String
    public var kind: Kind
    /// The whole element.
    public var range: SourceRange
    /// The id (or, for an element without one, the kind key).
    public var selectionRange: SourceRange
    public var children: [EditorSymbol]
}

extension EditorDocument {
    /// Pages, groups and fields (and segues) as a tree, in document order.
    public var outline: [EditorSymbol] {
        guard let document else { return [] }
        return outline(of: document.elements, entryOf: nil)
    }

    /// `entryOf`: the list whose entry `elements` are: its fields are in that
    /// entry's symbols, not the form's.
    private func outline(of elements: [Element], entryOf list: String?) -> [EditorSymbol] {
        elements.compactMap { element -> EditorSymbol? in
            // An id written as `''` or blanks names nothing: such an element is shown by its kind word
            // (LSP: a symbol's name is never empty or whitespace).
            let id = element.id.flatMap { Self.isBlank($0.value) ? nil : $0 }
            let selection = id.map { innerRange($0.range) } ?? element.kindKeyRange
            let range = SourceRange(start: min(element.range.start, selection.start), end: max(element.range.end, selection.end))
            switch element.kind {
            case .group(let page) where page.isPage:
                return EditorSymbol(
                    name: id?.value ?? "page", detail: page.title.map { "page '\($0.value)'" } ?? "page", kind: .page,
                    range: range, selectionRange: selection, children: outline(of: page.elements, entryOf: nil)
                )
            case .group(let group):
                let name = id?.value ?? group.title.map { "group '\($0.value)'" } ?? "group"
                return EditorSymbol(
                    name: name, detail: "group", kind: .group, range: range, selectionRange: selection,
                    children: outline(of: group.elements, entryOf: list)
                )
            case .list(let declared):
                return EditorSymbol(
                    name: id?.value ?? "list", detail: "list: [\(declared.swiftItemType)]", kind: .list, range: range,
                    selectionRange: selection, children: outline(of: declared.elements, entryOf: declared.id.value)
                )
            case .segue:
                return EditorSymbol(name: id?.value ?? "segue", detail: "segue", kind: .segue, range: range, selectionRange: selection, children: [])
            case .boolean, .segment, .text, .number, .date, .multiChoice:
                guard element.id != nil else { return nil }
                let scope = list.map { list in entryScopes.first { $0.listID == list }?.symbols } ?? symbols
                let type = id.flatMap { id in scope?.field(id.value).map { SwiftRenderer.spelling(of: $0.valueType) } }
                return EditorSymbol(
                    name: id?.value ?? element.kind.keyword, detail: element.kind.keyword + (type.map { ": " + $0 } ?? ""), kind: .field,
                    range: range, selectionRange: selection, children: []
                )
            case .spacer, .staticText:
                return nil
            }
        }
    }

    /// Whether `text` is empty or only whitespace.
    private static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy(\.properties.isWhitespace)
    }
}
