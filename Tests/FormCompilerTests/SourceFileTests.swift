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
}
