/// The renderer's output: UTF-8 bytes, appended a few at a time (a keyword, a
/// name, a space), millions of times for a large form. An append is a capacity
/// check and a copy, where `Array.append(contentsOf:)` costs several times that
/// per call; the storage doubles when full. The renderer rolls back by cutting
/// the end (`removeSuffix(from:)`), and reads its last bytes for layout decisions.
final class OutputBuffer {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    /// `capacity`: a guess at the final size (pages it never touches cost no memory).
    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    subscript(index: Int) -> UInt8 {
        precondition(index >= 0 && index < count, "index out of range")
        return base[index]
    }

    @inline(__always)
    func append(_ byte: UInt8) {
        if count == capacity { grow(toAtLeast: count + 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        if count + bytes.count > capacity { grow(toAtLeast: count + bytes.count) }
        (base + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    /// `byte`, `times` times.
    func append(_ byte: UInt8, times: Int) {
        guard times > 0 else { return }
        if count + times > capacity { grow(toAtLeast: count + times) }
        (base + count).initialize(repeating: byte, count: times)
        count += times
    }

    /// Drops everything from `index` on.
    func removeSuffix(from index: Int) {
        precondition(index >= 0 && index <= count, "index out of range")
        count = index
    }

    /// Drops the bytes in `range`, moving what follows them back.
    func remove(_ range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range out of bounds")
        (base + range.lowerBound).update(from: base + range.upperBound, count: count - range.upperBound)
        count -= range.count
    }

    /// The bytes from `start` to the end, valid only inside `body`.
    func withBytes<Result>(from start: Int = 0, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        precondition(start >= 0 && start <= count, "index out of range")
        return body(UnsafeBufferPointer(start: base + start, count: count - start))
    }

    private func grow(toAtLeast minimum: Int) {
        var newCapacity = capacity * 2
        while newCapacity < minimum { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
