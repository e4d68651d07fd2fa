import FormSource

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
        case .list(let list): list.id
        case .spacer, .staticText: nil
        }
    }

    /// The rules of a field; none for an element that holds no value.
    public var rules: [RuleDecl] { fieldPart(\.rules, otherwise: []) }

    /// The `when` of each of its rules that could not be read (`FieldCommon`).
    public var unreadRuleConditions: [Condition] { fieldPart(\.unreadRuleConditions, otherwise: []) }

    /// The field part of a value-holding element (boolean, segment, text kinds).
    public var field: FieldCommon? { fieldPart({ $0 }, otherwise: nil) }

    /// `part` of the field part, read in place; `otherwise` for an element that
    /// holds no value.
    private func fieldPart<Part>(_ part: (FieldCommon) -> Part, otherwise: Part) -> Part {
        switch kind {
        case .boolean(let field): part(field.common)
        case .segment(let field): part(field.common)
        case .text(let field): part(field.common)
        case .number(let field): part(field.common)
        case .date(let field): part(field.common)
        case .multiChoice(let field): part(field.common)
        case .group, .spacer, .staticText, .segue, .list: otherwise
        }
    }
}

/// The element kinds of SPEC §3 and §10. `textField`, `floatLabel` and `textView`
/// share one payload (`TextInputDecl`) told apart by its `variant`; so do
/// `segment` and `picker` (`SegmentFieldDecl`), which hold one option each.
///
/// `indirect`: each payload lives in a box of its own, so an `Element` is a few
/// words rather than the 400 bytes of a text field's keys. Every walk over the tree
/// copies elements and their kinds; a boxed kind copies with one retain.
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
    /// A list of entries (SPEC §14).
    case list(ListDecl)

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
        case .group(let group): group.isPage ? "page" : "group"
        case .boolean: "boolean"
        case .segment(let segment): segment.variant.rawValue
        case .text(let text): text.variant.rawValue
        case .number: "number"
        case .date: "date"
        case .multiChoice: "multiChoice"
        case .spacer: "spacer"
        case .staticText: "staticText"
        case .segue: "segue"
        case .list: "list"
        }
    }

    /// How a message names an element of kind `keyword` and id `id`: `boolean 'news'`;
    /// `this boolean` when it has no id (one that could not be read, reported where
    /// it is written): the message's location says which element.
    public static func named(_ keyword: String, id: String) -> String {
        id.isEmpty ? "this \(keyword)" : "\(keyword) '\(id)'"
    }

    /// Every kind key, in the order of SPEC §3, then §10, then §15.
    public static let keywords = [
        "group", "boolean", "segment", "textField", "floatLabel", "textView", "spacer", "staticText", "segue",
        "number", "date", "picker", "multiChoice", "list", "page",
    ]
}

/// The keys shared by every field (an element that holds a value).
public struct FieldCommon: Sendable {
    public var id: Located<String>
    public var rules: [RuleDecl]
    public var validateOn: Located<ValidationTrigger>?
    /// What the decoder could not read of `rules` (reported there). Beside
    /// `validateOn`, in room its layout leaves.
    public var unreadRules: UnreadRules = []
    /// The `when` of each rule that could not be read (its error reported): checked
    /// as a rule's condition is, so that its own mistakes show too; never emitted.
    public var unreadRuleConditions: [Condition] = []

    /// Whether a rule has a `when`, read or not.
    public var hasRuleConditions: Bool {
        !unreadRuleConditions.isEmpty || rules.contains { $0.when != nil }
    }

    /// No rules, and no conditions of rules that could not be read.
    public mutating func removeRules() {
        rules = []
        unreadRuleConditions = []
    }

    public init(id: Located<String>, rules: [RuleDecl] = [], validateOn: Located<ValidationTrigger>? = nil) {
        self.id = id
        self.rules = rules
        self.validateOn = validateOn
    }
}

/// What the decoder could not read of a field's `rules` (reported there), so that
/// what counts the rules does not count on them: a slider's end written wrong
/// (`maxx`, read as the `max` it is nearest) is not also missing.
public struct UnreadRules: OptionSet, Sendable {
    public var rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// The value was no list.
    public static let all = UnreadRules(rawValue: 1)
    /// A rule written as `min`, or nearest to it.
    public static let min = UnreadRules(rawValue: 2)
    /// A rule written as `max`, or nearest to it.
    public static let max = UnreadRules(rawValue: 4)
}
