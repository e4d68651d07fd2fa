import FormModel
import FormSource

// The checker's speed path: a large form's element list walked in two halves at
// once, each half by a walker of its own. `Checker.declare` takes it only under
// `SpeedPolicy.parallel`; the ids are then recorded in document order from both
// walkers, so the symbols and diagnostics are those of one walk (CheckInHalvesTests).

extension ElementWalker {
    /// The walkers of the two halves of `elements` (whose top-level elements hold
    /// `counts` elements each, themselves included), walked at once; nil for a
    /// form too small to be worth it, or one whose list cannot be halved.
    func walkingInHalves(_ elements: [Element], counts: [Int], elementCount: Int) -> [ElementWalker]? {
        guard elementCount >= SpeedPaths.checkInHalvesMinimumElements, let half = Self.half(counts) else { return nil }
        SpeedPaths.note(.checkInHalves)
        let firstCount = counts[..<half].reduce(0, +)
        let (first, second) = Concurrently.run(
            { walking(elements, range: 0..<half, elementCount: firstCount) },
            { walking(elements, range: half..<elements.count, elementCount: elementCount - firstCount) }
        )
        return [first, second]
    }

    /// Where to cut a list whose elements hold `counts` elements each (themselves
    /// included) so that each part holds about half; nil when one part would be empty.
    static func half(_ counts: [Int]) -> Int? {
        let total = counts.reduce(0, +)
        var sum = 0
        for (index, count) in counts.enumerated() {
            if sum + count > total / 2 { return index == 0 ? (counts.count > 1 ? 1 : nil) : index }
            sum += count
        }
        return nil
    }
}
