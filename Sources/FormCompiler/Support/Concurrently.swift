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
        let slots = Handoff<Result>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            slots.set(index, body(index))
        }
        return slots.takeAll()
    }

    private enum Either<First: Sendable, Second: Sendable>: Sendable {
        case first(First)
        case second(Second)
    }

    /// Values passed between threads one slot at a time: each slot is set, or
    /// taken, by one piece of work only, and the rest is done before or after the
    /// pieces run. Raw storage: the slots of a Swift array held in a class would
    /// be one property, which two threads may not change at once.
    ///
    /// Besides collecting results (`map`), it hands each piece its input to *take*:
    /// the piece then holds the only reference, so what it drops of the input is
    /// freed on its own thread, beside the other pieces, rather than on the
    /// calling thread once they are all done.
    final class Handoff<Value: Sendable>: @unchecked Sendable {
        private let storage: UnsafeMutablePointer<Value?>
        let count: Int

        init(count: Int) {
            self.count = count
            storage = .allocate(capacity: count)
            storage.initialize(repeating: nil, count: count)
        }

        /// Slots holding `values`, moved out of the array rather than copied.
        convenience init(_ values: consuming [Value]) {
            self.init(count: values.count)
            var values = values
            for index in (0..<count).reversed() { storage[index] = values.removeLast() }
        }

        deinit {
            storage.deinitialize(count: count)
            storage.deallocate()
        }

        func set(_ index: Int, _ value: consuming Value) {
            storage[index] = value
        }

        /// The value of slot `index`, leaving it empty; call once per slot.
        func take(_ index: Int) -> Value {
            guard let value = storage[index].take() else { preconditionFailure("slot \(index) taken twice or never set") }
            return value
        }

        /// Every value, in order; call once, after every slot was set.
        func takeAll() -> [Value] {
            (0..<count).map(take)
        }
    }
}
