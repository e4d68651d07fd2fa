/// A String Catalog's text in one locale, found as FormRuntime's `StringCatalog`
/// finds it (SPEC §11), for what draws a form in a language at compile time (the
/// preview): `de-CH` falls back to `de`, and a key with neither has no text, so
/// that the caller shows the source text. A localization's text is its
/// `stringUnit`'s non-empty value, else the `other` form of its first kind of
/// variations in key order. `de_CH` and `de-CH` name one locale; where a key has
/// both, the first in sorted order (`de-CH`) with a text is the one.
///
/// FormCompiler has no Foundation, so this reads `StringCatalogFile` rather than
/// sharing the runtime's code; a test holds the two lookups equal.
public struct CatalogLocale: Sendable, Equatable {
    /// The locale as a language tag: `de-CH` (`de_CH` as given is written with a dash).
    public let locale: String
    /// key → the text in the first language of the fallback chain that has one.
    private let texts: [String: String]

    public init(_ catalog: StringCatalogFile, locale: String) {
        let tag = Self.normalized(locale)
        var chain = [tag]
        var language = Substring(tag)
        while let dash = language.lastIndex(of: "-") {
            language = language[..<dash]
            chain.append(String(language))
        }
        var texts: [String: String] = [:]
        for entry in catalog.entries where texts[entry.key] == nil {
            var byLanguage: [String: String] = [:]
            // Two spellings of one locale: the first in sorted order with a text, as at run time.
            let localizations = (entry.value["localizations"]?.members ?? []).sorted { $0.key < $1.key }
            for localization in localizations {
                let language = Self.normalized(localization.key)
                if byLanguage[language] == nil, let text = Self.text(of: localization.value) { byLanguage[language] = text }
            }
            if let text = chain.lazy.compactMap({ byLanguage[$0] }).first { texts[entry.key] = text }
        }
        self.locale = tag
        self.texts = texts
    }

    /// Whether the catalog has no text at all in the locale or its language.
    public var isEmpty: Bool { texts.isEmpty }

    /// The text of `key` in the locale, nil when the catalog has none.
    public func string(_ key: String) -> String? {
        texts[key]
    }

    private static func normalized(_ locale: String) -> String {
        String(locale.map { $0 == "_" ? "-" : $0 })
    }

    private static func text(of localization: CatalogJSON) -> String? {
        if let unit = localization["stringUnit"] {
            guard let value = unit["value"]?.string, !value.isEmpty else { return nil }
            return value
        }
        // Generated forms have no run-time plural arguments, so `other` is the form that fits.
        let kinds = (localization["variations"]?.members ?? []).sorted { $0.key < $1.key }
        for kind in kinds {
            if let other = kind.value["other"] { return text(of: other) }
        }
        return nil
    }
}
