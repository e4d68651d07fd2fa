@testable import FormCompiler
@testable import FormModel
@testable import FormSource
@testable import FormSwiftEmitter
import Testing

// The emitter's chunks: however the output is cut, the chunks together are the
// bytes of the whole file, and a large file is never handed over (or held) whole.

enum EmitStream {
    /// The chunks `emit(_:options:flushSize:batchSize:into:)` hands over.
    static func chunks(
        _ form: CheckedForm, options: EmitOptions = EmitOptions(), flushSize: Int, batchSize: Int = SwiftEmitter.batchSize
    ) -> [[UInt8]] {
        var chunks: [[UInt8]] = []
        SwiftEmitter.emit(form, options: options, flushSize: flushSize, batchSize: batchSize) { chunks.append(Array($0)) }
        return chunks
    }

    /// The file rendered in one batch into one buffer that is never flushed
    /// before the end, as the emitter wrote it before it streamed.
    static func whole(_ form: CheckedForm, options: EmitOptions = EmitOptions()) -> [UInt8] {
        let chunks = chunks(form, options: options, flushSize: .max, batchSize: .max)
        #expect(chunks.count == 1)
        return chunks.first ?? []
    }

    /// Every schema, checked as `formc build schemas/<name>` checks it, and the
    /// hand-built fixtures: one without fields has an empty `Field` enum, whose
    /// ` {` becomes ` {}` after it was written.
    static var forms: [CheckedForm] {
        var forms = [EmitFixture.signUp, EmitFixture.everything, EmitFixture.empty, EmitFixture.large(fields: 300)]
        for name in EmitSchemas.names {
            guard let bytes = RepositoryPaths.read(RepositoryPaths.schemas + "/" + name) else { continue }
            if let checked = FormPipeline.check(SourceFile(path: "schemas/" + name, bytes: bytes)).checked {
                forms.append(checked)
            }
        }
        return forms
    }
}

/// Flushing after every line (a flush size of 1), or after a few, cuts the
/// output everywhere a flush is allowed: right after an open type's brace, inside
/// functions, next to tentative layouts. The bytes must not change.
@Test(arguments: [1, 2, 5, 64, 4_096])
func emitStreamedInAnyChunksIsTheWholeFile(_ flushSize: Int) {
    let forms = EmitStream.forms
    #expect(forms.count >= 8)
    for form in forms {
        for accessLevel in EmitOptions.AccessLevel.allCases {
            let options = EmitOptions(accessLevel: accessLevel)
            let whole = EmitStream.whole(form, options: options)
            let chunks = EmitStream.chunks(form, options: options, flushSize: flushSize)
            let name = "\(form.document.name.value) \(accessLevel.rawValue)"
            #expect(Array(chunks.joined()) == whole, "\(name), flush size \(flushSize)")
            #expect(SwiftEmitter.emitUTF8(form, options: options) == whole, "\(name)")
            if flushSize <= 64 {
                #expect(chunks.count > whole.count / 200, "\(name): \(chunks.count) chunks of \(whole.count) bytes")
            }
        }
    }
}

/// A large form (about 5 MB of Swift) comes in chunks of at most `chunkSize`
/// (a batch's bytes, cut): the emitter holds a few batches, never the file.
@Test func emitLargeFormStreamsInBoundedChunks() {
    let form = EmitFixture.large(fields: 4_000)
    let whole = EmitStream.whole(form)
    let chunks = EmitStream.chunks(form, flushSize: SwiftEmitter.chunkSize)
    #expect(Array(chunks.joined()) == whole)
    #expect(SwiftEmitter.emitUTF8(form, options: EmitOptions()) == whole)
    #expect(chunks.count >= whole.count / (4 * SwiftEmitter.chunkSize))
    let largest = chunks.map(\.count).max() ?? 0
    #expect(largest * 20 < whole.count, "largest chunk \(largest) of \(whole.count) bytes")
    #expect(largest <= SwiftEmitter.chunkSize)
}

/// A sink that fails stops getting chunks, and its first error is thrown.
@Test func emitStopsHandingOverChunksAfterTheSinkFails() {
    struct Full: Error, Equatable {
        var chunk: Int
    }
    var calls = 0
    #expect(throws: Full(chunk: 3)) {
        try SwiftEmitter.emit(EmitFixture.large(fields: 300), options: EmitOptions(), flushSize: 64) { _ throws(Full) in
            calls += 1
            if calls >= 3 { throw Full(chunk: calls) }
        }
    }
    #expect(calls == 3)
}
