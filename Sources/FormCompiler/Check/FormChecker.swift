/// The check stage: the semantic rules of SPEC §3 and §6.1 (FC200–FC407), then the
/// conditions of §7 (FC500–FC505). It resolves every name into a `SymbolTable`;
/// the emitter trusts what it accepted.
public enum FormChecker {
    /// Checks a decoded document. It is consumed: when the caller holds no other
    /// copy of it, the condition checker stores the typed expressions into the tree
    /// in place rather than copying every group's elements first.
    public static func check(_ document: consuming FormDocument, file: SourceFile, diagnostics: inout DiagnosticBag) -> CheckedForm {
        var checker = Checker(file: file, defaultTrigger: document.defaultTrigger, diagnostics: diagnostics)
        checker.declare(document)
        diagnostics = checker.diagnostics
        let scope = ConditionScope(
            symbols: checker.symbols, facts: checker.conditionFacts, nonFields: checker.nonFields,
            fieldElements: checker.fieldElements
        )
        // The rule checks need only the symbols, as the conditions do: they run as
        // one more task beside the lowering of the conditions.
        let declared = checker
        var checkedDocument = consume document
        ConditionChecker.check(
            &checkedDocument, scope: scope, file: file, diagnostics: &diagnostics,
            alongside: { declared.ruleDiagnostics() }
        )
        return CheckedForm(document: checkedDocument, symbols: declared.symbols, sourcePath: file.path)
    }
}

/// The words of the condition language (SPEC §7): a field with one of these ids
/// could not be named in a condition.
enum ConditionWords {
    static let reserved: Set<String> = ["and", "or", "not"]
}

/// Why a well-formed id cannot be used, looked up once per id rather than once per
/// list. When a word is in several lists, the first reason in this order wins.
private enum ReservedIDs {
    enum Reason {
        case keyword
        case conditionWord
        /// A member of every generated form: reserved for fields only.
        case member
    }

    static let reason: [String: Reason] = {
        var reason: [String: Reason] = [:]
        for word in SwiftNames.reservedMembers { reason[word] = .member }
        for word in ConditionWords.reserved { reason[word] = .conditionWord }
        for word in SwiftNames.keywords { reason[word] = .keyword }
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
    static let nested: Set<String> = ["Field", "Values", "Action"]
    /// FormRuntime's public types and the standard types generated code names.
    static let used: Set<String> = [
        "FormValue", "ObserverToken", "ValidationResult", "ValidationReport", "FieldState", "ValidationTrigger",
        "FormPattern", "ValidationRule", "RuleRunner", "TextRules", "FormEmptyRepresentable",
        "FieldValidationController", "FormElement", "GroupElement", "BooleanElement", "SegmentElement",
        "SegmentOption", "TextFieldElement", "FloatLabelElement", "TextViewElement", "SpacerElement",
        "StaticTextElement", "SegueElement", "GroupStyle", "GroupLayout", "EdgeInsets", "KeyboardType",
        "TextContentType", "Autocapitalization", "TextAlignment", "TextStyle", "FormRuntime",
        "String", "Bool", "Int", "Double", "Optional", "Array", "Dictionary", "Set", "Never", "Void", "Any",
        "AnyObject", "Sendable", "Codable", "Encodable", "Decodable", "Equatable", "Hashable", "CaseIterable",
        "RawRepresentable", "MainActor", "Error", "Character", "Regex",
    ]

    /// Whether `name` is in `nested` or `used`.
    static func contains(_ name: String) -> Bool {
        nested.contains(name) || used.contains(name)
    }
}

private struct Checker {
    let file: SourceFile
    /// The form-wide trigger, for fields without their own.
    let defaultTrigger: ValidationTrigger
    var diagnostics: DiagnosticBag
    var symbols = SymbolTable()
    /// What conditions need to know of each field of `symbols` (same index), gathered
    /// on the same walk, so the condition checker need not walk the tree for it.
    var conditionFacts: [ConditionConstancy.FieldFacts] = []
    /// Groups and segues by id, the first of each.
    var nonFields: [String: ConditionScope.NonField] = [:]
    /// See `ConditionScope.fieldElements`.
    var fieldElements: [Int?] = []
    /// Generated type names and where they were declared (the form name, segment enums).
    var typeNames = TypeNames()
    var segments = SegmentChecker()
    /// Every field (duplicates too), for the rule checks, which need every field
    /// declared first.
    var pendingRules: [RuleChecker.Field] = []

    init(file: SourceFile, defaultTrigger: ValidationTrigger, diagnostics: DiagnosticBag) {
        self.file = file
        self.defaultTrigger = defaultTrigger
        self.diagnostics = diagnostics
    }

    /// The walk over the tree: declares every id and checks what needs no other
    /// element, collecting the rules for `ruleDiagnostics`.
    mutating func declare(_ document: FormDocument) {
        checkFormName(document.name)
        let elementCount = Self.elementCount(document.elements)
        symbols.reserveCapacity(elementCount)
        conditionFacts.reserveCapacity(elementCount)
        pendingRules.reserveCapacity(elementCount)
        fieldElements.reserveCapacity(elementCount)
        var path: ElementPath = []
        walk(document.elements, path: &path, groups: [], hidden: false)
    }

    /// The rules' diagnostics, once every field is declared (`sameAs` names any field).
    func ruleDiagnostics() -> DiagnosticBag {
        var diagnostics = DiagnosticBag(file: file.path)
        var patterns = PatternValidator()
        var seen = SeenRules()
        for index in pendingRules.indices {
            RuleChecker.check(
                pendingRules[index], file: file, symbols: symbols, patterns: &patterns, seen: &seen, diagnostics: &diagnostics
            )
        }
        return diagnostics
    }

    mutating func checkFormName(_ name: Located<String>) {
        guard !name.value.isEmpty || name.range != .fileStart else { return }
        if !SwiftNames.isUpperCamelCase(name.value) || SwiftNames.keywords.contains(name.value) {
            let suggestion = SwiftNames.upperCamelCase(SwiftNames.caseName(forOptionValue: name.value).trimmingBackticks)
            diagnostics.error(
                .invalidFormName, "'\(name.value)' is not a valid form type name", at: name.range,
                help: ["a form name is an UpperCamelCase Swift type name ([A-Z][A-Za-z0-9]*)"]
                    + (SwiftNames.isUpperCamelCase(suggestion) ? ["did you mean '\(suggestion)'?"] : [])
            )
            return
        }
        if GeneratedTypeNames.contains(name.value) {
            diagnostics.error(
                .nameCollision, "form name '\(name.value)' collides with a type the generated code uses", at: name.range,
                help: ["choose another name, e.g. '\(name.value)Form'"]
            )
            return
        }
        _ = typeNames.declare(name.value, at: name.range)
    }

    /// `path` is the path of `elements`' parent, extended in place for each child
    /// rather than copied; `hidden` is whether a group around `elements` has a
    /// `visibleWhen`.
    mutating func walk(_ elements: [Element], path: inout ElementPath, groups: [ElementPath], hidden: Bool) {
        for index in elements.indices {
            path.append(index)
            defer { path.removeLast() }
            let canBeHidden = hidden || elements[index].visibleWhen != nil
            // One copy of the kind, lent to every check of the element.
            let kind = elements[index].kind
            switch kind {
            case .group(let group):
                if let id = group.id {
                    declare(id, what: "group id")
                    if nonFields[id.value] == nil { nonFields[id.value] = .group }
                }
                walk(group.elements, path: &path, groups: groups + [path], hidden: canBeHidden)
            case .segue(let segue):
                declare(segue.id, what: "action id")
                if nonFields[segue.id.value] == nil { nonFields[segue.id.value] = .segue }
            case .boolean(let field):
                declareField(field.common, kind: kind, valueType: .bool, path: path, groups: groups, canBeHidden: canBeHidden)
            case .segment(let segment):
                let enumName = segment.swiftEnumName
                declareField(
                    segment.common, kind: kind, valueType: .segment(enumName: enumName, optional: segment.isOptional),
                    path: path, groups: groups, canBeHidden: canBeHidden
                )
                segments.check(segment, enumName: enumName, diagnostics: &diagnostics, typeNames: &typeNames)
            case .text(let field):
                declareField(field.common, kind: kind, valueType: .string, path: path, groups: groups, canBeHidden: canBeHidden)
            case .spacer, .staticText:
                break
            }
        }
    }

    /// Declares a field of type `valueType` and adds its symbol (the first field of
    /// an id wins); its rules wait until every field is declared.
    mutating func declareField(
        _ common: FieldCommon, kind: ElementKind, valueType: FieldValueType, path: ElementPath, groups: [ElementPath],
        canBeHidden: Bool
    ) {
        let symbol = FieldSymbol(
            id: common.id.value, range: common.id.range, valueType: valueType,
            path: path, enclosingGroups: groups,
            trigger: common.validateOn?.value ?? defaultTrigger,
            displayName: Self.displayName(of: kind, id: common.id.value)
        )
        let fieldCount = symbols.fields.count
        declare(common.id, what: "field id", field: symbol)
        let added = symbols.fields.count > fieldCount
        fieldElements.append(added ? fieldCount : nil)
        if added {
            conditionFacts.append(ConditionScope.facts(of: kind, valueType: valueType, canBeHidden: canBeHidden))
        }
        pendingRules.append(RuleChecker.Field(id: common.id.value, valueType: valueType, rules: common.rules, kind: kind))
    }

    /// How many elements the tree holds, at every depth: an upper bound on the ids
    /// and fields, so that the tables of the walk are sized once rather than grown.
    static func elementCount(_ elements: [Element]) -> Int {
        var count = elements.count
        for index in elements.indices {
            if case .group(let group) = elements[index].kind { count += elementCount(group.elements) }
        }
        return count
    }

    /// FC201 for a malformed id, FC202 for one already taken. `field` is the symbol
    /// of a field's id, added to the table in the same lookup.
    mutating func declare(_ id: Located<String>, what: String, field: FieldSymbol? = nil) {
        if !SwiftNames.isLowerCamelCase(id.value) {
            let suggestion = SwiftNames.caseName(forOptionValue: id.value)
            diagnostics.error(
                .invalidFieldID, "'\(id.value)' is not a valid \(what)", at: id.range,
                help: ["an id is lowerCamelCase ([a-z][A-Za-z0-9]*)"]
                    + (SwiftNames.isLowerCamelCase(suggestion) ? ["did you mean '\(suggestion)'?"] : [])
            )
        } else {
            switch ReservedIDs.reason(for: id.value) {
            case .keyword?:
                diagnostics.error(
                    .invalidFieldID, "'\(id.value)' is a Swift keyword and cannot be a \(what)", at: id.range,
                    help: ["choose another name, e.g. '\(id.value)Value'"]
                )
            case .conditionWord?:
                diagnostics.error(
                    .invalidFieldID, "'\(id.value)' is a word of the condition language and cannot be an id", at: id.range,
                    help: ["choose another name, e.g. '\(id.value)Option'"]
                )
            case .member? where field != nil:
                diagnostics.error(
                    .invalidFieldID, "'\(id.value)' is a member of every generated form and cannot be a field id",
                    at: id.range, help: ["choose another name, e.g. '\(id.value)Field'"]
                )
            case .member?, nil:
                break
            }
        }
        if let earlier = symbols.record(id.value, declaredAt: id.range, field: field) {
            diagnostics.error(
                .duplicateID, "duplicate id '\(id.value)'", at: id.range,
                notes: [diagnostics.note("'\(id.value)' first defined here", at: earlier)],
                help: ["fields, groups and segues share one namespace; give each a unique id"]
            )
        }
    }

    /// SPEC §6.3: the title, label or placeholder, else the id split into words.
    /// A placeholder that is a sample value rather than a name (`you@example.com`,
    /// `https://…`, `1234 5678`) is passed over, so the email field of SPEC §2 reads
    /// "Email is required", as SPEC §6.3 says.
    static func displayName(of kind: ElementKind, id: String) -> String {
        switch kind {
        case .boolean(let field):
            if let name = nonBlank(field.title?.value) { return name }
        case .segment(let field):
            if let name = nonBlank(field.title?.value) { return name }
        case .text(let field):
            if let name = nonBlank(field.label?.value) { return name }
            if let placeholder = field.placeholder?.value, !isSampleValue(placeholder), let name = nonBlank(placeholder) {
                return name
            }
        default:
            break
        }
        return SwiftNames.words(fromIdentifier: id)
    }

    /// The text without surrounding whitespace, or nil when nothing is left.
    private static func nonBlank(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingCharactersInWhitespace, !trimmed.isEmpty else { return nil }
        return trimmed
    }

    static func isSampleValue(_ placeholder: String) -> Bool {
        // One byte scan answers for most placeholders: a '@' or an ASCII digit decides;
        // only a ':' (most placeholders have none) needs the substring search, and only
        // non-ASCII text (digits of other scripts, `٣`, are numbers too) the Character scan.
        var hasColon = false
        var hasNonASCII = false
        for byte in placeholder.utf8 {
            switch byte {
            case UInt8(ascii: "@"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
            case UInt8(ascii: ":"): hasColon = true
            case 0x80...: hasNonASCII = true
            default: break
            }
        }
        if hasColon, placeholder.contains("://") { return true }
        return hasNonASCII && placeholder.contains(where: \.isNumber)
    }

}

extension String {
    var trimmingBackticks: String { filter { $0 != "`" } }

    var trimmingCharactersInWhitespace: String {
        // Most text starts and ends with an ASCII byte that is not whitespace (tab to
        // carriage return, space): keep it, without the scalar scans below.
        if let first = utf8.first, let last = utf8.last, (0x21..<0x80).contains(first), (0x21..<0x80).contains(last) {
            return self
        }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.isWhitespace })!
        // Most text has no whitespace around it: keep it rather than build a copy.
        if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return self }
        return String(scalars[first...last])
    }
}

extension Unicode.Scalar {
    /// The Unicode White_Space property, answered without the property tables for ASCII.
    fileprivate var isWhitespace: Bool {
        isASCII ? self == " " || (0x09...0x0D).contains(value) : properties.isWhitespace
    }
}
