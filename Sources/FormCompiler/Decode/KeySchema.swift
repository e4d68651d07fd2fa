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
        var keys = [kind] + (kindKeys[kind] ?? []) + elementCommon
        if fieldKinds.contains(kind) { keys += fieldCommon }
        return keys
    }

    static let segmentOption = ["value", "title", "image"]
    static let insets = ["top", "left", "bottom", "right"]
    static let layout = ["constantHeight"]

    /// Every key that has a meaning on some element, for telling an unknown element
    /// kind (FC103) apart from an element that lacks its kind key (FC104).
    static let anyElementKey: Set<String> = Set(kindKeys.values.joined()).union(elementCommon).union(fieldCommon)
}

/// A mapping's entries looked up by key, with the unknown keys reported once.
struct KeyedMapping {
    let node: Node
    private(set) var entries: [String: MappingEntry] = [:]

    /// Reads `node` as a mapping whose keys must be among `allowed`. Reports FC101 for
    /// the others; non-scalar keys were already rejected by the reader.
    init(_ node: Node, allowed: [String], context: String, diagnostics: inout DiagnosticBag, otherKinds: Bool = false) {
        self.node = node
        for entry in node.mapping ?? [] {
            guard let key = entry.key.scalar?.text else { continue }
            if allowed.contains(key) {
                if entries[key] == nil { entries[key] = entry }
                continue
            }
            var help = Suggestions.didYouMean(key, in: allowed)
            if otherKinds, help.isEmpty {
                let owners = KeySchema.kindKeys.filter { $0.value.contains(key) }.map(\.key).sorted()
                if !owners.isEmpty {
                    help.append("'\(key)' is a key of \(owners.map { "'\($0)'" }.joined(separator: ", ")), not of \(context)")
                }
            }
            if help.isEmpty {
                help.append("the keys of \(context) are: \(allowed.joined(separator: ", "))")
            }
            diagnostics.error(.unknownKey, "unknown key '\(key)' in \(context)", at: entry.key.range, help: help)
        }
    }

    subscript(key: String) -> Node? { entries[key]?.value }

    func keyRange(_ key: String) -> SourceRange? { entries[key]?.key.range }
}
