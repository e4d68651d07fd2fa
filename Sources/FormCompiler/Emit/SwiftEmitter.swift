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
        String(decoding: emitUTF8(form, options: options), as: UTF8.self)
    }

    /// The same text as UTF-8 bytes, for writing to a file: no `String` is made
    /// (which would check the UTF-8 and copy it once more; the renderer only
    /// ever writes valid UTF-8).
    public static func emitUTF8(_ form: CheckedForm, options: EmitOptions) -> [UInt8] {
        let translator = FormTranslator(form: form, options: options)
        var renderer = SwiftRenderer(capacity: translator.estimatedSize)
        translator.emit(into: &renderer)
        return renderer.finish()
    }
}
