import Testing
@testable import FormCompiler

/// The pieces of work that run at once, and what they hand each other.
struct ConcurrentlyTests {
    final class Payload: Sendable {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    @Test func mapGivesTheResultsInIndexOrder() {
        let results = Concurrently.map(64) { index in index * index }
        #expect(results == (0..<64).map { $0 * $0 })
    }

    /// A hand-off made from an array holds its values alone: a piece that takes
    /// one holds the only reference, so what it drops is freed on its thread.
    @Test func aTakenValueIsTheOnlyReference() {
        let handoff = Concurrently.Handoff((0..<8).map { Payload($0) })
        let unique = Concurrently.map(handoff.count) { index -> Bool in
            var payload = handoff.take(index)
            return isKnownUniquelyReferenced(&payload) && payload.value == index
        }
        #expect(unique == Array(repeating: true, count: 8))
    }

    @Test func aHandoffGivesBackWhatWasSetInOrder() {
        let handoff = Concurrently.Handoff<String>(count: 3)
        for index in [2, 0, 1] { handoff.set(index, "slot \(index)") }
        #expect(handoff.takeAll() == ["slot 0", "slot 1", "slot 2"])
    }

    /// The condition checker's chunks: every item once, in order, in runs whose
    /// lengths differ by one at most.
    @Test(arguments: [0, 1, 3, 4, 511, 512, 2_641])
    func splittingKeepsEveryItemInOrder(count: Int) {
        for runs in 1...4 {
            let split = ConditionChecker.split(Array(0..<count), into: runs)
            #expect(split.count == runs)
            #expect(split.flatMap { $0 } == Array(0..<count))
            let lengths = split.map(\.count)
            #expect((lengths.max() ?? 0) - (lengths.min() ?? 0) <= 1)
        }
    }

    /// The checker takes each condition's parse out of the tree with the
    /// condition (its task frees it); the tree keeps the typed expression.
    @Test(arguments: [3, ConditionChecker.parallelMinimumConditions + 10])
    func theCheckedTreeKeepsNoParse(count: Int) throws {
        var text = "formc: 1\nform: Parses\nelements:\n  - boolean: on\n    title: On\n"
        text += "  - group: outer\n    visibleWhen: on\n    elements:\n"
        for index in 0..<count {
            text += "      - textField: f\(index)\n        visibleWhen: on\n        enabledWhen: not on\n"
        }
        let result = FormPipeline.check(SourceFile(path: "parses.form.yaml", text: text))
        let document = try #require(result.checked?.document)
        guard case .group(let group) = document.elements[1].kind else {
            Issue.record("the second element is the group")
            return
        }
        #expect(document.elements[1].visibleWhen?.parsed == nil)
        #expect(document.elements[1].visibleWhen?.expression != nil)
        #expect(group.elements.count == count)
        #expect(group.elements.allSatisfy { $0.visibleWhen?.parsed == nil && $0.enabledWhen?.parsed == nil })
        #expect(group.elements.allSatisfy { $0.visibleWhen?.expression != nil && $0.enabledWhen?.expression != nil })
    }
}
