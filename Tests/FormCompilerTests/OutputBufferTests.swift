import Testing
@testable import FormCompiler

/// The renderer's byte buffer: what is appended, in any sizes (short appends take
/// a loop of their own, longer ones memmove), comes out of `flush` in order and
/// unchanged, across the chunks it grows by.
@Suite struct OutputBufferTests {
    @Test func appendsOfEverySizeComeOutInOrder() {
        var buffer = OutputBuffer(capacity: 16)
        var expected: [UInt8] = []
        var flushed: [UInt8] = []
        // Lengths 0…40 of a running pattern, then runs of one byte, past several chunks.
        var next: UInt8 = 0
        for round in 0..<8_000 {
            let length = round % 41
            let piece = (0..<length).map { _ -> UInt8 in
                next &+= 7
                return next
            }
            piece.withUnsafeBufferPointer { buffer.append($0) }
            expected += piece
            let times = (round * 5) % 37
            buffer.append(UInt8(round % 251), times: times)
            expected += Array(repeating: UInt8(round % 251), count: times)
            if round % 1_000 == 999 {
                buffer.flush(upTo: buffer.count - 3) { flushed += $0 }
            }
        }
        #expect(buffer.count == expected.count)
        #expect(expected.count > 2 * OutputBuffer.chunk)
        buffer.flush(upTo: buffer.count) { flushed += $0 }
        #expect(flushed == expected)
    }

    @Test func textAndStaticTextAreTheirUTF8() {
        var buffer = OutputBuffer(capacity: 0)
        let texts = ["", "a", "fifteen bytes!!", "sixteen bytes!!!", "seventeen bytes!!", "ünïcödé ✓", String(repeating: "long ", count: 30)]
        for text in texts { buffer.append(text) }
        buffer.append("static" as StaticString)
        var out: [UInt8] = []
        buffer.flush(upTo: buffer.count) { out += $0 }
        #expect(out == Array((texts.joined() + "static").utf8))
    }
}
