import FormModel
import FormText

// The validation members' Swift (SPEC §6): the per-field rule functions, their
// rules, messages and bounds, and the lines of the dispatchers.

/// A rule's failure message, as the translator names it: what its localization
/// key is made of (`FormStrings.messageKey`), and the form's text for it, else
/// what the default message (SPEC §6.3) is made of: the field's and a `sameAs`
/// target's display names.
struct RuleMessage {
    let form: String
    let id: String
    let rule: String
    let occurrence: Int
    let text: String?
    let fieldName: String
    let targetName: String?
    /// The field's value type, which words a bound naming another field.
    var valueType: FieldValueType? = nil
}

extension SwiftRenderer {
    /// The parameters of a field's rule function, spelled once per form: without
    /// and with the app's validators (of type `validatorsType`: `any SignUpFormValidators`).
    static func fieldValidatorParameters(validatorsType: String) -> (plain: [SwiftName], withValidators: [SwiftName]) {
        let plain = [SwiftName("_ values: Values"), SwiftName("context: ValidationContext")]
        return (plain, plain + [SwiftName("validators: " + validatorsType)])
    }

    /// `private nonisolated static func validateEmail(_ values: Values, …) async -> ValidationResult {`:
    /// its statements follow, then `closeBody()`.
    mutating func openFieldValidator(_ name: FieldHelperName, parameters: [SwiftName]) {
        beginMember(sort: nil)
        write("private nonisolated static func ")
        write(name)
        let tail: StaticString = " async -> ValidationResult"
        parameterList(parameters, tailWidth: tail.utf8CodeUnitCount)
        write(tail)
        openBody()
    }

    /// `await validateEmail(values, context: context)`, passing the validators when `passesValidators`.
    mutating func fieldValidatorCall(_ name: FieldHelperName, passesValidators: Bool) {
        write("await ")
        write(name)
        write(passesValidators ? "(values, context: context, validators: validators)" : "(values, context: context)")
    }

    /// `guard isCompanyVisible(values) else { return .valid }`: a hidden field is not validated.
    mutating func guardVisible(_ helper: ConditionHelperName, readsToday: Bool) {
        write("guard ")
        write(helper)
        write(readsToday ? "(values, context) else { return .valid }" : "(values) else { return .valid }")
        newline()
    }

    /// `let rules: [ValidationRule<String, Values>] = [`: the rules follow
    /// (`ruleListItem`), then `closeRuleList`.
    mutating func openRuleList(valueType: FieldName) {
        write("let rules: [ValidationRule<")
        write(valueType)
        write(", Values>] = [")
    }

    /// `]`, and `return await RuleRunner.validate(values.email, in: values, rules: rules)`.
    mutating func closeRuleList(hasRules: Bool, field name: FieldName) {
        if hasRules { outdent() }
        write("]")
        newline()
        write("return await RuleRunner.validate(")
        write(FieldReference.inValues(name))
        write(", in: values, rules: rules)")
        newline()
    }

    /// How a `sameAs` rule compares the two fields.
    enum SameAsComparison {
        /// `.sameAs({ $0.password }, …)`: the same value type.
        case sameType
        /// `Plan` against `Plan?`: compared as optionals, in a rule of its own.
        case asOptionals
    }

    /// How a bound that names another field reads the two values (SPEC §16).
    struct FieldBound {
        /// A side's value as it is, or as a `Decimal` (a whole number against a decimal one).
        enum Reading {
            case same
            /// `Decimal(x)`
            case plain
            /// `x.map { Decimal($0) }`
            case optional
        }

        var target: String
        var value = Reading.same
        var targetReading = Reading.same

        init(target: String) {
            self.target = target
        }
    }

    /// The other field of a `sameAs` or a bound, when it can be hidden: it reads
    /// as empty then (SPEC §7), as in a condition, so that the form's own
    /// `validate()` and a server's `validate(clearingHidden(values))` agree.
    struct HiddenTarget {
        /// Writes the test that the field is shown (`isEmailVisible(values)`).
        var isShown: (inout SwiftRenderer) -> Void
        /// What the field reads as while hidden.
        var empty: Empty

        enum Empty {
            /// `""`
            case text
            /// `false`
            case off
            /// `nil`, also for a field that always has a value: it is compared as an optional.
            case nothing

            var spelling: StaticString {
                switch self {
                case .text: "\"\""
                case .off: "false"
                case .nothing: "nil"
                }
            }
        }
    }

    /// One element of a field's `rules` array, on a line of its own:
    /// `.minLength(8, message: …),`; `isFirst` for the first of the list.
    /// `patternName` names the shared `FormPattern` of a `pattern` rule;
    /// `valueType` is the field's, which a `min`/`max` bound is spelled for.
    mutating func ruleListItem(
        isFirst: Bool, _ kind: RuleKind, valueType: FieldValueType, patternName: String?, sameAs: SameAsComparison,
        message: RuleMessage, fieldBound: FieldBound? = nil, hiddenTarget: HiddenTarget? = nil,
        when: ((inout SwiftRenderer) -> Void)? = nil, debounce: Int? = nil, inEntry: Bool = false
    ) {
        if isFirst {
            newline()
            indent()
        }
        if let when {
            // `.when({ values in … }, rule)`: the rule runs only while the condition holds (SPEC §16).
            write(".when({ values in ")
            when(&self)
            write(" }, ")
        }
        if let fieldBound {
            self.fieldBound(kind, fieldBound, hiddenTarget: hiddenTarget, message: message)
        } else if let hiddenTarget, case .sameAs(let target) = kind {
            hiddenSameAs(target, hiddenTarget, comparison: sameAs, message: message, of: kind)
        } else {
            rule(kind, valueType: valueType, patternName: patternName, sameAs: sameAs, message: message, debounce: debounce, inEntry: inEntry)
        }
        if when != nil { write(")") }
        write(",")
        newline()
    }

    /// `.sameAs({ values in isEmailVisible(values) ? values.email : "" }, message: …)`;
    /// compared as optionals (`value == (… ? values.plan : nil)`) where the
    /// field reads as `nil` while hidden and the two types differ by that.
    private mutating func hiddenSameAs(
        _ target: String, _ hidden: HiddenTarget, comparison: SameAsComparison, message: RuleMessage, of kind: RuleKind
    ) {
        func read(_ out: inout SwiftRenderer) {
            hidden.isShown(&out)
            out.write(" ? values.")
            out.write(target)
            out.write(" : ")
            out.write(hidden.empty.spelling)
        }
        if comparison == .asOptionals || hidden.empty == .nothing {
            write("ValidationRule({ value, values in (value == (")
            read(&self)
            write(")) ? .valid : .invalid(message: ")
            ruleMessage(message, of: kind)
            write(") })")
            return
        }
        write(".sameAs({ values in ")
        read(&self)
        write(" }, message: ")
        ruleMessage(message, of: kind)
        write(")")
    }

    /// `.min({ $0 }, atLeast: { $0.startDate }, message: …)`; with a bound field
    /// that can be hidden, `atLeast: { values in isStartDateVisible(values) ? values.startDate : nil }`.
    private mutating func fieldBound(_ kind: RuleKind, _ bound: FieldBound, hiddenTarget: HiddenTarget?, message: RuleMessage) {
        let isMax = if case .maxField = kind { true } else { false }
        write(isMax ? ".max({ " : ".min({ ")
        switch bound.value {
        case .same: write("$0")
        case .plain: write("Decimal($0)")
        case .optional: write("$0.map { Decimal($0) }")
        }
        write(isMax ? " }, atMost: { " : " }, atLeast: { ")
        let values = hiddenTarget == nil ? "$0." : "values."
        if let hiddenTarget {
            write("values in ")
            hiddenTarget.isShown(&self)
            write(" ? ")
        }
        switch bound.targetReading {
        case .same:
            write(values)
            write(bound.target)
        case .plain:
            write("Decimal(")
            write(values)
            write(bound.target)
            write(")")
        case .optional:
            write(values)
            write(bound.target)
            write(".map { Decimal($0) }")
        }
        if hiddenTarget != nil { write(" : nil") }
        write(" }, message: ")
        ruleMessage(message, of: kind)
        write(")")
    }

    private mutating func rule(
        _ kind: RuleKind, valueType: FieldValueType, patternName: String?, sameAs: SameAsComparison, message: RuleMessage,
        debounce: Int?, inEntry: Bool
    ) {
        switch kind {
        case .required:
            write(".required(message: ")
        case .minLength(let count):
            write(".minLength(")
            write(count)
            write(", message: ")
        case .maxLength(let count):
            write(".maxLength(")
            write(count)
            write(", message: ")
        case .pattern:
            write(".pattern(")
            write(patternName ?? "pattern_0")
            write(", message: ")
        case .email:
            write(".email(message: ")
        case .url:
            write(".url(message: ")
        case .sameAs(let target):
            if sameAs == .asOptionals {
                write("ValidationRule({ value, values in (value == values.")
                write(target)
                write(") ? .valid : .invalid(message: ")
                ruleMessage(message, of: kind)
                write(") })")
                return
            }
            write(".sameAs({ $0.")
            write(target)
            write(" }, message: ")
        case .minField, .maxField:
            preconditionFailure("a bound naming a field is written by fieldBound(_:_:message:)")
        case .min(let text), .max(let text):
            let isMax = if case .max = kind { true } else { false }
            write(isMax ? ".max(" : ".min(")
            bound(text, for: valueType, isMax: isMax)
            write(", message: ")
        case .minCount(let count):
            write(".minCount(")
            write(count)
            write(", message: ")
        case .maxCount(let count):
            write(".maxCount(")
            write(count)
            write(", message: ")
        case .custom(let name):
            // The form's `message:`, when given, replaces the validator's own text.
            write(".custom(")
            if let debounce {
                // `debounce` (SPEC §15.2): the wait before the validator, under the change triggers.
                write("debounce: .milliseconds(")
                write(debounce)
                write("), ")
            }
            if message.text != nil {
                write("message: ")
                ruleMessage(message, of: kind)
                write(", ")
            }
            if inEntry {
                // An entry's rule (SPEC §14): the entry's values, the form's values and validators;
                // an entry without a form has no validators to ask.
                write("{ value, entry in await validators.form?.")
                write(name)
                write("(value, entry: entry, values: validators.values) ?? .valid })")
            } else {
                write("{ value, values in await validators.")
                write(name)
                write("(value, values: values) })")
            }
            return
        }
        ruleMessage(message, of: kind)
        write(")")
    }

    /// The message of a rule of `kind`, looked up by its key in the validation
    /// context's localization (SPEC §11), with the form's text, else the default
    /// message, as the literal fallback; the default message is written in
    /// pieces, with no `String` made of it (a large form has tens of thousands).
    private mutating func ruleMessage(_ message: RuleMessage, of kind: RuleKind) {
        localizedString(in: .validation, keyPieces: { piece in
            FormStrings.forEachPieceOfMessageKey(form: message.form, id: message.id, rule: message.rule, occurrence: message.occurrence, piece)
        }, defaultPieces: { piece in
            if let text = message.text { return piece(text) }
            DefaultMessages.forEachPiece(
                of: kind, fieldName: message.fieldName, targetName: message.targetName, valueType: message.valueType, piece
            )
        })
    }

    /// A `min`/`max` bound as Swift: a literal, or a day counted from
    /// `context.today` when the rule runs (SPEC §10). For an instant, `today`'s
    /// bound is the start of the day (`min`) or its last instant (`max`) in the
    /// context's time zone. `context` names the `ValidationContext` in scope
    /// (`form.context` in an element builder).
    mutating func bound(_ text: String, for valueType: FieldValueType, isMax: Bool = false, context: StaticString = "context") {
        switch RuleBound(text, for: valueType) {
        case .number(let value)?:
            if case .number(let decimal, _) = valueType {
                literal(.number(value, decimal: decimal))
            } else {
                write(value.description)
            }
        case .fixed(let value)?:
            literal(.date(value))
        case .relative(let relative)?:
            write(context)
            write(".today")
            if relative.amount != 0 {
                let unit: StaticString = switch relative.unit {
                case .days: "days"
                case .weeks: "weeks"
                case .months: "months"
                case .years: "years"
                }
                write(".adding(")
                write(unit)
                write(": ")
                write(relative.amount)
                write(")")
            }
            if case .date(.dateTime, _) = valueType {
                write(isMax ? ".end(in: " : ".start(in: ")
                write(context)
                write(".timeZone)")
            }
        case nil:
            write("nil")
        }
    }

    /// `groups.append(([.a, .b], [.c]))`: one of the controller's visibility groups.
    mutating func visibilityGroupAppend(_ array: String, readers: [String], fields: [String]) {
        write(array)
        write(".append((")
        fieldCases(readers)
        write(", ")
        fieldCases(fields)
        write("))")
        newline()
    }

    /// `dependents[.password] = [.confirmPassword, …]`: the fields whose rules read `target`.
    mutating func dependentsAssignment(_ dictionary: String, target: String, fields: [String]) {
        write(dictionary)
        write("[.")
        write(target)
        write("] = ")
        fieldCases(fields)
        newline()
    }

    /// `[.a, .b]`: fields as an array of `Field` cases.
    private mutating func fieldCases(_ fields: [String]) {
        write("[")
        for (index, field) in fields.enumerated() {
            write(index == 0 ? "." : ", .")
            write(field)
        }
        write("]")
    }
}
