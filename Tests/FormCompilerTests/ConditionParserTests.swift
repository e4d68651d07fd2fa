import Testing
@testable import FormCompiler

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
    case .isEmpty(let id, _): "isEmpty(\(id))"
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
    #expect(and?.help == ["use 'and' instead of '&&'"])
    #expect(problem("a || b")?.help == ["use 'or' instead of '||'"])
    let bang = problem("!a")
    #expect(bang?.range == 0..<1)
    #expect(bang?.help == ["use 'not' instead of '!'"])
}

@Test func singleEqualsSuggestsDoubleEquals() {
    let problem = problem("plan = 'pro'")
    #expect(problem?.code == .conditionSyntax)
    #expect(problem?.range == 5..<6)
    #expect(problem?.help == ["did you mean '=='?"])
}

@Test func unterminatedStringPointsAtItsQuote() {
    let problem = problem("plan == 'pro")
    #expect(problem?.message == "unterminated string")
    #expect(problem?.range == 8..<9)
}

@Test func unexpectedEndIsAnEmptyRangeAtTheEnd() {
    let problem = problem("a and ")
    #expect(problem?.message == "unexpected end of condition; expected a field id, true, false, a string or '('")
    #expect(problem?.range == 6..<6)
}

@Test func missingParenthesisNotesTheOpeningOne() {
    let problem = problem("(a or b")
    #expect(problem?.message == "expected ')'; the condition ends here")
    #expect(problem?.notes == [ConditionNote(message: "to match this '('", range: 0..<1)])
    #expect(ConditionParserTestsHelpers.message("a or b)") == "unexpected ')' without a matching '('")
}

@Test func keywordsInTheWrongCaseAreSuggested() {
    #expect(problem("a AND b")?.help == ["did you mean 'and'?"])
    #expect(problem("a Or b")?.range == 2..<4)
    #expect(problem("a not b")?.help == ["did you mean 'and not'?"])
    #expect(problem("a b")?.message == "unexpected 'b'")
}

@Test func otherSyntaxErrors() {
    #expect(problem("")?.message == "empty condition")
    #expect(problem("   ")?.range == 0..<3)
    #expect(problem("a == b == c")?.message == "comparisons cannot be chained")
    #expect(problem("a == b == c")?.range == 7..<9)
    #expect(problem("count == 3")?.message == "unexpected number '3'")
    #expect(problem("count == -1.5")?.help == ["conditions compare with strings; write it as '-1.5'"])
    #expect(problem("a - b")?.message == "unexpected character '-'")
    #expect(problem("isempty(a)")?.help == ["did you mean 'isEmpty'?"])
    #expect(problem("isEmpty('a')")?.help == ["write the field id without quotes: isEmpty(a)"])
    #expect(problem("plan == \u{2018}pro\u{2019}")?.range == 8..<9)
    #expect(problem("a >= b")?.help == ["conditions compare with '==' and '!=' only"])
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
