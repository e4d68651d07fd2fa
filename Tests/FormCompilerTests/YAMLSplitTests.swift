@testable import FormSource
@testable import FormSyntax
import Foundation
import Testing

/// The split read (`YAMLSplit`, `YAMLReader.read(_:limits:speed:cutAt:diagnostics:)`):
/// wherever a file is cut, reading it in two parts gives the tree of the whole
/// read or falls back to it; it never gives a different tree, and never succeeds
/// where the whole read reports anything.
struct YAMLSplitTests {
    /// Reads `text` whole and cut at every line start, and checks the property
    /// above for each cut; returns how many cuts were read in two parts.
    @discardableResult
    private func checkEveryCut(_ text: String, path: String = "form.yaml", sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Int {
        let file = SourceFile(path: path, text: text)
        var wholeDiagnostics = DiagnosticBag(file: path)
        let whole = YAMLReader.read(file, limits: .default, speed: .plain, diagnostics: &wholeDiagnostics)
        var splitReads = 0
        for offset in file.lineStarts.dropFirst() where offset < file.bytes.count {
            var diagnostics = DiagnosticBag(file: path)
            let read = YAMLReader.read(file, limits: .default, speed: .parallel, cutAt: offset, diagnostics: &diagnostics)
            // Whatever happened, the answer is the whole read's.
            #expect(diagnostics.diagnostics == wholeDiagnostics.diagnostics, "cut at \(offset)", sourceLocation: sourceLocation)
            #expect(read.map(TreeNode.init) == whole.map(TreeNode.init), "cut at \(offset)", sourceLocation: sourceLocation)
            if let split = file.bytes.withUnsafeBufferPointer({ YAMLSplit.plan($0, cutAt: offset) }),
               YAMLReader.readInTwo(file, split: split, limits: .default) != nil {
                splitReads += 1
                #expect(wholeDiagnostics.diagnostics.isEmpty, "cut at \(offset) read in two parts a file with diagnostics", sourceLocation: sourceLocation)
            }
        }
        return splitReads
    }

    /// A form with what the planner must see through: comments, blank lines,
    /// tags (both parts have some, so the join must move their indexes),
    /// block scalars whose lines look like items and keys, multi-line plain,
    /// quoted and flow scalars, keys after a nested `elements`, an indentless
    /// sequence, compact nested sequences, and keys after the top-level list.
    private static func trickyForm(groups: Int) -> String {
        var text = """
        # A form to cut anywhere.
        formc: 1
        form: Tricky
        title: Cut me

        elements:

        """
        for group in 0..<groups {
            text += """
              - group: section\(group)   # a comment
                title: "Section \(group),
                  on two lines"
                description: |
                  - not an item
                    elements:
                elements:
                  - textField: name\(group)
                    placeholder: a plain scalar
                      that goes on
                    rules: [required,
                      { minLength: 2 }]
                  # a comment between items
                  - boolean: agree\(group)
                    default: !!bool true
                    meta: !note\(group) { by: tag }
                    tags:
                    - one
                    - two
                    nested:
                      - - a
                        - b
                      -
                        - c
                  - staticText: >
                      folded
                      - text
                footer: after the elements

            """
        }
        text += """
        submit: Send
        notes:
          - a
          - b

        """
        return text
    }

    @Test func everyCutOfATrickyFormReadsAsTheWholeFile() {
        let cuts = checkEveryCut(Self.trickyForm(groups: 3))
        // Every item but a list's first (before it, the part ends with the list's
        // key and no list): 5 in each group, the top-level list's 2, `notes`' 1.
        #expect(cuts == 3 * 5 + 2 + 1)
    }

    @Test func windowsLineBreaksSplitToo() {
        let text = Self.trickyForm(groups: 2).replacingOccurrences(of: "\n", with: "\r\n")
        #expect(checkEveryCut(text) >= 10)
    }

    @Test func theBundledExamplesSplitAnywhere() throws {
        let schemas = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("schemas")
        var cuts = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: schemas.path) where name.hasSuffix(".yaml") {
            let text = try String(contentsOf: schemas.appendingPathComponent(name), encoding: .utf8)
            cuts += checkEveryCut(text, path: name)
        }
        #expect(cuts > 10)
    }

    /// What only the whole read may report stays the whole read's: a duplicate key
    /// across the cut, a placeholder key that is real, an alias to an anchor
    /// before the cut, a second document, a tab.
    @Test func filesWithDiagnosticsFallBack() {
        let cases = [
            "a: 1\nlist:\n  - x\n  - y\na: 2\n",
            "formc-split-placeholder: 1\nlist:\n  - x\n  - y\n",
            "list:\n  - &anchor x\n  - *anchor\n",
            "list:\n  - x\n  - y\n---\nsecond: 1\n",
            "list:\n  - x\n  - y\n\tz: 1\n",
            "list:\n  - \"open\n  - y\n",
            "list: [a,\n  - b]\n",
        ]
        for text in cases {
            checkEveryCut(text)
        }
    }

    @Test func thePlannerFindsTheOpenCollections() throws {
        let text = Self.trickyForm(groups: 2)
        let bytes = Array(text.utf8)
        let cut = try #require(text.range(of: "      - boolean: agree1")).lowerBound.utf16Offset(in: text)
        let split = try #require(bytes.withUnsafeBufferPointer { YAMLSplit.plan($0, cutAt: cut) })
        #expect(split.levels == [
            .init(kind: .mapping, column: 0), .init(kind: .sequence, column: 2),
            .init(kind: .mapping, column: 4), .init(kind: .sequence, column: 6),
        ])
        #expect(String(decoding: split.skeleton, as: UTF8.self) == "formc-split-placeholder:\n  - formc-split-placeholder:\n")
        #expect(split.skeletonLines == 2)
        let file = SourceFile(path: "form.yaml", bytes: bytes)
        #expect(YAMLReader.readInTwo(file, split: split, limits: .default) != nil)
        // Wrong guesses of what is open at the cut are caught, not read.
        let wrong: [[YAMLSplit.Level]] = [
            [.init(kind: .mapping, column: 0), .init(kind: .sequence, column: 6)],
            [.init(kind: .mapping, column: 0), .init(kind: .mapping, column: 2), .init(kind: .sequence, column: 6)],
            [.init(kind: .sequence, column: 0), .init(kind: .mapping, column: 4), .init(kind: .sequence, column: 6)],
            [.init(kind: .mapping, column: 0), .init(kind: .sequence, column: 2), .init(kind: .mapping, column: 6), .init(kind: .sequence, column: 6)],
        ]
        for levels in wrong {
            let guess = try #require(YAMLSplit(offset: cut, levels: levels))
            let read = YAMLReader.readInTwo(file, split: guess, limits: .default) != nil
            #expect(!read, "\(levels)")
        }
        // A line inside a block scalar that looks like an item is no cut.
        let inScalar = try #require(text.range(of: "      - not an item")).lowerBound.utf16Offset(in: text)
        #expect(bytes.withUnsafeBufferPointer { YAMLSplit.plan($0, cutAt: inScalar) } == nil)
    }

    /// The first item of a block sequence is no cut: libyaml starts the sequence at
    /// its first dash, so the part before it would end with the key's value empty.
    /// The item after it is one.
    @Test func aSequencesFirstItemIsNoCut() throws {
        let text = Self.trickyForm(groups: 2)
        let bytes = Array(text.utf8)
        let file = SourceFile(path: "form.yaml", bytes: bytes)
        func offset(of line: String) throws -> Int {
            try #require(text.range(of: line)).lowerBound.utf16Offset(in: text)
        }
        for first in ["  - group: section0", "      - textField: name1"] {
            let cut = try offset(of: first)
            #expect(bytes.withUnsafeBufferPointer { YAMLSplit.plan($0, cutAt: cut) } == nil, "\(first)")
        }
        for later in ["  - group: section1", "      - boolean: agree1"] {
            let cut = try offset(of: later)
            let split = try #require(bytes.withUnsafeBufferPointer { YAMLSplit.plan($0, cutAt: cut) })
            #expect(YAMLReader.readInTwo(file, split: split, limits: .default) != nil, "\(later)")
        }
        // A sequence written on its key's column, and a top-level one (after a
        // comment, so that its first item is not at the file's start, where no
        // cut is made anyway).
        let onKeyColumn = "form: F\nelements:\n- textField: a\n- textField: b\n"
        let topLevel = "# a list\n- a\n- b\n"
        for (text, first, later) in [(onKeyColumn, "- textField: a", "- textField: b"), (topLevel, "- a", "- b")] {
            let bytes = Array(text.utf8)
            let firstCut = text.range(of: first)!.lowerBound.utf16Offset(in: text)
            let laterCut = text.range(of: later)!.lowerBound.utf16Offset(in: text)
            #expect(bytes.withUnsafeBufferPointer { YAMLSplit.plan($0, cutAt: firstCut) } == nil, "\(text)")
            let split = try #require(bytes.withUnsafeBufferPointer { YAMLSplit.plan($0, cutAt: laterCut) })
            #expect(YAMLReader.readInTwo(SourceFile(path: "f.yaml", bytes: bytes), split: split, limits: .default) != nil)
        }
    }

    /// The lines above the cut that are more indented than the collection looked
    /// for are passed by their indentation (blank lines and comments too), except
    /// one with a tab after its spaces, which the planner does not reason about.
    @Test func deeperLinesAboveTheCutArePassedUnlessATabFollowsTheirSpaces() throws {
        func plan(_ text: String) -> YAMLSplit? {
            let cut = text.range(of: "  - textField: b")!.lowerBound.utf16Offset(in: text)
            return Array(text.utf8).withUnsafeBufferPointer { YAMLSplit.plan($0, cutAt: cut) }
        }
        let deeper = "form: F\nelements:\n  - group: a\n    title: x\n\n      # note\n        odd: deeper\n    \n  - textField: b\n"
        #expect(plan(deeper)?.levels == [.init(kind: .mapping, column: 0), .init(kind: .sequence, column: 2)])
        #expect(plan("form: F\nelements:\n  - group: a\n    \tbad: 1\n  - textField: b\n") == nil)
        #expect(plan("form: F\nelements:\n  - group: a\n\tbad: 1\n  - textField: b\n") == nil)
    }

    /// The planner walks up line by line, finding each break eight bytes at a
    /// time: every line start of text with breaks at every place in a word, and
    /// bytes next to them that a looser search would take for a break (a vertical
    /// tab, 0x0B, is the one a borrow would turn into a false hit above a real one).
    @Test func thePreviousLineStartIsFoundWhereverTheBreakFallsInAWord() {
        var generator = SplitMix64(seed: 0x5EED)
        let alphabet: [UInt8] = [0x0A, 0x0B, 0x09, 0x20, 0x61, 0x8A, 0x0A, 0x01, 0x00, 0xFF]
        for length in [0, 1, 2, 7, 8, 9, 15, 16, 17, 31, 64, 200] {
            for _ in 0..<40 {
                let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
                // Where each line starts, found one byte at a time.
                var starts = [0]
                for (index, byte) in bytes.enumerated() where byte == 0x0A && index + 1 < bytes.count { starts.append(index + 1) }
                bytes.withUnsafeBufferPointer { buffer in
                    for (number, start) in starts.enumerated() {
                        let expected = number == 0 ? nil : starts[number - 1]
                        #expect(Lines.previousLineStart(in: buffer, before: start) == expected, "\(bytes) before \(start)")
                    }
                }
            }
        }
        for index in 0..<8 {
            var bytes = [UInt8](repeating: 0x0B, count: 8)
            bytes[index] = 0x0A
            let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
            #expect(Lines.lastLineFeed(in: word) == index)
        }
        #expect(Lines.lastLineFeed(in: 0x0B0B_0B0B_0B0B_0B0B) == nil)
    }

    /// A large file is cut near the middle on its own, and the tree is the same.
    @Test func aLargeFileIsReadInTwoParts() throws {
        let text = Self.trickyForm(groups: 400)
        let file = SourceFile(path: "large.yaml", text: text)
        #expect(file.bytes.count >= SpeedPaths.twoPartReadMinimumBytes)
        let split = try #require(file.bytes.withUnsafeBufferPointer { YAMLSplit.plan($0) })
        #expect(abs(split.offset - file.bytes.count / 2) < 1_000)
        let parts = YAMLReader.readInTwo(file, split: split, limits: .default)
        var diagnostics = DiagnosticBag(file: file.path)
        let whole = YAMLReader.read(file, limits: .default, speed: .plain, diagnostics: &diagnostics)
        #expect(parts != nil && whole != nil)
        #expect(parts.map(TreeNode.init) == whole.map(TreeNode.init))
    }
}

@Suite(.enabled(if: FileManager.default.fileExists(atPath: YAMLSplitCorpus.root.path), "no ../shared/corpora; skipped"))
struct YAMLSplitCorpusTests {
    /// Every case of the YAML test suite, cut at every line: the split read never
    /// differs from the whole read.
    @Test func yamlTestSuiteCutEverywhere() throws {
        var cuts = 0
        for folder in try FileManager.default.contentsOfDirectory(atPath: YAMLSplitCorpus.root.path).sorted() {
            let path = YAMLSplitCorpus.root.appendingPathComponent(folder).appendingPathComponent("in.yaml").path
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            let file = SourceFile(path: folder, bytes: Array(data))
            var wholeDiagnostics = DiagnosticBag(file: folder)
            let whole = YAMLReader.read(file, limits: .default, speed: .plain, diagnostics: &wholeDiagnostics)
            for offset in file.lineStarts.dropFirst() where offset < file.bytes.count {
                var diagnostics = DiagnosticBag(file: folder)
                let read = YAMLReader.read(file, limits: .default, speed: .parallel, cutAt: offset, diagnostics: &diagnostics)
                #expect(diagnostics.diagnostics == wholeDiagnostics.diagnostics, "\(folder) cut at \(offset)")
                #expect(read.map(TreeNode.init) == whole.map(TreeNode.init), "\(folder) cut at \(offset)")
                if let split = file.bytes.withUnsafeBufferPointer({ YAMLSplit.plan($0, cutAt: offset) }),
                   YAMLReader.readInTwo(file, split: split, limits: .default) != nil {
                    cuts += 1
                }
            }
        }
        #expect(cuts > 50)
    }
}

private enum YAMLSplitCorpus {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/corpora/yaml-test-suite")
}

/// A seeded generator, so that a failing case of a randomized test comes back
/// on the next run (SplitMix64).
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
