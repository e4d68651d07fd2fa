#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LanguageServerProtocol

/// Runs a `LanguageServer` on two file descriptors (standard input and output):
/// reads whatever bytes arrive, answers each complete message, and publishes
/// diagnostics once no more input is waiting, so that a burst of edits is
/// analysed once.
public enum StdioTransport {
    /// Serves until `exit` (its exit code: 0 after `shutdown`, 1 otherwise) or
    /// the end of the input (1: the client went away without `exit`). `idle` is
    /// called each time the server has answered everything and published the
    /// diagnostics due, before it waits for more input.
    public static func run(
        _ server: LanguageServer, input: Int32 = 0, output: Int32 = 1, idle: () -> Void = {}
    ) -> Int32 {
        // A client that closes its end must not kill the server with SIGPIPE
        // before it reads the end of its input.
        signal(SIGPIPE, SIG_IGN)
        var framer = MessageFramer()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return 1
            }
            if count == 0 { return server.exitCode ?? 1 }
            framer.append(buffer[0..<count])
            while let frame = framer.next() {
                send(server.handle(frame), to: output)
                if let code = server.exitCode { return code }
            }
            if !inputWaiting(input) {
                send(server.flush(), to: output)
                idle()
            }
        }
    }

    private static func send(_ messages: [Message], to output: Int32) {
        for message in messages {
            let bytes = message.framed
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes { write(output, $0.baseAddress! + offset, $0.count - offset) }
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }

    /// Whether more bytes can be read at once.
    private static func inputWaiting(_ input: Int32) -> Bool {
        var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0 && descriptor.revents & Int16(POLLIN) != 0
    }
}
