@testable import FormChecker
@testable import FormModel
import Testing

/// One `ConditionConstancy` checks many conditions in turn, keeping its scratch
/// space: each verdict must be the one a fresh value gives.
@Test func constancyGivesTheSameVerdictsWhenReused() {
    let facts: [String: ConditionConstancy.FieldFacts] = [
        "agree": .init(valueType: .bool, options: [], canBeHidden: false),
        "name": .init(valueType: .string, options: [], canBeHidden: false),
        "plan": .init(valueType: .segment(enumName: "Plan", optional: false), options: ["free", "pro", "team"], canBeHidden: false),
        "size": .init(valueType: .segment(enumName: "Size", optional: true), options: ["s", "m"], canBeHidden: false),
    ]
    var wide: ConditionExpr = .boolField("agree")
    for index in 0..<8 { wide = .or(wide, .textEquals("name", "value\(index)")) }
    // 12 atoms over 2 × 11 × 2 × 3 = 132 states: three words of worlds.
    var widest: ConditionExpr = .or(.segmentEquals("plan", optionValue: "free"), .segmentEquals("size", optionValue: "s"))
    for index in 0..<9 { widest = .or(widest, .textEquals("name", "value\(index)")) }
    widest = .or(widest, .boolField("agree"))
    let conditions: [(ConditionExpr, ConditionConstancy.Verdict?)] = [
        (.and(widest, .not(widest)), .alwaysFalse),
        (.or(widest, .isEmpty("name")), nil),
        (.or(.or(widest, .not(.boolField("agree"))), .constant(false)), .alwaysTrue),
        (.and(.boolField("agree"), .not(.boolField("agree"))), .alwaysFalse),
        (.or(.segmentEquals("plan", optionValue: "free"), .not(.segmentEquals("plan", optionValue: "free"))), .alwaysTrue),
        (.and(.segmentEquals("plan", optionValue: "free"), .segmentEquals("plan", optionValue: "pro")), .alwaysFalse),
        (wide, nil),
        (.and(.textEquals("name", "a"), .textEquals("name", "b")), .alwaysFalse),
        (.or(.isEmpty("size"), .or(.segmentEquals("size", optionValue: "s"), .segmentEquals("size", optionValue: "m"))), .alwaysTrue),
        (.and(.boolField("agree"), .segmentEquals("plan", optionValue: "pro")), nil),
        (.boolField("unknown"), nil),
        (.constant(true), .alwaysTrue),
        (.and(.boolField("agree"), .not(.boolField("agree"))), .alwaysFalse),
    ]
    var reused = ConditionConstancy()
    for (expression, expected) in conditions {
        var fresh = ConditionConstancy()
        let verdict = reused.verdict(of: expression, facts: { facts[$0] })
        #expect(verdict == expected, "\(expression.conditionText)")
        #expect(verdict == fresh.verdict(of: expression, facts: { facts[$0] }))
    }
}
