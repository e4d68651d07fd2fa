import FormChecker
import FormModel
import FormSource
import FormSyntax

/// One open form as an editor sees it: the text, and what the compiler made of it —
/// the same read → decode → check as `FormPipeline.check` (so the same diagnostics as
/// `formc lint`), with the syntax tree and the symbols kept for the editor features
/// (completion, hover, navigation, rename, outline, quick fixes). Each feature is a
/// pure function of this value and a position.
///
/// Positions are `SourcePosition`s (columns in Unicode scalars); a language server
/// converts them to its protocol's code units.
public struct EditorDocument: Sendable {
    public let file: SourceFile
    /// What `formc lint` reports for the text, in report order.
    public let diagnostics: [Diagnostic]
    /// The checked tree, partial when there were errors; nil when the text did not
    /// read or decode at all.
    public let document: FormDocument?
    public let symbols: SymbolTable?
    let tree: SyntaxTree?
    /// Every written field id: declarations, condition operands, `sameAs` targets.
    let occurrences: [IDOccurrence]
    /// Where each node sits in the tree, for the features that start from a position.
    let syntax: SyntaxIndex?
    /// Each list's entry (SPEC §14): where the list is, and the fields and document its
    /// entry's names are looked up in, for the features inside it.
    let entryScopes: [EntryScope]

    struct EntryScope: Sendable {
        /// The list's entry elements: from the first's start to the end of the list element's last line.
        var range: SourceRange
        var listID: String
        /// The names the entry's conditions and rules can use: its own fields first
        /// (their paths lead into `document`'s elements), then the form's that no
        /// entry field hides.
        var symbols: SymbolTable
        /// The entry's elements as a document.
        var document: FormDocument
    }

    /// Whether the text read: an analysis to keep for completion while later
    /// versions do not (`completions(at:lastReadable:)`).
    public var hasSyntax: Bool { syntax != nil }

    public init(path: String, text: String) {
        self.init(file: SourceFile(path: path, text: text))
    }

    public init(file: SourceFile) {
        self.file = file
        var diagnostics = DiagnosticBag(file: file.path)
        let tree = FormReader.read(file, limits: .default, diagnostics: &diagnostics)
        var document: FormDocument?
        var symbols: SymbolTable?
        var entryScopes: [EntryScope] = []
        let syntax = tree.map(SyntaxIndex.init)
        if let tree, let decoded = FormDecoder.decode(tree, file: file, format: SourceFormat(path: file.path), limits: .default, diagnostics: &diagnostics) {
            let checked = FormChecker.check(decoded, file: file, diagnostics: &diagnostics)
            document = checked.document
            symbols = checked.symbols
            for list in checked.lists {
                let element = checked.document.element(at: list.path)
                guard case .list(let decl) = element.kind else { continue }
                let start = decl.elements.first?.range.start ?? element.range.end
                // The entry's own fields, then every field of the form they do not hide
                // (the checker kept only those the entry names).
                var scopeSymbols = SymbolTable()
                for field in list.entryFields { scopeSymbols.addField(field) }
                for field in checked.symbols.fields { scopeSymbols.addField(field) }
                // To the end of the list's last line, where a value is still being typed,
                // or to a key of the list written after its elements (its own
                // `visibleWhen`, say, which names the form's fields).
                var end = SourcePosition(line: element.range.end.line, column: Int(Int32.max))
                if let syntax, let key = Self.firstKeyAfterElements(startingAt: start, in: syntax) {
                    end = min(end, key)
                }
                // The form's shared option sets too: an entry's field may choose from one (SPEC §16).
                var scopeDocument = FormDocument(
                    version: checked.document.version, name: checked.document.name, elements: decl.elements, range: element.range
                )
                scopeDocument.optionSets = checked.document.optionSets
                entryScopes.append(EntryScope(
                    range: SourceRange(start: start, end: end),
                    listID: decl.id.value, symbols: scopeSymbols, document: scopeDocument
                ))
            }
        }
        self.entryScopes = entryScopes
        self.diagnostics = diagnostics.sorted
        self.tree = tree
        self.document = document
        self.symbols = symbols
        self.syntax = syntax
        self.occurrences = document.map { IDOccurrence.collect(in: $0, file: file) } ?? []
    }

    /// Where the first key of a list's mapping written after its `elements` starts:
    /// found from `start`, where the first entry element starts, up through the
    /// element list to the list's mapping.
    static func firstKeyAfterElements(startingAt start: SourcePosition, in syntax: SyntaxIndex) -> SourcePosition? {
        guard var node = syntax.node(at: start) else { return nil }
        while let parent = syntax.parent(node) {
            if syntax.tree.isSequence(node), syntax.keyName(of: node) == "elements" {
                let elementsStart = syntax.tree.range(node).start
                return syntax.tree.entries(parent).map { syntax.tree.range($0.key).start }.filter { $0 > elementsStart }.min()
            }
            node = parent
        }
        return nil
    }

    /// Whether the text is meant as a form: its name has a form suffix (SPEC §1's
    /// discovery), or its top-level mapping has a `formc` key; in a text that does
    /// not read, a line that starts with `formc:` (YAML) or a `"formc":` key (JSON).
    /// An editor that hands every YAML file to the server gets no diagnostics for
    /// its other YAML files.
    public var isForm: Bool {
        let lowered = file.path.lowercased()
        if [".form.yaml", ".form.yml", ".form.json"].contains(where: { lowered.hasSuffix($0) }) { return true }
        guard let syntax else { return Self.namesFormcKey(file.bytes) }
        guard syntax.tree.isMapping(syntax.tree.root) else { return false }
        return syntax.keys(of: syntax.tree.root).contains("formc")
    }

    /// Whether unreadable text still shows a form's `formc` key at its top level:
    /// a line that starts with it (`formc:`, `"formc" :`), or a first-level key
    /// of a text that starts with `{` (JSON, or a YAML flow mapping). A leading
    /// byte-order mark is skipped.
    static func namesFormcKey(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { text in
            var start = 0
            if text.count >= 3, text[0] == 0xEF, text[1] == 0xBB, text[2] == 0xBF { start = 3 }
            var first = start
            while first < text.count, isBlank(text[first]) { first += 1 }
            if first < text.count, text[first] == UInt8(ascii: "{") { return flowMappingNamesFormc(text, from: first + 1) }
            var line = start
            while line < text.count {
                if keyIsFormc(text, at: line) { return true }
                guard let newline = text[line...].firstIndex(of: UInt8(ascii: "\n")) else { return false }
                line = newline + 1
            }
            return false
        }
    }

    /// Whether the key at `index` (plain, or in single or double quotes) is
    /// `formc`, followed by blanks and `:`.
    private static func keyIsFormc(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        var index = index
        let quote = index < text.count && (text[index] == UInt8(ascii: "\"") || text[index] == UInt8(ascii: "'")) ? text[index] : nil
        if quote != nil { index += 1 }
        for byte in "formc".utf8 {
            guard index < text.count, text[index] == byte else { return false }
            index += 1
        }
        if let quote {
            guard index < text.count, text[index] == quote else { return false }
            index += 1
        }
        while index < text.count, text[index] == UInt8(ascii: " ") || text[index] == UInt8(ascii: "\t") { index += 1 }
        return index < text.count && text[index] == UInt8(ascii: ":")
    }

    /// Whether a first-level key of the mapping whose body starts at `index` is `formc`.
    private static func flowMappingNamesFormc(_ text: UnsafeBufferPointer<UInt8>, from index: Int) -> Bool {
        var depth = 1
        var expectsKey = true
        // Whether a value starts here: a quote starts a string only there (`it's` is plain text).
        var startsValue = true
        var index = index
        while index < text.count {
            let byte = text[index]
            if isBlank(byte) {
                index += 1
                continue
            }
            if depth == 1, expectsKey, keyIsFormc(text, at: index) { return true }
            expectsKey = false
            let wasStart = startsValue
            startsValue = byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: ",") || byte == UInt8(ascii: ":")
            switch byte {
            case UInt8(ascii: "\"") where wasStart, UInt8(ascii: "'") where wasStart:
                // A string: skipped to its closing quote (a backslash escapes in double quotes).
                index += 1
                while index < text.count, text[index] != byte {
                    if byte == UInt8(ascii: "\""), text[index] == UInt8(ascii: "\\") { index += 1 }
                    index += 1
                }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                expectsKey = byte == UInt8(ascii: "{")
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return false }
            case UInt8(ascii: ","):
                expectsKey = true
            default:
                break
            }
            index += 1
        }
        return false
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    /// Whether the text reads as something else than a form: no form suffix, and a
    /// top level that is a list, or a mapping with a key no form has (a workflow
    /// file in an editor that starts the server for every YAML file). Nothing is
    /// published for it, and the server answers nothing about it. A text that may
    /// still become a form is not: empty, unreadable, a word being typed, or a
    /// mapping of a form's keys without `formc` yet.
    public var isOtherDocument: Bool {
        guard !isForm, let syntax else { return false }
        let root = syntax.tree.root
        if syntax.tree.isMapping(root) {
            let formKeys = Set(KeySchema.document.map(\.description))
            return syntax.keys(of: root).contains { !formKeys.contains($0) }
        }
        return syntax.tree.isSequence(root)
    }

    /// Whether a position lies inside the text (a line that exists; any column of it).
    public func contains(_ position: SourcePosition) -> Bool {
        position.line >= 1 && position.line <= file.lineCount
    }

    /// The range of a scalar without its quotes, for an edit of the value itself.
    func innerRange(_ range: SourceRange) -> SourceRange {
        Self.innerRange(range, in: file)
    }

    /// A one-line quoted scalar's range without its quotes; any other range as it is.
    static func innerRange(_ range: SourceRange, in file: SourceFile) -> SourceRange {
        let text = file.text(in: range)
        guard let first = text.unicodeScalars.first, first == "'" || first == "\"",
              text.unicodeScalars.count >= 2, text.unicodeScalars.last == first,
              range.start.line == range.end.line else { return range }
        return SourceRange(
            start: SourcePosition(line: range.start.line, column: range.start.column + 1),
            end: SourcePosition(line: range.end.line, column: range.end.column - 1)
        )
    }
}

/// One place a field, group or segue id is written.
struct IDOccurrence: Sendable, Hashable {
    enum Role: Sendable, Hashable {
        case declaration
        case condition
        case sameAs
        /// A `min`/`max` naming a field (SPEC §16).
        case bound
        /// A field's `options: Country`, naming a shared option set; the set's own
        /// name is its `declaration` (set names are UpperCamelCase, ids lowerCamelCase:
        /// the two never meet).
        case optionSet
    }

    var id: String
    /// The id's own characters, quotes excluded.
    var range: SourceRange
    var role: Role
    /// The list whose entry the id is a field of (SPEC §14); nil for the form's ids.
    var scope: String? = nil
    /// The list whose entry the occurrence is written in, whichever field it
    /// names; nil outside every list.
    var writtenIn: String? = nil

    /// Whether the two name the same thing: the same id in the same scope.
    func isSame(as other: IDOccurrence) -> Bool { id == other.id && scope == other.scope }

    /// Every id occurrence in the checked tree, in document order.
    static func collect(in document: FormDocument, file: SourceFile) -> [IDOccurrence] {
        var result: [IDOccurrence] = []
        /// The bounds read as values that are written as a name: occurrences only
        /// of an id that is declared.
        var valueBounds = Set<Int>()
        func inner(_ range: SourceRange) -> SourceRange { EditorDocument.innerRange(range, in: file) }
        /// `scope`: the list an id is a field of, nil for the form's.
        func conditionReferences(_ condition: Condition, list: String?, scope: (String) -> String?) {
            // The compiler's own condition parser; a condition that does not
            // parse names no field (its FC500 says why).
            guard case .success(let syntax) = ConditionParser.parse(condition.source.value) else { return }
            let map = ScalarSourceMap(text: condition.source, style: condition.style, file: file)
            for reference in syntax.fieldReferences {
                result.append(IDOccurrence(id: reference.id, range: map.range(reference.range), role: .condition, scope: scope(reference.id), writtenIn: list))
            }
        }
        /// `own`: inside a list's entry, its ids, which its names mean first.
        func collect(_ element: Element, list: String?, own: Set<String>) {
            let scope = { (id: String) -> String? in list.flatMap { own.contains(id) ? $0 : nil } }
            if let id = element.id {
                result.append(IDOccurrence(id: id.value, range: inner(id.range), role: .declaration, scope: scope(id.value)))
            }
            switch element.kind {
            case .segment(let field): if let set = field.optionSet { result.append(IDOccurrence(id: set.value, range: inner(set.range), role: .optionSet)) }
            case .multiChoice(let field): if let set = field.optionSet { result.append(IDOccurrence(id: set.value, range: inner(set.range), role: .optionSet)) }
            default: break
            }
            for rule in element.rules {
                switch rule.kind {
                case .sameAs(let target):
                    if let range = rule.parameterRange { result.append(IDOccurrence(id: target, range: inner(range), role: .sameAs, scope: scope(target), writtenIn: list)) }
                case .minField(let target), .maxField(let target):
                    if let range = rule.parameterRange { result.append(IDOccurrence(id: target, range: inner(range), role: .bound, scope: scope(target), writtenIn: list)) }
                case .min(let text), .max(let text):
                    // A bound that names a malformed id (`min: StartDate`, FC201) is read as
                    // a value, not a field: the id's rename still changes it.
                    if let range = rule.parameterRange, ConditionParser.isIdentifier(text), !RuleKind.isFieldBound(text) {
                        valueBounds.insert(result.count)
                        result.append(IDOccurrence(id: text, range: inner(range), role: .bound, scope: scope(text), writtenIn: list))
                    }
                default:
                    break
                }
                if let condition = rule.when { conditionReferences(condition, list: list, scope: scope) }
            }
            // The `when` of a rule that could not be read is still the user's text to rename in.
            for condition in element.unreadRuleConditions { conditionReferences(condition, list: list, scope: scope) }
            for condition in [element.visibleWhen, element.enabledWhen].compactMap({ $0 }) {
                conditionReferences(condition, list: list, scope: scope)
            }
        }
        for set in document.optionSets {
            result.append(IDOccurrence(id: set.name.value, range: inner(set.name.range), role: .declaration))
        }
        for element in document.allElements {
            collect(element, list: nil, own: [])
            // A list's entry: its elements at every depth, in the entry's scope.
            guard case .list(let list) = element.kind else { continue }
            let entry = FormDocument(version: document.version, name: document.name, elements: list.elements, range: element.range)
            let own = Set(entry.allElements.compactMap { $0.id?.value })
            for child in entry.allElements { collect(child, list: list.id.value, own: own) }
        }
        guard !valueBounds.isEmpty else { return result }
        let declared = Set(result.filter { $0.role == .declaration }.map(\.id))
        return result.indices.compactMap { index in
            valueBounds.contains(index) && !declared.contains(result[index].id) ? nil : result[index]
        }
    }
}

extension SourceRange {
    /// Whether `position` is inside the range or at its end (where a cursor that
    /// has just typed the last character stands).
    func touches(_ position: SourcePosition) -> Bool {
        start <= position && position <= end
    }
}
