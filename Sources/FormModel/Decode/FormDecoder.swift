import FormSource
import FormSyntax

/// The decode stage: the reader's untyped `SyntaxTree` → a typed `FormDocument`
/// (SPEC §1–§3). Typing is schema-directed: every value is read as the type its key
/// expects. Problems are reported and decoding carries on with the rest, so one
/// run shows every mistake; an element that cannot be decoded is left out.
/// Recursion follows group nesting, which the reader's depth limit bounds.
public enum FormDecoder {
    /// `format` is the syntax `tree` was read from: a plain JSON scalar is a JSON
    /// literal, a plain YAML one is typed by the key that holds it.
    public static func decode(
        _ tree: SyntaxTree, file: SourceFile, format: SourceFormat, limits: CompilerLimits, diagnostics: inout DiagnosticBag
    ) -> FormDocument? {
        decode(tree, file: file, format: format, limits: limits, speed: .current, diagnostics: &diagnostics)
    }

    /// `decode` under `speed`: under `.parallel`, a long element list may be
    /// decoded in pieces on every core (`FormDecoder+Pieces.swift`; tests compare both ways).
    package static func decode(
        _ tree: SyntaxTree, file: SourceFile, format: SourceFormat, limits: CompilerLimits, speed: SpeedPolicy,
        diagnostics: inout DiagnosticBag
    ) -> FormDocument? {
        var reader = ValueReader(tree: tree, diagnostics: diagnostics)
        reader.isJSON = format == .json
        var decoder = DocumentDecoder(reader: reader, limits: limits)
        decoder.decodesInPieces = speed.takes(.decodeInPieces)
        let document = decoder.document(tree.root)
        diagnostics = decoder.reader.diagnostics
        return document
    }
}

/// The decoder of one document, or of one piece of a long element list.
struct DocumentDecoder {
    var reader: ValueReader
    let limits: CompilerLimits
    var elementCount = 0
    var stopped = false
    /// Whether a long element list may be decoded in pieces on every core; false
    /// inside a piece of one, so only the first long list is cut.
    var decodesInPieces = true
    /// Whether the elements being decoded are a list's (SPEC §14): lists do not nest.
    var insideList = false
    /// The top-level `options:` sets, read before the elements that name them.
    var optionSets: [OptionSetDecl] = []
    /// Whether the top-level `options:` could not be read as sets (it has no
    /// value, is a word, or a list of anything but one-entry sets): a name of a
    /// set at a field is then not reported as unknown, the mistake at `options:` is.
    var optionSetsUnread = false
    /// Whether some rule decoded so far has `when:`.
    var sawRuleCondition = false
    /// The ids, set names and option values in the parts of the file that could not
    /// be read: an element of an unknown kind, the value of a misspelt required key
    /// (`elemnts:`). They are not reported again as unknown, unused or no option:
    /// the mistake that hid them is (FormDocument.unreadNames).
    /// `FormDocument.guessedKinds`.
    var guessedKinds: Set<SourcePosition> = []
    var unreadNames: Set<String> = []

    var diagnostics: DiagnosticBag {
        get { reader.diagnostics }
        _modify { yield &reader.diagnostics }
    }

    /// Methods that pass the tree into a closure copy it to a local first: a closure
    /// that captured `self` would overlap with the mutation of `reader`.
    var tree: SyntaxTree { reader.tree }

    mutating func document(_ root: NodeID) -> FormDocument? {
        let tree = tree
        if reader.isMissingValue(root) {
            // A document with no content (`---` alone, or with comments).
            diagnostics.error(
                .missingKey, "the file holds an empty document", at: .fileStart,
                help: [DiagnosticHelp(ReaderDiagnostics.emptyFormHelp)]
            )
            return nil
        }
        let rootRange = tree.range(root)
        guard tree.isMapping(root) else {
            diagnostics.error(
                .wrongType, "a form file must be a mapping with the keys formc, form and elements, found \(tree.kindDescription(root))",
                at: rootRange, help: [DiagnosticHelp(ReaderDiagnostics.emptyFormHelp)]
            )
            return nil
        }
        let keys = KeyedMapping(root, in: tree, allowed: KeySchema.document, context: "the form", diagnostics: &diagnostics)
        let start = SourceRange(at: rootRange.start)

        var version = Located(1, at: start)
        if let node = keys["formc"] {
            if let number = reader.number(node, "formc", expecting: .value("1, the version of the format")) {
                // On the text too: a Double reads `1.00000000000000000001` as 1.
                if number.value != 1 || !reader.tree.withText(node, ValueReader.isWholeLiteral) {
                    diagnostics.error(
                        .unsupportedVersion, "unsupported formc version \(reader.tree.text(node) ?? reader.written(number, node))",
                        at: number.range, help: [.write("1", line: "only version 1 exists: write formc: 1", title: "Write 1")]
                    )
                }
                // `formc: 1e99` is FC105 above; it must not trap converting to Int.
                version = Located(Int(exactly: number.value) ?? 0, at: number.range)
            }
        } else {
            reportMissing("missing required key 'formc'", at: start, help: "add 'formc: 1' as the first line")
        }

        // A name missing or unreadable (reported here) is empty at the file's start,
        // which the checker takes for "already reported" (`checkFormName`).
        var name = Located("", at: .fileStart)
        if let node = keys["form"] {
            if let value = reader.string(node, "form", as: .name(upper: true)) { name = value }
        } else {
            reportMissing(
                "missing required key 'form'", at: start,
                help: "add 'form: MyForm', the name of the generated Swift type"
            )
        }

        let title = keys["title"].flatMap { reader.string($0, "title") }
        let validateOn = keys["validateOn"].flatMap { reader.choice($0, "validateOn", as: ValidationTrigger.self) }

        if let node = keys["options"] { optionSets = optionSetList(node) }
        var elements: [Element] = []
        if let node = keys["elements"] {
            elements = elementList(node, keyRange: keys.keyRange("elements")!, owner: "the form")
        } else {
            reportMissing(
                "missing required key 'elements'", at: start,
                help: "add 'elements:' with a list of fields, groups and text"
            )
        }
        var document = FormDocument(
            version: version, name: name, title: title, validateOn: validateOn, elements: elements, range: rootRange
        )
        document.optionSets = optionSets
        document.hasRuleConditions = sawRuleCondition
        document.unreadNames = unreadNames
        document.guessedKinds = guessedKinds
        return document
    }

    /// A required, non-empty list of elements (the form's or a group's).
    mutating func elementList(_ node: NodeID, keyRange: SourceRange, owner: @autoclosure () -> String) -> [Element] {
        guard reader.acceptTag(of: node, allowString: false) else { return [] }
        guard tree.isSequence(node) else {
            if reader.isMissingValue(node) {
                diagnostics.error(.missingKey, "'elements' of \(owner()) is empty", at: keyRange, help: ["list at least one element"])
            } else {
                diagnostics.error(
                    .wrongType, "expected a list of elements, found \(tree.kindDescription(node))", at: tree.range(node),
                    help: [
                        reader.isJSON
                            ? #"write the elements as a list of objects: "elements": [{"textField": "email"}]"#
                            : "write the elements as a list, one '- kind: id' item on each line under 'elements:'",
                    ]
                )
            }
            return []
        }
        let items = tree.items(node)
        if items.isEmpty {
            diagnostics.error(.missingKey, "'elements' of \(owner()) is empty", at: tree.range(node), help: ["list at least one element"])
        }
        if decodesInPieces, let cuts = FormDecoder.parallelCuts(of: items, in: tree), let elements = elementsInPieces(items, cuts: cuts) {
            return elements
        }
        return elements(items[...])
    }

    mutating func elements(_ items: Slice<SyntaxTree.Items>) -> [Element] {
        var elements: [Element] = []
        elements.reserveCapacity(items.count)
        for item in items {
            if stopped { break }
            if let element = element(item) { elements.append(element) }
        }
        return elements
    }

    mutating func element(_ node: NodeID) -> Element? {
        let tree = tree
        let range = tree.range(node)
        elementCount += 1
        if elementCount > limits.maxElements {
            diagnostics.error(
                .limitExceeded, "the form has more than \(limits.maxElements) elements", at: range,
                help: ["split the form into several forms"]
            )
            stopped = true
            return nil
        }
        guard reader.acceptTag(of: node, allowString: false) else { return nil }
        guard tree.isMapping(node) else {
            var help: [DiagnosticHelp] = []
            let text = tree.text(node) ?? ""
            let words = text.split(separator: " ", maxSplits: 1).map(String.init)
            if ElementKind.keywords.contains(text) {
                help.append("write '\(text): <id>' to make an element of kind \(text)")
            } else if words.count == 2, ElementKind.keywords.contains(words[0]), tree.style(node) == .plain, !reader.isJSON {
                // `- spacer 24`: the kind and its value, without the colon. The fix is
                // offered where the value reads as the kind's (a text quoted as YAML
                // needs it, a number, an id); else the line alone says what to write.
                let kind = words[0]
                let value = String(words[1].drop { $0 == " " })
                let fits = switch kind {
                case "staticText": true
                case "spacer": ValueReader.plainNumber(value) == value && !value.hasPrefix("-")
                default: Self.isWritableID(value)
                }
                let entry = "\(kind): \(kind == "staticText" ? YAMLPlain.literal(value) : value)"
                help.append(
                    fits
                        ? .write(entry, line: "write a ':' after the kind: \(entry)", title: "Write '\(entry)'")
                        : "write a ':' after the kind, and \(kind == "spacer" ? "a height in points" : "the element's id, a lowerCamelCase name,") after it"
                )
            } else if !reader.isJSON, tree.style(node) == .plain, !text.contains("\n"), let colon = text.firstIndex(of: ":"),
                      ElementKind.keywords.contains(String(text[..<colon])), let first = text[text.index(after: colon)...].first,
                      first != " ", first != ":", UnicodeSpace.first(in: String(first)) == nil {
                // `- spacer:24`: YAML reads a ':' with no space after it as text.
                let entry = "\(text[..<colon]): \(KeySchema.valueAsWritten(String(text[text.index(after: colon)...])))"
                help.append(.write(entry, line: "write a space after the ':' (YAML reads 'kind:id' as one word): \(entry)", title: "Write '\(entry)'"))
            } else if !reader.isJSON, tree.style(node) == .plain, !text.contains("\n"), let colon = text.firstRange(of: ":"),
                      let space = UnicodeSpace.first(in: String(text[colon.upperBound...].prefix(1))), space.meant == " " {
                // `- spacer:<U+00A0>24` is one word to YAML: the space after its ':' is no space.
                // Every space after it goes (a web page's `&nbsp;&nbsp;`): the one written is plain.
                let value = text[colon.upperBound...].drop { $0 == " " || UnicodeSpace.first(in: String($0))?.meant == " " }
                let spaced = String(text[..<colon.upperBound]) + " " + String(value)
                help.append(.write(
                    spaced, line: "the ':' is followed by \(space.name), which is not white space in YAML: write \(spaced)", title: "Write '\(spaced)'"
                ))
            } else {
                help.append(
                    reader.isJSON
                        ? #"write an element as an object of its kind and id, such as {"textField": "email"}"#
                        : "write an element as its kind and id, such as '- textField: email', with its other keys under it"
                )
            }
            diagnostics.error(
                .wrongType, "expected an element (a mapping such as 'textField: email'), found \(tree.kindDescription(node))",
                at: range, help: help
            )
            return nil
        }
        let entries = tree.entries(node)

        // Exactly one kind key (SPEC §3).
        var kindEntry: (key: NodeID, value: NodeID)?
        var kindIndex = 0
        var kindCount = 0
        for entry in entries {
            guard let index = Self.kindIndex(entry.key, in: tree) else { continue }
            kindCount += 1
            guard let first = kindEntry else {
                kindEntry = entry
                kindIndex = index
                continue
            }
            let kind = ElementKind.keywords[kindIndex]
            let keyword = ElementKind.keywords[index]
            diagnostics.error(
                .elementKindCount,
                "element has more than one kind: '\(kind)' and '\(keyword)'",
                at: tree.range(entry.key), notes: [diagnostics.note("kind given first here", at: tree.range(first.key))],
                help: ["give each element its own list item, starting with '- '"]
            )
        }
        // FC103 for a kind misspelt as one kind (`textFeld`): the element is read as
        // that kind, so that its other mistakes show in the same run (SPEC §4).
        var isGuessed = false
        if kindEntry == nil, let guess = reportMissingKind(entries, node: node) {
            (kindEntry, kindIndex, kindCount, isGuessed) = (guess.entry, guess.kind, 1, true)
        }
        guard let kindEntry else {
            noteUnread(node, as: .element)
            return nil
        }
        guard kindCount == 1 else {
            noteUnread(node, as: .element)
            return nil
        }
        let kind = ElementKind.keywords[kindIndex]
        // SPEC §14: an entry holds any kind but list and page; pages stand only at the
        // top level (§15.1). Either is FC103, and is then read as a group of the entry
        // (`nestedAsGroup`), so that what it holds is checked too.
        var nestedAsGroup = false
        if insideList, kind == "list" {
            diagnostics.error(
                .unknownElementKind, "a list cannot hold a list: lists do not nest", at: tree.range(kindEntry.key),
                help: ["move the inner list out to the form, or make its fields fields of the entry"]
            )
            nestedAsGroup = true
        }
        if insideList, kind == "page" {
            diagnostics.error(
                .unknownElementKind, "a list's entry cannot hold a page: pages stand only at the top level of the form",
                at: tree.range(kindEntry.key),
                help: ["use 'group' for a section of the entry, or put the list inside a page"]
            )
            nestedAsGroup = true
        }
        // Named only in a message (made when there is one). An id JSON writes as no
        // string (`"boolean": 12`) is unread, as `elementKind` finds.
        let isJSON = reader.isJSON
        let keys = KeyedMapping(
            node, in: tree, allowed: KeySchema.allowedKeys(forKind: kindIndex),
            context: ElementKind.named(
                kind, id: isJSON && tree.style(kindEntry.value) == .plain ? "" : tree.text(kindEntry.value) ?? ""
            ),
            diagnostics: &diagnostics, elementKind: kind, ignoring: isGuessed ? kindEntry.key : nil
        )
        // What a guessed element names is not reported unknown elsewhere, as for any
        // element the FC103 leaves unread.
        if isGuessed {
            noteUnread(node, as: .element)
            guessedKinds.insert(tree.range(kindEntry.key).start)
        } else if !Self.kindTakesOptions[kindIndex], let options = keys["options"] {
            // `options: Country` on a kind without options is FC101: the set it names is not unused.
            noteUnread(options, as: .options)
        }
        guard var decoded = elementKind(kind, entry: kindEntry, keys: keys) else { return nil }
        if nestedAsGroup {
            // Read as a group without an id: its id names no group, and a condition
            // naming it is not told it is one (the FC103 says what it is).
            switch decoded {
            case .list(let list):
                unreadNames.insert(list.id.value)
                decoded = .group(GroupDecl(elements: list.elements))
            case .group(var page):
                if let id = page.id { unreadNames.insert(id.value) }
                page.id = nil
                page.isPage = false
                decoded = .group(page)
            default:
                break
            }
        }
        return Element(
            kind: decoded, range: range, kindKeyRange: tree.range(kindEntry.key),
            visibleWhen: keys["visibleWhen"].flatMap { condition($0, "visibleWhen") },
            enabledWhen: keys["enabledWhen"].flatMap { condition($0, "enabledWhen") }
        )
    }

    /// FC100 for a required key that the mapping has not, under its name or a
    /// misspelling of it (which `KeyedMapping` reads as the key).
    mutating func reportMissing(_ message: String, at range: SourceRange, help: String) {
        diagnostics.error(.missingKey, message, at: range, help: [DiagnosticHelp(reader.isJSON ? Self.inJSON(help) : help)])
    }

    /// A help line's YAML snippets, each in single quotes (`'title:'`, `'formc: 1'`,
    /// `'{ value: pro, title: Pro }'`), written as JSON (`"title"`, `"formc": 1`,
    /// `{"value": "pro", "title": "Pro"}`).
    static func inJSON(_ help: String) -> String {
        func value(_ text: Substring) -> String {
            let text = trimmed(text)
            return ValueReader.plainNumber(text) == text ? text : "\"\(text)\""
        }
        func member(_ text: Substring) -> String {
            guard let colon = text.firstIndex(of: ":") else { return value(text) }
            let key = "\"\(trimmed(text[..<colon]))\""
            let rest = text[text.index(after: colon)...]
            return rest.allSatisfy({ $0 == " " }) ? key : "\(key): \(value(rest))"
        }
        var out = ""
        var rest = Substring(help)
        while let open = rest.firstIndex(of: "'"), let close = rest[rest.index(after: open)...].firstIndex(of: "'") {
            out += rest[..<open]
            let snippet = rest[rest.index(after: open)..<close]
            if snippet.hasPrefix("{"), snippet.hasSuffix("}") {
                out += "{" + snippet.dropFirst().dropLast().split(separator: ",").map(member).joined(separator: ", ") + "}"
            } else {
                out += member(snippet)
            }
            rest = rest[rest.index(after: close)...]
        }
        return (out + rest).replacing("as the first line", with: "as the first member")
    }

    /// What a part of the file that could not be read was meant as.
    enum UnreadPart {
        /// An element's mapping: its id (its first key's value, or a kind key's),
        /// the set its `options` names, the elements of its `elements`.
        case element
        /// A list of elements.
        case elements
        /// `options`: a set's name. (A list of options is the field's: with the field
        /// unread, or without its options, nothing compares with them.)
        case options
        /// An option's value.
        case optionValue
    }

    /// Notes the ids, set names and option values in `node`, a part of the file that
    /// could not be read, read as `part` (`unreadNames`).
    mutating func noteUnread(_ node: NodeID, as part: UnreadPart) {
        let tree = tree
        switch (part, tree.kind(node)) {
        case (.optionValue, .scalar), (.options, .scalar):
            if let text = tree.text(node), !text.isEmpty { unreadNames.insert(text) }
        case (.elements, .sequence):
            for item in tree.items(node) { noteUnread(item, as: .element) }
        case (.element, .mapping):
            for (index, entry) in tree.entries(node).enumerated() {
                if tree.textEquals(entry.key, "options") {
                    noteUnread(entry.value, as: .options)
                } else if tree.textEquals(entry.key, "elements") {
                    noteUnread(entry.value, as: .elements)
                } else if index == 0 || Self.kindIndex(entry.key, in: tree) != nil, tree.kind(entry.value) == .scalar,
                          let id = tree.text(entry.value), !id.isEmpty {
                    unreadNames.insert(id)
                }
            }
        default:
            break
        }
    }

    /// The formc kind meant by another library's name of an element kind, too far
    /// from every formc kind for a did-you-mean, with the help that says so.
    static func kindMeant(byOtherName word: String) -> (kind: String, help: String)? {
        switch word.lowercased() {
        case "repeater", "paneldynamic", "dynamicpanel", "fieldarray", "array", "multivaluedsection", "repeatable":
            ("list", "entries the person adds and removes are a 'list', with an entry's fields in its 'elements'")
        case "select", "dropdown", "combobox", "menu":
            ("picker", "a choice of one from a menu is a 'picker', with its 'options'")
        case "radiogroup", "radio", "radiobuttons", "buttongroup":
            ("segment", "a choice of one shown side by side is a 'segment', with its 'options'")
        case "checkbox", "toggle", "switch", "checkboxfield":
            ("boolean", "an on/off choice is a 'boolean', with its 'title'")
        case "checkboxes", "tagbox", "checklist", "multiselect":
            ("multiChoice", "a choice of several is a 'multiChoice', with its 'options'")
        case "panel", "fieldset", "section":
            ("group", "elements shown together are a 'group', with its 'elements'")
        case "text", "input", "email", "password", "tel", "phone", "string", "textinput", "textbox", "shorttext":
            ("textField", "a line of text is a 'textField'; its 'keyboard', 'contentType' and 'secure' make it an email, phone or password field")
        case "textarea", "comment", "multilinetext", "longtext":
            ("textView", "text of several lines is a 'textView'")
        case "time", "datetime", "datetime-local", "datepicker":
            ("date", "a date, a time or both is a 'date', with its 'mode' (date, time or dateTime)")
        case "integer", "int", "decimal", "numeric", "numberfield":
            ("number", "a number is a 'number', with 'decimals' for a fractional one")
        case "html", "heading", "header", "label":
            ("staticText", "text shown, not entered, is a 'staticText'")
        default:
            nil
        }
    }

    /// The index in `ElementKind.keywords` of the kind whose key `key` is, if it is one.
    /// Every key of every element is asked; `kindKeyBits` rules out most with one test.
    static func kindIndex(_ key: NodeID, in tree: SyntaxTree) -> Int? {
        guard tree.keyBit(key) & kindKeyBits != 0 else { return nil }
        return KeySchema.kindKeywords.firstIndex { tree.textEquals(key, $0) }
    }

    /// Whether the kind at each index of `ElementKind.keywords` takes `options`.
    private static let kindTakesOptions: [Bool] = ElementKind.keywords.indices.map { kind in
        KeySchema.allowedKeys(forKind: kind).contains { $0.description == "options" }
    }

    /// The `SyntaxTree.keyBit`s of the kind keywords.
    private static let kindKeyBits = KeySchema.kindKeywords.reduce(UInt64(0)) { $0 | SyntaxTree.keyBit($1) }

    /// FC103 when the first key looks like a kind (a typo of one, or an unknown word);
    /// FC104 when the element only has keys that belong to elements, but no kind key.
    /// Returns the entry and the kind (its index in `ElementKind.keywords`) when the
    /// FC103 proposes one kind for it.
    @discardableResult
    mutating func reportMissingKind(_ entries: SyntaxTree.Entries, node: NodeID) -> (entry: (key: NodeID, value: NodeID), kind: Int)? {
        let tree = tree
        let firstUnknown = entries.first { !KeySchema.anyElementKey.contains(tree.text($0.key) ?? "") }
        if let candidate = firstUnknown, let word = tree.text(candidate.key) {
            if let help = KeySchema.keyRunIntoValue(candidate.key, value: candidate.value, in: tree, names: ElementKind.keywords) {
                diagnostics.error(.unknownElementKind, "unknown element kind '\(word)'", at: tree.range(candidate.key), help: [help])
                return nil
            }
            let words = word.split(separator: " ", maxSplits: 1)
            let rest = words.count == 2 ? Self.trimmed(words[1]) : ""
            if !rest.isEmpty, ElementKind.keywords.contains(String(words[0])) {
                let help = Self.kindWithAWordHelp(kind: String(words[0]), word: rest, key: candidate.key, value: candidate.value, in: tree)
                diagnostics.error(.unknownElementKind, "unknown element kind '\(word)'", at: tree.range(candidate.key), help: [help])
                return nil
            }
            if let (kind, line) = Self.kindMeant(byOtherName: word) {
                // Another library's name of a kind (SurveyJS's `paneldynamic`, FormKit's `repeater`):
                // read as the kind it is in formc, as a misspelt kind is, but for a list.
                diagnostics.error(
                    .unknownElementKind, "unknown element kind '\(word)'", at: tree.range(candidate.key),
                    help: [DiagnosticHelp(line, fix: DiagnosticFix(title: "Replace with '\(kind)'", text: kind, placement: .insideQuotes))]
                )
                guard kind != "list", let index = ElementKind.keywords.firstIndex(of: kind) else { return nil }
                return (candidate, index)
            }
            let help = Suggestions.didYouMeanOrList(word, in: ElementKind.keywords, listing: "the element kinds are")
            diagnostics.error(.unknownElementKind, "unknown element kind '\(word)'", at: tree.range(candidate.key), help: help)
            // A page or a list guessed would be checked for where it stands, which the
            // misspelt element may not mean: those are read no further.
            guard help.first?.fix != nil, let meant = Suggestions.closest(to: word, in: ElementKind.keywords),
                  meant != "page", meant != "list", let kind = ElementKind.keywords.firstIndex(of: meant) else { return nil }
            return (candidate, kind)
        } else {
            diagnostics.error(
                .elementKindCount, "element has no kind key", at: entries.first.map { tree.range($0.key) } ?? tree.range(node),
                help: ["start the element with its kind, e.g. \(reader.isJSON ? #"{"textField": "email", …}"# : "'- textField: email'"); the kinds are: \(ElementKind.keywords.joined(separator: ", "))"]
            )
            return nil
        }
    }

    /// Whether a help may write `text` as an element's id: a lowerCamelCase name that
    /// is no Swift keyword (the rest of FC201 is the checker's).
    static func isWritableID(_ text: String) -> Bool {
        SwiftNaming.isLowerCamelCase(text) && !SwiftNaming.keywords.contains(text)
    }

    /// `text` without the spaces it starts and ends with.
    static func trimmed(_ text: Substring) -> String {
        String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    /// The help for a key that is a kind and a word (`- staticText Note: read this`,
    /// `- textField name: x`): the colon after the kind was left out, and YAML ended
    /// the key at a ': ' further on (in a staticText, the text's own), or the key has
    /// no value (`- { number guests, title: G }`), when the fix writes the colon. A
    /// JSON key has no such end: the help shows the kind alone as the key.
    static func kindWithAWordHelp(kind: String, word: String, key: NodeID, value: NodeID, in tree: SyntaxTree) -> DiagnosticHelp {
        if kind == "staticText", !tree.isJSON, tree.kind(value) == .scalar, let valueText = tree.text(value) {
            let text = valueText.isEmpty ? word + ":" : word + ": " + valueText
            let entry = "staticText: \(YAMLPlain.doubleQuoted(text))"
            return DiagnosticHelp(
                "write a ':' after the kind, and the text in quotes (YAML ends a key at ': '): '- \(entry)'",
                fix: DiagnosticFix(title: "Write '\(entry)'", text: entry, placement: .entry)
            )
        }
        let id = kind != "staticText" && isWritableID(word) ? word : "…"
        // No ':' after the key: its value is the empty one YAML gives it where it ends.
        // A key written with an anchor or a tag (its range longer than its text) keeps
        // them: no fix.
        let keyRange = tree.range(key)
        if !tree.isJSON, id != "…", tree.style(key) == .plain, tree.isEmptyScalar(value), tree.range(value).start == keyRange.end,
           keyRange.start.line == keyRange.end.line,
           keyRange.end.column - keyRange.start.column == kind.unicodeScalars.count + 1 + word.unicodeScalars.count {
            let entry = "\(kind): \(id)"
            return DiagnosticHelp(
                "write a ':' after the kind: \(entry)",
                fix: DiagnosticFix(title: "Write '\(entry)'", text: entry, placement: .range(keyRange))
            )
        }
        return tree.isJSON
            ? "write the kind alone as the key, and the \(kind == "staticText" ? "text" : "id") as its value: {\"\(kind)\": \"\(id)\"}"
            : "write a ':' after the kind, then the \(kind == "staticText" ? "text" : "id"): '- \(kind): \(id)'"
    }
}
