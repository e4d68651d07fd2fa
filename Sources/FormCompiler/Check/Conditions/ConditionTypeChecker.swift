/// What a condition can name: the form's fields, and the other ids (groups, segues)
/// that share their namespace but hold no value.
struct ConditionScope {
    enum NonField {
        case group
        case segue

        var noun: String {
            switch self {
            case .group: "a group"
            case .segue: "a segue"
            }
        }
    }

    let symbols: SymbolTable
    /// What the constancy check needs of each field of `symbols`, by the same index.
    let facts: [ConditionConstancy.FieldFacts]
    let nonFields: [String: NonField]
    /// Each field element of the tree, in document order: the index in
    /// `symbols.fields` of its field when it is the first element of its id, else
    /// nil. Lets a later walk of the tree know its fields without hashing ids.
    let fieldElements: [Int?]

    /// The scope the form checker gathered on its walk of the tree.
    init(symbols: SymbolTable, facts: [ConditionConstancy.FieldFacts], nonFields: [String: NonField], fieldElements: [Int?]) {
        self.symbols = symbols
        self.facts = facts
        self.nonFields = nonFields
        self.fieldElements = fieldElements
    }

    /// The scope of a document and a symbol table made without the form checker:
    /// each field's facts come from the first field element of its id.
    init(document: FormDocument, symbols: SymbolTable) {
        var facts: [ConditionConstancy.FieldFacts?] = Array(repeating: nil, count: symbols.fields.count)
        var nonFields: [String: NonField] = [:]
        var fieldElements: [Int?] = []
        // Walks the tree in place rather than through `allElements`, which would copy
        // every element of the form.
        func walk(_ elements: [Element], hidden: Bool) {
            for index in elements.indices {
                let canBeHidden = hidden || elements[index].visibleWhen != nil
                switch elements[index].kind {
                case .group(let group):
                    if let id = group.id?.value, nonFields[id] == nil { nonFields[id] = .group }
                    walk(group.elements, hidden: canBeHidden)
                case .segue(let segue):
                    if nonFields[segue.id.value] == nil { nonFields[segue.id.value] = .segue }
                case .boolean, .segment, .text, .number, .date, .multiChoice:
                    guard let id = elements[index].id?.value, let field = symbols.fieldIndex(id), facts[field] == nil else {
                        fieldElements.append(nil)
                        break
                    }
                    fieldElements.append(field)
                    facts[field] = Self.facts(
                        of: elements[index].kind, valueType: symbols.fields[field].valueType, canBeHidden: canBeHidden
                    )
                case .spacer, .staticText:
                    break
                }
            }
        }
        walk(document.elements, hidden: false)
        self.init(
            symbols: symbols,
            facts: zip(facts, symbols.fields).map { $0 ?? ConditionConstancy.FieldFacts(valueType: $1.valueType, options: [], canBeHidden: false) },
            nonFields: nonFields, fieldElements: fieldElements
        )
    }

    /// The facts of a field element. `canBeHidden`: it or a group around it has a `visibleWhen`.
    static func facts(of kind: ElementKind, valueType: FieldValueType, canBeHidden: Bool) -> ConditionConstancy.FieldFacts {
        var options: [String] = []
        if case .segment(let segment) = kind { options = segment.options.map(\.value.value) }
        if case .multiChoice(let field) = kind { options = field.options.map(\.value.value) }
        return ConditionConstancy.FieldFacts(valueType: valueType, options: options, canBeHidden: canBeHidden)
    }

    /// A field as a condition sees it.
    struct Field {
        var id: String
        var valueType: FieldValueType
        /// Its index in `symbols.fields`.
        var symbol: Int
    }

    /// The field `id` names, if it names one.
    func field(_ id: String) -> Field? {
        symbols.fieldIndex(id).map { Field(id: id, valueType: facts[$0].valueType, symbol: $0) }
    }

    /// The facts of the field `id` names, if it names one.
    func facts(of id: String) -> ConditionConstancy.FieldFacts? {
        symbols.fieldIndex(id).map { facts[$0] }
    }

    /// The option values of the segment `id` names, in the order written.
    func options(of id: String) -> [String] {
        facts(of: id)?.options ?? []
    }
}

/// Resolves the names of a parsed condition, checks its types (SPEC §7) and lowers
/// it to a `ConditionExpr`. Reports FC501–FC503; collects every problem of the
/// condition rather than stopping at the first.
///
/// Typing, decided once here:
/// - a boolean field stands alone, or compares with `true`/`false`;
/// - a text field compares with a string, or goes through `isEmpty(…)`; `== ''` is
///   the same as `isEmpty(…)`;
/// - a segment compares with a string that must be one of its option values, or
///   goes through `isEmpty(…)`, which means "nothing selected";
/// - any boolean-valued expression (`isEmpty(x)`, `(a and b)`) may compare with
///   `true`/`false`; two fields never compare with each other;
/// - two literals compare to a constant (and FC505 then says the condition is constant).
struct ConditionTypeChecker {
    let scope: ConditionScope
    private(set) var problems: [ConditionProblem] = []
    /// The fields resolved so far (indices into `scope.symbols.fields`), each once,
    /// in the order first resolved. Names are resolved in the order the lowered
    /// expression lists them, and a resolved field the expression would leave out
    /// is always a problem, so for a lowered condition this is its
    /// `fieldReferences`, without looking the ids up again.
    private var reads: [Int] = []

    init(scope: ConditionScope) {
        self.scope = scope
    }

    /// The lowered condition, or its problems; the checker then starts afresh, so
    /// one checker lowers a whole run of conditions. A checker made per condition
    /// copied the scope each time, retaining and releasing each of its tables:
    /// 1.5% of a lint's CPU samples.
    mutating func lower(_ syntax: ConditionSyntax) -> Lowering {
        defer {
            problems = []
            reads = []
        }
        let expression = lowerBoolean(syntax)
        if let expression, problems.isEmpty { return .lowered(expression, reads: reads) }
        return .failed(problems)
    }

    enum Lowering {
        /// The expression and the fields it reads, in first-use order, as indices
        /// into `symbols.fields`.
        case lowered(ConditionExpr, reads: [Int])
        case failed([ConditionProblem])
    }

    /// A side of a comparison, once its name is resolved.
    private enum Operand {
        case field(ConditionScope.Field)
        case bool(Bool)
        case string(String)
        case condition(ConditionExpr)
        /// Already reported.
        case invalid
    }

    private mutating func lowerBoolean(_ syntax: ConditionSyntax) -> ConditionExpr? {
        switch syntax.kind {
        case .identifier(let id):
            guard let field = resolve(id, at: syntax.range) else { return nil }
            switch field.valueType {
            case .bool:
                return .boolField(id)
            case .string:
                report(.conditionType, "'\(id)' is a text field, not a boolean", at: syntax.range, help: [
                    "use 'not isEmpty(\(id))' to test that it has a value, or compare it with a string",
                ])
            case .segment:
                report(.conditionType, "'\(id)' is a segment, not a boolean", at: syntax.range, help: [
                    "compare it with one of its options, e.g. \(example(segment: id))",
                ])
            case .number, .date, .multiChoice:
                report(.conditionType, "\(describe(field)) is not a boolean", at: syntax.range, help: [compareHint(field)])
            }
            return nil
        case .boolLiteral(let value):
            return .constant(value)
        case .stringLiteral(let value):
            var help = ["a condition is a boolean field, a comparison or isEmpty(field)"]
            if ConditionParser.isIdentifier(value) { help = ["to read the field '\(value)', write it without quotes"] }
            report(.conditionType, "a string is not a condition", at: syntax.range, help: help)
            return nil
        case .parenthesized(let inner):
            return lowerBoolean(inner)
        case .isEmpty(let id, let argument):
            guard let field = resolve(id, at: argument) else { return nil }
            if field.valueType == .bool {
                report(
                    .conditionType, "isEmpty applies to text fields and segments; '\(id)' is a boolean",
                    at: argument, help: ["use 'not \(id)' to test that it is off"]
                )
                return nil
            }
            return .isEmpty(id)
        case .not(let inner):
            return lowerBoolean(inner).map { .not($0) }
        case .and(let lhs, let rhs):
            let left = lowerBoolean(lhs)
            let right = lowerBoolean(rhs)
            guard let left, let right else { return nil }
            return .and(left, right)
        case .or(let lhs, let rhs):
            let left = lowerBoolean(lhs)
            let right = lowerBoolean(rhs)
            guard let left, let right else { return nil }
            return .or(left, right)
        case .compare(let lhs, let op, let rhs, _):
            return lowerComparison(lhs, op, rhs, range: syntax.range)
        }
    }

    /// `comparedWith` is the other side of a comparison, if any: an unknown name
    /// compared with a text field or segment is most likely a value without quotes.
    private mutating func operand(_ syntax: ConditionSyntax, comparedWith other: ConditionSyntax? = nil) -> Operand {
        switch syntax.kind {
        case .identifier(let id):
            return resolve(id, at: syntax.range, comparedWith: other).map { .field($0) } ?? .invalid
        case .boolLiteral(let value):
            return .bool(value)
        case .stringLiteral(let value):
            return .string(value)
        case .parenthesized(let inner):
            return operand(inner, comparedWith: other)
        case .isEmpty, .not, .and, .or, .compare:
            return lowerBoolean(syntax).map { .condition($0) } ?? .invalid
        }
    }

    private mutating func lowerComparison(
        _ lhsSyntax: ConditionSyntax, _ op: ConditionSyntax.CompareOperator, _ rhsSyntax: ConditionSyntax,
        range: Range<Int>
    ) -> ConditionExpr? {
        var lhs = (operand: operand(lhsSyntax, comparedWith: rhsSyntax), range: lhsSyntax.range)
        var rhs = (operand: operand(rhsSyntax, comparedWith: lhsSyntax), range: rhsSyntax.range)
        // A literal on the left (`'pro' == plan`) reads the same as on the right.
        switch (lhs.operand, rhs.operand) {
        case (.bool, .field), (.bool, .condition), (.string, .field), (.string, .condition):
            swap(&lhs, &rhs)
        default:
            break
        }
        let positive = op == .equal
        func signed(_ expression: ConditionExpr) -> ConditionExpr { positive ? expression : .not(expression) }

        switch (lhs.operand, rhs.operand) {
        case (.invalid, _), (_, .invalid):
            return nil

        case (.field(let field), .bool(let value)):
            guard field.valueType == .bool else {
                report(
                    .conditionType, "\(describe(field)) cannot be compared with \(value)", at: rhs.range,
                    help: [compareHint(field)]
                )
                return nil
            }
            return value == positive ? .boolField(field.id) : .not(.boolField(field.id))

        case (.condition(let expression), .bool(let value)):
            return value == positive ? expression : .not(expression)

        case (.field(let field), .string(let value)):
            switch field.valueType {
            case .string:
                return signed(value.isEmpty ? .isEmpty(field.id) : .textEquals(field.id, value))
            case .segment:
                let options = scope.options(of: field.id)
                guard options.contains(value) else {
                    reportNotOption(value, of: field.id, options: options, at: rhs.range)
                    return nil
                }
                return signed(.segmentEquals(field.id, optionValue: value))
            case .bool:
                var help = ["compare it with true or false, or write it alone"]
                if value == "true" || value == "false" { help = ["write \(value) without quotes"] }
                report(.conditionType, "'\(field.id)' is a boolean and cannot be compared with a string", at: rhs.range, help: help)
                return nil
            case .number, .date, .multiChoice:
                report(.conditionType, "\(describe(field)) cannot be compared with a string", at: rhs.range, help: [compareHint(field)])
                return nil
            }

        case (.condition, .string):
            report(.conditionType, "a condition cannot be compared with a string", at: rhs.range, help: [
                "compare it with true or false",
            ])
            return nil

        case (.field(let first), .field(let second)):
            report(
                .conditionType, "cannot compare two fields ('\(first.id)' and '\(second.id)')", at: range,
                help: ["a condition compares a field with a value; combine such comparisons with 'and' or 'or'"]
            )
            return nil

        case (.field(let field), .condition), (.condition, .field(let field)):
            report(.conditionType, "cannot compare \(describe(field)) with a condition", at: range, help: [compareHint(field)])
            return nil

        case (.condition, .condition):
            report(.conditionType, "cannot compare two conditions", at: range, help: [
                "combine conditions with 'and', 'or' and 'not'",
            ])
            return nil

        case (.bool(let a), .bool(let b)):
            return .constant((a == b) == positive)

        case (.string(let a), .string(let b)):
            return .constant((a == b) == positive)

        case (.bool, .string), (.string, .bool):
            report(.conditionType, "cannot compare a boolean with a string", at: range)
            return nil

        case (.bool, _), (.string, _):
            // Swapped above: a literal is never left of a field or a condition here.
            return nil
        }
    }

    /// The field an operand names, without reporting anything.
    private func field(named syntax: ConditionSyntax) -> ConditionScope.Field? {
        switch syntax.kind {
        case .identifier(let id): scope.field(id)
        case .parenthesized(let inner): field(named: inner)
        default: nil
        }
    }

    /// The field `id` names, or nil after reporting why it names none. `other`, the
    /// other side of a comparison, is only looked at for the help of an unknown name.
    private mutating func resolve(_ id: String, at range: Range<Int>, comparedWith other: ConditionSyntax? = nil) -> ConditionScope.Field? {
        if let field = scope.field(id) {
            if !reads.contains(field.symbol) { reads.append(field.symbol) }
            return field
        }
        if let kind = scope.nonFields[id] {
            var problem = ConditionProblem(
                code: .conditionType, message: "'\(id)' is \(kind.noun), not a field: it has no value a condition can read",
                range: range, help: ["a condition reads fields: boolean, segment and text fields"]
            )
            if let declared = scope.symbols.declaration(of: id) {
                problem.fileNotes = [.init(message: "'\(id)' is declared here", range: declared)]
            }
            problems.append(problem)
            return nil
        }
        var help = Suggestions.didYouMean(id, in: scope.symbols.fields.map(\.id) + ["true", "false"])
        if help.isEmpty {
            switch id {
            case "isEmpty":
                help = ["isEmpty is a function: write isEmpty(field)"]
            case "null", "nil", "none", "empty", "None", "NULL":
                help = ["to test for an empty text or a segment with nothing selected, use isEmpty(field)"]
            default:
                if let other = other.flatMap(field(named:)), other.valueType != .bool {
                    help = ["to compare '\(other.id)' with the value '\(id)', write it in quotes: \(other.id) == '\(id)'"]
                }
            }
        }
        report(.conditionUnknownField, "unknown field '\(id)'", at: range, help: help)
        return nil
    }

    private mutating func reportNotOption(_ value: String, of id: String, options: [String], at range: Range<Int>) {
        var help: [String] = []
        if value.isEmpty {
            help.append("use isEmpty(\(id)) to test that nothing is selected")
        } else {
            help.append(contentsOf: Suggestions.didYouMean(value, in: options))
        }
        help.append("its options are " + options.map { "'\($0)'" }.joined(separator: ", "))
        report(.conditionNotOption, "'\(value)' is not an option of segment '\(id)'", at: range, help: help)
    }

    private func describe(_ field: ConditionScope.Field) -> String {
        switch field.valueType {
        case .bool: "the boolean '\(field.id)'"
        case .string: "the text field '\(field.id)'"
        case .segment: "the segment '\(field.id)'"
        case .number: "the number '\(field.id)'"
        case .date: "the date '\(field.id)'"
        case .multiChoice: "the multiple choice '\(field.id)'"
        }
    }

    private func compareHint(_ field: ConditionScope.Field) -> String {
        switch field.valueType {
        case .bool: "write '\(field.id)' alone, or compare it with true or false"
        case .string: "compare it with a string, or use isEmpty(\(field.id))"
        case .segment: "compare it with one of its options, e.g. \(example(segment: field.id))"
        case .number, .date, .multiChoice: "use isEmpty(\(field.id)) to test that it has a value"
        }
    }

    private func example(segment id: String) -> String {
        "\(id) == '\(scope.options(of: id).first ?? "value")'"
    }

    private mutating func report(_ code: DiagnosticCode, _ message: String, at range: Range<Int>, help: [String] = []) {
        problems.append(ConditionProblem(code: code, message: message, range: range, help: help))
    }
}
