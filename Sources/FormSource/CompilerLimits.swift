/// The limits of SPEC §9. Each one, when hit, is FC004 at the place it was hit.
public struct CompilerLimits: Sendable, Hashable {
    /// Largest input file, in bytes.
    public var maxFileSize: Int = 16 * 1024 * 1024
    /// Deepest nesting of sequences and mappings.
    public var maxDepth: Int = 64
    /// Aliases may not make the tree grow past this many times the parsed nodes.
    public var aliasExpansionFactor: Int = 10
    /// Most elements (of every kind, at every depth) in one form.
    public var maxElements: Int = 10_000

    public init() {}

    public static let `default` = CompilerLimits()
}
