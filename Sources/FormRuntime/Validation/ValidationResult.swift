/// The outcome of validating one field's value (SPEC §6.3).
public enum ValidationResult: Equatable, Sendable {
    case valid
    case invalid(message: String)
    /// An async validator gave up (e.g. superseded by a newer value, or its task
    /// was cancelled): neither valid nor invalid, and never shown as an error.
    case cancelled

    /// True only for `.valid`.
    public var isValid: Bool { self == .valid }

    /// The message of `.invalid`, else nil.
    public var message: String? {
        if case .invalid(let message) = self { return message }
        return nil
    }
}

/// What a renderer shows for one field as the user edits (SPEC §6.4).
public enum FieldState: Equatable, Sendable {
    /// Not validated yet (or a validation was cancelled before any result).
    case idle
    /// A validation is in flight.
    case validating
    case valid
    case invalid(message: String)

    /// The state that shows `result`; `.cancelled` shows as `.idle`, as nothing was decided.
    public init(_ result: ValidationResult) {
        switch result {
        case .valid: self = .valid
        case .invalid(let message): self = .invalid(message: message)
        case .cancelled: self = .idle
        }
    }
}

/// When a field's rules run while the user edits it (SPEC §6.4 `validateOn`),
/// following AstroForms' `RowUpdate` and Eureka's `ValidationOptions`.
public enum ValidationTrigger: String, Sendable, CaseIterable {
    /// On every change.
    case change
    /// Every time the field loses focus.
    case blur
    /// On blur, once the value has changed at least once. The default.
    case blurAfterChange
    /// On every change after the first blur, and on blur once the value has changed.
    case changeAfterBlur
    /// Only when the whole form is validated.
    case submit

    /// SPEC §6.4: the trigger of a field when neither it nor its form names one.
    public static let `default`: ValidationTrigger = .blurAfterChange
}
