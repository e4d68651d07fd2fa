import FormModel
import FormSource

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
        emitUTF8(form, options: options, speed: .current)
    }

    /// `emitUTF8(_:options:)` under `speed`: `.plain` renders the file in one
    /// piece on the calling thread.
    package static func emitUTF8(_ form: CheckedForm, options: EmitOptions, speed: SpeedPolicy) -> [UInt8] {
        let translator = FormTranslator(form: form, options: options, speed: speed)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(translator.estimatedSize)
        emit(translator, flushSize: chunkSize, batchSize: batchSize(speed)) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// Hands the Swift to `sink` as UTF-8, in order, on the calling thread, in
    /// chunks of up to about `chunkSize` bytes (a few larger, some smaller),
    /// so that a file of any size is written or compared without ever being
    /// held whole: the chunks together are exactly the bytes of `emitUTF8`.
    ///
    /// When `sink` throws, the rest is rendered without being handed over (the
    /// renderer cannot stop halfway) and the first error is thrown.
    public static func emit<Failure: Error>(
        _ form: CheckedForm, options: EmitOptions, into sink: (UnsafeRawBufferPointer) throws(Failure) -> Void
    ) throws(Failure) {
        try emit(form, options: options, flushSize: chunkSize, into: sink)
    }

    /// `emit(_:options:into:)` under `speed`.
    package static func emit<Failure: Error>(
        _ form: CheckedForm, options: EmitOptions, speed: SpeedPolicy,
        into sink: (UnsafeRawBufferPointer) throws(Failure) -> Void
    ) throws(Failure) {
        try emit(form, options: options, flushSize: chunkSize, batchSize: batchSize(speed), speed: speed, into: sink)
    }

    /// How much (estimated) a batch of a large file writes.
    static let batchSize = SpeedPaths.emitBatchSize

    /// The batch size under `speed`: under `.plain`, the whole file is one batch.
    static func batchSize(_ speed: SpeedPolicy) -> Int {
        speed.takes(.emitInBatches) ? batchSize : .max
    }

    /// `emit(_:options:into:)` with another chunk and batch size: tests flush
    /// after every line, and cut the file at every place a batch may start, to
    /// check that neither ever changes the bytes.
    static func emit<Failure: Error>(
        _ form: CheckedForm, options: EmitOptions, flushSize: Int, batchSize: Int = batchSize(.current),
        speed: SpeedPolicy = .current, into sink: (UnsafeRawBufferPointer) throws(Failure) -> Void
    ) throws(Failure) {
        try emit(FormTranslator(form: form, options: options, speed: speed), flushSize: flushSize, batchSize: batchSize, into: sink)
    }

    /// A checked form made ready to emit: the names and facts every member of
    /// the file needs, worked out once (some objects per field). `emit(_:options:into:)` makes one and
    /// frees it when done; a caller about to exit (`formc build`) can keep it
    /// to the end instead and skip the freeing, as it keeps the checked form.
    public struct Prepared: Sendable {
        let translator: FormTranslator
        let speed: SpeedPolicy

        public init(_ form: CheckedForm, options: EmitOptions) {
            self.init(form, options: options, speed: .current)
        }

        package init(_ form: CheckedForm, options: EmitOptions, speed: SpeedPolicy) {
            translator = FormTranslator(form: form, options: options, speed: speed)
            self.speed = speed
        }

        /// What `SwiftEmitter.emit(_:options:into:)` hands over, the same way.
        public func emit<Failure: Error>(into sink: (UnsafeRawBufferPointer) throws(Failure) -> Void) throws(Failure) {
            try SwiftEmitter.emit(translator, flushSize: chunkSize, batchSize: batchSize(speed), into: sink)
        }
    }

    private static func emit<Failure: Error>(
        _ translator: FormTranslator, flushSize: Int, batchSize: Int,
        into sink: (UnsafeRawBufferPointer) throws(Failure) -> Void
    ) throws(Failure) {
        var failure: Failure?
        emit(translator, flushSize: flushSize, batchSize: batchSize) { chunk in
            guard failure == nil else { return }
            do throws(Failure) {
                try sink(chunk)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
    }

    /// A small file, or any file under `SpeedPolicy.plain`, is rendered
    /// straight into `sink`. Speed only: a large one is cut into
    /// batches (`EmitPlan`), each rendered into a block of its own on whichever
    /// core is free and handed over in order as soon as it and those before it
    /// are done (`Concurrently.stream`), in pieces of at most `flushSize` bytes,
    /// so that only a few batches are ever held.
    private static func emit(
        _ translator: FormTranslator, flushSize: Int, batchSize: Int, into sink: (UnsafeRawBufferPointer) -> Void
    ) {
        let plan = translator.plan()
        let batches = plan.batches(ofAbout: batchSize)
        guard batches.count > 1 else {
            // The renderer keeps the sink for as long as it renders, never longer.
            withoutActuallyEscaping(sink) { sink in
                plan.render(batches[0], flushSize: flushSize, endsFile: true, into: sink)
            }
            return
        }
        SpeedPaths.note(.emitInBatches)
        Concurrently.stream(batches.count, window: SpeedPaths.emitBatchesInFlight) { index in
            plan.rendered(batches[index], endsFile: index == batches.count - 1)
        } consume: { rendered in
            rendered.withBytes { bytes in
                var rest = bytes[...]
                while !rest.isEmpty {
                    sink(UnsafeRawBufferPointer(rebasing: rest.prefix(flushSize)))
                    rest = rest.dropFirst(flushSize)
                }
            }
        }
    }
}
