import Foundation
import Testing

/// The CLI on forms that compile (or do not): these need the reader, decoder,
/// checker and emitter of the library.
@Suite struct CompileTests {
    @Test func lintExitStatuses() throws {
        let scratch = try Scratch()
        try scratch.write("ok.form.yaml", Forms.valid)
        try scratch.write("bad.form.yaml", Forms.unknownKey)
        try scratch.write("warn.form.yaml", Forms.repeatedRule)

        #expect(try scratch.run("lint", "ok.form.yaml").status == 0)
        let bad = try scratch.run("lint", "bad.form.yaml")
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("bad.form.yaml:5:5: error: "))
        #expect(bad.stderr.contains("[FC101]"))

        let warn = try scratch.run("lint", "warn.form.yaml")
        #expect(warn.status == 0)
        #expect(warn.stderr.contains("warning:") && warn.stderr.contains("[FC406]"))
        #expect(try scratch.run("lint", "--strict", "warn.form.yaml").status == 1)
        let quiet = try scratch.run("lint", "--quiet", "warn.form.yaml")
        #expect(quiet.status == 0)
        #expect(quiet.stderr.isEmpty)
    }

    @Test func dumpPrintsTheCheckedTreeOrNothing() throws {
        let scratch = try Scratch()
        try scratch.write("ok.form.yaml", Forms.valid)
        try scratch.write("bad.form.yaml", Forms.unknownKey)
        let ok = try scratch.run("dump", "ok.form.yaml")
        #expect(ok.status == 0)
        #expect(ok.stdout.contains("\"file\": \"ok.form.yaml\""))
        #expect(ok.stdout.contains("\"kind\": "))
        let bad = try scratch.run("dump", "bad.form.yaml")
        #expect(bad.status == 1)
        #expect(bad.stdout.isEmpty)
        #expect(bad.stderr.contains("[FC101]"))
    }

    @Test func aNamedFileIsCompiledWhateverItsName() throws {
        let scratch = try Scratch()
        try scratch.write("contact.yaml.txt", Forms.unknownKey)
        let run = try scratch.run("lint", "contact.yaml.txt")
        #expect(run.status == 1)
        #expect(run.stderr.contains("[FC101]"))
    }

    @Test func buildOneInputWritesSwiftToStandardOutput() throws {
        let scratch = try Scratch()
        try scratch.write("contact.form.yaml", Forms.valid)
        let run = try scratch.run("build", "contact.form.yaml")
        #expect(run.status == 0)
        #expect(run.stdout.contains("ContactForm"))
        #expect(run.stderr.isEmpty)
    }

    @Test func buildToADirectoryRewritesOnlyWhatChangedAndCheckFindsDrift() throws {
        let scratch = try Scratch()
        try scratch.write("forms/contact.form.yaml", Forms.valid)
        try scratch.write("forms/deep/other.form.json", #"{"formc": 1, "form": "OtherForm", "elements": [{"textField": "name"}]}"#)
        #expect(try scratch.run("build", "forms", "-o", "Generated").status == 0)
        let contact = scratch.url.appendingPathComponent("Generated/contact.swift")
        #expect(scratch.read("Generated/contact.swift")?.contains("ContactForm") == true)
        #expect(scratch.read("Generated/other.swift")?.contains("OtherForm") == true)

        // Unchanged output keeps its modification time.
        let past = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: contact.path)
        #expect(try scratch.run("build", "forms", "-o", "Generated").status == 0)
        let modified = try FileManager.default.attributesOfItem(atPath: contact.path)[.modificationDate] as? Date
        #expect(modified == past)

        #expect(try scratch.run("build", "--check", "forms", "-o", "Generated").status == 0)
        try scratch.write("Generated/contact.swift", "// edited\n")
        let drift = try scratch.run("build", "--check", "forms", "-o", "Generated")
        #expect(drift.status == 2)
        #expect(drift.stderr.contains("'Generated/contact.swift' is out of date"))
        #expect(scratch.read("Generated/contact.swift") == "// edited\n")
        try FileManager.default.removeItem(at: scratch.url.appendingPathComponent("Generated/other.swift"))
        #expect(try scratch.run("build", "--check", "forms", "-o", "Generated").status == 2)
        #expect(!scratch.exists("Generated/other.swift"))
    }

    @Test func buildWithAnErrorAnywhereWritesNothing() throws {
        let scratch = try Scratch()
        try scratch.write("forms/good.form.yaml", Forms.valid)
        try scratch.write("forms/bad.form.yaml", Forms.unknownKey)
        try scratch.write("out/good.swift", "// old\n")
        let run = try scratch.run("build", "forms", "-o", "out")
        #expect(run.status == 1)
        #expect(scratch.read("out/good.swift") == "// old\n")
        #expect(!scratch.exists("out/bad.swift"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.url.appendingPathComponent("out").path)
        #expect(leftovers == ["good.swift"])
    }

    @Test func buildToAFile() throws {
        let scratch = try Scratch()
        try scratch.write("contact.form.yaml", Forms.valid)
        #expect(try scratch.run("build", "contact.form.yaml", "-o", "Contact.swift", "--access-level", "public").status == 0)
        #expect(scratch.read("Contact.swift")?.contains("public") == true)
    }

    /// 200 forms, some broken: the report is the same bytes whether the files are
    /// checked one at a time or on every core.
    @Test func parallelAndSequentialRunsPrintTheSameBytes() throws {
        let scratch = try Scratch()
        for index in 0..<200 {
            try scratch.write("forms/f\(index % 7)/form\(index).form.yaml", Forms.numbered(index, broken: index % 3 == 0))
        }
        for format in ["text", "json", "sarif"] {
            let sequential = try scratch.run("lint", "--format", format, "forms", environment: ["FORMC_JOBS": "1"])
            let parallel = try scratch.run("lint", "--format", format, "forms", environment: ["FORMC_JOBS": "8"])
            let again = try scratch.run("lint", "--format", format, "forms")
            #expect(sequential.status == 1, "\(format)")
            #expect(sequential.stdout == parallel.stdout && sequential.stderr == parallel.stderr, "\(format)")
            #expect(parallel.stdout == again.stdout && parallel.stderr == again.stderr, "\(format)")
        }
        let text = try scratch.run("lint", "--format", "text", "forms")
        #expect(text.stderr.hasSuffix("67 errors in 200 files\n"))
    }
}
