import CYAML
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a YAML form file into a `SyntaxTree` with positions, through libyaml's
/// event API. It decides nothing about what a form means; it only builds the tree
/// and reports what YAML itself makes wrong or what formc does not accept in YAML.
///
/// Decisions:
/// - Positions come from libyaml's marks (0-based, columns in Unicode scalars) made
///   1-based. libyaml also breaks lines at NEL, LS and PS, and does not count a
///   leading byte-order mark, where `SourceFile` does neither; a file with one of
///   those is mapped through `PositionCursor` instead, so a position always points
///   where `SourceFile` shows the line.
/// - A block sequence or mapping ends where its last entry ends (libyaml's end mark
///   would be the start of the next line); a flow one ends after its bracket.
/// - Scalars keep libyaml's style and its tag exactly as reported
///   (`!newsletter`, `tag:yaml.org,2002:str`); the decoder decides what tags mean.
/// - One document per file: a second one is FC003 at its start. The rest of the
///   stream still runs through libyaml, so a later syntax error is reported too.
/// - An empty stream (empty file, only comments) is FC100 "the file is empty".
/// - A duplicate key is FC002 at the second key with a note at the first; the first
///   entry is kept and the tree is still returned, so later stages run.
/// - A key that is a sequence or mapping, and a merge key `<<`, are FC003; the
///   entry is dropped.
/// - An alias yields a node of its own with the anchored node's content (its text
///   or its children, shared, not copied). Its own range is the alias's `*name`, so
///   a problem with the value as used points where it is used; the nodes inside
///   keep the ranges where they were written.
/// - An alias whose anchor is unknown is FC001; one inside the node it names (a
///   recursive structure) is FC003.
/// - Alias expansion and depth are limited as `AliasBudget` and
///   `CompilerLimits.maxDepth` describe (FC004); depth stops reading at once.
/// - After any FC001, FC003 or FC004 `read` returns nil: a tree with a hole in it
///   would only cause follow-up errors that are not the user's.
public enum YAMLReader {
    public static func read(_ file: SourceFile, limits: CompilerLimits, diagnostics: inout DiagnosticBag) -> SyntaxTree? {
        read(file, limits: limits, splitting: .automatic, diagnostics: &diagnostics)
    }

    /// Whether `read` may cut a file in two and read the parts at once.
    enum Splitting {
        /// When the file is at least `YAMLSplit.minimumFileSize` and the machine
        /// has two cores or more, near the middle.
        case automatic
        case never
        /// At this line start (for tests), whatever the file's size.
        case at(Int)
    }

    /// Reads `file`, in two parts at once when `splitting` allows it and the cut
    /// works out (see `YAMLSplit`); otherwise, or when anything in either part
    /// differs from the plan or would be reported, whole. Both ways give the same
    /// tree, and the diagnostics always come from the whole read.
    static func read(
        _ file: SourceFile, limits: CompilerLimits, splitting: Splitting, diagnostics: inout DiagnosticBag
    ) -> SyntaxTree? {
        let needsCursor = file.bytes.withUnsafeBufferPointer(YAMLTreeBuilder.needsPositionCursor)
        if !needsCursor, let split = plan(file, splitting: splitting),
           let tree = readInTwo(file, split: split, limits: limits) {
            return tree
        }
        return file.bytes.withUnsafeBufferPointer { bytes in
            var builder = YAMLTreeBuilder(file: file, bytes: bytes, limits: limits, needsCursor: needsCursor)
            let ran: Void? = LibYAML.withParser(bytes) { parser in
                builder.run(parser, diagnostics: &diagnostics)
            }
            guard ran != nil else {
                diagnostics.error(.syntaxError, "libyaml could not allocate a parser", at: .fileStart)
                return nil
            }
            return builder.failed ? nil : builder.finishedTree()
        }
    }

    private static func plan(_ file: SourceFile, splitting: Splitting) -> YAMLSplit? {
        file.bytes.withUnsafeBufferPointer { bytes -> YAMLSplit? in
            // The planner counts lines at "\n"; a lone CR is a break to libyaml too.
            guard !hasLoneCarriageReturn(bytes) else { return nil }
            switch splitting {
            case .never:
                return nil
            case .automatic:
                guard bytes.count >= YAMLSplit.minimumFileSize, sysconf(Int32(_SC_NPROCESSORS_ONLN)) >= 2 else { return nil }
                return YAMLSplit.plan(bytes)
            case .at(let offset):
                guard offset > 0, offset < bytes.count, bytes[offset - 1] == UInt8(ascii: "\n") else { return nil }
                return YAMLSplit.plan(bytes, cutAt: offset)
            }
        }
    }

    /// Reads the part before the cut on this thread and the part after it (behind
    /// the skeleton) on another, then joins them; nil when the cut did not work out.
    static func readInTwo(_ file: SourceFile, split: YAMLSplit, limits: CompilerLimits) -> SyntaxTree? {
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

/// How much aliases may make a document grow (SPEC §9): the tree with every alias
/// expanded may hold at most `aliasExpansionFactor` × the nodes written in the file.
///
/// The limit is checked once the whole file is read, against the final count of
/// written nodes, so where in the file an anchor is used does not matter; the
/// diagnostic points at the first alias whose running total crossed it. Reading on
/// to the end is safe: expanding an alias costs O(1) (the node is shared, not
/// copied) and counts saturate, so a billion-laughs file costs only the time and
/// memory to read its bytes.
struct AliasBudget {
    private let factor: Int
    /// Nodes written in the file: scalars, sequences and mappings, not aliases.
    private(set) var writtenNodes = 0
    /// Nodes of the tree with every alias expanded.
    private(set) var expandedNodes = 0
    /// The running expanded total after each alias, in document order.
    private var aliasTotals: [(total: Int, range: SourceRange)] = []

    init(factor: Int) {
        self.factor = max(factor, 1)
    }

    /// Whether any alias was read.
    var usesAliases: Bool { !aliasTotals.isEmpty }

    mutating func countWrittenNode() {
        writtenNodes += 1
        expandedNodes = Self.adding(expandedNodes, 1)
    }

    /// Counts an alias that expands to `size` nodes.
    mutating func countAlias(expandingTo size: Int, at range: SourceRange) {
        expandedNodes = Self.adding(expandedNodes, size)
        aliasTotals.append((expandedNodes, range))
    }

    /// The alias that made the finished document exceed the limit, if any.
    func aliasOverLimit() -> SourceRange? {
        let allowed = Self.multiplying(writtenNodes, factor)
        guard expandedNodes > allowed else { return nil }
        return aliasTotals.first { $0.total > allowed }?.range
    }

    var limitDescription: String {
        "aliases expand this document to more than \(factor) times the \(writtenNodes) nodes written in it"
    }

    @inline(__always)
    static func adding(_ lhs: Int, _ rhs: Int) -> Int {
        let (sum, overflow) = lhs.addingReportingOverflow(rhs)
        return overflow ? .max : sum
    }

    static func multiplying(_ lhs: Int, _ rhs: Int) -> Int {
        let (product, overflow) = lhs.multipliedReportingOverflow(by: rhs)
        return overflow ? .max : product
    }
}

/// Builds the `SyntaxTree` from libyaml's events with an explicit stack, so the
/// input cannot drive the depth of any recursion. One builder reads one file.
///
/// The innermost open collection is kept apart from the stack of its parents:
/// nearly every event touches it, and a stored property is cheaper to update than
/// the last element of an array.
struct YAMLTreeBuilder: Sendable {
    /// A sequence or mapping whose end event has not come yet.
    private struct Frame {
        /// The outermost frame: it collects a document's root node.
        static func document() -> Frame {
            Frame(isMapping: false, isFlow: false, start: .start, tag: -1, anchor: nil, base: 0, lastEnd: .start)
        }

        let isMapping: Bool
        let isFlow: Bool
        let start: SourcePosition
        /// The tag's index in the tree, or -1.
        let tag: Int32
        let anchor: String?
        /// Where this collection's children start on `tree.pending`.
        let base: Int
        /// A mapping's key that waits for its value; it goes on `tree.pending` with it.
        var pendingKey: NodeID?
        /// The pending key was a duplicate or unsupported: its value is read and dropped.
        var dropsValue = false
        var keys = MappingKeyIndex()
        /// Nodes in this subtree with aliases expanded, itself included.
        var expandedSize = 1
        /// Where the last entry ends; a block collection ends there.
        var lastEnd: SourcePosition
    }

    private struct Anchored {
        var node: NodeID
        var expandedSize: Int
    }

    private enum Step {
        case next
        case stop
    }

    private let file: SourceFile
    private let limits: CompilerLimits
    private var tree: SyntaxTreeBuilder
    /// Set only for files where libyaml's lines or columns differ from `SourceFile`'s.
    private var cursor: PositionCursor?
    /// libyaml's mark indexes skip a leading byte-order mark; `SourceFile` counts it.
    private let skippedScalars: Int
    /// The innermost open collection, or the document frame when none is open.
    private var current = Frame.document()
    /// The frames around `current`, outermost (the document frame) first; its
    /// count is how deeply `current` is nested.
    private var parents: [Frame] = []
    private var anchors: [String: Anchored] = [:]
    private var budget: AliasBudget
    private var documents = 0
    /// The first document's root, once every collection is closed.
    var root: NodeID? { parents.isEmpty && !tree.pending.isEmpty ? NodeID(tree.pending[0]) : nil }
    /// An error other than FC002 was reported: `read` returns nil.
    private(set) var failed = false

    /// `needsCursor` is `needsPositionCursor(bytes)`, which the reader works out
    /// once for the file.
    init(file: SourceFile, bytes: UnsafeBufferPointer<UInt8>, limits: CompilerLimits, needsCursor: Bool) {
        self.file = file
        self.limits = limits
        tree = SyntaxTreeBuilder(expectedBytes: bytes.count)
        budget = AliasBudget(factor: limits.aliasExpansionFactor)
        skippedScalars = Self.hasByteOrderMark(bytes) ? 1 : 0
        if needsCursor {
            cursor = PositionCursor(bytes: bytes, file: file)
        }
        parents.reserveCapacity(16)
    }

    /// Whether libyaml's lines or columns differ from `SourceFile`'s in this file: it
    /// starts with a byte-order mark, or holds a line break that only libyaml counts.
    static func needsPositionCursor(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        hasByteOrderMark(bytes) || hasUnicodeLineBreak(bytes)
    }

    private static func hasByteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    }

    /// An alias was read: a split read falls back, since the budget and anchors
    /// span the whole file.
    var usesAliases: Bool { budget.usesAliases }

    /// The tree read, or nil when there is no root.
    consuming func finishedTree() -> SyntaxTree? {
        guard let root else { return nil }
        return tree.tree(root: root)
    }

    mutating func run(_ parser: UnsafeMutablePointer<yaml_parser_t>, diagnostics: inout DiagnosticBag) {
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(parser, &event) != 0 else {
                reportLibYAMLError(parser.pointee, diagnostics: &diagnostics)
                return
            }
            let step = handle(&event, diagnostics: &diagnostics)
            yaml_event_delete(&event)
            if case .stop = step { return }
        }
    }

    // MARK: - A file read in two parts

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

    private mutating func handle(_ event: inout yaml_event_t, diagnostics: inout DiagnosticBag) -> Step {
        switch event.type {
        case YAML_SCALAR_EVENT:
            guard documents == 1 else { return .next }
            return scalar(event, diagnostics: &diagnostics)
        case YAML_SEQUENCE_START_EVENT:
            guard documents == 1 else { return .next }
            let data = event.data.sequence_start
            return push(
                event, isMapping: false, isFlow: data.style == YAML_FLOW_SEQUENCE_STYLE,
                tag: data.tag, anchor: data.anchor, diagnostics: &diagnostics
            )
        case YAML_MAPPING_START_EVENT:
            guard documents == 1 else { return .next }
            let data = event.data.mapping_start
            return push(
                event, isMapping: true, isFlow: data.style == YAML_FLOW_MAPPING_STYLE,
                tag: data.tag, anchor: data.anchor, diagnostics: &diagnostics
            )
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard documents == 1 else { return .next }
            return pop(event, diagnostics: &diagnostics)
        case YAML_ALIAS_EVENT:
            guard documents == 1 else { return .next }
            return alias(event, diagnostics: &diagnostics)
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents == 2 {
                failed = true
                diagnostics.error(
                    .unsupportedConstruct, "a form file holds one YAML document, and this is a second one",
                    at: range(event.start_mark, event.end_mark),
                    help: ["put each form in a file of its own, or remove this '---' line"]
                )
            }
            return .next
        case YAML_STREAM_END_EVENT:
            finish(diagnostics: &diagnostics)
            return .stop
        case YAML_NO_EVENT:
            // libyaml has nothing more to give; asking again would loop forever.
            return .stop
        default:
            return .next
        }
    }

    private mutating func scalar(_ event: yaml_event_t, diagnostics: inout DiagnosticBag) -> Step {
        let data = event.data.scalar
        // libyaml has resolved escapes and folding: its bytes are the text.
        let node = tree.addScalar(
            UnsafeBufferPointer(start: data.value, count: data.length), style: Self.style(data.style),
            range: range(event.start_mark, event.end_mark), tag: addTag(data.tag)
        )
        budget.countWrittenNode()
        if let anchor = data.anchor {
            anchors[String(cString: anchor)] = Anchored(node: node, expandedSize: 1)
        }
        attach(node, expandedSize: 1, diagnostics: &diagnostics)
        return .next
    }

    private mutating func push(
        _ event: yaml_event_t, isMapping: Bool, isFlow: Bool,
        tag: UnsafeMutablePointer<yaml_char_t>?, anchor: UnsafeMutablePointer<yaml_char_t>?,
        diagnostics: inout DiagnosticBag
    ) -> Step {
        let start = position(event.start_mark)
        guard parents.count < limits.maxDepth else {
            failed = true
            ReaderDiagnostics.tooDeep(at: range(event.start_mark, event.end_mark), limits: limits, in: &diagnostics)
            return .stop
        }
        budget.countWrittenNode()
        var frame = Frame(
            isMapping: isMapping, isFlow: isFlow, start: start,
            tag: addTag(tag), anchor: anchor.map { String(cString: $0) }, base: tree.pending.count,
            lastEnd: start
        )
        // Swapping moves the frames; assigning would copy (retain) all their storage.
        swap(&frame, &current)
        parents.append(frame)
        return .next
    }

    private mutating func pop(_ event: yaml_event_t, diagnostics: inout DiagnosticBag) -> Step {
        guard var frame = parents.popLast() else { return .next }
        swap(&frame, &current)
        let end = frame.isFlow ? position(event.end_mark) : frame.lastEnd
        let node = tree.close(
            frame.isMapping ? .mapping : .sequence, childrenFrom: frame.base,
            range: SourceRange(start: frame.start, end: end), tag: frame.tag
        )
        if let anchor = frame.anchor {
            anchors[anchor] = Anchored(node: node, expandedSize: frame.expandedSize)
        }
        attach(node, expandedSize: frame.expandedSize, diagnostics: &diagnostics)
        return .next
    }

    private mutating func alias(_ event: yaml_event_t, diagnostics: inout DiagnosticBag) -> Step {
        let name = String(cString: event.data.alias.anchor)
        let aliasRange = range(event.start_mark, event.end_mark)
        guard let anchored = anchors[name] else {
            failed = true
            if current.anchor == name || parents.contains(where: { $0.anchor == name }) {
                diagnostics.error(
                    .unsupportedConstruct, "alias '*\(name)' is inside the node that '&\(name)' names",
                    at: aliasRange,
                    help: ["recursive structures are not supported; write the repeated part out"]
                )
            } else {
                diagnostics.error(
                    .syntaxError, "unknown alias '*\(name)'", at: aliasRange,
                    help: ["define the anchor '&\(name)' on a node before this alias"]
                )
            }
            // A stand-in keeps the mapping's key/value pairing intact for later errors.
            let standIn = tree.addScalar(UnsafeBufferPointer(start: nil, count: 0), style: .plain, range: aliasRange)
            attach(standIn, expandedSize: 1, diagnostics: &diagnostics)
            return .next
        }
        budget.countAlias(expandingTo: anchored.expandedSize, at: aliasRange)
        let node = tree.alias(of: anchored.node, range: aliasRange)
        attach(node, expandedSize: anchored.expandedSize, diagnostics: &diagnostics)
        return .next
    }

    /// Adds a finished node to the collection it belongs to (the document frame
    /// for a root).
    private mutating func attach(_ node: NodeID, expandedSize: Int, diagnostics: inout DiagnosticBag) {
        current.expandedSize = AliasBudget.adding(current.expandedSize, expandedSize)
        current.lastEnd = tree.range(node).end
        guard current.isMapping else {
            tree.addChild(node)
            return
        }
        guard let key = current.pendingKey.take() else {
            let verdict = check(key: node, diagnostics: &diagnostics)
            if verdict == .unsupported { failed = true }
            current.dropsValue = verdict != .accepted
            current.pendingKey = node
            return
        }
        if !current.dropsValue {
            tree.addChild(key)
            tree.addChild(node)
        }
    }

    private enum KeyVerdict {
        case accepted
        case duplicate
        case unsupported
    }

    /// Whether `key` may be used in the innermost mapping; reports why not.
    private mutating func check(key: NodeID, diagnostics: inout DiagnosticBag) -> KeyVerdict {
        let record = tree.nodes[Int(key.index)]
        guard record.kind == .scalar else {
            diagnostics.error(
                .unsupportedConstruct, "unsupported YAML construct: \(tree.kindDescription(key)) as a mapping key",
                at: record.range,
                help: ["formc reads only strings as keys; write the key as a plain string"]
            )
            return .unsupported
        }
        if record.style == .plain, record.tag < 0, tree.textEquals(key, "<<") {
            diagnostics.error(
                .unsupportedConstruct, "unsupported YAML construct: merge keys ('<<') are not supported",
                at: record.range,
                help: ["write the keys out in this mapping instead of merging them from an anchor"]
            )
            return .unsupported
        }
        if let first = current.keys.earlierRange(of: key, in: tree, entriesFrom: current.base) {
            ReaderDiagnostics.duplicateKey(tree.string(key), at: record.range, firstAt: first, in: &diagnostics)
            return .duplicate
        }
        return .accepted
    }

    private mutating func finish(diagnostics: inout DiagnosticBag) {
        if documents == 0 {
            failed = true
            diagnostics.error(.missingKey, "the file is empty", at: .fileStart, help: [ReaderDiagnostics.emptyFormHelp])
            return
        }
        if let aliasRange = budget.aliasOverLimit() {
            failed = true
            diagnostics.error(
                .limitExceeded, budget.limitDescription, at: aliasRange,
                help: ["write the repeated parts out, or use fewer nested aliases"]
            )
        }
    }

    private mutating func reportLibYAMLError(_ parser: yaml_parser_t, diagnostics: inout DiagnosticBag) {
        failed = true
        let problem = parser.problem.map { String(cString: $0) } ?? "the YAML could not be read"
        let at: SourcePosition
        if parser.error == YAML_READER_ERROR {
            // Reader errors (bad encoding, control characters) carry a byte offset, not a mark.
            at = file.position(ofByteOffset: parser.problem_offset)
        } else {
            at = position(parser.problem_mark)
        }
        var message = problem
        var notes: [DiagnosticNote] = []
        if let context = parser.context.map({ String(cString: $0) }) {
            message = "\(context): \(problem)"
            let contextAt = position(parser.context_mark)
            if contextAt != at {
                notes.append(diagnostics.note("\(Self.subject(ofContext: context)) started here", at: SourceRange(at: contextAt)))
            }
        }
        let offset = file.byteOffset(of: at)
        diagnostics.error(
            .syntaxError, message, at: SourceRange(start: at, end: SourcePosition(line: at.line, column: at.column + 1)),
            notes: notes, help: Self.help(forProblem: problem, byte: offset < file.bytes.count ? file.bytes[offset] : nil)
        )
    }

    // MARK: - Small helpers

    /// "while parsing a block mapping" → "the block mapping".
    private static func subject(ofContext context: String) -> String {
        var subject = Substring(context)
        for prefix in ["while parsing ", "while scanning "] where subject.hasPrefix(prefix) {
            subject = subject.dropFirst(prefix.count)
        }
        for article in ["a ", "an "] where subject.hasPrefix(article) {
            return "the " + subject.dropFirst(article.count)
        }
        return String(subject)
    }

    private static func help(forProblem problem: String, byte: UInt8?) -> [String] {
        if byte == 0x09 {
            return ["YAML does not allow tabs for indentation; indent with spaces"]
        }
        if problem == "mapping values are not allowed in this context" {
            return ["a value that contains ': ' must be quoted"]
        }
        if problem.hasPrefix("found character that cannot start any token"), byte == UInt8(ascii: "@") || byte == UInt8(ascii: "`") {
            return ["'@' and '`' are reserved in YAML; quote the value"]
        }
        return []
    }

    /// Adds libyaml's tag, if there is one, to the tree.
    private mutating func addTag(_ tag: UnsafeMutablePointer<yaml_char_t>?) -> Int32 {
        guard let tag else { return -1 }
        return tree.addTag(String(cString: tag))
    }

    private static func style(_ style: yaml_scalar_style_t) -> ScalarStyle {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: .literal
        case YAML_FOLDED_SCALAR_STYLE: .folded
        default: .plain
        }
    }

    @inline(__always)
    private mutating func position(_ mark: yaml_mark_t) -> SourcePosition {
        if cursor != nil {
            return cursor!.position(ofScalar: mark.index + skippedScalars)
        }
        // libyaml's end-of-stream mark is on the line after the last one when the
        // file has no final line break; keep every position inside the file.
        if mark.line >= file.lineCount { return file.position(ofByteOffset: file.bytes.count) }
        return SourcePosition(line: mark.line + 1, column: mark.column + 1)
    }

    @inline(__always)
    private mutating func range(_ start: yaml_mark_t, _ end: yaml_mark_t) -> SourceRange {
        SourceRange(start: position(start), end: position(end))
    }

    /// Whether the file holds NEL (U+0085), LS (U+2028) or PS (U+2029), which
    /// libyaml counts as line breaks and `SourceFile` does not.
    private static func hasUnicodeLineBreak(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let last = bytes.count - 1
        while index < last {
            // Skip eight ASCII bytes at a time: most form files are mostly ASCII.
            if index + 8 <= bytes.count,
               UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
                continue
            }
            let byte = bytes[index]
            if byte == 0xC2, bytes[index + 1] == 0x85 { return true }
            if byte == 0xE2, bytes[index + 1] == 0x80, index + 2 <= last,
               bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 {
                return true
            }
            index += 1
        }
        return false
    }
}
