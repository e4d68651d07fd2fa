import FormSource

/// Finds duplicate keys (FC002) among the entries of one mapping (YAML) or object
/// (JSON) in O(1) per key, however large the mapping is.
///
/// Keys are compared by their scalar text after escapes are resolved: `1`, `'1'`
/// and `"1"` are the same key, because typing is schema-directed (SPEC §1) and the
/// decoder would read all three as the same name. Texts are the same when their
/// scalars are, in a small mapping and a large one alike: `é` and `e` with a
/// combining accent are two keys (`String`'s `==` would take them as one).
///
/// Most mappings of a form have a handful of keys; for those, comparing with each
/// entry is cheaper than hashing every key and allocating a dictionary per mapping
/// (this is the reader's hot path). Past `scanLimit` entries the keys go into a
/// dictionary, so a mapping of n keys costs O(n), never O(n²).
package struct MappingKeyIndex {
    package static let scanLimit = 8

    private var firstRanges: [ScalarText: SourceRange] = [:]
    /// How many leading entries are in `firstRanges`.
    private var indexed = 0

    /// The range of an earlier key of the open mapping whose text is `key`'s, if any.
    /// The mapping's entries so far are the key, value pairs on `tree.pending` from
    /// `base` on, and hold no two equal keys; `key` is not among them yet.
    mutating func earlierRange(of key: NodeID, in tree: SyntaxTreeBuilder, entriesFrom base: Int) -> SourceRange? {
        let entries = (tree.pending.count - base) / 2
        if entries <= Self.scanLimit {
            for entry in 0..<entries {
                let earlier = NodeID(tree.pending[base + 2 * entry])
                if tree.sameText(earlier, key) { return tree.range(earlier) }
            }
            return nil
        }
        while indexed < entries {
            let earlier = NodeID(tree.pending[base + 2 * indexed])
            firstRanges[ScalarText(tree.string(earlier))] = tree.range(earlier)
            indexed += 1
        }
        return firstRanges[ScalarText(tree.string(key))]
    }
}

/// Diagnostics that both readers report in the same words.
package enum ReaderDiagnostics {
    /// FC002 at the second key, with a note at the first.
    static func duplicateKey(
        _ key: String, at range: SourceRange, firstAt first: SourceRange, in diagnostics: inout DiagnosticBag
    ) {
        diagnostics.error(
            .duplicateKey, "duplicate key '\(key)'", at: range,
            notes: [diagnostics.note("first defined here", at: first)],
            help: ["remove one of the two entries"]
        )
    }

    /// What a form needs, for the "file is empty" diagnostics of both readers.
    package static let emptyFormHelp = "a form needs at least the keys 'formc', 'form' and 'elements'"

    /// FC004 for a sequence or mapping nested deeper than the limit.
    static func tooDeep(at range: SourceRange, limits: CompilerLimits, in diagnostics: inout DiagnosticBag) {
        diagnostics.error(
            .limitExceeded,
            "nesting is deeper than the limit of \(limits.maxDepth) levels",
            at: range,
            help: ["a form never needs this much nesting; flatten the structure"]
        )
    }
}
