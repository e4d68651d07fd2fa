@testable import FormChecker
@testable import FormCompiler
@testable import FormModel
@testable import FormSource
@testable import FormText
import FormJSON
import Foundation
import Testing

/// SPEC §16 in the checker: bounds naming fields, `when:` on rules, two fields in
/// a condition and shared option sets — each mistake located, with its code.
struct RelationsCheckerTests {
    static let brokenForm = """
        formc: 1
        form: BrokenForm
        options:
          Country: [us, gb]
          Unused: [a, b]
          size: [s, m]
          Field: [x, y]
        elements:
          - date: start
          - date: at
            mode: time
          - number: low
          - date: end
            rules:
              - min: strat
              - max: at
              - min: low
              - max: end
          - textField: phone
            rules:
              - required: false
              - { required: true, when: contactBy }
              - { minLength: 3, when: "phone == " }
              - { maxLength: 9, when: "true" }
              - { pattern: '[0-9]+', when: start }
          - picker: shipping
            options: Contry
          - picker: billing
            options: Country
            enumName: BillingCountry
            default: fr
          - segment: plan
            options: [free, pro]
          - textField: note
            visibleWhen: plan == billing or start < at or plan < plan or low != low
        """

    static let expected: [(position: String, message: String)] = [
        ("5:3 FC206", "option set 'Unused' is not used by any field"),
        ("6:3 FC200", "'size' is not a valid option set name"),
        ("6:3 FC206", "option set 'size' is not used by any field"),
        ("7:3 FC204", "option set 'Field' would generate the enum 'Field'"),
        ("7:3 FC206", "option set 'Field' is not used"),
        ("15:14 FC501", "min names an unknown field 'strat'"),
        ("16:14 FC302", "'end' holds a date and 'at' a time; a bound field has the same mode"),
        ("17:14 FC302", "'end' is a date and 'low' a whole number; a bound field is of the same kind"),
        ("18:14 FC302", "'end' cannot be its own max"),
        ("21:19 FC102", "rule 'required' takes 'true' or no value in its mapping form, found 'false'"),
        ("22:33 FC501", "unknown field 'contactBy'"),
        ("23:41 FC500", "unexpected end of condition"),
        ("24:31 FC505", "condition is always true: the rule always runs"),
        ("25:36 FC502", "the date 'start' is not a boolean"),
        ("27:14 FC501", "unknown option set 'Contry'"),
        ("30:5 FC101", "'enumName' cannot be given with a shared option set"),
        ("31:14 FC301", "default 'fr' is not an option of picker 'billing'"),
        ("35:18 FC502", "'plan' (single choice 'Plan') cannot be compared with 'billing' (single choice 'Country')"),
        ("35:37 FC502", "'start' (date) cannot be compared with 'at' (time)"),
        ("35:56 FC502", "cannot be ordered with '<'"),
    ]

    @Test func oneRunReportsEveryMistake() {
        let diagnostics = diagnose(Self.brokenForm)
        #expect(positions(diagnostics) == Self.expected.map(\.position))
        for (diagnostic, expected) in zip(diagnostics, Self.expected) {
            #expect(diagnostic.message.contains(expected.message), "\(expected.position): \(diagnostic.message)")
        }
    }

    @Test func unknownNamesSuggestTheCloseOne() {
        let diagnostics = diagnose(Self.brokenForm)
        func help(at position: String) -> [String] {
            diagnostics.first { positions([$0]) == [position] }?.help ?? []
        }
        #expect(help(at: "15:14 FC501") == ["did you mean 'start'?"])
        #expect(help(at: "27:14 FC501") == ["did you mean 'Country'?"])
        #expect(help(at: "6:3 FC200").contains("did you mean 'Size'?"))
        // An unused set's help names it as it can be written: renamed as FC200 suggests.
        #expect(help(at: "5:3 FC206") == ["write 'options: Unused' in the segments, pickers or multiChoice fields that choose from it, or remove the set"])
        #expect(help(at: "6:3 FC206") == ["write 'options: Size' in the segments, pickers or multiChoice fields that choose from it, or remove the set"])
        // A name the generated code takes (FC204) is not one to write either.
        #expect(help(at: "7:3 FC206").first?.hasPrefix("rename the set (see the error at its name)") == true)
        #expect(help(at: "21:19 FC102").first?.contains("{ required: true, when: … }") == true)
    }

    /// `required`'s mapping form takes `true`: a Boolean misspelt is FC102 with the
    /// spelling to write, and a parameter beside `when` keeps the `when` in its fix.
    @Test func aMisspeltRequiredIsExplainedAndItsWhenKept() {
        let diagnostics = diagnose("""
            formc: 1
            form: F
            elements:
              - boolean: phone
                title: Phone
              - textField: a
                rules:
                  - { required: yes, when: phone }
                  - { email: "true" }
              - textField: b
                rules:
                  - required: { when: phone }
                  - { required: 3 }
                  - { required: no, when: phone }
            """)
        #expect(diagnostics.map { "\($0.location.range.start.line):\($0.location.range.start.column) \($0.code.rawValue)" } == [
            "8:21 FC102", "9:18 FC402", "12:19 FC402", "13:21 FC402", "14:21 FC102",
        ])
        #expect(diagnostics.map(\.message) == [
            "expected a boolean for rule 'required', found 'yes'",
            "rule 'email' takes no parameter",
            "rule 'required' takes 'true' or no value in its mapping form, found a mapping",
            "rule 'required' takes 'true' or no value in its mapping form, found '3'",
            "rule 'required' takes 'true' or no value in its mapping form, found 'no'",
        ])
        #expect(diagnostics.map { $0.help.first ?? "" } == [
            "write true (formc accepts only true and false, not YAML 1.1's yes/no/on/off)",
            "write the rule as its name alone: email",
            "write 'when' and 'message' beside the rule's name: '- { required: true, when: … }'",
            "write the rule as its name alone: required",
            "to make the field optional, remove the rule; to require it sometimes, write '{ required: true, when: … }'",
        ])
    }

    /// A rule without a parameter takes no parameter in its mapping form: YAML's null
    /// (`null`, `~`, nothing) or JSON's `null`, so that a JSON form gives `email` a
    /// `message` or a `when` as a YAML form does.
    @Test(arguments: [
        ("t.form.json", #"{"formc": 1, "form": "F", "elements": [{"textField": "t", "rules": [{"email": null, "message": "Enter a work email"}]}]}"#),
        ("t.form.yaml", "formc: 1\nform: F\nelements:\n  - textField: t\n    rules:\n      - { email, message: Enter a work email }\n"),
    ] + ["null", "~", "Null", "NULL", ""].map {
        ("t.form.yaml", "formc: 1\nform: F\nelements:\n  - textField: t\n    rules:\n      - email: \($0)\n        message: Enter a work email\n")
    })
    func aRuleWithoutAParameterTakesNull(_ path: String, _ text: String) throws {
        let result = FormPipeline.build(SourceFile(path: path, bytes: Array(text.utf8)))
        #expect(result.diagnostics.isEmpty, "\(text): \(result.diagnostics.map(\.message))")
        let swift = try #require(result.swiftSource)
        #expect(swift.contains(#".email(message: context.localization.string("F.t.email.message", default: "Enter a work email"))"#), "\(text)")
    }

    /// A rule that cannot be read (unknown, or a bad parameter) still has its `when`
    /// and `message` read and checked, in the field's scope (an entry's included):
    /// one run reports them all.
    @Test func aRuleThatCannotBeReadHidesNotItsCondition() {
        let diagnostics = diagnose("""
            formc: 1
            form: F
            elements:
              - boolean: s
                title: S
              - textField: a
                rules:
                  - { minLength: -1, when: "nope" }
                  - { minLenght: 1, when: nope2, message: [x] }
                  - { required: false, when: "s ==" }
                  - { when: nope4 }
                  - { minLength: 2, when: s }
              - list: l
                elements:
                  - textField: b
                    rules:
                      - { minLength: -1, when: "nope5 or a == 'x'" }
            """)
        #expect(diagnostics.map { "\($0.location.range.start.line):\($0.location.range.start.column) \($0.code.rawValue)" } == [
            "8:22 FC402", "8:33 FC501", "9:11 FC400", "9:31 FC501", "9:47 FC102", "10:21 FC102", "10:39 FC500",
            "11:9 FC100", "11:17 FC501", "17:26 FC402", "17:37 FC501",
        ])
    }

    /// `required` is the one rule whose mapping form takes `true` (SPEC §16): `email`
    /// and `url` given `true` are FC402, and the fix keeps the message beside the rule
    /// in the file's own syntax.
    @Test func onlyRequiredTakesTrue() {
        let yaml = diagnose("""
            formc: 1
            form: F
            elements:
              - textField: a
                rules:
                  - { email: true, message: Enter a work email }
                  - { required: true }
              - textField: b
                rules:
                  - url: true
            """)
        #expect(yaml.map { "\($0.location.range.start.line):\($0.location.range.start.column) \($0.code.rawValue)" } == ["6:18 FC402", "10:14 FC402"])
        #expect(yaml.map(\.message) == [
            "rule 'email' takes no parameter; only 'required' takes 'true'",
            "rule 'url' takes no parameter; only 'required' takes 'true'",
        ])
        #expect(yaml.map { $0.help.first ?? "" } == [
            "give the rule no value, with 'when' and 'message' beside it: '{ email, message: … }'",
            "write the rule as its name alone: url",
        ])
        let json = diagnose(
            #"{"formc": 1, "form": "F", "elements": [{"textField": "t", "rules": [{"url": true, "message": "Enter a link"}, {"email": false}]}]}"#,
            path: "t.form.json"
        )
        #expect(json.map(\.code) == [.invalidRuleParameter, .invalidRuleParameter])
        #expect(json.map { $0.help.first ?? "" } == [
            #"give the rule no value, with "when" and "message" beside it: {"url": null, "message": …}"#,
            "to drop the rule, remove it",
        ])
    }

    /// A set whose name has no valid form to suggest is asked for another, in FC206 as in FC200.
    @Test func anUnusedSetWithNoNameToSuggestAsksForOne() {
        let diagnostics = diagnose("""
            formc: 1
            form: F
            options:
              "---": [a, b]
            elements:
              - textField: name
            """)
        #expect(diagnostics.map(\.code) == [.invalidFormName, .unusedOptionSet])
        #expect(diagnostics.first?.help.contains { $0.hasPrefix("did you mean") } == false)
        #expect(diagnostics.last?.help == [
            "rename the set (see the error at its name) and write the new name as 'options:' in the segments, pickers or multiChoice fields that choose from it, or remove 'options:' with its only set",
        ])
    }

    /// A list is a field of the form (SPEC §14), of a kind no bound compares with:
    /// FC302 with the reason, as for a text field, in the form and in an entry;
    /// a group is no field (FC501).
    @Test func aBoundNamingAListIsAFieldOfAnotherKind() {
        let diagnostics = diagnose("""
            formc: 1
            form: D
            elements:
              - list: trips
                elements:
                  - date: day
                    rules: [{ min: trips }]
              - date: w
                rules: [{ min: trips }]
              - group: g
                elements:
                  - date: v
                    rules: [{ max: g }]
            """)
        #expect(diagnostics.map { "\($0.location.range.start.line) \($0.code.rawValue)" } == ["7 FC302", "9 FC302", "13 FC501"])
        #expect(diagnostics.first?.message == "'trips' cannot be the min of date 'day': 'trips' is a list, whose value is its entries; a bound field is of the same kind")
    }

    /// The help of a form's only set, unused, removes its `options:` key too:
    /// removing the set's line alone leaves `options:` empty, which is FC102.
    @Test func removingTheOnlyUnusedSetRemovesItsKey() {
        let form = "formc: 1\nform: F\noptions:\n  Size: [s, m]\nelements:\n  - textField: note\n"
        let help = diagnose(form).first { $0.code == .unusedOptionSet }?.help ?? []
        #expect(help == ["write 'options: Size' in the segments, pickers or multiChoice fields that choose from it, or remove 'options:' with its only set"])
        #expect(diagnose(form.replacingOccurrences(of: "  Size: [s, m]\n", with: "")).map(\.code) == [.wrongType])
        #expect(diagnose(form.replacingOccurrences(of: "options:\n  Size: [s, m]\n", with: "")).isEmpty)
        // Two sets, neither used: each may go, and 'options:' with the last.
        let two = "formc: 1\nform: F\noptions:\n  Size: [s, m]\n  Tone: [a, b]\nelements:\n  - textField: note\n"
        #expect(diagnose(two).map { $0.help.first?.hasSuffix("or remove the set, and 'options:' with the last one") } == [true, true])
        // One used, one not: only the set goes.
        let one = two + "  - segment: size\n    options: Size\n"
        #expect(diagnose(one).map { $0.help.first?.hasSuffix("or remove the set") } == [true])
    }

    static let validForm = """
        formc: 1
        form: TripForm
        options:
          Country: [us, { value: gb, title: United Kingdom }]
        elements:
          - number: fewest
            title: Fewest guests
          - number: most
            title: Most guests
            decimals: 1
            rules: [{ min: fewest }, { min: 1 }]
          - date: start
            title: Start date
          - date: end
            title: End date
            rules:
              - min: start
              - min: today
              - max: start
                when: not isEmpty(start) and end > start
                message: Only one day
          - date: opens
            mode: time
          - date: closes
            title: Closes?
            mode: time
            rules: [{ min: opens }]
          - picker: home
            options: Country
          - multiChoice: visited
            options: Country
            default: [gb]
          - segment: away
            options: Country
            default: us
          - boolean: a
            title: A
          - boolean: b
            title: B
          - textField: first
          - textField: note
            visibleWhen: home != away and a == b and first != second and most >= fewest and end < start and closes > opens
          - textField: second
            rules:
              - { required: true, when: "away == 'gb'" }
              - { pattern: '[0-9]+', when: "home in ['us']" }
              - { pattern: '[0-9]+', when: "contains(visited, 'us')" }
        """

    @Test func aFormUsingEveryRelationChecksClean() {
        #expect(diagnose(Self.validForm).map { "\(positions([$0])[0]) \($0.message)" } == [])
    }

    @Test func theCheckedTreeHoldsTheRelations() throws {
        let result = FormPipeline.check(SourceFile(path: "trip.form.yaml", text: Self.validForm))
        let form = try #require(result.checked)
        let elements = form.document.allElements
        let end = try #require(elements.first { $0.id?.value == "end" }?.field)
        #expect(end.rules.map(\.kind) == [.minField("start"), .min("today"), .maxField("start")])
        #expect(end.rules[2].when?.expression == .and(.not(.isEmpty("start")), .fieldCompare("end", .greater, "start")))
        let second = try #require(elements.first { $0.id?.value == "note" })
        #expect(second.visibleWhen?.expression?.conditionText
            == "home != away and a == b and first != second and most >= fewest and end < start and closes > opens")
        let home = try #require(form.symbols.field("home"))
        let away = try #require(form.symbols.field("away"))
        #expect(home.valueType == .segment(enumName: "Country", optional: true))
        #expect(away.valueType == .segment(enumName: "Country", optional: false))
        #expect(form.symbols.field("visited")?.valueType == .multiChoice(enumName: "Country"))
    }

    @Test func comparingAFieldWithItselfIsConstant() {
        let diagnostics = diagnose(form("""
              - number: low
              - textField: a
                visibleWhen: low != low
              - textField: b
                visibleWhen: low < low or low > low
              - textField: c
                visibleWhen: low <= low
            """))
        #expect(positions(diagnostics) == ["6:18 FC505", "8:18 FC505"])
        #expect(diagnostics.allSatisfy { $0.message.contains("always false") })
    }

    @Test func twoFieldsOfOneKindButDifferentTypesDoNotCompare() {
        let diagnostics = diagnose(form("""
              - multiChoice: x
                options: [a, b]
              - multiChoice: y
                options: [a, b]
              - textField: t
              - boolean: flag
                title: Flag
              - textField: note
                visibleWhen: x == y or t == flag or t < t
            """))
        #expect(positions(diagnostics) == ["12:18 FC502", "12:28 FC502", "12:43 FC502"])
    }

    @Test func aBoundThatIsADateWordStaysADate() {
        #expect(RuleKind.isFieldBound("startDate"))
        #expect(!RuleKind.isFieldBound("today"))
        #expect(!RuleKind.isFieldBound("today-18y"))
        #expect(!RuleKind.isFieldBound("2026-01-31"))
        #expect(!RuleKind.isFieldBound("18"))
        #expect(diagnose(form("""
              - date: today2
              - date: day
                rules: [{ min: today }, { max: today2 }]
            """)).isEmpty)
    }

    @Test func repeatedRulesWithConditionsAreNoRepeat() {
        let diagnostics = diagnose(form("""
              - boolean: flag
                title: Flag
              - number: low
              - number: n
                rules:
                  - { min: 1, when: flag }
                  - { min: 1 }
                  - { min: low }
                  - { max: 5 }
                  - { max: 6 }
            """))
        #expect(positions(diagnostics) == ["13:11 FC406"])
    }

    @Test func aConditionWithoutARuleIsReported() {
        let diagnostics = diagnose(form("""
              - boolean: flag
                title: Flag
              - textField: name
                rules:
                  - when: flag
                  - { required: true, when: flag, mesage: x }
            """))
        #expect(positions(diagnostics) == ["8:9 FC100", "9:39 FC101"])
        #expect(diagnostics.first?.message == "rule item has a condition but no rule")
        #expect(diagnostics.first?.help.first == "put the condition beside its rule: '- { required: true, when: flag }'")
        #expect(diagnostics.last?.help.first == "did you mean 'message'?")
    }

    /// A field of the same kind written in quotes in a comparison (SPEC §16) is
    /// told to drop them, with a quick fix: it is the field's value that is meant.
    @Test func aQuotedFieldInAComparisonIsToldToDropTheQuotes() {
        let diagnostics = diagnose(form("""
              - date: startDate
              - date: endDate
              - number: amount
              - number: limit
              - textField: note
                visibleWhen: endDate >= 'startDate' or amount > 'limit' or amount > 'note'
            """))
        #expect(positions(diagnostics) == ["9:29 FC502", "9:53 FC502", "9:73 FC502"])
        #expect(diagnostics[0].help == ["'startDate' is a field: to compare with its value, write it without quotes"])
        #expect(diagnostics[0].fix?.text == "startDate")
        #expect(diagnostics[1].help == ["'limit' is a field: to compare with its value, write it without quotes"])
        // A text field is no number: the plain help.
        #expect(diagnostics[2].help != diagnostics[1].help)
        #expect(diagnostics[2].fix == nil)
    }

    /// A date bound that names a day in words (`tomorrow`) is no field: its help
    /// writes the relative date meant, with a quick fix.
    @Test func aDayInWordsIsToldItsRelativeDate() {
        let diagnostics = diagnose(form("""
              - date: d
                rules: [{ min: tomorrow }, { max: nextYear }]
              - date: t
                mode: time
                rules: [{ min: tomorrow }]
            """))
        #expect(diagnostics.map(\.message) == [
            "min names an unknown field 'tomorrow'", "max names an unknown field 'nextYear'", "min names an unknown field 'tomorrow'",
        ])
        #expect(diagnostics[0].help == ["a date counted from the day the form is filled in is written from 'today' (today+1d, today-18y): write 'today+1d'"])
        #expect(diagnostics[0].fix?.text == "today+1d")
        #expect(diagnostics[1].fix?.text == "today+1y")
        // A time has no day to count from.
        #expect(diagnostics[2].fix == nil)
    }

    /// An entry's field that names itself by an id the form's field has too is
    /// told that the entry's own id comes first (SPEC §14), with a note at the
    /// form's field; a field naming itself elsewhere keeps the plain help.
    @Test func anEntryFieldHidingTheFormsSaysSo() {
        let diagnostics = diagnose(form("""
              - textField: email
              - date: start
              - list: refs
                elements:
                  - textField: email
                    rules: [{ sameAs: email }]
                  - date: start
                    rules: [{ min: start }]
              - textField: code
                rules: [{ sameAs: code }]
              - textField: begin
              - list: trips
                elements:
                  - date: begin
                    rules: [{ min: begin }]
            """))
        #expect(positions(diagnostics) == ["9:27 FC405", "11:24 FC302", "13:23 FC405", "18:24 FC302"])
        #expect(diagnostics[0].help == ["in a list's entry, the entry's own 'email' comes first and hides the form's: rename the entry's field to name the form's 'email' here"])
        #expect(diagnostics[0].notes.map(\.message) == ["the form's 'email' is declared here"])
        #expect(diagnostics[0].notes.first?.location?.range.start.line == 4)
        #expect(diagnostics[1].notes.first?.location?.range.start.line == 5)
        #expect(diagnostics[2].notes.isEmpty)
        #expect(diagnostics[2].help == ["name the field this one must repeat, e.g. 'sameAs: password'"])
        // The form's `begin` is text, no bound of a date: renaming would not help.
        #expect(diagnostics[3].notes.isEmpty)
        #expect(diagnostics[3].help == ["name another field, or write a value"])
    }

    /// An entry's condition that names the form's switch by an id the entry's own
    /// field has too is told that the entry's field comes first, with a note at the
    /// switch; not told to test the entry's field for a value, which would lint
    /// clean and read the wrong field.
    @Test func anEntryConditionOnAHiddenFormSwitchSaysSo() {
        let diagnostics = diagnose(form("""
              - boolean: business
                title: Business
              - list: addresses
                itemType: Address
                elements:
                  - textField: business
                  - textField: zip
                    rules: [{ required: true, when: business }]
                  - textField: vat
                    visibleWhen: zip
            """))
        #expect(positions(diagnostics) == ["11:41 FC502", "13:22 FC502"])
        #expect(diagnostics.first?.message == "the text field 'business' of the entry is not a boolean")
        #expect(diagnostics.first?.help == ["in a list's entry, the entry's own 'business' comes first and hides the form's switch: rename the entry's field to name the form's 'business' here"])
        #expect(diagnostics.first?.notes.map(\.message) == ["the form's 'business' is declared here"])
        #expect(diagnostics.first?.notes.first?.location?.range.start.line == 4)
        // A text field with no form's switch of its id keeps the plain help.
        #expect(diagnostics.last?.help == ["use 'not isEmpty(zip)' to test that it has a value, or compare it with a string"])
    }

    /// An entry's condition that compares its own choice with an option of the
    /// form's choice of the same id (hidden by the entry's) is told so, with a
    /// note at the form's choice; an option of neither keeps the plain FC503.
    @Test func anEntryConditionOnAnOptionOfAHiddenFormChoiceSaysSo() {
        let diagnostics = diagnose(form("""
              - picker: country
                options: [us, gb]
              - list: stops
                itemType: Stop
                elements:
                  - picker: country
                    options: [fr, de]
                  - textField: zip
                    visibleWhen: country == 'us'
                  - textField: region
                    visibleWhen: country in ['gb', 'dk']
            """))
        #expect(positions(diagnostics) == ["12:33 FC503", "14:34 FC503", "14:40 FC503"])
        #expect(diagnostics.first?.message == "'us' is not an option of the entry's single choice 'country'")
        #expect(diagnostics.first?.help == [
            "in a list's entry, the entry's own 'country' comes first and hides the form's choice: rename the entry's field to name the form's 'country' here",
            "its options are 'fr', 'de'",
        ])
        #expect(diagnostics.first?.notes.map(\.message) == ["the form's 'country' is declared here"])
        #expect(diagnostics.first?.notes.first?.location?.range.start.line == 4)
        #expect(diagnostics[1].message == "'gb' is not an option of the entry's single choice 'country'")
        // 'dk' is no option of either field: the plain message, with no note.
        #expect(diagnostics[2].message == "'dk' is not an option of single choice 'country'")
        #expect(diagnostics[2].notes.isEmpty)
    }

    /// A multiChoice's default is not told to choose an option it has chosen
    /// already: that fix would be FC301 again ("chosen twice").
    @Test(arguments: ["[us, gb, de]", "Country"])
    func aMultiChoiceDefaultIsNeverToldToChooseAnOptionTwice(_ options: String) {
        let diagnostics = diagnose("""
            formc: 1
            form: F
            options:
              Country: [us, gb, de]
            elements:
              - multiChoice: m
                title: M
                options: \(options)
                default: [us, uk]
              - multiChoice: n
                title: N
                options: \(options)
                default: [gb, uk]
            """).filter { $0.code == .defaultNotOption }
        #expect(diagnostics.map(\.message) == ["default 'uk' is not an option of multiChoice 'm'", "default 'uk' is not an option of multiChoice 'n'"])
        #expect(diagnostics.first?.help == ["the options are: us, gb, de"])
        #expect(diagnostics.last?.help == ["did you mean 'us'?"])
        #expect(diagnostics.first?.fix == nil)
        #expect(diagnostics.last?.fix != nil)
    }

    /// Two misspelt values of one default are not told the same option: with both
    /// fixes applied, it would be chosen twice.
    @Test(arguments: ["[vegan, vegetarian, halal]", "Diet"])
    func twoMisspeltDefaultsAreNotToldTheSameOption(_ options: String) {
        let diagnostics = diagnose("""
            formc: 1
            form: F
            options:
              Diet: [vegan, vegetarian, halal]
            elements:
              - multiChoice: m
                title: M
                options: \(options)
                default: [vegn, vegam, halal]
            """).filter { $0.code == .defaultNotOption }
        #expect(diagnostics.map(\.message) == ["default 'vegn' is not an option of multiChoice 'm'", "default 'vegam' is not an option of multiChoice 'm'"])
        #expect(diagnostics.map(\.help) == [["did you mean 'vegan'?"], ["the options are: vegan, vegetarian, halal"]])
    }

    /// The help's example is the item's own condition when it reads the same
    /// there (in YAML and JSON), else a made-up one.
    @Test(arguments: [
        ("flag", "flag"), ("not flag and (n > 2)", "not flag and (n > 2)"),
        ("country == \"us\"", "contactByPhone"), ("a: b", "contactByPhone"),
    ])
    func aConditionWithoutARuleShowsItsOwnConditionInTheHelp(_ condition: String, _ shown: String) {
        let yaml = diagnose(form("""
              - boolean: flag
                title: Flag
              - number: n
              - textField: name
                rules:
                  - when: '\(condition.replacingOccurrences(of: "'", with: "''"))'
            """))
        #expect(yaml.first { $0.message == "rule item has a condition but no rule" }?.help.first == "put the condition beside its rule: '- { required: true, when: \(shown) }'")
        let json = diagnose("""
            {"formc": 1, "form": "F", "elements": [{"boolean": "flag", "title": "Flag"}, {"number": "n"},
             {"textField": "name", "rules": [{"when": \(JSONValue.quoted(condition))}]}]}
            """, path: "f.form.json")
        #expect(json.first { $0.message == "rule item has a condition but no rule" }?.help.first
            == #"put the condition beside its rule: {"required": true, "when": "\#(shown)"}"#)
        // A JSON `null` or `true` is no condition's text.
        for value in ["null", "true"] {
            let other = diagnose("""
                {"formc": 1, "form": "F", "elements": [{"textField": "name", "rules": [{"when": \(value)}]}]}
                """, path: "f.form.json")
            #expect(other.first { $0.message == "rule item has a condition but no rule" }?.help.first
                == #"put the condition beside its rule: {"required": true, "when": "contactByPhone"}"#)
        }
    }

    @Test func boundsThatApplySometimesDoNotContradictOrEndASlider() {
        let diagnostics = diagnose(form("""
              - boolean: flag
                title: Flag
              - number: n
                style: slider
                rules: [{ min: 10, when: flag }, { max: 5 }, { min: 0 }]
              - number: m
                rules: [{ min: 10 }, { max: 5, when: flag }]
            """))
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
    }

    /// A choice whose option set is unknown has its FC501 and nothing more: no
    /// FC503 for an option it cannot know, no FC502 for an enum it does not have.
    @Test func anUnknownSetBringsNoFurtherErrors() {
        let diagnostics = diagnose("""
            formc: 1
            form: TripForm
            options:
              Country: [us, gb]
            elements:
              - picker: home
                options: Countr
              - picker: away
                options: Country
              - textField: a
                visibleWhen: home == 'us' or home == away
            """)
        #expect(positions(diagnostics) == ["7:14 FC501"], "\(diagnostics.map(\.message))")
    }

    /// A set that is no list is one error (FC102), not also a set of 0 options.
    @Test func aSetThatIsNoListIsOneError() {
        let diagnostics = diagnose("""
            formc: 1
            form: TripForm
            options:
              Map: { a: b }
            elements:
              - picker: home
                options: Map
            """)
        #expect(positions(diagnostics) == ["4:8 FC102"], "\(diagnostics.map(\.message))")
    }

    /// `today…` as a number's bound is a date, said as such (not "no number in plain
    /// decimal notation"); where a number field is named `today`, the help says that
    /// the word always means the date (docs/format.md), so the field cannot be a bound.
    @Test func todayAsANumbersBoundIsADate() {
        let named = diagnose("""
            formc: 1
            form: BoundForm
            elements:
              - number: today
              - number: total
                rules:
                  - min: today
            """)
        #expect(positions(named) == ["7:14 FC302"], "\(named.map(\.message))")
        #expect(named.first?.message == "'today' is a date counted from the day the rule runs, and a number's min is a number or another number field")
        #expect(named.first?.help == ["'today' always means the date: a field named 'today' cannot be a bound; rename the field"])
        let unnamed = diagnose("""
            formc: 1
            form: BoundForm
            elements:
              - number: total
                rules: [{ max: today-18y }]
            """)
        #expect(positions(unnamed) == ["5:20 FC302"], "\(unnamed.map(\.message))")
        #expect(unnamed.first?.help == ["write a number, e.g. 18 or 2.50"])
    }

    /// A bound naming a group says it is no number or date field, with where it
    /// is declared; one naming a list, that a list is a field of another kind
    /// (FC302); one naming another list's entry field says whose it is.
    @Test func aBoundNamingNoFieldSaysWhatItNames() {
        let diagnostics = diagnose(form("""
              - group: g
                elements:
                  - number: n
              - number: m
                rules: [{ min: g }, { max: employers }, { max: nn }]
              - list: employers
                elements:
                  - date: from
              - list: schools
                elements:
                  - date: start
                    rules: [{ min: from }]
            """))
        #expect(diagnostics.map(\.message) == [
            "min names 'g', which is no number or date field",
            "'employers' cannot be the max of number 'm': 'employers' is a list, whose value is its entries; a bound field is of the same kind",
            "max names an unknown field 'nn'",
            "min names 'from', a field of the entries of list 'employers': only that list's entries can name it",
        ])
        #expect(diagnostics.map(\.code) == [.conditionUnknownField, .invalidNumber, .conditionUnknownField, .conditionUnknownField])
        #expect(diagnostics[0].notes.map { $0.location?.range.start.line } == [4])
        #expect(diagnostics[2].help == ["did you mean 'n'?"])
    }

    /// A Boolean or a null as a bound is a value of the wrong type (FC102), in YAML
    /// and in JSON: no field is named `true`, `false` or `null`.
    @Test func aBooleanOrNullBoundIsAValueOfTheWrongType() {
        let yaml = diagnose(form("""
              - number: n
                rules: [{ max: true }, { min: ~ }, { min: 'true' }]
              - date: d
                title: D
                rules: [{ max: False }, { min: null }, { max: [d] }]
            """))
        #expect(yaml.map(\.message) == [
            "expected a number, a date, a time or a field id for the max parameter, found the boolean true",
            "expected a number, a date, a time or a field id for the min parameter, found null",
            "min names an unknown field 'true'",
            "expected a number, a date, a time or a field id for the max parameter, found the boolean False",
            "expected a number, a date, a time or a field id for the min parameter, found null",
            "expected a number, a date, a time or a field id for the max parameter, found a list",
        ])
        #expect(yaml.map(\.code) == [.wrongType, .wrongType, .conditionUnknownField, .wrongType, .wrongType, .wrongType])
        let json = diagnose(
            #"{"formc": 1, "form": "F", "elements": [{"number": "n", "rules": [{"min": null}, {"max": false}]}]}"#,
            path: "test.form.json"
        )
        #expect(json.map(\.message) == [
            "expected a number, a date, a time or a field id for the min parameter, found null",
            "expected a number, a date, a time or a field id for the max parameter, found the boolean false",
        ])
        #expect(json.map(\.location.range.start.column) == [74, 89])
    }

    /// An entry type named like a shared set is one error, with its note at the
    /// set, whether a field of the form uses the set or only an entry's field does;
    /// its help never asks for an `enumName`, which a set's field cannot take.
    @Test func anEntryTypeNamedLikeASharedSetIsOneErrorNotedAtTheSet() {
        for (setUser, position) in [("  - picker: c\n    options: Country\n", "9:15"), ("", "12:22")] {
            let diagnostics = diagnose("""
                formc: 1
                form: F
                options:
                  Country: [us, gb]
                elements:
                \(setUser)  - list: items
                    itemType: Country
                    elements:
                      - textField: a
                  - list: others
                    elements:
                      - multiChoice: m
                        options: Country
                      - picker: n
                        options: Country
                """)
            #expect(positions(diagnostics) == ["\(position) FC204"], "\(diagnostics.map(\.message))")
            #expect(diagnostics.first?.notes.map { $0.location?.range.start.line } == [4])
            #expect(diagnostics.first?.help.contains { $0.contains("enumName") } == false)
        }
    }

    /// A set's own mistakes are told as the set's: its name in an empty value's
    /// message, a list of options asked for (never a set's name, nor a boolean).
    @Test func aSetsOwnMistakesAreToldAsTheSets() {
        let diagnostics = diagnose("""
            formc: 1
            form: F
            options:
              Empty: ["", b]
              One: [a]
              Scalar: x
            elements:
              - segment: s
                options: ["", a]
              - picker: p
                options: Empty
              - picker: q
                options: One
              - picker: r
                options: Scalar
            """).filter { $0.severity == .error }
        #expect(diagnostics.map(\.message) == [
            "an option value of option set 'Empty' is empty",
            "option set 'One' has 1 option; it needs at least 2",
            "expected a list of options, found 'x'",
            "an option value of segment 's' is empty",
        ])
        let emptyValue = "give it a value: to offer a choice of none, give that option a value such as none, and a title"
        #expect(diagnostics.map { $0.help.first ?? "" } == [emptyValue, "list at least two options", "list the set's options: 'Scalar: [a, b]'", emptyValue])
    }

    /// A did-you-mean never offers the field itself, nor a field the rule cannot
    /// name: its fix must not lead to another error (FC302 "its own min", FC405).
    @Test func aSuggestionNeverNamesTheRulesOwnField() {
        let diagnostics = diagnose(form("""
              - date: endDate
                rules: [{ min: endDat }]
              - textField: emailAgain
                rules: [{ sameAs: emailAgai }]
              - number: endDats
              - date: startDate
                rules: [{ max: endDat }]
              - date: other
                rules: [{ min: othe }]
              - textField: again
                rules: [{ sameAs: agai }]
              - list: items
                elements:
                  - date: othe
                  - textField: agai
            """))
        #expect(diagnostics.map(\.help) == [
            ["a bound is a value of the field's type, or the id of another field of the same kind"],
            ["name another field of the same kind, whose value this one must repeat"],
            ["did you mean 'endDate'?"],
            // A name of a list's entries: the help offers none of the rule's own field either.
            ["a bound is a value of the field's type, or the id of another field of the same kind"],
            ["sameAs compares with a field the rule's field can see: in an entry, that entry's own fields and the form's"],
        ])
    }

    /// A date's bound misspelling `today` is offered `today`; a time's is not (it takes no `today`).
    @Test func aMisspeltTodayIsSuggested() {
        let diagnostics = diagnose(form("""
              - date: d
                rules: [{ min: tody }]
              - date: t
                mode: time
                rules: [{ min: tody }]
            """))
        #expect(diagnostics.map(\.message) == ["min names an unknown field 'tody'", "min names an unknown field 'tody'"])
        #expect(diagnostics.first?.help == ["did you mean 'today'?"])
        #expect(diagnostics.last?.help.contains("did you mean 'today'?") == false)
    }

    /// A rule with `when` holds under its own condition: it contradicts no other
    /// rule (lengths, email and url, counts), while the same rules without it do.
    @Test func rulesThatApplySometimesDoNotContradict() {
        let sometimes = diagnose(form("""
              - boolean: flag
                title: Flag
              - textField: u
                rules: [{ minLength: 5, when: flag }, { maxLength: 3, when: not flag }]
              - textField: t
                rules: [{ email, when: flag }, { url, when: not flag }]
              - multiChoice: tags
                options: [a, b, c]
                rules: [{ minCount: 2, when: flag }, { maxCount: 1 }]
            """))
        #expect(sometimes.isEmpty, "\(sometimes.map(\.message))")
        let always = diagnose(form("""
              - textField: u
                rules: [{ minLength: 5 }, { maxLength: 3 }]
              - textField: t
                rules: [email, url]
              - multiChoice: tags
                options: [a, b, c]
                rules: [{ minCount: 2 }, { maxCount: 1 }]
            """))
        #expect(always.map(\.code) == [.contradictoryRules, .contradictoryRules, .contradictoryRules], "\(always.map(\.message))")
        // `maxInputLength` always applies: a length rule with `when` is still checked against it.
        let typed = diagnose(form("""
              - boolean: flag
                title: Flag
              - textField: u
                maxInputLength: 5
                rules: [{ minLength: 10, when: flag }, { maxLength: 8, when: flag }]
            """))
        #expect(typed.map(\.code) == [.contradictoryRules], "\(typed.map(\.message))")
    }

    @Test func theStringsOfASharedSetHaveOneKey() throws {
        var diagnostics = DiagnosticBag(file: "trip.form.yaml")
        let form = try #require(FormPipeline.check(SourceFile(path: "trip.form.yaml", text: Self.validForm)).checked)
        let strings = FormStrings.strings(of: form.document, diagnostics: &diagnostics)
        let keys = strings.map(\.key)
        #expect(keys.filter { $0.contains("option") } == ["TripForm.options.Country.us", "TripForm.options.Country.gb"])
        #expect(strings.first { $0.key == "TripForm.options.Country.gb" }?.comment == "Title of the option gb of the option set Country in TripForm")
        let messages = Dictionary(strings.map { ($0.key, $0.source) }, uniquingKeysWith: { first, _ in first })
        #expect(messages["TripForm.most.min.message"] == "Most guests must be at least Fewest guests")
        #expect(messages["TripForm.end.min.message"] == "End date must be on or after Start date")
        #expect(messages["TripForm.closes.min.message"] == "Must be at or after Opens")
        #expect(diagnostics.diagnostics.isEmpty)
    }

    /// A set used inside a list's entries: the entries use the form's set, so it
    /// is no unused set, its titles have the form's keys once, and an entry's
    /// field compares with the form's field of the same set.
    static let entrySetForm = """
        formc: 1
        form: TripForm
        options:
          Country: [us, { value: gb, title: United Kingdom }]
          Seat: [{ value: aisle, title: Aisle }, window]
        elements:
          - picker: home
            options: Country
          - list: legs
            elements:
              - picker: to
                options: Country
              - segment: seat
                options: Seat
              - textField: visa
                visibleWhen: to != home and seat == 'aisle'
        """

    @Test func aSetUsedOnlyInsideAnEntryIsUsedAndLocalizedOnce() throws {
        #expect(diagnose(Self.entrySetForm).map { "\(positions([$0])[0]) \($0.message)" } == [])
        var diagnostics = DiagnosticBag(file: "trip.form.yaml")
        let form = try #require(FormPipeline.check(SourceFile(path: "trip.form.yaml", text: Self.entrySetForm)).checked)
        let keys = FormStrings.strings(of: form.document, diagnostics: &diagnostics).map(\.key)
        #expect(keys.filter { $0.contains("option") } == [
            "TripForm.options.Country.us", "TripForm.options.Country.gb",
            "TripForm.options.Seat.aisle", "TripForm.options.Seat.window",
        ])
        #expect(diagnostics.diagnostics.isEmpty)
        // The localized document (the preview's) reads the same keys.
        let localized = FormStrings.localized(form.document) { string in string.key }
        guard case .list(let legs) = localized.elements[1].kind, case .segment(let seat) = legs.elements[1].kind else {
            Issue.record("no list with a segment")
            return
        }
        #expect(seat.options.compactMap(\.title?.value) == ["TripForm.options.Seat.aisle", "TripForm.options.Seat.window"])
    }

    @Test func theDumpShowsSetsBoundsAndConditions() throws {
        let result = FormPipeline.check(SourceFile(path: "trip.form.yaml", text: Self.validForm))
        let dump = TreeDump.json(for: try #require(result.checked).document, path: "trip.form.yaml")
        #expect(dump.contains("\"options\": {"))
        #expect(dump.contains("\"Country\": ["))
        #expect(dump.contains("\"options\": \"Country\""))
        #expect(dump.contains("\"field\": \"start\""))
        #expect(dump.contains("\"when\": \"not isEmpty(start) and end > start\""))
    }
}

/// `options:` holding a lone word: a shared set's name misspelt in its case is
/// FC501 with the set as the fix; any other word is FC102 saying what goes there.
struct OptionSetNameTests {
    @Test func aSetsNameInLowercaseIsFC501WithTheSet() throws {
        let text = "formc: 1\nform: Checkout\noptions:\n  Country: [us, gb]\nelements:\n"
            + "  - picker: shipping\n    options: Country\n  - picker: billing\n    options: country\n"
        let diagnostics = diagnose(text)
        #expect(diagnostics.map(\.code.rawValue) == ["FC501"])
        #expect(diagnostics.first?.location.range.start.line == 9)
        #expect(diagnostics.first?.help == ["did you mean 'Country'?"])
    }

    @Test func aWordThatIsNoSetIsFC102WithHelp() throws {
        let text = "formc: 1\nform: Checkout\nelements:\n  - picker: billing\n    options: countries\n"
        let diagnostics = diagnose(text)
        #expect(diagnostics.map(\.code.rawValue) == ["FC102"])
        #expect(diagnostics.first?.help.first?.contains("options: [a, b]") == true)
    }
}
