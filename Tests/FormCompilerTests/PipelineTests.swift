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
}

@Test func aDocumentWithNoContentIsAnEmptyFile() {
    #expect(positions(diagnose("---\n")) == ["1:1 FC100"])
    #expect(positions(diagnose("")) == ["1:1 FC100"])
    #expect(positions(diagnose("# only a comment\n")) == ["1:1 FC100"])
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
