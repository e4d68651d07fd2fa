import FormRuntime
import Testing

// Forms/hostile/hostile.form.yaml: every string survives the trip through the
// generated Swift unchanged, and nothing in it became code.

@MainActor
struct HostileFormTests {
    @Test func stringsComeBackUnchanged() throws {
        let form = HostileForm()
        let text = try #require(form.elements[0] as? StaticTextElement)
        #expect(text.text == "Line one\nLine two\ttabbed \\(injected) \"\"\" #\"x\"# 🎉 👨‍👩‍👧 é ü 日本語 \u{202E} rtl \r\n crlf")
        let section = try #require(form.elements[1] as? GroupElement)
        #expect(section.title == "\"\"\"\n}\nfatalError()\n\"\"\"")
        #expect(section.footer == "// comment */ /* \\u{41}")
        let quoted = try #require(section.elements[0] as? TextFieldElement)
        #expect(quoted.placeholder == "\") ; fatalError(\"pwned")
        #expect(quoted.label == "Quoted \"label\"")
        #expect(form.quoted.value == "\\(1 + 1)")
        let unicode = try #require(section.elements[1] as? FloatLabelElement)
        #expect(unicode.label == "Ünïcödé ✅ — 名前")
        let choice = try #require(form.elements[2] as? SegmentElement<HostileForm.Choice>)
        #expect(choice.title == "Choice \"quoted\"")
        #expect(choice.options.map(\.title) == ["A \\ B", "🎉", "\t"])
        #expect(HostileForm.Choice.allCases.map(\.rawValue) == ["a\"b", "c#d", "e\\(f)"])
        #expect(form.choice.value.rawValue == "a\"b")
        #expect((form.elements[3] as? BooleanElement)?.title == "Agree \\ \"now\" \u{2028} sep")
    }

    @Test func messagesAndPatternsComeBackUnchanged() async {
        var values = HostileForm.Values()
        values.quoted = "abc\\\"#"
        #expect(await HostileForm.validate(values)[.quoted] == .valid, "the pattern [\\\\\"#a-z]+ matches")
        values.quoted = "ABC"
        #expect(await HostileForm.validate(values)[.quoted] == .invalid(message: "Only \\, \" and # — \"\"\"\n#\"done\"#"))
        values.quoted = ""
        #expect(await HostileForm.validate(values)[.quoted] == .invalid(message: "Quoted \"label\" is required"))
        #expect(await HostileForm.validate(values)[.agree] == .invalid(message: "Agree \\ \"now\" \u{2028} sep is required"))
        values.unicode = "名"
        #expect(await HostileForm.validate(values)[.unicode] == .invalid(message: "Ünïcödé ✅ — 名前 must be at least 2 characters"))
    }
}
