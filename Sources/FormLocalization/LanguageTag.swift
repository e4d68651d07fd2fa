/// What names a language: `--locale`, `--source-language`, and a catalog's
/// `sourceLanguage`.
public enum LanguageTag {
    /// Letters, digits, `-` and `_`, starting with a letter: what a catalog names a
    /// language by, and nothing that could leave the page's `lang` attribute.
    public static func isValid(_ text: String) -> Bool {
        func isLetter(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
        guard let first = text.unicodeScalars.first, isLetter(first), text.unicodeScalars.count <= 64 else { return false }
        return text.unicodeScalars.allSatisfy { isLetter($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }
    }
}
