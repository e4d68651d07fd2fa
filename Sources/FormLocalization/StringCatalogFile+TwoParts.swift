import FormSource

// Speed only: a large String Catalog read by two readers at once, each about
// half of its `strings` object (`SpeedPaths.catalogInTwoMinimumBytes`). The
// plain path is `StringCatalogFile.parse` reading it in one; tests compare the
// two.
//
// The split is at an entry of `strings` near the middle, found by its layout:
// `,` at the end of a line and a key four spaces in, as Xcode writes an entry.
// The second reader reads the members of a depth-1 object from there to its
// closing brace; the first reads from the start, and when it stands at that key
// in an object at that depth it takes the second's members and goes on where
// the second stopped. When it never stands there (the layout is not Xcode's),
// the second part's work is dropped and the first reads everything.

extension StringCatalogFile {
    static func parseInTwo(_ file: SourceFile, read: CatalogRead? = nil, defersEntries: Bool = false) -> (CatalogJSON, SourceRange)? {
        guard let split = splitOffset(file.bytes) else { return parseInOne(file, read: read, defersEntries: defersEntries) }
        let line = file.position(ofByteOffset: split).line
        let second = Concurrently.Pending { () -> CatalogPart? in
            file.bytes.withUnsafeBufferPointer { bytes in
                var parser = CatalogParser(file: file, bytes: bytes, limits: .default)
                parser.catalogRead = read
                parser.defersCatalogEntries = defersEntries
                return parser.parseCatalogPart(from: split, line: line)
            }
        }
        return file.bytes.withUnsafeBufferPointer { bytes in
            var parser = CatalogParser(file: file, bytes: bytes, limits: .default)
            parser.catalogRead = read
            parser.defersCatalogEntries = defersEntries
            parser.catalogSplice = CatalogSplice(offset: split) { second.join() }
            let parsed = parser.parseCatalog()
            if parser.catalogSplice != nil { second.abandon() }
            return parsed
        }
    }

    /// The offset of a key that starts a line after `,` and four spaces, at or
    /// after the middle of `bytes` and before three quarters of them.
    static func splitOffset(_ bytes: [UInt8]) -> Int? {
        let pattern = Array(",\n    \"".utf8)
        var offset = bytes.count / 2
        let end = min(bytes.count * 3 / 4, bytes.count - pattern.count)
        while offset < end {
            if bytes[offset] == pattern[0], bytes[offset..<(offset + pattern.count)].elementsEqual(pattern) {
                return offset + pattern.count - 1
            }
            offset += 1
        }
        return nil
    }
}

/// Where the first reader takes the second part: the offset of the key it
/// starts at, in an object at `depth` (the catalog's `strings`).
struct CatalogSplice {
    static let depth = 1
    let offset: Int
    /// The second part, once read; nil when it is not JSON.
    let take: () -> CatalogPart?
}

/// What the second reader read: the members from the split to the object's
/// closing brace, whether they are in the writer's layout, and where the
/// reader stopped.
struct CatalogPart: Sendable {
    var members: [CatalogMember]
    var laidOut: Bool
    var index: Int
    var line: Int
    var lineStart: Int
    var multiByteExtra: Int
}

extension CatalogParser {
    /// The members from the key at `offset` (four spaces into `line`) to past
    /// the closing brace of their object at `CatalogSplice.depth`.
    mutating func parseCatalogPart(from offset: Int, line: Int) -> CatalogPart? {
        rejectsLoneSurrogates = true
        index = offset
        self.line = line
        lineStart = offset - 4
        multiByteExtra = 0
        var laidOut = true
        do throws(SyntaxError) {
            let members = try catalogMemberList(depth: CatalogSplice.depth, laidOut: &laidOut)
            return CatalogPart(
                members: members, laidOut: laidOut, index: index, line: self.line, lineStart: lineStart, multiByteExtra: multiByteExtra
            )
        } catch {
            return nil
        }
    }

    /// Appends the second part's members to the first's, with no key in both,
    /// and goes on where the second reader stopped.
    mutating func takeRest(
        from splice: CatalogSplice, into members: inout [CatalogMember], keys: Set<String>, laidOut: inout Bool
    ) throws(SyntaxError) {
        guard let part = splice.take() else { throw Self.rejected }
        var seen = keys.isEmpty ? Set(members.map(\.key)) : keys
        for member in part.members where !seen.insert(member.key).inserted {
            throw Self.rejected
        }
        members += part.members
        laidOut = laidOut && part.laidOut
        (index, line, lineStart, multiByteExtra) = (part.index, part.line, part.lineStart, part.multiByteExtra)
    }
}
