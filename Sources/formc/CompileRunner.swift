import FormSource

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads and compiles many inputs at once, on every core. Results come back in
/// input order, so nothing printed depends on which file finished first.
///
/// Plain threads (`Concurrently`, on Dispatch's `concurrentPerform`), not Swift concurrency: the
/// commands stay synchronous, so one input is compiled on the main thread with no
/// hop to a worker thread and back, a wait that would weigh on a small lint's
/// start-up, most on a busy machine.
enum CompileRunner {
    /// One input after reading: its source (nil when it could not be read) and
    /// the pipeline's answer.
    struct Outcome<Value: Sendable>: Sendable {
        var path: String
        var source: SourceFile?
        var diagnostics: [Diagnostic]
        var value: Value?
    }

    /// How many of `count` files are compiled at once: `FORMC_JOBS` when set (1
    /// makes the run sequential, which tests compare with the parallel one), else
    /// one per core the process may use (`CoreCount`); one file is compiled alone.
    static func jobs(for count: Int) -> Int {
        guard count > 1 else { return 1 }
        if let text = ProcessEnvironment.variable("FORMC_JOBS"), let jobs = Int(text), jobs >= 1 { return jobs }
        return CoreCount.current
    }

    /// Reads each path and runs `compile` on its bytes. A file that cannot be read
    /// becomes an FC005 diagnostic instead, whose help says the paths are to name
    /// `what` (form files, or a configuration).
    static func run<Value: Sendable>(
        _ paths: [String], jobs: Int, reading what: String = "form files (.form.yaml, .form.yml or .form.json) and folders that hold them",
        compile: @escaping @Sendable (SourceFile) -> (diagnostics: [Diagnostic], value: Value?)
    ) -> [Outcome<Value>] {
        parallelMap(paths, jobs: jobs) { path in
            switch FileAccess.contents(of: path) {
            case .success(let bytes):
                let source = SourceFile(path: path, bytes: bytes)
                let result = compile(source)
                return Outcome(path: path, source: source, diagnostics: result.diagnostics, value: result.value)
            case .failure(let failure):
                let diagnostic = Diagnostic(
                    .error, .unreadableFile, "cannot read '\(path)': \(failure.description)",
                    at: SourceLocation(file: path, range: .fileStart),
                    help: [failure.help(reading: what)]
                )
                return Outcome(path: path, source: nil, diagnostics: [diagnostic], value: nil)
            }
        }
    }

    /// `items.map(transform)` with at most `jobs` transforms running at a time.
    /// Worker `w` takes items `w`, `w + jobs`, `w + 2·jobs`…: a fixed share, so
    /// which worker compiles which file does not depend on timing.
    static func parallelMap<Item: Sendable, Output: Sendable>(
        _ items: [Item], jobs: Int, _ transform: @escaping @Sendable (Item) -> Output
    ) -> [Output] {
        let workers = min(jobs, items.count)
        guard workers > 1 else { return items.map(transform) }
        let shares = Concurrently.map(workers) { worker in
            stride(from: worker, to: items.count, by: workers).map { transform(items[$0]) }
        }
        // Share `w` holds the outputs of items w, w + workers, …: back in input order.
        return (0..<items.count).map { shares[$0 % workers][$0 / workers] }
    }
}
