import FormModel
import FormSource

/// One string a person reads, with its stable key (SPEC §11): what `formc
/// strings` writes into a String Catalog and generated code looks up.
public struct LocalizableString: Sendable, Hashable {
    /// `SignUpForm.email.placeholder`.
    public var key: String
    /// The text as the form gives it (or the default message), in the source language.
    public var source: String
    /// Where the string is used, for translators: `Placeholder of the text field email in SignUpForm`.
    public var comment: String
    /// The string in the form file (a default message: the rule's name).
    public var range: SourceRange

    public init(key: String, source: String, comment: String, range: SourceRange) {
        self.key = key
        self.source = source
        self.comment = comment
        self.range = range
    }
}

/// The strings of a checked form, in document order, and the keys they have
/// (SPEC §11). One pure function serves `formc strings`, `formc lint --strings`
/// and the emitter, so the keys in the catalog and in the generated code are the
/// same by construction; the walk that collects them also localizes a document
/// for the preview (`localized(_:text:)`).
///
/// Keys: `Form.title`; `Form.ID.title|label|placeholder|unit|footer` for an
/// element with an id; `Form.ID.option.VALUE` for an option's title;
/// `Form.ID.RULE.message` for a rule's given or default message (the n-th rule of
/// one name on a field, n ≥ 2, is `Form.ID.RULE.n.message`); `Form.staticText.N`
/// for the n-th static text and `Form.group.N.title|footer` for the n-th group
/// without an id, both counted from 1 in document order.
public enum FormStrings {
    /// Every string of `document`; `diagnostics` gets FC204 for two different
    /// strings under one key (the second is left out).
    public static func strings(of document: FormDocument, diagnostics: inout DiagnosticBag) -> [LocalizableString] {
        let strings = collected(document)
        // Each key's place in `result`.
        var seen = [String: Int](minimumCapacity: strings.count)
        var result: [LocalizableString] = []
        result.reserveCapacity(strings.count)
        for string in strings {
            if let firstIndex = seen[string.key] {
                let first = result[firstIndex]
                if first.source != string.source {
                    diagnostics.error(
                        .nameCollision, "two strings have the localization key '\(string.key)'", at: string.range,
                        notes: [diagnostics.note("the key's first string is here", at: first.range)],
                        help: ["rename the option value or field id so that the keys differ"]
                    )
                }
                continue
            }
            seen[string.key] = result.count
            result.append(string)
        }
        return result
    }

    /// Every string of `document` in document order, keys repeated.
    private static func collected(_ document: FormDocument) -> [LocalizableString] {
        var collector = Collector(form: document.name.value)
        collector.prepare(document)
        var copy = document
        collector.collect(&copy)
        return collector.strings
    }

    /// The strings of a checked form, without diagnostics (the checker let it through).
    public static func strings(of document: FormDocument) -> [LocalizableString] {
        var diagnostics = DiagnosticBag(file: "")
        return strings(of: document, diagnostics: &diagnostics)
    }

    /// `document` with every string replaced by `text(string)`, looked up by the
    /// string's key (SPEC §11), and every default message written out as the
    /// rule's message: a reader of the result (the preview) shows whole
    /// translated sentences and never builds one from a translated field name.
    public static func localized(_ document: FormDocument, text: @escaping (LocalizableString) -> String) -> FormDocument {
        var collector = Collector(form: document.name.value, replacement: text)
        collector.prepare(document)
        var result = document
        collector.collect(&result)
        return result
    }

    /// The ordinal (from 1) of each static text and of each group without an id,
    /// by element path: the `N` in `Form.staticText.N` and `Form.group.N.title`.
    public static func unnamedOrdinals(of document: FormDocument) -> [ElementPath: Int] {
        var ordinals: [ElementPath: Int] = [:]
        var texts = 0
        var groups = 0
        func walk(_ elements: [Element], at path: ElementPath) {
            for (index, element) in elements.enumerated() {
                switch element.kind {
                case .staticText:
                    texts += 1
                    ordinals[path + [index]] = texts
                case .group(let group):
                    if group.id == nil {
                        groups += 1
                        ordinals[path + [index]] = groups
                    }
                    walk(group.elements, at: path + [index])
                default:
                    break
                }
            }
        }
        walk(document.elements, at: [])
        return ordinals
    }

    // MARK: - Keys

    /// `Form.title`: the form's own title.
    package static func titleKey(form: String) -> String {
        form + ".title"
    }

    /// `Form.ID.PART`.
    package static func key(form: String, id: String, _ part: String) -> String {
        String(unsafeUninitializedCapacity: form.utf8.count + id.utf8.count + part.utf8.count + 2) { key in
            var end = key.initialize(fromContentsOf: form.utf8)
            key[end] = UInt8(ascii: ".")
            end = key[(end + 1)...].initialize(fromContentsOf: id.utf8)
            key[end] = UInt8(ascii: ".")
            return key[(end + 1)...].initialize(fromContentsOf: part.utf8)
        }
    }

    /// What an option's value follows in its title's key: `Form.ID.option.` for
    /// a field's own options, `Form.options.SET.` for a shared set's (SPEC §16),
    /// one key per option whichever fields use the set.
    package static func optionKeyPrefix(form: String, id: String, optionSet: String?) -> String {
        if let optionSet { return form + ".options." + optionSet + "." }
        return key(form: form, id: id, "option.")
    }

    /// `Form.staticText.N`.
    package static func staticTextKey(form: String, ordinal: Int) -> String {
        form + ".staticText." + String(ordinal)
    }

    /// The element part of an unnamed group's keys: `group.N`.
    package static func unnamedGroupID(ordinal: Int) -> String {
        "group." + String(ordinal)
    }

    /// `Form.ID.RULE.message`; `Form.ID.RULE.N.message` for the n-th rule of one name.
    static func messageKey(form: String, id: String, rule: String, occurrence: Int) -> String {
        var key = ""
        forEachPieceOfMessageKey(form: form, id: id, rule: rule, occurrence: occurrence) { key += $0 }
        return key
    }

    /// The pieces of `messageKey(form:id:rule:occurrence:)`, in order: the
    /// emitter writes them straight into the key's literal, with no `String`
    /// made for each of a large form's tens of thousands of rules.
    package static func forEachPieceOfMessageKey(form: String, id: String, rule: String, occurrence: Int, _ body: (String) -> Void) {
        body(form)
        body(".")
        body(id)
        body(".")
        body(rule)
        if occurrence > 1 {
            body(".")
            body(String(occurrence))
        }
        body(".message")
    }

    /// How many rules of the same name come before `rules[index]`, plus one: the
    /// `N` of `messageKey`. Counted in place (a field has a few rules), so that
    /// the emitter allocates nothing per rule.
    package static func occurrence(of index: Int, in rules: [RuleDecl]) -> Int {
        let name = rules[index].kind.name
        var count = 1
        for earlier in rules[..<index] where earlier.kind.name == name { count += 1 }
        return count
    }

    /// `first`, `second`, `third`, then `4th`, `21st`…: a rule's place among
    /// those of its name, in a comment.
    static func ordinal(_ number: Int) -> String {
        switch number {
        case 1: return "first"
        case 2: return "second"
        case 3: return "third"
        default:
            let suffix = (number % 100) / 10 == 1 ? "th" : [1: "st", 2: "nd", 3: "rd"][number % 10] ?? "th"
            return "\(number)\(suffix)"
        }
    }

    /// What a kind is called in a comment: `text field`, `multi choice`.
    static func kindWords(_ kind: ElementKind) -> String {
        SwiftNaming.words(fromIdentifier: kind.keyword).lowercased()
    }

    // MARK: - Collecting

    /// Walks a document's strings in document order, giving each its key; with a
    /// `replacement`, also writes each string's replacement into the document. One
    /// walk serves `strings(of:)` and `localized(_:text:)`, so the keys a catalog
    /// holds and the keys a localized document is looked up by are the same.
    private struct Collector {
        let form: String
        /// The new text of a string; nil collects without changing the document.
        let replacement: ((LocalizableString) -> String)?
        var strings: [LocalizableString] = []
        var ordinals: [ElementPath: Int] = [:]
        /// A field's display name (SPEC §6.3) by id, for default messages.
        var displayNames: [String: String] = [:]
        /// Where the strings are, for the comments: the form, or a list's entries in it.
        var place: String
        /// The form whose `options.` keys name shared option sets: an entry's sets
        /// are the form's, localized once (SPEC §16).
        var setForm: String

        init(form: String, replacement: ((LocalizableString) -> String)? = nil) {
            self.form = form
            self.replacement = replacement
            place = form
            setForm = form
        }

        /// What a walk needs of the whole document: ordinals and display names.
        mutating func prepare(_ document: FormDocument) {
            ordinals = FormStrings.unnamedOrdinals(of: document)
            for element in document.allElements {
                if let id = element.field?.id.value { displayNames[id] = DefaultMessages.displayName(of: element.kind, id: id) }
            }
        }

        /// The strings of the document: its title, then its elements'. The
        /// collector is prepared.
        mutating func collect(_ document: inout FormDocument) {
            if let title = document.title {
                document.title = add(LocalizableString(
                    key: FormStrings.titleKey(form: form), source: title.value, comment: "Title of the form \(form)", range: title.range
                ), title)
            }
            walk(&document.elements, at: [])
        }

        /// Records `string`; returns `text` with its replacement, or unchanged when only collecting.
        private mutating func add(_ string: LocalizableString, _ text: Located<String>) -> Located<String> {
            strings.append(string)
            guard let replacement else { return text }
            return Located(replacement(string), at: text.range)
        }

        private mutating func walk(_ elements: inout [Element], at path: ElementPath) {
            for index in elements.indices {
                collect(&elements[index], at: path + [index])
                if case .group(var group) = elements[index].kind {
                    walk(&group.elements, at: path + [index])
                    if replacement != nil { elements[index].kind = .group(group) }
                }
            }
        }

        private mutating func add(_ id: String, _ part: String, _ text: inout Located<String>?, _ what: String, of element: String) {
            guard let located = text else { return }
            text = add(LocalizableString(
                key: FormStrings.key(form: form, id: id, part), source: located.value,
                comment: "\(what) of \(element) in \(place)", range: located.range
            ), located)
        }

        /// The element's strings; its kind is rewritten only when there is a replacement.
        private mutating func collect(_ element: inout Element, at path: ElementPath) {
            let kind = element.kind
            let words = FormStrings.kindWords(kind)
            var rewritten = kind
            switch kind {
            case .group(var group):
                let id: String
                let name: String
                if let groupID = group.id?.value {
                    id = groupID
                    name = group.isPage ? "the page \(groupID)" : "the group \(groupID)"
                } else {
                    let ordinal = ordinals[path] ?? 0
                    id = FormStrings.unnamedGroupID(ordinal: ordinal)
                    name = "group \(ordinal)"
                }
                add(id, "title", &group.title, "Title", of: name)
                add(id, "footer", &group.footer, "Footer", of: name)
                rewritten = .group(group)
            case .boolean(var field):
                add(field.id.value, "title", &field.title, "Title", of: "the \(words) \(field.id.value)")
                messages(of: &field.common, kind: kind, words: words)
                rewritten = .boolean(field)
            case .segment(var field):
                add(field.id.value, "title", &field.title, "Title", of: "the \(words) \(field.id.value)")
                options(&field.options, of: field.id.value, set: field.optionSet?.value, words: words)
                messages(of: &field.common, kind: kind, words: words)
                rewritten = .segment(field)
            case .text(var field):
                let name = "the \(words) \(field.id.value)"
                add(field.id.value, "label", &field.label, "Label", of: name)
                add(field.id.value, "placeholder", &field.placeholder, "Placeholder", of: name)
                messages(of: &field.common, kind: kind, words: words)
                rewritten = .text(field)
            case .number(var field):
                let name = "the \(words) \(field.id.value)"
                add(field.id.value, "title", &field.title, "Title", of: name)
                add(field.id.value, "placeholder", &field.placeholder, "Placeholder", of: name)
                add(field.id.value, "unit", &field.unit, "Unit", of: name)
                messages(of: &field.common, kind: kind, words: words)
                rewritten = .number(field)
            case .date(var field):
                add(field.id.value, "title", &field.title, "Title", of: "the \(words) \(field.id.value)")
                messages(of: &field.common, kind: kind, words: words)
                rewritten = .date(field)
            case .multiChoice(var field):
                add(field.id.value, "title", &field.title, "Title", of: "the \(words) \(field.id.value)")
                options(&field.options, of: field.id.value, set: field.optionSet?.value, words: words)
                messages(of: &field.common, kind: kind, words: words)
                rewritten = .multiChoice(field)
            case .spacer:
                break
            case .staticText(var text):
                let ordinal = ordinals[path] ?? 0
                text.text = add(LocalizableString(
                    key: FormStrings.staticTextKey(form: form, ordinal: ordinal), source: text.text.value,
                    comment: "Static text \(ordinal) of \(place)", range: text.text.range
                ), text.text)
                rewritten = .staticText(text)
            case .segue(var segue):
                add(segue.id.value, "title", &segue.title, "Title", of: "the segue \(segue.id.value)")
                rewritten = .segue(segue)
            case .list(var list):
                list = collect(list)
                rewritten = .list(list)
            }
            if replacement != nil { element.kind = rewritten }
        }

        /// A list's strings (SPEC §14): its title, item title and add title, its own
        /// rules' messages, then its entry's strings, whose keys start with the
        /// form's type and the list's id (`JobForm.employers.company.placeholder`).
        private mutating func collect(_ list: ListDecl) -> ListDecl {
            var list = list
            let id = list.id.value
            let name = "the list \(id)"
            // The count messages' source names the list by its own title, not a
            // translation of it: an untranslated message is the whole English sentence.
            let listName = DefaultMessages.listName(list)
            add(id, "title", &list.title, "Title", of: name)
            add(id, "itemTitle", &list.itemTitle, "Heading of each entry", of: name)
            add(id, "addTitle", &list.addTitle, "Label of the add action", of: name)
            if let minimum = list.minItems, minimum.value > 0 {
                let string = LocalizableString(
                    key: FormStrings.listMessageKey(form: form, list: id, rule: "minItems"),
                    source: DefaultMessages.minItems(listName: listName, count: minimum.value),
                    comment: "Message of the rule minItems of \(name) in \(form)", range: minimum.range
                )
                strings.append(string)
                if let replacement { list.minItemsMessage = replacement(string) }
            }
            if let maximum = list.maxItems {
                let string = LocalizableString(
                    key: FormStrings.listMessageKey(form: form, list: id, rule: "maxItems"),
                    source: DefaultMessages.maxItems(listName: listName, count: maximum.value),
                    comment: "Message of the rule maxItems of \(name) in \(form)", range: maximum.range
                )
                strings.append(string)
                if let replacement { list.maxItemsMessage = replacement(string) }
            }
            var entry = FormDocument(
                version: Located(1, at: list.id.range), name: Located(FormStrings.entryKeyPrefix(form: form, list: id), at: list.id.range),
                elements: list.elements, range: list.id.range
            )
            var collector = Collector(form: entry.name.value, replacement: replacement)
            collector.place = "the entries of \(name) in \(place)"
            collector.setForm = setForm
            collector.prepare(entry)
            // An entry's `sameAs` may name a field of the form outside the list.
            for (id, displayName) in displayNames where collector.displayNames[id] == nil {
                collector.displayNames[id] = displayName
            }
            collector.collect(&entry)
            strings += collector.strings
            if replacement != nil { list.elements = entry.elements }
            return list
        }

        private mutating func options(_ options: inout [SegmentOption], of id: String, set: String?, words: String) {
            for index in options.indices {
                guard let title = options[index].title else { continue }
                let value = options[index].value.value
                options[index].title = add(LocalizableString(
                    key: FormStrings.optionKeyPrefix(form: set == nil ? form : setForm, id: id, optionSet: set) + value, source: title.value,
                    comment: set.map { "Title of the option \(value) of the option set \($0) in \(place)" }
                        ?? "Title of the option \(value) of the \(words) \(id) in \(place)",
                    range: title.range
                ), title)
            }
        }

        /// Each rule's message. When rewriting, a default message becomes the rule's
        /// given message, so that a reader shows the whole translated sentence.
        private mutating func messages(of field: inout FieldCommon, kind: ElementKind, words: String) {
            let id = field.id.value
            for index in field.rules.indices {
                let rule = field.rules[index]
                let occurrence = FormStrings.occurrence(of: index, in: field.rules)
                let message: Located<String>
                if let given = rule.message {
                    message = given
                } else {
                    let target: String? = rule.kind.otherField.flatMap { displayNames[$0] }
                    guard let text = DefaultMessages.message(
                        for: rule.kind, fieldName: displayNames[id] ?? id, targetName: target, valueType: DefaultMessages.boundWording(of: kind)
                    ) else {
                        continue
                    }
                    message = Located(text, at: rule.nameRange)
                }
                // A rule given more than once says which it is, so that a translator
                // can tell `pattern.message` from `pattern.2.message`.
                let repeated = field.rules.indices.contains { $0 != index && field.rules[$0].kind.name == rule.kind.name }
                let which = repeated ? "the \(FormStrings.ordinal(occurrence)) \(rule.kind.name) rule" : "the rule \(rule.kind.name)"
                let replaced = add(LocalizableString(
                    key: FormStrings.messageKey(form: form, id: id, rule: rule.kind.name, occurrence: occurrence), source: message.value,
                    comment: "Message of \(which) of the \(words) \(id) in \(place)", range: message.range
                ), message)
                if replacement != nil { field.rules[index].message = replaced }
            }
        }
    }
}

extension FormStrings {
    /// `JobForm.employers.minItems.message`: the message of a list's own rule (SPEC §14).
    package static func listMessageKey(form: String, list: String, rule: String) -> String {
        form + "." + list + "." + rule + ".message"
    }

    /// `JobForm.employers`: the form name that the keys of a list's entries start
    /// with (`JobForm.employers.company.placeholder`, SPEC §14).
    package static func entryKeyPrefix(form: String, list: String) -> String {
        form + "." + list
    }
}
