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
    /// The element as its kind, for a renderer's exhaustive `switch`.
    var kind: FormElementKind { get }
}

/// Every element kind of SPEC §3, §10 and §15, each carrying its element, so that a
/// renderer draws with one `switch element.kind` that the compiler checks is
/// exhaustive: a renderer that forgets a kind does not compile (SPEC §13).
///
/// The generic kinds carry their element through its `…Representable` protocol,
/// which works without knowing the generated enum or the field's value type.
@MainActor
public enum FormElementKind {
    case group(GroupElement)
    case boolean(BooleanElement)
    case segment(any SegmentElementRepresentable)
    case textField(TextFieldElement)
    case floatLabel(FloatLabelElement)
    case textView(TextViewElement)
    case spacer(SpacerElement)
    case staticText(StaticTextElement)
    case segue(any SegueElementRepresentable)
    case number(any NumberElementRepresentable)
    case date(any DateElementRepresentable)
    case picker(any PickerElementRepresentable)
    case multiChoice(any MultiChoiceElementRepresentable)
    /// A list's entries, each with its element tree (SPEC §14).
    case list(ListElement)
    case page(PageElement)

    /// The element itself, whatever its kind.
    public var element: any FormElement {
        switch self {
        case .group(let element): element
        case .boolean(let element): element
        case .segment(let element): element
        case .textField(let element): element
        case .floatLabel(let element): element
        case .textView(let element): element
        case .spacer(let element): element
        case .staticText(let element): element
        case .segue(let element): element
        case .number(let element): element
        case .date(let element): element
        case .picker(let element): element
        case .multiChoice(let element): element
        case .list(let element): element
        case .page(let element): element
        }
    }
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
