import Foundation

/// Where generated code looks up every string a person reads (SPEC §11), by the
/// string's stable key, with the form's source text as the fallback.
///
/// An enum, so that each source of translations is one case with what it needs
/// (a bundle and table, a string catalog and locale) and a lookup is one `switch`.
public enum FormLocalization: Sendable {
    /// No lookup: the source text as written in the form. The default.
    case source

    /// Foundation's bundle lookup (`Bundle.localizedString(forKey:value:table:)`),
    /// in the bundle's preferred localization. On Apple platforms an Xcode-built
    /// String Catalog feeds it: `.bundle(.main, table: "Localizable")`.
    case bundle(Bundle, table: String)

    /// A String Catalog read at run time (Linux, servers, tests), in one locale
    /// (`de-CH` falls back to `de`, then to the source text).
    case catalog(StringCatalog, locale: String)

    /// The text for `key`, or `source` when there is no translation.
    public func string(_ key: String, default source: String) -> String {
        switch self {
        case .source:
            source
        case .bundle(let bundle, let table):
            bundle.localizedString(forKey: key, value: source, table: table)
        case .catalog(let catalog, let locale):
            catalog.string(key, locale: locale) ?? source
        }
    }
}
