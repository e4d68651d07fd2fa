/// The renderer's output: UTF-8 bytes, appended a few at a time (a keyword, a
/// name, a space), millions of times for a large form. An append is a bounds
/// check and a copy into room made ahead, where `Array.append(contentsOf:)` costs
/// several times that per call. The renderer rolls back by cutting the end
/// (`removeSuffix(from:)`), reads its last bytes for layout decisions, and takes
/// the finished bytes out as an array without copying them. A struct, owned by
/// the renderer: a class's mutable array would cost a dynamic exclusivity check
/// on every append.
struct OutputBuffer {
    /// The bytes written are `storage[..<count]`; the rest is room to write
    /// into, zeroed a chunk at a time so that only what is written (and one
    /// chunk) is resident.
    private var storage: [UInt8] = []
    private(set) var count = 0
    private static let chunk = 64 * 1024

    /// `capacity`: a guess at the final size, reserved up front (pages that are
    /// never touched cost no memory, so a generous guess is cheap).
    init(capacity: Int) {
        storage.reserveCapacity(capacity)
    }

    subscript(index: Int) -> UInt8 {
        precondition(index < count, "index out of range")
        return storage[index]
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == storage.count { makeRoom(for: 1) }
        storage[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        if count + bytes.count > storage.count { makeRoom(for: bytes.count) }
        let start = count
        storage.withUnsafeMutableBufferPointer { room in
            (room.baseAddress! + start).update(from: source, count: bytes.count)
        }
        count += bytes.count
    }

    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    /// The text's UTF-8, read in place (`withUTF8` would need a mutable copy
    /// of the string, a retain and a release per call).
    mutating func append(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ append($0) }) == nil {
            for byte in text.utf8 { append(byte) }
        }
    }

    /// `byte`, `times` times.
    mutating func append(_ byte: UInt8, times: Int) {
        guard times > 0 else { return }
        if count + times > storage.count { makeRoom(for: times) }
        let start = count
        storage.withUnsafeMutableBufferPointer { room in
            (room.baseAddress! + start).update(repeating: byte, count: times)
        }
        count += times
    }

    /// Drops everything from `index` on.
    mutating func removeSuffix(from index: Int) {
        precondition(index >= 0 && index <= count, "index out of range")
        count = index
    }

    /// Drops the bytes in `range`, moving what follows them back.
    mutating func remove(_ range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range out of bounds")
        // In place: `replaceSubrange` would also move the room after `count`,
        // and reallocates the whole array.
        let tail = count - range.upperBound
        storage.withUnsafeMutableBufferPointer { bytes in
            (bytes.baseAddress! + range.lowerBound).update(from: bytes.baseAddress! + range.upperBound, count: tail)
        }
        count -= range.count
    }

    /// The bytes from `start` to the end, valid only inside `body`.
    func withBytes<Result>(from start: Int = 0, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        precondition(start >= 0 && start <= count, "index out of range")
        return storage.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<count])) }
    }

    /// The bytes written, moved out: the buffer is empty afterwards.
    mutating func take() -> [UInt8] {
        storage.removeSubrange(count...)
        let bytes = storage
        storage = []
        count = 0
        return bytes
    }

    private mutating func makeRoom(for extra: Int) {
        storage.append(contentsOf: repeatElement(0, count: max(extra, Self.chunk)))
    }
}
