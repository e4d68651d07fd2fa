import FormModel
import FormSource

/// Pages (SPEC §15.1) and the form's state from app code (§15.2): the `Page`
/// enum and its members for a form with pages, and for every form the edits
/// that value assignments start, `settle()`, `setError`, `clearErrors()`,
/// `reset(to:)`, `clearingHidden(_:in:)` and `submittedValues`.
extension FormTranslator {
    static let pageType = SwiftType.named("Page")

    /// `enum Page: String, CaseIterable, Sendable`, in document order.
    func pageEnum(into plan: inout EmitPlan) {
        guard !pages.isEmpty else { return }
        plan.once(weight: SpeedPaths.EmitWeights.enumStart + SpeedPaths.EmitWeights.enumCase * pages.count) { [self] out in
            out.openType(SwiftTypeDecl(
                doc: ["The form's pages, in document order (SPEC §15.1)."],
                attributes: Self.valueTypeIsolation, access: access, kind: .enum, name: "Page",
                inherits: ["String", "CaseIterable", "Sendable"]
            ))
            for page in pages { out.enumCase(page.id, rawValue: nil) }
            out.closeType()
        }
    }

    /// In `init`, after every stored property: each `FormValue`'s assignment is an edit.
    func editObservers(into plan: inout EmitPlan) {
        // The lists whose entries read each form field: its edit re-checks them (SPEC §16).
        var readers: [String: [String]] = [:]
        for list in lists {
            for target in list.entry.formReaders { readers[target, default: []].append(list.id) }
        }
        eachField(in: formBody, weight: SpeedPaths.EmitWeights.initializerLine, into: &plan) { [self, readers] index, out in
            let id = fields[index].id
            guard let lists = readers[id] else {
                out.statement(.expr(.call(.member(.name("validation"), "watch"), [
                    SwiftArgument(nil, .member(Self.selfName, id)), SwiftArgument("as", .dot(id)),
                ])))
                return
            }
            // A field that entries read also starts their re-checks.
            var body: [SwiftStmt] = [.expr(.call(.name("self?.validation.valueDidChange"), [SwiftArgument(nil, .dot(id))]))]
            for list in lists {
                body.append(.for("entry", in: .name("self?.\(list).entries ?? []"), body: [
                    .expr(.call(.member(.name("entry"), "formFieldDidChange"), [SwiftArgument(nil, .dot(id))])),
                ]))
            }
            out.statement(.expr(.call(.member(.member(Self.selfName, id), "addObserver"), [
                SwiftArgument(nil, .closure(SwiftClosure(captures: ["weak self"], parameters: ["_"], body: body))),
            ])))
        }
    }

    /// The members of SPEC §15.2 that every form has, then a form's page members.
    func stateMembers(into plan: inout EmitPlan) {
        // `setError(_:at: "/employers/0/company")`: an entry's field, by the list, index and id (SPEC §14).
        let entryLists = lists.filter { !$0.entry.fields.isEmpty }
        plan.once { [self] out in
            let settleDoc = [
                "Returns once the rules that value assignments started have run (SPEC §15.2): an assignment to a",
                "field's `FormValue` is an edit, whose rules run in a task of their own; await this before reading",
                "the states, e.g. in a test or a submit button.",
            ]
            if lists.isEmpty {
                out.declaration(.function(SwiftFunction(
                    doc: settleDoc, access: access, name: "settle", parameters: [], isAsync: true,
                    body: [.expr(.await(.call(.member(.name("validation"), "settle"), [])))]
                )))
            } else {
                // The form's edits and each entry's, again while a pass started more
                // (an edit of one while another was awaited).
                out.listMember(settleDoc.map { "/// " + $0 } + [
                    "\(accessPrefix)func settle() async {",
                    "    var started: UInt64",
                    "    repeat {",
                    "        started = validation.editsStarted",
                    "        await validation.settle()",
                ] + lists.flatMap { list in [
                    "        for entry in self.\(list.id).entries {",
                    "            await entry.settle()",
                    "        }",
                ] } + [
                    "    } while validation.editsStarted != started",
                    "}",
                ])
            }
            out.declaration(.function(SwiftFunction(
                doc: [
                    "Shows `message` on `field` from outside the rules (a server's \"email already taken\"): the state is",
                    "`.invalid(message:)` until the field's value changes; " + (pages.isEmpty ? "`validate()` leaves it." : "`validate()` and `validate(page:)` leave it."),
                ],
                access: access, name: "setError",
                parameters: [SwiftParameter("_", "message", Self.stringType), SwiftParameter("for", "field", Self.fieldType)],
                body: hasNoFields ? [] : [.expr(.call(.member(.name("validation"), "setError"), [
                    SwiftArgument(nil, .name("message")), SwiftArgument("for", .name("field")),
                ]))]
            )))
            if entryLists.isEmpty {
                out.declaration(.function(SwiftFunction(
                    doc: [
                        "`setError(_:for:)` for the value at `path`, a JSON Pointer into `Values` as a report's issues give it",
                        "(`/email`); false, and nothing shown, for a path that names no field.",
                    ],
                    attributes: ["@discardableResult"], access: access, name: "setError",
                    parameters: [SwiftParameter("_", "message", Self.stringType), SwiftParameter("at", "path", Self.stringType)],
                    result: Self.boolType,
                    // A form without fields has no path (and its `Field`, without cases, no raw value).
                    body: !hasFieldCases ? [.return(.bool(false))] : [
                        .guardLet("field", .call(.member(.name("FieldPath"), "field"), [
                            SwiftArgument("at", .name("path")), SwiftArgument("as", .member(.name("Field"), "self")),
                        ]), else: [.return(.bool(false))]),
                        .expr(.call(.name("setError"), [SwiftArgument(nil, .name("message")), SwiftArgument("for", .name("field"))])),
                        .return(.bool(true)),
                    ]
                )))
            } else {
                var lines = [
                    "/// `setError(_:for:)` for the value at `path`, a JSON Pointer into `Values` as a report's issues give it:",
                    "/// a field (`/email`) or a list entry's field (`/\(entryLists[0].id)/0/…`); false, and nothing shown, for a path",
                    "/// that names no field.",
                    "@discardableResult",
                    "\(accessPrefix)func setError(_ message: String, at path: String) -> Bool {",
                    "    if let (list, index, id) = FieldPath.entryField(at: path) {",
                    "        switch list {",
                ]
                for list in entryLists {
                    lines += [
                        "        case \"\(list.id)\":",
                        "            guard self.\(list.id).entries.indices.contains(index), let field = \(list.className).Field(rawValue: id) else { return false }",
                        "            self.\(list.id).entries[index].setError(message, for: field)",
                        "            return true",
                    ]
                }
                lines += ["        default:", "            return false", "        }", "    }"]
                lines += !hasFieldCases ? ["    return false", "}"] : [
                    "    guard let field = FieldPath.field(at: path, as: Field.self) else { return false }",
                    "    setError(message, for: field)",
                    "    return true",
                    "}",
                ]
                out.listMember(lines)
            }
            out.declaration(.function(SwiftFunction(
                doc: ["Removes every message that `setError` showed; those fields become `.idle`."],
                access: access, name: "clearErrors", parameters: [],
                body: [.expr(.call(.member(.name("validation"), "clearErrors"), []))] + lists.map { list in
                    .for("entry", in: .member(.member(Self.selfName, list.id), "entries"), body: [.expr(.call(.member(.name("entry"), "clearErrors"), []))])
                }
            )))
            out.openFunction(SwiftFunction(
                doc: [
                    "Puts every value back (to `values`, by default every field's default) and every state to `.idle`,",
                    "cancelling the rules in flight; the assignments are no edits.",
                ],
                access: access, name: "reset",
                parameters: [SwiftParameter("to", "values", Self.valuesType, default: .call(.type(Self.valuesType), []))],
                body: []
            ))
            // Statements, not a closure: a closure of thousands of statements is slow to type-check.
            out.statement(.expr(.call(.member(.name("validation"), "beginReset"), [])))
        }
        eachField(in: formBody, weight: SpeedPaths.EmitWeights.initializerLine, into: &plan) { [self] index, out in
            out.statement(.assign(.member(.member(Self.selfName, fields[index].id), "value"), .member(Self.valuesName, fields[index].id)))
        }
        let hidable = fields.indices.filter { fields[$0].visibleHelper != nil }
        let hidableLists: [(id: String, helper: Int)] = lists.compactMap { list in list.helpers.visible.map { (list.id, $0) } }
        // Lists whose entries hide fields of their own: each entry is cleared by its class (SPEC §15.2).
        let entryHidingLists = lists.filter { $0.entry.hasHidableFields }
        plan.once { [self] out in
            // Each list's entries anew from `values` (SPEC §14): new entries, with states of their own.
            if !lists.isEmpty {
                var lines = ["let owner = FormRuntime.FormOwnerReference<\(typeName)>()", "owner.owner = self"]
                for list in lists {
                    lines.append("self.\(list.id).replaceEntries(\(list.entriesFromValues))")
                }
                out.listLines(lines)
            }
            out.statement(.expr(.call(.member(.name("validation"), "endReset"), [])))
            out.closeBody()
            out.declaration(.property(SwiftProperty(
                doc: [
                    "The values to submit: the current values with every hidden field set to its empty value",
                    "(`clearingHidden(_:in:)`), so that an answer the person can no longer see is not sent.",
                ],
                access: access, isLet: false, name: "submittedValues", type: Self.valuesType,
                getter: [.return(.call(.member(.name("Self"), "clearingHidden"), [
                    SwiftArgument(nil, .member(Self.selfName, "values")), SwiftArgument("in", .member(Self.selfName, "context")),
                ]))]
            )))
            out.openFunction(SwiftFunction(
                doc: [
                    "`values` with every hidden field (by its own condition, its group's or its page's) set to its empty",
                    "value: `\"\"`, `false`, `nil`, `[]`, or its default for a field that always has a value (SPEC §15.2).",
                ],
                access: access, modifiers: ["nonisolated", "static"], name: "clearingHidden",
                parameters: [
                    SwiftParameter("_", "values", Self.valuesType),
                    SwiftParameter("in", "context", Self.contextType, default: .call(.type(Self.contextType), [])),
                ],
                result: Self.valuesType, body: []
            ))
            if hidable.isEmpty && hidableLists.isEmpty && entryHidingLists.isEmpty {
                out.statement(.return(Self.valuesName))
            } else {
                out.statement(.var("cleared", nil, Self.valuesName))
            }
        }
        let readsToday = conditions.readsToday
        if !hidable.isEmpty {
            plan.each(hidable.count, in: formBody, weight: { _ in SpeedPaths.EmitWeights.initializerLine }) { [self] index, out in
                let field = fields[hidable[index]]
                out.clearingWhenHidden(field.name, to: emptyValue(of: field), passesContext: readsToday)
            }
        }
        if !hidable.isEmpty || !hidableLists.isEmpty || !entryHidingLists.isEmpty {
            plan.once { [self] out in
                // A hidden list (its own condition, its group's or its page's) has no entries to submit.
                for (id, helper) in hidableLists {
                    let name = conditions.visibleHelpers[helper].name(from: .snapshot)
                    let call = name.prefix.description + name.key + name.suffix.description + (readsToday ? "(values, context)" : "(values)")
                    out.listLines(["if !\(call) {", "    cleared.\(id) = []", "}"])
                }
                // A visible list's entries: each with the fields its own conditions hide cleared; the
                // form's fields the entry reads are as its conditions see them (empty while hidden).
                for list in entryHidingLists {
                    let outer = list.entry.entry?.outer ?? []
                    var lines = ["for index in cleared.\(list.id).indices {"]
                    if outer.isEmpty {
                        lines.append("    cleared.\(list.id)[index] = \(list.className).clearingHidden(cleared.\(list.id)[index], in: context)")
                    } else {
                        lines.append("    var entry = cleared.\(list.id)[index]")
                        for field in outer {
                            let visible = "isVisible(.\(field.id), in: values\(readsToday ? ", context: context" : ""))"
                            lines.append("    entry.\(field.member) = \(visible) ? values.\(field.id) : \(Self.emptyLiteral(of: field.entryType))")
                        }
                        lines.append("    cleared.\(list.id)[index] = \(list.className).clearingHidden(entry, in: context)")
                    }
                    lines.append("}")
                    out.listLines(lines)
                }
                out.statement(.return(.name("cleared")))
            }
        }
        plan.once { out in
            out.closeBody()
        }
        pageMembers(into: &plan)
    }

    /// What a hidden field is cleared to: its type's empty value, or its default
    /// where the type has none (a segment, number or date with a default).
    func emptyValue(of field: FieldInfo) -> SwiftLiteral {
        switch field.fieldType {
        case .string: .string("")
        case .bool: .bool(false)
        case .multiChoice: .enumCases([])
        case .segment(_, let optional), .number(_, let optional), .date(_, let optional): optional ? .nil : field.defaultValue
        }
    }

    /// `fields(on:)`, `isVisible(_:)`, `page(after:)`, `page(before:)` and
    /// `validate(page:)`, instance and static, for a form with pages.
    private func pageMembers(into plan: inout EmitPlan) {
        guard !pages.isEmpty else { return }
        let readsToday = conditions.readsToday
        // Lists on pages (SPEC §14): `validate(page:)` checks the page's lists and their entries too.
        let listsOnPages = pages.contains { !$0.listIDs.isEmpty }
        let pagesWithLists = pages.filter { !$0.listIDs.isEmpty }
        func pageSwitch(_ body: (String) -> [SwiftStmt]) -> SwiftStmt {
            var cases = pagesWithLists.map { page in
                SwiftSwitchCase(pattern: "." + page.id, body: page.listIDs.flatMap(body))
            }
            if pagesWithLists.count < pages.count { cases.append(SwiftSwitchCase(pattern: "default", body: [.expr(.name("break"))])) }
            return .switch(.name("page"), cases: cases)
        }
        // A list's id is a field on its page (SPEC §14): its path is followed by its entries'.
        var pathCases = lists.map { list in
            SwiftSwitchCase(pattern: "." + list.id, body: [.expr(.name("paths += await validateList_\(list.id)(values, context: context\(list.entry.hasCustomRules ? ", validators: validators" : ""))"))])
        }
        if !fields.isEmpty {
            pathCases.append(SwiftSwitchCase(pattern: "default", body: [.expr(.name("paths.append((path: \"/\" + field.rawValue, result: result))"))]))
        }
        let pageListPaths: [SwiftStmt] = listsOnPages ? [
            .var("paths", .array(.named("(path: String, result: ValidationResult)")), .array([])),
            .for(fields.isEmpty ? "(field, _)" : "(field, result)", in: .name("results"), body: [.switch(.name("field"), cases: pathCases)]),
        ] : []
        // Each page's fields and lists, in document order.
        func pageFields(_ page: FormIndex.Page) -> [String] {
            var ids: [String] = []
            var pending = lists.filter { page.listIDs.contains($0.id) }
            for position in page.fieldPositions {
                while let list = pending.first, list.fieldsBefore <= position {
                    ids.append(list.id)
                    pending.removeFirst()
                }
                ids.append(fields[position].id)
            }
            return ids + pending.map(\.id)
        }
        let pageFieldIDs = pages.map(pageFields)
        // An entry's field showing a message from `setError` keeps it, and the report has it at its path.
        let pageEntryStates: [SwiftStmt] = listsOnPages ? [
            .let("shown", nil, applyingCall(.name("report"), sinceMark: true)),
            .var("errors", .named("[String: FormRuntime.ValidationResult]"), .name("[:]")),
            pageSwitch { id in entryStateLines(of: id, indent: "").map { .expr(.name($0)) } },
        ] : []
        // Taken with the values, before the rules are awaited (`listValidationAPI`).
        let snapshotEntries: [SwiftStmt] = pagesWithLists.flatMap(\.listIDs).map { id in
            .let("\(id)Entries", nil, .member(.member(Self.selfName, id), "entries"))
        }
        plan.once { [self] out in
            out.declaration(.function(SwiftFunction(
                doc: ["The fields on `page`, in document order (SPEC §15.1)."],
                access: access, name: "fields", parameters: [SwiftParameter("on", "page", Self.pageType)],
                result: .array(Self.fieldType),
                body: [.return(.call(.member(.name("Self"), "fields"), [SwiftArgument("on", .name("page"))]))]
            )))
            out.declaration(.function(SwiftFunction(
                doc: ["The fields on `page`, in document order, from any isolation domain."],
                access: access, modifiers: ["nonisolated", "static"], name: "fields",
                parameters: [SwiftParameter("on", "page", Self.pageType)], result: .array(Self.fieldType),
                body: [.switch(.name("page"), cases: zip(pages, pageFieldIDs).map { page, ids in
                    SwiftSwitchCase(pattern: "." + page.id, body: [
                        .return(.array(ids.map { .dot($0) })),
                    ])
                })]
            )))
            // isVisible(_ page:): the page's own condition (a page is at the top level).
            func visibility(_ source: ConditionSource) -> [SwiftStmt] {
                let hidable = pages.filter { $0.visibleHelper != nil }
                guard !hidable.isEmpty else { return [.return(.bool(true))] }
                var cases = hidable.map { page in
                    let helper = conditions.visibleHelpers[page.visibleHelper!]
                    let name = helper.name(from: source)
                    let spelled = name.prefix.description + name.key + name.suffix.description
                    let call: SwiftExpr = switch source {
                    case .snapshot:
                        .call(.name(spelled),
                              [SwiftArgument(nil, Self.valuesName)] + (readsToday ? [SwiftArgument(nil, .name("context"))] : []))
                    case .live:
                        .call(.name(spelled), [])
                    }
                    return SwiftSwitchCase(pattern: "." + page.id, body: [.return(call)])
                }
                if hidable.count < pages.count { cases.append(SwiftSwitchCase(pattern: "default", body: [.return(.bool(true))])) }
                return [.switch(.name("page"), cases: cases)]
            }
            out.declaration(.function(SwiftFunction(
                doc: ["Whether `page` is shown now: a hidden page is skipped, and its fields are hidden (SPEC §15.1)."],
                access: access, name: "isVisible", parameters: [SwiftParameter("_", "page", Self.pageType)],
                result: Self.boolType, body: visibility(.live)
            )))
            var staticParameters = [SwiftParameter("_", "page", Self.pageType), SwiftParameter("in", "values", Self.valuesType)]
            if readsToday {
                staticParameters.append(SwiftParameter(nil, "context", Self.contextType, default: .call(.type(Self.contextType), [])))
            }
            out.declaration(.function(SwiftFunction(
                doc: ["Whether `page` is shown with `values`."],
                access: access, modifiers: ["nonisolated", "static"], name: "isVisible", parameters: staticParameters,
                result: Self.boolType, body: visibility(.snapshot)
            )))
            for (word, doc) in [("after", "The next page after `page` that is shown now; nil after the last."),
                                ("before", "The page before `page` that is shown now; nil before the first.")] {
                out.declaration(.function(SwiftFunction(
                    doc: [doc],
                    access: access, name: "page", parameters: [SwiftParameter(word, "page", Self.pageType)],
                    result: .optional(Self.pageType),
                    body: [.return(.call(.member(.name("FormPages"), "page"), [
                        SwiftArgument(word, .name("page")),
                        SwiftArgument("isVisible", .closure(SwiftClosure(body: [
                            .expr(.call(.member(Self.selfName, "isVisible"), [SwiftArgument(nil, .name("$0"))])),
                        ]))),
                    ]))]
                )))
            }
            out.declaration(.function(SwiftFunction(
                doc: [
                    "Validates the visible fields of `page` and sets their states only; the other pages' fields keep",
                    "theirs (SPEC §15.1). A field showing a message from `setError` keeps it, and one whose value changes",
                    "while the rules run keeps what its trigger makes of the new value.",
                ],
                access: access, name: "validate", parameters: [SwiftParameter(nil, "page", Self.pageType)],
                isAsync: true, result: Self.reportType,
                body: [Self.changeMarkStatement] + snapshotEntries
                    + wholeValidation(between: [SwiftArgument("page", .name("page"))]) + pageEntryStates + [
                    .return(listsOnPages
                        ? .call(.member(.name("shown"), "replacing"), [SwiftArgument("paths", .name("errors"))])
                        : applyingCall(.name("report"), sinceMark: true)),
                ]
            )))
            out.declaration(.function(SwiftFunction(
                doc: ["Validates the fields of `page` in `values` with the form's rules, from any isolation domain."],
                access: access, modifiers: ["nonisolated", "static"], name: "validate",
                parameters: [
                    SwiftParameter("_", "values", Self.valuesType),
                    SwiftParameter(nil, "page", Self.pageType),
                    SwiftParameter("in", "context", Self.contextType, default: .call(.type(Self.contextType), [])),
                ] + (hasCustomRules ? [validatorsParameter] : []),
                isAsync: true, result: Self.reportType,
                body: fieldResults(of: .call(.name("fields"), [SwiftArgument("on", .name("page"))])) + pageListPaths + [
                    .return(listsOnPages
                        ? .call(.type(Self.reportType), [SwiftArgument(nil, .name("results")), SwiftArgument("values", .name("paths"))])
                        : .call(.type(Self.reportType), [SwiftArgument(nil, .name("results"))])),
                ]
            )))
        }
    }
}
