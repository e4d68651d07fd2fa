@testable import FormCompiler
@testable import FormSource
@testable import FormSwiftEmitter
import Testing

@Test func generatedHeaderPathsAreNeverAbsolute() {
    #expect(FormPipeline.portablePath("/work/app/forms/a.form.yaml", relativeTo: "/work/app") == "forms/a.form.yaml")
    #expect(FormPipeline.portablePath("forms/a.form.yaml", relativeTo: "/anywhere") == "forms/a.form.yaml")
    // One file, one spelling: however it was typed, from wherever it is read.
    for typed in ["./forms/a.form.yaml", "forms//a.form.yaml", "x/../forms/./a.form.yaml", "/work/app/forms/a.form.yaml"] {
        #expect(FormPipeline.portablePath(typed, relativeTo: "/work/app") == "forms/a.form.yaml")
    }
    #expect(FormPipeline.portablePath("../elsewhere/a.form.yaml", relativeTo: "/work/app") == "a.form.yaml")
    #expect(FormPipeline.portablePath("../../ci/Sources/App/a.form.yaml", relativeTo: "/work/app") == "Sources/App/a.form.yaml")
    // A working directory that could not be named (it was deleted), or the root:
    // never the machine's path.
    #expect(FormPipeline.portablePath("/tmp/gone/forms/a.form.yaml", relativeTo: ".") == "a.form.yaml")
    #expect(FormPipeline.portablePath("forms/./a.form.yaml", relativeTo: ".") == "forms/a.form.yaml")
    #expect(FormPipeline.portablePath("../forms/a.form.yaml", relativeTo: ".") == "a.form.yaml")
    #expect(FormPipeline.portablePath("/tmp/pkg/Sources/App/a.form.yaml", relativeTo: "/") == "Sources/App/a.form.yaml")
    #expect(FormPipeline.portablePath("/tmp/a.form.yaml", relativeTo: "/") == "a.form.yaml")
    #expect(FormPipeline.portablePath("/ci/checkout/Sources/App/Forms/a.form.yaml", relativeTo: "/tmp/build")
        == "Sources/App/Forms/a.form.yaml")
    #expect(FormPipeline.portablePath("/elsewhere/a.form.yaml", relativeTo: "/work/app") == "a.form.yaml")
    // A sibling folder that shares a prefix is not inside the base.
    #expect(FormPipeline.portablePath("/work/application/a.form.yaml", relativeTo: "/work/app") == "a.form.yaml")
}

@Test func buildUsesTheHeaderPathItIsGiven() throws {
    let source = SourceFile(path: "/abs/path/x.form.yaml", text: form("  - staticText: hi\n"))
    let result = FormPipeline.build(source, headerPath: "x.form.yaml")
    let swift = try #require(result.swiftSource)
    #expect(!swift.contains("/abs/path"))
}

@Test func fileLargerThanTheLimitIsFC004AtTheStart() {
    var limits = CompilerLimits()
    limits.maxFileSize = 10
    let result = FormPipeline.check(SourceFile(path: "big.form.yaml", text: form("  - staticText: hi\n")), limits: limits)
    #expect(positions(result.diagnostics) == ["1:1 FC004"])
}

@Test func aCustomRulesMessageReachesTheGeneratedCode() throws {
    let source = SourceFile(path: "t.form.yaml", text: form("""
          - textField: name
            rules:
              - custom: checkName
                message: "Bad name"
          - textField: other
            rules: [{ custom: checkName }]
        """))
    let swift = try #require(FormPipeline.build(source).swiftSource)
    #expect(swift.contains(".custom(message: context.localization.string(\"TestForm.name.custom.message\", default: \"Bad name\"), { value, values in"))
    #expect(swift.contains(".custom({ value, values in"))
}

@Test func jsonValuesKeepTheirTypes() {
    let diagnostics = diagnose(#"{"formc": 1, "form": "F", "elements": [{"textField": true}, {"staticText": 12}]}"#, path: "t.form.json")
    #expect(positions(diagnostics) == ["1:54 FC102", "1:76 FC102"])
    #expect(diagnostics.first?.message == "expected a string for the textField field id, found the boolean true")
    // YAML's plain scalars are typed by position: the same values are strings there.
    #expect(diagnose(form("  - staticText: 12\n")).isEmpty)
    // Where a list or a mapping belongs, a JSON value is named by its type too.
    let shapes = diagnose(
        #"{"formc": 1, "form": "F", "elements": [{"textField": "a", "rules": true}, {"group": "g", "elements": 3}]}"#,
        path: "t.form.json"
    )
    #expect(shapes.map(\.message) == ["expected a list of rules, found the boolean true", "expected a list of elements, found the number 3"])
    #expect(diagnose(form("  - textField: a\n    rules: true\n")).map(\.message) == ["expected a list of rules, found 'true'"])
}

@Test func aJSONRuleIsANameOrAMapping() {
    let diagnostics = diagnose(
        #"{"formc": 1, "form": "F", "elements": [{"textField": "a", "rules": [null, true, 5, "required", "nope"]}]}"#,
        path: "t.form.json"
    )
    #expect(diagnostics.map(\.summary) == [
        "1:69 FC102 expected a rule (its name, or a mapping), found null",
        "1:75 FC102 expected a rule (its name, or a mapping), found the boolean true",
        "1:81 FC102 expected a rule (its name, or a mapping), found the number 5",
        "1:96 FC400 unknown rule 'nope'",
    ])
    // In YAML a plain scalar is a rule's name, whatever it looks like.
    #expect(diagnose(form("  - textField: a\n    rules: [true]\n")).map(\.summary) == ["5:13 FC400 unknown rule 'true'"])
}

@Test func aCountIsAWholeNumberAsWrittenNotAsADoubleReadsIt() {
    // A Double rounds each of these to a whole number; the text is not one.
    #expect(diagnose(form("""
          - textField: a
            maxInputLength: 5.0000000000000000001
            rules: [{ minLength: 2.0000000000000000001 }, { maxLength: 1e-1 }]
          - list: l
            minItems: 1e0
            maxItems: 100e-2
            elements:
              - textField: b
                maxInputLength: 1.5e1
                rules: [{ minLength: 2.0e-0 }, { maxLength: 0.0e-3 }]
        """)).map(\.summary) == [
        "5:21 FC302 maxInputLength must be a whole number, found 5.0000000000000000001",
        "6:26 FC402 the minLength parameter must be a whole number, found 2.0000000000000000001",
        "6:64 FC402 the maxLength parameter must be a whole number, found 1e-1",
        // Read as the whole numbers 2 and 0.
        "13:53 FC403 minLength 2 is greater than maxLength 0: no value can pass",
    ])
    #expect(diagnose("formc: 1.00000000000000000001\nform: F\nelements:\n  - textField: a\n").map(\.summary) == [
        "1:8 FC105 unsupported formc version 1.00000000000000000001",
    ])
    #expect(diagnose("formc: 10e-1\nform: F\nelements:\n  - textField: a\n").isEmpty)
}

@Test func aDocumentWithNoContentIsAnEmptyFile() {
    #expect(positions(diagnose("---\n")) == ["1:1 FC100"])
    // A second document, even an empty one, is FC003, and the first one's own problems are reported too.
    #expect(positions(diagnose("formc: 1\nform: F\nelements:\n  - textField: x\n    bogus: 1\n---\n")) == ["5:5 FC101", "6:1 FC003"])
    #expect(positions(diagnose("formc: 1\nform: F\nelements:\n  - textField: x\n    bogus: 1\n---\nb: 2\n")) == ["5:5 FC101", "6:1 FC003"])
    // A first document that is no form (a header of comments, another file's mapping) is not checked as one: FC003 alone.
    #expect(positions(diagnose("---\n# header\n---\nformc: 1\nform: F\nelements:\n  - textField: a\n")) == ["3:1 FC003"])
    #expect(positions(diagnose("kind: notes\n---\nformc: 1\nform: F\nelements:\n  - textField: a\n")) == ["2:1 FC003"])
    #expect(positions(diagnose("")) == ["1:1 FC100"])
    #expect(positions(diagnose("# only a comment\n")) == ["1:1 FC100"])
}

/// A merge key is FC003, and the form is checked as YAML's merge makes it; a complex
/// key is FC003 and its entry is dropped. Either way the rest of the file is checked.
@Test func aMergeKeyHidesNoOtherProblem() {
    let text = """
        formc: 1
        form: F
        defaults: &defaults
          options: [us, gb]
          title: Country
        elements:
          - segment: country
            <<: *defaults
          - textField: zip
            visibleWhen: country == 'us'
            rules: [minLenght: 3]
          - boolean: agree
            <<: { title: Agree }
          - <<: { textField: b }
          - segment: s
            title: S
            ? [x]
            : y
          - boolean: other
            <<: { placeholder: P }
          - textField: t
            rules:
              - <<: { minLength: 2, message: Too short }
        """
    #expect(positions(diagnose(text)) == [
        "3:1 FC101", "8:5 FC003", "11:13 FC400", "13:5 FC003", "14:5 FC003", "15:5 FC100", "17:7 FC003",
        "19:5 FC100", "20:5 FC003", "20:11 FC101", "23:9 FC003",
    ])
    // At the top level too.
    #expect(positions(diagnose("<<: { formc: 1 }\nform: F\nelements:\n  - textField: a\n    bogus: 1\n")) == ["1:1 FC003", "5:5 FC101"])
}

@Test func manyLongInvalidPatternsAreLocatedWithinABudget() {
    // 40 distinct invalid patterns of 250 characters: past the budget of prefix
    // compiles, each is still reported, at its whole value.
    var body = ""
    for index in 0..<40 {
        body += "  - textField: f\(index)\n    rules: [{ pattern: '\(String(repeating: "a", count: 245))\(index)(' }]\n"
    }
    let diagnostics = diagnose(form(body))
    #expect(diagnostics.count == 40)
    #expect(diagnostics.allSatisfy { $0.code == .invalidPattern })
    // The first ones are located at the failing character: the `(` at the end.
    let first = diagnostics[0].location.range
    #expect(first.end.column - first.start.column == 1)
    // The last ones, past the budget, span the whole pattern.
    let last = diagnostics[39].location.range
    #expect(last.end.column - last.start.column > 200)
}

@Test func defaultMessagesNameAFieldByItsPlaceholderUnlessItIsASampleValue() throws {
    let checked = try #require(FormPipeline.check(SourceFile(path: "t.form.yaml", text: form("""
          - textField: email
            placeholder: you@example.com
          - textField: company
            placeholder: Company
          - textField: cardNumber
            placeholder: 1234 5678
          - textField: zip
            label: "  Postal code\t"
          - textField: houseName
            placeholder: "   "
          - textField: firstName
            placeholder: 第一个名字
          - textField: phone
            placeholder: ٠١٢٣ ٤٥٦
        """))).checked)
    // SPEC §6.3: "Email is required" for the sign-up form's email field. The
    // emitter's own description of each field, which its messages are made from.
    let translator = FormTranslator(form: checked, options: EmitOptions())
    #expect(translator.field("email")?.displayName == "Email")
    #expect(translator.field("company")?.displayName == "Company")
    #expect(translator.field("cardNumber")?.displayName == "Card number")
    // Whitespace around a label is not part of the name; a blank placeholder is no name.
    #expect(translator.field("zip")?.displayName == "Postal code")
    #expect(translator.field("houseName")?.displayName == "House name")
    // A numeral that is a word (一, "one") is no digit; digits of other scripts are.
    #expect(translator.field("firstName")?.displayName == "第一个名字")
    #expect(translator.field("phone")?.displayName == "Phone")
}
