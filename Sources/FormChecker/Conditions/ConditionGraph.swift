import FormModel
import FormSource

/// Which fields each field's visibility depends on, and an order to evaluate
/// visibility in (SPEC §7). Built from a checked document, whose conditions carry
/// their lowered `expression`.
///
/// A field is visible when its own `visibleWhen` and the `visibleWhen` of every
/// group around it hold. Inside a condition a hidden field reads as empty (`''`,
/// `false`, nothing selected), so a field's visibility depends on the values *and
/// the visibility* of every field those conditions read. The checker builds it to
/// find cycles (FC504); a tool that evaluates visibility itself reads it so:
///
/// ```
/// for id in graph.visibilityOrder {          // dependencies come first
///     // read each field in graph.dependencies(of: id) as
///     //   isVisible(dep) ? dep.value : empty
///     // (already computed, because of the order), then
///     isVisible(id) = all of graph.visibilityConditions(of: id) hold
/// }
/// ```
///
/// When a field's value changes, the visibility to recompute is that of
/// `dependents(of:)`, in the order it returns. An element that is not a field
/// (a group, a segue, static text, a spacer) can be evaluated after every field,
/// from its own condition and its enclosing groups' conditions. `enabledWhen`
/// reads field values the same way (hidden reads as empty) but nothing depends on
/// whether an element is enabled, so it never appears in this graph.
///
/// A document that passed the checker has no cycles; on one that did not, the order
/// still lists every field once (the fields of a cycle in document order).
public struct ConditionGraph: Sendable {
    /// One reason a field's visibility depends on another field.
    public struct Dependency: Sendable, Hashable {
        /// The field that is read.
        public var field: String
        /// The element whose `visibleWhen` reads it: the field itself or a group
        /// around it.
        public var via: ElementPath
    }

    /// Every field, in document order. A field's position here is its node: the
    /// graph is kept over these positions rather than over ids, so building and
    /// ordering it hashes each id once.
    public let fields: [String]
    /// Each node's direct dependencies, groups outermost first and then the field's
    /// own condition, each condition's fields in first-use order.
    let edgeTable: Edges
    /// The elements whose `visibleWhen` the edges go through.
    let vias: Vias
    /// The lowered `visibleWhen` of each node's enclosing groups (outermost first)
    /// and then its own; a field is visible when all of them hold.
    private let conditions: [[ConditionExpr]]
    /// Every field, each after every field its visibility depends on; otherwise in
    /// document order.
    public let visibilityOrder: [String]
    /// Whether some field's visibility depends on itself (found while ordering, so
    /// that an acyclic form, the usual case, skips the search for components).
    let hasCycle: Bool
    /// `visibilityOrder` as nodes.
    private let order: [Int]
    /// The reverse of `edges`, by symbol: the nodes whose visibility reads each field.
    private let readers: [[Int]]
    let symbols: SymbolTable
    /// Each field of `symbols` (by index) as a node, nil for one not in the tree.
    let nodeOfSymbol: [Int?]
    /// The reverse of `nodeOfSymbol`.
    private let symbolOfNode: [Int]

    /// A dependency: the field read (an index into `symbols.fields`) and the
    /// element whose condition reads it (an index into `vias`).
    struct Edge: Sendable {
        var symbol: Int
        var via: Int
    }

    /// Every node's edges, one node's after another's in one array: a field has a
    /// few, and an array of its own for them would be an allocation per field.
    struct Edges: Sendable {
        private var edges: [Edge] = []
        /// Where each node's edges end in `edges`.
        private var ends: [Int] = []

        init(nodeCapacity: Int) {
            ends.reserveCapacity(nodeCapacity)
        }

        var nodeCount: Int { ends.count }

        /// Adds the next node's edges: `append(_:)` them, then `endNode()`.
        mutating func append(_ edge: Edge) {
            edges.append(edge)
        }

        mutating func endNode() {
            ends.append(edges.count)
        }

        subscript(node: Int) -> ArraySlice<Edge> {
            edges[(node == 0 ? 0 : ends[node - 1])..<ends[node]]
        }
    }

    /// The paths of the elements edges go through, one after another in one array:
    /// the walk that collects them extends and shortens its path in place, and a
    /// path kept as an array of its own would make it copy that path each time.
    struct Vias: Sendable {
        private var indices: [Int] = []
        /// Where each path starts in `indices`, and where the last one ends.
        private var starts: [Int] = [0]

        /// Adds a path; returns its number.
        mutating func append(_ path: ElementPath) -> Int {
            indices.append(contentsOf: path)
            starts.append(indices.count)
            return starts.count - 2
        }

        subscript(via: Int) -> ElementPath {
            Array(indices[starts[via]..<starts[via + 1]])
        }
    }

    public init(document: FormDocument, symbols: SymbolTable) {
        var builder = Builder(symbols: symbols, detailed: true)
        func walk(_ elements: [Element], path: inout ElementPath) {
            for index in elements.indices {
                path.append(index)
                defer { path.removeLast() }
                let own = elements[index].visibleWhen?.expression.map { ($0, builder.reads($0)) }
                switch elements[index].kind {
                case .group(let group):
                    builder.enterGroup(at: path, visibleWhen: own)
                    walk(group.elements, path: &path)
                    builder.leaveGroup(visibleWhen: own)
                case .boolean, .segment, .text, .number, .date, .multiChoice:
                    // Fields in document order, each once (as `symbols.fields` lists them).
                    guard let id = elements[index].id?.value, let symbol = symbols.fieldIndex(id),
                          !builder.hasField(symbol) else { break }
                    builder.addField(symbol, at: path, visibleWhen: own?.0, reads: own?.1 ?? [])
                case .spacer, .staticText, .segue, .list:
                    break
                }
            }
        }
        var path: ElementPath = []
        walk(document.elements, path: &path)
        self.init(builder)
    }

    init(_ builder: Builder) {
        precondition(builder.detailed, "a graph needs a detailed builder")
        fields = builder.fields
        edgeTable = builder.edges
        vias = builder.vias
        conditions = builder.conditions
        symbols = builder.symbols
        nodeOfSymbol = builder.nodeOfSymbol
        symbolOfNode = builder.symbolOfNode
        (order, hasCycle) = Self.order(builder.edges, nodeOfSymbol: builder.nodeOfSymbol)
        visibilityOrder = order.map { builder.fields[$0] }
        var readers = [[Int]](repeating: [], count: builder.symbols.fields.count)
        for node in builder.fields.indices {
            for symbol in Self.distinct(builder.edges[node].map(\.symbol)) {
                readers[symbol].append(node)
            }
        }
        self.readers = readers
    }

    /// Each field's direct dependencies, groups outermost first and then the field's
    /// own condition, each condition's fields in first-use order. A field reached by
    /// several conditions is listed once per condition.
    public var edges: [String: [Dependency]] {
        Dictionary(uniqueKeysWithValues: fields.indices.map { node in
            (fields[node], edgeTable[node].map { Dependency(field: symbols.fields[$0.symbol].id, via: vias[$0.via]) })
        })
    }

    /// The distinct fields whose value and visibility `id`'s visibility reads directly.
    public func dependencies(of id: String) -> [String] {
        guard let node = node(id) else { return [] }
        return Self.distinct(edgeTable[node].map(\.symbol)).map { symbols.fields[$0].id }
    }

    /// The conditions that must all hold for `id` to be visible: its enclosing
    /// groups' `visibleWhen` (outermost first), then its own. Empty: always visible.
    public func visibilityConditions(of id: String) -> [ConditionExpr] {
        node(id).map { conditions[$0] } ?? []
    }

    /// Every field whose visibility depends on `id`, directly or through others, in
    /// `visibilityOrder`. `id` itself is not included (unless it is on a cycle).
    public func dependents(of id: String) -> [String] {
        guard let start = symbols.fieldIndex(id) else { return [] }
        var reached = [Bool](repeating: false, count: fields.count)
        var pending = [start]
        while let next = pending.popLast() {
            for reader in readers[next] where !reached[reader] {
                reached[reader] = true
                pending.append(symbolOfNode[reader])
            }
        }
        return order.filter { reached[$0] }.map { fields[$0] }
    }

    func node(_ id: String) -> Int? {
        symbols.fieldIndex(id).flatMap { nodeOfSymbol[$0] }
    }

    /// The symbols in first-occurrence order, each once. A node's edges are most
    /// often a few, which a linear search dedupes without hashing into a set; a long
    /// list (a condition over many fields) still goes through one.
    static func distinct(_ symbols: [Int]) -> [Int] {
        guard symbols.count > 16 else {
            var result: [Int] = []
            for symbol in symbols where !result.contains(symbol) { result.append(symbol) }
            return result
        }
        var seen = Set<Int>()
        return symbols.filter { seen.insert($0).inserted }
    }

    /// Depth-first post-order over the nodes in document order; iterative, since a
    /// form may chain thousands of fields.
    static func order(_ edges: Edges, nodeOfSymbol: [Int?]) -> (order: [Int], hasCycle: Bool) {
        enum State {
            case unvisited, onStack, done
        }
        var result: [Int] = []
        result.reserveCapacity(edges.nodeCount)
        var hasCycle = false
        var state = [State](repeating: .unvisited, count: edges.nodeCount)
        var stack: [(node: Int, next: Int)] = []  // empty again after each root
        for root in 0..<edges.nodeCount where state[root] == .unvisited {
            stack.append((root, 0))
            state[root] = .onStack
            while let top = stack.last {
                let successors = edges[top.node]
                if top.next < successors.count {
                    stack[stack.count - 1].next += 1
                    guard let dependency = nodeOfSymbol[successors[successors.startIndex + top.next].symbol] else { continue }
                    switch state[dependency] {
                    case .unvisited:
                        state[dependency] = .onStack
                        stack.append((dependency, 0))
                    case .onStack:
                        hasCycle = true  // a dependency still on the stack: a back edge
                    case .done:
                        break
                    }
                } else {
                    stack.removeLast()
                    state[top.node] = .done
                    result.append(top.node)
                }
            }
        }
        return (result, hasCycle)
    }
}
