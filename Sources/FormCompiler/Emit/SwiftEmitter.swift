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

/// Turns a checked form into Swift source (SPEC §5): the translator hands the
/// renderer one member at a time, which writes it into one buffer. Pure: the same
/// form and options give the same bytes.
public enum SwiftEmitter {
    public static func emit(_ form: CheckedForm, options: EmitOptions) -> String {
        let translator = FormTranslator(form: form, options: options)
        var renderer = SwiftRenderer(capacity: translator.estimatedSize)
        translator.emit(into: &renderer)
        return renderer.finish { String(decoding: $0, as: UTF8.self) }
    }
}
