import FormLocalization
import FormModel
import FormText

/// The language a preview page is drawn in (SPEC §13): the form's own text, or a
/// String Catalog's translations in one locale, as the generated code's
/// `FormLocalization` gives `.source` and `.catalog(_:locale:)`.
public enum PreviewLanguage: Sendable, Equatable {
    /// The text as the form gives it.
    case source
    /// Each string's translation in the catalog's locale, else the source text.
    case catalog(CatalogLocale)

    /// The page's `<html lang>`. A form does not name its own language; `en` is
    /// the source language `formc strings` assumes.
    public var tag: String {
        switch self {
        case .source: "en"
        case .catalog(let catalog): catalog.locale
        }
    }

    /// The form with every string a person reads in this language, looked up by
    /// its `FormStrings` key; default messages become whole translated sentences.
    public func localized(_ form: CheckedForm) -> CheckedForm {
        guard case .catalog(let catalog) = self else { return form }
        var result = form
        result.document = FormStrings.localized(form.document) { catalog.string($0.key) ?? $0.source }
        return result
    }
}
