import Foundation
import Observation

/// The identity of one entry of a list (SPEC §14): stable while the entry exists,
/// new for every entry made, and not part of the entry's `Codable` encoding.
public struct FormEntryID: Hashable, Sendable, CustomStringConvertible {
    private let uuid: UUID

    /// A new identity, different from every other.
    public init() {
        uuid = UUID()
    }

    public var description: String { uuid.uuidString }

    /// `values` with a new `id` for each one whose `id` an earlier value has:
    /// copies of one entry (`Array(repeating: employer, count: 3)`) become entries
    /// of their own, as `Identifiable` (and SwiftUI's `ForEach`) needs. Equality of
    /// entry values ignores the id, so the values compare as before.
    public static func distinct<Value>(_ values: [Value], id: WritableKeyPath<Value, FormEntryID>) -> [Value] {
        guard values.count > 1 else { return values }
        var seen = Set<FormEntryID>(minimumCapacity: values.count)
        var result = values
        for index in result.indices where !seen.insert(result[index][keyPath: id]).inserted {
            result[index][keyPath: id] = FormEntryID()
        }
        return result
    }
}

/// What a generated entry class is to the runtime: an object with a stable id and
/// the element tree of its fields, bound to its `FormValue`s.
@MainActor
public protocol FormListEntry: AnyObject, Identifiable where ID == FormEntryID {
    /// The entry's element tree, bound to this entry's values.
    var elements: [any FormElement] { get }

    /// The entry left its list (removed, or replaced by the form's `reset`): the
    /// rules it has in flight are cancelled (their validators see
    /// `Task.isCancelled`) and its states are `.idle`. Put back in the list
    /// (`replaceEntries`, an undo), it validates as before.
    func didLeaveList()
}

extension FormListEntry {
    /// Nothing to cancel: an entry class that runs no rules of its own.
    public func didLeaveList() {}
}

/// The live value of a list (SPEC §14): its entries, each an object holding its
/// fields as `FormValue`s, which a renderer binds as it binds the form's own:
///
///     ForEach(form.employers.entries) { entry in
///         TextField("Company", text: Bindable(entry.company).value)
///     }
///
/// `append()` is allowed below `maxItems` (`canAppend`), `remove` above
/// `minItems` (`canRemove`); an action that is not allowed does nothing. Every
/// change of `entries` (append, remove, move, replace) is observable both ways a
/// `FormValue` is: through Observation (reading `entries` registers the read) and
/// through observers, called synchronously in the order they were added, after
/// the change, with the new entries.
@MainActor
public final class FormList<Entry: FormListEntry> {
    private var storage: [Entry]
    private var observers = ObserverList<([Entry]) -> Void>()
    /// Counts changes, so that a notification can tell that an observer has changed
    /// the list (and notified everyone of it) in the meantime.
    private var version: UInt64 = 0
    private let registrar = ObservationRegistrar()
    /// The fewest entries allowed; `remove` stops there.
    public let minItems: Int
    /// The most entries allowed, nil for no limit; `append` stops there.
    public let maxItems: Int?
    private let makeEntry: @MainActor () -> Entry

    /// A list holding `entries`; `makeEntry` makes the entry that `append()` adds
    /// (every field at its default).
    public init(_ entries: [Entry], minItems: Int = 0, maxItems: Int? = nil, makeEntry: @escaping @MainActor () -> Entry) {
        storage = entries
        self.minItems = minItems
        self.maxItems = maxItems
        self.makeEntry = makeEntry
    }

    /// The entries, in order.
    public var entries: [Entry] {
        registrar.access(self, keyPath: \.entries)
        return storage
    }

    /// How many entries there are.
    public var count: Int { entries.count }

    /// Whether `append()` adds an entry now: fewer entries than `maxItems`.
    public var canAppend: Bool { maxItems.map { count < $0 } ?? true }

    /// Whether `remove` removes an entry now: more entries than `minItems`.
    public var canRemove: Bool { count > minItems }

    /// Adds an entry with every field at its default, at the end; returns it, or
    /// nil (and changes nothing) at `maxItems`.
    @discardableResult
    public func append() -> Entry? {
        guard canAppend else { return nil }
        let entry = makeEntry()
        change { $0.append(entry) }
        return entry
    }

    /// Removes the entry at `index`; does nothing at `minItems` or for an index
    /// outside the list.
    public func remove(at index: Int) {
        guard canRemove, storage.indices.contains(index) else { return }
        let removed = storage[index]
        change { _ = $0.remove(at: index) }
        removed.didLeaveList()
    }

    /// Removes the entry with `id`; does nothing at `minItems` or for an id that
    /// is not in the list.
    public func remove(id: FormEntryID) {
        guard let index = storage.firstIndex(where: { $0.id == id }) else { return }
        remove(at: index)
    }

    /// Moves the entry at `source` so that it ends up at `destination` (both
    /// indices of the list as it is); does nothing for an index outside it.
    public func move(from source: Int, to destination: Int) {
        guard storage.indices.contains(source), storage.indices.contains(destination), source != destination else { return }
        change { entries in
            let entry = entries.remove(at: source)
            entries.insert(entry, at: destination)
        }
    }

    /// Moves the entries at `offsets` before the entry at `destination`, as
    /// SwiftUI's `onMove` reports a drag (and `Array.move(fromOffsets:toOffset:)` does).
    public func move(fromOffsets offsets: IndexSet, toOffset destination: Int) {
        let valid = offsets.filter { storage.indices.contains($0) }
        guard !valid.isEmpty, (0...storage.count).contains(destination) else { return }
        var moved = storage
        let taken = valid.map { moved[$0] }
        for index in valid.reversed() { moved.remove(at: index) }
        let before = valid.filter { $0 < destination }.count
        moved.insert(contentsOf: taken, at: destination - before)
        guard moved.map(\.id) != storage.map(\.id) else { return }
        change { $0 = moved }
    }

    /// Replaces every entry, whatever the counts (the form's `reset`; an undo that
    /// puts back entries removed before): nothing changes, and no observer hears,
    /// when `entries` are the same objects in the same order. An entry not among
    /// `entries` leaves the list (`FormListEntry.didLeaveList()`), even when a new
    /// one has its id (values taken from the form and given back). An entry given
    /// twice is kept where it first appears: one object is one entry, with one id.
    public func replaceEntries(_ entries: [Entry]) {
        var kept = Set<ObjectIdentifier>(minimumCapacity: entries.count)
        let entries = entries.filter { kept.insert(ObjectIdentifier($0)).inserted }
        guard entries.map(ObjectIdentifier.init) != storage.map(ObjectIdentifier.init) else { return }
        let leaving = storage.filter { !kept.contains(ObjectIdentifier($0)) }
        change { $0 = entries }
        for entry in leaving { entry.didLeaveList() }
    }

    /// Registers `observer` to be called with the entries after each change; keep the token to remove it.
    @discardableResult
    public func addObserver(_ observer: @escaping ([Entry]) -> Void) -> ObserverToken {
        observers.add(observer)
    }

    /// Stops calling the observer behind `token`; an unknown token is ignored.
    public func removeObserver(_ token: ObserverToken) {
        observers.remove(token)
    }

    private func change(_ body: (inout [Entry]) -> Void) {
        registrar.withMutation(of: self, keyPath: \.entries) {
            body(&storage)
        }
        version &+= 1
        let notifying = version
        let entries = storage
        // An observer that changes the list starts a nested notification with the
        // newer entries; the rest of this one would deliver stale entries after
        // them, so it stops (as `FormValue` does).
        ObserverList.forEach(in: { observers }, while: { version == notifying }) { $0(entries) }
    }
}

extension FormList: Observable {}

/// One entry of a `ListElement`: its id and its element tree, bound to that entry.
@MainActor
public struct ListElementEntry: Identifiable {
    public let id: FormEntryID
    public let elements: [any FormElement]
}

/// `list` (SPEC §14): a block of fields repeated per entry. `entries` gives each
/// entry's element tree; `append()` and `remove(at:)` change the list, and
/// `canAppend`/`canRemove` say whether each is allowed now: never while the
/// list is not editable (`isEnabled`, its `enabledWhen` and its groups'), then as
/// the list's counts allow. A renderer numbers the entries' headings (`itemTitle`
/// 1, 2, …). The form's `FormList` itself stays open to app code.
@MainActor
public final class ListElement: ConditionalElement, FormElement {
    public let id: String
    public var title: String?
    /// Each entry's heading.
    public var itemTitle: String?
    /// The label of the add action.
    public var addTitle: String?
    public let minItems: Int
    public let maxItems: Int?
    private let readEntries: @MainActor () -> [ListElementEntry]
    private let canAppendNow: @MainActor () -> Bool
    private let canRemoveNow: @MainActor () -> Bool
    private let appendEntry: @MainActor () -> Void
    private let removeEntry: @MainActor (Int) -> Void

    public init<Entry: FormListEntry>(
        id: String,
        title: String? = nil,
        itemTitle: String? = nil,
        addTitle: String? = nil,
        list: FormList<Entry>,
        visible: @escaping @MainActor () -> Bool = { true },
        enabled: @escaping @MainActor () -> Bool = { true }
    ) {
        self.id = id
        self.title = title
        self.itemTitle = itemTitle
        self.addTitle = addTitle
        minItems = list.minItems
        maxItems = list.maxItems
        readEntries = { [weak list] in list?.entries.map { ListElementEntry(id: $0.id, elements: $0.elements) } ?? [] }
        canAppendNow = { [weak list] in list?.canAppend ?? false }
        canRemoveNow = { [weak list] in list?.canRemove ?? false }
        appendEntry = { [weak list] in list?.append() }
        removeEntry = { [weak list] index in list?.remove(at: index) }
        super.init(visible: visible, enabled: enabled)
    }

    /// The entries now, in order, each with its element tree.
    public var entries: [ListElementEntry] { readEntries() }
    /// Whether the add action is allowed now: the list is editable and below `maxItems`.
    public var canAppend: Bool { isEnabled && canAppendNow() }
    /// Whether the remove actions are allowed now: the list is editable and above `minItems`.
    public var canRemove: Bool { isEnabled && canRemoveNow() }
    /// Adds an entry at the end, when `canAppend`; else does nothing.
    public func append() { if canAppend { appendEntry() } }
    /// Removes the entry at `index`, when `canRemove`; else does nothing.
    public func remove(at index: Int) { if canRemove { removeEntry(index) } }

    public var kind: FormElementKind { .list(self) }
}

/// A weak reference to the form that a list's entries belong to, made before the
/// form is (its `init` hands it to the entries, then points it at itself): an
/// entry reads its form's `context` through it.
@MainActor
public final class FormOwnerReference<Owner: AnyObject> {
    public weak var owner: Owner?

    public nonisolated init() {}
}
