import Dispatch

/// Runs pieces of work at once, on the calling thread and on workers of
/// Dispatch's pool. The compiler's stages are synchronous functions; this is
/// where their speed paths (`SpeedPaths`, taken only under
/// `SpeedPolicy.parallel`) use more than one core.
///
/// Each piece builds its own result from values that no piece changes (the
/// syntax tree, the file's bytes, the checked form), and the caller combines the
/// results, in order, after all have returned: what comes out does not depend on
/// which thread did what, or when. Public for `formc`, which compiles several
/// files at once the same way.
public enum Concurrently {
    /// `first()` on the calling thread and `second()` on a worker at once; the
    /// calling thread runs `second` too when no worker started it by the time
    /// `first` returned (every core busy). Always this way round, so that the
    /// larger or the caller's own half of a piece of work (the part of a file
    /// whose tree the caller goes on to finish, `YAMLReader.readInTwo`) stays on
    /// the caller's thread and in its heap, whichever thread is awake first.
    public static func run<First: Sendable, Second: Sendable>(
        _ first: @Sendable () -> First, _ second: @Sendable () -> Second
    ) -> (First, Second) {
        withoutActuallyEscaping(second) { second in
            let pending = Pending(second)
            let one = first()
            return (one, pending.join())
        }
    }

    /// Work started on a worker at once, whose result the calling thread takes
    /// with `join()` when it needs it, running the work itself when no worker
    /// started it by then. `join()` is called before what the work captures goes away.
    final class Pending<Result: Sendable>: Sendable {
        private let alongside: Alongside<Result>
        private let worker = DispatchGroup()

        init(_ work: @escaping @Sendable () -> Result) {
            let alongside = Alongside(work)
            self.alongside = alongside
            DispatchQueue.global().async(group: worker) { alongside.runOnWorker() }
        }

        func join() -> Result {
            switch alongside.finish() {
            case .notStarted(let work):
                return work()
            case .started:
                worker.wait()
                return alongside.take()
            }
        }
    }

    /// The second piece of work of `run`, and which thread took it: the worker,
    /// when it starts before the caller finished the first, else the caller.
    /// Guarded by one lock; once `finish()` returned, the worker finds no work
    /// and holds nothing of the caller's (`run`'s closure does not escape).
    final class Alongside<Second: Sendable>: @unchecked Sendable {
        enum Finish { case notStarted(@Sendable () -> Second), started }
        private let lock = DispatchSemaphore(value: 1)
        // Guarded by `lock`.
        private var work: (@Sendable () -> Second)?
        private var started = false
        // Set by the worker before it leaves the group; read after `wait()`.
        private var result: Second?

        init(_ work: @escaping @Sendable () -> Second) {
            self.work = work
        }

        func runOnWorker() {
            lock.wait()
            let work = self.work
            self.work = nil
            started = work != nil
            lock.signal()
            guard let work else { return }
            result = work()
        }

        /// Ends the worker's chance to start: the work, when it did not, for the
        /// caller to run.
        func finish() -> Finish {
            lock.wait()
            defer { lock.signal() }
            if started { return .started }
            let work = self.work
            self.work = nil
            guard let work else { preconditionFailure("Concurrently.run's second piece neither started nor left") }
            return .notStarted(work)
        }

        func take() -> Second {
            guard let result = result.take() else { preconditionFailure("Concurrently.run's worker returned no result") }
            return result
        }
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

    /// `produce(0)`, `produce(1)` … `produce(count - 1)`, worked out on every
    /// core, each result handed to `consume` on the calling thread, in order, as
    /// soon as it and those before it are done: the caller hands results on
    /// while a worker produces the next ones, with no barrier between them. At
    /// most `window` results are held at once (done and not yet consumed, or
    /// being produced, or being consumed), so what a long run holds stays bounded.
    ///
    /// The calling thread consumes when the next result is ready, else produces
    /// the next index still to do, else waits for the worker; the worker
    /// produces the next index still to do, or waits while the window is full.
    public static func stream<Result: Sendable>(
        _ count: Int, window: Int, produce: @Sendable (Int) -> Result, consume: (consuming Result) -> Void
    ) {
        guard count > 1, window > 1 else {
            for index in 0..<count { consume(produce(index)) }
            return
        }
        withoutActuallyEscaping(produce) { produce in
            let stream = Stream<Result>(count: count, window: window, produce: produce)
            let worker = DispatchGroup()
            DispatchQueue.global().async(group: worker) { stream.help() }
            stream.lead(consume)
            // A worker that started holds `produce` until it leaves its loop; one
            // that did not start yet (every thread of the pool busy, as when
            // several files are emitted at once) never will, so it is not waited for.
            if stream.finish() { worker.wait() }
        }
    }

    /// The state `stream` shares between the calling thread (the lead) and the
    /// worker: which index is next to produce, how many results were consumed,
    /// which are done, and who waits. Guarded by one lock (a semaphore: the
    /// package supports systems without `Mutex`); each side sleeps on a
    /// semaphore of its own, signalled only when it said it waits.
    final class Stream<Result: Sendable>: @unchecked Sendable {
        let count: Int
        let window: Int
        let results: Handoff<Result>
        /// Dropped by `finish()`, so that a worker that starts after it finds no
        /// work and holds nothing of the caller's.
        private var produce: ((Int) -> Result)?
        private var helperStarted = false
        private let lock = DispatchSemaphore(value: 1)
        private let leadWakes = DispatchSemaphore(value: 0)
        private let helperWakes = DispatchSemaphore(value: 0)
        // Guarded by `lock`.
        private var next = 0
        private var consumed = 0
        private var done: [Bool]
        private var leadWaitsFor: Int?
        private var helperWaits = false

        init(count: Int, window: Int, produce: @escaping (Int) -> Result) {
            self.count = count
            self.window = window
            self.produce = produce
            results = Handoff(count: count)
            done = Array(repeating: false, count: count)
        }

        private enum HelperStep { case produce(Int), wait, stop }
        private enum LeadStep { case consume, produce(Int), wait }

        private func locked<Value>(_ body: () -> Value) -> Value {
            lock.wait()
            defer { lock.signal() }
            return body()
        }

        /// The next index to produce, when the window has room for it.
        private func claim() -> Int? {
            guard next < count, next < consumed + window else { return nil }
            next += 1
            return next - 1
        }

        private func produced(_ index: Int, _ result: consuming Result) {
            results.set(index, result)
            let wakesLead = locked { () -> Bool in
                done[index] = true
                guard leadWaitsFor == index else { return false }
                leadWaitsFor = nil
                return true
            }
            if wakesLead { leadWakes.signal() }
        }

        /// Ends the stream once the lead consumed every result: whether a worker
        /// started, which the caller must wait for.
        func finish() -> Bool {
            locked {
                produce = nil
                return helperStarted
            }
        }

        func help() {
            guard let produce = locked({ () -> ((Int) -> Result)? in
                helperStarted = produce != nil
                return produce
            }) else { return }
            while true {
                let step = locked { () -> HelperStep in
                    if next == count { return .stop }
                    if let index = claim() { return .produce(index) }
                    helperWaits = true
                    return .wait
                }
                switch step {
                case .produce(let index): produced(index, produce(index))
                case .wait: helperWakes.wait()
                case .stop: return
                }
            }
        }

        func lead(_ consume: (consuming Result) -> Void) {
            guard let produce = locked({ produce }) else { return }
            var index = 0
            while index < count {
                let step = locked { () -> LeadStep in
                    if done[index] { return .consume }
                    if let claimed = claim() { return .produce(claimed) }
                    // `index` is being produced by the worker (were it not claimed,
                    // the window would have room for it).
                    leadWaitsFor = index
                    return .wait
                }
                switch step {
                case .consume:
                    consume(results.take(index))
                    index += 1
                    // Only now is there room in the window: a result being consumed is held too.
                    let wakesHelper = locked { () -> Bool in
                        consumed = index
                        defer { helperWaits = false }
                        return helperWaits
                    }
                    if wakesHelper { helperWakes.signal() }
                case .produce(let claimed): produced(claimed, produce(claimed))
                case .wait: leadWakes.wait()
                }
            }
        }
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
    package final class Handoff<Value: Sendable>: @unchecked Sendable {
        private let storage: UnsafeMutablePointer<Value?>
        let count: Int

        init(count: Int) {
            self.count = count
            storage = .allocate(capacity: count)
            storage.initialize(repeating: nil, count: count)
        }

        /// Slots holding `values`, moved out of the array rather than copied.
        package convenience init(_ values: consuming [Value]) {
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
        package func take(_ index: Int) -> Value {
            guard let value = storage[index].take() else { preconditionFailure("slot \(index) taken twice or never set") }
            return value
        }

        /// Every value, in order; call once, after every slot was set.
        func takeAll() -> [Value] {
            (0..<count).map(take)
        }
    }
}
