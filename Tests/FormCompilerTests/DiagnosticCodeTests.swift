@testable import FormCompiler
@testable import FormSource
import Testing

/// One small form per diagnostic code of SPEC §4: the code, where it points, and
/// what it says. A case fails when any of the three changes.
struct DiagnosticCodeCase: CustomTestStringConvertible, Sendable {
    let code: String
    let source: String
    let line: Int
    let column: Int
    let message: String
    var help: String? = nil
    var path = "test.form.yaml"

    var testDescription: String { "\(code): \(message)" }
}

let diagnosticCodeCases: [DiagnosticCodeCase] = [
    .init(code: "FC001", source: "formc: 1\nform: [a\n", line: 3, column: 1, message: "did not find expected"),
    .init(code: "FC001", source: "{\"formc\": 1,}", line: 1, column: 12, message: "trailing comma", path: "t.form.json"),
    .init(code: "FC002", source: form("  - staticText: a\n    style: body\n    style: caption\n"), line: 6, column: 5,
          message: "duplicate key 'style'"),
    .init(code: "FC003", source: form("  - staticText: a\n---\nformc: 1\n"), line: 5, column: 1, message: "document"),
    .init(code: "FC004", source: form("  - " + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "\n"),
          line: 4, column: 67, message: "nest"),
    .init(code: "FC005", source: "formc: 1\nform: Caf\u{FFFD}\n", line: 2, column: 10, message: "UTF-8"),
    .init(code: "FC100", source: "formc: 1\nelements:\n  - staticText: hi\n", line: 1, column: 1,
          message: "missing required key 'form'"),
    .init(code: "FC100", source: form("  - boolean: terms\n"), line: 4, column: 5, message: "missing required key 'title'"),
    .init(code: "FC101", source: form("  - textField: email\n    placeholdr: you@example.com\n"), line: 5, column: 5,
          message: "unknown key 'placeholdr'", help: "did you mean 'placeholder'?"),
    .init(code: "FC101", source: form("  - boolean: terms\n    title: Terms\n    placeholder: x\n"), line: 6, column: 5,
          message: "unknown key 'placeholder'", help: "'placeholder' is a key of 'number', 'textField', 'textView', not of boolean 'terms'"),
    // And what the element has instead: its own keys.
    .init(code: "FC101", source: form("  - textView: notes\n    title: Notes\n"), line: 5, column: 5, message: "unknown key 'title'",
          help: "the keys of textView 'notes' are: textView, placeholder, default, continuous, visibleWhen, enabledWhen, rules, validateOn"),
    // A rule's mapping lists its keys, as an element's does, besides the did-you-mean.
    .init(code: "FC101", source: form("  - textField: name\n    rules: [{ minLength: 2, error: Too short }]\n"), line: 5, column: 29,
          message: "unknown key 'error' in the rule 'minLength'", help: "the keys of the rule 'minLength' are: minLength, message"),
    .init(code: "FC101", source: form("  - textField: name\n    rules: [{ minLength: 2, mesage: Too short }]\n"), line: 5, column: 29,
          message: "unknown key 'mesage' in the rule 'minLength'", help: "did you mean 'message'?"),
    .init(code: "FC102", source: form("  - boolean: terms\n    title: Terms\n    default: yes\n"), line: 6, column: 14,
          message: "expected a boolean", help: "write true"),
    .init(code: "FC102", source: form("  - textField: name\n    placeholder: [a, b]\n"), line: 5, column: 18,
          message: "expected a string for placeholder, found a list"),
    .init(code: "FC102", source: form("  - spacer: '16'\n"), line: 4, column: 13, message: "expected a number",
          help: "remove the quotes: 16"),
    .init(code: "FC102", source: form("  - textField: name\n    keyboard: emial\n"), line: 5, column: 15,
          message: "'emial' is not a valid keyboard", help: "did you mean 'email'?"),
    .init(code: "FC103", source: form("  - textfeld: email\n"), line: 4, column: 5, message: "unknown element kind 'textfeld'",
          help: "did you mean 'textField'?"),
    .init(code: "FC104", source: form("  - textField: email\n    boolean: terms\n"), line: 5, column: 5,
          message: "more than one kind"),
    .init(code: "FC104", source: form("  - title: Hello\n"), line: 4, column: 5, message: "no kind key"),
    .init(code: "FC105", source: "formc: 2\nform: TestForm\nelements:\n  - staticText: a\n", line: 1, column: 8,
          message: "unsupported formc version 2"),
    .init(code: "FC200", source: "formc: 1\nform: signUp\nelements:\n  - staticText: a\n", line: 2, column: 7,
          message: "'signUp' is not a valid form type name", help: "did you mean 'SignUp'?"),
    .init(code: "FC201", source: form("  - textField: Email\n"), line: 4, column: 16, message: "'Email' is not a valid field id"),
    // Accents and fullwidth letters: the did-you-mean is the name in plain ASCII.
    .init(code: "FC201", source: form("  - textField: prénom\n"), line: 4, column: 16, message: "'prénom' is not a valid field id",
          help: "did you mean 'prenom'?"),
    .init(code: "FC201", source: form("  - textField: ｎａｍｅ\n"), line: 4, column: 16, message: "is not a valid field id",
          help: "did you mean 'name'?"),
    // The nearest id is reserved (`page(after:)` is a member of every form): the help names another.
    .init(code: "FC201", source: form("  - textField: ｐａｇｅ\n"), line: 4, column: 16, message: "is not a valid field id",
          help: "'page' cannot be an id here; choose another name, e.g. 'pageValue'"),
    .init(code: "FC200", source: "formc: 1\nform: Größe\nelements:\n  - textField: x\n", line: 2, column: 7,
          message: "'Größe' is not a valid form type name", help: "did you mean 'Grosse'?"),
    .init(code: "FC201", source: form("  - textField: class\n"), line: 4, column: 16, message: "Swift keyword"),
    .init(code: "FC201", source: form("  - segue: open\n    title: Open\n"), line: 4, column: 12,
          message: "'open' is a Swift keyword and cannot be an action id"),
    .init(code: "FC201", source: form("  - textField: values\n"), line: 4, column: 16, message: "member of every generated form"),
    .init(code: "FC201", source: form("  - textField: context\n"), line: 4, column: 16, message: "member of every generated form"),
    .init(code: "FC201", source: form("  - textField: localizedTitle\n"), line: 4, column: 16, message: "member of every generated form"),
    .init(code: "FC202", source: form("  - textField: email\n  - group: email\n    elements:\n      - staticText: a\n"),
          line: 5, column: 12, message: "duplicate id 'email'"),
    .init(code: "FC203", source: form("  - segment: plan\n    title: Plan\n    options: [free, pro, free]\n"), line: 6,
          column: 26, message: "duplicate option 'free'"),
    .init(code: "FC203", source: form("  - segment: plan\n    title: Plan\n    options: [pro-plan, proPlan]\n"), line: 6,
          column: 25, message: "both become the Swift case 'proPlan'"),
    // Values that differ by a sign only: the help spells the sign and keeps it in the title.
    .init(code: "FC203", source: form("  - picker: offset\n    options: [\"1\", -1]\n"), line: 5,
          column: 20, message: "options '1' and '-1' both become the Swift case '_1'",
          help: "spell the sign of '-1' in its value and show the sign in its title: { value: minus1, title: '-1' }"),
    .init(code: "FC203", source: form("  - picker: offset\n    options: [-1, +1, minus1]\n"), line: 5,
          column: 19, message: "options '-1' and '+1' both become the Swift case '_1'",
          help: "spell the sign of '+1' in its value and show the sign in its title: { value: plus1, title: '+1' }"),
    .init(code: "FC203", source: form("  - picker: offset\n    options: [-1, \"1\", minus1]\n"), line: 5,
          column: 19, message: "options '-1' and '1' both become the Swift case '_1'",
          help: "make the values differ in letters or digits, not only in punctuation or case"),
    .init(code: "FC204", source: form("  - segment: kind\n    enumName: Field\n    options: [a, b]\n"), line: 5, column: 15,
          message: "a name the generated code uses"),
    .init(code: "FC204", source: form("  - segment: plan\n    options: [a, b]\n  - segment: other\n    enumName: Plan\n    options: [c, d]\n"),
          line: 7, column: 15, message: "already declared"),
    // The runtime's types (`GeneratedTypeNames.runtime`) and the standard ones are reserved too.
    .init(code: "FC204", source: form("  - segment: kind\n    enumName: SegmentElementRepresentable\n    options: [a, b]\n"),
          line: 5, column: 15, message: "a name the generated code uses"),
    .init(code: "FC204", source: form("  - segment: kind\n    enumName: String\n    options: [a, b]\n"), line: 5, column: 15,
          message: "a name the generated code uses"),
    .init(code: "FC204", source: "formc: 1\nform: FormValue\nelements:\n  - staticText: hi\n", line: 2, column: 7,
          message: "form name 'FormValue' collides with a type the generated code uses"),
    // Foundation's types that the generated code writes (a decimal number's, an instant's).
    .init(code: "FC204", source: form("  - picker: date\n    options: [a, b]\n"), line: 4, column: 13,
          message: "picker 'date' would generate the enum 'Date', a name the generated code uses"),
    .init(code: "FC204", source: form("  - multiChoice: kind\n    enumName: Decimal\n    options: [a, b]\n"), line: 5, column: 15,
          message: "multiChoice 'kind' would generate the enum 'Decimal', a name the generated code uses"),
    // `ID` is an entry's identity: an enum of that name in an entry, or a shared set's, would replace it.
    .init(code: "FC204", source: form("  - list: badges\n    elements:\n      - segment: iD\n        options: [passport, license]\n"),
          line: 6, column: 18, message: "segment 'iD' would generate the enum 'ID', a name the generated code uses"),
    .init(code: "FC204", source: "formc: 1\nform: F\noptions:\n  ID: [passport, license]\nelements:\n  - list: badges\n    elements:\n      - picker: kind\n        options: ID\n",
          line: 4, column: 3, message: "option set 'ID' would generate the enum 'ID', a name the generated code uses"),
    // An enum named from its id may not be a Swift keyword (`Type` is no nested type's name).
    .init(code: "FC204", source: form("  - segment: type\n    options: [a, b]\n"), line: 4, column: 14,
          message: "segment 'type' would generate the enum 'Type', a Swift keyword"),
    // A collision names the kind of the field whose enum it is.
    .init(code: "FC204", source: form("  - segment: plan\n    options: [a, b]\n  - picker: other\n    enumName: Plan\n    options: [c, d]\n"),
          line: 7, column: 15, message: "picker 'other' would generate the type 'Plan', which is already declared"),
    .init(code: "FC300", source: form("  - boolean: terms\n    title: Terms\n    default: 3\n"), line: 6, column: 14,
          message: "expected a boolean (true or false) for the default of a boolean"),
    .init(code: "FC300", source: form("  - textField: name\n    default: [a]\n"), line: 5, column: 14,
          message: "must be a string, found a list"),
    .init(code: "FC301", source: form("  - segment: plan\n    options: [free, pro]\n    default: prp\n"), line: 6, column: 14,
          message: "default 'prp' is not an option", help: "did you mean 'pro'?"),
    .init(code: "FC302", source: form("  - spacer: -4\n"), line: 4, column: 13, message: "spacer height must be 0 or more"),
    // A number beyond a Double is too large (or below 0), as written, with the code of where it stands.
    .init(code: "FC302", source: form("  - spacer: 1e400\n"), line: 4, column: 13, message: "spacer height is too large, found 1e400"),
    .init(code: "FC302", source: form("  - spacer: -1e400\n"), line: 4, column: 13, message: "spacer height must be 0 or more, found -1e400"),
    .init(code: "FC402", source: form("  - textField: a\n    rules: [{ minLength: 1e400 }]\n"), line: 5, column: 26,
          message: "the minLength parameter is too large, found 1e400"),
    // A whole number of more digits than a message prints plainly, as written.
    .init(code: "FC402", source: form("  - textField: a\n    rules: [{ minLength: -99999999999999999999999 }]\n"), line: 5, column: 26,
          message: "the minLength parameter must be 0 or more, found -99999999999999999999999"),
    .init(code: "FC302", source: form("  - list: rows\n    minItems: -100000000000000000000000\n    elements:\n      - textField: a\n"), line: 5, column: 15,
          message: "minItems must be 0 or more, found -100000000000000000000000"),
    .init(code: "FC105", source: "formc: 1e400\nform: TestForm\nelements:\n  - staticText: a\n", line: 1, column: 8,
          message: "unsupported formc version 1e400"),
    .init(code: "FC302", source: form("  - textField: code\n    maxInputLength: 2.5\n"), line: 5, column: 21,
          message: "maxInputLength must be a whole number"),
    .init(code: "FC303", source: form("  - segment: plan\n    options: [free]\n"), line: 5, column: 14, message: "needs at least 2"),
    .init(code: "FC400", source: form("  - textField: name\n    rules:\n      - minLenght: 8\n"), line: 6, column: 9,
          message: "unknown rule 'minLenght'", help: "did you mean 'minLength'?"),
    .init(code: "FC401", source: form("  - boolean: terms\n    title: T\n    rules: [email]\n"), line: 6, column: 13,
          message: "rule 'email' does not apply to boolean 'terms'"),
    .init(code: "FC402", source: form("  - textField: name\n    rules: [{ minLength: -1 }]\n"), line: 5, column: 26,
          message: "must be 0 or more"),
    .init(code: "FC402", source: form("  - textField: name\n    rules: [minLength]\n"), line: 5, column: 13,
          message: "rule 'minLength' needs a parameter"),
    .init(code: "FC403", source: form("  - textField: name\n    rules:\n      - minLength: 10\n      - maxLength: 5\n"), line: 7,
          column: 20, message: "minLength 10 is greater than maxLength 5"),
    // A rule given twice (FC406) counts with its tighter value: the highest min, the lowest max.
    .init(code: "FC403", source: form("  - number: n\n    rules: [{ min: 5 }, { min: 10 }, { max: 7 }]\n"), line: 5, column: 45,
          message: "min 10 is greater than max 7"),
    .init(code: "FC403", source: form("  - textField: n\n    rules: [{ minLength: 1 }, { minLength: 10 }, { maxLength: 7 }]\n"), line: 5,
          column: 63, message: "minLength 10 is greater than maxLength 7"),
    .init(code: "FC403", source: form("  - date: d\n    rules: [{ min: today }, { max: '2020-01-01' }, { min: '2021-01-01' }]\n"), line: 5,
          column: 59, message: "min 2021-01-01 is greater than max 2020-01-01"),
    .init(code: "FC403", source: form("  - multiChoice: m\n    options: [a, b, c, d]\n    rules: [{ maxCount: 3 }, { minCount: 1 }, { maxCount: 1 }, { minCount: 2 }]\n"),
          line: 6, column: 76, message: "minCount 2 is greater than maxCount 1"),
    .init(code: "FC404", source: form("  - textField: name\n    rules:\n      - pattern: 'ab(c'\n"), line: 6, column: 21,
          message: "invalid regular expression: expected ')'"),
    // The escaped backslash is two source characters for one pattern character.
    .init(code: "FC404", source: form("  - textField: name\n    rules:\n      - pattern: \"\\\\d(x\"\n"), line: 6, column: 22,
          message: "invalid regular expression: expected ')'"),
    .init(code: "FC201", source: form("  - boolean: not\n    title: N\n"), line: 4, column: 14,
          message: "a word of the condition language"),
    .init(code: "FC405", source: form("  - textField: password\n  - textField: confirm\n    rules: [{ sameAs: pasword }]\n"),
          line: 6, column: 23, message: "unknown field 'pasword'", help: "did you mean 'password'?"),
    .init(code: "FC405", source: form("  - textField: name\n    rules: [{ sameAs: name }]\n"), line: 5, column: 23,
          message: "cannot be the same as itself"),
    .init(code: "FC405", source: form("  - boolean: a\n    title: A\n  - textField: b\n    rules: [{ sameAs: a }]\n"), line: 7,
          column: 23, message: "'b' (text) cannot be the same as 'a' (boolean)"),
    // A date where a number's bound belongs, and a date's default that is today.
    .init(code: "FC102", source: #"{"formc": 1, "form": "F", "elements": [{"number": "n", "rules": [{"min": "today"}]}]}"#,
          line: 1, column: 74, message: "expected a number for the min parameter",
          help: "'today' is a date counted from the day the rule runs; a number's bound is a number, such as 18 or 2.50, or the id of another number field",
          path: "t.form.json"),
    .init(code: "FC300", source: form("  - date: day\n    default: today\n"), line: 5, column: 14, message: "must be ISO 8601",
          help: "to start the field at the day the form is made, the app sets its value then (it knows the clock and time zone)"),
    .init(code: "FC406", source: form("  - textField: name\n    rules: [{ minLength: 0 }]\n"), line: 5, column: 26,
          message: "can never fail"),
    // An empty value passes every rule but `required`: a count or length of 1 never fails either.
    .init(code: "FC406", source: form("  - textField: name\n    rules: [{ minLength: 1 }]\n"), line: 5, column: 26,
          message: "'minLength: 1' can never fail: an empty value passes it", help: "remove it, or use 'required' to forbid an empty value"),
    .init(code: "FC406", source: form("  - multiChoice: diet\n    options: [vegan, halal]\n    rules: [{ minCount: 1 }]\n"), line: 6, column: 25,
          message: "'minCount: 1' can never fail: nothing chosen passes it", help: "remove it, or use 'required' to ask for at least one choice"),
    .init(code: "FC406", source: form("  - textField: name\n    rules: [required, required]\n"), line: 5, column: 23,
          message: "given twice"),
    .init(code: "FC407", source: form("  - textField: name\n    rules: [{ custom: Check-It }]\n"), line: 5, column: 23,
          message: "'Check-It' is not a valid validator name"),
    .init(code: "FC206", source: "formc: 1\nform: F\noptions:\n  Country: [us, gb]\nelements:\n  - textField: name\n", line: 4, column: 3,
          message: "option set 'Country' is not used by any field"),
]

@Test(arguments: diagnosticCodeCases)
func diagnosticCode(_ testCase: DiagnosticCodeCase) throws {
    var text = testCase.source
    // FC005 needs bytes that are not UTF-8: swap the marker for a lone Latin-1 byte.
    var bytes = Array(text.utf8)
    if testCase.code == "FC005" {
        text = ""
        bytes = Array("formc: 1\nform: Caf".utf8) + [0xE9] + Array("\n".utf8)
    }
    let diagnostics = FormPipeline.check(SourceFile(path: testCase.path, bytes: bytes)).diagnostics
    let match = diagnostics.first { $0.code.rawValue == testCase.code }
    let found = try #require(match, "expected \(testCase.code), got \(positions(diagnostics)) \(diagnostics.map(\.message))")
    #expect(found.location.range.start.line == testCase.line, "\(found.message)")
    #expect(found.location.range.start.column == testCase.column, "\(found.message)")
    #expect(found.message.contains(testCase.message), "message was: \(found.message)")
    if let help = testCase.help {
        #expect(found.help.contains { $0.contains(help) }, "help was: \(found.help)")
    }
}

@Test func everyCodeUpToFC407HasACase() {
    let covered = Set(diagnosticCodeCases.map(\.code))
    let expected = DiagnosticCode.all.map(\.rawValue).filter { $0 < "FC500" }
    #expect(expected.filter { !covered.contains($0) } == [])
}

@Test func aFileWithSixMistakesReportsSixErrorsInOrder() {
    let diagnostics = diagnose("""
        formc: 1
        form: signup
        elements:
          - textfeld: email
          - textField: Password
            rules: [minLenght]
          - segment: plan
            options: [free]
          - spacer: -1
        """)
    #expect(positions(diagnostics) == [
        "2:7 FC200", "4:5 FC103", "5:16 FC201", "6:13 FC400", "8:14 FC303", "9:13 FC302",
    ])
}

@Test func validFormsInSchemasHaveNoDiagnostics() throws {
    let schemas = RepositoryPaths.schemas
    for name in ["signup.form.yaml", "settings.form.yaml", "payment.form.yaml", "feedback.form.json"] {
        let bytes = try #require(RepositoryPaths.read(schemas + "/" + name), "missing \(name)")
        let result = FormPipeline.check(SourceFile(path: "schemas/" + name, bytes: bytes))
        #expect(result.diagnostics.map(\.message) == [], "\(name)")
        #expect(result.checked != nil, "\(name)")
    }
}

/// FC101 in a rule's mapping: the did-you-mean when a key is close, and the
/// rule's keys in every case; another rule's name is told to go on its own item.
@Test func unknownKeysOfARuleListTheRulesKeys() throws {
    func help(_ rule: String) throws -> [String] {
        let text = "formc: 1\nform: F\nelements:\n  - textField: name\n    rules: [\(rule)]\n"
        let found = FormPipeline.check(SourceFile(path: "t.form.yaml", text: text)).diagnostics.filter { $0.code == .unknownKey }
        return try #require(found.first, "\(rule)").help
    }
    #expect(try help("{ minLength: 2, mesage: Short }") == [
        "did you mean 'message'?", "the keys of the rule 'minLength' are: minLength, message, when",
    ])
    #expect(try help("{ pattern: '[a-z]+', error: No }") == ["the keys of the rule 'pattern' are: pattern, message, when"])
    #expect(try help("{ minLength: 2, maxLength: 9 }") == ["write each rule as its own list item: '- maxLength: …'"])
}
