/// What a renderer needs of any segment, whatever the generated enum behind it:
/// a renderer cannot write `case let s as SegmentElement<?>` in a `switch`, so it
/// matches `as any SegmentElementRepresentable` and works with indices instead.
@MainActor
public protocol SegmentElementRepresentable: FormElement {
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

extension SegmentElement: SegmentElementRepresentable {
    public var optionLabels: [(title: String?, image: String?)] {
        options.map { ($0.title, $0.image) }
    }

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

extension SegueElement: SegueElementRepresentable where Action: RawRepresentable, Action.RawValue == String {
    public var actionID: String { action.rawValue }
}
