extension DiagnosticCatalog {
    /// FC3xx: defaults, numbers and options that are no values of their field.
    static func valueEntries() -> [Entry] {
        [
            Entry(
                .defaultType, "default value of the wrong type",
                explanation: """
                A field's `default` must have the field's value type: a string for the text kinds, `true` or \
                `false` for a `boolean`, an option value for a `segment` or `picker`, a list of option values for \
                a `multiChoice`, a number (unquoted) for a `number`, and ISO 8601 text of the field's mode for a \
                `date` (`2026-01-31`, `09:30`, `2026-01-31T09:30:00Z`). A value of the right shape that is no real \
                value, such as `2026-02-30`, is FC302.
                """,
                example: form("""
                  - boolean: newsletter
                    title: Send me product news
                    default: sometimes
                """),
                fix: "Use a value of the field's type, e.g. `default: true`."
            ),
            Entry(
                .defaultNotOption, "segment default is not one of its options",
                explanation: """
                A segment's or picker's `default` selects one of its options by value, so it must be one of the \
                option values exactly (case-sensitive). A multiChoice's `default` is a list of option values, each \
                an option and none chosen twice. For a field that names a shared option set, the options are the \
                set's. The help's did-you-mean never names an option the default has chosen already, nor one it named \
                for another value of the same default: with every fix applied, no option is chosen twice.
                """,
                example: form("""
                  - segment: plan
                    options: [free, pro]
                    default: enterprise
                """),
                fix: "Use one of the option values, add the option, or remove `default` to start with nothing selected."
            ),
            Entry(
                .invalidNumber, "invalid number, date or time",
                explanation: """
                A number, date or time is out of range or no value of its kind. A number: a negative spacer \
                height, a negative or fractional `maxInputLength` (or a list's `minItems`, `maxItems`, \
                `initialItems`), a `maxItems` of 0, a negative inset, a negative `constantHeight`; \
                for a `number` field, a `decimals` outside 0–9, a `default`, `step`, `min` or `max` \
                with more digits after the point than `decimals` allows (`1.234` where `decimals: 2`) or with more \
                than 18 digits, a `step` of 0 or less. A date or time (a `date` field's `default`, `min` or \
                `max`): one that does not exist (`2026-02-30`, `25:00`), an instant without a zone, a relative \
                date with an unknown unit (`today-18q`; the units are `d`, `w`, `m`, `y`), `today` on a time field. \
                A `min` or `max` that names another field (`min: startDate`) names one of the same kind and mode \
                (numbers of any `decimals`; a date against a date, a time against a time), never the field itself \
                nor a list, which is a field of the form whose value is its entries (SPEC §14).
                """,
                example: form("""
                  - spacer: -8
                """),
                fix: "Use a number in the allowed range (here, a height of 0 or more)."
            ),
            Entry(
                .tooFewOptions, "segment with fewer than two options",
                explanation: """
                A segment, picker or multiChoice is a choice between options; with one option (or none) there \
                is nothing to choose. A single yes/no question is a `boolean`.
                """,
                example: form("""
                  - segment: plan
                    options: [free]
                """),
                fix: "Add options, or use a `boolean` for a single on/off choice."
            ),
        ]
    }
}
