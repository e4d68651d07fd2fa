import FormChecker
import FormModel
import FormSource

/// Why a rename cannot be done.
public struct RenameRefusal: Error, Sendable, Hashable {
    public var message: String
}

/// One replacement in the text.
public struct EditorEdit: Sendable, Hashable {
    public var range: SourceRange
    public var newText: String
}

extension EditorDocument {
    /// Where the id under `position` is declared (every declaration, when it is
    /// declared twice). Empty when the position is on no id, or the id is undeclared.
    public func definition(at position: SourcePosition) -> [SourceRange] {
        guard contains(position), let occurrence = occurrence(at: position) else { return [] }
        return occurrences.filter { $0.isSame(as: occurrence) && $0.role == .declaration }.map(\.range)
    }

    /// Every place the id under `position` is written: its declaration (when
    /// asked for), the conditions that read it and the `sameAs` rules that name it.
    public func references(at position: SourcePosition, includeDeclaration: Bool = true) -> [SourceRange] {
        guard contains(position), let occurrence = occurrence(at: position) else { return [] }
        return occurrences.filter { $0.isSame(as: occurrence) && (includeDeclaration || $0.role != .declaration) }.map(\.range)
    }

    /// Why a rename finds no id to change: none here, or none anywhere while the
    /// text does not read as a form (a syntax error elsewhere in the file).
    private var noIDHere: String {
        document == nil
            ? "the form does not read as it is (see its errors): mend them, then rename"
            : "there is no field, group or segue id here"
    }

    /// The id a rename at `position` would change, and its range.
    public func prepareRename(at position: SourcePosition) -> Result<(range: SourceRange, id: String), RenameRefusal> {
        guard contains(position), let occurrence = occurrence(at: position) else {
            return .failure(RenameRefusal(message: noIDHere))
        }
        guard occurrences.contains(where: { $0.isSame(as: occurrence) && $0.role == .declaration }) else {
            return .failure(RenameRefusal(message: "'\(occurrence.id)' is not declared in this form"))
        }
        return .success((occurrence.range, occurrence.id))
    }

    /// The edits that rename the id under `position` everywhere it is written,
    /// refused when `newName` is not a valid id (SPEC §3) or another element has it,
    /// when an occurrence is not written as the id itself (a YAML anchor or alias
    /// stands there, or an escape spells it), or when the renamed form would have an error this one has
    /// not (a generated name the new id takes, FC204).
    public func rename(at position: SourcePosition, to newName: String) -> Result<[EditorEdit], RenameRefusal> {
        switch renameEdits(at: position, to: newName) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let edits):
            if let refusal = changesMeaning(edits, renaming: position, to: newName) { return .failure(refusal) }
            // A condition a YAML alias or merge key repeats is one text, edited once.
            var seen = Set<SourceRange>()
            return checked(edits.filter { seen.insert($0.range).inserted }, renaming: position, to: newName)
        }
    }

    /// Why `edits` would make a name mean something else, which no error shows:
    /// a text a YAML anchor and its alias share in two scopes, naming this id in
    /// one and another field of its name in the other (a list's entry's own, SPEC
    /// §14); or a field named in a bound renamed `today`, which a bound reads as
    /// the date (SPEC §16).
    private func changesMeaning(_ edits: [EditorEdit], renaming position: SourcePosition, to newName: String) -> RenameRefusal? {
        guard let target = occurrence(at: position) else { return nil }
        let ranges = Set(edits.map(\.range))
        if let shared = occurrences.first(where: { ranges.contains($0.range) && !$0.isSame(as: target) }) {
            let other = shared.scope.map { "the field '\(shared.id)' of the entries of list '\($0)'" } ?? "the form's field '\(shared.id)'"
            return RenameRefusal(
                message: "'\(target.id)' at line \(shared.range.start.line) is written once, through a YAML anchor and its alias, for this field and for \(other): rename it by hand"
            )
        }
        if newName == "today", occurrences.contains(where: { $0.isSame(as: target) && $0.role == .bound }) {
            return RenameRefusal(message: "a bound written 'today' is the day the rule runs, not a field: '\(target.id)', named in a bound, cannot be renamed 'today'")
        }
        return nil
    }

    /// The edits `rename` makes once each replaces the id's own text and the
    /// renamed form has no new error.
    private func checked(_ edits: [EditorEdit], renaming position: SourcePosition, to newName: String) -> Result<[EditorEdit], RenameRefusal> {
        guard !edits.isEmpty, case .success(let target) = prepareRename(at: position) else { return .success(edits) }
        for edit in edits {
            let written = file.text(in: edit.range)
            guard written != target.id else { continue }
            let how = written.contains("\\") ? "with an escape (\(written))" : "through a YAML anchor or alias"
            return .failure(RenameRefusal(message: "'\(target.id)' is written \(how) at line \(edit.range.start.line): rename it by hand"))
        }
        var bytes = file.bytes
        for edit in edits.sorted(by: { $0.range.start > $1.range.start }) {
            bytes.replaceSubrange(file.byteOffset(of: edit.range.start)..<file.byteOffset(of: edit.range.end), with: Array(newName.utf8))
        }
        let renamed = EditorDocument(file: SourceFile(path: file.path, bytes: bytes))
        // More errors of a code than before: the first of that code the rename brings.
        var count: [DiagnosticCode: Int] = [:]
        for diagnostic in diagnostics where diagnostic.severity == .error { count[diagnostic.code, default: 0] += 1 }
        var seen: [DiagnosticCode: Int] = [:]
        for diagnostic in renamed.diagnostics where diagnostic.severity == .error {
            seen[diagnostic.code, default: 0] += 1
            if seen[diagnostic.code, default: 0] > count[diagnostic.code, default: 0] {
                let new = renamed.diagnostics.first { $0.code == diagnostic.code && !diagnostics.map(\.message).contains($0.message) } ?? diagnostic
                return .failure(RenameRefusal(message: "renamed to '\(newName)', the form would have an error: \(new.message)"))
            }
        }
        return .success(edits)
    }

    private func renameEdits(at position: SourcePosition, to newName: String) -> Result<[EditorEdit], RenameRefusal> {
        let target: (range: SourceRange, id: String)
        switch prepareRename(at: position) {
        case .success(let found): target = found
        case .failure(let refusal): return .failure(refusal)
        }
        let old = target.id
        if newName == old { return .success([]) }
        if let sets = document?.optionSets, sets.contains(where: { $0.name.value == old }) {
            // A shared option set: its name is a Swift type name (SPEC §16).
            if SwiftNaming.keywords.contains(newName) {
                return .failure(RenameRefusal(message: "'\(newName)' is a Swift keyword, which an option set's name cannot be"))
            }
            if !SwiftNaming.isUpperCamelCase(newName) {
                return .failure(RenameRefusal(message: "'\(newName)' is not a valid option set name: an option set's name is an UpperCamelCase Swift type name ([A-Z][A-Za-z0-9]*)"))
            }
            if sets.contains(where: { $0.name.value == newName }) || newName == document?.name.value {
                return .failure(RenameRefusal(message: "'\(newName)' is already a type name in this form"))
            }
            return .success(occurrences.filter { $0.id == old }.map { EditorEdit(range: $0.range, newText: newName) })
        }
        guard let occurrence = occurrence(at: position) else { return .failure(RenameRefusal(message: noIDHere)) }
        // An entry's field (SPEC §14): renamed in its entry only, checked against the entry's ids.
        if let list = occurrence.scope {
            if let problem = Self.idProblem(newName, isField: true) ?? Self.entryIDProblem(newName) {
                return .failure(RenameRefusal(message: problem))
            }
            if occurrences.contains(where: { $0.id == newName && $0.scope == list && $0.role == .declaration }) {
                return .failure(RenameRefusal(message: "'\(newName)' is already an id in this entry of list '\(list)'"))
            }
            // The entry reads the form's field of the new name: it would read this field instead.
            if occurrences.contains(where: { $0.id == newName && $0.scope == nil && $0.writtenIn == list && $0.role != .declaration }) {
                return .failure(RenameRefusal(
                    message: "the entries of list '\(list)' read the form's field '\(newName)': there the new name would mean the entry's own field"
                ))
            }
            return .success(occurrences.filter { $0.isSame(as: occurrence) }.map { EditorEdit(range: $0.range, newText: newName) })
        }
        let isField = symbols?.field(old) != nil
        if let problem = Self.idProblem(newName, isField: isField) { return .failure(RenameRefusal(message: problem)) }
        if occurrences.contains(where: { $0.id == newName && $0.scope == nil && $0.role == .declaration }) || symbols?.declaration(of: newName) != nil {
            return .failure(RenameRefusal(message: "'\(newName)' is already an id in this form; ids are unique across fields, groups, pages, lists and segues"))
        }
        // A list's entry that reads the form's field would read its own field of the new name instead (SPEC §14).
        for reference in occurrences where reference.isSame(as: occurrence) {
            guard let list = reference.writtenIn,
                  occurrences.contains(where: { $0.id == newName && $0.scope == list && $0.role == .declaration }) else { continue }
            return .failure(RenameRefusal(
                message: "'\(newName)' is a field of the entries of list '\(list)', which read '\(old)': there the new name would mean the entry's own field"
            ))
        }
        return .success(occurrences.filter { $0.isSame(as: occurrence) }.map { EditorEdit(range: $0.range, newText: newName) })
    }

    /// Why `id` cannot be the id of a field of a list's entry, beside `idProblem` (FC201).
    static func entryIDProblem(_ id: String) -> String? {
        SwiftNaming.reservedEntryMembers.contains(id) ? "'\(id)' is a member of every list entry and cannot be an entry's field id" : nil
    }

    /// Why `id` cannot be an id, with the checker's rules (FC201).
    static func idProblem(_ id: String, isField: Bool) -> String? {
        if !SwiftNaming.isLowerCamelCase(id) { return "'\(id)' is not a valid id: an id is lowerCamelCase ([a-z][A-Za-z0-9]*)" }
        if SwiftNaming.keywords.contains(id) { return "'\(id)' is a Swift keyword and cannot be an id" }
        if ConditionWords.reserved.contains(id) { return "'\(id)' is a word of the condition language and cannot be an id" }
        if isField, SwiftNaming.reservedMembers.contains(id) { return "'\(id)' is a member of every generated form and cannot be a field id" }
        return nil
    }
}
