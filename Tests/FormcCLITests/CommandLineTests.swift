#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing

/// Exit statuses, usage errors and `explain`: none of these needs a form to compile.
@Suite struct CommandLineTests {
    @Test func versionAnswersWithoutRunningACommand() throws {
        let scratch = try Scratch()
        // FORMC_DEBUG_CRASH fails every command body: --version must not reach one.
        let run = try scratch.run("--version", environment: ["FORMC_DEBUG_CRASH": "1"])
        #expect(run.status == 0)
        #expect(run.stdout == "0.1.0\n")
    }

    @Test func noInputIsAUsageError() throws {
        let scratch = try Scratch()
        for command in ["lint", "build"] {
            let run = try scratch.run(command)
            #expect(run.status == 64, "\(command)")
            #expect(run.stderr.contains("No input."), "\(command)")
        }
    }

    @Test func noCommandIsAUsageErrorAndHelpIsNot() throws {
        let scratch = try Scratch()
        let bare = try scratch.run()
        #expect(bare.status == 64)
        #expect(bare.stdout.isEmpty)
        #expect(bare.stderr.contains("Missing a command: lint, build"), "\(bare.stderr)")
        let help = try scratch.run("--help")
        #expect(help.status == 0)
        #expect(help.stdout.contains("SUBCOMMANDS:"))
    }

    @Test func unknownOptionAndFormatAreUsageErrors() throws {
        let scratch = try Scratch()
        #expect(try scratch.run("lint", "--frobnicate", "x").status == 64)
        #expect(try scratch.run("lint", "--format", "html", "x").status == 64)
        #expect(try scratch.run("build", "--access-level", "open", "x").status == 64)
    }

    @Test func anInternalErrorExits70() throws {
        let scratch = try Scratch()
        let run = try scratch.run("lint", "a.form.yaml", environment: ["FORMC_DEBUG_CRASH": "1"])
        #expect(run.status == 70)
        #expect(run.stderr.contains("internal error"))
    }

    @Test func aMissingFileIsFC005AndTheOthersAreStillChecked() throws {
        let scratch = try Scratch()
        try scratch.write("ok.form.yaml", Forms.valid)
        let run = try scratch.run("lint", "--format", "json", "gone.form.yaml", "ok.form.yaml")
        #expect(run.status == 1)
        #expect(run.stdout.contains(#""file": "gone.form.yaml""#))
        #expect(run.stdout.contains(#""code": "FC005""#))
        #expect(run.stdout.contains(#""files": 2"#))
    }

    @Test func textReportGoesToStandardErrorWithoutColourWhenPiped() throws {
        let scratch = try Scratch()
        let run = try scratch.run("lint", "gone.form.yaml", environment: ["NO_COLOR": ""])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("gone.form.yaml:1:1: error: cannot read 'gone.form.yaml': No such file or directory [FC005]\n"))
        #expect(run.stderr.hasSuffix("1 error in 1 file\n"))
        #expect(!run.stderr.contains("\u{1B}"))
    }

    @Test func autoFormatIsGitHubAnnotationsOnGitHubActions() throws {
        let scratch = try Scratch()
        let run = try scratch.run("lint", "gone,1.form.yaml", environment: ["GITHUB_ACTIONS": "true"])
        #expect(run.status == 1)
        #expect(run.stdout == "::error file=gone%2C1.form.yaml,line=1,col=1,endLine=1,endColumn=1,title=FC005::cannot read 'gone,1.form.yaml': No such file or directory"
            + "%0Ahelp: check the path: formc reads form files (.form.yaml, .form.yml or .form.json) and folders that hold them\n")
    }

    @Test func sarifReportPointsAtRelativeURIs() throws {
        let scratch = try Scratch()
        let run = try scratch.run("lint", "--format", "sarif", "./sub/../gone.form.yaml")
        #expect(run.status == 1)
        let log = try #require(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let result = try #require(((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first)
        #expect(result["ruleId"] as? String == "FC005")
        let physical = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
        #expect((physical?["artifactLocation"] as? [String: Any])?["uri"] as? String == "gone.form.yaml")
    }

    @Test func explainPrintsMeaningExampleAndFix() throws {
        let scratch = try Scratch()
        for spelling in ["FC400", "fc400", "400"] {
            let run = try scratch.run("explain", spelling)
            #expect(run.status == 0)
            #expect(run.stdout.hasPrefix("FC400: unknown rule (error)\n"))
            #expect(run.stdout.contains("Example:") && run.stdout.contains("minLenght") && run.stdout.contains("Fix:"))
        }
    }

    @Test func explainOfAnUnknownCodeSuggestsTheClosest() throws {
        let scratch = try Scratch()
        let run = try scratch.run("explain", "FC40")
        #expect(run.status == 64)
        #expect(run.stderr.contains("Unknown diagnostic code 'FC40'. Did you mean 'FC400'?"))
        // The span named is the catalog's, the catalog codes (FC600…) included.
        #expect(run.stderr.contains("Codes run from FC001 to FC604;"))
        #expect(try scratch.run("explain").status == 64)
        #expect(try scratch.run("explain", "FC001", "--all").status == 64)
    }

    @Test func explainAllMarkdownIsTheCommittedDoc() throws {
        let scratch = try Scratch()
        let run = try scratch.run("explain", "--all", "--markdown")
        #expect(run.status == 0)
        let doc = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/diagnostics.md")
        let committed = try String(contentsOf: doc, encoding: .utf8)
        #expect(run.stdout == committed, "regenerate: formc explain --all --markdown > docs/diagnostics.md")
    }

    @Test func discoveryFindsFormFilesInSortedOrderSkippingHiddenFoldersAndBuild() throws {
        let scratch = try Scratch()
        for path in ["forms/.hidden/h.form.yaml", "forms/.build/x.form.yaml", "forms/notes.yaml", "forms/x.form.yaml.bak"] {
            try scratch.write(path, "")
        }
        // Dangling links cannot be read, so every discovered file shows up in the
        // report as FC005, whatever the front end makes of form text.
        try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent("forms/a"), withIntermediateDirectories: true)
        for path in ["forms/b.form.yaml", "forms/a/c.form.yml", "forms/z.form.json", "forms/a.form.yaml"] {
            try FileManager.default.createSymbolicLink(atPath: scratch.url.appendingPathComponent(path).path, withDestinationPath: "/nonexistent/formc")
        }
        let run = try scratch.run("lint", "--format", "xcode", "forms")
        #expect(run.status == 1)
        let files = run.stderr.split(separator: "\n").filter { $0.contains(": error: ") }.map { String($0.prefix { $0 != ":" }) }
        #expect(files == ["forms/a.form.yaml", "forms/a/c.form.yml", "forms/b.form.yaml", "forms/z.form.json"])
        let json = try scratch.run("lint", "--format", "json", "forms/")
        #expect(json.stdout.contains(#""files": 4"#))
    }

    @Test func discoveryDoesNotFollowLinksToFolders() throws {
        let scratch = try Scratch()
        try scratch.write("forms/real/x.form.yaml", "")
        try scratch.write("elsewhere/y.form.yaml", "")
        let forms = scratch.url.appendingPathComponent("forms").path
        // A cycle (forms/loop → forms), a link to a folder outside, and a link named
        // like a form file that points at a folder: none is followed or read.
        try FileManager.default.createSymbolicLink(atPath: forms + "/loop", withDestinationPath: forms)
        try FileManager.default.createSymbolicLink(atPath: forms + "/outside", withDestinationPath: scratch.url.appendingPathComponent("elsewhere").path)
        try FileManager.default.createSymbolicLink(atPath: forms + "/folder.form.yaml", withDestinationPath: forms + "/real")
        let run = try scratch.run("lint", "--format", "xcode", "forms")
        #expect(run.status == 1)
        let files = run.stderr.split(separator: "\n").map { String($0.prefix { $0 != ":" }) }
        #expect(Set(files) == ["forms/real/x.form.yaml"])
    }

    @Test func aDirectoryWithoutFormsIsReported() throws {
        let scratch = try Scratch()
        try scratch.write("empty/readme.md", "")
        let run = try scratch.run("lint", "empty")
        #expect(run.status == 1)
        #expect(run.stderr.contains("no form files in directory 'empty'"))
    }

    /// A pipe named like a form inside a searched folder is skipped (reading one
    /// waits for a writer); a stream named on the command line is read up to the
    /// size limit, then FC004, with no snippet of its one endless line.
    @Test func streamsNeverHangTheSearchOrTheRead() throws {
        let scratch = try Scratch()
        try scratch.write("forms/a.form.yaml", Forms.valid)
        #expect(mkfifo(scratch.url.appendingPathComponent("forms/pipe.form.yaml").path, 0o644) == 0)
        let search = try scratch.run("lint", "--format", "json", "forms")
        #expect(search.status == 0)
        #expect(search.stdout.contains(#""files": 1"#))
        let zero = try scratch.run("lint", "/dev/zero")
        #expect(zero.status == 1)
        #expect(zero.stderr.contains("[FC004]"))
        #expect(zero.stderr.utf8.count < 4_000)
        // A catalog from a stream: the same limit, FC004 rather than a cut catalog's FC603.
        let catalog = try scratch.run("lint", "--strings", "/dev/zero", "forms/a.form.yaml")
        #expect(catalog.status == 1)
        #expect(catalog.stderr.contains("[FC004]") && catalog.stderr.contains("more than the limit"), "\(catalog.stderr)")
        #expect(!catalog.stderr.contains("FC603"))
        // A catalog's file is read whole, larger than the limit too.
        let padding = String(repeating: " ", count: 16 * 1024 * 1024)
        try scratch.write("big.xcstrings", "{\"sourceLanguage\" : \"en\",\(padding)\"strings\" : {}, \"version\" : \"1.0\"}")
        let big = try scratch.run("lint", "--strings", "big.xcstrings", "forms/a.form.yaml")
        #expect(!big.stderr.contains("FC004"), "\(big.stderr)")
        #expect(!big.stderr.contains("FC603"), "\(big.stderr)")
    }

    /// A form file of any size is read up to the size limit, then FC004: a sparse
    /// file of 64 GiB takes neither the memory nor the time.
    @Test func aHugeFormFileIsReadOnlyToTheLimit() throws {
        let scratch = try Scratch()
        try scratch.write("huge.form.yaml", "formc: 1\nform: Huge\nelements:\n  - spacer: 8\n#")
        #expect(truncate(scratch.url.appendingPathComponent("huge.form.yaml").path, 64 << 30) == 0)
        for command in ["lint", "build"] {
            let run = try scratch.run(command, "huge.form.yaml")
            #expect(run.status == 1, "\(run.stderr)")
            #expect(run.stderr.contains("error: file is more than the limit of 16777216 bytes [FC004]"), "\(run.stderr)")
        }
    }

    /// Standard output that cannot be written (a full disk) is exit 70 with the
    /// reason, never 0 over a cut file; a closed pipe is not formc's problem.
    @Test func aFailedWriteToStandardOutputIsExit70() throws {
        let scratch = try Scratch()
        try scratch.write("a.form.yaml", Forms.valid)
        let formc = try #require(Formc.executable).path
        for command in ["build a.form.yaml", "schema", "lint --format json a.form.yaml", "explain FC001"] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "'\(formc)' \(command) > /dev/full 2> err.txt"]
            process.currentDirectoryURL = scratch.url
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 70, "\(command)")
            let err = try String(contentsOf: scratch.url.appendingPathComponent("err.txt"), encoding: .utf8)
            #expect(err.contains("cannot write to standard output"), "\(command)")
        }
    }

    /// A reader that has closed the pipe (`formc lint | head`) ends no run: the
    /// exit status still says what formc found, never a death by SIGPIPE.
    @Test func aClosedPipeIsNotAnError() throws {
        let scratch = try Scratch()
        try scratch.write("a.form.yaml", Forms.valid)
        try scratch.write("bad.form.yaml", Forms.unknownKey)
        let executable = try #require(Formc.executable)
        for (arguments, status) in [(["build", "a.form.yaml"], Int32(0)), (["lint", "--format", "json", "bad.form.yaml"], 1), (["schema"], 0)] {
            let pipe = Pipe()
            // No reader at all: formc's first write to standard output finds the pipe closed.
            try pipe.fileHandleForReading.close()
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            process.currentDirectoryURL = scratch.url
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            try process.run()
            try pipe.fileHandleForWriting.close()
            process.waitUntilExit()
            #expect(process.terminationReason == .exit, "\(arguments)")
            #expect(process.terminationStatus == status, "\(arguments)")
        }
    }

    /// A non-blocking standard output that fills up is waited for, not a failure:
    /// every byte of the Swift arrives.
    @Test func aFullNonBlockingStandardOutputIsWaitedFor() throws {
        let scratch = try Scratch()
        var form = "formc: 1\nform: WideForm\nelements:\n"
        for index in 0..<400 { form += "  - textField: field\(index)\n    rules: [required]\n" }
        try scratch.write("wide.form.yaml", form)
        let expected = try scratch.run("build", "wide.form.yaml").stdout
        #expect(expected.utf8.count > 200_000)
        let pipe = Pipe()
        let writer = pipe.fileHandleForWriting.fileDescriptor
        #expect(fcntl(writer, F_SETFL, fcntl(writer, F_GETFL) | O_NONBLOCK) == 0)
        let executable = try #require(Formc.executable)
        let process = Process()
        process.executableURL = executable
        process.arguments = ["build", "wide.form.yaml"]
        process.currentDirectoryURL = scratch.url
        process.standardOutput = pipe
        try process.run()
        try pipe.fileHandleForWriting.close()
        usleep(300_000)  // the pipe fills while nothing reads it
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(String(decoding: output, as: UTF8.self) == expected)
    }

    /// A single output file's missing folder is made, as an output directory is.
    @Test func aSingleOutputsMissingFolderIsMade() throws {
        let scratch = try Scratch()
        try scratch.write("a.form.yaml", Forms.valid)
        #expect(try scratch.run("build", "a.form.yaml", "-o", "Generated/Forms/A.swift").status == 0)
        #expect(scratch.exists("Generated/Forms/A.swift"))
    }

    /// Several inputs need a folder: `-o` naming a file, or a Swift file's name,
    /// is a usage error; a folder standing where one output goes stops the build
    /// before any output is replaced.
    @Test func severalInputsNeedAFolderThatCanTakeEveryOutput() throws {
        let scratch = try Scratch()
        try scratch.write("a.form.yaml", Forms.valid)
        try scratch.write("b.form.yaml", Forms.valid.replacingOccurrences(of: "ContactForm", with: "OtherForm"))
        try scratch.write("exist.swift", "keep")
        for output in ["exist.swift", "out.swift"] {
            let run = try scratch.run("build", "a.form.yaml", "b.form.yaml", "-o", output)
            #expect(run.status == 64, "\(output)")
            #expect(run.stderr.contains("give -o a directory"), "\(output)")
        }
        #expect(!scratch.exists("out.swift"))
        #expect(try scratch.run("build", "a.form.yaml", "b.form.yaml", "-o", "po").status == 0)
        let first = try Data(contentsOf: scratch.url.appendingPathComponent("po/a.swift"))
        try FileManager.default.removeItem(at: scratch.url.appendingPathComponent("po/b.swift"))
        try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent("po/b.swift"), withIntermediateDirectories: true)
        try scratch.write("a.form.yaml", Forms.valid.replacingOccurrences(of: "ContactForm", with: "RenamedForm"))
        let blocked = try scratch.run("build", "a.form.yaml", "b.form.yaml", "-o", "po")
        #expect(blocked.status == 1)
        #expect(blocked.stderr.contains("Is a directory"))
        #expect(try Data(contentsOf: scratch.url.appendingPathComponent("po/a.swift")) == first)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.appendingPathComponent("po").path).sorted() == ["a.swift", "b.swift"])
    }

    /// One file named two ways is checked once.
    @Test func oneFileSpelledTwoWaysIsOneInput() throws {
        let scratch = try Scratch()
        try scratch.write("a.form.yaml", Forms.valid)
        let run = try scratch.run("lint", "--format", "json", "a.form.yaml", "./a.form.yaml")
        #expect(run.status == 0)
        #expect(run.stdout.contains(#""files": 1"#))
    }

    /// The Swift never replaces the form it comes from.
    @Test func anOutputThatIsAnInputIsAUsageError() throws {
        let scratch = try Scratch()
        try scratch.write("self.form.yaml", Forms.valid)
        for output in ["self.form.yaml", "./self.form.yaml"] {
            let run = try scratch.run("build", "self.form.yaml", "-o", output)
            #expect(run.status == 64)
            #expect(run.stderr.contains("would be written over 'self.form.yaml' itself"))
        }
        try scratch.write("dir/x.swift", Forms.valid)
        let folder = try scratch.run("build", "dir/x.swift", "-o", "dir/")
        #expect(folder.status == 64)
        #expect(try String(contentsOf: scratch.url.appendingPathComponent("self.form.yaml"), encoding: .utf8) == Forms.valid)
        #expect(try String(contentsOf: scratch.url.appendingPathComponent("dir/x.swift"), encoding: .utf8) == Forms.valid)
    }

    /// No output replaces a file the run reads: a preview's page or image over
    /// a form or the catalog it draws from, the Swift over the configuration.
    @Test func noOutputReplacesAFileTheRunReads() throws {
        let scratch = try Scratch()
        try scratch.write("in/a.html", Forms.valid)
        try scratch.write("in/b.form.yaml", Forms.valid)
        try scratch.write("self.form.yaml", Forms.valid)
        try scratch.write("L.xcstrings", #"{"sourceLanguage":"en","strings":{},"version":"1.0"}"#)
        try scratch.write("formc-config.yaml", "accessLevel: public\n")
        let runs = [
            (try scratch.run("preview", "self.form.yaml", "-o", "self.form.yaml"), "the form 'self.form.yaml'"),
            (try scratch.run("preview", "in/a.html", "in/b.form.yaml", "-o", "in/"), "the form 'in/a.html'"),
            (try scratch.run("preview", "self.form.yaml", "--locale", "de", "--strings", "L.xcstrings", "-o", "./L.xcstrings"), "the catalog 'L.xcstrings'"),
            (try scratch.run("build", "self.form.yaml", "--config", "formc-config.yaml", "-o", "formc-config.yaml"), "the configuration 'formc-config.yaml'"),
            (try scratch.run("strings", "self.form.yaml", "-o", "self.form.yaml"), "the form 'self.form.yaml'"),
        ]
        for (run, named) in runs {
            #expect(run.status == 64)
            #expect(run.stderr.contains(named))
        }
        #expect(try String(contentsOf: scratch.url.appendingPathComponent("self.form.yaml"), encoding: .utf8) == Forms.valid)
        #expect(try String(contentsOf: scratch.url.appendingPathComponent("in/a.html"), encoding: .utf8) == Forms.valid)
        #expect(try String(contentsOf: scratch.url.appendingPathComponent("formc-config.yaml"), encoding: .utf8) == "accessLevel: public\n")
        #expect(try String(contentsOf: scratch.url.appendingPathComponent("L.xcstrings"), encoding: .utf8).hasPrefix("{"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.appendingPathComponent("in").path).sorted() == ["a.html", "b.form.yaml"])
    }

    /// An output that must be a directory and cannot be one is a usage error,
    /// for a preview as for a build, before anything is written.
    @Test func anOutputThatCannotBeADirectoryIsAUsageError() throws {
        let scratch = try Scratch()
        try scratch.write("forms/a.form.yaml", Forms.valid)
        try scratch.write("forms/b.form.yaml", Forms.valid)
        try scratch.write("afile", "mine")
        let runs = [
            (try scratch.run("preview", "forms", "-o", "afile"), "'afile' is a file"),
            (try scratch.run("preview", "forms", "-o", "pages.html"), "named like a page"),
            (try scratch.run("build", "forms/a.form.yaml", "-o", "afile/"), "'afile' is a file"),
            (try scratch.run("build", "forms", "-o", ""), "-o is empty"),
            (try scratch.run("build", "forms/a.form.yaml", "-o", ""), "-o is empty"),
            (try scratch.run("build", "--check", "forms/a.form.yaml", "-o", ""), "-o is empty"),
            (try scratch.run("preview", "forms/a.form.yaml", "-o", ""), "-o is empty"),
            (try scratch.run("strings", "forms", "-o", ""), "-o is empty"),
            (try scratch.run("strings", "forms", "-o", "newdir/"), "'newdir/' is a directory"),
            (try scratch.run("strings", "forms", "-o", "-"), "-o - would be standard output"),
            (try scratch.run("preview", "forms/a.form.yaml", "-o", "-"), "-o - would be standard output"),
            (try scratch.run("build", "--check", "forms/a.form.yaml", "-o", "-"), "--check compares with existing files"),
            (try scratch.run("build", "forms", "-o", "-"), "2 inputs need an output directory"),
            (try scratch.run("build", "forms/a.form.yaml", ""), "an input is empty"),
            (try scratch.run("lint", ""), "an input is empty"),
            (try scratch.run("lint", "forms", "--strings", ""), "--strings is empty"),
            (try scratch.run("build", "forms/a.form.yaml", "--config", "", "-o", "out.swift"), "--config is empty"),
            (try scratch.run("preview", "forms/a.form.yaml", "-o", "a.html", "--locale", "de", "--strings", ""), "--strings is empty"),
            (try scratch.run("dump", ""), "the input is empty"),
            (try scratch.run("strings", "forms", "-o", "forms"), "'forms' is a directory"),
            (try scratch.run("build", "forms/a.form.yaml", "forms/b.form.yaml"), "2 inputs need an output directory"),
        ]
        for (run, says) in runs {
            #expect(run.status == 64)
            #expect(run.stderr.contains(says))
        }
        #expect(try String(contentsOf: scratch.url.appendingPathComponent("afile"), encoding: .utf8) == "mine")
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("pages.html").path))
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("newdir").path))
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("-").path))
        // `build -o -` is standard output, as without -o.
        let dash = try scratch.run("build", "forms/a.form.yaml", "-o", "-")
        #expect(dash.status == 0)
        #expect(dash.stdout == (try scratch.run("build", "forms/a.form.yaml")).stdout)
        #expect(dash.stdout.contains("import FormRuntime"))
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("-").path))
        try scratch.write("one/a.form.yaml", Forms.valid)
        let one = try scratch.run("build", "one")
        #expect(one.status == 64)
        #expect(one.stderr.contains("1 input needs an output directory"))
    }

    /// A line break in a key cannot start a line that looks like a diagnostic.
    @Test func aLineBreakInAKeyStaysInItsMessage() throws {
        let scratch = try Scratch()
        try scratch.write("k.form.yaml", "formc: 1\nform: K\nelements:\n  - textField: a\n    \"x\\nk.form.yaml:1:1: error: forged\": 1\n")
        let run = try scratch.run("lint", "k.form.yaml")
        #expect(run.status == 1)
        #expect(!run.stderr.split(separator: "\n").contains { $0.hasPrefix("k.form.yaml:1:1: error: forged") })
        let github = try scratch.run("lint", "--format", "github", "k.form.yaml")
        #expect(!github.stdout.contains("\u{1B}") && github.stdout.split(separator: "\n").count == 1)
    }

    /// Forms built into one folder share one module: two that declare one type
    /// name (the form's, or its validators protocol) are FC204 at the later one's
    /// `form:`, and build writes nothing; lint, which may take several modules'
    /// forms, does not compare them.
    @Test func formsBuiltTogetherDeclareDifferentTypes() throws {
        let scratch = try Scratch()
        try scratch.write("forms/a.form.yaml", "formc: 1\nform: SignUpForm\nelements:\n  - textField: email\n")
        try scratch.write("forms/b.form.yaml", "formc: 1\nform: SignUpForm\nelements:\n  - textField: name\n")
        try scratch.write("forms/c.form.yaml", "formc: 1\nform: Pay\nelements:\n  - textField: card\n    rules: [{ custom: luhn }]\n")
        try scratch.write("forms/d.form.yaml", "formc: 1\nform: PayValidators\nelements:\n  - textField: note\n")
        #expect(try scratch.run("lint", "forms").status == 0)
        let build = try scratch.run("build", "--format", "xcode", "forms", "-o", "out")
        #expect(build.status == 1)
        #expect(build.stderr.split(separator: "\n").filter { $0.contains("error:") } == [
            "forms/b.form.yaml:2:7: error: form type 'SignUpForm' is also the form type of 'forms/a.form.yaml': forms built together share one module [FC204]",
            "forms/d.form.yaml:2:7: error: form type 'PayValidators' is also the validators protocol of form 'Pay' in 'forms/c.form.yaml': forms built together share one module [FC204]",
        ])
        #expect(!scratch.exists("out"))
        // Each on its own is fine.
        #expect(try scratch.run("build", "forms/b.form.yaml", "-o", "out/b.swift").status == 0)
        // A form with an error of its own is compared too: both are reported at once.
        try scratch.write("more/a.form.yaml", "formc: 1\nform: Pay\nelements:\n  - textField: Card\n")
        try scratch.write("more/b.form.yaml", "formc: 1\nform: Pay\nelements:\n  - textField: note\n")
        let both = try scratch.run("build", "--format", "xcode", "more", "-o", "out2")
        #expect(both.stderr.split(separator: "\n").filter { $0.contains("error:") }.map { $0.split(separator: " ").prefix(2).joined(separator: " ") } == [
            "more/a.form.yaml:4:16: error:", "more/b.form.yaml:2:7: error:",
        ])
    }

    @Test func buildUsageErrors() throws {
        let scratch = try Scratch()
        try scratch.write("a/x.form.yaml", Forms.valid)
        try scratch.write("b/x.form.yaml", Forms.valid)
        let collision = try scratch.run("build", "a/x.form.yaml", "b/x.form.yaml", "-o", "out")
        #expect(collision.status == 64)
        #expect(collision.stderr.contains("'a/x.form.yaml' and 'b/x.form.yaml' would both be written to 'x.swift'"))
        #expect(!scratch.exists("out"))
        let several = try scratch.run("build", "a/x.form.yaml", "b/x.form.yaml")
        #expect(several.status == 64)
        #expect(several.stderr.contains("-o DIR"))
        #expect(try scratch.run("build", "--check", "a/x.form.yaml").status == 64)
    }
}

/// `formc lint` and `formc build` lines that `QuickArguments` knows are read
/// without ArgumentParser (a faster start); any other line goes through
/// ArgumentParser. Each pair below says the same thing once in a spelling the
/// quick reader takes and once in one only ArgumentParser takes (`--opt=value`,
/// `--`): both must answer alike, to the byte and the exit status.
@Suite struct PlainLintTests {
    @Test(arguments: [[String: String](), ["GITHUB_ACTIONS": "true"]])
    func aPlainLintAnswersAsTheParsedOne(environment: [String: String]) throws {
        let scratch = try Scratch()
        try scratch.write("good.form.yaml", "formc: 1\nform: Good\nelements:\n  - textField: name\n")
        try scratch.write(
            "bad.form.yaml", "formc: 1\nform: Bad\nelements:\n  - textField: name\n  - boolean: name\n    rules: [{ minLength: -1 }]\n"
        )
        try scratch.write("warned.form.yaml", "formc: 1\nform: Warned\nelements:\n  - textField: name\n    rules: [{ minLength: 0 }]\n")
        for inputs in [["good.form.yaml"], ["bad.form.yaml"], ["good.form.yaml", "bad.form.yaml"], ["."], ["missing.form.yaml"], ["warned.form.yaml"]] {
            let lines: [(quick: [String], parsed: [String])] = [
                (["lint"] + inputs, ["lint", "--format=auto"] + inputs),
                (["lint", "--format", "github"] + inputs, ["lint", "--format=github"] + inputs),
                (["lint"] + inputs + ["--format", "json", "--strict"], ["lint", "--strict", "--format=json"] + inputs),
                (["lint", "--quiet"] + inputs + ["--strict"], ["lint", "--quiet", "--strict", "--"] + inputs),
                (["lint", "--format", "sarif", "--quiet"] + inputs, ["lint", "--quiet", "--format=sarif"] + inputs),
            ]
            for (quick, parsed) in lines {
                let plain = try Formc.run(quick, in: scratch.url, environment: environment)
                let reparsed = try Formc.run(parsed, in: scratch.url, environment: environment)
                #expect(plain.status == reparsed.status, "\(quick)")
                #expect(plain.stdout == reparsed.stdout, "\(quick)")
                #expect(plain.stderr == reparsed.stderr, "\(quick)")
            }
        }
        let bad = try scratch.run("lint", "bad.form.yaml", environment: environment)
        #expect(bad.status == 1)
        #expect((bad.stdout + bad.stderr).contains("FC202"))
        // The options are read, not skipped: --strict fails on a warning, --quiet drops it.
        #expect(try scratch.run("lint", "warned.form.yaml").status == 0)
        #expect(try scratch.run("lint", "warned.form.yaml", "--strict").status == 1)
        let quiet = try scratch.run("lint", "--quiet", "warned.form.yaml")
        #expect(quiet.status == 0 && quiet.stdout.isEmpty && quiet.stderr.isEmpty)
        #expect(try scratch.run("lint", "bad.form.yaml", "--format", "json").stdout.contains("\"FC202\""))
    }

    /// What the quick reader does not know goes to ArgumentParser, which reports it.
    @Test func anythingElseIsParsedAsBefore() throws {
        let scratch = try Scratch()
        try scratch.write("x.form.yaml", "formc: 1\nform: X\nelements:\n  - textField: name\n")
        #expect(try scratch.run("lint").status == 64)
        let help = try scratch.run("lint", "x.form.yaml", "--help")
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: formc lint"))
        for line in [
            ["x.form.yaml", "--no-such-option"], ["x.form.yaml", "--format"], ["x.form.yaml", "--format", "yaml"],
            ["x.form.yaml", "--format", "--strict"], ["--strict"], ["x.form.yaml", "-o", "out.swift"],
        ] {
            let run = try scratch.run(["lint"] + line)
            #expect(run.status == 64, "\(line)")
            #expect(run.stderr.contains("Usage: formc lint") || run.stderr.contains("USAGE: formc lint"), "\(line): \(run.stderr)")
        }
    }
}

@Suite struct QuickBuildTests {
    /// The same build spelled for the quick reader and for ArgumentParser only:
    /// the same output, files, modification times and exit status.
    @Test func aQuickBuildAnswersAsTheParsedOne() throws {
        let scratch = try Scratch()
        try scratch.write("x.form.yaml", Forms.valid)
        try scratch.write("bad.form.yaml", "formc: 1\nform: Bad\nelements:\n  - textField: name\n  - boolean: name\n")
        try scratch.write("q/README", "the quick reader's outputs")
        try scratch.write("p/README", "ArgumentParser's")
        let lines: [(quick: [String], parsed: [String], output: String?)] = [
            (["build", "x.form.yaml"], ["build", "--format=auto", "x.form.yaml"], nil),
            (["build", "x.form.yaml", "-o", "q/x.swift", "--format", "xcode"], ["build", "x.form.yaml", "--output=p/x.swift", "--format=xcode"], "x.swift"),
            (["build", "--access-level", "public", "x.form.yaml", "-o", "q/"], ["build", "--access-level=public", "x.form.yaml", "-o", "p/"], "x.swift"),
            (["build", "--output", "q/y.swift", "--access-level", "package", "x.form.yaml"], ["build", "--output=p/y.swift", "--access-level=package", "--", "x.form.yaml"], "y.swift"),
            (["build", "bad.form.yaml", "-o", "q/bad.swift", "--format", "github"], ["build", "bad.form.yaml", "-o", "p/bad.swift", "--format=github"], "bad.swift"),
            (["build", ".", "-o", "q"], ["build", "--output=p", "."], "x.swift"),
            (["build", "x.form.yaml", "--config", "c.yaml", "-o", "q/z.swift"], ["build", "--config=c.yaml", "x.form.yaml", "-o", "p/z.swift"], "z.swift"),
        ]
        try scratch.write("c.yaml", "accessLevel: public\n")
        for (quick, parsed, output) in lines {
            let fast = try scratch.run(quick)
            let slow = try scratch.run(parsed)
            #expect(fast.status == slow.status, "\(quick)")
            #expect(fast.stdout == slow.stdout, "\(quick)")
            #expect(fast.stderr.replacingOccurrences(of: "q/", with: "p/") == slow.stderr, "\(quick)")
            if let output {
                #expect(scratch.read("q/" + output) == scratch.read("p/" + output), "\(quick)")
            }
        }
        // The values are read, not skipped.
        #expect(scratch.read("q/x.swift")?.contains("public final class ContactForm") == true)
        #expect(scratch.read("q/y.swift")?.contains("package final class ContactForm") == true)
        #expect(!scratch.exists("q/bad.swift"))
        #expect(scratch.read("q/z.swift")?.contains("public final class ContactForm") == true)

        // --check, both ways: up to date (0), then out of date (2).
        for check in [["build", "--check", "x.form.yaml", "-o", "q/y.swift"], ["build", "--check", "--output=q/y.swift", "x.form.yaml"]] {
            #expect(try scratch.run(check).status == 2, "\(check)")
        }
        for check in [["build", "--check", "x.form.yaml", "-o", "q/y.swift", "--access-level", "package"], ["build", "--check", "--output=q/y.swift", "--access-level=package", "x.form.yaml"]] {
            #expect(try scratch.run(check).status == 0, "\(check)")
        }
    }

    /// Lines the quick reader declines, ArgumentParser reports: usage errors, 64.
    @Test func whatTheQuickReaderDeclinesArgumentParserReports() throws {
        let scratch = try Scratch()
        try scratch.write("x.form.yaml", Forms.valid)
        let check = try scratch.run("build", "--check", "x.form.yaml")
        #expect(check.status == 64)
        #expect(check.stderr.contains("--check compares with existing files"))
        for line in [
            ["x.form.yaml", "-o"], ["x.form.yaml", "-o", "--check"], ["x.form.yaml", "--access-level", "open"],
            ["x.form.yaml", "--format", "yaml"], ["x.form.yaml", "--strict"], ["-o", "a.swift"],
        ] {
            let run = try scratch.run(["build"] + line)
            #expect(run.status == 64, "\(line)")
            #expect(run.stderr.contains("Usage: formc build") || run.stderr.contains("USAGE: formc build"), "\(line): \(run.stderr)")
        }
        #expect(!scratch.exists("a.swift"))
        #expect(try scratch.run("build", "x.form.yaml", "--help").stdout.contains("USAGE: formc build"))
    }
}

/// `formc build --config FILE`: a target's `formc-config.yaml` (what the build
/// plugin passes), read and checked with the forms' reader.
@Suite struct BuildConfigurationTests {
    @Test func theConfigurationSetsTheAccessLevelAndTheCommandLineWins() throws {
        let scratch = try Scratch()
        try scratch.write("x.form.yaml", Forms.valid)
        try scratch.write("public.yaml", "# the library's forms\naccessLevel: public\n")
        try scratch.write("package.json", #"{"accessLevel": "package"}"#)
        try scratch.write("empty.yaml", "# nothing set\n")
        // As an editor on Windows saves it: a byte order mark before the comment.
        try scratch.write("bom.yaml", "\u{FEFF}# nothing set\r\n")
        let configured = try scratch.run("build", "x.form.yaml", "--config", "public.yaml")
        #expect(configured.status == 0)
        #expect(configured.stdout.contains("public final class ContactForm"))
        #expect(try scratch.run("build", "x.form.yaml", "--config", "package.json").stdout.contains("package final class ContactForm"))
        let overridden = try scratch.run("build", "x.form.yaml", "--config", "public.yaml", "--access-level", "internal")
        #expect(overridden.stdout.contains("\nfinal class ContactForm"))
        #expect(try scratch.run("build", "x.form.yaml", "--config", "empty.yaml").stdout.contains("\nfinal class ContactForm"))
        #expect(try scratch.run("build", "x.form.yaml", "--config", "bom.yaml").stdout.contains("\nfinal class ContactForm"))
    }

    @Test func aMistakeInTheConfigurationIsLocatedAndWritesNothing() throws {
        let scratch = try Scratch()
        try scratch.write("x.form.yaml", Forms.valid)
        try scratch.write("typo.yaml", "accesLevel: public\n")
        try scratch.write("value.yaml", "accessLevel: open\n")
        try scratch.write("list.json", "[1]")
        let typo = try scratch.run("build", "x.form.yaml", "--config", "typo.yaml", "-o", "out.swift", "--format", "xcode")
        #expect(typo.status == 1)
        #expect(typo.stderr.contains("typo.yaml:1:1: error: unknown key 'accesLevel' in a formc configuration file [FC101]"))
        #expect(typo.stderr.contains("did you mean 'accessLevel'?"))
        #expect(!scratch.exists("out.swift"))
        let value = try scratch.run("build", "x.form.yaml", "--config", "value.yaml", "--format", "xcode")
        #expect(value.status == 1)
        #expect(value.stderr.contains("value.yaml:1:14: error: 'open' is not a valid access level [FC102]"))
        #expect(value.stderr.contains("internal, package, public"))
        #expect(try scratch.run("build", "x.form.yaml", "--config", "list.json").status == 1)
        let missing = try scratch.run("build", "x.form.yaml", "--config", "none.yaml")
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("[FC005]"))
        // The help speaks of the configuration, not of form files.
        #expect(missing.stderr.contains("help: check the path: formc reads a configuration file (formc-config.yaml or .json)"))
        #expect(!missing.stderr.contains("form files"))
        let folder = try scratch.run("build", "x.form.yaml", "--config", ".")
        #expect(folder.stderr.contains("help: check that the path names a configuration file (formc-config.yaml or .json) that can be read"))
    }
}

/// `formc-bench`, built beside `formc`, answers `--help` with its usage instead of
/// running the benchmark, and refuses an argument it does not know.
struct BenchmarkCommandLineTests {
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        // Beside this test bundle, whichever `formc` the suite runs (`FORMC_BINARY`).
        let bench = try #require(Formc.product("formc-bench"), "no formc-bench built beside the tests")
        let process = Process()
        process.executableURL = bench
        process.arguments = arguments
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = process.standardOutput
        try process.run()
        // The benchmark itself takes minutes: a run past this is the bug.
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: try Data(contentsOf: output), as: UTF8.self))
    }

    @Test func helpPrintsTheUsage() throws {
        let help = try Self.run(["--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("USAGE: formc-bench"), "\(help.output.prefix(300))")
        let unknown = try Self.run(["--no-such-flag"])
        #expect(unknown.status == 64)
        #expect(unknown.output.contains("unexpected argument '--no-such-flag'"), "\(unknown.output.prefix(300))")
    }
}
