#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
@testable import FormChecker
@testable import FormCompiler
@testable import FormModel
@testable import FormSource
import Testing

/// The pieces of work that run at once, and what they hand each other.
struct ConcurrentlyTests {
    final class Payload: Sendable {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    @Test func mapGivesTheResultsInIndexOrder() {
        let results = Concurrently.map(64) { index in index * index }
        #expect(results == (0..<64).map { $0 * $0 })
    }

    /// A hand-off made from an array holds its values alone: a piece that takes
    /// one holds the only reference, so what it drops is freed on its thread.
    @Test func aTakenValueIsTheOnlyReference() {
        let handoff = Concurrently.Handoff((0..<8).map { Payload($0) })
        let unique = Concurrently.map(handoff.count) { index -> Bool in
            var payload = handoff.take(index)
            return isKnownUniquelyReferenced(&payload) && payload.value == index
        }
        #expect(unique == Array(repeating: true, count: 8))
    }

    @Test func aHandoffGivesBackWhatWasSetInOrder() {
        let handoff = Concurrently.Handoff<String>(count: 3)
        for index in [2, 0, 1] { handoff.set(index, "slot \(index)") }
        #expect(handoff.takeAll() == ["slot 0", "slot 1", "slot 2"])
    }

    /// What a stream's pieces did: how many were started and consumed, and the
    /// most held at once (started and not yet consumed).
    final class StreamLog: @unchecked Sendable {
        private let lock = DispatchSemaphore(value: 1)
        private var started: [Int] = []
        private var consumed = 0
        private(set) var mostHeld = 0

        func start(_ index: Int) {
            lock.wait()
            started.append(index)
            mostHeld = max(mostHeld, started.count - consumed)
            lock.signal()
        }

        func consume() {
            lock.wait()
            consumed += 1
            lock.signal()
        }

        var startedIndices: [Int] { started.sorted() }
    }

    /// A set of threads, added to and looked up from any thread.
    final class ThreadLog: @unchecked Sendable {
        private let lock = DispatchSemaphore(value: 1)
        private var threads: [pthread_t] = []

        func add(_ thread: pthread_t) {
            lock.wait()
            threads.append(thread)
            lock.signal()
        }

        func contains(_ thread: pthread_t) -> Bool {
            lock.wait()
            defer { lock.signal() }
            return threads.contains { pthread_equal($0, thread) != 0 }
        }
    }

    /// Every index is produced once, each result is consumed in index order, on
    /// the calling thread, and no more than `window` are held at once, however
    /// the two threads share the work (some pieces take longer than others).
    @Test(arguments: [0, 1, 2, 7, 100])
    func aStreamHandsEveryResultOverInOrder(count: Int) {
        for window in [1, 2, 3, 6] {
            let log = StreamLog()
            var consumed: [String] = []
            let caller = pthread_self()
            var consumedOnCaller = true
            Concurrently.stream(count, window: window) { index -> String in
                log.start(index)
                if index % 3 == 0 { usleep(200) }
                return "result \(index)"
            } consume: { result in
                consumed.append(result)
                consumedOnCaller = consumedOnCaller && pthread_equal(pthread_self(), caller) != 0
                if consumed.count % 4 == 0 { usleep(300) }
                log.consume()
            }
            #expect(consumed == (0..<count).map { "result \($0)" }, "window \(window)")
            #expect(log.startedIndices == Array(0..<count), "window \(window)")
            #expect(log.mostHeld <= window, "window \(window)")
            #expect(consumedOnCaller, "window \(window)")
        }
    }

    /// Streams started at once from every thread of the pool (as when several
    /// files are emitted at once): a worker may start late or not at all while
    /// the pool is busy, and each stream still ends with every result, in order,
    /// without waiting for a worker that never started.
    @Test func streamsInsideBusyPoolThreadsEachFinish() {
        let outcomes = Concurrently.map(16) { stream -> Bool in
            var consumed: [Int] = []
            Concurrently.stream(40, window: 3) { index in
                if index % 7 == 0 { usleep(100) }
                return index * stream
            } consume: { consumed.append($0) }
            return consumed == (0..<40).map { $0 * stream }
        }
        #expect(outcomes == Array(repeating: true, count: 16))
    }

    /// A stream ended by its lead alone says no worker needs waiting for, and
    /// holds nothing of the caller's: a worker that starts after that (its
    /// block run late by a busy pool) finds no work. One that started is
    /// waited for.
    @Test func aWorkerThatNeverStartedIsNotWaitedFor() {
        final class Token {}
        var token = Token()
        let alone = Concurrently.Stream<Int>(count: 5, window: 2, produce: { [token] index in
            withExtendedLifetime(token) { index * 2 }
        })
        var consumed: [Int] = []
        alone.lead { consumed.append($0) }
        #expect(consumed == [0, 2, 4, 6, 8])
        #expect(!alone.finish())
        #expect(isKnownUniquelyReferenced(&token))
        alone.help()
        #expect(isKnownUniquelyReferenced(&token))

        let helped = Concurrently.Stream<Int>(count: 2, window: 2, produce: { $0 + 1 })
        helped.help()
        consumed = []
        helped.lead { consumed.append($0) }
        #expect(consumed == [1, 2])
        #expect(helped.finish())
    }

    /// `run` always does its first piece on the calling thread (the part of a
    /// file whose tree the caller goes on to finish), whichever thread is awake
    /// first, and returns both results in their places. Each round starts just
    /// after a worker finished a block, so that one is awake and looking for
    /// work: with `map(2)`, such a worker could take the first piece.
    @Test func runDoesItsFirstPieceOnTheCallingThread() {
        // A log of one thread (`pthread_t` is a pointer, not Sendable, on Darwin).
        let caller = ThreadLog()
        caller.add(pthread_self())
        let pauses: [UInt32] = [0, 2, 5, 10, 20, 50]
        for round in 0..<1_200 {
            // A worker that just finished a block looks for more for a while
            // before it sleeps: it would be the first to a piece of a `map`.
            DispatchQueue.global().async {}
            let pause = pauses[round % pauses.count]
            if pause > 0 { usleep(pause) }
            let (first, second) = Concurrently.run(
                { (round, caller.contains(pthread_self())) },
                { () -> Int in
                    if round % 2 == 0 { usleep(50) }
                    return -round
                }
            )
            #expect(first == (round, true))
            #expect(second == -round)
            if first != (round, true) { break }
        }
    }

    /// `run`'s second piece, either way the race between the caller and the
    /// worker goes: a worker that starts first runs it and the caller takes its
    /// result; a caller that finishes first gets the work back, and a worker
    /// that starts afterwards finds none and holds nothing of it.
    @Test func runsSecondPieceGoesToWhoeverStartsIt() throws {
        final class Token: Sendable {}
        var token = Token()
        let runs = StreamLog()
        let late = Concurrently.Alongside { [token] in
            withExtendedLifetime(token) {
                runs.start(0)
                return 7
            }
        }
        guard case .notStarted(let work) = late.finish() else {
            Issue.record("a worker that never started was taken to have started")
            return
        }
        #expect(work() == 7)
        late.runOnWorker()
        #expect(runs.startedIndices == [0], "the late worker ran the piece again")
        _ = consume work
        #expect(isKnownUniquelyReferenced(&token))

        let early = Concurrently.Alongside { 8 }
        early.runOnWorker()
        guard case .started = early.finish() else {
            Issue.record("a worker that ran the piece was taken not to have started")
            return
        }
        #expect(early.take() == 8)
    }

    /// Runs started at once from every thread of the pool: while the pool is
    /// busy, a run's worker may start late or not at all, and the caller then
    /// does the second piece too; either way both results come back, and no
    /// closure of `run` escapes it (a check at its end would stop the test).
    @Test func runsInsideBusyPoolThreadsEachFinish() {
        final class Token: Sendable {}
        let outcomes = Concurrently.map(16) { piece -> Bool in
            let token = Token()
            let (first, second) = Concurrently.run(
                { () -> Int in usleep(100); return piece },
                { [token] () -> Int in withExtendedLifetime(token) { piece * 2 } }
            )
            return first == piece && second == piece * 2
        }
        #expect(outcomes == Array(repeating: true, count: 16))
    }

    /// The condition checker's chunks: every item once, in order, in runs whose
    /// lengths differ by one at most.
    @Test(arguments: [0, 1, 3, 4, 511, 512, 2_641])
    func splittingKeepsEveryItemInOrder(count: Int) {
        for runs in 1...16 {
            let split = ConditionChecker.split(Array(0..<count), into: runs)
            #expect(split.count == runs)
            #expect(split.flatMap { $0 } == Array(0..<count))
            let lengths = split.map(\.count)
            #expect((lengths.max() ?? 0) - (lengths.min() ?? 0) <= 1)
        }
    }

    /// One chunk below the minimum; four at it; then one per chunk size, up to 16.
    @Test func conditionsAreLoweredInChunksOfAboutTheChunkSize() {
        let minimum = SpeedPaths.conditionsInChunksMinimumFields
        let size = SpeedPaths.conditionChunkSize
        #expect(ConditionChecker.chunkCount(0) == 1)
        #expect(ConditionChecker.chunkCount(minimum - 1) == 1)
        #expect(ConditionChecker.chunkCount(minimum) == 4)
        #expect(ConditionChecker.chunkCount(9 * size + 1) == 9)
        #expect(ConditionChecker.chunkCount(16 * size) == 16)
        #expect(ConditionChecker.chunkCount(100 * size) == 16)
    }

    /// Every condition is lowered, on one thread or several: the checked tree
    /// keeps each one's typed expression.
    @Test(arguments: [3, SpeedPaths.conditionsInChunksMinimumFields + 10])
    func theCheckedTreeKeepsEveryExpression(count: Int) throws {
        var text = "formc: 1\nform: Parses\nelements:\n  - boolean: on\n    title: On\n"
        text += "  - group: outer\n    visibleWhen: on\n    elements:\n"
        for index in 0..<count {
            text += "      - textField: f\(index)\n        visibleWhen: on\n        enabledWhen: not on\n"
        }
        let result = FormPipeline.check(SourceFile(path: "parses.form.yaml", text: text))
        let document = try #require(result.checked?.document)
        guard case .group(let group) = document.elements[1].kind else {
            Issue.record("the second element is the group")
            return
        }
        #expect(document.elements[1].visibleWhen?.expression != nil)
        #expect(group.elements.count == count)
        #expect(group.elements.allSatisfy { $0.visibleWhen?.expression != nil && $0.enabledWhen?.expression != nil })
    }
}
