import FormSource

/// The recursive-descent parser of the condition grammar (SPEC §7), reading the
/// tokens of `ConditionLexer`:
///
/// ```
/// expr    := or
/// or      := and ('or' and)*
/// and     := unary ('and' unary)*
/// unary   := 'not' unary | compare
/// compare := operand (COMPARE operand | 'in' list)?
/// COMPARE := '==' | '!=' | '<' | '<=' | '>' | '>='
/// operand := FIELD_ID | 'true' | 'false' | STRING | NUMBER | '(' expr ')'
///          | 'isEmpty(' FIELD_ID ')' | 'count(' FIELD_ID ')' | 'contains(' FIELD_ID ',' STRING ')'
/// list    := '[' STRING (',' STRING)* ']'
/// NUMBER  := '-'? DIGITS ('.' DIGITS)?
/// ```
///
/// Strings have no escapes: a condition string is everything between its quotes,
/// so a value holding `'` is written in `"…"` and the other way round.
/// The parser stops at the first syntax error (FC500): what follows a syntax error
/// is rarely worth a second message.
package struct ConditionParser {
    /// Deepest nesting of parentheses and `not`. Recursion is bounded by this, so
    /// no input (100,000 `(`, say) can exhaust the stack.
    static let maxNesting = 64
    /// Most operands (field ids, literals, `isEmpty` calls) in one condition. Together with `maxNesting` this bounds the
    /// depth of every tree built from a condition, which is walked recursively by
    /// the checker and the emitter.
    static let maxOperands = 128

    /// Parses a condition's decoded text.
    package static func parse(_ text: String) -> Result<ConditionSyntax, ConditionProblem> {
        var parser = ConditionParser(text)
        do throws(ConditionProblem) {
            return .success(try parser.parseCondition())
        } catch {
            return .failure(error)
        }
    }

    private var lexer: ConditionLexer
    private var token: ConditionToken
    /// Where the token before `token` is, for a mistake that shows only in what
    /// follows it.
    private var previousRange: Range<Int>?
    private var nesting = 0
    private var operands = 0

    /// "expected an option in quotes" at the current token: a word is quoted whole,
    /// with the `-` and `.` an option's value may hold (`gluten-free`), which the
    /// lexer ends a name at.
    private func unquotedOption(otherwise help: DiagnosticHelp) -> ConditionProblem {
        guard case .identifier = token.kind else {
            return ConditionProblem(
                code: .conditionSyntax, message: "expected an option in quotes, found \(token.kind.quoted)",
                range: token.range, help: [help]
            )
        }
        let range = token.range.lowerBound..<lexer.optionWordEnd(from: token.range.upperBound)
        let word = lexer.text(range)
        return ConditionProblem(
            code: .conditionSyntax, message: "expected an option in quotes, found '\(word)'", range: range,
            help: [.quote(word, line: "write the option in quotes: '\(word)'")]
        )
    }

    private init(_ text: String) {
        lexer = ConditionLexer(text)
        token = lexer.next()
    }

    private mutating func advance() {
        previousRange = token.range
        token = lexer.next()
    }

    private mutating func parseCondition() throws(ConditionProblem) -> ConditionSyntax {
        if case .end = token.kind {
            throw ConditionProblem(
                code: .conditionSyntax, message: "empty condition", range: 0..<lexer.count,
                help: ["write a condition such as 'newsletter' or \"plan == 'pro'\", or remove the key"]
            )
        }
        let expression = try parseOr()
        switch token.kind {
        case .end:
            return expression
        case .rightParen:
            throw ConditionProblem(
                code: .conditionSyntax, message: "unexpected ')' without a matching '('", range: token.range,
                help: ["remove the ')', or add the '(' that opens it"]
            )
        default:
            throw unexpectedAfterOperand()
        }
    }

    private mutating func parseOr() throws(ConditionProblem) -> ConditionSyntax {
        var lhs = try parseAnd()
        while case .or = token.kind {
            advance()
            let rhs = try parseAnd()
            lhs = ConditionSyntax(kind: .or(lhs, rhs), range: lhs.range.lowerBound..<rhs.range.upperBound)
        }
        return lhs
    }

    private mutating func parseAnd() throws(ConditionProblem) -> ConditionSyntax {
        var lhs = try parseUnary()
        while case .and = token.kind {
            advance()
            let rhs = try parseUnary()
            lhs = ConditionSyntax(kind: .and(lhs, rhs), range: lhs.range.lowerBound..<rhs.range.upperBound)
        }
        return lhs
    }

    private mutating func parseUnary() throws(ConditionProblem) -> ConditionSyntax {
        guard case .not = token.kind else { return try parseCompare() }
        let start = token.range
        try enterNesting(at: start)
        advance()
        let operand = try parseUnary()
        nesting -= 1
        return ConditionSyntax(kind: .not(operand), range: start.lowerBound..<operand.range.upperBound)
    }

    private mutating func parseCompare() throws(ConditionProblem) -> ConditionSyntax {
        let lhs = try parseOperand()
        try notIn(after: lhs)
        let operatorRange = token.range
        let node: ConditionSyntax
        if case .in = token.kind {
            advance()
            // `'other' in symptoms` asks whether a multiChoice has an option chosen.
            if case .stringLiteral(let option) = lhs.kind, case .identifier(let field) = token.kind {
                let question = ConditionProblem.OptionInField(option: option, field: field)
                throw ConditionProblem(
                    code: .conditionSyntax, message: "expected '[' after 'in', found '\(field)'", range: token.range,
                    help: [question.help(isMultiChoice: true)], namesForHelp: .optionInField(question),
                    fixRange: lhs.range.lowerBound..<token.range.upperBound
                )
            }
            let (items, end) = try parseList(after: lhs)
            node = ConditionSyntax(
                kind: .inList(lhs, items, operatorRange: operatorRange), range: lhs.range.lowerBound..<end
            )
        } else {
            guard case .compare(let op) = token.kind else { return lhs }
            advance()
            let rhs = try parseOperand()
            node = ConditionSyntax(
                kind: .compare(lhs, op, rhs, operatorRange: operatorRange),
                range: lhs.range.lowerBound..<rhs.range.upperBound
            )
        }
        switch token.kind {
        case .compare, .in:
            throw ConditionProblem(
                code: .conditionSyntax, message: "comparisons cannot be chained", range: token.range,
                help: ["combine two comparisons with 'and', e.g. \"age >= 18 and age < 65\""]
            )
        default:
            return node
        }
    }

    /// `['a', 'b']` after `in`: at least one string; returns the strings and where the list ends.
    /// `lhs`: what stands before `in`.
    private mutating func parseList(after lhs: ConditionSyntax) throws(ConditionProblem) -> ([ConditionSyntax.ListItem], Int) {
        guard case .leftBracket = token.kind else {
            if case .invalid(let problem) = token.kind { throw problem }
            // One option written bare (`plan in 'pro'`) goes in brackets as it is; the
            // checker, which knows what the field is, makes that the fix.
            let example = if case .string(let value) = token.kind { "in [\(ConditionSyntax.literal(value))]" } else { "plan in ['pro', 'team']" }
            var question: ConditionProblem.NamesForHelp?
            if case .string(let value) = token.kind, case .identifier(let field) = lhs.kind {
                question = .optionAfterIn(ConditionProblem.OptionInField(option: value, field: field))
            }
            throw ConditionProblem(
                code: .conditionSyntax, message: "expected '[' after 'in', found \(token.kind.quoted)", range: token.range,
                help: ["write the options as a list: \(example)"], namesForHelp: question,
                fixRange: lhs.range.lowerBound..<token.range.upperBound
            )
        }
        let open = token.range
        advance()
        var items: [ConditionSyntax.ListItem] = []
        while true {
            guard case .string(let value) = token.kind else {
                if case .invalid(let problem) = token.kind { throw problem }
                if case .rightBracket = token.kind, items.isEmpty {
                    throw ConditionProblem(
                        code: .conditionSyntax, message: "empty list: 'in' needs at least one option",
                        range: open.lowerBound..<token.range.upperBound, help: ["list the options to match, in quotes: in ['a', 'b']"]
                    )
                }
                throw unquotedOption(otherwise: "list the options to match, each in quotes: in ['a', 'b']")
            }
            items.append(ConditionSyntax.ListItem(value: value, range: token.range))
            operands += 1
            if operands > Self.maxOperands {
                throw ConditionProblem(
                    code: .conditionSyntax, message: "condition is too long: more than \(Self.maxOperands) operands",
                    range: token.range, help: ["split the logic over several fields or groups"]
                )
            }
            advance()
            switch token.kind {
            case .comma:
                advance()
            case .rightBracket:
                let end = token.range.upperBound
                advance()
                return (items, end)
            case .invalid(let problem):
                throw problem
            case .end:
                throw ConditionProblem(
                    code: .conditionSyntax, message: "expected ']'; the condition ends here", range: token.range,
                    help: ["close the list of values with ']': a in ['x', 'y']"],
                    notes: [ConditionNote(message: "to match this '['", range: open)]
                )
            default:
                throw ConditionProblem(
                    code: .conditionSyntax, message: "expected ',' or ']', found \(token.kind.quoted)", range: token.range,
                    help: ["separate the values with ',' and close the list with ']': a in ['x', 'y']"],
                    notes: [ConditionNote(message: "to match this '['", range: open)]
                )
            }
        }
    }

    private mutating func parseOperand() throws(ConditionProblem) -> ConditionSyntax {
        let current = token
        let node: ConditionSyntax
        switch current.kind {
        case .identifier(let name):
            advance()
            if case .leftParen = token.kind {
                node = try parseCall(name, nameRange: current.range)
            } else {
                node = ConditionSyntax(kind: .identifier(name), range: current.range)
            }
        case .trueLiteral:
            advance()
            node = ConditionSyntax(kind: .boolLiteral(true), range: current.range)
        case .falseLiteral:
            advance()
            node = ConditionSyntax(kind: .boolLiteral(false), range: current.range)
        case .string(let value):
            advance()
            node = ConditionSyntax(kind: .stringLiteral(value), range: current.range)
        case .number(let text):
            advance()
            node = ConditionSyntax(kind: .numberLiteral(text), range: current.range)
        case .leftParen:
            try enterNesting(at: current.range)
            advance()
            let inner = try parseOr()
            guard case .rightParen = token.kind else { throw missingRightParen(openedAt: current.range) }
            let end = token.range.upperBound
            advance()
            nesting -= 1
            node = ConditionSyntax(kind: .parenthesized(inner), range: current.range.lowerBound..<end)
        default:
            throw expectedOperand()
        }
        if case .parenthesized = node.kind { return node }
        operands += 1
        if operands > Self.maxOperands {
            throw ConditionProblem(
                code: .conditionSyntax, message: "condition is too long: more than \(Self.maxOperands) operands",
                range: node.range, help: ["split the logic over several fields or groups"]
            )
        }
        return node
    }

    static let functions = ["isEmpty", "count", "contains"]

    /// Other languages' names of `isEmpty` (lowercased), told `isEmpty`.
    private static let isEmptyNames: Set<String> = ["isblank", "blank", "empty", "isnull", "isnil", "ismissing", "isundefined"]
    /// Other languages' names of its opposite (lowercased), told `not isEmpty(…)`:
    /// never the did-you-mean `isEmpty`, which is near `isNotEmpty` and would turn
    /// the condition around.
    private static let hasValueNames: Set<String> = [
        "isnotempty", "notempty", "nonempty", "isnonempty", "hasvalue", "isnotblank", "notblank", "ispresent", "present",
        "isfilled", "filled", "isset", "isnotnull", "notnull", "isdefined", "hasanswer",
    ]

    /// `isNotEmpty(name)`: the help writes `not isEmpty(name)`, with a fix of the
    /// whole call when its argument is one id. The current token is the `(`.
    private func hasValueCall(_ name: String, nameRange: Range<Int>) -> ConditionProblem {
        var problem = ConditionProblem(
            code: .conditionSyntax, message: "unknown function '\(name)'", range: nameRange,
            help: ["'\(name)' asks whether a field has a value: write not isEmpty(id), with the id of the field"]
        )
        var after = self
        after.advance()
        guard case .identifier(let argument) = after.token.kind else { return problem }
        after.advance()
        guard case .rightParen = after.token.kind else { return problem }
        let test = "not isEmpty(\(argument))"
        problem.help = [.write(test, line: "'\(name)' asks whether '\(argument)' has a value: write \(test)")]
        problem.fixRange = nameRange.lowerBound..<after.token.range.upperBound
        problem.namesForHelp = .hasValueCall(function: name, name: argument)
        return problem
    }

    /// `name(` … — `isEmpty(field)`, `count(field)` or `contains(field, 'value')`.
    private mutating func parseCall(_ name: String, nameRange: Range<Int>) throws(ConditionProblem) -> ConditionSyntax {
        guard Self.functions.contains(name) else {
            if Self.hasValueNames.contains(name.lowercased()) { throw hasValueCall(name, nameRange: nameRange) }
            // `Not(news)`: the keyword in capitals, before a parenthesis.
            let suggestion = name.lowercased() == "not" ? "not"
                : Self.isEmptyNames.contains(name.lowercased()) ? "isEmpty" : Suggestions.closest(to: name, in: Self.functions)
            throw ConditionProblem(
                code: .conditionSyntax, message: "unknown function '\(name)'", range: nameRange,
                help: suggestion.map { [.didYouMean($0)] } ?? ["the functions are isEmpty(field), count(field) and contains(field, 'value')"]
            )
        }
        // The parser knows no field of the form: the help is a template, never a
        // field id that may not exist or that this condition cannot see.
        let example = name == "contains"
            ? "contains(id, 'option'), with the id of a multiChoice field and one of its options"
            : "\(name)(id), with the id of a field"
        let open = token.range
        advance()
        guard case .identifier(let argument) = token.kind else {
            if case .invalid(let problem) = token.kind { throw problem }
            var problem = ConditionProblem(
                code: .conditionSyntax, message: "\(name) takes the id of a field", range: token.range,
                help: ["write it as \(example)"]
            )
            if case .string(let value) = token.kind, Self.isIdentifier(value) {
                let call = "\(name)(\(value)\(name == "contains" ? ", …" : ""))"
                problem.help = [.write(value, line: "write the field id without quotes: \(call)", title: "Remove the quotes")]
            }
            throw problem
        }
        let argumentRange = token.range
        advance()
        var value: ConditionSyntax.ListItem?
        if name == "contains" {
            guard case .comma = token.kind else {
                if case .invalid(let problem) = token.kind { throw problem }
                throw ConditionProblem(
                    code: .conditionSyntax, message: "expected ',' and an option, found \(token.kind.quoted)",
                    range: token.range, help: ["write it as \(example)"]
                )
            }
            advance()
            guard case .string(let text) = token.kind else {
                if case .invalid(let problem) = token.kind { throw problem }
                throw unquotedOption(otherwise: "write the option in quotes: \(example)")
            }
            value = ConditionSyntax.ListItem(value: text, range: token.range)
            advance()
        }
        guard case .rightParen = token.kind else { throw missingRightParen(openedAt: open) }
        let end = token.range.upperBound
        advance()
        let kind: ConditionSyntax.Kind = switch (name, value) {
        case ("count", _): .count(argument, argument: argumentRange)
        case (_, let value?): .contains(argument, argument: argumentRange, value: value)
        default: .isEmpty(argument, argument: argumentRange)
        }
        return ConditionSyntax(kind: kind, range: nameRange.lowerBound..<end)
    }

    private mutating func enterNesting(at range: Range<Int>) throws(ConditionProblem) {
        nesting += 1
        if nesting > Self.maxNesting {
            throw ConditionProblem(
                code: .conditionSyntax, message: "expression nested too deeply", range: range,
                help: ["at most \(Self.maxNesting) levels of parentheses and 'not' are allowed"]
            )
        }
    }

    private func missingRightParen(openedAt open: Range<Int>) -> ConditionProblem {
        if case .invalid(let problem) = token.kind { return problem }
        var problem: ConditionProblem
        if case .end = token.kind {
            problem = ConditionProblem(
                code: .conditionSyntax, message: "expected ')'; the condition ends here", range: token.range,
                help: ["close the '(' with a ')' where its group or call ends"]
            )
        } else if let notProblem = notInCapitals() {
            return notProblem
        } else {
            problem = ConditionProblem(code: .conditionSyntax, message: "expected ')', found \(token.kind.quoted)", range: token.range)
            problem.help = keywordHelp(for: token.kind)
            if problem.help.isEmpty {
                problem.help = ["close the '(' with a ')' before \(token.kind.quoted), or join the two with 'and' or 'or'"]
            }
        }
        problem.notes = [ConditionNote(message: "to match this '('", range: open)]
        return problem
    }

    private func expectedOperand() -> ConditionProblem {
        if case .invalid(let problem) = token.kind { return problem }
        let what = "a field id, true, false, a string, a number or '('"
        if case .end = token.kind {
            return ConditionProblem(
                code: .conditionSyntax, message: "unexpected end of condition; expected \(what)", range: token.range,
                help: [endHelp(after: previousRange.map { lexer.text($0) })]
            )
        }
        return ConditionProblem(
            code: .conditionSyntax, message: "expected \(what), found \(token.kind.quoted)", range: token.range,
            help: ["a condition reads fields and compares them with values: write a field's id, a quoted string, a number, true, false or a '(…)' here"]
        )
    }

    /// `plan not in ['free']` (or `NOT IN`), as Python and SQL write it: 'not' turns around the
    /// whole test, so it goes first, with a fix that writes `not plan in ['free']`
    /// (the whole test, once its list reads; one option written bare goes in
    /// brackets). Does nothing unless the current token is a `not` followed by `in`.
    private mutating func notIn(after lhs: ConditionSyntax) throws(ConditionProblem) {
        /// The keyword, or a word that spells it in capitals (`NOT IN`, SQL's way).
        func isKeyword(_ kind: ConditionToken.Kind, _ keyword: String) -> Bool {
            switch kind {
            case .not: keyword == "not"
            case .in: keyword == "in"
            case .identifier(let name): name.lowercased() == keyword
            default: false
            }
        }
        guard isKeyword(token.kind, "not") else { return }
        var after = self
        after.advance()
        guard isKeyword(after.token.kind, "in") else { return }
        let notRange = token.range
        self = after
        advance()
        let listStart = token.range.lowerBound
        let test: String
        let end: Int
        if case .string(let value) = token.kind {
            // One option written bare, as `plan in 'pro'` is: in brackets.
            test = "not " + lexer.text(lhs.range) + " in [" + ConditionSyntax.literal(value) + "]"
            end = token.range.upperBound
        } else {
            end = try parseList(after: lhs).1
            test = "not " + lexer.text(lhs.range) + " in " + lexer.text(listStart..<end)
        }
        throw ConditionProblem(
            code: .conditionSyntax, message: "unexpected '\(lexer.text(notRange))'", range: notRange,
            help: [.write(test, line: "'not' turns around the whole test, and goes before it: write \(test)")],
            fixRange: lhs.range.lowerBound..<end
        )
    }

    /// The help for a condition that ends where an operand belongs, after `last`.
    private func endHelp(after last: String?) -> DiagnosticHelp {
        switch last {
        case "and", "or": "'\(last ?? "")' joins two conditions: write the second after it, or remove '\(last ?? "")'"
        case "not": "'not' turns the condition after it around: write that condition, or remove 'not'"
        case "(": "'(' opens a group: write a condition after it and close it with ')', or remove '('"
        case "==", "!=", "<", "<=", ">", ">=":
            "'\(last ?? "")' compares with a value: write a quoted string, a number, true, false or a field's id after it"
        default: "complete the condition, or remove the word it ends with"
        }
    }

    /// A token that cannot follow a complete operand.
    private func unexpectedAfterOperand() -> ConditionProblem {
        if case .invalid(let problem) = token.kind { return problem }
        if let problem = notInCapitals() { return problem }
        var problem = ConditionProblem(
            code: .conditionSyntax, message: "unexpected \(token.kind.quoted)", range: token.range
        )
        problem.help = keywordHelp(for: token.kind)
        if problem.help.isEmpty {
            problem.help = ["combine conditions with 'and' or 'or', or compare with '==', '!=', '<', '<=', '>' or '>='"]
        }
        return problem
    }

    /// `NOT newsletter`: the keyword in capitals read as a field, and the operand
    /// after it (the current token) is the sign.
    private func notInCapitals() -> ConditionProblem? {
        guard let previousRange, case let name = lexer.text(previousRange), name != "not", name.lowercased() == "not" else { return nil }
        return ConditionProblem(
            code: .conditionSyntax, message: "'\(name)' is not a keyword", range: previousRange,
            help: [.didYouMean("not")]
        )
    }

    /// `AND`, `Or`, `NOT` where a keyword was meant.
    private func keywordHelp(for kind: ConditionToken.Kind) -> [DiagnosticHelp] {
        if case .not = kind { return [.didYouMean("and not")] }
        guard case .identifier(let name) = kind else { return [] }
        if let keyword = Suggestions.closest(to: name, in: ["and", "or"]), keyword.count > 2 || name.count == 2 {
            return [.didYouMean(keyword)]
        }
        if name.lowercased() == "not" { return [.didYouMean("and not")] }
        return []
    }

    package static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, ConditionLexer.isIdentifierStart(first) else { return false }
        return text.unicodeScalars.allSatisfy(ConditionLexer.isIdentifierContinue)
    }
}
