import FormModel

// The conditions' Swift (SPEC §7, §10): the helpers' names and heads, and the
// pieces of a condition's expression. `FormTranslator.writeCondition` says which
// pieces, in which order; these spell them, with the parentheses the position
// of each needs (`ConditionPosition`).

/// A condition helper's name: `isCompanyVisible` (over a `Values` snapshot) or
/// `isVisible_Company` (over the form's live values).
struct ConditionHelperName {
    let prefix: StaticString
    let key: String
    let suffix: StaticString
}

/// Where a condition reads the fields: a `Values` snapshot (the static helpers,
/// from any isolation domain) or the form's live `FormValue`s (the instance
/// helpers: a renderer asking every element costs no snapshot).
enum ConditionSource {
    case snapshot, live
}

/// The binary operators a condition's Swift uses.
enum SwiftOperator: Equatable {
    case and, or, equal
    /// `<`, `<=`, `>`, `>=`
    case compare
}

/// The operator at the top of a condition's Swift: what decides whether it needs
/// parentheses where it goes.
enum ConditionShape {
    /// A name, a member, a call or a literal.
    case atom
    /// `!x`
    case not
    case binary(SwiftOperator)
}

/// Where a condition's Swift goes.
enum ConditionPosition {
    /// A statement's whole expression.
    case whole
    /// After `!`.
    case negated
    /// An operand of a binary operator.
    case operand(of: SwiftOperator)

    /// The operand of `!` gets parentheses when it is compound, and the operand
    /// of a binary operator when it is another binary operator, unless both are
    /// the same `&&` or `||`: no reader of the generated code has to know Swift's
    /// precedence.
    func needsParentheses(around shape: ConditionShape) -> Bool {
        switch (self, shape) {
        case (.whole, _), (_, .atom): false
        case (.negated, _): true
        case (.operand, .not): false
        case (.operand(let outer), .binary(let inner)): !(inner == outer && (outer == .and || outer == .or))
        }
    }
}

extension SwiftRenderer {
    mutating func write(_ name: ConditionHelperName) {
        write(name.prefix)
        write(name.key)
        write(name.suffix)
    }

    /// `private nonisolated static func isCompanyVisible(_ values: Values) -> Bool {`
    /// (with `_ context: ValidationContext` when a condition reads `today`) or
    /// `private func isVisible_Company() -> Bool {`: the body follows, then `closeBody()`.
    mutating func openConditionHelper(_ name: ConditionHelperName, from source: ConditionSource, readsToday: Bool) {
        beginMember(sort: nil)
        switch source {
        case .snapshot:
            write("private nonisolated static func ")
            write(name)
            write(readsToday ? "(_ values: Values, _ context: ValidationContext) -> Bool" : "(_ values: Values) -> Bool")
        case .live:
            write("private func ")
            write(name)
            write("() -> Bool")
        }
        openBody()
    }

    /// `isCompanyVisible(values)` (`(values, context)` when a condition reads
    /// `today`) or `isVisible_Company()`.
    mutating func conditionHelperCall(_ name: ConditionHelperName, from source: ConditionSource, readsToday: Bool) {
        write(name)
        switch source {
        case .snapshot: write(readsToday ? "(values, context)" : "(values)")
        case .live: write("()")
        }
    }

    /// What `body` writes, in parentheses when an expression of `shape` needs them at `position`.
    mutating func parenthesized(_ shape: ConditionShape, at position: ConditionPosition, _ body: (inout SwiftRenderer) -> Void) {
        let wrap = position.needsParentheses(around: shape)
        if wrap { write("(") }
        body(&self)
        if wrap { write(")") }
    }

    /// A field's value: `values.email` or `email.value`.
    mutating func conditionRead(_ id: String, from source: ConditionSource) {
        switch source {
        case .snapshot:
            write("values.")
            write(id)
        case .live:
            write(id)
            write(".value")
        }
    }

    /// ` && `, ` || ` or ` == `, between two operands.
    mutating func binaryOperator(_ op: SwiftOperator) {
        switch op {
        case .and: write(" && ")
        case .or: write(" || ")
        case .equal: write(" == ")
        case .compare: preconditionFailure("a comparison is written with its order: comparison(_:)")
        }
    }

    /// ` >= `: the operator of `order`, between two operands.
    mutating func comparison(_ order: ConditionOrder) {
        write(" ")
        write(order.rawValue)
        write(" ")
    }

    /// `!`, before its operand.
    mutating func negation() {
        write("!")
    }

    /// ` == nil`, after a value: it is empty.
    mutating func isNilTest() {
        write(" == nil")
    }

    /// `.isEmpty`, after a text or a set of options.
    mutating func isEmptyTest() {
        write(".isEmpty")
    }

    /// How many options of `id` are chosen: `values.tags.count` from a snapshot,
    /// whose `FormChoices` storage holds each once; `Set(tags.value).count` live, where
    /// app code may have assigned an option twice (SPEC §10: no repeats).
    mutating func chosenCount(_ id: String, from source: ConditionSource) {
        if source == .live { write("Set(") }
        conditionRead(id, from: source)
        write(source == .live ? ").count" : ".count")
    }

    /// `.contains(x)`, after a set of options, `element` writing `x`.
    mutating func containsCall(_ element: (inout SwiftRenderer) -> Void) {
        write(".contains(")
        element(&self)
        write(")")
    }

    /// `(condition ? value : otherwise)`.
    mutating func conditional(
        _ condition: (inout SwiftRenderer) -> Void, then value: (inout SwiftRenderer) -> Void,
        else otherwise: (inout SwiftRenderer) -> Void
    ) {
        write("(")
        condition(&self)
        write(" ? ")
        value(&self)
        write(" : ")
        otherwise(&self)
        write(")")
    }

    /// `FormComparison.holds(lhs, .less, rhs)`: two fields compared (SPEC §16).
    mutating func fieldComparison(
        _ op: FieldComparison, lhs: (inout SwiftRenderer) -> Void, rhs: (inout SwiftRenderer) -> Void
    ) {
        write("FormComparison.holds(")
        lhs(&self)
        switch op {
        case .equal: write(", .equal, ")
        case .notEqual: write(", .notEqual, ")
        case .less: write(", .less, ")
        case .lessOrEqual: write(", .lessOrEqual, ")
        case .greater: write(", .greater, ")
        case .greaterOrEqual: write(", .greaterOrEqual, ")
        }
        rhs(&self)
        write(")")
    }

    /// A whole number as a `Decimal`: `Decimal(x)`, or `x.map { Decimal($0) }` for an optional.
    mutating func decimalConversion(isOptional: Bool, _ value: (inout SwiftRenderer) -> Void) {
        if isOptional {
            value(&self)
            write(".map { Decimal($0) }")
        } else {
            write("Decimal(")
            value(&self)
            write(")")
        }
    }

    /// `Plan.pro`: a case of the enum `enumName`.
    mutating func enumCase(_ caseName: String, of enumName: String) {
        write(enumName)
        write(".")
        write(caseName)
    }

    /// `.map { $0 >= 18 } == true`, after an optional: the comparison holds for a
    /// value, and is false for `nil` (Swift has no `<` between optionals).
    mutating func mappedComparison(_ order: ConditionOrder, _ value: (inout SwiftRenderer) -> Void) {
        write(".map { $0")
        comparison(order)
        value(&self)
        write(" } == true")
    }

    /// The literal side of a number or date comparison as Swift. A relative date
    /// is counted from `context.today`; against an instant it is the day's first
    /// instant for `<` and `>=`, its last for `<=` and `>`, so that `<= 'today'`
    /// takes in all of today and `< 'today'` none of it.
    mutating func conditionLiteral(_ value: ConditionValue, order: ConditionOrder, for fieldType: FieldValueType?) {
        switch value {
        case .number(let number):
            var decimal = false
            if case .number(let isDecimal, _)? = fieldType { decimal = isDecimal }
            literal(.number(number, decimal: decimal))
        case .date(let date):
            literal(.date(date))
        case .relative(let relative):
            let isMax = order == .lessOrEqual || order == .greater
            bound(relative.description, for: fieldType ?? .date(.date, optional: true), isMax: isMax)
        }
    }
}
