/// A place in a source file: 1-based line and 1-based column, columns counted in
/// Unicode scalars (what an editor shows for non-ASCII text, and what libyaml counts).
///
/// Stored in 32 bits each: every node of the tree keeps a range (two positions), and
/// halving them makes the tree of a large form markedly smaller and faster to build.
public struct SourcePosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    private var storedLine: UInt32
    private var storedColumn: UInt32

    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Self.clamped(newValue) }
    }

    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Self.clamped(newValue) }
    }

    public init(line: Int, column: Int) {
        self.storedLine = Self.clamped(line)
        self.storedColumn = Self.clamped(column)
    }

    /// Files are at most 16 MiB by default, far below 2^32 lines or columns; larger
    /// values (a custom limit) saturate instead of trapping.
    @inline(__always)
    private static func clamped(_ value: Int) -> UInt32 {
        UInt32(clamping: value)
    }

    public static let start = SourcePosition(line: 1, column: 1)

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.storedLine, lhs.storedColumn) < (rhs.storedLine, rhs.storedColumn)
    }

    public var description: String { "\(line):\(column)" }
}

/// A half-open span `start..<end` in one file. `end` is the position just after the
/// last character, so a one-character span at 3:5 ends at 3:6.
public struct SourceRange: Hashable, Sendable, CustomStringConvertible {
    public var start: SourcePosition
    public var end: SourcePosition

    public init(start: SourcePosition, end: SourcePosition) {
        self.start = start
        self.end = max(start, end)
    }

    /// An empty span at one position.
    public init(at position: SourcePosition) {
        self.init(start: position, end: position)
    }

    public static let fileStart = SourceRange(at: .start)

    public var description: String { "\(start)-\(end)" }
}

/// A span in a named file: what a diagnostic or a note points at.
public struct SourceLocation: Hashable, Sendable {
    /// The file's path as the user gave it (relative paths stay relative).
    public var file: String
    public var range: SourceRange

    public init(file: String, range: SourceRange) {
        self.file = file
        self.range = range
    }
}

/// A value together with the span it was read from.
public struct Located<Value> {
    public var value: Value
    public var range: SourceRange

    public init(_ value: Value, at range: SourceRange) {
        self.value = value
        self.range = range
    }
}

extension Located where Value == String {
    /// An id the decoder could not read (FC102 reported there), at `start`, where
    /// its value is: empty, and located at no characters (an id written as `""`
    /// spans its quotes). The element is still checked, under no id.
    public static func unreadID(at start: SourcePosition) -> Located<String> {
        Located("", at: SourceRange(start: start, end: start))
    }

    /// Whether this is an `unreadID`.
    @inlinable public var isUnreadID: Bool { range.start == range.end && value.isEmpty }
}

extension Located: Sendable where Value: Sendable {}
extension Located: Equatable where Value: Equatable {}
extension Located: Hashable where Value: Hashable {}
