/// Which keys each mapping of a form may hold (SPEC §2–§3). Unknown keys are FC101,
/// with a "did you mean" drawn from the keys allowed at that place.
enum KeySchema {
    static let document = ["formc", "form", "title", "validateOn", "elements"]

    /// Keys every element may carry.
    static let elementCommon = ["visibleWhen", "enabledWhen"]
    /// Keys every field (an element with a value) may carry.
    static let fieldCommon = ["rules", "validateOn"]

    /// The keys of each kind besides its kind key and the common keys.
    static let kindKeys: [String: [String]] = [
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

    /// Every key an element of `kind` may hold, the kind key first.
    static func allowedKeys(forKind kind: String) -> [String] {
        allowedKeysByKind[kind] ?? [kind]
    }

    private static let allowedKeysByKind: [String: [String]] = Dictionary(
        uniqueKeysWithValues: kindKeys.map { kind, keys in
            (kind, [kind] + keys + elementCommon + (fieldKinds.contains(kind) ? fieldCommon : []))
        }
    )

    static let segmentOption = ["value", "title", "image"]
    static let insets = ["top", "left", "bottom", "right"]
    static let layout = ["constantHeight"]

    /// Every key that has a meaning on some element, for telling an unknown element
    /// kind (FC103) apart from an element that lacks its kind key (FC104).
    static let anyElementKey: Set<String> = Set(kindKeys.values.joined()).union(elementCommon).union(fieldCommon)
}

/// A mapping's entries looked up by key, with the unknown keys reported once.
///
/// Lookups scan the entries: a form's mappings hold a handful of keys (an element at
/// most about a dozen), the reader has already dropped duplicates, and a scan is
/// cheaper than hashing every key into a dictionary per mapping.
struct KeyedMapping {
    let node: Node
    private let entries: [MappingEntry]

    /// Reads `node` as a mapping whose keys must be among `allowed`. Reports FC101 for
    /// the others; non-scalar keys were already rejected by the reader.
    init(
        _ node: Node, allowed: [String], context: @autoclosure () -> String, diagnostics: inout DiagnosticBag,
        otherKinds: Bool = false
    ) {
        self.node = node
        self.entries = node.mapping ?? []
        for entry in entries {
            guard case .scalar(let scalar) = entry.key.content else { continue }
            let key = scalar.text
            if allowed.contains(key) { continue }
            var help = Suggestions.didYouMean(key, in: allowed)
            if otherKinds, help.isEmpty {
                let owners = KeySchema.kindKeys.filter { $0.value.contains(key) }.map(\.key).sorted()
                if !owners.isEmpty {
                    help.append("'\(key)' is a key of \(owners.map { "'\($0)'" }.joined(separator: ", ")), not of \(context())")
                }
            }
            if help.isEmpty {
                help.append("the keys of \(context()) are: \(allowed.joined(separator: ", "))")
            }
            diagnostics.error(.unknownKey, "unknown key '\(key)' in \(context())", at: entry.key.range, help: help)
        }
    }

    private func entry(_ key: String) -> MappingEntry? {
        for entry in entries {
            if case .scalar(let scalar) = entry.key.content, scalar.text == key { return entry }
        }
        return nil
    }

    subscript(key: String) -> Node? { entry(key)?.value }

    func keyRange(_ key: String) -> SourceRange? { entry(key)?.key.range }
}
