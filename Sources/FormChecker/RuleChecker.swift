import FormModel
import FormSource

/// The checks of one field's rules (SPEC §6.1–§6.2): applicability (FC401),
/// contradictions (FC403), patterns (FC404), `sameAs` targets (FC405), rules that
/// can never fail or repeat (FC406) and validator names (FC407); the bounds of
/// `min`/`max` and `minCount`/`maxCount` (SPEC §10: FC302, FC403, and FC100 for a
/// slider without both bounds).
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
        /// How a message names the field: `textField 'email'`, or `this textField`.
        var named: String { ElementKind.named(keyword, id: id) }
        /// Its id in quotes, `'email'`, or `this textField` when it has none.
        var quotedID: String { id.isEmpty ? "this \(keyword)" : "'\(id)'" }
        /// A segment with a default always has something selected.
        var isSegmentWithDefault = false
        /// A choice without options: its options' error (an unknown option set,
        /// FC501) is its own, and its enum says nothing about a `sameAs`.
        var hasNoOptions = false
        /// `FieldCommon.unreadRules`: a slider is not told a bound is missing that
        /// was written wrong.
        var unreadRules: UnreadRules = []
        var maxInputLength: Located<Int>?
        /// A number's digits after the point.
        var places = 0
        /// A number's `style: slider`, which needs both bounds.
        var sliderStyle: SourceRange?
        /// How many options a multiChoice has.
        var optionCount = 0

        init(id: String, valueType: FieldValueType, rules: [RuleDecl], kind: ElementKind) {
            self.id = id
            self.valueType = valueType
            self.rules = rules
            keyword = kind.keyword
            switch kind {
            case .segment(let segment):
                isSegmentWithDefault = segment.defaultValue != nil
                hasNoOptions = segment.options.isEmpty
            case .text(let text): maxInputLength = text.maxInputLength
            case .number(let number):
                places = number.places
                if let style = number.style, style.value == .slider { sliderStyle = number.styleKeyRange ?? style.range }
            case .multiChoice(let choice):
                optionCount = choice.options.count
                hasNoOptions = choice.options.isEmpty
            default: break
            }
        }
    }

    /// `seen` is scratch space, kept by the caller across fields.
    /// `nonFields`: what each id of the form that is no field is (a bound naming a list is FC302).
    /// `withoutOptions`: the ids of the choices without options (`Field.hasNoOptions`).
    static func check(
        _ field: Field, file: SourceFile, symbols: SymbolTable, nonFields: [String: ConditionScope.NonField],
        withoutOptions: Set<String>, patterns: inout PatternValidator, seen: inout SeenRules, diagnostics: inout DiagnosticBag
    ) {
        seen.reset()
        // The rules compared with another, each as its index in `field.rules` (an
        // optional `RuleDecl` per kind would be a large value to set up on every
        // call): the highest minLength, against maxInputLength.
        var minLength: Int?
        // The highest minLength and the lowest maxLength without `when`: only those
        // contradict each other, and a repeated rule's tighter value is the one that counts.
        var alwaysMinLength: Int?
        var alwaysMaxLength: Int?
        var email: Int?
        var url: Int?
        var bounds = Bounds()

        for (index, rule) in field.rules.enumerated() {
            let name = rule.kind.name
            if !rule.kind.applies(to: field.valueType) {
                diagnostics.error(
                    .ruleNotApplicable, "rule '\(name)' does not apply to \(field.named)",
                    at: rule.nameRange,
                    help: [DiagnosticHelp("'\(name)' applies to \(RuleTarget.describe(FormVocabulary.targets(ofRule: name)))")]
                        + RuleKind.instead(of: name, for: field.valueType)
                )
                continue
            }

            if let earlier = seen.repeated(by: index, in: field.rules) {
                diagnostics.warning(
                    .ineffectiveRule, "rule '\(name)' is given twice for \(field.quotedID)", at: rule.nameRange,
                    notes: [diagnostics.note("first given here", at: field.rules[earlier].nameRange)],
                    help: ["remove one of them"]
                )
            }
            seen.add(index, in: field.rules)

            switch rule.kind {
            case .required:
                if field.isSegmentWithDefault {
                    diagnostics.warning(
                        .ineffectiveRule, "'required' can never fail: \(field.named) has a default, so something is always selected",
                        at: rule.nameRange, help: ["remove 'required', or remove the default so that nothing is selected at first"]
                    )
                } else if case .number(_, false) = field.valueType {
                    reportRequiredWithDefault(rule, field: field, diagnostics: &diagnostics)
                } else if case .date(_, false) = field.valueType {
                    reportRequiredWithDefault(rule, field: field, diagnostics: &diagnostics)
                }
            case .min(let text), .max(let text):
                // A bound that applies sometimes (`when:`) neither contradicts the other nor ends a slider.
                let bound = checkBound(text, rule: rule, field: field, symbols: symbols, diagnostics: &diagnostics)
                if rule.when == nil {
                    let isMin = if case .min = rule.kind { true } else { false }
                    if let bound {
                        if isMin { bounds.add(min: bound, rule: index) } else { bounds.add(max: bound, rule: index) }
                    } else if isMin {
                        // A bound written wrong (reported) is the slider's end to mend, not a missing one.
                        bounds.hasMin = true
                    } else {
                        bounds.hasMax = true
                    }
                }
            case .minField(let target), .maxField(let target):
                checkFieldBound(target, rule: rule, field: field, symbols: symbols, nonFields: nonFields, diagnostics: &diagnostics)
            case .minCount(let count):
                if rule.when == nil, bounds.minCount.map({ count > $0.count }) ?? true { bounds.minCount = (index, count) }
                if count <= 1 {
                    // Nothing chosen is empty, and passes every rule but `required` (SPEC §6.2).
                    diagnostics.warning(
                        .ineffectiveRule, count == 0 ? "'minCount: 0' can never fail"
                            : "'minCount: 1' can never fail: nothing chosen passes it, as it passes every rule but 'required'",
                        at: rule.parameterRange ?? rule.nameRange,
                        help: ["remove it, or use 'required' to ask for at least one choice"]
                    )
                } else if field.optionCount > 0, count > field.optionCount {
                    diagnostics.error(
                        .contradictoryRules, "minCount \(count) is more than the \(field.optionCount) options of \(field.quotedID): no choice can pass",
                        at: rule.parameterRange ?? rule.nameRange, help: ["make minCount at most \(field.optionCount)"]
                    )
                }
            case .maxCount(let count):
                if rule.when == nil, bounds.maxCount.map({ count < $0.count }) ?? true { bounds.maxCount = (index, count) }
                if field.optionCount > 0, count >= field.optionCount {
                    diagnostics.warning(
                        .ineffectiveRule, "'maxCount: \(count)' can never fail: \(field.quotedID) has \(field.optionCount) options",
                        at: rule.parameterRange ?? rule.nameRange, help: ["remove the rule"]
                    )
                }
            case .minLength(let count):
                if count <= 1 {
                    // An empty value passes every rule but `required` (SPEC §6.2); any other has a character.
                    diagnostics.warning(
                        .ineffectiveRule, count == 0 ? "'minLength: 0' can never fail"
                            : "'minLength: 1' can never fail: an empty value passes it, as it passes every rule but 'required'",
                        at: rule.parameterRange ?? rule.nameRange,
                        help: ["remove it, or use 'required' to forbid an empty value"]
                    )
                }
                // The highest minLength and the lowest maxLength decide whether a value passes.
                if minLength.map({ count > Self.length(field.rules[$0]) }) ?? true { minLength = index }
                if rule.when == nil, alwaysMinLength.map({ count > Self.length(field.rules[$0]) }) ?? true { alwaysMinLength = index }
            case .maxLength(let count):
                if rule.when == nil, alwaysMaxLength.map({ count < Self.length(field.rules[$0]) }) ?? true { alwaysMaxLength = index }
            case .pattern(let pattern):
                patterns.check(pattern, rule: rule, file: file, diagnostics: &diagnostics)
            // A rule that applies sometimes (`when:`) contradicts no other: each
            // holds under its own condition (min and max above, and the pairs below).
            case .email:
                if rule.when == nil { email = email ?? index }
            case .url:
                if rule.when == nil { url = url ?? index }
            case .sameAs(let target):
                checkSameAs(
                    target, rule: rule, field: field, symbols: symbols, nonFields: nonFields, withoutOptions: withoutOptions,
                    diagnostics: &diagnostics
                )
            case .custom(let validator):
                if !SwiftNaming.isLowerCamelCase(validator) || SwiftNaming.keywords.contains(validator) {
                    diagnostics.error(
                        .invalidValidatorName, "'\(validator)' is not a valid validator name", at: rule.parameterRange ?? rule.nameRange,
                        help: ["a validator name is a lowerCamelCase Swift method name, not a keyword"]
                            + (SwiftNaming.suggestedID(for: validator).map { [.didYouMean($0)] } ?? [])
                    )
                }
            }
        }

        checkLengths(
            minLength: minLength.map { field.rules[$0] },
            alwaysMinLength: alwaysMinLength.map { field.rules[$0] }, alwaysMaxLength: alwaysMaxLength.map { field.rules[$0] },
            inputLimit: field.maxInputLength, diagnostics: &diagnostics
        )
        bounds.check(field: field, file: file, diagnostics: &diagnostics)
        if let email = email.map({ field.rules[$0] }), let url = url.map({ field.rules[$0] }) {
            let later = email.range.start < url.range.start ? url : email
            let earlier = later.kind == .url ? email : url
            diagnostics.error(
                .contradictoryRules, "rules 'email' and 'url' contradict each other: no value is both", at: later.nameRange,
                notes: [diagnostics.note("'\(earlier.kind.name)' given here", at: earlier.nameRange)],
                help: ["keep the one that describes the field"]
            )
        }
    }

    /// `minLength` above `maxLength` (the highest and the lowest without `when`: a
    /// rule with one holds under its own condition), and the highest `minLength`
    /// against `maxInputLength`, which always applies. A `maxLength` at or above
    /// `maxInputLength` still has an effect: typing stops at the limit, but a value
    /// set in code or submitted to a server's `static validate` meets only the rule.
    static func checkLengths(
        minLength: RuleDecl?, alwaysMinLength: RuleDecl?, alwaysMaxLength: RuleDecl?,
        inputLimit: Located<Int>?, diagnostics: inout DiagnosticBag
    ) {
        if let minRule = alwaysMinLength, case .minLength(let low) = minRule.kind,
           let maxRule = alwaysMaxLength, case .maxLength(let high) = maxRule.kind, low > high {
            let later = minRule.range.start < maxRule.range.start ? maxRule : minRule
            let earlier = later.range.start == minRule.range.start ? maxRule : minRule
            diagnostics.error(
                .contradictoryRules, "minLength \(low) is greater than maxLength \(high): no value can pass",
                at: later.parameterRange ?? later.nameRange,
                notes: [diagnostics.note("'\(earlier.kind.name)' given here", at: earlier.parameterRange ?? earlier.nameRange)],
                help: ["make minLength at most maxLength"]
            )
        }
        if let minRule = minLength, case .minLength(let low) = minRule.kind {
            if let inputLimit, low > inputLimit.value {
                diagnostics.error(
                    .contradictoryRules, "minLength \(low) is greater than maxInputLength \(inputLimit.value): no value can be typed that passes",
                    at: minRule.parameterRange ?? minRule.nameRange,
                    notes: [diagnostics.note("maxInputLength given here", at: inputLimit.range)],
                    help: ["make minLength at most maxInputLength, or raise maxInputLength"]
                )
            }
        }
    }

    /// The count of a `minLength` or `maxLength` rule.
    private static func length(_ rule: RuleDecl) -> Int {
        switch rule.kind {
        case .minLength(let count), .maxLength(let count): count
        default: 0
        }
    }

    private static func reportRequiredWithDefault(_ rule: RuleDecl, field: Field, diagnostics: inout DiagnosticBag) {
        diagnostics.warning(
            .ineffectiveRule, "'required' can never fail: \(field.named) has a default, so it always has a value",
            at: rule.nameRange, help: ["remove 'required', or remove the default so that the field starts empty"]
        )
    }

    /// A `min`/`max` parameter read for the field: FC102 for a quoted number,
    /// FC302 for a literal that is no value of the field's type.
    private static func checkBound(
        _ text: String, rule: RuleDecl, field: Field, symbols: SymbolTable, diagnostics: inout DiagnosticBag
    ) -> RuleBound? {
        let range = rule.parameterRange ?? rule.nameRange
        let name = rule.kind.name
        if case .number = field.valueType {
            if rule.parameterStyle?.isQuoted == true {
                diagnostics.error(
                    .wrongType, "expected a number for the \(name) parameter, found the string '\(text)'", at: range,
                    help: [ValueReader.quotedNumberHelp(text)]
                )
                return nil
            }
            guard let bound = RuleBound(text, for: field.valueType), case .number(let value) = bound else {
                if RelativeDateLiteral(text) != nil {
                    // `today…` always means a date, even where a number field has that name (docs/format.md).
                    let named = symbols.fieldIndex(text) != nil
                    diagnostics.error(
                        .invalidNumber, "'\(text)' is a date counted from the day the rule runs, and a number's \(name) is a number or another number field",
                        at: range,
                        help: named ? ["'\(text)' always means the date: a field named '\(text)' cannot be a bound; rename the field"]
                            : ["write a number, e.g. 18 or 2.50"]
                    )
                    return nil
                }
                diagnostics.error(
                    .invalidNumber, "'\(text)' is not a number in plain decimal notation", at: range,
                    help: ["write digits with at most one decimal point, e.g. 18 or 2.50"] + fieldSuggestion(text, for: field, symbols: symbols)
                )
                return nil
            }
            guard FieldKindChecker.checkFits(Located(value, at: range), places: field.places, what: name, diagnostics: &diagnostics) else {
                return nil
            }
            return bound
        }
        guard case .date(let mode, _) = field.valueType else { return nil }
        if let bound = RuleBound(text, for: field.valueType) { return bound }
        let example = switch mode {
        case .date: "2026-01-31, today or today-18y"
        case .time: "09:30"
        case .dateTime: "2026-01-31T09:30:00Z or today+30d"
        }
        var help: [DiagnosticHelp] = ["write \(example)"]
        if mode == .dateTime, let fraction = DateTimeLiteral.fractionProblem(text, quoted: false) {
            help = [DiagnosticHelp(fraction.help)]
        } else if text.hasPrefix("today") {
            help = mode == .time
                ? ["a time field's bound is a time of day such as 09:30; 'today' is for dates"]
                : [
                    DiagnosticHelp(
                        RelativeDateLiteral.amountHelp(for: text)
                            ?? "write today, or today followed by + or -, a number and a unit: d (days), w (weeks), m (months) or y (years), e.g. today-18y"
                    ),
                ]
        }
        diagnostics.error(
            .invalidNumber, "'\(text)' is not a valid \(name) for \(ElementKind.named(mode == .dateTime ? "date and time" : field.keyword, id: field.id))",
            at: range, help: help + fieldSuggestion(text, for: field, symbols: symbols)
        )
        return nil
    }

    /// "did you mean 'low'?" for a bound that is no literal but reads like the id
    /// of another field of the same kind (`min: Low`): a bound names a field or is
    /// a literal (SPEC §16). A path (`employers.from`) or a near field of another
    /// list's entries is told what a bound can name.
    private static func fieldSuggestion(_ text: String, for field: Field, symbols: SymbolTable) -> [DiagnosticHelp] {
        guard let first = text.unicodeScalars.first, first.properties.isAlphabetic, !text.hasPrefix("today") else { return [] }
        let candidates = symbols.fields.filter { $0.id != field.id && $0.valueType.isSameType(as: field.valueType) }.map(\.id)
        let suggestions = Suggestions.didYouMean(text, in: candidates)
        return suggestions.isEmpty ? symbols.unreachableFieldHelp(text, candidates: candidates, what: "a bound") : suggestions
    }

    /// The `min`, `max`, `minCount` and `maxCount` rules of a field without `when`
    /// (each rule's index in the field's rules), compared once all its rules are
    /// read: the highest fixed `min` and `minCount`, the lowest fixed `max` and
    /// `maxCount` (a repeated rule's tighter value is the one that counts).
    private struct Bounds {
        var min: (rule: Int, bound: RuleBound)?
        var max: (rule: Int, bound: RuleBound)?
        var minCount: (rule: Int, count: Int)?
        var maxCount: (rule: Int, count: Int)?
        /// Whether there is a `min`, a `max` (fixed or relative): a slider's ends.
        var hasMin = false
        var hasMax = false

        mutating func add(min bound: RuleBound, rule: Int) {
            hasMin = true
            guard let value = bound.fixedValue else { return }
            if min?.bound.fixedValue.map({ value > $0 }) ?? true { min = (rule, bound) }
        }

        mutating func add(max bound: RuleBound, rule: Int) {
            hasMax = true
            guard let value = bound.fixedValue else { return }
            if max?.bound.fixedValue.map({ value < $0 }) ?? true { max = (rule, bound) }
        }

        func check(field: Field, file: SourceFile, diagnostics: inout DiagnosticBag) {
            if let min, let max, let low = min.bound.fixedValue, let high = max.bound.fixedValue, low > high {
                report(
                    "min \(describe(min.bound)) is greater than max \(describe(max.bound)): no value can pass",
                    field.rules[min.rule], field.rules[max.rule], &diagnostics
                )
            }
            if let minCount, let maxCount, minCount.count > maxCount.count {
                report(
                    "minCount \(minCount.count) is greater than maxCount \(maxCount.count): no choice can pass",
                    field.rules[minCount.rule], field.rules[maxCount.rule], &diagnostics
                )
            }
            // An end whose rule was written wrong (`maxx`, `max: "10"`; reported) is not missing.
            if let slider = field.sliderStyle, !field.unreadRules.contains(.all),
               case let unread = field.unreadRules,
               case let missing = [hasMin || unread.contains(.min) ? nil : "min", hasMax || unread.contains(.max) ? nil : "max"].compactMap({ $0 }),
               !missing.isEmpty {
                let json = SourceFormat(path: file.path) == .json
                let stepper = json ? #""style": "stepper""# : "'style: stepper'"
                let help = if field.rules.isEmpty {
                    "add \(json ? #""rules": [{"min": 0}, {"max": 100}]"# : "'rules: [{min: 0}, {max: 100}]'") with the slider's ends, or use \(stepper)"
                } else {
                    "add \(missing.map { $0 == "min" ? (json ? #"{"min": 0}"# : "'{ min: 0 }'") : (json ? #"{"max": 100}"# : "'{ max: 100 }'") }.joined(separator: " and ")) to its rules with the slider's ends, or use \(stepper)"
                }
                // A bound naming a field moves with its value; the slider's ends are drawn fixed.
                let fromFields = missing.map { end in
                    field.rules.lazy.compactMap { rule -> String? in
                        switch rule.kind {
                        case .minField(let other) where end == "min", .maxField(let other) where end == "max": "its \(end) from the field '\(other)'"
                        default: nil
                        }
                    }.first
                }
                let message = fromFields.allSatisfy({ $0 != nil })
                    ? "a slider needs a fixed min and max; \(field.quotedID) takes \(fromFields.compactMap { $0 }.joined(separator: " and "))"
                    : "a slider needs both a min and a max rule; \(field.quotedID) has no \(missing.joined(separator: " and "))"
                diagnostics.error(
                    .missingKey, message, at: slider,
                    help: fromFields.contains { $0 != nil }
                        ? ["a slider's ends are numbers, which another field's value cannot move", DiagnosticHelp(help)] : [DiagnosticHelp(help)]
                )
            }
        }

        private func describe(_ bound: RuleBound) -> String {
            switch bound {
            case .number(let value): value.description
            case .fixed(let value): value.description
            case .relative(let value): value.description
            }
        }

        /// FC403 at the later of the two rules, with a note at the earlier.
        private func report(_ message: String, _ first: RuleDecl, _ second: RuleDecl, _ diagnostics: inout DiagnosticBag) {
            let later = first.range.start < second.range.start ? second : first
            let earlier = later.range.start == first.range.start ? second : first
            diagnostics.error(
                .contradictoryRules, message, at: later.parameterRange ?? later.nameRange,
                notes: [diagnostics.note("'\(earlier.kind.name)' given here", at: earlier.parameterRange ?? earlier.nameRange)],
                help: ["make the lower bound at most the upper bound"]
            )
        }
    }

    /// For an entry's field that names itself by an id the form's field of that id
    /// has too (`sameAs: email` beside the form's `email`): a note at the form's
    /// field, and the help that says the entry's own id comes first (SPEC §14);
    /// only when the form's field `fits` (is one the rule could name), so that the
    /// rename it proposes leads to no other error.
    private static func hiddenOuterField(
        _ id: String, symbols: SymbolTable, diagnostics: DiagnosticBag, fits: (FieldValueType) -> Bool
    ) -> (notes: [DiagnosticNote], help: [DiagnosticHelp]?) {
        guard let outer = symbols.hiddenOuterField?(id)?.field, fits(outer.valueType) else { return ([], nil) }
        return ([diagnostics.note(hiddenOuterNote(id), at: outer.range)], [DiagnosticHelp(hiddenOuterHelp(id))])
    }

    /// The note at the form's field that an entry's field of the same id hides (SPEC §14).
    static func hiddenOuterNote(_ id: String) -> String {
        "the form's '\(id)' is declared here"
    }

    /// The help for an entry's field that names the form's `id`, `what` it is (`switch`), and gets the
    /// entry's own field of that id: the entry's comes first (SPEC §14).
    static func hiddenOuterHelp(_ id: String, what: String? = nil) -> String {
        "in a list's entry, the entry's own '\(id)' comes first and hides the form's\(what.map { " " + $0 } ?? ""): rename the entry's field to name the form's '\(id)' here"
    }

    /// The relative date (SPEC §4) a day named in words stands for: `tomorrow` is
    /// `today+1d`; nil for any other word.
    static func relativeDate(spelledBy word: String) -> String? {
        switch word.lowercased() {
        case "now", "today", "currentdate", "thisday": "today"
        case "tomorrow", "nextday": "today+1d"
        case "yesterday", "previousday": "today-1d"
        case "nextweek": "today+1w"
        case "lastweek": "today-1w"
        case "nextmonth": "today+1m"
        case "lastmonth": "today-1m"
        case "nextyear": "today+1y"
        case "lastyear": "today-1y"
        default: nil
        }
    }

    /// `min: startDate` (SPEC §16): the bound names a field the rule's field can
    /// see (FC501 otherwise, with a did-you-mean) of the same kind and mode (FC302
    /// otherwise); numbers of any `decimals` compare exactly. Every name a bound
    /// reads is resolved here, through `boundField`.
    static func checkFieldBound(
        _ target: String, rule: RuleDecl, field: Field, symbols: SymbolTable, nonFields: [String: ConditionScope.NonField],
        diagnostics: inout DiagnosticBag
    ) {
        let range = rule.parameterRange ?? rule.nameRange
        let name = rule.kind.name
        if target == field.id {
            let (notes, help) = hiddenOuterField(
                target, symbols: symbols, diagnostics: diagnostics, fits: { field.valueType.canBeBounded(by: $0) }
            )
            diagnostics.error(
                .invalidNumber, "\(field.quotedID) cannot be its own \(name)", at: range,
                notes: notes, help: help ?? ["name another field, or write a value"]
            )
            return
        }
        guard let other = boundField(target, from: field, symbols: symbols) else {
            let help: DiagnosticHelp = "a bound is a value of the field's type, or the id of another field of the same kind"
            // The fields the bound could name (never the field itself: a fix must
            // not lead to another error), and `today` for a date (misspelt `tody`).
            var candidates = symbols.fields.filter { $0.id != field.id && field.valueType.canBeBounded(by: $0.valueType) }.map(\.id)
            if case .date(let mode, _) = field.valueType, mode != .time { candidates.append("today") }
            if let list = symbols.entryFieldLists[target] {
                diagnostics.error(
                    .conditionUnknownField, "\(name) names '\(target)', a field of the entries of list '\(list)': only that list's entries can name it",
                    at: range, help: Suggestions.didYouMean(target, in: candidates) + [help]
                )
            } else if let declared = symbols.declaration(of: target), nonFields[target] == .list {
                // A list is a field of the form (SPEC §14), of a kind no bound compares with.
                diagnostics.error(
                    .invalidNumber,
                    "'\(target)' cannot be the \(name) of \(field.named): '\(target)' is a list, whose value is its entries; a bound field is of the same kind",
                    at: range, notes: [diagnostics.note("'\(target)' is declared here", at: declared)], help: [help]
                )
            } else if let declared = symbols.declaration(of: target) {
                // A group, page or segue: declared, but no number or date a bound reads.
                diagnostics.error(
                    .conditionUnknownField, "\(name) names '\(target)', which is no number or date field", at: range,
                    notes: [diagnostics.note("'\(target)' is declared here", at: declared)], help: [help]
                )
            } else if !symbols.isExplainedElsewhere(target) {
                var suggestions = Suggestions.didYouMean(target, in: candidates)
                // A day named in words (`tomorrow`) is a date relative to today.
                if suggestions.isEmpty, case .date(let mode, _) = field.valueType, mode != .time,
                   let relative = Self.relativeDate(spelledBy: target) {
                    suggestions = [DiagnosticHelp(
                        "a date counted from the day the form is filled in is written from 'today' (today+1d, today-18y): write '\(relative)'",
                        fix: DiagnosticFix(title: "Replace with '\(relative)'", text: relative, placement: .insideQuotes)
                    )]
                }
                diagnostics.error(
                    .conditionUnknownField, "\(name) names an unknown field '\(target)'", at: range,
                    help: suggestions.isEmpty ? [help] + symbols.unreachableFieldHelp(target, candidates: candidates, what: "a bound") : suggestions
                )
            }
            return
        }
        let otherType = symbols.fields[other].valueType
        guard !field.valueType.canBeBounded(by: otherType) else { return }
        let reason = switch (field.valueType, otherType) {
        case (.date(let a, _), .date(let b, _)):
            "\(field.quotedID) holds a \(FieldValueType.date(a, optional: true).description) and '\(target)' a \(FieldValueType.date(b, optional: true).description); a bound field has the same mode"
        default:
            "\(field.quotedID) is a \(field.valueType.description) and '\(target)' a \(otherType.description); a bound field is of the same kind"
        }
        diagnostics.error(
            .invalidNumber, "'\(target)' cannot be the \(name) of \(field.named): \(reason)", at: range,
            notes: [diagnostics.note("'\(target)' is declared here", at: symbols.fields[other].range)],
            help: ["name a field of the same kind, or write a fixed value"]
        )
    }

    /// The field a bound names, seen from `field`: the one place that resolves a
    /// bound's name, so that a scope nested in the form (a list's entries, §14)
    /// extends it in one place.
    static func boundField(_ id: String, from field: Field, symbols: SymbolTable) -> Int? {
        symbols.fieldIndex(id)
    }

    static func checkSameAs(
        _ target: String, rule: RuleDecl, field: Field, symbols: SymbolTable, nonFields: [String: ConditionScope.NonField],
        withoutOptions: Set<String>, diagnostics: inout DiagnosticBag
    ) {
        let range = rule.parameterRange ?? rule.nameRange
        if target == field.id {
            let (notes, help) = hiddenOuterField(
                target, symbols: symbols, diagnostics: diagnostics, fits: { $0.isSameType(as: field.valueType) }
            )
            diagnostics.error(
                .invalidSameAs, "\(field.quotedID) cannot be the same as itself", at: range,
                notes: notes, help: help ?? ["name the field this one must repeat, e.g. \(diagnostics.format.entry("sameAs", "password"))"]
            )
            return
        }
        guard let other = symbols.fieldIndex(target) else {
            // The fields it could repeat: of its value type, never itself.
            let candidates = symbols.fields.filter { $0.id != field.id && $0.valueType.isSameType(as: field.valueType) }.map(\.id)
            if let list = symbols.entryFieldLists[target] {
                diagnostics.error(
                    .conditionUnknownField, "sameAs names '\(target)', a field of the entries of list '\(list)': only that list's entries can name it",
                    at: range,
                    help: Suggestions.didYouMean(target, in: candidates)
                        + ["sameAs compares with a field the rule's field can see: in an entry, that entry's own fields and the form's"]
                )
            } else if let declared = symbols.declaration(of: target) {
                // A list is a field of the form (SPEC §14), whose value is its entries.
                let isList = nonFields[target] == .list
                diagnostics.error(
                    .invalidSameAs, isList ? "sameAs target '\(target)' is a list, whose value is its entries" : "sameAs target '\(target)' is not a field",
                    at: range, notes: [diagnostics.note("'\(target)' is declared here", at: declared)],
                    help: [isList
                        ? "sameAs compares with another field of the same value type"
                        : "sameAs compares with another field's value; a group, page or segue has none"]
                )
            } else if !symbols.isExplainedElsewhere(target) {
                var help = Suggestions.didYouMean(target, in: candidates)
                if help.isEmpty { help = symbols.unreachableFieldHelp(target, candidates: candidates, what: "sameAs") }
                diagnostics.error(
                    .invalidSameAs, "sameAs names an unknown field '\(target)'", at: range,
                    help: help.isEmpty ? ["name another field of the same kind, whose value this one must repeat"] : help
                )
            }
            return
        }
        guard symbols.fields[other].valueType.isSameType(as: field.valueType) else {
            // Two choices of one kind differ in their enums only, which an unknown
            // option set (a choice without options, reported) does not decide.
            let sameKind = switch (field.valueType, symbols.fields[other].valueType) {
            case (.segment, .segment), (.multiChoice, .multiChoice): true
            default: false
            }
            guard !sameKind || (!field.hasNoOptions && !withoutOptions.contains(target)) else { return }
            diagnostics.error(
                .invalidSameAs,
                "\(field.quotedID) (\(field.valueType.description)) cannot be the same as '\(target)' (\(symbols.fields[other].valueType.description))",
                at: range, notes: [diagnostics.note("'\(target)' is declared here", at: symbols.fields[other].range)],
                help: [sameKind ? SymbolTable.oneOptionSetHelp(in: diagnostics.format) : "sameAs compares two fields of the same value type"]
            )
            return
        }
    }
}

extension RuleKind {
    /// The rule a field of `valueType` has for what `name` would say of it: a text's
    /// length (`minLength`), a multiple choice's count (`minCount`).
    static func instead(of name: String, for valueType: FieldValueType) -> [DiagnosticHelp] {
        let counterpart: String? = switch (name, valueType) {
        case ("min", .string): "minLength"
        case ("max", .string): "maxLength"
        case ("min", .multiChoice), ("minLength", .multiChoice): "minCount"
        case ("max", .multiChoice), ("maxLength", .multiChoice): "maxCount"
        case ("minCount", .string): "minLength"
        case ("maxCount", .string): "maxLength"
        default: nil
        }
        guard let counterpart else { return [] }
        let line = "for the \(valueType == .string ? "length of the text" : "number of options chosen"), write '\(counterpart)'"
        return [DiagnosticHelp(line, fix: DiagnosticFix(title: "Replace with '\(counterpart)'", text: counterpart, placement: .insideQuotes))]
    }

    /// Whether the rule applies to a field holding `valueType` (SPEC §6.1, §10), as
    /// the vocabulary's table says.
    fileprivate func applies(to valueType: FieldValueType) -> Bool {
        FormVocabulary.rule(name, appliesTo: RuleTarget(valueType))
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
        if let identical = firstOfKind?[kind] { return rules[identical].when == nil && rules[index].when == nil ? identical : nil }
        // A rule that applies sometimes (`when:`) is no repeat of another: each holds under its own condition.
        if rules[index].when != nil || rules[sameName].when != nil { return nil }
        // A bound naming a field beside a fixed one (`min: today`, `min: startDate`) is no repeat.
        if kind.otherField != nil || rules[sameName].kind.otherField != nil { return nil }
        return RuleKind.repeatable.contains(kind.name) ? nil : sameName
    }

    mutating func add(_ index: Int, in rules: [RuleDecl]) {
        let kind = rules[index].kind
        if !firstOfName.contains(where: { rules[$0].kind.name == kind.name }) { firstOfName.append(index) }
        if firstOfKind?[kind] == nil { firstOfKind?[kind] = index }
    }
}
