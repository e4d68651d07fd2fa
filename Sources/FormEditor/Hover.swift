import FormModel
import FormSource
import FormSwiftEmitter
import FormSyntax

/// What an editor shows when the pointer rests on a position.
public struct EditorHover: Sendable, Hashable {
    /// Markdown.
    public var markdown: String
    /// The word or span the text is about.
    public var range: SourceRange?
}

extension EditorDocument {
    /// The explanation of each diagnostic at `position` (with `explainingDiagnostics`:
    /// where the editor shows them), then what the word there is: a field id's
    /// value type, rules and conditions, or a key's description. Nil where there
    /// is nothing to say.
    public func hover(at position: SourcePosition, explainingDiagnostics: Bool = true) -> EditorHover? {
        guard contains(position) else { return nil }
        var sections: [String] = []
        var range: SourceRange?
        for diagnostic in diagnostics where explainingDiagnostics
            && diagnostic.location.file == file.path && diagnostic.location.range.touches(position) {
            sections.append(Self.explain(diagnostic))
            range = range ?? diagnostic.location.range
        }
        if let occurrence = occurrence(at: position), let text = describeID(occurrence.id, inList: occurrence.scope) {
            sections.append(text)
            range = occurrence.range
        } else if let (text, keyRange) = describeSyntax(at: position) {
            sections.append(text)
            range = range ?? keyRange
        }
        guard !sections.isEmpty else { return nil }
        return EditorHover(markdown: sections.joined(separator: "\n\n---\n\n"), range: range)
    }

    static func explain(_ diagnostic: Diagnostic) -> String {
        var text = "**\(diagnostic.severity.rawValue) \(diagnostic.code.rawValue)**: \(diagnostic.message)"
        for help in diagnostic.help { text += "\n\nhelp: \(help)" }
        if let entry = DiagnosticCatalog.entry(for: diagnostic.code) {
            text += "\n\n\(entry.code.rawValue), *\(entry.title)*: \(entry.explanation)\n\n**Fix:** \(entry.fix)"
        }
        return text
    }

    /// The id occurrence under `position`.
    func occurrence(at position: SourcePosition) -> IDOccurrence? {
        occurrences.first { $0.range.touches(position) && $0.range.start != $0.range.end }
    }

    /// A field's value type, rules and conditions; or what a group, page or segue id is.
    /// `list`: the id is a field of that list's entries (SPEC §14).
    func describeID(_ id: String, inList list: String? = nil) -> String? {
        if let set = document?.optionSets.first(where: { $0.name.value == id }) {
            // A shared option set (SPEC §16): its enum, options and the fields that use it.
            func users(in elements: [Element], prefix: String) -> [String] {
                elements.compactMap { element -> String? in
                    switch element.kind {
                    case .segment(let field) where field.optionSet?.value == id: prefix + field.id.value
                    case .multiChoice(let field) where field.optionSet?.value == id: prefix + field.id.value
                    default: nil
                    }
                }
            }
            // The form's fields, then each list's entry fields (`items.home`).
            let users = users(in: document?.allElements ?? [], prefix: "")
                + entryScopes.flatMap { users(in: $0.document.allElements, prefix: $0.listID + ".") }
            return ["**\(id)**: shared option set, the enum `\(id)`",
                    "Options: " + set.options.map { "`\($0.value.value)`" }.joined(separator: ", "),
                    users.isEmpty ? "Used by no field." : "Used by " + users.map { "`\($0)`" }.joined(separator: ", ") + "."]
                .joined(separator: "\n\n")
        }
        let scope = list.flatMap { list in entryScopes.first { $0.listID == list } }
        let elements = scope?.document.allElements ?? document?.allElements ?? []
        guard let element = elements.first(where: { $0.id?.value == id }) else { return nil }
        let keyword = element.kind.keyword
        var lines: [String]
        if let field = (scope?.symbols ?? symbols)?.field(id) {
            lines = ["**\(id)**: `\(SwiftRenderer.spelling(of: field.valueType))` (\(keyword))"]
            let rules = element.field?.rules.map { rule -> String in
                let text: String = switch rule.kind {
                case .minLength(let n), .maxLength(let n), .minCount(let n), .maxCount(let n): "`\(rule.kind.name): \(n)`"
                case .min(let bound), .max(let bound): "`\(rule.kind.name): \(bound)`"
                case .sameAs(let other): "`sameAs: \(other)`"
                case .minField(let other), .maxField(let other): "`\(rule.kind.name): \(other)`"
                case .custom(let name): "`custom: \(name)`"
                case .pattern(let pattern): "`pattern: \(pattern)`"
                default: "`\(rule.kind.name)`"
                }
                return text + (rule.when.map { " when `\($0.source.value)`" } ?? "")
            } ?? []
            lines.append(rules.isEmpty ? "No rules." : "Rules: " + rules.joined(separator: ", "))
            if let list { lines.append("A field of each entry of list `\(list)`.") }
        } else if case .group(let page) = element.kind, page.isPage {
            // A page (SPEC §15.1): a case of `Page`, and what `fields(on:)` answers for it.
            lines = ["**\(id)**: page id, a case of the generated `Page`"]
            let ids = Self.fieldIDs(in: page.elements)
            lines.append(ids.isEmpty ? "No fields." : "Fields: " + ids.map { "`\($0)`" }.joined(separator: ", "))
        } else if case .list(let list) = element.kind {
            // A list's id is a field whose value is its entries (SPEC §14).
            let type = list.swiftItemType
            lines = ["**\(id)**: `[\(type)]` (list), entries of `\(type)Entry` in `FormList<\(type)Entry>`"]
            let fields = Self.fieldIDs(in: list.elements)
            lines.append("Entries: at least \(list.minimum)" + (list.maxItems.map { ", at most \($0.value)" } ?? "")
                + (list.initialCount != list.minimum ? "; a new form starts with \(list.initialCount)" : "") + ".")
            lines.append(fields.isEmpty ? "No fields." : "Fields of each entry: " + fields.map { "`\($0)`" }.joined(separator: ", "))
        } else {
            lines = ["**\(id)**: \(keyword == "segue" ? "segue action" : keyword) id"]
        }
        if let condition = element.visibleWhen { lines.append("Visible when: `\(condition.source.value)`") }
        if let condition = element.enabledWhen { lines.append("Enabled when: `\(condition.source.value)`") }
        return lines.joined(separator: "\n\n")
    }

    /// The ids of the fields among `elements`, through their groups, in document
    /// order: a list's id is one (SPEC §14), as in the generated `fields(on:)`.
    private static func fieldIDs(in elements: [Element]) -> [String] {
        elements.flatMap { element -> [String] in
            if let field = element.field { return [field.id.value] }
            if case .list = element.kind, let id = element.id?.value { return [id] }
            if case .group(let group) = element.kind { return fieldIDs(in: group.elements) }
            return []
        }
    }

    /// A key's description, or a bare rule name's.
    func describeSyntax(at position: SourcePosition) -> (String, SourceRange)? {
        guard let syntax, let node = syntax.node(at: position), syntax.tree.isScalar(node),
              let text = syntax.text(node), let parent = syntax.parent(node) else { return nil }
        let range = syntax.tree.range(node)
        if syntax.isKey(node) {
            let role = syntax.role(of: parent)
            return KeyDescriptions.describe(text, in: role).map { ("`\(text)`: \($0)", range) }
        }
        if syntax.tree.isSequence(parent), syntax.listKey(of: parent) == "rules", let description = KeyDescriptions.rules[text] {
            return ("`\(text)`: \(description)", range)
        }
        return nil
    }
}
