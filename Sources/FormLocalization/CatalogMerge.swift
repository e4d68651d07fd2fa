import FormSource
import FormText

/// `formc strings`' merge (SPEC §11, §11.1): the forms' strings into a String
/// Catalog, never losing a translator's work, changing only the keys formc
/// owns: those of the forms merged (`CatalogOwnership`, `SignUpForm.…`).
///
/// - A new key is added with `extractionState: manual`, its comment, and the
///   source-language `stringUnit` (`state: translated`).
/// - A key the catalog has keeps every other language; its comment and source
///   text are brought up to date. When the source text changed, every other
///   language's translation (each variation and substitution too) is marked
///   `needs_review`.
/// - An owned key no longer produced is kept and marked `extractionState:
///   stale`. Every other key is the app's and is left alone, whatever its
///   `extractionState`, so one catalog holds an app's strings and its forms'.
/// - What a catalog already holds keeps its order, and an entry the merge does
///   not change keeps its bytes (`StringCatalogFile.rendered`); a new key goes
///   to its place in Xcode's order, and an entry the merge changes has its keys
///   in Xcode's order, as Xcode would write it. Merging into a catalog Xcode wrote inserts
///   lines and changes none of Xcode's but by a trailing comma, and an
///   unchanged form gives the same bytes.
///
/// The catalog is taken, not copied: given the only reference to it, the merge
/// edits its entries in place. What the merge needs of the catalog alone (where
/// each key is, and its place in Xcode's order) is a `Target`, which `formc
/// strings` makes while the forms are checked.
public enum CatalogMerge {
    /// A catalog ready to be merged into: its entries taken out of it, each
    /// key's index, and the keys' order.
    public struct Target: Sendable {
        var sourceLanguage: String
        var catalog: StringCatalogFile
        var members: [CatalogMember]
        var position: [CatalogKey: Int]
        var order: XcodeKeyOrder.Placement
        /// Whether a large catalog's entries are merged in halves.
        var speed: SpeedPolicy
    }

    /// `existing` (or a new catalog in `sourceLanguage`) made ready for `merge`.
    public static func target(_ existing: consuming StringCatalogFile?, sourceLanguage: String) -> Target {
        target(existing.take(), sourceLanguage: sourceLanguage, speed: .current)
    }

    /// `target(_:sourceLanguage:)` under `speed`.
    package static func target(
        _ existing: consuming StringCatalogFile?, sourceLanguage: String, speed: SpeedPolicy
    ) -> Target {
        var catalog = existing.take() ?? StringCatalogFile(sourceLanguage: sourceLanguage)
        catalog.root.set("sourceLanguage", .string(sourceLanguage))
        if catalog.root["version"] == nil { catalog.root.set("version", .string("1.0")) }
        // Taken out of the root so the edits do not copy the list.
        let members = catalog.root["strings"]?.members ?? []
        catalog.root.set("strings", .object([]))
        var position = [CatalogKey: Int](minimumCapacity: members.count)
        // From the end, so a key listed twice ends at its first place.
        for index in members.indices.reversed() {
            position[CatalogKey(members[index].key)] = index
        }
        let order = XcodeKeyOrder.Placement(members)
        return Target(
            sourceLanguage: sourceLanguage, catalog: catalog, members: members, position: position, order: order, speed: speed
        )
    }

    /// `strings`, of the forms whose type names are `forms`, merged into
    /// `existing`, or into a new catalog in `sourceLanguage`.
    public static func merge(
        _ strings: [LocalizableString], forms: [String], into existing: consuming StringCatalogFile?, sourceLanguage: String
    ) -> StringCatalogFile {
        merge(strings, forms: forms, into: target(existing.take(), sourceLanguage: sourceLanguage))
    }

    /// `merge(_:forms:into:sourceLanguage:)` under `speed`.
    package static func merge(
        _ strings: [LocalizableString], forms: [String], into existing: consuming StringCatalogFile?, sourceLanguage: String,
        speed: SpeedPolicy
    ) -> StringCatalogFile {
        merge(strings, forms: forms, into: target(existing.take(), sourceLanguage: sourceLanguage, speed: speed))
    }

    /// `strings`, of the forms whose type names are `forms`, merged into the
    /// catalog of `target`: the keys that begin with one of the names and a
    /// dot are formc's, and only those change.
    public static func merge(_ strings: [LocalizableString], forms: [String], into target: consuming Target) -> StringCatalogFile {
        let sourceLanguage = target.sourceLanguage
        var catalog = target.catalog
        var members = target.members
        let position = target.position
        let order = target.order
        let speed = target.speed
        _ = consume target
        // A key is merged once, at its first string (several forms may give one key).
        var produced = [Bool](repeating: false, count: members.count)
        var merges: [(index: Int, string: LocalizableString)] = []
        var addedKeys = Set<CatalogKey>()
        var added: [CatalogMember] = []
        for string in strings {
            if let index = position[CatalogKey(string.key)] {
                guard !produced[index] else { continue }
                produced[index] = true
                merges.append((index, string))
            } else if addedKeys.insert(CatalogKey(string.key)).inserted {
                added.append(CatalogMember(key: string.key, value: newEntry(string, sourceLanguage: sourceLanguage)))
            }
        }
        let ownership = CatalogOwnership(forms: forms)
        let unproduced = members.indices.filter { !produced[$0] && ownership.owns(members[$0].key) }
        for (index, value) in changes(
            of: members, read: catalog.read, merges: merges, unproduced: unproduced, sourceLanguage: sourceLanguage, speed: speed
        ) {
            members[index].value = value
        }
        XcodeKeyOrder.insert(added, into: &members, placement: order)
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

    /// The entries' new values: each merged entry brought up to date with its
    /// string, and each owned unproduced one marked stale. Worked out
    /// from the entries as they are, each on its own (speed only, under
    /// `.parallel`: for a large catalog, in two halves at once). A deferred
    /// entry of `read` is looked at in its bytes.
    private static func changes(
        of entries: [CatalogMember], read: CatalogRead?, merges: [(index: Int, string: LocalizableString)], unproduced: [Int],
        sourceLanguage: String, speed: SpeedPolicy
    ) -> [(Int, CatalogJSON)] {
        let writtenLanguage = StringCatalogFile.escaped(sourceLanguage)
        let inHalves = speed.takes(.catalogMergedInHalves) && entries.count >= SpeedPaths.catalogEntriesInHalvesMinimum && SpeedPaths.hasSecondCore
        if inHalves { SpeedPaths.note(.catalogMergedInHalves) }
        let parts = inHalves ? 2 : 1
        return Array(Concurrently.map(parts) { part in
            // Taken once a part, not once an entry: the threads share them.
            (read?.file.bytes ?? []).withUnsafeBufferPointer { bytes in
                writtenLanguage.withUnsafeBufferPointer { language in
                    func shape(_ index: Int) -> CatalogEntryShape? {
                        guard let read, let range = entries[index].deferredRange(in: read) else { return nil }
                        return CatalogEntryShape.match(bytes, at: range.lowerBound, sourceLanguage: language)
                    }
                    var changes: [(Int, CatalogJSON)] = []
                    for merge in merges[share(part, of: parts, merges.count)] {
                        if let shape = shape(merge.index), isCurrent(shape, in: bytes, for: merge.string) { continue }
                        var value = entries[merge.index].value
                        if update(&value, with: merge.string, sourceLanguage: sourceLanguage) {
                            // A changed entry is written as Xcode writes it, its
                            // keys in order, however the file had them.
                            value.putInXcodeOrder()
                            changes.append((merge.index, value))
                        }
                    }
                    for index in unproduced[share(part, of: parts, unproduced.count)] {
                        let isStale = shape(index).map { has($0.extractionState, "stale", in: bytes) }
                            ?? (entries[index].value["extractionState"]?.string == "stale")
                        guard !isStale else { continue }
                        var value = entries[index].value
                        value.set("extractionState", .string("stale"))
                        value.putInXcodeOrder()
                        changes.append((index, value))
                    }
                    return changes
                }
            }
        }.joined())
    }

    /// Whether a deferred entry has `string`'s comment, `extractionState:
    /// manual`, and its source text `translated` (the shape's source unit):
    /// then the merge leaves it as it is.
    private static func isCurrent(_ shape: CatalogEntryShape, in bytes: UnsafeBufferPointer<UInt8>, for string: LocalizableString) -> Bool {
        has(shape.comment, string.comment, in: bytes) && has(shape.extractionState, "manual", in: bytes)
            && has(shape.sourceState, "translated", in: bytes) && has(shape.sourceValue, string.source, in: bytes)
    }

    /// Whether the string written at `range` of `bytes` is `text`.
    private static func has(_ range: Range<Int>?, _ text: String, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        range.map { StringCatalogFile.isEscaped(text, as: UnsafeBufferPointer(rebasing: bytes[$0])) } ?? false
    }

    /// The indices of part `part` of `parts` of `count` items.
    private static func share(_ part: Int, of parts: Int, _ count: Int) -> Range<Int> {
        (count * part / parts)..<(count * (part + 1) / parts)
    }

    /// Brings an entry up to date, setting only what differs; false when it was.
    private static func update(_ entry: inout CatalogJSON, with string: LocalizableString, sourceLanguage: String) -> Bool {
        guard entry.members != nil else {
            entry = newEntry(string, sourceLanguage: sourceLanguage)
            return true
        }
        var changed = false
        if entry["comment"]?.string != string.comment {
            entry.set("comment", .string(string.comment))
            changed = true
        }
        if entry["extractionState"]?.string != "manual" {
            entry.set("extractionState", .string("manual"))
            changed = true
        }
        let current = entry["localizations"]
        let unit = current?[sourceLanguage]?["stringUnit"]
        let oldSource = unit?["value"]?.string
        if oldSource == string.source, unit?["state"]?.string == "translated" { return changed }
        var localizations = current ?? .object([])
        // The source changed: another text, or a source with variations (a plural
        // the app wrote) that the form's one text replaces.
        let sourceChanged = current?[sourceLanguage] != nil && oldSource != string.source
        if sourceChanged, case .object(var languages) = localizations {
            for index in languages.indices where languages[index].key != sourceLanguage {
                markNeedsReview(&languages[index].value)
            }
            localizations = .object(languages)
        }
        localizations.set(sourceLanguage, sourceUnit(string.source))
        entry.set("localizations", localizations)
        return true
    }

    /// Every `stringUnit` of a localization that has a translation (not `new`,
    /// not empty), in its variations and its substitutions' variations too, to
    /// `needs_review`.
    private static func markNeedsReview(_ localization: inout CatalogJSON) {
        guard case .object(var members) = localization else { return }
        for index in members.indices {
            switch members[index].key {
            case "stringUnit":
                // A unit not translated yet (`new`, or no text) has nothing to review.
                let unit = members[index].value
                guard unit["state"]?.string != "new", unit["value"]?.string?.isEmpty == false else { continue }
                members[index].value.set("state", .string("needs_review"))
            case "variations":
                markVariationsNeedReview(&members[index].value)
            case "substitutions":
                guard case .object(var substitutions) = members[index].value else { continue }
                for substitution in substitutions.indices {
                    substitutions[substitution].value.update("variations", markVariationsNeedReview)
                }
                members[index].value = .object(substitutions)
            default:
                break
            }
        }
        localization = .object(members)
    }

    /// Each case of each kind of `variations` (`plural`, `device`, …), as a localization.
    private static func markVariationsNeedReview(_ variations: inout CatalogJSON) {
        guard case .object(var kinds) = variations else { return }
        for kind in kinds.indices {
            guard case .object(var cases) = kinds[kind].value else { continue }
            for variation in cases.indices { markNeedsReview(&cases[variation].value) }
            kinds[kind].value = .object(cases)
        }
        variations = .object(kinds)
    }
}
