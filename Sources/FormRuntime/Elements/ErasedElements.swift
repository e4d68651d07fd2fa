import Foundation

/// What a renderer needs of any choice of one option (a segment or a picker),
/// whatever the generated enum behind it: a renderer cannot write `case let s as
/// SegmentElement<?>` in a `switch`, so it matches `as any
/// SegmentElementRepresentable` and works with indices instead.
/// `SingleChoiceElement` implements it for both kinds.
@MainActor
public protocol SingleChoiceElementRepresentable: FormElement {
    var id: String { get }
    var title: String? { get }
    /// Each option's title and image, in order.
    var optionLabels: [(title: String?, image: String?)] { get }
    /// The selected option's index, nil when nothing is selected; setting it selects.
    var selectedIndex: Int? { get set }
    /// Calls `observer` with the new selected index whenever the value changes.
    @discardableResult
    func addSelectionObserver(_ observer: @escaping (Int?) -> Void) -> ObserverToken
    func removeSelectionObserver(_ token: ObserverToken)
}

/// Any segment, whatever the generated enum behind it.
@MainActor
public protocol SegmentElementRepresentable: SingleChoiceElementRepresentable {}

extension SegmentElement: SegmentElementRepresentable {}

/// What a renderer needs of any segue, whatever the generated `Action` enum: its
/// presentation, and the action's raw value to hand back to the app.
@MainActor
public protocol SegueElementRepresentable: FormElement {
    var title: String { get }
    var icon: String? { get }
    var accessoryIcon: String? { get }
    /// The action id as written in the form (`Action.rawValue`).
    var actionID: String { get }
}

extension SegueElement: SegueElementRepresentable {
    /// The raw value of a `String`-backed action (as the generated `Action` is);
    /// for any other action type, its description.
    public var actionID: String {
        if let raw = action as? any RawRepresentable, let text = rawString(raw) { return text }
        return String(describing: action)
    }
}

private func rawString(_ value: some RawRepresentable) -> String? {
    value.rawValue as? String
}

/// What a renderer needs of any number field, whatever its type (`Int`,
/// `Decimal`, optional or not): the value as a `Decimal?`.
@MainActor
public protocol NumberElementRepresentable: FormElement {
    var id: String { get }
    var title: String? { get }
    var placeholder: String? { get }
    var unit: String? { get }
    var decimals: Int { get }
    var step: Decimal { get }
    var minimum: Decimal? { get }
    var maximum: Decimal? { get }
    var style: NumberStyle { get }
    /// The value, nil when empty. Setting it rounds to `decimals` places (half
    /// away from zero); a value the field cannot hold (nil for a field with a
    /// default, a number beyond `Int`'s range) changes nothing.
    var decimalValue: Decimal? { get set }
    /// The value with exactly `decimals` digits after a `.`, as the form writes
    /// numbers (`2.50`), or `""` when empty. Unlocalised: a renderer that shows
    /// the user's decimal separator formats `decimalValue` itself.
    var text: String { get }
    /// Calls `observer` with the new value whenever it changes.
    @discardableResult
    func addDecimalObserver(_ observer: @escaping (Decimal?) -> Void) -> ObserverToken
    func removeDecimalObserver(_ token: ObserverToken)
}

extension NumberElement: NumberElementRepresentable {
    public var decimalValue: Decimal? {
        get { value.value.decimalValue }
        set {
            guard let held = Value(decimalValue: newValue.map { Self.rounded($0, places: decimals) }) else { return }
            value.value = held
        }
    }

    public var text: String {
        guard let number = value.value.decimalValue else { return "" }
        // A Decimal's description is its exact value in plain notation ("-2.5").
        let digits = Self.rounded(number, places: decimals).description
        guard decimals > 0 else { return digits }
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let fraction = parts.count > 1 ? parts[1] : ""
        return "\(parts[0]).\(fraction)\(String(repeating: "0", count: Swift.max(0, decimals - fraction.count)))"
    }

    @discardableResult
    public func addDecimalObserver(_ observer: @escaping (Decimal?) -> Void) -> ObserverToken {
        value.addObserver { observer($0.decimalValue) }
    }

    public func removeDecimalObserver(_ token: ObserverToken) {
        value.removeObserver(token)
    }

    private static func rounded(_ number: Decimal, places: Int) -> Decimal {
        var source = number
        var result = Decimal()
        NSDecimalRound(&result, &source, places, .plain)
        return result
    }
}

/// What a renderer needs of any date field, whatever its mode and optionality:
/// the value as a `DateElementValue?`.
@MainActor
public protocol DateElementRepresentable: FormElement {
    var id: String { get }
    var title: String? { get }
    var mode: DateMode { get }
    var style: DateStyle { get }
    var minimumValue: DateElementValue? { get }
    var maximumValue: DateElementValue? { get }
    /// The value, nil when empty. Setting a value of another mode, or nil on a
    /// field with a default, changes nothing.
    var dateValue: DateElementValue? { get set }
    /// Calls `observer` with the new value whenever it changes.
    @discardableResult
    func addDateObserver(_ observer: @escaping (DateElementValue?) -> Void) -> ObserverToken
    func removeDateObserver(_ token: ObserverToken)
}

extension DateElement: DateElementRepresentable {
    public var minimumValue: DateElementValue? { minimum?.dateElementValue }
    public var maximumValue: DateElementValue? { maximum?.dateElementValue }

    public var dateValue: DateElementValue? {
        get { value.value.moment?.dateElementValue }
        set {
            var moment: Value.Moment?
            if let newValue {
                guard let typed = Value.Moment(dateElementValue: newValue) else { return }
                moment = typed
            }
            guard let held = Value(moment: moment) else { return }
            value.value = held
        }
    }

    @discardableResult
    public func addDateObserver(_ observer: @escaping (DateElementValue?) -> Void) -> ObserverToken {
        value.addObserver { observer($0.moment?.dateElementValue) }
    }

    public func removeDateObserver(_ token: ObserverToken) {
        value.removeObserver(token)
    }
}

/// Any picker, whatever the generated enum behind it: a segment's part and the
/// picker's style.
@MainActor
public protocol PickerElementRepresentable: SingleChoiceElementRepresentable {
    var style: FormPickerStyle { get }
}

extension PickerElement: PickerElementRepresentable {}

/// What a renderer needs of any multiChoice, whatever the generated enum: the
/// chosen options as indices.
@MainActor
public protocol MultiChoiceElementRepresentable: FormElement {
    var id: String { get }
    var title: String? { get }
    var style: MultiChoiceStyle { get }
    /// Each option's title and image, in order.
    var optionLabels: [(title: String?, image: String?)] { get }
    /// The chosen options' indices, ascending; setting it chooses exactly those.
    var selectedIndices: [Int] { get set }
    /// Chooses or unchooses one option.
    func setSelected(_ isSelected: Bool, at index: Int)
    /// Calls `observer` with the new chosen indices whenever the value changes.
    @discardableResult
    func addSelectionObserver(_ observer: @escaping ([Int]) -> Void) -> ObserverToken
    func removeSelectionObserver(_ token: ObserverToken)
}

extension MultiChoiceElement: MultiChoiceElementRepresentable {
    public var optionLabels: [(title: String?, image: String?)] {
        options.map { ($0.title, $0.image) }
    }

    @discardableResult
    public func addSelectionObserver(_ observer: @escaping ([Int]) -> Void) -> ObserverToken {
        value.addObserver { [options] newValue in
            observer(options.indices.filter { newValue.contains(options[$0].value) })
        }
    }

    public func removeSelectionObserver(_ token: ObserverToken) {
        value.removeObserver(token)
    }
}
