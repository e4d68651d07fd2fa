import FormModel
import FormSource

/// The conditions (SPEC §7): `isVisible`/`isEnabled`, instance and static, and
/// one helper per element with a condition of its own, written twice: over a
/// `Values` snapshot and over the form's live values.
extension FormTranslator {
    /// `isVisible`/`isEnabled` (instance and static) and the helpers behind them.
    func conditionMembers(into plan: inout EmitPlan) {
        for (word, helpers) in [("Visible", conditions.visibleHelpers), ("Enabled", conditions.enabledHelpers)] {
            let name = "is" + word
            let what = word == "Visible" ? "shown" : "editable"
            // Each field keyed by the helper that decides it (1 + its index); 0: always true.
            let key: (Int) -> Int = word == "Visible"
                ? { [self] in fields[$0].visibleHelper.map { $0 + 1 } ?? 0 }
                : { [self] in fields[$0].enabledHelper.map { $0 + 1 } ?? 0 }
            // A list's id is a case of `Field` too, decided by the list element's helper (SPEC §14).
            let extras = lists.map { list in
                (name: list.id, key: (word == "Visible" ? list.helpers.visible : list.helpers.enabled).map { $0 + 1 } ?? 0)
            }
            // The instance answer reads the live values: no snapshot per question.
            plan.once { [self] out in
                out.openFunction(SwiftFunction(
                    doc: [entry == nil ? "Whether `field` is \(what) now (SPEC §7)."
                        : "Whether `field` is \(what) now (SPEC §7): never while the entry's list is not (SPEC §14)."],
                    access: access, name: name,
                    parameters: [SwiftParameter("_", "field", Self.fieldType)], result: .named("Bool"), body: []
                ))
                if let entry, !hasNoFields {
                    out.statement(.guard(entry.listCondition(name), else: [.return(.bool(false))]))
                }
            }
            switchOverFields(keyCount: helpers.count + 1, into: &plan, key: key, extras: extras) { [self] key, out in
                if key > 0 { writeHelperCall(helpers[key - 1], from: .live, into: &out) } else { out.literal(.bool(true)) }
            }
            let readsToday = conditions.readsToday
            plan.once { [self] out in
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
            switchOverFields(keyCount: helpers.count + 1, into: &plan, key: key, extras: extras) { [self] key, out in
                if key > 0 { writeHelperCall(helpers[key - 1], from: .snapshot, into: &out) } else { out.literal(.bool(true)) }
            }
            plan.once { $0.closeBody() }
            for source in [ConditionSource.snapshot, .live] {
                plan.each(helpers.count, in: formMembers, weight: { _ in SpeedPaths.EmitWeights.conditionHelper }) { [self] index, out in
                    let helper = helpers[index]
                    out.openConditionHelper(helper.name(from: source), from: source, readsToday: readsToday)
                    // `return isGroupVisible(values) && (…)`: the enclosing group's helper first.
                    out.returnStatement { [self] out in
                        if let parent = helper.parent {
                            writeHelperCall(helpers[parent], from: source, into: &out)
                            out.binaryOperator(.and)
                            // Past `isGroupVisible(values) &&`, the group's fields read as shown.
                            writeCondition(
                                helper.condition, from: source, at: .operand(of: .and), shown: word == "Visible" ? parent : nil, into: &out
                            )
                        } else {
                            writeCondition(helper.condition, from: source, at: .whole, into: &out)
                        }
                    }
                    out.closeBody()
                }
            }
        }
    }

    /// `isCompanyVisible(values)` (`(values, context)` where a condition reads
    /// `today`) or `isVisible_Company()`.
    func writeHelperCall(_ helper: ConditionPlan.Helper, from source: ConditionSource, into out: inout SwiftRenderer) {
        out.conditionHelperCall(helper.name(from: source), from: source, readsToday: conditions.readsToday)
    }

    /// Writes a condition as Swift over `values` (in a static context) or over
    /// the form's `FormValue`s (in an instance context), in parentheses where
    /// `position` needs them. A field that is hidden reads as empty: `""`,
    /// `false`, nothing selected (SPEC §7). Written directly, without building
    /// an expression first: a large form has thousands of conditions, each
    /// written twice, and a tree built and dropped per helper would cost more than
    /// the writing. `shown` is a visibility helper that holds where the condition
    /// is read (`visibilityHelper(of:shown:)`).
    func writeCondition(
        _ condition: ConditionExpr, from source: ConditionSource, at position: ConditionPosition, shown: Int? = nil,
        into out: inout SwiftRenderer
    ) {
        switch condition {
        case .constant(let value):
            out.literal(.bool(value))
        case .boolField(let id):
            writeWhenVisible(visibilityHelper(of: fieldPosition(id), shown: shown), .atom, from: source, at: position, into: &out) { out in
                out.conditionRead(memberName(id), from: source)
            }
        case .isEmpty(let id):
            let field = fieldPosition(id)
            let fieldType = conditionFieldType(id, at: field)
            let helper = visibilityHelper(of: field, shown: shown)
            if let fieldType, fieldType.alwaysHasValue {
                // A field with a default (segment, picker, number, date) always has a value: empty only when hidden.
                guard let helper else { return out.literal(.bool(false)) }
                return out.parenthesized(.not, at: position) { [self] out in
                    out.negation()
                    writeHelperCall(helper, from: source, into: &out)
                }
            }
            let empty: ConditionShape = switch fieldType {
            case .segment?, .number?, .date?: .binary(.equal)
            case .bool?: .not
            case .string?, .multiChoice?, nil: .atom
            }
            func writeEmpty(at position: ConditionPosition, into out: inout SwiftRenderer) {
                out.parenthesized(empty, at: position) { out in
                    switch fieldType {
                    case .segment?, .number?, .date?:
                        out.conditionRead(memberName(id), from: source)
                        out.isNilTest()
                    case .bool?:
                        out.negation()
                        out.conditionRead(memberName(id), from: source)
                    case .string?, .multiChoice?, nil:
                        out.conditionRead(memberName(id), from: source)
                        out.isEmptyTest()
                    }
                }
            }
            guard let helper else { return writeEmpty(at: position, into: &out) }
            out.parenthesized(.binary(.or), at: position) { [self] out in
                out.negation()
                writeHelperCall(helper, from: source, into: &out)
                out.binaryOperator(.or)
                writeEmpty(at: .operand(of: .or), into: &out)
            }
        case .textEquals(let id, let text):
            out.parenthesized(.binary(.equal), at: position) { [self] out in
                if let helper = visibilityHelper(of: fieldPosition(id), shown: shown) {
                    out.conditional { [self] out in
                        writeHelperCall(helper, from: source, into: &out)
                    } then: { out in
                        out.conditionRead(memberName(id), from: source)
                    } else: { out in
                        out.literal(.string(""))
                    }
                } else {
                    out.conditionRead(memberName(id), from: source)
                }
                out.binaryOperator(.equal)
                out.literal(.string(text))
            }
        case .segmentEquals(let id, let optionValue):
            let field = fieldPosition(id)
            writeWhenVisible(visibilityHelper(of: field, shown: shown), .binary(.equal), from: source, at: position, into: &out) { [self] out in
                out.conditionRead(memberName(id), from: source)
                out.binaryOperator(.equal)
                writeOptionCase(optionValue, of: id, field, into: &out)
            }
        case .segmentIn(let id, let optionValues):
            // `(values.plan == Plan.pro) || (values.plan == Plan.team)`: `==` reads an optional selection too.
            let field = fieldPosition(id)
            let shape: ConditionShape = optionValues.count > 1 ? .binary(.or) : .binary(.equal)
            writeWhenVisible(visibilityHelper(of: field, shown: shown), shape, from: source, at: position, into: &out) { [self] out in
                for (index, optionValue) in optionValues.enumerated() {
                    if index > 0 { out.binaryOperator(.or) }
                    out.parenthesized(.binary(.equal), at: optionValues.count > 1 ? .operand(of: .or) : .whole) { [self] out in
                        out.conditionRead(memberName(id), from: source)
                        out.binaryOperator(.equal)
                        writeOptionCase(optionValue, of: id, field, into: &out)
                    }
                }
            }
        case .contains(let id, let optionValue):
            let field = fieldPosition(id)
            writeWhenVisible(visibilityHelper(of: field, shown: shown), .atom, from: source, at: position, into: &out) { [self] out in
                out.conditionRead(memberName(id), from: source)
                out.containsCall { [self] out in
                    writeOptionCase(optionValue, of: id, field, into: &out)
                }
            }
        case .countCompare(let id, let order, let count):
            // A hidden multiChoice reads as nothing chosen: it counts 0.
            out.parenthesized(.binary(.compare), at: position) { [self] out in
                if let helper = visibilityHelper(of: fieldPosition(id), shown: shown) {
                    out.conditional { [self] out in
                        writeHelperCall(helper, from: source, into: &out)
                    } then: { out in
                        out.chosenCount(memberName(id), from: source)
                    } else: { out in
                        out.literal(.int(0))
                    }
                } else {
                    out.chosenCount(memberName(id), from: source)
                }
                out.comparison(order)
                out.literal(.int(count))
            }
        case .valueCompare(let id, let order, let value):
            // An empty (nil) or hidden value makes the comparison false (SPEC §10).
            let field = fieldPosition(id)
            let fieldType = conditionFieldType(id, at: field)
            let mapped = fieldType?.isOptional == true && order != .equal
            writeWhenVisible(visibilityHelper(of: field, shown: shown), mapped ? .binary(.equal) : .binary(.compare), from: source, at: position, into: &out) { out in
                out.conditionRead(memberName(id), from: source)
                if mapped {
                    out.mappedComparison(order) { $0.conditionLiteral(value, order: order, for: fieldType) }
                } else {
                    out.comparison(order)
                    out.conditionLiteral(value, order: order, for: fieldType)
                }
            }
        case .fieldCompare(let lhs, let op, let rhs):
            // `FormComparison.holds(values.endDate, .less, values.startDate)`: false when either is empty (SPEC §16).
            out.fieldComparison(op) { [self] out in
                writeComparedField(lhs, against: rhs, from: source, shown: shown, into: &out)
            } rhs: { [self] out in
                writeComparedField(rhs, against: lhs, from: source, shown: shown, into: &out)
            }
        case .not(let inner):
            out.parenthesized(.not, at: position) { [self] out in
                out.negation()
                writeCondition(inner, from: source, at: .negated, shown: shown, into: &out)
            }
        case .and(let lhs, let rhs), .or(let lhs, let rhs):
            let op: SwiftOperator
            if case .and = condition { op = .and } else { op = .or }
            out.parenthesized(.binary(op), at: position) { [self] out in
                writeCondition(lhs, from: source, at: .operand(of: op), shown: shown, into: &out)
                out.binaryOperator(op)
                writeCondition(rhs, from: source, at: .operand(of: op), shown: shown, into: &out)
            }
        }
    }

    /// One side of a comparison of two fields: the field's value, its empty value
    /// when it is hidden (`nil`, `""`, `false`), and a whole number as a `Decimal`
    /// when the other side is one, so that the two compare exactly.
    private func writeComparedField(
        _ id: String, against other: String, from source: ConditionSource, shown: Int?, into out: inout SwiftRenderer
    ) {
        let field = fieldPosition(id)
        // In an entry, a field of the form as the entry reads it.
        let fieldType = conditionFieldType(id, at: field)
        let otherType = conditionFieldType(other, at: fieldPosition(other))
        let helper = visibilityHelper(of: field, shown: shown)
        var isOptional = fieldType?.isOptional == true
        var converts = false
        if case .number(false, _)? = fieldType, case .number(true, _)? = otherType { converts = true }
        func read(_ out: inout SwiftRenderer) {
            guard let helper else { return out.conditionRead(memberName(id), from: source) }
            out.conditional { [self] out in
                writeHelperCall(helper, from: source, into: &out)
            } then: { out in
                out.conditionRead(memberName(id), from: source)
            } else: { out in
                switch fieldType {
                case .string?: out.literal(.string(""))
                case .bool?: out.literal(.bool(false))
                default: out.write("nil")
                }
            }
        }
        if helper != nil, fieldType != .string, fieldType != .bool { isOptional = true }
        guard converts else { return read(&out) }
        out.decimalConversion(isOptional: isOptional, read)
    }

    /// `Plan.pro`: the case of the option with this value, in the field's enum.
    private func writeOptionCase(_ optionValue: String, of id: String, _ field: Int?, into out: inout SwiftRenderer) {
        var enumName = switch conditionFieldType(id, at: field) {
        case .segment(let enumName, _)?, .multiChoice(let enumName)?: enumName
        default: SwiftNaming.upperCamelCase(id)
        }
        // A field of the form outside a list: its enum, spelled with the form's type.
        if field == nil, let entry, entry.outerField(id) != nil { enumName = entry.formType + "." + enumName }
        // What `SegmentOption.caseName` gives the option with this value.
        out.enumCase(SwiftNaming.caseName(forOptionValue: optionValue), of: enumName)
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
            return out.parenthesized(test, at: position, writeTest)
        }
        out.parenthesized(.binary(.and), at: position) { [self] out in
            writeHelperCall(helper, from: source, into: &out)
            out.binaryOperator(.and)
            out.parenthesized(test, at: .operand(of: .and), writeTest)
        }
    }

    /// The visibility helper of a field (its position in `fields`), nil when it
    /// is always visible, or when it is `shown` (an index into the visibility
    /// helpers) or an enclosing group's helper of it: where `shown` holds, so do
    /// they. Each condition's leaf looks its field up once (a lookup hashes the id
    /// and reads three tables, cold in a large form).
    func visibilityHelper(of field: Int?, shown: Int? = nil) -> ConditionPlan.Helper? {
        guard let field, let index = fields[field].visibleHelper else { return nil }
        var holding = shown
        while let known = holding {
            if known == index { return nil }
            holding = conditions.visibleHelpers[known].parent
        }
        return conditions.visibleHelpers[index]
    }
}
