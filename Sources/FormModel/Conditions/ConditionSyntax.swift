import FormSource

/// A condition as written (SPEC §7), before names are resolved and types checked.
/// Offsets are in Unicode scalars of the decoded text, which is what
/// `ScalarSourceMap` translates back to a line and column in the file.
package struct ConditionSyntax: Sendable, Hashable {
    package indirect enum Kind: Sendable, Hashable {
        case identifier(String)
        case boolLiteral(Bool)
        case stringLiteral(String)
        /// A number as written (`18`, `-2.50`); read exactly by the type checker.
        case numberLiteral(String)
        /// `isEmpty(id)`; the range is the argument's.
        case isEmpty(String, argument: Range<Int>)
        /// `count(id)`: how many options a multiChoice has chosen; the range is the argument's.
        case count(String, argument: Range<Int>)
        /// `contains(id, 'value')`: the ranges are the argument's and the string's.
        case contains(String, argument: Range<Int>, value: ListItem)
        /// `lhs in ['a', 'b']`: the items in the order written.
        case inList(ConditionSyntax, [ListItem], operatorRange: Range<Int>)
        /// `( … )`, kept so that a type error can point at the whole parenthesis.
        case parenthesized(ConditionSyntax)
        case not(ConditionSyntax)
        case and(ConditionSyntax, ConditionSyntax)
        case or(ConditionSyntax, ConditionSyntax)
        case compare(ConditionSyntax, CompareOperator, ConditionSyntax, operatorRange: Range<Int>)
    }

    /// A comparison's operator as written: the one a comparison of two fields keeps.
    package typealias CompareOperator = FieldComparison

    /// A string of a list (`in [...]`) or of `contains`, with where it is written.
    package struct ListItem: Sendable, Hashable {
        package var value: String
        package var range: Range<Int>
    }

    package var kind: Kind
    package var range: Range<Int>

    /// Every identifier read as a field, with its range, in source order.
    package var fieldReferences: [(id: String, range: Range<Int>)] {
        var result: [(id: String, range: Range<Int>)] = []
        func visit(_ node: ConditionSyntax) {
            switch node.kind {
            case .identifier(let id): result.append((id, node.range))
            case .isEmpty(let id, let argument), .count(let id, let argument), .contains(let id, let argument, _):
                result.append((id, argument))
            case .boolLiteral, .stringLiteral, .numberLiteral: break
            case .parenthesized(let inner), .not(let inner), .inList(let inner, _, _): visit(inner)
            case .and(let lhs, let rhs), .or(let lhs, let rhs), .compare(let lhs, _, let rhs, _):
                visit(lhs)
                visit(rhs)
            }
        }
        visit(self)
        return result
    }
}

/// A problem found inside a condition's text: what the checker turns into a
/// diagnostic once the range is mapped to the file.
package struct ConditionProblem: Error, Sendable, Hashable {
    package var code: DiagnosticCode
    package var message: String
    package var range: Range<Int>
    package var help: [DiagnosticHelp] = []
    /// Secondary places inside the same condition ("to match this '('").
    package var notes: [ConditionNote] = []
    /// Secondary places elsewhere in the file ("'account' is declared here").
    package var fileNotes: [FileNote] = []
    /// The names a help line depends on, which the checker knows and the parser
    /// does not: the checker writes the help for them.
    package var namesForHelp: NamesForHelp?
    /// The part of the condition that the help's fix replaces when it is more than
    /// `range`: the whole comparison (`'pro' in plan` → `plan == 'pro'`).
    package var fixRange: Range<Int>?

    package enum NamesForHelp: Sendable, Hashable {
        /// `'other' in symptoms`: an option written before `in` and a field after
        /// it; the help fits the field's kind.
        case optionInField(OptionInField)
        /// `plan in 'pro'`: a field before `in` and one option after it, not in a
        /// list; the help fits the field's kind.
        case optionAfterIn(OptionInField)
        /// `pets.count`: a function written as a member of the name before it; a
        /// list has no count.
        case memberCall(function: String, name: String)
        /// `isNotEmpty(agree)`: a test for a value written as another language
        /// names it; a boolean always has one.
        case hasValueCall(function: String, name: String)
    }

    package struct OptionInField: Sendable, Hashable {
        package var option: String
        package var field: String
    }

    package init(
        code: DiagnosticCode, message: String, range: Range<Int>, help: [DiagnosticHelp] = [], notes: [ConditionNote] = [],
        fileNotes: [FileNote] = [], namesForHelp: NamesForHelp? = nil, fixRange: Range<Int>? = nil
    ) {
        self.code = code
        self.message = message
        self.range = range
        self.help = help
        self.notes = notes
        self.fileNotes = fileNotes
        self.namesForHelp = namesForHelp
        self.fixRange = fixRange
    }

    package struct FileNote: Sendable, Hashable {
        package var message: String
        package var range: SourceRange

        package init(message: String, range: SourceRange) {
            self.message = message
            self.range = range
        }
    }
}

package struct ConditionNote: Sendable, Hashable {
    package var message: String
    package var range: Range<Int>

    package init(message: String, range: Range<Int>) {
        self.message = message
        self.range = range
    }
}

extension ConditionProblem.OptionInField {
    /// The help for a field of this kind: `contains(symptoms, 'other')` for a
    /// multiChoice, `plan == 'pro'` for a single choice or a text.
    /// The help, with its fix of the whole `'option' in field`
    /// (`ConditionProblem.fixRange`).
    package func help(isMultiChoice: Bool) -> DiagnosticHelp {
        let literal = ConditionSyntax.literal(option)
        let test = isMultiChoice ? "contains(\(field), \(literal))" : "\(field) == \(literal)"
        return .write(
            test, line: isMultiChoice ? "write \(test) to test whether \(literal) is chosen" : "write \(test) to compare '\(field)' with \(literal)"
        )
    }

    /// The help for a field holding `valueType`; for a field that is neither a
    /// choice nor text, the list form of `in`.
    package func help(for valueType: FieldValueType) -> DiagnosticHelp {
        switch valueType {
        case .multiChoice: help(isMultiChoice: true)
        case .segment, .string: help(isMultiChoice: false)
        case .bool, .number, .date: "'in' tests a single choice against a list of options: plan in ['pro', 'team']"
        }
    }
}

extension ConditionSyntax {
    /// `text` as a string of the condition language: in single quotes, or in
    /// double quotes when it holds a single one.
    package static func literal(_ text: String) -> String {
        text.contains("'") ? "\"\(text)\"" : "'\(text)'"
    }
}
