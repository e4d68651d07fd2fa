import FormSource

/// A dispatcher over the fields: `switch field { case .a, .b: return x … }`.
extension FormTranslator {
    /// Plans the body of the open function: `switch field { case .a, .b: return x … }`
    /// over every field, grouping fields with the same key; `result` writes the
    /// answer of a key (once per group, after `return `). A form without fields
    /// (`hasNoFields`) gets an empty body: the function is never called, and Swift
    /// warns that any statement of it "will never be executed". The largest group of several fields becomes
    /// `default` (never unreachable, since its fields are not listed); a single
    /// group needs no switch at all. Each other group is a unit of a run, in the
    /// body of a method of the form type.
    ///
    /// Keys are small numbers, `0..<keyCount`, so that grouping is an array
    /// lookup per field, not a hash: `key` is asked once per field (by its
    /// position in `fields`), in order.
    ///
    /// `extras` are cases of `Field` that are no `fields` (a list's id, SPEC §14),
    /// each with its key: listed with the fields of the same key, or in a case of
    /// their own.
    func switchOverFields(
        keyCount: Int, into plan: inout EmitPlan, key: (Int) -> Int,
        extras: [(name: String, key: Int)] = [],
        result: @escaping @Sendable (Int, inout SwiftRenderer) -> Void
    ) {
        // Each group's fields, as positions in `fields` chained in order: no
        // array per group.
        var groups: [(key: Int, first: Int, last: Int, count: Int)] = []
        var chain = [Int](repeating: -1, count: fields.count)
        var groupOfKey = [Int](repeating: -1, count: keyCount)
        for position in fields.indices {
            let key = key(position)
            let index = groupOfKey[key]
            if index >= 0 {
                chain[groups[index].last] = position
                groups[index].last = position
                groups[index].count += 1
            } else {
                groupOfKey[key] = groups.count
                groups.append((key, position, position, 1))
            }
        }
        // Extras of a key no field has are groups of their own, without fields (`first` -1).
        var extraNames: [Int: [String]] = [:]
        for extra in extras {
            extraNames[extra.key, default: []].append(extra.name)
            let index = groupOfKey[extra.key]
            if index >= 0 {
                groups[index].count += 1
            } else {
                groupOfKey[extra.key] = groups.count
                groups.append((extra.key, -1, -1, 1))
            }
        }
        guard groups.count > 1 else {
            guard let key = groups.first?.key else { return }
            plan.once { out in
                out.returnStatement { result(key, &$0) }
            }
            return
        }
        var largest = 0
        for (index, group) in groups.enumerated() where group.count > groups[largest].count {
            largest = index
        }
        // One field per group: every case is spelled out.
        let defaultGroup = groups[largest].count > 1 ? groups.remove(at: largest) : nil
        let next = chain
        let cases = groups
        let extrasByKey = extraNames
        plan.once { $0.openSwitch(over: "field") }
        // The table, not `self`: the lazy sequence below keeps what it reads, and
        // would copy the whole translator per case.
        let fields = fields
        plan.each(cases.count, in: formBody, weight: { SpeedPaths.EmitWeights.switchCase + SpeedPaths.EmitWeights.switchCaseField * cases[$0].count }) { index, out in
            // The group's fields, along their chain.
            let key = cases[index].key
            if let names = extrasByKey[key] {
                let positions = cases[index].first < 0 ? [] : Array(sequence(first: cases[index].first) { next[$0] >= 0 ? next[$0] : nil })
                out.write("case ")
                for (number, position) in positions.enumerated() {
                    out.write(number == 0 ? "." : ", .")
                    out.write(fields[position].name)
                }
                out.write((positions.isEmpty ? "." : ", .") + names.joined(separator: ", ."))
                out.write(":")
                out.newline()
            } else {
                let positions = sequence(first: cases[index].first) { next[$0] >= 0 ? next[$0] : nil }
                out.switchCase(positions.lazy.map { fields[$0].name })
            }
            out.caseReturn { result(key, &$0) }
        }
        plan.once { out in
            if let defaultGroup {
                out.defaultCase()
                out.caseReturn { result(defaultGroup.key, &$0) }
            }
            out.closeSwitch()
        }
    }
}
