import Dispatch

/// Runs pieces of work at once, on the calling thread and on workers of
/// Dispatch's pool. The compiler's stages are synchronous functions; this is
/// where some of them use more than one core (see `YAMLReader`, `FormDecoder`,
/// `FormChecker`, `ConditionChecker` and `SwiftEmitter`).
///
/// Each piece builds its own result from values that no piece changes (the
/// syntax tree, the file's bytes, the checked form), and the caller combines the
/// results, in order, after all have returned: what comes out does not depend on
/// which thread did what, or when. Public for `formc`, which compiles several
/// files at once the same way.
public enum Concurrently {
    public static func run<First: Sendable, Second: Sendable>(
        _ first: @Sendable () -> First, _ second: @Sendable () -> Second
    ) -> (First, Second) {
        let results = map(2) { index -> Either<First, Second> in index == 0 ? .first(first()) : .second(second()) }
        guard case .first(let one) = results[0], case .second(let two) = results[1] else {
            preconditionFailure("the results of Concurrently.run came back out of order")
        }
        return (one, two)
    }

    /// `body(0)`, `body(1)` … `body(count - 1)`, in that order, worked out on
    /// every core: each thread takes the next index still to do, so the calling
    /// thread does them all when no other core is free.
    public static func map<Result: Sendable>(_ count: Int, _ body: @Sendable (Int) -> Result) -> [Result] {
        guard count > 1 else { return count == 1 ? [body(0)] : [] }
        let slots = Slots<Result>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            slots.set(index, body(index))
        }
        return slots.take()
    }

    private enum Either<First: Sendable, Second: Sendable>: Sendable {
        case first(First)
        case second(Second)
    }

    /// One slot per index, each written by the one iteration of that index and
    /// read only after `concurrentPerform` has returned. Raw storage: the slots
    /// of a Swift array held in a class would be one property, which two threads
    /// may not change at once.
    private final class Slots<Value: Sendable>: @unchecked Sendable {
        private let storage: UnsafeMutablePointer<Value?>
        private let count: Int

        init(count: Int) {
            self.count = count
            storage = .allocate(capacity: count)
            storage.initialize(repeating: nil, count: count)
        }

        deinit {
            storage.deinitialize(count: count)
            storage.deallocate()
        }

        func set(_ index: Int, _ value: Value) {
            storage[index] = value
        }

        /// Every value, in order; call once, after every slot was set.
        func take() -> [Value] {
            (0..<count).map { storage[$0].take()! }
        }
    }
}
