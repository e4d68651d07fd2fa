/// The renderer's output: UTF-8 bytes, appended a few at a time (a keyword, a
/// name, a space), millions of times for a large form. An append is a bounds
/// check and a copy into room made ahead, where `Array.append(contentsOf:)` costs
/// several times that per call. The renderer rolls back by cutting the end
/// (`removeSuffix(from:)`) and reads its last bytes for layout decisions; what it
/// will no longer touch is handed on and dropped (`flush(upTo:into:)`), so the
/// buffer holds the unflushed end of the file, not the file. Positions are
/// offsets in the whole output, flushed bytes included, so a position taken
/// before a flush stays valid. A struct, owned by the renderer: a class's mutable
/// array would cost a dynamic exclusivity check on every append. Its bytes are a
/// block of memory it owns, written through a pointer, so an append makes no
/// check that the storage is unshared (as an array's
/// `withUnsafeMutableBufferPointer` would). Noncopyable, so that no two buffers
/// ever share that block: the renderer owns its one buffer and lends it `inout`,
/// and the block is freed with it.
struct OutputBuffer: ~Copyable {
    /// The bytes held are the first `held` at `base`, which are the output's
    /// bytes from `flushed` on; the rest, up to `capacity`, is room to write
    /// into, never read before it is written (pages of it that are never
    /// written are not resident).
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var held = 0
    /// How many bytes were handed on by `flush`: the offset of the first byte held.
    private(set) var flushed = 0
    /// The bytes before this offset are dropped by `flush` without being handed
    /// on (see `withhold(upTo:)`).
    private var withheld = 0
    static let chunk = 64 * 1024

    /// The size of the output so far, flushed bytes included.
    var count: Int { flushed + held }

    /// `capacity`: a guess at the final size, reserved up front (pages that are
    /// never touched cost no memory, so a generous guess is cheap).
    init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: max(capacity, 1))
    }

    deinit {
        base.deallocate()
    }

    /// The byte at `index`, which must not be flushed yet.
    subscript(index: Int) -> UInt8 {
        precondition(index >= flushed && index < count, "index out of range")
        return base[index - flushed]
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if held == capacity { makeRoom(for: 1) }
        base[held] = byte
        held += 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        append(UnsafeRawPointer(source), count: bytes.count)
    }

    @inline(__always)
    private mutating func append(_ source: UnsafeRawPointer, count: Int) {
        if held + count > capacity { makeRoom(for: count) }
        Self.copy(count, from: source, to: UnsafeMutableRawPointer(base + held))
        held += count
    }

    /// Copies `count` bytes to memory that does not overlap them. Most appends
    /// are a keyword, a name or a short literal: up to 32 bytes are copied as
    /// two to four overlapping words (one to three bytes as their first,
    /// middle and last byte), every byte read before any is written, which
    /// beats both a byte loop and a call to `memmove`.
    @inline(__always)
    private static func copy(_ count: Int, from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer) {
        switch count {
        case 0:
            return
        case 1...3:
            let first = source.load(as: UInt8.self)
            let middle = source.load(fromByteOffset: count >> 1, as: UInt8.self)
            let last = source.load(fromByteOffset: count - 1, as: UInt8.self)
            target.storeBytes(of: first, as: UInt8.self)
            target.storeBytes(of: middle, toByteOffset: count >> 1, as: UInt8.self)
            target.storeBytes(of: last, toByteOffset: count - 1, as: UInt8.self)
        case 4...7:
            let head = source.loadUnaligned(as: UInt32.self)
            let tail = source.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            target.storeBytes(of: head, as: UInt32.self)
            target.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
        case 8...16:
            let head = source.loadUnaligned(as: UInt64.self)
            let tail = source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            target.storeBytes(of: head, as: UInt64.self)
            target.storeBytes(of: tail, toByteOffset: count - 8, as: UInt64.self)
        case 17...32:
            let first = source.loadUnaligned(as: UInt64.self)
            let second = source.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            let third = source.loadUnaligned(fromByteOffset: count - 16, as: UInt64.self)
            let fourth = source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            target.storeBytes(of: first, as: UInt64.self)
            target.storeBytes(of: second, toByteOffset: 8, as: UInt64.self)
            target.storeBytes(of: third, toByteOffset: count - 16, as: UInt64.self)
            target.storeBytes(of: fourth, toByteOffset: count - 8, as: UInt64.self)
        default:
            target.copyMemory(from: source, byteCount: count)
        }
    }

    /// A literal's UTF-8, read in place. A `StaticString` made from a
    /// Unicode scalar literal (through `ExpressibleByUnicodeScalarLiteral`) has
    /// no UTF-8 of its own: `withUTF8Buffer` encodes it.
    @inline(__always)
    mutating func append(_ text: StaticString) {
        if text.hasPointerRepresentation {
            append(UnsafeRawPointer(text.utf8Start), count: text.utf8CodeUnitCount)
        } else {
            text.withUTF8Buffer { append($0) }
        }
    }

    /// The text's UTF-8, read in place (`withUTF8` would need a mutable copy
    /// of the string, a retain and a release per call). Disfavoured, so that a
    /// literal goes to `append(_: StaticString)`.
    @_disfavoredOverload
    mutating func append(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ append($0) }) == nil {
            for byte in text.utf8 { append(byte) }
        }
    }

    /// `value` in decimal, with a `-` when negative.
    mutating func append(_ value: Int) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { digits in
            var magnitude = value.magnitude
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                start -= 1
                digits[start] = UInt8(ascii: "-")
            }
            append(UnsafeRawPointer(digits.baseAddress! + start), count: digits.count - start)
        }
    }

    /// `count` spaces (a line's indentation): up to 64 copied from a row of
    /// them, as any append is (up to 32 as words).
    mutating func appendSpaces(_ count: Int) {
        guard count <= 64 else { return append(UInt8(ascii: " "), times: count) }
        append(UnsafeRawPointer(Self.spaces.utf8Start), count: count)
    }

    private static let spaces: StaticString = "                                                                "

    /// `byte`, `times` times.
    mutating func append(_ byte: UInt8, times: Int) {
        guard times > 0 else { return }
        if held + times > capacity { makeRoom(for: times) }
        let target = base + held
        if times <= 32 {
            for offset in 0..<times { target[offset] = byte }
        } else {
            target.update(repeating: byte, count: times)
        }
        held += times
    }

    /// Drops everything from `index` on; nothing flushed can be dropped.
    mutating func removeSuffix(from index: Int) {
        precondition(index >= flushed && index <= count, "index out of range")
        held = index - flushed
    }

    /// Drops the bytes in `range` (not flushed yet), moving what follows them back.
    mutating func remove(_ range: Range<Int>) {
        precondition(range.lowerBound >= flushed && range.upperBound <= count, "range out of bounds")
        // In place: `replaceSubrange` would also move the room after `held`,
        // and reallocates the whole array.
        let start = base + (range.lowerBound - flushed)
        start.update(from: start + range.count, count: count - range.upperBound)
        held -= range.count
    }

    /// The bytes from `start` (not flushed yet) to the end, valid only inside `body`.
    func withBytes<Result>(from start: Int = 0, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        precondition(start >= flushed && start <= count, "index out of range")
        return body(UnsafeBufferPointer(start: base + (start - flushed), count: held - (start - flushed)))
    }

    /// The bytes before `end` stay readable until flushed, but `flush` drops
    /// them without handing them on; `end` may lie past what is written so far
    /// (`Int.max`: every byte, until told otherwise).
    mutating func withhold(upTo end: Int) {
        precondition(end >= flushed, "index out of range")
        withheld = end
    }

    /// Hands the bytes before `end` to `sink` (nothing when they were all handed
    /// on already or are withheld) and drops them, moving the rest to the front:
    /// only the unflushed end stays resident, however long the output.
    mutating func flush(upTo end: Int, into sink: (UnsafeRawBufferPointer) -> Void) {
        precondition(end <= count, "index out of range")
        guard end > flushed else { return }
        let length = end - flushed
        let skipped = min(max(withheld - flushed, 0), length)
        if skipped < length {
            sink(UnsafeRawBufferPointer(start: base + skipped, count: length - skipped))
        }
        base.update(from: base + length, count: held - length)
        held -= length
        flushed = end
    }

    /// The bytes held and not withheld, as an object that owns the block: a
    /// batch rendered on one thread is handed over on another without a copy.
    consuming func rendered() -> RenderedBytes {
        let bytes = RenderedBytes(base: base, start: min(max(withheld - flushed, 0), held), end: held)
        discard self
        return bytes
    }

    /// A larger block, at least a chunk more, with the bytes held moved into it.
    private mutating func makeRoom(for extra: Int) {
        let larger = max(held + extra, capacity + Self.chunk, 2 * capacity)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.moveInitialize(from: base, count: held)
        base.deallocate()
        base = moved
        capacity = larger
    }
}

/// Rendered bytes in a block of their own (`OutputBuffer.rendered()`), freed
/// with the object. Immutable once made, so it may pass between threads.
final class RenderedBytes: @unchecked Sendable {
    private let base: UnsafeMutablePointer<UInt8>
    private let start: Int
    private let end: Int

    init(base: UnsafeMutablePointer<UInt8>, start: Int, end: Int) {
        (self.base, self.start, self.end) = (base, start, end)
    }

    deinit {
        base.deallocate()
    }

    var count: Int { end - start }

    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        body(UnsafeRawBufferPointer(start: base + start, count: end - start))
    }
}
