/// The checks of one field's rules (SPEC §6.1–§6.2): applicability (FC401),
/// contradictions (FC403), patterns (FC404), `sameAs` targets (FC405), rules that
/// can never fail or repeat (FC406) and validator names (FC407).
enum RuleChecker {
    /// A field whose rules are checked: what the checks need of its symbol and its
    /// element, kept small so that the checker can hold every field's until all
    /// ids are declared.
    struct Field {
        var id: String
        var valueType: FieldValueType
        var rules: [RuleDecl]
        /// The kind key (`textField`), for messages.
        var keyword: String
        /// A segment with a default always has something selected.
        var isSegmentWithDefault = false
        var maxInputLength: Located<Int>?

        init(id: String, valueType: FieldValueType, rules: [RuleDecl], kind: ElementKind) {
            self.id = id
            self.valueType = valueType
            self.rules = rules
            keyword = kind.keyword
            switch kind {
            case .segment(let segment): isSegmentWithDefault = segment.defaultValue != nil
            case .text(let text): maxInputLength = text.maxInputLength
            default: break
            }
        }
    }

    /// `seen` is scratch space, kept by the caller across fields.
    static func check(
        _ field: Field, file: SourceFile, symbols: SymbolTable, patterns: inout PatternValidator, seen: inout SeenRules,
        diagnostics: inout DiagnosticBag
    ) {
        seen.reset()
        var minLength: RuleDecl?
        var maxLength: RuleDecl?
        var email: RuleDecl?
        var url: RuleDecl?

        for (index, rule) in field.rules.enumerated() {
            let name = rule.kind.name
            if rule.kind.checksText, field.valueType != .string {
                diagnostics.error(
                    .ruleNotApplicable, "rule '\(name)' does not apply to \(field.keyword) '\(field.id)'",
                    at: rule.nameRange,
                    help: ["'\(name)' checks text; it applies to textField, floatLabel and textView"]
                )
                continue
            }

            if let earlier = seen.repeated(by: index, in: field.rules) {
                diagnostics.warning(
                    .ineffectiveRule, "rule '\(name)' is given twice for '\(field.id)'", at: rule.nameRange,
                    notes: [diagnostics.note("first given here", at: field.rules[earlier].nameRange)],
                    help: ["remove one of them"]
                )
            }
            seen.add(index, in: field.rules)

            switch rule.kind {
            case .required:
                if field.isSegmentWithDefault {
                    diagnostics.warning(
                        .ineffectiveRule, "'required' can never fail: segment '\(field.id)' has a default, so something is always selected",
                        at: rule.nameRange, help: ["remove 'required', or remove the default so that nothing is selected at first"]
                    )
                }
            case .minLength(let count):
                if count == 0 {
                    diagnostics.warning(
                        .ineffectiveRule, "'minLength: 0' can never fail", at: rule.parameterRange ?? rule.nameRange,
                        help: ["remove it, or use 'required' to forbid an empty value"]
                    )
                }
                minLength = minLength ?? rule
            case .maxLength:
                maxLength = maxLength ?? rule
            case .pattern(let pattern):
                patterns.check(pattern, rule: rule, file: file, diagnostics: &diagnostics)
            case .email:
                email = email ?? rule
            case .url:
                url = url ?? rule
            case .sameAs(let target):
                checkSameAs(target, rule: rule, field: field, symbols: symbols, diagnostics: &diagnostics)
            case .custom(let validator):
                if !SwiftNaming.isLowerCamelCase(validator) || SwiftNaming.keywords.contains(validator) {
                    let suggestion = SwiftNaming.caseName(forOptionValue: validator)
                    diagnostics.error(
                        .invalidValidatorName, "'\(validator)' is not a valid validator name", at: rule.parameterRange ?? rule.nameRange,
                        help: ["a validator name is a lowerCamelCase Swift method name, not a keyword"]
                            + (SwiftNaming.isLowerCamelCase(suggestion) && !SwiftNaming.keywords.contains(suggestion)
                                ? ["did you mean '\(suggestion)'?"] : [])
                    )
                }
            }
        }

        checkLengths(minLength: minLength, maxLength: maxLength, inputLimit: field.maxInputLength, diagnostics: &diagnostics)
        if let email, let url {
            let later = email.range.start < url.range.start ? url : email
            let earlier = later.kind == .url ? email : url
            diagnostics.error(
                .contradictoryRules, "rules 'email' and 'url' contradict each other: no value is both", at: later.nameRange,
                notes: [diagnostics.note("'\(earlier.kind.name)' given here", at: earlier.nameRange)],
                help: ["keep the one that describes the field"]
            )
        }
    }

    static func checkLengths(
        minLength: RuleDecl?, maxLength: RuleDecl?, inputLimit: Located<Int>?, diagnostics: inout DiagnosticBag
    ) {

        if let minRule = minLength, case .minLength(let low) = minRule.kind {
            if let maxRule = maxLength, case .maxLength(let high) = maxRule.kind, low > high {
                let later = minRule.range.start < maxRule.range.start ? maxRule : minRule
                let earlier = later.range.start == minRule.range.start ? maxRule : minRule
                diagnostics.error(
                    .contradictoryRules, "minLength \(low) is greater than maxLength \(high): no value can pass",
                    at: later.parameterRange ?? later.nameRange,
                    notes: [diagnostics.note("'\(earlier.kind.name)' given here", at: earlier.parameterRange ?? earlier.nameRange)],
                    help: ["make minLength at most maxLength"]
                )
            }
            if let inputLimit, low > inputLimit.value {
                diagnostics.error(
                    .contradictoryRules, "minLength \(low) is greater than maxInputLength \(inputLimit.value): no value can be typed that passes",
                    at: minRule.parameterRange ?? minRule.nameRange,
                    notes: [diagnostics.note("maxInputLength given here", at: inputLimit.range)]
                )
            }
        }
        if let maxRule = maxLength, case .maxLength(let high) = maxRule.kind, let inputLimit, high >= inputLimit.value {
            diagnostics.warning(
                .ineffectiveRule, "'maxLength: \(high)' can never fail: maxInputLength \(inputLimit.value) stops typing first",
                at: maxRule.parameterRange ?? maxRule.nameRange,
                notes: [diagnostics.note("maxInputLength given here", at: inputLimit.range)],
                help: ["remove the rule"]
            )
        }
    }

    static func checkSameAs(
        _ target: String, rule: RuleDecl, field: Field, symbols: SymbolTable, diagnostics: inout DiagnosticBag
    ) {
        let range = rule.parameterRange ?? rule.nameRange
        if target == field.id {
            diagnostics.error(
                .invalidSameAs, "'\(field.id)' cannot be the same as itself", at: range,
                help: ["name the field this one must repeat, e.g. 'sameAs: password'"]
            )
            return
        }
        guard let other = symbols.fieldIndex(target) else {
            if let declared = symbols.declaration(of: target) {
                diagnostics.error(
                    .invalidSameAs, "sameAs target '\(target)' is not a field", at: range,
                    notes: [diagnostics.note("'\(target)' is declared here", at: declared)],
                    help: ["sameAs compares with another field's value; groups and segues have none"]
                )
            } else {
                diagnostics.error(
                    .invalidSameAs, "sameAs names an unknown field '\(target)'", at: range,
                    help: Suggestions.didYouMean(target, in: symbols.fields.map(\.id))
                )
            }
            return
        }
        guard symbols.fields[other].valueType.isSameType(as: field.valueType) else {
            diagnostics.error(
                .invalidSameAs,
                "'\(field.id)' (\(field.valueType.description)) cannot be the same as '\(target)' (\(symbols.fields[other].valueType.description))",
                at: range, notes: [diagnostics.note("'\(target)' is declared here", at: symbols.fields[other].range)],
                help: ["sameAs compares two fields of the same value type"]
            )
            return
        }
    }
}

extension RuleKind {
    /// Rules that check text, and so apply to text fields only.
    fileprivate var checksText: Bool {
        switch self {
        case .minLength, .maxLength, .pattern, .email, .url: true
        case .required, .sameAs, .custom: false
        }
    }
}

/// The rules of one field seen so far, to find one given twice: identical, or a
/// second length limit of the same kind (`minLength: 2` after `minLength: 4`).
/// Rules are named by their index in the field's list.
///
/// A field has a few rules of different names, so the first rule of each name is
/// kept in a short list (kept allocated from one field to the next); rules by exact
/// kind are indexed only once a name repeats.
struct SeenRules {
    /// The first rule of each name, in the order seen.
    private var firstOfName: [Int] = []
    /// The first rule of each kind, built when a name first repeats: until then every
    /// rule seen has a name of its own, so `firstOfName` holds them all.
    private var firstOfKind: [RuleKind: Int]?

    /// Forgets the rules of the previous field.
    mutating func reset() {
        firstOfName.removeAll(keepingCapacity: true)
        firstOfKind = nil
    }

    /// The earlier rule that `rules[index]` repeats, if any.
    mutating func repeated(by index: Int, in rules: [RuleDecl]) -> Int? {
        let kind = rules[index].kind
        guard let sameName = firstOfName.first(where: { rules[$0].kind.name == kind.name }) else { return nil }
        if firstOfKind == nil {
            firstOfKind = Dictionary(uniqueKeysWithValues: firstOfName.map { (rules[$0].kind, $0) })
        }
        if let identical = firstOfKind?[kind] { return identical }
        switch kind {
        case .minLength, .maxLength, .required, .email, .url: return sameName
        case .pattern, .sameAs, .custom: return nil
        }
    }

    mutating func add(_ index: Int, in rules: [RuleDecl]) {
        let kind = rules[index].kind
        if !firstOfName.contains(where: { rules[$0].kind.name == kind.name }) { firstOfName.append(index) }
        if firstOfKind?[kind] == nil { firstOfKind?[kind] = index }
    }
}
