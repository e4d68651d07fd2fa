/// Numbers the distinct ids of a form (0, 1, 2… in the order first inserted) and
/// finds an id's number again: the symbol table's index.
///
/// The checker looks ids up tens of thousands of times per large form (every
/// declaration, every field a condition or `sameAs` names). A `Dictionary<String, _>`
/// hashes each lookup with SipHash under a per-process seed; ids are short ASCII
/// words, so hashing their UTF-8 eight bytes at a time with a multiply-and-fold hash
/// and probing an open-addressed table of plain integers is several times cheaper.
/// Nothing depends on the table's layout: ids are numbered in insertion order.
package struct IDIndex: Sendable {
    /// The ids by number.
    private(set) var ids: [String] = []
    /// Open addressing with linear probing: 0 is an empty slot; otherwise the upper
    /// 32 bits are the id's hash and the lower 32 its number + 1. The hash both picks
    /// the first slot (its low bits) and rules out most other ids without comparing
    /// strings. Always a power of two, at most half full.
    private var slots: [UInt64]

    package init(minimumCapacity: Int = 0) {
        slots = Array(repeating: 0, count: Self.slotCount(for: minimumCapacity))
        ids.reserveCapacity(minimumCapacity)
    }

    var count: Int { ids.count }

    /// Makes room for `count` ids without growing on the way.
    mutating func reserveCapacity(_ count: Int) {
        ids.reserveCapacity(count)
        let wanted = Self.slotCount(for: count)
        if wanted > slots.count { rehash(slotCount: wanted) }
    }

    /// Forgets every id. A small table keeps its storage, for a caller that fills
    /// and empties it many times; a large one starts small again, so that emptying
    /// it stays cheap for the next, most likely small, use.
    package mutating func removeAll() {
        ids.removeAll(keepingCapacity: ids.capacity <= Self.keptCapacity)
        if slots.count > Self.slotCount(for: Self.keptCapacity) {
            slots = Array(repeating: 0, count: 16)
        } else {
            slots.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        }
    }

    /// The most ids whose storage `removeAll` keeps.
    private static let keptCapacity = 64

    /// The number of `id`, if it was inserted.
    package func number(of id: String) -> Int? {
        let hash = Self.hash(id)
        let mask = slots.count - 1
        var position = Int(truncatingIfNeeded: hash) & mask
        while true {
            let slot = slots[position]
            if slot == 0 { return nil }
            if UInt32(truncatingIfNeeded: slot >> 32) == hash {
                let number = Int(UInt32(truncatingIfNeeded: slot)) - 1
                if ids[number] == id { return number }
            }
            position = (position + 1) & mask
        }
    }

    /// The number of `id`, inserting it (as the next number) when it is new.
    package mutating func insert(_ id: String) -> (number: Int, inserted: Bool) {
        insert(id, hash: Self.hash(id))
    }

    /// `insert` of an id whose `hash(_:)` was worked out already (on another
    /// thread, for instance).
    mutating func insert(_ id: String, hash: UInt32) -> (number: Int, inserted: Bool) {
        if (ids.count + 1) * 2 > slots.count { rehash(slotCount: slots.count * 2) }
        let mask = slots.count - 1
        var position = Int(truncatingIfNeeded: hash) & mask
        while true {
            let slot = slots[position]
            if slot == 0 { break }
            if UInt32(truncatingIfNeeded: slot >> 32) == hash {
                let number = Int(UInt32(truncatingIfNeeded: slot)) - 1
                if ids[number] == id { return (number, false) }
            }
            position = (position + 1) & mask
        }
        ids.append(id)
        slots[position] = UInt64(hash) << 32 | UInt64(ids.count)
        return (ids.count - 1, true)
    }

    private mutating func rehash(slotCount: Int) {
        var newSlots = [UInt64](repeating: 0, count: slotCount)
        let mask = slotCount - 1
        for slot in slots where slot != 0 {
            var position = Int(truncatingIfNeeded: slot >> 32) & mask
            while newSlots[position] != 0 { position = (position + 1) & mask }
            newSlots[position] = slot
        }
        slots = newSlots
    }

    /// A power of two with room for `count` ids at half load.
    private static func slotCount(for count: Int) -> Int {
        var slots = 16
        while slots < count * 2 { slots *= 2 }
        return slots
    }

    /// A 32-bit hash of the id, consistent with `String`'s `==`, which compares
    /// canonical equivalents as equal (`"e\u{301}" == "é"`).
    ///
    /// An ASCII id (every id the checker accepts) is hashed by its bytes. Three
    /// non-ASCII characters are canonically equivalent to ASCII ones (U+037E to `;`,
    /// U+1FEF to `` ` ``, U+212A KELVIN SIGN to `K`; no other character decomposes
    /// to ASCII), so an id made of ASCII and those is hashed as its ASCII
    /// equivalent. Any other id has no ASCII equivalent, and neither has anything
    /// equal to it: it is hashed by `String`'s own hash, which is consistent with
    /// `==` (and seeded per process, which only changes where it sits in the table).
    package static func hash(_ id: String) -> UInt32 {
        let ascii = id.utf8.withContiguousStorageIfAvailable { bytes -> UInt32? in
            let (hash, isASCII) = hash(bytes: bytes)
            return isASCII ? hash : nil
        }
        if let ascii, let hash = ascii { return hash }
        var equivalent: [UInt8] = []
        for scalar in id.unicodeScalars {
            switch scalar.value {
            case 0..<0x80: equivalent.append(UInt8(scalar.value))
            case 0x37E: equivalent.append(UInt8(ascii: ";"))
            case 0x1FEF: equivalent.append(UInt8(ascii: "`"))
            case 0x212A: equivalent.append(UInt8(ascii: "K"))
            default: return UInt32(truncatingIfNeeded: id.hashValue)
            }
        }
        return equivalent.withUnsafeBufferPointer { hash(bytes: $0).hash }
    }

    /// A hash of bytes: each eight-byte word (the last one padded with zeros) is
    /// mixed in with a multiply, then the length; the high bits, which a multiply
    /// mixes best, are folded down. Also says whether every byte is ASCII.
    static func hash(bytes: UnsafeBufferPointer<UInt8>) -> (hash: UInt32, isASCII: Bool) {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = UInt64(bytes.count) &* multiplier
        guard let base = bytes.baseAddress else { return (UInt32(truncatingIfNeeded: hash >> 32), true) }
        let raw = UnsafeRawPointer(base)
        var highBits: UInt64 = 0
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            highBits |= word
            hash = (hash ^ word) &* multiplier
            hash ^= hash >> 29
            offset += 8
        }
        if offset < bytes.count {
            var word: UInt64 = 0
            var shift: UInt64 = 0
            while offset < bytes.count {
                word |= UInt64(bytes[offset]) << shift
                shift += 8
                offset += 1
            }
            highBits |= word
            hash = (hash ^ word) &* multiplier
            hash ^= hash >> 29
        }
        hash = hash &* multiplier
        return (UInt32(truncatingIfNeeded: hash >> 32), highBits & 0x8080_8080_8080_8080 == 0)
    }
}
