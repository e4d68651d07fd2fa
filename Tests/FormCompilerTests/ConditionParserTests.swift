@testable import FormModel
@testable import FormSource
import Testing

/// The tree in prefix form, so precedence is visible: `(or a (and b c))`.
private func shape(_ text: String) -> String {
    switch ConditionParser.parse(text) {
    case .success(let syntax): return render(syntax)
    case .failure(let problem): return "error: \(problem.message)"
    }
}

private func render(_ syntax: ConditionSyntax) -> String {
    switch syntax.kind {
    case .identifier(let id): id
    case .boolLiteral(let value): "\(value)"
    case .stringLiteral(let value): "'\(value)'"
    case .numberLiteral(let text): "#\(text)"
    case .isEmpty(let id, _): "isEmpty(\(id))"
    case .count(let id, _): "count(\(id))"
    case .contains(let id, _, let item): "contains(\(id), '\(item.value)')"
    case .inList(let lhs, let items, _): "(in \(render(lhs)) [\(items.map { "'\($0.value)'" }.joined(separator: " "))])"
    case .parenthesized(let inner): render(inner)
    case .not(let inner): "(not \(render(inner)))"
    case .and(let lhs, let rhs): "(and \(render(lhs)) \(render(rhs)))"
    case .or(let lhs, let rhs): "(or \(render(lhs)) \(render(rhs)))"
    case .compare(let lhs, let op, let rhs, _): "(\(op.rawValue) \(render(lhs)) \(render(rhs)))"
    }
}

private func problem(_ text: String) -> ConditionProblem? {
    if case .failure(let problem) = ConditionParser.parse(text) { return problem }
    return nil
}

@Test func andBindsTighterThanOr() {
    #expect(shape("a or b and c") == "(or a (and b c))")
    #expect(shape("a and b or c") == "(or (and a b) c)")
    #expect(shape("a or b or c") == "(or (or a b) c)")
}

@Test func notBindsTighterThanAndButLooserThanComparison() {
    #expect(shape("not a and b") == "(and (not a) b)")
    #expect(shape("not plan == 'pro'") == "(not (== plan 'pro'))")
    #expect(shape("not not a") == "(not (not a))")
}

@Test func parenthesesOverridePrecedence() {
    #expect(shape("(a or b) and c") == "(and (or a b) c)")
    #expect(shape("not (a or b)") == "(not (or a b))")
}

@Test func operandsAndStrings() {
    #expect(shape("plan != \"pro\"") == "(!= plan 'pro')")
    #expect(shape("company == ''") == "(== company '')")
    #expect(shape("isEmpty( company )") == "isEmpty(company)")
    #expect(shape("true == false") == "(== true false)")
    #expect(shape("name == 'a and b'") == "(== name 'a and b')")
    // `isEmpty` without a call is an ordinary name, so a field may be called that.
    #expect(shape("isEmpty") == "isEmpty")
}

@Test func rangesAreCharacterOffsets() throws {
    let syntax = try ConditionParser.parse("  plan == 'pro'").get()
    #expect(syntax.range == 2..<15)
    guard case .compare(let lhs, _, let rhs, let operatorRange) = syntax.kind else {
        Issue.record("not a comparison")
        return
    }
    #expect(lhs.range == 2..<6)
    #expect(operatorRange == 7..<9)
    #expect(rhs.range == 10..<15)
}

@Test func cStyleOperatorsGetTheWordToUse() {
    let and = problem("a && b")
    #expect(and?.range == 2..<4)
    #expect(and?.message == "unexpected '&&'")
    #expect(and?.help.map(\.text) == ["use 'and' instead of '&&'"])
    #expect(problem("a || b")?.help.map(\.text) == ["use 'or' instead of '||'"])
    let bang = problem("!a")
    #expect(bang?.range == 0..<1)
    #expect(bang?.help.map(\.text) == ["use 'not' instead of '!'"])
}

@Test func singleEqualsSuggestsDoubleEquals() {
    let problem = problem("plan = 'pro'")
    #expect(problem?.code == .conditionSyntax)
    #expect(problem?.range == 5..<6)
    #expect(problem?.help.map(\.text) == ["did you mean '=='?"])
}

@Test func unterminatedStringPointsAtItsQuote() {
    let problem = problem("plan == 'pro")
    #expect(problem?.message == "unterminated string")
    #expect(problem?.range == 8..<9)
}

@Test func unexpectedEndIsAnEmptyRangeAtTheEnd() {
    let problem = problem("a and ")
    #expect(problem?.message == "unexpected end of condition; expected a field id, true, false, a string, a number or '('")
    #expect(problem?.range == 6..<6)
}

@Test func missingParenthesisNotesTheOpeningOne() {
    let problem = problem("(a or b")
    #expect(problem?.message == "expected ')'; the condition ends here")
    #expect(problem?.notes == [ConditionNote(message: "to match this '('", range: 0..<1)])
    #expect(ConditionParserTestsHelpers.message("a or b)") == "unexpected ')' without a matching '('")
}

@Test func keywordsInTheWrongCaseAreSuggested() {
    #expect(problem("a AND b")?.help.map(\.text) == ["did you mean 'and'?"])
    #expect(problem("a Or b")?.range == 2..<4)
    #expect(problem("a not b")?.help.map(\.text) == ["did you mean 'and not'?"])
    #expect(problem("a b")?.message == "unexpected 'b'")
}

@Test func otherSyntaxErrors() {
    #expect(problem("")?.message == "empty condition")
    #expect(problem("   ")?.range == 0..<3)
    #expect(problem("a == b == c")?.message == "comparisons cannot be chained")
    #expect(problem("a == b == c")?.range == 7..<9)
    #expect(problem("count == 1.2.3")?.message == "invalid number '1.2.3'")
    #expect(problem("count == 1.2.3")?.range == 9..<14)
    #expect(problem("count == -1.5")?.message == nil)
    #expect(problem("a - b")?.message == "unexpected character '-'")
    #expect(problem("isempty(a)")?.help.map(\.text) == ["did you mean 'isEmpty'?"])
    #expect(problem("isEmpty('a')")?.help.map(\.text) == ["write the field id without quotes: isEmpty(a)"])
    #expect(problem("plan == \u{2018}pro\u{2019}")?.range == 8..<9)
    #expect(problem("a >= b")?.message == nil)
}

@Test func theFirstProblemInReadingOrderIsReported() {
    // The `&&` comes after the first error and must not be the one reported.
    #expect(problem("a b && c")?.range == 2..<3)
}

@Test func deepNestingIsAnErrorNotACrash() {
    let deep = String(repeating: "(", count: 100_000) + "a" + String(repeating: ")", count: 100_000)
    let parens = problem(deep)
    #expect(parens?.message == "expression nested too deeply")
    #expect(parens?.range == 64..<65)
    let nots = problem(String(repeating: "not ", count: 100_000) + "a")
    #expect(nots?.message == "expression nested too deeply")
    let justEnough = String(repeating: "(", count: 64) + "a" + String(repeating: ")", count: 64)
    #expect(shape(justEnough) == "a")
}

@Test func longChainsAreBounded() {
    let long = (0...ConditionParser.maxOperands).map { "a\($0)" }.joined(separator: " and ")
    #expect(problem(long)?.message == "condition is too long: more than 128 operands")
    let fine = (1...ConditionParser.maxOperands).map { "a\($0)" }.joined(separator: " or ")
    #expect(problem(fine) == nil)
}

private enum ConditionParserTestsHelpers {
    static func message(_ text: String) -> String? { problem(text)?.message }
}

@Test func conditionTextWritesTheExpressionBackWithNeededParenthesesOnly() {
    let expression = ConditionExpr.and(
        .or(.boolField("a"), .not(.isEmpty("b"))),
        .and(.not(.segmentEquals("plan", optionValue: "pro")), .not(.or(.boolField("c"), .constant(false))))
    )
    #expect(expression.conditionText == "(a or not isEmpty(b)) and (plan != 'pro' and not (c or false))")
    #expect(ConditionExpr.or(.or(.boolField("a"), .boolField("b")), .textEquals("t", "it's")).conditionText == "a or b or t == \"it's\"")
}

/// The lexer reads an ASCII condition as bytes and any other as decoded scalars:
/// both give the same keywords, names and positions (counted in scalars), and a
/// word that only starts like a keyword is a name.
@Test func keywordsNamesAndPositionsAreTheSameInASCIIAndOtherText() {
    #expect(shape("not a and b or c == 'x'") == "(or (and (not a) b) (== c 'x'))")
    #expect(shape("not a and b or c == 'é'") == "(or (and (not a) b) (== c 'é'))")
    #expect(shape("andy or order and nothing and truely and falsey") == "(or andy (and (and (and order nothing) truely) falsey))")
    // Words of a keyword's length and first letter, in both texts.
    #expect(shape("ant or nut and on and tree and fakse") == "(or ant (and (and (and nut on) tree) fakse))")
    #expect(shape("ant or nut and on and tree and fakse == 'é'") == "(or ant (and (and (and nut on) tree) (== fakse 'é')))")
    #expect(shape("plan == 'café' and true") == "(and (== plan 'café') true)")
    #expect(shape("false or a == 'ü'") == "(or false (== a 'ü'))")
    // The same mistake after a two-byte scalar and after an ASCII one: the same column.
    #expect(problem("a == 'é' b")?.range == 9..<10)
    #expect(problem("a == 'e' b")?.range == 9..<10)
    // Scalars, not bytes (🎉 is four) or characters (e and a combining accent are one).
    #expect(problem("a == '🎉' b")?.range == 9..<10)
    #expect(problem("a == 'e\u{301}' b")?.range == 10..<11)
    #expect(problem("a == 'é' &&")?.message == "unexpected '&&'")
    #expect(problem("a == 'é' &&")?.range == 9..<11)
}

@Test func orderedOperatorsParseAsComparisons() {
    #expect(shape("age >= 18") == "(>= age #18)")
    #expect(shape("age > 18") == "(> age #18)")
    #expect(shape("age<18") == "(< age #18)")
    #expect(shape("age <= -2.50") == "(<= age #-2.50)")
    #expect(shape("18 < age") == "(< #18 age)")
    #expect(shape("birthday <= 'today-18y'") == "(<= birthday 'today-18y')")
    #expect(shape("not age >= 18 and day > '2026-01-31'") == "(and (not (>= age #18)) (> day '2026-01-31'))")
    #expect(shape("age>-1") == "(> age #-1)")
}

@Test func numbersAreLexedExactlyAndBadOnesPointAtTheNumber() {
    #expect(shape("price < 2.50") == "(< price #2.50)")
    #expect(shape("price == 0") == "(== price #0)")
    let fraction = problem("price < .5")
    #expect(fraction?.message == "invalid number '.5'")
    #expect(fraction?.range == 8..<10)
    #expect(problem("age > 18abc")?.message == "invalid number '18abc'")
    #expect(problem("age > 1e3")?.range == 6..<9)
    #expect(problem("age > 5.")?.message == "unexpected character '.'" || problem("age > 5.")?.message == "invalid number '5.'")
}

@Test func misspelledOrderedOperatorsAreSyntaxErrors() {
    let arrow = problem("age => 18")
    #expect(arrow?.code == .conditionSyntax)
    #expect(arrow?.range == 4..<6)
    #expect(arrow?.help.map(\.text) == ["did you mean '>='?"])
    #expect(problem("age =< 18")?.help.map(\.text) == ["did you mean '<='?"])
    let diamond = problem("age <> 18")
    #expect(diamond?.range == 4..<6)
    #expect(diamond?.help.map(\.text) == ["did you mean '!='?"])
    #expect(problem("age > = 18")?.range == 6..<7)
}

@Test func orderedComparisonsCannotBeChained() {
    let chained = problem("0 < age < 18")
    #expect(chained?.message == "comparisons cannot be chained")
    #expect(chained?.range == 8..<9)
    #expect(problem("plan in ['a'] == true")?.range == 14..<16)
}

@Test func inListsParseWithEveryItemLocated() throws {
    #expect(shape("plan in ['pro', \"team\"]") == "(in plan ['pro' 'team'])")
    #expect(shape("plan in['pro']") == "(in plan ['pro'])")
    #expect(shape("not plan in ['a'] or b") == "(or (not (in plan ['a'])) b)")
    let syntax = try ConditionParser.parse("plan in ['pro', 'team']").get()
    guard case .inList(let lhs, let items, let operatorRange) = syntax.kind else {
        Issue.record("not a list test")
        return
    }
    #expect(lhs.range == 0..<4)
    #expect(operatorRange == 5..<7)
    #expect(items.map(\.range) == [9..<14, 16..<22])
    #expect(syntax.range == 0..<23)
    #expect(syntax.fieldReferences.map(\.id) == ["plan"])
}

@Test func badListsAreSyntaxErrorsAtTheCharacter() {
    let empty = problem("plan in []")
    #expect(empty?.message == "empty list: 'in' needs at least one option")
    #expect(empty?.range == 8..<10)
    let trailing = problem("plan in ['a',]")
    #expect(trailing?.message == "expected an option in quotes, found ']'")
    #expect(trailing?.range == 13..<14)
    let bare = problem("plan in [pro]")
    #expect(bare?.help.map(\.text) == ["write the option in quotes: 'pro'"])
    #expect(bare?.range == 9..<12)
    let unclosed = problem("plan in ['a'")
    #expect(unclosed?.message == "expected ']'; the condition ends here")
    #expect(unclosed?.notes == [ConditionNote(message: "to match this '['", range: 8..<9)])
    #expect(problem("plan in ['a' 'b']")?.message == "expected ',' or ']', found the string 'b'")
    let noList = problem("plan in 'a'")
    #expect(noList?.message == "expected '[' after 'in', found the string 'a'")
    #expect(noList?.range == 8..<11)
    #expect(noList?.help.map(\.text) == ["write the options as a list: in ['a']"])
    #expect(problem("plan in team")?.help.map(\.text) == ["write the options as a list: plan in ['pro', 'team']"])
    // An option before `in` and a field after it: whether a multiChoice has it chosen.
    let reversed = problem("'other' in symptoms")
    #expect(reversed?.message == "expected '[' after 'in', found 'symptoms'")
    #expect(reversed?.range == 11..<19)
    #expect(reversed?.help.map(\.text) == ["write contains(symptoms, 'other') to test whether 'other' is chosen"])
    #expect(reversed?.namesForHelp == .optionInField(ConditionProblem.OptionInField(option: "other", field: "symptoms")))
    #expect(problem("plan in")?.range == 7..<7)
}

@Test func countAndContainsAreFunctions() throws {
    #expect(shape("count(diet) >= 2") == "(>= count(diet) #2)")
    #expect(shape("contains(diet, 'vegan')") == "contains(diet, 'vegan')")
    #expect(shape("not contains( diet ,\"it's\" ) and count(diet) == 0") == "(and (not contains(diet, 'it's')) (== count(diet) #0))")
    // Without `(` they are ordinary names.
    #expect(shape("count or contains") == "(or count contains)")
    let syntax = try ConditionParser.parse("contains(diet, 'vegan')").get()
    guard case .contains(_, let argument, let item) = syntax.kind else {
        Issue.record("not contains")
        return
    }
    #expect(argument == 9..<13)
    #expect(item.range == 15..<22)
    #expect(syntax.fieldReferences.map(\.range) == [9..<13])
    let count = try ConditionParser.parse("count(diet) > 1").get()
    #expect(count.fieldReferences.map(\.range) == [6..<10])
}

@Test func badCallsAreSyntaxErrorsAtTheCharacter() {
    #expect(problem("contains(diet)")?.message == "expected ',' and an option, found ')'")
    #expect(problem("contains(diet)")?.range == 13..<14)
    // No field of some other form in the help: a template.
    #expect(problem("contains(diet)")?.help.map(\.text) == ["write it as contains(id, 'option'), with the id of a multiChoice field and one of its options"])
    #expect(problem("not isEmpty()")?.help.map(\.text) == ["write it as isEmpty(id), with the id of a field"])
    #expect(problem("contains(diet, vegan)")?.help.map(\.text) == ["write the option in quotes: 'vegan'"])
    #expect(problem("contains(diet, vegan)")?.range == 15..<20)
    #expect(problem("contains('diet', 'a')")?.help.map(\.text) == ["write the field id without quotes: contains(diet, …)"])
    #expect(problem("count('diet')")?.help.map(\.text) == ["write the field id without quotes: count(diet)"])
    #expect(problem("count(diet, 'a')")?.message == "expected ')', found ','")
    #expect(problem("cont(diet)")?.help.map(\.text) == ["did you mean 'count'?"])
    #expect(problem("length(diet)")?.help.map(\.text) == ["the functions are isEmpty(field), count(field) and contains(field, 'value')"])
    #expect(problem("contains(diet, 'a'")?.message == "expected ')'; the condition ends here")
}

@Test func inIsAKeyword() {
    #expect(problem("in")?.message == "expected a field id, true, false, a string, a number or '(', found 'in'")
    #expect(shape("index or inner") == "(or index inner)")
    #expect(shape("plan in ['é']") == "(in plan ['é'])")
}

@Test func conditionTextWritesTheNewOperatorsBack() {
    let expression = ConditionExpr.and(
        .or(.valueCompare("age", .greaterOrEqual, .number(DecimalLiteral("18")!)), .not(.valueCompare("price", .equal, .number(DecimalLiteral("2.50")!)))),
        .and(
            .segmentIn("plan", optionValues: ["pro", "it's"]),
            .and(.not(.countCompare("diet", .equal, 2)), .and(.contains("diet", optionValue: "vegan"), .valueCompare("birthday", .lessOrEqual, .relative(RelativeDateLiteral("today-18y")!))))
        )
    )
    #expect(expression.conditionText == "(age >= 18 or price != 2.50) and (plan in ['pro', \"it's\"] and (count(diet) != 2 and (contains(diet, 'vegan') and birthday <= 'today-18y')))")
    #expect(ConditionExpr.valueCompare("day", .less, .date(DateValue("2026-01-31", mode: .date)!)).conditionText == "day < '2026-01-31'")
    #expect(ConditionExpr.countCompare("diet", .greater, 0).conditionText == "count(diet) > 0")
}
