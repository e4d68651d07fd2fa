/// The check stage: the semantic rules of SPEC §3 and §6.1 (FC200–FC407), then the
/// conditions of §7 (FC500–FC505). It resolves every name into a `SymbolTable`;
/// the emitter trusts what it accepted.
public enum FormChecker {
    /// Checks a decoded document. It is consumed: when the caller holds no other
    /// copy of it, the condition checker stores the typed expressions into the tree
    /// in place rather than copying every group's elements first.
    public static func check(_ document: consuming FormDocument, file: SourceFile, diagnostics: inout DiagnosticBag) -> CheckedForm {
        var checkedDocument = document
        var checker = Checker(file: file, defaultTrigger: checkedDocument.defaultTrigger, diagnostics: diagnostics)
        checker.run(checkedDocument)
        diagnostics = checker.diagnostics
        let scope = ConditionScope(
            symbols: checker.symbols, facts: checker.conditionFacts, nonFields: checker.nonFields,
            fieldElements: checker.fieldElements
        )
        ConditionChecker.check(&checkedDocument, scope: scope, file: file, diagnostics: &diagnostics)
        return CheckedForm(document: checkedDocument, symbols: checker.symbols, sourcePath: file.path)
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
    /// Generated type names → where they were declared (the form name, segment enums).
    var typeNames: [String: SourceRange] = [:]
    var segments = SegmentChecker()
    /// Every field (duplicates too), for the rule checks, which need every field
    /// declared first.
    var pendingRules: [RuleChecker.Field] = []

    init(file: SourceFile, defaultTrigger: ValidationTrigger, diagnostics: DiagnosticBag) {
        self.file = file
        self.defaultTrigger = defaultTrigger
        self.diagnostics = diagnostics
    }

    mutating func run(_ document: FormDocument) {
        checkFormName(document.name)
        let elementCount = Self.elementCount(document.elements)
        symbols.reserveCapacity(elementCount)
        conditionFacts.reserveCapacity(elementCount)
        pendingRules.reserveCapacity(elementCount)
        fieldElements.reserveCapacity(elementCount)
        var path: ElementPath = []
        walk(document.elements, path: &path, groups: [], hidden: false)
        var patterns = PatternValidator()
        var seen = SeenRules()
        for field in pendingRules {
            RuleChecker.check(field, file: file, symbols: symbols, patterns: &patterns, seen: &seen, diagnostics: &diagnostics)
        }
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
        if GeneratedTypeNames.nested.contains(name.value) || GeneratedTypeNames.used.contains(name.value) {
            diagnostics.error(
                .nameCollision, "form name '\(name.value)' collides with a type the generated code uses", at: name.range,
                help: ["choose another name, e.g. '\(name.value)Form'"]
            )
            return
        }
        typeNames[name.value] = name.range
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
                declareField(field.common, kind: kind, path: path, groups: groups, canBeHidden: canBeHidden)
            case .segment(let segment):
                declareField(segment.common, kind: kind, path: path, groups: groups, canBeHidden: canBeHidden)
                segments.check(segment, diagnostics: &diagnostics, typeNames: &typeNames)
            case .text(let field):
                declareField(field.common, kind: kind, path: path, groups: groups, canBeHidden: canBeHidden)
            case .spacer, .staticText:
                break
            }
        }
    }

    /// Declares a field and adds its symbol (the first field of an id wins); its
    /// rules wait until every field is declared.
    mutating func declareField(_ common: FieldCommon, kind: ElementKind, path: ElementPath, groups: [ElementPath], canBeHidden: Bool) {
        let valueType = Self.valueType(of: kind)
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
            switch ReservedIDs.reason[id.value] {
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

    static func valueType(of kind: ElementKind) -> FieldValueType {
        switch kind {
        case .boolean: .bool
        case .segment(let segment): .segment(enumName: segment.swiftEnumName, optional: segment.isOptional)
        default: .string
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
        if placeholder.utf8.contains(where: { $0 == UInt8(ascii: "@") || (0x30...0x39).contains($0) }) { return true }
        // Most placeholders have no ':', and a byte scan is far cheaper than a substring search.
        if placeholder.utf8.contains(UInt8(ascii: ":")), placeholder.contains("://") { return true }
        // Digits of other scripts (`٣`) are numbers too; only non-ASCII text needs the Character scan.
        return placeholder.utf8.contains { $0 >= 0x80 } && placeholder.contains(where: \.isNumber)
    }

}

extension String {
    var trimmingBackticks: String { filter { $0 != "`" } }

    var trimmingCharactersInWhitespace: String {
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
