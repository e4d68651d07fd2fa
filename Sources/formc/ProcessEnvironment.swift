import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CFormcSystem

/// What the process was started with, read through POSIX rather than Foundation:
/// `formc` links no Foundation of its own, which saves a few milliseconds and
/// megabytes at every start (ArgumentParser brings only FoundationEssentials).
enum ProcessEnvironment {
    /// The environment variables (a variable given twice keeps its first value, as
    /// `getenv` does).
    static var variables: [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                let name = String(text[..<equals])
                if result[name] == nil { result[name] = String(text[text.index(after: equals)...]) }
            }
            entry += 1
        }
        return result
    }

    /// The working directory, or "." when it cannot be named (it was removed).
    static var workingDirectory: String {
        guard let path = getcwd(nil, 0) else { return "." }
        defer { free(path) }
        return String(cString: path)
    }

    /// Tunes the allocator for one short compile: on glibc, a large top pad, so a
    /// growing heap costs a few `brk` or `mprotect` calls instead of thousands
    /// (about 7% of a large lint), and huge pages for the main heap and for the
    /// worker thread's. Call it first thing, before another thread allocates (see
    /// `Sources/CFormcSystem`).
    static func tuneAllocator() {
        _ = formc_tune_allocator()
        // The worker that compiles beside the main thread is Dispatch's: waking
        // one now starts it while the main thread reads the arguments and the
        // file, and asks for huge pages on its heap before it allocates. Dispatch
        // keeps the thread for the work that follows (another thread only misses
        // the hint).
        DispatchQueue.global().async { _ = formc_tune_thread_heap() }
    }
}
