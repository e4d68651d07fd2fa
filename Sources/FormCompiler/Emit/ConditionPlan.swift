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

        /// `isCompanyVisible`: the static helper over a `Values` snapshot;
        /// `isVisible_Company`: its instance twin, which reads the `FormValue`s.
        func name(from source: ConditionSource) -> ConditionHelperName {
            switch (source, role) {
            case (.snapshot, .visible): ConditionHelperName(prefix: "is", key: key, suffix: "Visible")
            case (.snapshot, .enabled): ConditionHelperName(prefix: "is", key: key, suffix: "Enabled")
            case (.live, .visible): ConditionHelperName(prefix: "isVisible_", key: key, suffix: "")
            case (.live, .enabled): ConditionHelperName(prefix: "isEnabled_", key: key, suffix: "")
            }
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
