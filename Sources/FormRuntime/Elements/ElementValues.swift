import Foundation

// The value types the generic elements of SPEC §10 accept, with the type-erased
// forms a renderer works in: a `NumberElement` holds `Int`, `Decimal` or an
// optional of either and shows a `Decimal?`; a `DateElement` holds `FormDate`,
// `FormTime`, `Date` or an optional of one and shows a `DateElementValue?`.

/// A number field's value: `Int`, `Decimal`, `Int?` or `Decimal?`.
public protocol FormNumberFieldValue: Equatable, Sendable {
    /// The number, nil for an empty optional.
    var decimalValue: Decimal? { get }
    /// The value holding `decimalValue`; nil when this type cannot hold it exactly
    /// (nil for a non-optional, a fraction or an out-of-range number for `Int`).
    init?(decimalValue: Decimal?)
}

extension Int: FormNumberFieldValue {
    public var decimalValue: Decimal? { Decimal(self) }

    public init?(decimalValue: Decimal?) {
        // A Decimal's text is its exact value ("12", "-3", "2.5"), so this reads
        // whole numbers in Int's range and refuses fractions, without a Double.
        guard let decimalValue, let int = Int(decimalValue.description) else { return nil }
        self = int
    }
}

extension Decimal: FormNumberFieldValue {
    public var decimalValue: Decimal? { self }

    public init?(decimalValue: Decimal?) {
        guard let decimalValue, !decimalValue.isNaN else { return nil }
        self = decimalValue
    }
}

extension Optional: FormNumberFieldValue where Wrapped: FormNumberFieldValue {
    public var decimalValue: Decimal? { self?.decimalValue }

    public init?(decimalValue: Decimal?) {
        guard let decimalValue else {
            self = nil
            return
        }
        guard let wrapped = Wrapped(decimalValue: decimalValue) else { return nil }
        self = wrapped
    }
}

/// The value of any date field, whatever its mode: what a renderer reads and
/// sets on a `DateElementRepresentable`.
public enum DateElementValue: Hashable, Sendable {
    case date(FormDate)
    case time(FormTime)
    case dateTime(Date)

    /// The mode whose fields hold this value.
    public var mode: DateMode {
        switch self {
        case .date: .date
        case .time: .time
        case .dateTime: .dateTime
        }
    }
}

/// A date field's value: `FormDate`, `FormTime`, `Date` or an optional of one.
public protocol FormDateFieldValue: Equatable, Sendable {
    /// The non-optional type: `FormDate`, `FormTime` or `Date`.
    associatedtype Moment: FormMoment
    /// The value, nil for an empty optional.
    var moment: Moment? { get }
    /// The value holding `moment`; nil when this type cannot hold nil.
    init?(moment: Moment?)
}

/// One of the three things a date field holds: `FormDate` (`mode: date`),
/// `FormTime` (`mode: time`) or `Date` (`mode: dateTime`).
public protocol FormMoment: FormDateFieldValue, Comparable where Moment == Self {
    /// The mode whose fields hold this type.
    static var dateMode: DateMode { get }
    /// This value, type-erased.
    var dateElementValue: DateElementValue { get }
    /// The value inside `erased`; nil when it is of another mode.
    init?(dateElementValue erased: DateElementValue)
}

extension FormMoment {
    public var moment: Self? { self }

    public init?(moment: Self?) {
        guard let moment else { return nil }
        self = moment
    }
}

extension FormDate: FormMoment {
    public static var dateMode: DateMode { .date }
    public var dateElementValue: DateElementValue { .date(self) }

    public init?(dateElementValue erased: DateElementValue) {
        guard case .date(let date) = erased else { return nil }
        self = date
    }
}

extension FormTime: FormMoment {
    public static var dateMode: DateMode { .time }
    public var dateElementValue: DateElementValue { .time(self) }

    public init?(dateElementValue erased: DateElementValue) {
        guard case .time(let time) = erased else { return nil }
        self = time
    }
}

extension Date: FormMoment {
    public static var dateMode: DateMode { .dateTime }
    public var dateElementValue: DateElementValue { .dateTime(self) }

    public init?(dateElementValue erased: DateElementValue) {
        guard case .dateTime(let date) = erased else { return nil }
        self = date
    }
}

extension Optional: FormDateFieldValue where Wrapped: FormMoment {
    public typealias Moment = Wrapped

    public var moment: Wrapped? { self }

    public init?(moment: Wrapped?) {
        self = moment
    }
}
