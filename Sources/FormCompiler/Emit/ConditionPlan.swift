/// Which `visibleWhen`/`enabledWhen` helpers a form needs, and which helper
/// decides each element (SPEC §7).
///
/// An element is visible when its own condition and every enclosing group's hold;
/// the same goes for enabled. Each element with a condition of its own gets one
/// static helper over `Values` (`isCompanyVisible`), which first asks the helper of
/// the nearest enclosing group that has one. An element without a condition uses
/// that group helper directly, and an element with no condition around it at all
/// has none: it is always visible (or enabled).
struct ConditionPlan {
    struct Helper {
        /// Which condition it decides.
        var role: Role
        /// `Company`: what names the helper (`key(id:at:)`). The names are
        /// written from it where they go, not made here: a large form has
        /// thousands of helpers, and two longer strings each were two allocations.
        var key: String
        /// The helper of the nearest enclosing group with a condition (an index
        /// into the same list).
        var parent: Int?
        var condition: ConditionExpr

        enum Role {
            case visible, enabled
        }

        /// `isCompanyVisible`: the static helper over a `Values` snapshot.
        func writeName(into out: inout SwiftRenderer) {
            out.write("is")
            out.write(key)
            out.write(role == .visible ? "Visible" : "Enabled")
        }

        /// `isVisible_Company`: the instance twin, which reads the `FormValue`s.
        func writeLiveName(into out: inout SwiftRenderer) {
            out.write(role == .visible ? "isVisible_" : "isEnabled_")
            out.write(key)
        }
    }

    private(set) var visibleHelpers: [Helper] = []
    private(set) var enabledHelpers: [Helper] = []
    /// Whether a condition compares with a relative date (`'today-18y'`): then
    /// every static helper also takes the `ValidationContext` that `today` is
    /// read from (an instance helper reads the form's `context`).
    private(set) var readsToday = false

    /// `Email` for a field, group or segue `email`; `Element_2_0` for an element
    /// without an id (no id holds an underscore, so the two never collide).
    static func key(id: String?, at path: ElementPath) -> String {
        if let id { return SwiftNaming.upperCamelCase(id) }
        return "Element_" + path.map(String.init).joined(separator: "_")
    }

    /// Records the conditions of the element at `path` (asked only for an
    /// element with a condition and no id); returns the helpers that decide it
    /// (and its children): indices into the lists above, nil when always true.
    mutating func add(
        id: String?, visibleWhen: ConditionExpr?, enabledWhen: ConditionExpr?, at path: () -> ElementPath,
        visibleParent: Int?, enabledParent: Int?
    ) -> Helpers {
        var helpers = Helpers(visible: visibleParent, enabled: enabledParent)
        if visibleWhen != nil || enabledWhen != nil {
            let key = Self.key(id: id, at: id == nil ? path() : [])
            if visibleWhen?.readsToday == true || enabledWhen?.readsToday == true { readsToday = true }
            if let condition = visibleWhen {
                helpers.visible = visibleHelpers.count
                visibleHelpers.append(Helper(role: .visible, key: key, parent: visibleParent, condition: condition))
            }
            if let condition = enabledWhen {
                helpers.enabled = enabledHelpers.count
                enabledHelpers.append(Helper(role: .enabled, key: key, parent: enabledParent, condition: condition))
            }
        }
        return helpers
    }

    /// The helpers that decide one element, nil when it is always visible (or enabled).
    struct Helpers: Sendable {
        var visible: Int?
        var enabled: Int?
    }
}

/// What the translator needs from the element tree, gathered in one walk by
/// index: the levels that get an element builder (each with what decides its
/// elements), where each field element is, the segues and the condition helpers.
/// No `Element` is copied, no path made per element, nothing hashed.
struct FormIndex {
    /// The elements of the form's top level or of one group, which get a builder.
    struct Level: Sendable {
        var elements: [Element]
        var path: ElementPath
        var groupID: String?
        /// The helpers that decide each element, as `elements`.
        var helpers: [ConditionPlan.Helpers] = []
        /// Each element's position in the form's fields, -1 for one that is not a field.
        var fieldPositions: [Int32] = []
    }

    /// Where a field element is: `levels[level].elements[index]`.
    struct Place {
        var level: Int32
        var index: Int32
    }

    /// The top level, then each group's level after its parent's: depth first,
    /// the order of their builders.
    private(set) var levels: [Level] = []
    /// Each field element, in document order.
    private(set) var fieldPlaces: [Place] = []
    private(set) var segueIDs: [String] = []
    private(set) var conditions = ConditionPlan()

    init(_ elements: [Element]) {
        walk(elements, at: [], groupID: nil, visibleParent: nil, enabledParent: nil)
    }

    private mutating func walk(
        _ elements: [Element], at prefix: ElementPath, groupID: String?, visibleParent: Int?, enabledParent: Int?
    ) {
        let level = levels.count
        levels.append(Level(elements: elements, path: prefix, groupID: groupID))
        levels[level].helpers.reserveCapacity(elements.count)
        levels[level].fieldPositions.reserveCapacity(elements.count)
        for index in elements.indices {
            let helpers = conditions.add(
                id: elements[index].id?.value,
                visibleWhen: elements[index].visibleWhen?.expression, enabledWhen: elements[index].enabledWhen?.expression,
                at: { prefix + [index] }, visibleParent: visibleParent, enabledParent: enabledParent
            )
            levels[level].helpers.append(helpers)
            var fieldPosition: Int32 = -1
            switch elements[index].kind {
            case .group(let group):
                walk(
                    group.elements, at: prefix + [index], groupID: group.id?.value,
                    visibleParent: helpers.visible, enabledParent: helpers.enabled
                )
            case .segue(let segue):
                segueIDs.append(segue.id.value)
            case .boolean, .segment, .text, .number, .date, .multiChoice:
                fieldPosition = Int32(fieldPlaces.count)
                fieldPlaces.append(Place(level: Int32(level), index: Int32(index)))
            case .spacer, .staticText:
                break
            }
            levels[level].fieldPositions.append(fieldPosition)
        }
    }

    /// Whether field element `position` is the one at `path`.
    func fieldElement(_ position: Int, isAt path: ElementPath) -> Bool {
        guard position < fieldPlaces.count, let last = path.last else { return false }
        let place = fieldPlaces[position]
        return Int(place.index) == last && levels[Int(place.level)].path.elementsEqual(path.dropLast())
    }

    /// The element at `path` and the helpers that decide it, found by walking
    /// the levels (a fallback: the fields of a checked form are found by place).
    func element(at path: ElementPath) -> (Element, ConditionPlan.Helpers)? {
        guard let last = path.last, let level = levels.first(where: { $0.path.elementsEqual(path.dropLast()) }),
              last < level.elements.count else { return nil }
        return (level.elements[last], level.helpers[last])
    }
}

/// Where a condition reads the fields: a `Values` snapshot (the static helpers,
/// from any isolation domain) or the form's live `FormValue`s (the instance
/// helpers: a renderer asking every element costs no snapshot).
enum ConditionSource {
    case snapshot, live
}

extension FormTranslator {
    /// `isVisible`/`isEnabled` (instance and static) and the helpers behind them.
    func conditionMembers(into plan: inout EmitPlan) {
        for (word, helpers) in [("Visible", conditions.visibleHelpers), ("Enabled", conditions.enabledHelpers)] {
            let name = "is" + word
            let what = word == "Visible" ? "shown" : "editable"
            // Each field keyed by the helper that decides it (1 + its index); 0: always true.
            let key: (Int) -> Int = word == "Visible"
                ? { fields[$0].visibleHelper.map { $0 + 1 } ?? 0 }
                : { fields[$0].enabledHelper.map { $0 + 1 } ?? 0 }
            // The instance answer reads the live values: no snapshot per question.
            plan.once { out in
                out.openFunction(SwiftFunction(
                    doc: ["Whether `field` is \(what) now (SPEC §7)."],
                    access: access, name: name,
                    parameters: [SwiftParameter("_", "field", Self.fieldType)], result: .named("Bool"), body: []
                ))
            }
            switchOverFields(keyCount: helpers.count + 1, whenEmpty: 0, into: &plan, key: key) { key, out in
                if key > 0 { writeHelperCall(helpers[key - 1], from: .live, into: &out) } else { out.write("true") }
            }
            let readsToday = conditions.readsToday
            plan.once { out in
                out.closeBody()
                var doc = ["Whether `field` is \(what) with `values`: its own condition and every enclosing group's hold."]
                var parameters = [
                    SwiftParameter("_", "field", Self.fieldType),
                    SwiftParameter("in", "values", Self.valuesType),
                ]
                if readsToday {
                    doc.append("`context` gives the day that relative dates (`today-18y`) count from.")
                    parameters.append(SwiftParameter(nil, "context", Self.contextType, default: .call(.type(Self.contextType), [])))
                }
                out.openFunction(SwiftFunction(
                    doc: doc, access: access, modifiers: ["nonisolated", "static"], name: name,
                    parameters: parameters, result: .named("Bool"), body: []
                ))
            }
            switchOverFields(keyCount: helpers.count + 1, whenEmpty: 0, into: &plan, key: key) { key, out in
                if key > 0 { writeHelperCall(helpers[key - 1], from: .snapshot, into: &out) } else { out.write("true") }
            }
            plan.once { $0.closeBody() }
            for source in [ConditionSource.snapshot, .live] {
                plan.each(helpers.count, in: Self.formMembers, weight: { _ in 160 }) { index, out in
                    let helper = helpers[index]
                    // `private nonisolated static func isCompanyVisible(_ values: Values) -> Bool {`
                    // or `private func isVisible_Company() -> Bool {`
                    out.beginMember(sort: nil)
                    switch source {
                    case .snapshot:
                        out.write("private nonisolated static func ")
                        helper.writeName(into: &out)
                        out.write(readsToday ? "(_ values: Values, _ context: ValidationContext) -> Bool" : "(_ values: Values) -> Bool")
                    case .live:
                        out.write("private func ")
                        helper.writeLiveName(into: &out)
                        out.write("() -> Bool")
                    }
                    out.openBody()
                    // `return isGroupVisible(values) && (…)`: the enclosing group's helper first.
                    out.write("return ")
                    if let parent = helper.parent {
                        writeHelperCall(helpers[parent], from: source, into: &out)
                        out.write(" && ")
                        writeCondition(helper.condition, from: source, at: .operand(of: .and), into: &out)
                    } else {
                        writeCondition(helper.condition, from: source, at: .whole, into: &out)
                    }
                    out.newline()
                    out.closeBody()
                }
            }
        }
    }

    /// `isCompanyVisible(values)` (`(values, context)` where a condition reads
    /// `today`) or `isVisible_Company()`, written directly.
    func writeHelperCall(_ helper: ConditionPlan.Helper, from source: ConditionSource, into out: inout SwiftRenderer) {
        switch source {
        case .snapshot:
            helper.writeName(into: &out)
            out.write(conditions.readsToday ? "(values, context)" : "(values)")
        case .live:
            helper.writeLiveName(into: &out)
            out.write("()")
        }
    }

    /// A field's value: `values.email` or `email.value`.
    private func writeRead(_ id: String, from source: ConditionSource, into out: inout SwiftRenderer) {
        switch source {
        case .snapshot:
            out.write("values.")
            out.write(id)
        case .live:
            out.write(id)
            out.write(".value")
        }
    }

    /// Writes a condition as Swift over `values` (in a static context) or over
    /// the form's `FormValue`s (in an instance context), in parentheses where
    /// `position` needs them. A field that is hidden reads as empty: `""`,
    /// `false`, nothing selected (SPEC §7). Written directly, without building
    /// a `SwiftExpr` first: a large form has thousands of conditions, each
    /// written twice (a tree built and dropped per helper cost more than the
    /// writing). Where parentheses go: `ConditionPosition`.
    private func writeCondition(
        _ condition: ConditionExpr, from source: ConditionSource, at position: ConditionPosition,
        into out: inout SwiftRenderer
    ) {
        switch condition {
        case .constant(let value):
            out.write(value ? "true" : "false")
        case .boolField(let id):
            writeWhenVisible(visibilityHelper(of: fieldPosition(id)), .atom, from: source, at: position, into: &out) { out in
                writeRead(id, from: source, into: &out)
            }
        case .isEmpty(let id):
            let field = fieldPosition(id)
            let fieldType = field.map { fields[$0].fieldType }
            let helper = visibilityHelper(of: field)
            if let fieldType, fieldType.alwaysHasValue {
                // A field with a default (segment, picker, number, date) always has a value: empty only when hidden.
                guard let helper else { return out.write("false") }
                return parenthesized(.not, at: position, into: &out) { out in
                    out.write("!")
                    writeHelperCall(helper, from: source, into: &out)
                }
            }
            let empty: ConditionShape = switch fieldType {
            case .segment?, .number?, .date?: .binary(.equal)
            case .bool?: .not
            case .string?, .multiChoice?, nil: .atom
            }
            func writeEmpty(at position: ConditionPosition, into out: inout SwiftRenderer) {
                parenthesized(empty, at: position, into: &out) { out in
                    switch fieldType {
                    case .segment?, .number?, .date?:
                        writeRead(id, from: source, into: &out)
                        out.write(" == nil")
                    case .bool?:
                        out.write("!")
                        writeRead(id, from: source, into: &out)
                    case .string?, .multiChoice?, nil:
                        writeRead(id, from: source, into: &out)
                        out.write(".isEmpty")
                    }
                }
            }
            guard let helper else { return writeEmpty(at: position, into: &out) }
            parenthesized(.binary(.or), at: position, into: &out) { out in
                out.write("!")
                writeHelperCall(helper, from: source, into: &out)
                out.write(" || ")
                writeEmpty(at: .operand(of: .or), into: &out)
            }
        case .textEquals(let id, let text):
            parenthesized(.binary(.equal), at: position, into: &out) { out in
                if let helper = visibilityHelper(of: fieldPosition(id)) {
                    out.write("(")
                    writeHelperCall(helper, from: source, into: &out)
                    out.write(" ? ")
                    writeRead(id, from: source, into: &out)
                    out.write(" : \"\")")
                } else {
                    writeRead(id, from: source, into: &out)
                }
                out.write(" == ")
                out.writeStringLiteral(text)
            }
        case .segmentEquals(let id, let optionValue):
            let field = fieldPosition(id)
            writeWhenVisible(visibilityHelper(of: field), .binary(.equal), from: source, at: position, into: &out) { out in
                writeRead(id, from: source, into: &out)
                out.write(" == ")
                writeOptionCase(optionValue, of: id, field, into: &out)
            }
        case .segmentIn(let id, let optionValues):
            // `(values.plan == Plan.pro) || (values.plan == Plan.team)`: `==` reads an optional selection too.
            let field = fieldPosition(id)
            let shape: ConditionShape = optionValues.count > 1 ? .binary(.or) : .binary(.equal)
            writeWhenVisible(visibilityHelper(of: field), shape, from: source, at: position, into: &out) { out in
                for (index, optionValue) in optionValues.enumerated() {
                    if index > 0 { out.write(" || ") }
                    parenthesized(.binary(.equal), at: optionValues.count > 1 ? .operand(of: .or) : .whole, into: &out) { out in
                        writeRead(id, from: source, into: &out)
                        out.write(" == ")
                        writeOptionCase(optionValue, of: id, field, into: &out)
                    }
                }
            }
        case .contains(let id, let optionValue):
            let field = fieldPosition(id)
            writeWhenVisible(visibilityHelper(of: field), .atom, from: source, at: position, into: &out) { out in
                writeRead(id, from: source, into: &out)
                out.write(".contains(")
                writeOptionCase(optionValue, of: id, field, into: &out)
                out.write(")")
            }
        case .countCompare(let id, let order, let count):
            // A hidden multiChoice reads as nothing chosen: it counts 0.
            parenthesized(.binary(.compare), at: position, into: &out) { out in
                if let helper = visibilityHelper(of: fieldPosition(id)) {
                    out.write("(")
                    writeHelperCall(helper, from: source, into: &out)
                    out.write(" ? ")
                    writeRead(id, from: source, into: &out)
                    out.write(".count : 0)")
                } else {
                    writeRead(id, from: source, into: &out)
                    out.write(".count")
                }
                out.write(" \(order.rawValue) \(count)")
            }
        case .valueCompare(let id, let order, let value):
            // An empty (nil) or hidden value makes the comparison false (SPEC §10).
            let field = fieldPosition(id)
            let fieldType = field.map { fields[$0].fieldType }
            let literal = Self.conditionLiteral(value, order: order, for: fieldType)
            let mapped = fieldType?.isOptional == true && order != .equal
            writeWhenVisible(visibilityHelper(of: field), mapped ? .binary(.equal) : .binary(.compare), from: source, at: position, into: &out) { out in
                writeRead(id, from: source, into: &out)
                if mapped {
                    // `values.age.map { $0 >= 18 } == true`: Swift has no `<` between optionals.
                    out.write(".map { $0 \(order.rawValue) \(literal) } == true")
                } else {
                    out.write(" \(order.rawValue) \(literal)")
                }
            }
        case .not(let inner):
            parenthesized(.not, at: position, into: &out) { out in
                out.write("!")
                writeCondition(inner, from: source, at: .negated, into: &out)
            }
        case .and(let lhs, let rhs), .or(let lhs, let rhs):
            let op: SwiftOperator
            if case .and = condition { op = .and } else { op = .or }
            parenthesized(.binary(op), at: position, into: &out) { out in
                writeCondition(lhs, from: source, at: .operand(of: op), into: &out)
                out.write(op == .and ? " && " : " || ")
                writeCondition(rhs, from: source, at: .operand(of: op), into: &out)
            }
        }
    }

    /// `Plan.pro`: the case of the option with this value, in the field's enum.
    private func writeOptionCase(_ optionValue: String, of id: String, _ field: Int?, into out: inout SwiftRenderer) {
        switch field.map({ fields[$0].fieldType }) {
        case .segment(let enumName, _)?, .multiChoice(let enumName)?:
            out.write(enumName)
        default:
            out.write(SwiftNaming.upperCamelCase(id))
        }
        out.write(".")
        // What `SegmentOption.caseName` gives the option with this value.
        out.write(SwiftNaming.caseName(forOptionValue: optionValue))
    }

    /// The literal side of a number or date comparison as Swift. A relative date
    /// is counted from `context.today`; against an instant it is the day's first
    /// instant for `<` and `>=`, its last for `<=` and `>`, so that `<= 'today'`
    /// takes in all of today and `< 'today'` none of it.
    static func conditionLiteral(_ value: ConditionValue, order: ConditionOrder, for fieldType: FieldValueType?) -> String {
        switch value {
        case .number(let number):
            var decimal = false
            if case .number(let isDecimal, _)? = fieldType { decimal = isDecimal }
            return SwiftLiterals.number(number, decimal: decimal)
        case .date(let date):
            return SwiftLiterals.date(date)
        case .relative(let relative):
            let text = relative.description
            let isMax = order == .lessOrEqual || order == .greater
            return boundExpression(text, for: fieldType ?? .date(.date, optional: true), isMax: isMax)
        }
    }

    /// `test` (of the given shape) when the field is visible (`helper`, the
    /// field's visibility helper, nil when it is always visible), else false: for
    /// the tests this is used with (a Boolean's value, a segment option), the
    /// empty value fails. `isCompanyVisible(values) && (…)`.
    private func writeWhenVisible(
        _ helper: ConditionPlan.Helper?, _ test: ConditionShape, from source: ConditionSource,
        at position: ConditionPosition, into out: inout SwiftRenderer, _ writeTest: (inout SwiftRenderer) -> Void
    ) {
        guard let helper else {
            return parenthesized(test, at: position, into: &out, writeTest)
        }
        parenthesized(.binary(.and), at: position, into: &out) { out in
            writeHelperCall(helper, from: source, into: &out)
            out.write(" && ")
            parenthesized(test, at: .operand(of: .and), into: &out, writeTest)
        }
    }

    /// What `write` writes, in parentheses when an expression of `shape` needs them at `position`.
    private func parenthesized(
        _ shape: ConditionShape, at position: ConditionPosition, into out: inout SwiftRenderer,
        _ write: (inout SwiftRenderer) -> Void
    ) {
        let wrap = position.needsParentheses(around: shape)
        if wrap { out.write("(") }
        write(&out)
        if wrap { out.write(")") }
    }

    /// The visibility helper of a field (its position in `fields`), nil when it
    /// is always visible. Each condition's leaf looks its field up once (a lookup
    /// hashes the id and reads three tables, cold in a large form).
    private func visibilityHelper(of field: Int?) -> ConditionPlan.Helper? {
        guard let field, let index = fields[field].visibleHelper else { return nil }
        return conditions.visibleHelpers[index]
    }
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
