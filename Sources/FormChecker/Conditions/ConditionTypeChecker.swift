import FormModel
import FormSource

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
    /// The field elements (indices into `scope.fieldElements`) the lowered
    /// condition cannot read (FC504): the field whose `visibleWhen` or
    /// `enabledWhen` it is, or the fields inside the group or page whose
    /// `visibleWhen` it is. A did-you-mean never names them.
    var ownerElements: Range<Int> = 0..<0
    private(set) var problems: [ConditionProblem] = []
    /// The fields resolved so far (indices into `scope.symbols.fields`), each once,
    /// in the order first resolved. Names are resolved in the order the lowered
    /// expression lists them, and a resolved field the expression would leave out
    /// is always a problem, so for a lowered condition this is its
    /// `fieldReferences`, without looking the ids up again.
    private var reads: [Int] = []

    /// The format of the form's file, whose syntax a help writes keys in.
    let format: SourceFormat

    init(scope: ConditionScope, format: SourceFormat) {
        self.format = format
        self.scope = scope
    }

    /// The lowered condition, or its problems; the checker then starts afresh, so
    /// one checker lowers a whole run of conditions, and the scope is not copied
    /// (each of its tables retained and released) per condition.
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
    enum Operand {
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
            if field.valueType != .bool, let outer = scope.symbols.hiddenOuterField?(id)?.field, outer.valueType == .bool {
                // An entry's own field named as the form's switch (SPEC §14): the entry's comes first.
                var problem = ConditionProblem(
                    code: .conditionType, message: "\(describe(field)) of the entry is not a boolean", range: syntax.range,
                    help: [DiagnosticHelp(RuleChecker.hiddenOuterHelp(id, what: "switch"))]
                )
                problem.fileNotes = [.init(message: RuleChecker.hiddenOuterNote(id), range: outer.range)]
                problems.append(problem)
                return nil
            }
            switch field.valueType {
            case .bool:
                return .boolField(id)
            case .string:
                report(.conditionType, "'\(id)' is a text field, not a boolean", at: syntax.range, help: [
                    "use 'not isEmpty(\(id))' to test that it has a value, or compare it with a string",
                ])
            case .segment:
                report(.conditionType, "'\(id)' is a single choice, not a boolean", at: syntax.range, help: [
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
            report(.conditionType, "a string is not a condition", at: syntax.range, help: [stringHelp(value)])
            return nil
        case .parenthesized(let inner):
            return lowerBoolean(inner)
        case .isEmpty(let id, let argument):
            guard let field = resolve(id, at: argument, function: "isEmpty") else { return nil }
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

    /// `comparedWith` is the other side of a comparison, if any, and the operator
    /// as `other op syntax` reads: an unknown name compared with a field that is no
    /// boolean is most likely a value without quotes.
    /// `function`: `in` for the left side of `FIELD in [...]`.
    mutating func operand(
        _ syntax: ConditionSyntax, comparedWith other: (syntax: ConditionSyntax, op: FieldComparison)? = nil,
        function: String? = nil
    ) -> Operand {
        switch syntax.kind {
        case .identifier(let id):
            return resolve(id, at: syntax.range, comparedWith: other, function: function).map { .field($0) } ?? .invalid
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

    /// The multiChoice field `id` names, or nil after reporting; `function` is `count` or `contains`.
    private mutating func resolveMultiChoice(_ id: String, at range: Range<Int>, function: String) -> ConditionScope.Field? {
        guard let field = resolve(id, at: range, function: function) else { return nil }
        guard case .multiChoice = field.valueType else {
            var help: [DiagnosticHelp] = ["\(function) reads a multiChoice field"]
            if case .segment = field.valueType {
                help = ["to test a segment or picker, write \(example(segment: field.id)) or \(field.id) in ['…']"]
            }
            report(.conditionType, "\(function) applies to multiple choice fields; \(describe(field)) is not one", at: range, help: help)
            return nil
        }
        return field
    }

    /// The field an operand names, without reporting anything.
    private func field(named syntax: ConditionSyntax) -> ConditionScope.Field? {
        if case .identifier(let id) = Self.unparenthesized(syntax).kind { scope.field(id) } else { nil }
    }

    /// The help for a string where a condition belongs: a field's name in quotes,
    /// or an option (`plan == 'a' or 'b'`), whose field must be named again.
    @inline(never)
    private func stringHelp(_ value: String) -> DiagnosticHelp {
        if ConditionParser.isIdentifier(value), scope.field(value) != nil {
            return .write(value, line: "to read the field '\(value)', write it without quotes", title: "Remove the quotes")
        }
        for (index, field) in scope.symbols.fields.enumerated() where scope.facts[index].options.contains(value) {
            switch scope.facts[index].valueType {
            case .multiChoice:
                let literal = value.contains("'") ? "\"\(value)\"" : "'\(value)'"
                let call = "contains(\(field.id), \(literal))"
                let line = "to test whether \(literal) is chosen, write \(call)"
                return value.contains("'") && value.contains("\"") ? DiagnosticHelp(line) : .write(call, line: line)
            default:
                return "to test for the option '\(value)', name the field again: \(field.id) == '\(value)', or \(field.id) in [..., '\(value)']"
            }
        }
        return "a condition is a boolean field, a comparison or isEmpty(field)"
    }

    /// The fields a did-you-mean may name: all but those the condition cannot read (`ownerElements`).
    @inline(never)
    private func didYouMeanFields(fitting fits: (FieldValueType) -> Bool) -> [String] {
        let owners = Set(ownerElements.compactMap { scope.fieldElements[$0] })
        let fields = scope.symbols.fields
        return fields.indices.filter { !owners.contains($0) && fits(fields[$0].valueType) }.map { fields[$0].id }
    }

    /// The field `id` names, or nil after reporting why it names none. `other`, the
    /// other side of a comparison, and `function`, the call `id` is the argument of
    /// (`count`, `isEmpty`, `contains`) or `in`, are only looked at for the help:
    /// a did-you-mean names only a field that fits there (`fitting`).
    private mutating func resolve(
        _ id: String, at range: Range<Int>, comparedWith other: (syntax: ConditionSyntax, op: FieldComparison)? = nil,
        function: String? = nil
    ) -> ConditionScope.Field? {
        if let field = scope.field(id) {
            if !reads.contains(field.symbol) { reads.append(field.symbol) }
            return field
        }
        if let kind = scope.nonFields[id] {
            // A list is a field of the form (SPEC §14), but its value is its entries.
            var problem = kind == .list
                ? ConditionProblem(
                    code: .conditionType, message: "'\(id)' is a list: a condition cannot read its entries", range: range,
                    help: function == "count" || function == "isEmpty"
                        ? [DiagnosticHelp(Self.listCountHelp)]
                        : ["a condition reads the values of the form's other fields; inside the list, an entry's conditions read its own fields"]
                )
                : ConditionProblem(
                    code: .conditionType, message: "'\(id)' is \(kind.noun), not a field: it has no value a condition can read",
                    range: range, help: ["a condition reads the values of fields"]
                )
            if let declared = scope.symbols.declaration(of: id) {
                problem.fileNotes = [.init(message: "'\(id)' is declared here", range: declared)]
            }
            problems.append(problem)
            return nil
        }
        // Hidden by a mistake reported where it was made (an element of an unknown kind).
        if scope.symbols.isExplainedElsewhere(id) { return nil }
        let candidates = didYouMeanFields(fitting: fitting(comparedWith: other, function: function))
        if let list = scope.symbols.entryFieldLists[id] {
            report(
                .conditionUnknownField, "'\(id)' is a field of the entries of list '\(list)': only that list's entries can name it",
                at: range,
                help: ["only the conditions inside a list's entries read their fields: not the list's own visibleWhen or enabledWhen, the form's other elements, or another list's entries"]
                    + Suggestions.didYouMean(id, in: candidates)
            )
            return nil
        }
        var help = Suggestions.didYouMean(id, in: candidates + ["true", "false"])
        var fixRange: Range<Int>?
        if help.isEmpty {
            switch id {
            case "isEmpty":
                help = ["isEmpty is a function: write isEmpty(field)"]
            case "null", "nil", "none", "empty", "None", "NULL":
                // `country != nil`: the whole comparison is the test, written as a call.
                if let other, let field = field(named: other.syntax), field.valueType == .bool {
                    help = ["a boolean is true or false, never empty: write \(field.id) or not \(field.id)"]
                } else if let other, let field = field(named: other.syntax), other.op == .equal || other.op == .notEqual {
                    let test = other.op == .equal ? "isEmpty(\(field.id))" : "not isEmpty(\(field.id))"
                    help = [.write(test, line: "to test whether '\(field.id)' has a value, write \(test) in place of the comparison")]
                    fixRange = min(range.lowerBound, other.syntax.range.lowerBound)..<max(range.upperBound, other.syntax.range.upperBound)
                } else {
                    help = ["to test for an empty text or a segment with nothing selected, use isEmpty(field)"]
                }
            default:
                if let other, let field = field(named: other.syntax), field.valueType.comparesWithText || (field.valueType.isDate && id.hasPrefix("today")) {
                    help = [
                        .quote(
                            id, line: "to compare '\(field.id)' with the value '\(id)', write it in quotes: \(field.id) \(other.op.rawValue) '\(id)'",
                            title: "Write '\(id)' in quotes"
                        ),
                    ]
                } else if ["yes", "no", "on", "off", "true", "false"].contains(id.lowercased()) {
                    // YAML 1.1's booleans, and capitalised ones: the condition language has `true` and `false`.
                    let meant = ["yes", "on", "true"].contains(id.lowercased()) ? "true" : "false"
                    help = [.write(meant, line: "write \(meant): the condition language's booleans are true and false", title: "Write \(meant)")]
                }
            }
        }
        if help.isEmpty {
            // A near name of a field that does not fit is told, without a fix
            // (which would be FC502); the list names the fields that fit.
            let near = Suggestions.closest(to: id, in: didYouMeanFields { _ in true }).flatMap { scope.field($0) }
            if let near {
                help.append(DiagnosticHelp("\(describe(near)) has a name like it, but cannot stand here: \(fitsNot(near, comparedWith: other, function: function))"))
            } else {
                help += scope.symbols.unreachableFieldHelp(id, candidates: candidates, what: "a condition")
            }
            help.append(Self.noField(named: id, candidates: candidates))
        }
        report(.conditionUnknownField, "unknown field '\(id)'", at: range, help: help, fixRange: fixRange)
        return nil
    }

    /// Why `field` cannot stand where `fitting` said it cannot.
    private func fitsNot(
        _ field: ConditionScope.Field, comparedWith other: (syntax: ConditionSyntax, op: FieldComparison)?, function: String?
    ) -> String {
        switch function {
        case "count", "contains": return "\(function ?? "") reads a multiple choice"
        case "isEmpty": return "a boolean is never empty"
        case "in": return "'in' tests a segment or picker"
        default: break
        }
        guard let other else { return "a condition on its own is a boolean field" }
        if other.op != .equal, other.op != .notEqual, !field.valueType.isOrdered {
            return "'<', '<=', '>' and '>=' compare numbers, dates and times"
        }
        let side = switch Self.unparenthesized(other.syntax).kind {
        case .identifier(let id): scope.field(id).map(describe) ?? "'\(id)'"
        case .numberLiteral: "a number"
        case .stringLiteral: "a string"
        case .boolLiteral: "true or false"
        default: "the other side"
        }
        return "it cannot be compared with \(side)"
    }

    /// The operand inside any parentheses around it.
    static func unparenthesized(_ syntax: ConditionSyntax) -> ConditionSyntax {
        if case .parenthesized(let inner) = syntax.kind { unparenthesized(inner) } else { syntax }
    }

    /// Whether a field of a type may stand where `resolve` looks for one, so that
    /// a did-you-mean's fix is no error of another kind (FC502): the argument of
    /// `function` (or the left side of `in`), a side of a comparison with
    /// `other`, else a condition on its own, a boolean. Asked of every field of
    /// the form for each unknown name: what it needs of the condition is looked
    /// up once, here, and the test holds only that.
    private func fitting(
        comparedWith other: (syntax: ConditionSyntax, op: FieldComparison)?, function: String?
    ) -> (FieldValueType) -> Bool {
        switch function {
        case "count", "contains": return { if case .multiChoice = $0 { true } else { false } }
        case "isEmpty": return { $0 != .bool }
        case "in": return { if case .segment = $0 { true } else { false } }
        default: break
        }
        guard let other else { return { $0 == .bool } }
        let ordered = other.op != .equal && other.op != .notEqual
        let fitsOtherSide: (FieldValueType) -> Bool = switch Self.unparenthesized(other.syntax).kind {
        case .identifier(let id):
            if let otherType = scope.field(id)?.valueType { { $0.compares(with: otherType) } } else { { _ in true } }
        case .numberLiteral: { if case .number = $0 { true } else { false } }
        case .stringLiteral: { $0.comparesWithText || $0.isDate }
        case .boolLiteral: { $0 == .bool }
        default: { _ in true }
        }
        return { (!ordered || $0.isOrdered) && fitsOtherSide($0) }
    }

    /// The help for `count(list)` and `isEmpty(list)`, however written.
    static let listCountHelp = "a condition cannot count a list's entries: remove it; to require entries, give the list 'minItems'"

    /// The help for a name that is no field and like none: the fields a condition
    /// can read in its place, the first few in document order.
    /// `candidates`: the fields of a type that fits where the name is (`fitting`).
    static func noField(named id: String, candidates: [String]) -> DiagnosticHelp {
        guard !candidates.isEmpty else { return "no field has the id '\(id)': declare one, or remove the condition" }
        let shown = 8
        let more = candidates.count > shown ? " and \(candidates.count - shown) more" : ""
        return "no field has the id '\(id)'; those that fit here are \(candidates.prefix(shown).joined(separator: ", "))\(more)"
    }

    /// `fixRange`: what the help's fix replaces, when more than `range` (`ConditionProblem.fixRange`).
    mutating func report(
        _ code: DiagnosticCode, _ message: String, at range: Range<Int>, help: [DiagnosticHelp] = [], fixRange: Range<Int>? = nil
    ) {
        problems.append(ConditionProblem(code: code, message: message, range: range, help: help, fixRange: fixRange))
    }

    /// A problem made whole by the caller (with notes elsewhere in the file).
    mutating func report(_ problem: ConditionProblem) {
        problems.append(problem)
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
    /// Whether a condition compares the field with a quoted text: a text's value,
    /// a segment's or picker's option.
    fileprivate var comparesWithText: Bool {
        switch self {
        case .string, .segment: true
        case .bool, .number, .date, .multiChoice: false
        }
    }
}
