import BenchmarkSupport
import FormCompiler
import FormLocalization
@testable import FormModel
import FormSource
import FormText
import Testing

/// The catalogs of the `formc strings` figure (issue 33): every key in four
/// languages, and that catalog before the form changed, which the timed merge
/// must rewrite.
struct BenchmarkCatalogTests {
    /// The strings of a benchmark form of 20 fields in one group.
    static func strings() throws -> [LocalizableString] {
        let file = SourceFile(path: "bench.form.yaml", text: BenchmarkForm(fieldsInOneGroup: 20).yaml())
        let document = try #require(FormPipeline.check(file).checked?.document)
        var bag = DiagnosticBag(file: file.path)
        let strings = FormStrings.strings(of: document, diagnostics: &bag)
        #expect(bag.diagnostics.isEmpty)
        return strings
    }

    static func languages(_ entry: CatalogJSON?) -> [String] {
        entry?["localizations"]?.members?.map(\.key) ?? []
    }

    static func state(_ entry: CatalogJSON?, _ language: String) -> String? {
        entry?["localizations"]?[language]?["stringUnit"]?["state"]?.string
    }

    @Test func everyKeyHasTheSourceAndThreeTranslations() throws {
        let strings = try Self.strings()
        let catalog = BenchmarkCatalog.translated(strings)
        #expect(catalog.entries.count == Set(strings.map(\.key)).count)
        #expect(catalog.entries.count > 50)
        for string in strings {
            let entry = catalog.entry(string.key)
            #expect(Self.languages(entry) == ["de", "en", "fr", "ja"], "\(string.key)")
            #expect(entry?["localizations"]?["en"]?["stringUnit"]?["value"]?.string == string.source)
            #expect(entry?["localizations"]?["ja"]?["stringUnit"]?["value"]?.string == "[ja] " + string.source)
            #expect(Self.state(entry, "fr") == "translated")
        }
        // Written as the merge writes a new catalog: the same keys in the same order,
        // the same entries but for the translations.
        let fresh = CatalogMerge.merge(strings, forms: ["BenchmarkForm"], into: nil, sourceLanguage: "en")
        #expect(catalog.entries.map(\.key) == fresh.entries.map(\.key))
        #expect(catalog.entries.map { $0.value["comment"] } == fresh.entries.map { $0.value["comment"] })
        #expect(catalog.entries.map { $0.value["localizations"]?["en"] } == fresh.entries.map { $0.value["localizations"]?["en"] })
        // What formc strings would write is up to date: merging the form again changes nothing.
        let again = CatalogMerge.merge(strings, forms: ["BenchmarkForm"], into: catalog, sourceLanguage: "en")
        #expect(again.rendered() == catalog.rendered())
        // And it reads back as a valid catalog.
        var bag = DiagnosticBag(file: "c.xcstrings")
        #expect(StringCatalogFile.read(SourceFile(path: "c.xcstrings", bytes: catalog.rendered()), diagnostics: &bag) != nil)
        #expect(bag.diagnostics.isEmpty)
    }

    @Test func theOutdatedCatalogLacksChangesAndHasOldKeys() throws {
        let strings = try Self.strings()
        let current = BenchmarkCatalog.translated(strings)
        let outdated = BenchmarkCatalog.outdated(current, every: 10)
        let keys = current.entries.map(\.key)
        #expect(outdated.missing == stride(from: 0, to: keys.count, by: 10).map { keys[$0] })
        #expect(outdated.changed == stride(from: 5, to: keys.count, by: 10).map { keys[$0] })
        #expect(outdated.removed.count == keys.count / 10)
        #expect(Set(outdated.missing).isDisjoint(with: outdated.changed))
        #expect(outdated.catalog.entries.count == keys.count - outdated.missing.count + outdated.removed.count)
        for key in outdated.changed {
            let source = current.entry(key)?["localizations"]?["en"]?["stringUnit"]?["value"]?.string ?? ""
            #expect(outdated.catalog.entry(key)?["localizations"]?["en"]?["stringUnit"]?["value"]?.string == source + " (old)")
        }
        // It is a catalog formc reads.
        var bag = DiagnosticBag(file: "c.xcstrings")
        #expect(StringCatalogFile.read(SourceFile(path: "c.xcstrings", bytes: outdated.catalog.rendered()), diagnostics: &bag) != nil)
    }

    /// The timed merge does work of each kind: adds, updates and marks.
    @Test func mergingTheFormIntoTheOutdatedCatalogWritesEveryKindOfChange() throws {
        let strings = try Self.strings()
        let outdated = BenchmarkCatalog.outdated(BenchmarkCatalog.translated(strings))
        let merged = CatalogMerge.merge(strings, forms: ["BenchmarkForm"], into: outdated.catalog, sourceLanguage: "en")
        #expect(merged.rendered() != outdated.catalog.rendered())
        for key in outdated.missing {
            #expect(Self.languages(merged.entry(key)) == ["en"], "\(key) is added with its source text alone")
        }
        for key in outdated.changed {
            #expect(Self.state(merged.entry(key), "de") == "needs_review")
            #expect(Self.state(merged.entry(key), "en") == "translated")
        }
        for key in outdated.removed {
            #expect(merged.entry(key)?["extractionState"]?.string == "stale")
        }
        #expect(merged.entries.count == Set(strings.map(\.key)).count + outdated.removed.count)

        // What the benchmark checks of formc strings' output: this merge passes,
        // the catalog before it and the up-to-date one do not.
        let keys = Set(strings.map(\.key)).count
        #expect(BenchmarkCatalog.problem(merged: merged.rendered(), outdated: outdated, keys: keys) == nil)
        #expect(BenchmarkCatalog.problem(merged: outdated.catalog.rendered(), outdated: outdated, keys: keys) != nil)
        #expect(BenchmarkCatalog.problem(merged: BenchmarkCatalog.translated(strings).rendered(), outdated: outdated, keys: keys) != nil)
    }
}
