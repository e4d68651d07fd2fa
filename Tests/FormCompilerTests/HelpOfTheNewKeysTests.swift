@testable import FormSource
import Foundation
import Testing

/// The help of the mistakes people make in lists, relations, shared option sets
/// and pages (SPEC §14–16): in the file's own syntax, naming what can stand where
/// the mistake is, and one diagnostic per mistake.
struct HelpOfTheNewKeysTests {
    /// The first help line of each diagnostic, with its code.
    private func helps(_ text: String, path: String = "test.form.json") -> [String] {
        diagnose(text, path: path).map { "\($0.code.rawValue) \($0.help.first ?? "")" }
    }

    /// Each help of these mistakes in a `.form.json` is written in JSON.
    @Test func aJSONFormsHelpIsJSON() {
        let head = #"{"formc": 1, "form": "A", "#
        let field = #"{"boolean": "b", "title": "B"}, "#
        #expect(helps(head + #""elements": [\#(field){"textField": "p", "rules": [{"required": false, "when": "b"}]}]}"#) == [
            #"FC102 to make the field optional, remove the rule; to require it sometimes, write {"required": true, "when": …}"#,
        ])
        #expect(helps(head + #""elements": [\#(field){"textField": "p", "rules": [{"when": "b"}]}]}"#) == [
            #"FC100 put the condition beside its rule: {"required": true, "when": "b"}"#,
        ])
        #expect(helps(head + #""elements": [\#(field){"textField": "p", "rules": [{"message": "m"}]}]}"#) == [
            #"FC100 put the message beside its rule: {"minLength": 8, "message": "Too short"}"#,
        ])
        #expect(helps(head + #""options": ["us", "gb"], "elements": [\#(field)]}"#.replacingOccurrences(of: "}, ]", with: "}]")) == [
            #"FC102 write "options": {"Country": ["us", "gb"]}"#,
        ])
        #expect(helps(head + #""elements": [{"picker": "c", "options": "Country"}]}"#) == [
            #"FC501 declare the set at the top of the form: "options": {"Country": ["a", "b"]}, or list the options here"#,
        ])
        #expect(helps(head + #""elements": [{"textField": "p", "rules": [{"custom": "check", "debounce": 20000}]}]}"#) == [
            #"FC402 write a wait from 0 to 10000 milliseconds, e.g. "debounce": 300"#,
        ])
        #expect(helps(head + #""pages": [], "elements": [\#(field)]}"#.replacingOccurrences(of: "}, ]", with: "}]")).first?
            .hasSuffix(#"write each page as an element: "elements": [{"page": "ID", "elements": […]}, …]"#) == true)
        // A number is no condition, quoted or not: what a condition is, not quotes.
        #expect(helps(head + #""elements": [\#(field){"textField": "p", "rules": [{"required": true, "when": 5}]}]}"#) == [
            #"FC102 write the condition as one string, such as "not isEmpty(email)""#,
        ])
        #expect(helps(head + #""elements": [\#(field){"textField": "p", "visibleWhen": 5}]}"#) == [
            #"FC102 write the condition as one string, such as "not isEmpty(email)""#,
        ])
        // `true` in quotes is a condition.
        #expect(helps(head + #""elements": [\#(field){"textField": "p", "visibleWhen": true}]}"#) == [#"FC102 write it in quotes: "true""#])
        // The checker's helps name keys, in neither syntax.
        #expect(helps(head + #""elements": [{"segment": "s", "options": ["only"]}]}"#) == [
            "FC303 a single choice is a boolean: make the element a 'boolean' with a 'title', and no 'options'",
        ])
    }

    /// An option set is not called unused beside the mistake that names it: a kind
    /// without options naming it, or a misspelling of its name.
    @Test func aSetNamedByAMistakeIsNotUnused() {
        let head = "formc: 1\nform: A\noptions:\n  Country: [us, gb]\nelements:\n"
        #expect(diagnose(head + "  - textField: c\n    options: Country\n").map(\.code) == [.unknownKey])
        #expect(diagnose(head + "  - picker: c\n    options: Contry\n").map(\.code) == [.conditionUnknownField])
        // Unused, with every field's options read.
        #expect(diagnose(head + "  - picker: c\n    options: [a, b]\n").map(\.code) == [.unusedOptionSet])
    }

    /// A bound or `sameAs` that names a field by a path is told to name it by its
    /// id, with the id when it can stand there.
    @Test func aPathInABoundOrSameAsNamesTheFieldByItsID() {
        let list = """
            formc: 1
            form: A
            elements:
              - list: employers
                elements:
                  - date: from
                  - date: to
                    rules: [{ min: employers.from }]
                  - textField: email
                  - textField: confirm
                    rules: [{ sameAs: employers.email }]
              - textField: contact
                rules: [{ sameAs: employers.email }]

            """
        let diagnostics = diagnose(list, path: "a.form.yaml")
        #expect(diagnostics.map(\.code) == [.invalidNumber, .invalidSameAs, .invalidSameAs])
        #expect(diagnostics.map(\.help) == [
            ["write 2026-01-31, today or today-18y", "did you mean 'from'?", "a bound names a field by its id alone, not by a path"],
            ["did you mean 'email'?", "sameAs names a field by its id alone, not by a path"],
            [
                "sameAs names a field by its id alone, not by a path: 'email' is a field of the entries of list 'employers', which only that list's entries can name",
            ],
        ])
    }

    /// A name near a field of a list's entries, used where it cannot be named, is
    /// told which field and list it is like.
    @Test func aNameLikeAnotherListsFieldSaysWhichItIs() {
        let list = """
            formc: 1
            form: A
            elements:
              - list: employers
                elements:
                  - textField: company
                  - date: startDate
              - textField: note
                visibleWhen: not isEmpty(compny)
              - date: since
                rules: [{ min: startDat }]

            """
        let diagnostics = diagnose(list, path: "a.form.yaml")
        #expect(diagnostics.map(\.code) == [.conditionUnknownField, .conditionUnknownField])
        #expect(diagnostics.first?.help.first == "'company', a name like it, is a field of the entries of list 'employers', which only that list's entries can name")
        #expect(diagnostics.last?.help.last == "'startDate', a name like it, is a field of the entries of list 'employers', which only that list's entries can name")
    }

    /// A page without `elements`, with the elements meant for it after it: its
    /// FC100, and one FC103 for the run of them, not one per element.
    @Test func thePageWithoutElementsBeforeARunOfElementsIsOneMistake() {
        let text = """
            formc: 1
            form: A
            elements:
              - page: personal
                title: About you
              - textField: fullName
              - textField: email
              - page: history
                elements:
                  - textField: employer
              - textField: stray

            """
        let diagnostics = diagnose(text, path: "a.form.yaml")
        #expect(positions(diagnostics) == ["4:5 FC100", "6:5 FC103", "11:5 FC103"])
        #expect(diagnostics[1].message == "textField stands beside pages at the top level of the form, after page 'personal', which has no elements")
        #expect(diagnostics[2].message == "textField stands beside pages at the top level of the form")
    }

    /// Two single choices of their own enums cannot be the same, as they cannot
    /// be compared: `sameAs` says to give them one shared set, as the condition
    /// does; fields of two kinds are told what sameAs takes.
    @Test func sameAsOfTwoEnumsIsToldToShareASet() {
        let text = """
            formc: 1
            form: A
            elements:
              - picker: ship
                options: [us, gb]
              - picker: bill
                options: [us, gb]
                rules: [{ sameAs: ship }]
              - textField: name
                rules: [{ sameAs: ship }]
              - boolean: same
                title: Same
                visibleWhen: ship == bill

            """
        let shared = "give both fields one shared option set ('options: Name' with a top-level 'options:'), so that they have one enum"
        #expect(helps(text, path: "a.form.yaml") == [
            "FC405 " + shared, "FC405 sameAs compares two fields of the same value type", "FC502 " + shared,
        ])
    }
}
