@testable import FormSource
@testable import FormSyntax
import Testing

/// Reads `text` as a YAML form file.
private func readYAML(_ text: String, limits: CompilerLimits = .default) -> (node: TreeNode?, diagnostics: [Diagnostic]) {
    let file = SourceFile(path: "test.form.yaml", text: text)
    var diagnostics = DiagnosticBag(file: file.path)
    let node = YAMLReader.read(file, limits: limits, diagnostics: &diagnostics)
    return (node.map(TreeNode.init), diagnostics.diagnostics)
}

private func at(_ line: Int, _ column: Int) -> SourcePosition {
    SourcePosition(line: line, column: column)
}

private func span(_ startLine: Int, _ startColumn: Int, _ endLine: Int, _ endColumn: Int) -> SourceRange {
    SourceRange(start: at(startLine, startColumn), end: at(endLine, endColumn))
}

/// A compact rendering of a reader's tree, to compare whole trees in one line:
/// mappings `{k: v}`, sequences `[a, b]`, scalars by text, tags as `!tag text`.
func readerSketch(_ node: TreeNode) -> String {
    let tag = node.tag.map { "\($0) " } ?? ""
    switch node.content {
    case .scalar(let scalar): return tag + scalar.text
    case .sequence(let items): return tag + "[" + items.map(readerSketch).joined(separator: ", ") + "]"
    case .mapping(let entries):
        return tag + "{" + entries.map { readerSketch($0.key) + ": " + readerSketch($0.value) }.joined(separator: ", ") + "}"
    }
}

// File-private, so that no other test file's helpers can collide with these.
fileprivate extension TreeNode {
    /// The value of the first entry whose key has this text.
    subscript(key: String) -> TreeNode? {
        mapping?.first { $0.key.scalar?.text == key }?.value
    }

    subscript(index: Int) -> TreeNode? {
        guard let items = sequence, items.indices.contains(index) else { return nil }
        return items[index]
    }
}

@Suite struct YAMLReaderPositionTests {
    @Test func blockAndFlowPositionsOfKeysAndValues() throws {
        let (root, diagnostics) = readYAML("""
            formc: 1
            form: SignUp
            elements:
              - textField: email
                rules: [required, email]
            """)
        #expect(diagnostics.isEmpty)
        let node = try #require(root)
        let entries = try #require(node.mapping)
        #expect(entries[0].key.range == span(1, 1, 1, 6))
        #expect(entries[0].value.range == span(1, 8, 1, 9))
        #expect(entries[1].value.range == span(2, 7, 2, 13))
        let elements = try #require(node["elements"])
        #expect(elements.range.start == at(4, 3))
        let field = try #require(elements[0]?.mapping)
        #expect(field[0].key.range == span(4, 5, 4, 14))
        #expect(field[0].value.range == span(4, 16, 4, 21))
        let rules = try #require(elements[0]?["rules"])
        #expect(rules.range == span(5, 12, 5, 29))
        #expect(rules[0]?.range == span(5, 13, 5, 21))
        #expect(rules[1]?.range == span(5, 23, 5, 28))
        // A block collection ends with its last entry, not at the next line.
        #expect(elements.range.end == at(5, 29))
        #expect(node.range == span(1, 1, 5, 29))
    }

    @Test func flowMappingPositionsAndQuotedScalarsIncludeTheirQuotes() throws {
        let (root, diagnostics) = readYAML(#"options: [{ value: free, title: "Free" }, {value: 'pro', title: Pro}]"#)
        #expect(diagnostics.isEmpty)
        let options = try #require(root?["options"])
        let first = try #require(options[0])
        #expect(first.range == span(1, 11, 1, 41))
        let firstEntries = try #require(first.mapping)
        #expect(firstEntries[0].key.range == span(1, 13, 1, 18))
        #expect(firstEntries[0].value.range == span(1, 20, 1, 24))
        #expect(firstEntries[1].value.range == span(1, 33, 1, 39))
        #expect(firstEntries[1].value.scalar == Scalar("Free", style: .doubleQuoted))
        let second = try #require(options[1]?.mapping)
        #expect(second[0].value.range == span(1, 51, 1, 56))
        #expect(second[0].value.scalar == Scalar("pro", style: .singleQuoted))
    }

    @Test func columnsCountUnicodeScalarsNotBytes() throws {
        let (root, diagnostics) = readYAML("titel: 👍 ok\nnäme: ключ\n")
        #expect(diagnostics.isEmpty)
        let entries = try #require(root?.mapping)
        #expect(entries[0].value.range == span(1, 8, 1, 12))
        #expect(entries[1].key.range == span(2, 1, 2, 5))
        #expect(entries[1].value.range == span(2, 7, 2, 11))
        #expect(entries[1].value.scalar?.text == "ключ")
    }

    @Test func crlfLineBreaksCountOnce() throws {
        let (root, diagnostics) = readYAML("a: 1\r\nb:\r\n  - x\r\n")
        #expect(diagnostics.isEmpty)
        let entries = try #require(root?.mapping)
        #expect(entries[1].key.range == span(2, 1, 2, 2))
        #expect(entries[1].value[0]?.range == span(3, 5, 3, 6))
    }

    @Test func libyamlOnlyLineBreaksAndByteOrderMarkMapToSourceFilePositions() throws {
        // libyaml breaks lines at NEL; SourceFile (and every editor) does not.
        let text = "a: 1\u{85}b: 2"
        let (root, diagnostics) = readYAML(text)
        #expect(diagnostics.isEmpty)
        let entries = try #require(root?.mapping)
        #expect(entries.count == 2)
        #expect(entries[1].key.range == span(1, 6, 1, 7))
        #expect(entries[1].value.range == span(1, 9, 1, 10))

        let (bomRoot, _) = readYAML("\u{FEFF}a: 1\nb: 2")
        let bomEntries = try #require(bomRoot?.mapping)
        #expect(bomEntries[0].key.range == span(1, 2, 1, 3))
        #expect(bomEntries[1].key.range == span(2, 1, 2, 2))
    }

    @Test func diagnosticPositionsRoundTripThroughSourceFile() throws {
        let text = "x: é\nname: \"q\" # c\n"
        let file = SourceFile(path: "t.yaml", text: text)
        let (root, _) = readYAML(text)
        let value = try #require(root?["name"])
        #expect(file.text(in: value.range) == "\"q\"")
    }
}

@Suite struct YAMLReaderScalarTests {
    @Test func scalarStylesAndResolvedText() throws {
        let (root, diagnostics) = readYAML("""
            plain: a b
            single: 'it''s'
            double: "tab\\there"
            literal: |
              one
              two
            folded: >
              one
              two
            """)
        #expect(diagnostics.isEmpty)
        let node = try #require(root)
        #expect(node["plain"]?.scalar == Scalar("a b", style: .plain))
        #expect(node["single"]?.scalar == Scalar("it's", style: .singleQuoted))
        #expect(node["double"]?.scalar == Scalar("tab\there", style: .doubleQuoted))
        #expect(node["literal"]?.scalar == Scalar("one\ntwo\n", style: .literal))
        #expect(node["folded"]?.scalar == Scalar("one two", style: .folded))
    }

    @Test func everyTagIsKeptAsLibyamlReportsIt() throws {
        let (root, diagnostics) = readYAML("""
            %TAG !e! tag:example.com,2000:
            ---
            a: !newsletter x
            b: !!str 1
            c: !<tag:example.com,2000:x> y
            d: !!map {k: v}
            e: ! z
            f: !e!thing w
            g: !local [1]
            h: plain
            """)
        #expect(diagnostics.isEmpty)
        let node = try #require(root)
        #expect(node["a"]?.tag == "!newsletter")
        #expect(node["b"]?.tag == "tag:yaml.org,2002:str")
        #expect(node["c"]?.tag == "tag:example.com,2000:x")
        #expect(node["d"]?.tag == "tag:yaml.org,2002:map")
        #expect(node["e"]?.tag == "!")
        #expect(node["f"]?.tag == "tag:example.com,2000:thing")
        #expect(node["g"]?.tag == "!local")
        #expect(node["h"]?.tag == nil)
        // The range of a tagged node starts at its tag.
        #expect(node["a"]?.range == span(3, 4, 3, 17))
    }
}

@Suite struct YAMLReaderDiagnosticTests {
    @Test func duplicateKeyIsReportedAtTheSecondWithANoteAtTheFirst() throws {
        let (root, diagnostics) = readYAML("title: A\nform: X\ntitle: B\n")
        #expect(diagnostics.count == 1)
        let duplicate = try #require(diagnostics.first)
        #expect(duplicate.code == .duplicateKey)
        #expect(duplicate.severity == .error)
        #expect(duplicate.message == "duplicate key 'title'")
        #expect(duplicate.location.range == span(3, 1, 3, 6))
        #expect(duplicate.notes.count == 1)
        #expect(duplicate.notes.first?.message == "first defined here")
        #expect(duplicate.notes.first?.location?.range == span(1, 1, 1, 6))
        // The first entry wins and the tree is still returned.
        #expect(readerSketch(try #require(root)) == "{title: A, form: X}")
    }

    @Test func duplicateKeysInFlowAndNestedMappingsDropTheSecondValue() throws {
        let (root, diagnostics) = readYAML("a: {k: 1, 'k': [2, 3]}\nb:\n  x: 1\n  x: {deep: [1]}\n  y: 2\n")
        #expect(diagnostics.map(\.code) == [.duplicateKey, .duplicateKey])
        #expect(diagnostics.map(\.location.range.start) == [at(1, 11), at(4, 3)])
        #expect(readerSketch(try #require(root)) == "{a: {k: 1}, b: {x: 1, y: 2}}")
    }

    /// Keys are the same when their scalars are: `é` composed and decomposed
    /// are two keys, in a mapping of a few keys and of many (an index past
    /// `MappingKeyIndex.scanLimit`), in YAML and in JSON; a key written twice
    /// is FC002 in both.
    @Test func keysAreComparedByTheirScalarsInSmallAndLargeMappings() {
        func readJSON(_ text: String) -> (node: SyntaxTree?, diagnostics: [Diagnostic]) {
            let file = SourceFile(path: "test.form.json", text: text)
            var diagnostics = DiagnosticBag(file: file.path)
            let tree = JSONReader.read(file, limits: .default, diagnostics: &diagnostics)
            return (tree, diagnostics.diagnostics)
        }
        for count in [2, MappingKeyIndex.scanLimit + 4] {
            let others = (0..<count).map { "k\($0)" }
            let keys = others + ["\u{E9}", "e\u{301}"]
            let yaml = keys.map { "\($0): 1\n" }.joined()
            let json = "{" + keys.map { "\"\($0)\": 1" }.joined(separator: ", ") + "}"
            #expect(readYAML(yaml).diagnostics.isEmpty, "\(count) keys")
            #expect(readJSON(json).diagnostics.isEmpty, "\(count) keys")
            #expect(readYAML(yaml + "\u{E9}: 2\n").diagnostics.map { $0.code } == [.duplicateKey], "\(count) keys")
            #expect(readJSON(json.dropLast() + ", \"e\u{301}\": 2}").diagnostics.map { $0.code } == [.duplicateKey], "\(count) keys")
        }
    }

    /// A second document is FC003; a first one that is a form (a mapping with
    /// `formc`) is still read, so that its own problems are reported beside it.
    @Test func aSecondDocumentIsUnsupported() throws {
        let form = readYAML("formc: 1\n---\nb: 2\n")
        #expect(try #require(form.node).range == SourceRange(start: at(1, 1), end: at(1, 9)))
        #expect(form.diagnostics.map(\.code) == [.unsupportedConstruct])
        let (root, diagnostics) = readYAML("a: 1\n---\nb: 2\n")
        #expect(root == nil)
        #expect(diagnostics.map(\.code) == [.unsupportedConstruct])
        #expect(diagnostics.first?.location.range.start == at(2, 1))
        // The words fit a form and a formc-config.yaml alike.
        #expect(diagnostics.first?.message == "formc reads one YAML document from a file, and this is a second one")
        #expect(diagnostics.first?.help == ["remove this '---' line and what follows it, or put each form in a file of its own"])

        let explicit = readYAML("--- \na: 1\n...\n--- \nb: 2\n")
        #expect(explicit.diagnostics.map(\.code) == [.unsupportedConstruct])
        #expect(explicit.diagnostics.first?.location.range.start == at(4, 1))
    }

    @Test func aSyntaxErrorInALaterDocumentIsStillReported() {
        let (_, diagnostics) = readYAML("a: 1\n---\nb: [1, 2\n")
        #expect(diagnostics.map(\.code) == [.unsupportedConstruct, .syntaxError])
    }

    @Test(arguments: [
        ("", "the file is empty"), ("# only a comment\n", "the file holds only comments"),
        ("\n\n   \n", "the file is empty"), ("\n  # a form soon\r\n\n", "the file holds only comments"),
        ("\u{FEFF}\n", "the file is empty"), ("\u{85}\u{2028}\n", "the file is empty"), ("\u{FEFF}# a form soon\n", "the file holds only comments"),
    ])
    func anEmptyStreamIsAMissingForm(text: String, message: String) throws {
        let (root, diagnostics) = readYAML(text)
        #expect(root == nil)
        let empty = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(empty.code == .missingKey)
        #expect(empty.message == message)
        #expect(empty.location.range.start == at(1, 1))
        #expect(empty.help.contains { $0.contains("'formc'") && $0.contains("'elements'") })
    }

    @Test func libyamlErrorsAreLocatedWithTheirContext() throws {
        let (root, diagnostics) = readYAML("a:\n  b: 1\n c: 2\n")
        #expect(root == nil)
        let error = try #require(diagnostics.first)
        #expect(error.code == .syntaxError)
        #expect(error.message == "while parsing a block mapping: did not find expected key")
        #expect(error.location.range.start == at(3, 2))
        #expect(error.notes.first?.message == "the block mapping started here")
        #expect(error.notes.first?.location?.range.start == at(1, 1))
    }

    /// An error at a character covers it; one at the end of the file, or of a line,
    /// is a point there, never a column past the line.
    @Test(arguments: [
        ("a: [", at(1, 5), at(1, 5)),
        ("a: [\n", at(2, 1), at(2, 1)),
        ("a:\n  b: 1\n c: 2\n", at(3, 2), at(3, 3)),
    ])
    func aSyntaxErrorsRangeStaysOnItsLine(_ text: String, _ start: SourcePosition, _ end: SourcePosition) throws {
        let error = try #require(readYAML(text).diagnostics.first)
        #expect(error.code == .syntaxError)
        #expect(error.location.range.start == start)
        #expect(error.location.range.end == end)
    }

    @Test func aTabIndentGetsAHint() throws {
        let (_, diagnostics) = readYAML("a:\n\tb: 1\n")
        let error = try #require(diagnostics.first)
        #expect(error.code == .syntaxError)
        #expect(error.location.range.start == at(2, 1))
        #expect(error.help.contains { $0.contains("tabs") })
    }

    @Test func aKeyUnderAOneWordItemSaysHowToGiveTheItemKeys() throws {
        let rule = try #require(readYAML("rules:\n  - required\n    when: b\n").diagnostics.first)
        #expect(rule.code == .syntaxError)
        #expect(rule.location.range.start == at(3, 9))
        #expect(rule.help == ["'when' continues the value 'required' of line 2: a plain value goes on over the lines indented under it. To give that item keys, write it as a mapping: '- required: true' with 'when: …' under it"])

        // An option's title: the mapping an option is, with its value.
        let option = try #require(readYAML("options:\n  - us\n\n    title: United States\n").diagnostics.first)
        #expect(option.help == ["'title' continues the value 'us' of line 2: a plain value goes on over the lines indented under it. To give that item keys, write it as a mapping: '- value: us' with 'title: …' under it"])
    }

    @Test func aKeyIndentedUnderAKeysValueSaysToLineItUp() throws {
        let error = try #require(readYAML("- textField: t\n  title: Hello\n    when: b\n").diagnostics.first)
        #expect(error.location.range.start == at(3, 9))
        #expect(error.help == ["'when' is indented under 'title' of line 2, so YAML reads it as more of that value; indent 'when' as 'title' is to make it a key beside it"])
    }

    /// libyaml's common errors say what to write.
    @Test(arguments: [
        ("title: 'Don't share'\nb: 1\n", "an apostrophe inside single quotes ends the value: write it twice ('Don''t'), or quote the value with double quotes"),
        ("title: \"abc\nb: 1\n", "close the quote where the value ends; inside single quotes, write an apostrophe twice ('it''s')"),
        ("options: [a, b\nb: 1\n", "separate the list's items with ',' and close it with ']'"),
        ("title: {a: 1\nb: 1\n", "separate the mapping's entries with ',' and close it with '}'"),
        ("title: %Plan\n", "'%' at the start of a value begins a YAML directive; quote the value"),
        ("title: *New* this week\n", "'*' at the start of a value refers to an anchor in YAML; quote the value"),
        (#"pattern: ".*\d+""# + "\n", #"in double quotes a backslash starts an escape: write the value in single quotes, where a backslash is itself ('.*\d+'), or write each backslash twice"#),
    ])
    func commonSyntaxErrorsSayWhatToWrite(_ text: String, _ help: String) throws {
        let error = try #require(readYAML(text).diagnostics.first)
        #expect(error.code == .syntaxError)
        #expect(error.help == [help])
    }

    @Test func aColonInsideAValueSaysToQuoteIt() throws {
        for text in ["title: Note: hi\n", "- textField: t\n  title: Note: hi\n"] {
            let error = try #require(readYAML(text).diagnostics.first, "\(text)")
            #expect(error.help == ["a value that contains ': ' must be quoted"], "\(text)")
        }
    }

    /// The entry is dropped and the tree read on.
    @Test func complexKeysAreUnsupported() throws {
        let (root, diagnostics) = readYAML("? [a, b]\n: 1\nc: 2\n")
        let node = try #require(root)
        #expect(readerSketch(node) == "{c: 2}")
        let error = try #require(diagnostics.first)
        #expect(error.code == .unsupportedConstruct)
        #expect(error.location.range.start == at(1, 3))
        #expect(error.message.contains("mapping key"))
    }

    /// FC003, and the mapping is read as YAML's merge makes it: the keys it has
    /// come first, then each merged mapping's keys it has not (the first mapping
    /// of a list wins), at the ranges where they were written.
    @Test func mergeKeysAreUnsupportedButAQuotedLessLessIsAKey() throws {
        let (root, diagnostics) = readYAML("base: &b {x: 1, y: 0}\nitem:\n  <<: *b\n  y: 2\n")
        let node = try #require(root)
        #expect(readerSketch(node) == "{base: {x: 1, y: 0}, item: {y: 2, x: 1}}")
        #expect(node["item"]?["x"]?.range == node["base"]?["x"]?.range)
        let list = readYAML("a: &a {x: 1}\nb: &b {x: 2, z: 3}\nitem:\n  <<: [*a, *b, {w: 4}]\n  <<: {v: 5}\n")
        #expect(list.node.map(readerSketch) == "{a: {x: 1}, b: {x: 2, z: 3}, item: {x: 1, z: 3, w: 4, v: 5}}")
        #expect(list.diagnostics.map(\.code) == [.unsupportedConstruct, .unsupportedConstruct])
        #expect(diagnostics.count == 1)
        let error = try #require(diagnostics.first)
        #expect(error.code == .unsupportedConstruct)
        #expect(error.location.range == span(3, 3, 3, 5))
        #expect(error.message.contains("merge keys"))
        #expect(error.help.contains { $0.contains("write the keys out") })

        let quoted = readYAML("'<<': 1\n")
        #expect(quoted.diagnostics.isEmpty)
        #expect(quoted.node?["<<"]?.scalar?.text == "1")
    }
}

@Suite struct YAMLReaderAliasTests {
    @Test func aliasesYieldTheAnchoredNode() throws {
        let (root, diagnostics) = readYAML("""
            defaults: &d {secure: true, rules: [required]}
            name: &n Ada
            a: *d
            b: [*n, *d]
            """)
        #expect(diagnostics.isEmpty)
        let node = try #require(root)
        #expect(readerSketch(try #require(node["a"])) == "{secure: true, rules: [required]}")
        #expect(readerSketch(try #require(node["b"])) == "[Ada, {secure: true, rules: [required]}]")
        // The copy is located at the alias; what is inside it, where it was written.
        #expect(node["a"]?.range == span(3, 4, 3, 6))
        #expect(node["a"]?["rules"]?.range == node["defaults"]?["rules"]?.range)
    }

    @Test func anUnknownAliasIsASyntaxError() throws {
        let (root, diagnostics) = readYAML("a: 1\nb: *nope\n")
        #expect(root == nil)
        let error = try #require(diagnostics.first)
        #expect(error.code == .syntaxError)
        #expect(error.message == "unknown alias '*nope'")
        #expect(error.location.range == span(2, 4, 2, 9))
    }

    @Test func aRecursiveAliasIsUnsupported() {
        let (root, diagnostics) = readYAML("a: &r [1, *r]\n")
        #expect(root == nil)
        #expect(diagnostics.map(\.code) == [.unsupportedConstruct])
    }

    @Test func billionLaughsIsRejectedAsALimit() throws {
        var lines = ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i"]
        for (previous, name) in zip(names, names.dropFirst()) {
            lines.append("\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]")
        }
        let clock = ContinuousClock()
        var result: (node: TreeNode?, diagnostics: [Diagnostic]) = (nil, [])
        let elapsed = clock.measure { result = readYAML(lines.joined(separator: "\n")) }
        #expect(result.node == nil)
        #expect(result.diagnostics.map(\.code) == [.limitExceeded])
        #expect(elapsed < .seconds(1))
    }

    /// Written: the root, `a`, the list and its 9 items, `b` and its list (14).
    /// Each `*x` expands to 10 nodes, so 12 aliases make 134 ≤ 140 and 13 make 144.
    private func expansionDocument(aliases: Int) -> String {
        "a: &x [1, 2, 3, 4, 5, 6, 7, 8, 9]\nb: [" + Array(repeating: "*x", count: aliases).joined(separator: ", ") + "]\n"
    }

    @Test func aliasesUpToTheFactorPass() {
        let (root, diagnostics) = readYAML(expansionDocument(aliases: 12))
        #expect(diagnostics.isEmpty)
        #expect(root?["b"]?.sequence?.count == 12)
    }

    @Test func theAliasThatCrossesTheFactorIsReported() throws {
        let (root, diagnostics) = readYAML(expansionDocument(aliases: 13))
        #expect(root == nil)
        let error = try #require(diagnostics.first)
        #expect(error.code == .limitExceeded)
        // `b: [` then "*x, " per alias: the 13th starts at column 5 + 4 × 12.
        #expect(error.location.range == span(2, 53, 2, 55))
    }

    @Test func anAliasUsedEarlyInALargeFormPasses() {
        // The limit holds against the whole file, not the nodes read so far: after
        // `early`, 65 expanded nodes stand against 5 written ones, but the file as a
        // whole writes 45 nodes, and 65 ≤ 10 × 45.
        var text = "s: &s x\nearly: [" + Array(repeating: "*s", count: 60).joined(separator: ", ") + "]\n"
        for index in 0..<20 { text += "k\(index): v\n" }
        let (root, diagnostics) = readYAML(text)
        #expect(diagnostics.isEmpty)
        #expect(root?["early"]?.sequence?.count == 60)
    }
}

@Suite struct YAMLReaderDepthTests {
    @Test func oneHundredNestedLevelsAreALimit() throws {
        let text = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        let (root, diagnostics) = readYAML(text)
        #expect(root == nil)
        let error = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(error.code == .limitExceeded)
        #expect(error.location.range.start == at(1, 65))
    }

    @Test func theDepthLimitIsInclusive() {
        let limit = CompilerLimits.default.maxDepth
        let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(readYAML(deepest).diagnostics.isEmpty)
    }

    @Test func blockNestingIsLimitedToo() throws {
        var limits = CompilerLimits()
        limits.maxDepth = 3
        let (root, diagnostics) = readYAML("a:\n  b:\n    c:\n      d: 1\n", limits: limits)
        #expect(root == nil)
        let error = try #require(diagnostics.first)
        #expect(error.code == .limitExceeded)
        #expect(error.location.range.start == at(4, 7))
        #expect(readYAML("a:\n  b:\n    c: 1\n", limits: limits).diagnostics.isEmpty)
    }

    @Test func hugeNestingStopsAtTheLimitQuickly() {
        let text = String(repeating: "- ", count: 50_000) + "x"
        let (root, diagnostics) = readYAML(text)
        #expect(root == nil)
        #expect(diagnostics.map(\.code) == [.limitExceeded])
    }
}

@Suite struct LibYAMLFloorTests {
    @Test func countsEventsAndRejectsWhatLibyamlRejects() {
        // Stream, document, mapping start; two scalars; mapping, document, stream end.
        #expect(LibYAMLFloor.parseEventCount(Array("a: 1".utf8)) == 8)
        #expect(LibYAMLFloor.parseEventCount([]) == 2)
        #expect(LibYAMLFloor.parseEventCount(Array("a: [1".utf8)) == nil)
    }
}
