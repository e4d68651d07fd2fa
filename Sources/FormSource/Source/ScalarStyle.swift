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
