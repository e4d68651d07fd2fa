/// One node of a generated form's element tree, which a renderer (UIKit,
/// SwiftUI, a web page) walks to draw the form.
///
/// Each element kind of SPEC §3 is a class with its presentation keys as
/// properties and, for fields, the bound `FormValue` as `value`. Visibility and
/// enablement are closures from the generated form (SPEC §7), so a renderer just
/// asks, and asks again after any value changes.
@MainActor
public protocol FormElement: AnyObject {
    /// Whether the element is shown. A group's answer does not include its
    /// ancestors': a renderer that walks the tree hides a hidden group's content.
    var isVisible: Bool { get }
    /// Whether the element accepts input.
    var isEnabled: Bool { get }
}

/// The part every element kind shares: its `visibleWhen` and `enabledWhen` conditions.
@MainActor
public class ConditionalElement {
    /// `visibleWhen`, compiled; `{ true }` when the form gives none.
    public let visible: @MainActor () -> Bool
    /// `enabledWhen`, compiled; `{ true }` when the form gives none.
    public let enabled: @MainActor () -> Bool

    init(visible: @escaping @MainActor () -> Bool, enabled: @escaping @MainActor () -> Bool) {
        self.visible = visible
        self.enabled = enabled
    }

    public var isVisible: Bool { visible() }
    public var isEnabled: Bool { enabled() }
}
