import CYAML
import FormSource

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Builds the `SyntaxTree` from libyaml's events with an explicit stack, so the
/// input cannot drive the depth of any recursion. One builder reads one file.
///
/// The innermost open collection is kept apart from the stack of its parents:
/// nearly every event touches it, and a stored property is cheaper to update than
/// the last element of an array.
///
/// Its state is internal, not private, so that the two-part read
/// (`YAMLReader+TwoParts.swift`) can stop it at a cut and join a second part in.
struct YAMLTreeBuilder: Sendable {
    /// A sequence or mapping whose end event has not come yet.
    struct Frame {
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
        /// The pending key is a merge key (`<<`, FC003): its value is merged on close.
        var pendingIsMerge = false
        /// The mapping has a merge key: it gets the entries of the values in
        /// `mergeSources` at its depth when it closes.
        var merges = false
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

    enum Step {
        case next
        case stop
    }

    let file: SourceFile
    private let limits: CompilerLimits
    var tree: SyntaxTreeBuilder
    /// Set only for files where libyaml's lines or columns differ from `SourceFile`'s.
    private var cursor: PositionCursor?
    /// libyaml's mark indexes skip a leading byte-order mark; `SourceFile` counts it.
    private let skippedScalars: Int
    /// The innermost open collection, or the document frame when none is open.
    var current = Frame.document()
    /// The frames around `current`, outermost (the document frame) first; its
    /// count is how deeply `current` is nested.
    var parents: [Frame] = []
    private var anchors: [String: Anchored] = [:]
    /// The values of the open mappings' merge keys, each with the depth of its
    /// mapping (`parents.count` while it is `current`): a mapping gets their entries
    /// when it closes (`SyntaxTreeBuilder.merge`), so that a file with a merge key,
    /// which is not built, is checked as YAML's merge would make it.
    private var mergeSources: [(depth: Int, value: NodeID)] = []
    private var budget: AliasBudget
    var documents = 0
    /// The first document's root, once every collection is closed.
    var root: NodeID? { parents.isEmpty && !tree.pending.isEmpty ? NodeID(tree.pending[0]) : nil }
    /// An error was reported after which the tree is not read on (any but FC002,
    /// the FC003 of a merge key or a complex key, and a second document's):
    /// `read` returns nil.
    var failed = false

    /// Whether plain scalars are checked for a character pasted or typed where
    /// the syntax needs YAML's own (`reportPasted`).
    private let checksSpaces: Bool

    /// `needsCursor` is `needsPositionCursor(bytes)`, which the reader works out
    /// once for the file; `checksSpaces`, whether the file holds a Unicode space
    /// or another character of `YAMLPastedText`, which plain scalars are then
    /// checked for (`reportPasted`).
    init(file: SourceFile, bytes: UnsafeBufferPointer<UInt8>, limits: CompilerLimits, needsCursor: Bool, checksSpaces: Bool = false) {
        self.checksSpaces = checksSpaces
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
    static func needsPositionCursor(_ bytes: UnsafeBufferPointer<UInt8>, hasUnicodeLineBreak: Bool) -> Bool {
        hasByteOrderMark(bytes) || hasUnicodeLineBreak
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

    mutating func handle(_ event: inout yaml_event_t, diagnostics: inout DiagnosticBag) -> Step {
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
            // A first document that is a form (a mapping with `formc`) is read on, so
            // that its own problems are reported too; any other (empty, a header,
            // another file's) is not checked as a form. What follows is not read.
            if documents == 2 {
                if !(root.map { tree.mappingHasKey($0, "formc") } ?? false) { failed = true }
                diagnostics.error(
                    .unsupportedConstruct, "formc reads one YAML document from a file, and this is a second one",
                    at: range(event.start_mark, event.end_mark),
                    help: ["remove this '---' line and what follows it, or put each form in a file of its own"]
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
        if checksSpaces, data.style == YAML_PLAIN_SCALAR_STYLE, reportPasted(
            in: UnsafeBufferPointer(start: data.value, count: data.length), isKey: current.isMapping && current.pendingKey == nil,
            from: event.start_mark, to: event.end_mark, diagnostics: &diagnostics
        ) {
            failed = true
            return .stop
        }
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
        if frame.merges {
            // Its depth while it was `current`, before its parent came off `parents`.
            let depth = parents.count + 1
            tree.merge(mergeSources.filter { $0.depth == depth }.map(\.value), intoChildrenFrom: frame.base)
            mergeSources.removeAll { $0.depth == depth }
        }
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
            current.dropsValue = verdict != .accepted
            current.pendingIsMerge = verdict == .merge
            current.pendingKey = node
            return
        }
        if current.pendingIsMerge {
            current.merges = true
            mergeSources.append((parents.count, node))
        } else if !current.dropsValue {
            tree.addChild(key)
            tree.addChild(node)
        }
    }

    private enum KeyVerdict {
        case accepted
        case duplicate
        /// A merge key: FC003, and its value's entries merged for the checks.
        case merge
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
            return .merge
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
            diagnostics.error(
                .missingKey, YAMLBlankText(file.bytes) == .commentsOnly ? "the file holds only comments" : "the file is empty", at: .fileStart,
                help: [DiagnosticHelp(ReaderDiagnostics.emptyFormHelp)]
            )
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

    // MARK: - Small helpers

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
    mutating func position(_ mark: yaml_mark_t) -> SourcePosition {
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
    /// FC001 for a plain scalar that holds, where YAML's syntax needs its own
    /// character, one pasted or typed in its place, which libyaml reads as text;
    /// true when there is one. Only where no text means it:
    /// - a key that starts with a Unicode space or a mark of no width (a line
    ///   indented with no-break spaces), or with a dash or bullet and a space or tab
    ///   (`– spacer: 8`, a word processor's `- `) where its mapping is the
    ///   document's (in block style) or no list's item (`- — none —: No
    ///   preference` is an option, also on the line after its `-`), or where it
    ///   starts its line after the first key of its block mapping (`• textField: a`
    ///   under `elements:`, at the key's indentation); a key of a flow mapping with a
    ///   Unicode space after a ':'; a key or value that starts its line with `-`
    ///   and a Unicode space (`-<U+00A0>x`, an item to the eye);
    /// - a value in a flow collection that starts or ends with a no-break space
    ///   (`[free,<U+00A0>pro]`, from HTML's `&nbsp;`), not an ideographic one,
    ///   which starts a Chinese or Japanese paragraph.
    /// A value's own text (a title's no-break space, an option `— none —`, a line
    /// of a quoted value that starts with a bullet) is never looked at otherwise.
    private mutating func reportPasted(
        in value: UnsafeBufferPointer<UInt8>, isKey: Bool, from start: yaml_mark_t, to end: yaml_mark_t, diagnostics: inout DiagnosticBag
    ) -> Bool {
        guard value.count > 1, value[0] >= 0xC2 || value[value.count - 1] >= 0x80 || value[0] == UInt8(ascii: "-") || (isKey && current.isFlow) else { return false }
        var found: (offset: Int, width: Int, message: String, help: DiagnosticHelp)?
        if isKey, let space = UnicodeSpace.at(0, in: value), space.meant != "\n" {
            // The run of them: a line indented with several.
            var width = 0
            var plain = ""
            while let next = UnicodeSpace.at(width, in: value), next.meant != "\n" {
                plain += next.meant
                width += next.width
            }
            let isIndentation = file.lineText(range(start, end).start.line).map { line in
                line.unicodeScalars.prefix(range(start, end).start.column - 1).allSatisfy { $0 == " " || $0 == "-" }
            } ?? false
            let help: DiagnosticHelp = plain.count > 1 ? .write(plain, line: "write plain spaces", title: "Write plain spaces") : space.help
            found = (0, width, "\(space.name) \(isIndentation ? "in the line's indentation" : "before a key") is not white space in YAML", help)
        } else if value[0] == UInt8(ascii: "-"), let space = UnicodeSpace.at(1, in: value), space.meant == " ", startsItsLine(start) {
            found = (1, space.width, "\(space.name) after the item's '-' is not white space in YAML", space.help)
        } else if isKey, parents.count == 1 && !current.isFlow || parents.last?.isMapping != false
                    || !current.isFlow && tree.pending.count > current.base && startsItsLine(start, afterItems: false),
                  let (name, width) = YAMLPastedText.marker(at: 0, in: value), width < value.count,
                  value[width] == 0x20 || value[width] == 0x09 || UnicodeSpace.at(width, in: value)?.meant == " " {
            found = value[width] == 0x09
                ? (0, width + 1, "\(name) and a tab are not YAML's item marker '- '", .write("- ", line: "write '- '", title: "Write '- '"))
                : (0, width, "\(name) is not YAML's item marker '-'", .write("-", line: "write '-'", title: "Write '-'"))
        } else if isKey, current.isFlow, let colon = (0..<value.count - 1).first(where: { value[$0] == UInt8(ascii: ":") && UnicodeSpace.at($0 + 1, in: value)?.meant == " " }),
                  let space = UnicodeSpace.at(colon + 1, in: value) {
            found = (colon + 1, space.width, "\(space.name) after a key's ':' is not white space in YAML", space.help)
        } else if !isKey, current.isFlow, value[0] == 0xC2, let space = UnicodeSpace.at(0, in: value), space.meant == " " {
            found = (0, space.width, "\(space.name) before a value in '[…]' or '{…}' is not white space in YAML", space.help)
        } else if !isKey, current.isFlow, let (last, space) = (max(0, value.count - 3)..<value.count).lazy
                    .compactMap({ offset in UnicodeSpace.at(offset, in: value).map { (offset, $0) } })
                    .first(where: { $0.1.width == 2 && $0.1.meant == " " && $0.0 + $0.1.width == value.count }) {
            found = (last, space.width, "\(space.name) after a value in '[…]' or '{…}' is not white space in YAML", space.help)
        }
        guard let found else { return false }
        let scalarRange = range(start, end)
        // The characters' own span where the value is one line, as written: counted
        // back from its end, since its start mark is that of an anchor or tag before it.
        let column = scalarRange.end.column - String(decoding: value[found.offset...], as: UTF8.self).unicodeScalars.count
        let columns = String(decoding: value[found.offset..<found.offset + found.width], as: UTF8.self).unicodeScalars.count
        let isOneLine = scalarRange.start.line == scalarRange.end.line
        let at = isOneLine ? SourceRange(start: SourcePosition(line: scalarRange.start.line, column: column),
                                         end: SourcePosition(line: scalarRange.start.line, column: column + columns)) : scalarRange
        diagnostics.error(.syntaxError, found.message, at: at, help: [isOneLine ? found.help : DiagnosticHelp(found.help.text)])
        return true
    }

    /// Whether only blanks, and items' `-` unless `afterItems` is false, stand
    /// before `mark` on its line.
    private mutating func startsItsLine(_ mark: yaml_mark_t, afterItems: Bool = true) -> Bool {
        let position = range(mark, mark).start
        guard let line = file.lineText(position.line) else { return false }
        return line.unicodeScalars.prefix(position.column - 1).allSatisfy { $0 == " " || (afterItems && $0 == "-") }
    }

    /// What a file holds beyond ASCII that changes how it is read: a line break
    /// that only libyaml counts (NEL, LS, PS), and a Unicode space (`UnicodeSpace`)
    /// or another character of `YAMLPastedText`.
    static func unicodeFacts(_ bytes: UnsafeBufferPointer<UInt8>) -> (lineBreak: Bool, space: Bool) {
        guard let base = bytes.baseAddress else { return (false, false) }
        var facts = (lineBreak: false, space: false)
        // A byte-order mark that starts the file is no space.
        var index = hasByteOrderMark(bytes) ? 3 : 0
        let count = bytes.count
        while index < count {
            // Eight ASCII bytes at a time: most form files are mostly ASCII.
            if index + 8 <= count, UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
                continue
            }
            if base[index] >= 0xC2 { note(at: index, in: bytes, into: &facts) }
            index += 1
        }
        return facts
    }

    /// What the character at `offset`, which is no ASCII, adds to `unicodeFacts`.
    private static func note(at index: Int, in bytes: UnsafeBufferPointer<UInt8>, into facts: inout (lineBreak: Bool, space: Bool)) {
        let byte = bytes[index]
        guard index + 1 < bytes.count else { return }
        if byte == 0xC2, bytes[index + 1] == 0x85 {
            facts.lineBreak = true
        } else if byte == 0xE2, bytes[index + 1] == 0x80, index + 2 < bytes.count, bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 {
            facts.lineBreak = true
        } else if !facts.space, UnicodeSpace.at(index, in: bytes) != nil || YAMLPastedText.marker(at: index, in: bytes) != nil
            || YAMLPastedText.isFullWidthColon(at: index, in: bytes) {
            facts.space = true
        }
    }
}
