#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FormJSON
import LanguageServerProtocol

package struct LanguageServerClientError: Error, CustomStringConvertible {
    package var description: String

    package init(_ description: String) {
        self.description = description
    }
}

/// A language server client for the `formc lsp` figures: runs a server
/// executable with pipes for its standard input and output, and speaks LSP's
/// Content-Length framing to it with LanguageServerProtocol's `MessageFramer`
/// and `Message`. One request at a time; a message that is not what the client
/// waits for (the diagnostics of an older version) is dropped.
package final class LanguageServerClient {
    package let pid: pid_t
    /// -1 once closed.
    private var toServer: Int32
    private let fromServer: Int32
    private var framer = MessageFramer()
    private var nextID = 1
    private var exited = false
    /// How long a wait for one message may take before the server counts as hung.
    package var timeout = 300.0

    /// Starts `executable` with `arguments`; its standard error goes to /dev/null.
    package init(executable: String, arguments: [String]) throws {
        var input: [Int32] = [0, 0]
        var output: [Int32] = [0, 0]
        // Close-on-exec, so that no server inherits the ends of another (it would
        // never see the end of its input); one client starts at a time, as Swift
        // on Linux has no `pipe2`. `adddup2` clears the flag on the server's copies.
        spawnLock.lock()
        defer { spawnLock.unlock() }
        guard Self.makePipe(&input) else { throw LanguageServerClientError("pipe failed") }
        guard Self.makePipe(&output) else {
            close(input[0])
            close(input[1])
            throw LanguageServerClientError("pipe failed")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, input[0])
        posix_spawn_file_actions_addclose(&actions, output[1])
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        close(input[0])
        close(output[1])
        guard spawned == 0 else {
            close(input[1])
            close(output[0])
            throw LanguageServerClientError("cannot run \(executable): \(String(cString: strerror(spawned)))")
        }
        self.pid = pid
        toServer = input[1]
        fromServer = output[0]
        // A server that dies must not kill the client with SIGPIPE on its next write.
        signal(SIGPIPE, SIG_IGN)
    }

    /// A pipe whose ends are closed on `exec`.
    private static func makePipe(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        return true
    }

    deinit {
        if toServer >= 0 { close(toServer) }
        close(fromServer)
        if !exited {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
        }
    }

    /// Writes one message, framed.
    package func send(_ message: Message) throws {
        let bytes = message.framed
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(toServer, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw LanguageServerClientError("cannot write to the server: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }

    package func notify(_ method: String, _ params: JSONValue? = nil) throws {
        try send(.notification(method: method, params: params))
    }

    /// Sends a request and waits for its response: the result, or the error thrown.
    package func request(_ method: String, _ params: JSONValue? = nil) throws -> JSONValue {
        let id = RequestID.number(nextID)
        nextID += 1
        try send(.request(id: id, method: method, params: params))
        let response = try wait { if case .response(id, _) = $0 { true } else { false } }
        guard case .response(_, let result) = response else { throw LanguageServerClientError("no response to \(method)") }
        switch result {
        case .success(let value): return value
        case .failure(let error): throw LanguageServerClientError("\(method) failed: \(error.code) \(error.message)")
        }
    }

    /// Waits for the `publishDiagnostics` of `uri` at `version`; its diagnostics.
    @discardableResult
    package func diagnostics(uri: String, version: Int) throws -> [JSONValue] {
        let message = try wait { Self.isDiagnostics($0, uri: uri, version: version) }
        guard case .notification(_, let params) = message else { return [] }
        return params?["diagnostics"]?.arrayValue ?? []
    }

    static func isDiagnostics(_ message: Message, uri: String, version: Int) -> Bool {
        guard case .notification("textDocument/publishDiagnostics", let params) = message else { return false }
        return params?["uri"]?.stringValue == uri && params?["version"] == .integer(version)
    }

    /// Reads messages until one satisfies `wanted`, which is returned.
    package func wait(for wanted: (Message) -> Bool) throws -> Message {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            while let frame = framer.next() {
                guard case .message(let body) = frame else { throw LanguageServerClientError("a bad frame from the server: \(frame)") }
                guard case .success(let message) = Message.decode(body) else {
                    throw LanguageServerClientError("a message from the server that is not JSON-RPC")
                }
                if wanted(message) { return message }
            }
            var descriptor = pollfd(fd: fromServer, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(timeout * 1000))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { throw LanguageServerClientError("no answer from the server within \(Int(timeout)) s") }
            let count = buffer.withUnsafeMutableBytes { read(fromServer, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw LanguageServerClientError("the server closed its output") }
            framer.append(buffer[0..<count])
        }
    }

    /// `shutdown`, `exit`, and the server's exit status.
    package func shutDown() throws -> Int32 {
        _ = try request("shutdown")
        try notify("exit")
        return try waitForExit()
    }

    /// Closes the server's input and waits for it to exit; its exit status.
    package func waitForExit() throws -> Int32 {
        if toServer >= 0 { close(toServer) }
        toServer = -1
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw LanguageServerClientError("waitpid failed") }
        }
        exited = true
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}

/// The lock `LanguageServerClient` starts its servers under.
private final class SpawnLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() { pthread_mutex_init(mutex, nil) }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
}

private let spawnLock = SpawnLock()

/// The resident set of a process, from Linux's `/proc/PID/status`.
package enum ResidentMemory {
    /// `VmRSS` of a `/proc/PID/status` text, in bytes; nil when it has none.
    package static func bytes(inStatus status: String) -> Int? {
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            let fields = line.dropFirst("VmRSS:".count).split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count == 2, fields[1] == "kB", let kibibytes = Int(fields[0]) else { return nil }
            return kibibytes * 1024
        }
        return nil
    }

    /// The resident set of `pid` now, in bytes; nil where there is no `/proc`.
    package static func of(_ pid: pid_t) -> Int? {
        guard let file = fopen("/proc/\(pid)/status", "r") else { return nil }
        defer { fclose(file) }
        var text: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count == 0 { break }
            text += chunk[0..<count]
        }
        return bytes(inStatus: String(decoding: text, as: UTF8.self))
    }
}
