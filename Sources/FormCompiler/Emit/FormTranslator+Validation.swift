/// Validation (SPEC §6): the static rules over a `Values` snapshot, one small
/// function per field, and the instance API that drives field states.
extension FormTranslator {
    func validationMembers(into out: inout SwiftRenderer) {
        let validatorsArgument = hasCustomRules ? [SwiftArgument("validators", .name("validators"))] : []
        let staticParameters = [SwiftParameter("_", "values", Self.valuesType)] + (hasCustomRules ? [validatorsParameterDecl] : [])

        // validate(): the static rules over a snapshot; every field's state is set.
        out.declaration(.function(SwiftFunction(
            doc: ["Validates every field's current value and sets every field's state."],
            access: access, name: "validate", parameters: [], isAsync: true, result: Self.reportType,
            body: [
                .let("report", nil, .await(.call(.member(.name("Self"), "validate"), [
                    SwiftArgument(nil, .member(.name("self"), "values")),
                ] + (hasCustomRules ? [SwiftArgument("validators", .member(.name("self"), "validators"))] : [])))),
                .expr(.call(.member(.name("validation"), "apply"), [SwiftArgument(nil, .name("report"))])),
                .return(.name("report")),
            ]
        )))

        // static validate(_:): the same rules, from any isolation domain.
        out.declaration(.function(SwiftFunction(
            doc: ["Validates `values` with the form's rules, from any isolation domain (e.g. a server)."],
            access: access, modifiers: ["nonisolated", "static"], name: "validate",
            parameters: staticParameters, isAsync: true, result: Self.reportType,
            body: [
                .var("results", .array(.named("(Field, ValidationResult)")), .array([])),
                .for("field", in: .member(.name("Field"), "allCases"), body: [
                    .expr(.call(.member(.name("results"), "append"), [SwiftArgument(nil, .tuple([
                        .name("field"),
                        .await(.call(.name("validate"), [
                            SwiftArgument(nil, .name("field")), SwiftArgument("in", .name("values")),
                        ] + validatorsArgument)),
                    ]))])),
                ]),
                .return(.call(.type(Self.reportType), [SwiftArgument(nil, .name("results"))])),
            ]
        )))

        for member in fieldStateMembers() { out.declaration(member) }

        // The per-field dispatcher and the triggers and dependents of the controller.
        // Keyed by the suffix of the field's `validate…` helper; nil: no rules.
        let dispatch: [(field: String, key: String?)] = fields.map { field in
            (field.id, field.rules.isEmpty ? nil : field.upperName)
        }
        out.openFunction(SwiftFunction(
            access: .private, modifiers: ["nonisolated", "static"], name: "validate",
            parameters: [SwiftParameter("_", "field", Self.fieldType), SwiftParameter("in", "values", Self.valuesType)]
                + (hasCustomRules ? [validatorsParameterDecl] : []),
            isAsync: true, result: Self.resultType, body: []
        ))
        switchOverFields(dispatch, whenEmpty: nil, into: &out) { upperName in
            guard let upperName else { return .dot("valid") }
            return .await(.call(.name("validate" + upperName), [SwiftArgument(nil, Self.valuesName)] + validatorsArgument))
        }
        out.closeBody()
        out.declaration(.property(SwiftProperty(
            access: .private, modifiers: ["nonisolated", "static"], isLet: true, name: "triggers",
            type: .dictionary(Self.fieldType, .named("ValidationTrigger")),
            initializer: .call(.name("Dictionary"), [SwiftArgument("uniqueKeysWithValues", .call(
                .member(.member(.name("Field"), "allCases"), "map"),
                [SwiftArgument(nil, .closure(SwiftClosure(body: [
                    .expr(.tuple([.name("$0"), .call(.name("trigger"), [SwiftArgument("of", .name("$0"))])])),
                ])))]
            ))])
        )))
        out.openFunction(SwiftFunction(
            access: .private, modifiers: ["nonisolated", "static"], name: "trigger",
            parameters: [SwiftParameter("of", "field", Self.fieldType)], result: .named("ValidationTrigger"), body: []
        ))
        switchOverFields(fields.map { ($0.id, $0.symbol.trigger) }, whenEmpty: form.document.defaultTrigger, into: &out) {
            .dot($0.rawValue)
        }
        out.closeBody()
        let dependentsType = SwiftType.dictionary(Self.fieldType, .array(Self.fieldType))
        let sameAs = sameAsDependents()
        if sameAs.isEmpty {
            out.declaration(.property(SwiftProperty(
                access: .private, modifiers: ["nonisolated", "static"], isLet: true, name: "dependents",
                type: dependentsType, initializer: .dictionary([])
            )))
        } else {
            out.declaration(.property(SwiftProperty(
                doc: ["`sameAs` targets → the fields that compare with them: a change to the target re-checks them."],
                access: .private, modifiers: ["nonisolated", "static"], isLet: true, name: "dependents",
                type: dependentsType, initializer: .call(.name("makeDependents"), [])
            )))
            // Statements rather than one dictionary literal: a literal of thousands
            // of entries takes the type checker seconds.
            out.openFunction(SwiftFunction(
                access: .private, modifiers: ["nonisolated", "static"], name: "makeDependents", parameters: [],
                result: dependentsType, body: []
            ))
            out.statement(.var("dependents", dependentsType, .dictionary([])))
            for (target, fields) in sameAs {
                out.statement(.assign(.subscript(.name("dependents"), .dot(target)), .array(fields.map { .dot($0) })))
            }
            out.statement(.return(.name("dependents")))
            out.closeBody()
        }

        // One compiled pattern per distinct text, shared by every rule that uses it.
        var patternNames: [String: String] = [:]
        for field in fields {
            for rule in field.rules {
                guard case .pattern(let pattern) = rule.kind, patternNames[pattern] == nil else { continue }
                let name = "pattern_" + String(patternNames.count + 1)
                patternNames[pattern] = name
                out.declaration(.property(SwiftProperty(
                    access: .private, modifiers: ["nonisolated", "static"], isLet: true, name: name,
                    initializer: .call(.type(.named("FormPattern")), [SwiftArgument(nil, .string(pattern))])
                )))
            }
        }

        for field in fields where !field.rules.isEmpty {
            out.declaration(fieldValidation(field, patternNames: patternNames))
        }
    }

    private var validatorsParameterDecl: SwiftParameter {
        SwiftParameter(nil, "validators", .existential(.named(validatorsProtocol)))
    }

    /// `sameAs` target → the fields that compare with it, in document order.
    private func sameAsDependents() -> [(String, [String])] {
        var result: [(String, [String])] = []
        var indexOfTarget: [String: Int] = [:]
        for field in fields {
            for rule in field.rules {
                guard case .sameAs(let target) = rule.kind, target != field.id else { continue }
                if let index = indexOfTarget[target] {
                    // A field's own rules are adjacent, so a repeat is always the last entry.
                    if result[index].1.last != field.id { result[index].1.append(field.id) }
                } else {
                    indexOfTarget[target] = result.count
                    result.append((target, [field.id]))
                }
            }
        }
        return result
    }

    /// `didChange`, `didEndEditing`, `state(of:)` and the state observers: thin
    /// forwards to the runtime's controller.
    private func fieldStateMembers() -> [SwiftDecl] {
        func forward(_ name: String, doc: String, label: String?, _ parameter: SwiftParameter, isAsync: Bool, result: SwiftType?,
                     attributes: [String] = []) -> SwiftDecl {
            var call = SwiftExpr.call(.member(.name("validation"), name), [SwiftArgument(label, .name(parameter.name))])
            if isAsync { call = .await(call) }
            return .function(SwiftFunction(
                doc: [doc], attributes: attributes, access: access, name: name,
                parameters: [parameter], isAsync: isAsync, result: result,
                body: [result == nil ? .expr(call) : .return(call)]
            ))
        }
        let field = SwiftParameter("_", "field", Self.fieldType)
        return [
            forward("didChange", doc: "Reports an edit of `field`; returns once the rules its trigger calls for have run.",
                    label: nil, field, isAsync: true, result: nil),
            forward("didEndEditing", doc: "Reports that `field` lost focus; returns once the rules its trigger calls for have run.",
                    label: nil, field, isAsync: true, result: nil),
            .function(SwiftFunction(
                doc: ["The validation state of `field`."],
                access: access, name: "state", parameters: [SwiftParameter("of", "field", Self.fieldType)],
                result: .named("FieldState"),
                body: [.return(.call(.member(.name("validation"), "state"), [SwiftArgument("of", .name("field"))]))]
            )),
            forward("addStateObserver", doc: "Calls `observer` with each field state change.", label: nil,
                    SwiftParameter("_", "observer", .function(
                        attributes: ["@escaping", "@MainActor"], parameters: [Self.fieldType, .named("FieldState")],
                        isAsync: false, result: .void
                    )),
                    isAsync: false, result: .named("ObserverToken"), attributes: ["@discardableResult"]),
            forward("removeStateObserver", doc: "Stops calling the observer behind `token`.", label: nil,
                    SwiftParameter("_", "token", .named("ObserverToken")), isAsync: false, result: nil),
        ]
    }

    /// The rules of one field; `patternNames` names the shared `FormPattern` of each pattern text.
    private func fieldValidation(_ field: FieldInfo, patternNames: [String: String]) -> SwiftDecl {
        var rules: [SwiftExpr] = []
        let valueType = swiftType(of: field)
        for rule in field.rules {
            let targetName: String? = if case .sameAs(let target) = rule.kind {
                form.symbols.field(target)?.displayName
            } else {
                nil
            }
            let message = SwiftExpr.string(
                rule.message?.value
                    ?? DefaultMessages.message(for: rule.kind, fieldName: field.symbol.displayName, targetName: targetName)
                    ?? ""
            )
            switch rule.kind {
            case .required:
                // A segment with a default always has a selection: the rule can never
                // fail (FC406), and its type has no empty value to test.
                if case .segment(_, optional: false) = field.symbol.valueType { continue }
                rules.append(.call(.dot("required"), [SwiftArgument("message", message)]))
            case .minLength(let count):
                rules.append(.call(.dot("minLength"), [SwiftArgument(nil, .int(count)), SwiftArgument("message", message)]))
            case .maxLength(let count):
                rules.append(.call(.dot("maxLength"), [SwiftArgument(nil, .int(count)), SwiftArgument("message", message)]))
            case .pattern(let pattern):
                let name = patternNames[pattern] ?? "pattern_0"
                rules.append(.call(.dot("pattern"), [SwiftArgument(nil, .name(name)), SwiftArgument("message", message)]))
            case .email:
                rules.append(.call(.dot("email"), [SwiftArgument("message", message)]))
            case .url:
                rules.append(.call(.dot("url"), [SwiftArgument("message", message)]))
            case .sameAs(let target):
                let other = Self.read(target, from: .name("$0"))
                if let targetType = form.symbols.field(target)?.valueType, targetType != field.symbol.valueType {
                    // `Plan` against `Plan?`: compare as optionals.
                    rules.append(.call(.type(.named("ValidationRule")), [SwiftArgument(nil, .closure(SwiftClosure(
                        parameters: ["value", "values"],
                        body: [.expr(.ternary(
                            .binary(.name("value"), .equal, Self.read(target)), .dot("valid"),
                            .call(.dot("invalid"), [SwiftArgument("message", message)])
                        ))]
                    )))]))
                } else {
                    rules.append(.call(.dot("sameAs"), [
                        SwiftArgument(nil, .closure(SwiftClosure(body: [.expr(other)]))),
                        SwiftArgument("message", message),
                    ]))
                }
            case .custom(let name):
                // The form's `message:`, when given, replaces the validator's own text.
                let messageArgument = rule.message.map { [SwiftArgument("message", .string($0.value))] } ?? []
                rules.append(.call(.dot("custom"), messageArgument + [SwiftArgument(nil, .closure(SwiftClosure(
                    parameters: ["value", "values"],
                    body: [.expr(.await(.call(.member(.name("validators"), name), [
                        SwiftArgument(nil, .name("value")), SwiftArgument("values", .name("values")),
                    ])))]
                )))]))
            }
        }
        var body: [SwiftStmt] = []
        if let helper = conditions.visibleHelper[field.symbol.path] {
            // Hidden fields are not validated (SPEC §6.2).
            body.append(.guard(helperCall(conditions.visibleHelpers[helper], from: .snapshot), else: [.return(.dot("valid"))]))
        }
        body.append(.let("rules", .array(.named("ValidationRule", [valueType, Self.valuesType])), .array(rules, multiline: true)))
        body.append(.return(.await(.call(.member(.name("RuleRunner"), "validate"), [
            SwiftArgument(nil, Self.read(field.id)),
            SwiftArgument("in", .name("values")),
            SwiftArgument("rules", .name("rules")),
        ]))))
        return .function(SwiftFunction(
            access: .private, modifiers: ["nonisolated", "static"], name: "validate" + field.upperName,
            parameters: [SwiftParameter("_", "values", Self.valuesType)] + (hasCustomRules ? [validatorsParameterDecl] : []),
            isAsync: true, result: Self.resultType, body: body
        ))
    }
}
