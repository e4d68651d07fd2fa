import FormSource
import FormSyntax

// A String Catalog read straight into `CatalogJSON`, with the form reader's
// cursor and scalars: a catalog is many times the size of a form, and a syntax
// tree first and the catalog's values after would build everything twice.
//
// The reader also notes where each entry (a member of a top-level object, as
// the entries of `strings`) is, from its key to the end of its value, and which
// values are written exactly as `StringCatalogFile.rendered` writes them at
// their depth (Xcode's layout): each such member gets the range of its value's
// bytes. The writer copies an entry the merge left unchanged as the file holds
// it, and a value in Xcode's layout inside an entry it changed.

extension CatalogParser {
    /// The document as `CatalogJSON`, each object member with its key's
    /// position, and the range of the top-level value; nil for anything
    /// `JSONReader` would report (a syntax error, a duplicate key, nesting past
    /// the limit, and, in a catalog, an escape that is a lone surrogate or a
    /// number beyond a `Double`), which the caller then reads with `JSONReader`
    /// for its diagnostic.
    mutating func parseCatalog() -> (CatalogJSON, SourceRange)? {
        readsStringCatalog = true
        do throws(SyntaxError) {
            skipByteOrderMark()
            skipWhitespace()
            let start = position(index)
            let (value, _) = try catalogValue(depth: 0)
            let range = SourceRange(start: start, end: position(index))
            skipWhitespace()
            return index == count ? (value, range) : nil
        } catch {
            return nil
        }
    }

    /// Stands for every error: `JSONReader` words the diagnostic.
    static var rejected: SyntaxError { SyntaxError(message: "", start: 0, end: 0) }

    /// The value at `index`, and whether its bytes are the writer's for a value
    /// at `depth` (indented by two spaces a level).
    private mutating func catalogValue(depth: Int) throws(SyntaxError) -> (CatalogJSON, Bool) {
        guard index < count else { throw Self.rejected }
        let start = index
        switch bytes[index] {
        case ASCII.openBrace:
            var laidOut = true
            let members = try catalogMembers(depth: depth, laidOut: &laidOut)
            return (.object(members), laidOut)
        case ASCII.openBracket:
            var laidOut = true
            let items = try catalogItems(depth: depth, laidOut: &laidOut)
            return (.array(items), laidOut)
        case ASCII.quote:
            var laidOut = true
            let text = try catalogString(laidOut: &laidOut)
            return (.string(text), laidOut)
        case ASCII.minus, ASCII.zero...ASCII.nine:
            _ = try parseNumber()
        default:
            guard Self.isWordByte(bytes[index]) else { throw Self.rejected }
            _ = try parseWord()
        }
        return (.literal(text(start, index)), true)
    }

    /// A string's text; `laidOut` false when its escapes are not the writer's
    /// (`\/`, or `\u` for what the writer leaves as it is).
    private mutating func catalogString(laidOut: inout Bool) throws(SyntaxError) -> String {
        let quote = index
        let start = tree.textCount
        try readStringText()
        // Every escape is longer than the character it stands for: the same
        // length means none.
        if tree.textCount - start != index - quote - 2 {
            laidOut = laidOut && tree.textMatches(from: start) { text in
                StringCatalogFile.isEscaped(text, as: UnsafeBufferPointer(rebasing: bytes[(quote + 1)..<(index - 1)]))
            }
        }
        return tree.takeText(from: start)
    }

    /// Whether the whitespace from `start` to `index` is `breaks` line breaks
    /// and then `spaces` spaces.
    private func isLayout(from start: Int, breaks: Int, spaces: Int) -> Bool {
        guard index - start == breaks + spaces else { return false }
        for offset in start..<index where bytes[offset] != (offset - start < breaks ? ASCII.newline : ASCII.space) {
            return false
        }
        return true
    }

    /// The members of the object at `index`, a value at `depth`. Duplicate keys
    /// are found by comparing with each member in the small objects of an entry,
    /// and by a set in a large one (the catalog's `strings`).
    private mutating func catalogMembers(depth: Int, laidOut: inout Bool) throws(SyntaxError) -> [CatalogMember] {
        guard depth < limits.maxDepth else { throw Self.rejected }
        index += 1
        if try isEmpty(closer: ASCII.closeBrace, depth: depth, laidOut: &laidOut) { return [] }
        return try catalogMemberList(depth: depth, laidOut: &laidOut)
    }

    /// The members of an object from its first (or any) key at `index` to past
    /// its closing brace.
    mutating func catalogMemberList(depth: Int, laidOut: inout Bool) throws(SyntaxError) -> [CatalogMember] {
        var members: [CatalogMember] = []
        // One allocation for an object as Xcode writes it, by its depth.
        members.reserveCapacity(Self.expectedMembers(depth: depth))
        // Keys are told apart by their scalars (`CatalogKey`), as the merge matches them.
        var keys = Set<CatalogKey>()
        repeat {
            guard index < count, bytes[index] == ASCII.quote else { throw Self.rejected }
            let at = position(index)
            let keyStart = index
            let key = try catalogString(laidOut: &laidOut)
            if members.count < MappingKeyIndex.scanLimit {
                if members.contains(where: { $0.key.hasSameScalars(as: key) }) { throw Self.rejected }
            } else {
                if keys.isEmpty { keys = Set(members.map { CatalogKey($0.key) }) }
                guard keys.insert(CatalogKey(key)).inserted else { throw Self.rejected }
            }
            var gap = index
            skipWhitespace()
            guard index < count, bytes[index] == ASCII.colon else { throw Self.rejected }
            var separatorLaidOut = isLayout(from: gap, breaks: 0, spaces: 1)
            index += 1
            gap = index
            skipWhitespace()
            separatorLaidOut = separatorLaidOut && isLayout(from: gap, breaks: 0, spaces: 1)
            laidOut = laidOut && separatorLaidOut
            let valueStart = index
            // An entry of `strings` (the value after ` : `, on its key's line).
            // A member of another top-level object is deferred alike: only the
            // writer looks at those, and it copies them.
            if depth == 1, defersCatalogEntries, separatorLaidOut, let read = catalogRead, skipDeferredEntry() {
                members.append(CatalogMember(
                    key: key, deferred: valueStart..<index, keyStart: keyStart, of: read, line: at.line, column: at.column
                ))
                continue
            }
            let (value, valueLaidOut) = try catalogValue(depth: depth + 1)
            laidOut = laidOut && valueLaidOut
            if depth == 1, let read = catalogRead {
                // An entry: the writer copies it as it is here, key and value,
                // whatever its layout, for as long as it is not changed.
                members.append(CatalogMember(
                    key: key, value: value, line: at.line, column: at.column,
                    entry: valueStart..<index, keyStart: keyStart, laidOut: valueLaidOut, of: read
                ))
                continue
            }
            members.append(CatalogMember(
                key: key, value: value, line: at.line, column: at.column,
                verbatim: valueLaidOut ? catalogRead.map { ($0, valueStart..<index) } : nil
            ))
        } while try nextItem(closer: ASCII.closeBrace, depth: depth, laidOut: &laidOut)
        return members
    }

    /// Past the entry at `index` when it is in `CatalogEntryShape` (and ends
    /// where a member's 32-bit range can say).
    private mutating func skipDeferredEntry() -> Bool {
        guard let shape = CatalogEntryShape.match(bytes, at: index), shape.end <= UInt32.max else { return false }
        index = shape.end
        line += shape.lineBreaks
        lineStart = shape.lastLineStart
        multiByteExtra = 0
        return true
    }

    /// The value at `offset`, a deferred entry of `strings` that starts on
    /// `line`, read as `parseCatalog` reads an entry it does not defer; nil
    /// for anything it rejects.
    mutating func parseCatalogEntry(at offset: Int, line: Int) -> CatalogJSON? {
        readsStringCatalog = true
        index = offset
        self.line = line
        // Only positions of keys on later lines are kept, each a line start
        // the reader passes: where this line starts is not needed.
        lineStart = offset
        multiByteExtra = 0
        return try? catalogValue(depth: 2).0
    }

    private mutating func catalogItems(depth: Int, laidOut: inout Bool) throws(SyntaxError) -> [CatalogJSON] {
        guard depth < limits.maxDepth else { throw Self.rejected }
        index += 1
        var items: [CatalogJSON] = []
        if try isEmpty(closer: ASCII.closeBracket, depth: depth, laidOut: &laidOut) { return items }
        repeat {
            let (item, itemLaidOut) = try catalogValue(depth: depth + 1)
            laidOut = laidOut && itemLaidOut
            items.append(item)
        } while try nextItem(closer: ASCII.closeBracket, depth: depth, laidOut: &laidOut)
        return items
    }

    /// Just past an object's or array's opening bracket: true past `closer` when
    /// nothing comes before it (written `{`, a blank line, `}`), else false at the
    /// first member or element (on a line of its own).
    private mutating func isEmpty(closer: UInt8, depth: Int, laidOut: inout Bool) throws(SyntaxError) -> Bool {
        let gap = index
        skipWhitespace()
        guard index < count else { throw Self.rejected }
        if bytes[index] == closer {
            laidOut = laidOut && isLayout(from: gap, breaks: 2, spaces: 2 * depth)
            index += 1
            return true
        }
        laidOut = laidOut && isLayout(from: gap, breaks: 1, spaces: 2 * depth + 2)
        return false
    }

    /// How many members an object at `depth` has in a catalog: the top level
    /// three, an entry three (`comment`, `extractionState`, `localizations`),
    /// its localizations a few languages, each one `stringUnit` (or
    /// `variations`), a string unit two (`state`, `value`). More make the
    /// array grow; a guess of four for all would hold twice the memory.
    private static func expectedMembers(depth: Int) -> Int {
        switch depth {
        case 0, 2: 3
        case 4: 1
        case 5: 2
        default: 4
        }
    }

    /// After a member or an element: true past a `,` and the whitespace after it
    /// (`,` right after the value, the next on a line of its own), false past
    /// `closer` (on a line of its own).
    private mutating func nextItem(closer: UInt8, depth: Int, laidOut: inout Bool) throws(SyntaxError) -> Bool {
        var gap = index
        skipWhitespace()
        guard index < count else { throw Self.rejected }
        if bytes[index] == ASCII.comma {
            laidOut = laidOut && index == gap
            index += 1
            gap = index
            skipWhitespace()
            laidOut = laidOut && isLayout(from: gap, breaks: 1, spaces: 2 * depth + 2)
            return true
        }
        guard bytes[index] == closer else { throw Self.rejected }
        laidOut = laidOut && isLayout(from: gap, breaks: 1, spaces: 2 * depth)
        index += 1
        return false
    }
}
