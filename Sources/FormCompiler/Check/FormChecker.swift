/// The check stage: the semantic rules of SPEC §3 and §6.1 (FC200–FC407), then the
/// conditions of §7 (FC500–FC505). It resolves every name into a `SymbolTable`;
/// the emitter trusts what it accepted.
public enum FormChecker {
    public static func check(_ document: FormDocument, file: SourceFile, diagnostics: inout DiagnosticBag) -> CheckedForm {
        var checker = Checker(document: document, file: file, diagnostics: diagnostics)
        checker.run()
        var checkedDocument = checker.document
        diagnostics = checker.diagnostics
        ConditionChecker.check(&checkedDocument, symbols: checker.symbols, file: file, diagnostics: &diagnostics)
        return CheckedForm(document: checkedDocument, symbols: checker.symbols, sourcePath: file.path)
    }
}

/// The words of the condition language (SPEC §7): a field with one of these ids
/// could not be named in a condition.
enum ConditionWords {
    static let reserved: Set<String> = ["and", "or", "not"]
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
    var document: FormDocument
    let file: SourceFile
    var diagnostics: DiagnosticBag
    var symbols = SymbolTable()
    /// Generated type names → where they were declared (the form name, segment enums).
    var typeNames: [String: SourceRange] = [:]
    /// Fields with their rules, for the checks that need every field declared first.
    var pendingRules: [(field: FieldSymbol, rules: [RuleDecl])] = []

    init(document: FormDocument, file: SourceFile, diagnostics: DiagnosticBag) {
        self.document = document
        self.file = file
        self.diagnostics = diagnostics
    }

    mutating func run() {
        checkFormName()
        walk(document.elements, path: [], groups: [])
        var patterns = PatternValidator()
        for (field, rules) in pendingRules {
            RuleChecker.check(
                rules, of: field, in: document, file: file, symbols: symbols, patterns: &patterns, diagnostics: &diagnostics
            )
        }
    }

    mutating func checkFormName() {
        let name = document.name
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

    mutating func walk(_ elements: [Element], path: ElementPath, groups: [ElementPath]) {
        for (index, element) in elements.enumerated() {
            let elementPath = path + [index]
            if let id = element.id {
                declare(id, isField: element.field != nil, kind: element.kind.keyword)
            }
            switch element.kind {
            case .group(let group):
                walk(group.elements, path: elementPath, groups: groups + [elementPath])
            case .segment(let segment):
                SegmentChecker.check(segment, diagnostics: &diagnostics, typeNames: &typeNames)
            default:
                break
            }
            guard let common = element.field else { continue }
            let symbol = FieldSymbol(
                id: common.id.value, range: common.id.range, valueType: Self.valueType(of: element.kind),
                path: elementPath, enclosingGroups: groups,
                trigger: common.validateOn?.value ?? document.defaultTrigger,
                displayName: Self.displayName(of: element.kind, id: common.id.value)
            )
            symbols.addField(symbol)
            pendingRules.append((symbol, common.rules))
        }
    }

    /// FC201 for a malformed id, FC202 for one already taken.
    mutating func declare(_ id: Located<String>, isField: Bool, kind: String) {
        let what = isField ? "field id" : (kind == "segue" ? "action id" : "group id")
        if !SwiftNames.isLowerCamelCase(id.value) {
            let suggestion = SwiftNames.caseName(forOptionValue: id.value)
            diagnostics.error(
                .invalidFieldID, "'\(id.value)' is not a valid \(what)", at: id.range,
                help: ["an id is lowerCamelCase ([a-z][A-Za-z0-9]*)"]
                    + (SwiftNames.isLowerCamelCase(suggestion) ? ["did you mean '\(suggestion)'?"] : [])
            )
        } else if SwiftNames.keywords.contains(id.value) {
            diagnostics.error(
                .invalidFieldID, "'\(id.value)' is a Swift keyword and cannot be a \(what)", at: id.range,
                help: ["choose another name, e.g. '\(id.value)Value'"]
            )
        } else if ConditionWords.reserved.contains(id.value) {
            diagnostics.error(
                .invalidFieldID, "'\(id.value)' is a word of the condition language and cannot be an id", at: id.range,
                help: ["choose another name, e.g. '\(id.value)Option'"]
            )
        } else if isField, SwiftNames.reservedMembers.contains(id.value) {
            diagnostics.error(
                .invalidFieldID, "'\(id.value)' is a member of every generated form and cannot be a field id",
                at: id.range, help: ["choose another name, e.g. '\(id.value)Field'"]
            )
        }
        if let earlier = symbols.declare(id.value, at: id.range) {
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
        let candidates: [String?]
        switch kind {
        case .boolean(let field): candidates = [field.title?.value]
        case .segment(let field): candidates = [field.title?.value]
        case .text(let field):
            candidates = [field.label?.value, field.placeholder.map(\.value).flatMap { isSampleValue($0) ? nil : $0 }]
        default: candidates = []
        }
        for candidate in candidates {
            if let text = candidate?.trimmingCharactersInWhitespace, !text.isEmpty { return text }
        }
        return SwiftNames.words(fromIdentifier: id)
    }

    static func isSampleValue(_ placeholder: String) -> Bool {
        if placeholder.utf8.contains(where: { $0 == UInt8(ascii: "@") || (0x30...0x39).contains($0) }) { return true }
        if placeholder.contains("://") { return true }
        // Digits of other scripts (`٣`) are numbers too; only non-ASCII text needs the Character scan.
        return placeholder.utf8.contains { $0 >= 0x80 } && placeholder.contains(where: \.isNumber)
    }

}

extension String {
    var trimmingBackticks: String { filter { $0 != "`" } }

    var trimmingCharactersInWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[first...last])
    }
}
