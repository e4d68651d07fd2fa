// Runtime mirrors of SPEC §3's presentation keys. Raw values are the spellings
// of the form file, so a renderer or a test can map either way.

/// A group's `style`.
public enum GroupStyle: String, Sendable, Equatable, CaseIterable {
    case plain
    case grouped
}

/// A group's `layout`: sized by its content, or a fixed height in points.
public enum GroupLayout: Sendable, Equatable {
    case intrinsic
    case constantHeight(Double)
}

/// A group's `insets`, in points. A side the form leaves out is 0. (`Form`-prefixed,
/// as is `FormTextAlignment`: SwiftUI declares `EdgeInsets`, and a renderer that
/// imports both modules would have to spell the module of each use.)
public struct FormEdgeInsets: Sendable, Equatable {
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

/// A text field's `keyboard`.
public enum KeyboardType: String, Sendable, Equatable, CaseIterable {
    case `default`
    case email
    case number
    case decimal
    case phone
    case url
}

/// A text field's `contentType`: what it holds, for autofill.
public enum TextContentType: String, Sendable, Equatable, CaseIterable {
    case name
    case givenName
    case familyName
    case email
    case username
    case password
    case newPassword
    case oneTimeCode
    case phone
    case url
    case postalCode
    case streetAddress
    case creditCardNumber
}

/// A text field's `autocapitalization`.
public enum Autocapitalization: String, Sendable, Equatable, CaseIterable {
    case none
    case words
    case sentences
    case all
}

/// A static text's `alignment` (`Form`-prefixed: SwiftUI declares `TextAlignment`).
public enum FormTextAlignment: String, Sendable, Equatable, CaseIterable {
    case leading
    case center
    case trailing
}

/// A static text's `style`.
public enum TextStyle: String, Sendable, Equatable, CaseIterable {
    case body
    case footnote
    case caption
    case headline
}

/// A number field's `style`.
public enum NumberStyle: String, Sendable, Equatable, CaseIterable {
    /// A text input.
    case field
    /// Minus and plus buttons that move by `step`.
    case stepper
    /// A slider from `minimum` to `maximum` (the form gives both).
    case slider
}

/// A date field's `mode`: what its value holds.
public enum DateMode: String, Sendable, Equatable, CaseIterable {
    /// A calendar day: `FormDate`.
    case date
    /// A time of day: `FormTime`.
    case time
    /// An instant: Foundation's `Date`.
    case dateTime
}

/// A date field's `style`.
public enum DateStyle: String, Sendable, Equatable, CaseIterable {
    case compact
    case wheel
    case graphical
}

/// A picker's `style` (`Form`-prefixed: SwiftUI declares `PickerStyle`).
public enum FormPickerStyle: String, Sendable, Equatable, CaseIterable {
    case menu
    case wheel
    case navigation
    case inline
}

/// A multiChoice's `style`.
public enum MultiChoiceStyle: String, Sendable, Equatable, CaseIterable {
    /// A list with a checkmark on each chosen option.
    case checklist
    /// A wrap of toggle buttons.
    case chips
}
