import Foundation

/// An Xcode String Catalog (`.xcstrings`) read at run time, for
/// `FormLocalization.catalog(_:locale:)` (SPEC §11): where no `Bundle` lookup
/// exists (Linux, a server) or a test wants a fixed language.
///
/// Every key's translations are resolved once, when the catalog is read, so a
/// lookup is two dictionary reads and the catalog is a plain `Sendable` value.
/// A translation with variations (plural, device) is read as its `other` form:
/// generated forms have no run-time plural arguments (SPEC §11), so `other` is
/// the form that fits.
public struct StringCatalog: Sendable, Equatable {
    /// Why a file is not a String Catalog.
    public struct Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong, naming the key or language where there is one.
        public var message: String

        public init(_ message: String) {
            self.message = message
        }

        public var description: String { "not a valid String Catalog: \(message)" }
    }

    /// The catalog's `sourceLanguage`.
    public let sourceLanguage: String
    /// key → language → text.
    private let translations: [String: [String: String]]

    /// A catalog of the given translations (key → language → text), for tests.
    public init(sourceLanguage: String, translations: [String: [String: String]]) {
        self.sourceLanguage = sourceLanguage
        self.translations = translations
    }

    /// Reads the catalog at `url`.
    public init(contentsOf url: URL) throws {
        try self.init(data: Data(contentsOf: url))
    }

    /// Reads a catalog from its JSON bytes. Bytes that are not JSON throw,
    /// among them an escape that is no Unicode scalar (a lone surrogate,
    /// `\ud800`), which Foundation's parser rejects: a text is never read
    /// with U+FFFD in its place, as `formc lint --strings` reports it (FC603).
    public init(data: Data) throws {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw Error("the file is not JSON")
        }
        guard let document = root as? [String: Any] else { throw Error("the top level is not an object") }
        guard let sourceLanguage = document["sourceLanguage"] as? String else {
            throw Error("'sourceLanguage' is missing or not a string")
        }
        guard let strings = document["strings"] as? [String: Any] else {
            throw Error("'strings' is missing or not an object")
        }
        var translations: [String: [String: String]] = [:]
        for (key, entry) in strings {
            guard let entry = entry as? [String: Any] else { throw Error("the entry '\(key)' is not an object") }
            guard let localizations = entry["localizations"] else { continue }
            guard let byLanguage = localizations as? [String: Any] else {
                throw Error("'localizations' of '\(key)' is not an object")
            }
            var texts: [String: String] = [:]
            // Two spellings of one locale (`de-CH`, `de_CH`): the first in sorted
            // order with a text wins, whatever the dictionary's order.
            for language in byLanguage.keys.sorted() where texts[Self.normalized(language)] == nil {
                if let text = try Self.text(of: byLanguage[language] as Any, key: key, language: language) {
                    texts[Self.normalized(language)] = text
                }
            }
            if !texts.isEmpty { translations[key] = texts }
        }
        self.init(sourceLanguage: sourceLanguage, translations: translations)
    }

    /// The text of `key` in `locale`, trying `de-CH`, then `de`; nil when the
    /// catalog has none (the caller falls back to the source text).
    public func string(_ key: String, locale: String) -> String? {
        guard let texts = translations[key] else { return nil }
        var language = Self.normalized(locale)
        while true {
            if let text = texts[language] { return text }
            guard let dash = language.lastIndex(of: "-") else { return nil }
            language = String(language[..<dash])
        }
    }

    /// The keys the catalog has a text of, in any language, sorted.
    public var keys: [String] {
        translations.keys.sorted()
    }

    /// The languages the catalog has a translation in, sorted.
    public var languages: [String] {
        Array(Set(translations.values.flatMap(\.keys))).sorted()
    }

    /// `de_CH` and `de-CH` name one locale.
    private static func normalized(_ locale: String) -> String {
        locale.replacingOccurrences(of: "_", with: "-")
    }

    /// A localization's text: its `stringUnit`'s value, else the `other` form of
    /// its variations (nested variations, e.g. device then plural, read the same
    /// way); nil when it has neither or the value is empty.
    private static func text(of localization: Any, key: String, language: String) throws -> String? {
        guard let localization = localization as? [String: Any] else {
            throw Error("the '\(language)' localization of '\(key)' is not an object")
        }
        if let unit = localization["stringUnit"] {
            guard let unit = unit as? [String: Any], let value = unit["value"] as? String else {
                throw Error("the '\(language)' stringUnit of '\(key)' has no string 'value'")
            }
            return value.isEmpty ? nil : value
        }
        guard let variations = localization["variations"] else { return nil }
        guard let kinds = variations as? [String: Any] else {
            throw Error("the '\(language)' variations of '\(key)' are not an object")
        }
        // One kind of variation per level (plural, device, …); the first in key
        // order, so that the choice does not depend on dictionary order.
        for kind in kinds.keys.sorted() {
            guard let cases = kinds[kind] as? [String: Any] else {
                throw Error("the '\(language)' \(kind) variations of '\(key)' are not an object")
            }
            if let other = cases["other"] { return try text(of: other, key: key, language: language) }
        }
        return nil
    }
}
