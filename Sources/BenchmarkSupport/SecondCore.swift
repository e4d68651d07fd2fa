/// What the benchmark makes of its two core checks (`CoreCheck` in formc-bench):
/// a compute loop, and libyaml's parse, each timed on one thread and on each of
/// two threads at once. formc reads, decodes, checks and emits a large form on
/// two threads, so its ratios to the single-threaded floor assume two cores that
/// do not slow each other down; when either check says otherwise, the report
/// says so under the goals.
package enum SecondCore {
    /// Below this, a check's two threads count as not having two free cores.
    package static let threshold = 1.8

    /// Two threads' work per second against one thread's, each thread having
    /// done the same work: about 2 with two free cores, 1 with one.
    package static func speedup(oneThread: Double, twoThreads: Double) -> Double {
        2 * oneThread / twoThreads
    }

    /// The note for the report, or nil when both checks read `threshold` or
    /// more. A missing second core is named first: the parse check then reads
    /// low too, for the same reason.
    package static func note(computeLoop: Double, parse: Double) -> String? {
        let consequence = "formc's large-form figures use two threads, so their ratios to the single-threaded floor are worse than on a quiet machine"
        if computeLoop < threshold {
            return "two threads did only \(Format.ratio(computeLoop)) the work of one (a busy second core, or slow hand-offs between threads): \(consequence) (docs/performance.md, \"Two cores\")"
        }
        if parse < threshold {
            return "two libyaml parses at once did only \(Format.ratio(parse)) the work of one, while the compute loop found two cores (the two cores share something, most likely one physical core): \(consequence) (docs/performance.md, \"A shared physical core\")"
        }
        return nil
    }
}
