/// `formc strings`' merge (SPEC §11): the forms' strings into a String Catalog,
/// never losing a translator's work.
///
/// - A new key is added with `extractionState: manual`, its comment, and the
///   source-language `stringUnit` (`state: translated`).
/// - A key the catalog has keeps every other language; its comment and source
///   text are brought up to date. When the source text changed, every other
///   language's translation (each variation too) is marked `needs_review`.
/// - A key no longer produced is kept and marked `extractionState: stale`, when
///   formc wrote it (`manual`); keys that Xcode extracted from code are left
///   alone, so one catalog can hold an app's strings and its forms'.
/// - What a catalog already holds keeps its order; a new key goes to its place in
///   Xcode's order. An unchanged form therefore gives the same bytes.
///
/// The catalog is taken, not copied: given the only reference to it, the merge
/// edits its entries in place.
public enum CatalogMerge {
    public static func merge(
        _ strings: [LocalizableString], into existing: consuming StringCatalogFile?, sourceLanguage: String
    ) -> StringCatalogFile {
        var catalog = existing.take() ?? StringCatalogFile(sourceLanguage: sourceLanguage)
        catalog.root.set("sourceLanguage", .string(sourceLanguage))
        if catalog.root["version"] == nil { catalog.root.set("version", .string("1.0")) }
        // Taken out of the root so the edits below do not copy the list.
        var members = catalog.root["strings"]?.members ?? []
        catalog.root.set("strings", .object([]))
        var position = [String: Int](minimumCapacity: members.count)
        // From the end, so a key listed twice ends at its first place.
        for index in members.indices.reversed() {
            position[members[index].key] = index
        }
        // A key is merged once, at its first string (several forms may give one key).
        var produced = [Bool](repeating: false, count: members.count)
        var addedKeys = Set<String>()
        var added: [CatalogMember] = []
        for string in strings {
            if let index = position[string.key] {
                guard !produced[index] else { continue }
                produced[index] = true
                update(&members[index].value, with: string, sourceLanguage: sourceLanguage)
            } else if addedKeys.insert(string.key).inserted {
                added.append(CatalogMember(key: string.key, value: newEntry(string, sourceLanguage: sourceLanguage)))
            }
        }
        for index in members.indices where !produced[index] {
            if members[index].value["extractionState"]?.string == "manual" {
                members[index].value.set("extractionState", .string("stale"))
            }
        }
        XcodeKeyOrder.insert(added, into: &members)
        catalog.root.set("strings", .object(members))
        return catalog
    }

    // The members of what the merge writes, in Xcode's key order.

    private static func sourceUnit(_ text: String) -> CatalogJSON {
        .object([
            CatalogMember(key: "stringUnit", value: .object([
                CatalogMember(key: "state", value: .string("translated")),
                CatalogMember(key: "value", value: .string(text)),
            ])),
        ])
    }

    private static func newEntry(_ string: LocalizableString, sourceLanguage: String) -> CatalogJSON {
        .object([
            CatalogMember(key: "comment", value: .string(string.comment)),
            CatalogMember(key: "extractionState", value: .string("manual")),
            CatalogMember(key: "localizations", value: .object([CatalogMember(key: sourceLanguage, value: sourceUnit(string.source))])),
        ])
    }

    private static func update(_ entry: inout CatalogJSON, with string: LocalizableString, sourceLanguage: String) {
        guard case .object(let members) = entry else {
            entry = newEntry(string, sourceLanguage: sourceLanguage)
            return
        }
        // Set only what differs: most entries are up to date, and an edit copies the entry.
        var comment: String?
        var extractionState: String?
        var current: CatalogJSON?
        for index in members.indices {
            switch members[index].key {
            case "comment": comment = members[index].value.string
            case "extractionState": extractionState = members[index].value.string
            case "localizations": current = members[index].value
            default: break
            }
        }
        let unit = current?[sourceLanguage]?["stringUnit"]
        let oldSource = unit?["value"]?.string
        let sourceIsCurrent = oldSource == string.source && unit?["state"]?.string == "translated"
        if comment == string.comment, extractionState == "manual", sourceIsCurrent { return }
        if comment != string.comment { entry.set("comment", .string(string.comment)) }
        if extractionState != "manual" { entry.set("extractionState", .string("manual")) }
        if sourceIsCurrent { return }
        var localizations = current ?? .object([])
        if let oldSource, oldSource != string.source, case .object(var languages) = localizations {
            for index in languages.indices where languages[index].key != sourceLanguage {
                markNeedsReview(&languages[index].value)
            }
            localizations = .object(languages)
        }
        localizations.set(sourceLanguage, sourceUnit(string.source))
        entry.set("localizations", localizations)
    }

    /// Every `stringUnit` of a localization, in its variations too, to `needs_review`.
    private static func markNeedsReview(_ localization: inout CatalogJSON) {
        guard case .object(var members) = localization else { return }
        for index in members.indices {
            switch members[index].key {
            case "stringUnit":
                members[index].value.set("state", .string("needs_review"))
            case "variations":
                guard case .object(var kinds) = members[index].value else { continue }
                for kind in kinds.indices {
                    guard case .object(var cases) = kinds[kind].value else { continue }
                    for variation in cases.indices { markNeedsReview(&cases[variation].value) }
                    kinds[kind].value = .object(cases)
                }
                members[index].value = .object(kinds)
            default:
                break
            }
        }
        localization = .object(members)
    }
}
