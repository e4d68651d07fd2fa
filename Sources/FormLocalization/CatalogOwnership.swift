/// The keys of a String Catalog that formc owns (SPEC §11.1): those that begin
/// with the type name of a form among its inputs and a dot (`SignUpForm.`).
/// Every other key is the app's: the merge leaves its entry as the file holds
/// it, whatever its `extractionState`, and `lint --strings` reports on it only
/// what makes the file no catalog (FC603).
///
/// Form type names are ASCII (`[A-Z][A-Za-z0-9]*`, FC200), so a key is owned
/// when its bytes up to its first `.` are such a name.
public struct CatalogOwnership: Sendable {
    private let forms: Set<String>

    /// The keys of the forms named `forms` (their type names).
    public init(forms: some Sequence<String>) {
        self.forms = Set(forms)
    }

    public func owns(_ key: String) -> Bool {
        let utf8 = key.utf8
        guard let dot = utf8.firstIndex(of: UInt8(ascii: ".")), dot != utf8.startIndex,
              utf8[..<dot].allSatisfy({ $0 < 0x80 }) else { return false }
        return forms.contains(String(key[..<dot]))
    }
}
