/// The typed form: what the decoder makes of a document's nodes (SPEC §2–§3).
/// Every value keeps the span it was read from. The checker annotates it (symbols,
/// parsed conditions) and the emitter and `dump` read it.
public struct FormDocument: Sendable {
    public var version: Located<Int>
    /// The generated Swift type's name (`form:`).
    public var name: Located<String>
    public var title: Located<String>?
    /// The default trigger for every field (SPEC §6.4).
    public var validateOn: Located<ValidationTrigger>?
    public var elements: [Element]
    /// The whole document mapping.
    public var range: SourceRange

    public init(
        version: Located<Int>, name: Located<String>, title: Located<String>? = nil,
        validateOn: Located<ValidationTrigger>? = nil, elements: [Element], range: SourceRange
    ) {
        self.version = version
        self.name = name
        self.title = title
        self.validateOn = validateOn
        self.elements = elements
        self.range = range
    }

    /// The form-wide trigger, `blurAfterChange` when not given.
    public var defaultTrigger: ValidationTrigger { validateOn?.value ?? .blurAfterChange }

    /// Every element, depth first in document order (a group before its children).
    public var allElements: [Element] {
        var result: [Element] = []
        func walk(_ elements: [Element]) {
            for element in elements {
                result.append(element)
                if case .group(let group) = element.kind { walk(group.elements) }
            }
        }
        walk(elements)
        return result
    }
}

/// When a field's rules run as the user edits (SPEC §6.4).
public enum ValidationTrigger: String, Sendable, Hashable, CaseIterable {
    case change
    case blur
    case blurAfterChange
    case changeAfterBlur
    case submit
}

/// One element of the tree: its kind with the kind's own keys, plus the keys every
/// element may carry.
public struct Element: Sendable {
    public var kind: ElementKind
    /// The whole element mapping.
    public var range: SourceRange
    /// The kind key (`textField`), for diagnostics about the element as a whole.
    public var kindKeyRange: SourceRange
    public var visibleWhen: Condition?
    public var enabledWhen: Condition?

    public init(
        kind: ElementKind, range: SourceRange, kindKeyRange: SourceRange,
        visibleWhen: Condition? = nil, enabledWhen: Condition? = nil
    ) {
        self.kind = kind
        self.range = range
        self.kindKeyRange = kindKeyRange
        self.visibleWhen = visibleWhen
        self.enabledWhen = enabledWhen
    }

    /// The element's id: the field id, group id or segue action id.
    public var id: Located<String>? {
        switch kind {
        case .group(let group): group.id
        case .boolean(let field): field.id
        case .segment(let field): field.id
        case .text(let field): field.id
        case .number(let field): field.id
        case .date(let field): field.id
        case .multiChoice(let field): field.id
        case .segue(let segue): segue.id
        case .spacer, .staticText: nil
        }
    }

    /// The field part of a value-holding element (boolean, segment, text kinds).
    public var field: FieldCommon? {
        switch kind {
        case .boolean(let field): field.common
        case .segment(let field): field.common
        case .text(let field): field.common
        case .number(let field): field.common
        case .date(let field): field.common
        case .multiChoice(let field): field.common
        case .group, .spacer, .staticText, .segue: nil
        }
    }
}

/// The element kinds of SPEC §3 and §10. `textField`, `floatLabel` and `textView`
/// share one payload (`TextInputDecl`) told apart by its `variant`; so do
/// `segment` and `picker` (`SegmentFieldDecl`), which hold one option each.
///
/// `indirect`: each payload lives in a box of its own, so an `Element` is a few
/// words rather than the 400 bytes of a text field's keys. Every walk over the tree
/// copies elements and their kinds; a boxed kind copies with one retain
/// (lint −3% instructions, build −3%).
public indirect enum ElementKind: Sendable {
    case group(GroupDecl)
    case boolean(BooleanFieldDecl)
    case segment(SegmentFieldDecl)
    case text(TextInputDecl)
    case number(NumberFieldDecl)
    case date(DateFieldDecl)
    case multiChoice(MultiChoiceFieldDecl)
    case spacer(SpacerDecl)
    case staticText(StaticTextDecl)
    case segue(SegueDecl)

    /// Whether the kind generates an enum of options (segment, picker, multiChoice).
    public var hasOptions: Bool {
        switch self {
        case .segment, .multiChoice: true
        default: false
        }
    }

    /// The kind key as written in a form file.
    public var keyword: String {
        switch self {
        case .group: "group"
        case .boolean: "boolean"
        case .segment(let segment): segment.variant.rawValue
        case .text(let text): text.variant.rawValue
        case .number: "number"
        case .date: "date"
        case .multiChoice: "multiChoice"
        case .spacer: "spacer"
        case .staticText: "staticText"
        case .segue: "segue"
        }
    }

    /// Every kind key, in the order of SPEC §3, then §10.
    public static let keywords = [
        "group", "boolean", "segment", "textField", "floatLabel", "textView", "spacer", "staticText", "segue",
        "number", "date", "picker", "multiChoice",
    ]
}

/// The keys shared by every field (an element that holds a value).
public struct FieldCommon: Sendable {
    public var id: Located<String>
    public var rules: [RuleDecl]
    public var validateOn: Located<ValidationTrigger>?

    public init(id: Located<String>, rules: [RuleDecl] = [], validateOn: Located<ValidationTrigger>? = nil) {
        self.id = id
        self.rules = rules
        self.validateOn = validateOn
    }
}

public struct GroupDecl: Sendable {
    public var id: Located<String>?
    public var title: Located<String>?
    public var footer: Located<String>?
    public var style: Located<GroupStyle>?
    public var layout: Located<GroupLayout>?
    public var insets: Located<EdgeInsets>?
    public var elements: [Element]

    public init(
        id: Located<String>? = nil, title: Located<String>? = nil, footer: Located<String>? = nil,
        style: Located<GroupStyle>? = nil, layout: Located<GroupLayout>? = nil,
        insets: Located<EdgeInsets>? = nil, elements: [Element] = []
    ) {
        self.id = id
        self.title = title
        self.footer = footer
        self.style = style
        self.layout = layout
        self.insets = insets
        self.elements = elements
    }
}

public enum GroupStyle: String, Sendable, Hashable, CaseIterable {
    case plain
    case grouped
}

public enum GroupLayout: Sendable, Hashable {
    case intrinsic
    case constantHeight(Double)
}

public struct EdgeInsets: Sendable, Hashable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
}

public struct BooleanFieldDecl: Sendable {
    public var common: FieldCommon
    public var title: Located<String>?
    public var icon: Located<String>?
    public var defaultValue: Located<Bool>?

    public init(common: FieldCommon, title: Located<String>? = nil, icon: Located<String>? = nil, defaultValue: Located<Bool>? = nil) {
        self.common = common
        self.title = title
        self.icon = icon
        self.defaultValue = defaultValue
    }

    public var id: Located<String> { common.id }
}

public struct SegmentOption: Sendable {
    public var value: Located<String>
    public var title: Located<String>?
    public var image: Located<String>?
    /// The whole option (a bare string or a mapping).
    public var range: SourceRange

    public init(value: Located<String>, title: Located<String>? = nil, image: Located<String>? = nil, range: SourceRange) {
        self.value = value
        self.title = title
        self.image = image
        self.range = range
    }

    /// The Swift enum case this option becomes (SPEC §3).
    public var caseName: String { SwiftNaming.caseName(forOptionValue: value.value) }
}

/// `segment` and `picker`: one option of several, a generated enum.
public struct SegmentFieldDecl: Sendable {
    public enum Variant: String, Sendable, Hashable, CaseIterable {
        case segment
        case picker
    }

    public var variant: Variant = .segment
    public var common: FieldCommon
    public var title: Located<String>?
    public var options: [SegmentOption]
    /// The `options` key, for diagnostics about the list as a whole; nil when
    /// the key is missing or its value is not a list.
    public var optionsRange: SourceRange?
    public var defaultValue: Located<String>?
    public var enumName: Located<String>?
    /// A picker's `style`; nil for a segment.
    public var pickerStyle: Located<PickerStyle>?

    public init(
        common: FieldCommon, title: Located<String>? = nil, options: [SegmentOption] = [],
        optionsRange: SourceRange? = nil, defaultValue: Located<String>? = nil, enumName: Located<String>? = nil
    ) {
        self.common = common
        self.title = title
        self.options = options
        self.optionsRange = optionsRange
        self.defaultValue = defaultValue
        self.enumName = enumName
    }

    public var id: Located<String> { common.id }

    /// The generated enum's name: `enumName`, or the UpperCamelCase of the field id.
    public var swiftEnumName: String { enumName?.value ?? SwiftNaming.upperCamelCase(common.id.value) }

    /// Without a default nothing is selected at first, so the value is optional.
    public var isOptional: Bool { defaultValue == nil }
}

/// `textField`, `floatLabel` and `textView`: the String-valued fields.
public struct TextInputDecl: Sendable {
    public enum Variant: String, Sendable, Hashable, CaseIterable {
        case textField
        case floatLabel
        case textView
    }

    public var variant: Variant
    public var common: FieldCommon
    public var placeholder: Located<String>?
    public var label: Located<String>?
    public var defaultValue: Located<String>?
    public var secure: Located<Bool>?
    public var keyboard: Located<KeyboardType>?
    public var contentType: Located<TextContentType>?
    public var autocapitalization: Located<Autocapitalization>?
    /// Whether the value updates on every keystroke (default true).
    public var continuous: Located<Bool>?
    public var maxInputLength: Located<Int>?
    public var multiline: Located<Bool>?

    public init(variant: Variant, common: FieldCommon) {
        self.variant = variant
        self.common = common
    }

    public var id: Located<String> { common.id }
}

public enum KeyboardType: String, Sendable, Hashable, CaseIterable {
    case `default`, email, number, decimal, phone, url
}

public enum TextContentType: String, Sendable, Hashable, CaseIterable {
    case name, givenName, familyName, email, username, password, newPassword, oneTimeCode
    case phone, url, postalCode, streetAddress, creditCardNumber
}

public enum Autocapitalization: String, Sendable, Hashable, CaseIterable {
    case none, words, sentences, all
}

public struct SpacerDecl: Sendable {
    public var height: Located<Double>

    public init(height: Located<Double>) {
        self.height = height
    }
}

public struct StaticTextDecl: Sendable {
    public var text: Located<String>
    public var alignment: Located<TextAlignment>?
    public var style: Located<TextStyle>?

    public init(text: Located<String>, alignment: Located<TextAlignment>? = nil, style: Located<TextStyle>? = nil) {
        self.text = text
        self.alignment = alignment
        self.style = style
    }
}

public enum TextAlignment: String, Sendable, Hashable, CaseIterable {
    case leading, center, trailing
}

public enum TextStyle: String, Sendable, Hashable, CaseIterable {
    case body, footnote, caption, headline
}

public struct SegueDecl: Sendable {
    /// The action id; becomes a case of the generated `Action` enum.
    public var id: Located<String>
    public var title: Located<String>?
    public var icon: Located<String>?
    public var accessoryIcon: Located<String>?

    public init(id: Located<String>, title: Located<String>? = nil, icon: Located<String>? = nil, accessoryIcon: Located<String>? = nil) {
        self.id = id
        self.title = title
        self.icon = icon
        self.accessoryIcon = accessoryIcon
    }
}

public enum PickerStyle: String, Sendable, Hashable, CaseIterable {
    case menu, wheel, navigation, inline
}

/// `number` (SPEC §10): an `Int` (`decimals: 0`, the default) or an exact `Decimal`.
public struct NumberFieldDecl: Sendable {
    public var common: FieldCommon
    public var title: Located<String>?
    public var placeholder: Located<String>?
    /// Shown after the value (`kg`).
    public var unit: Located<String>?
    public var defaultValue: Located<DecimalLiteral>?
    public var decimals: Located<Int>?
    public var step: Located<DecimalLiteral>?
    public var style: Located<NumberStyle>?

    public init(common: FieldCommon) {
        self.common = common
    }

    public var id: Located<String> { common.id }
    /// Digits after the decimal point: 0 makes the value an `Int`.
    public var places: Int { decimals?.value ?? 0 }
    /// Without a default the field starts empty, so the value is optional.
    public var isOptional: Bool { defaultValue == nil }
}

public enum NumberStyle: String, Sendable, Hashable, CaseIterable {
    case field, stepper, slider
}

/// `date` (SPEC §10): a calendar date, a time of day or an instant, by `mode`.
public struct DateFieldDecl: Sendable {
    public var common: FieldCommon
    public var title: Located<String>?
    public var defaultValue: Located<DateValue>?
    public var mode: Located<DateMode>?
    public var style: Located<DateStyle>?

    public init(common: FieldCommon) {
        self.common = common
    }

    public var id: Located<String> { common.id }
    public var dateMode: DateMode { mode?.value ?? .date }
    public var isOptional: Bool { defaultValue == nil }
}

public enum DateMode: String, Sendable, Hashable, CaseIterable {
    case date, time, dateTime
}

public enum DateStyle: String, Sendable, Hashable, CaseIterable {
    case compact, wheel, graphical
}

/// A fixed value of a date field, of its mode.
public enum DateValue: Sendable, Hashable, Comparable, CustomStringConvertible {
    case date(DateLiteral)
    case time(TimeLiteral)
    case dateTime(DateTimeLiteral)

    /// `text` read as a literal of `mode`, or nil.
    public init?(_ text: String, mode: DateMode) {
        switch mode {
        case .date: guard let value = DateLiteral(text) else { return nil }; self = .date(value)
        case .time: guard let value = TimeLiteral(text) else { return nil }; self = .time(value)
        case .dateTime: guard let value = DateTimeLiteral(text) else { return nil }; self = .dateTime(value)
        }
    }

    public var description: String {
        switch self {
        case .date(let value): value.description
        case .time(let value): value.description
        case .dateTime(let value): value.description
        }
    }

    public static func < (lhs: DateValue, rhs: DateValue) -> Bool {
        switch (lhs, rhs) {
        case (.date(let a), .date(let b)): a < b
        case (.time(let a), .time(let b)): a < b
        case (.dateTime(let a), .dateTime(let b)): a < b
        default: false
        }
    }
}

/// `multiChoice` (SPEC §10): the chosen options, in option order, no repeats.
public struct MultiChoiceFieldDecl: Sendable {
    public var common: FieldCommon
    public var title: Located<String>?
    public var options: [SegmentOption] = []
    public var optionsRange: SourceRange?
    /// The options chosen at first.
    public var defaultValues: Located<[Located<String>]>?
    public var enumName: Located<String>?
    public var style: Located<MultiChoiceStyle>?

    public init(common: FieldCommon) {
        self.common = common
    }

    public var id: Located<String> { common.id }
    /// The generated enum's name: `enumName`, or the UpperCamelCase of the field id.
    public var swiftEnumName: String { enumName?.value ?? SwiftNaming.upperCamelCase(common.id.value) }
}

public enum MultiChoiceStyle: String, Sendable, Hashable, CaseIterable {
    case checklist, chips
}
