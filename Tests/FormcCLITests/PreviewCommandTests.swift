import Foundation
import Testing

/// `formc preview`: the files it writes, all or nothing, and `--png` without a browser.
@Suite struct PreviewCommandTests {
    @Test func oneInputWritesOnePage() throws {
        let scratch = try Scratch()
        try scratch.write("contact.form.yaml", Forms.valid)
        let run = try scratch.run("preview", "contact.form.yaml", "-o", "contact.html")
        #expect(run.status == 0, "\(run.stderr)")
        let page = try #require(scratch.read("contact.html"))
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains("default-src 'none'"))
        #expect(page.contains(#""form":"ContactForm""#))
        #expect(page.contains(#""file":"contact.form.yaml""#))
        #expect(!scratch.exists("index.html"))
    }

    @Test func severalInputsWriteAPageEachAndAnIndex() throws {
        let scratch = try Scratch()
        try scratch.write("forms/a.form.yaml", Forms.valid)
        try scratch.write("forms/b.form.json", #"{"formc": 1, "form": "BForm", "title": "B <title>", "elements": [{"staticText": "Hi"}]}"#)
        let run = try scratch.run("preview", "forms", "-o", "out")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(scratch.exists("out/a.html") && scratch.exists("out/b.html"))
        let index = try #require(scratch.read("out/index.html"))
        #expect(index.contains(#"<a href="a.html">ContactForm</a>"#))
        #expect(index.contains(#"<a href="b.html">B &lt;title&gt;</a>"#))
        // A rerun gives the same bytes.
        let first = scratch.read("out/b.html")
        #expect(try scratch.run("preview", "forms", "-o", "out").status == 0)
        #expect(scratch.read("out/b.html") == first)
    }

    @Test func anErrorInOneInputWritesNothing() throws {
        let scratch = try Scratch()
        try scratch.write("a.form.yaml", Forms.valid)
        try scratch.write("b.form.yaml", Forms.unknownKey)
        let run = try scratch.run("preview", "a.form.yaml", "b.form.yaml", "-o", "out")
        #expect(run.status == 1)
        #expect(run.stderr.contains("[FC101]"))
        #expect(!scratch.exists("out"))
    }

    @Test func pagesThatWouldShareANameAreAUsageError() throws {
        let scratch = try Scratch()
        try scratch.write("x/form.form.yaml", Forms.valid)
        try scratch.write("y/form.form.yaml", Forms.valid)
        try scratch.write("index.form.yaml", Forms.valid)
        let clash = try scratch.run("preview", "x/form.form.yaml", "y/form.form.yaml", "-o", "out")
        #expect(clash.status == 64)
        #expect(clash.stderr.contains("would both be written to 'form.html'"))
        let index = try scratch.run("preview", "index.form.yaml", "x/form.form.yaml", "-o", "out")
        #expect(index.status == 64)
        #expect(index.stderr.contains("'the index page' and 'index.form.yaml'"))
        #expect(try scratch.run("preview", "index.form.yaml").status == 64, "-o is required")
        #expect(!scratch.exists("out"))
    }

    @Test func pngWithoutChromiumSaysSoAndWritesNothing() throws {
        let scratch = try Scratch()
        try scratch.write("a.form.yaml", Forms.valid)
        let run = try scratch.run("preview", "a.form.yaml", "-o", "a.html", "--png", environment: ["PATH": scratch.url.path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("--png needs a headless Chromium"))
        #expect(!scratch.exists("a.html"))
    }

    /// formc ignores SIGPIPE for itself; the browser it starts gets it back as a
    /// program expects it. A stand-in `chromium` on PATH records what it was given.
    @Test func theBrowserStartsWithSIGPIPEAtItsDefault() throws {
        let scratch = try Scratch()
        try scratch.write("a.form.yaml", Forms.valid)
        let browser = try scratch.write("bin/chromium", """
            #!/bin/sh
            for argument in "$@"; do case "$argument" in --screenshot=*) image="${argument#--screenshot=}";; esac; done
            grep '^SigIgn:' /proc/self/status > "$image.ignored"
            printf 'PNG' > "$image"

            """)
        #expect(chmod(browser.path, 0o755) == 0)
        let run = try scratch.run("preview", "a.form.yaml", "-o", "a.html", "--png", environment: ["PATH": scratch.url.path + "/bin:/usr/bin:/bin"])
        #expect(run.status == 0, "\(run.stderr)")
        let line = try String(contentsOf: scratch.url.appendingPathComponent("a.png.ignored"), encoding: .utf8)
        let mask = try #require(UInt64(line.dropFirst("SigIgn:".count).trimmingCharacters(in: .whitespacesAndNewlines), radix: 16))
        #expect(mask & (1 << (UInt64(SIGPIPE) - 1)) == 0, "\(line)")
    }
}
