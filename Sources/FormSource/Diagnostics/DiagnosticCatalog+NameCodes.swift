extension DiagnosticCatalog {
    /// FC2xx: names that cannot become the Swift names they stand for.
    static func nameEntries() -> [Entry] {
        [
            Entry(
                .invalidFormName, "invalid form type name",
                explanation: """
                `form` becomes the name of the generated Swift class, so it must be an UpperCamelCase Swift \
                identifier (`[A-Z][A-Za-z0-9]*`) that is not a Swift keyword or a standard type it would shadow. \
                The same holds for an `enumName` and for a list's `itemType`, the names of generated types.
                """,
                example: form("  - textField: email", header: "formc: 1\nform: sign-up form"),
                fix: "Use an UpperCamelCase name, e.g. `form: SignUpForm`."
            ),
            Entry(
                .invalidFieldID, "invalid field id",
                explanation: """
                A field id becomes a Swift property and an enum case, so it must be lowerCamelCase \
                (`[a-z][A-Za-z0-9]*`), not a Swift keyword, and not one of the generated class's own members \
                (`values`, `elements`, `validate`, `isVisible`, `isEnabled`, `state`, …). A field of a list's \
                entry may not be named like a member of every entry class either: `id`, `applyStates`, \
                `didLeaveList`. The help suggests the nearest valid id, and never one that would be another \
                error: an id the form (or, in an entry, the entry) has already, a reserved one, or one suggested \
                for another id; then it names a free one beside it (`emailValue`).
                """,
                example: form("""
                  - textField: first-name
                """),
                fix: "Rename the field in lowerCamelCase, e.g. `firstName`."
            ),
            Entry(
                .duplicateID, "duplicate id",
                explanation: """
                Fields, groups, pages, lists and segues share one namespace in the whole form, because each id \
                becomes a member or case of the generated class. The note points at the first use of the id. \
                A YAML alias (`*name`) that repeats an element repeats its ids: it is reported once, at the \
                anchored element's id, whose positions the copy keeps; for a group, that one error stands for \
                every id inside it too.
                """,
                example: form("""
                  - textField: email
                  - floatLabel: email
                    label: Email again
                """),
                fix: "Give one of the two elements another id."
            ),
            Entry(
                .invalidOption, "invalid or duplicate segment option",
                explanation: """
                A segment option is a string, `{value, title}` or `{value, image}`. Option values must be \
                unique, and each becomes an enum case (lowerCamelCase of the value: `pro-plan` is `proPlan`), \
                so two values that map to the same case name collide too.
                """,
                example: form("""
                  - segment: plan
                    options: [free, pro, free]
                """),
                fix: "Remove or rename the duplicate option; make values differ by more than punctuation or case."
            ),
            Entry(
                .nameCollision, "two generated Swift names collide",
                explanation: """
                Two things in the form would produce the same Swift name: two choice fields (segment, picker, \
                multiChoice) whose enums have one name (from `enumName` or from the field id); an enum named like \
                the form; or an enum or the form named like a type the generated code names: one of its own \
                (`Field`, `Values`, `Action`, `CodingKeys`, an entry's `Validators` and `ID`, `Page` in a form with \
                pages, the form's validators protocol `<Form>Validators`), a FormRuntime type (`FormValue`, \
                `ValidationResult`…), `FormRuntime` itself, a standard library type (`String`, `Bool`, \
                `CodingKey`…), or Foundation's `Date` and `Decimal` (the types of instants and decimal \
                numbers). A list's entry type (its `itemType`, by default the list id in UpperCamelCase without \
                a final `s`) and its entry class (the entry type followed by `Entry`) must be free the same way. \
                A name made from an id may not be a Swift keyword either: a segment `type` would make the enum \
                `Type`, and a list `types` the entry type `Type`, which Swift does not allow. An enum or entry \
                type named after an id that is an error already (a duplicate, FC202; a reserved name, FC201, \
                as a list `fields` would make `Field`) is not reported again: renaming the id mends both. Forms that `formc build` writes into one folder \
                are one module's sources, so two of them may not declare one type at its top level: the form's \
                type, or its validators protocol `<Form>Validators` (with a `custom` rule); the later form is \
                reported. (`formc lint` may take the forms of several modules, and does not compare them; the \
                build plugin compiles each form on its own, and there Swift reports the second declaration.) \
                Two strings with one localization key in the forms of one `formc strings` catalog are this \
                error too.
                """,
                example: form("""
                  - segment: plan
                    options: [free, pro]
                  - segment: tier
                    enumName: Plan
                    options: [basic, gold]
                """),
                fix: "Set `enumName` on one of them to a distinct UpperCamelCase name."
            ),
            Entry(
                .unusedOptionSet, "a shared option set that no field uses", .warning,
                explanation: """
                A set of the top-level `options:` becomes an enum and a set of localized strings only through \
                the segments, pickers and multiChoice fields that name it (`options: Country`). A set that no \
                field names generates nothing: most likely a field was meant to use it, or it is left over. \
                When the set's own name is an error too (FC200, FC204), the help names the set as FC200 \
                suggests renaming it, or asks for a new name.
                """,
                example: form("""
                  - picker: shippingCountry
                    options: [us, gb]
                """, header: "formc: 1\nform: CheckoutForm\noptions:\n  Country: [us, gb]"),
                fix: "Write `options: Country` in the fields that choose from the set, or remove the set."
            ),
        ]
    }
}
