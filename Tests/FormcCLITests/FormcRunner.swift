import Foundation
import Testing

/// Runs the real `formc` executable, built next to this test bundle.
enum Formc {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `formc` in the products directory that holds this test bundle (so it
    /// follows `--scratch-path` and the configuration), or `FORMC_BINARY`.
    static let executable: URL? = {
        if let path = ProcessInfo.processInfo.environment["FORMC_BINARY"] { return URL(fileURLWithPath: path) }
        return product("formc")
    }()

    /// The executable `name` in the products directory that holds this test bundle.
    static func product(_ name: String) -> URL? {
        var starts = [Bundle.main.bundleURL, URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()]
        starts += Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
        if let executable = Bundle.main.executableURL { starts.append(executable) }
        for start in starts {
            var directory = start
            for _ in 0..<4 {
                directory.deleteLastPathComponent()
                let candidate = directory.appendingPathComponent(name)
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
                   FileManager.default.isExecutableFile(atPath: candidate.path) {
                    return candidate
                }
            }
        }
        return nil
    }

    /// Runs `formc arguments` in `directory` with a clean environment (no colour,
    /// not on GitHub Actions, the suite's `FORMC_SPEED`) plus `environment`.
    static func run(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws -> Run {
        let executable = try #require(executable, "formc executable not found next to the test bundle; set FORMC_BINARY")
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var base = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "NO_COLOR": "1"]
        // `make test`'s second run takes the plain paths in formc too.
        base["FORMC_SPEED"] = ProcessInfo.processInfo.environment["FORMC_SPEED"]
        base.merge(environment) { $1 }
        process.environment = base
        // Files rather than pipes: a large report cannot fill a pipe and deadlock.
        let out = directory.appendingPathComponent(".stdout-\(UUID().uuidString)")
        let err = directory.appendingPathComponent(".stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        // formc never hangs (SPEC §9): one that runs past this is stopped, and the
        // test sees a failed run rather than waiting for ever.
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning, Date() < deadline { usleep(5_000) }
        let timedOut = process.isRunning
        if timedOut { process.terminate() }
        process.waitUntilExit()
        return Run(
            status: timedOut ? -1 : process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self) + (timedOut ? "\n[formc did not finish in 120 s]" : "")
        )
    }
}

/// A temporary directory of files for one test, removed afterwards.
final class Scratch {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("formc-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    @discardableResult
    func write(_ path: String, _ text: String) throws -> URL {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file
    }

    func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: url.appendingPathComponent(path).path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// A FIFO at `path` and a shell `command` started in the directory to feed
    /// or drain it (it blocks until formc opens the pipe); `finish` waits for the
    /// shell, or stops it if formc never opened the pipe.
    func pipe(_ path: String, through command: String) throws -> (path: String, finish: () -> Void) {
        let fifo = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: fifo.deletingLastPathComponent(), withIntermediateDirectories: true)
        guard mkfifo(fifo.path, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        // `exec`: the process that blocks on the pipe is the one `finish` can stop.
        shell.arguments = ["-c", "exec " + command]
        shell.currentDirectoryURL = url
        try shell.run()
        return (fifo.path, {
            let deadline = Date().addingTimeInterval(10)
            while shell.isRunning, Date() < deadline { usleep(10_000) }
            if shell.isRunning { kill(shell.processIdentifier, SIGKILL) }
            shell.waitUntilExit()
        })
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent(path).path)
    }

    func run(_ arguments: String..., environment: [String: String] = [:]) throws -> Formc.Run {
        try Formc.run(arguments, in: url, environment: environment)
    }

    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Formc.Run {
        try Formc.run(arguments, in: url, environment: environment)
    }
}

/// Forms the CLI tests compile.
enum Forms {
    static let valid = """
        formc: 1
        form: ContactForm
        elements:
          - textField: email
            rules: [required, email]

        """

    /// One error: FC101 on line 5.
    static let unknownKey = """
        formc: 1
        form: ContactForm
        elements:
          - textField: email
            placehlder: you@example.com

        """

    /// One warning (FC406) and no error.
    static let repeatedRule = """
        formc: 1
        form: ContactForm
        elements:
          - textField: email
            rules: [required, required]

        """

    static func numbered(_ index: Int, broken: Bool) -> String {
        """
        formc: 1
        form: Form\(index)
        elements:
          - textField: field\(index)
        \(broken ? "    unknownKey\(index): x\n" : "")
        """
    }
}
