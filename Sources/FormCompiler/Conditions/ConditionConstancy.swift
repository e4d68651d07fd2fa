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
        var atoms = Set<ConditionExpr>()
        collectAtoms(expression, into: &atoms)
        guard atoms.count <= maxAtoms else { return nil }

        // Each field's domain, in first-use order so the enumeration is deterministic.
        var domains: [(id: String, states: [State])] = []
        for id in expression.fieldReferences {
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
        var strides: [String: (stride: Int, states: [State])] = [:]
        var stride = 1
        for domain in domains {
            strides[domain.id] = (stride, domain.states)
            stride *= domain.states.count
        }
        func atomBits(_ atom: ConditionExpr) -> [UInt64] {
            var bits = [UInt64](repeating: 0, count: words)
            guard let id = atom.fieldReferences.first, let field = strides[id] else { return bits }
            let satisfied = field.states.map { $0.satisfies(atom) }
            // The field's state is constant over runs of `stride` worlds; filling whole
            // runs a word at a time keeps this cheap for the innermost fields too.
            var digit = 0
            for runStart in Swift.stride(from: 0, to: stateCount, by: field.stride) {
                if satisfied[digit] {
                    var low = runStart
                    let high = runStart + field.stride
                    while low < high {
                        let bit = low % 64
                        let count = min(64 - bit, high - low)
                        bits[low / 64] |= (count == 64 ? ~0 : ((1 << UInt64(count)) - 1)) << UInt64(bit)
                        low += count
                    }
                }
                digit = digit + 1 == satisfied.count ? 0 : digit + 1
            }
            return bits
        }
        var cache: [ConditionExpr: [UInt64]] = [:]
        func evaluate(_ expression: ConditionExpr) -> [UInt64] {
            switch expression {
            case .constant(let value):
                return value ? all : [UInt64](repeating: 0, count: words)
            case .boolField, .isEmpty, .textEquals, .segmentEquals:
                if let bits = cache[expression] { return bits }
                let bits = atomBits(expression)
                cache[expression] = bits
                return bits
            case .not(let inner):
                return zip(evaluate(inner), all).map { ~$0 & $1 }
            case .and(let lhs, let rhs):
                return zip(evaluate(lhs), evaluate(rhs)).map { $0 & $1 }
            case .or(let lhs, let rhs):
                return zip(evaluate(lhs), evaluate(rhs)).map { $0 | $1 }
            }
        }
        let result = evaluate(expression)
        if result == all { return .alwaysTrue }
        if result.allSatisfy({ $0 == 0 }) { return .alwaysFalse }
        return nil
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

    private static func states(of id: String, _ fact: FieldFacts, atoms: Set<ConditionExpr>) -> [State] {
        switch fact.valueType {
        case .bool:
            return [.bool(false), .bool(true)]
        case .string:
            var named = Set<String>()
            for case .textEquals(id, let value) in atoms where !value.isEmpty { named.insert(value) }
            return [.text("")] + named.sorted().map { .text($0) } + [.text(nil)]
        case .segment(_, let optional):
            var named = Set<String>()
            for case .segmentEquals(id, let value) in atoms { named.insert(value) }
            var result: [State] = fact.options.filter(named.contains).map { .option($0) }
            // A name that is not an option cannot be selected; keep it out of the states.
            if fact.options.contains(where: { !named.contains($0) }) { result.append(.option(nil)) }
            if optional || fact.canBeHidden { result.append(.nothingSelected) }
            return result.isEmpty ? [.nothingSelected] : result
        }
    }

    private static func collectAtoms(_ expression: ConditionExpr, into atoms: inout Set<ConditionExpr>) {
        switch expression {
        case .constant: break
        case .boolField, .isEmpty, .textEquals, .segmentEquals: atoms.insert(expression)
        case .not(let inner): collectAtoms(inner, into: &atoms)
        case .and(let lhs, let rhs), .or(let lhs, let rhs):
            collectAtoms(lhs, into: &atoms)
            collectAtoms(rhs, into: &atoms)
        }
    }
}
