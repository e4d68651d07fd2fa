/// Parses and type-checks every `visibleWhen`/`enabledWhen` (SPEC §7).
///
/// For each condition: parse (FC500, at the character inside the expression),
/// resolve names and types and lower to `ConditionExpr` (FC501–FC503), then warn
/// when the result is constant (FC505). Once every condition is lowered, the
/// visibility graph is checked for cycles (FC504). A condition with an error keeps
/// `expression == nil` and takes no part in the later checks, so one mistake is not
/// reported again as a cycle or a constant.
public enum ConditionChecker {
    /// Parses each condition of the document, type-checks it against the symbols,
    /// stores the typed expression in `Condition.expression`, and reports FC500–FC505.
    public static func check(_ document: inout FormDocument, symbols: SymbolTable, file: SourceFile, diagnostics: inout DiagnosticBag) {
        let scope = ConditionScope(document: document, symbols: symbols)
        var sites: [Site] = []
        collectSites(document.elements, path: [], into: &sites)

        var visibleSyntax: [ElementPath: ConditionSyntax] = [:]
        var lowered: [(site: Site, expression: ConditionExpr)] = []
        for site in sites {
            let condition = site.condition
            switch ConditionParser.parse(condition.source.value) {
            case .failure(let problem):
                report([problem], in: condition, file: file, diagnostics: &diagnostics)
            case .success(let syntax):
                if site.role == .visibleWhen { visibleSyntax[site.path] = syntax }
                switch ConditionTypeChecker.lower(syntax, scope: scope) {
                case .failed(let problems):
                    report(problems, in: condition, file: file, diagnostics: &diagnostics)
                case .lowered(let expression):
                    lowered.append((site, expression))
                    modifyElement(at: site.path[...], in: &document.elements) { element in
                        switch site.role {
                        case .visibleWhen: element.visibleWhen?.expression = expression
                        case .enabledWhen: element.enabledWhen?.expression = expression
                        }
                    }
                }
            }
        }

        for (site, expression) in lowered {
            checkConstant(expression, site: site, document: document, scope: scope, diagnostics: &diagnostics)
        }

        let graph = ConditionGraph(document: document, symbols: symbols)
        reportCycles(graph, document: document, symbols: symbols, syntax: visibleSyntax, file: file, diagnostics: &diagnostics)
    }

    /// One condition in the tree.
    struct Site {
        enum Role {
            case visibleWhen
            case enabledWhen
        }

        var path: ElementPath
        var role: Role
        var condition: Condition
    }

    private static func collectSites(_ elements: [Element], path: ElementPath, into sites: inout [Site]) {
        for (index, element) in elements.enumerated() {
            let elementPath = path + [index]
            if let condition = element.visibleWhen { sites.append(Site(path: elementPath, role: .visibleWhen, condition: condition)) }
            if let condition = element.enabledWhen { sites.append(Site(path: elementPath, role: .enabledWhen, condition: condition)) }
            if case .group(let group) = element.kind { collectSites(group.elements, path: elementPath, into: &sites) }
        }
    }

    private static func modifyElement(at path: ArraySlice<Int>, in elements: inout [Element], _ body: (inout Element) -> Void) {
        guard let index = path.first, elements.indices.contains(index) else { return }
        if path.count == 1 {
            body(&elements[index])
            return
        }
        guard case .group(var group) = elements[index].kind else { return }
        // Move the group out of the tree first, so that its `elements` are uniquely
        // referenced and change in place: otherwise every condition in a group of N
        // elements copies all N of them.
        elements[index].kind = .spacer(SpacerDecl(height: Located(0, at: .fileStart)))
        modifyElement(at: path.dropFirst(), in: &group.elements, body)
        elements[index].kind = .group(group)
    }

    private static func report(
        _ problems: [ConditionProblem], in condition: Condition, file: SourceFile, diagnostics: inout DiagnosticBag
    ) {
        let map = ScalarSourceMap(condition: condition, file: file)
        for problem in problems {
            let notes = problem.notes.map { diagnostics.note($0.message, at: map.range($0.range)) }
                + problem.fileNotes.map { diagnostics.note($0.message, at: $0.range) }
            diagnostics.error(problem.code, problem.message, at: map.range(problem.range), notes: notes, help: problem.help)
        }
    }

    // MARK: FC505

    private static func checkConstant(
        _ expression: ConditionExpr, site: Site, document: FormDocument, scope: ConditionScope,
        diagnostics: inout DiagnosticBag
    ) {
        let verdict = ConditionConstancy.verdict(of: expression) { id in
            guard let symbol = scope.symbols.field(id) else { return nil }
            let canBeHidden = (symbol.enclosingGroups + [symbol.path]).contains {
                document.conditionElement(at: $0)?.visibleWhen != nil
            }
            return ConditionConstancy.FieldFacts(
                valueType: symbol.valueType, options: scope.segmentOptions[id] ?? [], canBeHidden: canBeHidden
            )
        }
        guard let verdict else { return }
        let message: String
        let help: String
        switch (site.role, verdict) {
        case (.visibleWhen, .alwaysTrue):
            message = "condition is always true: the element is always shown"
            help = "remove visibleWhen, or fix the condition"
        case (.visibleWhen, .alwaysFalse):
            message = "condition is always false: the element is never shown"
            help = "remove the element, or fix the condition"
        case (.enabledWhen, .alwaysTrue):
            message = "condition is always true: the element is always enabled"
            help = "remove enabledWhen, or fix the condition"
        case (.enabledWhen, .alwaysFalse):
            message = "condition is always false: the element is never enabled"
            help = "fix the condition"
        }
        diagnostics.warning(.conditionConstant, message, at: site.condition.source.range, help: [help])
    }

    // MARK: FC504

    private static func reportCycles(
        _ graph: ConditionGraph, document: FormDocument, symbols: SymbolTable,
        syntax: [ElementPath: ConditionSyntax], file: SourceFile, diagnostics: inout DiagnosticBag
    ) {
        for component in graph.cyclicComponents() {
            var steps = graph.shortestCycle(through: component[0], within: Set(component))
            guard !steps.isEmpty else { continue }
            // Report at the condition that comes first in the file, so the choice
            // does not depend on which field the search started from.
            func conditionStart(_ path: ElementPath) -> SourcePosition {
                document.conditionElement(at: path)?.visibleWhen?.source.range.start ?? SourcePosition(line: .max, column: .max)
            }
            if let first = steps.indices.min(by: { conditionStart(steps[$0].to.via) < conditionStart(steps[$1].to.via) }) {
                steps = Array(steps[first...] + steps[..<first])
            }
            let names = ([steps[0].from] + steps.map(\.to.field)).joined(separator: " → ")

            func location(_ step: (from: String, to: ConditionGraph.Dependency)) -> SourceRange? {
                guard let condition = document.conditionElement(at: step.to.via)?.visibleWhen else { return nil }
                let map = ScalarSourceMap(condition: condition, file: file)
                let reference = syntax[step.to.via]?.fieldReferences.first { $0.id == step.to.field }
                return reference.map { map.range($0.range) } ?? condition.source.range
            }
            func explanation(_ step: (from: String, to: ConditionGraph.Dependency), here: String = " here") -> String {
                if step.to.via == symbols.field(step.from)?.path {
                    return "'\(step.from)' reads '\(step.to.field)'\(here)"
                }
                return "'\(step.from)' is inside \(groupName(at: step.to.via, in: document)), which reads '\(step.to.field)'\(here)"
            }

            guard let primary = location(steps[0]) else { continue }
            var help: [String] = []
            if steps[0].to.via != symbols.field(steps[0].from)?.path {
                help.append(explanation(steps[0], here: ""))
            }
            let onCycle = Set(steps.map(\.from))
            let others = component.filter { !onCycle.contains($0) }
            if !others.isEmpty {
                let list = others.map { "'\($0)'" }.joined(separator: ", ")
                help.append("\(list) \(others.count == 1 ? "is" : "are") on a cycle with these fields too")
            }
            help.append("a hidden field reads as empty, so a field's visibility cannot depend on itself; remove one of these references")
            let notes = steps.dropFirst().compactMap { step in
                location(step).map { diagnostics.note(explanation(step), at: $0) }
            }
            let message = steps.count == 1 && steps[0].to.via == symbols.field(steps[0].from)?.path
                ? "the visibility of '\(steps[0].from)' depends on its own value: \(names)"
                : "the visibility of '\(steps[0].from)' depends on itself: \(names)"
            diagnostics.error(.conditionCycle, message, at: primary, notes: notes, help: help)
        }
    }

    private static func groupName(at path: ElementPath, in document: FormDocument) -> String {
        guard let element = document.conditionElement(at: path), case .group(let group) = element.kind else {
            return "the group"
        }
        if let id = group.id { return "group '\(id.value)'" }
        return "the group at line \(element.range.start.line)"
    }
}
