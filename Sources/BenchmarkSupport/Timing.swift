#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Wall-clock timing with medians, so one slow run (another process took the core)
/// does not decide a figure.
package enum Timing {
    /// Monotonic time in seconds.
    package static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    /// Seconds taken by `body`.
    package static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = now()
        try body()
        return now() - start
    }

    /// Seconds taken by `body` up to its result, which is freed only after the
    /// clock stopped: what `formc lint` and `formc build` do, which exit with
    /// their checked form (and the emitter's tables) still referenced and let
    /// the kernel take the memory back at once. Freeing a checked form object
    /// by object, cold in the cache, grows faster than the form (so it would
    /// skew the scaling figures), and the command never pays it
    /// (docs/performance.md, "How it is timed"). `clock` is `now` but for tests.
    package static func timeKeepingResult<Result>(
        clock: () -> Double = now, _ body: () throws -> Result
    ) rethrows -> Double {
        let start = clock()
        let result = try body()
        let seconds = clock() - start
        withExtendedLifetime(result) {}
        return seconds
    }

    /// The median of each of `measures` (each times one run of something and
    /// returns its seconds), taken in turns: `runs` rounds of one timed run of
    /// each. A change in the machine's load (another process taking a core for a
    /// second) then weighs on every figure alike, where timing each in a block
    /// of its own would put it on whichever figure's block it fell in, and skew
    /// every ratio to it. Each timed run comes right after an untimed run of the
    /// same measure, so it finds the caches as a block of its own runs would
    /// leave them, not as the measure before it did (a 4× build evicts the
    /// floor's input from the cache, and would make the floor look slower).
    package static func interleaved(runs: Int, _ measures: [() throws -> Double]) throws -> [Double] {
        try interleavedSamples(runs: runs, measures).map(median)
    }

    /// `interleaved`'s timed runs themselves, one array per measure in round
    /// order, for a ratio taken round by round (`pairRatio`).
    package static func interleavedSamples(runs: Int, _ measures: [() throws -> Double]) throws -> [[Double]] {
        var samples = [[Double]](repeating: [], count: measures.count)
        for _ in 0..<max(runs, 1) {
            for (index, measure) in measures.enumerated() {
                _ = try measure()
                samples[index].append(try measure())
            }
        }
        return samples
    }

    /// The median of `numerator[i] / denominator[i]` over the rounds of
    /// `interleavedSamples`: each ratio compares two runs taken moments apart,
    /// so a slow minute weighs on both sides of it. 0 when there are no pairs.
    package static func pairRatio(_ numerator: [Double], _ denominator: [Double]) -> Double {
        median(zip(numerator, denominator).map { $0 / $1 })
    }

    /// `timed()`, a timed run that writes the file `output`, then, with the clock
    /// stopped, the removal of `output` (when `timed` throws too): each build then
    /// writes a new file, as a first build does.
    ///
    /// Rewriting one file run after run makes each run pay for the disk writes
    /// of the one before: ext4 writes a truncated file's new data back at once
    /// (`auto_da_alloc`) and a truncate waits for pages still being written, in
    /// `open`, longer the larger the output. A file removed before the
    /// kernel writes it back is never written at all. And `formc build` leaves
    /// an unchanged output alone: with it removed, the process build writes it,
    /// as the in-process builds do (docs/performance.md, "How it is timed").
    package static func removingOutput(_ output: String, _ timed: () throws -> Double) rethrows -> Double {
        defer { _ = unlink(output) }
        return try timed()
    }
}
