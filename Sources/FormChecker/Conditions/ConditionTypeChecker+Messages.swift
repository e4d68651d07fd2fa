import FormModel
import FormSource

// The words of FC502 and FC503: how a field or an operand is named in a message, and
// the help that says what to write instead.

extension ConditionTypeChecker {
    /// Why `text` is not a literal of a date field of `mode`: the message and help of an FC502.
    static func dateLiteralProblem(_ text: String, for id: String, mode: DateMode) -> (String, [DiagnosticHelp]) {
        let holds = switch mode {
        case .date: "a date (YYYY-MM-DD)"
        case .time: "a time of day (HH:mm)"
        case .dateTime: "a date and time (YYYY-MM-DDTHH:mm:ssZ)"
        }
        let relativeHelp: [DiagnosticHelp] = mode == .time ? [] : ["or a day relative to today: 'today', 'today-18y', 'today+30d' (units d, w, m, y)"]
        let what: String? = if DateLiteral(text) != nil {
            "a date"
        } else if TimeLiteral(text) != nil {
            "a time"
        } else if DateTimeLiteral(text) != nil {
            "a date and time"
        } else if RelativeDateLiteral(text) != nil {
            "a day relative to today"
        } else {
            nil
        }
        if let what {
            return ("'\(text)' is \(what), but '\(id)' holds \(holds)", ["write \(holds)"] + relativeHelp)
        }
        if mode == .dateTime, let fraction = DateTimeLiteral.fractionProblem(text, quoted: true) {
            return (fraction.message, [DiagnosticHelp(fraction.help)])
        }
        if DateLiteral.looksLikeDate(text) || (text.count >= 10 && DateLiteral.looksLikeDate(String(text.prefix(10)))) {
            return ("'\(text)' is not a real date", ["write an existing day as YYYY-MM-DD"])
        }
        if text.count == 5, text.dropFirst(2).first == ":" {
            return ("'\(text)' is not a real time", ["write a time from 00:00 to 23:59"])
        }
        if text.hasPrefix("today") {
            return (
                "'\(text)' is not a relative date",
                [DiagnosticHelp(RelativeDateLiteral.amountHelp(for: text) ?? "write 'today', 'today-18y' or 'today+30d' (units d, w, m, y)")]
            )
        }
        return ("'\(text)' is not \(holds)", ["'\(id)' compares with \(holds)"] + relativeHelp)
    }

    func describe(_ operand: Operand) -> String {
        switch operand {
        case .field(let field): describe(field)
        case .bool(let value): "\(value)"
        case .string: "a string"
        case .number: "a number"
        case .count(let field): "count(\(field.id))"
        case .condition: "a condition"
        case .invalid: "a value"
        }
    }

    mutating func reportNotOption(_ value: String, of field: ConditionScope.Field, options: [String], at range: Range<Int>) {
        // A choice without options has an error of its own (an unknown option set, FC501;
        // too few options, FC303): no value can be checked against it.
        guard !options.isEmpty else { return }
        // An option dropped for a misspelt `value:` key (FC101) is one the condition may mean.
        guard !scope.symbols.unreadNames.contains(value), scope.facts(of: field.id)?.optionsAreWhole != false else { return }
        let id = field.id
        var help: [DiagnosticHelp] = []
        if value.isEmpty {
            // With a default, nothing is selected only while the field is hidden.
            help.append(DiagnosticHelp(field.valueType.alwaysHasValue
                ? "'\(id)' has a default, so an option is always selected: compare it with one of them"
                : "use isEmpty(\(id)) to test that nothing is selected"))
        } else {
            help.append(contentsOf: Suggestions.didYouMean(value, in: options))
        }
        help.append("its options are \(options.map { "'\($0)'" }.joined(separator: ", "))")
        let noun = if case .multiChoice = field.valueType { "multiple choice" } else { "single choice" }
        // An option of the form's choice that the entry's own field of that id hides (SPEC §14).
        if !value.isEmpty, let outer = scope.symbols.hiddenOuterField?(id), outer.options.contains(value) {
            var problem = ConditionProblem(
                code: .conditionNotOption, message: "'\(value)' is not an option of the entry's \(noun) '\(id)'", range: range,
                help: [DiagnosticHelp(RuleChecker.hiddenOuterHelp(id, what: "choice"))] + help
            )
            problem.fileNotes = [.init(message: RuleChecker.hiddenOuterNote(id), range: outer.field.range)]
            report(problem)
            return
        }
        report(.conditionNotOption, "'\(value)' is not an option of \(noun) '\(id)'", at: range, help: help)
    }

    func describe(_ field: ConditionScope.Field) -> String {
        switch field.valueType {
        case .bool: "the boolean '\(field.id)'"
        case .string: "the text field '\(field.id)'"
        case .segment: "the single choice '\(field.id)'"
        case .number: "the number '\(field.id)'"
        case .date: "the date '\(field.id)'"
        case .multiChoice: "the multiple choice '\(field.id)'"
        }
    }

    /// For a string that names a field the comparison could read (`endDate >=
    /// 'startDate'`, a field whose value type `fits`): the help, with its fix,
    /// to drop the quotes and compare with the field's value; nil otherwise.
    func quotedField(_ text: String, fits: (FieldValueType) -> Bool) -> DiagnosticHelp? {
        guard ConditionParser.isIdentifier(text), let other = scope.field(text), fits(other.valueType) else { return nil }
        return .write(text, line: "'\(text)' is a field: to compare with its value, write it without quotes", title: "Remove the quotes")
    }

    func compareHint(_ field: ConditionScope.Field) -> DiagnosticHelp {
        switch field.valueType {
        case .bool: "write '\(field.id)' alone, or compare it with true or false"
        case .string: "compare it with a string, or use isEmpty(\(field.id))"
        case .segment: "compare it with one of its options, e.g. \(example(segment: field.id))"
        case .number: "compare it with a number, e.g. '\(field.id) >= 18', or use isEmpty(\(field.id))"
        case .date(let mode, _):
            switch mode {
            case .date: "compare it with a date in quotes, e.g. \(field.id) <= 'today-18y', or use isEmpty(\(field.id))"
            case .time: "compare it with a time in quotes, e.g. \(field.id) >= '09:30', or use isEmpty(\(field.id))"
            case .dateTime: "compare it with an instant in quotes, e.g. \(field.id) >= '2026-01-31T09:30:00Z', or use isEmpty(\(field.id))"
            }
        case .multiChoice: "use contains(\(field.id), 'option'), count(\(field.id)) >= 1 or isEmpty(\(field.id))"
        }
    }

    func example(segment id: String) -> String {
        "\(id) == '\(scope.options(of: id).first ?? "value")'"
    }
}
