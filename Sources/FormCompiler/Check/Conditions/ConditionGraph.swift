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
    private let edgeTable: Edges
    /// The elements whose `visibleWhen` the edges go through.
    private let vias: Vias
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
    private let symbols: SymbolTable
    /// Each field of `symbols` (by index) as a node, nil for one not in the tree.
    private let nodeOfSymbol: [Int?]
    /// The reverse of `nodeOfSymbol`.
    private let symbolOfNode: [Int]

    /// A dependency: the field read (an index into `symbols.fields`) and the
    /// element whose condition reads it (an index into `vias`).
    fileprivate struct Edge: Sendable {
        var symbol: Int
        var via: Int
    }

    /// Every node's edges, one node's after another's in one array: a field has a
    /// few, and an array of its own for them would be an allocation per field.
    fileprivate struct Edges: Sendable {
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
    fileprivate struct Vias: Sendable {
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
                case .spacer, .staticText, .segue:
                    break
                }
            }
        }
        var path: ElementPath = []
        walk(document.elements, path: &path)
        self.init(builder)
    }

    /// Collects the graph during a walk of the tree in document order, carrying the
    /// groups around each element (outermost first) rather than looking every
    /// field's groups up by path. The condition checker feeds it from its own walk.
    ///
    /// Not `detailed`, it keeps only the edges (by symbol), which is all
    /// `hasCycle` needs: the checker's question about every form. The names, the
    /// paths the edges go through and the conditions are for reporting a cycle
    /// and for the graph's other answers.
    struct Builder {
        let symbols: SymbolTable
        let detailed: Bool
        fileprivate var fields: [String] = []
        fileprivate var edges: Edges
        fileprivate var vias = Vias()
        fileprivate var conditions: [[ConditionExpr]] = []
        fileprivate var nodeOfSymbol: [Int?]
        fileprivate var symbolOfNode: [Int] = []
        /// The lowered `visibleWhen` of each group around the element being visited,
        /// with the fields it reads, resolved once for every field inside the group.
        private var enclosing: [(via: Int, expression: ConditionExpr, reads: [Int])] = []

        init(symbols: SymbolTable, detailed: Bool) {
            self.symbols = symbols
            self.detailed = detailed
            nodeOfSymbol = Array(repeating: nil, count: symbols.fields.count)
            // Every field of the table becomes a node when the tree matches it.
            edges = Edges(nodeCapacity: symbols.fields.count)
            if detailed {
                fields.reserveCapacity(symbols.fields.count)
                conditions.reserveCapacity(symbols.fields.count)
                symbolOfNode.reserveCapacity(symbols.fields.count)
            }
        }

        /// Whether some field's visibility depends on itself.
        var hasCycle: Bool {
            ConditionGraph.order(edges, nodeOfSymbol: nodeOfSymbol).hasCycle
        }

        /// `visibleWhen` is the group's lowered condition, if it has one, with the
        /// fields it reads (indices into `symbols.fields`, as `reads` gives them).
        mutating func enterGroup(at path: ElementPath, visibleWhen: (expression: ConditionExpr, reads: [Int])?) {
            guard let visibleWhen else { return }
            enclosing.append((detailed ? vias.append(path) : 0, visibleWhen.expression, visibleWhen.reads))
        }

        mutating func leaveGroup(visibleWhen: (expression: ConditionExpr, reads: [Int])?) {
            if visibleWhen != nil { enclosing.removeLast() }
        }

        /// Whether the field (an index into `symbols.fields`) is in the graph already.
        func hasField(_ symbol: Int) -> Bool {
            nodeOfSymbol[symbol] != nil
        }

        /// Adds a field that is not in the graph yet, with its own lowered `visibleWhen`
        /// and the fields that reads, as for `enterGroup`.
        ///
        /// `reads` is the fields `own` reads, as for `enterGroup`; the checker
        /// passes them apart from the expression, so that they need not be an array
        /// of their own.
        mutating func addField<Reads: Collection<Int>>(
            _ symbol: Int, at path: ElementPath, visibleWhen own: ConditionExpr?, reads: Reads
        ) {
            nodeOfSymbol[symbol] = edges.nodeCount
            for group in enclosing {
                for read in group.reads { edges.append(Edge(symbol: read, via: group.via)) }
            }
            let via = own != nil && detailed ? vias.append(path) : 0
            for read in reads { edges.append(Edge(symbol: read, via: via)) }
            edges.endNode()
            guard detailed else { return }
            symbolOfNode.append(symbol)
            fields.append(symbols.fields[symbol].id)
            var expressions = enclosing.map(\.expression)
            if let own { expressions.append(own) }
            conditions.append(expressions)
        }

        /// The fields `expression` reads, in first-use order, as indices into
        /// `symbols.fields`. The condition checker has them from resolving the
        /// condition's names; this looks them up again, for a document checked before.
        func reads(_ expression: ConditionExpr) -> [Int] {
            expression.fieldReferences.compactMap(symbols.fieldIndex)
        }
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

    private func node(_ id: String) -> Int? {
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
    private static func order(_ edges: Edges, nodeOfSymbol: [Int?]) -> (order: [Int], hasCycle: Bool) {
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

    /// The strongly connected components that hold a cycle (two or more fields, or
    /// one that reads itself), each in document order, ordered by their first field.
    func cyclicComponents() -> [[String]] {
        guard hasCycle else { return [] }
        // Tarjan's algorithm, iterative for the same reason as `order`.
        var index = [Int?](repeating: nil, count: fields.count)
        var lowLink = [Int](repeating: 0, count: fields.count)
        var onStack = [Bool](repeating: false, count: fields.count)
        var componentStack: [Int] = []
        var components: [[Int]] = []
        var counter = 0
        for root in fields.indices where index[root] == nil {
            var work: [(node: Int, next: Int)] = [(root, 0)]
            index[root] = counter
            lowLink[root] = counter
            counter += 1
            componentStack.append(root)
            onStack[root] = true
            while let top = work.last {
                let successors = edgeTable[top.node]
                if top.next < successors.count {
                    work[work.count - 1].next += 1
                    guard let successor = nodeOfSymbol[successors[successors.startIndex + top.next].symbol] else { continue }
                    if let successorIndex = index[successor] {
                        if onStack[successor] { lowLink[top.node] = min(lowLink[top.node], successorIndex) }
                    } else {
                        index[successor] = counter
                        lowLink[successor] = counter
                        counter += 1
                        componentStack.append(successor)
                        onStack[successor] = true
                        work.append((successor, 0))
                    }
                    continue
                }
                work.removeLast()
                if let parent = work.last {
                    lowLink[parent.node] = min(lowLink[parent.node], lowLink[top.node])
                }
                guard lowLink[top.node] == index[top.node] else { continue }
                var component: [Int] = []
                while let member = componentStack.popLast() {
                    onStack[member] = false
                    component.append(member)
                    if member == top.node { break }
                }
                let readsItself = successors.contains { nodeOfSymbol[$0.symbol] == top.node }
                if component.count > 1 || readsItself { components.append(component) }
            }
        }
        // A node is a field's position in document order.
        return components
            .map { $0.sorted() }
            .sorted { $0[0] < $1[0] }
            .map { $0.map { fields[$0] } }
    }

    /// A shortest cycle through `start` inside `component`, as the edges taken
    /// (the first edge leaves `start`, the last one returns to it).
    func shortestCycle(through start: String, within component: Set<String>) -> [(from: String, to: Dependency)] {
        guard let startNode = node(start) else { return [] }
        // Breadth-first from `start`; the first edge back to `start` closes the cycle.
        var parent: [Int: (from: Int, edge: Edge)] = [:]
        var queue = [startNode]
        var head = 0
        var visited: Set<Int> = [startNode]
        func step(_ from: Int, _ edge: Edge) -> (from: String, to: Dependency) {
            (fields[from], Dependency(field: symbols.fields[edge.symbol].id, via: vias[edge.via]))
        }
        while head < queue.count {
            let current = queue[head]
            head += 1
            for edge in edgeTable[current] {
                guard let target = nodeOfSymbol[edge.symbol], component.contains(fields[target]) else { continue }
                if target == startNode {
                    var path = [step(current, edge)]
                    var node = current
                    while node != startNode, let previous = parent[node] {
                        path.append(step(previous.from, previous.edge))
                        node = previous.from
                    }
                    return path.reversed()
                }
                if visited.insert(target).inserted {
                    parent[target] = (current, edge)
                    queue.append(target)
                }
            }
        }
        return []
    }
}

extension FormDocument {
    /// The element at a path, or nil when the path does not lead to one. Unlike
    /// `element(at:)` it never traps: conditions are checked even in a document
    /// that has other errors.
    func conditionElement(at path: ElementPath) -> Element? {
        var elements = self.elements
        var element: Element?
        for index in path {
            if let current = element {
                guard case .group(let group) = current.kind else { return nil }
                elements = group.elements
            }
            guard elements.indices.contains(index) else { return nil }
            element = elements[index]
        }
        return element
    }
}
