import FormModel
import FormSource

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
        check(
            &document, scope: ConditionScope(document: document, symbols: symbols), file: file, speed: .current,
            diagnostics: &diagnostics
        )
    }

    /// `check` with the scope the form checker gathered on its own walk of the tree.
    ///
    /// Lowering a condition needs the symbols and nothing else, so every condition
    /// is lowered first, in document order (speed only, under `.parallel`: a
    /// long list in chunks on every core), with `alongside` (the form checker's rule checks) as one more task
    /// beside them; the walk that stores the expressions and collects the
    /// visibility edges (enough to find a cycle) then takes the results in the
    /// same order. The graph that explains a cycle is built only when there is one.
    static func check(
        _ document: inout FormDocument, scope: ConditionScope, file: SourceFile, speed: SpeedPolicy,
        diagnostics: inout DiagnosticBag, alongside: (@Sendable () -> DiagnosticBag)? = nil
    ) {
        let conditions = Self.takeConditions(from: &document.elements)
        let conditionCount = conditions.count
        let chunks = speed.takes(.conditionsInChunks) ? Self.chunkCount(conditionCount) : 1
        let extra = alongside == nil ? 0 : 1
        // Each chunk's task takes its conditions, and with them their parses: they
        // are freed on its thread once lowered.
        let inputs = Concurrently.Handoff(split(consume conditions, into: chunks))
        @Sendable func run(_ task: Int) -> Lowered {
            // The other task first: it is one piece, the chunks can fill in around it.
            if let alongside, task == 0 { return Lowered(diagnostics: alongside()) }
            return lower(inputs.take(task - extra), scope: scope, file: file)
        }
        // A small form is checked on this thread: waking a worker would cost more
        // than the rule checks it could take over.
        let isLarge = speed.takes(.conditionsInChunks)
            && (chunks > 1 || scope.symbols.fields.count >= SpeedPaths.conditionsInChunksMinimumFields)
        if isLarge { SpeedPaths.note(.conditionsInChunks) }
        let results = isLarge ? Concurrently.map(chunks + extra, run) : (0..<(chunks + extra)).map(run)
        for result in results {
            diagnostics.append(contentsOf: result.diagnostics.diagnostics)
        }
        // Consumed: with `results` still alive, taking the first lowering of a run
        // would copy the run (and retain every expression in it).
        var pass = Pass(
            scope: scope, graph: ConditionGraph.Builder(symbols: scope.symbols, detailed: false), runs: consume results
        )
        var path: ElementPath = []
        pass.walk(&document.elements, path: &path)

        // The walk kept only the edges, enough to find a cycle; the graph that
        // explains one is built again from the expressions now in the tree.
        guard pass.graph.hasCycle else { return }
        let graph = ConditionGraph(document: document, symbols: scope.symbols)
        // The two see the same fields and edges: a cycle the walk found and the
        // graph does not have would go unreported (and the rebuild be for nothing).
        assert(graph.hasCycle, "the walk found a cycle the tree does not have")
        reportCycles(graph, document: document, symbols: scope.symbols, file: file, diagnostics: &diagnostics)
    }

    /// Which key a condition is.
    enum Role: Sendable {
        case visibleWhen
        case enabledWhen
        /// A rule's `when:` (SPEC §16).
        case ruleWhen
    }

    /// A condition's expression and where the fields it reads end in the `reads`
    /// of its `Lowered` (they start where the previous non-nil lowering's
    /// `readsEnd` is, or at 0 for the first), or nil when it did not parse or
    /// type-check (and was reported).
    typealias Lowering = (expression: ConditionExpr, readsEnd: Int)?

    /// What lowering a run of conditions gave: the lowerings in order, the fields
    /// each reads (as symbol indexes) one after another in one array, and the
    /// diagnostics, FC505 included.
    struct Lowered: Sendable {
        var lowerings: [Lowering] = []
        var reads: [Int] = []
        var diagnostics: DiagnosticBag

        init(diagnostics: DiagnosticBag) {
            self.diagnostics = diagnostics
        }
    }

    /// Every condition of the tree in the order `Pass.walk` visits them: an
    /// element's `visibleWhen`, its `enabledWhen`, then a group's elements. Each
    /// condition's parse moves out of the tree into the list, which is then the
    /// only holder of it.
    static func takeConditions(from elements: inout [Element]) -> [(condition: Condition, role: Role, owner: Range<Int>)] {
        var conditions: [(condition: Condition, role: Role, owner: Range<Int>)] = []
        var fieldElementCount = 0
        func take(_ elements: inout [Element]) {
            // By index, in place: a copy of each element would retain all it holds.
            for index in elements.indices {
                // The field elements (indices in `scope.fieldElements`) the did-you-mean
                // of the element's conditions cannot name (FC504): a field's own, and
                // for a group's `visibleWhen`, the fields inside it.
                let owner: Range<Int>
                switch elements[index].kind {
                case .boolean, .segment, .text, .number, .date, .multiChoice:
                    owner = fieldElementCount..<fieldElementCount + 1
                    fieldElementCount += 1
                case .group, .spacer, .staticText, .segue, .list:
                    owner = fieldElementCount..<fieldElementCount
                }
                func takeOwn(shown: Range<Int>) {
                    if elements[index].visibleWhen != nil {
                        conditions.append((elements[index].visibleWhen!, .visibleWhen, shown))
                    }
                    if elements[index].enabledWhen != nil {
                        conditions.append((elements[index].enabledWhen!, .enabledWhen, owner))
                    }
                }
                // The group moves out of the tree before its fields are counted, so that
                // its elements stay uniquely referenced.
                if var group = takeGroup(&elements[index]) {
                    takeOwn(shown: fieldElementCount..<fieldElementCount + Self.fieldElementCount(in: group.elements))
                    take(&group.elements)
                    elements[index].kind = .group(group)
                } else {
                    takeOwn(shown: owner)
                }
            }
        }
        take(&elements)
        return conditions
    }

    /// How many field elements `elements` hold, in groups too (not in lists).
    static func fieldElementCount(in elements: [Element]) -> Int {
        var count = 0
        // By index: a copy of each element would retain all it holds.
        for index in elements.indices {
            switch elements[index].kind {
            case .boolean, .segment, .text, .number, .date, .multiChoice: count += 1
            case .group(let group): count += fieldElementCount(in: group.elements)
            case .spacer, .staticText, .segue, .list: break
            }
        }
        return count
    }

    /// How many chunks `count` conditions are lowered in under `.parallel`: one
    /// below `SpeedPaths.conditionsInChunksMinimumFields`; else one per
    /// `SpeedPaths.conditionChunkSize`, clamped to `SpeedPaths.conditionChunksMinimum`
    /// …`conditionChunksMaximum`. The rule
    /// checks are one task beside them, as long as several chunks: with short
    /// chunks, the thread that is done first takes the last ones, and the other
    /// is not left waiting for a long one.
    static func chunkCount(_ count: Int) -> Int {
        guard count >= SpeedPaths.conditionsInChunksMinimumFields else { return 1 }
        return min(max(count / SpeedPaths.conditionChunkSize, SpeedPaths.conditionChunksMinimum), SpeedPaths.conditionChunksMaximum)
    }


    /// `list` in `count` runs of about the same length, in order. The items are
    /// moved, one by one from the end, not copied (a copy of a condition
    /// retains all it holds, and the list's release then releases it again).
    static func split<Item>(_ list: consuming [Item], into count: Int) -> [[Item]] {
        var rest = list
        var runs: [[Item]] = []
        runs.reserveCapacity(count)
        for run in (0..<count).reversed() {
            let start = run * rest.count / (run + 1)
            var items: [Item] = []
            items.reserveCapacity(rest.count - start)
            while rest.count > start { items.append(rest.removeLast()) }
            items.reverse()
            runs.append(items)
        }
        runs.reverse()
        return runs
    }

    /// Moves a group out of the tree, leaving a spacer, so that its `elements`
    /// are uniquely referenced and change in place rather than being copied. The
    /// kind is `indirect`: a `switch` over it would hold its box until the end
    /// of the `switch`, and with it the group's elements.
    static func takeGroup(_ element: inout Element) -> GroupDecl? {
        guard case .group(let group) = element.kind else { return nil }
        element.kind = .spacer(SpacerDecl(height: Located(0, at: .fileStart)))
        return group
    }

    /// Lowers each condition: its parse (the decoder's, or a new one), then its
    /// types; then FC505 when the result is constant. Each verdict needs only the
    /// fields' facts, so it is worked out here, beside the lowering, not in a pass
    /// of its own after it.
    static func lower(
        _ conditions: consuming [(condition: Condition, role: Role, owner: Range<Int>)], scope: ConditionScope, file: SourceFile
    ) -> Lowered {
        var result = Lowered(diagnostics: DiagnosticBag(file: file.path))
        result.lowerings.reserveCapacity(conditions.count)
        var constancy = ConditionConstancy()
        var checker = ConditionTypeChecker(scope: scope, format: SourceFormat(path: file.path))
        for (condition, role, owner) in conditions {
            checker.ownerElements = owner
            switch ConditionParser.parse(condition.source.value) {
            case .failure(let problem):
                report([refined(problem, in: scope)], in: condition, file: file, diagnostics: &result.diagnostics)
                result.lowerings.append(nil)
            case .success(let syntax):
                switch checker.lower(syntax) {
                case .failed(let problems):
                    report(problems, in: condition, file: file, diagnostics: &result.diagnostics)
                    result.lowerings.append(nil)
                case .lowered(let expression, let reads):
                    assert(reads.map { scope.symbols.fields[$0].id } == expression.fieldReferences, "reads out of step")
                    checkConstant(
                        expression, role: role, at: condition.source.range, scope: scope, constancy: &constancy,
                        diagnostics: &result.diagnostics
                    )
                    result.reads += reads
                    result.lowerings.append((expression, result.reads.count))
                }
            }
        }
        return result
    }

    /// One walk of the tree in document order that stores each lowered expression
    /// in place and collects the visibility edges (`ConditionGraph.Builder`, not
    /// `detailed`).
    private struct Pass {
        let scope: ConditionScope
        var graph: ConditionGraph.Builder
        /// The lowerings in the order of the walk, as the tasks gave them; the
        /// next one to take (in `runs[run]`), and where its reads start.
        var runs: [Lowered]
        var run = 0
        var next = 0
        var nextReads = 0
        /// How many field elements the walk has passed, an index into `scope.fieldElements`.
        var fieldElementCount = 0

        init(scope: ConditionScope, graph: ConditionGraph.Builder, runs: [Lowered]) {
            self.scope = scope
            self.graph = graph
            self.runs = runs
        }

        /// `path` is the path of `elements`' parent, extended in place for each child.
        mutating func walk(_ elements: inout [Element], path: inout ElementPath) {
            for index in elements.indices {
                path.append(index)
                defer { path.removeLast() }
                // The expression takes the place of the parse (`takeConditions`).
                var visibleWhen: ConditionExpr?
                var visibleReads: ArraySlice<Int> = []
                if elements[index].visibleWhen != nil {
                    (visibleWhen, visibleReads) = takeLowering()
                    elements[index].visibleWhen?.expression = visibleWhen
                }
                if elements[index].enabledWhen != nil {
                    elements[index].enabledWhen?.expression = takeLowering().expression
                }
                if var group = ConditionChecker.takeGroup(&elements[index]) {
                    // A group's condition is read for every field inside it.
                    let lowered = visibleWhen.map { ($0, Array(visibleReads)) }
                    graph.enterGroup(at: path, visibleWhen: lowered)
                    walk(&group.elements, path: &path)
                    elements[index].kind = .group(group)
                    graph.leaveGroup(visibleWhen: lowered)
                    continue
                }
                switch elements[index].kind {
                case .group:
                    preconditionFailure("groups are taken out above")
                case .boolean, .segment, .text, .number, .date, .multiChoice:
                    if let symbol = scope.fieldElements[fieldElementCount] {
                        graph.addField(symbol, at: path, visibleWhen: visibleWhen, reads: visibleReads)
                    }
                    fieldElementCount += 1
                case .spacer, .staticText, .segue, .list:
                    break
                }
            }
        }

        /// The next lowering's expression (moved out of the list: no reference
        /// is left to release) and the fields it reads; nil and none for a
        /// condition that did not lower.
        mutating func takeLowering() -> (expression: ConditionExpr?, reads: ArraySlice<Int>) {
            while next == runs[run].lowerings.count {
                (run, next, nextReads) = (run + 1, 0, 0)
            }
            defer { next += 1 }
            var lowering: Lowering = nil
            swap(&lowering, &runs[run].lowerings[next])
            guard let lowering else { return (nil, []) }
            defer { nextReads = lowering.readsEnd }
            return (lowering.expression, runs[run].reads[nextReads..<lowering.readsEnd])
        }
    }

    /// A syntax problem with the help the parser left to the checker, which knows
    /// what the names it read are: `'other' in symptoms` gets the help that fits
    /// the field's kind, and `pets.count` on a list says that a list is not counted.
    static func refined(_ problem: ConditionProblem, in scope: ConditionScope) -> ConditionProblem {
        var problem = problem
        switch problem.namesForHelp {
        case .optionInField(let question)?:
            if let field = scope.symbols.field(question.field) {
                problem.help = [question.help(for: field.valueType)]
            } else {
                // No such field: the rewrite would name it still (FC501), so it is no fix.
                problem.help = problem.help.map { DiagnosticHelp($0.text) }
            }
        case .optionAfterIn(let question)?:
            let literal = ConditionSyntax.literal(question.option)
            switch scope.symbols.field(question.field)?.valueType {
            case .segment?:
                let test = "\(question.field) in [\(literal)]"
                problem.help = [.write(test, line: "write the options as a list: \(test)")]
            case .multiChoice?:
                problem.help = [question.help(isMultiChoice: true)]
            default:
                break
            }
        case .memberCall(let function, let name)?:
            if function != "contains", scope.nonFields[name] == .list {
                problem.help = [DiagnosticHelp(ConditionTypeChecker.listCountHelp)]
            } else if function != "isEmpty", scope.symbols.field(name)?.valueType == .string {
                // `name.length > 0`, `name.includes('x')` of a text: a condition cannot measure or search it.
                problem.help = ["a condition cannot measure a text or look inside it: to test whether it has a value, write not isEmpty(\(name))"]
            }
        case .hasValueCall(let function, let name)?:
            if scope.symbols.field(name)?.valueType == .bool {
                // A boolean is never empty (FC502): what was meant is whether it is on.
                problem.help = [.write(name, line: "'\(function)' asks whether '\(name)' has a value, and a boolean always has one: to test whether it is on, write \(name)")]
            }
        case nil:
            break
        }
        return problem
    }

    static func report(
        _ problems: [ConditionProblem], in condition: Condition, file: SourceFile, diagnostics: inout DiagnosticBag
    ) {
        let map = ScalarSourceMap(text: condition.source, style: condition.style, file: file)
        for problem in problems {
            let notes = problem.notes.map { diagnostics.note($0.message, at: map.range($0.range)) }
                + problem.fileNotes.map { diagnostics.note($0.message, at: $0.range) }
            var help = problem.help
            if let fixRange = problem.fixRange {
                // The fix replaces the whole comparison, not only the token the error is at.
                for index in help.indices where help[index].fix?.placement == .span {
                    help[index].fix?.placement = .within(map.range(fixRange))
                }
            }
            // An empty condition (`''`) has no text of its own: the error is at its scalar, quotes and all.
            let range = problem.range.isEmpty && condition.source.value.isEmpty ? condition.source.range : map.range(problem.range)
            diagnostics.error(problem.code, problem.message, at: range, notes: notes, help: help)
        }
    }

    // MARK: FC505


    /// FC505 when `expression` is constant.
    static func checkConstant(
        _ expression: ConditionExpr, role: Role, at range: SourceRange, scope: ConditionScope,
        constancy: inout ConditionConstancy, diagnostics: inout DiagnosticBag
    ) {
        // A closure rather than `scope.facts(of:)`, which would copy the scope for each condition.
        let verdict = constancy.verdict(of: expression, facts: { scope.facts(of: $0) })
        guard let verdict else { return }
        let message: String
        let help: DiagnosticHelp
        switch (role, verdict) {
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
        case (.ruleWhen, .alwaysTrue):
            message = "condition is always true: the rule always runs"
            help = "remove 'when', or fix the condition"
        case (.ruleWhen, .alwaysFalse):
            message = "condition is always false: the rule never runs"
            help = "remove the rule, or fix the condition"
        }
        diagnostics.warning(.conditionConstant, message, at: range, help: [help])
    }

    // MARK: FC504

    private static func reportCycles(
        _ graph: ConditionGraph, document: FormDocument, symbols: SymbolTable, file: SourceFile,
        diagnostics: inout DiagnosticBag
    ) {
        for component in graph.cyclicComponents() {
            var steps = graph.shortestCycle(through: component[0], within: Set(component))
            guard !steps.isEmpty else { continue }
            // Report at the condition that comes first in the file, so the choice
            // does not depend on which field the search started from.
            func conditionStart(_ path: ElementPath) -> SourcePosition {
                document.elementIfPresent(at: path)?.visibleWhen?.source.range.start ?? SourcePosition(line: .max, column: .max)
            }
            if let first = steps.indices.min(by: { conditionStart(steps[$0].to.via) < conditionStart(steps[$1].to.via) }) {
                steps = Array(steps[first...] + steps[..<first])
            }
            let names = ([steps[0].from] + steps.map(\.to.field)).joined(separator: " → ")

            func location(_ step: (from: String, to: ConditionGraph.Dependency)) -> SourceRange? {
                guard let condition = document.elementIfPresent(at: step.to.via)?.visibleWhen else { return nil }
                let map = ScalarSourceMap(text: condition.source, style: condition.style, file: file)
                // The condition lowered, so it parses: again here, on this rare path, rather
                // than keeping every condition's syntax for it.
                let syntax = try? ConditionParser.parse(condition.source.value).get()
                let reference = syntax?.fieldReferences.first { $0.id == step.to.field }
                return reference.map { map.range($0.range) } ?? condition.source.range
            }
            func explanation(_ step: (from: String, to: ConditionGraph.Dependency), here: String = " here") -> String {
                if step.to.via == symbols.field(step.from)?.path {
                    return "'\(step.from)' reads '\(step.to.field)'\(here)"
                }
                return "'\(step.from)' is inside \(groupName(at: step.to.via, in: document)), which reads '\(step.to.field)'\(here)"
            }

            guard let primary = location(steps[0]) else { continue }
            var help: [DiagnosticHelp] = []
            if steps[0].to.via != symbols.field(steps[0].from)?.path {
                help.append(DiagnosticHelp(explanation(steps[0], here: "")))
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
        guard let element = document.elementIfPresent(at: path), case .group(let group) = element.kind else {
            return "the group"
        }
        let kind = group.isPage ? "page" : "group"
        if let id = group.id, !id.value.isEmpty { return ElementKind.named(kind, id: id.value) }
        return "the \(kind) at line \(element.range.start.line)"
    }
}
