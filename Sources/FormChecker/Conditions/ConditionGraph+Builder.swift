import FormModel

extension ConditionGraph {
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
        var fields: [String] = []
        var edges: Edges
        var vias = Vias()
        var conditions: [[ConditionExpr]] = []
        var nodeOfSymbol: [Int?]
        var symbolOfNode: [Int] = []
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
}
