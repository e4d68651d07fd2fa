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
/// renderer one member at a time, which writes it into a buffer that it hands
/// on in chunks. Pure: the same form and options give the same bytes, however
/// they are chunked.
public enum SwiftEmitter {
    /// The size of the chunks `emit(_:options:into:)` hands over: large enough
    /// that a write or a comparison per chunk costs nothing next to rendering
    /// it, small enough to stay in the caches.
    public static let chunkSize = 64 * 1024

    public static func emit(_ form: CheckedForm, options: EmitOptions) -> String {
        String(decoding: emitUTF8(form, options: options), as: UTF8.self)
    }

    /// The same text as UTF-8 bytes: the chunks of `emit(_:options:into:)`
    /// gathered into one array, allocated once at a generous guess of its size.
    /// No `String` is made (which would check the UTF-8 and copy it once more;
    /// the renderer only ever writes valid UTF-8).
    public static func emitUTF8(_ form: CheckedForm, options: EmitOptions) -> [UInt8] {
        let translator = FormTranslator(form: form, options: options)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(translator.estimatedSize)
        emit(translator, flushSize: chunkSize) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// Hands the Swift to `sink` as UTF-8, in order, in chunks of about
    /// `chunkSize` bytes (the last one smaller, a few larger), so that a file
    /// of any size is written or compared without ever being held whole: the
    /// chunks together are exactly the bytes of `emitUTF8`.
    ///
    /// When `sink` throws, the rest is rendered without being handed over (the
    /// renderer cannot stop halfway) and the first error is thrown.
    public static func emit<Failure: Error>(
        _ form: CheckedForm, options: EmitOptions, into sink: (UnsafeRawBufferPointer) throws(Failure) -> Void
    ) throws(Failure) {
        try emit(form, options: options, flushSize: chunkSize, into: sink)
    }

    /// `emit(_:options:into:)` with another chunk size: tests flush after every
    /// line to check that chunking never changes the bytes.
    static func emit<Failure: Error>(
        _ form: CheckedForm, options: EmitOptions, flushSize: Int,
        into sink: (UnsafeRawBufferPointer) throws(Failure) -> Void
    ) throws(Failure) {
        var failure: Failure?
        emit(FormTranslator(form: form, options: options), flushSize: flushSize) { chunk in
            guard failure == nil else { return }
            do throws(Failure) {
                try sink(chunk)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
    }

    private static func emit(
        _ translator: FormTranslator, flushSize: Int, into sink: (UnsafeRawBufferPointer) -> Void
    ) {
        // The renderer keeps the sink for as long as it renders, never longer.
        withoutActuallyEscaping(sink) { sink in
            var renderer = SwiftRenderer(flushSize: flushSize, sink: sink)
            translator.emit(into: &renderer)
            renderer.finish()
        }
    }
}
