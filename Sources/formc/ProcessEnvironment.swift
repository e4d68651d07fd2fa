#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CFormcSystem

/// What the process was started with, read through POSIX rather than Foundation:
/// `formc` links no Foundation of its own, which keeps every start short and
/// small (ArgumentParser brings only FoundationEssentials).
enum ProcessEnvironment {
    /// The value of one environment variable, or nil when it is not set.
    static func variable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The variables in `names` that are set, by name: what a command reads of
    /// the environment, looked up one by one (`getenv`), not every variable
    /// copied into a dictionary: that would weigh on a small lint's start, more
    /// in CI, whose environment is large.
    static func variables(named names: [String]) -> [String: String] {
        var result: [String: String] = [:]
        for name in names {
            if let value = variable(name) { result[name] = value }
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
    /// growing heap costs a few `brk` or `mprotect` calls instead of thousands.
    /// Call it first thing, before another thread allocates (see
    /// `Sources/CFormcSystem`).
    static func tuneAllocator() {
        _ = formc_tune_allocator()
    }
}
