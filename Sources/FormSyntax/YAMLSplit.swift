/// Where a large YAML file is cut in two, so that two libyaml parsers read the two
/// parts at once (see `YAMLReader`).
///
/// The cut is at the start of a line that begins a block sequence's item (`- …`),
/// near the middle of the file. Reading up from that line by indentation gives the
/// block collections that are open there, outermost first: the `levels`. The
/// second part is read after a `skeleton`, a few lines that open collections of the
/// same kinds at the same columns under a placeholder key, so libyaml is in the
/// same state at the cut as when it reads the whole file, and reads the rest the
/// same way.
///
/// The plan is only a guess from the text: a line that looks like a key may be
/// inside a block scalar, or a quoted scalar may run across the cut. `YAMLReader`
/// therefore checks the guess against what libyaml actually reports for both parts
/// and reads the file whole when anything differs, so a wrong guess costs time,
/// never a different tree or diagnostic.
struct YAMLSplit: Equatable {
    enum Kind: Equatable {
        case mapping
        case sequence
    }

    /// A block collection open at the cut.
    struct Level: Equatable {
        var kind: Kind
        /// The 0-based column of its first key or dash.
        var column: Int
    }

    /// The byte offset of the line where the second part starts.
    let offset: Int
    /// The open block collections at `offset`, outermost first. The last one is
    /// the sequence whose item starts there.
    let levels: [Level]
    /// Opens `levels` (all but the innermost sequence, whose first dash is the
    /// cut line's own) under `placeholderKey`, one line per level at most.
    let skeleton: [UInt8]
    /// The skeleton's lines: the cut line is line `skeletonLines + 1` of the second part.
    let skeletonLines: Int

    /// The key under which the skeleton opens each mapping. A real key of the same
    /// name in an open mapping only makes the split fall back (as a duplicate key).
    static let placeholderKey: StaticString = "formc-split-placeholder"


    /// How many cut lines to try before giving up on splitting the file.
    private static let attempts = 8

    /// The plan for cutting `bytes` near the middle, or nil when no line near the
    /// middle can be understood as the start of a sequence item.
    static func plan(_ bytes: UnsafeBufferPointer<UInt8>) -> YAMLSplit? {
        var lineStart = Lines.nextLineStart(in: bytes, atOrAfter: bytes.count / 2)
        var tried = 0
        while let start = lineStart, tried < attempts {
            let shape = LineShape(bytes, at: start)
            if shape.startsWithDash, let split = plan(bytes, cutAt: start, indent: shape.indent) {
                return split
            }
            if shape.startsWithDash { tried += 1 }
            lineStart = Lines.nextLineStart(in: bytes, atOrAfter: start + 1)
        }
        return nil
    }

    /// The plan for cutting at `offset`, a line start whose line begins with a dash;
    /// nil when the lines above cannot be read as a chain of block collections.
    static func plan(_ bytes: UnsafeBufferPointer<UInt8>, cutAt offset: Int) -> YAMLSplit? {
        let shape = LineShape(bytes, at: offset)
        guard shape.startsWithDash else { return nil }
        return plan(bytes, cutAt: offset, indent: shape.indent)
    }

    private static func plan(_ bytes: UnsafeBufferPointer<UInt8>, cutAt offset: Int, indent: Int) -> YAMLSplit? {
        guard offset > 0, let levels = openLevels(bytes, cutAt: offset, indent: indent) else { return nil }
        return YAMLSplit(offset: offset, levels: levels)
    }

    /// A cut at `offset` with `levels` open there; nil when no skeleton opens them
    /// (a level not deeper than its parent, or an innermost level that is not a
    /// sequence). The innermost level's column must be the cut line's dash's.
    init?(offset: Int, levels: [Level]) {
        guard let (skeleton, lines) = Self.skeleton(for: levels) else { return nil }
        self.offset = offset
        self.levels = levels
        self.skeleton = skeleton
        self.skeletonLines = lines
    }

    // MARK: - Reading the open collections off the lines above the cut

    /// Walks up from the cut line: each collection's parent is on the nearest line
    /// above that is less indented (or, for a sequence written without indentation,
    /// the key on its own column). Lines more indented belong to earlier items.
    ///
    /// The cut line must not be its sequence's first item: libyaml starts a block
    /// sequence at its first dash, so the part before such a cut would end with the
    /// key's value empty (a null) rather than with the sequence open, and the split
    /// would fall back to reading the file whole after reading it in two.
    private static func openLevels(_ bytes: UnsafeBufferPointer<UInt8>, cutAt offset: Int, indent: Int) -> [Level]? {
        var innerFirst = [Level(kind: .sequence, column: indent)]
        // Whether a line above the cut holds an item of the cut line's sequence.
        var itemAbove = false
        var lineStart = offset
        while let above = Lines.previousLineStart(in: bytes, before: lineStart) {
            lineStart = above
            // Most lines above the cut belong to earlier items, more indented than
            // the collection looked for: their indentation decides, as their whole
            // shape would (a tab after it is not understood; blank lines are skipped).
            let (indent, next) = LineShape.indentation(bytes, at: above)
            if indent > innerFirst[innerFirst.count - 1].column, next != UInt8(ascii: "\t") { continue }
            let shape = LineShape(bytes, at: above)
            guard shape.isUnderstood else { return nil }
            if shape.isBlank { continue }
            if shape.isDocumentStart { break }
            let current = innerFirst[innerFirst.count - 1]
            if shape.indent > current.column { continue }
            if shape.indent == current.column {
                switch current.kind {
                case .sequence where shape.dashes.first == current.column:
                    if innerFirst.count == 1 { itemAbove = true }
                    continue // an earlier item of the same sequence
                case .mapping where shape.dashes.isEmpty && shape.key != nil:
                    continue // an earlier key of the same mapping
                case .mapping where shape.dashes.first == current.column:
                    continue // an item of an earlier key's sequence, written on the key's column
                case .sequence where shape.dashes.isEmpty && shape.key == current.column && !shape.keyHasValue:
                    // A sequence that is a key's value, written on the key's column.
                    guard innerFirst.count > 1 || itemAbove else { return nil }
                    innerFirst.append(Level(kind: .mapping, column: current.column))
                    continue
                default:
                    return nil
                }
            }
            // A less indented line: it opens `current` or holds its parent.
            var opened: [Level] = []
            switch current.kind {
            case .mapping:
                if shape.key == current.column, let last = shape.dashes.last, last < current.column {
                    // `- key: …`: the mapping is an item of the dashes' sequences.
                } else if shape.key == nil, shape.endsAfterDashes {
                    // `-` alone: the mapping is the item on the lines below.
                } else if let key = shape.key, key < current.column, !shape.keyHasValue {
                    opened.append(Level(kind: .mapping, column: key))
                } else {
                    return nil
                }
            case .sequence:
                if shape.dashes.last == current.column {
                    // `- - …`: the sequence's first item is on this line, after an outer dash.
                    if innerFirst.count == 1 { itemAbove = true }
                    innerFirst.append(contentsOf: shape.dashes.dropLast().reversed().map { Level(kind: .sequence, column: $0) })
                    continue
                } else if let key = shape.key, key < current.column, !shape.keyHasValue {
                    opened.append(Level(kind: .mapping, column: key))
                } else if shape.key == nil, shape.endsAfterDashes, let last = shape.dashes.last, last < current.column {
                    // `-` alone: the sequence is the item on the lines below.
                } else {
                    return nil
                }
            }
            opened.append(contentsOf: shape.dashes.reversed().map { Level(kind: .sequence, column: $0) })
            guard innerFirst.count > 1 || itemAbove else { return nil }
            innerFirst.append(contentsOf: opened)
        }
        guard innerFirst.count > 1 || itemAbove else { return nil }
        return innerFirst.reversed()
    }

    // MARK: - The skeleton

    /// Lines that open `levels` at their columns. Each level is deeper than its
    /// parent, except a sequence that is a mapping's value, which may share its column.
    private static func skeleton(for levels: [Level]) -> ([UInt8], Int)? {
        var text: [UInt8] = []
        var lines = 0
        var column: Int? // nil at the start of a line
        func pad(to target: Int) -> Bool {
            let from = column ?? 0
            guard target >= from else { return false }
            text.append(contentsOf: repeatElement(UInt8(ascii: " "), count: target - from))
            column = target
            return true
        }
        func endLine() {
            text.append(UInt8(ascii: "\n"))
            lines += 1
            column = nil
        }
        for (index, level) in levels.enumerated() {
            if index > 0 {
                let parent = levels[index - 1]
                let sharesColumn = parent.kind == .mapping && level.kind == .sequence && level.column == parent.column
                guard level.column > parent.column || sharesColumn else { return nil }
            }
            let isInnermost = index == levels.count - 1
            switch level.kind {
            case .mapping:
                guard pad(to: level.column) else { return nil }
                placeholderKey.withUTF8Buffer { text.append(contentsOf: $0) }
                text.append(UInt8(ascii: ":"))
                endLine()
            case .sequence:
                // The innermost sequence's first dash is the cut line's.
                if isInnermost { return column == nil ? (text, lines) : nil }
                guard pad(to: level.column) else { return nil }
                text.append(UInt8(ascii: "-"))
                column = level.column + 1
                let next = levels[index + 1]
                if index + 1 == levels.count - 1 {
                    endLine() // `-` alone; the cut line holds the nested sequence
                } else if next.column <= level.column + 1 {
                    return nil
                }
            }
        }
        return nil
    }
}

/// What the planner needs to know of one line: its indentation, the columns of the
/// dashes it starts with, and a plain key after them, if any.
private struct LineShape {
    var indent = 0
    var dashes: [Int] = []
    /// The column of a plain `key:` after the dashes.
    var key: Int?
    /// The key has a value on the same line.
    var keyHasValue = false
    /// The line ends (or a comment starts) right after its dashes.
    var endsAfterDashes = false
    var isBlank = false
    var isDocumentStart = false
    /// False for a line the planner cannot reason about (a tab in the indentation,
    /// a directive): the split is not tried across it.
    var isUnderstood = true

    var startsWithDash: Bool { dashes.first == indent && isUnderstood }

    init(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) {
        var index = start
        let end = bytes.count
        func byte(_ at: Int) -> UInt8? { at < end ? bytes[at] : nil }
        func isLineEnd(_ at: Int) -> Bool {
            guard let value = byte(at) else { return true }
            return value == UInt8(ascii: "\n") || value == UInt8(ascii: "\r")
        }
        func isSpaceOrEnd(_ at: Int) -> Bool { byte(at) == UInt8(ascii: " ") || isLineEnd(at) }
        while byte(index) == UInt8(ascii: " ") { index += 1 }
        indent = index - start
        if byte(index) == UInt8(ascii: "\t") {
            isUnderstood = false
            return
        }
        if isLineEnd(index) || byte(index) == UInt8(ascii: "#") {
            isBlank = true
            return
        }
        if indent == 0 {
            if byte(index) == UInt8(ascii: "%") {
                isUnderstood = false
                return
            }
            if byte(index) == UInt8(ascii: "-"), byte(index + 1) == UInt8(ascii: "-"), byte(index + 2) == UInt8(ascii: "-"),
               isSpaceOrEnd(index + 3) {
                isDocumentStart = true
                return
            }
        }
        while byte(index) == UInt8(ascii: "-"), isSpaceOrEnd(index + 1) {
            dashes.append(index - start)
            index += 1
            while byte(index) == UInt8(ascii: " ") { index += 1 }
            if isLineEnd(index) || byte(index) == UInt8(ascii: "#") {
                endsAfterDashes = true
                return
            }
        }
        // A plain key: word characters, then ':' and a space or the line's end.
        let keyStart = index
        while let value = byte(index), Self.isKeyCharacter(value) { index += 1 }
        guard index > keyStart, byte(index) == UInt8(ascii: ":"), isSpaceOrEnd(index + 1) else { return }
        key = keyStart - start
        index += 1
        while byte(index) == UInt8(ascii: " ") { index += 1 }
        keyHasValue = !(isLineEnd(index) || byte(index) == UInt8(ascii: "#"))
    }

    /// The number of spaces starting the line at `start`, and the byte after them
    /// (nil at the end of the file).
    static func indentation(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (indent: Int, next: UInt8?) {
        var index = start
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
        return (index - start, index < bytes.count ? bytes[index] : nil)
    }

    private static func isKeyCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."):
            true
        default:
            false
        }
    }
}

/// Line starts in a byte buffer, found on demand: forward a few lines to a cut,
/// backward over the lines above it (internal for `YAMLSplitTests`).
enum Lines {
    /// The first line start at or after `offset`.
    static func nextLineStart(in bytes: UnsafeBufferPointer<UInt8>, atOrAfter offset: Int) -> Int? {
        guard offset < bytes.count else { return nil }
        if offset == 0 || bytes[offset - 1] == UInt8(ascii: "\n") { return offset }
        var index = offset
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
        return index + 1 < bytes.count ? index + 1 : nil
    }

    /// The start of the line before the one starting at `lineStart`. The planner
    /// walks up half the file this way, on one thread before the parts are read,
    /// so the break is looked for eight bytes at a time.
    static func previousLineStart(in bytes: UnsafeBufferPointer<UInt8>, before lineStart: Int) -> Int? {
        guard lineStart > 0, let base = bytes.baseAddress else { return nil }
        precondition(lineStart <= bytes.count, "a line start past the end of the bytes")
        var end = lineStart - 1 // the previous line's "\n": look before it
        while end >= 8 {
            let word = UnsafeRawPointer(base + end - 8).loadUnaligned(as: UInt64.self)
            if let last = lastLineFeed(in: word) { return end - 8 + last + 1 }
            end -= 8
        }
        while end > 0, bytes[end - 1] != UInt8(ascii: "\n") { end -= 1 }
        return end
    }

    /// The index (0–7, in memory order) of the last "\n" among a word's eight
    /// bytes, or nil. Exact for every byte, unlike the borrow trick, whose false
    /// hits above a real one would be taken for the last.
    @inline(__always)
    static func lastLineFeed(in word: UInt64) -> Int? {
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let other = UInt64(littleEndian: word) ^ 0x0A0A_0A0A_0A0A_0A0A
        // The high bit of each byte that is zero in `other`: a "\n" in `word`.
        let found = ~(((other & low7) &+ low7) | other | low7)
        guard found != 0 else { return nil }
        return (63 - found.leadingZeroBitCount) / 8
    }
}
