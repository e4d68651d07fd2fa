/// The failure message of a rule without a `message` key (SPEC §6.3), computed at
/// compile time and emitted as a literal. The field is named by its display name
/// (title, label or placeholder, else its id in words). The wording is listed in
/// docs/design/generated-code.md, "Default messages".
enum DefaultMessages {
    /// The message of `rule` on a field named `name`; `nil` for `custom`, whose
    /// validator supplies its own. `targetName` is the display name of a `sameAs`
    /// target.
    static func message(for rule: RuleKind, fieldName name: String, targetName: String? = nil) -> String? {
        switch rule {
        case .required:
            return "\(name) is required"
        case .minLength(let count):
            return "\(name) must be at least \(characters(count))"
        case .maxLength(let count):
            return "\(name) must be at most \(characters(count))"
        case .pattern:
            return "\(name) is not in the expected format"
        case .email:
            return "\(name) must be a valid email address"
        case .url:
            return "\(name) must be a valid http or https URL"
        case .sameAs(let target):
            return "\(name) must match \(targetName ?? SwiftNames.words(fromIdentifier: target))"
        case .custom:
            return nil
        }
    }

    private static func characters(_ count: Int) -> String {
        count == 1 ? "1 character" : "\(count) characters"
    }
}
