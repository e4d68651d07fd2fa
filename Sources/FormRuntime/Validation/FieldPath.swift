/// A form's value by its path (SPEC §14, §15.2): a JSON Pointer into the JSON
/// of the form's `Values`, as a `ValidationReport`'s issues give it.
public enum FieldPath {
    /// The field of a top-level path (`/email`): nil for a path that names no
    /// field of `Field`. A field id is lowerCamelCase, so its pointer has nothing
    /// to escape: the path is `/` and the id.
    public static func field<Field: RawRepresentable>(at path: String, as _: Field.Type) -> Field? where Field.RawValue == String {
        guard path.hasPrefix("/") else { return nil }
        let id = path.dropFirst()
        guard !id.contains("/") else { return nil }
        return Field(rawValue: String(id))
    }
}
