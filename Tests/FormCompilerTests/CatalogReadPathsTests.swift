@testable import FormLocalization
@testable import FormSource
@testable import FormText
import Foundation
import Testing

/// The catalog reader's short cuts give what reading in full gives: a value
/// copied from the file in Xcode's layout is what writing it gives, and a
/// deferred entry reads as the entry read at once.
@Suite struct CatalogReadPathsTests {
    /// `count` entries in Xcode's layout, with German translations; `entry`
    /// may change how one is written.
    static func catalog(_ count: Int, entry: (Int, String) -> String = { $1 }) -> String {
        let entries = (0..<count).map { index in
            entry(index, """
                "Form.field\(index).title" : {
                  "comment" : "Title of the field \(index), \\"quoted\\"\\nin two lines",
                  "extractionState" : "manual",
                  "localizations" : {
                    "de" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "Feld \(index) – Größe"
                      }
                    },
                    "en" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "Field \(index)"
                      }
                    }
                  }
                }
            """)
        }
        return "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n" + entries.joined(separator: ",\n")
            + "\n  },\n  \"version\" : \"1.0\"\n}"
    }

    static func file(_ text: String) -> SourceFile {
        SourceFile(path: "Localizable.xcstrings", text: text)
    }

    /// Every member's key, position and verbatim range, depth first.
    static func members(_ value: CatalogJSON) -> [String] {
        switch value {
        case .object(let members):
            members.flatMap { ["\($0.key)@\($0.line):\($0.column) \($0.verbatim.map { "\($0)" } ?? "-")"] + Self.members($0.value) }
        case .array(let items): items.flatMap(Self.members)
        case .string, .literal: []
        }
    }

    // MARK: Copying what is in Xcode's layout

    /// Variants of a catalog in Xcode's layout that differ from it in one place
    /// each (an escape Xcode does not write, another spacing or indentation),
    /// and whether the place is in an entry.
    static func variants(of xcode: String) -> [(text: String, inEntry: Bool)] {
        [
            (xcode, true),
            (xcode.replacingOccurrences(of: "\"Feld 1 – Größe\"", with: "\"Feld 1 \\u2013 Größe\""), true),
            (xcode.replacingOccurrences(of: "\"Field 2\"", with: "\"Field\\/2\""), true),
            (xcode.replacingOccurrences(of: "\"state\" : \"translated\",\n            \"value\" : \"Field 0\"", with: "\"state\":\"translated\",\n            \"value\" : \"Field 0\""), true),
            (xcode.replacingOccurrences(of: "\"extractionState\" : \"manual\",", with: "\"extractionState\" : \"manual\" ,"), true),
            (xcode.replacingOccurrences(of: "      \"comment\" : \"Title of the field 1", with: "\t\"comment\" : \"Title of the field 1"), true),
            (xcode.replacingOccurrences(of: "\"localizations\" : {", with: "\"localizations\" : {\n"), true),
            (xcode.replacingOccurrences(of: "\"Form.field1.title\" : {", with: "\"Form.field1.title\":{"), true),
            (xcode.replacingOccurrences(of: "\"Form.field2.title\"", with: "\"Form.field\\u0032.title\""), true),
            (xcode.replacingOccurrences(of: "\"version\" : \"1.0\"", with: "\"version\" : \"1.0\", \"x\" : { }, \"y\" : [ 1 ]"), false),
        ]
    }

    /// An entry the merge leaves alone keeps its bytes, key and value, whatever
    /// their layout: a catalog that differs from Xcode's layout only in its
    /// entries is written as it was read. Elsewhere the catalog is written as
    /// Xcode writes it, which is what copying gives for what is in its layout.
    @Test func anUnchangedEntryIsCopiedAsRead() throws {
        for (number, (text, inEntry)) in Self.variants(of: Self.catalog(3)).enumerated() {
            for deferringEntries in [false, true] {
                let (read, diagnostics) = Self.read(text, deferringEntries: deferringEntries)
                let catalog = try #require(read, "variant \(number): \(diagnostics.map(\.message))")
                let rendered = String(decoding: catalog.rendered(), as: UTF8.self)
                #expect((rendered == text) == inEntry, "variant \(number)")
                if !inEntry {
                    #expect(catalog.rendered() == StringCatalogFile(root: catalog.root).rendered(), "variant \(number)")
                }
            }
        }
        // The indentation before a key is the writer's: the entry starts at its key.
        let indented = Self.catalog(2).replacingOccurrences(of: "    \"Form.field1.title\" : {", with: "\t\"Form.field1.title\" : {")
        let (read, _) = Self.read(indented, deferringEntries: false)
        #expect(try #require(read).rendered() == Array(Self.catalog(2).utf8))
    }

    /// In an entry that changed, writing with the copies gives the bytes that
    /// writing every value gives, for a catalog in Xcode's layout and for ones
    /// that differ from it in one place each; what is in Xcode's layout is copied.
    @Test func aValueInAChangedEntryIsCopiedOnlyWhenWritingItGivesTheSameBytes() throws {
        for (number, (text, _)) in Self.variants(of: Self.catalog(3)).enumerated() {
            var diagnostics = DiagnosticBag(file: "Localizable.xcstrings")
            var read = try #require(StringCatalogFile.read(Self.file(text), diagnostics: &diagnostics))
            read.root.update("strings") { strings in
                guard case .object(var entries) = strings else { return }
                for index in entries.indices { entries[index].value.set("shouldTranslate", .literal("true")) }
                strings = .object(entries)
            }
            let written = StringCatalogFile(root: read.root).rendered()
            #expect(read.rendered() == written, "variant \(number)")
            let copied = Self.members(read.root).filter { !$0.hasSuffix(" -") }.count
            #expect(copied > 0, "variant \(number)")
        }
    }

    @Test func aChangedValueIsWrittenAfresh() throws {
        var diagnostics = DiagnosticBag(file: "Localizable.xcstrings")
        var catalog = try #require(StringCatalogFile.read(Self.file(Self.catalog(2)), diagnostics: &diagnostics))
        guard case .object(var root) = catalog.root, case .object(var entries) = root[1].value else {
            Issue.record("not a catalog")
            return
        }
        #expect(entries[0].verbatim != nil)
        entries[0].value.set("comment", .string("Changed"))
        #expect(entries[0].verbatim == nil && entries[1].verbatim != nil)
        root[1].value = .object(entries)
        catalog.root = .object(root)
        let text = String(decoding: catalog.rendered(), as: UTF8.self)
        #expect(text.contains("\"comment\" : \"Changed\""))
        #expect(text == String(decoding: StringCatalogFile(root: catalog.root).rendered(), as: UTF8.self))
    }

    /// An entry read from one catalog and put into another is written as it
    /// is, not copied from the other file's bytes at its place.
    @Test func aValueFromAnotherReadIsWrittenAfresh() throws {
        var diagnostics = DiagnosticBag(file: "Localizable.xcstrings")
        let source = Self.catalog(2).replacingOccurrences(of: "\"Field 0\"", with: "\"Xield 0\"")
        let donor = try #require(StringCatalogFile.read(Self.file(source), diagnostics: &diagnostics))
        var catalog = try #require(StringCatalogFile.read(Self.file(Self.catalog(2)), diagnostics: &diagnostics))
        guard case .object(var root) = catalog.root, case .object(var entries) = root[1].value,
              let given = donor.entries.first else {
            Issue.record("not a catalog")
            return
        }
        #expect(given.verbatim != nil)
        entries[0] = given
        root[1] = CatalogMember(key: root[1].key, value: .object(entries))
        catalog.root = .object(root)
        let text = String(decoding: catalog.rendered(), as: UTF8.self)
        #expect(text.contains("Xield 0"))
        #expect(text == String(decoding: StringCatalogFile(root: catalog.root).rendered(), as: UTF8.self))
    }

    // MARK: Deferring entries

    static func read(_ text: String, deferringEntries: Bool) -> (StringCatalogFile?, [Diagnostic]) {
        var diagnostics = DiagnosticBag(file: "Localizable.xcstrings")
        let catalog = StringCatalogFile.read(Self.file(text), deferringEntries: deferringEntries, diagnostics: &diagnostics)
        return (catalog, diagnostics.diagnostics)
    }

    /// An entry in the shape formc writes is kept as its bytes; one that
    /// differs from it anywhere is read. Either way the catalog is the one read
    /// with no entry deferred: the same values, positions, and bytes written.
    @Test func anEntryIsDeferredOnlyInTheShapeFormcWrites() throws {
        let xcode = Self.catalog(4)
        let variants: [(String, [Bool])] = [
            (xcode, [true, true, true, true]),
            (xcode.replacingOccurrences(of: "\"Feld 1 – Größe\"", with: "\"Feld 1 \\u2013 Größe\""), [true, false, true, true]),
            (xcode.replacingOccurrences(of: "\"Field 2\"", with: "\"Field\\/2\""), [true, true, false, true]),
            (xcode.replacingOccurrences(of: "\"Field 3\"", with: "\"Field\\u0001 3\\u001f\""), [true, true, true, true]),
            (xcode.replacingOccurrences(of: "\"Field 3\"", with: "\"Field\\u000a3\""), [true, true, true, false]),
            (xcode.replacingOccurrences(of: "\"extractionState\" : \"manual\",", with: "\"extractionState\" : \"manual\" ,"), [false, false, false, false]),
            (xcode.replacingOccurrences(of: "      \"comment\" : \"Title of the field 1", with: "\t\"comment\" : \"Title of the field 1"), [true, false, true, true]),
            (xcode.replacingOccurrences(of: "\"Form.field0.title\" : {", with: "\"Form.field0.title\" :  {"), [false, true, true, true]),
            (xcode.replacingOccurrences(of: "\"state\" : \"translated\",\n            \"value\" : \"Field 2\"",
                                        with: "\"state\" : \"translated\",\n            \"value\" : \"Field 2\",\n            \"x\" : 1"), [true, true, false, true]),
            (xcode.replacingOccurrences(of: "\"comment\" : \"Title of the field 3, \\\"quoted\\\"\\nin two lines\",\n      ", with: ""), [true, true, true, true]),
            (xcode.replacingOccurrences(of: "\"extractionState\" : \"manual\",\n", with: "\"shouldTranslate\" : false,\n"), [false, false, false, false]),
        ]
        for (number, (text, deferred)) in variants.enumerated() {
            let (read, diagnostics) = Self.read(text, deferringEntries: false)
            let (deferring, deferringDiagnostics) = Self.read(text, deferringEntries: true)
            let one = try #require(read, "variant \(number): \(diagnostics.map(\.message))")
            let other = try #require(deferring, "variant \(number): \(deferringDiagnostics.map(\.message))")
            #expect(other.entries.map(\.isDeferred) == deferred, "variant \(number)")
            #expect(one.entries.allSatisfy { !$0.isDeferred })
            #expect(one == other, "variant \(number)")
            #expect(Self.members(one.root) == Self.members(other.root), "variant \(number)")
            #expect(one.rendered() == other.rendered(), "variant \(number)")
        }
    }

    /// The shape takes every escape the writer writes (its escape set is
    /// written out twice: in `StringCatalogFile.escape` and in the shape), so
    /// an entry formc wrote is always deferred: each control character, the
    /// quote and the backslash, in a value written by `StringCatalogFile`.
    @Test func everyEscapeTheWriterWritesIsInTheShape() throws {
        let texts = (UInt8(0)..<0x20).map { "a" + String(UnicodeScalar($0)) + "b" } + ["\"q\"", "back\\slash"]
        let entries = texts.enumerated().map { index, text in
            CatalogMember(key: "k\(index)", value: .object([
                CatalogMember(key: "comment", value: .string(text)),
                CatalogMember(key: "localizations", value: .object([
                    CatalogMember(key: "en", value: .object([
                        CatalogMember(key: "stringUnit", value: .object([
                            CatalogMember(key: "state", value: .string("translated")),
                            CatalogMember(key: "value", value: .string(text)),
                        ])),
                    ])),
                ])),
            ]))
        }
        var written = StringCatalogFile(sourceLanguage: "en")
        written.root.set("strings", .object(entries))
        let text = String(decoding: written.rendered(), as: UTF8.self)
        let (read, diagnostics) = Self.read(text, deferringEntries: true)
        let catalog = try #require(read, "\(diagnostics.map(\.message))")
        #expect(catalog.entries.count == texts.count)
        #expect(catalog.entries.allSatisfy { $0.isDeferred })
        #expect(Self.read(text, deferringEntries: false).0 == catalog)
        #expect(catalog.entries.map { $0.value["comment"]?.string } == texts)
        #expect(catalog.rendered() == written.rendered())
    }

    /// A language twice in an entry is not deferred: the catalog is not JSON
    /// with unique keys, FC603 at the second, as without deferring.
    @Test func aDuplicateLanguageIsFC603WhenDeferring() {
        let text = Self.catalog(3) { index, entry in index == 1 ? entry.replacingOccurrences(of: "\"en\" : {", with: "\"de\" : {") : entry }
        for deferringEntries in [false, true] {
            let (catalog, diagnostics) = Self.read(text, deferringEntries: deferringEntries)
            #expect(catalog == nil)
            #expect(diagnostics.map(\.code) == [.invalidCatalog])
            #expect(diagnostics.first?.location.range.start.line == 14 + 18)
        }
    }

    /// Language tags that are one text in two spellings (é composed and
    /// decomposed) are one key to the reader, which compares keys as `String`s,
    /// but two byte strings: such an entry is never deferred, and the catalog
    /// reads, and merges whether its strings change or are gone, alike both ways.
    @Test(arguments: [2, 9])
    func canonicallyEqualLanguagesReadAlikeBothWays(languages: Int) throws {
        let unit = { (tag: String) in
            "        \"\(tag)\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"x\"\n          }\n        }"
        }
        let tags = ["\u{E9}", "e\u{301}"] + (2..<languages).map { "l\($0)" }
        let text = Self.catalog(2) { index, entry in
            index == 1 ? entry : entry.replacingOccurrences(
                of: "      \"localizations\" : {\n", with: "      \"localizations\" : {\n" + tags.map(unit).joined(separator: ",\n") + ",\n"
            )
        }
        #expect(text.utf8.contains(0xCC))
        let (eager, eagerDiagnostics) = Self.read(text, deferringEntries: false)
        let (deferred, deferredDiagnostics) = Self.read(text, deferringEntries: true)
        #expect(eagerDiagnostics.map(\.message) == deferredDiagnostics.map(\.message))
        #expect(eagerDiagnostics.map(\.location) == deferredDiagnostics.map(\.location))
        #expect((eager == nil) == (deferred == nil))
        guard let eager, let deferred else { return }
        #expect(deferred.entries.first?.isDeferred == false)
        #expect(eager == deferred)
        let range = SourceRange(at: SourcePosition(line: 1, column: 1))
        for strings in [[LocalizableString(key: "Form.field0.title", source: "Field zero", comment: "Changed", range: range)], []] {
            let one = CatalogMerge.merge(strings, forms: ["Form"], into: eager, sourceLanguage: "en").rendered()
            let other = CatalogMerge.merge(strings, forms: ["Form"], into: deferred, sourceLanguage: "en").rendered()
            #expect(one == other)
        }
    }

    /// A deferred entry changed is read from its bytes and written afresh;
    /// the others are still copied.
    @Test func aChangedDeferredEntryIsReadAndWrittenAfresh() throws {
        let (read, _) = Self.read(Self.catalog(3), deferringEntries: true)
        var catalog = try #require(read)
        guard case .object(var root) = catalog.root, case .object(var entries) = root[1].value else {
            Issue.record("not a catalog")
            return
        }
        #expect(entries.allSatisfy { $0.isDeferred })
        entries[1].value.update("localizations") { $0.set("fr", .object([])) }
        #expect(!entries[1].isDeferred && entries[1].verbatim == nil)
        #expect(entries[1].value["comment"]?.string == "Title of the field 1, \"quoted\"\nin two lines")
        #expect(entries[1].value["localizations"]?.members?.map(\.key) == ["de", "en", "fr"])
        #expect(entries[1].value["localizations"]?.members?.map(\.line) == [8 + 18, 14 + 18, 0])
        #expect(entries[0].isDeferred && entries[2].isDeferred)
        root[1].value = .object(entries)
        catalog.root = .object(root)
        let text = String(decoding: catalog.rendered(), as: UTF8.self)
        #expect(text == String(decoding: StringCatalogFile(root: catalog.root).rendered(), as: UTF8.self))
        #expect(text.contains("\"fr\" : {\n\n        }"))
    }

    /// Damage anywhere (a byte changed, a line dropped or doubled, an entry
    /// given another's key) gives the same catalog or the same FC603 whether
    /// entries are deferred or not.
    @Test func deferringAgreesOnDamagedCatalogs() throws {
        let lines = Self.catalog(20).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var generator = CatalogMergeOrderTests.Generator(state: 7)
        for round in 0..<120 {
            let text = Self.damaged(lines, round: round, near: Int.random(in: 0..<lines.count, using: &generator), using: &generator)
            let (one, diagnostics) = Self.read(text, deferringEntries: false)
            let (other, deferringDiagnostics) = Self.read(text, deferringEntries: true)
            #expect(diagnostics.map(\.message) == deferringDiagnostics.map(\.message), "round \(round)")
            #expect(diagnostics.map(\.location) == deferringDiagnostics.map(\.location), "round \(round)")
            #expect((one == nil) == (other == nil), "round \(round)")
            if let one, let other {
                #expect(one == other, "round \(round)")
                #expect(Self.members(one.root) == Self.members(other.root), "round \(round)")
                #expect(one.rendered() == other.rendered(), "round \(round)")
            }
        }
    }

    /// `lines` with one change near `line`, of a kind that `round` picks.
    static func damaged(_ lines: [String], round: Int, near line: Int, using generator: inout CatalogMergeOrderTests.Generator) -> String {
        let replacements = ["", "{", "}", ",", "\"", " ", "\n", "x", "[", "é", "\\", "\t"]
        var damaged = lines
        let line = min(max(line, 0), lines.count - 1)
        switch round % 4 {
        case 3:
            let keyLines = lines.indices.filter { lines[$0].hasPrefix("    \"Form.") }
            damaged[keyLines.min { abs($0 - line) < abs($1 - line) }!] = lines[keyLines.randomElement(using: &generator)!]
        case 0:
            damaged.remove(at: line)
        case 1:
            damaged.insert(damaged[line], at: line)
        default:
            var characters = Array(damaged[line])
            let at = Int.random(in: 0...characters.count, using: &generator)
            let replacement = replacements.randomElement(using: &generator)!
            if at < characters.count { characters.remove(at: at) }
            characters.insert(contentsOf: replacement, at: min(at, characters.count))
            damaged[line] = String(characters)
        }
        return damaged.joined(separator: "\n")
    }

    // MARK: Large catalogs

    /// A large catalog reports each problem at its line, in the file's order.
    @Test(arguments: [false, true])
    func aLargeCatalogsProblemsComeInOrder(deferringEntries: Bool) throws {
        let text = Self.catalog(2_400) { index, entry in
            [100, 2_300].contains(index) ? entry.replacingOccurrences(of: "\"comment\" : \"Title", with: "\"comment\" : 1, \"x\" : \"Title") : entry
        }
        let file = Self.file(text)
        var diagnostics = DiagnosticBag(file: file.path)
        #expect(StringCatalogFile.read(file, deferringEntries: deferringEntries, diagnostics: &diagnostics) == nil)
        #expect(diagnostics.diagnostics.map(\.code) == [.invalidCatalog, .invalidCatalog])
        #expect(diagnostics.diagnostics.map(\.location.range.start.line) == [5 + 18 * 100, 5 + 18 * 2_300])
        #expect(diagnostics.diagnostics.first?.message.contains("Form.field100.title") == true)
    }

    /// A lone surrogate escape near the end of a large catalog is FC603 at the escape.
    @Test(arguments: [false, true])
    func aLoneSurrogateInALargeCatalogIsFC603(deferringEntries: Bool) throws {
        let text = Self.catalog(2_400) { index, entry in
            index == 2_300 ? entry.replacingOccurrences(of: "\"Field 2300\"", with: "\"Field \\udfff 2300\"") : entry
        }
        let file = Self.file(text)
        var diagnostics = DiagnosticBag(file: file.path)
        #expect(StringCatalogFile.read(file, deferringEntries: deferringEntries, diagnostics: &diagnostics) == nil)
        #expect(diagnostics.diagnostics.map(\.code) == [.invalidCatalog])
        #expect(diagnostics.diagnostics.first?.location.range.start == SourcePosition(line: 17 + 18 * 2_300, column: 30))
    }
}
