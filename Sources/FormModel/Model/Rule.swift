import FormSource

/// One item of a field's `rules` list (SPEC §6.1).
public struct RuleDecl: Sendable {
    public var kind: RuleKind
    /// A custom failure message, replacing the default one (SPEC §6.3).
    public var message: Located<String>?
    /// `debounce` of a `custom` rule, in milliseconds (SPEC §15.2): under the
    /// change triggers the validator runs once the value has been unchanged that long.
    public var debounce: Located<Int>?
    /// The whole list item.
    public var range: SourceRange
    /// The rule's name as written (`minLength` in `- minLength: 8`).
    public var nameRange: SourceRange
    /// The parameter's value, when the rule has one.
    public var parameterRange: SourceRange?
    /// How the parameter was written, to map a position inside it (a pattern's
    /// failing character) back to the file.
    public var parameterStyle: ScalarStyle?
    /// `when:` (SPEC §16): the rule runs only while this condition holds. The
    /// checker stores its typed expression.
    public var when: Condition?

    public init(
        kind: RuleKind, message: Located<String>? = nil, range: SourceRange, nameRange: SourceRange,
        parameterRange: SourceRange? = nil, parameterStyle: ScalarStyle? = nil
    ) {
        self.parameterStyle = parameterStyle
        self.kind = kind
        self.message = message
        self.range = range
        self.nameRange = nameRange
        self.parameterRange = parameterRange
    }
}

public enum RuleKind: Sendable, Hashable {
    case required
    case minLength(Int)
    case maxLength(Int)
    case pattern(String)
    case email
    case url
    /// Another field's id.
    case sameAs(String)
    /// A validator name, a method of the generated `…Validators` protocol.
    case custom(String)
    /// A bound as written (`18`, `2.50`, `2026-01-31`, `09:30`, `today-18y`): its
    /// meaning depends on the field's kind, which the checker knows.
    case min(String)
    case max(String)
    /// A bound that names another field (`min: startDate`, SPEC §16).
    case minField(String)
    case maxField(String)
    case minCount(Int)
    case maxCount(Int)

    @inlinable public var name: String {
        switch self {
        case .required: "required"
        case .minLength: "minLength"
        case .maxLength: "maxLength"
        case .pattern: "pattern"
        case .email: "email"
        case .url: "url"
        case .sameAs: "sameAs"
        case .custom: "custom"
        case .min, .minField: "min"
        case .max, .maxField: "max"
        case .minCount: "minCount"
        case .maxCount: "maxCount"
        }
    }

    /// Every rule name, in the order of SPEC §6.1, then §10.
    public static let names = [
        "required", "minLength", "maxLength", "pattern", "email", "url", "sameAs", "custom", "min", "max", "minCount", "maxCount",
    ]

    /// Rules written as a bare name; the others need a parameter.
    public static let parameterless: Set<String> = ["required", "email", "url"]

    /// Rules a field may have more than once with different parameters (two
    /// patterns, two validators); a second rule of any other name is an FC406 warning.
    public static let repeatable: Set<String> = ["pattern", "sameAs", "custom"]

    /// The other field a rule reads (`sameAs`, a bound naming a field), if any.
    @inlinable public var otherField: String? {
        switch self {
        case .sameAs(let id), .minField(let id), .maxField(let id): id
        default: nil
        }
    }

    /// Whether `text`, a `min`/`max` parameter, names a field rather than a value:
    /// a lowerCamelCase name that is no relative date (`today` and `today-18y`
    /// stay dates).
    public static func isFieldBound(_ text: String) -> Bool {
        SwiftNaming.isLowerCamelCase(text) && RelativeDateLiteral(text) == nil
    }
}
