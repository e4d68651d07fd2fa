import Foundation
import Testing

/// SPEC §9: a build that fails, or is stopped mid-write, never leaves a partial or
/// changed output file. Outputs are written to a temporary file and renamed over
/// the old one, so a reader sees the old bytes or the new ones, nothing between.
@Suite struct WriteSafetyTests {
    private func bytes(_ scratch: Scratch, _ path: String) -> Data? {
        FileManager.default.contents(atPath: scratch.url.appendingPathComponent(path).path)
    }

    private func inode(_ scratch: Scratch, _ path: String) throws -> UInt64? {
        let attributes = try FileManager.default.attributesOfItem(atPath: scratch.url.appendingPathComponent(path).path)
        return (attributes[.systemFileNumber] as? NSNumber)?.uint64Value
    }

    private func listing(_ scratch: Scratch, _ directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: scratch.url.appendingPathComponent(directory).path).sorted()
    }

    /// An output reached through a symbolic link (an app's catalog linked into a
    /// package) is written where the link leads, and the link stays; the file keeps
    /// its mode.
    /// A new file and a new folder take the umask, as any tool's do: under
    /// `umask 002` a group can write them.
    @Test func newOutputsTakeTheUmask() throws {
        let scratch = try Scratch()
        try scratch.write("a.form.yaml", Forms.valid)
        let formc = try #require(Formc.executable)
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "umask 002 && exec \"$0\" build a.form.yaml -o out/", formc.path]
        shell.currentDirectoryURL = scratch.url
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        func mode(_ path: String) throws -> Int? {
            (try FileManager.default.attributesOfItem(atPath: scratch.url.appendingPathComponent(path).path)[.posixPermissions] as? NSNumber)?.intValue
        }
        #expect(try mode("out") == 0o775)
        #expect(try mode("out/a.swift") == 0o664)
    }

    @Test func aLinkedOutputIsWrittenThroughItsLinkWithItsMode() throws {
        let scratch = try Scratch()
        try scratch.write("signup.form.yaml", Forms.valid)
        try scratch.write("app/Localizable.xcstrings", #"{ "sourceLanguage" : "en", "strings" : { }, "version" : "1.0" }"#)
        let real = scratch.url.appendingPathComponent("app/Localizable.xcstrings").path
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: real)
        try FileManager.default.createSymbolicLink(atPath: scratch.url.appendingPathComponent("L.xcstrings").path, withDestinationPath: "app/Localizable.xcstrings")
        try scratch.write("Generated/real.swift", "old")
        try FileManager.default.createSymbolicLink(atPath: scratch.url.appendingPathComponent("Form.swift").path, withDestinationPath: "Generated/real.swift")

        #expect(try scratch.run("strings", "signup.form.yaml", "-o", "L.xcstrings").status == 0)
        #expect(try scratch.run("build", "signup.form.yaml", "-o", "Form.swift").status == 0)
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: scratch.url.appendingPathComponent("L.xcstrings").path)
        #expect(link == "app/Localizable.xcstrings")
        #expect(String(decoding: bytes(scratch, "app/Localizable.xcstrings") ?? Data(), as: UTF8.self).contains("ContactForm."))
        #expect((try FileManager.default.attributesOfItem(atPath: real)[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: scratch.url.appendingPathComponent("Form.swift").path) == "Generated/real.swift")
        #expect(String(decoding: bytes(scratch, "Generated/real.swift") ?? Data(), as: UTF8.self).contains("final class"))
        #expect(try listing(scratch, "app") == ["Localizable.xcstrings"])
        // A link to a file not made yet is made where it points.
        try FileManager.default.createSymbolicLink(atPath: scratch.url.appendingPathComponent("Later.swift").path, withDestinationPath: "Generated/later.swift")
        #expect(try scratch.run("build", "signup.form.yaml", "-o", "Later.swift").status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: scratch.url.appendingPathComponent("Later.swift").path) == "Generated/later.swift")
        #expect(String(decoding: bytes(scratch, "Generated/later.swift") ?? Data(), as: UTF8.self).contains("final class"))
    }

    /// A link to a file not made yet is followed through every link on the way,
    /// and each stays a link; a loop of links, or a link into a folder that does
    /// not exist, is an error that names the link, and nothing is written.
    @Test func linksThatLoopOrLeadNowhereAreRefused() throws {
        let scratch = try Scratch()
        try scratch.write("signup.form.yaml", Forms.valid)
        try scratch.write("sub/keep", "")
        func link(_ path: String, _ destination: String) throws {
            try FileManager.default.createSymbolicLink(atPath: scratch.url.appendingPathComponent(path).path, withDestinationPath: destination)
        }
        try link("chain.xcstrings", "next.xcstrings")
        try link("next.xcstrings", "sub/last.xcstrings")
        #expect(try scratch.run("strings", "signup.form.yaml", "-o", "chain.xcstrings").status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: scratch.url.appendingPathComponent("next.xcstrings").path) == "sub/last.xcstrings")
        #expect(String(decoding: bytes(scratch, "sub/last.xcstrings") ?? Data(), as: UTF8.self).contains("ContactForm."))

        try link("one.swift", "two.swift")
        try link("two.swift", "one.swift")
        try link("one.xcstrings", "one.xcstrings")
        try link("lost.swift", "nowhere/lost.swift")
        try link("sub/lost.swift", "../nowhere/lost.swift")
        for (command, output, message) in [
            ("build", "one.swift", "cannot write 'one.swift': it is a symbolic link that leads back to itself"),
            ("strings", "one.xcstrings", "cannot write 'one.xcstrings': it is a symbolic link that leads back to itself"),
            ("build", "lost.swift", "cannot write 'lost.swift': it is a link to 'nowhere/lost.swift', in a folder that does not exist"),
            ("build", "sub/lost.swift", "cannot write 'sub/lost.swift': it is a link to 'sub/../nowhere/lost.swift', in a folder that does not exist"),
            ("build", "./lost.swift", "cannot write './lost.swift': it is a link to './nowhere/lost.swift', in a folder that does not exist"),
        ] {
            let run = try scratch.run(command, "signup.form.yaml", "-o", output)
            #expect(run.status == 1)
            #expect(run.stderr.contains(message), "\(run.stderr)")
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: scratch.url.appendingPathComponent("two.swift").path) == "one.swift")
        #expect(try listing(scratch, ".") == [
            "chain.xcstrings", "lost.swift", "next.xcstrings", "one.swift", "one.xcstrings", "signup.form.yaml", "sub", "two.swift",
        ])
    }

    @Test func anErrorInOneInputLeavesEveryOutputByteIdentical() throws {
        let scratch = try Scratch()
        try scratch.write("forms/a.form.yaml", Forms.numbered(1, broken: false))
        try scratch.write("forms/b.form.yaml", Forms.numbered(2, broken: false))
        #expect(try scratch.run("build", "forms", "-o", "Generated").status == 0)
        let before = (bytes(scratch, "Generated/a.swift"), bytes(scratch, "Generated/b.swift"))
        #expect(before.0 != nil && before.1 != nil)

        // `a` would now produce different Swift, but `b` has an error: nothing is written.
        try scratch.write("forms/a.form.yaml", Forms.numbered(3, broken: false))
        try scratch.write("forms/b.form.yaml", Forms.numbered(2, broken: true))
        let failed = try scratch.run("build", "forms", "-o", "Generated")
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("[FC101]"))
        #expect(bytes(scratch, "Generated/a.swift") == before.0)
        #expect(bytes(scratch, "Generated/b.swift") == before.1)
        #expect(try listing(scratch, "Generated") == ["a.swift", "b.swift"])

        // Once the error is fixed, `a` changes.
        try scratch.write("forms/b.form.yaml", Forms.numbered(2, broken: false))
        #expect(try scratch.run("build", "forms", "-o", "Generated").status == 0)
        #expect(bytes(scratch, "Generated/a.swift") != before.0)
        #expect(scratch.read("Generated/a.swift")?.contains("Form3") == true)
    }

    @Test func anErrorLeavesASingleOutputFileUntouched() throws {
        let scratch = try Scratch()
        try scratch.write("contact.form.yaml", Forms.valid)
        #expect(try scratch.run("build", "contact.form.yaml", "-o", "Contact.swift").status == 0)
        let before = bytes(scratch, "Contact.swift")
        try scratch.write("contact.form.yaml", Forms.unknownKey)
        #expect(try scratch.run("build", "contact.form.yaml", "-o", "Contact.swift").status == 1)
        #expect(bytes(scratch, "Contact.swift") == before)
    }

    /// A rewrite replaces the file (a new inode) rather than writing into it: a hard
    /// link to the old output keeps the old bytes, and no temporary file is left.
    @Test func outputsAreReplacedByRenameNotRewrittenInPlace() throws {
        let scratch = try Scratch()
        try scratch.write("forms/a.form.yaml", Forms.numbered(1, broken: false))
        #expect(try scratch.run("build", "forms", "-o", "Generated").status == 0)
        let old = try #require(bytes(scratch, "Generated/a.swift"))
        let oldInode = try inode(scratch, "Generated/a.swift")
        try FileManager.default.linkItem(
            at: scratch.url.appendingPathComponent("Generated/a.swift"),
            to: scratch.url.appendingPathComponent("old-a.swift")
        )

        try scratch.write("forms/a.form.yaml", Forms.numbered(4, broken: false))
        #expect(try scratch.run("build", "forms", "-o", "Generated").status == 0)
        #expect(scratch.read("Generated/a.swift")?.contains("Form4") == true)
        #expect(bytes(scratch, "old-a.swift") == old)
        #expect(try inode(scratch, "Generated/a.swift") != oldInode)
        #expect(try listing(scratch, "Generated") == ["a.swift"])
    }

    /// When the final rename fails (here the output path is a directory, which
    /// fails even for root), the run is a clean error and the temporary file is gone.
    @Test func aFailedReplaceIsACleanErrorWithNoTemporaryFileLeft() throws {
        let scratch = try Scratch()
        try scratch.write("forms/a.form.yaml", Forms.numbered(1, broken: false))
        try scratch.write("Generated/a.swift/keep.txt", "not a Swift file\n")
        let run = try scratch.run("build", "forms", "-o", "Generated")
        #expect(run.status == 1)
        #expect(run.stderr.contains("Generated/a.swift"))
        #expect(!run.stderr.contains("internal error"))
        #expect(try listing(scratch, "Generated") == ["a.swift"])
        #expect(scratch.read("Generated/a.swift/keep.txt") == "not a Swift file\n")
    }

    /// A read-only output directory: the error names the directory's problem, the
    /// old output stays and nothing is added. Root writes anywhere whatever the
    /// permissions, and CI runs as root, so there the directory is made immutable
    /// instead (`chattr +i`, which binds root too).
    @Test(.enabled(if: ReadOnlyDirectory.isPossible, "running as root without chattr +i (CAP_LINUX_IMMUTABLE)"))
    func aReadOnlyOutputDirectoryIsACleanError() throws {
        let scratch = try Scratch()
        try scratch.write("forms/a.form.yaml", Forms.numbered(1, broken: false))
        #expect(try scratch.run("build", "forms", "-o", "Generated").status == 0)
        let before = bytes(scratch, "Generated/a.swift")
        let readOnly = try #require(ReadOnlyDirectory(path: scratch.url.appendingPathComponent("Generated").path))
        // Left immutable, the scratch directory could not be removed, even by root.
        defer { #expect(readOnly.undo(), "could not make \(readOnly.path) writable again") }

        try scratch.write("forms/a.form.yaml", Forms.numbered(5, broken: false))
        let run = try scratch.run("build", "forms", "-o", "Generated")
        #expect(run.status == 1)
        #expect(run.stderr.contains("Generated"))
        #expect(run.stderr.contains(readOnly.expectedError))
        #expect(!run.stderr.contains("internal error"))
        #expect(bytes(scratch, "Generated/a.swift") == before)
        #expect(try listing(scratch, "Generated") == ["a.swift"])
    }

    /// A read-only output (a catalog not checked out for editing, chmod 444) is never
    /// replaced, not even by root, whom the permission itself does not stop: a run
    /// that would change it is an error naming it, and leaves its bytes; a run that
    /// leaves it as it is succeeds. Made writable, it is written.
    @Test func aReadOnlyOutputIsRefusedAndKeepsItsBytes() throws {
        let scratch = try Scratch()
        try scratch.write("contact.form.yaml", Forms.valid)
        #expect(try scratch.run("strings", "contact.form.yaml", "-o", "Localizable.xcstrings").status == 0)
        #expect(try scratch.run("build", "contact.form.yaml", "-o", "Contact.swift").status == 0)
        let catalog = scratch.url.appendingPathComponent("Localizable.xcstrings").path
        let swift = scratch.url.appendingPathComponent("Contact.swift").path
        for path in [catalog, swift] {
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        }
        #expect(try scratch.run("strings", "contact.form.yaml", "-o", "Localizable.xcstrings").status == 0)
        #expect(try scratch.run("build", "contact.form.yaml", "-o", "Contact.swift").status == 0)

        let catalogBefore = bytes(scratch, "Localizable.xcstrings")
        let swiftBefore = bytes(scratch, "Contact.swift")
        try scratch.write("contact.form.yaml", Forms.valid.replacingOccurrences(of: "Contact", with: "Reach"))
        let strings = try scratch.run("strings", "contact.form.yaml", "-o", "Localizable.xcstrings")
        #expect(strings.status == 1)
        #expect(strings.stderr.contains("cannot replace 'Localizable.xcstrings': it is read-only"), "\(strings.stderr)")
        #expect(bytes(scratch, "Localizable.xcstrings") == catalogBefore)
        let build = try scratch.run("build", "contact.form.yaml", "-o", "Contact.swift")
        #expect(build.status == 1)
        #expect(build.stderr.contains("cannot replace 'Contact.swift': it is read-only"), "\(build.stderr)")
        #expect(bytes(scratch, "Contact.swift") == swiftBefore)
        #expect(try listing(scratch, ".").filter { $0.hasSuffix(".tmp") } == [])

        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: catalog)
        #expect(try scratch.run("strings", "contact.form.yaml", "-o", "Localizable.xcstrings").status == 0)
        #expect(bytes(scratch, "Localizable.xcstrings") != catalogBefore)
    }

    /// `formc build` killed at a range of moments while it writes a large output:
    /// afterwards the output holds exactly the old bytes or exactly the new ones.
    @Test func aBuildKilledMidWriteLeavesTheOldOrTheNewFile() throws {
        let scratch = try Scratch()
        let executable = try #require(Formc.executable, "formc executable not found; set FORMC_BINARY")
        try scratch.write("big.form.yaml", Self.largeForm(name: "OldForm"))
        #expect(try scratch.run("build", "big.form.yaml", "-o", "Big.swift").status == 0)
        let old = try #require(bytes(scratch, "Big.swift"))
        try scratch.write("big.form.yaml", Self.largeForm(name: "NewForm"))

        var sawOld = false
        for attempt in 0..<12 {
            let process = Process()
            process.executableURL = executable
            process.arguments = ["build", "big.form.yaml", "-o", "Big.swift"]
            process.currentDirectoryURL = scratch.url
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // From almost at once to well past the end of a debug build's run.
            usleep(useconds_t(attempt * attempt * 4_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()

            let now = try #require(bytes(scratch, "Big.swift"))
            let isOld = now == old
            let isNew = String(decoding: now, as: UTF8.self).contains("final class NewForm") && now.count > old.count / 2
            #expect(isOld || isNew, "attempt \(attempt): \(now.count) bytes, neither the old output nor a whole new one")
            sawOld = sawOld || isOld
            if isNew {
                // A finished run must match an uninterrupted build byte for byte.
                let reference = try scratch.run("build", "big.form.yaml")
                #expect(now == Data(reference.stdout.utf8))
                break
            }
        }
        #expect(sawOld)
    }

    /// Stopped by Ctrl-C, `kill` or a closed terminal, formc deletes its temporary
    /// file on the way out: the folder holds the old output and nothing else.
    /// (Spawned with the three signals at their default action and unblocked: a
    /// test runner may ignore or block them, and an ignored signal stays ignored
    /// in formc, as `nohup` wants.)
    #if os(Linux)
    @Test func aBuildStoppedBySignalLeavesNoTemporaryFile() throws {
        let scratch = try Scratch()
        let executable = try #require(Formc.executable, "formc executable not found; set FORMC_BINARY")
        try scratch.write("big.form.yaml", Self.largeForm(name: "OldForm"))
        let directory = scratch.url.path
        var stoppedWhileWriting = 0
        for (attempt, signal) in [SIGINT, SIGTERM, SIGHUP, SIGINT, SIGTERM, SIGHUP, SIGINT, SIGTERM, SIGINT].enumerated() {
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            var defaults = sigset_t()
            sigemptyset(&defaults)
            for stop in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, stop) }
            posix_spawnattr_setsigdefault(&attributes, &defaults)
            var unblocked = sigset_t()
            sigemptyset(&unblocked)
            posix_spawnattr_setsigmask(&attributes, &unblocked)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
            let arguments = [executable.path, "build", directory + "/big.form.yaml", "-o", directory + "/Big.swift"]
            var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
            defer { argv.forEach { free($0) } }
            var pid: pid_t = 0
            #expect(posix_spawn(&pid, executable.path, nil, &attributes, &argv, environ) == 0)
            usleep(useconds_t(attempt * attempt * 4_000))
            kill(pid, signal)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            // Killed by the signal (WIFSIGNALED): the low seven bits hold it.
            if status & 0x7F != 0, status & 0x7F != 0x7F { stoppedWhileWriting += 1 }
            let left = try listing(scratch, ".")
            #expect(left.allSatisfy { !$0.hasSuffix(".tmp") }, "attempt \(attempt): \(left)")
        }
        #expect(stoppedWhileWriting > 0, "no run was stopped before it ended")
    }
    #endif

    /// A large output (many of the emitter's chunks) that is already up to date
    /// is left alone: same inode, same modification time, no temporary file; and
    /// what went to the file is what standard output gets.
    @Test func anUpToDateLargeOutputKeepsItsModificationTime() throws {
        let scratch = try Scratch()
        try scratch.write("big.form.yaml", Self.largeForm(name: "BigForm"))
        #expect(try scratch.run("build", "big.form.yaml", "-o", "Big.swift").status == 0)
        let output = scratch.url.appendingPathComponent("Big.swift")
        let written = try #require(bytes(scratch, "Big.swift"))
        #expect(written.count > 4 * 64 * 1024)
        #expect(Data(try scratch.run("build", "big.form.yaml").stdout.utf8) == written)

        let past = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: output.path)
        let oldInode = try inode(scratch, "Big.swift")
        #expect(try scratch.run("build", "big.form.yaml", "-o", "Big.swift").status == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: output.path)[.modificationDate] as? Date == past)
        #expect(try inode(scratch, "Big.swift") == oldInode)
        #expect(try listing(scratch, ".") == ["Big.swift", "big.form.yaml"])
        #expect(try scratch.run("build", "--check", "big.form.yaml", "-o", "Big.swift").status == 0)
    }

    /// One byte changed far into a large output, one byte missing at its end, or
    /// one byte too many: each is out of date for `--check` (which changes
    /// nothing) and is rewritten by `build`.
    @Test func aLargeOutputDifferingInOneByteIsRewritten() throws {
        let scratch = try Scratch()
        try scratch.write("big.form.yaml", Self.largeForm(name: "BigForm"))
        #expect(try scratch.run("build", "big.form.yaml", "-o", "Big.swift").status == 0)
        let original = try #require(bytes(scratch, "Big.swift"))
        var changed = original
        let far = changed.count * 9 / 10
        changed[far] = changed[far] == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x")
        let output = scratch.url.appendingPathComponent("Big.swift")
        for stale in [changed, original.dropLast(), original + Data("\n".utf8)] {
            try stale.write(to: output)
            let drift = try scratch.run("build", "--check", "big.form.yaml", "-o", "Big.swift")
            #expect(drift.status == 2)
            #expect(drift.stderr.contains("'Big.swift' is out of date"))
            #expect(bytes(scratch, "Big.swift") == stale)
            #expect(try scratch.run("build", "big.form.yaml", "-o", "Big.swift").status == 0)
            #expect(bytes(scratch, "Big.swift") == original)
            #expect(try listing(scratch, ".").filter { $0.hasSuffix(".tmp") }.isEmpty)
        }
    }

    /// An error in one of several inputs: the others' outputs (one of them large
    /// and out of date) stay byte for byte, no temporary file is left, and an
    /// output directory that did not exist is not created.
    @Test func anErrorInOneOfSeveralInputsWritesNoFileAtAll() throws {
        let scratch = try Scratch()
        try scratch.write("forms/a.form.yaml", Self.largeForm(name: "AForm"))
        try scratch.write("forms/b.form.yaml", Forms.numbered(2, broken: false))
        try scratch.write("forms/c.form.yaml", Forms.numbered(3, broken: false))
        #expect(try scratch.run("build", "forms", "-o", "Generated").status == 0)
        let before = try listing(scratch, "Generated").map { bytes(scratch, "Generated/" + $0) }

        try scratch.write("forms/a.form.yaml", Self.largeForm(name: "ChangedForm"))
        try scratch.write("forms/c.form.yaml", Forms.numbered(3, broken: true))
        for jobs in ["1", "4"] {
            let failed = try scratch.run("build", "forms", "-o", "Generated", environment: ["FORMC_JOBS": jobs])
            #expect(failed.status == 1)
            #expect(try listing(scratch, "Generated") == ["a.swift", "b.swift", "c.swift"])
            #expect(try listing(scratch, "Generated").map { bytes(scratch, "Generated/" + $0) } == before)
            #expect(try scratch.run("build", "forms", "-o", "New", environment: ["FORMC_JOBS": jobs]).status == 1)
            #expect(!scratch.exists("New"))
        }
    }

    /// Enough elements that writing the Swift takes measurable time.
    static func largeForm(name: String) -> String {
        var text = "formc: 1\nform: \(name)\nelements:\n"
        for index in 0..<1_500 {
            text += "  - textField: field\(index)\n    placeholder: Field number \(index)\n    rules: [required, { maxLength: 40 }]\n"
        }
        return text
    }
}

/// A directory no one may add files to for as long as the value lives: by its
/// permissions (0555) for an ordinary user, made immutable for root, whom
/// permissions do not bind.
private struct ReadOnlyDirectory {
    let path: String
    /// What the system says when a file is made in it.
    let expectedError: String
    private let asRoot: Bool

    /// Whether this process can make one: root needs `chattr` and the capability
    /// behind it, which some containers drop.
    static let isPossible: Bool = {
        guard geteuid() == 0 else { return true }
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("formc-immutable-\(UUID().uuidString)").path
        guard (try? FileManager.default.createDirectory(atPath: probe, withIntermediateDirectories: true)) != nil else { return false }
        defer { try? FileManager.default.removeItem(atPath: probe) }
        guard let directory = ReadOnlyDirectory(path: probe) else { return false }
        return directory.undo()
    }()

    init?(path: String) {
        self.path = path
        asRoot = geteuid() == 0
        if asRoot {
            guard Self.chattr("+i", path) else { return nil }
            expectedError = "Operation not permitted"
        } else {
            guard (try? FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: path)) != nil else { return nil }
            expectedError = "Permission denied"
        }
    }

    /// Makes the directory writable again; false when that failed.
    func undo() -> Bool {
        if asRoot { return Self.chattr("-i", path) }
        return (try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)) != nil
    }

    private static func chattr(_ flag: String, _ path: String) -> Bool {
        for tool in ["/usr/bin/chattr", "/bin/chattr"] where FileManager.default.isExecutableFile(atPath: tool) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = [flag, path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return false }
            process.waitUntilExit()
            return process.terminationStatus == 0
        }
        return false
    }
}

/// An output that is a device or a pipe (`-o /dev/stdout`, `-o /dev/null`, a FIFO)
/// gets the bytes written into it: it is never read, never replaced by a rename,
/// and no temporary file is made beside it.
@Suite struct StreamOutputTests {
    @Test func buildAndPreviewWriteToStandardOutputByItsPath() throws {
        let scratch = try Scratch()
        try scratch.write("contact.form.yaml", Forms.valid)
        let build = try scratch.run("build", "contact.form.yaml", "-o", "/dev/stdout")
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stdout.hasPrefix("// Generated by formc"), "\(build.stdout.prefix(200))")
        #expect(build.stdout == (try scratch.run("build", "contact.form.yaml")).stdout)
        let preview = try scratch.run("preview", "contact.form.yaml", "-o", "/dev/stdout")
        #expect(preview.status == 0, "\(preview.stderr)")
        #expect(preview.stdout.contains("<html"))
    }

    @Test func devNullStaysADevice() throws {
        let scratch = try Scratch()
        try scratch.write("contact.form.yaml", Forms.valid)
        #expect(try scratch.run("build", "contact.form.yaml", "-o", "/dev/null").status == 0)
        #expect(try scratch.run("build", "contact.form.yaml", "-o", "/dev/null", "--check").status == 2)
        let attributes = try FileManager.default.attributesOfItem(atPath: "/dev/null")
        #expect(attributes[.type] as? FileAttributeType == .typeCharacterSpecial)
        #expect(try FileManager.default.contentsOfDirectory(atPath: "/dev").filter { $0.contains(".formc-") }.isEmpty)
    }

    @Test func aPipeGetsTheSwiftAndStaysAPipe() throws {
        let scratch = try Scratch()
        try scratch.write("contact.form.yaml", Forms.valid)
        let pipe = try scratch.pipe("Contact.swift", through: "cat Contact.swift > read.txt")
        let run = try scratch.run("build", "contact.form.yaml", "-o", "Contact.swift")
        pipe.finish()
        #expect(run.status == 0, "\(run.stderr)")
        let read = try String(contentsOf: scratch.url.appendingPathComponent("read.txt"), encoding: .utf8)
        #expect(read == (try scratch.run("build", "contact.form.yaml")).stdout)
        let attributes = try FileManager.default.attributesOfItem(atPath: pipe.path)
        #expect((attributes[.type] as? FileAttributeType) != .typeRegular)
    }

    @Test func stringsRefusesACatalogThatIsNoFile() throws {
        let scratch = try Scratch()
        try scratch.write("contact.form.yaml", Forms.valid)
        let run = try scratch.run("strings", "contact.form.yaml", "-o", "/dev/null")
        #expect(run.status == 64)
        #expect(run.stderr.contains("'/dev/null' is not a regular file"), "\(run.stderr)")
    }
}
