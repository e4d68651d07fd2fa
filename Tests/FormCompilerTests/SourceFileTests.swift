@testable import FormSource
@testable import FormSyntax
import Testing

@Suite struct SourceFileTests {
    /// The line table from a plain scan of the bytes, the definition the fast path
    /// (memchr when the file has no CR) must agree with.
    private func expectedLineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0A {
                starts.append(index + 1)
            } else if bytes[index] == 0x0D {
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                starts.append(index + 1)
            }
            index += 1
        }
        return starts
    }

    @Test(arguments: [
        "", "a", "a\n", "\n\n", "a\nb", "a\nbc\n", "a\r\nb\r\n", "a\rb\rc", "a\r\n\rb\n\r", "é\n👍\nend",
        String(repeating: "key: value\n", count: 50),
    ])
    func lineStartsMatchTheDefinition(_ text: String) {
        let bytes = Array(text.utf8)
        #expect(SourceFile(path: "f", bytes: bytes).lineStarts == expectedLineStarts(bytes))
    }

    @Test func aLoneCarriageReturnBreaksALine() {
        let file = SourceFile(path: "f", text: "a\rb\r\nc\nd")
        #expect(file.lineStarts == [0, 2, 5, 7])
        #expect(file.lineText(2) == "b")
        #expect(file.position(ofByteOffset: 5) == SourcePosition(line: 3, column: 1))
    }

    /// An invalid byte at every offset around the eight-byte ASCII stride is found
    /// exactly where it is, and valid multi-byte text is not mistaken for one.
    @Test func firstInvalidUTF8OffsetAtEveryPosition() {
        for length in 0..<20 {
            for bad in 0..<length {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                bytes[bad] = 0xFF
                #expect(FormReader.firstInvalidUTF8Offset(bytes) == bad, "length \(length), bad byte at \(bad)")
            }
            let valid = Array((String(repeating: "x", count: length) + "é👍" + String(repeating: "y", count: length)).utf8)
            #expect(FormReader.firstInvalidUTF8Offset(valid) == nil)
        }
        // A truncated sequence at the very end, after a long ASCII run.
        #expect(FormReader.firstInvalidUTF8Offset(Array(String(repeating: "z", count: 16).utf8) + [0xE2, 0x82]) == 16)
    }

    /// FC005's help says what the first byte that is not UTF-8 most likely is.
    @Test func theHelpOfABadByteNamesWhatItMostLikelyIs() {
        func help(_ bytes: [UInt8]) -> (String, String)? {
            var diagnostics = DiagnosticBag(file: "a.form.yaml")
            let file = SourceFile(path: "a.form.yaml", bytes: bytes)
            _ = FormReader.read(file, diagnostics: &diagnostics)
            guard let diagnostic = diagnostics.diagnostics.first else { return nil }
            let start = diagnostic.location.range.start
            return ("\(start.line):\(start.column) \(diagnostic.code.rawValue)", diagnostic.help.joined())
        }
        let head = Array("formc: 1\nform: A\ntitle: ".utf8)
        // A Windows editor's curly quote, and Latin-1's é: one byte between ASCII.
        let quote = help(head + [0x93] + Array("Hi".utf8) + [0x94, 0x0A])
        #expect(quote?.0 == "3:8 FC005")
        #expect(quote?.1 == "the byte 0x93 is '“' in Windows-1252: save the file as UTF-8 (an editor's \"encoding\" setting), or convert it with `iconv -f CP1252 -t UTF-8`")
        #expect(help(head + Array("Caf".utf8) + [0xE9])?.1.hasPrefix("the byte 0xE9 is 'é' in Windows-1252 and Latin-1") == true)
        #expect(help(head + [0xA0, 0x41])?.1.hasPrefix("the byte 0xA0 is a no-break space in Windows-1252") == true)
        // A byte Windows-1252 leaves undefined is only named.
        #expect(help(head + [0x81, 0x41])?.1 == "the byte 0x81 is not UTF-8: save the file as UTF-8 (an editor's \"encoding\" setting)")
        // UTF-16, by its byte-order mark.
        #expect(help([0xFF, 0xFE] + Array("f\0o\0".utf8))?.1.hasPrefix("the file is UTF-16") == true)
        // A UTF-8 character cut short (`é` is C3 A9; `€` is E2 82 AC), in a file of UTF-8 so far.
        #expect(help(head + [0xC3, 0xA9, 0x20, 0xE2, 0x82, 0x41])?.1.hasPrefix("the UTF-8 bytes of a character are cut short") == true)
        // `é’s` in Windows-1252 (E9 92 73) is no UTF-8 cut short in a file of ASCII so far.
        #expect(help(head + [0xE9, 0x92, 0x73])?.1.hasPrefix("the bytes from 0xE9 are in another encoding than UTF-8") == true)
        // Shift JIS's `日本` (93 FA 96 7B): a run of bytes is not guessed as Windows-1252.
        #expect(help(head + [0x93, 0xFA, 0x96, 0x7B])?.1.hasPrefix("the bytes from 0x93 are in another encoding than UTF-8") == true)
    }
}
