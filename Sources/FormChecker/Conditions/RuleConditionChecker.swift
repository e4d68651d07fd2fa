import FormModel
import FormSource

/// The `when:` conditions of rules (SPEC §16): parsed, type-checked and lowered
/// as `visibleWhen` is (FC500–FC503, FC505), in the scope of the field the rule
/// belongs to, and stored in `RuleDecl.when.expression`. Only a form whose
/// decoder saw a `when:` (`FormDocument.hasRuleConditions`) is walked.
///
/// A rule's condition takes no part in visibility, so it adds no edge to the
/// cycle check (FC504): a rule of `a` may read `a` itself.
enum RuleConditionChecker {
    static func check(_ document: inout FormDocument, scope: ConditionScope, file: SourceFile, diagnostics: inout DiagnosticBag) {
        guard document.hasRuleConditions else { return }
        var checker = ConditionTypeChecker(scope: scope, format: SourceFormat(path: file.path))
        var constancy = ConditionConstancy()
        func lower(_ condition: Condition) -> ConditionExpr? {
            switch ConditionParser.parse(condition.source.value) {
            case .failure(let problem):
                ConditionChecker.report([ConditionChecker.refined(problem, in: scope)], in: condition, file: file, diagnostics: &diagnostics)
                return nil
            case .success(let syntax):
                switch checker.lower(syntax) {
                case .failed(let problems):
                    ConditionChecker.report(problems, in: condition, file: file, diagnostics: &diagnostics)
                    return nil
                case .lowered(let expression, _):
                    ConditionChecker.checkConstant(
                        expression, role: .ruleWhen, at: condition.source.range, scope: scope, constancy: &constancy,
                        diagnostics: &diagnostics
                    )
                    return expression
                }
            }
        }
        func lowerRules(_ common: inout FieldCommon) {
            for index in common.rules.indices {
                guard let condition = common.rules[index].when else { continue }
                common.rules[index].when?.expression = lower(condition)
            }
            for index in common.unreadRuleConditions.indices {
                common.unreadRuleConditions[index].expression = lower(common.unreadRuleConditions[index])
            }
        }
        func walk(_ elements: inout [Element]) {
            for index in elements.indices {
                switch elements[index].kind {
                case .group(var group):
                    walk(&group.elements)
                    elements[index].kind = .group(group)
                case .boolean(var field):
                    guard field.common.hasRuleConditions else { continue }
                    lowerRules(&field.common)
                    elements[index].kind = .boolean(field)
                case .segment(var field):
                    guard field.common.hasRuleConditions else { continue }
                    lowerRules(&field.common)
                    elements[index].kind = .segment(field)
                case .text(var field):
                    guard field.common.hasRuleConditions else { continue }
                    lowerRules(&field.common)
                    elements[index].kind = .text(field)
                case .number(var field):
                    guard field.common.hasRuleConditions else { continue }
                    lowerRules(&field.common)
                    elements[index].kind = .number(field)
                case .date(var field):
                    guard field.common.hasRuleConditions else { continue }
                    lowerRules(&field.common)
                    elements[index].kind = .date(field)
                case .multiChoice(var field):
                    guard field.common.hasRuleConditions else { continue }
                    lowerRules(&field.common)
                    elements[index].kind = .multiChoice(field)
                case .spacer, .staticText, .segue, .list:
                    // A list's entry is checked as a form of its own (`ListChecker`).
                    break
                }
            }
        }
        walk(&document.elements)
    }
}
