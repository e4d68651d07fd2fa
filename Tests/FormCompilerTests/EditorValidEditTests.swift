@testable import FormEditor
@testable import FormSource
import Testing

/// Completions and outlines that keep a form valid (SPEC §12): an edit a
/// completion makes reads as the form it means, and every outline entry has a
/// name. `‸` marks the cursor in each text and is removed before the text is read.
private func document(_ marked: String, path: String = "form.form.yaml") -> (EditorDocument, SourcePosition) {
    markedDocument(marked, path: path)
}

private func completions(_ marked: String, path: String = "form.form.yaml") -> [EditorCompletion] {
    let (editor, cursor) = document(marked, path: path)
    return editor.completions(at: cursor)
}

/// The text of `marked` (without `‸`) after the completion labelled `label` is applied.
/// `marked` with the completion `label` applied; `showingCursor`: with `‸` where
/// the completion puts the cursor (`cursorFromEnd`).
private func applying(_ label: String, to marked: String, path: String = "form.form.yaml", showingCursor: Bool = false) -> String? {
    let (editor, cursor) = document(marked, path: path)
    guard var item = editor.completions(at: cursor).first(where: { $0.label == label }) else { return nil }
    if showingCursor {
        item.insertText.insert("‸", at: item.insertText.index(item.insertText.endIndex, offsetBy: -item.cursorFromEnd))
    }
    var lines = String(String.UnicodeScalarView(marked.unicodeScalars.filter { $0 != "‸" })).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var scalars = Array(lines[item.range.start.line - 1].unicodeScalars)
    scalars.replaceSubrange((item.range.start.column - 1)..<(item.range.end.column - 1), with: item.insertText.unicodeScalars)
    lines[item.range.start.line - 1] = String(String.UnicodeScalarView(scalars))
    return lines.joined(separator: "\n")
}

@Suite struct EditorValidEditTests {
    @Test func anOutlineEntryWithABlankIDIsNamedByItsKind() {
        let text = "formc: 1\nform: A\nelements:\n  - textField: ''\n  - group: ''\n    elements:\n      - boolean: ' '\n        title: B\n"
        let outline = EditorDocument(path: "a.form.yaml", text: text).outline
        #expect(outline.map(\.name) == ["textField", "group"])
        #expect(outline.last?.children.map(\.name) == ["boolean"])
    }

    @Test func aDefaultIsCompletedFromASharedOptionSet() {
        let yaml = "formc: 1\nform: A\noptions:\n  Country: [us, { value: gb, title: UK }]\nelements:\n  - picker: home\n    options: Country\n    default: ‸\n"
        #expect(completions(yaml).map(\.label) == ["us", "gb"])
        let segment = "formc: 1\nform: A\noptions:\n  Size: [s, m]\nelements:\n  - segment: size\n    options: Size\n    default: m‸\n"
        #expect(completions(segment).map(\.label) == ["s", "m"])
        let entry = """
            formc: 1
            form: A
            options:
              Country: [us, gb]
            elements:
              - list: stops
                elements:
                  - picker: country
                    options: Country
                    default: ‸

            """
        #expect(completions(entry).map(\.label) == ["us", "gb"])
        let json = #"{"formc": 1, "form": "A", "options": {"Country": ["us", "gb"]}, "elements": [{"picker": "home", "options": "Country", "default": "‸"}]}"#
        #expect(completions(json, path: "a.form.json").map(\.label) == ["us", "gb"])
    }

    @Test func aCallBeforeAnOpeningParenthesisBringsNoneOfItsOwn() {
        let form = "formc: 1\nform: A\nelements:\n  - textField: a\n  - boolean: b\n    title: B\n    visibleWhen: not CONDITION\n"
        func condition(_ text: String) -> String { form.replacingOccurrences("CONDITION", text) }
        #expect(applying("isEmpty", to: condition("isE‸(a)")) == condition("isEmpty(a)"))
        #expect(applying("isEmpty", to: condition("i‸sE(a)")) == condition("isEmpty(a)"))
        #expect(applying("isEmpty", to: condition("isE‸")) == condition("isEmpty("))
    }

    @Test func aKeyTypedBeforeItsColonIsTheKeyAlone() {
        let form = "formc: 1\nLINE\nelements:\n  - textField: a\n    placeholder: P\n"
        func line(_ text: String) -> String { form.replacingOccurrences("LINE", text) }
        let offered = completions(line("fo‸: A")).map(\.label)
        #expect(offered.contains("form"))
        #expect(!offered.contains("formc") && !offered.contains("elements"))
        #expect(applying("form", to: line("fo‸: A")) == line("form: A"))
        #expect(applying("form", to: line("f‸o : A")) == line("form : A"))
        let nested = "formc: 1\nform: A\nelements:\n  - textField: a\n    placeholder: P\n    LINE\n"
        func key(_ text: String) -> String { nested.replacingOccurrences("LINE", text) }
        #expect(!completions(key("pla‸: x")).map(\.label).contains("placeholder"))
        #expect(applying("keyboard", to: key("ke‸: email")) == key("keyboard: email"))
        let kind = "formc: 1\nform: A\nelements:\n  - LINE\n"
        #expect(applying("textField", to: kind.replacingOccurrences("LINE", "textF‸: a")) == kind.replacingOccurrences("LINE", "textField: a"))
        // A text that does not read: the keys no line starts with.
        #expect(completions("formc: 1\nform: [A\n‸").map(\.label) == ["title", "validateOn", "options", "elements"])
    }

    @Test func aJSONBooleanOrNumberIsWrittenBare() {
        let form = #"{"formc": 1, "form": "A", "elements": [{"textField": "a"}, {"boolean": "b", "title": "B", "default": VALUE}]}"#
        func value(_ text: String) -> String { form.replacingOccurrences("VALUE", text) }
        #expect(applying("true", to: value("‸"), path: "a.form.json") == value("true"))
        #expect(applying("false", to: value("f‸"), path: "a.form.json") == value("false"))
        // A string is no boolean: inside quotes nothing fits.
        #expect(completions(value(#""‸""#), path: "a.form.json").isEmpty)
        #expect(applying("1", to: #"{"formc": ‸, "form": "A"}"#, path: "a.form.json") == #"{"formc": 1, "form": "A"}"#)
        // Strings still get their quotes.
        let keyboard = #"{"formc": 1, "form": "A", "elements": [{"textField": "a", "keyboard": ‸}]}"#
        #expect(applying("email", to: keyboard, path: "a.form.json") == keyboard.replacingOccurrences("‸", #""email""#))
    }

    @Test func aJSONConditionWithoutItsQuoteGetsAQuotedFieldID() {
        let form = #"{"formc": 1, "form": "A", "elements": [{"boolean": "a", "title": "A"}, {"textField": "b", "visibleWhen": VALUE}]}"#
        func value(_ text: String) -> String { form.replacingOccurrences("VALUE", text) }
        let readable = EditorDocument(path: "a.form.json", text: value(#""a""#))
        let (editor, cursor) = document(value("‸"), path: "a.form.json")
        let items = editor.completions(at: cursor, lastReadable: readable)
        #expect(items.map(\.label) == ["a"])
        #expect(items.map(\.insertText) == [#""a""#])
        let (typed, after) = document(value("not ‸"), path: "a.form.json")
        #expect(typed.completions(at: after, lastReadable: readable).isEmpty)
        let (quoted, inside) = document(value(#""not ‸""#), path: "a.form.json")
        #expect(quoted.completions(at: inside, lastReadable: readable).first?.insertText == "a")
    }

    @Test func jsonCollectionsGetJSON() {
        let rules = #"{"formc": 1, "form": "A", "elements": [{"textField": "a", "rules": [RULES]}]}"#
        func list(_ text: String) -> String { rules.replacingOccurrences("RULES", text) }
        #expect(completions(list("‸"), path: "a.form.json").map(\.label) == ["required", "email", "url"])
        #expect(applying("required", to: list("‸"), path: "a.form.json") == list(#""required""#))
        #expect(applying("email", to: list(#""required", ‸"#), path: "a.form.json") == list(#""required", "email""#))
        #expect(applying("email", to: list(#"‸"required""#), path: "a.form.json") == list(#""email", "required""#))
        #expect(applying("email", to: list(#""required", "e‸""#), path: "a.form.json") == list(#""required", "email""#))
        let elements = #"{"formc": 1, "form": "A", "elements": [ELEMENTS]}"#
        func items(_ text: String) -> String { elements.replacingOccurrences("ELEMENTS", text) }
        #expect(applying("textField", to: items("{‸}"), path: "a.form.json") == items(#"{"textField": ""}"#))
        #expect(applying("textField", to: items(#"{‸"title": "T"}"#), path: "a.form.json") == items(#"{"textField": "", "title": "T"}"#))
        #expect(applying("boolean", to: items(#"{"textField": "a"}, ‸"#), path: "a.form.json") == items(#"{"textField": "a"}, {"boolean": ""}"#))
        #expect(applying("spacer", to: items("{‸}"), path: "a.form.json") == items(#"{"spacer": 0}"#))
        #expect(applying("group", to: items("‸"), path: "a.form.json") == items(#"{"group": null}"#))
        #expect(completions(items(#"{"textField": "a", ‸}"#), path: "a.form.json").isEmpty)
        // Past a collection's end, and on a line of its own, nothing.
        #expect(completions(items(#"{"textField": "a"}‸"#), path: "a.form.json").isEmpty)
        #expect(completions(list(#""required"]‸"#), path: "a.form.json").isEmpty)
        #expect(completions("{\n  \"formc\": 1,\n  ‸\n}\n", path: "a.form.json").isEmpty)
    }

    /// A JSON kind's empty id is typed next: the cursor goes between its quotes,
    /// also before the object's end and the `, ` brought in; other arguments and
    /// YAML's kinds leave it at the end.
    @Test func aJSONKindsIDIsWhereTheCursorGoes() {
        let elements = #"{"formc": 1, "form": "A", "elements": [ELEMENTS]}"#
        func items(_ text: String) -> String { elements.replacingOccurrences("ELEMENTS", text) }
        let json = "a.form.json"
        #expect(applying("textField", to: items("{‸}"), path: json, showingCursor: true) == items(#"{"textField": "‸"}"#))
        #expect(applying("textField", to: items(#"{‸"title": "T"}"#), path: json, showingCursor: true) == items(#"{"textField": "‸", "title": "T"}"#))
        #expect(applying("boolean", to: items("‸"), path: json, showingCursor: true) == items(#"{"boolean": "‸"}"#))
        #expect(applying("boolean", to: items(#"{"textField": "a"}, ‸"#), path: json, showingCursor: true) == items(#"{"textField": "a"}, {"boolean": "‸"}"#))
        #expect(applying("spacer", to: items("{‸}"), path: json, showingCursor: true) == items(#"{"spacer": 0‸}"#))
        #expect(applying("group", to: items("‸"), path: json, showingCursor: true) == items(#"{"group": null}‸"#))
        #expect(applying("textField", to: "formc: 1\nform: A\nelements:\n  - ‸\n", showingCursor: true) == "formc: 1\nform: A\nelements:\n  - textField: ‸\n")
        // One element a line, as JSON forms are written: a blank line after the array's
        // `[` or an element's `,` gets the kinds, with the `,` an element after it needs.
        let lines = "{\n  \"formc\": 1,\n  \"form\": \"A\",\n  \"elements\": [\nELEMENTS\n  ]\n}\n"
        func perLine(_ text: String) -> String { lines.replacingOccurrences("ELEMENTS", text) }
        let a = "    {\"textField\": \"a\"}", b = "    {\"textField\": \"b\"}"
        #expect(applying("boolean", to: perLine(a + ",\n    ‸\n" + b), path: json, showingCursor: true)
            == perLine(a + ",\n    {\"boolean\": \"‸\"},\n" + b))
        #expect(applying("boolean", to: perLine("    ‸\n" + b), path: json, showingCursor: true)
            == perLine("    {\"boolean\": \"‸\"},\n" + b))
        #expect(applying("boolean", to: perLine(a + ",\n    ‸"), path: json, showingCursor: true)
            == perLine(a + ",\n    {\"boolean\": \"‸\"}"))
        // After an element without its `,`, nothing: the text would not be JSON.
        #expect(completions(perLine(a + "\n    ‸"), path: json).isEmpty)
    }

    @Test func nothingAfterAFlowCollectionsEnd() {
        let form = "formc: 1\nform: A\nelements:\n  - textField: a\n    LINE\n"
        func line(_ text: String) -> String { form.replacingOccurrences("LINE", text) }
        #expect(completions(line("rules: [required]‸")).isEmpty)
        #expect(completions(line("rules: [{ minLength: 2 }]‸")).isEmpty)
        #expect(completions(line("rules: [required, ‸]")).map(\.label).contains("email"))
    }

    @Test func aRuleMessageIsText() {
        let form = "formc: 1\nform: A\nelements:\n  - boolean: b\n    title: B\n    rules: [{ required: true, message: MESSAGE }]\n"
        #expect(completions(form.replacingOccurrences("MESSAGE", "Confirm t‸")).isEmpty)
        #expect(completions(form.replacingOccurrences("MESSAGE", "Confirm ‸")).isEmpty)
    }

    @Test func afterAWholeOperandComeOperatorsNotFields() {
        let form = """
            formc: 1
            form: A
            elements:
              - picker: p
                options: [x, y]
              - textField: t
              - boolean: b
                title: B
              - number: n
              - multiChoice: m
                options: [u, v]
              - textField: z
                visibleWhen: CONDITION

            """
        func offered(_ condition: String) -> [String] { completions(form.replacingOccurrences("CONDITION", condition)).map(\.label) }
        #expect(offered("p ‸") == ["==", "!=", "in"])
        #expect(offered("t ‸") == ["==", "!="])
        #expect(offered("b ‸") == ["and", "or", "==", "!="])
        #expect(offered("b a‸") == ["and", "or", "==", "!="])
        #expect(offered("n ‸") == ["==", "!=", "<", "<=", ">", ">="])
        #expect(offered("count(m) ‸") == ["==", "!=", "<", "<=", ">", ">="])
        #expect(offered("isEmpty(t) ‸") == ["and", "or"])
        #expect(offered("p == 'x' ‸") == ["and", "or"])
        #expect(offered("n > 3 ‸") == ["and", "or"])
        #expect(offered("b == true ‸") == ["and", "or"])
        #expect(offered("p in ‸").isEmpty)
        // Where an operand starts: no `and` or `or`.
        for start in ["‸", "not ‸", "b and ‸", "(‸"] {
            let words = offered(start)
            #expect(words.contains("b") && words.contains("not"), "\(start)")
            #expect(!words.contains("and") && !words.contains("or"), "\(start)")
        }
    }

    @Test func aValueWrittenAfterTheCursorTakesNoSecond() {
        let json = #"{"formc":‸ 1, "form": "A", "elements": [{"textField": "a", "keyboard":KEYBOARD}, {"boolean": "b", "title": "B", "visibleWhen":CONDITION}]}"#
        func form(_ keyboard: String, _ condition: String = #" "a""#) -> String {
            json.replacingOccurrences("KEYBOARD", keyboard).replacingOccurrences("CONDITION", condition)
        }
        let readable = EditorDocument(path: "a.form.json", text: form(#" "email""#).replacingOccurrences("‸", ""))
        func offered(_ marked: String) -> [String] {
            let (editor, cursor) = document(marked, path: "a.form.json")
            return editor.completions(at: cursor, lastReadable: readable).map(\.label)
        }
        #expect(offered(form(#" "email""#)).isEmpty)
        let values = form(#" "email""#).replacingOccurrences("‸", "")
        #expect(offered(values.replacingOccurrences(#""keyboard":"#, #""keyboard":‸"#)).isEmpty)
        #expect(offered(values.replacingOccurrences(#""visibleWhen":"#, #""visibleWhen":‸"#)).isEmpty)
        #expect(offered(form(" ‸").replacingOccurrences("‸ 1", " 1")).contains("email"))
        let yaml = "formc: 1\nform: A\nelements:\n  - textField: a\n    keyboard:LINE\n"
        #expect(completions(yaml.replacingOccurrences("LINE", "‸ email")).isEmpty)
        #expect(completions(yaml.replacingOccurrences("LINE", " ‸ # a comment")).map(\.label).contains("email"))
    }

    @Test func noKeyOrItemBeforeTextOnItsLine() {
        let form = "formc: 1\nform: A\nelements:\nLINE\n    placeholder: P\n"
        func line(_ text: String) -> String { form.replacingOccurrences("LINE", text) }
        #expect(completions(line("‸  - textField: a")).isEmpty)
        #expect(completions(line("  -‸ textField: a")).isEmpty)
        #expect(completions(line("  - textField: a\n  ‸  keyboard: email")).isEmpty)
        #expect(completions(line("  - textField: a\n    rules: [{‸ minLength: 2 }]")).isEmpty)
        #expect(completions(line("  - textField: a\n    rules: [‸ email]")).isEmpty)
        // Before a flow collection's end or a comment, they still come.
        #expect(completions(line("  - textField: a\n    rules: [‸]")).map(\.label).contains("email"))
        #expect(completions(line("  - textField: a\n    ‸ # a comment")).map(\.label).contains("keyboard"))
    }

    @Test func aMultiChoicesDefaultListIsCompletedWithItsOptions() {
        let yaml = "formc: 1\nform: A\noptions:\n  Country: [us, gb, fr]\nelements:\n  - multiChoice: visited\n    options: Country\n    default: DEFAULT\n"
        func value(_ text: String) -> String { yaml.replacingOccurrences("DEFAULT", text) }
        #expect(completions(value("[‸]")).map(\.label) == ["us", "gb", "fr"])
        #expect(completions(value("[us, ‸]")).map(\.label) == ["gb", "fr"])
        #expect(completions(value("\n      - fr\n      - ‸")).map(\.label) == ["us", "gb"])
        let inline = "formc: 1\nform: A\nelements:\n  - multiChoice: visited\n    options: [a, b]\n    default: [b, ‸]\n"
        #expect(completions(inline).map(\.label) == ["a"])
        let json = #"{"formc": 1, "form": "A", "options": {"Country": ["us", "gb"]}, "elements": [{"multiChoice": "visited", "options": "Country", "default": [DEFAULT]}]}"#
        func list(_ text: String) -> String { json.replacingOccurrences("DEFAULT", text) }
        #expect(applying("gb", to: list("‸"), path: "a.form.json") == list(#""gb""#))
        #expect(applying("gb", to: list(#""us", "‸""#), path: "a.form.json") == list(#""us", "gb""#))
        #expect(completions(list(#""us", ‸"#), path: "a.form.json").map(\.insertText) == [#""gb""#])
    }
}
