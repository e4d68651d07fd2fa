/// The failure message of a rule without a `message` key (SPEC §6.3), computed at
/// compile time and emitted as a literal. The field is named by its display name
/// (title, label or placeholder, else its id in words). The wording is listed in
/// docs/design/generated-code.md, "Default messages".
enum DefaultMessages {
    /// The message of `rule` on a field named `name`; `nil` for `custom`, whose
    /// validator supplies its own. `targetName` is the display name of a `sameAs`
    /// target.
    static func message(for rule: RuleKind, fieldName name: String, targetName: String? = nil) -> String? {
        var message = ""
        let written = forEachPiece(of: rule, fieldName: name, targetName: targetName) { message += $0 }
        return written ? message : nil
    }

    /// The pieces of `message(for:fieldName:targetName:)`, in order, each handed
    /// to `body`; false (and nothing handed) for `custom`. The emitter writes the
    /// pieces straight into the literal: a large form has tens of thousands of
    /// default messages, and no `String` is made for any of them.
    @discardableResult
    static func forEachPiece(
        of rule: RuleKind, fieldName name: String, targetName: String? = nil, _ body: (String) -> Void
    ) -> Bool {
        switch rule {
        case .required:
            body(name)
            body(" is required")
        case .minLength(let count):
            body(name)
            body(" must be at least ")
            characters(count, body)
        case .maxLength(let count):
            body(name)
            body(" must be at most ")
            characters(count, body)
        case .pattern:
            body(name)
            body(" is not in the expected format")
        case .email:
            body(name)
            body(" must be a valid email address")
        case .url:
            body(name)
            body(" must be a valid http or https URL")
        case .sameAs(let target):
            body(name)
            body(" must match ")
            body(targetName ?? SwiftNames.words(fromIdentifier: target))
        case .custom:
            return false
        }
        return true
    }

    /// "1 character", "8 characters".
    private static func characters(_ count: Int, _ body: (String) -> Void) {
        body(String(count))
        body(count == 1 ? " character" : " characters")
    }
}
