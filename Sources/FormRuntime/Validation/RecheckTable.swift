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
/// Where readers and fields are one type (a form's or an entry's own table), a
/// change follows chains as far as visibility changes (`fieldsDownChains(from:flipped:)`):
/// a field a group re-checks that is itself read by a condition may have been
/// hidden or shown with it, and reads as empty while hidden, so what a change of
/// it re-checks is re-checked too.
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
    /// What showing or hiding fields re-checks beyond `start` (what a change
    /// re-checked, `fields(after:)`), each field once, in the order reached: for
    /// each field of `start` that a condition reads and that `flipped` says was
    /// shown or hidden (it reads as empty while hidden), the fields of every group
    /// whose condition reads it; then the same for each field so reached, down the
    /// chain. A chain is followed only as far as visibility actually changes, so a
    /// keystroke at its head that shows or hides nothing costs one step.
    ///
    /// `flipped` is asked once for each field reached that a condition reads (a
    /// controller keeps each one's last visibility, so it must see every field
    /// whose visibility a change of values may have changed, and it does: one
    /// that is not reached is under no condition whose reads changed). A
    /// condition relative to `today` also changes with the clock, which no
    /// change reports: see docs/format.md.
    public func fieldsDownChains(from start: [Field], flipped: (Field) -> Bool) -> [Field] {
        var result: [Field] = []
        var listed = Set(start)
        var readers: [Field] = []
        var followed = Set<Field>()
        for field in start where groupsReading[field] != nil && followed.insert(field).inserted && flipped(field) {
            readers.append(field)
        }
        var next = 0
        while next < readers.count {
            let reader = readers[next]
            next += 1
            for group in groupsReading[reader] ?? [] {
                for shown in groupFields[group] {
                    if listed.insert(shown).inserted { result.append(shown) }
                    if groupsReading[shown] != nil, followed.insert(shown).inserted, flipped(shown) { readers.append(shown) }
                }
            }
        }
        return result
    }
}
