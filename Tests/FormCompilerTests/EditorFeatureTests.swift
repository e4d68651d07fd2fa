@testable import FormCompiler
@testable import FormEditor
@testable import FormModel
@testable import FormSource
import Testing

/// The editor features as pure functions of a text and a position. `‸` marks the
/// cursor in each text and is removed before the text is read.
private func document(_ marked: String, path: String = "form.form.yaml") -> (EditorDocument, SourcePosition) {
    markedDocument(marked, path: path)
}

private func labels(_ marked: String, path: String = "form.form.yaml") -> [String] {
    let (editor, cursor) = document(marked, path: path)
    return editor.completions(at: cursor).map(\.label)
}

private let signup = """
formc: 1
form: SignUpForm
elements:
  - textField: email
    rules: [required, email]
  - textField: confirmEmail
    rules:
      - sameAs: email
  - boolean: newsletter
    title: News
  - segment: plan
    options: [free, pro-plan]
  - textField: company
    visibleWhen: plan == 'pro-plan' and not newsletter

"""

@Suite struct EditorDiagnosticTests {
    @Test func diagnosticsAreLintsOwn() {
        let text = signup.replacingOccurrences("title: News", "tilte: News")
        let editor = EditorDocument(path: "a.form.yaml", text: text)
        let lint = FormPipeline.check(SourceFile(path: "a.form.yaml", text: text)).diagnostics
        #expect(editor.diagnostics == lint)
        // The misspelt required key is FC101 alone, with the key it means.
        #expect(editor.diagnostics.map(\.code) == [.unknownKey])
    }

    @Test func anyTextIsRead() {
        for text in ["", "\t", "formc: 1\nform: 'A", "- - -", "{", "formc: 1\nform: A\nelements:\n  - textField: a\n    visibleWhen: \"a ==", "\u{FEFF}"] {
            let editor = EditorDocument(path: "x.form.yaml", text: text)
            for line in 1...3 {
                for column in 1...6 {
                    let position = SourcePosition(line: line, column: column)
                    _ = editor.completions(at: position)
                    _ = editor.hover(at: position)
                    _ = editor.references(at: position)
                    _ = editor.rename(at: position, to: "other")
                }
            }
            _ = editor.outline
            _ = editor.quickFixes(in: SourceRange(start: .start, end: SourcePosition(line: 9, column: 1)))
        }
        #expect(EditorDocument(path: "x.form.yaml", text: "").completions(at: SourcePosition(line: 5, column: 1)).isEmpty)
    }
}

@Suite struct EditorTypingTests {
    /// Every prefix of the form, as it is while being typed, with each feature asked
    /// at its end: answers (or nothing) and no trap. Completions are offered at the
    /// starts of lines where a key or an item goes.
    @Test func everyMomentOfTyping() {
        let scalars = Array(signup.unicodeScalars)
        var offered = 0
        var line = 1
        var column = 1
        for count in 0...scalars.count {
            let editor = EditorDocument(path: "typing.form.yaml", text: String(String.UnicodeScalarView(scalars[..<count])))
            let cursor = SourcePosition(line: line, column: column)
            if !editor.completions(at: cursor).isEmpty { offered += 1 }
            _ = editor.hover(at: cursor)
            _ = editor.definition(at: cursor)
            _ = editor.prepareRename(at: cursor)
            _ = editor.quickFixes(in: SourceRange(at: cursor))
            _ = editor.outline
            if count < scalars.count {
                if scalars[count] == "\n" { line += 1; column = 1 } else { column += 1 }
            }
        }
        #expect(offered > 150)
    }
}

extension EditorTypingTests {
    /// Edits as a hurried typist makes them: characters deleted, doubled, or
    /// replaced by YAML's and the condition language's punctuation, at places drawn
    /// by a fixed generator, with every feature asked at a drawn position.
    @Test func randomEditsGetAnswers() {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func draw(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(max(bound, 1)))
        }
        let punctuation: [Unicode.Scalar] = [":", "-", "'", "\"", "!", "&", "*", "[", "{", "\t", "\n", "#", "🙂", "東", "?", "|", ">"]
        let base = signup + "  - group: extras\n    elements:\n      - &a { textField: x, rules: [required] }\n      - *a\n"
        var answered = 0
        for _ in 0..<300 {
            var scalars = Array(base.unicodeScalars)
            for _ in 0..<(1 + draw(4)) {
                let at = draw(scalars.count)
                switch draw(3) {
                case 0: scalars.remove(at: at)
                case 1: scalars.insert(scalars[at], at: at)
                default: scalars[at] = punctuation[draw(punctuation.count)]
                }
            }
            let editor = EditorDocument(path: "fuzz.form.yaml", text: String(String.UnicodeScalarView(scalars)))
            let position = SourcePosition(line: 1 + draw(22), column: 1 + draw(40))
            if !editor.completions(at: position).isEmpty || editor.hover(at: position) != nil { answered += 1 }
            _ = editor.references(at: position)
            _ = editor.rename(at: position, to: "renamed")
            _ = editor.quickFixes(in: SourceRange(start: .start, end: position))
            _ = editor.outline
        }
        #expect(answered > 30)
    }
}

@Suite struct EditorCompletionTests {
    @Test func keysOfTheElementNotAlreadyPresent() {
        let found = labels(signup.replacingOccurrences("    title: News\n", "    title: News\n    ‸\n"))
        #expect(found.contains("icon"))
        #expect(found.contains("default"))
        #expect(found.contains("visibleWhen"))
        #expect(!found.contains("title"))
        #expect(!found.contains("placeholder"))
    }

    @Test func aHalfTypedKeyIsCompleted() {
        let (editor, cursor) = document(signup.replacingOccurrences("    title: News\n", "    title: News\n    ic‸\n"))
        let completions = editor.completions(at: cursor)
        let icon = completions.first { $0.label == "icon" }
        #expect(icon?.insertText == "icon: ")
        #expect(icon?.range == SourceRange(start: SourcePosition(line: 11, column: 5), end: SourcePosition(line: 11, column: 7)))
    }

    @Test func documentKeys() {
        let found = labels("formc: 1\n‸\n")
        #expect(found.contains("form"))
        #expect(found.contains("elements"))
        #expect(!found.contains("formc"))
    }

    @Test func elementKindsInAList() {
        let found = labels(signup + "  - ‸\n")
        #expect(found == ElementKind.keywords)
        #expect(labels(signup + "  - te‸\n") == ElementKind.keywords)
    }

    @Test func ruleNames() {
        #expect(labels(signup.replacingOccurrences("rules: [required, email]", "rules: [required, ‸]")) == ["minLength", "maxLength", "pattern", "email", "url", "sameAs", "custom"])
        let block = labels(signup.replacingOccurrences("      - sameAs: email\n", "      - sameAs: email\n      - ‸\n"))
        #expect(block.contains("required"))
        // A field may have two sameAs, patterns or validators; a second minLength is FC406.
        #expect(block.contains("sameAs"))
        let lengths = labels(signup.replacingOccurrences("rules: [required, email]", "rules: [minLength: 2, pattern: 'a', ‸]"))
        #expect(!lengths.contains("minLength") && lengths.contains("pattern"), "\(lengths)")
    }

    /// An empty item of a block list whose element has a key after the list: the
    /// list's items, not the kinds of the list of elements around that element.
    @Test func anEmptyItemBeforeTheElementsNextKey() {
        let rules = labels(signup.replacingOccurrences("      - sameAs: email\n", "      - sameAs: email\n      - ‸\n    placeholder: Again\n"))
        #expect(rules == ["required", "minLength", "maxLength", "pattern", "email", "url", "sameAs", "custom"], "\(rules)")
        let choice = """
        formc: 1
        form: F
        elements:
          - multiChoice: food
            options: [cheese, ham, egg]
            default:
              - cheese
              - ‸
            title: Food
          - group: g
            elements:
              - textField: a
              - ‸
            title: G
        """
        #expect(labels(choice.replacingOccurrences("      - ‸\n    title: G", "      - textField: b\n    title: G")) == ["ham", "egg"])
        let inGroup = labels(choice.replacingOccurrences("      - ‸\n    title: Food", "      - egg\n    title: Food"))
        #expect(inGroup == ElementKind.keywords.filter { $0 != "page" }, "\(inGroup)")
        // A list with an anchor or a tag starts there, not at its first dash.
        for properties in ["&r", "!!seq", "&r !!seq"] {
            let anchored = signup.replacingOccurrences("    rules:\n      - sameAs: email\n", "    rules: \(properties)\n      - sameAs: email\n      - ‸\n    placeholder: Again\n")
            #expect(labels(anchored).contains("required"), "\(properties)")
            #expect(labels(anchored.replacingOccurrences("      - sameAs: email\n      - ‸\n", "      - ‸\n      - sameAs: email\n")).contains("required"), "\(properties)")
        }
    }

    @Test func closedValues() {
        #expect(labels(signup.replacingOccurrences("  - textField: email\n", "  - textField: email\n    keyboard: ‸\n")) == ["default", "email", "number", "decimal", "phone", "url"])
        #expect(labels(signup.replacingOccurrences("  - textField: email\n", "  - textField: email\n    keyboard: em‸\n")).contains("email"))
        #expect(labels("formc: 1\nvalidateOn: ‸\n") == ValidationTrigger.allCases.map(\.rawValue))
        #expect(labels(signup.replacingOccurrences("    options: [free, pro-plan]\n", "    options: [free, pro-plan]\n    default: ‸\n")) == ["free", "pro-plan"])
    }

    @Test func fieldIDsAfterSameAs() {
        let found = labels(signup.replacingOccurrences("      - sameAs: email", "      - sameAs: ‸"))
        #expect(found.contains("email"))
        #expect(found.contains("company"))
        #expect(!found.contains("confirmEmail"))
        // Only fields of the same value type: a text field's sameAs is no boolean or segment (FC405).
        #expect(!found.contains("newsletter") && !found.contains("plan"))
    }

    @Test func fieldIDsAndWordsInConditions() {
        let found = labels(signup.replacingOccurrences("visibleWhen: plan == 'pro-plan' and not newsletter", "visibleWhen: not ‸"))
        #expect(found.contains("newsletter"))
        #expect(found.contains("plan"))
        #expect(found.contains("isEmpty"))
        #expect(labels(signup.replacingOccurrences("visibleWhen: plan == 'pro-plan' and not newsletter", "visibleWhen: isEmpty(‸")) == ["email", "confirmEmail", "plan"], "every field but a boolean, and not the condition's own")
    }

    /// A `visibleWhen` may not read the fields whose visibility it decides (FC504):
    /// its own field, or those inside its group; an entry's field, its entry's
    /// own; a list's, the form's field of the same name as an entry's.
    @Test func aVisibilityConditionIsNotOfferedItsOwnFields() {
        let text = """
            formc: 1
            form: A
            elements:
              - boolean: news
                title: N
              - group: g
                visibleWhen: ‸
                elements:
                  - textField: inner
                  - boolean: deep
                    title: D
              - textField: email
                enabledWhen: ‸
              - list: people
                visibleWhen: ‸
                elements:
                  - textField: email
                  - textField: note
                    visibleWhen: ‸
              - { textField: x, visibleWhen: ‸ }

            """
        // The cursor at one `‸`, after `prefix`; `news` at the others.
        func at(_ occurrence: Int, after prefix: String = "not ") -> [String] {
            let parts = text.split(separator: "‸", omittingEmptySubsequences: false).map(String.init)
            var marked = parts[0]
            for index in 1..<parts.count { marked += (index - 1 == occurrence ? prefix + "‸" : "news") + parts[index] }
            return labels(marked).filter { !["not", "and", "or", "true", "false", "isEmpty"].contains($0) }
        }
        #expect(at(0) == ["news", "email", "x"], "a group's own and its fields'")
        #expect(at(0, after: "") == ["news", "email", "x"], "with nothing typed yet")
        #expect(at(1) == ["news", "inner", "deep", "email", "x"], "enabledWhen may read its own field")
        #expect(at(2) == ["news", "inner", "deep", "email", "x"], "a list's condition reads the form's email")
        #expect(at(3) == ["email", "news", "inner", "deep", "x"], "the entry's email, not the entry's own note")
        #expect(at(4) == ["news", "inner", "deep", "email"])
    }

    /// Nor the fields whose visibility depends on it further down a chain: `c`
    /// is shown by `b`, which `a`'s condition would show (FC504, a → c → b → a).
    @Test func aVisibilityConditionIsNotOfferedTheFieldsThatDependOnIt() {
        let text = "formc: 1\nform: A\nelements:\n  - boolean: a\n    title: A\n    visibleWhen: not ‸\n"
            + "  - boolean: b\n    title: B\n    visibleWhen: a\n  - boolean: c\n    title: C\n    visibleWhen: b\n"
            + "  - boolean: d\n    title: D\n"
        let found = labels(text).filter { !["not", "and", "or", "true", "false", "isEmpty"].contains($0) }
        #expect(found == ["d"])
    }

    /// In YAML's flow style, as SPEC's own examples write rules: the values of
    /// the key before the cursor, and the keys of the mapping around it.
    @Test func insideFlowMappings() {
        let confirm = "      - sameAs: email"
        let sameAs = labels(signup.replacingOccurrences(confirm, "      - { sameAs: em‸ }"))
        #expect(sameAs.contains("email") && !sameAs.contains("required") && !sameAs.contains("confirmEmail"))
        #expect(labels(signup.replacingOccurrences("    rules:\n" + confirm, "    rules: [{ sameAs: ‸ }]")).contains("email"))
        #expect(labels(signup.replacingOccurrences("    rules:\n" + confirm, "    rules: [required, { sameAs: e‸, message: m }]")).contains("email"))
        let keyboard = labels(signup.replacingOccurrences("  - textField: email\n", "  - { textField: x, keyboard: em‸ }\n  - textField: email\n"))
        #expect(keyboard == ["default", "email", "number", "decimal", "phone", "url"])
        let keys = labels(signup.replacingOccurrences("  - textField: email\n", "  - { textField: x, pla‸ }\n  - textField: email\n"))
        #expect(keys.contains("placeholder") && !keys.contains("textField") && !keys.contains("group"))
        // `required` is the one rule whose mapping form takes `true` (SPEC §16); `email` takes no value.
        #expect(labels(signup.replacingOccurrences(confirm, "      - { required: ‸, when: newsletter }")) == ["true"])
        #expect(labels(signup.replacingOccurrences(confirm, "      - required: ‸")) == ["true"])
        #expect(labels(signup.replacingOccurrences(confirm, "      - { email: t‸ }")) == [])
        let ruleKeys = labels(signup.replacingOccurrences(confirm, "      - { sameAs: email, ‸ }"))
        #expect(ruleKeys == ["message", "when"])
        let quoted = labels(signup.replacingOccurrences("  - textField: email\n", "  - { textField: x, title: \"a, b\", pla‸ }\n  - textField: email\n"))
        #expect(quoted.contains("placeholder"))
        // An apostrophe inside a plain scalar opens no quote.
        let apostrophe = labels(signup.replacingOccurrences("  - textField: email\n", "  - { textField: x, title: it's, pla‸ }\n  - textField: email\n"))
        #expect(apostrophe.contains("placeholder"))
    }

    /// A flow collection typed without its closing brackets (an editor with no
    /// auto-pairing) is completed as if closed at the line's end; the field ids
    /// come from the last text that read, as the server keeps it.
    @Test func anUnclosedFlowCollectionIsCompletedAsIfClosed() {
        let confirm = "      - sameAs: email"
        let lastReadable = EditorDocument(path: "form.form.yaml", text: signup)
        func ids(_ marked: String) -> [String] {
            let (editor, cursor) = document(marked)
            #expect(!editor.hasSyntax)
            return editor.completions(at: cursor, lastReadable: lastReadable).map(\.label)
        }
        #expect(ids(signup.replacingOccurrences("    rules:\n" + confirm, "    rules: [{ sameAs: em‸")) == ["email"])
        #expect(ids(signup.replacingOccurrences(confirm, "      - { sameAs: em‸")) == ["email"])
        #expect(labels(signup.replacingOccurrences(confirm, "      - { sameAs: email, ‸")) == ["message", "when"])
        let keys = labels(signup.replacingOccurrences("  - textField: email\n", "  - { textField: x, pla‸\n  - textField: email\n"))
        #expect(keys.contains("placeholder") && !keys.contains("textField"))
        // Before a comment, the brackets go before it.
        #expect(ids(signup.replacingOccurrences(confirm, "      - { sameAs: em‸ # todo")) == ["email"])
        #expect(ids(signup.replacingOccurrences("    rules:\n" + confirm, "    rules: [{ sameAs: em‸  # note")) == ["email"])
        // Brackets in quotes, or in a comment, are text: nothing opens.
        #expect(EditorDocument.flowClosers(of: "    title: \"Hi {\"") == nil)
        #expect(EditorDocument.flowClosers(of: "    rules: [{ min: 1 # [")! == ("}]", 21))
        #expect(EditorDocument.flowClosers(of: "    title: it's [a, 'b]'")! == ("]", 24))
        #expect(EditorDocument.flowClosers(of: "    rules: [{ message: 'it''s [b', ")! == ("}]", 35))
        #expect(EditorDocument.flowClosers(of: "    rules: [a }") == nil)
        // After a quoted key, a quote right after the ':' opens a string, as in JSON.
        #expect(EditorDocument.flowClosers(of: #"    rules: [{"message":"a[b", "#)! == ("}]", 30))
        #expect(EditorDocument.flowClosers(of: "    rules: [{'message':'a{b', ")! == ("}]", 30))
    }

    /// A comma or brace in a block mapping's text, a quoted scalar or a comment is
    /// text: nothing is offered there.
    @Test func aCommaInTextIsNoFlowMapping() {
        let news = "    title: News"
        for typed in ["    title: Hello, wo‸", "    title: Hello,‸", "    title: \"Hi {‸\"", "    title: 'a, ‸'", "    title: News # a comment,‸"] {
            #expect(labels(signup.replacingOccurrences(news, typed)).isEmpty, "\(typed)")
        }
        #expect(labels("formc: 1\nform: F\nelements:\n  - staticText: Hello, wo‸\n").isEmpty)
        // Inside a flow mapping too, a quoted scalar's comma is text.
        let field = "  - textField: email\n"
        #expect(labels(signup.replacingOccurrences(field, "  - { textField: x, title: \"a, ‸\" }\n" + field)).isEmpty)
        #expect(labels(signup.replacingOccurrences(field, "  - { textField: x, title: 'a, ‸' }\n" + field)).isEmpty)
    }

    @Test func optionValuesInsideAConditionsQuotes() {
        #expect(labels(signup.replacingOccurrences("visibleWhen: plan == 'pro-plan' and not newsletter", "visibleWhen: plan == '‸")) == ["free", "pro-plan"])
        #expect(labels(signup.replacingOccurrences("visibleWhen: plan == 'pro-plan' and not newsletter", "visibleWhen: \"plan != 'fr‸'\"")) == ["free", "pro-plan"])
    }

    @Test func anEmptyFileGetsTheDocumentsKeys() {
        #expect(labels("‸") == ["formc", "form", "title", "validateOn", "options", "elements"])
        #expect(labels("for‸") == ["formc", "form", "title", "validateOn", "options", "elements"])
    }

    @Test func rightAfterATriggerCharacterTheSpaceComesWithTheItem() {
        let (editor, cursor) = document(signup.replacingOccurrences("  - textField: email\n", "  - textField: email\n    keyboard:‸\n"))
        #expect(editor.completions(at: cursor).first?.insertText == " default")
        let (list, dash) = document(signup + "  -‸\n")
        #expect(list.completions(at: dash).first?.insertText == " group: ")
    }

    @Test func valuesInJSON() {
        let form = #"{"formc": 1, "form": "A", "elements": [{"segment": "plan", "options": ["free", "pro"]}, {"textField": "a", "keyboard": VALUE}]}"#
        func completions(_ value: String) -> [EditorCompletion] {
            let (editor, cursor) = document(form.replacingOccurrences("VALUE", value), path: "a.form.json")
            return editor.completions(at: cursor)
        }
        #expect(completions(#""em‸""#).map(\.label) == KeyboardType.allCases.map(\.rawValue))
        #expect(completions(#""em‸""#).first?.insertText == "default")
        #expect(completions("‸").first?.insertText == #""default""#)
        let condition = form.replacingOccurrences(#""keyboard": VALUE"#, #""visibleWhen": "plan == '‸'""#)
        let (editor, cursor) = document(condition, path: "a.form.json")
        #expect(editor.completions(at: cursor).map(\.label) == ["free", "pro"])
    }

    @Test func keysInJSON() {
        let form = #"{"formc": 1, "form": "A", "elements": [{"textField": "a", "ke‸"}]}"#
        let (editor, cursor) = document(form, path: "a.form.json")
        let completions = editor.completions(at: cursor)
        #expect(completions.contains { $0.label == "keyboard" && $0.insertText == "keyboard" })
        #expect(!completions.contains { $0.label == "textField" })
        let (root, start) = document(#"{"formc": 1, "‸"}"#, path: "a.form.json")
        #expect(root.completions(at: start).map(\.label) == ["form", "title", "validateOn", "options", "elements"])
        let (list, item) = document(#"{"formc": 1, "form": "A", "elements": [{"‸"}]}"#, path: "a.form.json")
        #expect(Array(list.completions(at: item).map(\.label).prefix(3)) == ["group", "boolean", "segment"])
        // `, "` inside a string value is no key.
        let (value, inside) = document(#"{"formc": 1, "form": "A, "‸"}"#, path: "a.form.json")
        #expect(value.completions(at: inside).isEmpty)
    }

    /// One member or item a line, as JSON is written (`json.dumps(indent=2)`,
    /// Xcode): a quote opening a line after `{`, `[` or `,` is a key or an item,
    /// as it is after them on one line; so is the first item of an array.
    @Test func keysAndItemsOnTheirOwnLinesInJSON() {
        func labels(_ marked: String) -> [String] {
            let (editor, cursor) = document(marked, path: "a.form.json")
            return editor.completions(at: cursor).map(\.label)
        }
        let pretty = """
        {
          "formc": 1,
          "form": "A",
          "elements": [
            {
              "textField": "name",
              "rules": [
                "required",
                "ITEM"
              ],
              "KEY"
            },
            {
              "KIND"
            }
          ]
        }
        """
        func marked(_ place: String) -> String {
            pretty.replacingOccurrences("\"\(place)\"", "\"‸\"").replacingOccurrences(#""ITEM""#, #""email""#)
                .replacingOccurrences(#""KEY""#, #""placeholder": "N""#).replacingOccurrences(#""KIND""#, #""spacer": 8"#)
        }
        let keys = labels(marked("KEY"))
        #expect(keys.contains("placeholder") && keys.contains("keyboard") && !keys.contains("rules") && !keys.contains("textField"))
        #expect(labels(marked("ITEM")) == ["email", "url"])
        #expect(Array(labels(marked("KIND")).prefix(3)) == ["group", "boolean", "segment"])
        // The first item of an array, empty or begun.
        #expect(labels(#"{"formc": 1, "form": "A", "elements": [{"textField": "a", "rules": ["‸"]}]}"#) == ["required", "email", "url"])
        #expect(labels(#"{"formc": 1, "form": "A", "elements": [{"textField": "a", "rules": ["e‸"]}]}"#) == ["required", "email", "url"])
    }

    @Test func nothingPastTheEnd() {
        let (editor, _) = document(signup)
        #expect(editor.completions(at: SourcePosition(line: 99, column: 1)).isEmpty)
    }
}

@Suite struct EditorHoverTests {
    @Test func aKeysDescription() {
        let (editor, cursor) = document(signup.replacingOccurrences("    options:", "    opt‸ions:"))
        #expect(editor.hover(at: cursor)?.markdown.contains("The choices") == true)
    }

    @Test func aFieldsTypeRulesAndConditions() {
        let (editor, cursor) = document(signup.replacingOccurrences("textField: company", "textField: comp‸any"))
        let markdown = editor.hover(at: cursor)?.markdown ?? ""
        #expect(markdown.contains("**company**: `String` (textField)"))
        #expect(markdown.contains("Visible when: `plan == 'pro-plan' and not newsletter`"))
        let (again, inCondition) = document(signup.replacingOccurrences("and not newsletter", "and not news‸letter"))
        #expect(again.hover(at: inCondition)?.markdown.contains("`Bool` (boolean)") == true)
        let (third, email) = document(signup.replacingOccurrences("  - textField: email", "  - textField: em‸ail"))
        #expect(third.hover(at: email)?.markdown.contains("Rules: `required`, `email`") == true)
    }

    /// A bound or a count is shown with its value, as a length is.
    @Test func aRulesHoverGivesBoundsAndCountsWithTheirValues() {
        let (editor, cursor) = document("""
            formc: 1
            form: A
            elements:
              - number: bud‸get
                rules: [{ min: 0 }, { max: 2.50 }]
              - multiChoice: toppings
                options: [ham, egg]
                rules: [{ minCount: 1 }, { maxCount: 2 }]
              - date: day
                rules: [{ min: today-18y }]
            """)
        #expect(editor.hover(at: cursor)?.markdown.contains("Rules: `min: 0`, `max: 2.50`") == true)
        let toppings = SourcePosition(line: 6, column: 20)
        #expect(editor.hover(at: toppings)?.markdown.contains("Rules: `minCount: 1`, `maxCount: 2`") == true)
        let day = SourcePosition(line: 9, column: 12)
        #expect(editor.hover(at: day)?.markdown.contains("Rules: `min: today-18y`") == true)
    }

    @Test func aDiagnosticsExplanation() {
        let (editor, cursor) = document(signup.replacingOccurrences("title: News", "ti‸lte: News"))
        let markdown = editor.hover(at: cursor)?.markdown ?? ""
        #expect(markdown.contains("FC101"))
        #expect(markdown.contains(DiagnosticCatalog.entry(for: .unknownKey)!.explanation))
    }
}

@Suite struct EditorNavigationTests {
    private let text = signup.replacingOccurrences("  - boolean: newsletter", "  - boolean: news‸letter")

    @Test func definitionFromAConditionAndSameAs() {
        let (editor, cursor) = document(signup.replacingOccurrences("and not newsletter", "and not ‸newsletter"))
        #expect(editor.definition(at: cursor) == [SourceRange(start: SourcePosition(line: 9, column: 14), end: SourcePosition(line: 9, column: 24))])
        let (other, sameAs) = document(signup.replacingOccurrences("sameAs: email", "sameAs: e‸mail"))
        #expect(other.definition(at: sameAs).map(\.start) == [SourcePosition(line: 4, column: 16)])
    }

    @Test func referencesWithAndWithoutTheDeclaration() {
        let (editor, cursor) = document(signup.replacingOccurrences("textField: email", "textField: ‸email"))
        #expect(editor.references(at: cursor).map(\.start.line) == [4, 8])
        #expect(editor.references(at: cursor, includeDeclaration: false).map(\.start.line) == [8])
    }

    @Test func renameEverywhere() throws {
        let (editor, cursor) = document(text)
        let edits = try editor.rename(at: cursor, to: "promotions").get()
        #expect(edits.map(\.range.start) == [SourcePosition(line: 9, column: 14), SourcePosition(line: 14, column: 45)])
        #expect(edits.allSatisfy { $0.newText == "promotions" })
        #expect(editor.prepareRename(at: cursor).map(\.id) == .success("newsletter"))
    }

    /// A rule that cannot be read keeps its `when` among the id's occurrences, and a
    /// condition a merge key repeats is edited once.
    @Test func renameReachesUnreadRulesAndMergedConditions() throws {
        let unread = document("""
            formc: 1
            form: F
            elements:
              - boolean: ‸news
                title: News
              - textField: a
                rules:
                  - { minLength: x, when: news }
            """)
        let edits = try unread.0.rename(at: unread.1, to: "promotions").get()
        #expect(edits.map(\.range.start.line) == [4, 8])
        let merged = document("""
            formc: 1
            form: F
            shown: &shown
              visibleWhen: ‸news
            elements:
              - boolean: news
                title: News
              - textField: a
                <<: *shown
              - textField: b
                <<: *shown
            """)
        let once = try merged.0.rename(at: merged.1, to: "promotions").get()
        #expect(once.map(\.range.start.line).sorted() == [4, 6])
    }

    /// While a syntax error elsewhere keeps the text from reading as a form, a
    /// rename says so, rather than that there is no id where there is one.
    @Test func aRenameInAnUnreadableFormSaysWhy() {
        let (editor, cursor) = document("""
            formc: 1
            form: F
            elements:
              - boolean: ‸news
                title: [News

            """)
        guard case .failure(let refusal) = editor.prepareRename(at: cursor) else {
            Issue.record("a rename in an unreadable form was not refused")
            return
        }
        #expect(refusal.message == "the form does not read as it is (see its errors): mend them, then rename")
    }

    /// An id reached through a YAML alias is not written at the alias: renaming it
    /// there would corrupt the text (`letter*n`), so the rename is refused.
    @Test func renameThroughAnAliasIsRefused() {
        let (editor, cursor) = document("""
            formc: 1
            form: AliasForm
            elements:
              - boolean: &n ‸news
                title: News
              - textField: a
                visibleWhen: *n

            """)
        guard case .failure(let refusal) = editor.rename(at: cursor, to: "letter") else {
            Issue.record("a rename through an alias was not refused")
            return
        }
        #expect(refusal.message.contains("anchor or alias"))
    }

    /// In JSON an id spelled with an escape in a condition is refused as such: a
    /// JSON file has no anchors.
    @Test func renameThroughAnEscapeSaysSo() {
        let (editor, cursor) = document("""
            {"formc": 1, "form": "EscapeForm", "elements": [
              {"boolean": "‸news", "title": "News"},
              {"textField": "a", "visibleWhen": "not n\\u0065ws"}
            ]}
            """, path: "form.form.json")
        guard case .failure(let refusal) = editor.rename(at: cursor, to: "letter") else {
            Issue.record("a rename through an escape was not refused")
            return
        }
        #expect(refusal.message == "'news' is written with an escape (n\\u0065ws) at line 3: rename it by hand")
    }

    /// A new id that gives a generated type name another already has (FC204) is
    /// refused with the error the renamed form would have.
    @Test func renameToACollidingTypeNameIsRefused() {
        let (editor, cursor) = document("""
            formc: 1
            form: ShopForm
            options:
              Country: [us, gb]
            elements:
              - picker: home
                options: Country
              - segment: ‸tier
                options: [a, b]
              - list: employers
                elements: [{ textField: name }]
              - segment: plan
                options: [c, d]

            """)
        guard case .failure(let refusal) = editor.rename(at: cursor, to: "country") else {
            Issue.record("a rename to a colliding enum name was not refused")
            return
        }
        #expect(refusal.message.contains("'Country'"))
        #expect(throws: Never.self) { try editor.rename(at: cursor, to: "level").get() }
        let listCursor = SourcePosition(line: 10, column: 13)
        guard case .failure(let second) = editor.rename(at: listCursor, to: "plans") else {
            Issue.record("a rename giving the entry type of another enum was not refused")
            return
        }
        #expect(second.message.contains("'Plan'"))
    }

    /// A condition key earlier on the line does not make the rest of the line a
    /// condition: after its value, the place's own completion applies; inside other
    /// text, `visibleWhen:` is no key.
    @Test func aConditionEndsWithItsValue() {
        func form(_ line: String) -> String {
            "formc: 1\nform: F\nelements:\n  - boolean: b\n    title: B\n  - textField: t\n  - textField: u\n    " + line + "\n"
        }
        #expect(labels(form("rules: [{ required: true, when: b }, { sameAs: ‸ }]")) == ["t"])
        #expect(labels(
            "formc: 1\nform: F\nelements:\n  - boolean: b\n    title: B\n  - { textField: v, visibleWhen: b, keyboard: ‸ }\n"
        ).contains("email"))
        #expect(labels(form("placeholder: Set visibleWhen: to h‸")) == [])
        #expect(labels(form("visibleWhen: 'not b' ‸")) == [])
        // Still a condition: inside its quotes, and unquoted in a block mapping, commas and all.
        #expect(labels(form("visibleWhen: \"not ‸\"")).contains("b"))
        #expect(labels(form("visibleWhen: t in ['x', 'y'] and ‸")).contains("b"))
        #expect(labels(form("rules: [{ required: true, when: ‸ }]")).contains("b"))
    }

    /// A form that has an FC204 already still refuses a rename that makes another.
    @Test func aRenameIsRefusedForASecondErrorOfACodeTheFormHas() {
        let (editor, cursor) = document("""
            formc: 1
            form: ShopForm
            elements:
              - segment: size
                enumName: Values
                options: [a, b]
              - segment: ‸plan
                options: [c, d]

            """)
        #expect(editor.diagnostics.map(\.code).contains(.nameCollision))
        guard case .failure(let refusal) = editor.rename(at: cursor, to: "codingKeys") else {
            Issue.record("a second FC204 was not refused")
            return
        }
        #expect(refusal.message.contains("CodingKeys"))
    }

    /// FC500's "use 'and' instead of '&&'" is a fix, with the spaces the word needs.
    @Test func operatorQuickFixesWriteTheWordWithItsSpaces() {
        let text = "formc: 1\nform: F\nelements:\n  - boolean: a\n    title: A\n  - boolean: b\n    title: B\n"
            + "  - textField: t\n    visibleWhen: \"a&&b\"\n  - textField: u\n    visibleWhen: \"!a\"\n"
            + "  - textField: v\n    visibleWhen: a && b\n"
        let editor = EditorDocument(path: "f.form.yaml", text: text)
        let fixes = editor.quickFixes(in: SourceRange(start: .start, end: SourcePosition(line: 14, column: 1)))
        #expect(fixes.map(\.edit.newText) == [" and ", "not ", "and"])
        #expect(fixes.map(\.title) == ["Write 'and'", "Write 'not'", "Write 'and'"])
        // `&&` in a condition is no YAML anchor: the operator alone is replaced.
        #expect(fixes.map { editor.file.text(in: $0.edit.range) } == ["&&", "!", "&&"])
    }

    @Test func renameRefusals() {
        let (editor, cursor) = document(text)
        #expect(throws: RenameRefusal.self) { try editor.rename(at: cursor, to: "Bad-Name").get() }
        #expect(throws: RenameRefusal.self) { try editor.rename(at: cursor, to: "email").get() }
        #expect(throws: RenameRefusal.self) { try editor.rename(at: cursor, to: "not").get() }
        if case .failure(let refusal) = editor.rename(at: cursor, to: "plan") {
            #expect(refusal.message.contains("already an id"))
        } else {
            Issue.record("renaming to a taken id was not refused")
        }
        #expect(throws: RenameRefusal.self) { try editor.prepareRename(at: SourcePosition(line: 1, column: 1)).get() }
    }

    @Test func quotedIDsInJSON() throws {
        let json = #"{"formc": 1, "form": "A", "elements": [{"boolean": "news‸", "title": "N"}, {"textField": "b", "visibleWhen": "news"}]}"#
        let (editor, cursor) = document(json, path: "a.form.json")
        let edits = try editor.rename(at: cursor, to: "promo").get()
        #expect(edits.count == 2)
        #expect(edits.allSatisfy { editor.file.text(in: $0.range) == "news" })
    }
}

@Suite struct EditorOutlineAndFixTests {
    @Test func groupsAndFieldsAsATree() {
        let text = "formc: 1\nform: A\nelements:\n  - group: account\n    elements:\n      - textField: email\n      - spacer: 8\n  - boolean: terms\n    title: T\n"
        let outline = EditorDocument(path: "a.form.yaml", text: text).outline
        #expect(outline.map(\.name) == ["account", "terms"])
        #expect(outline.first?.children.map(\.name) == ["email"])
        #expect(outline.first?.children.first?.detail == "textField: String")
        #expect(outline.last?.detail == "boolean: Bool")
    }

    @Test func pagesAsTheOutlinesTopLevel() {
        let text = """
            formc: 1
            form: A
            elements:
              - page: personal
                title: About you
                elements:
                  - group: contact
                    elements:
                      - textField: email
              - page: history
                elements:
                  - boolean: consent
                    title: C
            """
        let outline = EditorDocument(path: "a.form.yaml", text: text).outline
        #expect(outline.map(\.name) == ["personal", "history"])
        #expect(outline.map(\.kind) == [.page, .page])
        #expect(outline.map(\.detail) == ["page 'About you'", "page"])
        #expect(outline.first?.children.map(\.name) == ["contact"])
        #expect(outline.first?.children.first?.children.map(\.name) == ["email"])
        #expect(outline.last?.children.map(\.name) == ["consent"])
    }

    @Test func aPagesHoverNamesItsFields() {
        let (editor, cursor) = document("""
            formc: 1
            form: A
            elements:
              - page: pers‸onal
                visibleWhen: not consent
                elements:
                  - group: contact
                    elements:
                      - textField: email
                  - textField: phone
                  - list: references
                    elements:
                      - textField: name
              - page: history
                elements:
                  - boolean: consent
                    title: C
            """)
        let hover = editor.hover(at: cursor)?.markdown ?? ""
        #expect(hover.contains("**personal**: page id, a case of the generated `Page`"))
        // As `fields(on:)` answers: a list's id is a field of the form (SPEC §14).
        #expect(hover.contains("Fields: `email`, `phone`, `references`"))
        #expect(hover.contains("Visible when: `not consent`"))
    }

    /// A list's id is a field whose value is its entries (SPEC §14): its hover
    /// gives the type, the counts and the entry's fields.
    @Test func aListsHoverGivesItsTypeCountsAndFields() {
        let (editor, cursor) = document("""
            formc: 1
            form: A
            elements:
              - list: employ‸ers
                minItems: 1
                maxItems: 5
                initialItems: 2
                elements:
                  - textField: company
                  - group: period
                    elements:
                      - date: from
            """)
        let hover = editor.hover(at: cursor)?.markdown ?? ""
        #expect(hover.contains("**employers**: `[Employer]` (list), entries of `EmployerEntry` in `FormList<EmployerEntry>`"))
        #expect(hover.contains("Entries: at least 1, at most 5; a new form starts with 2."))
        #expect(hover.contains("Fields of each entry: `company`, `from`"))
    }

    @Test func pagesAreOfferedOnlyWhereTheyMayStand() {
        let paged = """
            formc: 1
            form: A
            elements:
              - page: personal
                elements:
                  - textField: email
                  - ‸
              - page: history
                elements:
                  - boolean: consent
                    title: C
            """
        let inside = labels(paged)
        #expect(inside.contains("textField") && inside.contains("group") && !inside.contains("page"))
        #expect(labels(paged.replacingOccurrences("      - ‸\n", "") + "\n  - ‸\n") == ["page"])
        // A form without pages may start one, and may go on without.
        let flat = labels(signup + "  - ‸\n")
        #expect(flat.contains("page") && flat.contains("textField"))
    }

    @Test func didYouMeanFixes() {
        let cases: [(original: String, broken: String, wrong: String, fixed: String)] = [
            ("    title: News", "    tilte: News", "tilte", "title"),                                    // FC101
            ("  - boolean: newsletter", "  - boolen: newsletter", "boolen", "boolean"),                 // FC103
            ("rules: [required, email]", "rules: [required, emial]", "emial", "email"),                 // FC400
            ("and not newsletter", "and not newsleter", "newsleter", "newsletter"),                     // FC501
        ]
        for (original, broken, wrong, fixed) in cases {
            let editor = EditorDocument(path: "a.form.yaml", text: signup.replacingOccurrences(original, broken))
            let fixes = editor.quickFixes(in: SourceRange(start: .start, end: SourcePosition(line: 99, column: 1)))
            #expect(fixes.map(\.edit.newText) == [fixed], "\(broken)")
            #expect(fixes.map { editor.file.text(in: $0.edit.range) } == [wrong])
        }
    }

    /// A help that names the span's replacement, beyond a did-you-mean: a condition's
    /// word to quote or to spell as a boolean, a date or time to quote, a rule run
    /// into its parameter.
    @Test func helpThatNamesTheReplacement() {
        let fields = "formc: 1\nform: A\nelements:\n  - boolean: news\n    title: N\n  - segment: plan\n    options: [free, pro]\n  - date: born\n  - textField: a\n"
        let cases: [(line: String, wrong: String, fixed: String)] = [
            ("    visibleWhen: plan == pro\n", "pro", "'pro'"),
            ("    visibleWhen: news == yes\n", "yes", "true"),
            ("    visibleWhen: born < 2000-01-01\n", "2000-01-01", "'2000-01-01'"),
            ("    rules:\n      - minLength 3\n", "minLength 3", "minLength: 3"),
        ]
        for (line, wrong, fixed) in cases {
            let editor = EditorDocument(path: "a.form.yaml", text: fields + line)
            let fixes = editor.quickFixes(in: SourceRange(start: .start, end: SourcePosition(line: 99, column: 1)))
            #expect(fixes.map(\.edit.newText) == [fixed], "\(line)")
            #expect(fixes.map { editor.file.text(in: $0.edit.range) } == [wrong], "\(line)")
            let edited = fields + line.replacingOccurrences(wrong, fixed)
            #expect(EditorDocument(path: "a.form.yaml", text: edited).diagnostics.isEmpty, "\(edited)")
        }
        // A quote goes in as the YAML scalar holding the condition allows: doubled in
        // single quotes; a plain scalar it would start goes in double quotes whole.
        let quoting: [(line: String, fixedLine: String)] = [
            ("    visibleWhen: 'plan == pro'\n", "    visibleWhen: 'plan == ''pro'''\n"),
            ("    visibleWhen: pro == plan\n", "    visibleWhen: \"'pro' == plan\"\n"),
            ("    visibleWhen: 2000-01-01 > born\n", "    visibleWhen: \"'2000-01-01' > born\"\n"),
            ("    visibleWhen: \"plan == pro\"\n", "    visibleWhen: \"plan == 'pro'\"\n"),
        ]
        for (line, fixedLine) in quoting {
            let editor = EditorDocument(path: "a.form.yaml", text: fields + line)
            let fixes = editor.quickFixes(in: SourceRange(start: .start, end: SourcePosition(line: 99, column: 1)))
            #expect(fixes.count == 1, "\(line)")
            guard let edit = fixes.first?.edit else { continue }
            var bytes = editor.file.bytes
            bytes.replaceSubrange(editor.file.byteOffset(of: edit.range.start)..<editor.file.byteOffset(of: edit.range.end), with: Array(edit.newText.utf8))
            #expect(String(decoding: bytes, as: UTF8.self) == fields + fixedLine, "\(line)")
            #expect(EditorDocument(path: "a.form.yaml", text: fields + fixedLine).diagnostics.isEmpty, "\(fixedLine)")
        }
        // In JSON, a rule run into its parameter becomes a mapping.
        let json = #"{"formc": 1, "form": "A", "elements": [{"textField": "a", "rules": ["minLength 3"]}]}"#
        let editor = EditorDocument(path: "a.form.json", text: json)
        let fixes = editor.quickFixes(in: SourceRange(start: .start, end: SourcePosition(line: 99, column: 1)))
        #expect(fixes.map(\.edit.newText) == [#"{"minLength": 3}"#])
        #expect(fixes.map { editor.file.text(in: $0.edit.range) } == [#""minLength 3""#])
        #expect(EditorDocument(path: "a.form.json", text: json.replacingOccurrences(#""minLength 3""#, #"{"minLength": 3}"#)).diagnostics.isEmpty)
    }

    @Test func theTagHintsNot() {
        let text = "formc: 1\nform: A\nelements:\n  - boolean: news\n    title: N\n  - textField: a\n    visibleWhen: !news\n"
        let editor = EditorDocument(path: "a.form.yaml", text: text)
        let fixes = editor.quickFixes(in: SourceRange(start: SourcePosition(line: 7, column: 1), end: SourcePosition(line: 7, column: 30)))
        #expect(fixes.map(\.edit.newText) == ["not news"])
        #expect(editor.file.text(in: fixes[0].edit.range) == "!news")
    }

    @Test func aYAMLBooleanFix() {
        let text = "formc: 1\nform: A\nelements:\n  - boolean: news\n    title: N\n    default: yes\n"
        let fixes = EditorDocument(path: "a.form.yaml", text: text).quickFixes(in: SourceRange(start: .start, end: SourcePosition(line: 9, column: 1)))
        #expect(fixes.map(\.edit.newText) == ["true"])
    }
}

/// Completion knows the field's kind: only the rules that apply to it (the table
/// the checker reads for FC401), none already given, and the closed values of the
/// kind's own keys.
@Suite struct KindAwareCompletionTests {
    /// One element of each kind, `‸` standing in `marked`, the element's last line.
    private func form(_ element: String) -> String {
        """
        formc: 1
        form: KindForm
        elements:
          - textField: name
          - segment: size
            options: [small, large]
        \(element)
        """
    }

    private func flowRules(_ kind: String, extra: String = "") -> [String] {
        labels(form("  - \(kind): field\n\(extra)    rules: [‸]\n"))
    }

    @Test func textFieldsTakeTheTextRules() {
        let text = ["required", "minLength", "maxLength", "pattern", "email", "url", "sameAs", "custom"]
        #expect(flowRules("textField") == text)
        #expect(flowRules("floatLabel", extra: "    label: Name\n") == text)
        #expect(flowRules("textView") == text)
    }

    @Test func aBooleanAndAChoiceTakeRequiredSameAsAndCustom() {
        #expect(flowRules("boolean", extra: "    title: Agree\n") == ["required", "sameAs", "custom"])
        #expect(flowRules("segment", extra: "    options: [a, b]\n") == ["required", "sameAs", "custom"])
        #expect(flowRules("picker", extra: "    options: [a, b]\n") == ["required", "sameAs", "custom"])
    }

    @Test func numbersAndDatesTakeBounds() {
        #expect(flowRules("number") == ["required", "custom", "min", "max"])
        #expect(flowRules("date", extra: "    mode: time\n") == ["required", "custom", "min", "max"])
    }

    @Test func aMultiChoiceTakesCounts() {
        #expect(flowRules("multiChoice", extra: "    options: [a, b, c]\n") == ["required", "custom", "minCount", "maxCount"])
    }

    @Test func aKindWithoutAValueTakesNoRules() {
        #expect(flowRules("segue", extra: "    title: Next\n").isEmpty)
    }

    @Test func aRuleAlreadyGivenIsNotOfferedAgain() {
        #expect(labels(form("  - number: age\n    rules: [required, {min: 18}, ‸]\n")) == ["custom", "max"])
        let block = labels(form("  - multiChoice: toppings\n    options: [a, b, c]\n    rules:\n      - minCount: 1\n      - ‸\n"))
        #expect(block == ["required", "custom", "maxCount"])
    }

    /// In a rule mapping's key position: the rules that apply, those without a
    /// parameter too (their mapping form takes `message` and `when`, SPEC §16), and
    /// `when`.
    @Test func aRuleMappingsKeys() {
        let date = labels(form("  - date: birthday\n    rules:\n      - message: Too young\n        ‸\n"))
        #expect(date == ["required", "custom", "min", "max", "when"])
        let text = labels(form("  - textField: nick\n    rules:\n      - minLength: 2\n      - message: Too long\n        ‸\n"))
        #expect(text == ["required", "maxLength", "pattern", "email", "url", "sameAs", "custom", "when"])
    }

    @Test func theStylesOfEachKind() {
        #expect(labels(form("  - number: age\n    style: ‸\n")) == ["field", "stepper", "slider"])
        #expect(labels(form("  - date: day\n    style: ‸\n")) == ["compact", "wheel", "graphical"])
        #expect(labels(form("  - picker: plan\n    options: [a, b]\n    style: ‸\n")) == ["menu", "wheel", "navigation", "inline"])
        #expect(labels(form("  - multiChoice: tags\n    options: [a, b]\n    style: ch‸\n")) == ["checklist", "chips"])
        #expect(labels(form("  - group:\n    style: ‸\n    elements:\n      - spacer: 8\n")) == ["plain", "grouped"])
        #expect(labels(form("  - staticText: Hello\n    style: ‸\n")) == ["body", "footnote", "caption", "headline"])
    }

    @Test func aDatesModeAndAPickersDefault() {
        #expect(labels(form("  - date: day\n    mode: ‸\n")) == ["date", "time", "dateTime"])
        #expect(labels(form("  - picker: plan\n    options: [basic, {value: pro, title: Pro}]\n    default: ‸\n")) == ["basic", "pro"])
        // A number's default and a date's are open: nothing to offer.
        #expect(labels(form("  - number: age\n    default: ‸\n")).isEmpty)
        #expect(labels(form("  - date: day\n    default: ‸\n")).isEmpty)
    }

    /// Conditions over the kinds of SPEC §10: a picker's options in `in [...]`, a
    /// multiChoice's in `contains(...)`, and multiChoice fields for `count(`.
    @Test func optionValuesOfPickersAndMultiChoicesInConditions() {
        let fields = "  - picker: plan\n    options: [basic, pro]\n  - multiChoice: toppings\n    options: [cheese, olives]\n"
        func condition(_ text: String) -> [String] { labels(form(fields + "  - textField: note\n    visibleWhen: \(text)\n")) }
        #expect(condition("plan in ['‸") == ["basic", "pro"])
        #expect(condition("plan in ['basic', '‸") == ["basic", "pro"])
        #expect(condition("plan == '‸") == ["basic", "pro"])
        #expect(condition("contains(toppings, '‸") == ["cheese", "olives"])
        #expect(condition("count(‸") == ["toppings"])
        #expect(condition("contains(‸") == ["toppings"])
        // Values that would not type-check are not offered.
        #expect(condition("toppings == '‸").isEmpty)
        #expect(condition("contains(plan, '‸").isEmpty)
        // Where only a literal fits, no field id or word is offered: a whole number
        // after `count(…)` and an operator, an option before its quote is typed.
        #expect(condition("count(toppings) > ‸").isEmpty)
        #expect(condition("\"count(toppings) == ‸").isEmpty)
        #expect(condition("plan in [‸").isEmpty)
        #expect(condition("plan in ['basic', ‸").isEmpty)
        #expect(condition("contains(toppings, ‸").isEmpty)
        // After them, the condition goes on as before.
        #expect(condition("count(toppings) > 1 and ‸").contains("plan"))
        #expect(condition("(count(toppings) > 1) == ‸") == ["true", "false"])
        #expect(condition("isEmpty(note) != ‸") == ["true", "false"])
        #expect(condition("count( toppings ) >= ‸").isEmpty)
        #expect(condition("plan in ['basic'] or ‸").contains("plan"))
        #expect(condition("contains(toppings, 'olives') and (‸").contains("plan"))
    }

    @Test func aKeyOfNoKindYetGetsValuesOnlyWhenEveryKindAgrees() {
        #expect(labels(form("  - validateOn: ‸\n")) == ValidationTrigger.allCases.map(\.rawValue))
        #expect(labels(form("  - style: ‸\n")).isEmpty)
    }
}

/// The editor features of SPEC §16: field names in bounds and `when`, set names
/// after `options:`, and rename across bounds, `when` and option sets.
@Suite struct EditorRelationTests {
    static let trip = """
    formc: 1
    form: TripForm
    options:
      Country: [us, gb]
      Region: [north, south]
    elements:
      - date: start
      - date: opens
        mode: time
      - number: guests
      - picker: home
        options: Country
      - picker: away
        options: Country
      - date: end
        rules:
          - min: start
            when: not isEmpty(start) and home == away
      - textField: note
        visibleWhen: end > start

    """

    /// An option of a set is an option as a field's own list writes it: its keys
    /// are offered and described there too, in flow and block style.
    @Test func theKeysOfASetsOptions() {
        let flow = Self.trip.replacingOccurrences("  Country: [us, gb]\n", "  Country: [{ value: us, ‸ }, gb]\n")
        #expect(labels(flow) == ["title", "image"])
        let block = Self.trip.replacingOccurrences("  Country: [us, gb]\n", "  Country:\n    - value: us\n      ‸\n    - gb\n")
        #expect(labels(block) == ["title", "image"])
        let (editor, cursor) = document(Self.trip.replacingOccurrences("  Country: [us, gb]\n", "  Country: [{ val‸ue: us, title: US }, gb]\n"))
        #expect(editor.hover(at: cursor)?.markdown.hasPrefix("`value`: ") == true)
    }

    @Test func fieldsOfTheSameKindAfterABound() {
        let found = labels(Self.trip.replacingOccurrences("      - min: start\n", "      - min: ‸\n"))
        #expect(found == ["start", "today"], "a date of the same mode, not the field itself, and today: \(found)")
    }

    @Test func fieldsAndWordsInARulesWhen() {
        let block = labels(Self.trip.replacingOccurrences("when: not isEmpty(start) and home == away", "when: not ‸"))
        #expect(block.contains("home") && block.contains("isEmpty") && block.contains("start"))
        let flow = labels(Self.trip.replacingOccurrences("      - min: start\n        when: not isEmpty(start) and home == away\n",
                                                         "      - { min: start, when: ho‸ }\n"))
        #expect(flow.first == "home", "\(flow)")
        #expect(labels(Self.trip.replacingOccurrences("when: not isEmpty(start) and home == away", "when: home == '‸")) == ["us", "gb"])
    }

    /// After a comparison's operator, the fields it can compare with (SPEC §16): of
    /// the same value type, never the field itself.
    @Test func fieldsOfTheSameTypeAfterAComparison() {
        #expect(labels(Self.trip.replacingOccurrences("visibleWhen: end > start", "visibleWhen: end > ‸")) == ["start"])
        #expect(labels(Self.trip.replacingOccurrences("when: not isEmpty(start) and home == away", "when: home == ‸")) == ["away"])
        // Numbers compare whatever their `decimals`.
        let priced = Self.trip.replacingOccurrences("  - number: guests\n", "  - number: guests\n  - number: price\n    decimals: 2\n")
        #expect(labels(priced.replacingOccurrences("visibleWhen: end > start", "visibleWhen: guests < ‸")) == ["price"])
    }

    @Test func whenIsAKeyOfARuleMapping() {
        let found = labels(Self.trip.replacingOccurrences("        when: not isEmpty(start) and home == away\n", "        ‸\n"))
        #expect(found.contains("when") && found.contains("message"))
    }

    @Test func setNamesAfterOptions() {
        #expect(labels(Self.trip.replacingOccurrences("    options: Country\n  - picker: away", "    options: ‸\n  - picker: away")) == ["Country", "Region"])
    }

    /// A field with a shared set has the set's enum, so `enumName` beside it is
    /// FC101 (SPEC §16): neither is offered beside the other, in YAML or JSON;
    /// a field with its own options is offered `enumName`.
    @Test func noEnumNameBesideASetNorASetBesideEnumName() {
        let keys = labels(Self.trip.replacingOccurrences("    options: Country\n  - picker: away", "    options: Country\n    ‸\n  - picker: away"))
        #expect(keys.contains("title") && !keys.contains("enumName"), "\(keys)")
        let flow = labels(Self.trip.replacingOccurrences("  - picker: home\n    options: Country\n", "  - { picker: home, options: Country, ‸ }\n"))
        #expect(flow.contains("title") && !flow.contains("enumName"), "\(flow)")
        let own = labels(Self.trip.replacingOccurrences("  - picker: home\n    options: Country\n", "  - picker: home\n    options: [a, b]\n    ‸\n"))
        #expect(own.contains("enumName"), "\(own)")
        let named = Self.trip.replacingOccurrences("    options: Country\n  - picker: away", "    enumName: Home\n    options: ‸\n  - picker: away")
        #expect(labels(named).isEmpty)
        let json = #"{"formc": 1, "form": "A", "options": {"Level": ["a", "b"]}, "elements": [{"picker": "level", "options": "Level", "‸": null}]}"#
        let jsonKeys = labels(json, path: "a.form.json")
        #expect(jsonKeys.contains("title") && !jsonKeys.contains("enumName"), "\(jsonKeys)")
    }

    @Test func renameAFieldAcrossBoundsAndWhen() throws {
        let (editor, cursor) = document(Self.trip.replacingOccurrences("  - date: start\n", "  - date: st‸art\n"))
        let edits = try editor.rename(at: cursor, to: "begin").get()
        #expect(edits.map(\.range.start.line) == [7, 17, 18, 20])
        #expect(editor.references(at: cursor).count == 4)
    }

    @Test func renameASharedSet() throws {
        let (editor, cursor) = document(Self.trip.replacingOccurrences("  Country: [us, gb]", "  Coun‸try: [us, gb]"))
        let edits = try editor.rename(at: cursor, to: "Nation").get()
        #expect(edits.map(\.range.start) == [SourcePosition(line: 4, column: 3), SourcePosition(line: 12, column: 14), SourcePosition(line: 14, column: 14)])
        #expect(editor.definition(at: SourcePosition(line: 12, column: 16)) == [edits[0].range])
        #expect(throws: RenameRefusal.self) { try editor.rename(at: cursor, to: "nation").get() }
        #expect(throws: RenameRefusal.self) { try editor.rename(at: cursor, to: "Region").get() }
        // Each refusal gives its own reason.
        func refusal(_ name: String) -> String? {
            if case .failure(let refusal) = editor.rename(at: cursor, to: name) { refusal.message } else { nil }
        }
        #expect(refusal("Self") == "'Self' is a Swift keyword, which an option set's name cannot be")
        #expect(refusal("nation")?.hasSuffix("an option set's name is an UpperCamelCase Swift type name ([A-Z][A-Za-z0-9]*)") == true)
    }
}

extension EditorRelationTests {
    @Test func hoverOfASetAndOfAFieldWithRelations() throws {
        let (editor, _) = document(Self.trip)
        let set = try #require(editor.hover(at: SourcePosition(line: 12, column: 16)))
        #expect(set.markdown.contains("shared option set") && set.markdown.contains("Used by `home`, `away`."))
        let end = try #require(editor.hover(at: SourcePosition(line: 15, column: 12)))
        #expect(end.markdown.contains("`min: start` when `not isEmpty(start) and home == away`"), "\(end.markdown)")
    }
}

extension EditorRelationTests {
    @Test func quickFixesForAMisspeltBoundAndSet() {
        let text = Self.trip.replacingOccurrences("min: start", "min: strat").replacingOccurrences("home\n    options: Country", "home\n    options: Contry")
        let editor = EditorDocument(path: "trip.form.yaml", text: text)
        let fixes = editor.quickFixes(in: SourceRange(start: .start, end: SourcePosition(line: 30, column: 1)))
        #expect(fixes.map(\.edit.newText).sorted() == ["Country", "start"])
        #expect(fixes.map(\.diagnostic.code) == [.conditionUnknownField, .conditionUnknownField])
    }
}

/// Pages and lists hold elements as groups do: every completion and hover of an
/// element works inside them (SPEC §12, §14, §15), and a list's entries know the
/// form's shared option sets (§16).
extension EditorRelationTests {
    static let pagedTrip = """
    formc: 1
    form: PagedForm
    options:
      Country: [us, gb]
    elements:
      - page: one
        elements:
          - textField: email
            keyboard: email
          - date: start
          - date: end
            rules: [{ min: start }]
          - list: stops
            elements:
              - picker: country
                options: Country

    """

    @Test func insideAPageKeysValuesRulesAndBoundsComplete() throws {
        #expect(labels(Self.pagedTrip.replacingOccurrences("keyboard: email", "keyboard: ‸")).contains("email"))
        let keys = labels(Self.pagedTrip.replacingOccurrences("        keyboard: email\n", "        keyb‸\n"))
        #expect(keys.contains("keyboard") && keys.contains("rules") && !keys.contains("elements"), "\(keys)")
        // A date's bound: the other dates, and `today` (SPEC §16).
        #expect(labels(Self.pagedTrip.replacingOccurrences("{ min: start }", "{ min: ‸ }")) == ["start", "today"])
        #expect(labels(Self.pagedTrip.replacingOccurrences("{ min: start }", "{ min: to‸ }")) == ["today"])
        let (editor, _) = document(Self.pagedTrip)
        let hover = try #require(editor.hover(at: SourcePosition(line: 9, column: 9)))
        #expect(hover.markdown.contains("keyboard"), "\(hover.markdown)")
    }

    @Test func anEntrysOptionsOfferTheSetsAndTheSetNamesItsEntryUsers() throws {
        #expect(labels(Self.pagedTrip.replacingOccurrences("options: Country\n", "options: ‸\n")) == ["Country"])
        let (editor, _) = document(Self.pagedTrip)
        let set = try #require(editor.hover(at: SourcePosition(line: 4, column: 4)))
        #expect(set.markdown.contains("Used by `stops.country`."), "\(set.markdown)")
    }
}

/// How the `formc` key of unreadable text is found: at the start of a line in any
/// YAML spelling, as a first-level key of a text that starts with `{`, after a
/// byte-order mark too; never deeper.
@Test func theFormcKeyOfUnreadableTextIsFoundAtTheTopLevelOnly() {
    let forms = [
        "formc: 1\nelements: [\n", "\u{FEFF}formc: 1\nelements: [\n", "\"formc\": 1\nelements: [\n",
        "'formc' : 1\nelements: [\n", "formc : 1\r\nelements: [\r\n", "form: A\nformc: 1\nelements: [\n",
        "{formc: 1, elements: [", "\u{FEFF}{\"formc\": 1, \"elements\": [", "{\"a\": [1, {\"b\": 2}], \"formc\": 1, [",
        "{\"a\": \"x\\\"}\", \"formc\": 1, [", "{title: it's mine, formc: 1, elements: [",
    ]
    for text in forms {
        #expect(EditorDocument.namesFormcKey(Array(text.utf8)), "\(text)")
    }
    let others = [
        "on: push\njobs: [\n  formc: 1\n", "[{\"formc\": 1}", "{\"on\": \"push\", \"jobs\": {\"formc\": 1}, ",
        "{\"a\": \"formc\", \"b\": [", "# formc: 1\njobs: [\n", "formcx: 1\n[", "{\"a\": [\"formc\": 1",
    ]
    for text in others {
        #expect(!EditorDocument.namesFormcKey(Array(text.utf8)), "\(text)")
    }
}

/// A completion replaces the whole word the condition lexer reads, letters beyond
/// ASCII included: after `cóm` no item replaces the `m` alone (`cócompany`).
@Test func aCompletionReplacesAWordWithLettersBeyondASCIIWhole() throws {
    func completions(_ word: String) -> [EditorCompletion] {
        let (editor, cursor) = document("""
            formc: 1
            form: F
            elements:
              - textField: company
              - textField: other
                visibleWhen: not isEmpty(\(word)‸)
            """)
        return editor.completions(at: cursor)
    }
    #expect(completions("cóm").allSatisfy { $0.range.start == SourcePosition(line: 6, column: 30) })
    let item = try #require(completions("com").first { $0.label == "company" })
    #expect(item.range.start == SourcePosition(line: 6, column: 30))
}
