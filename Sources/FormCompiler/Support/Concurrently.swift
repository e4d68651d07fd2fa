import Dispatch

/// Runs pieces of work at once: on the calling thread and on workers of
/// Dispatch's pool. The compiler's stages are synchronous functions; this is the
/// one place where one of them uses a second core (see `YAMLReader`,
/// `FormDecoder` and `SwiftEmitter`).
///
/// Each closure builds its own result from values that none changes (the
/// syntax tree, the file's bytes, the checked form), and the caller combines
/// the results after all have returned.
enum Concurrently {
    static func run<First: Sendable, Second: Sendable>(
        _ first: @Sendable () -> First, _ second: @Sendable () -> Second
    ) -> (First, Second) {
        let results = Results<First, Second>()
        DispatchQueue.concurrentPerform(iterations: 2) { part in
            if part == 0 {
                results.first = first()
            } else {
                results.second = second()
            }
        }
        return (results.first.take()!, results.second.take()!)
    }

    /// `body(0)`, …, `body(count - 1)`, at once on the calling thread and
    /// Dispatch's workers, each taking the next index as it comes free (so one
    /// that finishes early is not left waiting); the results in order.
    static func map<Result: Sendable>(_ count: Int, _ body: @Sendable (Int) -> Result) -> [Result] {
        let slots = Slots<Result>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            slots.buffer[index] = body(index)
        }
        return slots.buffer.map { $0! }
    }

    /// One slot per iteration of `map`, each written by its iteration alone and
    /// read only after `concurrentPerform` has returned.
    private final class Slots<Result: Sendable>: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<Result?>

        init(count: Int) {
            buffer = .allocate(capacity: count)
            buffer.initialize(repeating: nil)
        }

        deinit {
            buffer.deinitialize()
            buffer.deallocate()
        }
    }

    /// Each slot is written by one of the two iterations and read only after
    /// `concurrentPerform` has returned.
    private final class Results<First: Sendable, Second: Sendable>: @unchecked Sendable {
        var first: First?
        var second: Second?
    }
}
