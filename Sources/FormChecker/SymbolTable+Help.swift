import FormModel
import FormSource

extension SymbolTable {
    /// The help for two single choices, or two multiChoices, of different enums
    /// that a condition compares or a `sameAs` relates: they need one enum.
    static func oneOptionSetHelp(in format: SourceFormat) -> DiagnosticHelp {
        "give both fields one shared option set (\(format.entry("options", "Name")) with a top-level \(format.key("options"))), so that they have one enum"
    }

    /// The help for `name`, which no field here has and `candidates` (the fields
    /// that could stand in its place) do not suggest, that `what` (a condition,
    /// sameAs, a bound) names: a path (`employers.company`) for a field named by
    /// its id alone, or a near field of a list's entries, which only those
    /// entries can name. Empty when neither.
    func unreachableFieldHelp(_ name: String, candidates: [String], what: String) -> [DiagnosticHelp] {
        if let dot = name.lastIndex(where: { $0 == "." || $0 == "]" }), name.contains(where: { $0 == "." }) {
            let last = String(name[name.index(after: dot)...].drop { $0 == "." })
            let byID = "\(what) names a field by its id alone, not by a path"
            if candidates.contains(last) {
                return [.didYouMean(last), DiagnosticHelp(byID)]
            }
            if let list = entryFieldLists[last] {
                return [DiagnosticHelp("\(byID): '\(last)' is a field of the entries of list '\(list)', which only that list's entries can name")]
            }
            return [DiagnosticHelp(byID)]
        }
        guard let near = Suggestions.closest(to: name, in: entryFieldLists.keys), let list = entryFieldLists[near] else { return [] }
        return [DiagnosticHelp("'\(near)', a name like it, is a field of the entries of list '\(list)', which only that list's entries can name")]
    }
}
