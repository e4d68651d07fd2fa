/// Decides whether a lowered condition is always true or always false (FC505) by
/// evaluating it in every possible state of the fields it reads.
///
/// Each field read has a small domain of distinguishable states: a boolean is off
/// or on; a text field is empty, equal to one of the strings the condition compares
/// it with, or anything else; a segment has one of the options the condition names,
/// another option, or (when it is optional or can be hidden) nothing selected.
/// Atoms over one field are therefore mutually exclusive where they should be
/// (`plan == 'free' and plan == 'pro'` is always false). The states are enumerated
/// only for conditions of at most `maxAtoms` distinct atoms and `maxStates` states;
/// the expression is evaluated once, over bit sets of states, so a large form of
/// hostile conditions stays fast.
enum ConditionConstancy {
    static let maxAtoms = 12
    static let maxStates = 4096

    enum Verdict: Equatable {
        case alwaysTrue
        case alwaysFalse
    }

    /// What the checker knows about one field for the purpose of this analysis.
    struct FieldFacts {
        var valueType: FieldValueType
        var options: [String]
        /// A hidden field reads as empty, so even a segment with a default may read
        /// as "nothing selected".
        var canBeHidden: Bool
    }

    /// The verdict, or nil when the condition depends on its fields (or is too big
    /// to decide).
    static func verdict(of expression: ConditionExpr, facts: (String) -> FieldFacts?) -> Verdict? {
        var atoms: [ConditionExpr] = []
        var program: [Step] = []
        guard compile(expression, atoms: &atoms, into: &program) else { return nil }

        // Each field's domain, in first-use order so the enumeration is deterministic.
        var domains: [(id: String, states: [State])] = []
        for atom in atoms {
            let id = atom.atomField
            guard !domains.contains(where: { $0.id == id }) else { continue }
            guard let fact = facts(id) else { return nil }
            domains.append((id, states(of: id, fact, atoms: atoms)))
        }
        var stateCount = 1
        for domain in domains {
            stateCount *= domain.states.count
            if stateCount > maxStates { return nil }
        }

        let words = (stateCount + 63) / 64
        var all = [UInt64](repeating: ~0, count: words)
        if stateCount % 64 != 0 { all[words - 1] = (1 << UInt64(stateCount % 64)) - 1 }

        // The state of field `i` in world `w` is digit `i` of `w` in mixed radix.
        var strides: [Int] = []
        var stride = 1
        for domain in domains {
            strides.append(stride)
            stride *= domain.states.count
        }
        // Each atom's worlds, atom after atom, `words` words each.
        var atomBits = [UInt64](repeating: 0, count: atoms.count * words)
        for (atomIndex, atom) in atoms.enumerated() {
            let field = domains.firstIndex { $0.id == atom.atomField }!
            let satisfied = domains[field].states.map { $0.satisfies(atom) }
            // The field's state is constant over runs of `stride` worlds; filling whole
            // runs a word at a time keeps this cheap for the innermost fields too.
            let stride = strides[field]
            var digit = 0
            for runStart in Swift.stride(from: 0, to: stateCount, by: stride) {
                if satisfied[digit] {
                    var low = runStart
                    let high = runStart + stride
                    while low < high {
                        let bit = low % 64
                        let count = min(64 - bit, high - low)
                        atomBits[atomIndex * words + low / 64] |= (count == 64 ? ~0 : ((1 << UInt64(count)) - 1)) << UInt64(bit)
                        low += count
                    }
                }
                digit = digit + 1 == satisfied.count ? 0 : digit + 1
            }
        }

        // Run the program over each word of worlds.
        var alwaysTrue = true
        var alwaysFalse = true
        var stack: [UInt64] = []
        stack.reserveCapacity(program.count)
        for word in 0..<words {
            for step in program {
                switch step {
                case .constant(let value): stack.append(value ? all[word] : 0)
                case .atom(let index): stack.append(atomBits[index * words + word])
                case .not: stack[stack.count - 1] = ~stack[stack.count - 1] & all[word]
                case .and: stack[stack.count - 2] &= stack.removeLast()
                case .or: stack[stack.count - 2] |= stack.removeLast()
                }
            }
            let result = stack.removeLast()
            alwaysTrue = alwaysTrue && result == all[word]
            alwaysFalse = alwaysFalse && result == 0
        }
        if alwaysTrue { return .alwaysTrue }
        if alwaysFalse { return .alwaysFalse }
        return nil
    }

    /// One step of an expression in postfix form, over the indices of its distinct
    /// atoms: evaluated with a stack of words, without hashing expressions or
    /// allocating a bit set per node.
    private enum Step {
        case constant(Bool)
        case atom(Int)
        case not
        case and
        case or
    }

    /// Appends the postfix form of `expression` to `program`, collecting its distinct
    /// atoms in first-use order; false when there are more than `maxAtoms`.
    private static func compile(_ expression: ConditionExpr, atoms: inout [ConditionExpr], into program: inout [Step]) -> Bool {
        switch expression {
        case .constant(let value):
            program.append(.constant(value))
        case .boolField, .isEmpty, .textEquals, .segmentEquals:
            if let index = atoms.firstIndex(of: expression) {
                program.append(.atom(index))
            } else {
                guard atoms.count < maxAtoms else { return false }
                atoms.append(expression)
                program.append(.atom(atoms.count - 1))
            }
        case .not(let inner):
            guard compile(inner, atoms: &atoms, into: &program) else { return false }
            program.append(.not)
        case .and(let lhs, let rhs), .or(let lhs, let rhs):
            guard compile(lhs, atoms: &atoms, into: &program), compile(rhs, atoms: &atoms, into: &program) else { return false }
            if case .and = expression { program.append(.and) } else { program.append(.or) }
        }
        return true
    }

    /// One distinguishable state of a field.
    private enum State {
        case bool(Bool)
        /// `""` is empty; nil is a non-empty text that no atom names.
        case text(String?)
        /// nil is an option that no atom names.
        case option(String?)
        case nothingSelected

        func satisfies(_ atom: ConditionExpr) -> Bool {
            switch (atom, self) {
            case (.boolField, .bool(let value)): value
            case (.isEmpty, .text(let text)): text == ""
            case (.isEmpty, .nothingSelected): true
            case (.textEquals(_, let expected), .text(let text)): text == expected
            case (.segmentEquals(_, let expected), .option(let option)): option == expected
            default: false
            }
        }
    }

    private static func states(of id: String, _ fact: FieldFacts, atoms: [ConditionExpr]) -> [State] {
        switch fact.valueType {
        case .bool:
            return [.bool(false), .bool(true)]
        // The atoms are distinct, so each value is named once.
        case .string:
            var named: [String] = []
            for case .textEquals(id, let value) in atoms where !value.isEmpty { named.append(value) }
            return [.text("")] + named.sorted().map { .text($0) } + [.text(nil)]
        case .segment(_, let optional):
            var named: [String] = []
            for case .segmentEquals(id, let value) in atoms { named.append(value) }
            var result: [State] = fact.options.filter(named.contains).map { .option($0) }
            // A name that is not an option cannot be selected; keep it out of the states.
            if fact.options.contains(where: { !named.contains($0) }) { result.append(.option(nil)) }
            if optional || fact.canBeHidden { result.append(.nothingSelected) }
            return result.isEmpty ? [.nothingSelected] : result
        }
    }
}

extension ConditionExpr {
    /// The field an atom (`boolField`, `isEmpty`, `textEquals`, `segmentEquals`) reads.
    fileprivate var atomField: String {
        switch self {
        case .boolField(let id), .isEmpty(let id), .textEquals(let id, _), .segmentEquals(let id, _): id
        case .constant, .not, .and, .or: preconditionFailure("not an atom")
        }
    }
}
