/// A field value that can say whether it is empty, so that generic code (the
/// `required` rule, conditions, renderers) can ask every field the same question.
///
/// Two questions, because SPEC §6 asks two:
/// - `isFormEmpty`: the value holds nothing: `""`, `false`, `nil`, `[]`. It is what a
///   hidden field reads as inside a condition (SPEC §7).
/// - `isFormBlank`: the `required` rule fails. Text that is only whitespace and
///   newlines is blank but not empty; for other types the two agree.
public protocol FormEmptyRepresentable {
    var isFormEmpty: Bool { get }
    var isFormBlank: Bool { get }
}

extension FormEmptyRepresentable {
    public var isFormBlank: Bool { isFormEmpty }
}

extension String: FormEmptyRepresentable {
    public var isFormEmpty: Bool { isEmpty }
    public var isFormBlank: Bool { TextRules.isBlank(self) }
}

extension Bool: FormEmptyRepresentable {
    /// `false` is a Boolean field's empty value: `required` on a terms switch means "must be on".
    public var isFormEmpty: Bool { !self }
}

extension Optional: FormEmptyRepresentable {
    /// `nil` (an unselected segment) is empty; a selected value never is.
    public var isFormEmpty: Bool { self == nil }
}

extension Array: FormEmptyRepresentable {
    /// No option chosen (a `multiChoice`) is empty.
    public var isFormEmpty: Bool { isEmpty }
}
