import Dispatch

/// Runs two pieces of work at once: one on the calling thread, one on a worker
/// of Dispatch's pool. The compiler's stages are synchronous functions; this is the
/// one place where one of them uses a second core (see `YAMLReader` and
/// `FormDecoder`).
///
/// Each closure builds its own result from values that neither changes (the
/// syntax tree, the file's bytes), and the caller combines the results after
/// both have returned.
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

    /// Each slot is written by one of the two iterations and read only after
    /// `concurrentPerform` has returned.
    private final class Results<First: Sendable, Second: Sendable>: @unchecked Sendable {
        var first: First?
        var second: Second?
    }
}

/// Moves a value to the other side of `Concurrently.run` and leaves no reference
/// to its storage behind, so the side that takes it changes it in place instead
/// of copying it.
final class Handoff<Value: Sendable>: @unchecked Sendable {
    private var value: Value?

    init(_ value: consuming Value) {
        self.value = value
    }

    /// The value; call once, from one thread.
    func take() -> Value {
        value.take()!
    }
}
