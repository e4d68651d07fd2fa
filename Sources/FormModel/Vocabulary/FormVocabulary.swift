/// The form format described once (SPEC §2–§3, §6.1): every place where a mapping
/// may stand, the keys it may hold, what each key's value is, whether it is
/// required, and one sentence for a form author. The decoder's key lists
/// (`KeySchema`) are derived from it, `formc schema` writes it as a JSON Schema,
/// and an editor's hover and completion can read its descriptions.
///
/// A kind is one `KindSpec` in `kinds`: adding a kind there gives the decoder its
/// allowed keys and the schema its object.
public enum FormVocabulary {}

/// One key of a mapping.
public struct KeySpec: Sendable {
    /// The key as written; a `StaticString` so that the decoder compares its bytes.
    public let name: StaticString
    /// One sentence for a form author (hover, completion, the schema's `description`).
    public let summary: String
    public let value: ValueShape
    public let isRequired: Bool

    public init(_ name: StaticString, _ value: ValueShape, required: Bool = false, _ summary: String) {
        self.name = name
        self.summary = summary
        self.value = value
        self.isRequired = required
    }

    /// The same key with another description or requirement, for a key that means
    /// something a little different on each kind (`title` of a switch or of a group).
    public func with(summary: String? = nil, required: Bool? = nil) -> KeySpec {
        KeySpec(name, value, required: required ?? isRequired, summary ?? self.summary)
    }
}

/// What a key's value may be.
public indirect enum ValueShape: Sendable {
    /// Text. In YAML any scalar in a text position is read as text (`title: NO` is
    /// "NO"); in JSON it must be a string.
    case text
    /// A condition over field values (SPEC §7), written as text.
    case condition
    /// A regular expression (Swift `Regex`), written as text.
    case regularExpression
    /// A lowerCamelCase name: `[a-z][A-Za-z0-9]*`.
    case identifier(IdentifierRole)
    /// An UpperCamelCase Swift type name: `[A-Z][A-Za-z0-9]*`.
    case typeName
    /// One of the option values of the segment the key belongs to.
    case optionValue
    /// The name of a shared option set of the top-level `options:` (SPEC §16).
    case optionSetName
    /// The top-level `options:`: set names (UpperCamelCase) to option lists (SPEC §16).
    case optionSets
    case boolean
    /// A number ≥ 0 (a height, an inset).
    case nonNegativeNumber
    /// A decimal number in plain notation (`2.50`, `-3`), kept exact (SPEC §10).
    case decimal
    /// A `min`/`max` bound: a number, an ISO 8601 date or time, or `today±N(d|w|m|y)`.
    case bound
    /// An ISO 8601 date, time or date and time, by the field's `mode` (SPEC §10).
    case dateLiteral
    /// A whole number from 0 to 2³¹ − 1 (a length).
    case count
    /// A whole number in this range (`decimals`: 0 to 9).
    case countIn(ClosedRange<Int>)
    /// A decimal number greater than 0, in plain notation (a `step`).
    case positiveDecimal
    /// Exactly this integer (`formc: 1`).
    case constant(Int)
    /// One word of a closed set (`keyboard: email`).
    case word([String])
    /// A value of the inner shape, or nothing (`group:` with no id).
    case orNothing(ValueShape)
    /// Any one of the shapes (`layout: intrinsic` or `{constantHeight: 44}`).
    case anyOf([ValueShape])
    /// A list of values of the inner shape, with at least `minimum` items.
    case list(ValueShape, minimum: Int)
    /// A mapping of these keys and no others.
    case mapping([KeySpec])
    /// An element (SPEC §3): a mapping with exactly one kind key.
    case element
    /// A segment option: a bare value, or `{value, title}` / `{value, image}`.
    case option
    /// One item of a `rules` list, among the rules that apply to this kind of field.
    case rule(RuleTarget)

    /// A closed set from one of the decoder's own enums, so the two cannot differ.
    static func words<E: CaseIterable & RawRepresentable>(_: E.Type) -> ValueShape where E.RawValue == String {
        .word(E.allCases.map(\.rawValue))
    }
}

/// What a lowerCamelCase name names.
public enum IdentifierRole: Sendable, Hashable {
    /// The id an element declares (a field, group or segue action).
    case declaration
    /// The id of another field of the form (`sameAs: password`).
    case fieldReference
    /// The name of an app-provided validator (`custom: checkUsername`).
    case validator
}

/// The value types that rules tell apart (SPEC §6.1 "applies to").
public enum RuleTarget: String, Sendable, Hashable, CaseIterable {
    case text
    case boolean
    case choice
    case number
    case date
    case multiChoice

    /// The target's bit in a set of targets held as one byte.
    var bit: UInt8 {
        switch self {
        case .text: 1 << 0
        case .boolean: 1 << 1
        case .choice: 1 << 2
        case .number: 1 << 3
        case .date: 1 << 4
        case .multiChoice: 1 << 5
        }
    }
}

/// One element kind (SPEC §3).
public struct KindSpec: Sendable {
    /// The kind key (`textField`).
    public let keyword: StaticString
    /// What the element is and what the kind key's value means.
    public let summary: String
    /// The kind key's value: the element's primary argument.
    public let argument: ValueShape
    /// For a field (a kind with a value), which rules apply to it; nil for the
    /// kinds without a value, which take no `rules` or `validateOn`.
    public let field: RuleTarget?
    /// The kind's own keys, besides the kind key and the common keys.
    public let keys: [KeySpec]

    public var isField: Bool { field != nil }

    /// The kind key as a key of the element's mapping.
    public var kindKey: KeySpec { KeySpec(keyword, argument, required: true, summary) }

    /// Every key an element of this kind may hold, the kind key first, then its own
    /// keys, the keys of every element, and those of every field.
    public var allKeys: [KeySpec] {
        [kindKey] + keys + FormVocabulary.elementCommon + (field.map(FormVocabulary.fieldCommon) ?? [])
    }
}

/// One validation rule (SPEC §6.1).
public struct RuleSpec: Sendable {
    public let name: StaticString
    public let summary: String
    /// The parameter's shape; nil for a rule written as its bare name (`- required`).
    public let parameter: ValueShape?
    public let appliesTo: Set<RuleTarget>

    public func applies(to target: RuleTarget) -> Bool { appliesTo.contains(target) }
}

extension FormVocabulary {
    /// The kind whose key is `keyword`.
    public static func kind(_ keyword: String) -> KindSpec? {
        kinds.first { $0.keyword.description == keyword }
    }

    /// The rule named `name`.
    public static func rule(_ name: String) -> RuleSpec? {
        rules.first { $0.name.description == name }
    }

    /// Whether the rule named `name` applies to a field of `target`: the one
    /// applicability table, read by the checker (FC401), the schema and completion.
    /// False for a name that is no rule.
    public static func rule(_ name: String, appliesTo target: RuleTarget) -> Bool {
        guard let targets = ruleTargetBits[name] else { return false }
        return targets & target.bit != 0
    }

    /// The fields the rule `name` applies to; empty for a name that is no rule.
    public static func targets(ofRule name: String) -> Set<RuleTarget> {
        rule(name)?.appliesTo ?? []
    }

    /// `rules` by name, each with the bits (`RuleTarget.bit`) of the fields it
    /// applies to, for the checker's lookup of every rule of a form.
    private static let ruleTargetBits: [String: UInt8] = Dictionary(
        rules.map { rule in (rule.name.description, rule.appliesTo.reduce(0) { $0 | $1.bit }) },
        uniquingKeysWith: { first, _ in first }
    )
}

extension RuleTarget {
    /// The fields of `targets` in words, in the table's order, for a message:
    /// "numbers and dates".
    public static func describe(_ targets: Set<RuleTarget>) -> String {
        let words = allCases.filter(targets.contains).map(\.fieldWords)
        guard let last = words.last else { return "no field" }
        return words.count == 1 ? last : words.dropLast().joined(separator: ", ") + " and " + last
    }

    private var fieldWords: String {
        switch self {
        case .text: "text fields (textField, floatLabel, textView)"
        case .boolean: "booleans"
        case .choice: "single choices (segment, picker)"
        case .number: "numbers"
        case .date: "dates"
        case .multiChoice: "multiChoice fields"
        }
    }

    /// What the rules see of a field holding `valueType`.
    public init(_ valueType: FieldValueType) {
        switch valueType {
        case .string: self = .text
        case .bool: self = .boolean
        case .segment: self = .choice
        case .number: self = .number
        case .date: self = .date
        case .multiChoice: self = .multiChoice
        }
    }
}
