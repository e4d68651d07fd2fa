import FormSource

/// The typed form: what the decoder makes of a document's nodes (SPEC §2–§3).
/// Every value keeps the span it was read from. The checker annotates it (symbols,
/// parsed conditions) and the emitter and `dump` read it.
public struct FormDocument: Sendable {
    public var version: Located<Int>
    /// The generated Swift type's name (`form:`).
    public var name: Located<String>
    public var title: Located<String>?
    /// The default trigger for every field (SPEC §6.4).
    public var validateOn: Located<ValidationTrigger>?
    public var elements: [Element]
    /// The shared option sets of the top-level `options:` (SPEC §16), in the order written.
    public var optionSets: [OptionSetDecl] = []
    /// Whether some rule has a `when:` condition, so the checker and the emitter
    /// look for them only in forms that use them.
    public var hasRuleConditions = false
    /// The ids, set names and option values in the parts the decoder could not read
    /// (an element of an unknown kind, a misspelt required key's value), reported
    /// there: the checker calls none of them an unknown field, an unused set or no
    /// option.
    public var unreadNames: Set<String> = []
    /// The kind keys of the elements read as the kind their FC103 proposed for a
    /// misspelt kind (`textFeld`), so that their other mistakes show: where
    /// they stand is not judged again.
    public var guessedKinds: Set<SourcePosition> = []
    /// The whole document mapping.
    public var range: SourceRange

    public init(
        version: Located<Int>, name: Located<String>, title: Located<String>? = nil,
        validateOn: Located<ValidationTrigger>? = nil, elements: [Element], range: SourceRange
    ) {
        self.version = version
        self.name = name
        self.title = title
        self.validateOn = validateOn
        self.elements = elements
        self.range = range
    }

    /// The names of the option sets with an option the decoder could not read
    /// (reported there): no check counts their options as all there are.
    public var incompleteOptionSets: Set<String> {
        Set(optionSets.filter { $0.optionsRange == nil }.map(\.name.value))
    }

    /// The form-wide trigger, `blurAfterChange` when not given.
    public var defaultTrigger: ValidationTrigger { validateOn?.value ?? .blurAfterChange }

    /// Every element, depth first in document order (a group before its children).
    public var allElements: [Element] {
        var result: [Element] = []
        func walk(_ elements: [Element]) {
            for element in elements {
                result.append(element)
                if case .group(let group) = element.kind { walk(group.elements) }
            }
        }
        walk(elements)
        return result
    }
}

/// When a field's rules run as the user edits (SPEC §6.4).
public enum ValidationTrigger: String, Sendable, Hashable, CaseIterable {
    case change
    case blur
    case blurAfterChange
    case changeAfterBlur
    case submit
}
