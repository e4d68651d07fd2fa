@testable import FormModel
@testable import FormSource
@testable import FormSwiftEmitter
import Testing

// A large file is cut into batches rendered at once (`EmitPlan`, `SwiftEmitter`):
// wherever it is cut, however the batches are flushed, and however the threads
// happen to run, the bytes are those of the file rendered in one batch.

enum EmitBatches {
    /// Every place a batch may start: before each unit but the first of a run.
    static func cuts(_ plan: EmitPlan) -> [EmitPlan.Position] {
        plan.pieces.indices.flatMap { piece in
            plan.pieces[piece].context == nil ? [] : (1..<plan.pieces[piece].count).map { EmitPlan.Position(piece: piece, unit: $0) }
        }
    }

    /// The bytes of `batch`, flushed every `flushSize` bytes.
    static func render(_ plan: EmitPlan, _ batch: EmitPlan.Batch, flushSize: Int, endsFile: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        plan.render(batch, flushSize: flushSize, endsFile: endsFile) { bytes.append(contentsOf: $0) }
        return bytes
    }
}

/// Cutting the file once, at each place a batch may start, and rendering the
/// two halves apart (flushed every 8 bytes, so that the unit a batch renders
/// first without handing it on is longer than a flush): they join into the
/// whole file.
@Test func emitCutOnceAnywhereJoinsIntoTheWholeFile() {
    for form in [EmitFixture.signUp, EmitFixture.everything, EmitFixture.large(fields: 16)] {
        for accessLevel in EmitOptions.AccessLevel.allCases {
            let options = EmitOptions(accessLevel: accessLevel)
            let whole = EmitStream.whole(form, options: options)
            let plan = FormTranslator(form: form, options: options).plan()
            let start = EmitPlan.Position(piece: 0, unit: 0)
            let end = EmitPlan.Position(piece: plan.pieces.count, unit: 0)
            let cuts = EmitBatches.cuts(plan)
            #expect(cuts.count >= 10)
            // Every cut near a run's ends, and every fifth inside it: the units in
            // between are alike.
            for cut in cuts where cut.unit <= 2 || cut.unit % 5 == 0 || cut.unit == plan.pieces[cut.piece].count - 1 {
                let head = EmitBatches.render(plan, EmitPlan.Batch(start: start, end: cut, weight: 0), flushSize: 8, endsFile: false)
                let tail = EmitBatches.render(plan, EmitPlan.Batch(start: cut, end: end, weight: 0), flushSize: 8, endsFile: true)
                let name = "\(form.document.name.value) \(accessLevel.rawValue), cut at \(cut)"
                #expect(head + tail == whole, "\(name)")
            }
        }
    }
}

/// Batches of every size, down to one unit each (a cut at every place allowed),
/// handed over in chunks of every size: the chunks are the whole file.
@Test(arguments: [1, 64, 4_096, SwiftEmitter.batchSize])
func emitInBatchesIsTheWholeFile(_ batchSize: Int) {
    // Small batches of a large form take long in a debug build and show nothing
    // a form of 60 fields does not; the default batch size needs the large one.
    let forms = batchSize < SwiftEmitter.batchSize
        ? EmitStream.forms.filter { $0.symbols.fields.count <= 100 } + [EmitFixture.large(fields: 60)]
        : EmitStream.forms
    for form in forms {
        for accessLevel in EmitOptions.AccessLevel.allCases {
            let options = EmitOptions(accessLevel: accessLevel)
            let whole = EmitStream.whole(form, options: options)
            let isBatched = FormTranslator(form: form, options: options).plan().batches(ofAbout: batchSize).count > 1
            for flushSize in [7, SwiftEmitter.chunkSize] {
                let chunks = EmitStream.chunks(form, options: options, flushSize: flushSize, batchSize: batchSize)
                let name = "\(form.document.name.value) \(accessLevel.rawValue), batch size \(batchSize), flush size \(flushSize)"
                #expect(Array(chunks.joined()) == whole, "\(name)")
                // Each batch's bytes are handed over in pieces of at most the flush size.
                if isBatched {
                    #expect(chunks.allSatisfy { !$0.isEmpty && $0.count <= flushSize }, "\(name)")
                    #expect(chunks.count >= whole.count / flushSize, "\(name)")
                }
            }
        }
    }
    let plan = FormTranslator(form: EmitFixture.large(fields: 300), options: EmitOptions()).plan()
    if batchSize == 1 {
        #expect(plan.batches(ofAbout: 1).count == EmitBatches.cuts(plan).count + 1)
    }
}

/// A large file is rendered in batches on two threads, more batches than are
/// held at once; run after run, whichever thread renders which batch, the bytes
/// are the same, and those of one batch.
@Test func emitInBatchesIsDeterministic() {
    let form = EmitFixture.large(fields: 2_000)
    let whole = EmitStream.whole(form)
    let plan = FormTranslator(form: form, options: EmitOptions()).plan()
    #expect(plan.batches(ofAbout: SwiftEmitter.batchSize).count > 2 * SpeedPaths.emitBatchesInFlight)
    for _ in 0..<2 {
        #expect(SwiftEmitter.emitUTF8(form, options: EmitOptions()) == whole)
        #expect(Array(EmitStream.chunks(form, flushSize: 1_000, batchSize: 4_096).joined()) == whole)
    }
}

/// A prepared form (what `formc build` keeps to the end instead of freeing)
/// emits the same bytes as the emitter, each time it is asked, small or large.
@Test(arguments: [12, 2_000])
func aPreparedFormEmitsWhatTheEmitterDoes(fields: Int) {
    let form = EmitFixture.large(fields: fields)
    let prepared = SwiftEmitter.Prepared(form, options: EmitOptions(accessLevel: .public))
    let whole = SwiftEmitter.emitUTF8(form, options: EmitOptions(accessLevel: .public))
    for _ in 0..<2 {
        var bytes: [UInt8] = []
        prepared.emit { bytes.append(contentsOf: $0) }
        #expect(bytes == whole)
    }
}
