import FormSource

/// How much aliases may make a document grow (SPEC §9): the tree with every alias
/// expanded may hold at most `aliasExpansionFactor` × the nodes written in the file.
///
/// The limit is checked once the whole file is read, against the final count of
/// written nodes, so where in the file an anchor is used does not matter; the
/// diagnostic points at the first alias whose running total crossed it. Reading on
/// to the end is safe: expanding an alias costs O(1) (the node is shared, not
/// copied) and counts saturate, so a billion-laughs file costs only the time and
/// memory to read its bytes.
struct AliasBudget {
    private let factor: Int
    /// Nodes written in the file: scalars, sequences and mappings, not aliases.
    private(set) var writtenNodes = 0
    /// Nodes of the tree with every alias expanded.
    private(set) var expandedNodes = 0
    /// The running expanded total after each alias, in document order.
    private var aliasTotals: [(total: Int, range: SourceRange)] = []

    init(factor: Int) {
        self.factor = max(factor, 1)
    }

    /// Whether any alias was read.
    var usesAliases: Bool { !aliasTotals.isEmpty }

    mutating func countWrittenNode() {
        writtenNodes += 1
        expandedNodes = Self.adding(expandedNodes, 1)
    }

    /// Counts an alias that expands to `size` nodes.
    mutating func countAlias(expandingTo size: Int, at range: SourceRange) {
        expandedNodes = Self.adding(expandedNodes, size)
        aliasTotals.append((expandedNodes, range))
    }

    /// The alias that made the finished document exceed the limit, if any.
    func aliasOverLimit() -> SourceRange? {
        let allowed = Self.multiplying(writtenNodes, factor)
        guard expandedNodes > allowed else { return nil }
        return aliasTotals.first { $0.total > allowed }?.range
    }

    var limitDescription: String {
        "aliases expand this document to more than \(factor) times the \(writtenNodes) nodes written in it"
    }

    @inline(__always)
    static func adding(_ lhs: Int, _ rhs: Int) -> Int {
        let (sum, overflow) = lhs.addingReportingOverflow(rhs)
        return overflow ? .max : sum
    }

    static func multiplying(_ lhs: Int, _ rhs: Int) -> Int {
        let (product, overflow) = lhs.multipliedReportingOverflow(by: rhs)
        return overflow ? .max : product
    }
}
