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
/// - two literals compare to a constant (and FC505 then says the condition is constant);
/// - a number field compares (`==`, `!=`, `<`, `<=`, `>`, `>=`) with a number
///   literal that its type can hold (a whole number for an `Int` field);
/// - a date field compares with a quoted ISO literal of its mode, or (date and
///   instant modes) a quoted relative date; an instant never equals a relative
///   day, which is a whole day of instants;
/// - `in [...]` tests a segment or picker, `contains(…, '…')` and `count(…)` a
///   multiChoice; every option named must be one of the field's (FC503);
/// - `count(…)` compares with a whole number only.
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
    fileprivate enum Operand {
        case field(ConditionScope.Field)
        case bool(Bool)
        case string(String)
        case number(DecimalLiteral)
        /// `count(field)` of a multiChoice.
        case count(ConditionScope.Field)
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
        case .numberLiteral(let text):
            report(.conditionType, "a number is not a condition", at: syntax.range, help: [
                "compare a number field with it, e.g. 'age >= \(text)'",
            ])
            return nil
        case .count(let id, let argument):
            guard let field = resolveMultiChoice(id, at: argument, function: "count") else { return nil }
            report(.conditionType, "count(\(field.id)) is a number, not a condition", at: syntax.range, help: [
                "compare it with a number, e.g. 'count(\(field.id)) >= 1'",
            ])
            return nil
        case .contains(let id, let argument, let item):
            guard let field = resolveMultiChoice(id, at: argument, function: "contains") else { return nil }
            let options = scope.options(of: field.id)
            guard options.contains(item.value) else {
                reportNotOption(item.value, of: field, options: options, at: item.range)
                return nil
            }
            return .contains(field.id, optionValue: item.value)
        case .inList(let lhs, let items, let operatorRange):
            return lowerIn(lhs, items, operatorRange: operatorRange)
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
                    .conditionType, "isEmpty applies to fields that can be empty; '\(id)' is a boolean",
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
        case .compare(let lhs, let op, let rhs, let operatorRange):
            return lowerComparison(lhs, op, rhs, range: syntax.range, operatorRange: operatorRange)
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
        case .numberLiteral(let text):
            // The lexer only makes number tokens of what reads as a decimal.
            return DecimalLiteral(text).map { .number($0) } ?? .invalid
        case .count(let id, let argument):
            return resolveMultiChoice(id, at: argument, function: "count").map { .count($0) } ?? .invalid
        case .parenthesized(let inner):
            return operand(inner, comparedWith: other)
        case .isEmpty, .not, .and, .or, .compare, .contains, .inList:
            return lowerBoolean(syntax).map { .condition($0) } ?? .invalid
        }
    }

    private mutating func lowerComparison(
        _ lhsSyntax: ConditionSyntax, _ op: ConditionSyntax.CompareOperator, _ rhsSyntax: ConditionSyntax,
        range: Range<Int>, operatorRange: Range<Int>
    ) -> ConditionExpr? {
        var lhs = (operand: operand(lhsSyntax, comparedWith: rhsSyntax), range: lhsSyntax.range)
        var rhs = (operand: operand(rhsSyntax, comparedWith: lhsSyntax), range: rhsSyntax.range)
        var order: ConditionOrder = switch op {
        case .equal, .notEqual: .equal
        case .less: .less
        case .lessOrEqual: .lessOrEqual
        case .greater: .greater
        case .greaterOrEqual: .greaterOrEqual
        }
        // A literal on the left (`'pro' == plan`, `18 <= age`) reads the same as on the right.
        if lhs.operand.isLiteral, !rhs.operand.isLiteral {
            swap(&lhs, &rhs)
            order = order.mirrored
        }
        let positive = op != .notEqual
        func signed(_ expression: ConditionExpr) -> ConditionExpr { positive ? expression : .not(expression) }

        switch lhs.operand {
        case .invalid:
            return nil
        case .field(let field) where field.valueType.isOrdered:
            if case .invalid = rhs.operand { return nil }
            return lowerValueComparison(field, order, rhs: rhs, range: range).map(signed)
        case .count(let field):
            if case .invalid = rhs.operand { return nil }
            guard case .number(let value) = rhs.operand else {
                report(.conditionType, "count(\(field.id)) compares with a whole number", at: rhs.range, help: [
                    "write it as 'count(\(field.id)) >= 2'",
                ])
                return nil
            }
            guard let count = Self.wholeNumber(value) else {
                report(.conditionType, "count(\(field.id)) is a whole number; \(value) is not", at: rhs.range)
                return nil
            }
            return signed(.countCompare(field.id, order, count))
        case .number(let a):
            if case .number(let b) = rhs.operand { return .constant(Self.holds(order, a, b) == positive) }
        default:
            break
        }
        if order != .equal {
            if case .invalid = rhs.operand { return nil }
            var help = ["'\(op.rawValue)' compares numbers, dates and times"]
            if case .field(let field) = lhs.operand { help.append(compareHint(field)) }
            report(.conditionType, "\(describe(lhs.operand)) cannot be ordered with '\(op.rawValue)'", at: operatorRange, help: help)
            return nil
        }

        switch (lhs.operand, rhs.operand) {
        case (.invalid, _), (_, .invalid):
            return nil

        case (_, .number), (_, .count), (.number, _), (.count, _):
            report(.conditionType, "\(describe(lhs.operand)) cannot be compared with \(describe(rhs.operand))", at: rhs.range, help: {
                if case .field(let field) = lhs.operand { return [compareHint(field)] }
                return []
            }())
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
                    reportNotOption(value, of: field, options: options, at: rhs.range)
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

    /// `field <order> literal` for a number or date field; nil after reporting.
    private mutating func lowerValueComparison(
        _ field: ConditionScope.Field, _ order: ConditionOrder, rhs: (operand: Operand, range: Range<Int>), range: Range<Int>
    ) -> ConditionExpr? {
        switch (field.valueType, rhs.operand) {
        case (.number(let decimal, _), .number(let value)):
            guard value.digits.count <= 18 else {
                report(.conditionType, "\(value) has too many digits to compare with '\(field.id)'", at: rhs.range, help: [
                    "a number in a condition has at most 18 digits",
                ])
                return nil
            }
            if !decimal, !value.isInteger {
                report(.conditionType, "'\(field.id)' holds whole numbers; \(value) is not one", at: rhs.range, help: [
                    "compare it with a whole number, or give the field 'decimals'",
                ])
                return nil
            }
            return .valueCompare(field.id, order, .number(value))
        case (.number, .string(let text)):
            var help = [compareHint(field)]
            if DecimalLiteral(text) != nil { help = ["write the number without quotes: \(field.id) \(order.rawValue) \(text)"] }
            report(.conditionType, "\(describe(field)) cannot be compared with a string", at: rhs.range, help: help)
            return nil
        case (.date(let mode, _), .string(let text)):
            if let value = DateValue(text, mode: mode) { return .valueCompare(field.id, order, .date(value)) }
            if mode != .time, let relative = RelativeDateLiteral(text) {
                guard mode == .date || order != .equal else {
                    report(.conditionType, "an instant cannot equal the day '\(text)'", at: rhs.range, help: [
                        "'\(field.id)' holds a date and time; compare it with '<', '<=', '>' or '>=', or with an instant such as '2026-01-31T09:30:00Z'",
                    ])
                    return nil
                }
                return .valueCompare(field.id, order, .relative(relative))
            }
            let (message, help) = Self.dateLiteralProblem(text, for: field.id, mode: mode)
            report(.conditionType, message, at: rhs.range, help: help)
            return nil
        case (.date(let mode, _), .number):
            let example = switch mode {
            case .date: "'2026-01-31' or 'today-18y'"
            case .time: "'09:30'"
            case .dateTime: "'2026-01-31T09:30:00Z' or 'today'"
            }
            report(.conditionType, "\(describe(field)) cannot be compared with a number", at: rhs.range, help: [
                "write a \(mode == .time ? "time" : "date") in quotes, e.g. \(example)",
            ])
            return nil
        default:
            report(.conditionType, "\(describe(field)) cannot be compared with \(describe(rhs.operand))", at: rhs.operand.isLiteral ? rhs.range : range, help: [
                compareHint(field),
            ])
            return nil
        }
    }

    /// Why `text` is not a literal of a date field of `mode`: the message and help of an FC502.
    static func dateLiteralProblem(_ text: String, for id: String, mode: DateMode) -> (String, [String]) {
        let holds = switch mode {
        case .date: "a date (YYYY-MM-DD)"
        case .time: "a time of day (HH:mm)"
        case .dateTime: "a date and time (YYYY-MM-DDTHH:mm:ssZ)"
        }
        let relativeHelp = mode == .time ? [] : ["or a day relative to today: 'today', 'today-18y', 'today+30d' (units d, w, m, y)"]
        let what: String? = if DateLiteral(text) != nil {
            "a date"
        } else if TimeLiteral(text) != nil {
            "a time"
        } else if DateTimeLiteral(text) != nil {
            "a date and time"
        } else if RelativeDateLiteral(text) != nil {
            "a day relative to today"
        } else {
            nil
        }
        if let what {
            return ("'\(text)' is \(what), but '\(id)' holds \(holds)", ["write \(holds)"] + relativeHelp)
        }
        if DateLiteral.looksLikeDate(text) || (text.count >= 10 && DateLiteral.looksLikeDate(String(text.prefix(10)))) {
            return ("'\(text)' is not a real date", ["write an existing day as YYYY-MM-DD"])
        }
        if text.count == 5, text.dropFirst(2).first == ":" {
            return ("'\(text)' is not a real time", ["write a time from 00:00 to 23:59"])
        }
        if text.hasPrefix("today") {
            return ("'\(text)' is not a relative date", ["write 'today', 'today-18y' or 'today+30d' (units d, w, m, y)"])
        }
        return ("'\(text)' is not \(holds)", ["'\(id)' compares with \(holds)"] + relativeHelp)
    }

    /// `FIELD in ['a', 'b']` for a segment or picker; nil after reporting.
    private mutating func lowerIn(
        _ lhs: ConditionSyntax, _ items: [ConditionSyntax.ListItem], operatorRange: Range<Int>
    ) -> ConditionExpr? {
        let left = operand(lhs)
        guard case .field(let field) = left else {
            if case .invalid = left { return nil }
            report(.conditionType, "'in' needs a segment or picker field on its left", at: lhs.range, help: [
                "write it as plan in ['pro', 'team']",
            ])
            return nil
        }
        guard case .segment = field.valueType else {
            var help = ["'in' tests whether a segment or picker has one of the options listed"]
            if case .multiChoice = field.valueType { help = ["use contains(\(field.id), '\(items[0].value)') to test one option"] }
            report(.conditionType, "\(describe(field)) cannot be tested with 'in'", at: operatorRange, help: help)
            return nil
        }
        let options = scope.options(of: field.id)
        var valid = true
        for item in items where !options.contains(item.value) {
            reportNotOption(item.value, of: field, options: options, at: item.range)
            valid = false
        }
        guard valid else { return nil }
        // In option order, each once: the same set always reads (and is emitted) the same way.
        return .segmentIn(field.id, optionValues: options.filter { option in items.contains { $0.value == option } })
    }

    /// The multiChoice field `id` names, or nil after reporting; `function` is `count` or `contains`.
    private mutating func resolveMultiChoice(_ id: String, at range: Range<Int>, function: String) -> ConditionScope.Field? {
        guard let field = resolve(id, at: range) else { return nil }
        guard case .multiChoice = field.valueType else {
            var help = ["\(function) reads a multiChoice field"]
            if case .segment = field.valueType {
                help = ["to test a segment or picker, write \(example(segment: field.id)) or \(field.id) in ['…']"]
            }
            report(.conditionType, "\(function) applies to multiple choice fields; \(describe(field)) is not one", at: range, help: help)
            return nil
        }
        return field
    }

    /// A number literal as a whole `Int`, if it is one.
    private static func wholeNumber(_ value: DecimalLiteral) -> Int? {
        value.digits.count <= 18 ? value.integerValue : nil
    }

    /// `a <order> b` for two literals.
    private static func holds(_ order: ConditionOrder, _ a: DecimalLiteral, _ b: DecimalLiteral) -> Bool {
        switch order {
        case .equal: a == b
        case .less: a < b
        case .lessOrEqual: a <= b
        case .greater: a > b
        case .greaterOrEqual: a >= b
        }
    }

    private func describe(_ operand: Operand) -> String {
        switch operand {
        case .field(let field): describe(field)
        case .bool(let value): "\(value)"
        case .string: "a string"
        case .number: "a number"
        case .count(let field): "count(\(field.id))"
        case .condition: "a condition"
        case .invalid: "a value"
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
                range: range, help: ["a condition reads the values of fields"]
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

    private mutating func reportNotOption(_ value: String, of field: ConditionScope.Field, options: [String], at range: Range<Int>) {
        let id = field.id
        var help: [String] = []
        if value.isEmpty {
            help.append("use isEmpty(\(id)) to test that nothing is selected")
        } else {
            help.append(contentsOf: Suggestions.didYouMean(value, in: options))
        }
        help.append("its options are " + options.map { "'\($0)'" }.joined(separator: ", "))
        let noun = if case .multiChoice = field.valueType { "multiple choice" } else { "segment" }
        report(.conditionNotOption, "'\(value)' is not an option of \(noun) '\(id)'", at: range, help: help)
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
        case .number: "compare it with a number, e.g. '\(field.id) >= 18', or use isEmpty(\(field.id))"
        case .date(let mode, _):
            switch mode {
            case .date: "compare it with a date in quotes, e.g. \(field.id) <= 'today-18y', or use isEmpty(\(field.id))"
            case .time: "compare it with a time in quotes, e.g. \(field.id) >= '09:30', or use isEmpty(\(field.id))"
            case .dateTime: "compare it with an instant in quotes, e.g. \(field.id) >= '2026-01-31T09:30:00Z', or use isEmpty(\(field.id))"
            }
        case .multiChoice: "use contains(\(field.id), 'option'), count(\(field.id)) >= 1 or isEmpty(\(field.id))"
        }
    }

    private func example(segment id: String) -> String {
        "\(id) == '\(scope.options(of: id).first ?? "value")'"
    }

    private mutating func report(_ code: DiagnosticCode, _ message: String, at range: Range<Int>, help: [String] = []) {
        problems.append(ConditionProblem(code: code, message: message, range: range, help: help))
    }
}

extension ConditionTypeChecker.Operand {
    /// A value written in the condition rather than read from the form.
    var isLiteral: Bool {
        switch self {
        case .bool, .string, .number: true
        case .field, .count, .condition, .invalid: false
        }
    }
}

extension FieldValueType {
    /// Whether conditions may order its values (`<`, `<=`, `>`, `>=`): numbers, dates and times.
    var isOrdered: Bool {
        switch self {
        case .number, .date: true
        case .string, .bool, .segment, .multiChoice: false
        }
    }
}
