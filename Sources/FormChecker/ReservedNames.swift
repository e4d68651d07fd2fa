import FormModel
import FormSource

/// The words of the condition language (SPEC §7): a field with one of these ids
/// could not be named in a condition.
package enum ConditionWords {
    package static let reserved: Set<String> = ["and", "or", "not"]
}

/// The help of an FC200 for a name that must be a Swift type name (a form's
/// `form`, a list's `itemType`): `rule` first, then, for a Swift keyword, that it is
/// one with a free name made with `suffix` (`SelfForm`), else the name's
/// UpperCamelCase spelling when that is a valid one and not the name itself.
enum TypeNameHelp {
    /// `isTaken`: whether the form declares a type of that name already.
    static func help(for name: String, rule: String, suffix: String, isTaken: (String) -> Bool = { _ in false }) -> [DiagnosticHelp] {
        if SwiftNaming.keywords.contains(name) {
            return [DiagnosticHelp(rule), "'\(name)' is a Swift keyword; choose another name, e.g. '\(SwiftNaming.upperCamelCase(name))\(suffix)'"]
        }
        return [DiagnosticHelp(rule)] + suggestion(for: name, suffix: suffix, isTaken: isTaken)
    }

    /// The nearest valid type name to `name`, as a did-you-mean; when generated
    /// code uses that name (`values` → `Values`) or the form declares it already
    /// (`isTaken`: `Page` in a form with pages), a name beside it instead.
    static func suggestion(for name: String, suffix: String, isTaken: (String) -> Bool = { _ in false }) -> [DiagnosticHelp] {
        guard let suggestion = SwiftNaming.suggestedTypeName(for: name) else { return [] }
        if GeneratedTypeNames.contains(suggestion) {
            return ["'\(suggestion)' is a name the generated code uses; choose another name, e.g. '\(suggestion)\(suffix)'"]
        }
        if isTaken(suggestion) {
            return ["'\(suggestion)' is taken by another type of the form; choose another name, e.g. '\(suggestion)\(suffix)'"]
        }
        return [.didYouMean(renamingTo: suggestion)]
    }
}

/// The help for an id that is not lowerCamelCase: the nearest valid id as a
/// did-you-mean; when that id is reserved (`Values` → `values`, a member of every
/// generated form; `And` → `and`, a word of conditions), or would name a type the
/// generated code uses (a segment `Field` → `field`, whose enum would be `Field`),
/// a name beside it instead. The did-you-mean is given with the help, so that once
/// every id is declared the checker can replace it when it cannot be used
/// (`free(beside:isTaken:)`).
enum IDSpellingHelp {
    /// `typeName`: the type an id of this element names after itself (a choice
    /// field's enum, a list's entry type), nil when it names none.
    static func suggestion(
        for id: String, isField: Bool, typeName: ((String) -> String)? = nil
    ) -> (help: [DiagnosticHelp], didYouMean: String?) {
        guard let suggestion = SwiftNaming.suggestedID(for: id) else { return ([], nil) }
        let namesGeneratedType = typeName.map { GeneratedTypeNames.contains($0(suggestion)) } ?? false
        // A character it holds unseen, pasted with it, is named: the message shows the id as it looks.
        let unseen: [DiagnosticHelp] = id.unicodeScalars.first(where: SwiftNaming.isInvisible).map {
            ["the id holds an invisible character (U+\(String($0.value, radix: 16, uppercase: true).leftPadded(to: 4)))"]
        } ?? []
        switch ReservedIDs.reason(for: suggestion) {
        case nil where !namesGeneratedType: return (unseen + [.didYouMean(renamingTo: suggestion)], suggestion)
        case .member? where !isField: return (unseen + [.didYouMean(renamingTo: suggestion)], suggestion)
        case nil, .member?, .keyword?, .conditionWord?:
            return (unseen + ["'\(suggestion)' cannot be an id here; choose another name, e.g. '\(suggestion)Value'"], nil)
        }
    }

    /// A name beside `suggestion` that `isTaken` does not rule out, for the help
    /// in place of the did-you-mean when `suggestion` cannot be used (the form or
    /// entry declares it, an entry reserves it, another id is told it).
    static func free(beside suggestion: String, isTaken: (String) -> Bool) -> String {
        for ending in ["Value", "Field"] where !isTaken(suggestion + ending) { return suggestion + ending }
        // The form has finitely many ids: some numbered name is free.
        var number = 2
        while isTaken(suggestion + String(number)) { number += 1 }
        return suggestion + String(number)
    }
}

/// Why a well-formed id cannot be used, looked up once per id rather than once per
/// list. When a word is in several lists, the first reason in this order wins.
enum ReservedIDs {
    enum Reason {
        case keyword
        case conditionWord
        /// A member of every generated form: reserved for fields only.
        case member
    }

    static let reason: [String: Reason] = {
        var reason: [String: Reason] = [:]
        for word in SwiftNaming.reservedMembers { reason[word] = .member }
        for word in ConditionWords.reserved { reason[word] = .conditionWord }
        for word in SwiftNaming.keywords { reason[word] = .keyword }
        return reason
    }()

    /// Why `id` cannot be used, if it cannot. Almost no id is reserved, so most are
    /// ruled out by their first byte and length before the dictionary hashes them.
    static func reason(for id: String) -> Reason? {
        guard let first = id.utf8.first, first < 0x80 else { return nil }
        let count = id.utf8.count
        guard count < 64, lengthsByFirstByte[Int(first)] & (1 << UInt64(count)) != 0 else { return nil }
        return reason[id]
    }

    /// For each ASCII first byte, a bit for each length of a reserved word starting with it.
    private static let lengthsByFirstByte: [UInt64] = {
        var lengths = [UInt64](repeating: 0, count: 128)
        for word in reason.keys {
            let first = Int(word.utf8.first!)
            precondition(first < 0x80 && word.utf8.count < 64, "a reserved word is a short ASCII word")
            lengths[first] |= 1 << UInt64(word.utf8.count)
        }
        return lengths
    }()
}

/// Names the generated file declares or uses inside the form type, which a segment's
/// enum or the form itself may not take.
enum GeneratedTypeNames {
    /// `CodingKeys` is `Values`' and each entry struct's; `Validators` each entry class's;
    /// `ID` each entry's identity (`Identifiable`'s, `FormEntryID`), which an enum of that
    /// name in the entry, or a shared set's read from it, would replace.
    static let nested: Set<String> = ["Field", "Values", "Action", "CodingKeys", "Validators", "ID"]
    // `Page` is the nested enum of a form with pages only: `Checker.checkPages` declares it there.
    /// FormRuntime's public types, every one of them (`NameClashTests` compares this
    /// list with the declarations in the runtime's sources), and the module's name.
    static let runtime: Set<String> = [
        "FormRuntime",
        "Autocapitalization", "BooleanElement", "ConditionalElement", "FieldState", "FieldValidationController",
        "FloatLabelElement", "FormEdgeInsets", "FormElement", "FormEmptyRepresentable", "FormPattern",
        "FormTextAlignment", "FormValue", "GroupElement", "GroupLayout", "GroupStyle", "KeyboardType",
        "ObserverToken", "RecheckTable", "RuleRunner", "SegmentElement", "SegmentElementRepresentable", "SegmentOption",
        "SegueElement", "SegueElementRepresentable", "SingleChoiceElement", "SingleChoiceElementRepresentable",
        "SpacerElement", "StaticTextElement", "TextContentType",
        "TextFieldElement", "TextRules", "TextStyle", "TextViewElement", "ValidationReport", "ValidationResult",
        "ValidationRule", "ValidationTrigger",
        "DateElement", "DateElementRepresentable", "DateElementValue", "DateMode", "DateStyle", "FormDate",
        "FormDateFieldValue", "FormDateTime", "FormDateTimeValue", "FormElementKind", "FormLocalization", "FormMoment",
        "FormNumberFieldValue", "FormPickerStyle", "FormTime", "MultiChoiceElement", "MultiChoiceElementRepresentable",
        "MultiChoiceStyle", "NumberElement", "NumberElementRepresentable", "NumberStyle", "PickerElement",
        "PickerElementRepresentable", "ValidationContext", "StringCatalog", "FormComparison",
        "JSONPointer", "ValidationIssue",
        "FormEntryID", "FormList", "FormListEntry", "FormOwnerReference", "ListElement", "ListElementEntry",
        "PageElement", "FormPages", "ValidationRun", "FieldPath", "FieldChangeMark", "FormChoices",
    ]
    /// The standard library's types and protocols that generated code names.
    static let standard: Set<String> = [
        "String", "Bool", "Int", "Double", "Optional", "Array", "Dictionary", "Set", "Never", "Void", "Any",
        "AnyObject", "Sendable", "Codable", "Encodable", "Decodable", "Equatable", "Hashable", "CaseIterable",
        "RawRepresentable", "MainActor", "Error", "Character", "Regex", "Identifiable", "CodingKey",
    ]
    /// Foundation's types that generated code names (`FormTranslator.foundationTypes`).
    static let foundation: Set<String> = ["Date", "Decimal"]

    /// `nested`, `runtime`, `standard` and `foundation` in one set: one lookup a name.
    private static let all = nested.union(runtime).union(standard).union(foundation)

    /// Whether `name` is in `nested`, `runtime`, `standard` or `foundation`.
    static func contains(_ name: String) -> Bool {
        all.contains(name)
    }

    /// The module whose type `name` is, for a message ("would shadow Foundation's
    /// 'Date'"); nil for a name of the generated code's own.
    static func module(of name: String) -> String? {
        if foundation.contains(name) { return "Foundation" }
        if standard.contains(name) { return "the standard library" }
        if runtime.contains(name) { return "FormRuntime" }
        return nil
    }
}

extension String {
    /// The text with zeros before it, to `width` characters (`AD` → `00AD`).
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
