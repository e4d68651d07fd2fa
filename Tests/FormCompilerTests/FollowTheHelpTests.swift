import FormCompiler
import FormSource
import Testing

/// A help line that proposes an edit proposes one that works: each mistake here
/// gets the help shown, and the form with that edit made has no problem left.
@Suite struct FollowTheHelpTests {
    /// A form of `elements` (indented as list items of `elements:`).
    private func form(_ elements: String) -> String {
        "formc: 1\nform: F\nelements:\n" + elements
    }

    /// The one diagnostic of `broken` has `help` among its help lines, and
    /// `broken` with `written` replaced by `fixed` has no diagnostic.
    private func expectFollowing(
        _ broken: String, help: String, replacing written: String, with fixed: String, path: String = "test.form.yaml",
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let diagnostics = diagnose(broken, path: path)
        #expect(diagnostics.count == 1, "\(diagnostics.map(\.message))", sourceLocation: sourceLocation)
        #expect(diagnostics.first?.help.contains(help) == true, "\(diagnostics.map(\.help))", sourceLocation: sourceLocation)
        #expect(broken.contains(written), sourceLocation: sourceLocation)
        let followed = diagnose(broken.replacingOccurrences(written, fixed), path: path)
        #expect(followed.isEmpty, "\(followed.map(\.message))", sourceLocation: sourceLocation)
    }

    @Test func aMisspeltKeyBesideTheKeyItMeans() {
        expectFollowing(
            form("  - floatLabel: b\n    label: Password\n    lable: Your password\n"),
            help: "'label' is given already: remove 'lable', or merge the two",
            replacing: "    lable: Your password\n", with: ""
        )
        expectFollowing(
            form("  - textField: c\n    rules: [{ minLength: 2, message: x, mesage: y }]\n"),
            help: "'message' is given already: remove 'mesage', or merge the two",
            replacing: ", mesage: y", with: ""
        )
    }

    /// Rules written as a mapping become items of the list, one per rule.
    @Test func rulesWrittenAsAMappingBecomeItems() {
        let diagnostics = diagnose(form("  - number: n\n    rules: {min: 0, max: 9}\n"))
        #expect(diagnostics.map(\.help) == [["each rule is an item of the list: rules: [{ min: 0 }, { max: 9 }]"]])
        #expect(diagnose(form("  - number: n\n    rules: [{ min: 0 }, { max: 9 }]\n")).isEmpty)
        #expect(diagnose(form("  - number: n\n    rules: {required}\n")).map(\.help) == [["each rule is an item of the list: rules: [required]"]])
        let json = diagnose(#"{"formc": 1, "form": "F", "elements": [{"number": "n", "rules": {"min": 0, "max": 9}}]}"#, path: "t.form.json")
        #expect(json.map(\.help) == [[#"each rule is an item of the list: "rules": [{"min": 0}, {"max": 9}]"#]])
    }

    /// A value of another shape where an id or a type name belongs asks for a name.
    @Test func anIDOfAnotherShapeIsAskedForAName() {
        let diagnostics = diagnose("formc: 1\nform: [F]\nelements:\n  - textField: [a]\n  - boolean: b\n    title: B\n  - textField: c\n    visibleWhen: b == null\n")
        #expect(diagnostics.map(\.help) == [
            ["in place of the list, write one name in UpperCamelCase, such as SignUpForm"],
            ["in place of the list, write one name in lowerCamelCase, such as email"],
            ["a boolean is true or false, never empty: write b or not b"],
        ], "\(diagnostics.map(\.message))")
    }

    /// An element written as its kind and value without the colon gets it.
    @Test func anElementWithoutItsColonGetsIt() {
        expectFollowing(
            form("  - textField: name\n  - spacer 24\n"),
            help: "write a ':' after the kind: spacer: 24", replacing: "spacer 24", with: "spacer: 24"
        )
        expectFollowing(
            form("  - textField: name\n  - staticText [beta] Feature\n"),
            help: "write a ':' after the kind: staticText: '[beta] Feature'",
            replacing: "staticText [beta] Feature", with: "staticText: '[beta] Feature'"
        )
    }

    /// A rule named as another form library names it (Yup, Laravel, SurveyJS) is
    /// told formc's name, and what differs about it.
    @Test func aRuleOfAnotherLibraryIsToldItsName() {
        let dates = "  - date: start\n    title: Start\n  - date: end\n    title: End\n"
        expectFollowing(
            form(dates + "    rules: [{ after: start }]\n"),
            help: "did you mean 'min'?", replacing: "after", with: "min"
        )
        expectFollowing(
            form("  - number: age\n    rules: [{ greaterThan: 17 }]\n"),
            help: "formc has no strict bound; 'min' includes its bound: a date on or after it, a number at least it",
            replacing: "greaterThan", with: "min"
        )
        expectFollowing(
            form("  - textField: zip\n    rules:\n      - regex: '^[0-9]{5}$'\n"),
            help: "did you mean 'pattern'?", replacing: "regex", with: "pattern"
        )
        expectFollowing(
            form("  - multiChoice: diet\n    options: [vegan, halal]\n    rules: [{ minItems: 2 }]\n"),
            help: "did you mean 'minCount'?", replacing: "minItems", with: "minCount"
        )
        // A value that must differ from another field's has no rule of its own; `notSame`
        // is not told its opposite, `sameAs`.
        let pickers = "  - picker: from\n    options: [lhr, jfk]\n  - picker: to\n    options: [lhr, jfk]\n"
        for name in ["notSameAs", "notSame", "different", "differentFrom"] {
            expectFollowing(
                form(pickers + "    rules: [{ \(name): from }]\n"),
                help: "formc has no rule for a value that must differ from another field's: write a 'custom' rule "
                    + "({ custom: NAME }), whose validator gets every value of the form and can compare the two "
                    + "(it runs when this field changes, not when the other does)",
                replacing: "\(name): from", with: "custom: differsFromFrom"
            )
        }
        // A name near a formc rule keeps its plain did-you-mean.
        expectFollowing(
            form("  - number: age\n    rules: [{ mim: 1 }]\n"),
            help: "did you mean 'min'?", replacing: "mim", with: "min"
        )
    }

    /// A trigger named as React Hook Form and Formik name it (`mode: 'onChange'`) is told
    /// formc's; a number with more decimals than its field is told how many to set.
    @Test func aTriggerAndDecimalsAreToldWhatToWrite() {
        let cases: [(broken: String, help: String, written: String, fixed: String)] = [
            ("formc: 1\nform: F\nvalidateOn: onChange\nelements:\n  - textField: a\n", "did you mean 'change'?", "onChange", "change"),
            (form("  - textField: a\n    validateOn: onTouched\n"), "did you mean 'changeAfterBlur'?", "onTouched", "changeAfterBlur"),
            (
                form("  - number: price\n    rules: [{ min: 0.01 }]\n"), "the field holds whole numbers; write a whole number, or set 'decimals: 2'",
                "    rules:", "    decimals: 2\n    rules:"
            ),
            (
                form("  - number: price\n    decimals: 1\n    step: 0.25\n"), "write at most 1 digit after the point, or raise 'decimals:' to 2",
                "decimals: 1", "decimals: 2"
            ),
            // No field keeps more than 9.
            (
                form("  - number: price\n    decimals: 9\n    default: 0.1234567891\n"),
                "write at most 9 digits after the point: a field keeps at most 9", "0.1234567891", "0.123456789"
            ),
        ]
        for (broken, help, written, fixed) in cases {
            expectFollowing(broken, help: help, replacing: written, with: fixed)
        }
    }

    /// A key of another form format is told formc's key, or what formc does instead.
    @Test func aKeyOfAnotherFormatIsToldFormcsWay() {
        expectFollowing(
            "formc: 1\nform: F\nfields:\n  - group: g\n    elements:\n      - textField: a\n",
            help: "did you mean 'elements'?", replacing: "fields:", with: "elements:"
        )
        expectFollowing(
            form("  - group: g\n    questions:\n      - textField: a\n"),
            help: "did you mean 'elements'?", replacing: "questions:", with: "elements:"
        )
        expectFollowing(
            "formc: 1\nform: F\nclearInvisibleValues: true\nelements:\n  - textField: a\n",
            help: "formc never submits a hidden answer: send the form's 'submittedValues', or 'clearingHidden(_:)' of the values on a server",
            replacing: "clearInvisibleValues: true\n", with: ""
        )
    }

    /// An element key that is formc's another way (a rule, a kind, a text of
    /// another name) is told that way, and following it leaves no problem.
    @Test func anElementKeyOfAnotherFormatIsToldFormcsWay() {
        expectFollowing(
            form("  - textField: a\n    required: true\n"),
            help: "'required' is a rule: write it in the field's rules: rules: [required]",
            replacing: "required: true", with: "rules: [required]"
        )
        expectFollowing(
            form("  - textField: a\n    required: false\n"),
            help: "a field is optional unless a rule says otherwise: remove 'required: false'",
            replacing: "    required: false\n", with: ""
        )
        // `no` reads as false in a rule's mapping: no rule meant, in YAML and JSON.
        expectFollowing(
            form("  - textField: a\n    email: no\n"),
            help: "'email' is a rule, which a field has only when its rules name it: remove 'email: no'",
            replacing: "    email: no\n", with: ""
        )
        #expect(diagnose(#"{"formc": 1, "form": "F", "elements": [{"textField": "a", "url": false}]}"#, path: "t.form.json").map(\.help)
            == [["'url' is a rule, which a field has only when its rules name it: remove '\"url\": false'"]])
        expectFollowing(
            form("  - number: n\n    min: 0\n    rules: [{ max: 9 }]\n"),
            help: "'min' is a rule: add { min: 0 } to the field's rules",
            replacing: "    min: 0\n    rules: [{ max: 9 }]\n", with: "    rules: [{ min: 0 }, { max: 9 }]\n"
        )
        expectFollowing(
            #"{"formc": 1, "form": "F", "elements": [{"textField": "a", "pattern": "^[a-z]+$"}]}"#,
            help: #"'pattern' is a rule: write it in the field's rules: "rules": [{"pattern": "^[a-z]+$"}]"#,
            replacing: #""pattern": "^[a-z]+$""#, with: #""rules": [{"pattern": "^[a-z]+$"}]"#, path: "a.form.json"
        )
        expectFollowing(
            form("  - textField: a\n    title: Name\n"), help: "did you mean 'label'?", replacing: "title:", with: "label:"
        )
        expectFollowing(
            form("  - boolean: b\n    label: News\n"), help: "did you mean 'title'?", replacing: "label:", with: "title:"
        )
        expectFollowing(
            form("  - textField: a\n    hint: Your name\n"), help: "did you mean 'placeholder'?", replacing: "hint:", with: "placeholder:"
        )
        // A misspelling of another kind's key is told what it looks like, and formc's key for it.
        expectFollowing(
            form("  - textField: a\n    titel: Name\n"),
            help: "'titel' looks like 'title', a key of 'boolean', 'date', 'group', 'list', 'multiChoice', 'number', 'page', 'picker', 'segment', 'segue', not of textField 'a'",
            replacing: "titel:", with: "label:"
        )
        expectFollowing(
            form("  - boolean: b\n    lable: News\n"), help: "did you mean 'title'?", replacing: "lable:", with: "title:"
        )
        let unit = diagnose(form("  - textField: a\n    unti: kg\n"))
        #expect(unit.first?.help.first == "'unti' looks like 'unit', a key of 'number', not of textField 'a'")
        #expect(unit.first?.help.last?.hasPrefix("the keys of textField 'a' are: ") == true)
        expectFollowing(
            form("  - list: rows\n    max: 3\n    elements:\n      - textField: a\n"),
            help: "did you mean 'maxItems'?", replacing: "max:", with: "maxItems:"
        )
        expectFollowing(
            form("  - picker: p\n    options: [x, y]\n    multiple: true\n"),
            help: "a choice of several is a multiChoice: write '- multiChoice: ID' in place of its kind key",
            replacing: "picker: p\n    options: [x, y]\n    multiple: true", with: "multiChoice: p\n    options: [x, y]"
        )
    }

    /// A key the mapping lacks is the one meant when it is as near as one it has:
    /// `formx` beside `form` is `formc`, whose absence is then not reported apart.
    @Test func aMisspeltKeyIsTheMissingOneWhenItIsAsNear() {
        expectFollowing(
            "formx: 1\nform: F\nelements:\n  - boolean: b\n    title: B\n",
            help: "did you mean 'formc'?", replacing: "formx", with: "formc"
        )
        expectFollowing(
            form("  - boolean: b\n    title: B\n    tilte: C\n"),
            help: "'title' is given already: remove 'tilte', or merge the two",
            replacing: "    tilte: C\n", with: ""
        )
    }

    @Test func javaScriptEqualityIsReplacedWhole() {
        expectFollowing(
            form("  - boolean: b\n    title: B\n  - textField: a\n    visibleWhen: b === true\n"),
            help: "did you mean '=='?", replacing: "===", with: "=="
        )
        expectFollowing(
            form("  - boolean: b\n    title: B\n  - textField: a\n    visibleWhen: b !== true\n"),
            help: "did you mean '!='?", replacing: "!==", with: "!="
        )
    }

    @Test func aRuleRunIntoItsParameterKeepsTheParameter() {
        expectFollowing(
            form("  - textField: d\n    rules:\n      - minLength 3\n"),
            help: "write the rule and its parameter with ': ' between them: 'minLength: 3'",
            replacing: "minLength 3", with: "minLength: 3"
        )
        expectFollowing(
            form("  - textField: d\n    rules: [required, maxLength:8]\n"),
            help: "write the rule and its parameter with ': ' between them: 'maxLength: 8'",
            replacing: "maxLength:8", with: "maxLength: 8"
        )
    }

    @Test func aParameterlessRuleInAFlowList() {
        expectFollowing(
            form("  - textField: c\n    rules: [required, { email: true }]\n"),
            help: "write the rule as its name alone: email", replacing: "{ email: true }", with: "email"
        )
    }

    @Test func aSliderWithRulesGetsItsOtherEnd() {
        expectFollowing(
            form("  - number: budget\n    style: slider\n    rules: [{ min: 10 }]\n"),
            help: "add '{ max: 100 }' to its rules with the slider's ends, or use 'style: stepper'",
            replacing: "[{ min: 10 }]", with: "[{ min: 10 }, { max: 100 }]"
        )
        // Both ends from fields.
        #expect(diagnose(form("  - number: low\n  - number: high\n  - number: budget\n    style: slider\n    rules: [{ min: low }, { max: high }]\n")).map(\.message)
            == ["a slider needs a fixed min and max; 'budget' takes its min from the field 'low' and its max from the field 'high'"])
        // An end taken from another field moves with it: the message says so.
        let fromField = form("  - number: low\n  - number: budget\n    style: slider\n    rules: [{ min: low }, { max: 100 }]\n")
        #expect(diagnose(fromField).map(\.message) == ["a slider needs a fixed min and max; 'budget' takes its min from the field 'low'"])
        expectFollowing(
            fromField, help: "add '{ min: 0 }' to its rules with the slider's ends, or use 'style: stepper'",
            replacing: "[{ min: low }, { max: 100 }]", with: "[{ min: low }, { min: 0 }, { max: 100 }]"
        )
    }

    @Test func conditionHelpKeepsWhatWasWritten() {
        let diet = "  - multiChoice: diet\n    options: [vegan, fish]\n  - textField: e\n    visibleWhen: "
        expectFollowing(
            form(diet + "count(diet) > '1'\n"),
            help: "write it as 'count(diet) > 1'", replacing: "count(diet) > '1'", with: "count(diet) > 1"
        )
        expectFollowing(
            form(diet + "diet == 'fish'\n"),
            help: "to test whether 'fish' is chosen, write contains(diet, 'fish')",
            replacing: "diet == 'fish'", with: "contains(diet, 'fish')"
        )
        expectFollowing(
            form("  - segment: plan\n    options: [free, pro]\n  - textField: e\n    visibleWhen: plan in 'pro'\n"),
            help: "write the options as a list: plan in ['pro']", replacing: "plan in 'pro'", with: "plan in ['pro']"
        )
    }

    /// A malformed id's did-you-mean is the name its conditions use: they are not
    /// told the name is unknown (which would propose the malformed id back). An
    /// option of that name is still no option.
    @Test func aMalformedIDAndTheConditionsNamingIt() {
        let codes = diagnose(form("  - textField: Pro\n  - segment: plan\n    options: [free, premium]\n  - textField: x\n    visibleWhen: plan == 'pro'\n"))
            .map(\.code)
        #expect(codes == [.invalidFieldID, .conditionNotOption])
        expectFollowing(
            form("  - segment: Topic\n    options: [bug, idea]\n  - textField: e\n    visibleWhen: topic == 'bug'\n"),
            help: "did you mean 'topic'?", replacing: "segment: Topic", with: "segment: topic"
        )
    }

    @Test func conditionWordsOfOtherLanguages() {
        let fields = "  - boolean: newsletter\n    title: N\n  - date: born\n  - date: opens\n    mode: time\n  - date: at\n    mode: dateTime\n  - textField: e\n    visibleWhen: "
        expectFollowing(
            form(fields + "newsletter == yes\n"),
            help: "write true: the condition language's booleans are true and false", replacing: "== yes", with: "== true"
        )
        expectFollowing(form(fields + "NOT newsletter\n"), help: "did you mean 'not'?", replacing: "NOT", with: "not")
        // A choice whose option is `yes` is told to quote it, not to write true.
        expectFollowing(
            form("  - segment: answer\n    options: ['yes', 'no']\n  - textField: e\n    visibleWhen: answer == yes\n"),
            help: "to compare 'answer' with the value 'yes', write it in quotes: answer == 'yes'",
            replacing: "== yes", with: "== 'yes'"
        )
        expectFollowing(form(fields + "isEmpty(born) and NOT newsletter\n"), help: "did you mean 'not'?", replacing: "NOT", with: "not")
        expectFollowing(form(fields + "Not(newsletter)\n"), help: "did you mean 'not'?", replacing: "Not", with: "not")
        expectFollowing(form(fields + "(isEmpty(born) or NOT newsletter)\n"), help: "did you mean 'not'?", replacing: "NOT", with: "not")
        expectFollowing(
            form(fields + "born > 2000-01-01\n"), help: "write '2000-01-01'", replacing: "2000-01-01", with: "'2000-01-01'"
        )
        expectFollowing(form(fields + "opens >= 09:30\n"), help: "write '09:30'", replacing: "09:30", with: "'09:30'")
        expectFollowing(
            form(fields + "at > 2026-01-31T09:30:00+01:00\n"), help: "write '2026-01-31T09:30:00+01:00'",
            replacing: "2026-01-31T09:30:00+01:00", with: "'2026-01-31T09:30:00+01:00'"
        )
    }

    @Test func aSingleChoiceBecomesABoolean() {
        expectFollowing(
            form("  - segment: single\n    options: [only]\n"),
            help: "a single choice is a boolean: make the element a 'boolean' with a 'title', and no 'options'",
            replacing: "segment: single\n    options: [only]", with: "boolean: single\n    title: Only"
        )
    }

    /// A rule item whose first key is a misspelling and whose second is a rule: the
    /// rule is the rule, the misspelling a key of it.
    @Test func aMisspeltMessageBeforeItsRule() {
        expectFollowing(
            form("  - textField: c\n    rules:\n      - mesage: Too short\n        minLength: 2\n"),
            help: "did you mean 'message'?", replacing: "mesage", with: "message"
        )
        expectFollowing(
            form("  - textField: c\n    rules: [{ wen: c == 'x', required: true }]\n"),
            help: "did you mean 'when'?", replacing: "wen", with: "when"
        )
        // A stray key before a misspelt rule: the misspelt rule is the rule.
        let both = diagnose(form("  - textField: c\n    rules: [{ mesage: Hi, mnLength: 2 }]\n"))
        #expect(both.map(\.message) == ["unknown key 'mesage' in the rule 'mnLength'", "unknown rule 'mnLength'"])
        #expect(both.map { $0.help.first } == ["did you mean 'message'?", "did you mean 'minLength'?"])
        let json = diagnose(#"{"formc": 1, "form": "F", "elements": [{"textField": "c", "rules": [{"required": true, "minLenght": 2}]}]}"#, path: "t.form.json")
        #expect(json.map(\.help) == [["did you mean 'minLength'?", #"write each rule as its own item of the list: {"minLength": …}"#]])
        // A misspelt rule stays the rule, and the rule after it is told to be an item.
        let misspeltRule = diagnose(form("  - textField: c\n    rules:\n      - minLenght: 2\n        required: true\n"))
        #expect(misspeltRule.map(\.help) == [["did you mean 'minLength'?"], ["write each rule as its own list item: '- required: …'"]])
        let misspeltOther = diagnose(form("  - textField: c\n    rules: [{ required: true, minLenght: 2 }]\n"))
        #expect(misspeltOther.map(\.help) == [["did you mean 'minLength'?", "write each rule as its own list item: '- minLength: …'"]])
    }

    /// `- staticText Note: read this`: the kind without its colon, YAML ending the key
    /// at the text's own ': '.
    @Test func aStaticTextWithAColonInItsText() {
        expectFollowing(
            form("  - staticText Note: read this first\n"),
            help: #"write a ':' after the kind, and the text in quotes (YAML ends a key at ': '): '- staticText: "Note: read this first"'"#,
            replacing: "staticText Note: read this first", with: #"staticText: "Note: read this first""#
        )
        expectFollowing(
            form("  - textField email: x\n"),
            help: "write a ':' after the kind, then the id: '- textField: email'",
            replacing: "textField email: x", with: "textField: email"
        )
        // Quoted, or with no text after the ':'.
        expectFollowing(
            form("  - staticText Note: 'read this'\n"),
            help: #"write a ':' after the kind, and the text in quotes (YAML ends a key at ': '): '- staticText: "Note: read this"'"#,
            replacing: "staticText Note: 'read this'", with: #"staticText: "Note: read this""#
        )
        let json = diagnose(#"{"formc": 1, "form": "F", "elements": [{"textField name": "x"}, {"staticText Note": "read"}]}"#, path: "t.form.json")
        #expect(json.map(\.help) == [
            [#"write the kind alone as the key, and the id as its value: {"textField": "name"}"#],
            [#"write the kind alone as the key, and the text as its value: {"staticText": "…"}"#],
        ])
    }

    /// `required`'s mapping form takes `true`: a number there is told so.
    @Test func requiredWithANumber() {
        expectFollowing(
            form("  - textField: c\n    rules: [{ required: 1 }]\n"),
            help: "write the rule as its name alone: required", replacing: "{ required: 1 }", with: "required"
        )
        #expect(diagnose(form("  - textField: c\n    rules: [{ required: 1 }]\n")).map(\.message)
            == ["rule 'required' takes 'true' or no value in its mapping form, found '1'"])
    }

    /// A list's count given twice, once under another library's name.
    @Test func aListCountGivenTwice() {
        expectFollowing(
            form("  - list: jobs\n    maxItems: 4\n    max: 5\n    elements:\n      - textField: company\n"),
            help: "'maxItems' is given already: remove 'max'", replacing: "    max: 5\n", with: ""
        )
    }

    /// A JSON string left unclosed: the quote meant to open the next key closes it.
    @Test func aJSONQuoteLeftOut() {
        let path = "t.form.json"
        expectFollowing(
            #"{"formc": 1, "form": "F", "elements": [{"textField": "a", "placeholder: "Name"}]}"#,
            help: #"close the key with '"' before its ':': write "placeholder": followed by the value"#,
            replacing: #""placeholder: "Name""#, with: #""placeholder": "Name""#, path: path
        )
        expectFollowing(
            #"{"formc": 1, "form": "F", "elements": [{"textField": "a", "placeholder": "Name, "secure": true}]}"#,
            help: #"the string before this has no closing '"' before its ',': write "Name", "secure""#,
            replacing: #""Name, "secure""#, with: #""Name", "secure""#, path: path
        )
        // A long key after it is cut at a whole character.
        let long = String(repeating: "é", count: 30)
        let cut = diagnose(#"{"formc": 1, "form": "F", "elements": [{"textField": "a", "placeholder": "Name, "\#(long)": true}]}"#, path: path)
        #expect(cut.first?.help == [#"the string before this has no closing '"' before its ',': write "Name", "\#(String(repeating: "é", count: 20))"#])
        // Spaces around the key's ':' are not the key's.
        #expect(diagnose(#"{"formc": 1, "form": "F", "elements": [{"textField": "a", "placeholder :  "Name"}]}"#, path: path).first?.help
            == [#"close the key with '"' before its ':': write "placeholder": followed by the value"#])
    }

    /// In a .form.json, the help shows JSON.
    @Test func helpInJSONForOptionSetsKindsAndWhen() {
        let diagnostics = diagnose(#"""
            {"formc": 1, "form": "F", "options": {"Sizes": "small"}, "elements": [
              {"title": "No kind"},
              {"textField": "a", "when": "b"},
              {"boolean": "b", "title": "B"},
              {"picker": "p", "options": 3},
              {"textField": "c", "rules": [{"required": 1, "message": "M"}]},
              {"number": "n", "title": "N", "style": "slider", "rules": [{"min": 0}]},
              {"number": "s", "title": "S", "style": "slider"},
              {"textField": "d", "rules": ["email"], "when": "b"}
            ]}
            """#, path: "t.form.json")
        #expect(diagnostics.filter { $0.severity == .warning }.map(\.help) == [
            [#"write "options": "Sizes" in the segments, pickers or multiChoice fields that choose from it, or remove "options" with its only set"#],
        ])
        #expect(diagnostics.filter { $0.severity == .error }.map { $0.help.first ?? "" } == [
            #"list the set's options: "Sizes": ["a", "b"]"#,
            #"start the element with its kind, e.g. {"textField": "email", …}; the kinds are: group, boolean, segment, textField, floatLabel, textView, spacer, staticText, segue, number, date, picker, multiChoice, list, page"#,
            #"'when' belongs inside a rule's object: "rules": [{"required": true, "when": "CONDITION"}]"#,
            #"list the options, "options": ["a", "b"], or name a shared option set (an UpperCamelCase name under the top-level "options")"#,
            #"write "when" and "message" beside the rule's name: {"required": true, "when": …}"#,
            #"add {"max": 100} to its rules with the slider's ends, or use "style": "stepper""#,
            #"add "rules": [{"min": 0}, {"max": 100}] with the slider's ends, or use "style": "stepper""#,
            #"'when' belongs inside a rule's object, in the field's "rules": {"required": true, "when": "CONDITION"}"#,
        ], "\(diagnostics.map(\.message))")
    }

    /// A count too large for any count, where the key allows far less.
    @Test func decimalsTooLargeForAnyCount() {
        expectFollowing(
            form("  - number: n\n    title: N\n    decimals: 1e400\n"),
            help: "write a whole number, 0 to 9", replacing: "1e400", with: "9"
        )
    }

    /// An instant with a fraction of a second: formc's instants are whole seconds.
    @Test func anInstantWithAFractionOfASecond() {
        let field = "  - date: at\n    mode: dateTime\n"
        expectFollowing(
            form(field + "    default: 2026-01-31T09:30:00.123Z\n"),
            help: "an instant in a form is whole seconds: write 2026-01-31T09:30:00Z", replacing: ".123", with: ""
        )
        expectFollowing(
            form(field + "    rules: [{ min: 2026-01-31T09:30:00.5+01:00 }]\n"),
            help: "an instant in a form is whole seconds: write 2026-01-31T09:30:00+01:00", replacing: ".5", with: ""
        )
        expectFollowing(
            form(field + "  - textField: x\n    visibleWhen: at > '2026-01-31T09:30:00.25Z'\n"),
            help: "an instant in a form is whole seconds: write '2026-01-31T09:30:00Z'", replacing: ".25", with: ""
        )
        #expect(diagnose(form(field + "    default: 2026-01-31T09:30:00.123Z\n")).map(\.message) == ["'2026-01-31T09:30:00.123Z' has a fraction of a second"])
        // A date field holds no instant: its condition is told what it holds.
        let onADate = diagnose(form("  - date: day\n  - textField: x\n    visibleWhen: day > '2026-01-31T09:30:00.25Z'\n"))
        #expect(onADate.map(\.code) == [.conditionType])
        #expect(!"\(onADate.map(\.help))".contains("whole seconds"))
    }
}
