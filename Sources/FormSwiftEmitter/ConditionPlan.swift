import FormModel

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
        /// thousands of helpers, and two longer strings each would be two
        /// allocations per helper.
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
    /// Whether a condition compares two fields (SPEC §16), which the generated
    /// code does through FormRuntime's `FormComparison`.
    private(set) var comparesFields = false

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
            if visibleWhen?.comparesFields == true || enabledWhen?.comparesFields == true { comparesFields = true }
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
