#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CFormcSystem
import FormSource

/// The CLI's file IO, in POSIX terms so that a failure carries the system's own
/// reason ("No such file or directory", "Permission denied").
enum FileAccess {
    struct Failure: Error, CustomStringConvertible {
        var description: String

        /// What to do about it, for a file that holds `what` ("form files (…)").
        func help(reading what: String) -> DiagnosticHelp {
            if description.hasPrefix("No such file") { return "check the path: formc reads \(what)" }
            if description.hasPrefix("Permission denied") { return "give the user running formc permission to read the file" }
            return "check that the path names \(what) that can be read"
        }
    }

    /// The bytes of the file at `path`. At most `limit + 1` are read: enough for the
    /// reader's size limit (FC004) to tell, and no more, so that neither `/dev/zero`
    /// nor a file of gigabytes can take the memory or the time. `wholeRegularFile`
    /// reads a regular file whole whatever its size (a catalog, which has no limit).
    static func contents(
        of path: String, limit: Int = CompilerLimits.default.maxFileSize, wholeRegularFile: Bool = false
    ) -> Result<[UInt8], Failure> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(Failure(description: systemError())) }
        defer { close(descriptor) }
        var info = stat()
        var bytes: [UInt8] = []
        var failure: Failure?
        if fstat(descriptor, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR { return .failure(Failure(description: "Is a directory")) }
            // A regular file is read straight into an array of its size: no copy
            // from a chunk, and no growing (which would hold the old and the new
            // storage together).
            if (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0 {
                let size = wholeRegularFile ? Int(info.st_size) : min(Int(info.st_size), limit + 1)
                bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
                    while count < buffer.count {
                        let read = read(descriptor, buffer.baseAddress! + count, buffer.count - count)
                        if read < 0, errno == EINTR { continue }
                        if read < 0 { failure = Failure(description: systemError()) }
                        if read <= 0 { return }
                        count += read
                    }
                }
                if let failure { return .failure(failure) }
                // Cut at the limit; or shorter than its size said: it shrank, and the end was reached.
                if bytes.count < Int(info.st_size) { return .success(bytes) }
            }
        }
        // The rest: of a file that is not regular (a pipe), or one that grew; for
        // a regular file, the read that finds its end. The chunk is not cleared
        // first: only what `read` wrote is used.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64 * 1024) { chunk in
            while true {
                if bytes.count > limit { return .success(bytes) }
                let count = read(descriptor, chunk.baseAddress, min(chunk.count, limit + 1 - bytes.count))
                if count < 0 {
                    if errno == EINTR { continue }
                    return .failure(Failure(description: systemError()))
                }
                if count == 0 { return .success(bytes) }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[0..<count]))
            }
        }
    }

    /// Compares bytes handed over in chunks (a stream of generated Swift) with
    /// the file at a path, reading the file in step, 64 KB at a time: neither
    /// side is ever held whole. A class, so that the file is closed however the
    /// comparison ends.
    final class Comparison {
        /// The open file; -1 when it is missing or cannot be read.
        private var descriptor: Int32
        /// The file's size when it is a regular file: bytes past it differ
        /// without being read.
        private let size: Int?
        private var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        private var compared = 0
        private var differs = false

        private let path: String

        init(existing path: String) {
            self.path = path
            // Only a regular file is read: opening a pipe waits for a writer, and
            // reading `/dev/stdout` on a pipe would wait for formc itself.
            descriptor = isStream(path) ? -1 : open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            var info = stat()
            if descriptor >= 0, fstat(descriptor, &info) != 0 || (info.st_mode & S_IFMT) != S_IFREG {
                close(descriptor)
                descriptor = -1
            }
            size = descriptor >= 0 ? Int(info.st_size) : nil
        }

        deinit {
            if descriptor >= 0 { close(descriptor) }
        }

        /// Compares the next `bytes` with the file's next bytes; after the
        /// first difference nothing more is read.
        func compare(_ bytes: UnsafeRawBufferPointer) {
            guard descriptor >= 0, !differs else { return }
            if let size, compared + bytes.count > size {
                differs = true
                return
            }
            var offset = 0
            while offset < bytes.count {
                let wanted = min(chunk.count, bytes.count - offset)
                guard let count = readFile(wanted) else { return }
                guard count == wanted, chunk.withUnsafeBytes({ memcmp($0.baseAddress!, bytes.baseAddress! + offset, count) == 0 }) else {
                    differs = true
                    return
                }
                offset += count
            }
            compared += bytes.count
        }

        /// Whether every byte compared so far was the file's: the file exists, was
        /// readable and has not differed yet.
        var matchesSoFar: Bool { descriptor >= 0 && !differs }

        /// How many bytes compared equal, before the chunk that differed.
        var matchedCount: Int { compared }

        /// Copies the file's first `count` bytes (bytes that compared equal) to
        /// `temporary`, reading them again from the start of the file.
        func copyPrefix(_ count: Int, to temporary: TemporaryFile) throws(Failure) {
            var offset = 0
            while offset < count {
                let wanted = min(chunk.count, count - offset)
                let result = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, wanted, off_t(offset)) }
                if result < 0, errno == EINTR { continue }
                guard result > 0 else {
                    throw Failure(description: "cannot read '\(path)' again: \(result < 0 ? systemError() : "it got shorter")")
                }
                try temporary.write(chunk[0..<result])
                offset += result
            }
        }

        /// Whether the file held exactly the bytes compared, no more; nil when
        /// it is missing or could not be read.
        func matches() -> Bool? {
            guard descriptor >= 0 else { return nil }
            if differs { return false }
            if let size { return compared == size }
            guard let count = readFile(1) else { return nil }
            return count == 0
        }

        /// Reads up to `wanted` bytes into `chunk` (fewer only at the end of the
        /// file); nil, and the file treated as unreadable, on an error.
        private func readFile(_ wanted: Int) -> Int? {
            var count = 0
            while count < wanted {
                let result = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, wanted - count) }
                if result < 0 {
                    if errno == EINTR { continue }
                    close(descriptor)
                    descriptor = -1
                    return nil
                }
                if result == 0 { break }
                count += result
            }
            return count
        }
    }

    /// A new file's bytes on their way to `destination`: written to a temporary
    /// file in the same directory (`.NAME.formc-PID.tmp`), which `replace` then
    /// renames over the destination, so a reader sees the old file or the new
    /// one and never a partial one; or which `remove` deletes. Closed when the
    /// object goes.
    final class TemporaryFile: OutputFile {
        init(beside destination: String) throws(Failure) {
            // A file that is read-only (for its owner, or for this user) is one its
            // owner keeps from being changed (a catalog not checked out for editing):
            // the rename would replace it regardless, so it is refused here.
            let named = destination
            // Beside the file a link leads to, which `replace` renames over; with
            // the mode the file has (a catalog kept read-only for others stays so).
            let destination = try writeTarget(of: destination)
            var existing = stat()
            let exists = stat(destination, &existing) == 0
            if exists, (existing.st_mode & S_IFMT) == S_IFREG,
               existing.st_mode & S_IWUSR == 0 || access(destination, W_OK) != 0 {
                throw Failure(description: "cannot replace '\(named)': it is read-only; make it writable to let formc change it")
            }
            let directory = parentDirectory(of: destination)
            let name = destination.split(separator: "/").last.map(String.init) ?? destination
            let path = (directory == "." && !destination.hasPrefix("./") ? "" : directory + "/") + ".\(name).formc-\(getpid()).tmp"
            // Recorded before it exists, so that a stop (Ctrl-C) from then on deletes it.
            formc_remove_on_signal(path)
            do {
                try super.init(path, flags: O_CREAT | O_TRUNC, verb: "create")
            } catch {
                formc_keep_on_signal(path)
                throw error
            }
            formc_created_for_signal(path)
            if exists { adoptMode(existing.st_mode & 0o7777) }
        }
    }

    /// Where writing `path` goes: the file a symbolic link at `path` leads to (an
    /// app's `Localizable.xcstrings` linked into a package gets the keys, and the
    /// link stays a link), else `path` itself. A link to a file not made yet
    /// leads to where it points, through every link on the way; one that leads
    /// back to itself, or into a folder that does not exist, is refused: no
    /// link is replaced by a file, and no folder is made through a link.
    static func writeTarget(of path: String) throws(Failure) -> String {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return path }
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        var target = path
        for _ in 0..<40 {  // as many links as Linux follows
            guard lstat(target, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else {
                let directory = parentDirectory(of: target)
                guard stat(directory, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
                    throw Failure(description: "cannot write '\(path)': it is a link to '\(target)', in a folder that does not exist")
                }
                return target
            }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(target, &buffer, buffer.count - 1)
            guard count > 0 else { return target }
            let next = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            // Relative to the folder the link is in, spelled as the link was
            // (a link in the current folder named without `./` leads to `next`).
            let folder = parentDirectory(of: target)
            target = next.hasPrefix("/") || (folder == "." && !target.hasPrefix("./")) ? next : folder + "/" + next
        }
        throw Failure(description: "cannot write '\(path)': it is a symbolic link that leads back to itself")
    }

    /// Whether `path` names something other than a regular file or a directory
    /// (a device, a pipe), or anything under `/dev` or `/proc` (`/dev/stdout` may
    /// lead to a regular file). Output for it is appended as it is made
    /// (`OutputFile(stream:)`): it is neither compared nor replaced by a rename,
    /// and no temporary file is made beside it.
    static func isStream(_ path: String) -> Bool {
        if path.hasPrefix("/dev/") || path.hasPrefix("/proc/") { return true }
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let type = info.st_mode & S_IFMT
        return type != S_IFREG && type != S_IFDIR
    }

    /// A file open for writing: a temporary file, or a stream (`isStream`).
    class OutputFile {
        let path: String
        private let descriptor: Int32

        /// The stream at `path`, opened for writing at its end (where a shell's
        /// `>` or `>>` left standard output).
        convenience init(stream path: String) throws(Failure) {
            try self.init(path, flags: O_APPEND | O_NOCTTY, verb: "open")
        }

        fileprivate init(_ path: String, flags: Int32, verb: String) throws(Failure) {
            self.path = path
            descriptor = open(path, O_WRONLY | O_CLOEXEC | flags, 0o666)  // less the umask, as any tool makes a file
            guard descriptor >= 0 else { throw Failure(description: "cannot \(verb) '\(path)': \(systemError())") }
        }

        deinit {
            close(descriptor)
        }

        fileprivate func adoptMode(_ mode: mode_t) {
            fchmod(descriptor, mode)
        }

        func write(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
            guard writeAll(bytes, to: descriptor) else {
                throw Failure(description: "cannot write '\(path)': \(systemError())")
            }
        }

        func write(_ bytes: ArraySlice<UInt8>) throws(Failure) {
            guard bytes.withUnsafeBytes({ writeAll($0, to: descriptor) }) else {
                throw Failure(description: "cannot write '\(path)': \(systemError())")
            }
        }
    }

    /// Renames the finished `temporary` over `path` (atomically; over the file a
    /// link at `path` leads to), or removes it when that fails.
    static func replace(_ path: String, with temporary: String) throws(Failure) {
        let target: String
        do {
            target = try writeTarget(of: path)
        } catch {
            remove(temporary)
            throw error
        }
        guard rename(temporary, target) == 0 else {
            let reason = systemError()
            remove(temporary)
            throw Failure(description: "cannot replace '\(path)': \(reason)")
        }
        formc_keep_on_signal(temporary)
    }

    static func remove(_ path: String) {
        unlink(path)
        formc_keep_on_signal(path)
    }

    static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Whether `path` names a directory; with `followingLinks: false`, a symbolic
    /// link to one is not a directory.
    /// The file a path names, links followed (device and inode): two spellings of
    /// one file (`a.form.yaml`, `./a.form.yaml`, a link to it) have one identity.
    /// Nil when nothing is there.
    struct Identity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    static func identity(of path: String) -> Identity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        // `dev_t` is signed on some systems: its bits, whatever their sign.
        return Identity(device: UInt64(truncatingIfNeeded: Int64(info.st_dev)), inode: UInt64(info.st_ino))
    }

    /// Whether `path` names a pipe, a device or a socket (links followed): no file
    /// a directory search should open, as reading one may never end.
    static func isSpecial(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let type = info.st_mode & S_IFMT
        return type == S_IFIFO || type == S_IFCHR || type == S_IFBLK || type == S_IFSOCK
    }

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
                // A non-blocking descriptor (a standard output some parent left so)
                // that is full for now: wait until it takes more.
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    if poll(&ready, 1, -1) >= 0 || errno == EINTR { continue }
                }
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
        if mkdir(path, 0o777) != 0, errno != EEXIST {  // less the umask
            throw Failure(description: "cannot create directory '\(path)': \(systemError())")
        }
    }

    static func systemError() -> String {
        String(cString: strerror(errno))
    }
}
