// A String Catalog read straight into `CatalogJSON`, with the form reader's
// cursor and scalars: a catalog is many times the size of a form, and a syntax
// tree first and the catalog's values after would build everything twice.

extension JSONParser {
    /// The document as `CatalogJSON`, each object member with its key's
    /// position, and the range of the top-level value; nil for anything `JSONReader` would report (a syntax error, a
    /// duplicate key, nesting past the limit), which the caller then reads with
    /// `JSONReader` for its diagnostic.
    mutating func parseCatalog() -> (CatalogJSON, SourceRange)? {
        do throws(SyntaxError) {
            skipByteOrderMark()
            skipWhitespace()
            let start = position(index)
            let value = try catalogValue(depth: 0)
            let range = SourceRange(start: start, end: position(index))
            skipWhitespace()
            return index == count ? (value, range) : nil
        } catch {
            return nil
        }
    }

    /// Stands for every error: `JSONReader` words the diagnostic.
    private static var rejected: SyntaxError { SyntaxError(message: "", start: 0, end: 0) }

    private mutating func catalogValue(depth: Int) throws(SyntaxError) -> CatalogJSON {
        guard index < count else { throw Self.rejected }
        let start = index
        switch bytes[index] {
        case ASCII.openBrace:
            return .object(try catalogMembers(depth: depth))
        case ASCII.openBracket:
            return .array(try catalogItems(depth: depth))
        case ASCII.quote:
            return .string(try catalogString())
        case ASCII.minus, ASCII.zero...ASCII.nine:
            _ = try parseNumber()
        default:
            guard Self.isWordByte(bytes[index]) else { throw Self.rejected }
            _ = try parseWord()
        }
        return .literal(text(start, index))
    }

    private mutating func catalogString() throws(SyntaxError) -> String {
        let start = tree.textCount
        try readStringText()
        return tree.takeText(from: start)
    }

    /// The members of the object at `index`. Duplicate keys are found by
    /// comparing with each member in the small objects of an entry, and by a set
    /// in a large one (the catalog's `strings`).
    private mutating func catalogMembers(depth: Int) throws(SyntaxError) -> [CatalogMember] {
        guard depth < limits.maxDepth else { throw Self.rejected }
        index += 1
        skipWhitespace()
        var members: [CatalogMember] = []
        if index < count, bytes[index] == ASCII.closeBrace {
            index += 1
            return members
        }
        // A catalog's objects mostly have one to four members: one allocation.
        members.reserveCapacity(4)
        var keys = Set<String>()
        while true {
            guard index < count, bytes[index] == ASCII.quote else { throw Self.rejected }
            let at = position(index)
            let key = try catalogString()
            if members.count < MappingKeyIndex.scanLimit {
                if members.contains(where: { $0.key == key }) { throw Self.rejected }
            } else {
                if keys.isEmpty { keys = Set(members.map(\.key)) }
                guard keys.insert(key).inserted else { throw Self.rejected }
            }
            skipWhitespace()
            guard index < count, bytes[index] == ASCII.colon else { throw Self.rejected }
            index += 1
            skipWhitespace()
            let value = try catalogValue(depth: depth + 1)
            members.append(CatalogMember(key: key, value: value, line: at.line, column: at.column))
            guard try nextItem(closer: ASCII.closeBrace) else { return members }
        }
    }

    private mutating func catalogItems(depth: Int) throws(SyntaxError) -> [CatalogJSON] {
        guard depth < limits.maxDepth else { throw Self.rejected }
        index += 1
        skipWhitespace()
        var items: [CatalogJSON] = []
        if index < count, bytes[index] == ASCII.closeBracket {
            index += 1
            return items
        }
        while true {
            items.append(try catalogValue(depth: depth + 1))
            guard try nextItem(closer: ASCII.closeBracket) else { return items }
        }
    }

    /// After a member or an element: true past a `,` (and the whitespace after
    /// it), false past `closer`.
    private mutating func nextItem(closer: UInt8) throws(SyntaxError) -> Bool {
        skipWhitespace()
        guard index < count else { throw Self.rejected }
        if bytes[index] == ASCII.comma {
            index += 1
            skipWhitespace()
            return true
        }
        guard bytes[index] == closer else { throw Self.rejected }
        index += 1
        return false
    }
}
