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
/// rules it shows or hides, which are valid while hidden, and those whose rules
/// read a field it shows or hides, which reads as empty while hidden). A field is
/// listed once for each condition around it, so the table grows with the form,
/// not with a condition's reads times the fields under it.
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
