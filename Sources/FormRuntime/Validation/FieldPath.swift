/// A form's value by its path (SPEC §14, §15.2): a JSON Pointer into the JSON
/// of the form's `Values`, as a `ValidationReport`'s issues give it.
public enum FieldPath {
    /// The field of a top-level path (`/email`): nil for a path that is no JSON
    /// Pointer, or that names no field of `Field` (a deeper path, `/employers/0/company`,
    /// names an entry's field, which a form's list resolves).
    public static func field<Field: RawRepresentable>(at path: String, as _: Field.Type) -> Field? where Field.RawValue == String {
        guard let tokens = JSONPointer.tokens(of: path), tokens.count == 1 else { return nil }
        return Field(rawValue: tokens[0])
    }

    /// The list, entry index and field id of a list entry's field path
    /// (`/employers/0/company` → `("employers", 0, "company")`); nil for any other path.
    /// The index is written as RFC 6901 writes an array index: `0`, or digits
    /// without a leading zero (`/employers/01/company` and `/employers/+1/company`
    /// name no value, as the report's paths never do).
    public static func entryField(at path: String) -> (list: String, index: Int, field: String)? {
        guard let tokens = JSONPointer.tokens(of: path), tokens.count == 3, let index = arrayIndex(tokens[1]) else { return nil }
        return (tokens[0], index, tokens[2])
    }

    /// An array index token: `0`, or ASCII digits that do not start with `0`.
    static func arrayIndex(_ token: String) -> Int? {
        let digits = token.utf8
        guard let first = digits.first, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              first != UInt8(ascii: "0") || digits.count == 1 else { return nil }
        return Int(token)
    }
}
