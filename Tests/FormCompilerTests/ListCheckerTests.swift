@testable import FormChecker
@testable import FormCompiler
@testable import FormModel
@testable import FormSource
@testable import FormSwiftEmitter
@testable import FormText
import Testing

/// Lists (SPEC §14) through the front end: decoding, the scoping of entry ids and
/// names, the counts and the entry type, each mistake located with its code.
struct ListCheckerTests {
    static func summaries(_ text: String) -> [String] {
        diagnose(text).map { "\($0.location.range.start.line):\($0.location.range.start.column) \($0.code.rawValue) \($0.message)" }
    }

    @Test func aValidListDecodesWithItsKeysAndDefaults() throws {
        let result = FormPipeline.check(SourceFile(path: "t.form.yaml", text: form("""
          - textField: company
          - list: employers
            title: Previous employers
            itemTitle: Employer
            addTitle: Add another employer
            minItems: 1
            maxItems: 5
            elements:
              - textField: company
                rules: [required]
              - boolean: current
                title: I still work here
              - date: to
                visibleWhen: not current
          - group: more
            elements:
              - list: bus
                initialItems: 2
                elements:
                  - textField: stop
        """)))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.summary))")
        let checked = try #require(result.checked)
        #expect(checked.lists.map(\.path) == [[1], [2, 0]])
        let employers = checked.document.list(at: [1])
        #expect(employers.title?.value == "Previous employers")
        #expect(employers.swiftItemType == "Employer")
        #expect(employers.minimum == 1 && employers.maxItems?.value == 5 && employers.initialCount == 1)
        // The entry's condition is typed against the entry's own `current`.
        #expect(employers.elements[2].visibleWhen?.expression == .not(.boolField("current")))
        #expect(checked.lists[0].entryFields.map(\.id) == ["company", "current", "to"])
        #expect(checked.lists[0].isEntryField("company"))
        // The form's fields are the fields outside lists; the list ids are not fields.
        #expect(checked.symbols.fields.map(\.id) == ["company"])
        let bus = checked.document.list(at: [2, 0])
        #expect(bus.swiftItemType == "BusItem" && bus.initialCount == 2 && bus.minimum == 0)
    }

    @Test func theDefaultItemType() {
        #expect(ListDecl.defaultItemType(for: "employers") == "Employer")
        #expect(ListDecl.defaultItemType(for: "bus") == "BusItem")
        #expect(ListDecl.defaultItemType(for: "passengers") == "Passenger")
        #expect(ListDecl.defaultItemType(for: "medication") == "MedicationItem")
        #expect(ListDecl.defaultItemType(for: "gas") == "GasItem")
    }

    @Test func entryIDsAreScopedToTheEntry() {
        // The same ids in the form and in two lists are different fields.
        let text = form("""
          - textField: name
          - list: employers
            elements:
              - textField: name
                rules: [required]
          - list: references
            elements:
              - textField: name
              - textField: confirm
                rules: [{ sameAs: name }]
        """)
        #expect(Self.summaries(text).isEmpty)
        // Within one entry, ids are unique; a list id shares the form's namespace.
        #expect(Self.summaries(form("""
          - textField: employers
          - list: employers
            elements:
              - textField: a
              - textField: a
        """)) == [
            "5:11 FC202 duplicate id 'employers'",
            "8:20 FC202 duplicate id 'a'",
        ])
    }

    @Test func namesThatReachIntoAListAreFC501() {
        let diagnostics = diagnose(form("""
          - textField: email
            visibleWhen: isEmpty(company)
            rules: [{ sameAs: name }]
          - list: employers
            elements:
              - textField: company
              - textField: role
                visibleWhen: not isEmpty(name)
          - list: references
            visibleWhen: not isEmpty(name)
            elements:
              - textField: name
        """))
        #expect(diagnostics.map { "\($0.location.range.start.line):\($0.location.range.start.column) \($0.code.rawValue) \($0.message)" } == [
            "5:26 FC501 'company' is a field of the entries of list 'employers': only that list's entries can name it",
            "6:23 FC501 sameAs names 'name', a field of the entries of list 'references': only that list's entries can name it",
            "11:34 FC501 'name' is a field of the entries of list 'references': only that list's entries can name it",
            "13:30 FC501 'name' is a field of the entries of list 'references': only that list's entries can name it",
        ])
        // A condition's help says what reads an entry's fields, inside another entry (line 11), outside
        // any (line 5) and on the list itself (line 13).
        let reads = "only the conditions inside a list's entries read their fields: not the list's own visibleWhen or enabledWhen, the form's other elements, or another list's entries"
        #expect([0, 2, 3].map { diagnostics[$0].help.first } == [reads, reads, reads])
    }

    /// An id in the entries of several lists is named as the first list's, at
    /// every depth: a field, a group's id, a field inside nested groups.
    @Test func anIDInSeveralListsIsTheFirstListsInTheMessage() {
        let summaries = Self.summaries(form("""
          - textField: note
            visibleWhen: isEmpty(company) or inner or isEmpty(deep)
          - list: first
            elements:
              - textField: company
              - group: inner
                elements:
                  - group: innermost
                    elements:
                      - textField: deep
          - list: second
            elements:
              - textField: company
              - textField: inner
              - textField: deep
        """))
        #expect(summaries == [
            "5:26 FC501 'company' is a field of the entries of list 'first': only that list's entries can name it",
            "5:38 FC501 'inner' is a field of the entries of list 'first': only that list's entries can name it",
            "5:55 FC501 'deep' is a field of the entries of list 'first': only that list's entries can name it",
        ])
    }

    @Test func aMisspeltEntryNameGetsADidYouMean() {
        let diagnostics = diagnose(form("""
          - list: employers
            elements:
              - boolean: current
                title: Current
              - date: to
                visibleWhen: not curent
        """))
        #expect(positions(diagnostics) == ["9:26 FC501"])
        #expect(diagnostics.first?.help == ["did you mean 'current'?"])
    }

    /// A list in an entry is FC103, and is then read as a group of the entry: its
    /// keys and what it holds are checked too.
    @Test func listsDoNotNest() {
        #expect(Self.summaries(form("""
          - list: outer
            elements:
              - textField: a
              - group: g
                elements:
                  - list: inner
                    elements:
                      - textField: b
        """)) == ["9:13 FC103 a list cannot hold a list: lists do not nest"])
        #expect(Self.summaries(form("""
          - list: outer
            elements:
              - group: g
                elements:
                  - list: inner
                    minItems: -1
                    bogus: 1
                    visibleWhen: count(inner) > 1
                    elements:
                      - textField: b
                        rules: [emial]
                      - spacer: -3
        """)) == [
            "8:13 FC103 a list cannot hold a list: lists do not nest",
            "9:23 FC302 minItems must be 0 or more, found -1",
            "10:13 FC101 unknown key 'bogus' in list 'inner'",
            "14:25 FC400 unknown rule 'emial'",
            "15:25 FC302 spacer height must be 0 or more, found -3",
        ])
    }

    /// An entry holds any kind but list and page (SPEC §14): a page in it, at any
    /// depth, is FC103 at its kind key, and is then read as a group of the entry.
    @Test func aPageCannotStandInAnEntry() {
        #expect(Self.summaries(form("""
          - list: outer
            elements:
              - page: p
                elements:
                  - textField: z
              - textField: a
              - group: g
                elements:
                  - page: q
                    elements: []
        """)) == [
            "6:9 FC103 a list's entry cannot hold a page: pages stand only at the top level of the form",
            "12:13 FC103 a list's entry cannot hold a page: pages stand only at the top level of the form",
            "13:23 FC100 'elements' of page 'q' is empty",
        ])
    }

    /// Inside an entry, a `sameAs` or bound naming one of the form's ids that is no
    /// field (a group) says so, with where it is declared; a bound naming the list
    /// itself, that a list is a field of another kind (FC302).
    @Test func anEntryNamingAFormsGroupIsToldItIsNoField() {
        let diagnostics = diagnose(form("""
          - group: g
            elements:
              - number: n
          - list: pets
            elements:
              - number: a
                rules: [{ min: g }, { max: pets }]
              - textField: b
                rules: [{ sameAs: g }]
        """))
        #expect(diagnostics.map(\.message) == [
            "min names 'g', which is no number or date field",
            "'pets' cannot be the max of number 'a': 'pets' is a list, whose value is its entries; a bound field is of the same kind",
            "sameAs target 'g' is not a field",
        ])
        #expect(diagnostics.map(\.code) == [.conditionUnknownField, .invalidNumber, .invalidSameAs])
        #expect(diagnostics.map { $0.notes.first?.location?.range.start.line } == [4, 7, 4])
    }

    /// A condition in an entry naming the list itself or a group of the form is
    /// told what it names, as one outside the list is (FC502, with a note): a
    /// list is a field whose entries no condition reads, a group no field.
    @Test func anEntrysConditionNamingAListOrGroupIsToldItIsNoField() {
        let diagnostics = diagnose(form("""
          - group: g
            elements:
              - textField: y
          - list: items
            elements:
              - textField: x
                visibleWhen: isEmpty(items)
              - textField: z
                rules: [{ required: true, when: not isEmpty(g) }]
          - textField: w
            visibleWhen: isEmpty(items)
        """))
        #expect(positions(diagnostics) == ["10:30 FC502", "12:53 FC502", "14:26 FC502"], "\(diagnostics.map(\.message))")
        #expect(diagnostics.map(\.message) == [
            "'items' is a list: a condition cannot read its entries",
            "'g' is a group, not a field: it has no value a condition can read",
            "'items' is a list: a condition cannot read its entries",
        ])
        #expect(diagnostics.map { $0.notes.first?.location?.range.start.line } == [7, 4, 7])
        // Counting a list, or asking whether it is empty, is told the list's own rule.
        let counted = diagnose(form("""
          - list: items
            elements:
              - textField: x
          - textField: w
            visibleWhen: count(items) > 0
          - textField: v
            visibleWhen: items == 'x'
        """))
        #expect(counted.map(\.help) == [
            ["a condition cannot count a list's entries: remove it; to require entries, give the list 'minItems'"],
            ["a condition reads the values of the form's other fields; inside the list, an entry's conditions read its own fields"],
        ])
        // Written as a member (`items.count`), in a condition or a rule's `when`, the
        // same; a multiChoice's is told the function's form, which it has.
        let members = diagnose(form("""
          - list: items
            elements:
              - textField: x
          - multiChoice: diet
            options: [a, b]
          - textField: w
            visibleWhen: items.count > 0
            rules: [{ required: true, when: items.isEmpty }]
          - textField: v
            visibleWhen: diet.count > 0
          - list: pets
            elements:
              - textField: name
                visibleWhen: items.count > 1
        """))
        #expect(members.map(\.help) == [
            ["a condition cannot count a list's entries: remove it; to require entries, give the list 'minItems'"],
            ["a condition cannot count a list's entries: remove it; to require entries, give the list 'minItems'"],
            ["count is a function: write count(diet)"],
            ["a condition cannot count a list's entries: remove it; to require entries, give the list 'minItems'"],
        ], "\(members.map(\.message))")
    }

    @Test func badCountsAreLocated() {
        #expect(Self.summaries(form("""
          - list: a
            minItems: -1
            elements:
              - textField: x
          - list: b
            minItems: 3
            maxItems: 2
            elements:
              - textField: x
          - list: c
            minItems: 2
            initialItems: 1
            elements:
              - textField: x
          - list: d
            maxItems: 2
            initialItems: 3
            elements:
              - textField: x
          - list: e
            maxItems: 0
            elements:
              - textField: x
          - list: f
            minItems: 1.5
            elements:
              - textField: x
          - list: g
            initialItems: 1
            minItems: 2
            elements:
              - textField: x
          - list: h
            maxItems: 2147483648
            initialItems: 9007199254740993
            elements:
              - textField: x
          - list: i
            maxItems: 1e400
            elements:
              - textField: x
        """)) == [
            "5:15 FC302 minItems must be 0 or more, found -1",
            "10:15 FC403 minItems (3) of list 'b' is greater than maxItems (2)",
            "15:19 FC403 initialItems (1) of list 'c' is less than minItems (2)",
            "20:19 FC403 initialItems (3) of list 'd' is greater than maxItems (2)",
            "24:15 FC302 maxItems of list 'e' must be at least 1",
            "28:15 FC302 minItems must be a whole number, found 1.5",
            "33:15 FC403 initialItems (1) of list 'g' is less than minItems (2)",
            // Too large, as written: not a whole number's message, nor a rounded or exponent spelling.
            "37:15 FC302 maxItems is too large, found 2147483648",
            "38:19 FC302 initialItems is too large, found 9007199254740993",
            // Beyond a Double: still a number, too large, not "expected a number".
            "42:15 FC302 maxItems is too large, found 1e400",
        ])
    }

    @Test func theItemTypeIsAValidFreeSwiftTypeName() {
        #expect(Self.summaries(form("""
          - segment: kind
            options: [a, b]
          - list: a
            itemType: employer
            elements:
              - textField: x
          - list: kinds
            elements:
              - textField: x
          - list: c
            itemType: Values
            elements:
              - textField: x
          - list: d
            itemType: Row
            elements:
              - textField: x
          - list: e
            itemType: Row
            elements:
              - textField: x
          - list: types
            elements:
              - textField: x
          - list: selfs
            elements:
              - textField: x
          - list: fields
            elements:
              - textField: x
        """)) == [
            "7:15 FC200 'employer' is not a valid itemType",
            "10:11 FC204 the entry type 'Kind' of list 'kinds' collides with another generated name",
            "14:15 FC204 itemType 'Values' collides with another generated name",
            "22:15 FC204 itemType 'Row' collides with another generated name",
            "25:11 FC204 the entry type 'Type' of list 'types' is a Swift keyword",
            "28:11 FC204 the entry type 'Self' of list 'selfs' is a Swift keyword",
            // A reserved id is its FC201 alone: renaming the list renames its `Field` too.
            "31:11 FC201 'fields' is a member of every generated form and cannot be a field id",
        ])
    }

    /// A taken entry type's help gives an itemType: `DateItem` for a list `dates`,
    /// whose `Date` would shadow Foundation's.
    @Test func aTakenEntryTypesHelpGivesAnItemType() throws {
        let diagnostic = try #require(diagnose(form("""
          - list: dates
            elements: [{ date: day }]
        """)).first)
        #expect(diagnostic.code == .nameCollision)
        #expect(diagnostic.help == ["give the list an 'itemType', e.g. 'DateItem'"])
        let other = try #require(diagnose(form("""
          - list: rows
            itemType: Values
            elements: [{ textField: a }]
        """)).first)
        #expect(other.help == ["give the list another 'itemType', e.g. 'ValuesItem'"])
    }

    /// The suggested itemType is one the form leaves free: not a later list's entry
    /// type, nor one whose entry class (`DateItemEntry`) or an entry's option enum
    /// takes it. Where `DateItem` is taken, the help names no type.
    @Test(arguments: [
        "  - list: dateItems\n    elements: [{ textField: note }]\n",
        "  - segment: kind\n    enumName: DateItemEntry\n    options: [a, b]\n",
        "  - list: others\n    elements: [{ segment: kind, enumName: DateItem, options: [a, b] }]\n",
    ])
    func theSuggestedItemTypeIsFree(_ other: String) throws {
        let diagnostics = diagnose(form("  - list: dates\n    elements: [{ date: day }]\n" + other))
        let diagnostic = try #require(diagnostics.first { $0.message.contains("'dates'") }, "\(diagnostics.map(\.message))")
        #expect(diagnostic.help == ["give the list an 'itemType'"])
    }

    /// An entry class (`TripEntry`) taken by a segment's `enumName:` is named as
    /// the entry class, with the note at that `enumName:`.
    @Test func aTakenEntryClassIsNamedAsOne() throws {
        let diagnostic = try #require(diagnose(form("""
          - list: trips
            elements: [{ textField: a }]
          - segment: kind
            enumName: TripEntry
            options: [a, b]
        """)).first)
        #expect(diagnostic.code == .nameCollision)
        #expect(diagnostic.message == "the entry class 'TripEntry' of list 'trips' (its entry type 'Trip' with 'Entry') collides with another generated name")
        let note = try #require(diagnostic.notes.first?.location?.range.start)
        #expect((note.line, note.column) == (7, 15))
    }

    /// The help of a bad itemType: its spelling when that differs, and for a Swift
    /// keyword that it is one, never the name itself as a suggestion.
    @Test func aBadItemTypesHelpNeverRepeatsIt() throws {
        func help(_ itemType: String) throws -> [String] {
            let diagnostic = try #require(diagnose(form("""
              - list: a
                itemType: \(itemType)
                elements:
                  - textField: x
            """)).first)
            return diagnostic.help
        }
        #expect(try help("employer").last == "did you mean 'Employer'?")
        #expect(try help("Self").last == "'Self' is a Swift keyword; choose another name, e.g. 'SelfItem'")
        #expect(try help("Any").last == "'Any' is a Swift keyword; choose another name, e.g. 'AnyItem'")
        #expect(diagnose("formc: 1\nform: Protocol\nelements:\n  - textField: x\n").first?.help.last
            == "'Protocol' is a Swift keyword; choose another name, e.g. 'ProtocolForm'")
        #expect(diagnose("formc: 1\nform: self\nelements:\n  - textField: x\n").first?.help.last
            == "'self' is a Swift keyword; choose another name, e.g. 'SelfForm'")
    }

    /// A list repeated through a YAML alias is one FC202 that says so: the copy
    /// keeps the anchor's positions, so no "first defined here" at the same place,
    /// and no entry type colliding with itself.
    @Test func aListRepeatedThroughAnAliasIsOneErrorSayingSo() {
        #expect(Self.summaries("""
            formc: 1
            form: F
            elements:
              - &l
                list: items
                elements:
                  - textField: a
              - *l
            """) == ["5:11 FC202 duplicate id 'items': a YAML alias repeats the element that declares it"])
        // A choice field's enum too: no second error of its type colliding with itself.
        #expect(Self.summaries("""
            formc: 1
            form: F
            elements:
              - &s
                segment: size
                options: [s, m]
              - *s
            """) == ["5:14 FC202 duplicate id 'size': a YAML alias repeats the element that declares it"])
    }

    /// Each FC202 that a YAML alias makes has a note at that alias: the copy keeps
    /// the anchor's positions, so the error alone would not say which alias to
    /// write out. Two aliases of one anchor are one error, noted at each.
    @Test func anIdRepeatedThroughAnAliasIsNotedAtTheAlias() {
        let diagnostics = diagnose("""
            formc: 1
            form: F
            elements:
              - &s
                segment: size
                options: [s, m]
              - *s
              - &g
                group: address
                elements:
                  - textField: street
              - group: more
                elements:
                  - *s
                  - *g
              - list: others
                elements:
                  - &f { textField: a }
                  - *f
            """)
        #expect(diagnostics.map { "\($0.location.range.start.line):\($0.location.range.start.column) → " + $0.notes.map {
            "\($0.location?.range.start.line ?? 0):\($0.location?.range.start.column ?? 0) \($0.message)"
        }.joined(separator: ", ") } == [
            "5:14 → 7:5 the YAML alias that repeats it, 14:9 the YAML alias that repeats it",
            "9:12 → 15:9 the YAML alias that repeats it",
            "18:25 → 19:9 the YAML alias that repeats it",
        ])
        #expect(diagnostics.allSatisfy { $0.code == .duplicateID })
    }

    /// A group repeated through a YAML alias (an address for shipping and for
    /// billing) is one FC202, at the group's id, saying that every id inside it
    /// is repeated too; not one more per field. A duplicate inside it that no
    /// alias made is still its own error.
    @Test func aGroupRepeatedThroughAnAliasIsOneError() {
        #expect(Self.summaries("""
            formc: 1
            form: F
            elements:
              - &address
                group: shipping
                elements:
                  - textField: street
                  - textField: city
                  - group: extra
                    elements:
                      - textField: zip
              - *address
              - textField: city
            """) == [
            "5:12 FC202 duplicate id 'shipping': a YAML alias repeats the group that declares it, with every id inside it",
            "13:16 FC202 duplicate id 'city'",
        ])
    }

    /// What a YAML alias brings into an entry from another list is checked in
    /// the entry's scope: a condition, a `when` or a bound naming a field the
    /// entry cannot see, or a `sameAs` of another type there, is an error at the
    /// anchor with a note where the entry uses it; a problem at one place is
    /// reported once, however many entries repeat it.
    @Test func whatAnAliasBringsIntoAnEntryIsCheckedInItsScope() {
        #expect(Self.summaries("""
            formc: 1
            form: F
            elements:
              - list: employers
                elements:
                  - boolean: current
                    title: Current
                  - date: from
                  - &to
                    date: to
                    visibleWhen: not current
                    rules: &rules [{ min: from }, { required: true, when: current }]
              - list: trips
                elements:
                  - date: end
                    rules: *rules
                  - *to
            """) == [
            "11:26 FC501 'current' is a field of the entries of list 'employers': only that list's entries can name it",
            "12:31 FC501 min names 'from', a field of the entries of list 'employers': only that list's entries can name it",
            "12:63 FC501 'current' is a field of the entries of list 'employers': only that list's entries can name it",
        ])
        let notes = diagnose("""
            formc: 1
            form: F
            elements:
              - list: employers
                elements:
                  - textField: role
                  - textField: again
                    rules: &same [{ sameAs: role }, required, required]
              - list: trips
                elements:
                  - number: role
                  - textField: again
                    rules: *same
            """).map { "\($0.location.range.start.line):\($0.location.range.start.column) \($0.code.rawValue) "
                + $0.notes.map { note in
                    (note.location.map { "\($0.range.start.line):\($0.range.start.column) " } ?? "") + note.message
                }.joined(separator: "; ") }
        #expect(notes == [
            "8:33 FC405 11:17 'role' is declared here; 12:9 checked in list 'trips', whose entry repeats it through a YAML alias",
            "8:51 FC406 8:41 first given here",
        ])
    }

    /// What a YAML alias brings from an entry to a field of the form is checked in
    /// the form's scope, where the entry's names are out of reach: the error at the
    /// anchor notes the form's field that uses it, and a list that repeats it too
    /// adds its own note to the one error.
    @Test func whatAnAliasBringsOutOfAnEntryNamesItsUsers() {
        func notes(_ source: String) -> [String] {
            diagnose(source).map { "\($0.location.range.start.line):\($0.location.range.start.column) \($0.code.rawValue) "
                + $0.notes.map { note in
                    (note.location.map { "\($0.range.start.line):\($0.range.start.column) " } ?? "") + note.message
                }.joined(separator: "; ") }
        }
        let entry = """
            formc: 1
            form: F
            elements:
              - list: a
                elements:
                  - textField: x
                  - textField: y
                    rules: &r [{ sameAs: x }]

            """
        #expect(notes(entry + "  - textField: w\n    rules: *r\n") == [
            "8:30 FC501 9:5 checked for the form's field 'w', which repeats it through a YAML alias",
        ])
        #expect(notes(entry + "  - list: b\n    elements:\n      - textField: z\n        rules: *r\n  - textField: w\n    rules: *r\n") == [
            "8:30 FC501 13:5 checked for the form's field 'w', which repeats it through a YAML alias; "
                + "11:9 checked in list 'b', whose entry repeats it through a YAML alias",
        ])
        #expect(notes(entry + "  - list: b\n    elements:\n      - textField: z\n        rules: *r\n"
            + "  - list: c\n    elements:\n      - textField: z\n        rules: *r\n") == [
            "8:30 FC501 11:9 checked in list 'b', whose entry repeats it through a YAML alias; "
                + "15:9 checked in list 'c', whose entry repeats it through a YAML alias",
        ])
        // A whole element repeated: the note is at the alias, where the copy stands.
        #expect(notes("""
            formc: 1
            form: F
            elements:
              - list: homes
                elements:
                  - textField: city
                  - &street
                    textField: street
                    rules: [{ sameAs: city }]
              - group: g
                elements:
                  - *street
            """) == ["9:27 FC501 12:9 checked for the form's field 'street', which repeats it through a YAML alias"])
        // What decoding finds in the part does not depend on the scope: no note, and
        // one error however many uses decoded it.
        let decoded = notes(entry.replacingOccurrences("{ sameAs: x }", "{ sameAs: x, colour: red }")
            + "  - textField: w\n    rules: *r\n  - textField: v\n    rules: *r\n")
        #expect(decoded.filter { $0.contains("FC101") } == ["8:33 FC101 "], "\(decoded)")
    }

    /// A whole element an alias repeats in another list's entry is checked there
    /// with all it holds: a segment's `enumName` that collides in that entry too.
    @Test func aWholeElementAnAliasRepeatsIsCheckedInTheEntry() {
        let codes = diagnose("""
            formc: 1
            form: F
            elements:
              - list: shirts
                elements:
                  - &seg {segment: fit, enumName: Cut, options: [slim, loose]}
              - list: trousers
                elements:
                  - {segment: style, enumName: Cut, options: [a, b]}
                  - *seg
            """)
        #expect(codes.map(\.code.rawValue) == ["FC204"])
        #expect(codes.first?.notes.contains { $0.message.hasPrefix("checked in list 'trousers'") } == true)
    }

    /// A new form makes the entries it starts with: at most 1,000 of them.
    @Test func aListStartsWithAtMostAThousandEntries() {
        #expect(Self.summaries(form("""
          - list: a
            initialItems: 2147483647
            elements:
              - textField: x
          - list: b
            minItems: 1001
            elements:
              - textField: x
          - list: c
            minItems: 1000
            elements:
              - textField: x
        """)) == [
            "5:19 FC302 initialItems of list 'a' must be at most 1000, found 2147483647",
            "9:15 FC302 minItems of list 'b' must be at most 1000, found 1001",
        ])
    }

    /// A count that is FC302 takes part in no FC403: one mistake, one error.
    @Test func anInvalidCountContradictsNothing() {
        #expect(Self.summaries(form("""
          - list: a
            minItems: 1
            maxItems: 0
            elements:
              - textField: x
          - list: b
            minItems: 2000
            maxItems: 5
            initialItems: 3000
            elements:
              - textField: x
          - list: c
            minItems: 3
            maxItems: 2
            elements:
              - textField: x
        """)) == [
            "6:15 FC302 maxItems of list 'a' must be at least 1",
            "10:15 FC302 minItems of list 'b' must be at most 1000, found 2000",
            "12:19 FC302 initialItems of list 'b' must be at most 1000, found 3000",
            "17:15 FC403 minItems (3) of list 'c' is greater than maxItems (2)",
        ])
    }

    @Test func entryMembersAreReserved() {
        #expect(Self.summaries(form("""
          - list: a
            elements:
              - textField: id
              - textField: values
              - textField: didLeaveList
        """)) == [
            "6:20 FC201 'id' is a member of every list entry and cannot be an entry's field id",
            "7:20 FC201 'values' is a member of every generated form and cannot be a field id",
            "8:20 FC201 'didLeaveList' is a member of every list entry and cannot be an entry's field id",
        ])
    }

    /// Only the generated types' own members are reserved: a name that is a
    /// member of other types (`description`, `hash`) or a parameter of the
    /// generated code (`field`, `action`), or a private member of the generated
    /// code (`owner`, which the entry's reference to its form is not called), is a
    /// field id, in the form and in an entry (SPEC §3).
    @Test func onlyTheGeneratedMembersAreReserved() {
        let names = ["description", "debugDescription", "hash", "observeState", "field", "action", "owner"]
        let fields = names.map { "  - textField: \($0)\n" }.joined()
        let entry = names.map { "      - textField: \($0)\n" }.joined()
        #expect(Self.summaries(form(fields + "  - list: a\n    elements:\n" + entry)).isEmpty)
        #expect(Self.summaries(form("""
          - textField: validation
          - textField: context
          - list: a
            elements:
              - textField: validators
        """)) == [
            "4:16 FC201 'validation' is a member of every generated form and cannot be a field id",
            "5:16 FC201 'context' is a member of every generated form and cannot be a field id",
            "8:20 FC201 'validators' is a member of every generated form and cannot be a field id",
        ])
    }

    @Test func anEntryReadsTheFormsFieldsAndRunsCustomRules() {
        #expect(Self.summaries(form("""
          - textField: email
            rules: [{ custom: checkX }]
          - list: a
            elements:
              - textField: x
                visibleWhen: isEmpty(email)
                rules: [{ sameAs: email }, { custom: checkX }]
          - list: b
            elements:
              - number: y
                rules: [{ custom: checkX }]
        """)).isEmpty)
        // An entry's validator name is checked as a form field's is (FC407).
        #expect(Self.summaries(form("""
          - list: a
            elements:
              - textField: x
                rules: [{ custom: Check }]
        """)).map { String($0.prefix(10)) } == ["7:27 FC407"])
    }

    @Test func aListNeedsElements() {
        #expect(Self.summaries(form("""
          - list: a
            title: A
        """)) == ["4:5 FC100 list 'a' is missing required key 'elements'"])
        #expect(Self.summaries(form("""
          - list: a
            elements: []
            itemTitel: X
        """)).map { String($0.prefix(11)) } == ["5:15 FC100 ", "6:5 FC101 u"])
    }
}

extension ListCheckerTests {
    /// At the `enumName` that chose the name, else at the field; a note says where
    /// the type it would hide comes from.
    @Test func anEntrysEnumMustNotHideATypeOfTheForm() {
        let text = form("""
          - list: kinds
            elements:
              - segment: kind
                options: [a, b]
          - list: others
            elements:
              - segment: testForm
                options: [a, b]
              - picker: x
                enumName: OtherEntry
                options: [a, b]
              - segment: fine
                options: [a, b]
        """)
        #expect(Self.summaries(text) == [
            "6:18 FC204 the enum 'Kind' of 'kind' in list 'kinds' collides with a type of the form",
            "10:18 FC204 the enum 'TestForm' of 'testForm' in list 'others' collides with a type of the form",
            "13:19 FC204 the enum 'OtherEntry' of 'x' in list 'others' collides with a type of the form",
        ])
        let notes = diagnose(text).map { $0.notes.map { "\($0.location?.range.start.line ?? 0) \($0.message)" } }
        #expect(notes == [
            ["4 list 'kinds' makes the entry type 'Kind'"],
            ["2 the form 'TestForm' is declared here"],
            ["8 list 'others' makes the entry class 'OtherEntry'"],
        ])
    }

    /// A field of the form and an entry's field whose enums have one name have two
    /// types (the entry's is nested in its struct): they do not compare, where two
    /// fields of one shared set do.
    @Test func anEntrysOwnEnumIsNotTheFormsOfTheSameName() {
        #expect(Self.summaries(form("""
          - segment: a
            enumName: E
            options: [x, y]
          - picker: shared
            options: Shared
          - list: items
            elements:
              - segment: b
                enumName: E
                options: [x, y]
              - picker: c
                options: Shared
              - textField: n
                visibleWhen: a == b
              - textField: m
                visibleWhen: shared == c
        """) + "\noptions:\n  Shared: [p, q]\n") == [
            "17:22 FC502 'a' (single choice 'TestForm.E') cannot be compared with 'b' (single choice 'E')",
        ])
    }

    /// An entry's own enum may take the name of a shared set the entry does not
    /// use (its enum is nested in the entry struct), but a field of that set does
    /// not compare with it.
    @Test func anEntrysOwnEnumMayTakeTheNameOfASetItDoesNotUse() throws {
        func text(_ condition: String) -> String {
            form("""
          - picker: top
            options: Kind
          - list: employers
            elements:
              - segment: kind
                options: [m, n]
              - textField: t
                visibleWhen: \(condition)
        """) + "\noptions:\n  Kind: [p, q]\n"
        }
        #expect(Self.summaries(text("top == 'p'")) == [])
        #expect(Self.summaries(text("top == kind")) == [
            "11:22 FC502 'top' (single choice 'TestForm.Kind') cannot be compared with 'kind' (single choice 'Kind')",
        ])
        let result = FormPipeline.build(SourceFile(path: "t.form.yaml", text: text("top == 'p'")))
        #expect(try #require(result.swiftSource).contains("enum Kind: String, CaseIterable, Codable, Sendable {\n            case m"))
    }
}

/// An entry is checked against the form's fields it names, not the whole form, so
/// that checking lists costs what their entries hold (`ListChecker.outsideFields`).
struct ListScopeCostTests {
    /// 200 fields outside the list; the entry names `a7` (a condition), `a3`
    /// (`sameAs`), `a150` (a rule's `when`) and its own `y`.
    static let text = form((0..<200).map { "  - textField: a\($0)\n" }.joined() + """
      - list: rows
        elements:
          - boolean: y
            title: Y
          - textField: x
            visibleWhen: not isEmpty(a7) and y
            rules:
              - sameAs: a3
              - { required: true, when: "a150 == 'yes'" }
    """)

    @Test func theEntryKeepsOnlyTheOutsideFieldsItNames() throws {
        let result = FormPipeline.check(SourceFile(path: "t.form.yaml", text: Self.text))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.summary))")
        let list = try #require(result.checked?.lists.first)
        #expect(list.entryFields.map(\.id) == ["y", "x"])
        #expect(list.symbols.fields.dropFirst(list.entryFieldCount).map(\.id) == ["a3", "a7", "a150"])
    }

    @Test func aNameNeitherTheEntrysNorTheFormsTakesEveryField() throws {
        // The misspelt name still gets the nearest field of the form as its fix.
        let text = Self.text.replacing("sameAs: a3", with: "sameAs: a3x")
        let summaries = ListCheckerTests.summaries(text)
        #expect(summaries.count == 1)
        let diagnostic = try #require(diagnose(text).first)
        #expect(diagnostic.code.rawValue == "FC405")
        #expect(diagnostic.help.contains { $0.contains("'a3'") }, "\(diagnostic.help)")
    }
}

/// The entries of many lists are checked on every core (`SpeedPaths.Path.listEntriesAtOnce`):
/// the diagnostics, the checked lists and the Swift are those of the plain path, in
/// the same order.
struct ListEntriesAtOnceTests {
    /// Twelve lists, each with fields of its own (`l3e0` …), mistakes of its own
    /// keys (counts, item type), of its entry (a misspelt name, a reserved id, a bad
    /// rule) and an enum that collides.
    static func text(broken: Bool) -> String {
        var text = (0..<40).map { "  - textField: a\($0)\n" }.joined()
        for list in 0..<12 {
            text += """
              - list: rows\(list)
                \(broken && list % 3 == 0 ? "minItems: 5\n    maxItems: 2" : "maxItems: 9")
                \(broken && list == 4 ? "itemType: Rows0Item" : "title: Rows \(list)")
                elements:

            """
            // Enough for both thresholds of the lists' speed paths, twelve lists together.
            let perList = max(SpeedPaths.listEntriesAtOnceMinimumElements, SpeedPaths.entryTranslatorsAtOnceMinimumFields) / 12 + 1
            for index in 0..<perList {
                let name = broken && index == list ? "a\(index)x" : "a\(index % 40)"
                text += "      - textField: l\(list)e\(index)\n        visibleWhen: \"not isEmpty(\(name))\"\n"
                text += "        rules: [required\(broken && index == 7 ? ", { minLength: -1 }" : "")]\n"
            }
            if broken && list % 4 == 1 { text += "      - textField: id\n" }
            if broken && list == 5 { text += "      - segment: kind\n        enumName: Rows1ItemEntry\n        options: [a, b]\n" }
        }
        return form(text)
    }

    static func check(_ text: String, _ speed: SpeedPolicy) -> (FormPipeline.CheckResult, Set<SpeedPaths.Path>) {
        let taken = SpeedPaths.Taken()
        let result = SpeedPaths.$taken.withValue(taken) {
            FormPipeline.check(SourceFile(path: "t.form.yaml", text: text), speed: speed)
        }
        return (result, taken.all)
    }

    @Test func aBrokenFormGetsTheSameDiagnostics() {
        let text = Self.text(broken: true)
        let (plain, plainTaken) = Self.check(text, .plain)
        let (parallel, parallelTaken) = Self.check(text, .parallel)
        #expect(!plainTaken.contains(.listEntriesAtOnce))
        #expect(parallelTaken.contains(.listEntriesAtOnce) == SpeedPaths.hasSecondCore)
        let codes = Set(plain.diagnostics.map(\.code.rawValue))
        #expect(codes == ["FC201", "FC204", "FC402", "FC403", "FC501"], "\(codes.sorted())")
        #expect(plain.diagnostics.count >= 12)
        #expect(parallel.diagnostics.map(\.summary) == plain.diagnostics.map(\.summary))
    }

    @Test func aValidFormGetsTheSameListsAndSwift() throws {
        let text = Self.text(broken: false)
        let (plain, _) = Self.check(text, .plain)
        let (parallel, _) = Self.check(text, .parallel)
        #expect(plain.diagnostics.isEmpty, "\(plain.diagnostics.map(\.summary))")
        let plainLists = try #require(plain.checked?.lists)
        let parallelLists = try #require(parallel.checked?.lists)
        // Each list has its own entry's fields, in document order, both ways.
        #expect(plainLists.map { $0.symbols.fields.first?.id } == (0..<12).map { "l\($0)e0" })
        #expect(plainLists.map { $0.symbols.fields.map(\.id) } == parallelLists.map { $0.symbols.fields.map(\.id) })
        #expect(plainLists.map(\.entryFieldCount) == parallelLists.map(\.entryFieldCount))
        let file = SourceFile(path: "t.form.yaml", text: text)
        let plainSwift = try #require(FormPipeline.build(file, speed: .plain).swiftUTF8)
        // A Bool, so that a failure says so rather than printing both files' bytes.
        let sameSwift = FormPipeline.build(file, speed: .parallel).swiftUTF8 == plainSwift
        #expect(sameSwift, "the Swift differs between the plain and the parallel path")
    }
}
