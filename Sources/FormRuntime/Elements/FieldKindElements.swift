import Foundation

// The element kinds of SPEC §10, in the manner of Elements.swift: presentation
// keys are `var`s, the id and the binding `let`s, and every initializer defaults
// what the form may leave out.

/// `number`: an amount, bound to an `Int` (`decimals: 0`) or `Decimal` field,
/// optional when the form gives no `default`.
///
/// `step`, `minimum` and `maximum` are `Decimal` whatever the field's type, as a
/// renderer works in one number type; `minimum` and `maximum` bound a stepper or
/// slider (the form's `min`/`max` rules) and are nil when the form gives none.
@MainActor
public final class NumberElement<Value: FormNumberFieldValue>: ConditionalElement, FormElement {
    public let id: String
    public var title: String?
    public var placeholder: String?
    /// Shown after the value, e.g. `kg`.
    public var unit: String?
    /// Digits after the decimal point, 0–9; 0 for an `Int` field.
    public var decimals: Int
    /// What a stepper adds or removes.
    public var step: Decimal
    public var minimum: Decimal?
    public var maximum: Decimal?
    public var style: NumberStyle
    public let value: FormValue<Value>

    /// `step` nil is SPEC §10's default: 1, or 10⁻ᵈᵉᶜⁱᵐᵃˡˢ.
    public init(
        id: String,
        title: String? = nil,
        placeholder: String? = nil,
        unit: String? = nil,
        decimals: Int = 0,
        step: Decimal? = nil,
        minimum: Decimal? = nil,
        maximum: Decimal? = nil,
        style: NumberStyle = .field,
        value: FormValue<Value>,
        visible: @escaping @MainActor () -> Bool = { true },
        enabled: @escaping @MainActor () -> Bool = { true }
    ) {
        self.id = id
        self.title = title
        self.placeholder = placeholder
        self.unit = unit
        self.decimals = decimals
        self.step = step ?? Decimal(sign: .plus, exponent: -decimals, significand: 1)
        self.minimum = minimum
        self.maximum = maximum
        self.style = style
        self.value = value
        super.init(visible: visible, enabled: enabled)
    }

    public var kind: FormElementKind { .number(self) }
}

/// `date`: a day (`FormDate`), a time of day (`FormTime`) or an instant (`Date`),
/// optional when the form gives no `default`. The mode follows from the type.
///
/// `minimum` and `maximum` bound the picker (the form's `min`/`max` rules), nil
/// when the form gives none; a relative bound (`today`) is resolved when the
/// element tree is built.
@MainActor
public final class DateElement<Value: FormDateFieldValue>: ConditionalElement, FormElement {
    public let id: String
    public var title: String?
    public var style: DateStyle
    public var minimum: Value.Moment?
    public var maximum: Value.Moment?
    public let value: FormValue<Value>

    public init(
        id: String,
        title: String? = nil,
        style: DateStyle = .compact,
        minimum: Value.Moment? = nil,
        maximum: Value.Moment? = nil,
        value: FormValue<Value>,
        visible: @escaping @MainActor () -> Bool = { true },
        enabled: @escaping @MainActor () -> Bool = { true }
    ) {
        self.id = id
        self.title = title
        self.style = style
        self.minimum = minimum
        self.maximum = maximum
        self.value = value
        super.init(visible: visible, enabled: enabled)
    }

    /// `date`, `time` or `dateTime`, as the value's type says.
    public var mode: DateMode { Value.Moment.dateMode }

    public var kind: FormElementKind { .date(self) }
}

/// `picker`: a choice of one among many, as a segment is, drawn in a `style`.
@MainActor
public final class PickerElement<Value: Equatable & Sendable>: SingleChoiceElement<Value>, FormElement {
    public var style: FormPickerStyle

    public init(
        id: String,
        title: String? = nil,
        options: [SegmentOption<Value>],
        style: FormPickerStyle = .menu,
        value: FormValue<Value>,
        visible: @escaping @MainActor () -> Bool = { true },
        enabled: @escaping @MainActor () -> Bool = { true }
    ) {
        self.style = style
        super.init(id: id, title: title, options: options, value: value, visible: visible, enabled: enabled)
    }

    public var kind: FormElementKind { .picker(self) }
}

/// `multiChoice`: any number of options, bound to a `[Option]` field that holds
/// the chosen options in option order, without repeats (empty: nothing chosen).
@MainActor
public final class MultiChoiceElement<Option: Equatable & Sendable>: ConditionalElement, FormElement {
    public let id: String
    public var title: String?
    public var options: [SegmentOption<Option>]
    public var style: MultiChoiceStyle
    public let value: FormValue<[Option]>

    public init(
        id: String,
        title: String? = nil,
        options: [SegmentOption<Option>],
        style: MultiChoiceStyle = .checklist,
        value: FormValue<[Option]>,
        visible: @escaping @MainActor () -> Bool = { true },
        enabled: @escaping @MainActor () -> Bool = { true }
    ) {
        self.id = id
        self.title = title
        self.options = options
        self.style = style
        self.value = value
        super.init(visible: visible, enabled: enabled)
    }

    /// The indices of the chosen options, ascending. Setting it chooses exactly
    /// those options (in option order, whatever the order given; indices out of
    /// range are ignored).
    public var selectedIndices: [Int] {
        get { options.indices.filter { index in value.value.contains(options[index].value) } }
        set {
            let chosen = Set(newValue)
            value.value = options.indices.filter(chosen.contains).map { options[$0].value }
        }
    }

    /// Chooses (`true`) or unchooses the option at `index`; an index out of range changes nothing.
    public func setSelected(_ isSelected: Bool, at index: Int) {
        guard options.indices.contains(index) else { return }
        var indices = Set(selectedIndices)
        if isSelected { indices.insert(index) } else { indices.remove(index) }
        selectedIndices = Array(indices)
    }

    public var kind: FormElementKind { .multiChoice(self) }
}
