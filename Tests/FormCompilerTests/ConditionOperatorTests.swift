@testable import FormCompiler
@testable import FormModel
@testable import FormSource
import Testing

/// Fields of every kind a §10 condition reads; the condition under test is on
/// `target` at line 21, its value starting at column 18; checked by the whole pipeline.
private let fields = """
formc: 1
form: TestForm
elements:
  - number: age
  - number: price
    decimals: 2
  - date: birthday
  - date: arrival
    mode: time
  - date: reminderAt
    mode: dateTime
  - picker: seating
    options: [inside, terrace, bar]
  - multiChoice: diet
    options: [vegetarian, vegan, gluten-free]
  - segment: plan
    options: [free, pro]
    default: free
  - { boolean: newsletter, title: News }
  - textField: target
    visibleWhen: 
"""

private func checked(_ condition: String) -> (expression: ConditionExpr?, diagnostics: [Diagnostic]) {
    let result = FormPipeline.check(SourceFile(path: "t.form.yaml", text: fields + condition + "\n"))
    return (result.checked?.document.elements[9].visibleWhen?.expression, result.diagnostics)
}

private func lowered(_ condition: String) -> ConditionExpr? {
    let result = checked(condition)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.summary))")
    return result.expression
}

private func summaries(_ condition: String) -> [String] {
    checked(condition).diagnostics.map(\.summary)
}

private func help(_ condition: String) -> [String] {
    checked(condition).diagnostics.first?.help ?? []
}

private func number(_ text: String) -> ConditionValue {
    .number(DecimalLiteral(text)!)
}

// MARK: Lowering

@Test func numbersCompareWithEveryOperator() {
    #expect(lowered("age >= 18") == .valueCompare("age", .greaterOrEqual, number("18")))
    #expect(lowered("age > 18") == .valueCompare("age", .greater, number("18")))
    #expect(lowered("age < 18") == .valueCompare("age", .less, number("18")))
    #expect(lowered("age <= -3") == .valueCompare("age", .lessOrEqual, number("-3")))
    #expect(lowered("age == 18") == .valueCompare("age", .equal, number("18")))
    #expect(lowered("age != 18") == .not(.valueCompare("age", .equal, number("18"))))
    #expect(lowered("age > 18.00") == .valueCompare("age", .greater, number("18")))
    // A literal on the left reads as on the right, with the operator mirrored.
    #expect(lowered("18 < age") == .valueCompare("age", .greater, number("18")))
    #expect(lowered("18 >= age") == .valueCompare("age", .lessOrEqual, number("18")))
}

@Test func decimalsAreReadExactly() throws {
    let expression = try #require(lowered("price < 2.50"))
    guard case .valueCompare("price", .less, .number(let value)) = expression else {
        Issue.record("not a number comparison: \(expression)")
        return
    }
    #expect(value.digits == "250")
    #expect(value.scale == 2)
    #expect(lowered("price >= 0.1") == .valueCompare("price", .greaterOrEqual, number("0.1")))
    // A decimal field takes more places than it shows: the comparison is exact.
    #expect(lowered("price > 1.234") == .valueCompare("price", .greater, number("1.234")))
}

@Test func datesAndTimesCompareWithLiteralsOfTheirMode() {
    #expect(lowered("birthday <= 'today-18y'") == .valueCompare("birthday", .lessOrEqual, .relative(RelativeDateLiteral("today-18y")!)))
    #expect(lowered("\"'2026-01-31' < birthday\"") == .valueCompare("birthday", .greater, .date(DateValue("2026-01-31", mode: .date)!)))
    #expect(lowered("birthday != '2024-02-29'") == .not(.valueCompare("birthday", .equal, .date(DateValue("2024-02-29", mode: .date)!))))
    #expect(lowered("arrival >= '09:30'") == .valueCompare("arrival", .greaterOrEqual, .date(DateValue("09:30", mode: .time)!)))
    #expect(lowered("reminderAt > 'today+1w'") == .valueCompare("reminderAt", .greater, .relative(RelativeDateLiteral("today+1w")!)))
    #expect(lowered("reminderAt < '2026-01-31T09:30:00+01:00'") == .valueCompare(
        "reminderAt", .less, .date(DateValue("2026-01-31T08:30:00Z", mode: .dateTime)!)
    ))
    #expect(lowered("reminderAt == '2026-01-31T09:30:00Z'") == .valueCompare(
        "reminderAt", .equal, .date(DateValue("2026-01-31T09:30:00Z", mode: .dateTime)!)
    ))
}

@Test func inListsAreKeptInOptionOrderEachOnce() {
    #expect(lowered("seating in ['bar', 'inside', 'bar']") == .segmentIn("seating", optionValues: ["inside", "bar"]))
    #expect(lowered("not seating in ['terrace']") == .not(.segmentIn("seating", optionValues: ["terrace"])))
    #expect(lowered("plan in ['pro'] and newsletter") == .and(.segmentIn("plan", optionValues: ["pro"]), .boolField("newsletter")))
}

@Test func multiChoiceFieldsGoThroughContainsAndCount() {
    #expect(lowered("contains(diet, 'gluten-free')") == .contains("diet", optionValue: "gluten-free"))
    #expect(lowered("count(diet) >= 2") == .countCompare("diet", .greaterOrEqual, 2))
    #expect(lowered("2 <= count(diet)") == .countCompare("diet", .greaterOrEqual, 2))
    #expect(lowered("count(diet) != 0") == .not(.countCompare("diet", .equal, 0)))
    #expect(lowered("count(diet) < 3 or isEmpty(diet)") == .or(.countCompare("diet", .less, 3), .isEmpty("diet")))
}

@Test func conditionTextOfTheNewOperatorsChecksBackToTheSameExpression() throws {
    for condition in [
        "age >= 18 and price != 2.50", "birthday <= 'today-18y' or arrival < '09:30'",
        "seating in ['inside', 'bar'] and not contains(diet, 'vegan')", "count(diet) > 1 and reminderAt >= 'today'",
    ] {
        let expression = try #require(lowered(condition))
        let text = expression.conditionText
        let quoted = text.hasPrefix("'") ? "\"\(text)\"" : text
        #expect(lowered(quoted) == expression, "\(text)")
    }
}

// MARK: FC502

@Test func numberTypeErrorsPointAtTheLiteral() {
    #expect(summaries("age >= 17.5") == ["21:25 FC502 'age' holds whole numbers; 17.5 is not one"])
    #expect(summaries("age > '18'") == ["21:24 FC502 the number 'age' cannot be compared with a string"])
    #expect(help("age > '18'") == ["write the number without quotes: 18"])
    #expect(summaries("age < 1234567890123456789") == ["21:24 FC502 1234567890123456789 has too many digits to compare with 'age'"])
    #expect(summaries("age == true") == ["21:25 FC502 the number 'age' cannot be compared with true"])
    #expect(summaries("age") == ["21:18 FC502 the number 'age' is not a boolean"])
    // Two numbers of any decimals compare (SPEC §16); a number and a date do not.
    #expect(summaries("age >= price") == [])
    #expect(summaries("age >= birthday") == ["21:18 FC502 'age' (whole number) cannot be compared with 'birthday' (date)"])
    #expect(summaries("plan == 1") == ["21:26 FC502 the single choice 'plan' cannot be compared with a number"])
    #expect(summaries("newsletter == 1") == ["21:32 FC502 the boolean 'newsletter' cannot be compared with a number"])
    #expect(summaries("18") == ["21:18 FC502 a number is not a condition"])
}

@Test func dateLiteralsAreCheckedAgainstTheFieldsMode() {
    #expect(summaries("birthday < 18") == ["21:29 FC502 the date 'birthday' cannot be compared with a number"])
    #expect(help("birthday < 18") == ["write a date in quotes, e.g. '2026-01-31' or 'today-18y'"])
    #expect(summaries("arrival < '2026-01-31'") == ["21:28 FC502 '2026-01-31' is a date, but 'arrival' holds a time of day (HH:mm)"])
    #expect(summaries("birthday < '09:30'") == ["21:29 FC502 '09:30' is a time, but 'birthday' holds a date (YYYY-MM-DD)"])
    #expect(summaries("reminderAt < '2026-01-31'") == [
        "21:31 FC502 '2026-01-31' is a date, but 'reminderAt' holds a date and time (YYYY-MM-DDTHH:mm:ssZ)",
    ])
    #expect(summaries("birthday < '2026-01-31T09:30:00Z'") == [
        "21:29 FC502 '2026-01-31T09:30:00Z' is a date and time, but 'birthday' holds a date (YYYY-MM-DD)",
    ])
    #expect(summaries("arrival > 'today'") == ["21:28 FC502 'today' is a day relative to today, but 'arrival' holds a time of day (HH:mm)"])
    #expect(summaries("birthday > 'soon'") == ["21:29 FC502 'soon' is not a date (YYYY-MM-DD)"])
}

@Test func literalsThatAreNotRealValuesAreTypeErrorsAtTheLiteral() {
    let date = checked("birthday <= '2026-02-30'").diagnostics
    #expect(date.map(\.summary) == ["21:30 FC502 '2026-02-30' is not a real date"])
    #expect(date.first?.location.range.end == SourcePosition(line: 21, column: 42))
    #expect(summaries("arrival > '25:00'") == ["21:28 FC502 '25:00' is not a real time"])
    #expect(summaries("birthday > 'today-18x'") == ["21:29 FC502 'today-18x' is not a relative date"])
    #expect(summaries("reminderAt >= '2026-13-01T09:30:00Z'") == ["21:32 FC502 '2026-13-01T09:30:00Z' is not a real date"])
}

@Test func anInstantNeverEqualsARelativeDay() {
    #expect(summaries("reminderAt == 'today'") == ["21:32 FC502 an instant cannot equal the day 'today'"])
    #expect(summaries("reminderAt != 'today-1d'") == ["21:32 FC502 an instant cannot equal the day 'today-1d'"])
    #expect(summaries("birthday == 'today'").isEmpty)
}

@Test func orderingNeedsANumberADateOrACount() {
    #expect(summaries("plan < 'pro'") == ["21:23 FC502 the single choice 'plan' cannot be ordered with '<'"])
    #expect(summaries("newsletter > true") == ["21:29 FC502 the boolean 'newsletter' cannot be ordered with '>'"])
    #expect(summaries("target >= 'a'") == ["21:25 FC502 the text field 'target' cannot be ordered with '>='"])
    #expect(summaries("(age > 1) <= true") == ["21:28 FC502 a condition cannot be ordered with '<='"])
}

@Test func inContainsAndCountApplyToTheirKindsOnly() {
    #expect(summaries("age in ['a']") == ["21:22 FC502 the number 'age' cannot be tested with 'in'"])
    #expect(summaries("diet in ['vegan']") == ["21:23 FC502 the multiple choice 'diet' cannot be tested with 'in'"])
    #expect(help("diet in ['vegan']") == ["use contains(diet, 'vegan') to test one option"])
    #expect(summaries("(age > 1) in ['a']") == ["21:18 FC502 'in' needs a segment or picker field on its left"])
    #expect(summaries("contains(plan, 'pro')") == ["21:27 FC502 contains applies to multiple choice fields; the single choice 'plan' is not one"])
    #expect(summaries("count(age) > 1") == ["21:24 FC502 count applies to multiple choice fields; the number 'age' is not one"])
    #expect(summaries("count(diet) > 1.5") == ["21:32 FC502 count(diet) is a whole number; 1.5 is not"])
    #expect(summaries("count(diet) > '1'") == ["21:32 FC502 count(diet) compares with a whole number"])
    #expect(summaries("count(diet)") == ["21:18 FC502 count(diet) is a number, not a condition"])
    #expect(summaries("count(diet) == age") == ["21:33 FC502 count(diet) compares with a whole number"])
    #expect(summaries("in(diet)")  == ["21:18 FC500 expected a field id, true, false, a string, a number or '(', found 'in'"])
}

@Test func unknownFieldsInTheNewOperatorsAreFC501() {
    #expect(summaries("count(diett) > 1") == ["21:24 FC501 unknown field 'diett'"])
    #expect(help("count(diett) > 1") == ["did you mean 'diet'?"])
    #expect(summaries("seatng in ['bar']") == ["21:18 FC501 unknown field 'seatng'"])
    #expect(summaries("contains(dit, 'vegan')") == ["21:27 FC501 unknown field 'dit'"])
}

// MARK: FC503

@Test func optionsInListsAndContainsAreCheckedWithDidYouMean() {
    let list = checked("seating in ['inside', 'terase']").diagnostics
    #expect(list.map(\.summary) == ["21:40 FC503 'terase' is not an option of single choice 'seating'"])
    #expect(list.first?.help == ["did you mean 'terrace'?", "its options are 'inside', 'terrace', 'bar'"])
    // Every unknown option of a list is reported.
    #expect(summaries("seating in ['x', 'bar', 'y']") == [
        "21:30 FC503 'x' is not an option of single choice 'seating'",
        "21:42 FC503 'y' is not an option of single choice 'seating'",
    ])
    let contains = checked("contains(diet, 'vegam')").diagnostics
    #expect(contains.map(\.summary) == ["21:33 FC503 'vegam' is not an option of multiple choice 'diet'"])
    #expect(contains.first?.help == ["did you mean 'vegan'?", "its options are 'vegetarian', 'vegan', 'gluten-free'"])
}

// MARK: FC505

@Test func constancyIsReportedOnlyWhenItHoldsWhateverTheValues() {
    let never = "21:18 FC505 condition is always false: the element is never shown"
    let always = "21:18 FC505 condition is always true: the element is always shown"
    #expect(summaries("age >= 18 and not age >= 18") == [never])
    #expect(summaries("count(diet) > 1 or not count(diet) > 1") == [always])
    #expect(summaries("contains(diet, 'vegan') and not contains(diet, 'vegan')") == [never])
    #expect(summaries("1 < 2") == [always])
    #expect(summaries("2.50 == 2.5") == [always])
    // `plan` has a default and is never hidden: it is always one of its options.
    #expect(summaries("plan in ['free', 'pro']") == [always])
    #expect(summaries("plan in ['pro'] and plan == 'free'") == [never])
    // An empty value makes both comparisons false: not a tautology.
    #expect(summaries("age < 18 or age >= 18").isEmpty)
    #expect(summaries("birthday <= 'today' or birthday > 'today'").isEmpty)
    // `seating` has no default: nothing may be selected.
    #expect(summaries("seating in ['inside', 'terrace', 'bar']").isEmpty)
    #expect(summaries("contains(diet, 'vegan') or isEmpty(diet)").isEmpty)
    #expect(summaries("price > 2 and price < 1").isEmpty)
}

// MARK: FC504

@Test func theNewOperatorsReadFieldsForCycles() {
    // Located at the read of the next field on the cycle, inside count(…), contains(…).
    func cycles(_ yaml: String) -> [String] {
        FormPipeline.check(SourceFile(path: "t.form.yaml", text: "formc: 1\nform: TestForm\n" + yaml)).diagnostics.filter { $0.code == .conditionCycle }.map(\.summary).map { String($0.prefix(10)) }
    }
    #expect(cycles("""
    elements:
      - number: a
        visibleWhen: count(b) > 0
      - multiChoice: b
        options: [x, y]
        visibleWhen: a >= 3
    """) == ["5:24 FC504"])
    #expect(cycles("""
    elements:
      - picker: a
        options: [x, y]
        visibleWhen: contains(b, 'x')
      - multiChoice: b
        options: [x, y]
        visibleWhen: "c <= 'today'"
      - date: c
        visibleWhen: a in ['y']
    """) == ["6:27 FC504"])
    #expect(cycles("""
    elements:
      - number: a
        visibleWhen: a != 2
    """) == ["5:18 FC504"])
}

/// Only visibility makes a cycle (SPEC §7): a disabled field keeps its value, so
/// `enabledWhen` conditions that read each other, or the field itself, are valid.
@Test func enabledWhenConditionsMakeNoCycle() {
    let result = FormPipeline.check(SourceFile(path: "t.form.yaml", text: """
        formc: 1
        form: TestForm
        elements:
          - textField: a
            enabledWhen: isEmpty(b)
          - textField: b
            enabledWhen: isEmpty(a)
          - textField: c
            enabledWhen: isEmpty(c)
          - textField: d
            visibleWhen: isEmpty(e)
          - textField: e
            enabledWhen: isEmpty(d)
        """))
    #expect(result.diagnostics.map(\.summary) == [])
    #expect(DiagnosticCatalog.entry(for: .conditionCycle)?.explanation.contains("enabledWhen") == true)
}
