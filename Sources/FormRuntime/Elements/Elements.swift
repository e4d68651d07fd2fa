// One class per element kind of SPEC §3. Every initializer defaults what the
// form may leave out to the spec's default, so generated code passes only what
// the form sets. Presentation keys are `var`s, so that an app may adjust them
// (e.g. localise a title) before rendering; ids and bindings are `let`s.

/// `group`: a titled section holding other elements.
@MainActor
public final class GroupElement: ConditionalElement, FormElement {
    /// The optional group id of the form.
    public let id: String?
    public var title: String?
    public var footer: String?
    public var style: GroupStyle
    public var layout: GroupLayout
    /// nil: the renderer's default insets.
    public var insets: FormEdgeInsets?
    public let elements: [any FormElement]

    public init(
        id: String? = nil,
        title: String? = nil,
        footer: String? = nil,
        style: GroupStyle = .plain,
        layout: GroupLayout = .intrinsic,
        insets: FormEdgeInsets? = nil,
        elements: [any FormElement],
        visible: @escaping @MainActor () -> Bool = { true },
        enabled: @escaping @MainActor () -> Bool = { true }
    ) {
        self.id = id
        self.title = title
        self.footer = footer
        self.style = style
        self.layout = layout
        self.insets = insets
        self.elements = elements
        super.init(visible: visible, enabled: enabled)
    }

    public var kind: FormElementKind { .group(self) }
}

/// `page`: one page of a form shown a page at a time (SPEC §15.1). A form with
/// pages has only pages at its top level; a renderer shows one at a time, and
/// the generated form's `page(after:)`/`page(before:)` say which comes next.
@MainActor
public final class PageElement: ConditionalElement, FormElement {
    /// The page id, the raw value of the generated `Page` case.
    public let id: String
    public var title: String?
    public let elements: [any FormElement]

    public init(
        id: String,
        title: String? = nil,
        elements: [any FormElement],
        visible: @escaping @MainActor () -> Bool = { true },
        enabled: @escaping @MainActor () -> Bool = { true }
    ) {
        self.id = id
        self.title = title
        self.elements = elements
        super.init(visible: visible, enabled: enabled)
    }

    public var kind: FormElementKind { .page(self) }
}

/// `boolean`: an on/off switch bound to a `Bool` field.
@MainActor
public final class BooleanElement: ConditionalElement, FormElement {
    public let id: String
    public var title: String
    /// An image asset name.
    public var icon: String?
    public let value: FormValue<Bool>

    public init(
        id: String,
        title: String,
        icon: String? = nil,
        value: FormValue<Bool>,
        visible: @escaping @MainActor () -> Bool = { true },
        enabled: @escaping @MainActor () -> Bool = { true }
    ) {
        self.id = id
        self.title = title
        self.icon = icon
        self.value = value
        super.init(visible: visible, enabled: enabled)
    }

    public var kind: FormElementKind { .boolean(self) }
}

/// One choice of a segment: its value, shown as a title or an image.
public struct SegmentOption<Value: Equatable & Sendable>: Equatable, Sendable {
    public var value: Value
    public var title: String?
    /// An image asset name.
    public var image: String?

    public init(value: Value, title: String? = nil, image: String? = nil) {
        self.value = value
        self.title = title
        self.image = image
    }
}

/// What a segment and a picker share: a choice of one option among `options`,
/// bound to a field of the generated enum. `Value` is the field's type: the enum
/// when the form gives a `default`, the optional enum (`nil`: nothing selected)
/// when it does not. Options have the same type, so `SegmentOption(value: .pro,
/// ...)` reads the same either way.
@MainActor
public class SingleChoiceElement<Value: Equatable & Sendable>: ConditionalElement {
    public let id: String
    public var title: String?
    public var options: [SegmentOption<Value>]
    public let value: FormValue<Value>

    init(
        id: String, title: String?, options: [SegmentOption<Value>], value: FormValue<Value>,
        visible: @escaping @MainActor () -> Bool, enabled: @escaping @MainActor () -> Bool
    ) {
        self.id = id
        self.title = title
        self.options = options
        self.value = value
        super.init(visible: visible, enabled: enabled)
    }

    /// The index of the selected option, nil when none is; setting it selects
    /// that option (nil or an index out of range changes nothing).
    public var selectedIndex: Int? {
        get { options.firstIndex { $0.value == value.value } }
        set {
            guard let newValue, options.indices.contains(newValue) else { return }
            value.value = options[newValue].value
        }
    }

    /// Each option's title and image, in order.
    public var optionLabels: [(title: String?, image: String?)] {
        options.map { ($0.title, $0.image) }
    }

    /// Calls `observer` with the new selected index whenever the value changes.
    @discardableResult
    public func addSelectionObserver(_ observer: @escaping (Int?) -> Void) -> ObserverToken {
        value.addObserver { [options] newValue in
            observer(options.firstIndex { $0.value == newValue })
        }
    }

    public func removeSelectionObserver(_ token: ObserverToken) {
        value.removeObserver(token)
    }
}

/// `segment`: a choice of one option, drawn as a segmented control.
@MainActor
public final class SegmentElement<Value: Equatable & Sendable>: SingleChoiceElement<Value>, FormElement {
    override public init(
        id: String,
        title: String? = nil,
        options: [SegmentOption<Value>],
        value: FormValue<Value>,
        visible: @escaping @MainActor () -> Bool = { true },
        enabled: @escaping @MainActor () -> Bool = { true }
    ) {
        super.init(id: id, title: title, options: options, value: value, visible: visible, enabled: enabled)
    }

    public var kind: FormElementKind { .segment(self) }
}

/// `textField`: a one-line text input.
@MainActor
public final class TextFieldElement: ConditionalElement, FormElement {
    public let id: String
    public var placeholder: String?
    public var label: String?
    public var secure: Bool
    public var keyboard: KeyboardType
    /// nil: nothing for autofill.
    public var contentType: TextContentType?
    /// The form's `autocapitalization`; the platforms' usual default when it gives none.
    public var autocapitalization: Autocapitalization
    /// Report every keystroke (true) or only the end of editing (false).
    public var continuous: Bool
    /// The most Characters a renderer lets the user type; nil: no limit.
    public var maxInputLength: Int?
    public let value: FormValue<String>

    public init(
        id: String,
        placeholder: String? = nil,
        label: String? = nil,
        secure: Bool = false,
        keyboard: KeyboardType = .default,
        contentType: TextContentType? = nil,
        autocapitalization: Autocapitalization = .sentences,
        continuous: Bool = true,
        maxInputLength: Int? = nil,
        value: FormValue<String>,
        visible: @escaping @MainActor () -> Bool = { true },
        enabled: @escaping @MainActor () -> Bool = { true }
    ) {
        self.id = id
        self.placeholder = placeholder
        self.label = label
        self.secure = secure
        self.keyboard = keyboard
        self.contentType = contentType
        self.autocapitalization = autocapitalization
        self.continuous = continuous
        self.maxInputLength = maxInputLength
        self.value = value
        super.init(visible: visible, enabled: enabled)
    }

    public var kind: FormElementKind { .textField(self) }
}

/// `floatLabel`: a text input whose label floats above it once it holds text.
@MainActor
public final class FloatLabelElement: ConditionalElement, FormElement {
    public let id: String
    public var label: String
    public var secure: Bool
    public var keyboard: KeyboardType
    public var contentType: TextContentType?
    public var multiline: Bool
    public var continuous: Bool
    public let value: FormValue<String>

    public init(
        id: String,
        label: String,
        secure: Bool = false,
        keyboard: KeyboardType = .default,
        contentType: TextContentType? = nil,
        multiline: Bool = false,
        continuous: Bool = true,
        value: FormValue<String>,
        visible: @escaping @MainActor () -> Bool = { true },
        enabled: @escaping @MainActor () -> Bool = { true }
    ) {
        self.id = id
        self.label = label
        self.secure = secure
        self.keyboard = keyboard
        self.contentType = contentType
        self.multiline = multiline
        self.continuous = continuous
        self.value = value
        super.init(visible: visible, enabled: enabled)
    }

    public var kind: FormElementKind { .floatLabel(self) }
}

/// `textView`: a multi-line text input.
@MainActor
public final class TextViewElement: ConditionalElement, FormElement {
    public let id: String
    public var placeholder: String?
    public var continuous: Bool
    public let value: FormValue<String>

    public init(
        id: String,
        placeholder: String? = nil,
        continuous: Bool = true,
        value: FormValue<String>,
        visible: @escaping @MainActor () -> Bool = { true },
        enabled: @escaping @MainActor () -> Bool = { true }
    ) {
        self.id = id
        self.placeholder = placeholder
        self.continuous = continuous
        self.value = value
        super.init(visible: visible, enabled: enabled)
    }

    public var kind: FormElementKind { .textView(self) }
}

/// `spacer`: empty vertical space.
@MainActor
public final class SpacerElement: ConditionalElement, FormElement {
    /// In points.
    public var height: Double

    public init(
        height: Double,
        visible: @escaping @MainActor () -> Bool = { true },
        enabled: @escaping @MainActor () -> Bool = { true }
    ) {
        self.height = height
        super.init(visible: visible, enabled: enabled)
    }

    public var kind: FormElementKind { .spacer(self) }
}

/// `staticText`: text that is only read.
@MainActor
public final class StaticTextElement: ConditionalElement, FormElement {
    public var text: String
    public var alignment: FormTextAlignment
    public var style: TextStyle

    public init(
        text: String,
        alignment: FormTextAlignment = .leading,
        style: TextStyle = .body,
        visible: @escaping @MainActor () -> Bool = { true },
        enabled: @escaping @MainActor () -> Bool = { true }
    ) {
        self.text = text
        self.alignment = alignment
        self.style = style
        super.init(visible: visible, enabled: enabled)
    }

    public var kind: FormElementKind { .staticText(self) }
}

/// `segue`: a row that leads somewhere else; the app performs its `action`.
@MainActor
public final class SegueElement<Action: Hashable & Sendable>: ConditionalElement, FormElement {
    public let action: Action
    public var title: String
    /// An image asset name.
    public var icon: String?
    /// An image asset name for the trailing accessory (e.g. a chevron).
    public var accessoryIcon: String?

    public init(
        action: Action,
        title: String,
        icon: String? = nil,
        accessoryIcon: String? = nil,
        visible: @escaping @MainActor () -> Bool = { true },
        enabled: @escaping @MainActor () -> Bool = { true }
    ) {
        self.action = action
        self.title = title
        self.icon = icon
        self.accessoryIcon = accessoryIcon
        super.init(visible: visible, enabled: enabled)
    }

    public var kind: FormElementKind { .segue(self) }
}
