@testable import FormSource
import Testing

/// One mistake, one diagnostic: what the first reports is not reported again as
/// something else, and no message says something the file does not (a helper's
/// sweep of the language's newer parts, SPEC §14–16).
struct FollowOnDiagnosticsTests {
    static func summaries(_ text: String, path: String = "test.form.yaml") -> [String] {
        diagnose(text, path: path).map { "\($0.location.range.start.line):\($0.location.range.start.column) \($0.code.rawValue) \($0.message)" }
    }

    /// A misspelt key in one of two options drops that option: FC101 says so (with
    /// the key it means, so no FC100 says it is missing), and no FC303 counts one
    /// option where two are written.
    @Test func aBrokenOptionIsNotCountedAsMissing() {
        #expect(diagnose("""
            formc: 1
            form: F
            options:
              Country: [{ valu: us, title: US }, { value: gb, title: GB }]
            elements:
              - picker: country
                options: Country
              - segment: size
                options: [{ valu: s, title: S }, m]
            """).map(\.code.rawValue) == ["FC101", "FC101"])
    }

    /// A misspelt required key is FC101 with the key it means; FC100 does not also
    /// say the key is missing.
    @Test func aMisspeltRequiredKeyIsOneError() {
        #expect(Self.summaries("""
            formc: 1
            form: F
            elements:
              - segment: size
                optins: [s, m]
              - floatLabel: name
                lable: Name
              - boolean: terms
                titel: I agree
              - segue: help
                titl: Help
              - group: g
                elemnts:
                  - textField: inner
              - list: l
                elemnts:
                  - textField: entryField
              - textField: other
                visibleWhen: not isEmpty(inner)
            """) == [
            "5:5 FC101 unknown key 'optins' in segment 'size'",
            "7:5 FC101 unknown key 'lable' in floatLabel 'name'",
            "9:5 FC101 unknown key 'titel' in boolean 'terms'",
            "11:5 FC101 unknown key 'titl' in segue 'help'",
            "13:5 FC101 unknown key 'elemnts' in group 'g'",
            "16:5 FC101 unknown key 'elemnts' in list 'l'",
        ])
        #expect(Self.summaries("formc: 1\nform: F\nelemnts:\n  - textField: a\n") == [
            "3:1 FC101 unknown key 'elemnts' in the form",
        ])
        // Two misspellings of one key: the first is read, the second told so.
        let twice = diagnose("formc: 1\nform: F\nelemnts:\n  - textField: a\nelemets:\n  - textField: b\n")
        #expect(twice.map(\.help) == [["did you mean 'elements'?"], ["'elemnts' is read as 'elements' already: remove 'elemets', or merge the two"]])
        // The misspelt key's value is read as the key's: what is wrong inside it
        // is told in the same run, not once the key is mended.
        #expect(Self.summaries("""
            formc: 1
            form: F
            elemnts:
              - textField: name
                rules: [requird]
              - boolean: ok
              - floatLabel: pin
                lable: [x]
              - textField: other
                visibleWhen: not isEmpty(nme)
            """) == [
            "3:1 FC101 unknown key 'elemnts' in the form",
            "5:13 FC400 unknown rule 'requird'",
            "6:5 FC100 boolean 'ok' is missing required key 'title'",
            "8:5 FC101 unknown key 'lable' in floatLabel 'pin'",
            "8:12 FC102 expected a string for label, found a list",
            "10:30 FC501 unknown field 'nme'",
        ])
        #expect(Self.summaries("formcc: 1\nfrom: F\nelements:\n  - textField: a\n") == [
            "1:1 FC101 unknown key 'formcc' in the form", "2:1 FC101 unknown key 'from' in the form",
        ])
        // A group's layout too: a misspelt 'constantHeight' is FC101 alone; another key leaves it missing.
        func group(_ layout: String) -> String {
            "formc: 1\nform: F\nelements:\n  - group: g\n    layout: \(layout)\n    elements:\n      - textField: a\n"
        }
        #expect(Self.summaries(group("{ constantHeigt: 4 }")) == ["5:15 FC101 unknown key 'constantHeigt' in a layout"])
        #expect(Self.summaries(group("{ height: 4 }")) == [
            "5:13 FC100 layout is missing 'constantHeight'", "5:15 FC101 unknown key 'height' in a layout",
        ])
    }

    /// An option without its value is told the value its title would give, in the
    /// file's syntax; a title that is not plain words gets the general example.
    @Test func anOptionWithoutItsValueIsToldOneFromItsTitle() {
        let yaml = diagnose("formc: 1\nform: F\nelements:\n  - segment: plan\n    options:\n      - { title: Pro plan }\n      - { title: 'A: b' }\n")
        #expect(yaml.map(\.help) == [["write its value beside its title: '{ value: proPlan, title: Pro plan }'"], ["write '{ value: pro, title: Pro }'"]])
        // A title that gives no value formc takes (FC203): the general example.
        #expect(diagnose("formc: 1\nform: F\nelements:\n  - segment: plan\n    options:\n      - { title: 日本 }\n      - b\n").map(\.help)
            == [["write '{ value: pro, title: Pro }'"]])
        let json = diagnose(#"{"formc": 1, "form": "F", "elements": [{"segment": "plan", "options": [{"title": "Pro plan"}]}]}"#, path: "a.form.json")
        #expect(json.map(\.help) == [[#"write its value beside its title: {"value": "proPlan", "title": "Pro plan"}"#]])
    }

    /// An element of a misspelt kind is FC103: its id is no unknown field where a
    /// condition, a bound or a `sameAs` names it, and the set it names is not unused.
    /// Read as the kind the FC103 proposes, its own other mistakes show too (a
    /// boolean's `title`, which `boolen: hasPets` lacks).
    @Test func anElementOfAMisspeltKindIsOneError() {
        #expect(Self.summaries("""
            formc: 1
            form: F
            options:
              Country: [de, nl]
            elements:
              - pickr: country
                options: Country
              - boolen: hasPets
              - dat: start
              - textField: secret
              - textFeild: again
              - date: end
                visibleWhen: hasPets
                rules: [{ min: start }]
              - textField: confirm
                rules: [{ sameAs: again }]
              - list: l
                elements:
                  - numbr: count
                  - textField: note
                    visibleWhen: count > 1
            """) == [
            "6:5 FC103 unknown element kind 'pickr'",
            "8:5 FC100 boolean 'hasPets' is missing required key 'title'",
            "8:5 FC103 unknown element kind 'boolen'",
            "9:5 FC103 unknown element kind 'dat'",
            "11:5 FC103 unknown element kind 'textFeild'",
            "19:9 FC103 unknown element kind 'numbr'",
        ])
    }

    /// An element whose kind is misspelt as one kind is read as that kind: the
    /// mistakes in its conditions, rules and keys are reported in the same run,
    /// in a list's entry too, without a second report of the kind key. A word
    /// near no kind, and an element with no kind key, are read no further.
    @Test func anElementOfAMisspeltKindHasItsOtherMistakesReported() {
        #expect(Self.summaries("""
            formc: 1
            form: F
            elements:
              - boolean: news
                title: News
              - textFeld: email
                visibleWhen: news && news
                rules: [requird, { minLength: -1 }]
                placehlder: x
              - list: items
                elements:
                  - nubmer: qty
                    rules: [{ min: 5 }, { max: 3 }]
                    enabledWhen: "qty = 3"
              - widget: w
                visibleWhen: news &&
              - title: x
                visibleWhen: news &&
            """).map { $0.split(separator: " ").prefix(2).joined(separator: " ") } == [
            "6:5 FC103", "7:23 FC500", "8:13 FC400", "8:35 FC402", "9:5 FC101",
            "12:9 FC103", "13:36 FC403", "14:27 FC500",
            "15:5 FC103", "17:5 FC104",
        ])
        // A page or a list is not guessed (where it stands would be judged), nor a
        // kind followed by a word; a guessed field beside pages is no second FC103.
        #expect(Self.summaries("""
            formc: 1
            form: F
            elements:
              - page: one
                elements:
                  - list: items
                    elements:
                      - lst: inner
                      - pag: p
                  - staticText s:
              - textFeld: a
                visibleWhen: a &&
              - pag: two
            """).map { $0.split(separator: " ").prefix(2).joined(separator: " ") } == [
            "8:13 FC103", "9:13 FC103", "10:9 FC103", "11:5 FC103", "12:20 FC500", "13:5 FC103",
        ])
    }

    /// A set named with a typo is FC501 with a did-you-mean; the set it means is
    /// not also "unused".
    @Test func aMisspeltSetIsNotAlsoUnused() {
        #expect(Self.summaries("""
            formc: 1
            form: F
            options:
              Country: [us, gb]
              Size: [s, m]
            elements:
              - picker: country
                options: Contry
            """) == [
            "5:3 FC206 option set 'Size' is not used by any field",
            "8:14 FC501 unknown option set 'Contry'",
        ])
        // Only the set the did-you-mean names is spared; a near one that is unused is not.
        #expect(Self.summaries("""
            formc: 1
            form: F
            options:
              Sizes: [s, m]
              Sized: [s, m]
            elements:
              - picker: size
                options: Sizez
            """).map { String($0.prefix(9)) } == ["4:3 FC206", "8:14 FC50"])
    }

    /// A choice whose option set is unknown (FC501) has no enum to compare: a
    /// `sameAs` between it and a choice of a real set is not also FC405, in the
    /// form or in an entry, from either side.
    @Test func aMisspeltSetIsNotASameAsMismatch() {
        #expect(Self.summaries("""
            formc: 1
            form: F
            options:
              Country: [us, gb]
            elements:
              - picker: ship
                options: Contry
                rules: [{ sameAs: bill }]
              - picker: bill
                options: Country
                rules: [{ sameAs: ship }]
              - list: items
                elements:
                  - picker: c
                    options: Contry
                    rules: [{ sameAs: ship }]
                  - picker: d
                    options: Country
                    rules: [{ sameAs: c }]
            """) == [
            "7:14 FC501 unknown option set 'Contry'",
            "15:18 FC501 unknown option set 'Contry'",
        ])
        // A choice differs from a number or a text whatever its options.
        #expect(Self.summaries("""
            formc: 1
            form: F
            options:
              Country: [us, gb]
            elements:
              - picker: ship
                options: Contry
                rules: [{ sameAs: age }]
              - number: age
              - textField: t
                rules: [{ sameAs: ship }]
            """).map { $0.split(separator: " ").prefix(2).joined(separator: " ") } == ["7:14 FC501", "8:23 FC405", "11:23 FC405"])
        // Two real sets still differ.
        #expect(Self.summaries("""
            formc: 1
            form: F
            options:
              Country: [us, gb]
              Size: [s, m]
            elements:
              - picker: ship
                options: Size
                rules: [{ sameAs: bill }]
              - picker: bill
                options: Country
            """).map { String($0.prefix(10)) } == ["9:23 FC405"])
    }

    /// A slider's `min` or `max` rule that is written wrong (a misspelt name, a
    /// quoted number, a value the field cannot hold) is reported as what it is;
    /// FC100 does not also say the slider has no such bound.
    @Test func aBrokenSliderBoundIsNotMissing() {
        #expect(Self.summaries("""
            formc: 1
            form: F
            elements:
              - number: a
                style: slider
                rules: [{ min: 1 }, { maxx: 10 }]
              - number: b
                style: slider
                rules: [{ mn: 1 }, { max: 10 }]
              - number: c
                style: slider
                rules: [{ min: 1 }, { max: "10" }]
              - number: d
                style: slider
                rules: [{ min: 1 }, { max: 1.5 }]
              - number: e
                style: slider
                rules: [{ min: 1 }]
              - number: f
                style: slider
                rules: [{ min: 1 }, requird]
            """).map { $0.split(separator: " ").prefix(2).joined(separator: " ") } == [
            "6:27 FC400", "9:15 FC400", "12:32 FC102", "15:32 FC302", "17:5 FC100", "20:5 FC100", "21:25 FC400",
        ])
    }

    /// An unknown name in a condition is offered only a field that fits where it
    /// stands: a boolean on its own, a multiple choice in `contains`, a field
    /// that can be empty in `isEmpty`, a segment before `in`, a field of a type
    /// that compares with the other side. A near name that does not fit is told
    /// as help without a fix, which would be FC502.
    @Test func aConditionsDidYouMeanFitsWhereTheNameStands() {
        let found = diagnose("""
            formc: 1
            form: F
            elements:
              - segment: plan
                options: [free, pro]
              - boolean: news
                title: News
              - number: age
              - multiChoice: tags
                options: [a, b]
              - textField: a
                visibleWhen: plam
              - textField: b
                visibleWhen: isEmpty(nws)
              - textField: c
                visibleWhen: contains(agee, 'x')
              - textField: d
                visibleWhen: plam >= 18
              - textField: e
                visibleWhen: agee >= 18
              - textField: f
                visibleWhen: nwes
              - textField: g
                visibleWhen: tgas in ['a']
              - textField: h
                rules: [{ required: true, when: plam == 'pro' }]
              - textField: i
                visibleWhen: zzzqqq
            """).map { "\($0.code.rawValue) \($0.help.joined(separator: " | "))" }
        #expect(found == [
            "FC501 the single choice 'plan' has a name like it, but cannot stand here: a condition on its own is a boolean field"
                + " | no field has the id 'plam'; those that fit here are news",
            "FC501 the boolean 'news' has a name like it, but cannot stand here: a boolean is never empty"
                + " | no field has the id 'nws'; those that fit here are plan, age, tags, a, c, d, e, f and 3 more",
            "FC501 the number 'age' has a name like it, but cannot stand here: contains reads a multiple choice"
                + " | no field has the id 'agee'; those that fit here are tags",
            "FC501 the single choice 'plan' has a name like it, but cannot stand here: '<', '<=', '>' and '>=' compare numbers,"
                + " dates and times | no field has the id 'plam'; those that fit here are age",
            "FC501 did you mean 'age'?",
            "FC501 did you mean 'news'?",
            "FC501 the multiple choice 'tags' has a name like it, but cannot stand here: 'in' tests a segment or picker"
                + " | no field has the id 'tgas'; those that fit here are plan",
            "FC501 did you mean 'plan'?",
            "FC501 no field has the id 'zzzqqq'; those that fit here are news",
        ])
    }

    /// An empty condition has no text of its own: its error covers the scalar,
    /// quotes and all, where a point inside the quotes would underline nothing.
    @Test func anEmptyConditionCoversItsQuotes() {
        let found = diagnose("formc: 1\nform: F\nelements:\n  - textField: a\n    visibleWhen: ''\n  - textField: b\n    visibleWhen: \"\"\n")
        #expect(found.map { "\($0.location.range.start.line):\($0.location.range.start.column)-\($0.location.range.end.column) \($0.message)" } == [
            "5:18-20 empty condition", "7:18-20 empty condition",
        ])
    }

    /// A second list of one id is FC202; its entry type, the first's, is no FC204.
    @Test func aDuplicateListIsOneError() {
        #expect(Self.summaries("""
            formc: 1
            form: F
            elements:
              - list: employers
                elements:
                  - textField: company
              - list: employers
                elements:
                  - textField: name
            """).map { String($0.prefix(10)) } == ["7:11 FC202"])
        // Another itemType of its own is checked: it is no copy of the first's.
        #expect(Self.summaries("""
            formc: 1
            form: F
            elements:
              - list: items
                elements:
                  - textField: a
              - list: items
                itemType: String
                elements:
                  - textField: b
            """).map { String($0.prefix(10)) }.contains("8:15 FC204"))
    }

    /// A bound is a literal or a field's id (SPEC §16): one that reads like an id
    /// of the same kind in the wrong case gets a did-you-mean; a date and time is
    /// called so.
    @Test func boundsSuggestTheFieldTheyLookLike() throws {
        let number = try #require(diagnose("""
            formc: 1
            form: F
            elements:
              - number: low
              - number: high
                rules: [{ min: Low }]
            """).first)
        #expect(number.code.rawValue == "FC302")
        #expect(number.help.last == "did you mean 'low'?")
        let instant = try #require(diagnose("""
            formc: 1
            form: F
            elements:
              - date: start
                mode: dateTime
              - date: end
                mode: dateTime
                rules: [{ min: Start }, { max: 2026-01-01 }]
            """).map { "\($0.message) \($0.help.last ?? "")" } as [String]?)
        #expect(instant == [
            "'Start' is not a valid min for date and time 'end' did you mean 'start'?",
            "'2026-01-01' is not a valid max for date and time 'end' write 2026-01-31T09:30:00Z or today+30d",
        ])
    }

    /// `sameAs` a list: a field of the form whose value is its entries (SPEC §14),
    /// of no value type another field has; a group or page has no value at all.
    @Test func sameAsAListSaysAListHasNoValue() throws {
        let diagnostic = try #require(diagnose("""
            formc: 1
            form: F
            elements:
              - textField: a
                rules: [{ sameAs: employers }]
              - list: employers
                elements:
                  - textField: company
            """).first)
        #expect(diagnostic.code.rawValue == "FC405")
        #expect(diagnostic.message == "sameAs target 'employers' is a list, whose value is its entries")
        #expect(diagnostic.help == ["sameAs compares with another field of the same value type"])
        let group = try #require(diagnose("formc: 1\nform: F\nelements:\n  - textField: a\n    rules: [{ sameAs: g }]\n  - group: g\n    elements:\n      - textField: b\n").first)
        #expect(group.help == ["sameAs compares with another field's value; a group, page or segue has none"])
    }
    /// A help line says what the user most likely meant: a field path in a
    /// condition, a rule of another kind's vocabulary, a unit on `debounce`.
    @Test func helpSaysWhatWasMeant() {
        let diagnostics = diagnose("""
            formc: 1
            form: F
            elements:
              - list: co
                elements:
                  - boolean: signs
                    title: Signs
              - textField: x
                visibleWhen: co.signs
                rules: [{ min: 2 }, { custom: c, debounce: 400ms }, { custom: d, debounce: 2s }]
              - multiChoice: m
                options: [a, b]
                rules: [{ max: 1 }]
            """)
        #expect(diagnostics.map(\.help) == [
            [
                "a condition names a field by its id alone, not by a path: inside a list's entry its own fields are named so ('signs'), and nothing outside the list can name them",
            ],
            ["'min' applies to numbers and dates", "for the length of the text, write 'minLength'"],
            ["debounce is a whole number of milliseconds from 0 to 10000, without a unit: 'debounce: 400'"],
            ["debounce is a whole number of milliseconds from 0 to 10000, without a unit: 'debounce: 2000'"],
            ["'max' applies to numbers and dates", "for the number of options chosen, write 'maxCount'"],
        ])
        // Past the limit, in another unit, or too many digits: no example, and no trap.
        for written in ["60s", "2min", "10000000000000000s", "99999999999999999999999ms"] {
            let text = "formc: 1\nform: F\nelements:\n  - textField: x\n    rules: [{ custom: c, debounce: \(written) }]\n"
            #expect(diagnose(text).map(\.help) == [["debounce is a whole number of milliseconds from 0 to 10000, without a unit"]])
        }
        // An entry named by its index, as JavaScript or Formik's paths do.
        func indexed(_ member: String) -> String {
            "formc: 1\nform: F\nelements:\n  - list: co\n    elements:\n      - boolean: signs\n        title: S\n"
                + "  - textField: x\n    visibleWhen: co[0].\(member)\n"
        }
        #expect(diagnose(indexed("signs")).map(\.help) == [[
            "a condition names a field by its id alone, not by a path: inside a list's entry its own fields are named so ('signs'), and nothing outside the list can name them",
        ]])
        // A function written as an entry's member is no entry field to name.
        #expect(diagnose(indexed("isEmpty")).first?.help.contains { $0.contains("('isEmpty')") } == false)
        // A function written as a member.
        let member = "formc: 1\nform: F\nelements:\n  - textField: email\n  - multiChoice: pets\n    options: [cat, dog]\n"
            + "  - textField: x\n    visibleWhen: email.isEmpty\n  - textField: y\n    visibleWhen: pets.contains\n"
        #expect(diagnose(member).map(\.help) == [
            ["isEmpty is a function: write isEmpty(email)"], ["contains is a function: write contains(pets, 'option')"],
        ])
        // JavaScript's members, and SurveyJS's braces.
        func condition(_ text: String) -> [[String]] {
            diagnose("formc: 1\nform: F\nelements:\n  - multiChoice: pets\n    options: [cat, dog]\n  - segment: plan\n    options: [free, pro]\n"
                + "  - textField: x\n    visibleWhen: \"\(text)\"\n").map(\.help)
        }
        #expect(condition("pets.includes('cat')") == [["a condition has no 'includes'; its function is contains: write contains(pets, 'option')"]])
        #expect(condition("pets.length > 0") == [["a condition has no 'length'; its function is count: write count(pets)"]])
        #expect(condition("plan.value == 'pro'") == [["a condition reads a field's value by its id alone: write plan"]])
        // JavaScript's `name.length` of a text: no function measures it.
        #expect(diagnose("formc: 1\nform: F\nelements:\n  - textField: name\n  - textField: x\n    visibleWhen: \"name.length > 0\"\n").map(\.help)
            == [["a condition cannot measure a text or look inside it: to test whether it has a value, write not isEmpty(name)"]])
        #expect(condition("{plan} == 'pro'") == [["a condition names a field by its id, without braces: write plan"]])
    }

    /// What an unread element hides is its id and the set it names, not its other
    /// values; an option dropped for a misspelt `value:` is one a default or a
    /// condition may mean.
    @Test func onlyTheNamesAnUnreadPartHoldsAreSpared() {
        #expect(Self.summaries("""
            formc: 1
            form: F
            elements:
              - segmnt: plan
                options: [free, pro]
              - textField: company
                visibleWhen: plan == pro
              - segment: size
                options:
                  - { valu: s, title: Small }
                  - { value: m, title: Medium }
                default: s
              - textField: note
                visibleWhen: size == 's'
            """) == [
            "4:5 FC103 unknown element kind 'segmnt'",
            "7:26 FC501 unknown field 'pro'",
            "10:11 FC101 unknown key 'valu' in an option",
        ])
    }

    /// An option of a shared set with a misspelt `value:` is read with that value
    /// (FC101 says what to write): a default that names it is no unknown default,
    /// and one that no option has is FC301 in the same run.
    @Test func aSharedSetsMisspeltOptionIsNoUnknownDefault() {
        #expect(Self.summaries("""
            formc: 1
            form: F
            options:
              Country:
                - { value: us, title: United States }
                - { valeu: gb, title: United Kingdom }
                - { value: fr, title: France }
            elements:
              - picker: shipping
                options: Country
                default: gb
              - multiChoice: visited
                options: Country
                default: [gb, de]
              - textField: note
                visibleWhen: "shipping == 'gb'"
            """) == [
            "6:9 FC101 unknown key 'valeu' in an option",
            "14:19 FC301 default 'de' is not an option of multiChoice 'visited'",
        ])
        // Only a set that lost an option spares its fields' defaults: an unread name
        // elsewhere (an element of a misspelt kind) hides no wrong default.
        #expect(Self.summaries("""
            formc: 1
            form: F
            options:
              Country: [us, fr]
            elements:
              - picker: shipping
                options: Country
                default: de
              - textFeld: de
            """) == [
            "8:14 FC301 default 'de' is not an option of picker 'shipping'",
            "9:5 FC103 unknown element kind 'textFeld'",
        ])
    }

    /// An option of the wrong type (`[b]`) is FC102 alone: a default or a condition
    /// naming an option is not told it is none, as the lost one may be it; a field
    /// of a set that lost one, the same.
    @Test func anOptionOfTheWrongTypeHidesNoOption() {
        #expect(Self.summaries("""
            formc: 1
            form: F
            options:
              Size: [s, { value: [m] }, l]
            elements:
              - segment: plan
                options: [a, [b], c]
                default: b
              - multiChoice: sizes
                options: Size
              - textField: t
                visibleWhen: plan == 'b' or contains(sizes, 'm')
            """) == [
            "4:22 FC102 expected a string for an option's value, found a list",
            "7:18 FC102 expected an option (a string or '{ value: …, title: … }'), found a list",
        ])
        // Where every option was read, an unknown one is still FC503.
        #expect(Self.summaries("""
            formc: 1
            form: F
            elements:
              - segment: plan
                options: [a, c]
              - textField: t
                visibleWhen: plan == 'b'
            """).map { String($0.prefix(10)) } == ["7:26 FC503"])
    }

    /// A form name that is missing or unreadable is reported once, wherever the
    /// form's mapping starts (after a comment, a blank line, JSON's whitespace):
    /// no FC200 follows for a name '' that the file never wrote.
    @Test func aMissingFormNameIsOneError() {
        #expect(Self.summaries("# My form\nformc: 1\nelements:\n  - textField: email\n") == [
            "2:1 FC100 missing required key 'form'",
        ])
        #expect(Self.summaries("\nformc: 1\nform:\nelements:\n  - textField: email\n").map { String($0.prefix(9)) } == ["3:6 FC102"])
        #expect(Self.summaries("# My form\nformc: 1\nform: [A]\nelements:\n  - textField: email\n").map { String($0.prefix(9)) } == [
            "3:7 FC102",
        ])
        #expect(diagnose("  \n {\"formc\": 1, \"elements\": [{\"textField\": \"email\"}]}", path: "f.form.json").map(\.code.rawValue) == ["FC100"])
        // A name written empty is the file's own mistake.
        #expect(Self.summaries("# My form\nformc: 1\nform: ''\nelements:\n  - textField: email\n") == [
            "3:7 FC200 '' is not a valid form type name",
        ])
    }

    /// The help of a malformed name never suggests one that is itself rejected: a
    /// member of every form, a word of conditions, a type the generated code uses.
    @Test func aSuggestedNameIsOneThatWorks() {
        let help = diagnose("""
            formc: 1
            form: F
            options:
              values: [a, b]
            elements:
              - textField: Values
              - textField: And
              - textField: Email
              - list: items
                itemType: field
                elements:
                  - picker: size
                    options: values
            """).filter { $0.severity == .error }.map { "\($0.code.rawValue) \($0.help.joined(separator: " | "))" }
        #expect(help == [
            "FC200 an option set's name is the generated enum's: an UpperCamelCase Swift type name ([A-Z][A-Za-z0-9]*)"
                + " | rename it in the 'options:' of the fields that choose from it too"
                + " | 'Values' is a name the generated code uses; choose another name, e.g. 'ValuesChoice'",
            "FC201 an id is lowerCamelCase ([a-z][A-Za-z0-9]*) | 'values' cannot be an id here; choose another name, e.g. 'valuesValue'",
            "FC201 an id is lowerCamelCase ([a-z][A-Za-z0-9]*) | 'and' cannot be an id here; choose another name, e.g. 'andValue'",
            "FC201 an id is lowerCamelCase ([a-z][A-Za-z0-9]*) | did you mean 'email'?",
            "FC200 an itemType is an UpperCamelCase Swift type name ([A-Z][A-Za-z0-9]*)"
                + " | 'Field' is a name the generated code uses; choose another name, e.g. 'FieldItem'",
        ])
        // An id that would name a generated type after itself is not suggested either:
        // a choice field's enum (`Field`), a list's entry type (`Action`). A text
        // field names no type: `field` is its id.
        let typed = diagnose("""
            formc: 1
            form: F
            elements:
              - segment: Field
                options: [a, b]
              - multiChoice: Values
                options: [a, b]
              - picker: Action
                enumName: Kind
                options: [a, b]
              - textField: Form
              - list: Actions
                elements:
                  - textField: Field
            """).filter { $0.code == .invalidFieldID }.map { $0.help.last ?? "" }
        #expect(typed == [
            "'field' cannot be an id here; choose another name, e.g. 'fieldValue'",
            "'values' cannot be an id here; choose another name, e.g. 'valuesValue'",
            "did you mean 'action'?",
            "did you mean 'form'?",
            "'actions' cannot be an id here; choose another name, e.g. 'actionsValue'",
            "did you mean 'field'?",
        ])
        // The enum and the entry type made from such an id are no second error: renaming the id renames them.
        #expect(diagnose("""
            formc: 1
            form: F
            elements:
              - segment: Field
                options: [a, b]
              - list: Actions
                elements:
                  - textField: a
            """).map(\.code) == [.invalidFieldID, .invalidFieldID])
        // A type the form declares (its pages' enum) is not suggested either.
        let pages = diagnose("""
            formc: 1
            form: WizardForm
            options:
              page: [a, b]
            elements:
              - page: first
                elements:
                  - textField: name
            """).filter { $0.code == .invalidFormName }.flatMap(\.help)
        #expect(pages.last == "'Page' is taken by another type of the form; choose another name, e.g. 'PageChoice'")
    }

    /// An id's did-you-mean never names an id the form has already, declared before
    /// or after it (followed, it would be FC202), nor, in a list's entry, one every
    /// entry reserves; an entry may repeat the form's ids (SPEC §14), so there the
    /// form's `company` is still suggested.
    @Test func aSuggestedIDIsNotTaken() {
        let help = diagnose("""
            formc: 1
            form: F
            elements:
              - textField: Email
              - textField: email
              - textField: emailValue
              - group: name
                elements:
                  - textField: Name
              - textField: company
              - list: jobs
                elements:
                  - textField: Company
                  - textField: Id
                  - textField: Title
                  - textField: title
            """).filter { $0.code == .invalidFieldID }.map { "\($0.location.range.start.line) \($0.help.last ?? "")" }
        #expect(help == [
            "4 'email' is taken by another id; choose another name, e.g. 'emailField'",
            "9 'name' is taken by another id; choose another name, e.g. 'nameValue'",
            "13 did you mean 'company'?",
            "14 'id' is a member of every list entry; choose another name, e.g. 'idValue'",
            "15 'title' is taken by another id; choose another name, e.g. 'titleValue'",
        ])
    }

    /// An id a YAML alias brings into an entry is the entry's: not suggested there;
    /// and when every name beside a taken id is taken too, a free one still is.
    @Test func aSuggestedIDIsFreeInAliasedEntriesAndCrowdedForms() {
        let aliased = diagnose("""
            formc: 1
            form: F
            elements:
              - &c
                textField: company
              - list: jobs
                elements:
                  - *c
                  - textField: Company
            """).filter { $0.code == .invalidFieldID }.map { $0.help.last ?? "" }
        #expect(aliased == ["'company' is taken by another id; choose another name, e.g. 'companyValue'"])
        let crowded = diagnose("""
            formc: 1
            form: F
            elements:
              - textField: Email
              - textField: email
              - textField: emailValue
              - textField: emailField
              - textField: email2
              - textField: email3
            """).filter { $0.code == .invalidFieldID }.map { $0.help.last ?? "" }
        #expect(crowded == ["'email' is taken by another id; choose another name, e.g. 'email4'"])
        // Two ids with one nearest spelling: the later is told another name.
        let twice = diagnose("formc: 1\nform: F\nelements:\n  - textField: Email\n  - textField: EMAIL\n")
            .filter { $0.code == .invalidFieldID }.map { $0.help.last ?? "" }
        #expect(twice == ["did you mean 'email'?", "'email' is the name suggested for another id; choose another name, e.g. 'emailValue'"])
    }

    /// A segment whose id is a duplicate, or reserved, is reported for its id
    /// alone: its enum's name is not also "already declared" or "used by the
    /// generated code", whose help (set `enumName:`) would not fix it.
    @Test func aSegmentsIdMistakeIsNotAlsoItsEnums() {
        #expect(Self.summaries("""
            formc: 1
            form: F
            elements:
              - segment: plan
                options: [a, b]
              - segment: plan
                options: [c, d]
              - segment: values
                options: [a, b]
              - list: items
                elements:
                  - picker: kind
                    options: [a, b]
                  - picker: kind
                    options: [a, b]
            """) == [
            "6:14 FC202 duplicate id 'plan'",
            "8:14 FC201 'values' is a member of every generated form and cannot be a field id",
            "14:17 FC202 duplicate id 'kind'",
        ])
        // With an enumName of its own, a reserved id's enum is still checked.
        #expect(Self.summaries("formc: 1\nform: F\nelements:\n  - segment: values\n    enumName: Values\n    options: [a, b]\n") == [
            "4:14 FC201 'values' is a member of every generated form and cannot be a field id",
            "5:15 FC204 segment 'values' would generate the enum 'Values', a name the generated code uses",
        ])
    }

    /// An id that cannot be read (no value, a list) is FC102, and the element is still
    /// checked under no id: its keys, rules, conditions and a list's or page's
    /// elements. An empty id declares no name: no FC202 between two, and no
    /// did-you-mean suggests it.
    @Test func anUnreadIDHidesNothingElse() {
        #expect(Self.summaries("""
            formc: 1
            form: F
            elements:
              - page:
                elements:
                  - boolean: ok
                    title: OK
                    placehlder: x
                  - textField:
                    rules: [emial]
                    visibleWhen: nope
              - page: two
                elements:
                  - textField: b
                    visibleWhen: ok
                  - list: [x]
                    visibleWhen: nope2
                    elements:
                      - textField: c
                        rules: [emial]
                  - textField: ""
                  - textField: ""
                    visibleWhen: not isEmpty(z)
            """) == [
            "4:10 FC102 the page id has no value; expected a string",
            "8:9 FC101 unknown key 'placehlder' in boolean 'ok'",
            "9:19 FC102 the textField field id has no value; expected a string",
            "10:17 FC400 unknown rule 'emial'",
            "11:22 FC501 unknown field 'nope'",
            "16:15 FC102 expected a string for the list id, found a list",
            "17:22 FC501 unknown field 'nope2'",
            "20:21 FC400 unknown rule 'emial'",
            "21:20 FC201 '' is not a valid field id",
            "22:20 FC201 '' is not a valid field id",
            "23:34 FC501 unknown field 'z'",
        ])
        #expect(diagnose("formc: 1\nform: F\nelements:\n  - textField: \"\"\n  - textField: b\n    visibleWhen: not isEmpty(c)\n")
            .first { $0.code == .conditionUnknownField }?.help == ["no field has the id 'c': declare one, or remove the condition"])
        // A segment with no id still declares its own enumName.
        #expect(Self.summaries("formc: 1\nform: F\nelements:\n  - segment:\n    enumName: Plan\n    options: [a, b]\n  - segment: plan\n    options: [a, b]\n") == [
            "4:13 FC102 the segment field id has no value; expected a string",
            "7:14 FC204 segment 'plan' would generate the type 'Plan', which is already declared",
        ])
    }

    /// A message about an element whose id could not be read names it by its kind,
    /// "this boolean", at the element: never by an id of nothing (`boolean ''`).
    @Test func anElementWithNoIdIsThisElement() {
        #expect(Self.summaries("""
            formc: 1
            form: F
            elements:
              - boolean:
              - textField: [x]
                rules: [{ min: 3 }]
              - segment:
                options: [a]
              - list:
                elements:
                  - floatLabel:
              - multiChoice:
                options: [a, b]
                default: [a, a]
            """) == [
            "4:5 FC100 this boolean is missing required key 'title'",
            "4:13 FC102 the boolean field id has no value; expected a string",
            "5:16 FC102 expected a string for the textField field id, found a list",
            "6:15 FC401 rule 'min' does not apply to this textField",
            "7:13 FC102 the segment field id has no value; expected a string",
            "8:14 FC303 this segment has 1 option; it needs at least 2",
            "9:10 FC102 the list id has no value; expected a string",
            "11:9 FC100 this floatLabel is missing required key 'label'",
            "11:20 FC102 the floatLabel field id has no value; expected a string",
            "12:17 FC102 the multiChoice field id has no value; expected a string",
            "14:18 FC301 'a' is chosen twice in the default of this multiChoice",
        ])
        #expect(Self.summaries("""
            formc: 1
            form: F
            elements:
              - group:
                elements: []
              - textField: [x]
                rules: [required, required]
              - list: [y]
                minItems: 3
                maxItems: 1
                elements:
                  - textField: z
            """) == [
            "5:15 FC100 'elements' of this group is empty",
            "6:16 FC102 expected a string for the textField field id, found a list",
            "7:23 FC406 rule 'required' is given twice for this textField",
            "8:11 FC102 expected a string for the list id, found a list",
            "10:15 FC403 minItems (3) of this list is greater than maxItems (1)",
        ])
        // A JSON id that is no string is unread too.
        #expect(Self.summaries(#"{"formc": 1, "form": "F", "elements": [{"boolean": 12, "placeholder": "x"}]}"#, path: "f.form.json")
            .contains("1:56 FC101 unknown key 'placeholder' in this boolean"))
    }

    /// A `mode` or `decimals` that cannot be read is one error: the rest of the field
    /// is checked with the mode it misspells (or its default is written in), or with
    /// the count as quoted (or the most there may be), not with the default mode
    /// or whole numbers, which would report every literal of the field again.
    @Test func anUnreadModeOrDecimalsIsOneError() {
        #expect(Self.summaries("""
            formc: 1
            form: F
            elements:
              - date: opens
                mode: tme
                default: "09:30"
                rules: [{ min: "08:00" }]
              - date: closes
                mode: Time
                rules: [{ min: opens }]
              - date: at
                mode: whenever
                default: "2026-01-31T09:30:00Z"
                rules: [{ max: "2026-12-31T00:00:00Z" }]
              - number: price
                decimals: "2"
                default: 1.25
                rules: [{ min: 0.50 }]
              - number: weight
                decimals: -1
                default: 1.25
              - textField: note
                visibleWhen: opens > '10:00' and price > 1.5 and weight < 2.5 and at > '2026-01-01T00:00:00Z'
            """).map { $0.split(separator: " ").prefix(2).joined(separator: " ") } == [
            "5:11 FC102", "9:11 FC102", "12:11 FC102", "16:15 FC102", "20:15 FC302",
        ])
        // What recovery assumes is checked as written: a default of another mode is still FC300.
        #expect(Self.summaries("formc: 1\nform: F\nelements:\n  - date: d\n    mode: tme\n    default: 2026-01-31\n").map {
            $0.split(separator: " ").prefix(2).joined(separator: " ")
        } == ["5:11 FC102", "6:14 FC300"])
    }

    /// A relative date whose amount has too many digits says so, in a bound and
    /// in a condition; a rule that takes no value says so for any string.
    @Test func theHelpNamesTheRealReason() {
        let found = diagnose("""
            formc: 1
            form: F
            elements:
              - date: due
                rules: [{ max: 'today+999999d' }, { min: 'today+9x' }]
              - textField: note
                visibleWhen: "due < 'today-1234567d'"
                rules: [{ email: "yes" }]
            """).map { "\($0.code.rawValue) \($0.message) | \($0.help.joined(separator: " | "))" }
        #expect(found == [
            "FC302 'today+999999d' is not a valid max for date 'due' | a relative date counts at most 99999 units: write a larger unit, e.g. y (years)",
            "FC302 'today+9x' is not a valid min for date 'due' | write today, or today followed by + or -, a number and a unit:"
                + " d (days), w (weeks), m (months) or y (years), e.g. today-18y",
            "FC502 'today-1234567d' is not a relative date | a relative date counts at most 99999 units: write a larger unit, e.g. y (years)",
            "FC402 rule 'email' takes no parameter | write the rule as its name alone: email",
        ])
    }

    /// A top-level `options:` written as a list of sets is one FC102, whose help
    /// says how to write them, and its sets are read: the fields naming them
    /// report nothing more. One that cannot be read (no value, a word) hides the
    /// names of sets at fields, and says "found nothing" for a key with no value.
    @Test func aMisshapedOptionsKeyIsOneMistake() {
        let listOfSets = diagnose("""
            formc: 1
            form: F
            options:
              - Country: [us, gb]
            elements:
              - picker: p
                options: Country
                default: gb
            """)
        #expect(listOfSets.map { "\($0.location.range.start.line):\($0.location.range.start.column) \($0.code.rawValue) \($0.message)" }
            == ["4:3 FC102 expected a mapping of option set names to option lists, found a list"])
        #expect(listOfSets.first?.help == ["write the sets as a mapping, without '- ': 'options: { Country: [a, b] }'"])
        let json = diagnose("""
            {"formc": 1, "form": "F", "options": [{"Land": ["us", "gb"]}], "elements": [{"picker": "p", "options": "Land"}]}
            """, path: "f.form.json")
        #expect(json.map(\.message) == ["expected a mapping of option set names to option lists, found a list"])
        #expect(json.first?.help == [#"write the sets as one object: "options": {"Land": ["a", "b"]}"#])
        #expect(Self.summaries("""
            formc: 1
            form: F
            options:
            elements:
              - picker: p
                options: Country
            """) == ["3:9 FC102 expected a mapping of option set names to option lists, found nothing"])
        #expect(Self.summaries("""
            formc: 1
            form: F
            options:
              Country:
            elements:
              - picker: p
                options: Country
            """) == ["4:11 FC102 expected a list of options, found nothing"])
    }

    /// Other libraries' keys for a choice's options (SurveyJS `choices`) and for
    /// an option's value and title (`{ id, name }`) are read as formc's, with a
    /// did-you-mean: one FC101 each, no FC100 for the key they stand for.
    @Test func otherLibrariesOptionKeysAreReadAsFormcs() {
        #expect(Self.summaries("""
            formc: 1
            form: F
            optionSets:
              Land: [us, gb]
            elements:
              - picker: p
                title: P
                choices: [a, b]
                default: a
              - multiChoice: m
                title: M
                values:
                  - { id: us, name: United States }
                  - { key: gb, title: Britain }
                  - code: fr
              - segment: s
                title: S
                items: [x, y]
              - picker: land
                title: Land
                options: Land
            """) == [
            "3:1 FC101 unknown key 'optionSets' in the form",
            "8:5 FC101 unknown key 'choices' in picker 'p'",
            "12:5 FC101 unknown key 'values' in multiChoice 'm'",
            "13:11 FC101 unknown key 'id' in an option",
            "13:19 FC101 unknown key 'name' in an option",
            "14:11 FC101 unknown key 'key' in an option",
            "15:9 FC101 unknown key 'code' in an option",
            "18:5 FC101 unknown key 'items' in segment 's'",
        ])
        // At the top level, `values` (a form's data) and `items` (beside `elements`)
        // are no option sets: one FC101 each, their content not read.
        #expect(Self.summaries("""
            formc: 1
            form: F
            values:
              name: Ada
            items:
              - textField: other
            elements:
              - textField: name
            """) == [
            "3:1 FC101 unknown key 'values' in the form",
            "5:1 FC101 unknown key 'items' in the form",
        ])
        #expect(diagnose("""
            formc: 1
            form: F
            elements:
              - picker: p
                title: P
                choices: [a, b]
            """).first?.help == ["did you mean 'options'?"])
    }

    /// Other libraries' element kinds (SurveyJS `dropdown`, FormKit `repeater`)
    /// are FC103 naming formc's kind, with a fix; read as that kind, so their
    /// other mistakes are reported too, but for a list, which is read no further.
    @Test func otherLibrariesKindsNameFormcs() {
        let diagnostics = diagnose("""
            formc: 1
            form: F
            elements:
              - dropdown: country
                title: Country
                options: [us, gb]
                rules: [requird]
              - repeater: employers
                elements:
                  - textFeld: company
              - toggle: news
                title: News
            """)
        #expect(diagnostics.map { "\($0.location.range.start.line):\($0.location.range.start.column) \($0.code.rawValue) \($0.message)" } == [
            "4:5 FC103 unknown element kind 'dropdown'",
            "7:13 FC400 unknown rule 'requird'",
            "8:5 FC103 unknown element kind 'repeater'",
            "11:5 FC103 unknown element kind 'toggle'",
        ])
        #expect(diagnostics[0].help == ["a choice of one from a menu is a 'picker', with its 'options'"])
        #expect(diagnostics[0].fix?.text == "picker")
        #expect(diagnostics[2].help == ["entries the person adds and removes are a 'list', with an entry's fields in its 'elements'"])
        #expect(diagnostics[2].fix?.text == "list")
        #expect(diagnostics[3].fix?.text == "boolean")
        // HTML's and SurveyJS's inputs, FormKit's textarea, a time, an integer, HTML.
        for (kind, meant) in [("text", "textField"), ("email", "textField"), ("textarea", "textView"), ("comment", "textView"),
                              ("time", "date"), ("integer", "number"), ("html", "staticText")] {
            let found = diagnose("formc: 1\nform: F\nelements:\n  - \(kind): e\n")
            #expect(found.map(\.code) == [.unknownElementKind], "\(kind)")
            #expect(found.first?.fix?.text == meant, "\(kind)")
        }
    }

    /// Other libraries' keys of an element: their rules (near `validateOn`, which
    /// is not them), conditions, default, id and rules by other names.
    @Test func otherLibrariesKeysNameFormcs() {
        func help(_ line: String) -> [String] {
            diagnose("formc: 1\nform: F\nelements:\n  - boolean: news\n    title: N\n  - textField: e\n    \(line)\n").flatMap(\.help)
        }
        #expect(help("validation: [required]") == ["did you mean 'rules'?"])
        #expect(help("validators: [required]") == ["did you mean 'rules'?"])
        #expect(help("validation: required|email") == ["did you mean 'rules'?", "write 'rules: [required, email]'"])
        #expect(help("visibleIf: news") == ["did you mean 'visibleWhen'?"])
        #expect(help("enableIf: news") == ["did you mean 'enabledWhen'?"])
        #expect(help("defaultValue: x") == ["did you mean 'default'?"])
        #expect(help("isRequired: true") == ["'required' is a rule: write it in the field's rules: rules: [required]"])
        #expect(help("isRequired: Please fill it in") == ["'required' is a rule: write it in the field's rules: rules: [{ required: true, message: Please fill it in }]"])
        #expect(help("minlength: 3") == ["'minLength' is a rule: write it in the field's rules: rules: [{ minLength: 3 }]"])
        #expect(help("requiredIf: news") == ["a rule that applies sometimes has a 'when': rules: [{ required: true, when: CONDITION }]"])
        #expect(help("name: email") == ["an element's id is the value of its kind key: '- textField: email'"])
        // SurveyJS's validators written as rules: one error, naming the rule.
        #expect(help("rules:\n      - { type: regex, regex: '^[0-9]+$', text: Digits only }")
            == [#"a SurveyJS validator is a formc rule: write { pattern: "^[0-9]+$", message: Digits only }"#])
        #expect(help("rules:\n      - { type: email }") == ["a SurveyJS validator is a formc rule: write email"])
        #expect(help("rules:\n      - { type: text, maxLength: 9, text: Too long }") == ["a SurveyJS validator is a formc rule: write { maxLength: 9, message: Too long }"])
        let json = diagnose(#"{"formc": 1, "form": "F", "elements": [{"textField": "e", "rules": [{"type": "numeric", "minValue": 1}]}]}"#, path: "t.form.json")
        #expect(json.map(\.help) == [[#"a SurveyJS validator is a formc rule: write {"min": 1}"#]])
        // Yup's `when … is … then`: one error, with the rule's own `when`.
        let yup = "formc: 1\nform: F\nelements:\n  - picker: country\n    options: [us, gb]\n  - textField: zip\n    rules:\n"
        #expect(diagnose(yup + "      - when: country\n        is: us\n        then: [required]\n").map(\.help) == [[
            #"formc's 'when' is a condition on a rule, not Yup's 'when … is … then': write { required: true, when: "country == 'us'" }"#,
        ]])
        #expect(diagnose(yup + "      - { when: country, is: us, then: [required, email] }\n").map(\.help) == [[
            #"formc's 'when' is a condition on a rule, not Yup's 'when … is … then': give each rule its condition, { required: true, when: "country == 'us'" }"#,
        ]])
        let yupJSON = #"{"formc": 1, "form": "F", "elements": [{"boolean": "news", "title": "N"}, {"textField": "e", "rules": [{"when": "news", "is": true, "then": "email"}]}]}"#
        #expect(diagnose(yupJSON, path: "t.form.json").map(\.help) == [[
            #"formc's 'when' is a condition on a rule, not Yup's 'when … is … then': write {"email": null, "when": "news"}"#,
        ]])
        // UIKit's names of a keyboard and a content type.
        #expect(help("keyboard: emailAddress\n    contentType: telephoneNumber") == ["did you mean 'email'?", "did you mean 'phone'?"])
        // React Hook Form's `validate`: the app's own check.
        #expect(help("rules: [{ validate: isFree }]") == ["did you mean 'custom'?", "a check of the app's own is a 'custom' rule, which names the validator the app implements"])
    }
}
