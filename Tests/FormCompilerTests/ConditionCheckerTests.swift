@testable import FormModel
@testable import FormSource
import Testing

/// Fields every test can read; the condition under test is on `target` at line 9,
/// its value starting at column 18.
private let fields = """
elements:
  - boolean: newsletter
  - segment: plan
    options: [free, pro]
    default: free
  - segment: size
    options: [small, large]
  - textField: target
    visibleWhen: 
"""

private func checked(_ condition: String) -> (expression: ConditionExpr?, diagnostics: [Diagnostic]) {
    let (document, diagnostics) = ConditionFixture.check(fields + condition + "\n  - textField: company\n")
    return (document.elements[3].visibleWhen?.expression, diagnostics)
}

private func lowered(_ condition: String) -> ConditionExpr? {
    let result = checked(condition)
    #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics.map(\.summary))")
    return result.expression
}

private func summaries(_ condition: String) -> [String] {
    checked(condition).diagnostics.map(\.summary)
}

// MARK: Lowering

@Test func lowersComparisonsToTheEmitterCases() {
    #expect(lowered("plan == 'pro'") == .segmentEquals("plan", optionValue: "pro"))
    #expect(lowered("plan != 'pro'") == .not(.segmentEquals("plan", optionValue: "pro")))
    #expect(lowered("\"'pro' == plan\"") == .segmentEquals("plan", optionValue: "pro"))
    #expect(lowered("newsletter") == .boolField("newsletter"))
    #expect(lowered("newsletter == true") == .boolField("newsletter"))
    #expect(lowered("newsletter == false") == .not(.boolField("newsletter")))
    #expect(lowered("newsletter != false") == .boolField("newsletter"))
    #expect(lowered("company == ''") == .isEmpty("company"))
    #expect(lowered("company != ''") == .not(.isEmpty("company")))
    #expect(lowered("company == \"ACME\"") == .textEquals("company", "ACME"))
    #expect(lowered("isEmpty(company)") == .isEmpty("company"))
    #expect(lowered("isEmpty(size)") == .isEmpty("size"))
    #expect(lowered("isEmpty(size) == false") == .not(.isEmpty("size")))
}

@Test func lowersLogicKeepingItsShape() {
    #expect(lowered("not newsletter and (plan == 'pro' or isEmpty(company))") == .and(
        .not(.boolField("newsletter")),
        .or(.segmentEquals("plan", optionValue: "pro"), .isEmpty("company"))
    ))
}

@Test func storesExpressionsOnGroupsAndEnabledWhen() {
    let (document, diagnostics) = ConditionFixture.check("""
    elements:
      - boolean: a
      - group: g
        visibleWhen: a
        elements:
          - textField: b
            enabledWhen: not a
    """)
    #expect(diagnostics.isEmpty)
    #expect(document.elements[1].visibleWhen?.expression == .boolField("a"))
    guard case .group(let group) = document.elements[1].kind else { Issue.record("not a group"); return }
    #expect(group.elements[0].enabledWhen?.expression == .not(.boolField("a")))
}

@Test func conditionTextReadsBackAsTheSameExpression() {
    for text in [
        "not newsletter and (plan == 'pro' or isEmpty(company))",
        "(newsletter or company == 'x') and not (size != 'small' or false)",
        "company != \"it's\" or not not newsletter",
    ] {
        let expression = lowered(text)
        #expect(expression.map { lowered($0.conditionText) } == expression)
    }
}

// MARK: FC500

@Test func syntaxErrorsPointAtTheCharacter() {
    let diagnostics = checked("newsletter && plan == 'pro'").diagnostics
    #expect(diagnostics.map(\.summary) == ["9:29 FC500 unexpected '&&'"])
    #expect(diagnostics.first?.help == ["use 'and' instead of '&&'"])
    #expect(diagnostics.first?.location.range.end == SourcePosition(line: 9, column: 31))
    #expect(checked("newsletter").expression != nil)
    #expect(checked("plan = 'pro'").diagnostics.first?.help == ["did you mean '=='?"])
}

@Test func syntaxErrorsInQuotedConditionsPointAtTheCharacter() {
    #expect(summaries("'plan == ''pro'' or'") == [
        "9:37 FC500 unexpected end of condition; expected a field id, true, false, a string, a number or '('",
    ])
    let parenthesis = checked("\"(newsletter or \\\"x\\\" \"").diagnostics.first
    #expect(parenthesis?.summary == "9:40 FC500 expected ')'; the condition ends here")
    #expect(parenthesis?.notes.first?.location?.range.start == SourcePosition(line: 9, column: 19))
}

@Test func expressionsNestedTooDeeplyAreOneError() {
    let diagnostics = summaries(String(repeating: "(", count: 100_000) + "newsletter")
    #expect(diagnostics == ["9:82 FC500 expression nested too deeply"])
}

// MARK: FC501

@Test func unknownFieldsSuggestTheClosestField() {
    let diagnostics = checked("newsleter").diagnostics
    #expect(diagnostics.map(\.summary) == ["9:18 FC501 unknown field 'newsleter'"])
    #expect(diagnostics.first?.help == ["did you mean 'newsletter'?"])
    #expect(checked("True").diagnostics.first?.help == ["did you mean 'true'?"])
    // A comparison with a null word is told the call that tests it.
    #expect(checked("plan == null").diagnostics.first?.help == [
        "to test whether 'plan' has a value, write isEmpty(plan) in place of the comparison",
    ])
    #expect(checked("nil != plan").diagnostics.first?.help == [
        "to test whether 'plan' has a value, write not isEmpty(plan) in place of the comparison",
    ])
    #expect(checked("isEmpty(nil)").diagnostics.first?.help == [
        "to test for an empty text or a segment with nothing selected, use isEmpty(field)",
    ])
}

@Test func anUnquotedValueIsSuggestedInQuotes() {
    let diagnostics = checked("plan == pro").diagnostics
    #expect(diagnostics.map(\.summary) == ["9:26 FC501 unknown field 'pro'"])
    #expect(diagnostics.first?.help == ["to compare 'plan' with the value 'pro', write it in quotes: plan == 'pro'"])
    #expect(checked("ACME != (company)").diagnostics.first?.help == [
        "to compare 'company' with the value 'ACME', write it in quotes: company != 'ACME'",
    ])
}

@Test func everyProblemOfAConditionIsReported() {
    #expect(summaries("x or newsletter or isEmpty(y)") == [
        "9:18 FC501 unknown field 'x'",
        "9:45 FC501 unknown field 'y'",
    ])
}

@Test func fieldsLaterInTheFileMayBeRead() {
    #expect(lowered("isEmpty(company)") == .isEmpty("company"))
}

// MARK: FC502

@Test func groupsAndSeguesAreNotValues() {
    let (_, diagnostics) = ConditionFixture.check("""
    elements:
      - group: account
        elements:
          - boolean: a
      - segue: next
      - textField: b
        visibleWhen: account or next
    """)
    #expect(diagnostics.map(\.summary) == [
        "7:18 FC502 'account' is a group, not a field: it has no value a condition can read",
        "7:29 FC502 'next' is a segue, not a field: it has no value a condition can read",
    ])
    #expect(diagnostics.first?.notes.first?.location?.range.start == SourcePosition(line: 2, column: 12))
}

@Test func typeErrors() {
    #expect(summaries("company") == ["9:18 FC502 'company' is a text field, not a boolean"])
    #expect(summaries("plan") == ["9:18 FC502 'plan' is a single choice, not a boolean"])
    #expect(summaries("\"'newsletter'\"") == ["9:19 FC502 a string is not a condition"])
    #expect(checked("\"'newsletter'\"").diagnostics.first?.help == ["to read the field 'newsletter', write it without quotes"])
    #expect(summaries("newsletter == 'true'") == ["9:32 FC502 'newsletter' is a boolean and cannot be compared with a string"])
    #expect(checked("newsletter == 'true'").diagnostics.first?.help == ["write true without quotes"])
    #expect(summaries("company == true") == ["9:29 FC502 the text field 'company' cannot be compared with true"])
    #expect(summaries("plan == false") == ["9:26 FC502 the single choice 'plan' cannot be compared with false"])
    #expect(summaries("isEmpty(newsletter)") == ["9:26 FC502 isEmpty applies to fields that can be empty; 'newsletter' is a boolean"])
    #expect(summaries("plan == size") == ["9:18 FC502 'plan' (single choice 'Plan') cannot be compared with 'size' (single choice 'Size')"])
    #expect(summaries("newsletter and company") == ["9:33 FC502 'company' is a text field, not a boolean"])
    #expect(summaries("isEmpty(company) == isEmpty(size)") == ["9:18 FC502 cannot compare two conditions"])
    #expect(summaries("true == 'x'") == ["9:18 FC502 cannot compare a boolean with a string"])
}

// MARK: FC503

@Test func segmentsCompareWithTheirOptionsOnly() {
    let diagnostics = checked("plan == 'prp'").diagnostics
    #expect(diagnostics.map(\.summary) == ["9:26 FC503 'prp' is not an option of single choice 'plan'"])
    #expect(diagnostics.first?.help == ["did you mean 'pro'?", "its options are 'free', 'pro'"])
    #expect(checked("size != ''").diagnostics.first?.help == [
        "use isEmpty(size) to test that nothing is selected", "its options are 'small', 'large'",
    ])
    // With a default an option is always selected: isEmpty would be always false (FC505).
    #expect(checked("plan == ''").diagnostics.first?.help == [
        "'plan' has a default, so an option is always selected: compare it with one of them", "its options are 'free', 'pro'",
    ])
}

// MARK: FC505

@Test func constantConditionsWarn() {
    let tautology = checked("newsletter or not newsletter").diagnostics
    #expect(tautology.map(\.summary) == ["9:18 FC505 condition is always true: the element is always shown"])
    #expect(tautology.first?.severity == .warning)
    #expect(summaries("true") == ["9:18 FC505 condition is always true: the element is always shown"])
    #expect(summaries("plan == 'free' and plan == 'pro'") == ["9:18 FC505 condition is always false: the element is never shown"])
    #expect(summaries("company == 'a' and company == 'b'") == ["9:18 FC505 condition is always false: the element is never shown"])
    #expect(summaries("isEmpty(company) and company == 'a'") == ["9:18 FC505 condition is always false: the element is never shown"])
    // `plan` has a default and is never hidden, so it always has an option.
    #expect(summaries("plan == 'free' or plan == 'pro'") == ["9:18 FC505 condition is always true: the element is always shown"])
    #expect(summaries("isEmpty(plan)") == ["9:18 FC505 condition is always false: the element is never shown"])
    // A field equals itself unless it is empty: a Boolean, and `plan`, never are.
    #expect(summaries("newsletter == newsletter") == ["9:18 FC505 condition is always true: the element is always shown"])
    #expect(summaries("plan == plan") == ["9:18 FC505 condition is always true: the element is always shown"])
    #expect(summaries("company == company").isEmpty)
    #expect(summaries("company == company or isEmpty(company)") == ["9:18 FC505 condition is always true: the element is always shown"])
    #expect(summaries("company != company") == ["9:18 FC505 condition is always false: the element is never shown"])
}

@Test func constancyIsDecidedOverEveryStateOfTwelveAtoms() {
    var yaml = "elements:\n"
    for index in 0..<12 { yaml += "  - boolean: b\(index)\n" }
    yaml += "  - textField: company\n"
    let atoms = (0..<12).map { "b\($0)" }
    let anyOn = atoms.joined(separator: " or ")
    let allOff = atoms.map { "not \($0)" }.joined(separator: " and ")
    let allOn = atoms.joined(separator: " and ")
    func diagnostics(_ condition: String) -> [String] {
        ConditionFixture.check(yaml + "  - textField: t\n    visibleWhen: \(condition)\n").diagnostics.map(\.summary)
    }
    #expect(diagnostics("\(anyOn) or (\(allOff))") == ["16:18 FC505 condition is always true: the element is always shown"])
    #expect(diagnostics(anyOn).isEmpty)
    #expect(diagnostics("(\(allOn)) and not b11") == ["16:18 FC505 condition is always false: the element is never shown"])
    #expect(diagnostics(allOn).isEmpty)
    // A thirteenth atom is past the limit: no verdict, even for a tautology.
    #expect(diagnostics("\(anyOn) or (\(allOff)) or company == 'x'").isEmpty)
}

@Test func conditionsThatDependOnTheirFieldsDoNotWarn() {
    #expect(summaries("newsletter and not plan == 'pro'").isEmpty)
    // `size` has no default: nothing may be selected.
    #expect(summaries("size == 'small' or size == 'large'").isEmpty)
    #expect(summaries("company == 'a' or company == 'b'").isEmpty)
    #expect(summaries("not isEmpty(company) and company != 'a'").isEmpty)
}

@Test func aSegmentThatCanBeHiddenCanReadAsNothingSelected() {
    let (_, diagnostics) = ConditionFixture.check("""
    elements:
      - boolean: a
      - segment: plan
        options: [free, pro]
        default: free
        visibleWhen: a
      - textField: b
        visibleWhen: plan == 'free' or plan == 'pro'
    """)
    #expect(diagnostics.isEmpty)
}

@Test func enabledWhenConstantsSayEnabled() {
    let (_, diagnostics) = ConditionFixture.check("""
    elements:
      - boolean: a
        enabledWhen: false
    """)
    #expect(diagnostics.map(\.summary) == ["3:18 FC505 condition is always false: the element is never enabled"])
}

// MARK: FC504

@Test func aTwoFieldCycleIsReportedOnceAtTheFirstCondition() {
    let (_, diagnostics) = ConditionFixture.check("""
    elements:
      - boolean: a
        visibleWhen: b
      - boolean: b
        visibleWhen: not a
    """)
    #expect(diagnostics.map(\.summary) == ["3:18 FC504 the visibility of 'a' depends on itself: a → b → a"])
    #expect(diagnostics.first?.notes.map(\.message) == ["'b' reads 'a' here"])
    #expect(diagnostics.first?.notes.first?.location?.range.start == SourcePosition(line: 5, column: 22))
}

@Test func aLongerCycleNamesEveryFieldInOrder() {
    let (_, diagnostics) = ConditionFixture.check("""
    elements:
      - textField: c
        visibleWhen: isEmpty(a)
      - textField: x
        visibleWhen: isEmpty(c)
      - textField: a
        visibleWhen: b == 'on'
      - textField: b
        visibleWhen: c != ''
    """)
    #expect(diagnostics.map(\.summary) == ["3:26 FC504 the visibility of 'c' depends on itself: c → a → b → c"])
    #expect(diagnostics.first?.notes.map(\.message) == ["'a' reads 'b' here", "'b' reads 'c' here"])
}

@Test func selfReferenceIsACycle() {
    let (_, diagnostics) = ConditionFixture.check("""
    elements:
      - textField: company
        visibleWhen: isEmpty(company)
        enabledWhen: isEmpty(company)
    """)
    #expect(diagnostics.map(\.summary) == ["3:26 FC504 the visibility of 'company' depends on its own value: company → company"])
}

@Test func aGroupReadingAFieldInsideItIsACycle() {
    let (_, diagnostics) = ConditionFixture.check("""
    elements:
      - group: extra
        visibleWhen: not isEmpty(name) or other
        elements:
          - textField: name
          - boolean: other
    """)
    // One diagnostic: every cycle here goes through the group's one condition.
    #expect(diagnostics.map(\.summary) == ["3:30 FC504 the visibility of 'name' depends on itself: name → name"])
    #expect(diagnostics.first?.help == [
        "'name' is inside group 'extra', which reads 'name'",
        "'other' is on a cycle with these fields too",
        "a hidden field reads as empty, so a field's visibility cannot depend on itself; remove one of these references",
    ])
}

@Test func aCycleThroughAGroupConditionHasNotesAtEachCondition() {
    let (_, diagnostics) = ConditionFixture.check("""
    elements:
      - boolean: outside
        visibleWhen: inside
      - group: g
        visibleWhen: outside
        elements:
          - boolean: inside
    """)
    #expect(diagnostics.map(\.summary) == ["3:18 FC504 the visibility of 'outside' depends on itself: outside → inside → outside"])
    #expect(diagnostics.first?.notes.map(\.message) == ["'inside' is inside group 'g', which reads 'outside' here"])
    #expect(diagnostics.first?.notes.first?.location?.range.start == SourcePosition(line: 5, column: 18))
}

@Test func enabledWhenNeverMakesACycle() {
    let (_, diagnostics) = ConditionFixture.check("""
    elements:
      - boolean: a
        enabledWhen: b
      - boolean: b
        enabledWhen: a
        visibleWhen: a
    """)
    #expect(diagnostics.isEmpty)
}

@Test func aBrokenConditionIsNotAlsoReportedAsACycle() {
    let (_, diagnostics) = ConditionFixture.check("""
    elements:
      - boolean: a
        visibleWhen: a and company
    """)
    #expect(diagnostics.map(\.code) == [.conditionUnknownField])
}

/// A field equals itself unless it is empty (SPEC §16: an empty or hidden field
/// makes a comparison false): FC505 only where it can never be empty.
@Test func aFieldComparedWithItselfIsConstantOnlyWhenNeverEmpty() {
    func warnings(_ condition: String) -> [String] {
        diagnose(form("""
          - boolean: hide
            title: Hide
          - segment: plan
            options: [a, b]
            default: a
          - segment: tier
            options: [a, b]
            default: a
            visibleWhen: not hide
          - number: count
            default: 3
          - number: hiddenCount
            default: 3
            visibleWhen: not hide
          - date: day
          - textField: note
            visibleWhen: \(condition)
        """)).filter { $0.code == .conditionConstant }.map(\.message)
    }
    #expect(warnings("plan == plan") == ["condition is always true: the element is always shown"])
    #expect(warnings("count == count") == ["condition is always true: the element is always shown"])
    #expect(warnings("count >= count").isEmpty)
    #expect(warnings("tier == tier").isEmpty)
    #expect(warnings("hiddenCount == hiddenCount").isEmpty)
    #expect(warnings("day == day").isEmpty)
    #expect(warnings("day != day") == ["condition is always false: the element is never shown"])
}
