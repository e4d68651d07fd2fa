/// The preview's "interactive in Chromium" figure. The preview script writes
/// `performance.now()` into `data-interactive-ms` on the `html` element once the
/// page answers (a large form's first part drawn, the rest following); a headless
/// Chromium's `--dump-dom` prints the page after its load event, attribute
/// included, and the benchmark reads it back from there.
package enum PreviewInteractive {
    package static let attribute = "data-interactive-ms"

    /// The milliseconds in the `html` start tag's `data-interactive-ms`, or nil when
    /// the tag or the attribute is missing or its value is not a number (the
    /// script did not run, or failed before the end of its setup).
    package static func milliseconds(inDumpedDOM dom: [UInt8]) -> Double? {
        guard let tag = htmlStartTag(dom) else { return nil }
        let name = Array((attribute + "=\"").utf8)
        var index = tag.lowerBound
        while index + name.count <= tag.upperBound {
            // The name must start an attribute, not end another one's name.
            if dom[index..<index + name.count].elementsEqual(name), index > tag.lowerBound, isSpace(dom[index - 1]) {
                var end = index + name.count
                while end < tag.upperBound, dom[end] != UInt8(ascii: "\"") { end += 1 }
                let value = String(decoding: dom[(index + name.count)..<end], as: UTF8.self)
                guard !value.isEmpty, value.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
                return Double(value)
            }
            index += 1
        }
        return nil
    }

    /// The bytes between `<html` and the `>` that closes its start tag.
    private static func htmlStartTag(_ dom: [UInt8]) -> Range<Int>? {
        let open = Array("<html".utf8)
        var index = 0
        while index + open.count < dom.count {
            if dom[index..<index + open.count].map(lowercased).elementsEqual(open), isSpace(dom[index + open.count]) || dom[index + open.count] == UInt8(ascii: ">") {
                let start = index + open.count
                var end = start
                // Attribute values Chromium writes are quoted with `"` and have no raw `"` or `>` inside that matters here.
                var quoted = false
                while end < dom.count, quoted || dom[end] != UInt8(ascii: ">") {
                    if dom[end] == UInt8(ascii: "\"") { quoted.toggle() }
                    end += 1
                }
                return end < dom.count ? start..<end : nil
            }
            index += 1
        }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    /// `chromium` or `chromium-browser` in `path` (a `PATH` value), as `formc
    /// preview --png` finds it; nil when neither is there.
    package static func findChromium(path: String, isExecutable: (String) -> Bool) -> String? {
        for name in ["chromium", "chromium-browser"] {
            for directory in path.split(separator: ":", omittingEmptySubsequences: true) where isExecutable("\(directory)/\(name)") {
                return "\(directory)/\(name)"
            }
        }
        return nil
    }

    /// The command line that loads `page` (an absolute path) and prints its DOM.
    package static func dumpDOMArguments(page: String) -> [String] {
        [
            "--headless", "--disable-gpu", "--no-sandbox", "--no-first-run", "--no-default-browser-check",
            "--disable-extensions", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--disable-default-apps", "--mute-audio", "--dump-dom", "file://" + page,
        ]
    }
}
