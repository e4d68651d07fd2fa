import FormModel

/// Decides whether a lowered condition is always true or always false (FC505) by
/// evaluating it in every possible state of the fields it reads.
///
/// Each field read has a small domain of distinguishable states: a boolean is off
/// or on; a text field is empty, equal to one of the strings the condition compares
/// it with, or anything else; a segment has one of the options the condition names,
/// another option, or (when it is optional or can be hidden) nothing selected.
/// Atoms over one field are therefore mutually exclusive where they should be
/// (`plan == 'free' and plan == 'pro'` is always false). `plan in ['a', 'b']` is
/// read as `plan == 'a' or plan == 'b'`. The atoms whose values the analysis does
/// not enumerate (a number or date compared with a literal, `count`, `contains`)
/// are each taken as free to be true or false on their own: that admits more
/// states than exist, so it may miss a constant condition but never reports a
/// condition that is not constant. The states are enumerated
/// only for conditions of at most `maxAtoms` distinct atoms and `maxStates` states;
/// the expression is evaluated once, over bit sets of states, so a large form of
/// hostile conditions stays fast.
///
/// One value checks every condition of a form in turn and keeps its scratch arrays
/// from one condition to the next, so a condition costs no allocation of its own.
struct ConditionConstancy {
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
        /// False when the decoder could not read one of the options (an option of
        /// the wrong type, reported there): `options` may lack the one a condition
        /// names, so no condition reading the field is judged, nor its option.
        var optionsAreWhole = true
        /// A hidden field reads as empty, so even a segment with a default may read
        /// as "nothing selected".
        var canBeHidden: Bool
    }

    // Scratch space, emptied for each condition.
    /// The distinct atoms, in first-use order, and the program over them.
    private var atoms: [ConditionExpr] = []
    private var program: [Step] = []
    /// The fields the atoms read, in first-use order, so that the enumeration is
    /// deterministic; `atomFields[i]` is the field of `atoms[i]`, an index into it.
    private var fields: [String] = []
    private var atomFields: [Int] = []
    /// Each field's domain: its states are `states[stateStarts[f]..<stateStarts[f + 1]]`.
    private var states: [State] = []
    private var stateStarts: [Int] = []
    /// The values a condition names for the field whose states are being made.
    private var named: [String] = []
    /// Each atom's worlds, atom after atom, `words` words each.
    private var atomBits: [UInt64] = []
    private var stack: [UInt64] = []

    /// The verdict, or nil when the condition depends on its fields (or is too big
    /// to decide).
    mutating func verdict(of expression: ConditionExpr, facts: (String) -> FieldFacts?) -> Verdict? {
        atoms.removeAll(keepingCapacity: true)
        program.removeAll(keepingCapacity: true)
        guard Self.compile(expression, atoms: &atoms, into: &program) else { return nil }

        fields.removeAll(keepingCapacity: true)
        atomFields.removeAll(keepingCapacity: true)
        states.removeAll(keepingCapacity: true)
        stateStarts.removeAll(keepingCapacity: true)
        stateStarts.append(0)
        // The state of field `f` in world `w` is digit `f` of `w` in mixed radix, so
        // the product of the fields' state counts is the number of worlds.
        var stateCount = 1
        for atom in atoms {
            guard let id = atom.atomField else {
                // An atom read as free: a pseudo-field of its own with two states.
                atomFields.append(fields.count)
                fields.append("")
                states.append(.free(false))
                states.append(.free(true))
                stateStarts.append(states.count)
                stateCount *= 2
                if stateCount > Self.maxStates { return nil }
                continue
            }
            if let field = fields.firstIndex(of: id) {
                atomFields.append(field)
                continue
            }
            guard let fact = facts(id), fact.optionsAreWhole else { return nil }
            atomFields.append(fields.count)
            fields.append(id)
            appendStates(of: id, fact)
            stateStarts.append(states.count)
            stateCount *= stateStarts[stateStarts.count - 1] - stateStarts[stateStarts.count - 2]
            if stateCount > Self.maxStates { return nil }
        }

        let words = (stateCount + 63) / 64
        /// The worlds of word `word` that exist.
        func all(_ word: Int) -> UInt64 {
            word == words - 1 && stateCount % 64 != 0 ? (1 << UInt64(stateCount % 64)) - 1 : ~0
        }

        atomBits.removeAll(keepingCapacity: true)
        atomBits.append(contentsOf: repeatElement(0, count: atoms.count * words))
        for atomIndex in atoms.indices {
            let atom = atoms[atomIndex]
            let field = atomFields[atomIndex]
            let firstState = stateStarts[field]
            let stateCountOfField = stateStarts[field + 1] - firstState
            // The field's state is constant over runs of `stride` worlds (the product of
            // the earlier fields' state counts); filling whole runs a word at a time
            // keeps this cheap for the innermost fields too.
            var stride = 1
            for earlier in 0..<field { stride *= stateStarts[earlier + 1] - stateStarts[earlier] }
            var digit = 0
            for runStart in Swift.stride(from: 0, to: stateCount, by: stride) {
                if states[firstState + digit].satisfies(atom) {
                    var low = runStart
                    let high = runStart + stride
                    while low < high {
                        let bit = low % 64
                        let count = min(64 - bit, high - low)
                        atomBits[atomIndex * words + low / 64] |= (count == 64 ? ~0 : ((1 << UInt64(count)) - 1)) << UInt64(bit)
                        low += count
                    }
                }
                digit = digit + 1 == stateCountOfField ? 0 : digit + 1
            }
        }

        // Run the program over each word of worlds.
        var alwaysTrue = true
        var alwaysFalse = true
        for word in 0..<words {
            stack.removeAll(keepingCapacity: true)
            for step in program {
                switch step {
                case .constant(let value): stack.append(value ? all(word) : 0)
                case .atom(let index): stack.append(atomBits[index * words + word])
                case .not: stack[stack.count - 1] = ~stack[stack.count - 1] & all(word)
                case .and: stack[stack.count - 2] &= stack.removeLast()
                case .or: stack[stack.count - 2] |= stack.removeLast()
                }
            }
            let result = stack.removeLast()
            alwaysTrue = alwaysTrue && result == all(word)
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
        case .segmentIn(let id, let values):
            guard let first = values.first else {
                program.append(.constant(false))
                return true
            }
            guard compile(.segmentEquals(id, optionValue: first), atoms: &atoms, into: &program) else { return false }
            for value in values.dropFirst() {
                guard compile(.segmentEquals(id, optionValue: value), atoms: &atoms, into: &program) else { return false }
                program.append(.or)
            }
        case .fieldCompare(let lhs, let op, let rhs) where lhs == rhs && (op == .notEqual || op == .less || op == .greater):
            // A field is never unequal to, below or above itself; empty, the comparison is false too.
            program.append(.constant(false))
        case .fieldCompare(let lhs, .equal, let rhs) where lhs == rhs:
            // A field equals itself unless it is empty, which makes a comparison false.
            return compile(.not(.isEmpty(lhs)), atoms: &atoms, into: &program)
        case .boolField, .isEmpty, .textEquals, .segmentEquals, .valueCompare, .countCompare, .contains, .fieldCompare:
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
        /// A state of an atom read as free (its own pseudo-field): its truth.
        case free(Bool)

        func satisfies(_ atom: ConditionExpr) -> Bool {
            switch (atom, self) {
            case (_, .free(let value)): value
            case (.boolField, .bool(let value)): value
            case (.isEmpty, .text(let text)): text == ""
            case (.isEmpty, .nothingSelected): true
            case (.textEquals(_, let expected), .text(let text)): text == expected
            case (.segmentEquals(_, let expected), .option(let option)): option == expected
            default: false
            }
        }
    }

    /// Appends the states of field `id` to `states`. The atoms are distinct, so each
    /// value is named once.
    private mutating func appendStates(of id: String, _ fact: FieldFacts) {
        named.removeAll(keepingCapacity: true)
        switch fact.valueType {
        case .bool:
            states.append(.bool(false))
            states.append(.bool(true))
        case .string:
            for case .textEquals(id, let value) in atoms where !value.isEmpty { named.append(value) }
            named.sort()
            states.append(.text(""))
            for value in named { states.append(.text(value)) }
            states.append(.text(nil))
        case .segment(_, let optional):
            for case .segmentEquals(id, let value) in atoms { named.append(value) }
            let first = states.count
            for option in fact.options where named.contains(option) { states.append(.option(option)) }
            // A name that is not an option cannot be selected; keep it out of the states.
            if fact.options.contains(where: { !named.contains($0) }) { states.append(.option(nil)) }
            if optional || fact.canBeHidden || states.count == first { states.append(.nothingSelected) }
        case .number(_, let optional), .date(_, let optional):
            // Only `isEmpty` reads these: empty, and one value that is not.
            states.append(.option(nil))
            if optional || fact.canBeHidden { states.append(.nothingSelected) }
        case .multiChoice:
            states.append(.option(nil))
            states.append(.nothingSelected)
        }
    }
}

extension ConditionExpr {
    /// The field an enumerated atom (`boolField`, `isEmpty`, `textEquals`,
    /// `segmentEquals`) reads; nil for an atom read as free.
    fileprivate var atomField: String? {
        switch self {
        case .boolField(let id), .isEmpty(let id), .textEquals(let id, _), .segmentEquals(let id, _): id
        case .valueCompare, .countCompare, .contains, .fieldCompare: nil
        case .constant, .not, .and, .or, .segmentIn: preconditionFailure("not an atom")
        }
    }
}
