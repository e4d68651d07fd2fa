/// Options of the emitter.
public struct EmitOptions: Sendable, Hashable {
    public enum AccessLevel: String, Sendable, Hashable, CaseIterable {
        case `internal`, `package`, `public`
    }

    public var accessLevel: AccessLevel

    public init(accessLevel: AccessLevel = .internal) {
        self.accessLevel = accessLevel
    }
}

/// Turns a checked form into Swift source (SPEC §5): translate to the Swift code
/// model, then render it. Pure: the same form and options give the same bytes.
public enum SwiftEmitter {
    public static func emit(_ form: CheckedForm, options: EmitOptions) -> String {
        SwiftRenderer.render(FormTranslator(form: form, options: options).translate())
    }
}
