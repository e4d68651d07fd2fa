@testable import FormChecker
@testable import FormCompiler
@testable import FormModel
@testable import FormSource
import Testing

/// Conditions through the whole pipeline: real YAML and JSON, read by the real
/// readers and decoder, checked by the form checker.
private func diagnostics(_ text: String, path: String = "t.form.yaml") -> [String] {
    FormPipeline.check(SourceFile(path: path, text: text)).diagnostics
        .filter { $0.code.rawValue.hasPrefix("FC5") }
        .map(\.summary)
}

private let header = """
formc: 1
form: SignUpForm
elements:
  - boolean: newsletter
    title: Send me news
  - segment: plan
    options: [free, pro]
    default: free

"""

@Test func endToEndValidConditionsAreLoweredOntoTheTree() {
    let result = FormPipeline.check(SourceFile(path: "t.form.yaml", text: header + """
      - group: extra
        visibleWhen: "plan == 'pro'"
        elements:
          - textField: company
            visibleWhen: newsletter == false
            enabledWhen: >-
              not
              isEmpty(company)
    """))
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.summary))")
    let group = result.checked?.document.elements[2]
    #expect(group?.visibleWhen?.expression == .segmentEquals("plan", optionValue: "pro"))
    guard case .group(let decl)? = group?.kind else { Issue.record("no group"); return }
    #expect(decl.elements[0].visibleWhen?.expression == .not(.boolField("newsletter")))
    #expect(decl.elements[0].enabledWhen?.expression == .not(.isEmpty("company")))
    let graph = result.checked.map { ConditionGraph(document: $0.document, symbols: $0.symbols) }
    #expect(graph?.dependencies(of: "company") == ["plan", "newsletter"])
}

@Test func endToEndEveryConditionCodeAtItsLineAndColumn() {
    #expect(diagnostics(header + """
      - textField: a
        visibleWhen: plan == 'pro' && newsletter
      - textField: b
        visibleWhen: newsleter
      - textField: c
        visibleWhen: plan
      - textField: d
        visibleWhen: "plan == \\"prx\\""
      - textField: e
        visibleWhen: isEmpty(f)
      - textField: f
        visibleWhen: isEmpty(e)
      - textField: g
        visibleWhen: newsletter or
          not newsletter
    """) == [
        "10:32 FC500 unexpected '&&'",
        "12:18 FC501 unknown field 'newsleter'",
        "14:18 FC502 'plan' is a single choice, not a boolean",
        "16:27 FC503 'prx' is not an option of single choice 'plan'",
        "18:26 FC504 the visibility of 'e' depends on itself: e → f → e",
        "22:18 FC505 condition is always true: the element is always shown",
    ])
}

@Test func endToEndBlockAndQuotedScalarsPointInsideTheExpression() {
    #expect(diagnostics(header + """
      - textField: a
        visibleWhen: >-
          isEmpty(a)
          or x
      - textField: b
        visibleWhen: |
          newsletter and
          plan = 'pro'
      - textField: c
        visibleWhen: 'isEmpty(b) or ''a'' == ''b'' and'
    """) == [
        "12:10 FC501 unknown field 'x'",
        "16:12 FC500 unexpected '='",
        "18:51 FC500 unexpected end of condition; expected a field id, true, false, a string, a number or '('",
    ])
}

/// An anchor or a tag before a condition is not part of its text: positions inside
/// it count from its first character, also when the properties end their line.
@Test func endToEndAnAnchorOrATagBeforeAConditionIsNotPartOfItsColumns() {
    #expect(diagnostics(header + """
      - textField: a
        visibleWhen: &c "newsletter andd newsletter"
      - textField: b
        visibleWhen: !!str plan == 'pro' and zzz
      - textField: d
        rules:
          - { required: true, when: &w !!str "isEmpty(zz)" }
      - textField: e
        visibleWhen: &q # the anchor's comment
          newsletter and qq
    """) == [
        "10:33 FC500 unexpected 'andd'",
        "12:42 FC501 unknown field 'zzz'",
        "15:51 FC501 unknown field 'zz'",
        "18:22 FC501 unknown field 'qq'",
    ])
}

@Test func endToEndJSONEscapesArePartOfTheColumn() {
    let json = #"{"formc": 1, "form": "F", "elements": [{"textField": "a", "visibleWhen": "\u0061 \u0026& b"}]}"#
    #expect(diagnostics(json, path: "t.form.json") == ["1:82 FC500 unexpected '&&'"])
}

@Test func endToEndAGroupAroundAFieldIsPartOfItsVisibility() {
    #expect(diagnostics(header + """
      - group: details
        visibleWhen: not isEmpty(name)
        elements:
          - textField: name
    """) == ["10:30 FC504 the visibility of 'name' depends on itself: name → name"])
}

/// `'other' in symptoms` asks whether an option is chosen: the help writes the
/// condition that does so for the field's kind.
@Test func endToEndAnOptionInAFieldGetsTheHelpOfTheFieldsKind() throws {
    let result = FormPipeline.check(SourceFile(path: "t.form.yaml", text: header + """
      - multiChoice: symptoms
        options: [fever, other]
      - picker: seat
        options: [inside, bar]
      - number: age
      - textField: a
        visibleWhen: "'other' in symptoms"
      - textField: b
        visibleWhen: "'bar' in seat"
      - textField: c
        visibleWhen: "'18' in age"
      - textField: d
        visibleWhen: "\\"it's\\" in symptoms"
      - textField: e
        visibleWhen: "'x' in nowhere"
    """))
    let found = result.diagnostics.filter { $0.code == .conditionSyntax }
    #expect(found.map(\.message) == [
        "expected '[' after 'in', found 'symptoms'", "expected '[' after 'in', found 'seat'", "expected '[' after 'in', found 'age'",
        "expected '[' after 'in', found 'symptoms'", "expected '[' after 'in', found 'nowhere'",
    ])
    #expect(found.map(\.help) == [
        ["write contains(symptoms, 'other') to test whether 'other' is chosen"],
        ["write seat == 'bar' to compare 'seat' with 'bar'"],
        ["'in' tests a single choice against a list of options: plan in ['pro', 'team']"],
        ["write contains(symptoms, \"it's\") to test whether \"it's\" is chosen"],
        // No such field: the parser's help, for the likeliest meaning.
        ["write contains(nowhere, 'x') to test whether 'x' is chosen"],
    ])
}

@Test func aFieldsOwnConditionNeverSuggestsTheField() {
    // `ax` is as close to `ab` as to `ac`; `ab`'s own condition cannot read `ab` (FC504).
    let form = "formc: 1\nform: F\nelements:\n  - textField: ab\n    visibleWhen: not isEmpty(ax)\n    enabledWhen: not isEmpty(ax)\n  - textField: ac\n"
    let diagnostics = FormPipeline.check(SourceFile(path: "t.form.yaml", text: form)).diagnostics
    #expect(diagnostics.map(\.summary) == ["5:30 FC501 unknown field 'ax'", "6:30 FC501 unknown field 'ax'"])
    #expect(diagnostics.map(\.help) == [["did you mean 'ac'?"], ["did you mean 'ac'?"]])
    // A rule's `when` may read its own field: there `ab` is a fit.
    let rule = "formc: 1\nform: F\nelements:\n  - textField: ab\n    rules: [{ required: true, when: not isEmpty(ax) }]\n  - textField: ac\n"
    #expect(FormPipeline.check(SourceFile(path: "t.form.yaml", text: rule)).diagnostics.map(\.help) == [["did you mean 'ab'?"]])
}

@Test func aGroupsOwnConditionNeverSuggestsAFieldInsideIt() {
    // `hasPt` is near `hasPet` only, inside the group (and a page) whose `visibleWhen` it is (FC504).
    for kind in ["group", "page"] {
        let form = """
            formc: 1
            form: F
            elements:
              - boolean: hasCat
                title: Cat
              - \(kind): g
                visibleWhen: hasPt
                enabledWhen: hasPt
                elements:
                  - group: inner
                    elements:
                      - boolean: hasPet
                        title: Pet

            """
        let diagnostics = FormPipeline.check(SourceFile(path: "t.form.yaml", text: form)).diagnostics.filter { $0.code == .conditionUnknownField }
        // Its `enabledWhen` may read a field inside it.
        #expect(diagnostics.map(\.help.first) == ["no field has the id 'hasPt'; those that fit here are hasCat", "did you mean 'hasPet'?"], "\(kind)")
    }
}

@Test func aNameWithLettersBeyondASCIIIsOneMistake() {
    // The id is FC201; the condition that names it says nothing more.
    let declared = "formc: 1\nform: F\nelements:\n  - textField: cómpany\n  - textField: other\n    visibleWhen: not isEmpty(cómpany)\n"
    #expect(FormPipeline.check(SourceFile(path: "t.form.yaml", text: declared)).diagnostics.map(\.summary) == [
        "4:16 FC201 'cómpany' is not a valid field id",
    ])
    // Undeclared, it is an unknown field, with the ASCII id it is likely meant as; in
    // decomposed form (o and a combining accent) too.
    for name in ["cómpany", "co\u{301}mpany"] {
        let text = "formc: 1\nform: F\nelements:\n  - textField: company\n  - textField: other\n    visibleWhen: not isEmpty(\(name))\n"
        let diagnostics = FormPipeline.check(SourceFile(path: "t.form.yaml", text: text)).diagnostics
        #expect(diagnostics.map(\.summary) == ["6:30 FC501 unknown field '\(name)'"])
        #expect(diagnostics.first?.help == ["did you mean 'company'?"])
    }
    // A character that is no letter is still one.
    let emoji = "formc: 1\nform: F\nelements:\n  - textField: company\n    visibleWhen: not isEmpty(co🙂)\n"
    #expect(FormPipeline.check(SourceFile(path: "t.form.yaml", text: emoji)).diagnostics.map(\.summary) == [
        "5:32 FC500 unexpected character '🙂'",
    ])
}

@Test func aValueWithoutQuotesIsSuggestedWithItsOwnOperator() {
    func help(_ condition: String) -> [[String]] {
        let text = "formc: 1\nform: F\nelements:\n  - date: end\n  - textField: x\n    visibleWhen: \(condition)\n"
        return FormPipeline.check(SourceFile(path: "t.form.yaml", text: text)).diagnostics.map(\.help)
    }
    #expect(help("end >= today") == [["to compare 'end' with the value 'today', write it in quotes: end >= 'today'"]])
    // On the left, the operator as the suggestion reads it.
    #expect(help("today < end") == [["to compare 'end' with the value 'today', write it in quotes: end > 'today'"]])
}

@Test func aRelativeDateWithoutQuotesIsOneErrorWithItsQuotedSpelling() {
    func summaries(_ condition: String) -> [String] {
        let text = "formc: 1\nform: F\nelements:\n  - date: born\n  - number: age\n  - textField: x\n    visibleWhen: \(condition)\n"
        return FormPipeline.check(SourceFile(path: "t.form.yaml", text: text)).diagnostics.map { "\($0.summary) \($0.help)" }
    }
    #expect(summaries("born < today-18y") == [#"7:25 FC500 a date relative to today is written in quotes ["write \'today-18y\'"]"#])
    #expect(summaries("born < today+30d") == [#"7:25 FC500 a date relative to today is written in quotes ["write \'today+30d\'"]"#])
    // Anything else keeps its own message: a longer word ending in `today` too.
    #expect(summaries("age > +5") == [#"7:24 FC500 unexpected character '+' ["write a number without \'+\': 18, -3 or 2.50"]"#])
    #expect(summaries("born < xtoday-18y") == [#"7:31 FC500 invalid number '-18y' ["write a number as 18, -3 or 2.50"]"#])
    #expect(summaries("age > -5").isEmpty)
}

@Test func aStringWhereAConditionBelongsGetsTheHelpItsValueCallsFor() {
    func help(_ condition: String) -> [[String]] {
        let text = """
            formc: 1
            form: F
            elements:
              - segment: status
                options: [employed, student]
              - multiChoice: pets
                options: [cat, dog]
              - textField: name
              - textField: x
                visibleWhen: "\(condition)"

            """
        return FormPipeline.check(SourceFile(path: "t.form.yaml", text: text)).diagnostics.map(\.help)
    }
    // An option of a single choice: the field is named again, or `in` lists both.
    #expect(help("status == 'employed' or 'student'") == [
        ["to test for the option 'student', name the field again: status == 'student', or status in [..., 'student']"],
    ])
    #expect(help("'cat'") == [["to test whether 'cat' is chosen, write contains(pets, 'cat')"]])
    #expect(help("'name'") == [["to read the field 'name', write it without quotes"]])
    // A name that is no field is not suggested as one.
    #expect(help("'zzz'") == [["a condition is a boolean field, a comparison or isEmpty(field)"]])
}
