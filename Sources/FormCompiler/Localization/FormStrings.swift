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
/// same by construction.
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
        var collector = Collector(form: document.name.value)
        collector.collect(document)
        var seen: [String: LocalizableString] = [:]
        var result: [LocalizableString] = []
        for string in collector.strings {
            if let first = seen[string.key] {
                if first.source != string.source {
                    diagnostics.error(
                        .nameCollision, "two strings have the localization key '\(string.key)'", at: string.range,
                        notes: [diagnostics.note("the key's first string is here", at: first.range)],
                        help: ["rename the option value or field id so that the keys differ"]
                    )
                }
                continue
            }
            seen[string.key] = string
            result.append(string)
        }
        return result
    }

    /// The strings of a checked form, without diagnostics (the checker let it through).
    public static func strings(of document: FormDocument) -> [LocalizableString] {
        var diagnostics = DiagnosticBag(file: "")
        return strings(of: document, diagnostics: &diagnostics)
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
    static func titleKey(form: String) -> String {
        form + ".title"
    }

    /// `Form.ID.PART`.
    static func key(form: String, id: String, _ part: String) -> String {
        form + "." + id + "." + part
    }

    /// `Form.staticText.N`.
    static func staticTextKey(form: String, ordinal: Int) -> String {
        form + ".staticText." + String(ordinal)
    }

    /// The element part of an unnamed group's keys: `group.N`.
    static func unnamedGroupID(ordinal: Int) -> String {
        "group." + String(ordinal)
    }

    /// `Form.ID.RULE.message`; `Form.ID.RULE.N.message` for the n-th rule of one name.
    static func messageKey(form: String, id: String, rule: String, occurrence: Int) -> String {
        occurrence <= 1 ? key(form: form, id: id, rule + ".message") : key(form: form, id: id, rule + "." + String(occurrence) + ".message")
    }

    /// How many rules of the same name come before `rules[index]`, plus one: the
    /// `N` of `messageKey`. Counted in place (a field has a few rules), so that
    /// the emitter allocates nothing per rule.
    static func occurrence(of index: Int, in rules: [RuleDecl]) -> Int {
        let name = rules[index].kind.name
        var count = 1
        for earlier in rules[..<index] where earlier.kind.name == name { count += 1 }
        return count
    }

    /// What a kind is called in a comment: `text field`, `multi choice`.
    static func kindWords(_ kind: ElementKind) -> String {
        SwiftNaming.words(fromIdentifier: kind.keyword).lowercased()
    }

    // MARK: - Collecting

    private struct Collector {
        let form: String
        var strings: [LocalizableString] = []
        var ordinals: [ElementPath: Int] = [:]
        /// A field's display name (SPEC §6.3) by id, for default messages.
        var displayNames: [String: String] = [:]

        init(form: String) {
            self.form = form
        }

        mutating func collect(_ document: FormDocument) {
            ordinals = FormStrings.unnamedOrdinals(of: document)
            for element in document.allElements {
                if let id = element.field?.id.value { displayNames[id] = DefaultMessages.displayName(of: element.kind, id: id) }
            }
            if let title = document.title {
                strings.append(LocalizableString(
                    key: FormStrings.titleKey(form: form), source: title.value, comment: "Title of the form \(form)", range: title.range
                ))
            }
            walk(document.elements, at: [])
        }

        private mutating func walk(_ elements: [Element], at path: ElementPath) {
            for (index, element) in elements.enumerated() {
                collect(element, at: path + [index])
                if case .group(let group) = element.kind { walk(group.elements, at: path + [index]) }
            }
        }

        private mutating func add(_ id: String, _ part: String, _ text: Located<String>?, _ what: String, of element: String) {
            guard let text else { return }
            strings.append(LocalizableString(
                key: FormStrings.key(form: form, id: id, part), source: text.value,
                comment: "\(what) of \(element) in \(form)", range: text.range
            ))
        }

        private mutating func collect(_ element: Element, at path: ElementPath) {
            let kind = element.kind
            let words = FormStrings.kindWords(kind)
            switch kind {
            case .group(let group):
                let id: String
                let name: String
                if let groupID = group.id?.value {
                    id = groupID
                    name = "the group \(groupID)"
                } else {
                    let ordinal = ordinals[path] ?? 0
                    id = FormStrings.unnamedGroupID(ordinal: ordinal)
                    name = "group \(ordinal)"
                }
                add(id, "title", group.title, "Title", of: name)
                add(id, "footer", group.footer, "Footer", of: name)
            case .boolean(let field):
                add(field.id.value, "title", field.title, "Title", of: "the \(words) \(field.id.value)")
            case .segment(let field):
                add(field.id.value, "title", field.title, "Title", of: "the \(words) \(field.id.value)")
                options(field.options, of: field.id.value, words: words)
            case .text(let field):
                let name = "the \(words) \(field.id.value)"
                add(field.id.value, "label", field.label, "Label", of: name)
                add(field.id.value, "placeholder", field.placeholder, "Placeholder", of: name)
            case .number(let field):
                let name = "the \(words) \(field.id.value)"
                add(field.id.value, "title", field.title, "Title", of: name)
                add(field.id.value, "placeholder", field.placeholder, "Placeholder", of: name)
                add(field.id.value, "unit", field.unit, "Unit", of: name)
            case .date(let field):
                add(field.id.value, "title", field.title, "Title", of: "the \(words) \(field.id.value)")
            case .multiChoice(let field):
                add(field.id.value, "title", field.title, "Title", of: "the \(words) \(field.id.value)")
                options(field.options, of: field.id.value, words: words)
            case .spacer:
                break
            case .staticText(let text):
                let ordinal = ordinals[path] ?? 0
                strings.append(LocalizableString(
                    key: FormStrings.staticTextKey(form: form, ordinal: ordinal), source: text.text.value,
                    comment: "Static text \(ordinal) of \(form)", range: text.text.range
                ))
            case .segue(let segue):
                add(segue.id.value, "title", segue.title, "Title", of: "the segue \(segue.id.value)")
            }
            if let field = element.field { messages(of: field, kind: kind, words: words) }
        }

        private mutating func options(_ options: [SegmentOption], of id: String, words: String) {
            for option in options {
                guard let title = option.title else { continue }
                strings.append(LocalizableString(
                    key: FormStrings.key(form: form, id: id, "option." + option.value.value), source: title.value,
                    comment: "Title of the option \(option.value.value) of the \(words) \(id) in \(form)", range: title.range
                ))
            }
        }

        private mutating func messages(of field: FieldCommon, kind: ElementKind, words: String) {
            let id = field.id.value
            for (index, rule) in field.rules.enumerated() {
                let occurrence = FormStrings.occurrence(of: index, in: field.rules)
                let source: String
                let range: SourceRange
                if let message = rule.message {
                    source = message.value
                    range = message.range
                } else {
                    let target: String? = if case .sameAs(let target) = rule.kind { displayNames[target] } else { nil }
                    guard let text = DefaultMessages.message(for: rule.kind, fieldName: displayNames[id] ?? id, targetName: target) else {
                        continue
                    }
                    source = text
                    range = rule.nameRange
                }
                strings.append(LocalizableString(
                    key: FormStrings.messageKey(form: form, id: id, rule: rule.kind.name, occurrence: occurrence), source: source,
                    comment: "Message of the rule \(rule.kind.name) of the \(words) \(id) in \(form)", range: range
                ))
            }
        }
    }
}

extension FormStrings {
    /// FC204 for a key that two forms give different text (two files with one
    /// form name): at the later string, with a note at the first. Forms in input
    /// order; a string with the same key and text in two forms is one string.
    public static func collisions(across forms: [CatalogLint.FormStringsInput]) -> [Diagnostic] {
        var first: [String: (path: String, string: LocalizableString)] = [:]
        var diagnostics: [Diagnostic] = []
        for form in forms {
            for string in form.strings {
                guard let earlier = first[string.key] else {
                    first[string.key] = (form.path, string)
                    continue
                }
                guard earlier.path != form.path, earlier.string.source != string.source else { continue }
                diagnostics.append(Diagnostic(
                    .error, .nameCollision, "two strings have the localization key '\(string.key)'",
                    at: SourceLocation(file: form.path, range: string.range),
                    notes: [DiagnosticNote("the key's first string is here", at: SourceLocation(file: earlier.path, range: earlier.string.range))],
                    help: ["give the forms different names (`form:`), so that their keys differ"]
                ))
            }
        }
        return diagnostics
    }
}
