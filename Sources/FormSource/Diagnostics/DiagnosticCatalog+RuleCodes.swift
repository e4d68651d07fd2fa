extension DiagnosticCatalog {
    /// FC4xx: validation rules that are unknown, misapplied or contradictory.
    static func ruleEntries() -> [Entry] {
        [
            Entry(
                .unknownRule, "unknown rule",
                explanation: """
                A rule name is not one of `required`, `minLength`, `maxLength`, `pattern`, `email`, `url`, \
                `sameAs`, `custom`, `min`, `max`, `minCount` or `maxCount`. Rule names are case-sensitive.
                """,
                example: form("""
                  - floatLabel: password
                    label: Password
                    rules:
                      - minLenght: 8
                """),
                fix: "Correct the rule's name (the help line suggests the closest one), or use `custom` for an app-specific check."
            ),
            Entry(
                .ruleNotApplicable, "rule does not apply to this kind of field",
                explanation: """
                The rule cannot check this field's value type: the length, `pattern`, `email` and `url` rules \
                check text; `sameAs` needs a text, segment, picker or boolean field; `min` and `max` check a \
                `number` or a `date`; `minCount` and `maxCount` check a `multiChoice`. `required` and `custom` \
                apply to every field, the fields of a list's entries included.
                """,
                example: form("""
                  - boolean: acceptTerms
                    title: I accept the terms
                    rules: [email]
                """),
                fix: "Remove the rule, or move it to a field of a kind it applies to."
            ),
            Entry(
                .invalidRuleParameter, "invalid rule parameter",
                explanation: """
                The rule's parameter is missing or of the wrong kind: `minLength` and `maxLength` take an \
                integer of 0 or more, `pattern` a string, `sameAs` a field id, `custom` a validator name; \
                `minCount` and `maxCount` an integer of 0 or more; `required`, `email` and `url` take none \
                (`required` alone may be written `required: true`, so `email: true` is this error). \
                `debounce` beside a rule is a whole number of milliseconds from 0 to 10000, and only a \
                `custom` rule takes it.
                """,
                example: form("""
                  - textField: nickname
                    rules:
                      - minLength: -1
                """),
                fix: "Give the rule a parameter of the right kind, e.g. `- minLength: 1`."
            ),
            Entry(
                .contradictoryRules, "contradictory rules",
                explanation: """
                Two rules can never both pass for a non-empty value, for example a `minLength` greater than \
                the `maxLength`, so the field could never be valid. The same holds for a `min` above the `max` \
                of a number, date, time or instant when both are fixed literals (a bound relative to `today` \
                moves, so it is not compared), a `minCount` above the `maxCount`, and a `minCount` above the \
                number of options. A list's counts contradict each other the same way: `minItems` above \
                `maxItems`, or `initialItems` below `minItems` or above `maxItems`.
                """,
                example: form("""
                  - textField: code
                    rules:
                      - minLength: 10
                      - maxLength: 5
                """),
                fix: "Make the rules agree, e.g. `minLength` at most `maxLength`."
            ),
            Entry(
                .invalidPattern, "invalid regular expression",
                explanation: """
                A `pattern` must compile as a Swift `Regex`; the compiler checks it so that nothing fails at run \
                time. Where possible the diagnostic points at the offending character inside the pattern. The \
                pattern must match the whole value (no `^`/`$` needed). A pattern in a document's typographic \
                quotes with a `^` or `$` inside them (`“^[0-9]{5}$”`) compiles, but would match the quotes as \
                characters around an anchor, so no value would pass: it is this error, with a fix that writes it in \
                plain quotes. Without an anchor (`‘.+’`) the quotes may be meant, and are matched. So it is with \
                a pattern written between `/` as JavaScript writes one, as Yup and React Hook Form take it \
                (`/^[0-9]{5}$/`, `/^[a-z]+$/i`): the fix writes it without the slashes, its flags `i`, `m` and `s` \
                as `(?ims)`. A pattern with no anchor beside a slash (`/api/.+/`), or with a `|` outside brackets \
                and groups (`/^$|^/[a-z]+/`), may mean its slashes, and is left alone.
                """,
                example: form("""
                  - textField: zip
                    rules:
                      - pattern: '[0-9'
                """),
                fix: "Correct the expression (close brackets and groups, escape `\\` as needed); in YAML, single quotes keep backslashes as written."
            ),
            Entry(
                .invalidSameAs, "`sameAs` target missing, not a field, of another value type, or the field itself",
                explanation: """
                `sameAs` compares the field with another field, so its parameter must be the id of another \
                field of the same value type: a text field with a text field, a boolean with a boolean, a \
                segment or picker with one that uses the same shared option set (`options: Country`). Two \
                choice fields that list the same options have two enums, so they cannot be compared. Groups \
                and segues have no value.
                """,
                example: form("""
                  - floatLabel: password
                    label: Password
                  - textField: confirmPassword
                    rules:
                      - sameAs: pasword
                """),
                fix: "Name an existing field of the same value type (the help line suggests a close id)."
            ),
            Entry(
                .ineffectiveRule, "a rule that can never fail, or the same rule twice", .warning,
                explanation: """
                The rule has no effect: it repeats a rule already in the list, or it can never fail (a \
                `minLength: 0` or `1`, a `minCount: 0` or `1` (an empty value passes every rule but \
                `required`, so use `required` to ask for a value or a choice), a `maxCount` no \
                smaller than the number of options, `required` on a segment, picker, number or date that has a \
                `default` and so always holds a value). A `maxLength` at or above `maxInputLength` is no \
                warning: typing stops at the limit, but a value set in code or sent to a server meets only the \
                rule. The form still compiles; `formc lint --strict` treats the warning as an error.
                """,
                example: form("""
                  - textField: email
                    rules: [required, email, required]
                """),
                fix: "Remove the redundant rule."
            ),
            Entry(
                .invalidValidatorName, "invalid custom validator name",
                explanation: """
                A `custom` rule's name becomes a method of the generated `…Validators` protocol, so it must \
                be a lowerCamelCase Swift identifier and not a keyword.
                """,
                example: form("""
                  - textField: username
                    rules:
                      - custom: Check-Username
                """),
                fix: "Use a lowerCamelCase name, e.g. `custom: usernameIsAvailable`."
            ),
        ]
    }
}
