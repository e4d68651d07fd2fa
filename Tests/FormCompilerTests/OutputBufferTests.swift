@testable import FormSwiftEmitter
import Testing

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

    @Test func indentationIsItsSpaces() {
        var buffer = OutputBuffer(capacity: 0)
        var expected: [UInt8] = []
        for count in [0, 1, 3, 4, 7, 8, 16, 17, 32, 33, 63, 64, 65, 200] {
            buffer.appendSpaces(count)
            buffer.append(UInt8(ascii: "|"))
            expected += Array(repeating: UInt8(ascii: " "), count: count) + [UInt8(ascii: "|")]
        }
        var out: [UInt8] = []
        buffer.flush(upTo: buffer.count) { out += $0 }
        #expect(out == expected)
    }

    /// The escaper's test of eight bytes at a time agrees with a test of each
    /// byte: every byte value at every place of texts of 1 to 20 bytes, in a
    /// run of plain bytes of each value that could fool a word's arithmetic.
    @Test func thePlainTextTestAgreesWithEachBytesTest() {
        func reference(_ bytes: [UInt8], quotes: Bool) -> Bool {
            bytes.allSatisfy { $0 >= 0x20 && $0 <= 0x7E && !(quotes && ($0 == 0x5C || $0 == 0x22)) }
        }
        var checked = 0
        for quotes in [false, true] {
            for length in 1...20 {
                for filler: UInt8 in [0x20, 0x21, 0x5B, 0x5D, 0x7E, 0x41] {
                    for place in 0..<length {
                        for value in 0...255 {
                            var bytes = [UInt8](repeating: filler, count: length)
                            bytes[place] = UInt8(value)
                            let plain = bytes.withUnsafeBufferPointer { SwiftRenderer.isPlain($0, quotes: quotes) }
                            if plain != reference(bytes, quotes: quotes) {
                                Issue.record("\(bytes) quotes: \(quotes)")
                                return
                            }
                            checked += 1
                        }
                    }
                }
            }
        }
        #expect(checked == 2 * 6 * 256 * (1...20).reduce(0, +))
    }

    @Test func integersAreTheirDecimalText() {
        var buffer = OutputBuffer(capacity: 0)
        let values = [0, 7, -7, 10, -10, 99, 100, 1_234_567_890, -1_000_000, Int.max, Int.min, Int.min + 1]
        for value in values {
            buffer.append(value)
            buffer.append(UInt8(ascii: " "))
        }
        var out: [UInt8] = []
        buffer.flush(upTo: buffer.count) { out += $0 }
        #expect(String(decoding: out, as: UTF8.self) == values.map { String($0) + " " }.joined())
    }
}

/// The buffer's edits (cutting the end, removing a range, withholding) and reads
/// (a byte, the bytes from a place) agree with a plain array, starting from no
/// room at all and growing many times past its first block.
@Suite struct OutputBufferEditTests {
    @Test func editsAndReadsAgreeWithAnArrayAcrossGrowth() {
        var buffer = OutputBuffer(capacity: 0)
        var model: [UInt8] = []
        var flushed: [UInt8] = []
        var modelFlushed: [UInt8] = []
        var modelOffset = 0
        var maxHeld = 0
        for round in 0..<6_000 {
            let piece = (0..<(round % 23)).map { UInt8(truncatingIfNeeded: round &* 7 &+ $0) }
            piece.withUnsafeBufferPointer { buffer.append($0) }
            model += piece
            buffer.append(UInt8(truncatingIfNeeded: round), times: round % 101)
            model += Array(repeating: UInt8(truncatingIfNeeded: round), count: round % 101)
            #expect(buffer.count == modelOffset + model.count)
            maxHeld = max(maxHeld, model.count)
            if round % 7 == 3, model.count > 10 {
                // Roll back the last few bytes, as a tentative layout does.
                buffer.removeSuffix(from: buffer.count - 4)
                model.removeLast(4)
            }
            if round % 11 == 5, model.count > 20 {
                // Remove bytes from the middle of what is held.
                let start = modelOffset + model.count / 3
                buffer.remove(start..<(start + 5))
                model.removeSubrange((start - modelOffset)..<(start - modelOffset + 5))
            }
            if round % 13 == 0, !model.isEmpty {
                let index = modelOffset + round % model.count
                #expect(buffer[index] == model[index - modelOffset])
                let from = modelOffset + model.count / 2
                #expect(buffer.withBytes(from: from) { Array($0) } == Array(model[(from - modelOffset)...]))
            }
            if round % 1_999 == 1_998 {
                // Hand on all but the last bytes; every other time, withhold the first half of them.
                let end = buffer.count - min(3, model.count)
                let withheld = round % 2 == 0 ? modelOffset + (end - modelOffset) / 2 : modelOffset
                buffer.withhold(upTo: withheld)
                buffer.flush(upTo: end) { flushed += $0 }
                modelFlushed += model[(withheld - modelOffset)..<(end - modelOffset)]
                model.removeFirst(end - modelOffset)
                modelOffset = end
            }
        }
        buffer.withhold(upTo: buffer.flushed)
        buffer.flush(upTo: buffer.count) { flushed += $0 }
        modelFlushed += model
        #expect(flushed.count == modelFlushed.count)
        #expect(flushed == modelFlushed)
        #expect(modelFlushed.count > 3 * OutputBuffer.chunk)
        #expect(maxHeld > OutputBuffer.chunk, "the buffer grew past its first block")
    }
}
