import FormModel
import FormSource
import FormSyntax

/// The syntax tree seen from below: each node's parent, and what a mapping is in
/// the form (the document, an element of some kind, a rule, an option…), which the
/// completion and hover of a key need to know the keys allowed there.
struct SyntaxIndex: Sendable {
    let tree: SyntaxTree
    /// The parent of each node by index; -1 for the root and unreached nodes.
    private let parents: [Int32]

    init(tree: SyntaxTree) {
        self.tree = tree
        var parents = [Int32](repeating: -1, count: tree.nodeCount)
        var visited = [Bool](repeating: false, count: tree.nodeCount)
        var stack = [tree.root]
        visited[Int(tree.root.index)] = true
        // An alias shares its anchor's children: each node is entered once, from the
        // first parent met, so aliases cannot make the walk grow.
        while let node = stack.popLast() {
            var children: [NodeID] = []
            switch tree.kind(node) {
            case .scalar: break
            case .sequence: children = Array(tree.items(node))
            case .mapping: for entry in tree.entries(node) { children.append(entry.key); children.append(entry.value) }
            }
            for child in children where !visited[Int(child.index)] {
                visited[Int(child.index)] = true
                parents[Int(child.index)] = node.index
                stack.append(child)
            }
        }
        self.parents = parents
    }

    func parent(_ node: NodeID) -> NodeID? {
        let parent = parents[Int(node.index)]
        return parent < 0 ? nil : NodeID(parent)
    }

    /// The key whose value `node` is, when its parent is a mapping.
    func key(of node: NodeID) -> NodeID? {
        guard let parent = parent(node), tree.isMapping(parent) else { return nil }
        return tree.entries(parent).first { $0.value == node }?.key
    }

    /// Whether `node` is a key of its parent mapping.
    func isKey(_ node: NodeID) -> Bool {
        guard let parent = parent(node), tree.isMapping(parent) else { return false }
        return tree.entries(parent).contains { $0.key == node }
    }

    func text(_ node: NodeID) -> String? { tree.text(node) }

    /// The text of the key whose value `node` is.
    func keyName(of node: NodeID) -> String? { key(of: node).flatMap(tree.text) }

    /// What a mapping is in the form.
    enum MappingRole: Sendable, Hashable {
        case document
        /// An element; its kind key's index in `ElementKind.keywords`, nil while it has none.
        case element(kind: Int?)
        case rule
        case option
        case insets
        case layout
        case unknown
    }

    func role(of mapping: NodeID) -> MappingRole {
        guard tree.isMapping(mapping) else { return .unknown }
        if mapping == tree.root { return .document }
        guard let parent = parent(mapping) else { return .unknown }
        if tree.isSequence(parent) {
            guard let owner = self.parent(parent), tree.isMapping(owner), let key = keyName(of: parent) else { return .unknown }
            switch key {
            case "elements":
                switch role(of: owner) {
                case .document: return .element(kind: kindIndex(of: mapping))
                case .element(let kind?) where ["group", "list", "page"].contains(ElementKind.keywords[kind]): return .element(kind: kindIndex(of: mapping))
                default: return .unknown
                }
            case "rules": return role(of: owner).isElement ? .rule : .unknown
            case "options": return role(of: owner).isElement ? .option : .unknown
            default:
                // An option of a shared set (SPEC §16): `options: { Country: [ … ] }` at the top level.
                return keyName(of: owner) == "options" && self.parent(owner) == tree.root ? .option : .unknown
            }
        }
        switch keyName(of: mapping) {
        case "insets": return .insets
        case "layout": return .layout
        default: return .unknown
        }
    }

    /// The role of the sequence a list item is in: an element list, a rule list…
    func listKey(of sequence: NodeID) -> String? {
        guard tree.isSequence(sequence), let owner = parent(sequence), tree.isMapping(owner) else { return nil }
        guard role(of: owner) != .unknown else { return nil }
        return keyName(of: sequence)
    }

    /// The element kind of an element mapping: its first kind key.
    func kindIndex(of mapping: NodeID) -> Int? {
        for entry in tree.entries(mapping) {
            if let index = kindKeyIndex(entry.key) { return index }
        }
        return nil
    }

    /// The index in `ElementKind.keywords` of the kind whose key `key` is.
    func kindKeyIndex(_ key: NodeID) -> Int? {
        KeySchema.kindKeywords.firstIndex { tree.textEquals(key, $0) }
    }

    /// The keys a mapping already has.
    func keys(of mapping: NodeID) -> Set<String> {
        Set(tree.entries(mapping).compactMap { tree.text($0.key) })
    }

    /// The deepest node whose range touches `position`, preferring a scalar.
    func node(at position: SourcePosition) -> NodeID? {
        guard tree.range(tree.root).touches(position) else { return nil }
        var current = tree.root
        while true {
            var next: NodeID?
            switch tree.kind(current) {
            case .scalar: return current
            case .sequence:
                next = tree.items(current).last { tree.range($0).touches(position) }
            case .mapping:
                for entry in tree.entries(current) {
                    if tree.range(entry.key).touches(position) { next = entry.key }
                    if tree.range(entry.value).touches(position), !tree.isEmptyScalar(entry.value) || next == nil {
                        next = entry.value
                    }
                }
            }
            // An alias's content is its anchor's: stop at a child already seen above.
            guard let found = next, found != current, parent(found) == current else { return current }
            current = found
        }
    }

    /// Every mapping and sequence in the tree, for the indentation search of a blank line.
    var collections: [NodeID] {
        (0..<tree.nodeCount).map { NodeID(Int32($0)) }.filter {
            tree.kind($0) != .scalar && ($0 == tree.root || parent($0) != nil)
        }
    }
}

extension SyntaxIndex.MappingRole {
    var isElement: Bool {
        if case .element = self { return true }
        return false
    }
}
