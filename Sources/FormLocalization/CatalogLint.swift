import FormSource
import FormText

/// `formc lint --strings CATALOG` (SPEC §11, §11.1): the catalog checked
/// against the forms' strings, on the keys formc owns (`CatalogOwnership`: the
/// keys of the forms linted); the app's own keys get nothing but FC603, which
/// reading the catalog reports.
///
/// - FC600 (warning, at the string in the form): no translation in a language
///   the catalog has (any language of any key), or only one in state `new`.
/// - FC601 (warning): a stale key; at the string when a form still uses it,
///   else (an owned key no form produces) at the key in the catalog.
/// - FC602 (warning, at the string in the form): a translation needs review, or
///   the catalog's source text is not the form's (it will need review).
/// - FC604 (error, at the translation's language in the catalog's entry): a
///   translation drops or adds a format specifier of the source text, or
///   formats an argument another way (`FormatSpecifiers`).
public enum CatalogLint {
    /// The strings of one form, the form's type name, and the file they are in.
    public struct FormStringsInput: Sendable {
        public var path: String
        /// `SignUpForm`: the catalog's keys that begin with it and a dot are formc's.
        public var form: String
        public var strings: [LocalizableString]

        public init(path: String, form: String, strings: [LocalizableString]) {
            self.path = path
            self.form = form
            self.strings = strings
        }
    }

    public static func check(_ catalog: StringCatalogFile, at catalogPath: String, forms: [FormStringsInput]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let source = catalog.sourceLanguage
        var languages = Set<String>()
        for entry in catalog.entries {
            for language in entry.value["localizations"]?.members ?? [] where language.key != source {
                languages.insert(language.key)
            }
        }
        let sortedLanguages = languages.sorted()
        // Each key's first entry, found at once for every string of the forms.
        let entries = catalog.entries
        var entryIndex = [CatalogKey: Int](minimumCapacity: entries.count)
        for index in entries.indices.reversed() { entryIndex[CatalogKey(entries[index].key)] = index }
        // Each key the forms produce → its source text in the form.
        var produced: [CatalogKey: String] = [:]
        for form in forms {
            for string in form.strings {
                produced[CatalogKey(string.key)] = string.source
                let location = SourceLocation(file: form.path, range: string.range)
                let entry = entryIndex[CatalogKey(string.key)].map { entries[$0].value }
                if entry?["extractionState"]?.string == "stale" {
                    diagnostics.append(Diagnostic(
                        .warning, .staleString, "'\(string.key)' is marked stale in the catalog, but the form uses it",
                        at: location, help: ["run 'formc strings' to update the catalog"]
                    ))
                }
                let localizations = entry?["localizations"]
                let catalogSource = localizations?[source]?["stringUnit"]?["value"]?.string
                // A string marked "Don't translate" (`shouldTranslate: false`) lacks no translation.
                let translates = entry?["shouldTranslate"] != .literal("false")
                for language in sortedLanguages {
                    guard let localization = localizations?[language], hasTranslation(localization) else {
                        guard translates else { continue }
                        let isNew = localizations?[language].map(hasText) ?? false
                        diagnostics.append(Diagnostic(
                            .warning, .missingTranslation, "'\(string.key)' has no translation in '\(language)'",
                            at: location, help: [isNew
                                ? "its '\(language)' text is in state 'new', not translated yet: translate \"\(string.source)\" and mark it translated"
                                : "translate \"\(string.source)\" in the catalog"]
                        ))
                        continue
                    }
                    if needsReview(localization) {
                        diagnostics.append(Diagnostic(
                            .warning, .translationNeedsReview, "the '\(language)' translation of '\(string.key)' needs review",
                            at: location, help: ["check the translation against \"\(string.source)\" and mark it translated"]
                        ))
                    } else if let catalogSource, catalogSource != string.source {
                        diagnostics.append(Diagnostic(
                            .warning, .translationNeedsReview,
                            "the '\(language)' translation of '\(string.key)' was made for \"\(catalogSource)\"",
                            at: location, help: ["run 'formc strings' and review the translation"]
                        ))
                    }
                }
            }
        }
        let ownership = CatalogOwnership(forms: forms.map(\.form))
        for entry in catalog.entries where ownership.owns(entry.key) {
            let location = SourceLocation(file: catalogPath, range: catalog.keyRange(at: entry.range.start))
            let formSource = produced[CatalogKey(entry.key)]
            if formSource == nil {
                diagnostics.append(Diagnostic(
                    .warning, .staleString, "'\(entry.key)' is not used by any form",
                    at: location, help: ["delete the entry, or keep it if another target uses it"]
                ))
            }
            // The catalog's source text, else (a key not merged yet) the form's.
            guard let localizations = entry.value["localizations"]?.members,
                  let expected = localizations.first(where: { $0.key == source }).flatMap({ FormatSpecifiers.expected(of: $0.value) })
                    ?? formSource.map({ FormatSpecifiers.arguments(of: $0) })
            else { continue }
            for language in localizations where language.key != source {
                guard let mismatch = FormatSpecifiers.mismatch(in: language.value, expected: expected) else { continue }
                diagnostics.append(Diagnostic(
                    .error, .formatSpecifierMismatch,
                    "the '\(language.key)' translation of '\(entry.key)' has the format specifiers "
                        + FormatSpecifiers.describe(mismatch.arguments) + ", the source text " + FormatSpecifiers.describe(expected),
                    at: language.line > 0 ? SourceLocation(file: catalogPath, range: catalog.keyRange(at: language.range.start)) : location,
                    help: ["keep exactly the source text's format specifiers in the translation"]
                ))
            }
        }
        return diagnostics.sorted(by: Diagnostic.reportOrder)
    }

    /// Whether a localization has a non-empty value (in a stringUnit or a variation).
    private static func hasText(_ localization: CatalogJSON) -> Bool {
        texts(of: localization).contains { !$0.isEmpty }
    }

    /// Whether a localization is translated: a text of its own or of a variation
    /// whose unit is not in state `new` (Xcode's "not translated yet", which the
    /// merge leaves as it is too).
    private static func hasTranslation(_ localization: CatalogJSON) -> Bool {
        if let unit = localization["stringUnit"], let value = unit["value"]?.string {
            return !value.isEmpty && unit["state"]?.string != "new"
        }
        for kind in localization["variations"]?.members ?? [] {
            for variation in kind.value.members ?? [] where hasTranslation(variation.value) { return true }
        }
        return false
    }

    /// Whether a string unit of a localization, in a variation or a
    /// substitution's variation too, is `needs_review`.
    private static func needsReview(_ localization: CatalogJSON) -> Bool {
        if localization["stringUnit"]?["state"]?.string == "needs_review" { return true }
        let variations = [localization["variations"]] + (localization["substitutions"]?.members ?? []).map { $0.value["variations"] }
        for kind in variations.flatMap({ $0?.members ?? [] }) {
            for variation in kind.value.members ?? [] where needsReview(variation.value) { return true }
        }
        return false
    }

    /// Every value of a localization: its stringUnit's, or each variation's.
    static func texts(of localization: CatalogJSON) -> [String] {
        if let value = localization["stringUnit"]?["value"]?.string { return [value] }
        var result: [String] = []
        for kind in localization["variations"]?.members ?? [] {
            for variation in kind.value.members ?? [] { result += texts(of: variation.value) }
        }
        return result
    }
}
