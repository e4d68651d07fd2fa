#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CFormcSystem
import FormSource

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

    /// A warning on standard error when `FORMC_SPEED` names a stage or speed
    /// path that does not exist (`SpeedPolicy.unknownNames`): the run goes on,
    /// ignoring it (taking the speed paths the value does not name).
    static func warnOfUnknownSpeedNames() {
        let unknown = SpeedPolicy.unknownNames(inEnvironment: variable("FORMC_SPEED"))
        guard !unknown.isEmpty else { return }
        let stages = SpeedPolicy.Stage.allCases.map(\.rawValue).joined(separator: ", ")
        let paths = SpeedPaths.Path.allCases.map(\.rawValue).joined(separator: ", ")
        Output.write(
            "formc: warning: FORMC_SPEED: ignoring \(unknown.map { "'\($0)'" }.joined(separator: ", ")), "
                + "which names no stage or speed path; the value is 'plain', or 'plain:' and a comma-separated list "
                + "of stages (\(stages)) and speed paths (\(paths))\n",
            to: .standardError
        )
    }
}
