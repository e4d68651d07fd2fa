@testable import FormChecker
@testable import FormCompiler
@testable import FormEditor
@testable import FormLocalization
@testable import FormModel
@testable import FormPreview
@testable import FormSource
@testable import FormSwiftEmitter
@testable import FormSyntax
@testable import FormText
import Foundation
import Testing

/// The diagnostics of SPEC §10's field kinds, all from one broken form: each
/// mistake is reported where it is, with its code and message, and one mistake
/// never hides another.
struct FieldKindDiagnosticTests {
    /// One mistake per element (line numbers in the comments).
    static let brokenForm = """
        formc: 1
        form: KindsForm
        elements:
          - number: n1
            decimals: two
          - number: n2
            unit: [kg]
          - number: n3
            step: fast
          - number: n4
            style: 3
          - number: n5
            default: "3"
          - number: n6
            placeholder: [a]
          - date: d1
            mode: 3
          - date: d2
            style: [wheel]
          - date: d3
            default: 3
          - picker: p1
            options: a
          - picker: p2
            options: [a, b]
            style: true
          - picker: p3
            options: [a, b]
            enumName: [P]
          - picker: p4
            options: [a, b]
            default: [a]
          - multiChoice: m1
            options: [a, b]
            default: a
          - multiChoice: m2
            options: [a, b]
            style: 2
          - multiChoice: m3
            options: {a: b}
          - date: d4
            default: 2026-02-30
          - date: t1
            mode: time
            default: "25:00"
          - number: price
            decimals: 2
            default: 1.234
            step: 1.234
            rules:
              - min: 1.234
              - max: 1.234
          - date: born
            rules:
              - max: today-18q
          - number: age
            rules:
              - min: '18'
              - minLength: 2
          - textField: name
            rules: [{min: 1}]
          - picker: seat
            options: [a, b]
            default: c
            rules: [{minCount: 1}]
          - number: range
            rules: [{min: 10}, {max: 5}]
          - date: window
            rules: [{min: 2026-03-01}, {max: 2026-02-01}]
          - multiChoice: tags
            options: [a, b, c]
            rules: [{minCount: 3}, {maxCount: 1}]
          - number: volume
            style: slider
          - multiChoice: m4
            options: [a, b]
            default: [a, z]
          - multiChoice: m5
            options: [a, b]
            default: [a, a]
          - picker: p5
            options: [only]
          - number: precise
            decimals: 10
          - number: count
            default: 1
            rules: [required]
        """

    /// Each diagnostic the form gives, in output order: where, code, part of the message.
    static let expected: [(position: String, message: String)] = [
        ("5:15 FC102", "expected a number for decimals, found 'two'"),
        ("7:11 FC102", "expected a string for unit, found a list"),
        ("9:11 FC102", "expected a number for step, found 'fast'"),
        ("11:12 FC102", "'3' is not a valid number style"),
        ("13:14 FC300", "expected a number for the default of a number, found the string '3'"),
        ("15:18 FC102", "expected a string for placeholder, found a list"),
        ("17:11 FC102", "'3' is not a valid date mode"),
        ("19:12 FC102", "expected a string for date style, found a list"),
        ("21:14 FC300", "the default of a date field with mode date must be ISO 8601 like 2026-01-31, found '3'"),
        ("23:14 FC102", "expected a list of options, found 'a'"),
        ("26:12 FC102", "'true' is not a valid picker style"),
        ("29:15 FC102", "expected a string for enumName, found a list"),
        ("32:14 FC300", "the default of picker 'p4' must be a string, found a list"),
        ("35:14 FC300", "the default of multiChoice 'm1' must be a list of option values, found 'a'"),
        ("38:12 FC102", "'2' is not a valid multiChoice style"),
        ("40:14 FC102", "expected a list of options, found a mapping"),
        ("42:14 FC302", "'2026-02-30' is not a real date"),
        ("45:14 FC302", "'25:00' is not a real time"),
        ("48:14 FC302", "default 1.234 has more digits after the point than the field's 2 decimals"),
        ("49:11 FC302", "step 1.234 has more digits after the point than the field's 2 decimals"),
        ("51:14 FC302", "min 1.234 has more digits after the point than the field's 2 decimals"),
        ("52:14 FC302", "max 1.234 has more digits after the point than the field's 2 decimals"),
        ("55:14 FC302", "'today-18q' is not a valid max for date 'born'"),
        ("58:14 FC102", "expected a number for the min parameter, found the string '18'"),
        ("59:9 FC401", "rule 'minLength' does not apply to number 'age'"),
        ("61:14 FC401", "rule 'min' does not apply to textField 'name'"),
        ("64:14 FC301", "default 'c' is not an option of picker 'seat'"),
        ("65:14 FC401", "rule 'minCount' does not apply to picker 'seat'"),
        ("67:30 FC403", "min 10 is greater than max 5: no value can pass"),
        ("69:38 FC403", "min 2026-03-01 is greater than max 2026-02-01: no value can pass"),
        ("72:39 FC403", "minCount 3 is greater than maxCount 1: no choice can pass"),
        ("74:5 FC100", "a slider needs both a min and a max rule; 'volume' has no min and max"),
        ("77:18 FC301", "default 'z' is not an option of multiChoice 'm4'"),
        ("80:18 FC301", "'a' is chosen twice in the default of multiChoice 'm5'"),
        ("82:14 FC303", "picker 'p5' has 1 option; it needs at least 2"),
        ("84:15 FC302", "decimals must be 0 to 9, found 10"),
        ("87:13 FC406", "'required' can never fail: number 'count' has a default, so it always has a value"),
    ]

    @Test func oneRunReportsEveryMistakeOfTheNewKinds() {
        let diagnostics = diagnose(Self.brokenForm)
        #expect(positions(diagnostics) == Self.expected.map(\.position))
        for (diagnostic, expected) in zip(diagnostics, Self.expected) {
            #expect(diagnostic.message.contains(expected.message), "\(expected.position): \(diagnostic.message)")
        }
        #expect(diagnostics.filter { $0.severity == .warning }.map(\.code) == [.ineffectiveRule])
    }

    @Test func helpsSayHowToFixIt() {
        let diagnostics = diagnose(Self.brokenForm)
        func help(at position: String) -> [String] {
            diagnostics.first { positions([$0]) == [position] }?.help ?? []
        }
        #expect(help(at: "13:14 FC300") == ["remove the quotes: 3"])
        #expect(help(at: "35:14 FC300") == ["write 'default: [a]'"])
        #expect(help(at: "55:14 FC302").contains { $0.contains("d (days), w (weeks), m (months) or y (years)") })
        #expect(help(at: "58:14 FC102") == ["remove the quotes: 18"])
        #expect(help(at: "61:14 FC401") == ["'min' applies to numbers and dates", "for the length of the text, write 'minLength'"])
        // One letter for another is no typo: the options are listed.
        #expect(help(at: "64:14 FC301") == ["the options are: a, b"])
        #expect(help(at: "74:5 FC100").contains { $0.contains("style: stepper") })
    }

    @Test func contradictionsPointAtTheLaterRuleWithANoteAtTheEarlier() throws {
        let diagnostics = diagnose(Self.brokenForm).filter { $0.code == .contradictoryRules }
        #expect(diagnostics.count == 3)
        let notes = diagnostics.map { $0.notes.map { "\($0.location?.range.start.line ?? 0):\($0.location?.range.start.column ?? 0)" } }
        #expect(notes == [["67:19"], ["69:19"], ["72:24"]])
    }

    /// A mistake in the options list is reported once: not also as "0 options".
    @Test func optionsOfTheWrongTypeAreOneError() {
        let diagnostics = diagnose(form("""
              - segment: s
                options: a
              - picker: p
                options: {a: b}
              - multiChoice: m
                options: 3
            """))
        #expect(positions(diagnostics) == ["5:14 FC102", "7:14 FC102", "9:14 FC102"])
    }

    @Test func boundsOfTimesAndInstantsAreComparedToo() {
        let diagnostics = diagnose(form("""
              - date: opens
                mode: time
                rules: [{min: "18:00"}, {max: "09:00"}]
              - date: at
                mode: dateTime
                rules: [{min: 2026-01-31T10:00:00Z}, {max: 2026-01-31T11:00:00+02:00}]
              - number: price
                decimals: 2
                rules: [{min: 2.50}, {max: 2.5}]
            """))
        #expect(positions(diagnostics) == ["6:35 FC403", "9:48 FC403"])
        #expect(diagnostics.first?.message.contains("min 18:00 is greater than max 09:00") == true)
    }

    /// An instant without a zone is a different instant on every machine: said so,
    /// rather than "not a real date".
    @Test func anInstantNeedsAZone() {
        let diagnostics = diagnose(form("""
              - date: at
                mode: dateTime
                default: 2026-01-31T09:30
              - date: ok
                mode: dateTime
                default: 2026-01-31T09:30-05:00
              - date: bad
                mode: dateTime
                default: 2026-02-30T09:30Z
            """))
        #expect(positions(diagnostics) == ["6:14 FC302", "12:14 FC302"])
        #expect(diagnostics.first?.message == "'2026-01-31T09:30' has no time zone")
        #expect(diagnostics.first?.help.first?.contains("Z for UTC") == true)
        #expect(diagnostics.last?.message == "'2026-02-30T09:30Z' is not a real date")
    }

    /// An `Int` holds every number of 18 digits, and the generated code writes a
    /// `Decimal`'s digits as one integer literal: a longer number would give a
    /// file that does not compile, so it is FC302 wherever it is written.
    @Test func aNumberHasAtMost18Digits() {
        let diagnostics = diagnose(form("""
              - number: count
                default: 1234567890123456789
                step: 999999999999999999
                rules: [{min: -999999999999999999}, {max: 99999999999999999999}]
              - number: price
                decimals: 2
                default: 12345678901234567.89
                step: 0.000000000000000001
                rules: [{min: 9999999999999999.99}]
            """))
        #expect(positions(diagnostics) == ["5:14 FC302", "7:47 FC302", "10:14 FC302", "11:11 FC302"])
        #expect(diagnostics.first?.message == "default 1234567890123456789 has more than 18 digits")
        #expect(diagnostics.first?.help == ["a number in a form has at most 18 digits"])
        #expect(diagnostics.dropFirst().first?.message == "max 99999999999999999999 has more than 18 digits")
        // Within 18 digits, the fraction is what a decimal field checks.
        #expect(diagnostics.last?.message.contains("more digits after the point") == true)
    }

    @Test func relativeBoundsAreNotComparedAtCompileTime() {
        // `today` moves; only two fixed literals can contradict each other.
        let diagnostics = diagnose(form("""
              - date: day
                rules: [{min: today+30d}, {max: today}]
              - date: time
                mode: time
                rules: [{min: today}]
            """))
        #expect(positions(diagnostics) == ["8:19 FC302"])
        #expect(diagnostics.first?.help.first?.contains("'today' is for dates") == true)
    }
}

/// FC302 is reported for dates and times as well as numbers: its title, which
/// `formc explain`, the SARIF rules and an editor's hover show beside the
/// message, and its explanation speak of all three.
@Test func theTitleOfFC302FitsADateAndATime() throws {
    let entry = try #require(DiagnosticCatalog.entry(for: .invalidNumber))
    for kind in ["number", "date", "time"] {
        #expect(entry.title.contains(kind), "\(entry.title)")
    }
    #expect(entry.explanation.contains("`2026-02-30`"))
    let hover = EditorDocument.explain(diagnose(form("  - date: day\n    default: 2026-02-30\n"))[0])
    #expect(hover.contains("'2026-02-30' is not a real date"))
    #expect(hover.contains("*invalid number, date or time*"))
}

/// `formc explain` speaks of the new kinds where their mistakes are reported.
@Test(arguments: [
    (DiagnosticCode.missingKey, "style: slider"), (.defaultType, "multiChoice"), (.defaultNotOption, "chosen twice"),
    (.invalidNumber, "today-18q"), (.tooFewOptions, "picker"), (.unknownRule, "minCount"),
    (.ruleNotApplicable, "`min` and `max` check a `number` or a `date`"), (.invalidRuleParameter, "`minCount`"),
    (.contradictoryRules, "a `min` above the `max`"), (.ineffectiveRule, "`minCount: 0`"),
])
func explanationMentionsTheNewKinds(_ code: DiagnosticCode, _ phrase: String) throws {
    let entry = try #require(DiagnosticCatalog.entry(for: code))
    #expect(entry.explanation.contains(phrase), "\(code.rawValue): \(entry.explanation)")
}
