import BenchmarkSupport
import Testing

/// Reading the preview's time to interactive back from Chromium's `--dump-dom`.
struct PreviewInteractiveTests {
    static func read(_ dom: String) -> Double? {
        PreviewInteractive.milliseconds(inDumpedDOM: Array(dom.utf8))
    }

    @Test func theHtmlElementsAttributeIsRead() {
        let dom = #"<!DOCTYPE html><html lang="en" data-time-zone="UTC" data-interactive-ms="734" data-ready="true"><head></head><body data-interactive-ms="9"></body></html>"#
        #expect(Self.read(dom) == 734)
        #expect(Self.read(#"<HTML data-interactive-ms="12">"#) == 12)
        #expect(Self.read("<html\ndata-interactive-ms=\"0\">") == 0)
    }

    /// Only the `html` start tag counts: the script sets it there and nowhere else.
    @Test func anythingElseIsNoFigure() {
        #expect(Self.read(#"<html lang="en" data-ready="true"><body data-interactive-ms="9"></body></html>"#) == nil)
        #expect(Self.read(#"<html lang="en" data-interactive-ms="">"#) == nil)
        #expect(Self.read(#"<html lang="en" data-interactive-ms="12.5">"#) == nil)
        #expect(Self.read(#"<html lang="en" data-interactive-ms="NaN">"#) == nil)
        #expect(Self.read(#"<html lang="en" x-data-interactive-ms="12">"#) == nil)
        #expect(Self.read(#"<html lang="a>b" data-interactive-ms="12">"#) == 12)
        #expect(Self.read(#"<htmlx data-interactive-ms="12">"#) == nil)
        #expect(Self.read(#"<html data-interactive-ms="12""#) == nil)
        #expect(Self.read("") == nil)
    }

    @Test func chromiumIsFoundOnThePathAsFormcPreviewFindsIt() {
        let installed: Set<String> = ["/opt/b/chromium-browser", "/usr/bin/chromium"]
        #expect(PreviewInteractive.findChromium(path: "/opt/b:/usr/bin", isExecutable: installed.contains) == "/usr/bin/chromium")
        #expect(PreviewInteractive.findChromium(path: "/opt/b::/bin", isExecutable: installed.contains) == "/opt/b/chromium-browser")
        #expect(PreviewInteractive.findChromium(path: "/bin", isExecutable: installed.contains) == nil)
        #expect(PreviewInteractive.findChromium(path: "", isExecutable: installed.contains) == nil)
    }

    @Test func theDumpLoadsTheFileHeadlessWithoutTheNetwork() {
        let arguments = PreviewInteractive.dumpDOMArguments(page: "/tmp/x/page.html")
        #expect(arguments.last == "file:///tmp/x/page.html")
        #expect(arguments.contains("--headless"))
        #expect(arguments.contains("--dump-dom"))
        #expect(arguments.contains("--disable-background-networking"))
    }
}
