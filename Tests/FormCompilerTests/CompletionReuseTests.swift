@testable import FormEditor
@testable import FormSource
import Testing

/// Completion answered from the trees already made (this text's, or the last one
/// that read) must be the answer of reading the edited text again.
private let form = """
formc: 1
form: SignUpForm
elements:
  - textField: email
    placeholder: Mail
    rules:
      - required
      - sameAs: email
  - segment: plan
    options: [free, pro]
    style: segmented
  - group: more
    elements:
      - boolean: news
        title: News
      - textField: company
        visibleWhen: plan == 'pro' and not news

"""

private func lines(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
}

private func position(after text: String, line: Int) -> SourcePosition {
    SourcePosition(line: line, column: text.unicodeScalars.count + 1)
}

@Suite struct CompletionReuseTests {
    /// Every place a word is typed on a new line after any line of the form (a key,
    /// an item, a value, a condition): the same completions from the analyses as
    /// from reading the edited text, with the last readable analysis at hand.
    @Test func aTypedLineAnswersAsAReread() {
        let original = EditorDocument(path: "a.form.yaml", text: form)
        let typed = [
            "ti", "- te", "- ma", "- email", "- sameAs", "style: ", "style: se", "enabledWhen: ne", "enabledWhen: PL",
            "visibleWhen: plan == '", "sameAs: em", "", "- ",
        ]
        var compared = 0
        var nonEmpty = 0
        var written = lines(form)
        written.removeLast()
        for after in 1...written.count {
            for indentation in stride(from: 0, through: 8, by: 2) {
                for word in typed {
                    var edited = written
                    let text = String(repeating: " ", count: indentation) + word
                    edited.insert(text, at: after)
                    let editor = EditorDocument(path: "a.form.yaml", text: edited.joined(separator: "\n") + "\n")
                    let cursor = position(after: text, line: after + 1)
                    let reused = editor.completionList(at: cursor, lastReadable: original, reusingTrees: true)
                    let reread = editor.completionList(at: cursor, lastReadable: original, reusingTrees: false)
                    #expect(reused == reread, "after line \(after): \(text)")
                    compared += 1
                    if !reused.items.isEmpty { nonEmpty += 1 }
                }
            }
        }
        #expect(compared == written.count * 5 * typed.count)
        #expect(nonEmpty > 100)
    }

    /// Every line of the form typed over with a word: the last readable analysis
    /// still holds the line's old key, and the answer is the reread text's, where
    /// that key is offered again (`when` retyped as `wh`).
    @Test func aRetypedLineAnswersAsAReread() {
        let original = EditorDocument(path: "a.form.yaml", text: form)
        var written = lines(form)
        written.removeLast()
        var offeredAgain = 0
        for line in 1...written.count {
            for word in ["ti", "- te", "pl", "style: se", ""] {
                let indentation = String(written[line - 1].unicodeScalars.prefix { $0 == " " })
                var edited = written
                edited[line - 1] = indentation + word
                let editor = EditorDocument(path: "a.form.yaml", text: edited.joined(separator: "\n") + "\n")
                let cursor = position(after: indentation + word, line: line)
                let reused = editor.completionList(at: cursor, lastReadable: original, reusingTrees: true)
                let reread = editor.completionList(at: cursor, lastReadable: original, reusingTrees: false)
                #expect(reused == reread, "line \(line): \(indentation + word)")
                if word == "pl", reused.items.contains(where: { $0.label == "placeholder" }) { offeredAgain += 1 }
            }
        }
        // `placeholder: Mail` typed over as `pl`: its key is offered again.
        #expect(offeredAgain >= 1)
    }

    /// A word alone on a new line leaves the YAML unreadable; the keys come from the
    /// analysis before it.
    @Test func keysAfterAnEditThatBrokeTheYAML() {
        let original = EditorDocument(path: "a.form.yaml", text: form)
        let edited = form.replacing("    placeholder: Mail\n", with: "    placeholder: Mail\n    ti\n")
        let editor = EditorDocument(path: "a.form.yaml", text: edited)
        #expect(!editor.hasSyntax)
        let cursor = SourcePosition(line: 6, column: 7)
        let labels = editor.completions(at: cursor, lastReadable: original).map(\.label)
        #expect(labels.contains("label"))
        #expect(labels.contains("keyboard"))
        #expect(!labels.contains("placeholder"))
        #expect(!labels.contains("rules"))
    }

    /// An analysis older than an edit above the cursor is not used: its element
    /// had no `title` yet, the text has one, and `title` is not offered again.
    @Test func staleAnalysisWithAnEditedLineAbove() {
        let stale = EditorDocument(path: "a.form.yaml", text: form)
        let edited = form.replacing("    placeholder: Mail\n", with: "    placeholder: Mail\n    title: Mail\n    ti\n")
        let editor = EditorDocument(path: "a.form.yaml", text: edited)
        #expect(!editor.hasSyntax)
        let labels = editor.completions(at: SourcePosition(line: 7, column: 7), lastReadable: stale).map(\.label)
        #expect(labels.contains("keyboard"))
        #expect(!labels.contains("title"))
        #expect(!labels.contains("placeholder"))
    }

    /// Field ids in a condition come from the analysis before the edit when the
    /// edited text does not read at all.
    @Test func conditionIDsFromTheLastAnalysis() {
        let original = EditorDocument(path: "a.form.yaml", text: form)
        let broken = form.replacing("  - segment: plan\n", with: "  - segment: plan\n    enabledWhen: [ne\n")
        let editor = EditorDocument(path: "a.form.yaml", text: broken)
        #expect(editor.symbols == nil)
        let cursor = SourcePosition(line: 10, column: 19)
        let labels = editor.completions(at: cursor, lastReadable: original).map(\.label)
        #expect(labels.contains("news"))
        #expect(labels.contains("email"))
        #expect(editor.completions(at: cursor).filter { $0.kind == .fieldID }.isEmpty)
    }
}

/// A form with more fields than one completion offers: `choice0`…`choice119`, then
/// `echo` (c, h, o in order, not at its start) and `name`.
private let manyFields: String = {
    var text = "formc: 1\nform: Many\nelements:\n"
    for index in 0..<120 { text += "  - textField: choice\(index)\n" }
    return text + "  - textField: echo\n  - textField: name\n    enabledWhen: WORD\n"
}()

@Suite struct CompletionFieldIDFilterTests {
    /// The field ids offered in the condition written as `condition`, with whether
    /// the list is marked incomplete; the same from the analyses as from a re-read.
    private func fieldIDs(_ condition: String) -> (ids: [String], isIncomplete: Bool) {
        let text = manyFields.replacing("WORD", with: condition)
        let editor = EditorDocument(path: "a.form.yaml", text: text)
        let cursor = SourcePosition(line: text.split(separator: "\n").count, column: "    enabledWhen: ".count + condition.count + 1)
        let list = editor.completionList(at: cursor, lastReadable: editor, reusingTrees: true)
        #expect(list == editor.completionList(at: cursor, lastReadable: editor, reusingTrees: false))
        return (list.items.filter { $0.kind == .fieldID }.map(\.label), list.isIncomplete)
    }

    @Test func idsStartingWithTheWordComeFirstAndTheListIsCut() {
        let (ids, isIncomplete) = fieldIDs("cho")
        #expect(ids == (0..<EditorDocument.fieldIDLimit).map { "choice\($0)" })
        #expect(isIncomplete)
    }

    @Test func theWordMatchesInAnyCaseAndInOrder() {
        // `choice101` has c, h, o, i, c, e, 1, 1 in order too.
        #expect(fieldIDs("choice11").ids == ["choice11"] + (110..<120).map { "choice\($0)" } + ["choice101"])
        #expect(fieldIDs("CHOICE11").ids == fieldIDs("choice11").ids)
        // `ech` starts `echo`; `cho` inside it comes after the ids that start with it.
        #expect(fieldIDs("ech").ids == ["echo"])
        #expect(fieldIDs("nm").ids == ["name"])
        #expect(fieldIDs("choice119").ids == ["choice119"])
        #expect(fieldIDs("zz").ids.isEmpty)
        // Every id has the scattered `e`: prefix matches (`echo`) before the rest.
        #expect(fieldIDs("e").ids.first == "echo")
    }

    @Test func withoutAWordEveryIDUpToTheLimit() {
        let (ids, isIncomplete) = fieldIDs("not ")
        #expect(ids.count == EditorDocument.fieldIDLimit)
        #expect(isIncomplete)
        let few = EditorDocument(path: "a.form.yaml", text: form)
        let cursor = SourcePosition(line: 17, column: "        visibleWhen: ".count + 1)
        let list = few.completionList(at: cursor)
        // Not `company`, whose visibility the condition decides.
        #expect(list.items.filter { $0.kind == .fieldID }.map(\.label) == ["email", "plan", "news"])
        #expect(!list.isIncomplete)
    }
}
