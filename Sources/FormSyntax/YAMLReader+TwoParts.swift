import CYAML
import FormSource

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The YAML reader's speed path: a large file read in two parts at once, on two
// cores, and joined (`YAMLSplit` plans the cut). `YAMLReader.read` takes it only
// under `SpeedPolicy.parallel`, when the cut works out; otherwise, and whenever either
// part would report anything, the file is read whole. Both give the same tree
// (YAMLSplitTests).

extension YAMLReader {
    /// Where to cut `file` in two: near the middle when it is at least
    /// `SpeedPaths.twoPartReadMinimumBytes` and the machine has two cores or
    /// more; at `cutAt` (a line start, for tests) whatever its size.
    static func plan(_ file: SourceFile, cutAt: Int?) -> YAMLSplit? {
        file.bytes.withUnsafeBufferPointer { bytes -> YAMLSplit? in
            // The planner counts lines at "\n"; a lone CR is a break to libyaml too.
            guard !hasLoneCarriageReturn(bytes) else { return nil }
            guard let offset = cutAt else {
                guard bytes.count >= SpeedPaths.twoPartReadMinimumBytes, SpeedPaths.hasSecondCore else { return nil }
                return YAMLSplit.plan(bytes)
            }
            guard offset > 0, offset < bytes.count, bytes[offset - 1] == UInt8(ascii: "\n") else { return nil }
            return YAMLSplit.plan(bytes, cutAt: offset)
        }
    }

    /// Reads the part before the cut on this thread and the part after it (behind
    /// the skeleton) on another, then joins them; nil when the cut did not work out.
    static func readInTwo(_ file: SourceFile, split: YAMLSplit, limits: CompilerLimits) -> SyntaxTree? {
        SpeedPaths.note(.readInTwo)
        let cutLine = file.position(ofByteOffset: split.offset).line
        let (first, second) = Concurrently.run(
            { readFirstPart(file, split: split, cutLine: cutLine, limits: limits) },
            { readSecondPart(file, split: split, limits: limits) }
        )
        guard let first, let second else { return nil }
        return first.joined(with: second, split: split, lineDelta: cutLine - split.skeletonLines - 1)
    }

    /// The builder, stopped at the cut with `split.levels` open; nil when libyaml
    /// saw the part otherwise or something in it would be reported.
    private static func readFirstPart(
        _ file: SourceFile, split: YAMLSplit, cutLine: Int, limits: CompilerLimits
    ) -> YAMLTreeBuilder? {
        file.bytes.withUnsafeBufferPointer { bytes -> YAMLTreeBuilder? in
            var builder = YAMLTreeBuilder(file: file, bytes: bytes, limits: limits, needsCursor: false)
            var diagnostics = DiagnosticBag(file: file.path)
            let cut = LibYAML.withParser(UnsafeBufferPointer(rebasing: bytes[..<split.offset])) { parser in
                builder.runToCut(parser, split: split, cutLine: cutLine, diagnostics: &diagnostics)
            }
            guard cut == true, diagnostics.diagnostics.isEmpty, !builder.failed, !builder.usesAliases else { return nil }
            return builder
        }
    }

    /// The tree of the skeleton and the part after the cut; nil when something in
    /// it would be reported.
    private static func readSecondPart(_ file: SourceFile, split: YAMLSplit, limits: CompilerLimits) -> SyntaxTree? {
        var bytes = split.skeleton
        bytes.append(contentsOf: file.bytes[split.offset...])
        let part = SourceFile(path: file.path, bytes: bytes)
        return part.bytes.withUnsafeBufferPointer { bytes -> SyntaxTree? in
            var builder = YAMLTreeBuilder(file: part, bytes: bytes, limits: limits, needsCursor: false)
            var diagnostics = DiagnosticBag(file: file.path)
            let ran: Void? = LibYAML.withParser(bytes) { parser in
                builder.run(parser, diagnostics: &diagnostics)
            }
            guard ran != nil, diagnostics.diagnostics.isEmpty, !builder.failed, !builder.usesAliases else { return nil }
            return builder.finishedTree()
        }
    }

    private static func hasLoneCarriageReturn(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var offset = 0
        while offset < bytes.count, let found = memchr(base + offset, 0x0D, bytes.count - offset) {
            let index = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            if index + 1 >= bytes.count || bytes[index + 1] != 0x0A { return true }
            offset = index + 1
        }
        return false
    }
}

extension YAMLTreeBuilder {
    /// Reads the part of a split file before the cut, and stops with `split.levels`
    /// still open. True when libyaml saw the part as planned: the only collections
    /// it closes at the end of the part are exactly `split.levels`, as block
    /// collections of the planned kinds and columns; what it reads up to there is
    /// then what it reads in the whole file.
    mutating func runToCut(
        _ parser: UnsafeMutablePointer<yaml_parser_t>, split: YAMLSplit, cutLine: Int, diagnostics: inout DiagnosticBag
    ) -> Bool {
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(parser, &event) != 0 else {
                reportLibYAMLError(parser.pointee, diagnostics: &diagnostics)
                return false
            }
            let type = event.type
            if type == YAML_SEQUENCE_END_EVENT || type == YAML_MAPPING_END_EVENT, parents.count == split.levels.count,
               event.start_mark.line == cutLine - 1, event.start_mark.column == 0 {
                // The end of the part closes the innermost planned level; the
                // collections inside it are closed as the cut line would close them.
                yaml_event_delete(&event)
                return documents == 1 && hasOpen(split.levels) && Self.closes(split.levels, parser)
            }
            let step = type == YAML_STREAM_END_EVENT ? .stop : handle(&event, diagnostics: &diagnostics)
            yaml_event_delete(&event)
            if case .stop = step { return false }
        }
    }

    /// Whether the open collections, outermost first, are `levels`; each open
    /// mapping waits for the value of an accepted key.
    private func hasOpen(_ levels: [YAMLSplit.Level]) -> Bool {
        guard parents.count == levels.count else { return false }
        for (index, level) in levels.enumerated() {
            let frame = index + 1 < parents.count ? parents[index + 1] : current
            guard !frame.isFlow, frame.isMapping == (level.kind == .mapping),
                  frame.start.column == level.column + 1 else { return false }
            if frame.isMapping, frame.pendingKey == nil || frame.dropsValue { return false }
        }
        return true
    }

    /// Whether libyaml's remaining events close the levels around the innermost one
    /// and end the document and stream, and nothing else.
    private static func closes(_ levels: [YAMLSplit.Level], _ parser: UnsafeMutablePointer<yaml_parser_t>) -> Bool {
        var expected = levels.dropLast().reversed().map { $0.kind == .mapping ? YAML_MAPPING_END_EVENT : YAML_SEQUENCE_END_EVENT }
        expected += [YAML_DOCUMENT_END_EVENT, YAML_STREAM_END_EVENT]
        var event = yaml_event_t()
        for type in expected {
            guard yaml_parser_parse(parser, &event) != 0 else { return false }
            let matches = event.type == type
            yaml_event_delete(&event)
            guard matches else { return false }
        }
        return true
    }

    /// The whole file's tree: this builder, stopped at the cut by `runToCut`, with
    /// `second` (the skeleton and the part after the cut) joined in. The skeleton's
    /// collections stand for the open levels: their entries after the skeleton's
    /// own go to the open collections, and their ends are the collections' ends.
    /// Nil when `second` does not start with the skeleton's collections, or when an
    /// open mapping would get a key twice (the whole read reports that).
    consuming func joined(with second: SyntaxTree, split: YAMLSplit, lineDelta: Int) -> SyntaxTree? {
        guard let stand = Self.skeletonNodes(of: second, split: split) else { return nil }
        let offset = tree.append(second, lineDelta: lineDelta)
        var inner: NodeID?
        for part in stand.reversed() {
            let node = NodeID(part.index + offset)
            let frame = current
            if frame.isMapping {
                guard let key = frame.pendingKey, let value = inner else { return nil }
                let entries = second.entries(part).dropFirst()
                guard !repeatsKey(entries.lazy.map { NodeID($0.key.index + offset) }, of: frame, key: key) else { return nil }
                tree.addChild(key)
                tree.addChild(value)
                for entry in entries {
                    tree.addChild(NodeID(entry.key.index + offset))
                    tree.addChild(NodeID(entry.value.index + offset))
                }
            } else {
                var items = second.items(part)[...]
                if let value = inner {
                    tree.addChild(value)
                    items = items.dropFirst()
                }
                for item in items { tree.addChild(NodeID(item.index + offset)) }
            }
            inner = tree.close(
                frame.isMapping ? .mapping : .sequence, childrenFrom: frame.base,
                range: SourceRange(start: frame.start, end: tree.range(node).end), tag: frame.tag
            )
            current = parents.removeLast()
        }
        guard let root = inner else { return nil }
        tree.addChild(root)
        return finishedTree()
    }

    /// The skeleton's collections in `second`, outermost first: its root, then each
    /// one's first value or item.
    private static func skeletonNodes(of second: SyntaxTree, split: YAMLSplit) -> [NodeID]? {
        var nodes: [NodeID] = []
        var node = second.root
        for level in split.levels {
            guard second.kind(node) == (level.kind == .mapping ? .mapping : .sequence) else { return nil }
            nodes.append(node)
            guard nodes.count < split.levels.count else { break }
            switch level.kind {
            case .mapping:
                guard let first = second.entries(node).first,
                      second.textEquals(first.key, YAMLSplit.placeholderKey) else { return nil }
                node = first.value
            case .sequence:
                guard let first = second.items(node).first else { return nil }
                node = first
            }
        }
        return nodes
    }

    /// Whether one of `keys` equals a key `frame` already has (`key` is the one
    /// waiting for its value). Beyond a few hundred comparisons it answers yes, and
    /// the file is read whole.
    private func repeatsKey(_ keys: some Collection<NodeID>, of frame: Frame, key: NodeID) -> Bool {
        guard !keys.isEmpty else { return false }
        let earlier = (tree.pending.count - frame.base) / 2
        guard (earlier + 1) * keys.count <= 256 else { return true }
        for later in keys {
            if tree.sameText(later, key) { return true }
            for entry in 0..<earlier where tree.sameText(later, NodeID(tree.pending[frame.base + 2 * entry])) {
                return true
            }
        }
        return false
    }
}
