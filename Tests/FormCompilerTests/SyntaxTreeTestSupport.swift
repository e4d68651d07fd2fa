@testable import FormSource
@testable import FormSyntax

/// A scalar's text and style, for comparing a reader's scalars in one expectation.
struct Scalar: Hashable {
    var text: String
    var style: ScalarStyle

    init(_ text: String, style: ScalarStyle = .plain) {
        self.text = text
        self.style = style
    }
}

/// A node of a `SyntaxTree` copied out into a nested value, so that reader tests
/// can walk a tree and compare subtrees without index arithmetic. Test-only: the
/// compiler itself reads the flat tree.
struct TreeNode {
    enum Content {
        case scalar(Scalar)
        case sequence([TreeNode])
        case mapping([TreeEntry])
    }

    var content: Content
    var range: SourceRange
    var tag: String?

    /// The tree's root.
    init(_ tree: SyntaxTree) {
        self.init(tree, tree.root)
    }

    init(_ tree: SyntaxTree, _ node: NodeID) {
        range = tree.range(node)
        tag = tree.tag(node)
        switch tree.kind(node) {
        case .scalar:
            content = .scalar(Scalar(tree.text(node)!, style: tree.style(node)!))
        case .sequence:
            content = .sequence(tree.items(node).map { TreeNode(tree, $0) })
        case .mapping:
            content = .mapping(tree.entries(node).map { TreeEntry(key: TreeNode(tree, $0.key), value: TreeNode(tree, $0.value)) })
        }
    }

    var scalar: Scalar? {
        if case .scalar(let scalar) = content { return scalar }
        return nil
    }

    var sequence: [TreeNode]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    var mapping: [TreeEntry]? {
        if case .mapping(let entries) = content { return entries }
        return nil
    }
}

struct TreeEntry {
    var key: TreeNode
    var value: TreeNode
}

extension TreeNode: Equatable {}
extension TreeNode.Content: Equatable {}
extension TreeEntry: Equatable {}
