#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FormCompiler

/// Reads and compiles many inputs at once, on every core. Results come back in
/// input order, so nothing printed depends on which file finished first.
enum CompileRunner {
    /// One input after reading: its source (nil when it could not be read) and
    /// the pipeline's answer.
    struct Outcome<Value: Sendable>: Sendable {
        var path: String
        var source: SourceFile?
        var diagnostics: [Diagnostic]
        var value: Value?
    }

    /// How many files are compiled at once: `FORMC_JOBS` when set (1 makes the run
    /// sequential, which tests compare with the parallel one), else one per core.
    static func jobs(environment: [String: String] = ProcessEnvironment.variables) -> Int {
        if let text = environment["FORMC_JOBS"], let count = Int(text), count >= 1 { return count }
        return max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }

    /// Reads each path and runs `compile` on its bytes. A file that cannot be read
    /// becomes an FC005 diagnostic instead.
    static func run<Value: Sendable>(
        _ paths: [String], jobs: Int,
        compile: @escaping @Sendable (SourceFile) -> (diagnostics: [Diagnostic], value: Value?)
    ) async -> [Outcome<Value>] {
        await parallelMap(paths, jobs: jobs) { path in
            switch FileAccess.contents(of: path) {
            case .success(let bytes):
                let source = SourceFile(path: path, bytes: bytes)
                let result = compile(source)
                return Outcome(path: path, source: source, diagnostics: result.diagnostics, value: result.value)
            case .failure(let failure):
                let diagnostic = Diagnostic(
                    .error, .unreadableFile, "cannot read '\(path)': \(failure.description)",
                    at: SourceLocation(file: path, range: .fileStart)
                )
                return Outcome(path: path, source: nil, diagnostics: [diagnostic], value: nil)
            }
        }
    }

    /// `items.map(transform)` with at most `jobs` transforms running at a time.
    static func parallelMap<Item: Sendable, Output: Sendable>(
        _ items: [Item], jobs: Int, _ transform: @escaping @Sendable (Item) -> Output
    ) async -> [Output] {
        guard jobs > 1, items.count > 1 else { return items.map(transform) }
        return await withTaskGroup(of: (Int, Output).self) { group in
            var results = [Output?](repeating: nil, count: items.count)
            var next = 0
            func start() {
                let index = next
                let item = items[index]
                group.addTask { (index, transform(item)) }
                next += 1
            }
            while next < min(jobs, items.count) { start() }
            for await (index, output) in group {
                results[index] = output
                if next < items.count { start() }
            }
            return results.map { $0! }
        }
    }
}
