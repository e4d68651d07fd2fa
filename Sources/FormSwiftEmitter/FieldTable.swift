import FormSource

/// The translator's `FieldInfo`s, one per field symbol, in order: a fixed block
/// of references, each set once while the translator is made, then only read.
///
/// Speed only (`SpeedPaths.fieldInfosInHalvesMinimumFields`, under
/// `SpeedPolicy.parallel`): a large form's are made in two halves on two
/// threads, each straight into its place, with no joined array to retain and
/// release every reference, and freed the same way when the table goes, each
/// half's objects on a thread of its own.
final class FieldTable: RandomAccessCollection, @unchecked Sendable {
    private let base: UnsafeMutablePointer<FormTranslator.FieldInfo>
    let endIndex: Int
    /// Whether the fields are freed in two halves, on two threads.
    private let inHalves: Bool

    var startIndex: Int { 0 }

    /// A table of `count` fields, none set yet: `set(_:to:)` must set each
    /// exactly once before anything reads the table (or it goes).
    init(count: Int, inHalves: Bool) {
        base = .allocate(capacity: count)
        endIndex = count
        self.inHalves = inHalves
    }

    /// Sets field `position`; two threads may set different fields at once.
    func set(_ position: Int, to field: FormTranslator.FieldInfo) {
        precondition(position >= 0 && position < endIndex, "field \(position) is out of the table")
        (base + position).initialize(to: field)
    }

    /// Read in place, so that reading a field retains nothing.
    subscript(position: Int) -> FormTranslator.FieldInfo {
        unsafeAddress {
            precondition(position >= 0 && position < endIndex, "field \(position) is out of the table")
            return UnsafePointer(base + position)
        }
    }

    deinit {
        let count = endIndex
        if inHalves {
            let half = count / 2
            let block = Block(base: base)
            _ = Concurrently.run({ block.free(0..<half) }, { block.free(half..<count) })
        } else {
            base.deinitialize(count: count)
        }
        base.deallocate()
    }

    /// The block, for the two threads that free its halves.
    private struct Block: @unchecked Sendable {
        let base: UnsafeMutablePointer<FormTranslator.FieldInfo>

        func free(_ range: Range<Int>) {
            (base + range.lowerBound).deinitialize(count: range.count)
        }
    }
}
