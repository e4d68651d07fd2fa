/// Which keys each mapping of a form may hold (SPEC §2–§3). Unknown keys are FC101,
/// with a "did you mean" drawn from the keys allowed at that place.
///
/// Key names are `StaticString`s: the decoder compares them with the bytes of the
/// syntax tree's scalars, and a literal's bytes are a constant in the binary. They
/// become `String`s only for a diagnostic.
enum KeySchema {
    static let document: [StaticString] = ["formc", "form", "title", "validateOn", "elements"]

    /// Keys every element may carry.
    static let elementCommon: [StaticString] = ["visibleWhen", "enabledWhen"]
    /// Keys every field (an element with a value) may carry.
    static let fieldCommon: [StaticString] = ["rules", "validateOn"]

    /// The keys of each kind besides its kind key and the common keys.
    static let kindKeys: [String: [StaticString]] = [
        "group": ["title", "footer", "style", "layout", "insets", "elements"],
        "boolean": ["title", "icon", "default"],
        "segment": ["title", "options", "default", "enumName"],
        "textField": [
            "placeholder", "label", "default", "secure", "keyboard", "contentType", "autocapitalization",
            "continuous", "maxInputLength",
        ],
        "floatLabel": ["label", "default", "secure", "keyboard", "contentType", "multiline", "continuous"],
        "textView": ["placeholder", "default", "continuous"],
        "spacer": [],
        "staticText": ["alignment", "style"],
        "segue": ["title", "icon", "accessoryIcon"],
    ]

    static let fieldKinds: Set<String> = ["boolean", "segment", "textField", "floatLabel", "textView"]

    /// `ElementKind.keywords`, in the same order, for comparing with a key's bytes.
    static let kindKeywords: [StaticString] = [
        "group", "boolean", "segment", "textField", "floatLabel", "textView", "spacer", "staticText", "segue",
    ]

    /// Every key an element of the kind `ElementKind.keywords[kind]` may hold, the
    /// kind key first.
    static func allowedKeys(forKind kind: Int) -> [StaticString] {
        allowedKeysByKind[kind]
    }

    private static let allowedKeysByKind: [[StaticString]] = zip(ElementKind.keywords, kindKeywords).map { kind, keyword in
        [keyword] + kindKeys[kind, default: []] + elementCommon + (fieldKinds.contains(kind) ? fieldCommon : [])
    }

    static let segmentOption: [StaticString] = ["value", "title", "image"]
    static let insets: [StaticString] = ["top", "left", "bottom", "right"]
    static let layout: [StaticString] = ["constantHeight"]

    /// Every key that has a meaning on some element, for telling an unknown element
    /// kind (FC103) apart from an element that lacks its kind key (FC104).
    static let anyElementKey: Set<String> = Set(
        (Array(kindKeys.values.joined()) + elementCommon + fieldCommon).map(\.description)
    )
}

/// A mapping's entries looked up by key, with the unknown keys reported once.
///
/// Lookups scan the entries: a form's mappings hold a handful of keys (an element at
/// most about a dozen), the reader has already dropped duplicates, and a scan that
/// compares lengths first, then bytes in the tree's text, is cheaper than hashing
/// every key into a dictionary per mapping. No key is made into a `String` unless
/// it is reported. Most lookups are of keys the mapping does not hold (each kind has
/// more optional keys than an element sets); `keyBits` answers those with one test.
struct KeyedMapping {
    let node: NodeID
    private let entries: SyntaxTree.Entries
    /// The `SyntaxTree.keyBit`s of the keys present.
    private let keyBits: UInt64

    /// Reads `node` as a mapping whose keys must be among `allowed`. Reports FC101 for
    /// the others; non-scalar keys were already rejected by the reader. A node that
    /// is not a mapping has no entries.
    init(
        _ node: NodeID, in tree: SyntaxTree, allowed: [StaticString], context: @autoclosure () -> String,
        diagnostics: inout DiagnosticBag, otherKinds: Bool = false
    ) {
        self.node = node
        self.entries = tree.entries(node)
        var keyBits: UInt64 = 0
        for entry in entries { keyBits |= tree.keyBit(entry.key) }
        self.keyBits = keyBits
        for entry in entries {
            if allowed.contains(where: { tree.textEquals(entry.key, $0) }) { continue }
            guard let key = tree.text(entry.key) else { continue }
            let allowedNames = allowed.map(\.description)
            var help = Suggestions.didYouMean(key, in: allowedNames)
            if otherKinds, help.isEmpty {
                let owners = KeySchema.kindKeys.filter { $0.value.contains { $0.description == key } }.map(\.key).sorted()
                if !owners.isEmpty {
                    help.append("'\(key)' is a key of \(owners.map { "'\($0)'" }.joined(separator: ", ")), not of \(context())")
                }
            }
            if help.isEmpty {
                help.append("the keys of \(context()) are: \(allowedNames.joined(separator: ", "))")
            }
            diagnostics.error(.unknownKey, "unknown key '\(key)' in \(context())", at: tree.range(entry.key), help: help)
        }
    }

    private func entry(_ key: StaticString) -> (key: NodeID, value: NodeID)? {
        guard keyBits & SyntaxTree.keyBit(key) != 0 else { return nil }
        for entry in entries where entries.tree.textEquals(entry.key, key) { return entry }
        return nil
    }

    subscript(key: StaticString) -> NodeID? { entry(key)?.value }

    func keyRange(_ key: StaticString) -> SourceRange? { entry(key).map { entries.tree.range($0.key) } }
}
