import FormSource

/// Collects a `SyntaxTree` as a reader goes through its file. The reader keeps its
/// own stack of open collections; their finished children wait on `pending`, and a
/// collection's run of children moves to `children` in one append when it closes,
/// so an open collection allocates nothing of its own.
@usableFromInline package struct SyntaxTreeBuilder: Sendable {
    private(set) var nodes: [SyntaxTree.Record] = []
    private var children: [Int32] = []
    @usableFromInline private(set) var text: [UInt8] = []
    private var tags: [String] = []
    /// The finished children of every open collection, outermost first; a
    /// collection's children start at the `pending.count` it was opened at.
    private(set) var pending: [Int32] = []

    init(expectedBytes: Int) {
        // Rough shares of a typical form: a node per 10 bytes, text a third of the file.
        nodes.reserveCapacity(expectedBytes / 10)
        children.reserveCapacity(expectedBytes / 10)
        text.reserveCapacity(expectedBytes / 3)
        pending.reserveCapacity(64)
    }

    func range(_ node: NodeID) -> SourceRange { nodes[Int(node.index)].range }

    // MARK: - Adding nodes

    /// Adds a tag's text; the result is what `addScalar` and `close` take.
    mutating func addTag(_ tag: String) -> Int32 {
        tags.append(tag)
        return Int32(tags.count - 1)
    }

    /// Adds a scalar whose text is `bytes`.
    mutating func addScalar(
        _ bytes: UnsafeBufferPointer<UInt8>, style: ScalarStyle, range: SourceRange, tag: Int32 = -1
    ) -> NodeID {
        let start = text.count
        text.append(contentsOf: bytes)
        return addScalar(textFrom: start, style: style, range: range, tag: tag)
    }

    /// Adds a scalar whose text the reader appended to `text` since `start` (JSON
    /// strings resolve their escapes straight into the buffer).
    mutating func addScalar(textFrom start: Int, style: ScalarStyle, range: SourceRange, tag: Int32 = -1) -> NodeID {
        add(SyntaxTree.Record(
            range: range, start: Int32(start), count: Int32(text.count - start), tag: tag, kind: .scalar, style: style
        ))
    }

    /// Appends bytes of a scalar that is being read.
    mutating func appendText(_ bytes: UnsafeBufferPointer<UInt8>) {
        text.append(contentsOf: bytes)
    }

    mutating func appendText(_ byte: UInt8) {
        text.append(byte)
    }

    /// Where the next scalar's text starts.
    @inlinable package var textCount: Int { text.count }

    /// The text appended since `start`, as a `String`, taken off the buffer: for
    /// a reader that builds its own values rather than a tree.
    @inlinable package mutating func takeText(from start: Int) -> String {
        let string = text.withUnsafeBufferPointer { SyntaxTree.string(UnsafeBufferPointer(rebasing: $0[start...])) }
        if start == 0 {
            text.removeAll(keepingCapacity: true)
        } else {
            text.removeLast(text.count - start)
        }
        return string
    }

    /// Whether the text appended since `start` passes `test`.
    @inlinable package func textMatches(from start: Int, _ test: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        text.withUnsafeBufferPointer { test(UnsafeBufferPointer(rebasing: $0[start...])) }
    }

    /// Makes `node` a child of the innermost open collection.
    mutating func addChild(_ node: NodeID) {
        pending.append(node.index)
    }

    /// Closes the collection whose children start at `pending[base]`.
    mutating func close(
        _ kind: SyntaxTree.Kind, childrenFrom base: Int, range: SourceRange, tag: Int32 = -1
    ) -> NodeID {
        let start = children.count
        let childCount = pending.count - base
        if childCount > 0 {
            children.append(contentsOf: pending[base...])
            pending.removeLast(childCount)
        }
        return add(SyntaxTree.Record(
            range: range, start: Int32(start), count: Int32(kind == .mapping ? childCount / 2 : childCount),
            tag: tag, kind: kind, style: .plain
        ))
    }

    /// Adds to the mapping whose children start at `pending[base]` the entries of
    /// the mappings a merge key names (`sources`: each a mapping, or a list of
    /// mappings), as YAML's merge does: a key the mapping has, or an earlier mapping
    /// brought, is not added. The entries keep the ranges where they were written.
    mutating func merge(_ sources: [NodeID], intoChildrenFrom base: Int) {
        var mappings: [NodeID] = []
        for source in sources {
            let record = nodes[Int(source.index)]
            switch record.kind {
            case .mapping:
                mappings.append(source)
            case .sequence:
                for offset in 0..<Int(record.count) {
                    let item = NodeID(children[Int(record.start) + offset])
                    if nodes[Int(item.index)].kind == .mapping { mappings.append(item) }
                }
            case .scalar:
                break
            }
        }
        for mapping in mappings {
            let record = nodes[Int(mapping.index)]
            for entry in 0..<Int(record.count) {
                let key = NodeID(children[Int(record.start) + 2 * entry])
                let isPresent = stride(from: base, to: pending.count, by: 2).contains { sameText(NodeID(pending[$0]), key) }
                guard !isPresent else { continue }
                pending.append(key.index)
                pending.append(children[Int(record.start) + 2 * entry + 1])
            }
        }
    }

    /// Appends all of `other`'s nodes, their lines moved by `lineDelta`, and
    /// returns what to add to an index of `other` to get the node here. The nodes
    /// keep their children and texts; nothing refers to them yet.
    mutating func append(_ other: SyntaxTree, lineDelta: Int) -> Int32 {
        let nodeOffset = Int32(nodes.count)
        let childOffset = Int32(children.count)
        let textOffset = Int32(text.count)
        let tagOffset = Int32(tags.count)
        let storage = other.storage
        // Copied whole, then moved in place: this runs on one thread between the
        // two parts' reads, so it is kept to a pass over flat memory.
        let firstNode = nodes.count
        nodes.append(contentsOf: storage.nodes)
        nodes.withUnsafeMutableBufferPointer { nodes in
            for index in firstNode..<nodes.count {
                nodes[index].range.start.line += lineDelta
                nodes[index].range.end.line += lineDelta
                nodes[index].start += nodes[index].kind == .scalar ? textOffset : childOffset
                if nodes[index].tag >= 0 { nodes[index].tag += tagOffset }
            }
        }
        let firstChild = children.count
        children.append(contentsOf: storage.children)
        children.withUnsafeMutableBufferPointer { children in
            for index in firstChild..<children.count { children[index] += nodeOffset }
        }
        text.append(contentsOf: storage.text)
        tags.append(contentsOf: storage.tags)
        return nodeOffset
    }

    /// A node with `original`'s content and its own range: an alias. The content is
    /// shared, so this costs one record however large the original is.
    mutating func alias(of original: NodeID, range: SourceRange) -> NodeID {
        var record = nodes[Int(original.index)]
        record.range = range
        return add(record)
    }

    private mutating func add(_ record: SyntaxTree.Record) -> NodeID {
        nodes.append(record)
        return NodeID(Int32(nodes.count - 1))
    }

    /// The finished tree.
    consuming func tree(root: NodeID, isJSON: Bool = false) -> SyntaxTree {
        SyntaxTree(storage: SyntaxTree.Storage(nodes: nodes, children: children, text: text, tags: tags, isJSON: isJSON), root: root)
    }

    // MARK: - Reading back, for the readers' own checks

    /// Whether two scalars have the same text.
    func sameText(_ first: NodeID, _ second: NodeID) -> Bool {
        let a = nodes[Int(first.index)]
        let b = nodes[Int(second.index)]
        guard a.count == b.count else { return false }
        return text.withUnsafeBufferPointer { text in
            var offset: Int32 = 0
            while offset < a.count {
                if text[Int(a.start + offset)] != text[Int(b.start + offset)] { return false }
                offset += 1
            }
            return true
        }
    }

    /// A scalar's text as a `String` (for diagnostics and the key index).
    func string(_ node: NodeID) -> String {
        let record = nodes[Int(node.index)]
        guard record.kind == .scalar else { return "" }
        return text.withUnsafeBufferPointer {
            SyntaxTree.string(UnsafeBufferPointer(rebasing: $0[Int(record.start)..<Int(record.start + record.count)]))
        }
    }

    /// Whether a node is a scalar whose text is `name`.
    func textEquals(_ node: NodeID, _ name: StaticString) -> Bool {
        let record = nodes[Int(node.index)]
        guard record.kind == .scalar, Int(record.count) == name.utf8CodeUnitCount else { return false }
        guard record.count > 0 else { return true }
        return text.withUnsafeBufferPointer { text in
            assert(Int(record.start) + Int(record.count) <= text.count, "a scalar's text lies inside the builder's text")
            return name.withUTF8Buffer { other in
                SyntaxTree.bytesEqual(
                    text.baseAddress.unsafelyUnwrapped + Int(record.start), other.baseAddress.unsafelyUnwrapped, count: other.count
                )
            }
        }
    }

    /// Whether a node is a closed mapping with a key whose text is `name`.
    func mappingHasKey(_ node: NodeID, _ name: StaticString) -> Bool {
        let record = nodes[Int(node.index)]
        guard record.kind == .mapping else { return false }
        let first = Int(record.start)
        return stride(from: first, to: first + 2 * Int(record.count), by: 2).contains { textEquals(NodeID(children[$0]), name) }
    }

    /// A short name of what the node is, for messages; as `SyntaxTree.kindDescription`.
    func kindDescription(_ node: NodeID) -> String {
        SyntaxTree.describe(nodes[Int(node.index)], text: string(node), isJSON: false)
    }
}
