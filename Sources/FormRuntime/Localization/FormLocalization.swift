/// Where generated code looks up every string a person reads (SPEC §11), by the
/// string's stable key, with the form's source text as the fallback.
///
/// An enum, so that each source of translations is one case with what it needs
/// (a bundle and table, a string catalog and locale) and a lookup is one `switch`.
public enum FormLocalization: Sendable {
    /// No lookup: the source text as written in the form. The default.
    case source

    /// The text for `key`, or `source` when there is no translation.
    public func string(_ key: String, default source: String) -> String {
        switch self {
        case .source:
            source
        }
    }
}
