import FormSource
import FormText

extension FormStrings {
    /// FC204 for a key that two forms give different text (two files with one
    /// form name): at the later string, with a note at the first. Forms in input
    /// order; a string with the same key and text in two forms is one string.
    public static func collisions(across forms: [CatalogLint.FormStringsInput]) -> [Diagnostic] {
        // One form's own collisions are `strings(of:diagnostics:)`'s.
        guard forms.count > 1 else { return [] }
        var first: [String: (path: String, string: LocalizableString)] = [:]
        var diagnostics: [Diagnostic] = []
        for form in forms {
            for string in form.strings {
                guard let earlier = first[string.key] else {
                    first[string.key] = (form.path, string)
                    continue
                }
                guard earlier.path != form.path, earlier.string.source != string.source else { continue }
                diagnostics.append(Diagnostic(
                    .error, .nameCollision, "two strings have the localization key '\(string.key)'",
                    at: SourceLocation(file: form.path, range: string.range),
                    notes: [DiagnosticNote("the key's first string is here", at: SourceLocation(file: earlier.path, range: earlier.string.range))],
                    help: ["give the forms different names (`form:`), so that their keys differ"]
                ))
            }
        }
        return diagnostics
    }
}
