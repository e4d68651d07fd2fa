import FormSource

// The payloads of the field kinds of `ElementKind` (SPEC §3, §10): each holds the
// keys every field has (`FieldCommon`) and its kind's own.

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
    /// The list of `options`, for diagnostics about the list as a whole (as an
    /// option set's `OptionSetDecl.optionsRange`); nil when the key is missing,
    /// its value is not a list, or an option was dropped.
    public var optionsRange: SourceRange?
    /// Whether the decoder dropped an option it could not read (reported there):
    /// `options` may lack one that a default or a condition names. A shared set
    /// that lost one is named in `FormDocument.incompleteOptionSets` instead.
    public var droppedAnOption = false
    public var defaultValue: Located<String>?
    public var enumName: Located<String>?
    /// `options: Country`: the shared option set (SPEC §16) whose options the
    /// decoder copied into `options`; its range is the name's in the field.
    public var optionSet: Located<String>?
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

    /// The generated enum's name: `enumName`, the shared option set's name, or the
    /// UpperCamelCase of the field id.
    public var swiftEnumName: String { enumName?.value ?? optionSet?.value ?? SwiftNaming.upperCamelCase(common.id.value) }

    /// Without a default nothing is selected at first, so the value is optional.
    public var isOptional: Bool { defaultValue == nil }
}

public enum PickerStyle: String, Sendable, Hashable, CaseIterable {
    case menu, wheel, navigation, inline
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
    /// Where the `style` key is written: a slider without both bounds is FC100 there.
    public var styleKeyRange: SourceRange?

    public init(common: FieldCommon) {
        self.common = common
    }

    public var id: Located<String> { common.id }
    /// Digits after the decimal point: 0 makes the value an `Int`.
    public var places: Int { decimals?.value ?? 0 }
    /// The most `decimals` there may be.
    public static let maxDecimals = 9
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
    /// See `SegmentFieldDecl.optionsRange` and `droppedAnOption`.
    public var optionsRange: SourceRange?
    public var droppedAnOption = false
    /// The options chosen at first.
    public var defaultValues: Located<[Located<String>]>?
    public var enumName: Located<String>?
    /// See `SegmentFieldDecl.optionSet`.
    public var optionSet: Located<String>?
    public var style: Located<MultiChoiceStyle>?

    public init(common: FieldCommon) {
        self.common = common
    }

    public var id: Located<String> { common.id }
    /// The generated enum's name: `enumName`, the shared option set's name, or the
    /// UpperCamelCase of the field id.
    public var swiftEnumName: String { enumName?.value ?? optionSet?.value ?? SwiftNaming.upperCamelCase(common.id.value) }
}

/// A shared option set (SPEC §16): a top-level `options:` entry, one generated
/// enum named after it for every segment, picker and multiChoice that names it.
public struct OptionSetDecl: Sendable {
    /// The set's name, an UpperCamelCase Swift type name (`Country`).
    public var name: Located<String>
    public var options: [SegmentOption]
    /// The list of options, for diagnostics about it as a whole; nil when the set
    /// is no list (an error already).
    public var optionsRange: SourceRange?

    public init(name: Located<String>, options: [SegmentOption], optionsRange: SourceRange?) {
        self.name = name
        self.options = options
        self.optionsRange = optionsRange
    }
}

public enum MultiChoiceStyle: String, Sendable, Hashable, CaseIterable {
    case checklist, chips
}
