import FormSource

/// The generated file as a list of pieces, rendered in order (see
/// `FormTranslator.plan()`): a piece is either a part rendered whole, or a run
/// of units (one per field, per condition helper, per group) between which the
/// file may be cut into batches, which `SwiftEmitter` renders on two cores.
///
/// A batch that starts at unit `k` of a run needs the renderer's state there.
/// The run names its context (indentation, open types), which every unit
/// leaves as it found it; the rest of the state (how the last member was
/// separated, the last line's bytes) is what unit `k - 1` leaves, whatever came
/// before it. So such a batch first renders unit `k - 1` without handing its
/// bytes on: from there on it writes exactly what the renderer of the whole file
/// writes. The cuts depend on the form alone, so the bytes never depend on
/// timing.
struct EmitPlan: Sendable {
    struct Piece: Sendable {
        /// How many units; 1 for a part rendered whole.
        let count: Int
        /// Where each unit starts and ends; nil for a part rendered whole,
        /// which no batch starts inside.
        let context: SwiftRenderer.Context?
        /// About how many bytes unit `i` writes: where batches are cut.
        let weight: @Sendable (Int) -> Int
        let render: @Sendable (Int, inout SwiftRenderer) -> Void
    }

    /// A place in the plan: before unit `unit` of piece `piece`.
    struct Position: Comparable, Sendable {
        var piece: Int
        var unit: Int

        static func < (lhs: Position, rhs: Position) -> Bool {
            (lhs.piece, lhs.unit) < (rhs.piece, rhs.unit)
        }
    }

    /// The units from `start` up to `end`, and about how many bytes they write.
    struct Batch: Sendable {
        var start: Position
        var end: Position
        var weight: Int
    }

    private(set) var pieces: [Piece] = []

    /// A part rendered whole, writing about `weight` bytes.
    mutating func once(weight: Int = SpeedPaths.EmitWeights.part, _ render: @escaping @Sendable (inout SwiftRenderer) -> Void) {
        pieces.append(Piece(count: 1, context: nil, weight: { _ in weight }, render: { _, out in render(&out) }))
    }

    /// `count` units in `context`, unit `i` written by `render(i, …)`.
    mutating func each(
        _ count: Int, in context: SwiftRenderer.Context, weight: @escaping @Sendable (Int) -> Int,
        _ render: @escaping @Sendable (Int, inout SwiftRenderer) -> Void
    ) {
        guard count > 0 else { return }
        pieces.append(Piece(count: count, context: context, weight: weight, render: render))
    }

    /// The whole file as consecutive batches, each cut at the first unit where a
    /// cut is allowed once it weighs `size` (so a batch may be larger, by up to a
    /// run's start and its last part).
    func batches(ofAbout size: Int) -> [Batch] {
        var batches: [Batch] = []
        var start = Position(piece: 0, unit: 0)
        var weight = 0
        for (index, piece) in pieces.enumerated() {
            for unit in 0..<piece.count {
                if weight >= size, unit > 0, piece.context != nil {
                    let cut = Position(piece: index, unit: unit)
                    batches.append(Batch(start: start, end: cut, weight: weight))
                    (start, weight) = (cut, 0)
                }
                weight += piece.weight(unit)
            }
        }
        batches.append(Batch(start: start, end: Position(piece: pieces.count, unit: 0), weight: weight))
        return batches
    }

    /// Renders `batch` into `sink` in chunks of about `flushSize` bytes: ending
    /// the file when `endsFile`, else handing everything over at its end.
    func render(
        _ batch: Batch, flushSize: Int, endsFile: Bool, into sink: @escaping (UnsafeRawBufferPointer) -> Void
    ) {
        var renderer = renderer(startingAt: batch.start, flushSize: flushSize, sink: sink)
        renderUnits(of: batch, with: &renderer)
        if endsFile { renderer.finish() } else { renderer.finishBatch() }
    }

    /// The bytes of `batch` in one block, never flushed: a batch rendered on one
    /// core and handed over on another is not copied on the way (allocated for
    /// half as much again as its weight, so that it rarely grows).
    func rendered(_ batch: Batch, endsFile: Bool) -> RenderedBytes {
        var renderer = renderer(startingAt: batch.start, flushSize: .max, capacity: batch.weight + batch.weight / 2) { _ in }
        renderUnits(of: batch, with: &renderer)
        return renderer.rendered(endsFile: endsFile)
    }

    /// A renderer in the state the renderer of the whole file is in at `start`.
    private func renderer(
        startingAt start: Position, flushSize: Int, capacity: Int? = nil, sink: @escaping (UnsafeRawBufferPointer) -> Void
    ) -> SwiftRenderer {
        guard let context = pieces[start.piece].context, start.unit > 0 else {
            precondition(start == Position(piece: 0, unit: 0), "a batch starts at the file's start or inside a run")
            return SwiftRenderer(flushSize: flushSize, capacity: capacity, sink: sink)
        }
        var renderer = SwiftRenderer(flushSize: flushSize, capacity: capacity, resumingIn: context, sink: sink)
        pieces[start.piece].render(start.unit - 1, &renderer)
        renderer.startHandingOver()
        return renderer
    }

    private func renderUnits(of batch: Batch, with renderer: inout SwiftRenderer) {
        var position = batch.start
        while position < batch.end {
            let piece = pieces[position.piece]
            let end = position.piece == batch.end.piece ? batch.end.unit : piece.count
            for unit in position.unit..<end {
                assert(piece.context == nil || piece.context == renderer.context, "a unit starts outside its run's context")
                piece.render(unit, &renderer)
            }
            position = Position(piece: position.piece + 1, unit: 0)
        }
    }
}
