extension DiagnosticCatalog {
    /// FC1xx: the document's keys and values do not have the format's shape.
    static func structureEntries() -> [Entry] {
        [
            Entry(
                .missingKey, "required key missing",
                explanation: """
                A key that the document or an element must have is absent: `formc`, `form` and `elements` at the \
                top level, `title` of a `boolean` or `segue`, `label` of a `floatLabel`, `options` of a `segment`, \
                `picker` or `multiChoice`, `elements` of a `group`. A `number` with `style: slider` needs both a \
                `min` and a `max` rule, the slider's ends: without them the error points at the `style` key. \
                A key written as a misspelling of the required one (`elemnts:`) is FC101 alone, whose help \
                names the key it means; its value is read as that key's, so the mistakes inside it are \
                reported in the same run.
                """,
                example: """
                formc: 1
                elements:
                  - textField: email
                """,
                fix: "Add the missing key; the message names it."
            ),
            Entry(
                .unknownKey, "unknown key",
                explanation: """
                The key is not one that this place accepts. Unknown keys are errors rather than being ignored, \
                so a misspelt key is never silently lost. When a valid key is close, the help line suggests it; \
                otherwise it lists the keys the place accepts (a rule's mapping holds the rule's key, \
                `message` and `when`, and its help lists them whether or not one is suggested). A choice field \
                that names a shared option set (`options: Country`) takes no `enumName`: its enum is the set's. \
                An option written as its value and title in one entry (`- us: United States`) is one FC101, \
                whose help writes `{ value: us, title: United States }`.
                """,
                example: form("""
                  - textField: email
                    placehlder: you@example.com
                """),
                fix: "Correct the spelling (see the suggestion) or remove the key; SPEC §2–§3 list every key."
            ),
            Entry(
                .wrongType, "wrong value type",
                explanation: """
                The value has the wrong shape for its key: a list where a string is expected, a mapping where a \
                list is expected, a quoted string where a number is expected, or a YAML 1.1 boolean such as \
                `yes` or `on` where only `true` and `false` are accepted, or `required: false` (`required` takes \
                `true` or no value in its mapping form; to require a field sometimes, write \
                `{ required: true, when: … }`). \
                Scalars are otherwise read as the type their position expects, so `title: NO` is simply the \
                string "NO".
                """,
                example: form("""
                  textField: email
                """),
                fix: "Give the value the expected type; the message says which one (here, `elements` is a list: `- textField: email`)."
            ),
            Entry(
                .unknownElementKind, "unknown element kind",
                explanation: """
                An element's kind key is not one of `group`, `boolean`, `segment`, `textField`, `floatLabel`, \
                `textView`, `spacer`, `staticText`, `segue`, `number`, `date`, `picker`, `multiChoice` or \
                `list` or `page`. Kind keys are case-sensitive. A kind in a place it cannot stand is this \
                error too: lists do not nest (a `list` among a list's `elements`, also inside a group there, is \
                FC103); pages stand only at the top level of the form (not in a group, a page or a list's \
                entry), and either every top-level element is a `page` or none is. The ids and set names in \
                an element of an unknown kind are not reported again: a condition, bound or `sameAs` that \
                names its id is no FC501, and a set it names is no FC206. A kind misspelt as one kind \
                (`textfield`, `nubmer`) is read as that kind, so that the mistakes in the element's keys, \
                rules and conditions are reported in the same run.
                """,
                example: form("""
                  - textfield: email
                """),
                fix: "Use one of the element kinds; the help line suggests the closest one. Move an element beside pages into a page's `elements`, and a page inside a group, page or list's entry to the top level (or make it a `group`)."
            ),
            Entry(
                .elementKindCount, "element with no kind key, or with more than one",
                explanation: """
                Each element is a mapping with exactly one kind key, whose value is the element's primary \
                argument (`- textField: email`). An element with two kind keys is usually two elements whose \
                `- ` was forgotten; one with none is usually a mis-indented key of the element above.
                """,
                example: form("""
                  - textField: email
                    boolean: newsletter
                """),
                fix: "Start each element with `- ` and one kind key, e.g. split the example into `- textField: email` and `- boolean: newsletter` (with the `title:` a boolean needs)."
            ),
            Entry(
                .unsupportedVersion, "unsupported `formc` version",
                explanation: """
                The `formc` key names the version of the form format. Only version 1 exists; a file written for \
                a newer format may use keys that this compiler would misread.
                """,
                example: form("  - textField: email", header: "formc: 2\nform: SignUpForm"),
                fix: "Write `formc: 1`, or use a formc release that supports the version."
            ),
        ]
    }
}
