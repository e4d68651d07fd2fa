@testable import FormModel
@testable import FormSource
import Testing

@Test func editDistanceCountsTranspositionAsOne() {
    #expect(Suggestions.editDistance("minLenght", "minLength") == 1)
    #expect(Suggestions.closest(to: "minLenght", in: RuleKind.names) == "minLength")
}
