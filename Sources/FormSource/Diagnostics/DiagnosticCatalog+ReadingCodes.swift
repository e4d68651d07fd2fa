extension DiagnosticCatalog {
    /// FC0xx: the file could not be read as one well-formed document.
    static func readingEntries() -> [Entry] {
        [
            Entry(
                .syntaxError, "YAML or JSON syntax error",
                explanation: """
                The file is not well-formed YAML, or (for a file whose name ends in `.json`) not strict RFC 8259 JSON. \
                The diagnostic points at the character where the reader gave up. JSON files are read strictly: \
                comments, trailing commas, single quotes and bare words are errors even though YAML would accept them. \
                A Unicode space pasted from a web page or a word processor (a no-break space, U+00A0; a line separator, \
                U+2028; a zero-width space, U+200B…) is white space to neither format. JSON reports it by name where \
                it stands, with a fix that writes a plain space (a line break, or nothing, for the last two). YAML \
                reads one as text, so it is reported only where no text means it: a key that starts with one (its line \
                was indented with them; an ideographic space is written as two plain ones), a line that starts with \
                `-` and one, a value of a `[…]` or `{…}` that starts or ends with a no-break space (an ideographic \
                one starts a paragraph), a flow key with one after its `:`; each with that fix, and the file is read \
                no further. So is a key that starts with a word processor's dash or bullet and a space (`• textField: \
                a`, at any indentation), unless it follows an item's `-` (`- — none —: …` is an option), with a fix \
                that writes `-`. Where libyaml fails on a line that holds one in its indentation, after its `-` or after its \
                key's `:`, or a word processor's dash (`–`, `•`) as its item marker, or an input method's full-width \
                colon (`：`) after its key, the help names it with the fix; a value in typographic quotes is named too. Elsewhere it \
                is text: a title, a block of text, a line of a quoted value, an option (`— none —`, `A：同意`) may \
                hold one; an option of a `[…]` that holds a full-width comma is told that it is one option. In a \
                condition (FC500) it is named with the same fix, and between a rule and its parameter written as one \
                string (FC400) it is named; in JSON, so are full-width punctuation between tokens and a number in \
                full-width digits.
                """,
                example: form("""
                  - textField: email
                    placeholder: "you@example.com
                """),
                fix: """
                Correct the syntax at the marked character: close quotes and brackets, indent nested keys \
                consistently, and quote values that start with a YAML indicator (`@`, `` ` ``, `%`, `!`, `&`, `*`). \
                In a `.json` file, remove comments and trailing commas and use double quotes.
                """
            ),
            Entry(
                .duplicateKey, "duplicate key in a mapping",
                explanation: """
                A key appears twice in the same mapping. YAML parsers disagree on which value wins, so formc \
                rejects the file instead of silently dropping one. The note points at the first occurrence.
                """,
                example: form("""
                  - textField: email
                    placeholder: Email
                    placeholder: you@example.com
                """),
                fix: "Keep one of the two keys and delete the other."
            ),
            Entry(
                .unsupportedConstruct, "more than one document, or an unsupported YAML construct",
                explanation: """
                A form file holds exactly one YAML document. A second document (after `---`), a tag such as \
                `!custom` (only `!!str` is accepted, where a string is expected), a merge key (`<<: *defaults`) \
                or a complex (non-scalar) mapping key has no meaning in a form. (A condition that YAML read as a \
                tag, `visibleWhen: !newsletter`, is FC500 instead, with the suggestion `not newsletter`.)
                """,
                example: form("""
                  - textField: email
                ---
                formc: 1
                form: OtherForm
                elements:
                  - textField: name
                """),
                fix: """
                Put each form in a file of its own, remove tags, and write out the keys that a merge key or \
                complex key stood for.
                """
            ),
            Entry(
                .limitExceeded, "a limit exceeded: file size, nesting depth, alias expansion",
                explanation: """
                formc refuses input that would make it slow or exhaust memory: files over 16 MiB, nesting deeper \
                than 64 levels, aliases that make the tree grow past 10 times the parsed nodes, and more than \
                10,000 elements in one form. The diagnostic points at the place the limit was hit.
                """,
                example: form("  - " + String(repeating: "[", count: 70) + String(repeating: "]", count: 70)),
                fix: """
                Flatten the structure, split a very large form into several forms, and use aliases to share \
                small pieces rather than to multiply large ones.
                """
            ),
            Entry(
                .unreadableFile, "file not readable, or not UTF-8",
                explanation: """
                formc could not read the file (it does not exist, is a directory with no forms in it, or \
                permission is denied), or its bytes are not valid UTF-8. A path that cannot be read is reported \
                like any other problem in the input: the other inputs are still checked and the exit status is 1.
                """,
                example: """
                # signup.form.yaml saved as Latin-1 (ISO 8859-1): the `é` below is the single
                # byte 0xE9, which is not UTF-8.
                formc: 1
                form: SignUpForm
                title: Café
                elements:
                  - textField: email
                """,
                exampleIsRunnable: false,
                fix: """
                Check the path and its permissions; save the file as UTF-8 (most editors have an "encoding" \
                setting). The help names the first byte that is not UTF-8 and what it most likely is: UTF-16 \
                (`iconv -f UTF-16 -t UTF-8`), a character of Windows-1252 or Latin-1, what Windows editors save \
                (`iconv -f CP1252 -t UTF-8`), or a character whose bytes were cut short.
                """
            ),
        ]
    }
}
