/// A String Catalog's JSON as it is in the file: object members in file order,
/// each with the line its key is on, and scalars other than strings kept as
/// written. The merge edits this tree in place, so whatever formc does not know
/// (variations, substitutions, `shouldTranslate`, other tools' keys) goes back
/// out as it came in. Not `indirect`: the arrays already hold the nesting, and
/// a box per value would be one more allocation for each of a large catalog's.
public enum CatalogJSON: Sendable, Hashable {
    case object([CatalogMember])
    case array([CatalogJSON])
    case string(String)
    /// A number, `true`, `false` or `null`, as written.
    case literal(String)

    public var string: String? {
        if case .string(let text) = self { text } else { nil }
    }

    public var members: [CatalogMember]? {
        if case .object(let members) = self { members } else { nil }
    }

    /// The value of `key` in an object.
    public subscript(key: String) -> CatalogJSON? {
        members?.first { $0.key == key }?.value
    }
}

/// One `"key" : value` of an object.
public struct CatalogMember: Sendable, Hashable {
    public var key: String
    public var value: CatalogJSON
    /// Where the key is in the file read (1-based); 0 for what the merge added.
    public var line: Int
    public var column: Int

    public init(key: String, value: CatalogJSON, line: Int = 0, column: Int = 0) {
        self.key = key
        self.value = value
        self.line = line
        self.column = column
    }

    /// The key's place in the file read, for a diagnostic.
    public var range: SourceRange {
        SourceRange(at: SourcePosition(line: max(line, 1), column: max(column, 1)))
    }
}

extension CatalogJSON {
    /// Sets `key` to `value`: in place when the object has it, else at its place
    /// in Xcode's key order, so that what a catalog already holds keeps its order
    /// and its bytes. `self` must be an object.
    mutating func set(_ key: String, _ value: CatalogJSON) {
        guard case .object(var members) = self else { return }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            let index = members.firstIndex { XcodeKeyOrder.precedes(key, $0.key) } ?? members.endIndex
            members.insert(CatalogMember(key: key, value: value), at: index)
        }
        self = .object(members)
    }

    /// Changes the value of `key` when the object has it.
    mutating func update(_ key: String, _ body: (inout CatalogJSON) -> Void) {
        guard case .object(var members) = self, let index = members.firstIndex(where: { $0.key == key }) else { return }
        body(&members[index].value)
        self = .object(members)
    }

    /// An object of `members`, in Xcode's key order.
    static func sortedObject(_ members: [(String, CatalogJSON)]) -> CatalogJSON {
        .object(members.sorted { XcodeKeyOrder.precedes($0.0, $1.0) }.map { CatalogMember(key: $0.0, value: $0.1) })
    }
}

/// The order Xcode writes a catalog's keys in: Foundation's sorted-keys JSON
/// order, a case-insensitive, numeric comparison in the system locale, with case
/// as the last tie-break. FormCompiler has no Foundation, so the collation is
/// spelled out for ASCII (whitespace, then punctuation and symbols in the root
/// collation's order, digits by value, letters ignoring case; lowercase before
/// uppercase on a tie); other characters follow, by code point. (`package`: the
/// benchmark writes its large catalogs in this order without the merge.)
package enum XcodeKeyOrder {
    package static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        compare(lhs, rhs) < 0
    }

    /// Keys are compared where they are when both are ASCII (a byte is then its
    /// scalar), else by their scalars.
    static func compare(_ lhs: String, _ rhs: String) -> Int {
        var lhs = lhs
        var rhs = rhs
        let ascii = lhs.withUTF8 { a in rhs.withUTF8 { b in isASCII(a) && isASCII(b) ? compare(a, b) : nil } }
        return ascii ?? compare(lhs.unicodeScalars.map(\.value), rhs.unicodeScalars.map(\.value))
    }

    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.allSatisfy { $0 < 0x80 }
    }

    /// Inserts `added` (keys `members` lacks) into `members` as inserting them
    /// one at a time would, each before the first member it precedes: the
    /// members in place, and before each the added keys whose first greater
    /// member it is, in Xcode's order. That first greater member is always one
    /// greater than all before it, and those ascend, so a binary search finds it
    /// even in a catalog that is not in Xcode's order.
    static func insert(_ added: [CatalogMember], into members: inout [CatalogMember]) {
        guard !added.isEmpty else { return }
        var ascending: [Int] = []
        for index in members.indices where ascending.last.map({ compare(members[$0].key, members[index].key) < 0 }) ?? true {
            ascending.append(index)
        }
        let sorted = added.sorted { compare($0.key, $1.key) < 0 }
        // The member each added key goes before (`members.count`: the end); they ascend.
        let anchors = sorted.map { member in
            var low = 0
            var high = ascending.count
            while low < high {
                let middle = (low + high) / 2
                if compare(member.key, members[ascending[middle]].key) < 0 { high = middle } else { low = middle + 1 }
            }
            return low < ascending.count ? ascending[low] : members.count
        }
        // Filled from the end: each member is moved to its place, never copied.
        let count = members.count
        members.append(contentsOf: sorted)
        var next = members.count - 1
        var addedIndex = sorted.count - 1
        for index in stride(from: count, through: 0, by: -1) {
            if index < count {
                members.swapAt(index, next)
                next -= 1
            }
            while addedIndex >= 0, anchors[addedIndex] == index {
                members[next] = sorted[addedIndex]
                next -= 1
                addedIndex -= 1
            }
        }
    }

    /// `a` and `b` as scalar values, each from index 0.
    static func compare<C: RandomAccessCollection>(_ a: C, _ b: C) -> Int where C.Element: FixedWidthInteger, C.Index == Int {
        var i = 0
        var j = 0
        while i < a.count, j < b.count {
            let x = UInt32(a[i])
            let y = UInt32(b[j])
            if isDigit(x), isDigit(y) {
                let (numberA, endA) = number(a, from: i)
                let (numberB, endB) = number(b, from: j)
                if numberA != numberB { return numberA < numberB ? -1 : 1 }
                i = endA
                j = endB
                continue
            }
            let weightA = primary(x)
            let weightB = primary(y)
            if weightA != weightB { return weightA < weightB ? -1 : 1 }
            i += 1
            j += 1
        }
        if i < a.count { return 1 }
        if j < b.count { return -1 }
        // Equal ignoring case and leading zeros: lowercase first, then by code point.
        for (x, y) in zip(a, b) where x != y {
            let lowerX = isLowercase(UInt32(x))
            let lowerY = isLowercase(UInt32(y))
            if lowerX != lowerY { return lowerX ? -1 : 1 }
            return x < y ? -1 : 1
        }
        return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
    }

    /// ASCII punctuation and symbols in the order the root collation sorts them.
    private static let punctuation = "_-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$".unicodeScalars.map(\.value)

    private static func primary(_ value: UInt32) -> UInt32 {
        switch value {
        case 0x09...0x0D: return value - 0x09
        case 0x20: return 5
        case 0x41...0x5A: return 0x200 + value - 0x41
        case 0x61...0x7A: return 0x200 + value - 0x61
        default:
            if let index = punctuation.firstIndex(of: value) { return 0x10 + UInt32(index) }
            if value < 0x80 { return 0x100 + value }
            return 0x1000 + value
        }
    }

    private static func isDigit(_ value: UInt32) -> Bool {
        (0x30...0x39).contains(value)
    }

    private static func isLowercase(_ value: UInt32) -> Bool {
        (0x61...0x7A).contains(value)
    }

    /// A run of digits as a number (saturating), and where it ends. Digits sort
    /// after punctuation and before letters.
    private static func number<C: RandomAccessCollection>(_ values: C, from start: Int) -> (UInt64, Int)
    where C.Element: FixedWidthInteger, C.Index == Int {
        var value: UInt64 = 0
        var index = start
        while index < values.count, isDigit(UInt32(values[index])) {
            let (product, overflow) = value.multipliedReportingOverflow(by: 10)
            value = overflow ? .max : min(UInt64.max - 9, product) + (UInt64(values[index]) - 0x30)
            index += 1
        }
        return (value, index)
    }
}
