import FormModel
import FormSource

// Comparisons: a field, a count or a literal against a literal (`==` … `>=`), and
// `in [...]`.

extension ConditionTypeChecker {
    mutating func lowerComparison(
        _ lhsSyntax: ConditionSyntax, _ op: ConditionSyntax.CompareOperator, _ rhsSyntax: ConditionSyntax,
        range: Range<Int>, operatorRange: Range<Int>
    ) -> ConditionExpr? {
        // Each side is compared with the other as `other op side`: the left side's operator is mirrored.
        var lhs = (operand: operand(lhsSyntax, comparedWith: (rhsSyntax, op.mirrored)), range: lhsSyntax.range)
        var rhs = (operand: operand(rhsSyntax, comparedWith: (lhsSyntax, op)), range: rhsSyntax.range)
        if case .field(let first) = lhs.operand, case .field(let second) = rhs.operand {
            return lowerFieldComparison(first, op, second, range: range, operatorRange: operatorRange)
        }
        // `!=` is `not` of `==` (`positive` below).
        var order = ConditionOrder(op) ?? .equal
        // A literal on the left (`'pro' == plan`, `18 <= age`) reads the same as on the right.
        if lhs.operand.isLiteral, !rhs.operand.isLiteral {
            swap(&lhs, &rhs)
            order = order.mirrored
        }
        let positive = op != .notEqual
        func signed(_ expression: ConditionExpr) -> ConditionExpr { positive ? expression : .not(expression) }

        switch lhs.operand {
        case .invalid:
            return nil
        case .field(let field) where field.valueType.isOrdered:
            if case .invalid = rhs.operand { return nil }
            return lowerValueComparison(field, order, rhs: rhs, range: range).map(signed)
        case .count(let field):
            if case .invalid = rhs.operand { return nil }
            guard case .number(let value) = rhs.operand else {
                // The number as written, quotes dropped, with the operator as written.
                let written: String? = if case .string(let text) = rhs.operand, Int(text) != nil { text } else { nil }
                report(.conditionType, "count(\(field.id)) compares with a whole number", at: rhs.range, help: [
                    "write it as 'count(\(field.id)) \(positive ? order.rawValue : "!=") \(written ?? "2")'",
                ])
                return nil
            }
            guard let count = Self.wholeNumber(value) else {
                report(
                    .conditionType, "count(\(field.id)) is a whole number; \(value) is not", at: rhs.range,
                    help: ["compare the count with a whole number, such as count(\(field.id)) >= 2"]
                )
                return nil
            }
            return signed(.countCompare(field.id, order, count))
        case .number(let a):
            if case .number(let b) = rhs.operand { return .constant(Self.holds(order, a, b) == positive) }
        default:
            break
        }
        if order != .equal {
            if case .invalid = rhs.operand { return nil }
            var help: [DiagnosticHelp] = ["'\(op.rawValue)' compares numbers, dates and times"]
            if case .field(let field) = lhs.operand { help.append(compareHint(field)) }
            report(.conditionType, "\(describe(lhs.operand)) cannot be ordered with '\(op.rawValue)'", at: operatorRange, help: help)
            return nil
        }

        switch (lhs.operand, rhs.operand) {
        case (.invalid, _), (_, .invalid):
            return nil

        case (_, .number), (_, .count), (.number, _), (.count, _):
            report(.conditionType, "\(describe(lhs.operand)) cannot be compared with \(describe(rhs.operand))", at: rhs.range, help: {
                if case .field(let field) = lhs.operand { return [compareHint(field)] }
                return ["a comparison reads a field: write a field's id on one side, such as age >= 18"]
            }())
            return nil

        case (.field(let field), .bool(let value)):
            guard field.valueType == .bool else {
                report(
                    .conditionType, "\(describe(field)) cannot be compared with \(value)", at: rhs.range,
                    help: [compareHint(field)]
                )
                return nil
            }
            return value == positive ? .boolField(field.id) : .not(.boolField(field.id))

        case (.condition(let expression), .bool(let value)):
            return value == positive ? expression : .not(expression)

        case (.field(let field), .string(let value)):
            switch field.valueType {
            case .string:
                return signed(value.isEmpty ? .isEmpty(field.id) : .textEquals(field.id, value))
            case .segment:
                let options = scope.options(of: field.id)
                guard options.contains(value) else {
                    reportNotOption(value, of: field, options: options, at: rhs.range)
                    return nil
                }
                return signed(.segmentEquals(field.id, optionValue: value))
            case .bool:
                var help: [DiagnosticHelp] = ["compare it with true or false, or write it alone"]
                if value == "true" || value == "false" { help = [.write(value, line: "write \(value) without quotes", title: "Remove the quotes")] }
                report(.conditionType, "'\(field.id)' is a boolean and cannot be compared with a string", at: rhs.range, help: help)
                return nil
            case .multiChoice:
                let test = "\(positive ? "" : "not ")contains(\(field.id), \(ConditionSyntax.literal(value)))"
                report(
                    .conditionType, "\(describe(field)) cannot be compared with a string", at: rhs.range,
                    help: [.write(test, line: "to test whether '\(value)' is \(positive ? "" : "not ")chosen, write \(test)")], fixRange: range
                )
                return nil
            case .number, .date:
                report(.conditionType, "\(describe(field)) cannot be compared with a string", at: rhs.range, help: [compareHint(field)])
                return nil
            }

        case (.condition, .string):
            report(.conditionType, "a condition cannot be compared with a string", at: rhs.range, help: [
                "compare it with true or false",
            ])
            return nil

        case (.field, .field):
            // Lowered above (`lowerFieldComparison`).
            return nil

        case (.field(let field), .condition), (.condition, .field(let field)):
            report(.conditionType, "cannot compare \(describe(field)) with a condition", at: range, help: [compareHint(field)])
            return nil

        case (.condition, .condition):
            report(.conditionType, "cannot compare two conditions", at: range, help: [
                "combine conditions with 'and', 'or' and 'not'",
            ])
            return nil

        case (.bool(let a), .bool(let b)):
            return .constant((a == b) == positive)

        case (.string(let a), .string(let b)):
            return .constant((a == b) == positive)

        case (.bool, .string), (.string, .bool):
            report(
                .conditionType, "cannot compare a boolean with a string", at: range,
                help: ["compare a boolean with true or false, and a string with a string"]
            )
            return nil

        case (.bool, _), (.string, _):
            // Swapped above: a literal is never left of a field or a condition here.
            return nil
        }
    }

    /// `first <op> second` (SPEC §16): two fields of one value type — numbers
    /// (of any `decimals`), dates of one mode, single choices of one enum, texts,
    /// booleans; ordered operators only for numbers and dates. Nil after reporting.
    private mutating func lowerFieldComparison(
        _ first: ConditionScope.Field, _ op: ConditionSyntax.CompareOperator, _ second: ConditionScope.Field,
        range: Range<Int>, operatorRange: Range<Int>
    ) -> ConditionExpr? {
        guard first.valueType.compares(with: second.valueType) else {
            // A choice whose options are unknown (an unknown option set, FC501) has an
            // error of its own: its enum says nothing about the comparison.
            for field in [first, second] {
                switch field.valueType {
                case .segment, .multiChoice: if scope.options(of: field.id).isEmpty { return nil }
                default: break
                }
            }
            var help: [DiagnosticHelp] = ["two fields compare when they hold the same type: two numbers, two dates of one mode, two single choices of one enum (a shared option set), two texts or two booleans"]
            if case .segment = first.valueType, case .segment = second.valueType {
                help = [SymbolTable.oneOptionSetHelp(in: format)]
            } else if case .multiChoice = first.valueType {
                help = ["a multiChoice is tested with contains(\(first.id), '…') or count(\(first.id))"]
            } else if case .multiChoice = second.valueType {
                help = ["a multiChoice is tested with contains(\(second.id), '…') or count(\(second.id))"]
            }
            report(
                .conditionType,
                "'\(first.id)' (\(first.valueType.description)) cannot be compared with '\(second.id)' (\(second.valueType.description))",
                at: range, help: help
            )
            return nil
        }
        if op.isOrdering, !first.valueType.isOrdered {
            report(
                .conditionType, "\(describe(first)) and '\(second.id)' cannot be ordered with '\(op.rawValue)'", at: operatorRange,
                help: ["'\(op.rawValue)' compares numbers, dates and times; compare these with '==' or '!='"]
            )
            return nil
        }
        return .fieldCompare(first.id, op, second.id)
    }

    /// `field <order> literal` for a number or date field; nil after reporting.
    private mutating func lowerValueComparison(
        _ field: ConditionScope.Field, _ order: ConditionOrder, rhs: (operand: Operand, range: Range<Int>), range: Range<Int>
    ) -> ConditionExpr? {
        switch (field.valueType, rhs.operand) {
        case (.number(let decimal, _), .number(let value)):
            guard value.digits.count <= 18 else {
                report(.conditionType, "\(value) has too many digits to compare with '\(field.id)'", at: rhs.range, help: [
                    "a number in a condition has at most 18 digits",
                ])
                return nil
            }
            if !decimal, !value.isInteger {
                report(.conditionType, "'\(field.id)' holds whole numbers; \(value) is not one", at: rhs.range, help: [
                    "compare it with a whole number, or give the field 'decimals'",
                ])
                return nil
            }
            return .valueCompare(field.id, order, .number(value))
        case (.number, .string(let text)):
            var help: [DiagnosticHelp] = [compareHint(field)]
            if DecimalLiteral(text) != nil {
                help = [.write(text, line: "write the number without quotes: \(text)", title: "Remove the quotes")]
            } else if let unquoted = quotedField(text, fits: { if case .number = $0 { true } else { false } }) {
                help = [unquoted]
            }
            report(.conditionType, "\(describe(field)) cannot be compared with a string", at: rhs.range, help: help)
            return nil
        case (.date(let mode, _), .string(let text)):
            if let value = DateValue(text, mode: mode) { return .valueCompare(field.id, order, .date(value)) }
            if mode != .time, let relative = RelativeDateLiteral(text) {
                guard mode == .date || order != .equal else {
                    report(.conditionType, "an instant cannot equal the day '\(text)'", at: rhs.range, help: [
                        "'\(field.id)' holds a date and time; compare it with '<', '<=', '>' or '>=', or with an instant such as '2026-01-31T09:30:00Z'",
                    ])
                    return nil
                }
                return .valueCompare(field.id, order, .relative(relative))
            }
            var (message, help) = Self.dateLiteralProblem(text, for: field.id, mode: mode)
            if let unquoted = quotedField(text, fits: { if case .date(mode, _) = $0 { true } else { false } }) {
                help = [unquoted]
            }
            report(.conditionType, message, at: rhs.range, help: help)
            return nil
        case (.date(let mode, _), .number):
            let example = switch mode {
            case .date: "'2026-01-31' or 'today-18y'"
            case .time: "'09:30'"
            case .dateTime: "'2026-01-31T09:30:00Z' or 'today'"
            }
            report(.conditionType, "\(describe(field)) cannot be compared with a number", at: rhs.range, help: [
                "write a \(mode == .time ? "time" : "date") in quotes, e.g. \(example)",
            ])
            return nil
        default:
            report(.conditionType, "\(describe(field)) cannot be compared with \(describe(rhs.operand))", at: rhs.operand.isLiteral ? rhs.range : range, help: [
                compareHint(field),
            ])
            return nil
        }
    }

    /// `FIELD in ['a', 'b']` for a segment or picker; nil after reporting.
    mutating func lowerIn(
        _ lhs: ConditionSyntax, _ items: [ConditionSyntax.ListItem], operatorRange: Range<Int>
    ) -> ConditionExpr? {
        let left = operand(lhs, function: "in")
        guard case .field(let field) = left else {
            if case .invalid = left { return nil }
            report(.conditionType, "'in' needs a segment or picker field on its left", at: lhs.range, help: [
                "write it as plan in ['pro', 'team']",
            ])
            return nil
        }
        guard case .segment = field.valueType else {
            var help: [DiagnosticHelp] = ["'in' tests whether a segment or picker has one of the options listed"]
            if case .multiChoice = field.valueType { help = ["use contains(\(field.id), '\(items[0].value)') to test one option"] }
            report(.conditionType, "\(describe(field)) cannot be tested with 'in'", at: operatorRange, help: help)
            return nil
        }
        let options = scope.options(of: field.id)
        var valid = true
        for item in items where !options.contains(item.value) {
            reportNotOption(item.value, of: field, options: options, at: item.range)
            valid = false
        }
        guard valid else { return nil }
        // In option order, each once: the same set always reads (and is emitted) the same way.
        return .segmentIn(field.id, optionValues: options.filter { option in items.contains { $0.value == option } })
    }

    /// A number literal as a whole `Int`, if it is one.
    private static func wholeNumber(_ value: DecimalLiteral) -> Int? {
        value.digits.count <= 18 ? value.integerValue : nil
    }

    /// `a <order> b` for two literals.
    private static func holds(_ order: ConditionOrder, _ a: DecimalLiteral, _ b: DecimalLiteral) -> Bool {
        switch order {
        case .equal: a == b
        case .less: a < b
        case .lessOrEqual: a <= b
        case .greater: a > b
        case .greaterOrEqual: a >= b
        }
    }
}

extension FieldValueType {
    /// Whether conditions may order its values (`<`, `<=`, `>`, `>=`): numbers, dates and times.
    var isOrdered: Bool {
        switch self {
        case .number, .date: true
        case .string, .bool, .segment, .multiChoice: false
        }
    }
}
