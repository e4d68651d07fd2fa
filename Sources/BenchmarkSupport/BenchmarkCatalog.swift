import FormLocalization
import FormText

/// The String Catalogs of the `formc strings` figure: the benchmark
/// form's strings with three translations each, and that catalog as it was
/// before the form last changed, for the timed merge to bring up to date.
package enum BenchmarkCatalog {
    package static let sourceLanguage = "en"
    /// The other languages, each with a translation of every key. Xcode's order
    /// puts `en` between `de` and `fr`.
    package static let translations = ["de", "fr", "ja"]

    /// `strings` as `formc strings` writes them into a new catalog (keys in
    /// Xcode's order, each with its comment and source text), with a
    /// `translated` string unit in each of `translations` for every key. Written
    /// directly: the merge takes minutes for the benchmark form's keys.
    package static func translated(_ strings: [LocalizableString]) -> StringCatalogFile {
        var seen = Set<String>()
        let unique = strings.filter { seen.insert($0.key).inserted }.sorted { XcodeKeyOrder.precedes($0.key, $1.key) }
        let entries = unique.map { string in
            var languages = translations.map { CatalogMember(key: $0, value: unit("translated", "[\($0)] " + string.source)) }
            languages.insert(CatalogMember(key: sourceLanguage, value: unit("translated", string.source)), at: 1)
            return CatalogMember(key: string.key, value: .object([
                CatalogMember(key: "comment", value: .string(string.comment)),
                CatalogMember(key: "extractionState", value: .string("manual")),
                CatalogMember(key: "localizations", value: .object(languages)),
            ]))
        }
        var catalog = StringCatalogFile(sourceLanguage: sourceLanguage)
        catalog.root = mapEntries(catalog.root, appending: entries) { $0 }
        return catalog
    }

    /// How the benchmark changed `catalog` to the catalog of an older form: one
    /// key in `every` is missing (the merge adds it), another has an older source
    /// text (the merge updates it and marks its translations `needs_review`), and
    /// one in `every` is a key the form no longer has (the merge marks it stale).
    package struct Outdated {
        package var catalog: StringCatalogFile
        package var missing: [String] = []
        package var changed: [String] = []
        package var removed: [String] = []
    }

    /// `catalog` (from `translated`) as it was before the form changed; see `Outdated`.
    package static func outdated(_ catalog: StringCatalogFile, every: Int = 10) -> Outdated {
        var result = Outdated(catalog: catalog)
        var index = -1
        result.catalog.root = mapEntries(catalog.root, dropping: { entry in
            index += 1
            guard index % every == 0 else { return false }
            result.missing.append(entry.key)
            return true
        }) { entry in
            // Counted over the whole list, so a changed key is never a missing one.
            guard index % every == every / 2,
                  let localizations = entry.value["localizations"],
                  let source = localizations[sourceLanguage]?["stringUnit"]?["value"]?.string
            else { return entry }
            result.changed.append(entry.key)
            let older = localizations.members?.map { language in
                language.key == sourceLanguage ? CatalogMember(key: language.key, value: unit("translated", source + " (old)")) : language
            } ?? []
            return replacing("localizations", with: .object(older), in: entry)
        }
        let removedCount = max(1, (index + 1) / every)
        result.removed = (0..<removedCount).map { "BenchmarkForm.removed\($0).title" }
        result.catalog.root = mapEntries(result.catalog.root, appending: result.removed.enumerated().map { number, key in
            CatalogMember(key: key, value: .object([
                CatalogMember(key: "comment", value: .string("Title of a field since removed from BenchmarkForm")),
                CatalogMember(key: "extractionState", value: .string("manual")),
                CatalogMember(key: "localizations", value: .object(
                    ["de", sourceLanguage, "fr", "ja"].map { CatalogMember(key: $0, value: unit("translated", "Removed \(number)")) }
                )),
            ]))
        }) { $0 }
        return result
    }

    /// Why `merged`, what `formc strings` wrote over `outdated` for a form of
    /// `keys` keys, is not the merge of `Outdated`'s description; nil when it is.
    /// Counted in the bytes: the benchmark's catalog is too large to look every
    /// key up in, one at a time.
    package static func problem(merged: [UInt8], outdated: Outdated, keys: Int) -> String? {
        let expected = [
            ("\"extractionState\" : \"", keys + outdated.removed.count, "keys"),
            ("\"needs_review\"", translations.count * outdated.changed.count, "translations to review"),
            ("\"stale\"", outdated.removed.count, "stale keys"),
            ("\"[de] ", keys - outdated.missing.count, "German translations"),
        ]
        for (needle, count, what) in expected {
            let found = occurrences(of: Array(needle.utf8), in: merged)
            if found != count { return "\(found) \(what), not \(count)" }
        }
        return nil
    }

    static func occurrences(of needle: [UInt8], in bytes: [UInt8]) -> Int {
        guard let first = needle.first, needle.count <= bytes.count else { return 0 }
        var count = 0
        var index = 0
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == first, bytes[index..<index + needle.count].elementsEqual(needle) {
                count += 1
                index += needle.count
            } else {
                index += 1
            }
        }
        return count
    }

    private static func unit(_ state: String, _ value: String) -> CatalogJSON {
        .object([CatalogMember(key: "stringUnit", value: .object([
            CatalogMember(key: "state", value: .string(state)),
            CatalogMember(key: "value", value: .string(value)),
        ]))])
    }

    private static func replacing(_ key: String, with value: CatalogJSON, in entry: CatalogMember) -> CatalogMember {
        guard case .object(var members) = entry.value, let index = members.firstIndex(where: { $0.key == key }) else { return entry }
        members[index].value = value
        return CatalogMember(key: entry.key, value: .object(members))
    }

    /// The catalog's root with each entry under `strings` that `dropping` keeps
    /// passed through `body`, in order (`dropping` sees each entry just before
    /// `body` sees it), and `appending` after them.
    private static func mapEntries(
        _ root: CatalogJSON, dropping: (CatalogMember) -> Bool = { _ in false }, appending: [CatalogMember] = [],
        _ body: (CatalogMember) -> CatalogMember
    ) -> CatalogJSON {
        guard case .object(var members) = root,
              let index = members.firstIndex(where: { $0.key == "strings" }),
              case .object(let entries) = members[index].value
        else { return root }
        var kept: [CatalogMember] = []
        kept.reserveCapacity(entries.count + appending.count)
        for entry in entries where !dropping(entry) { kept.append(body(entry)) }
        members[index].value = .object(kept + appending)
        return .object(members)
    }
}
