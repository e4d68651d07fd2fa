/// Which fields each field's visibility depends on, and an order to evaluate
/// visibility in (SPEC §7). Built from a checked document, whose conditions carry
/// their lowered `expression`.
///
/// A field is visible when its own `visibleWhen` and the `visibleWhen` of every
/// group around it hold. Inside a condition a hidden field reads as empty (`''`,
/// `false`, nothing selected), so a field's visibility depends on the values *and
/// the visibility* of every field those conditions read. For the emitter:
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

    /// Every field, in document order.
    public let fields: [String]
    /// Each field's direct dependencies, groups outermost first and then the field's
    /// own condition, each condition's fields in first-use order. A field reached by
    /// several conditions is listed once per condition.
    public let edges: [String: [Dependency]]
    /// The lowered `visibleWhen` of each field's enclosing groups (outermost first)
    /// and then its own; a field is visible when all of them hold.
    private let conditions: [String: [ConditionExpr]]
    /// Every field, each after every field its visibility depends on; otherwise in
    /// document order.
    public let visibilityOrder: [String]
    /// Whether some field's visibility depends on itself (found while ordering, so
    /// that an acyclic form, the usual case, skips the search for components).
    let hasCycle: Bool
    /// The reverse of `edges`: the fields whose visibility reads each field.
    private let readers: [String: [String]]

    public init(document: FormDocument, symbols: SymbolTable) {
        var fields: [String] = []
        var edges: [String: [Dependency]] = [:]
        var conditions: [String: [ConditionExpr]] = [:]
        // One walk of the tree, carrying the lowered `visibleWhen` of the groups around
        // each element (outermost first), rather than looking every field's groups up
        // by path: that copied elements out of the tree for every field.
        var enclosing: [(path: ElementPath, expression: ConditionExpr)] = []
        func walk(_ elements: [Element], path: ElementPath) {
            for index in elements.indices {
                let own = elements[index].visibleWhen?.expression
                switch elements[index].kind {
                case .group(let group):
                    let groupPath = path + [index]
                    if let own { enclosing.append((groupPath, own)) }
                    walk(group.elements, path: groupPath)
                    if own != nil { enclosing.removeLast() }
                case .boolean(let field):
                    addField(field.id.value, own: own, path: path, index: index)
                case .segment(let field):
                    addField(field.id.value, own: own, path: path, index: index)
                case .text(let field):
                    addField(field.id.value, own: own, path: path, index: index)
                case .spacer, .staticText, .segue:
                    break
                }
            }
        }
        // Fields in document order, each once (as `symbols.fields` lists them).
        func addField(_ id: String, own: ConditionExpr?, path: ElementPath, index: Int) {
            guard conditions[id] == nil, symbols.field(id) != nil else { return }
            fields.append(id)
            var dependencies: [Dependency] = []
            var expressions: [ConditionExpr] = []
            var sources = enclosing
            if let own { sources.append((path + [index], own)) }
            for (via, expression) in sources {
                expressions.append(expression)
                for reference in expression.fieldReferences where symbols.field(reference) != nil {
                    dependencies.append(Dependency(field: reference, via: via))
                }
            }
            edges[id] = dependencies
            conditions[id] = expressions
        }
        walk(document.elements, path: [])
        self.fields = fields
        self.edges = edges
        self.conditions = conditions
        (visibilityOrder, hasCycle) = Self.order(fields, edges: edges)
        var readers: [String: [String]] = [:]
        for field in fields {
            var seen = Set<String>()
            for dependency in edges[field] ?? [] where seen.insert(dependency.field).inserted {
                readers[dependency.field, default: []].append(field)
            }
        }
        self.readers = readers
    }

    /// The distinct fields whose value and visibility `id`'s visibility reads directly.
    public func dependencies(of id: String) -> [String] {
        var seen = Set<String>()
        return (edges[id] ?? []).map(\.field).filter { seen.insert($0).inserted }
    }

    /// The conditions that must all hold for `id` to be visible: its enclosing
    /// groups' `visibleWhen` (outermost first), then its own. Empty: always visible.
    public func visibilityConditions(of id: String) -> [ConditionExpr] {
        conditions[id] ?? []
    }

    /// Every field whose visibility depends on `id`, directly or through others, in
    /// `visibilityOrder`. `id` itself is not included (unless it is on a cycle).
    public func dependents(of id: String) -> [String] {
        var reached = Set<String>()
        var pending = [id]
        while let next = pending.popLast() {
            for reader in readers[next] ?? [] where reached.insert(reader).inserted {
                pending.append(reader)
            }
        }
        return visibilityOrder.filter(reached.contains)
    }

    /// Depth-first post-order over the fields in document order; iterative, since a
    /// form may chain thousands of fields.
    private static func order(_ fields: [String], edges: [String: [Dependency]]) -> (order: [String], hasCycle: Bool) {
        var result: [String] = []
        var hasCycle = false
        var state: [String: Bool] = [:] // false: on the stack; true: done
        for root in fields where state[root] == nil {
            var stack: [(id: String, next: Int)] = [(root, 0)]
            state[root] = false
            while let top = stack.last {
                let dependencies = edges[top.id] ?? []
                if top.next < dependencies.count {
                    stack[stack.count - 1].next += 1
                    let dependency = dependencies[top.next].field
                    if state[dependency] == nil, edges[dependency] != nil {
                        state[dependency] = false
                        stack.append((dependency, 0))
                    } else if state[dependency] == false {
                        hasCycle = true  // a dependency still on the stack: a back edge
                    }
                } else {
                    stack.removeLast()
                    state[top.id] = true
                    result.append(top.id)
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
        var index: [String: Int] = [:]
        var lowLink: [String: Int] = [:]
        var onStack = Set<String>()
        var componentStack: [String] = []
        var components: [[String]] = []
        var counter = 0
        for root in fields where index[root] == nil {
            var work: [(id: String, next: Int)] = [(root, 0)]
            index[root] = counter
            lowLink[root] = counter
            counter += 1
            componentStack.append(root)
            onStack.insert(root)
            while let top = work.last {
                let successors = edges[top.id] ?? []
                if top.next < successors.count {
                    work[work.count - 1].next += 1
                    let successor = successors[top.next].field
                    guard edges[successor] != nil else { continue }
                    if index[successor] == nil {
                        index[successor] = counter
                        lowLink[successor] = counter
                        counter += 1
                        componentStack.append(successor)
                        onStack.insert(successor)
                        work.append((successor, 0))
                    } else if onStack.contains(successor) {
                        lowLink[top.id] = min(lowLink[top.id]!, index[successor]!)
                    }
                    continue
                }
                work.removeLast()
                if let parent = work.last {
                    lowLink[parent.id] = min(lowLink[parent.id]!, lowLink[top.id]!)
                }
                guard lowLink[top.id] == index[top.id] else { continue }
                var component: [String] = []
                while let member = componentStack.popLast() {
                    onStack.remove(member)
                    component.append(member)
                    if member == top.id { break }
                }
                let readsItself = successors.contains { $0.field == top.id }
                if component.count > 1 || readsItself { components.append(component) }
            }
        }
        let position = Dictionary(uniqueKeysWithValues: fields.enumerated().map { ($1, $0) })
        return components
            .map { $0.sorted { position[$0]! < position[$1]! } }
            .sorted { position[$0[0]]! < position[$1[0]]! }
    }

    /// A shortest cycle through `start` inside `component`, as the edges taken
    /// (the first edge leaves `start`, the last one returns to it).
    func shortestCycle(through start: String, within component: Set<String>) -> [(from: String, to: Dependency)] {
        // Breadth-first from `start`; the first edge back to `start` closes the cycle.
        var parent: [String: (from: String, edge: Dependency)] = [:]
        var queue = [start]
        var head = 0
        var visited: Set<String> = [start]
        while head < queue.count {
            let current = queue[head]
            head += 1
            for edge in edges[current] ?? [] where component.contains(edge.field) {
                if edge.field == start {
                    var path: [(from: String, to: Dependency)] = [(current, edge)]
                    var node = current
                    while node != start, let step = parent[node] {
                        path.append((step.from, step.edge))
                        node = step.from
                    }
                    return path.reversed()
                }
                if visited.insert(edge.field).inserted {
                    parent[edge.field] = (current, edge)
                    queue.append(edge.field)
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
