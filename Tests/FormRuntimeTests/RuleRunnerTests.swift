import Testing
@testable import FormRuntime

/// The built-in rules and the runner (SPEC §6.1, §6.2).
@Suite struct RuleRunnerTests {
    /// A stand-in for a generated `Values` snapshot.
    struct Values: Sendable {
        var password = ""
        var accepted = false
    }

    /// Records which custom rules ran, from any isolation domain.
    actor Calls {
        var names: [String] = []
        func record(_ name: String) { names.append(name) }
    }

    typealias TextRule = ValidationRule<String, Values>

    func run<Value: Sendable>(
        _ value: Value, _ rules: [ValidationRule<Value, Values>], values: Values = Values()
    ) async -> ValidationResult {
        await RuleRunner.validate(value, in: values, rules: rules)
    }

    // MARK: required

    @Test(arguments: ["", " ", "\t", "\n", " \t\r\n "])
    func requiredFailsOnBlankText(_ text: String) async {
        #expect(await run(text, [TextRule.required(message: "Name is required")]) == .invalid(message: "Name is required"))
    }

    @Test func requiredPassesOnTextWithContent() async {
        #expect(await run(" a ", [TextRule.required(message: "m")]) == .valid)
    }

    @Test func requiredOnABooleanMeansOn() async {
        let rules: [ValidationRule<Bool, Values>] = [.required(message: "Accept the terms")]
        #expect(await run(false, rules) == .invalid(message: "Accept the terms"))
        #expect(await run(true, rules) == .valid)
    }

    enum Plan: String, Sendable { case free, pro }

    @Test func requiredOnASegmentMeansSelected() async {
        let rules: [ValidationRule<Plan?, Values>] = [.required(message: "Choose a plan")]
        #expect(await run(nil, rules) == .invalid(message: "Choose a plan"))
        #expect(await run(.free, rules) == .valid)
    }

    // MARK: empty values

    @Test func everyRuleButRequiredPassesOnEmptyText() async {
        let calls = Calls()
        let rules: [TextRule] = [
            .minLength(3, message: "minLength"),
            .maxLength(0, message: "maxLength"),
            .pattern(FormPattern("[0-9]+"), message: "pattern"),
            .email(message: "email"),
            .url(message: "url"),
            .sameAs({ _ in "secret" }, message: "sameAs"),
            .custom { _, _ in await calls.record("custom"); return .invalid(message: "custom") },
        ]
        for rule in rules {
            #expect(await run("", [rule]) == .valid)
        }
        #expect(await calls.names.isEmpty)
    }

    @Test func eachOfThoseRulesDoesFailOnAShortNonEmptyValue() async {
        // The counterpart of the test above: the same rules do run on a value.
        let rules: [TextRule] = [
            .minLength(3, message: "minLength"),
            .pattern(FormPattern("[0-9]+"), message: "pattern"),
            .email(message: "email"),
            .url(message: "url"),
            .sameAs({ _ in "secret" }, message: "sameAs"),
            .custom { _, _ in .invalid(message: "custom") },
        ]
        for rule in rules {
            #expect(await run("x", [rule]).message != nil)
        }
    }

    @Test func rulesOnAnUnselectedSegmentPassButRequired() async {
        let calls = Calls()
        let rules: [ValidationRule<Plan?, Values>] = [
            .sameAs({ _ in .pro }, message: "sameAs"),
            .custom { _, _ in await calls.record("custom"); return .invalid(message: "custom") },
        ]
        #expect(await run(nil, rules) == .valid)
        #expect(await calls.names.isEmpty)
        #expect(await run(.free, rules) == .invalid(message: "sameAs"))
    }

    @Test func aSwitchThatIsOffIsNotEmptyForOtherRules() async {
        // `false` only fails `required`; a custom rule still sees it.
        let rules: [ValidationRule<Bool, Values>] = [
            .custom { value, _ in value ? .valid : .invalid(message: "custom saw false") },
        ]
        #expect(await run(false, rules) == .invalid(message: "custom saw false"))
    }

    @Test func whitespaceIsNotEmptyForOtherRules() async {
        #expect(await run(" ", [TextRule.email(message: "email")]) == .invalid(message: "email"))
    }

    // MARK: lengths

    @Test(arguments: [
        ("👍🏽", 1), ("e\u{301}", 1), ("🇫🇷🇩🇪", 2), ("👨‍👩‍👧", 1), ("\r\n", 1), ("abc", 3), ("ﬁ", 1),
    ])
    func lengthsCountCharacters(_ text: String, _ characters: Int) async {
        #expect(await run(text, [TextRule.minLength(characters, message: "min")]) == .valid)
        #expect(await run(text, [TextRule.maxLength(characters, message: "max")]) == .valid)
        #expect(await run(text, [TextRule.minLength(characters + 1, message: "min")]) == .invalid(message: "min"))
        #expect(await run(text, [TextRule.maxLength(characters - 1, message: "max")]) == .invalid(message: "max"))
    }

    // MARK: pattern

    @Test func patternMustMatchTheWholeValue() async {
        let digits = TextRule.pattern(FormPattern("[0-9]+"), message: "digits only")
        #expect(await run("123", [digits]) == .valid)
        #expect(await run("123abc", [digits]) == .invalid(message: "digits only"))
        #expect(await run("abc123", [digits]) == .invalid(message: "digits only"))
    }

    @Test func wholeMatchBacktracksIntoAlternatives() {
        let pattern = FormPattern("a|ab")
        #expect(pattern.matchesWhole("ab"))
        #expect(pattern.matchesWhole("a"))
        #expect(!pattern.matchesWhole("abc"))
    }

    @Test func patternWithCapturesAndAnyCharacter() {
        let pattern = FormPattern(".*[0-9].*")
        #expect(pattern.source == ".*[0-9].*")
        #expect(pattern.matchesWhole("pass1word"))
        #expect(!pattern.matchesWhole("password"))
        #expect(FormPattern("(\\w+)-(\\d+)").matchesWhole("abc-12"))
    }

    @Test func aPatternCanBeSharedAcrossTasks() async {
        let pattern = FormPattern("[a-z]+[0-9]")
        let matches = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<32 {
                group.addTask { pattern.matchesWhole(index.isMultiple(of: 2) ? "abc\(index % 10)" : "ABC") }
            }
            return await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
        }
        #expect(matches == 16)
    }

    // MARK: sameAs

    @Test func sameAsComparesWithTheSnapshot() async {
        let rule = TextRule.sameAs({ $0.password }, message: "The passwords don't match")
        var values = Values()
        values.password = "hunter22"
        #expect(await run("hunter22", [rule], values: values) == .valid)
        #expect(await run("hunter2", [rule], values: values) == .invalid(message: "The passwords don't match"))
    }

    @Test func sameAsOnBooleans() async {
        let rule = ValidationRule<Bool, Values>.sameAs({ $0.accepted }, message: "differ")
        #expect(await run(false, [rule]) == .valid)
        #expect(await run(true, [rule]) == .invalid(message: "differ"))
    }

    // MARK: order, cancellation

    @Test func theFirstFailureWins() async {
        let length = TextRule.minLength(8, message: "too short")
        let digit = TextRule.pattern(FormPattern(".*[0-9].*"), message: "needs a digit")
        #expect(await run("abc", [length, digit]) == .invalid(message: "too short"))
        #expect(await run("abc", [digit, length]) == .invalid(message: "needs a digit"))
        #expect(await run("abcdefgh", [length, digit]) == .invalid(message: "needs a digit"))
        #expect(await run("abcdefg1", [length, digit]) == .valid)
    }

    @Test func rulesAfterAFailureDoNotRun() async {
        let calls = Calls()
        let rules: [TextRule] = [
            .custom { _, _ in await calls.record("first"); return .invalid(message: "first") },
            .custom { _, _ in await calls.record("second"); return .valid },
        ]
        #expect(await run("x", rules) == .invalid(message: "first"))
        #expect(await calls.names == ["first"])
    }

    @Test func aCancelledCustomValidatorStopsTheField() async {
        let calls = Calls()
        let rules: [TextRule] = [
            .custom { _, _ in await calls.record("gives up"); return .cancelled },
            .minLength(5, message: "never reached"),
            .custom { _, _ in await calls.record("never"); return .valid },
        ]
        #expect(await run("x", rules) == .cancelled)
        #expect(await calls.names == ["gives up"])
    }

    @Test func aCancelledTaskStopsBeforeTheNextAsyncRule() async {
        let calls = Calls()
        let rules: [TextRule] = [
            .minLength(1, message: "min"),
            .custom { _, _ in await calls.record("custom"); return .valid },
        ]
        let result = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await RuleRunner.validate("x", in: Values(), rules: rules)
        }.value
        #expect(result == .cancelled)
        #expect(await calls.names.isEmpty)
    }

    @Test func noRulesIsValid() async {
        #expect(await run("anything", [TextRule]()) == .valid)
    }

    @Test func emptinessForTheRunner() {
        #expect(RuleRunner.skipsOptionalRules(""))
        #expect(!RuleRunner.skipsOptionalRules(" "))
        #expect(RuleRunner.skipsOptionalRules(Plan?.none))
        #expect(!RuleRunner.skipsOptionalRules(Plan?.some(.free)))
        #expect(!RuleRunner.skipsOptionalRules(false))
        #expect(!RuleRunner.skipsOptionalRules(Plan.free))
    }

    @Test func emptinessForGenericCode() {
        #expect("".isFormEmpty && "".isFormBlank)
        #expect(!" ".isFormEmpty && " ".isFormBlank)
        #expect(!"a".isFormEmpty && !"a".isFormBlank)
        #expect(false.isFormEmpty && false.isFormBlank)
        #expect(!true.isFormEmpty && !true.isFormBlank)
        let unselected: Plan? = nil
        let selected: Plan? = .pro
        #expect(unselected.isFormEmpty && unselected.isFormBlank)
        #expect(!selected.isFormEmpty && !selected.isFormBlank)
    }
}

@Test func aCustomRulesFormMessageReplacesTheValidatorsOnlyWhenInvalid() async {
    let invalid = ValidationRule<String, Int>.custom(message: "From the form") { _, _ in .invalid(message: "From the app") }
    #expect(await RuleRunner.validate("x", in: 0, rules: [invalid]) == .invalid(message: "From the form"))
    let cancelled = ValidationRule<String, Int>.custom(message: "From the form") { _, _ in .cancelled }
    #expect(await RuleRunner.validate("x", in: 0, rules: [cancelled]) == .cancelled)
    let valid = ValidationRule<String, Int>.custom(message: "From the form") { _, _ in .valid }
    #expect(await RuleRunner.validate("x", in: 0, rules: [valid]) == .valid)
}
