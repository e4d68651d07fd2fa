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
        var name: String
        /// The helper of the nearest enclosing group with a condition.
        var parent: String?
        var condition: ConditionExpr
    }

    private(set) var visibleHelpers: [Helper] = []
    private(set) var enabledHelpers: [Helper] = []
    /// The helper that decides each element, by path; absent when always true.
    private(set) var visibleHelper: [ElementPath: String] = [:]
    private(set) var enabledHelper: [ElementPath: String] = [:]

    init(document: FormDocument) {
        walk(document.elements, at: [], visibleParent: nil, enabledParent: nil)
    }

    /// `Email` for a field, group or segue `email`; `Element_2_0` for an element
    /// without an id (no id holds an underscore, so the two never collide).
    static func key(of element: Element, at path: ElementPath) -> String {
        if let id = element.id?.value { return SwiftNames.upperCamelCase(id) }
        return "Element_" + path.map(String.init).joined(separator: "_")
    }

    private mutating func walk(_ elements: [Element], at prefix: ElementPath, visibleParent: String?, enabledParent: String?) {
        for (index, element) in elements.enumerated() {
            let path = prefix + [index]
            let key = Self.key(of: element, at: path)
            var visible = visibleParent
            if let condition = element.visibleWhen?.expression {
                let name = "is" + key + "Visible"
                visibleHelpers.append(Helper(name: name, parent: visibleParent, condition: condition))
                visible = name
            }
            var enabled = enabledParent
            if let condition = element.enabledWhen?.expression {
                let name = "is" + key + "Enabled"
                enabledHelpers.append(Helper(name: name, parent: enabledParent, condition: condition))
                enabled = name
            }
            visibleHelper[path] = visible
            enabledHelper[path] = enabled
            if case .group(let group) = element.kind {
                walk(group.elements, at: path, visibleParent: visible, enabledParent: enabled)
            }
        }
    }
}

extension FormTranslator {
    /// `isVisible`/`isEnabled` (instance and static) and the helpers behind them.
    func conditionMembers() -> [SwiftDecl] {
        var members: [SwiftDecl] = []
        for (word, helpers, helperByPath) in [
            ("Visible", conditions.visibleHelpers, conditions.visibleHelper),
            ("Enabled", conditions.enabledHelpers, conditions.enabledHelper),
        ] {
            let name = "is" + word
            let what = word == "Visible" ? "shown" : "editable"
            members.append(.function(SwiftFunction(
                doc: ["Whether `field` is \(what) now (SPEC §7)."],
                access: access, name: name,
                parameters: [SwiftParameter("_", "field", Self.fieldType)], result: .named("Bool"),
                body: [.return(.call(.member(.name("Self"), name), [
                    SwiftArgument(nil, .name("field")), SwiftArgument("in", .member(.name("self"), "values")),
                ]))]
            )))
            let cases: [(field: String, result: SwiftExpr)] = fields.map { field in
                guard let helper = helperByPath[field.symbol.path] else { return (field.id, .bool(true)) }
                return (field.id, .call(.name(helper), [SwiftArgument(nil, .name("values"))]))
            }
            members.append(.function(SwiftFunction(
                doc: ["Whether `field` is \(what) with `values`: its own condition and every enclosing group's hold."],
                access: access, modifiers: ["nonisolated", "static"], name: name,
                parameters: [
                    SwiftParameter("_", "field", Self.fieldType),
                    SwiftParameter("in", "values", Self.valuesType),
                ],
                result: .named("Bool"),
                body: switchOverFields(cases, whenEmpty: .bool(true))
            )))
            for helper in helpers {
                var test = conditionExpr(helper.condition)
                if let parent = helper.parent {
                    test = .binary(.call(.name(parent), [SwiftArgument(nil, .name("values"))]), .and, test)
                }
                members.append(.function(SwiftFunction(
                    access: .private, modifiers: ["nonisolated", "static"], name: helper.name,
                    parameters: [SwiftParameter("_", "values", Self.valuesType)], result: .named("Bool"),
                    body: [.return(test)]
                )))
            }
        }
        return members
    }

    /// A condition as Swift over `values`, in a static context. A field that is
    /// hidden reads as empty: `""`, `false`, nothing selected (SPEC §7).
    func conditionExpr(_ condition: ConditionExpr) -> SwiftExpr {
        switch condition {
        case .constant(let value):
            return .bool(value)
        case .boolField(let id):
            return whenVisible(id, Self.read(id))
        case .isEmpty(let id):
            let empty: SwiftExpr
            switch fieldsByID[id]?.symbol.valueType {
            case .segment(_, optional: true)?: empty = .binary(Self.read(id), .equal, .nil)
            case .segment(_, optional: false)?: empty = .bool(false)
            case .bool?: empty = .not(Self.read(id))
            case .string?, nil: empty = .member(Self.read(id), "isEmpty")
            }
            guard let helper = visibilityHelper(of: id) else { return empty }
            let hidden = SwiftExpr.not(.call(.name(helper), [SwiftArgument(nil, .name("values"))]))
            if empty == .bool(false) { return hidden }
            return .binary(hidden, .or, empty)
        case .textEquals(let id, let text):
            let value: SwiftExpr
            if let helper = visibilityHelper(of: id) {
                value = .paren(.ternary(.call(.name(helper), [SwiftArgument(nil, .name("values"))]), Self.read(id), .string("")))
            } else {
                value = Self.read(id)
            }
            return .binary(value, .equal, .string(text))
        case .segmentEquals(let id, let optionValue):
            var enumName = SwiftNames.upperCamelCase(id)
            if case .segment(let name, _)? = fieldsByID[id]?.symbol.valueType { enumName = name }
            let test = SwiftExpr.binary(
                Self.read(id), .equal, .member(.name(enumName), segmentCase(field: id, optionValue: optionValue))
            )
            return whenVisible(id, test)
        case .not(let inner):
            return .not(conditionExpr(inner))
        case .and(let lhs, let rhs):
            return .binary(conditionExpr(lhs), .and, conditionExpr(rhs))
        case .or(let lhs, let rhs):
            return .binary(conditionExpr(lhs), .or, conditionExpr(rhs))
        }
    }

    /// The visibility helper of a field, nil when it is always visible.
    private func visibilityHelper(of id: String) -> String? {
        guard let field = fieldsByID[id] else { return nil }
        return conditions.visibleHelper[field.symbol.path]
    }

    /// `test` when the field is visible, else false: for the tests this is used
    /// with (a Boolean's value, a segment option), the empty value fails.
    private func whenVisible(_ id: String, _ test: SwiftExpr) -> SwiftExpr {
        guard let helper = visibilityHelper(of: id) else { return test }
        return .binary(.call(.name(helper), [SwiftArgument(nil, .name("values"))]), .and, test)
    }
}
