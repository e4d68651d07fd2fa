import FormSource

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

    /// The value of `key` in an object: the member whose key has the same
    /// Unicode scalars (`CatalogKey`).
    public subscript(key: String) -> CatalogJSON? {
        members?.first { $0.key.hasSameScalars(as: key) }?.value
    }
}

/// A catalog's key as written (`ScalarText`): two keys are one only with the
/// same Unicode scalars, as a bundle looks them up; `String`'s equality would
/// take a form's key for an app's entry in another normalization, which the
/// app never finds.
typealias CatalogKey = ScalarText

/// One `"key" : value` of an object.
public struct CatalogMember: Sendable, Hashable {
    public var key: String {
        // The bytes read were this key's.
        didSet { keyStart = 0 }
    }
    /// The value; for a deferred entry (`StringCatalogFile.read`'s
    /// `deferringEntries`), read from the file's bytes each time it is asked for.
    public var value: CatalogJSON {
        get { isDeferred ? deferredValue() : storedValue }
        set {
            storedValue = newValue
            isDeferred = false
            verbatim = nil
        }
        _modify {
            if isDeferred { storedValue = deferredValue() }
            isDeferred = false
            verbatim = nil
            yield &storedValue
        }
    }
    /// Where the key is in the file read (1-based); 0 for what the merge added.
    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }
    /// Where the value's bytes are in the file read, when they are exactly what
    /// `StringCatalogFile.rendered` writes for it (Xcode's layout), and which
    /// read that was: the writer copies them only into the catalog of that
    /// read. Nil once the value is changed. Not part of the member's equality.
    var verbatim: (read: CatalogRead, range: Range<Int>)? {
        get { isLaidOut ? read.map { ($0, Int(valueStart)..<Int(valueEnd)) } : nil }
        set {
            guard let newValue else {
                (read, valueStart, valueEnd, keyStart, isLaidOut) = (nil, 0, 0, 0, false)
                return
            }
            setRange(newValue.range, keyStart: nil, laidOut: true, of: newValue.read)
        }
    }
    /// A value not read yet: an entry in the shape `CatalogEntryShape` matches,
    /// kept as its verbatim bytes.
    private(set) var isDeferred = false
    /// Whether `valueStart..<valueEnd` is written as the writer writes the value.
    private var isLaidOut = false
    /// Where the key's opening quote is in the file read, for an entry (a
    /// member of a top-level object) read from it; 0 for any other member, and
    /// once the member is changed.
    private var keyStart: UInt32 = 0
    private var storedValue: CatalogJSON
    private var storedLine: Int32 = 0
    private var storedColumn: Int32 = 0
    // 32-bit offsets (none: 0..<0; a value is never empty) keep a large
    // catalog's members small.
    private var valueStart: UInt32 = 0
    private var valueEnd: UInt32 = 0
    private var read: CatalogRead?

    public init(key: String, value: CatalogJSON, line: Int = 0, column: Int = 0) {
        self.key = key
        self.storedValue = value
        self.line = line
        self.column = column
    }

    init(key: String, value: CatalogJSON, line: Int, column: Int, verbatim: (read: CatalogRead, range: Range<Int>)?) {
        self.init(key: key, value: value, line: line, column: column)
        self.verbatim = verbatim
    }

    /// An entry read from the bytes `range` of `read`'s file, its key's
    /// opening quote at `keyStart`; `laidOut`: whether the value is written
    /// there as the writer writes it.
    init(key: String, value: CatalogJSON, line: Int, column: Int, entry range: Range<Int>, keyStart: Int, laidOut: Bool, of read: CatalogRead) {
        self.init(key: key, value: value, line: line, column: column)
        setRange(range, keyStart: keyStart, laidOut: laidOut, of: read)
    }

    /// An entry kept as the bytes `range` of `read`'s file, its key at `line`
    /// and `column` (its opening quote at `keyStart`); the bytes must be in
    /// `CatalogEntryShape`.
    init(key: String, deferred range: Range<Int>, keyStart: Int, of read: CatalogRead, line: Int, column: Int) {
        self.init(key: key, value: .object([]), line: line, column: column)
        setRange(range, keyStart: keyStart, laidOut: true, of: read)
        isDeferred = valueEnd != 0
    }

    /// Notes where the value (and the key) are in `read`'s file; nothing when
    /// an offset does not fit in 32 bits.
    private mutating func setRange(_ range: Range<Int>, keyStart: Int?, laidOut: Bool, of read: CatalogRead) {
        guard let start = UInt32(exactly: range.lowerBound), let end = UInt32(exactly: range.upperBound),
              let key = UInt32(exactly: keyStart ?? 0) else {
            verbatim = nil
            return
        }
        (self.read, valueStart, valueEnd, self.keyStart, isLaidOut) = (read, start, end, key, laidOut)
    }

    /// Where the member is in `read`'s file, from its key's opening quote to
    /// the end of its value, when it is an entry read from that file and left
    /// unchanged: the writer copies these bytes, whatever their layout.
    func rangeAsRead(in read: CatalogRead) -> Range<Int>? {
        guard keyStart != 0, self.read === read else { return nil }
        return Int(keyStart)..<Int(valueEnd)
    }

    /// Where a deferred entry of `read` is in its file; nil for any other member.
    func deferredRange(in read: CatalogRead) -> Range<Int>? {
        guard isDeferred, self.read === read else { return nil }
        return Int(valueStart)..<Int(valueEnd)
    }

    /// The deferred entry, read from the file: its value starts on its key's line.
    private func deferredValue() -> CatalogJSON {
        guard let read else { return storedValue }
        return read.entry(at: Int(valueStart), line: line)
    }

    /// The key's place in the file read, for a diagnostic.
    public var range: SourceRange {
        SourceRange(at: SourcePosition(line: max(line, 1), column: max(column, 1)))
    }

    public static func == (lhs: CatalogMember, rhs: CatalogMember) -> Bool {
        lhs.key == rhs.key && lhs.line == rhs.line && lhs.column == rhs.column && lhs.value == rhs.value
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(value)
        hasher.combine(line)
        hasher.combine(column)
    }
}

/// One reading of a catalog file: what its members' verbatim ranges point
/// into, told apart from every other read by identity, and where a deferred
/// entry is read from.
final class CatalogRead: Sendable {
    let file: SourceFile

    init(file: SourceFile) {
        self.file = file
    }

    /// The entry whose value starts at `offset`, on `line`, as
    /// `StringCatalogFile.read` reads it; the bytes are in `CatalogEntryShape`,
    /// so they always read.
    func entry(at offset: Int, line: Int) -> CatalogJSON {
        file.bytes.withUnsafeBufferPointer { bytes in
            var parser = CatalogParser(file: file, bytes: bytes, limits: .default)
            parser.catalogRead = self
            guard let entry = parser.parseCatalogEntry(at: offset, line: line) else {
                preconditionFailure("a deferred catalog entry did not read: CatalogEntryShape matched what the reader rejects")
            }
            return entry
        }
    }
}

extension CatalogJSON {
    /// Sets `key` to `value`: in place when the object has it, else at its place
    /// in Xcode's key order, so that what a catalog already holds keeps its order
    /// and its bytes. `self` must be an object.
    mutating func set(_ key: String, _ value: CatalogJSON) {
        guard case .object(var members) = self else { return }
        if let index = members.firstIndex(where: { $0.key.hasSameScalars(as: key) }) {
            members[index].value = value
        } else {
            let index = members.firstIndex { XcodeKeyOrder.precedes(key, $0.key) } ?? members.endIndex
            members.insert(CatalogMember(key: key, value: value), at: index)
        }
        self = .object(members)
    }

    /// Removes `key` when the object has it.
    mutating func remove(_ key: String) {
        guard case .object(var members) = self, let index = members.firstIndex(where: { $0.key.hasSameScalars(as: key) }) else { return }
        members.remove(at: index)
        self = .object(members)
    }

    /// Every object in it with its keys in Xcode's order, as Xcode writes an
    /// entry it changes: an object already in order, with everything in it, is
    /// left as it is, bytes and all. One pass: each value is looked at once.
    /// Returns whether anything moved.
    @discardableResult
    mutating func putInXcodeOrder() -> Bool {
        switch self {
        case .object(var members):
            var moved = false
            for index in members.indices {
                var value = members[index].value
                if value.putInXcodeOrder() {
                    members[index].value = value
                    moved = true
                }
            }
            if !zip(members, members.dropFirst()).allSatisfy({ XcodeKeyOrder.compare($0.key, $1.key) < 0 }) {
                members.sort { XcodeKeyOrder.precedes($0.key, $1.key) }
                moved = true
            }
            if moved { self = .object(members) }
            return moved
        case .array(var items):
            var moved = false
            for index in items.indices where items[index].putInXcodeOrder() {
                moved = true
            }
            if moved { self = .array(items) }
            return moved
        case .string, .literal:
            return false
        }
    }

    /// Changes the value of `key` when the object has it.
    mutating func update(_ key: String, _ body: (inout CatalogJSON) -> Void) {
        guard case .object(var members) = self, let index = members.firstIndex(where: { $0.key.hasSameScalars(as: key) }) else { return }
        body(&members[index].value)
        self = .object(members)
    }
}

/// The order Xcode writes a catalog's keys in: Foundation's sorted-keys JSON
/// order, a case-insensitive, numeric comparison in the system locale, with case
/// as the last tie-break. FormCompiler has no Foundation, so the collation is
/// spelled out, after the root collation: whitespace, then punctuation, symbols
/// and currency signs (ASCII's in the root order, typographic ones beside their
/// ASCII kin: `–` after `-`, `“` after `"`, `…` after `.`; others at the end of
/// their group), digits by value (fullwidth ones too), Latin letters ignoring
/// case and accents (`é`, `ǎ` and `Đ` with their base letters, fullwidth forms
/// with ASCII), other letters ignoring case, by code point; on a tie, each
/// character, lowercase before uppercase. (`package`: the benchmark writes
/// its large catalogs in this order without the merge.)
package enum XcodeKeyOrder {
    package static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        compare(lhs, rhs) < 0
    }

    static func compare(_ lhs: String, _ rhs: String) -> Int {
        compare(sortKey(lhs), sortKey(rhs))
    }

    /// Inserts `added` (keys `members` lacks) into `members` as inserting them
    /// one at a time would, each before the first member it precedes: the
    /// members in place, and before each the added keys whose first greater
    /// member it is, in Xcode's order. That first greater member is always one
    /// greater than all before it, and those ascend, so a binary search finds it
    /// even in a catalog that is not in Xcode's order. Each key's sort key is
    /// made once.
    static func insert(_ added: [CatalogMember], into members: inout [CatalogMember], placement: Placement? = nil) {
        guard !added.isEmpty else { return }
        let placement = placement ?? Placement(members)
        let (memberKeys, ascending) = (placement.keys, placement.ascending)
        let addedKeys = added.map { sortKey($0.key) }
        let order = added.indices.sorted { compare(addedKeys[$0], addedKeys[$1]) < 0 }
        // The member each added key goes before (`members.count`: the end); they ascend.
        let anchors = order.map { addedIndex in
            var low = 0
            var high = ascending.count
            while low < high {
                let middle = (low + high) / 2
                if compare(addedKeys[addedIndex], memberKeys[ascending[middle]]) < 0 { high = middle } else { low = middle + 1 }
            }
            return low < ascending.count ? ascending[low] : members.count
        }
        // Filled from the end, each element moved (not copied) to its place:
        // the members of a large catalog would each be retained and released.
        let count = members.count
        members.append(contentsOf: order.map { added[$0] })
        members.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            let sorted = UnsafeMutablePointer<CatalogMember>.allocate(capacity: order.count)
            defer { sorted.deallocate() }
            sorted.moveInitialize(from: base + count, count: order.count)
            var next = buffer.count - 1
            var addedIndex = order.count - 1
            for index in stride(from: count, through: 0, by: -1) {
                if index < count {
                    (base + next).moveInitialize(from: base + index, count: 1)
                    next -= 1
                }
                while addedIndex >= 0, anchors[addedIndex] == index {
                    (base + next).moveInitialize(from: sorted + addedIndex, count: 1)
                    next -= 1
                    addedIndex -= 1
                }
            }
        }
    }

    /// Where keys go among `members` (whose keys must not change after): each
    /// one's sort key, and the members each greater than all before it.
    struct Placement: Sendable {
        let keys: [[UInt32]]
        let ascending: [Int]

        init(_ members: [CatalogMember]) {
            let keys = members.map { sortKey($0.key) }
            var ascending: [Int] = []
            for index in members.indices where ascending.last.map({ compare(keys[$0], keys[index]) < 0 }) ?? true {
                ascending.append(index)
            }
            (self.keys, self.ascending) = (keys, ascending)
        }
    }

    /// `key`'s place in the order as numbers that compare as the keys do: the
    /// primary weight of each character (a run of digits as one weight and
    /// its value, saturating), 0, then each scalar with its case for the tie
    /// (lowercase first, then by code point).
    static func sortKey(_ key: String) -> [UInt32] {
        let ascii = key.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy({ $0 < 0x80 }) ? sortKey(of: bytes) : nil
        }
        return (ascii ?? nil) ?? key.unicodeScalars.map(\.value).withUnsafeBufferPointer(sortKey)
    }

    /// The sort key of `values`, scalar values (the bytes of ASCII text are
    /// its scalars), written straight into the key's storage: at most one
    /// weight a character or three a run of digits, 0, and one a character.
    private static func sortKey<C: FixedWidthInteger>(of values: UnsafeBufferPointer<C>) -> [UInt32] {
        [UInt32](unsafeUninitializedCapacity: 4 * values.count + 1) { weights, count in
            var number: UInt64?
            func appendNumber(_ value: UInt64) {
                weights[count] = asciiPrimary[0x30] + 1
                weights[count + 1] = UInt32(truncatingIfNeeded: value >> 32)
                weights[count + 2] = UInt32(truncatingIfNeeded: value)
                count += 3
            }
            for element in values {
                // A fullwidth digit counts as its ASCII digit.
                let value = (0xFF10...0xFF19).contains(UInt32(element)) ? UInt32(element) - 0xFEE0 : UInt32(element)
                if isDigit(value) {
                    let (product, overflow) = (number ?? 0).multipliedReportingOverflow(by: 10)
                    number = overflow ? .max : min(UInt64.max - 9, product) + UInt64(value - 0x30)
                    continue
                }
                if let run = number.take() { appendNumber(run) }
                if value < 0x80 {
                    weights[count] = asciiPrimary[Int(value)] + 1
                    count += 1
                } else {
                    let (first, second) = primaries(ofNonASCII: value)
                    // A combining mark weighs nothing here: it tells letters apart on a tie only.
                    if first != 0 { weights[count] = first + 1; count += 1 }
                    if second != 0 { weights[count] = second + 1; count += 1 }
                }
            }
            if let run = number { appendNumber(run) }
            weights[count] = 0
            count += 1
            for element in values {
                let value = UInt32(element)
                weights[count] = (isLowercase(value) ? 0 : 1 << 21) | value
                count += 1
            }
        }
    }

    /// Sort keys in order: -1, 0 or 1.
    static func compare(_ a: [UInt32], _ b: [UInt32]) -> Int {
        for (x, y) in zip(a, b) where x != y {
            return x < y ? -1 : 1
        }
        return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
    }

    /// ASCII punctuation, symbols and the dollar sign in the order the root
    /// collation sorts them: punctuation up to `%`, symbols from `` ` ``.
    private static let punctuation = "_-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$".unicodeScalars.map(\.value)

    /// Whitespace, then punctuation and symbols (four weights apart, for the
    /// characters beyond ASCII that sort beside them), other ASCII (digits among
    /// it), letters ignoring case.
    private static let asciiPrimary: [UInt32] = (UInt32(0)..<0x80).map(primaryOfASCII)

    private static func primaryOfASCII(_ value: UInt32) -> UInt32 {
        switch value {
        case 0x09...0x0D: return value - 0x09
        case 0x20: return 5
        case 0x41...0x5A: return 0x200 + value - 0x41
        case 0x61...0x7A: return 0x200 + value - 0x61
        default:
            if let index = punctuation.firstIndex(of: value) { return 0x10 + 4 * UInt32(index) }
            return 0x100 + value
        }
    }

    /// The weight just after an ASCII character's (`after("-")` for `–`).
    private static func after(_ ascii: Unicode.Scalar, by step: UInt32 = 1) -> UInt32 {
        asciiPrimary[Int(ascii.value)] + step
    }

    /// The primary weights of a character beyond ASCII, 0 for none: a Latin
    /// letter weighs as its letters without accents (`ß` as `s`, `s`;
    /// `LatinLetters`), a
    /// fullwidth form as its ASCII, whitespace as a space; typographic
    /// punctuation sorts beside its ASCII kin, other punctuation after `%`,
    /// symbols after `^`, math signs after `~`, currency signs after `$`; a
    /// combining mark weighs nothing; anything else follows the letters, by the
    /// code point of its lowercase.
    private static func primaries(ofNonASCII value: UInt32) -> (UInt32, UInt32) {
        if let letters = LatinLetters.base(of: value) {
            let weights = letters.unicodeScalars.map { asciiPrimary[Int($0.value)] }
            return (weights[0], weights.count > 1 ? weights[1] : 0)
        }
        switch value {
        case 0xFF01...0xFF5E: return (asciiPrimary[Int(value - 0xFEE0)], 0)
        case 0x0300...0x036F: return (0, 0)
        case 0x2010...0x2015: return (after("-"), 0)
        case 0x2026: return (after("."), 0)
        case 0x00A1: return (after("!"), 0)
        case 0x00BF: return (after("?"), 0)
        case 0x2018...0x201B, 0x2039, 0x203A: return (after("'"), 0)
        case 0x201C...0x201F, 0x00AB, 0x00BB: return (after("\""), 0)
        case 0x00A7, 0x00B6: return (after("}"), 0)
        default: break
        }
        guard let scalar = Unicode.Scalar(value) else { return (0x1000 + value, 0) }
        switch scalar.properties.generalCategory {
        case .spaceSeparator: return (asciiPrimary[0x20], 0)
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return (after("%"), 0)
        case .modifierSymbol: return (after("^"), 0)
        case .otherSymbol: return (after("^", by: 2), 0)
        case .mathSymbol: return (after("~"), 0)
        case .currencySymbol: return (after("$"), 0)
        case .nonspacingMark, .spacingMark, .enclosingMark: return (0, 0)
        default:
            // Another script's letters ignore case too: `я` and `Я` weigh the same.
            let lower = scalar.properties.lowercaseMapping.unicodeScalars.first?.value ?? value
            return (0x1000 + lower, 0)
        }
    }

    private static func isDigit(_ value: UInt32) -> Bool {
        (0x30...0x39).contains(value)
    }

    private static func isLowercase(_ value: UInt32) -> Bool {
        value < 0x80 ? (0x61...0x7A).contains(value) : Unicode.Scalar(value)?.properties.isLowercase == true
    }
}
