/// How a scalar was written. Typing is schema-directed (SPEC §1), but the style
/// still matters: a quoted scalar is never a number or a Boolean, and a condition's
/// character positions are mapped back through the style's escapes.
public enum ScalarStyle: String, Sendable, Hashable {
    case plain
    case singleQuoted
    case doubleQuoted
    case literal
    case folded

    public var isQuoted: Bool { self == .singleQuoted || self == .doubleQuoted }
}

/// A scalar's text after the reader resolved escapes and folding, and its style.
/// JSON strings are `.doubleQuoted`; JSON numbers, `true`, `false` and `null` are
/// `.plain` with their text exactly as written.
public struct Scalar: Hashable, Sendable {
    public var text: String
    public var style: ScalarStyle

    public init(_ text: String, style: ScalarStyle = .plain) {
        self.text = text
        self.style = style
    }
}

/// One key–value entry of a mapping, in document order.
public struct MappingEntry: Sendable {
    public var key: Node
    public var value: Node

    public init(key: Node, value: Node) {
        self.key = key
        self.value = value
    }
}

/// The untyped document tree that both readers produce: scalars, sequences and
/// mappings, each with its source span. The decoder turns it into the typed
/// element tree; nothing after the decoder sees a `Node`.
public struct Node: Sendable {
    public enum Content: Sendable {
        case scalar(Scalar)
        case sequence([Node])
        case mapping([MappingEntry])
    }

    public var content: Content
    /// From the node's first character to just after its last one.
    public var range: SourceRange
    /// The tag as written in the source (`!newsletter`, `!!str`), if any.
    public var tag: String?

    public init(_ content: Content, range: SourceRange, tag: String? = nil) {
        self.content = content
        self.range = range
        self.tag = tag
    }

    public var scalar: Scalar? {
        if case .scalar(let scalar) = content { return scalar }
        return nil
    }

    public var sequence: [Node]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    public var mapping: [MappingEntry]? {
        if case .mapping(let entries) = content { return entries }
        return nil
    }

    /// A short name of what the node is, for messages ("a list", "a mapping").
    public var kindDescription: String {
        switch content {
        case .scalar(let scalar):
            switch scalar.style {
            case .plain: return "'\(scalar.text)'"
            default: return "the string '\(scalar.text)'"
            }
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }
}
