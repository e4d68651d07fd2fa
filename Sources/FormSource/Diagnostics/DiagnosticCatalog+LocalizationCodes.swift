extension DiagnosticCatalog {
    /// FC6xx: a form's strings against a String Catalog (SPEC §11).
    static func localizationEntries() -> [Entry] {
        [
            Entry(
                .missingTranslation, "a string has no translation in a language the catalog has", .warning,
                explanation: """
                `formc lint --strings CATALOG` compares the forms' strings with a String Catalog. A language \
                that some key has a localization in, in any state, is a language of the catalog (Xcode gives \
                every string a language the app adds); a string of a form with no translation in it would show \
                in the source language. Reported at the string in the form.
                """,
                example: form("""
                  - textField: email
                    placeholder: Email
                # Localizable.xcstrings translates other keys into "de", but not SignUpForm.email.placeholder.
                """),
                exampleIsRunnable: false,
                fix: "Translate the string in the catalog (Xcode's String Catalog editor, or by hand)."
            ),
            Entry(
                .staleString, "a key in the catalog is stale", .warning,
                explanation: """
                The catalog has a key of a form being linted (the form's name and a dot: `SignUpForm.…`) \
                that the form no longer produces, or such a key marked `stale` that the form uses again. \
                `formc strings` keeps such keys, marked `stale`, so that no translation is lost. The \
                catalog's other keys are the app's: they are never reported.
                """,
                example: form("""
                  - textField: email
                # Localizable.xcstrings still has SignUpForm.phone.placeholder, from a field since removed.
                """),
                exampleIsRunnable: false,
                fix: "Delete an entry no form uses from the catalog once no target needs it (`formc strings` keeps it, marked `stale`); for a key a form uses again, run `formc strings`, which clears its `stale` mark."
            ),
            Entry(
                .translationNeedsReview, "a translation needs review", .warning,
                explanation: """
                The translation's state is `needs_review`: `formc strings` marks every translation of a key \
                whose source text changed, since the old translation may no longer fit. Also reported when \
                the catalog's source text is not the form's any more (the next `formc strings` marks it).
                """,
                example: form("""
                  - textField: email
                    placeholder: Work email
                # The "de" translation of SignUpForm.email.placeholder was made for "Email".
                """),
                exampleIsRunnable: false,
                fix: "Check the translation against the new source text and mark it reviewed (`translated`)."
            ),
            Entry(
                .invalidCatalog, "the catalog is not a valid String Catalog",
                explanation: """
                The file named by `formc strings -o` or `lint --strings` is not JSON, or not shaped as an \
                Xcode String Catalog (an object with `sourceLanguage` and `strings`; each localization's \
                `stringUnit` with a `state` and a `value`), or of a format version formc does not read \
                (it reads version 1: `1.0`, and `1.1` as Xcode 26 writes it). Reported at the line of \
                the problem. `formc strings` never overwrites such a file.
                """,
                example: """
                {
                  "sourceLanguage" : "en",
                  "strings" : [ ]
                }
                """,
                exampleIsRunnable: false,
                fix: "Repair the file (or restore it from version control), or delete it so that `formc strings` writes a new one."
            ),
            Entry(
                .formatSpecifierMismatch, "a translation drops or adds a format specifier",
                explanation: """
                A translation must keep the source text's format specifiers (`%@`, `%lld`, `%1$@`; `%%` is a \
                percent sign): code that formats the string passes the source's arguments, and a missing or \
                extra one shows wrong text or crashes. The order may change. Reported at the translation's \
                language in the catalog's entry (`"de"`).
                """,
                example: """
                "SignUpForm.count.title" : {
                  "localizations" : {
                    "de" : { "stringUnit" : { "state" : "translated", "value" : "Anzahl" } },
                    "en" : { "stringUnit" : { "state" : "translated", "value" : "%lld items" } }
                  }
                }
                """,
                exampleIsRunnable: false,
                fix: "Write the translation with the same format specifiers as the source text."
            ),
        ]
    }
}
