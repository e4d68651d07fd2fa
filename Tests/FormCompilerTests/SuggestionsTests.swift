@testable import FormModel
@testable import FormSource
import Testing

@Test func editDistanceCountsTranspositionAsOne() {
    #expect(Suggestions.editDistance("minLenght", "minLength") == 1)
    #expect(Suggestions.closest(to: "minLenght", in: RuleKind.names) == "minLength")
}

/// A name whose every character is replaced is no typo of it: `y` is not near `n`,
/// though `y` is near `Y`, `yy` and `x1` near `x2`.
@Test func oneLetterIsNotNearAnotherLetter() {
    #expect(Suggestions.closest(to: "y", in: ["n", "a"]) == nil)
    #expect(Suggestions.closest(to: "y", in: ["n", "Y"]) == "Y")
    #expect(Suggestions.closest(to: "y", in: ["n", "yy"]) == "yy")
    #expect(Suggestions.closest(to: "x1", in: ["x2"]) == "x2")
    let unknown = diagnose(form("  - number: n\n    title: N\n  - textField: x\n    visibleWhen: y > 1\n"))
    #expect(unknown.map(\.help) == [["no field has the id 'y'; the form's fields are n"]])
}

/// A rule's `when` (SPEC §16) written on the field says where it goes; on an
/// element without rules, it points at `visibleWhen`.
@Test func aWhenOnTheElementSaysItBelongsInARule() {
    let onField = diagnose(form("  - textField: email\n    when: not newsletter\n  - boolean: newsletter\n    title: N\n"))
    #expect(onField.map(\.code) == [.unknownKey])
    #expect(onField.first?.help == [
        "'when' belongs inside a rule's mapping: rules: [{ required: true, when: CONDITION }]",
        "to show the element only sometimes, write visibleWhen: CONDITION",
    ])
    // Beside rules, the item goes into them: a second `rules` would be FC002.
    let besideRules = diagnose(form("  - textField: email\n    rules: [email]\n    when: not newsletter\n  - boolean: newsletter\n    title: N\n"))
    #expect(besideRules.first?.help.first == "'when' belongs inside a rule's mapping, in the field's rules: { required: true, when: CONDITION }")
    let onText = diagnose(form("  - staticText: Hello\n    when: true\n"))
    #expect(onText.first?.help == ["to show the element only sometimes, write visibleWhen: CONDITION"])
}
