import FormSource

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A node of a `SyntaxTree`: an index into its nodes.
public struct NodeID: Hashable, Sendable {
    @usableFromInline package let index: Int32

    @inlinable package init(_ index: Int32) {
        self.index = index
    }
}

/// The untyped document tree that both readers produce: scalars, sequences and
/// mappings, each with its source span. The decoder turns it into the typed
/// element tree; nothing after the decoder sees a `SyntaxTree`.
///
/// The tree is flat, so that reading a node costs no allocation of its own, however
/// many nodes a large form has: every node is a small plain record in one array;
/// the children of all collections are runs in one shared array (a mapping's as
/// key, value pairs); and all scalar texts, after the reader resolved escapes and
/// folding, are runs in one shared byte buffer. A `String` is made only for a value
/// the decoder keeps or a diagnostic names. JSON strings are `.doubleQuoted`
/// scalars; JSON numbers, `true`, `false` and `null` are `.plain` with their text
/// exactly as written.
///
/// The tree is immutable once read, so its arrays live in one shared object: a copy
/// of the tree (the decoder keeps one in each mapping it looks keys up in) costs one
/// retain. An alias is a node of its own with the alias's range and the anchored
/// node's content (the same children or text); see `YAMLReader`.
///
/// Offsets are `Int32`: `FormReader.read` reads no file larger than
/// `maxFileSize`, whatever the limits say, and a file's text is no longer than the
/// file and its nodes about as many as its bytes at most (the default limit is 16 MB).
public struct SyntaxTree: Sendable {
    /// The largest file whose offsets fit the tree's `Int32`s.
    public static let maxFileSize = Int(Int32.max)

    public enum Kind: UInt8, Sendable {
        case scalar
        case sequence
        case mapping
    }

    /// One node, 32 bytes.
    @usableFromInline package struct Record: Sendable {
        /// From the node's first character to just after its last one.
        @usableFromInline var range: SourceRange
        /// A scalar's first byte in `text`; a collection's first child in `children`.
        @usableFromInline var start: Int32
        /// A scalar's length in bytes; a sequence's items; a mapping's entries
        /// (twice as many children: key, value, key, value…).
        @usableFromInline package var count: Int32
        /// The index in `tags` of the tag as written (`!newsletter`,
        /// `tag:yaml.org,2002:str`), or -1 when there is none.
        @usableFromInline package var tag: Int32
        @usableFromInline package var kind: Kind
        /// `.plain` for collections.
        @usableFromInline package var style: ScalarStyle
    }

    @usableFromInline final class Storage: Sendable {
        @usableFromInline let nodes: [Record]
        @usableFromInline let children: [Int32]
        @usableFromInline let text: [UInt8]
        @usableFromInline let tags: [String]
        /// Whether the tree was read from JSON (`SyntaxTree.isJSON`).
        let isJSON: Bool

        init(nodes: [Record], children: [Int32], text: [UInt8], tags: [String], isJSON: Bool) {
            self.nodes = nodes
            self.children = children
            self.text = text
            self.tags = tags
            self.isJSON = isJSON
        }
    }

    @usableFromInline let storage: Storage
    /// The document's root node.
    public let root: NodeID

    /// Whether the tree was read from JSON, whose plain scalars are numbers,
    /// booleans and `null` (a message names them so: "the number 3"). Kept in the
    /// storage: the tree itself, copied everywhere, stays a reference and a root.
    package var isJSON: Bool { storage.isJSON }

    init(storage: Storage, root: NodeID) {
        self.storage = storage
        self.root = root
    }

    /// The same tree behind a storage object of its own, for another thread: the
    /// arrays are shared, but the object that every copy of the tree retains is
    /// not, so two threads reading the tree do not contend for its reference count.
    package func forAnotherThread() -> SyntaxTree {
        SyntaxTree(
            storage: Storage(nodes: storage.nodes, children: storage.children, text: storage.text, tags: storage.tags, isJSON: isJSON),
            root: root
        )
    }

    // MARK: - Nodes

    /// How many nodes the tree has: their ids are 0 ..< `nodeCount`.
    package var nodeCount: Int { storage.nodes.count }

    @inlinable @inline(__always)
    package func record(_ node: NodeID) -> Record { storage.nodes[Int(node.index)] }

    @inlinable package func kind(_ node: NodeID) -> Kind { record(node).kind }

    @inlinable package func range(_ node: NodeID) -> SourceRange { record(node).range }

    @inlinable package func isScalar(_ node: NodeID) -> Bool { record(node).kind == .scalar }

    @inlinable package func isMapping(_ node: NodeID) -> Bool { record(node).kind == .mapping }

    @inlinable package func isSequence(_ node: NodeID) -> Bool { record(node).kind == .sequence }

    /// The tag as written in the source, if any.
    package func tag(_ node: NodeID) -> String? {
        let tag = record(node).tag
        return tag < 0 ? nil : storage.tags[Int(tag)]
    }

    package func hasTag(_ node: NodeID) -> Bool { record(node).tag >= 0 }

    /// A scalar's style; nil for a sequence or mapping.
    @inlinable package func style(_ node: NodeID) -> ScalarStyle? {
        let record = record(node)
        return record.kind == .scalar ? record.style : nil
    }

    /// A scalar's text, made into a `String`; nil for a sequence or mapping.
    @inlinable package func text(_ node: NodeID) -> String? {
        let record = record(node)
        guard record.kind == .scalar else { return nil }
        return storage.text.withUnsafeBufferPointer {
            Self.string(UnsafeBufferPointer(rebasing: $0[Int(record.start)..<Int(record.start + record.count)]))
        }
    }

    /// Calls `body` with a scalar's text as bytes (none for a sequence or mapping).
    @inlinable package func withText<Result>(_ node: NodeID, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let record = record(node)
        let count = record.kind == .scalar ? Int(record.count) : 0
        return storage.text.withUnsafeBufferPointer {
            body(UnsafeBufferPointer(rebasing: $0[Int(record.start)..<Int(record.start) + count]))
        }
    }

    /// Whether the node is a scalar whose text is `name`, compared length first,
    /// then by `bytesEqual`, without making a `String` of the scalar. The names
    /// the decoder looks for are literals, whose bytes are constants in the binary.
    @inlinable package func textEquals(_ node: NodeID, _ name: StaticString) -> Bool {
        let record = record(node)
        guard record.kind == .scalar, Int(record.count) == name.utf8CodeUnitCount else { return false }
        guard record.count > 0 else { return true }
        // The bytes in place, by pointer: no slice of the buffer to check and
        // rebase (this is asked of most keys of every mapping).
        return storage.text.withUnsafeBufferPointer { text in
            assert(Int(record.start) + Int(record.count) <= text.count, "a scalar's text lies inside the tree's text")
            return name.withUTF8Buffer { other in
                Self.bytesEqual(text.baseAddress.unsafelyUnwrapped + Int(record.start), other.baseAddress.unsafelyUnwrapped, count: other.count)
            }
        }
    }

    /// A one-bit summary of a scalar's text (its length and first byte), for a set
    /// of keys kept as a 64-bit mask: texts with different bits differ.
    @inlinable package func keyBit(_ node: NodeID) -> UInt64 {
        let record = record(node)
        let first = record.count > 0 ? storage.text[Int(record.start)] : 0
        return Self.keyBit(length: Int(record.count), first: first)
    }

    /// The `keyBit` of a scalar whose text is `name`.
    @inlinable package static func keyBit(_ name: StaticString) -> UInt64 {
        name.withUTF8Buffer { keyBit(length: $0.count, first: $0.first ?? 0) }
    }

    @inlinable @inline(__always)
    static func keyBit(length: Int, first: UInt8) -> UInt64 {
        1 << UInt64(truncatingIfNeeded: (length &* 7 &+ Int(first)) & 63)
    }

    /// Whether the node is a scalar with no text.
    @inlinable package func isEmptyScalar(_ node: NodeID) -> Bool {
        let record = record(node)
        return record.kind == .scalar && record.count == 0
    }

    /// A sequence's items.
    @inlinable package func items(_ node: NodeID) -> Items {
        let record = record(node)
        return Items(tree: self, start: Int(record.start), count: record.kind == .sequence ? Int(record.count) : 0)
    }

    /// A mapping's entries, in document order.
    @inlinable package func entries(_ node: NodeID) -> Entries {
        let record = record(node)
        return Entries(tree: self, start: Int(record.start), count: record.kind == .mapping ? Int(record.count) : 0)
    }

    /// A short name of what the node is, for messages ("a list", "a mapping").
    package func kindDescription(_ node: NodeID) -> String {
        Self.describe(record(node), text: text(node) ?? "", isJSON: isJSON)
    }

    static func describe(_ record: Record, text: @autoclosure () -> String, isJSON: Bool) -> String {
        switch record.kind {
        case .scalar where record.style != .plain: "the string '\(text())'"
        case .scalar: isJSON ? describeJSONValue(text()) : "'\(text())'"
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }

    /// A JSON scalar that is not a string, as a message names it: `null`, `the boolean true`, `the number 5`.
    package static func describeJSONValue(_ text: String) -> String {
        text == "null" ? "null" : (text == "true" || text == "false" ? "the boolean \(text)" : "the number \(text)")
    }

    /// A sequence's items, without copying them out of the tree.
    @usableFromInline package struct Items: RandomAccessCollection, Sendable {
        @usableFromInline let tree: SyntaxTree
        @usableFromInline let start: Int
        @usableFromInline package let count: Int

        @inlinable init(tree: SyntaxTree, start: Int, count: Int) {
            self.tree = tree
            self.start = start
            self.count = count
        }

        @inlinable package var startIndex: Int { 0 }
        @inlinable package var endIndex: Int { count }

        @inlinable package subscript(position: Int) -> NodeID {
            precondition(position >= 0 && position < count, "item index out of range")
            return NodeID(tree.storage.children[start + position])
        }
    }

    /// A mapping's entries, without copying them out of the tree.
    @usableFromInline package struct Entries: RandomAccessCollection, Sendable {
        @usableFromInline package let tree: SyntaxTree
        @usableFromInline let start: Int
        @usableFromInline package let count: Int

        @inlinable init(tree: SyntaxTree, start: Int, count: Int) {
            self.tree = tree
            self.start = start
            self.count = count
        }

        @inlinable package var startIndex: Int { 0 }
        @inlinable package var endIndex: Int { count }

        @inlinable package subscript(position: Int) -> (key: NodeID, value: NodeID) {
            precondition(position >= 0 && position < count, "entry index out of range")
            let children = tree.storage.children
            return (NodeID(children[start + 2 * position]), NodeID(children[start + 2 * position + 1]))
        }
    }

    // MARK: - Bytes

    @inlinable static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        bytes.isEmpty ? "" : String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `bytes` are the UTF-8 of `name`.
    @inlinable @inline(__always)
    package static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        guard bytes.count == name.utf8CodeUnitCount else { return false }
        guard bytes.count > 0 else { return true }
        return name.withUTF8Buffer { other in
            bytesEqual(bytes.baseAddress.unsafelyUnwrapped, other.baseAddress.unsafelyUnwrapped, count: other.count)
        }
    }

    /// Whether `count` bytes at `a` and at `b` are the same, for the short texts
    /// of keys and keywords: up to 16 bytes, at most three loads of each side that
    /// together cover all `count` bytes (overlapping), rather than a loop of a
    /// compare per byte; longer texts by `memcmp`.
    @inlinable @inline(__always)
    static func bytesEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int) -> Bool {
        let a = UnsafeRawPointer(a)
        let b = UnsafeRawPointer(b)
        switch count {
        case ..<1:
            return true
        case 1...3:
            // The first, middle and last bytes are all the bytes of 1 to 3.
            let middle = count >> 1
            return a.load(as: UInt8.self) == b.load(as: UInt8.self)
                && a.load(fromByteOffset: middle, as: UInt8.self) == b.load(fromByteOffset: middle, as: UInt8.self)
                && a.load(fromByteOffset: count - 1, as: UInt8.self) == b.load(fromByteOffset: count - 1, as: UInt8.self)
        case 4...8:
            return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
                && a.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
                    == b.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        case 9...16:
            return a.loadUnaligned(as: UInt64.self) == b.loadUnaligned(as: UInt64.self)
                && a.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                    == b.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        default:
            return memcmp(a, b, count) == 0
        }
    }
}
