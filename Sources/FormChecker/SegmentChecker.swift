import FormModel
import FormSource

/// The checks of one field with options — a segment, a picker or a multiChoice
/// (SPEC §3, §10): options, their case names, the default and the enum's name.
struct SegmentChecker {
    /// Option values seen in the segment being checked, numbered, with where each
    /// was listed. Emptied for each segment but kept allocated: a form may have
    /// thousands of small segments.
    private var values = IDIndex()
    private var valueRanges: [SourceRange] = []
    /// Case names seen in the segment being checked, numbered, with the option each
    /// came from.
    private var cases = IDIndex()
    private var caseOptions: [(value: String, range: SourceRange)] = []
    /// Swift case names by option value: a form repeats the same few options over
    /// many segments, and making a case name is far dearer than a lookup.
    private var caseNames: [String: String] = [:]

    /// The segment's options, its default and their case names: everything but
    /// its enum's name (`checkEnumName`, then `declareEnumName`, which depends on
    /// the segments before it).
    mutating func checkOptions(_ segment: SegmentFieldDecl, diagnostics: inout DiagnosticBag) {
        checkOptions(
            segment.options, optionsRange: segment.optionsRange, kind: segment.variant.rawValue, id: segment.id.value,
            defaults: segment.defaultValue.map { [$0] } ?? [], diagnostics: &diagnostics
        )
    }

    /// `incompleteSets`: `ElementWalker.incompleteSets`.
    mutating func checkOptions(_ field: MultiChoiceFieldDecl, incompleteSets: Set<String>, diagnostics: inout DiagnosticBag) {
        let defaults = field.defaultValues?.value ?? []
        if field.optionSet == nil {
            checkOptions(
                field.options, optionsRange: field.optionsRange, kind: "multiChoice", id: field.id.value,
                defaults: defaults, diagnostics: &diagnostics
            )
        } else {
            // The set's options are checked once, with the set (`OptionSetChecker`).
            OptionSetChecker.checkDefaults(
                defaults, options: field.options, owner: ElementKind.named("multiChoice", id: field.id.value),
                isWhole: !incompleteSets.contains(field.optionSet?.value ?? ""), diagnostics: &diagnostics
            )
        }
        var chosen: [String: SourceRange] = [:]
        for value in defaults {
            if let earlier = chosen[value.value] {
                diagnostics.error(
                    .defaultNotOption, "'\(value.value)' is chosen twice in the default of \(ElementKind.named("multiChoice", id: field.id.value))",
                    at: value.range, notes: [diagnostics.note("first chosen here", at: earlier)],
                    help: ["list each option once"]
                )
            } else {
                chosen[value.value] = value.range
            }
        }
    }

    /// `kind` and `id` name the field in messages: "segment 'plan'".
    mutating func checkOptions(
        _ options: [SegmentOption], optionsRange: SourceRange?, kind: String, id: String, defaults: [Located<String>],
        diagnostics: inout DiagnosticBag
    ) {
        // Named only in messages: made when there is one.
        var owner: String { ElementKind.named(kind, id: id) }
        values.removeAll()
        valueRanges.removeAll(keepingCapacity: true)
        cases.removeAll()
        caseOptions.removeAll(keepingCapacity: true)
        for option in options {
            let value = option.value
            if value.value.isEmpty {
                diagnostics.error(
                    .invalidOption, "an option value of \(owner) is empty", at: value.range,
                    help: ["give it a value: to offer a choice of none, give that option a value such as none, and a title"]
                )
                continue
            }
            let (number, isNew) = values.insert(value.value)
            if !isNew {
                let earlier = valueRanges[number]
                diagnostics.error(
                    .invalidOption, "duplicate option '\(value.value)' in \(owner)", at: value.range,
                    notes: [diagnostics.note("'\(value.value)' first listed here", at: earlier)],
                    help: ["each option value must be unique; remove one of them"]
                )
                continue
            }
            valueRanges.append(value.range)
            let caseName = caseName(of: value.value)
            if caseName == "_" {
                diagnostics.error(
                    .invalidOption, "option '\(value.value)' has no ASCII letters or digits to make a Swift case name",
                    at: value.range, help: ["use a value such as 'option1'; show other text with 'title:'"]
                )
                continue
            }
            let (caseNumber, isNewCase) = cases.insert(caseName)
            if !isNewCase {
                let earlier = caseOptions[caseNumber]
                diagnostics.error(
                    .invalidOption,
                    "options '\(earlier.value)' and '\(value.value)' both become the Swift case '\(caseName.trimmingBackticks)'",
                    at: value.range, notes: [diagnostics.note("'\(earlier.value)' listed here", at: earlier.range)],
                    help: [DiagnosticHelp(signedValueHelp(value.value, earlier.value, among: options)
                        ?? "make the values differ in letters or digits, not only in punctuation or case")]
                )
                continue
            }
            caseOptions.append((value.value, value.range))
        }

        if options.count < 2, let range = optionsRange {
            // `[free，pro]`: an input method's comma, which is text to YAML, between the options.
            let commas = ["\u{FF0C}", "\u{3001}"].filter { comma in options.count == 1 && options[0].value.value.contains(comma) }
            diagnostics.error(
                .tooFewOptions, "\(owner) has \(options.count) option\(options.count == 1 ? "" : "s"); it needs at least 2",
                at: range,
                help: commas.first.map { comma in
                    ["'\(options[0].value.value)' is one option: its \(comma == "\u{FF0C}" ? "full-width comma (U+FF0C)" : "ideographic comma (U+3001)") is text; write ',' between the options"]
                } ?? [options.count == 1 && kind != "option set" ? "a single choice is a boolean: make the element a 'boolean' with a 'title', and no 'options'" : "list at least two options"]
            )
        }

        // Options dropped for a misspelt key (FC101, `optionsRange` nil) may hold the default.
        // An option chosen already in a multiChoice's default, or suggested for another
        // of its values, is no fix: it would be chosen twice.
        var taken = Set(defaults.map(\.value))
        for defaultValue in defaults where !options.isEmpty && optionsRange != nil && values.number(of: defaultValue.value) == nil {
            let names = options.map(\.value.value)
            diagnostics.error(
                .defaultNotOption, "default '\(defaultValue.value)' is not an option of \(owner)",
                at: defaultValue.range,
                help: Suggestions.didYouMeanOrList(defaultValue.value, in: names, listing: "the options are", except: &taken)
            )
        }
    }

    /// For two values that differ by a sign only (`-1`, `+1`, `1`): the signed one (the
    /// later if both are) spelt in words, with the text the person sees as its title.
    /// Nil when neither is signed, or when the word would be another option's case.
    private mutating func signedValueHelp(_ value: String, _ earlier: String, among options: [SegmentOption]) -> String? {
        guard let signed = [value, earlier].first(where: { Self.signWord($0) != nil }), let word = Self.signWord(signed) else {
            return nil
        }
        let spelt = word + signed.dropFirst()
        let speltCase = caseName(of: spelt)
        guard !options.contains(where: { caseName(of: $0.value.value) == speltCase }) else { return nil }
        return "spell the sign of '\(signed)' in its value and show the sign in its title: { value: \(spelt), title: '\(signed)' }"
    }

    /// "minus" or "plus" for a value that is a sign followed by a digit.
    private static func signWord(_ value: String) -> String? {
        let utf8 = value.utf8
        guard utf8.count > 1, let digit = utf8.dropFirst().first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else {
            return nil
        }
        switch utf8.first {
        case UInt8(ascii: "-"): return "minus"
        case UInt8(ascii: "+"): return "plus"
        default: return nil
        }
    }

    /// `SegmentOption.caseName`, remembered per value.
    private mutating func caseName(of value: String) -> String {
        if let known = caseNames[value] { return known }
        let name = SwiftNaming.caseName(forOptionValue: value)
        caseNames[value] = name
        return name
    }

    /// A segment enum's name to declare in document order (`declareEnumName`), once
    /// `checkEnumName` found nothing wrong with it on its own.
    struct EnumName: Sendable {
        let name: String
        /// The field's kind (`segment`, `picker`, `multiChoice`) and id, for the message of a collision.
        let kind: String
        let segmentID: String
        /// Where a collision is reported: the `enumName:` value, else the id.
        let range: SourceRange
    }

    /// The checks of a segment's enum name that need no other element (its
    /// spelling, and the names generated code uses): run on the walk, on either
    /// core. Returns the name for `declareEnumName`, or nil when there is nothing
    /// to declare (it was reported, or the id itself is reported as FC201).
    static func checkEnumName(_ segment: SegmentFieldDecl, name: String, diagnostics: inout DiagnosticBag) -> EnumName? {
        checkEnumName(segment.id, kind: segment.variant.rawValue, name: name, explicit: segment.enumName, diagnostics: &diagnostics)
    }

    static func checkEnumName(
        _ id: Located<String>, kind: String, name: String, explicit enumName: Located<String>?, diagnostics: inout DiagnosticBag
    ) -> EnumName? {
        let range = enumName?.range ?? id.range
        if let explicit = enumName,
           !SwiftNaming.isUpperCamelCase(explicit.value) || SwiftNaming.keywords.contains(explicit.value) {
            diagnostics.error(
                .invalidFormName, "'\(explicit.value)' is not a valid enum name", at: explicit.range,
                help: ["an enum name is an UpperCamelCase Swift type name ([A-Z][A-Za-z0-9]*)"]
            )
            return nil
        }
        // The id itself is reported as FC201: malformed (`Field`), or reserved
        // (`values` → `Values`); renaming it renames the enum too.
        guard SwiftNaming.isUpperCamelCase(name),
              enumName != nil || (SwiftNaming.isLowerCamelCase(id.value) && ReservedIDs.reason(for: id.value) == nil) else { return nil }
        if SwiftNaming.keywords.contains(name) {
            // `type` → `Type`: Swift takes no nested type of that name.
            diagnostics.error(
                .nameCollision, "\(ElementKind.named(kind, id: id.value)) would generate the enum '\(name)', a Swift keyword",
                at: range, help: ["set 'enumName:' to another name, e.g. '\(name)Choice'"]
            )
            return nil
        }
        if GeneratedTypeNames.contains(name) {
            diagnostics.error(
                .nameCollision, "\(ElementKind.named(kind, id: id.value)) would generate the enum '\(name)', a name the generated code uses",
                at: range, help: ["set 'enumName:' to another name, e.g. '\(name)Choice'"]
            )
            return nil
        }
        return EnumName(name: name, kind: kind, segmentID: id.value, range: range)
    }

    /// Declares a segment's enum name, in document order: the first of each name
    /// wins, a later one is reported against it.
    static func declareEnumName(_ enumName: EnumName, diagnostics: inout DiagnosticBag, typeNames: inout TypeNames) {
        let name = enumName.name
        // The same field twice, through a YAML alias, declares its enum at one place: its FC202 says so.
        if let earlier = typeNames.declare(name, at: enumName.range), earlier != enumName.range {
            diagnostics.error(
                .nameCollision, "\(ElementKind.named(enumName.kind, id: enumName.segmentID)) would generate the type '\(name)', which is already declared",
                at: enumName.range, notes: [diagnostics.note(typeNames.origin(of: name), at: earlier)],
                help: ["set \(diagnostics.format.key("enumName")) to a unique name"]
            )
        }
    }
}

/// The type names a form's generated file declares (the form, its validators
/// protocol, segment enums), with where each was declared first.
struct TypeNames {
    private var names = IDIndex()
    private var ranges: [SourceRange] = []
    /// What a name that no element of the form spells comes from (`reserve`).
    private var origins: [String: String] = [:]

    /// Records `name` unless it is taken; returns where it was declared first when it is.
    mutating func declare(_ name: String, at range: SourceRange) -> SourceRange? {
        let (number, isNew) = names.insert(name)
        guard isNew else { return ranges[number] }
        ranges.append(range)
        return nil
    }

    /// Records a name the generated code derives from what is at `range`, such as
    /// the validators protocol `SignUpFormValidators` of the form `SignUpForm`: a
    /// nested type of that name would hide it from the form's code.
    mutating func reserve(_ name: String, at range: SourceRange, origin: String) {
        if declare(name, at: range) == nil { origins[name] = origin }
    }

    /// Whether a type named `name` is declared.
    func isTaken(_ name: String) -> Bool {
        names.number(of: name) != nil
    }

    /// The note for a name already declared: what it comes from.
    func origin(of name: String) -> String {
        origins[name] ?? "'\(name)' comes from here"
    }
}
