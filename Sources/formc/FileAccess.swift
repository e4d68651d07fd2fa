#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FormCompiler

/// The CLI's file IO, in POSIX terms so that a failure carries the system's own
/// reason ("No such file or directory", "Permission denied").
enum FileAccess {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func contents(of path: String) -> Result<[UInt8], Failure> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(Failure(description: systemError())) }
        defer { close(descriptor) }
        var info = stat()
        var bytes: [UInt8] = []
        if fstat(descriptor, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR { return .failure(Failure(description: "Is a directory")) }
            // Room for the whole file at once: growing by doubling would hold the
            // old and the new storage together (24 MB for a 9 MB generated file).
            if (info.st_mode & S_IFMT) == S_IFREG { bytes.reserveCapacity(Int(info.st_size)) }
        }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(Failure(description: systemError()))
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return .success(bytes)
    }

    /// Whether the file at `path` holds exactly `bytes`; nil when it does not exist
    /// or cannot be read. Compares the sizes first, then 64 KB at a time, so that
    /// checking a large generated file never holds a second copy of it.
    static func existingFile(_ path: String, matches bytes: [UInt8]) -> Bool? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR else { return nil }
        if (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) != bytes.count { return false }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var compared = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { return compared == bytes.count }
            guard compared + count <= bytes.count, chunk[0..<count].elementsEqual(bytes[compared..<compared + count]) else {
                return false
            }
            compared += count
        }
    }

    /// Replaces `path` with `bytes` atomically: a temporary file in the same
    /// directory, then `rename`, so a reader sees the old file or the new one and
    /// never a partial one.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(Failure) {
        let directory = parentDirectory(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let temporary = (directory == "." && !path.hasPrefix("./") ? "" : directory + "/") + ".\(name).formc-\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure(description: "cannot create '\(temporary)': \(systemError())") }
        guard bytes.withUnsafeBytes({ writeAll($0, to: descriptor) }) else {
            let reason = systemError()
            close(descriptor)
            unlink(temporary)
            throw Failure(description: "cannot write '\(temporary)': \(reason)")
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let reason = systemError()
            unlink(temporary)
            throw Failure(description: "cannot replace '\(path)': \(reason)")
        }
    }

    static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Whether `path` names a directory; with `followingLinks: false`, a symbolic
    /// link to one is not a directory.
    static func isDirectory(_ path: String, followingLinks: Bool = true) -> Bool {
        var info = stat()
        let status = followingLinks ? stat(path, &info) : lstat(path, &info)
        return status == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The names in a directory, without `.` and `..`, in no particular order.
    static func directoryEntries(_ path: String) throws(Failure) -> [String] {
        guard let directory = opendir(path) else { throw Failure(description: systemError()) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// Writes all of `bytes` to a file descriptor, retrying interrupted and short
    /// writes; false when the descriptor refuses them (a closed pipe, a full disk).
    @discardableResult
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
        var written = 0
        while written < bytes.count {
            let count = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            written += count
        }
        return true
    }

    /// `mkdir -p`.
    static func createDirectory(_ path: String) throws(Failure) {
        if isDirectory(path) { return }
        let parent = parentDirectory(of: path)
        if parent != path, parent != "." { try createDirectory(parent) }
        if mkdir(path, 0o755) != 0, errno != EEXIST {
            throw Failure(description: "cannot create directory '\(path)': \(systemError())")
        }
    }

    private static func systemError() -> String {
        String(cString: strerror(errno))
    }
}
