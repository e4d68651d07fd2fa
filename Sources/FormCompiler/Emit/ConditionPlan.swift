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
        /// `isCompanyVisible`: the static helper over a `Values` snapshot.
        var name: String
        /// `isVisible_Company`: the instance twin, which reads the `FormValue`s.
        var liveName: String
        /// The helper of the nearest enclosing group with a condition (an index
        /// into the same list).
        var parent: Int?
        var condition: ConditionExpr
    }

    private(set) var visibleHelpers: [Helper] = []
    private(set) var enabledHelpers: [Helper] = []
    /// The helper that decides each element, by path (an index into the lists
    /// above); absent when always true.
    private(set) var visibleHelper: [ElementPath: Int] = [:]
    private(set) var enabledHelper: [ElementPath: Int] = [:]

    /// `Email` for a field, group or segue `email`; `Element_2_0` for an element
    /// without an id (no id holds an underscore, so the two never collide).
    static func key(id: String?, at path: ElementPath) -> String {
        if let id { return SwiftNames.upperCamelCase(id) }
        return "Element_" + path.map(String.init).joined(separator: "_")
    }

    /// Records the conditions of the element at `path`; returns the helpers that
    /// decide it (and its children).
    mutating func add(
        id: String?, visibleWhen: ConditionExpr?, enabledWhen: ConditionExpr?, at path: ElementPath,
        visibleParent: Int?, enabledParent: Int?
    ) -> (visible: Int?, enabled: Int?) {
        var visible = visibleParent
        var enabled = enabledParent
        if visibleWhen != nil || enabledWhen != nil {
            let key = Self.key(id: id, at: path)
            if let condition = visibleWhen {
                visible = visibleHelpers.count
                visibleHelpers.append(Helper(
                    name: "is" + key + "Visible", liveName: "isVisible_" + key, parent: visibleParent, condition: condition
                ))
            }
            if let condition = enabledWhen {
                enabled = enabledHelpers.count
                enabledHelpers.append(Helper(
                    name: "is" + key + "Enabled", liveName: "isEnabled_" + key, parent: enabledParent, condition: condition
                ))
            }
        }
        if let visible { visibleHelper[path] = visible }
        if let enabled { enabledHelper[path] = enabled }
        return (visible, enabled)
    }
}

/// What the translator needs from the element tree, gathered in one walk by index
/// (no `Element` is copied but the fields').
struct FormIndex {
    var fieldElements: [(path: ElementPath, element: Element)] = []
    var segueIDs: [String] = []
    var conditions = ConditionPlan()

    mutating func walk(_ elements: [Element], at prefix: ElementPath, visibleParent: Int?, enabledParent: Int?) {
        for index in elements.indices {
            var path = prefix
            path.append(index)
            let helpers = conditions.add(
                id: elements[index].id?.value,
                visibleWhen: elements[index].visibleWhen?.expression, enabledWhen: elements[index].enabledWhen?.expression,
                at: path, visibleParent: visibleParent, enabledParent: enabledParent
            )
            switch elements[index].kind {
            case .group(let group):
                walk(group.elements, at: path, visibleParent: helpers.visible, enabledParent: helpers.enabled)
            case .segue(let segue):
                segueIDs.append(segue.id.value)
            case .boolean, .segment, .text:
                fieldElements.append((path, elements[index]))
            case .spacer, .staticText:
                break
            }
        }
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
                if key > 0 { Self.writeHelperCall(helpers[key - 1], from: .live, into: &out) } else { out.write("true") }
            }
            plan.once { out in
                out.closeBody()
                out.openFunction(SwiftFunction(
                    doc: ["Whether `field` is \(what) with `values`: its own condition and every enclosing group's hold."],
                    access: access, modifiers: ["nonisolated", "static"], name: name,
                    parameters: [
                        SwiftParameter("_", "field", Self.fieldType),
                        SwiftParameter("in", "values", Self.valuesType),
                    ],
                    result: .named("Bool"), body: []
                ))
            }
            switchOverFields(keyCount: helpers.count + 1, whenEmpty: 0, into: &plan, key: key) { key, out in
                if key > 0 { Self.writeHelperCall(helpers[key - 1], from: .snapshot, into: &out) } else { out.write("true") }
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
                        out.write(helper.name)
                        out.write("(_ values: Values) -> Bool")
                    case .live:
                        out.write("private func ")
                        out.write(helper.liveName)
                        out.write("() -> Bool")
                    }
                    out.openBody()
                    var test = conditionExpr(helper.condition, from: source)
                    if let parent = helper.parent {
                        test = .binary(helperCall(helpers[parent], from: source), .and, test)
                    }
                    out.statement(.return(test))
                    out.closeBody()
                }
            }
        }
    }

    /// `isCompanyVisible(values)` or `isVisible_Company()`, written directly.
    static func writeHelperCall(_ helper: ConditionPlan.Helper, from source: ConditionSource, into out: inout SwiftRenderer) {
        switch source {
        case .snapshot:
            out.write(helper.name)
            out.write("(values)")
        case .live:
            out.write(helper.liveName)
            out.write("()")
        }
    }

    /// `isCompanyVisible(values)` or `isVisible_Company()`.
    func helperCall(_ helper: ConditionPlan.Helper, from source: ConditionSource) -> SwiftExpr {
        switch source {
        case .snapshot: .call(.name(helper.name), [SwiftArgument(nil, .name("values"))])
        case .live: .call(.name(helper.liveName), [])
        }
    }

    /// A field's value: `values.email` or `email.value`.
    private func read(_ id: String, from source: ConditionSource) -> SwiftExpr {
        switch source {
        case .snapshot: .member(Self.valuesName, id)
        case .live: .member(.name(id), "value")
        }
    }

    /// A condition as Swift over `values` (in a static context) or over the form's
    /// `FormValue`s (in an instance context). A field that is hidden reads as
    /// empty: `""`, `false`, nothing selected (SPEC §7).
    func conditionExpr(_ condition: ConditionExpr, from source: ConditionSource) -> SwiftExpr {
        switch condition {
        case .constant(let value):
            return .bool(value)
        case .boolField(let id):
            return whenVisible(id, read(id, from: source), from: source)
        case .isEmpty(let id):
            let empty: SwiftExpr
            switch field(id)?.fieldType {
            case .segment(_, optional: true)?: empty = .binary(read(id, from: source), .equal, .nil)
            case .segment(_, optional: false)?: empty = .bool(false)
            case .bool?: empty = .not(read(id, from: source))
            case .string?, nil: empty = .member(read(id, from: source), "isEmpty")
            }
            guard let helper = visibilityHelper(of: id) else { return empty }
            let hidden = SwiftExpr.not(helperCall(helper, from: source))
            if empty == .bool(false) { return hidden }
            return .binary(hidden, .or, empty)
        case .textEquals(let id, let text):
            let value: SwiftExpr
            if let helper = visibilityHelper(of: id) {
                value = .paren(.ternary(helperCall(helper, from: source), read(id, from: source), .string("")))
            } else {
                value = read(id, from: source)
            }
            return .binary(value, .equal, .string(text))
        case .segmentEquals(let id, let optionValue):
            var enumName = SwiftNames.upperCamelCase(id)
            if case .segment(let name, _)? = field(id)?.fieldType { enumName = name }
            let test = SwiftExpr.binary(
                read(id, from: source), .equal, .member(.name(enumName), segmentCase(field: id, optionValue: optionValue))
            )
            return whenVisible(id, test, from: source)
        case .not(let inner):
            return .not(conditionExpr(inner, from: source))
        case .and(let lhs, let rhs):
            return .binary(conditionExpr(lhs, from: source), .and, conditionExpr(rhs, from: source))
        case .or(let lhs, let rhs):
            return .binary(conditionExpr(lhs, from: source), .or, conditionExpr(rhs, from: source))
        }
    }

    /// The visibility helper of a field, nil when it is always visible.
    func visibilityHelper(of id: String) -> ConditionPlan.Helper? {
        guard let index = field(id)?.visibleHelper else { return nil }
        return conditions.visibleHelpers[index]
    }

    /// `test` when the field is visible, else false: for the tests this is used
    /// with (a Boolean's value, a segment option), the empty value fails.
    private func whenVisible(_ id: String, _ test: SwiftExpr, from source: ConditionSource) -> SwiftExpr {
        guard let helper = visibilityHelper(of: id) else { return test }
        return .binary(helperCall(helper, from: source), .and, test)
    }
}
