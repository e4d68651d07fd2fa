/// Which fields a change of another field re-checks (SPEC §6.2, §16): the
/// fields whose rules read it (`dependents`), and the fields of each visibility
/// group whose condition reads it.
///
/// A form's `FieldValidationController` holds one whose readers are the form's
/// own fields; a list entry's class holds one whose readers are the form's
/// fields that the entry reads, and re-checks its fields with
/// `FieldValidationController.recheck(_:)` when the form says one changed.
///
/// A visibility group is one condition that shows or hides fields: the fields it
/// reads (`readers`) and the fields a change of one of them re-checks (those with
/// rules it shows or hides, which are valid while hidden; those whose rules read a
/// field it shows or hides, which reads as empty while hidden; and those it shows
/// or hides that another condition reads). A field is listed once for each
/// condition around it, so the table grows with the form, not with a condition's
/// reads times the fields under it.
///
/// Where readers and fields are one type (a form's own table), a change follows
/// chains (`fieldsFollowingChains(after:)`): a field a group re-checks that is
/// itself read by a condition may have been hidden or shown with it, and reads as
/// empty while hidden, so what a change of it re-checks is re-checked too.
public struct RecheckTable<Reader: Hashable & Sendable, Field: Hashable & Sendable>: Sendable {
    private let dependents: [Reader: [Field]]
    /// Each visibility group's fields, by the group's number.
    private let groupFields: [[Field]]
    /// Each reader → the numbers of the visibility groups whose condition reads it.
    private let groupsReading: [Reader: [Int]]

    /// - Parameters:
    ///   - dependents: for each reader, the fields whose rules read it.
    ///   - visibilityGroups: for each condition that shows or hides fields, the
    ///     readers it reads and the fields a change of one of them re-checks.
    public nonisolated init(
        dependents: [Reader: [Field]] = [:],
        visibilityGroups: [(readers: [Reader], fields: [Field])] = []
    ) {
        self.dependents = dependents
        var groupsReading: [Reader: [Int]] = [:]
        for (number, group) in visibilityGroups.enumerated() {
            for reader in group.readers { groupsReading[reader, default: []].append(number) }
        }
        self.groupFields = visibilityGroups.map(\.fields)
        self.groupsReading = groupsReading
    }

    /// Whether a change of `reader` re-checks a field for which `isChecked`
    /// holds: what `fields(after:)` answers, without making the list (a form
    /// asks on every keystroke).
    public func rechecksAny(after reader: Reader, where isChecked: (Field) -> Bool) -> Bool {
        if dependents[reader]?.contains(where: isChecked) == true { return true }
        return groupsReading[reader]?.contains { groupFields[$0].contains(where: isChecked) } == true
    }

    /// The fields a change of `reader` re-checks, each once, in order: its
    /// dependents, then the fields of each visibility group whose condition
    /// reads it; never one in `excluded` (a field is not its own re-check).
    public func fields(after reader: Reader, excluding excluded: Field? = nil) -> [Field] {
        let direct = dependents[reader] ?? []
        guard let groups = groupsReading[reader] else { return excluded.map { field in direct.filter { $0 != field } } ?? direct }
        var result: [Field] = []
        var listed = Set<Field>()
        if let excluded { listed.insert(excluded) }
        for field in direct where listed.insert(field).inserted { result.append(field) }
        for group in groups {
            for shown in groupFields[group] where listed.insert(shown).inserted {
                result.append(shown)
            }
        }
        return result
    }
}

extension RecheckTable where Reader == Field {
    /// `fields(after:excluding:)`, following chains: each field a group re-checks
    /// that a condition reads adds the fields of the groups whose condition reads
    /// it, and so on, each field once, in the order reached. (The dependents of
    /// such a field are in those groups already: a field whose rules read a field
    /// a condition hides is listed with the condition.)
    public func fieldsFollowingChains(after reader: Field, excluding excluded: Field? = nil) -> [Field] {
        var result: [Field] = []
        var listed = Set<Field>()
        if let excluded { listed.insert(excluded) }
        for field in dependents[reader] ?? [] where listed.insert(field).inserted { result.append(field) }
        follow(from: [reader], listed: &listed, into: &result)
        return result
    }

    /// `fields`, each once, then what following chains from each of them adds
    /// (`fieldsFollowingChains(after:)`): what to re-check when `fields` were shown
    /// or hidden from outside the table (a list entry's fields, by the form's fields).
    public func fieldsFollowingChains(from fields: [Field]) -> [Field] {
        var result: [Field] = []
        var listed = Set<Field>()
        for field in fields where listed.insert(field).inserted { result.append(field) }
        follow(from: result, listed: &listed, into: &result)
        return result
    }

    /// Whether `fieldsFollowingChains(after:)` has a field for which `isChecked`
    /// holds, found without making the list when one is near.
    public func rechecksAnyFollowingChains(after reader: Field, where isChecked: (Field) -> Bool) -> Bool {
        if rechecksAny(after: reader, where: isChecked) { return true }
        guard groupsReading[reader] != nil else { return false }
        return fieldsFollowingChains(after: reader).contains(where: isChecked)
    }

    /// Appends to `result` the fields of every group whose condition reads one of
    /// `start`, then of every group whose condition reads a field so appended.
    private func follow(from start: [Field], listed: inout Set<Field>, into result: inout [Field]) {
        var readers = start
        var followed = Set(start)
        var next = 0
        while next < readers.count {
            let reader = readers[next]
            next += 1
            for group in groupsReading[reader] ?? [] {
                for shown in groupFields[group] {
                    if listed.insert(shown).inserted { result.append(shown) }
                    if groupsReading[shown] != nil, followed.insert(shown).inserted { readers.append(shown) }
                }
            }
        }
    }
}
