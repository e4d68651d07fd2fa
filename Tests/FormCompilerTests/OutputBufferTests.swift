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
        // Every length 0…40 starting with every byte value, each followed by a
        // run of one byte (0…36 long), past several chunks, flushed now and then
        // (all but the last three bytes, as the renderer does between lines).
        var round = 0
        for length in 0...40 {
            for first in 0...255 {
                let piece = (0..<length).map { UInt8(truncatingIfNeeded: first + $0 * 31) }
                piece.withUnsafeBufferPointer { buffer.append($0) }
                expected += piece
                let times = (round * 5) % 37
                buffer.append(UInt8(truncatingIfNeeded: round), times: times)
                expected += Array(repeating: UInt8(truncatingIfNeeded: round), count: times)
                if round % 1_000 == 999 {
                    buffer.flush(upTo: buffer.count - 3) { flushed += $0 }
                }
                round += 1
            }
        }
        #expect(buffer.count == expected.count)
        #expect(expected.count > 2 * OutputBuffer.chunk)
        buffer.flush(upTo: buffer.count) { flushed += $0 }
        #expect(flushed.count == expected.count)
        #expect((0..<min(flushed.count, expected.count)).first { flushed[$0] != expected[$0] } == nil, "the first byte that differs")
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
