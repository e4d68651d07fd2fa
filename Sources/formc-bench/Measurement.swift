#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BenchmarkSupport
import FormSource
import FormSyntax

/// How much of a second core the machine gives during the run. formc reads,
/// decodes and checks a large form on two threads, so its end-to-end goals
/// assume a second core; on a shared machine (a virtual machine whose host is
/// busy) two threads may run little faster than one, and every ratio to the
/// single-threaded floor then looks worse than formc is. The benchmark times a
/// compute loop on one thread and the same loop on each of two threads at once,
/// through `Concurrently` as formc's own stages are, in turns with the lint and
/// build figures, and reports how many times as much work the two threads did
/// per second: about 2 when both cores are free, 1 when the second is taken.
/// It also times libyaml's parse the same way, which tells whether the two
/// cores slow each other down at work like formc's (`SecondCore` judges both).
///
/// The loop is made to run about as long as a lint of the 1 MB form: handing
/// the second index to a Dispatch worker and back has a cost of its own (what
/// formc pays at each stage too), which would weigh on a much shorter loop and
/// make a quiet machine's second core look partly taken.
enum CoreCheck {
    static let iterations = 20_000_000

    /// A dependent chain of shift, xor and multiply (SplitMix64's mixing step):
    /// the optimiser can neither vectorise it nor fold steps together (as it
    /// can a chain of multiply-adds), it touches no memory, and its result is used.
    @inline(never)
    static func spin(_ count: Int, seed: UInt64) -> UInt64 {
        var state = seed
        for _ in 0..<count {
            state = (state ^ (state >> 30)) &* 0xBF58_476D_1CE4_E5B9
        }
        return state
    }

    /// Seconds for one thread to run the loop. The result leaves through `sink`
    /// inside the timed closure, so the call cannot be moved out of it.
    static func oneThread() -> Double {
        Timing.time { sink(spin(iterations, seed: 1)) }
    }

    /// Seconds for two threads to run the loop each, at once.
    static func twoThreads() -> Double {
        Timing.time { sink(Concurrently.map(2) { spin(iterations, seed: UInt64($0) + 1) }.reduce(0, ^)) }
    }

    /// libyaml's event parse of `bytes`, twice over (for the 1 MB form, about
    /// as long as the loop), on one thread. The loop tells whether a second
    /// core is there at all; this tells whether two threads of formc's own kind
    /// of work slow each other down, as two virtual CPUs on one physical core
    /// do while the loop still reads about 2 (docs/performance.md, "A shared physical core").
    static func parseOneThread(_ bytes: [UInt8]) -> Double {
        Timing.time { sink(UInt64(parseTwice(bytes))) }
    }

    /// The same two parses on each of two threads at once.
    static func parseTwoThreads(_ bytes: [UInt8]) -> Double {
        Timing.time { sink(UInt64(Concurrently.map(2) { _ in parseTwice(bytes) }.reduce(0, +))) }
    }

    private static func parseTwice(_ bytes: [UInt8]) -> Int {
        (LibYAMLFloor.parseEventCount(bytes) ?? 0) + (LibYAMLFloor.parseEventCount(bytes) ?? 0)
    }

    /// Keeps a result alive past the optimiser without printing it.
    @inline(never)
    private static func sink(_ value: UInt64) {
        if value == 0x5EED_F00D_5EED_F00D { print("") }
    }
}

/// A child process run to completion, with its own resource usage.
struct ChildRun {
    var status: Int32
    var seconds: Double
    /// Peak resident set of the child alone, in bytes (`wait4`'s `ru_maxrss`).
    var peakBytes: Int
    var timedOut = false
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
}

/// Runs executables with `posix_spawn` and reaps them with `wait4`, which reports
/// the resource usage of that one child (not of every child so far, as
/// `getrusage(RUSAGE_CHILDREN)` would).
enum Subprocess {
    /// Runs `path` with `arguments`, standard output and error to /dev/null (or to
    /// `stdoutPath`), and waits for it.
    /// With `timeout`, a child still running after that many seconds is killed
    /// (status 128 + SIGKILL, `timedOut`); it is then polled every millisecond,
    /// so a timed run goes without one.
    /// `speed`: the child's `FORMC_SPEED` (`SpeedPolicy`), in place of this process's.
    static func run(
        _ path: String, _ arguments: [String], stdoutPath: String? = nil, stderrPath: String? = nil, timeout: Double? = nil,
        speed: String? = nil
    ) throws -> ChildRun {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }

        var environment: [UnsafeMutablePointer<CChar>?] = []
        if let speed {
            var entry = environ
            while let variable = entry.pointee {
                if strncmp(variable, "FORMC_SPEED=", 12) != 0 { environment.append(strdup(variable)) }
                entry += 1
            }
            environment += [strdup("FORMC_SPEED=" + speed), nil]
        }
        defer { environment.forEach { free($0) } }

        var pid = pid_t()
        let start = Timing.now()
        let spawned = speed == nil
            ? posix_spawn(&pid, path, &actions, nil, argv, environ)
            : posix_spawn(&pid, path, &actions, nil, argv, environment)
        guard spawned == 0 else {
            throw BenchError(description: "cannot run \(path): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        var timedOut = false
        if let timeout {
            while true {
                let reaped = wait4(pid, &status, WNOHANG, &usage)
                if reaped == pid { break }
                guard reaped == 0 || errno == EINTR else { throw BenchError(description: "wait4 failed: \(String(cString: strerror(errno)))") }
                if !timedOut, Timing.now() - start > timeout {
                    timedOut = true
                    kill(pid, SIGKILL)
                }
                usleep(1_000)
            }
        } else {
            while wait4(pid, &status, 0, &usage) < 0 {
                guard errno == EINTR else { throw BenchError(description: "wait4 failed: \(String(cString: strerror(errno)))") }
            }
        }
        let seconds = Timing.now() - start
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        #if canImport(Darwin)
        let peak = Int(usage.ru_maxrss)  // bytes on Darwin
        #else
        let peak = Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
        #endif
        return ChildRun(status: exitStatus, seconds: seconds, peakBytes: peak, timedOut: timedOut)
    }

    /// The wall time of one run, failing when it exits with another status than
    /// `expecting`.
    static func time(_ path: String, _ arguments: [String], expecting: Int32 = 0, speed: String? = nil) throws -> Double {
        let child = try run(path, arguments, speed: speed)
        guard child.status == expecting else {
            throw BenchError(description: "`\(([path] + arguments).joined(separator: " "))` exited \(child.status), expected \(expecting)")
        }
        return child.seconds
    }

    /// The median time of each command line, run in turns (`Timing.interleaved`).
    static func medians(runs: Int, _ path: String, _ commands: [[String]], expecting: Int32 = 0) throws -> [Double] {
        try Timing.interleaved(runs: runs, commands.map { arguments in { try time(path, arguments, expecting: expecting) } })
    }
}

/// Peak memory of one child process, measured by a fresh copy of this executable.
///
/// On Linux a process's `ru_maxrss` starts at the peak of the address space it was
/// spawned from (`exec` keeps the old high-water mark), so a child spawned by the
/// benchmark, which holds the large forms, would report the benchmark's memory.
/// A fresh `formc-bench --child-peak` is small; the child it spawns reports its own.
enum PeakMemory {
    static let flag = "--child-peak"

    /// Runs `path arguments` under a fresh copy of this executable; its peak in bytes.
    static func of(_ path: String, _ arguments: [String], directory: String, expecting: Int32 = 0) throws -> Int {
        let report = directory + "/peak.txt"
        let run = try Subprocess.run(Files.executablePath(), [flag, path] + arguments, stdoutPath: report)
        guard run.status == expecting,
              let text = Files.read(report).map({ String(decoding: $0, as: UTF8.self) }),
              let bytes = Int(text.split(separator: "\n").first ?? "")
        else {
            throw BenchError(description: "`\(([path] + arguments).joined(separator: " "))` exited \(run.status), expected \(expecting)")
        }
        return bytes
    }

    /// The `--child-peak` side: runs the command, prints its peak, exits with its status.
    static func measureChild(_ command: [String]) throws -> Int32 {
        guard let path = command.first else { throw BenchError(description: "\(flag) needs a command") }
        let child = try Subprocess.run(path, Array(command.dropFirst()))
        print(child.peakBytes)
        return child.status
    }
}

/// Files of the benchmark run.
enum Files {
    static func write(_ text: String, to path: String) throws {
        try write(bytes: Array(text.utf8), to: path)
    }

    static func write(bytes: [UInt8], to path: String) throws {
        guard let file = fopen(path, "wb") else {
            throw BenchError(description: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        guard fwrite(bytes, 1, bytes.count, file) == bytes.count else {
            throw BenchError(description: "cannot write \(path)")
        }
    }

    static func read(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }

    static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    static func isExecutable(_ path: String) -> Bool {
        access(path, X_OK) == 0
    }

    /// A fresh directory under the system's temporary folder.
    static func temporaryDirectory() throws -> String {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(base)/formc-bench.XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw BenchError(description: "cannot create a temporary directory: \(String(cString: strerror(errno)))")
        }
        return String(cString: made)
    }

    static func removeTree(_ path: String) {
        _ = try? Subprocess.run("/bin/rm", ["-rf", path])
    }

    /// The path of this executable.
    static func executablePath() -> String {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if length > 0 {
            return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        #endif
        return CommandLine.arguments[0]
    }

    /// The directory of this executable, where `swift build` put `formc` too.
    static func executableDirectory() -> String {
        parent(of: executablePath())
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The first directory of `PATH` holding an executable `name`.
    static func which(_ name: String) -> String? {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") where isExecutable("\(directory)/\(name)") {
            return "\(directory)/\(name)"
        }
        return nil
    }
}
