@testable import FormModel
@testable import FormSource
@testable import FormSyntax
import Testing

@Suite struct KeySchemaTests {
    /// The decoder finds an element's kind by `KeySchema.kindKeywords`, the model
    /// names kinds by `ElementKind.keywords`; a kind added to one list only fails here.
    @Test func kindKeywordsAreTheElementKinds() {
        #expect(KeySchema.kindKeywords.map(\.description) == ElementKind.keywords)
        #expect(Set(KeySchema.kindKeys.keys) == Set(ElementKind.keywords))
    }

    /// The same for rule names: the decoder's byte-comparable copy of `RuleKind.names`.
    @Test func ruleNamesAreTheRuleKinds() {
        #expect(RuleDecoder.names.map(\.description) == RuleKind.names)
    }
}

@Suite struct KeyedMappingTests {
    /// The mapping of a YAML document's root, with every key allowed.
    private func mapping(_ yaml: String, allowed: [StaticString]) -> (KeyedMapping, SyntaxTree, [Diagnostic]) {
        let file = SourceFile(path: "test.form.yaml", text: yaml)
        var diagnostics = DiagnosticBag(file: file.path)
        let tree = YAMLReader.read(file, limits: .default, diagnostics: &diagnostics)!
        let keys = KeyedMapping(tree.root, in: tree, allowed: allowed, context: "the test", diagnostics: &diagnostics)
        return (keys, tree, diagnostics.diagnostics)
    }

    /// Each key finds its own value, however the keys' bits fall: `rules` and
    /// `default` share a `keyBit` (five and seven bytes, `r` and `d`), `title` and
    /// `label` do not; `image`, `value` are absent.
    @Test func findsEveryKeyPresent() {
        let (keys, tree, diagnostics) = mapping(
            "default: 1\ntitle: 2\nrules: 3\nlabel: 4\n", allowed: ["default", "title", "rules", "label", "image", "value"]
        )
        #expect(SyntaxTree.keyBit("rules") == SyntaxTree.keyBit("default"))
        #expect(diagnostics.isEmpty)
        #expect(keys["default"].flatMap(tree.text) == "1")
        #expect(keys["title"].flatMap(tree.text) == "2")
        #expect(keys["rules"].flatMap(tree.text) == "3")
        #expect(keys["label"].flatMap(tree.text) == "4")
        #expect(keys["image"] == nil)
        #expect(keys["value"] == nil)
        #expect(keys.keyRange("label")?.start.line == 4)
    }

    /// A key with the bit of a key present but other bytes is not found.
    @Test func sameBitOtherKeyIsAbsent() {
        let (keys, _, _) = mapping("title: 2\n", allowed: ["title"])
        #expect(SyntaxTree.keyBit("tuple") == SyntaxTree.keyBit("title"))
        #expect(keys["tuple"] == nil)
    }

    /// An unknown key is reported, and a lookup still finds it.
    @Test func unknownKeyIsReportedAndFound() {
        let (keys, tree, diagnostics) = mapping("title: 2\ncolour: red\n", allowed: ["title"])
        #expect(diagnostics.map(\.code) == [.unknownKey])
        #expect(keys["colour"].flatMap(tree.text) == "red")
    }

    /// Past `maxIndexed` entries the lookups scan; before it they use the positions.
    /// The keys' lengths differ, so their bits do (`keyBit` steps by 7 per byte).
    @Test func manyEntries() {
        for count in [KeyedMapping.maxIndexed - 1, KeyedMapping.maxIndexed, KeyedMapping.maxIndexed + 1, staticKeys.count] {
            let names = (0..<count).map { "k\(String(repeating: "x", count: $0))" }
            let yaml = names.enumerated().map { "\($1): \($0)" }.joined(separator: "\n")
            let file = SourceFile(path: "test.form.yaml", text: yaml)
            var diagnostics = DiagnosticBag(file: file.path)
            let tree = YAMLReader.read(file, limits: .default, diagnostics: &diagnostics)!
            let keys = KeyedMapping(tree.root, in: tree, allowed: [], context: "the test", diagnostics: &diagnostics)
            #expect(diagnostics.diagnostics.count == count)
            for (index, name) in names.enumerated() {
                #expect(staticKeys[index].description == name)
                #expect(keys[staticKeys[index]].flatMap(tree.text) == String(index), "\(count) entries, key \(name)")
            }
        }
    }

    /// `k`, `kx`, `kxx`… as static strings, for `manyEntries`.
    private let staticKeys: [StaticString] = [
        "k", "kx", "kxx", "kxxx", "kxxxx", "kxxxxx", "kxxxxxx", "kxxxxxxx", "kxxxxxxxx", "kxxxxxxxxx",
        "kxxxxxxxxxx", "kxxxxxxxxxxx", "kxxxxxxxxxxxx", "kxxxxxxxxxxxxx", "kxxxxxxxxxxxxxx", "kxxxxxxxxxxxxxxx",
        "kxxxxxxxxxxxxxxxx", "kxxxxxxxxxxxxxxxxx", "kxxxxxxxxxxxxxxxxxx", "kxxxxxxxxxxxxxxxxxxx",
    ]
}

@Suite struct ByteComparisonTests {
    /// `SyntaxTree.bytesEqual` reads short texts in overlapping loads (one byte,
    /// four or eight at a time, by length); a load that missed a byte would take
    /// texts that differ only there for equal, and one that strayed outside the
    /// text would see a byte before or after it. Every length to 40 (past each of
    /// the cases, into `memcmp`), at every start from 1 to 8 in both buffers (so
    /// every alignment of the loads), with one byte changed at each position in
    /// turn and with none changed; the bytes just before and just after the text
    /// differ between the buffers, so a load outside the text makes equal texts
    /// compare unequal.
    @Test func everyDifferingByteIsSeenAtEveryLength() {
        let base = (0..<64).map { UInt8(ascii: "a") + UInt8($0 % 26) }
        func equal(_ a: [UInt8], at aStart: Int, _ b: [UInt8], at bStart: Int, count: Int) -> Bool {
            a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { b in
                    SyntaxTree.bytesEqual(a.baseAddress! + aStart, b.baseAddress! + bStart, count: count)
                }
            }
        }
        for count in 0...40 {
            for aStart in 1..<9 {
                for bStart in 1..<9 {
                    // The same text at other starts: the bytes around it differ.
                    var a = [UInt8](repeating: 0x01, count: 64)
                    var b = [UInt8](repeating: 0x02, count: 64)
                    a.replaceSubrange(aStart..<aStart + count, with: base[0..<count])
                    b.replaceSubrange(bStart..<bStart + count, with: base[0..<count])
                    #expect(equal(a, at: aStart, b, at: bStart, count: count), "length \(count), starts \(aStart), \(bStart)")
                    for position in 0..<count {
                        var changed = b
                        changed[bStart + position] ^= 0x20
                        #expect(
                            !equal(a, at: aStart, changed, at: bStart, count: count),
                            "length \(count), starts \(aStart), \(bStart), byte \(position)"
                        )
                    }
                }
            }
        }
    }

    /// `textEquals` on the tree and `equals` on bytes agree with `String` equality for keys of every length a form uses and past it:
    /// equal, one byte different at the start, middle and end, and one byte longer
    /// or shorter.
    @Test func textEqualsAgreesWithStringEquality() {
        let names: [StaticString] = [
            "", "a", "ab", "abc", "abcd", "title", "layout", "default", "abcdefgh", "visibleWhen", "placeholder",
            "abcdefghijklmnop", "abcdefghijklmnopq", "autocapitalization", "a key of more than thirty-two bytes",
        ]
        var texts: [String] = []
        for name in names.map(\.description) {
            texts.append(name)
            texts.append(name + "x")
            if !name.isEmpty {
                texts.append(String(name.dropLast()))
                for position in Set([0, name.count / 2, name.count - 1]) {
                    var bytes = Array(name.utf8)
                    bytes[position] = bytes[position] == UInt8(ascii: "Z") ? UInt8(ascii: "Y") : UInt8(ascii: "Z")
                    texts.append(String(decoding: bytes, as: UTF8.self))
                }
            }
        }
        let yaml = texts.map { "- '\($0)'" }.joined(separator: "\n")
        let file = SourceFile(path: "test.form.yaml", text: yaml)
        var diagnostics = DiagnosticBag(file: file.path)
        let tree = YAMLReader.read(file, limits: .default, diagnostics: &diagnostics)!
        let items = Array(tree.items(tree.root))
        #expect(items.count == texts.count)
        for (item, text) in zip(items, texts) {
            for name in names {
                let expected = text == name.description
                #expect(tree.textEquals(item, name) == expected, "'\(text)' against '\(name)'")
                #expect(tree.withText(item) { SyntaxTree.equals($0, name) } == expected, "'\(text)' against '\(name)'")
            }
        }
    }
}
