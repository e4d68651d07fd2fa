@testable import FormChecker
@testable import FormModel
@testable import FormSource
import Testing

private func graph(_ yaml: String) -> ConditionGraph {
    var form = ConditionFixture.make(yaml)
    var bag = DiagnosticBag(file: form.file.path)
    ConditionChecker.check(&form.document, symbols: form.symbols, file: form.file, diagnostics: &bag)
    #expect(bag.diagnostics.isEmpty, "\(bag.diagnostics.map(\.summary))")
    return ConditionGraph(document: form.document, symbols: form.symbols)
}

private let chain = """
elements:
  - textField: third
    visibleWhen: isEmpty(second)
  - textField: second
    visibleWhen: first == 'yes'
  - textField: first
  - group: g
    visibleWhen: not isEmpty(first)
    elements:
      - boolean: inner
        visibleWhen: isEmpty(third)
      - boolean: plain
"""

@Test func visibilityOrderPutsDependenciesFirst() {
    let graph = graph(chain)
    #expect(graph.fields == ["third", "second", "first", "inner", "plain"])
    #expect(graph.visibilityOrder == ["first", "second", "third", "inner", "plain"])
}

@Test func dependenciesIncludeEnclosingGroupConditions() {
    let graph = graph(chain)
    #expect(graph.dependencies(of: "inner") == ["first", "third"])
    #expect(graph.edges["inner"] == [
        ConditionGraph.Dependency(field: "first", via: [3]),
        ConditionGraph.Dependency(field: "third", via: [3, 0]),
    ])
    #expect(graph.dependencies(of: "plain") == ["first"])
    #expect(graph.dependencies(of: "first").isEmpty)
    #expect(graph.visibilityConditions(of: "inner") == [.not(.isEmpty("first")), .isEmpty("third")])
    #expect(graph.visibilityConditions(of: "first").isEmpty)
}

@Test func dependentsAreTransitiveAndInVisibilityOrder() {
    let graph = graph(chain)
    #expect(graph.dependents(of: "first") == ["second", "third", "inner", "plain"])
    #expect(graph.dependents(of: "third") == ["inner"])
    #expect(graph.dependents(of: "plain").isEmpty)
}

@Test func aLongChainNeitherRecursesDeeplyNorLosesFields() {
    // 5,000 fields, each visible when the next one is empty: depth-first search
    // written recursively would need 5,000 frames.
    var yaml = "elements:\n"
    for index in 0..<5_000 {
        yaml += "  - textField: f\(index)\n"
        if index < 4_999 { yaml += "    visibleWhen: isEmpty(f\(index + 1))\n" }
    }
    let graph = graph(yaml)
    #expect(graph.visibilityOrder.first == "f4999")
    #expect(graph.visibilityOrder.last == "f0")
    #expect(graph.visibilityOrder.count == 5_000)
}

@Test func anOrderExistsEvenWithACycle() {
    var form = ConditionFixture.make("""
    elements:
      - boolean: a
        visibleWhen: b
      - boolean: b
        visibleWhen: a
      - boolean: c
    """)
    var bag = DiagnosticBag(file: form.file.path)
    ConditionChecker.check(&form.document, symbols: form.symbols, file: form.file, diagnostics: &bag)
    let graph = ConditionGraph(document: form.document, symbols: form.symbols)
    #expect(graph.visibilityOrder == ["b", "a", "c"])
    #expect(graph.cyclicComponents() == [["a", "b"]])
}

@Test func manyLargeConditionsStayFast() {
    // Twelve distinct atoms in every condition: the most the constancy check enumerates.
    var yaml = "elements:\n"
    for index in 0..<12 { yaml += "  - boolean: b\(index)\n" }
    let atoms = (0..<12).map { "b\($0)" }
    let condition = (0..<10).map { _ in "(" + atoms.joined(separator: " or not ") + ")" }.joined(separator: " and ")
    for index in 0..<300 {
        yaml += "  - textField: t\(index)\n    visibleWhen: \(condition)\n"
    }
    let clock = ContinuousClock()
    let elapsed = clock.measure { _ = ConditionFixture.check(yaml) }
    #expect(elapsed < .seconds(20))
}

/// The type checker's `reads` are the lowered expression's `fieldReferences` as
/// symbols: first-use order, each field once, literals on either side, nested
/// `not`, `isEmpty` and fields that appear twice.
@Test func typeCheckerReadsAreTheFieldReferences() {
    let form = ConditionFixture.make("""
    elements:
      - boolean: agree
      - textField: name
      - segment: plan
        options: [free, pro]
      - boolean: news
    """)
    let scope = ConditionScope(document: form.document, symbols: form.symbols)
    let conditions = [
        "agree", "'pro' == plan and agree", "not (name == 'x' or isEmpty(plan)) and name != ''",
        "news or agree and not news", "true == (agree and plan != 'free')", "true", "isEmpty(name) == false",
    ]
    var checker = ConditionTypeChecker(scope: scope, format: .yaml)
    for text in conditions {
        guard case .success(let syntax) = ConditionParser.parse(text),
              case .lowered(let expression, let reads) = checker.lower(syntax) else {
            Issue.record("\(text) does not lower")
            continue
        }
        #expect(reads.map { form.symbols.fields[$0].id } == expression.fieldReferences, "\(text)")
        #expect(reads.map { form.symbols.fieldIndex(form.symbols.fields[$0].id) } == reads, "\(text)")
    }
}

/// The paths of the edges come back whole, however deep, from the graph's one
/// array of paths.
@Test func edgesKeepTheirPaths() {
    let graph = graph("""
    elements:
      - textField: first
      - group: outer
        visibleWhen: isEmpty(first)
        elements:
          - spacer: 8
          - group: inner
            visibleWhen: not isEmpty(first)
            elements:
              - boolean: deep
                visibleWhen: first == 'a'
    """)
    let edges = graph.edges["deep"] ?? []
    #expect(edges.map(\.via) == [[1], [1, 1], [1, 1, 0]])
    #expect(edges.map(\.field) == ["first", "first", "first"])
}

/// `distinct` keeps the first occurrence of each symbol, in order, for short lists
/// (a linear search) and long ones (a set) alike.
@Test func distinctKeepsFirstOccurrences() {
    func firstOccurrences(_ symbols: [Int]) -> [Int] {
        var result: [Int] = []
        for symbol in symbols where !result.contains(symbol) { result.append(symbol) }
        return result
    }
    #expect(ConditionGraph.distinct([]) == [])
    #expect(ConditionGraph.distinct([3, 1, 3, 2, 1]) == [3, 1, 2])
    let symbols = (0..<40).map { ($0 * 7) % 13 }
    for count in [15, 16, 17, 40] {
        #expect(ConditionGraph.distinct(Array(symbols.prefix(count))) == firstOccurrences(Array(symbols.prefix(count))), "\(count)")
    }
}

/// One type checker lowers a whole run of conditions: a condition that failed
/// leaves neither its problems nor its reads to the next one.
@Test func aTypeCheckerStartsAfreshAfterAConditionThatFailed() {
    let form = ConditionFixture.make("""
    elements:
      - boolean: agree
      - textField: name
    """)
    var checker = ConditionTypeChecker(scope: ConditionScope(document: form.document, symbols: form.symbols), format: .yaml)
    func lower(_ text: String) -> ConditionTypeChecker.Lowering? {
        guard case .success(let syntax) = ConditionParser.parse(text) else { return nil }
        return checker.lower(syntax)
    }
    // Reads `agree`, then fails on an unknown field.
    guard case .failed(let problems) = lower("agree and missing") else {
        Issue.record("an unknown field does not fail")
        return
    }
    #expect(problems.count == 1)
    guard case .lowered(_, let reads) = lower("name == 'x'") else {
        Issue.record("a valid condition after a failed one does not lower")
        return
    }
    #expect(reads == [form.symbols.fieldIndex("name")])
}
