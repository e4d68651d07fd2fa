/// `formc lint --strings CATALOG` (SPEC §11): the catalog checked against the
/// forms' strings.
///
/// - FC600 (warning, at the string in the form): no translation in a language
///   the catalog has.
/// - FC601 (warning): a stale key; at the string when a form still uses it,
///   else at the key in the catalog.
/// - FC602 (warning, at the string in the form): a translation needs review, or
///   the catalog's source text is not the form's (it will need review).
/// - FC604 (error, at the key in the catalog): a translation drops or adds a
///   format specifier of the source text.
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
        var produced = Set<String>()
        for form in forms {
            for string in form.strings {
                produced.insert(string.key)
                let location = SourceLocation(file: form.path, range: string.range)
                let entry = catalog.entry(string.key)
                if entry?["extractionState"]?.string == "stale" {
                    diagnostics.append(Diagnostic(
                        .warning, .staleString, "'\(string.key)' is marked stale in the catalog, but the form uses it",
                        at: location, help: ["run 'formc strings' to update the catalog"]
                    ))
                }
                let localizations = entry?["localizations"]
                let catalogSource = localizations?[source]?["stringUnit"]?["value"]?.string
                for language in sortedLanguages {
                    guard let localization = localizations?[language], hasText(localization) else {
                        diagnostics.append(Diagnostic(
                            .warning, .missingTranslation, "'\(string.key)' has no translation in '\(language)'",
                            at: location, help: ["translate \"\(string.source)\" in the catalog"]
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
        for entry in catalog.entries {
            let location = SourceLocation(file: catalogPath, range: entry.range)
            if !produced.contains(entry.key), let state = entry.value["extractionState"]?.string, state == "stale" || state == "manual" {
                diagnostics.append(Diagnostic(
                    .warning, .staleString, "'\(entry.key)' is not used by any form",
                    at: location, help: ["delete the entry, or keep it if another target uses it"]
                ))
            }
            guard let localizations = entry.value["localizations"]?.members else { continue }
            let sourceText = localizations.first { $0.key == source }.flatMap { texts(of: $0.value).first }
            guard let sourceText else { continue }
            let expected = FormatSpecifiers.of(sourceText)
            for language in localizations where language.key != source {
                for text in texts(of: language.value) where FormatSpecifiers.of(text) != expected {
                    diagnostics.append(Diagnostic(
                        .error, .formatSpecifierMismatch,
                        "the '\(language.key)' translation of '\(entry.key)' has the format specifiers "
                            + FormatSpecifiers.describe(FormatSpecifiers.of(text)) + ", the source text " + FormatSpecifiers.describe(expected),
                        at: location, help: ["keep exactly the source text's format specifiers in the translation"]
                    ))
                    break
                }
            }
        }
        return diagnostics.sorted(by: Diagnostic.reportOrder)
    }

    /// Whether a localization has a non-empty value (in a stringUnit or a variation).
    private static func hasText(_ localization: CatalogJSON) -> Bool {
        texts(of: localization).contains { !$0.isEmpty }
    }

    private static func needsReview(_ localization: CatalogJSON) -> Bool {
        if localization["stringUnit"]?["state"]?.string == "needs_review" { return true }
        for kind in localization["variations"]?.members ?? [] {
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

/// printf-style format specifiers (`%@`, `%lld`, `%1$@`, `%.2f`), without their
/// positions, as a sorted list: a translation may reorder them but not drop or
/// add one. `%%` is a literal percent sign, not a specifier.
enum FormatSpecifiers {
    static func of(_ text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        var result: [String] = []
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "%" else { index += 1; continue }
            var end = index + 1
            if end < scalars.count, scalars[end] == "%" { index = end + 1; continue }
            // A position (`1$`) says which argument, not what kind: left out, so that
            // a translation may reorder the arguments.
            var position = end
            while position < scalars.count, isDigit(scalars[position]) { position += 1 }
            let start = position > end && position < scalars.count && scalars[position] == "$" ? position + 1 : end
            end = start
            // flags, width, precision, length, conversion.
            let allowed = Set("0123456789-+#.*hlqLztj".unicodeScalars)
            while end < scalars.count, allowed.contains(scalars[end]) { end += 1 }
            if end < scalars.count, "@dDiuUoOxXfFeEgGcCsSpaA".unicodeScalars.contains(scalars[end]) {
                var specifier = String.UnicodeScalarView(["%"])
                specifier.append(contentsOf: scalars[start...end])
                result.append(String(specifier))
                index = end + 1
            } else {
                index += 1
            }
        }
        return result.sorted()
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        (0x30...0x39).contains(scalar.value)
    }

    static func describe(_ specifiers: [String]) -> String {
        specifiers.isEmpty ? "none" : specifiers.joined(separator: " ")
    }
}
