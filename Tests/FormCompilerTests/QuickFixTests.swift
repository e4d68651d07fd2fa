import FormEditor
import FormSource
import Foundation
import Testing

/// A quick fix is the edit its diagnostic's help names, made where the diagnostic
/// is (`DiagnosticHelp`): applied, it leaves the form with no problem, and the
/// text around it (a quoted YAML scalar) stays valid.
@Suite struct QuickFixTests {
    /// The lines before a form's elements.
    private static let head = "formc: 1\nform: A\nelements:\n"

    private static let fields = """
        formc: 1
        form: A
        elements:
          - boolean: news
            title: N
          - segment: plan
            options: [free, pro]
          - multiChoice: diet
            options: [vegan, fish]
          - number: low
          - number: high
          - date: born
          - textField: a

        """

    /// The text with the edits made.
    private static func applying(_ edits: [EditorEdit], to file: SourceFile) -> String {
        var bytes = file.bytes
        for edit in edits.sorted(by: { $0.range.start > $1.range.start }) {
            bytes.replaceSubrange(file.byteOffset(of: edit.range.start)..<file.byteOffset(of: edit.range.end), with: Array(edit.newText.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func everywhere() -> SourceRange {
        SourceRange(start: .start, end: SourcePosition(line: 999, column: 1))
    }

    /// `broken` has one diagnostic, whose help includes `help` and whose one quick
    /// fix turns `broken` into `fixed`, which has no diagnostic.
    private func expectFix(
        _ broken: String, path: String = "a.form.yaml", help: String, fixed: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let editor = EditorDocument(path: path, text: broken)
        #expect(editor.diagnostics.count == 1, "\(editor.diagnostics.map(\.message))", sourceLocation: sourceLocation)
        #expect(editor.diagnostics.first?.help.contains(help) == true, "\(editor.diagnostics.map(\.help))", sourceLocation: sourceLocation)
        let fixes = editor.quickFixes(in: Self.everywhere())
        #expect(fixes.count == 1, "\(fixes.map(\.title))", sourceLocation: sourceLocation)
        guard let fix = fixes.first else { return }
        let edited = Self.applying(fix.edits, to: editor.file)
        #expect(edited == fixed, sourceLocation: sourceLocation)
        let after = EditorDocument(path: path, text: edited).diagnostics
        #expect(after.isEmpty, "\(after.map(\.message))", sourceLocation: sourceLocation)
    }

    /// Each of `texts` has a diagnostic of `code`, and no quick fix.
    private func expectNoFix(of code: DiagnosticCode, in texts: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for text in texts {
            let editor = EditorDocument(path: "a.form.yaml", text: text)
            #expect(editor.diagnostics.contains { $0.code == code }, "\(editor.diagnostics.map(\.message))", sourceLocation: sourceLocation)
            #expect(editor.quickFixes(in: Self.everywhere()).isEmpty, sourceLocation: sourceLocation)
        }
    }

    private func yaml(_ lines: String) -> String { Self.fields + lines }

    /// A rule with its condition in words (`required when news`) is the mapping
    /// with `when` (SPEC §16), in the file's syntax, never `required: when news`,
    /// which would be another error and then drop the condition.
    @Test func aConditionWrittenInWordsBecomesTheRulesWhen() {
        let help = "a rule that applies only while a condition holds is a mapping with 'when': "
        expectFix(
            yaml("    rules: [required when news]\n"), help: help + "{ required: true, when: news }",
            fixed: yaml("    rules: [{ required: true, when: news }]\n")
        )
        expectFix(
            yaml("    rules:\n      - minLength 3 if not news\n"), help: help + "{ minLength: 3, when: not news }",
            fixed: yaml("    rules:\n      - { minLength: 3, when: not news }\n")
        )
        expectFix(
            yaml("    rules: ['email when news']\n"), help: help + "{ email, when: news }",
            fixed: yaml("    rules: [{ email, when: news }]\n")
        )
        // A condition YAML would read otherwise in a flow mapping is quoted.
        expectFix(
            yaml("    rules: [\"required when plan in ['pro']\"]\n"), help: help + "{ required: true, when: 'plan in [''pro'']' }",
            fixed: yaml("    rules: [{ required: true, when: 'plan in [''pro'']' }]\n")
        )
        let json = #"{"formc": 1, "form": "A", "elements": [{"boolean": "news", "title": "N"}, {"textField": "a", "rules": ["required when news"]}]}"#
        expectFix(
            json, path: "a.form.json", help: help + #"{"required": true, "when": "news"}"#,
            fixed: json.replacingOccurrences(of: #""required when news""#, with: #"{"required": true, "when": "news"}"#)
        )
        // A rule that needs a parameter and has none gets an example, and no edit.
        let diagnostics = diagnose(yaml("    rules: [minLength when news]\n"))
        #expect(diagnostics.map(\.help) == [[DiagnosticHelp(help + "{ minLength: 8, when: news }").text]])
        expectNoFix(of: .unknownRule, in: [yaml("    rules: [minLength when news]\n")])
    }

    /// A shared set's name in brackets (`options: [Country]`) is one error, whose
    /// fix names the set: no count error for a list of one, no unused set.
    @Test func aSetsNameInBracketsIsTheSet() {
        let form = "formc: 1\nform: A\noptions:\n  Country: [us, gb]\nelements:\n  - picker: country\n    options: [Country]\n"
        expectFix(
            form, help: "'Country' is an option set: name it without the brackets, options: Country",
            fixed: form.replacingOccurrences(of: "[Country]", with: "Country")
        )
        let block = "formc: 1\nform: A\noptions:\n  Country: [us, gb]\nelements:\n  - multiChoice: countries\n    options:\n      - Country\n"
        expectFix(
            block, help: "'Country' is an option set: name it without the brackets, options: Country",
            fixed: block.replacingOccurrences(of: "\n      - Country", with: "\n      Country")
        )
        let json = #"{"formc": 1, "form": "A", "options": {"Country": ["us", "gb"]}, "elements": [{"segment": "c", "options": ["Country"]}]}"#
        expectFix(
            json, path: "a.form.json", help: #"'Country' is an option set: name it without the brackets, "options": "Country""#,
            fixed: json.replacingOccurrences(of: #"["Country"]"#, with: #""Country""#)
        )
        // An option that only shares a set's name among others is an option.
        #expect(diagnose("formc: 1\nform: A\noptions:\n  Country: [us, gb]\nelements:\n  - picker: c\n    options: Country\n  - picker: d\n    options: [Country, other]\n").isEmpty)
    }

    /// An option written as its value and title in one entry (`- us: United
    /// States`) is one error, whose fix writes its mapping in place of the item:
    /// in a block list, in a flow list, in JSON, its title quoted as YAML needs.
    @Test func anOptionWrittenAsOneEntryBecomesItsMapping() {
        let block = Self.head + "  - picker: country\n    options:\n      - us: United States\n      - gb\n"
        expectFix(
            block, help: "an option's value and title are its 'value' and 'title': write '{ value: us, title: United States }'",
            fixed: block.replacingOccurrences(of: "- us: United States", with: "- { value: us, title: United States }")
        )
        let flow = Self.head + "  - segment: plan\n    options: [free, { pro: \"Pro: monthly\" }]\n"
        expectFix(
            flow, help: "an option's value and title are its 'value' and 'title': write '{ value: pro, title: 'Pro: monthly' }'",
            fixed: flow.replacingOccurrences(of: "{ pro: \"Pro: monthly\" }", with: "{ value: pro, title: 'Pro: monthly' }")
        )
        let json = #"{"formc": 1, "form": "A", "elements": [{"multiChoice": "diet", "options": ["fish", {"vegan": "Vegan"}]}]}"#
        expectFix(
            json, path: "a.form.json", help: #"an option's value and title are its "value" and "title": write {"value": "vegan", "title": "Vegan"}"#,
            fixed: json.replacingOccurrences(of: #"{"vegan": "Vegan"}"#, with: #"{"value": "vegan", "title": "Vegan"}"#)
        )
        // A misspelt key of an option's is a misspelling, not an option.
        let misspelt = EditorDocument(path: "a.form.yaml", text: Self.head + "  - segment: plan\n    options: [free, { valu: pro }]\n")
        #expect(misspelt.diagnostics.map(\.help) == [["did you mean 'value'?"]])
        // An anchored or tagged option keeps its anchor and tag.
        for item in ["&x { pro: Pro }", "!!map { pro: Pro }"] {
            let text = Self.head + "  - segment: plan\n    options: [free, \(item)]\n"
            let editor = EditorDocument(path: "a.form.yaml", text: text)
            let fixes = editor.quickFixes(in: Self.everywhere())
            #expect(fixes.map { Self.applying($0.edits, to: editor.file) } == [
                text.replacingOccurrences(of: "{ pro: Pro }", with: "{ value: pro, title: Pro }"),
            ])
        }
        // Read again at its alias, it is still one mistake, whose fix is the anchored option's.
        let aliased = Self.head + "  - segment: plan\n    options: [free, &x { pro: Pro }]\n  - segment: tier\n    options: [basic, *x]\n"
        let editor = EditorDocument(path: "a.form.yaml", text: aliased)
        #expect(editor.diagnostics.count == 1)
        #expect(editor.quickFixes(in: Self.everywhere()).map { Self.applying($0.edits, to: editor.file) } == [
            aliased.replacingOccurrences(of: "{ pro: Pro }", with: "{ value: pro, title: Pro }"),
        ])
        // Read through an alias first (a top-level set is read before the elements),
        // the fix is still the anchored option's.
        let setFirst = Self.head + "  - picker: c\n    options: [a, &x { pro: Pro }]\n  - picker: d\n    options: S\noptions:\n  S: [b, *x]\n"
        let first = EditorDocument(path: "a.form.yaml", text: setFirst)
        #expect(first.diagnostics.count == 1)
        #expect(first.quickFixes(in: Self.everywhere()).map { Self.applying($0.edits, to: first.file) } == [
            setFirst.replacingOccurrences(of: "{ pro: Pro }", with: "{ value: pro, title: Pro }"),
        ])
        // A title in a block scalar, or a key with an anchor that others name, is
        // told the mapping, with no edit that would break the text or the alias.
        for text in [
            Self.head + "  - picker: c\n    options:\n      - a\n      - us: |\n          United States\n    default: a\n",
            Self.head + "  - picker: c\n    options:\n      - &us us: United States\n      - a\n    default: *us\n",
        ] {
            let editor = EditorDocument(path: "a.form.yaml", text: text)
            #expect(editor.diagnostics.map(\.code) == [.unknownKey])
            #expect(editor.diagnostics.first?.help.first?.hasPrefix("an option's value and title are its 'value' and 'title': write") == true)
            #expect(editor.quickFixes(in: Self.everywhere()).isEmpty)
        }
        // A JSON title that is not a string is read as before: no option of it.
        let null = EditorDocument(path: "a.form.json", text: #"{"formc": 1, "form": "A", "elements": [{"segment": "s", "options": ["a", {"z": null}]}]}"#)
        #expect(null.diagnostics.map(\.code) == [.missingKey, .unknownKey])
        // An option's own key alone is that key, with its value missing.
        let titleOnly = EditorDocument(path: "a.form.yaml", text: Self.head + "  - segment: plan\n    options: [free, { title: Pro }]\n")
        #expect(titleOnly.diagnostics.map(\.code) == [.missingKey])
    }

    @Test func aValueOfTheWrongShape() {
        expectFix(yaml("    rules: required\n"), help: "write 'rules: [required]'", fixed: yaml("    rules: [required]\n"))
        expectFix(
            yaml("    rules: [{ min: 3 }]\n"), help: "for the length of the text, write 'minLength'",
            fixed: yaml("    rules: [{ minLength: 3 }]\n")
        )
        expectFix(
            yaml("    rules: ['minLength 3']\n"),
            help: "write the rule and its parameter outside the quotes, with ': ' between them: minLength: 3",
            fixed: yaml("    rules: [minLength: 3]\n")
        )
        expectFix(
            yaml("    rules: [{ custom: Check_name }]\n"), help: "did you mean 'checkName'?",
            fixed: yaml("    rules: [{ custom: checkName }]\n")
        )
        expectFix(yaml("    rules: [{ required: 'yes' }]\n"), help: "write true", fixed: yaml("    rules: [{ required: true }]\n"))
        expectFix(
            yaml("    placeholder: !!int 3\n"), help: "remove the tag; formc reads every value as the type its key expects",
            fixed: yaml("    placeholder: 3\n")
        )
    }

    @Test func namesAndBounds() {
        expectFix(
            Self.fields.replacingOccurrences(of: "form: A", with: "form: myForm"), help: "did you mean 'MyForm'?",
            fixed: Self.fields.replacingOccurrences(of: "form: A", with: "form: MyForm")
        )
        expectFix(
            Self.fields.replacingOccurrences(of: "textField: a", with: "textField: First_name"), help: "did you mean 'firstName'?",
            fixed: Self.fields.replacingOccurrences(of: "textField: a", with: "textField: firstName")
        )
        // An invisible character pasted inside an id is dropped, and named.
        let unseen = Self.fields.replacingOccurrences(of: "textField: a", with: "textField: com\u{200B}pany")
        expectFix(unseen, help: "did you mean 'company'?", fixed: Self.fields.replacingOccurrences(of: "textField: a", with: "textField: company"))
        #expect(EditorDocument(path: "a.form.yaml", text: unseen).diagnostics.first?.help.contains("the id holds an invisible character (U+200B)") == true)
        let bounded = Self.fields.replacingOccurrences(of: "  - number: high\n", with: "  - number: high\n    rules: [{ min: lwo }]\n")
        expectFix(bounded, help: "did you mean 'low'?", fixed: bounded.replacingOccurrences(of: "lwo", with: "low"))
        let sets = "formc: 1\nform: A\noptions:\n  Sizes: [s, m]\nelements:\n  - picker: p\n    options: Size\n"
        expectFix(sets, help: "did you mean 'Sizes'?", fixed: sets.replacingOccurrences(of: "options: Size\n", with: "options: Sizes\n"))
    }

    /// A rule written as an element's key moves into `rules:`, key and value
    /// together, when the element has no rules yet and the value is plain text on
    /// the key's line.
    /// JSON options written as numbers (a month picker's) are one mistake with one
    /// fix that quotes them all, not an error and a fix per option.
    @Test func jsonOptionsWrittenAsNumbersAreQuotedAtOnce() {
        let months = #"{"formc": 1, "form": "A", "elements": [{"picker": "month", "options": [1, 2, "3", 4]}]}"#
        expectFix(months, path: "a.form.json", help: #"write the options in quotes: ["1", "2", "3", "4"]"#,
                  fixed: months.replacingOccurrences(of: #"[1, 2, "3", 4]"#, with: #"["1", "2", "3", "4"]"#))
    }

    @Test func aRuleWrittenAsAKeyMovesIntoRules() {
        // Not a rule, but the same edit: a staticText whose kind lost its colon to
        // the text's own ': '.
        let note = Self.head + "  - staticText Note: read this\n"
        expectFix(note, help: #"write a ':' after the kind, and the text in quotes (YAML ends a key at ': '): '- staticText: "Note: read this"'"#,
                  fixed: note.replacingOccurrences(of: "staticText Note: read this", with: #"staticText: "Note: read this""#))
        let json = #"{"formc": 1, "form": "A", "elements": [{"textField": "a", "pattern": "^[a-z]+$"}]}"#
        let selected = #"{"formc": 1, "form": "A", "elements": [{"multiChoice": "diet", "options": ["vegan", "fish"], "maxSelectedChoices": 1}]}"#
        let cases: [(broken: String, path: String, help: String, written: String, fixed: String)] = [
            (Self.head + "  - textField: a\n    required: true\n", "a.form.yaml", "'required' is a rule: write it in the field's rules: rules: [required]",
             "required: true", "rules: [required]"),
            (Self.head + "  - number: n\n    min: 0\n", "a.form.yaml", "'min' is a rule: write it in the field's rules: rules: [{ min: 0 }]",
             "min: 0", "rules: [{ min: 0 }]"),
            // A rule without a parameter is its name alone: `email: true` is `email`.
            (Self.head + "  - textField: a\n    email: true\n", "a.form.yaml", "'email' is a rule: write it in the field's rules: rules: [email]",
             "email: true", "rules: [email]"),
            // A plain value that a flow mapping would cut is quoted there.
            (Self.head + "  - textField: a\n    pattern: a,b\n", "a.form.yaml", "'pattern' is a rule: write it in the field's rules: rules: [{ pattern: 'a,b' }]",
             "pattern: a,b", "rules: [{ pattern: 'a,b' }]"),
            (json, "a.form.json", #"'pattern' is a rule: write it in the field's rules: "rules": [{"pattern": "^[a-z]+$"}]"#,
             #""pattern": "^[a-z]+$""#, #""rules": [{"pattern": "^[a-z]+$"}]"#),
            // A multiChoice's count written as a list's (or SurveyJS's) is its rule.
            (Self.head + "  - multiChoice: diet\n    options: [vegan, fish, halal]\n    minItems: 2\n", "a.form.yaml",
             "a multiChoice counts its choices with the rule 'minCount': write it in the field's rules: rules: [{ minCount: 2 }]",
             "minItems: 2", "rules: [{ minCount: 2 }]"),
            (selected, "a.form.json", #"a multiChoice counts its choices with the rule 'maxCount': write it in the field's rules: "rules": [{"maxCount": 1}]"#,
             #""maxSelectedChoices": 1"#, #""rules": [{"maxCount": 1}]"#),
            (Self.head + "  - textField: a\n    minLength: 1\n", "a.form.yaml",
             "a field forbids an empty value with the rule 'required' ('minLength: 1' never fails): write it in the field's rules: rules: [required]",
             "minLength: 1", "rules: [required]"),
        ]
        for (broken, path, help, written, fixed) in cases {
            expectFix(broken, path: path, help: help, fixed: broken.replacingOccurrences(of: written, with: fixed))
        }
        // At least one is 'required' (`minCount: 1` never fails: nothing chosen passes it, FC406).
        for count in ["1", "1.0"] {
            let one = Self.head + "  - multiChoice: diet\n    options: [vegan, fish]\n    minItems: \(count)\n"
            expectFix(one, help: "a multiChoice asks for at least one choice with the rule 'required': write it in the field's rules: rules: [required]",
                      fixed: one.replacingOccurrences(of: "minItems: \(count)", with: "rules: [required]"))
        }
        // Rules that have the rule always: the key is taken out, not the rule added twice.
        let twice: [(broken: String, path: String, help: String, entry: String)] = [
            (Self.head + "  - multiChoice: diet\n    options: [vegan, fish]\n    minItems: 1\n    rules: [required]\n", "a.form.yaml",
             "a multiChoice asks for at least one choice with the rule 'required': the field's rules have 'required' already: remove 'minItems: 1'",
             "    minItems: 1\n"),
            (Self.head + "  - textField: a\n    minLength: 1\n    rules:\n      - required\n", "a.form.yaml",
             "a field forbids an empty value with the rule 'required' ('minLength: 1' never fails): the field's rules have 'required' already: remove 'minLength: 1'",
             "    minLength: 1\n"),
            (Self.head + "  - number: n\n    min: 0\n    rules: [{ min: 1, message: At least one }]\n", "a.form.yaml",
             "'min' is a rule: the field's rules have 'min' already: remove 'min: 0'", "    min: 0\n"),
            (#"{"formc": 1, "form": "F", "elements": [{"textField": "a", "required": true, "rules": ["required"]}]}"#, "a.form.json",
             #"'required' is a rule: the field's rules have 'required' already: remove '"required": true'"#, #""required": true, "#),
        ]
        for (broken, path, help, entry) in twice {
            expectFix(broken, path: path, help: help, fixed: broken.replacingOccurrences(of: entry, with: ""))
        }
        // A rule with a `when` applies sometimes: the key's rule is still added beside it.
        let sometimes = Self.head + "  - textField: a\n    required: true\n    rules: [{ required: true, when: not isEmpty(b) }]\n  - textField: b\n"
        #expect(EditorDocument(path: "a.form.yaml", text: sometimes).diagnostics.map(\.help)
            == [["'required' is a rule: add required to the field's rules"]])
        // With rules given, or a value another node may name, the help stands alone.
        expectNoFix(of: .unknownKey, in: [
            Self.head + "  - textField: a\n    required: true\n    rules: [email]\n",
            Self.head + "  - number: n\n    min: &zero 0\n    default: *zero\n",
        ])
    }

    /// A key the help says to remove is taken out: its line in a block mapping, the
    /// entry and a comma in a flow mapping or JSON; nowhere that would take more.
    @Test func aKeyToRemoveIsTakenOut() {
        let optional = Self.head + "  - textField: a\n    required: false  # not needed\n    placeholder: A\n"
        expectFix(optional, help: "a field is optional unless a rule says otherwise: remove 'required: false'",
                  fixed: Self.head + "  - textField: a\n    placeholder: A\n")
        // The last line of a file without a final line break: the break before it stays,
        // as the block scalar above ends with it.
        let last = Self.head + "  - textField: a\n    placeholder: |\n      hello\n    email: no"
        expectFix(last, help: "'email' is a rule, which a field has only when its rules name it: remove 'email: no'",
                  fixed: Self.head + "  - textField: a\n    placeholder: |\n      hello\n")
        let count = Self.head + "  - list: people\n    maxItems: 3\n    max: 5\n    elements:\n      - textField: name\n"
        expectFix(count, help: "'maxItems' is given already: remove 'max'",
                  fixed: count.replacingOccurrences(of: "    max: 5\n", with: ""))
        // In a flow mapping: with the comma before it, or after it for the first entry.
        let debounce = Self.head + "  - textField: a\n    rules: [{ required: true, debounce: 300 }]\n"
        expectFix(debounce, help: "remove 'debounce': the built-in rules run at once",
                  fixed: Self.head + "  - textField: a\n    rules: [{ required: true }]\n")
        let first = Self.head + "  - { textField: a, required: false, placeholder: A }\n"
        expectFix(first, help: "a field is optional unless a rule says otherwise: remove 'required: false'",
                  fixed: Self.head + "  - { textField: a, placeholder: A }\n")
        let json = #"{"formc": 1, "form": "A", "elements": [{"textField": "a", "required": false}]}"#
        expectFix(json, path: "a.form.json", help: #"a field is optional unless a rule says otherwise: remove '"required": false'"#,
                  fixed: #"{"formc": 1, "form": "A", "elements": [{"textField": "a"}]}"#)
        // Not where the line holds more, or another node names the value.
        expectNoFix(of: .unknownKey, in: [
            Self.head + "  - textField: a\n    required: &no false\n    placeholder: *no\n",
            Self.head + "  - textField: a\n    email: !!str &x no\n    placeholder: *x\n",
            Self.head + "  - { textField: a, email: !!str &x no, placeholder: *x }\n",
            Self.head + "  - textField: a\n    required:\n      false\n",
        ])
    }

    /// Another library's name for a rule or a key is renamed to formc's, in YAML and JSON.
    @Test func namesOfOtherLibraries() {
        let after = Self.fields.replacingOccurrences(of: "  - date: born\n", with: "  - date: born\n    rules: [{ after: low }]\n")
            .replacingOccurrences(of: "  - number: low\n", with: "  - date: low\n")
        expectFix(after, help: "did you mean 'min'?", fixed: after.replacingOccurrences(of: "after:", with: "min:"))
        let json = #"{"formc": 1, "form": "A", "fields": [{"number": "n", "rules": [{"greaterThan": 0}]}]}"#
        // The elements under a misspelt key are read as the key's: both are told at
        // once, and each fix is one round.
        var text = json
        var helps: [String?] = []
        for _ in 0..<3 {
            let editor = EditorDocument(path: "a.form.json", text: text)
            helps += editor.diagnostics.map(\.help.first)
            guard let fix = editor.quickFixes(in: Self.everywhere()).first else { break }
            text = Self.applying(fix.edits, to: editor.file)
        }
        #expect(helps == ["did you mean 'elements'?", "did you mean 'min'?", "did you mean 'min'?"])
        #expect(text == #"{"formc": 1, "form": "A", "elements": [{"number": "n", "rules": [{"min": 0}]}]}"#)
        #expect(EditorDocument(path: "a.form.json", text: text).diagnostics.isEmpty)
    }

    /// `=!` is `!=` the other way round; an unquoted option is quoted whole, with
    /// the `-` its value holds; rules written as a mapping become a list.
    @Test func operatorsOptionsAndRulesAsAMapping() {
        let form = Self.head + "  - segment: diet\n    options: [vegan, gluten-free]\n  - textField: a\n    visibleWhen: "
        expectFix(form + "diet =! 'vegan'\n", help: "did you mean '!='?", fixed: form + "diet != 'vegan'\n")
        let multi = Self.head + "  - multiChoice: diet\n    options: [vegan, gluten-free]\n  - textField: a\n    visibleWhen: "
        expectFix(multi + "contains(diet, gluten-free)\n", help: "write the option in quotes: 'gluten-free'", fixed: multi + "contains(diet, 'gluten-free')\n")
        let versions = Self.head + "  - picker: version\n    options: ['v1.2', 'v2.0']\n  - textField: a\n    visibleWhen: "
        expectFix(versions + "version in [v1.2]\n", help: "write the option in quotes: 'v1.2'", fixed: versions + "version in ['v1.2']\n")
        expectFix(form + "diet in ['vegan', gluten-free]\n", help: "write the option in quotes: 'gluten-free'", fixed: form + "diet in ['vegan', 'gluten-free']\n")
        let rules = Self.head + "  - number: n\n    rules: {min: 0, max: 9}\n"
        expectFix(rules, help: "each rule is an item of the list: rules: [{ min: 0 }, { max: 9 }]",
                  fixed: rules.replacingOccurrences(of: "{min: 0, max: 9}", with: "[{ min: 0 }, { max: 9 }]"))
        let block = Self.head + "  - number: n\n    rules:\n      min: 0\n      max: 9\n"
        expectFix(block, help: "each rule is an item of the list: rules: [{ min: 0 }, { max: 9 }]",
                  fixed: Self.head + "  - number: n\n    rules:\n      [{ min: 0 }, { max: 9 }]\n")
        // React Hook Form's rules: `required: true`, and a message where the parameter goes.
        let hookForm = Self.head + "  - textField: e\n    rules:\n      required: Email is required\n      email: true\n      minLength: 8\n"
        expectFix(hookForm, help: "each rule is an item of the list: rules: [{ required: true, message: Email is required }, email, { minLength: 8 }]",
                  fixed: Self.head + "  - textField: e\n    rules:\n      [{ required: true, message: Email is required }, email, { minLength: 8 }]\n")
        // A message where the mapping has one already: no second `message` in the fix.
        let both = EditorDocument(path: "a.form.yaml", text: Self.head + "  - textField: e\n    rules: { required: Fill it in, message: Fill it }\n")
        #expect(both.diagnostics.first.map { $0.help.contains { $0.contains("message: Fill it in") } } == false)
        // FormKit's `required|email`.
        let pipes = Self.head + "  - textField: e\n    rules: required|email\n"
        expectFix(pipes, help: "write 'rules: [required, email]'", fixed: Self.head + "  - textField: e\n    rules: [required, email]\n")
    }

    /// SurveyJS's `{plan}` in a condition: the fix writes the id without its braces.
    @Test func aFieldInBracesIsWrittenWithout() {
        let form = Self.head + "  - segment: plan\n    options: [free, pro]\n  - textField: a\n    visibleWhen: "
        expectFix(form + "\"{plan} == 'pro'\"\n", help: "a condition names a field by its id, without braces: write plan", fixed: form + "\"plan == 'pro'\"\n")
    }

    /// `- group party` with keys under it: YAML stops at the first key's ':', a line
    /// below the colon left out, and the fix writes it where it belongs.
    @Test func aKindWithoutItsColonAboveItsKeys() {
        let broken = Self.head + "  - group party\n    title: Party\n    elements:\n      - textField: guest\n"
        expectFix(broken, help: "'- group party' on line 4 needs a ':' after 'group': write '- group: party', and the keys under it are its keys",
                  fixed: broken.replacingOccurrences(of: "group party", with: "group: party"))
        // With CRLF line ends, and more spaces after the dash: the keys start where the kind does.
        let crlf = Self.head.replacingOccurrences(of: "\n", with: "\r\n") + "  -   textField email\r\n      placeholder: x\r\n"
        expectFix(crlf, help: "'- textField email' on line 4 needs a ':' after 'textField': write '- textField: email', and the keys under it are its keys",
                  fixed: crlf.replacingOccurrences(of: "textField email", with: "textField: email"))
        // An id that is no name, or keys that do not line up with the kind: the help alone.
        for text in [Self.head + "  - textField my email\n    placeholder: x\n", Self.head + "  -   textField email\n    placeholder: x\n"] {
            let editor = EditorDocument(path: "a.form.yaml", text: text)
            #expect(editor.diagnostics.map(\.code) == [.syntaxError])
            #expect(editor.quickFixes(in: Self.everywhere()).isEmpty)
        }
        #expect(EditorDocument(path: "a.form.yaml", text: Self.head + "  -   textField email\n    placeholder: x\n").diagnostics.first?.help
            == ["'- textField email' on line 4 needs a ':' after 'textField': write '- textField: email', and start the keys under it at the column of 'textField'"])
        // The fix is offered on the line it edits too.
        let onItsLine = EditorDocument(path: "a.form.yaml", text: broken)
        #expect(onItsLine.quickFixes(in: SourceRange(start: SourcePosition(line: 4, column: 5), end: SourcePosition(line: 4, column: 6))).count == 1)
        // In a flow mapping, a kind and its id with no value: the colon goes between them.
        let flow = Self.head + "  - { number guests, title: G }\n"
        expectFix(flow, help: "write a ':' after the kind: number: guests",
                  fixed: flow.replacingOccurrences(of: "number guests", with: "number: guests"))
        // With an anchor on the key, which an alias names, the help alone.
        let anchored = EditorDocument(path: "a.form.yaml", text: Self.head + "  - { &k number guests, title: G }\n  - { textField: b, placeholder: *k }\n")
        #expect(anchored.diagnostics.first?.help == ["write a ':' after the kind, then the id: '- number: guests'"])
        #expect(anchored.quickFixes(in: Self.everywhere()).isEmpty)
        // With a ':' after the id, the help alone.
        let colon = EditorDocument(path: "a.form.yaml", text: Self.head + "  - { number guests: , title: G }\n")
        #expect(colon.diagnostics.first?.help == ["write a ':' after the kind, then the id: '- number: guests'"])
        #expect(colon.quickFixes(in: Self.everywhere()).isEmpty)
    }

    @Test func wordsOfAConditionInAndOutOfQuotes() {
        let cases: [(line: String, help: String, fixed: String)] = [
            ("visibleWhen: plan in [pro]", "write the option in quotes: 'pro'", "visibleWhen: plan in ['pro']"),
            ("visibleWhen: contains(diet, vegan)", "write the option in quotes: 'vegan'", "visibleWhen: contains(diet, 'vegan')"),
            ("visibleWhen: isEmpty('low')", "write the field id without quotes: isEmpty(low)", "visibleWhen: isEmpty(low)"),
            ("visibleWhen: news == 'true'", "write true without quotes", "visibleWhen: news == true"),
            ("visibleWhen: low > '18'", "write the number without quotes: 18", "visibleWhen: low > 18"),
            ("visibleWhen: born < today-18y", "write 'today-18y'", "visibleWhen: born < 'today-18y'"),
            ("visibleWhen: plan == 'por'", "did you mean 'pro'?", "visibleWhen: plan == 'pro'"),
            (#"visibleWhen: "'news'""#, "to read the field 'news', write it without quotes", #"visibleWhen: "news""#),
            (
                #"visibleWhen: "'vegan'""#, "to test whether 'vegan' is chosen, write contains(diet, 'vegan')",
                #"visibleWhen: "contains(diet, 'vegan')""#
            ),
            // Inside a single-quoted scalar, the quotes of the new text are doubled.
            (
                "visibleWhen: '''vegan'''", "to test whether 'vegan' is chosen, write contains(diet, 'vegan')",
                "visibleWhen: 'contains(diet, ''vegan'')'"
            ),
        ]
        for (line, help, fixed) in cases {
            expectFix(yaml("    \(line)\n"), help: help, fixed: yaml("    \(fixed)\n"))
        }
    }

    /// A help that rewrites a whole comparison (`'pro' in plan` → `plan == 'pro'`)
    /// is a fix of the whole comparison, written as the scalar holding it needs:
    /// plain, in double quotes, in single quotes, in a flow mapping.
    @Test func aComparisonRewrittenWhole() {
        let cases: [(line: String, help: String, fixed: String)] = [
            (#"visibleWhen: "'pro' in plan""#, "write plan == 'pro' to compare 'plan' with 'pro'", #"visibleWhen: "plan == 'pro'""#),
            (
                #"visibleWhen: "news and 'vegan' in diet""#, "write contains(diet, 'vegan') to test whether 'vegan' is chosen",
                #"visibleWhen: "news and contains(diet, 'vegan')""#
            ),
            ("visibleWhen: '''pro'' in plan'", "write plan == 'pro' to compare 'plan' with 'pro'", "visibleWhen: 'plan == ''pro'''"),
            ("visibleWhen: plan in 'pro'", "write the options as a list: plan in ['pro']", "visibleWhen: plan in ['pro']"),
            ("visibleWhen: diet == 'vegan'", "to test whether 'vegan' is chosen, write contains(diet, 'vegan')", "visibleWhen: contains(diet, 'vegan')"),
            (
                "visibleWhen: news or diet != 'fish'", "to test whether 'fish' is not chosen, write not contains(diet, 'fish')",
                "visibleWhen: news or not contains(diet, 'fish')"
            ),
            (
                "rules: [{ required, when: diet == 'vegan' }]", "to test whether 'vegan' is chosen, write contains(diet, 'vegan')",
                #"rules: [{ required, when: "contains(diet, 'vegan')" }]"#
            ),
            (
                "visibleWhen: plan != nil", "to test whether 'plan' has a value, write not isEmpty(plan) in place of the comparison",
                "visibleWhen: not isEmpty(plan)"
            ),
            // Python's and SQL's `not in`: 'not' goes before the whole test (it was told `and not`).
            (
                "visibleWhen: plan not in ['free']", "'not' turns around the whole test, and goes before it: write not plan in ['free']",
                "visibleWhen: not plan in ['free']"
            ),
            (
                "visibleWhen: news and plan not in 'free'", "'not' turns around the whole test, and goes before it: write not plan in ['free']",
                "visibleWhen: news and not plan in ['free']"
            ),
            // `isNotEmpty` is near `isEmpty`, its opposite: it is told `not isEmpty(…)`.
            ("visibleWhen: isNotEmpty(born)", "'isNotEmpty' asks whether 'born' has a value: write not isEmpty(born)", "visibleWhen: not isEmpty(born)"),
            ("visibleWhen: news or hasValue(diet)", "'hasValue' asks whether 'diet' has a value: write not isEmpty(diet)", "visibleWhen: news or not isEmpty(diet)"),
            ("visibleWhen: isBlank(born)", "did you mean 'isEmpty'?", "visibleWhen: isEmpty(born)"),
            // A boolean always has a value: what was meant is whether it is on.
            (
                "visibleWhen: isNotEmpty(news)",
                "'isNotEmpty' asks whether 'news' has a value, and a boolean always has one: to test whether it is on, write news",
                "visibleWhen: news"
            ),
            // SQL's capitals.
            (
                "visibleWhen: plan NOT IN ['free']", "'not' turns around the whole test, and goes before it: write not plan in ['free']",
                "visibleWhen: not plan in ['free']"
            ),
        ]
        for (line, help, fixed) in cases {
            expectFix(yaml("    \(line)\n"), help: help, fixed: yaml("    \(fixed)\n"))
        }
        expectFix(
            yaml("    visibleWhen: diet in 'vegan'\n"), help: "write contains(diet, 'vegan') to test whether 'vegan' is chosen",
            fixed: yaml("    visibleWhen: contains(diet, 'vegan')\n")
        )
        // No fix where the rewrite would be an error of its own: a field that is not
        // there, a kind that 'in' does not test.
        expectNoFix(of: .conditionSyntax, in: [
            yaml("    visibleWhen: \"'pro' in plam\"\n"), yaml("    visibleWhen: news in 'a'\n"), yaml("    visibleWhen: low in 'a'\n"),
        ])
    }

    @Test func jsonValues() {
        func json(_ value: String) -> String {
            #"{"formc": 1, "form": "A", "elements": [{"boolean": "b", "title": \#(value)}]}"#
        }
        expectFix(json("Hello"), path: "a.form.json", help: #"write "Hello" in double quotes if it is a string"#, fixed: json(#""Hello""#))
        expectFix(json("12"), path: "a.form.json", help: #"write it in quotes: "12""#, fixed: json(#""12""#))
        let literal = #"{"formc": 1, "form": "A", "elements": [{"boolean": "b", "title": "B", "default": True}]}"#
        expectFix(
            literal, path: "a.form.json", help: "JSON's literals are lowercase: write true",
            fixed: literal.replacingOccurrences(of: "True", with: "true")
        )
    }

    /// The text goes in as the scalar around it writes it: a condition's quotes
    /// inside YAML's quotes, an option holding a quote, a value a plain scalar cannot
    /// start with, a parameter YAML would read otherwise.
    @Test func theTextIsWrittenAsItsPlaceNeedsIt() {
        let cases: [(line: String, help: String, fixed: String)] = [
            ("visibleWhen: 'plan == ''pri'''", "did you mean 'pro'?", "visibleWhen: 'plan == ''pro'''"),
            (#"visibleWhen: "plan == \"pri\"""#, "did you mean 'pro'?", #"visibleWhen: "plan == \"pro\"""#),
            (
                "rules: [{ required, when: news or 'vegan' }]", "to test whether 'vegan' is chosen, write contains(diet, 'vegan')",
                #"rules: [{ required, when: "news or contains(diet, 'vegan')" }]"#
            ),
            (
                #"visibleWhen: pro == plan or plan == "free""#, "to compare 'plan' with the value 'pro', write it in quotes: plan == 'pro'",
                #"visibleWhen: '''pro'' == plan or plan == "free"'"#
            ),
            ("rules:\n      - pattern [a-z]+", "write the rule and its parameter with ': ' between them: pattern: '[a-z]+'", "rules:\n      - pattern: '[a-z]+'"),
        ]
        for (line, help, fixed) in cases {
            expectFix(yaml("    \(line)\n"), help: help, fixed: yaml("    \(fixed)\n"))
        }
        let quoted = Self.head + "  - multiChoice: diet\n    options: [\"it's\", meat]\n  - textField: a\n    visibleWhen: "
        expectFix(quoted + "contains(diet, 'its')\n", help: "did you mean 'it's'?", fixed: quoted + "contains(diet, \"it's\")\n")
        let nel = Self.head + "  - segment: s\n    options: [\"ab\\x85cd\", other]\n    default: "
        expectFix(nel + "abcd\n", help: "did you mean 'ab\u{85}cd'?", fixed: nel + "\"ab\\u0085cd\"\n")
        let at = Self.head + "  - segment: place\n    options: ['@home', '@work']\n    default: "
        expectFix(at + "home\n", help: "did you mean '@home'?", fixed: at + "\"@home\"\n")
    }

    /// A fix keeps a YAML anchor, so that its aliases still find it; at an alias,
    /// which is no text of the condition's own, there is none.
    @Test func anchorsAndAliases() {
        expectFix(
            yaml("    visibleWhen: &shown nws\n"), help: "did you mean 'news'?", fixed: yaml("    visibleWhen: &shown news\n")
        )
        let aliased = yaml("    visibleWhen: &shown nws\n  - textField: b\n    visibleWhen: *shown\n")
        let editor = EditorDocument(path: "a.form.yaml", text: aliased)
        let fixes = editor.quickFixes(in: Self.everywhere())
        #expect(fixes.map { editor.file.text(in: $0.edit.range) } == ["nws"])
    }

    /// A new name for an id or an option set is written wherever the name is.
    @Test func aNewNameIsARename() {
        let form = yaml("  - boolean: has_car\n    title: Car\n  - textField: plate\n    visibleWhen: has_car\n")
        expectFix(form, help: "did you mean 'hasCar'?", fixed: form.replacingOccurrences(of: "has_car", with: "hasCar"))
        let sets = "formc: 1\nform: A\noptions:\n  sizes: [s, m]\nelements:\n  - picker: p\n    options: sizes\n"
        expectFix(sets, help: "did you mean 'Sizes'?", fixed: sets.replacingOccurrences(of: "sizes", with: "Sizes"))
        // A bound written as a name that no element has is no occurrence of an id.
        let undeclared = EditorDocument(path: "a.form.yaml", text: Self.head + "  - date: endDate\n    rules: [{ min: StartDate }]\n")
        #expect(undeclared.references(at: SourcePosition(line: 5, column: 20)).isEmpty)
        // A bound that names the malformed id is read as a value, and renamed with it.
        let bound = Self.head + "  - date: StartDate\n  - date: endDate\n    rules: [{ min: StartDate }]\n"
        let editor = EditorDocument(path: "a.form.yaml", text: bound)
        #expect(editor.diagnostics.map(\.code) == [.invalidFieldID, .invalidNumber], "\(editor.diagnostics.map(\.message))")
        let fixes = editor.quickFixes(in: Self.everywhere()).filter { $0.title.contains("startDate") }
        #expect(fixes.count == 1, "\(editor.quickFixes(in: Self.everywhere()).map(\.title))")
        if let fix = fixes.first {
            let edited = Self.applying(fix.edits, to: editor.file)
            #expect(edited == bound.replacingOccurrences(of: "StartDate", with: "startDate"))
            #expect(EditorDocument(path: "a.form.yaml", text: edited).diagnostics.isEmpty)
        }
    }

    /// JSON's own spelling: a number as a number, a string escaped, a bare value
    /// quoted whole.
    @Test func jsonSpelling() {
        func rules(_ value: String) -> String {
            #"{"formc": 1, "form": "A", "elements": [{"textField": "a", "rules": \#(value)}]}"#
        }
        expectFix(rules(#"["min: -3"]"#).replacingOccurrences(of: "textField", with: "number"), path: "a.form.json",
                  help: #"write the rule as a mapping: {"min": -3}"#,
                  fixed: rules(#"[{"min": -3}]"#).replacingOccurrences(of: "textField", with: "number"))
        expectFix(rules(#"["pattern \\d+"]"#), path: "a.form.json", help: #"write the rule as a mapping: {"pattern": "\\d+"}"#, fixed: rules(#"[{"pattern": "\\d+"}]"#))
        expectFix(rules(#""required""#), path: "a.form.json", help: #"write "rules": ["required"]"#, fixed: rules(#"["required"]"#))
        func label(_ value: String) -> String {
            #"{"formc": 1, "form": "A", "elements": [{"boolean": "b", "title": \#(value)}]}"#
        }
        expectFix(label("new-user"), path: "a.form.json", help: #"write "new-user" in double quotes if it is a string"#, fixed: label(#""new-user""#))
        expectFix(label("“Name”"), path: "a.form.json", help: #"JSON strings are in straight double quotes: write "Name""#, fixed: label(#""Name""#))
        // Escapes inside the typographic quotes were meant as JSON's; a backslash that escapes nothing is text.
        expectFix(label(#"“say \"hi\"”"#), path: "a.form.json", help: #"JSON strings are in straight double quotes: write "say \"hi\"""#,
                  fixed: label(#""say \"hi\"""#))
        expectFix(label(#"“C:\path”"#), path: "a.form.json", help: #"JSON strings are in straight double quotes: write "C:\\path""#,
                  fixed: label(#""C:\\path""#))
        // `\t` (and `\n`, `\b`…) may be a path's backslash: escaped, never a tab.
        expectFix(label(#"“C:\temp”"#), path: "a.form.json", help: #"JSON strings are in straight double quotes: write "C:\\temp""#,
                  fixed: label(#""C:\\temp""#))
    }

    /// A string given to a rule without a parameter is its message, as Yup writes
    /// `required('…')`: JSON's fix makes it the rule's `message`; YAML's help shows
    /// how (a block mapping's value has no one edit that does). A Boolean, a
    /// number, or a mapping that has a message already gets the help it had.
    @Test func aStringForARuleWithoutAParameterIsItsMessage() {
        func json(_ rule: String) -> String {
            #"{"formc": 1, "form": "A", "elements": [{"textField": "c", "rules": [\#(rule)]}]}"#
        }
        expectFix(json(#"{"email": "Enter a valid email"}"#), path: "a.form.json",
                  help: #"a rule's own message is its "message": write {"email": null, "message": "Enter a valid email"}"#,
                  fixed: json(#"{"email": null, "message": "Enter a valid email"}"#))
        expectFix(json(#"{"required": "Enter \"it\""}"#), path: "a.form.json",
                  help: #"a rule's own message is its "message": write {"required": true, "message": "Enter \"it\""}"#,
                  fixed: json(#"{"required": true, "message": "Enter \"it\""}"#))
        func yaml(_ rules: String) -> [[String]] {
            diagnose("formc: 1\nform: A\nelements:\n  - textField: c\n    rules:\n\(rules)").map(\.help)
        }
        #expect(yaml("      - email: Enter a valid email\n") == [["a rule's own message is its 'message': write '{ email, message: Enter a valid email }'"]])
        #expect(yaml("      - { required: 'Name: required' }\n") == [[#"a rule's own message is its 'message': write '{ required: true, message: "Name: required" }'"#]])
        #expect(yaml("      - { email: 3 }\n") == [["write the rule as its name alone: email"]])
        // A parameter and a message in a list, as Yup writes `min(8, '…')`.
        expectFix(json(#"{"minLength": [8, "Too short"]}"#), path: "a.form.json",
                  help: #"a rule's own message is its "message": write {"minLength": 8, "message": "Too short"}"#,
                  fixed: json(#"{"minLength": 8, "message": "Too short"}"#))
        expectFix(json(#"{"pattern": ["^[0-9]+$", "Digits only"]}"#), path: "a.form.json",
                  help: #"a rule's own message is its "message": write {"pattern": "^[0-9]+$", "message": "Digits only"}"#,
                  fixed: json(#"{"pattern": "^[0-9]+$", "message": "Digits only"}"#))
        #expect(yaml("      - minLength: [8, Too short]\n") == [["a rule's own message is its 'message': write '{ minLength: 8, message: Too short }'"]])
        #expect(yaml("      - { pattern: ['^[0-9]+$', 'Digits: only'] }\n")
            == [[#"a rule's own message is its 'message': write '{ pattern: "^[0-9]+$", message: "Digits: only" }'"#]])
        #expect(diagnose("formc: 1\nform: A\nelements:\n  - textField: c\n    rules:\n      - minLength: [8, Too short]\n").map(\.message)
            == ["expected one value for the minLength parameter, found a list"])
        // React Hook Form's `{ value, message }`.
        expectFix(json(#"{"minLength": {"value": 8, "message": "Too short"}}"#), path: "a.form.json",
                  help: #"a rule's own message is its "message": write {"minLength": 8, "message": "Too short"}"#,
                  fixed: json(#"{"minLength": 8, "message": "Too short"}"#))
        #expect(yaml("      - minLength: { message: Too short, value: 8 }\n") == [["a rule's own message is its 'message': write '{ minLength: 8, message: Too short }'"]])
        // A string that reads as a condition is the rule's `when`, not its message.
        func form(_ rule: String) -> String {
            #"{"formc": 1, "form": "A", "elements": [{"picker": "country", "options": ["us", "gb"]}, {"textField": "zip", "rules": [\#(rule)]}]}"#
        }
        expectFix(form(#"{"required": "country == 'us'"}"#), path: "a.form.json",
                  help: #"a rule applies sometimes by its "when": write {"required": true, "when": "country == 'us'"}"#,
                  fixed: form(#"{"required": true, "when": "country == 'us'"}"#))
        #expect(yaml("      - required: Required\n") == [["a rule's own message is its 'message': write '{ required: true, message: Required }'"]])
        // Two numbers are no parameter and message.
        #expect(yaml("      - minLength: [8, 9]\n") == [["in place of the list, write one whole number, such as 3"]])
        #expect(yaml("      - { email: Enter it, message: Enter an email }\n") == [["give the rule no value, with 'when' and 'message' beside it: '{ email, message: … }'"]])
    }

    /// No fix where the help names no single edit that works.
    @Test func noFixWhereNoneWorks() {
        for broken in [
            yaml("    rules: 3\n"),
            Self.fields.replacingOccurrences(of: "  - number: high\n", with: "  - number: high\n    rules: [{ min: '1,000' }]\n"),
        ] {
            let editor = EditorDocument(path: "a.form.yaml", text: broken)
            #expect(!editor.diagnostics.isEmpty)
            #expect(editor.quickFixes(in: Self.everywhere()).isEmpty, "\(editor.diagnostics.map(\.help))")
        }
    }

    /// A list of one where a list belongs; JSON's escapes and its trailing comma.
    @Test func listsAndJSONCharacters() {
        let choice = Self.head + "  - multiChoice: diet\n    options: [vegan, fish]\n    default: "
        expectFix(choice + "vegan\n", help: "write 'default: [vegan]'", fixed: choice + "[vegan]\n")
        let json = #"{"formc": 1, "form": "A", "elements": [{"multiChoice": "diet", "options": ["vegan", "fish"], "default": "vegan"}]}"#
        expectFix(json, path: "a.form.json", help: #"write "default": ["vegan"]"#, fixed: json.replacingOccurrences(of: #": "vegan"}"#, with: #": ["vegan"]}"#))
        let tab = "{\"formc\": 1, \"form\": \"A\", \"elements\": [{\"boolean\": \"b\", \"title\": \"a\tb\"}]}"
        expectFix(tab, path: "a.form.json", help: #"write the tab as \t"#, fixed: tab.replacingOccurrences(of: "\t", with: #"\t"#))
        let comma = #"{"formc": 1, "form": "A", "elements": [{"boolean": "b", "title": "B"},]}"#
        expectFix(comma, path: "a.form.json", help: "remove the ',' after the last element", fixed: comma.replacingOccurrences(of: "},]", with: "}]"))
    }

    /// A Unicode space pasted into a form (a no-break space, a line separator, a
    /// zero-width space) is named, and its fix writes what JSON and YAML read as
    /// white space: a fix that quoted it as a key or a value was invalid JSON.
    @Test func aUnicodeSpaceIsNamedAndWrittenPlain() {
        let key = "{\n  \"formc\": 1,\n\u{00A0} \"form\": \"A\",\n  \"elements\": [{\"spacer\": 1}]\n}\n"
        expectFix(key, path: "a.form.json", help: "write a plain space", fixed: key.replacingOccurrences(of: "\u{00A0}", with: " "))
        let value = #"{"formc": 1, "form": "A", "elements": [{"spacer":\#u{00A0}1}]}"#
        expectFix(value, path: "a.form.json", help: "write a plain space", fixed: value.replacingOccurrences(of: "\u{00A0}", with: " "))
        let separator = #"{"formc": 1, "form": "A",\#u{2028}"elements": [{"spacer": 1}]}"#
        expectFix(separator, path: "a.form.json", help: "write a line break", fixed: separator.replacingOccurrences(of: "\u{2028}", with: "\n"))
        let zeroWidth = #"{"formc": 1, "form": "A", "elements": [{"spacer": 1\#u{200B}}]}"#
        expectFix(zeroWidth, path: "a.form.json", help: "remove it", fixed: zeroWidth.replacingOccurrences(of: "\u{200B}", with: ""))
        #expect(EditorDocument(path: "a.form.json", text: key).diagnostics.map(\.message) == ["a no-break space (U+00A0) is not white space in JSON"])
        // In YAML, where the syntax needs a plain space and no text means one: a key
        // indented with it, `-` and it, around a value of a flow collection, after
        // a flow key's ':'. The first stops the reading, as any syntax error.
        let pasted = Self.head + "\u{00A0}\u{00A0}- boolean: b\n\u{3000}\u{3000}  title: B\n"
        let pastedFixes = EditorDocument(path: "a.form.yaml", text: pasted).diagnostics
        #expect(pastedFixes.map(\.message) == ["a no-break space (U+00A0) in the line's indentation is not white space in YAML"])
        expectFix(Self.head + "\u{00A0}\u{00A0}- spacer: 8\n", help: "write plain spaces", fixed: Self.head + "  - spacer: 8\n")
        // An ideographic space is as wide as two plain ones.
        expectFix(Self.head + "  - textField: t\n\u{3000}\u{3000}label: L\n", help: "write plain spaces", fixed: Self.head + "  - textField: t\n    label: L\n")
        for (broken, message) in [
            (Self.head + "  - textField: t\n    rules:\n      -\u{00A0}required\n", "a no-break space (U+00A0) after the item's '-' is not white space in YAML"),
            (Self.head + "  - { spacer:\u{00A0}24 }\n", "a no-break space (U+00A0) after a key's ':' is not white space in YAML"),
            (Self.head + "  - segment: s\n    options: [a,\u{00A0}b]\n", "a no-break space (U+00A0) before a value in '[…]' or '{…}' is not white space in YAML"),
            (Self.head + "  - textField: t\n    rules: [required\u{00A0}]\n", "a no-break space (U+00A0) after a value in '[…]' or '{…}' is not white space in YAML"),
            // An anchor before the value: the fix is at the space, not at the '&'.
            (Self.head + "  - segment: s\n    options: [&a \u{00A0}x, b]\n", "a no-break space (U+00A0) before a value in '[…]' or '{…}' is not white space in YAML"),
        ] {
            expectFix(broken, help: "write a plain space", fixed: broken.replacingOccurrences(of: "\u{00A0}", with: " "))
            #expect(EditorDocument(path: "a.form.yaml", text: broken).diagnostics.map(\.message) == [message])
        }
        // Where libyaml fails, or the value is read as one word, the help names the
        // character on the line, or the line above, with the fix.
        for (broken, help) in [
            (Self.head + "  - boolean: b\n   \u{00A0}title: B\n", "a no-break space (U+00A0) is not white space in YAML: write a plain space"),

            (Self.head + "  - spacer: 8\n  -\u{00A0}spacer: 24\n", "line 5 has a no-break space (U+00A0) after its '-', which is not white space in YAML: write a plain space"),
            (Self.head + "  - spacer:\u{00A0}24\n", "the ':' is followed by a no-break space (U+00A0), which is not white space in YAML: write spacer: 24"),
        ] {
            expectFix(broken, help: help, fixed: broken.replacingOccurrences(of: "\u{00A0}", with: " "))
        }
        // Two of them, as a web page's `&nbsp;&nbsp;`: both go, for one plain space. A flow
        // mapping's `key:value`, which YAML reads as one key with no value, and `- kind:id`,
        // one word: a space after the ':'.
        let keyValue = "write a space after the ':' (YAML reads 'key:value' as one key): "
        let kindID = "write a space after the ':' (YAML reads 'kind:id' as one word): "
        for (broken, help, fixed) in [
            ("  - textField:\u{00A0}\u{00A0}email\n",
             "the ':' is followed by a no-break space (U+00A0), which is not white space in YAML: write textField: email", "  - textField: email\n"),
            ("  - { number: guests, title: Guests, step:2 }\n", keyValue + "step: 2", "  - { number: guests, title: Guests, step: 2 }\n"),
            ("  - spacer:24\n", kindID + "spacer: 24", "  - spacer: 24\n"),
            ("  - textField:email\n", kindID + "textField: email", "  - textField: email\n"),
            ("  - { number: guests, title:'Guests' }\n", keyValue + "title: 'Guests'", "  - { number: guests, title: 'Guests' }\n"),
            ("  - { textField:email, placeholder: E-mail }\n", keyValue + "textField: email", "  - { textField: email, placeholder: E-mail }\n"),
        ] {
            expectFix(Self.head + broken, help: help, fixed: Self.head + fixed)
        }
        // A word processor's dash for an item's '-', an input method's full-width colon.
        for (broken, help, meant) in [
            (Self.head + "  \u{2013} spacer: 24\n", nil, ("\u{2013}", "-")),
            (Self.head + "  - spacer: 8\n  \u{2013} spacer: 24\n", "\u{2013}", ("\u{2013}", "-")),
            (Self.head + "  - textField: t\n    label: T\n    placeholder\u{FF1A} Name\n  - spacer: 8\n", "line 6 has a full-width colon (U+FF1A) after its key, which is not YAML's ':': write ':'", ("\u{FF1A}", ":")),
            (Self.head + "  - textField: t\n    label: T\n    placeholder\u{FF1A}Name\n  - spacer: 8\n", "line 6 has a full-width colon (U+FF1A) after its key, which is not YAML's ':': write ': '", ("\u{FF1A}", ": ")),
        ] {
            let expected = help == nil ? "write '-'" : help == "\u{2013}" ? "line 5 starts with an en dash (U+2013), which is not YAML's item marker '-': write '-'" : help!
            expectFix(broken, help: expected, fixed: broken.replacingOccurrences(of: meant.0, with: meant.1))
        }
        #expect(EditorDocument(path: "a.form.yaml", text: Self.head + "  \u{2013} spacer: 24\n").diagnostics.map(\.message) == [
            "an en dash (U+2013) is not YAML's item marker '-'",
        ])
        // A word processor's bullet and tab, as a key and where libyaml fails.
        let tabbed = Self.head + "  \u{2022}\ttextField: t\n    placeholder: Hi\n"
        expectFix(tabbed, help: "write '- '", fixed: Self.head + "  - textField: t\n    placeholder: Hi\n")
        let tabbedAfter = Self.head + "  - spacer: 8\n  \u{2022}\ttextField: t\n    placeholder: Hi\n"
        expectFix(tabbedAfter, help: "line 5 starts with a bullet (U+2022) and a tab, which are not YAML's item marker '- ': write '- '",
                  fixed: Self.head + "  - spacer: 8\n  - textField: t\n    placeholder: Hi\n")
        // At the key's own indentation, the list's at column 1 or a nested one at its key's.
        for (head, indent) in [("formc: 1\nform: F\nelements:\n", ""), (Self.head + "  - group: g\n    elements:\n", "    ")] {
            let bulleted = head + indent + "\u{2022} textField: a\n" + indent + "  placeholder: A\n"
            expectFix(bulleted, help: "write '-'", fixed: bulleted.replacingOccurrences(of: "\u{2022}", with: "-"))
        }
        // Not in a flow collection, nor as the first key of an item on the line after its '-':
        // an option written as one entry, as below.
        for text in [
            Self.head + "  - picker: p\n    options: [a, b,\n      \u{2014} none \u{2014}: No preference]\n",
            Self.head + "  - picker: p\n    options:\n      -\n        \u{2014} none \u{2014}: No preference\n      - b\n",
        ] {
            #expect(!EditorDocument(path: "a.form.yaml", text: text).diagnostics.contains { $0.code == .syntaxError }, "\(text)")
        }
        // A dash that starts a key of a list's item is an option written as one
        // entry, which the option's own help is about, not an item marker.
        let oneEntry = EditorDocument(path: "a.form.yaml", text: Self.head + "  - picker: p\n    options:\n      - \u{2014} none: No preference\n      - b\n").diagnostics
        #expect(oneEntry.map(\.code) == [.unknownKey], "\(oneEntry.map(\.message))")
        // A full-width comma in '[…]' is text: the one option is told so.
        let comma = EditorDocument(path: "a.form.yaml", text: Self.head + "  - segment: s\n    options: [free\u{FF0C}pro]\n").diagnostics
        #expect(comma.first?.help == ["'free\u{FF0C}pro' is one option: its full-width comma (U+FF0C) is text; write ',' between the options"])
        // In a condition, and between a rule and its parameter.
        let condition = Self.head + "  - boolean: a\n    title: A\n  - textField: b\n    visibleWhen: a\u{00A0}and a\n"
        expectFix(condition, help: "write a plain space", fixed: condition.replacingOccurrences(of: "\u{00A0}", with: " "))
        let rule = #"{"formc": 1, "form": "A", "elements": [{"textField": "c", "rules": ["minLength\#u{00A0}2"]}]}"#
        expectFix(rule, path: "a.form.json", help: "'minLength' and its parameter are parted by a no-break space (U+00A0), which is not white space in JSON",
                  fixed: rule.replacingOccurrences(of: "\"minLength\u{00A0}2\"", with: #"{"minLength": 2}"#))
        // A character of no width inside a rule's name is no parameter.
        let inside = EditorDocument(path: "a.form.json", text: #"{"formc": 1, "form": "A", "elements": [{"textField": "c", "rules": ["req\#u{200B}uired"]}]}"#)
        #expect(inside.diagnostics.first.map { $0.help.contains { $0.contains("parameter") } } == false)
        // Text may hold them: a title, a block of text, a value inside '[…]', a condition's string.
        let text = Self.head + "  - segment: s\n    title: Langue\u{00A0}?\n    options: [fr, en\u{00A0}gb]\n"
            + "  - staticText: |\n      Bonjour\u{00A0}!\n      \u{00A0}\u{00A0}en retrait\n      \u{2013} un point\n      \u{2022} un autre\n"
            + "  - textField: t\n    label: \u{2013} Nom \u{2013}\n    visibleWhen: s == 'en\u{00A0}gb'\n"
        #expect(EditorDocument(path: "a.form.yaml", text: text).diagnostics.isEmpty)
        // Nor in what a value's text may be: a quoted or plain value over several
        // lines whose lines start with a bullet, a dash or a Chinese paragraph's
        // ideographic spaces; an option "— none —"; an option "A：同意"; a bidi mark
        // or a French no-break space in a flow value.
        for valid in [
            "  - staticText: \"Bring:\n      \u{2022} your ID\n      \u{2022} a receipt\"\n",
            "  - staticText: Bring\n      \u{2013} your ID\n",
            "  - staticText: \"\u{7B2C}\u{4E00}\u{6BB5}\n      \u{3000}\u{3000}\u{7B2C}\u{4E8C}\u{6BB5}\"\n",
            "  - picker: p\n    options:\n      - \u{2014} none \u{2014}\n      - A\u{FF1A}\u{540C}\u{610F}\n",
            "  - picker: p\n    options: [{ value: a, title: \u{05DB}\u{05DF}\u{200F} }, { value: b, title: Prix\u{00A0}:\u{00A0}10\u{00A0}\u{20AC} }]\n",
            "  - staticText:\n      |\n      \u{2022} one\n",
            "  - staticText: -\u{00A0}Bring your ID\n",
            "  - { staticText: \u{3000}\u{3053}\u{308C}\u{306F}\u{3002} }\n",
        ] {
            let diagnostics = EditorDocument(path: "a.form.yaml", text: Self.head + valid).diagnostics
            #expect(diagnostics.isEmpty, "\(valid): \(diagnostics.map(\.message))")
        }
        // Behind a byte-order mark that starts the file, too.
        #expect(EditorDocument(path: "a.form.yaml", text: "\u{FEFF}" + text).diagnostics.isEmpty)
        // JSON: an input method's full-width punctuation and digits, a mark of no width.
        for (broken, message, meant) in [
            (#"{"formc": 1, "form"\#u{FF1A} "A", "elements": [{"spacer": 1}]}"#, "a full-width colon (U+FF1A) is not JSON's ':'", ("\u{FF1A}", ":")),
            (#"{"formc": 1, "form": "A"\#u{FF0C} "elements": [{"spacer": 1}]}"#, "a full-width comma (U+FF0C) is not JSON's ','", ("\u{FF0C}", ",")),
            (#"{"formc": 1, "form": "A", "elements": [{"spacer": \#u{FF12}\#u{FF14}}]}"#, "'\u{FF12}\u{FF14}' is not a JSON value", ("\u{FF12}\u{FF14}", "24")),
            (#"{"formc": 1, "form": "A"\#u{200E}, "elements": [{"spacer": 1}]}"#, "a left-to-right mark (U+200E) is not white space in JSON", ("\u{200E}", "")),
            (#"{"formc": 1, "form": \#u{201C}A", "elements": [{"spacer": 1}]}"#, "'\u{201C}A\"' opens with a typographic quote", ("\u{201C}A", "\"A")),
            (#"{"formc": 1, "form": \#u{FF02}A\#u{FF02}, "elements": [{"spacer": 1}]}"#, "full-width quotation marks (U+FF02) are not JSON's '\"'", ("\u{FF02}A\u{FF02}", "\"A\"")),
        ] {
            let help = meant.1.isEmpty ? "remove it" : meant.1 == "24" ? "write the number with ASCII digits: 24"
                : meant.1 == "\"A" ? "JSON strings are in straight double quotes: write \"A\"" : meant.1 == "\"A\"" ? "write \"A\"" : "write '\(meant.1)'"
            expectFix(broken, path: "a.form.json", help: help,
                      fixed: broken.replacingOccurrences(of: meant.0, with: meant.1))
            #expect(EditorDocument(path: "a.form.json", text: broken).diagnostics.map(\.message) == [message])
        }
    }

    /// A value that ends with ':' (French puts a space before it) reads as a key: it is quoted.
    @Test func aValueEndingWithAColonIsQuoted() {
        for title in ["Langues\u{00A0}:", "Langues :", "Choose:", "It's:"] {
            let broken = Self.head + "  - segment: s\n    title: \(title)\n    options: [fr, en]\n"
            let quoted = "'" + title.replacingOccurrences(of: "'", with: "''") + "'"
            expectFix(broken, help: "a value that ends with ':' reads as a key: write it in quotes, title: \(quoted)",
                      fixed: broken.replacingOccurrences(of: "title: \(title)", with: "title: \(quoted)"))
        }
    }

    /// A value in a document's typographic quotes: a pattern that would match
    /// them as characters (and so nothing), a default, a line libyaml fails at.
    @Test func typographicQuotesAreNamed() {
        let pattern = Self.head + "  - textField: zip\n    rules:\n      - pattern: \u{201C}^[0-9]{5}$\u{201D}\n"
        expectFix(pattern, help: "write the pattern without them: '^[0-9]{5}$'",
                  fixed: pattern.replacingOccurrences(of: "\u{201C}^[0-9]{5}$\u{201D}", with: "'^[0-9]{5}$'"))
        let json = #"{"formc": 1, "form": "A", "elements": [{"textField": "zip", "rules": [{"pattern": "\#u{2018}^\\d{5}$\#u{2019}"}]}]}"#
        expectFix(json, path: "a.form.json", help: #"write the pattern without them: "^\\d{5}$""#,
                  fixed: json.replacingOccurrences(of: #""\#u{2018}^\\d{5}$\#u{2019}""#, with: #""^\\d{5}$""#))
        // Quotes the pattern may mean: no `^` or `$` inside them.
        #expect(EditorDocument(path: "a.form.yaml", text: Self.head + "  - textField: q\n    rules:\n      - pattern: \u{2018}.+\u{2019}\n").diagnostics.isEmpty)
        let choice = Self.head + "  - segment: plan\n    options: [free, pro]\n    default: \u{201C}pro\u{201D}\n"
        expectFix(choice, help: "did you mean 'pro'?", fixed: choice.replacingOccurrences(of: "\u{201C}pro\u{201D}", with: "pro"))
        let title = EditorDocument(path: "a.form.yaml", text: Self.head + "  - textField: t\n    label: \u{201C}Plan: choose\u{201D}\n").diagnostics
        #expect(title.first?.help.first == "line 5 has a value in typographic quotes (\u{201C}), which YAML reads as text: quote it with straight quotes ('…' or \"…\")")
    }

    /// A pattern written as JavaScript's literal (`/^\d{5}$/`, as Yup and React Hook
    /// Form take it) would match its slashes, and so nothing: it is FC404, with the
    /// pattern written without them and its flags as Swift's.
    @Test func aJavaScriptRegexLiteralIsNamed() {
        let yaml = Self.head + "  - textField: zip\n    rules:\n      - pattern: "
        let json = #"{"formc": 1, "form": "A", "elements": [{"textField": "zip", "rules": [{"pattern": "#
        let without = "write the pattern without the slashes"
        for (path, head, tail, written, meant, help) in [
            ("a.form.yaml", yaml, "\n", "/^\\d{5}$/", "'^\\d{5}$'", "\(without): '^\\d{5}$'"),
            ("a.form.yaml", yaml, "\n", "/^[a-z]+$/gi", "'(?i)^[a-z]+$'", "\(without), its flags as (?i): '(?i)^[a-z]+$'"),
            ("a.form.yaml", yaml, "\n", "/^[a-z]+$/iiv", "'(?i)^[a-z]+$'", "\(without), its flags as (?i): '(?i)^[a-z]+$'"),
            ("a.form.json", json, "}]}]}", #""/^\\d{5}$/""#, #""^\\d{5}$""#, #"\#(without): "^\\d{5}$""#),
        ] {
            expectFix(head + written + tail, path: path, help: help, fixed: head + meant + tail)
        }
        // Slashes the pattern may mean: a path, with no `^` or `$` beside them, or
        // an anchor that binds one branch of a `|` only.
        for valid in ["/api/.+/", "'/^$|^/[a-z]+/'", "'/foo|bar$/'"] {
            #expect(EditorDocument(path: "a.form.yaml", text: Self.head + "  - textField: p\n    rules:\n      - pattern: \(valid)\n").diagnostics.isEmpty, "\(valid)")
        }
        // In a block scalar the help alone: its range would take the next line's indentation.
        let block = EditorDocument(path: "a.form.yaml", text: Self.head + "  - textField: z\n    rules:\n      - pattern: |-\n          /^[0-9]{5}$/\n      - minLength: 2\n")
        #expect(block.diagnostics.map(\.code) == [.invalidPattern])
        #expect(block.diagnostics.first?.fix == nil)
    }

    /// Properties, line breaks and quotes around the span: the anchor and tag
    /// stay, a scalar of several lines is edited in place, a name holding the
    /// scalar's own quote is escaped as that scalar escapes it.
    @Test func propertiesLinesAndQuotes() throws {
        expectFix(yaml("    visibleWhen: !!str nws\n"), help: "did you mean 'news'?", fixed: yaml("    visibleWhen: !!str news\n"))
        expectFix(
            yaml("    visibleWhen: news or\n      plan == 'pri'\n"), help: "did you mean 'pro'?",
            fixed: yaml("    visibleWhen: news or\n      plan == 'pro'\n")
        )
        let quote = Self.head + "  - segment: s\n    options: [\"it's\", b]\n    default: "
        expectFix(quote + "'its'\n", help: "did you mean 'it's'?", fixed: quote + "'it''s'\n")
        let condition = Self.head + "  - segment: s\n    options: [\"it's\", b]\n  - textField: t\n    visibleWhen: "
        expectFix(condition + "s == 'its'\n", help: "did you mean 'it's'?", fixed: condition + "s == \"it's\"\n")
        let flow = Self.head + "  - multiChoice: m\n    options: ['x, y', z]\n    default: &d "
        expectFix(flow + "[x y]\n", help: "did you mean 'x, y'?", fixed: flow + "[\"x, y\"]\n")
        // A fix that replaces the node whole keeps its anchor, written before or after its tag.
        let tagged = Self.head + "  - number: n\n    default: !!str &d 3\n  - number: m\n    default: 4\n    rules: [{ min: *d }]\n"
        let fixedTag = EditorDocument(path: "a.form.yaml", text: tagged).quickFixes(in: Self.everywhere())
        #expect(fixedTag.map(\.edit.newText) == ["&d 3"])
        let hint = yaml("    visibleWhen: &c !news\n  - textField: b\n    visibleWhen: *c\n")
        let hinted = EditorDocument(path: "a.form.yaml", text: hint)
        #expect(hinted.quickFixes(in: Self.everywhere()).first.map { Self.applying($0.edits, to: hinted.file) }
            == hint.replacingOccurrences(of: "&c !news", with: "&c not news"))
        let anchored = Self.head + "  - number: n\n    default: &d\n      '3'\n  - number: m\n    default: *d\n"
        let editor = EditorDocument(path: "a.form.yaml", text: anchored)
        let fixes = editor.quickFixes(in: Self.everywhere())
        // One fix, at the anchor: the alias has no text of its own.
        #expect(fixes.count == 1)
        let fix = try #require(fixes.first)
        #expect(Self.applying(fix.edits, to: editor.file) == anchored.replacingOccurrences(of: "'3'", with: "3"))
    }

    /// A number written as YAML or JSON would not read it is written as one that
    /// they do; a help for a bare value stops where the value does.
    @Test func numbersAndBareValues() {
        func rules(_ value: String) -> String {
            #"{"formc": 1, "form": "A", "elements": [{"number": "n", "rules": \#(value)}]}"#
        }
        expectFix(rules(#"["min +5"]"#), path: "a.form.json", help: #"write the rule as a mapping: {"min": 5}"#, fixed: rules(#"[{"min": 5}]"#))
        expectFix(rules(#"["max .5"]"#).replacingOccurrences(of: #""n""#, with: #""n", "decimals": 1"#), path: "a.form.json",
                  help: #"write the rule as a mapping: {"max": 0.5}"#,
                  fixed: rules(#"[{"max": 0.5}]"#).replacingOccurrences(of: #""n""#, with: #""n", "decimals": 1"#))
        expectFix(rules(#"[{"max": "007"}]"#), path: "a.form.json", help: "write the number without quotes: 7", fixed: rules(#"[{"max": 7}]"#))
        expectFix(yaml("    rules:\n      - pattern [a-z]+\n"), help: "write the rule and its parameter with ': ' between them: pattern: '[a-z]+'",
                  fixed: yaml("    rules:\n      - pattern: '[a-z]+'\n"))
        // A parameter in quotes of its own: the fix writes what they quote, never the quotes as text.
        expectFix(yaml("    rules:\n      - pattern \"^[0-9]{5}$\"\n"), help: "write the rule and its parameter with ': ' between them: pattern: '^[0-9]{5}$'",
                  fixed: yaml("    rules:\n      - pattern: '^[0-9]{5}$'\n"))
        expectFix(yaml("    rules:\n      - pattern 'it''s'\n"), help: "write the rule and its parameter with ': ' between them: pattern: it's",
                  fixed: yaml("    rules:\n      - pattern: it's\n"))
        expectFix(yaml("    rules:\n      - pattern \"^\\\\d+$\"\n"), help: "write the rule and its parameter with ': ' between them: 'pattern: ^\\d+$'",
                  fixed: yaml("    rules:\n      - pattern: ^\\d+$\n"))
        expectFix(yaml("    rules:\n      - minLength \"3\"\n"), help: "write the rule and its parameter with ': ' between them: 'minLength: 3'",
                  fixed: yaml("    rules:\n      - minLength: 3\n"))
        let member = #"{"formc": 1, "form": "A", "elements": [{"boolean": "b", "title": Hello "default": true}]}"#
        let editor = EditorDocument(path: "a.form.json", text: member)
        #expect(editor.diagnostics.map(\.message) == ["'Hello' is not a JSON value"])
        let comma = #"{"formc": 1, "form": "A", "elements": [{"boolean": "b", "title": “Hello, world”}]}"#
        expectFix(comma, path: "a.form.json", help: #"JSON strings are in straight double quotes: write "Hello, world""#,
                  fixed: comma.replacingOccurrences(of: "“Hello, world”", with: #""Hello, world""#))
    }

    /// No fix where the help names none that is one edit of the span: a rule run
    /// into its parameter as a mapping's key, a number that spells no number, an id
    /// whose rename the editor refuses (written with an escape) and that is used.
    @Test func noFixWhereTheEditWouldNotDo() {
        for (path, text) in [
            ("a.form.yaml", yaml("    rules:\n      - \"minLength 3\": null\n        when: news\n")),
            ("a.form.json", #"{"formc": 1, "form": "A", "elements": [{"number": "n", "default": "1.2.3"}]}"#),
            ("a.form.json", #"{"formc": 1, "form": "A", "elements": [{"number": "n", "rules": ["minLength: 1.2.3"]}]}"#),
            ("a.form.json", #"{"formc": 1, "form": "A", "elements": [{"boolean": "b", "title": "B", "default": yes}]}"#),
            ("a.form.yaml", yaml("  - boolean: \"has\\x5fcar\"\n    title: C\n  - textField: p\n    visibleWhen: has_car\n")),
            // Condition quotes spelt with escapes; a run-in rule behind an anchor (`&m minLength: 3` would anchor the key).
            ("a.form.yaml", yaml("    visibleWhen: \"plan == \\x27pri\\x27\"\n")),
            ("a.form.yaml", yaml("    rules:\n      - &m \"minLength 3\"\n")),
        ] {
            let editor = EditorDocument(path: path, text: text)
            #expect(!editor.diagnostics.isEmpty, "\(text)")
            #expect(editor.quickFixes(in: Self.everywhere()).isEmpty, "\(editor.diagnostics.map(\.help))")
        }
        let key = #"{"formc": 1, "form": "A", "elements": [{"boolean": "b", title: "B"}]}"#
        expectFix(key, path: "a.form.json", help: #"write "title""#, fixed: key.replacingOccurrences(of: " title:", with: #" "title":"#))
        let typographic = #"{"formc": 1, "form": "A", "elements": [{"boolean": "b", “title”: "B"}]}"#
        expectFix(typographic, path: "a.form.json", help: #"write "title""#, fixed: key.replacingOccurrences(of: " title:", with: #" "title":"#))
    }

    /// Every quick fix of every invalid schema fixture, applied, removes its
    /// diagnostic and makes no syntax error.
    @Test func everyFixOfTheInvalidFixturesRemovesItsDiagnostic() throws {
        let directory = RepositoryPaths.root + "/Tests/EndToEnd/schema-fixtures/invalid"
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(names.count > 40)
        var fixed = 0
        for name in names {
            let text = try String(contentsOfFile: directory + "/" + name, encoding: .utf8)
            let editor = EditorDocument(path: name, text: text)
            for fix in editor.quickFixes(in: Self.everywhere()) {
                let after = EditorDocument(path: name, text: Self.applying(fix.edits, to: editor.file)).diagnostics
                let before = fix.diagnostic
                #expect(
                    !after.contains { $0.code == before.code && $0.location.range.start == before.location.range.start && $0.message == before.message },
                    "\(name): \(fix.title)"
                )
                #expect(!after.contains { $0.code == .syntaxError }, "\(name): \(fix.title)")
                fixed += 1
            }
        }
        #expect(fixed >= 8)
    }
}
