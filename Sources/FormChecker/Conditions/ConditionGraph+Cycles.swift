import FormModel

// The cycles among visibility conditions, for FC504: the strongly connected
// components, and a shortest cycle through a field to show in the notes.

extension ConditionGraph {
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
