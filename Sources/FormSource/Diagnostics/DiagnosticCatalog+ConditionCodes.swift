extension DiagnosticCatalog {
    /// FC5xx: `visibleWhen` and `enabledWhen` conditions.
    static func conditionEntries() -> [Entry] {
        [
            Entry(
                .conditionSyntax, "condition syntax error",
                explanation: """
                A `visibleWhen` or `enabledWhen` expression does not follow the grammar of SPEC §7. The \
                diagnostic points at the character inside the expression. Conditions use `==`, `!=`, `<`, `<=`, \
                `>`, `>=`, `and`, `or`, `not`, `in ['a', 'b']`, `isEmpty(field)`, `count(field)`, \
                `contains(field, 'a')`, `true`, `false`, quoted strings, numbers (`18`, `2.50`) and parentheses. \
                `in` takes a list: for an option written before a field (`'other' in symptoms`), the help \
                writes what that asks of the field's kind (`contains(symptoms, 'other')` for a multiChoice).
                """,
                example: form("""
                  - segment: plan
                    options: [free, pro]
                  - textField: company
                    visibleWhen: plan = 'pro'
                """),
                fix: "Correct the expression at the marked character (here, compare with `==`)."
            ),
            Entry(
                .conditionUnknownField, "condition names an unknown field",
                explanation: """
                A condition refers to a field id that is not defined anywhere in the form. Conditions may refer \
                to fields defined later in the file (a group's or segue's id is FC502: it has no value). The same holds \
                for a rule's `when:` condition, for a `min` or `max` that names a field (`min: startDate`), and \
                for the name of a shared option set in a field's `options: Country`. The fields of a list's \
                entries are scoped to the entry: nothing outside the list (a condition, a `sameAs`, a bound) \
                can name them, and an entry cannot name another list's. Inside an entry, a name is first a \
                field of the same entry, then a field of the form outside the list. A name with letters \
                beyond ASCII (`cómpany`) is read as one name: an unknown field with a did-you-mean, or \
                nothing more when its field's id is already FC201.
                """,
                example: form("""
                  - segment: plan
                    options: [free, pro]
                  - textField: company
                    visibleWhen: plna == 'pro'
                """),
                fix: "Correct the id (the help line suggests a close one) or define the field."
            ),
            Entry(
                .conditionType, "condition type error",
                explanation: """
                The condition mixes types: a boolean field stands alone or compares with `true`/`false`; a \
                segment compares with a string; a text field compares with a string or goes through \
                `isEmpty(...)`; a number compares with a number it can hold; a date with a quoted date, time \
                or instant of its mode (or a relative date such as `'today-18y'`), which must be a real one; \
                `<`, `<=`, `>`, `>=` order numbers, dates, times and `count(...)`; `in [...]` tests a segment or \
                picker, `contains(...)` and `count(...)` a multiChoice; `and`, `or` and `not` take booleans. Two \
                fields compare when they hold the same type: two numbers, two dates of one mode, two single \
                choices of one enum (a shared option set), two texts or two booleans; only numbers and dates are \
                ordered. A rule's `when:` is checked the same way.
                """,
                example: form("""
                  - boolean: newsletter
                    title: Send me product news
                  - textField: topics
                    visibleWhen: newsletter == 'yes'
                """),
                fix: "Compare values of the same type, e.g. `visibleWhen: newsletter` or `newsletter == true`."
            ),
            Entry(
                .conditionNotOption, "condition compares a segment with a value that is not one of its options",
                explanation: """
                A segment or a picker holds only one of its option values, so comparing it with any other string is \
                always false (or always true with `!=`) and is almost certainly a typo. The same holds for the \
                options listed in `in [...]` and for `contains(field, '...')` on a multiChoice.
                """,
                example: form("""
                  - segment: plan
                    options: [free, pro]
                  - textField: company
                    visibleWhen: plan == 'enterprise'
                """),
                fix: "Compare with one of the field's option values."
            ),
            Entry(
                .conditionCycle, "cycle among conditions",
                explanation: """
                A field's visibility depends on itself through a chain of conditions, so there is no order \
                in which to evaluate them. The notes show the chain. An `enabledWhen` that reads the field \
                it disables, or one that reads it back, is no cycle: a disabled field keeps its value, so \
                what the condition reads does not change.
                """,
                example: form("""
                  - textField: first
                    visibleWhen: not isEmpty(second)
                  - textField: second
                    visibleWhen: not isEmpty(first)
                """),
                fix: "Break the chain: make one of the conditions depend on a field outside the cycle."
            ),
            Entry(
                .conditionConstant, "condition is always true or always false", .warning,
                explanation: """
                The condition does not depend on any field value (a literal, or an expression such as `x or \
                not x`, or `a != a`), so the element is always or never shown or enabled, or a rule with it in \
                `when:` always or never runs. The form still compiles; \
                `formc lint --strict` treats the warning as an error.
                """,
                example: form("""
                  - textField: company
                    visibleWhen: 'true'
                """),
                fix: "Remove the condition if the element should always be shown, or write the condition you meant."
            ),
        ]
    }
}
