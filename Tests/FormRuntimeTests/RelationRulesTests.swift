import Foundation
import Testing
@testable import FormRuntime

/// The runtime of SPEC §16: a bound read from another field, a rule that runs
/// only while a condition holds, and the comparison of two fields.
@Suite struct RelationRulesTests {
    struct Values: Sendable {
        var start: FormDate?
        var low: Decimal?
        var byPhone = false
    }

    func day(_ text: String) throws -> FormDate {
        try #require(FormDate(iso8601: text))
    }

    // MARK: Bounds that are fields

    @Test func aBoundReadFromTheSnapshot() async throws {
        let rules: [ValidationRule<FormDate?, Values>] = [.min({ $0 }, atLeast: { $0.start }, message: "too early")]
        var values = Values()
        values.start = try day("2026-02-10")
        #expect(await RuleRunner.validate(try day("2026-02-09"), in: values, rules: rules) == .invalid(message: "too early"))
        #expect(await RuleRunner.validate(try day("2026-02-10"), in: values, rules: rules) == .valid, "the bound itself passes")
        #expect(await RuleRunner.validate(try day("2026-03-01"), in: values, rules: rules) == .valid)
        // Either side empty: the rule passes.
        #expect(await RuleRunner.validate(try day("2026-01-01"), in: Values(), rules: rules) == .valid)
        #expect(await RuleRunner.validate(nil, in: values, rules: rules) == .valid)
    }

    @Test func aWholeNumberAgainstADecimalComparesExactly() {
        let rule = ValidationRule<Int, Values>.max({ Decimal($0) }, atMost: { $0.low }, message: "too many")
        guard case .immediate(let check) = rule.check else {
            Issue.record("a bound on a field is an immediate rule")
            return
        }
        var values = Values()
        values.low = Decimal(string: "2.5")
        #expect(check(2, values) == .valid)
        #expect(check(3, values) == .invalid(message: "too many"))
        values.low = Decimal(string: "3.0")
        #expect(check(3, values) == .valid)
    }

    // MARK: when

    @Test func aRuleRunsOnlyWhileItsConditionHolds() async {
        let rules: [ValidationRule<String, Values>] = [.when({ $0.byPhone }, .required(message: "phone needed"))]
        #expect(rules[0].isRequired, "a required rule stays one, so it runs on an empty value")
        #expect(await RuleRunner.validate("", in: Values(), rules: rules) == .valid)
        var values = Values()
        values.byPhone = true
        #expect(await RuleRunner.validate("", in: values, rules: rules) == .invalid(message: "phone needed"))
        #expect(await RuleRunner.validate("555", in: values, rules: rules) == .valid)
    }

    @Test func anAsyncRuleUnderAConditionStaysAsync() async {
        let rule = ValidationRule<String, Values>.when({ $0.byPhone }, .custom { value, _ in
            value == "taken" ? .invalid(message: "taken") : .valid
        })
        guard case .deferred = rule.check else {
            Issue.record("a custom rule under when stays deferred")
            return
        }
        #expect(await RuleRunner.validate("taken", in: Values(), rules: [rule]) == .valid)
        var values = Values()
        values.byPhone = true
        #expect(await RuleRunner.validate("taken", in: values, rules: [rule]) == .invalid(message: "taken"))
    }

    // MARK: FormComparison

    @Test func anEmptySideMakesEveryComparisonFalse() {
        let operators: [FormComparison.Operator] = [.equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual]
        for op in operators {
            #expect(!FormComparison.holds(nil, op, 3))
            #expect(!FormComparison.holds(3, op, Int?.none))
            #expect(!FormComparison.holds("", op, "a"))
            #expect(!FormComparison.holds("a", op, ""))
        }
        #expect(FormComparison.holds(2, .less, 3))
        #expect(FormComparison.holds(3, .lessOrEqual, 3))
        #expect(!FormComparison.holds(3, .greater, 3))
        #expect(FormComparison.holds(3, .notEqual, 4))
        #expect(FormComparison.holds("é", .equal, "é"), "texts compare as Swift's String does")
        #expect(FormComparison.holds("a", .notEqual, "b"))
    }

    enum Country: String, Sendable { case us, gb }

    @Test func choicesAndBooleansTakeEqualityOnly() {
        #expect(FormComparison.holds(Country.us, .equal, Country?.some(.us)))
        #expect(FormComparison.holds(Country.us, .notEqual, Country.gb))
        #expect(!FormComparison.holds(Country?.none, .notEqual, Country.gb))
        #expect(!FormComparison.holds(Country.us, .less, Country.gb), "an enum has no order")
        // A boolean is never empty: false is a value.
        #expect(FormComparison.holds(false, .equal, false))
        #expect(FormComparison.holds(true, .notEqual, false))
    }
}
