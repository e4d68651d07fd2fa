@testable import FormCompiler
@testable import FormSource
import Testing

/// SPEC §9, one limit at a time, through the whole pipeline: each hostile input is
/// FC004 at the place the limit was hit, and nothing else. Time and memory are
/// bounded by construction (saturating alias counts, reading stops at the limit),
/// so these inputs run in milliseconds; a regression shows as a hang or a crash.
@Suite struct LimitTests {
    /// Read, decode and check `text` as a file named `path`.
    private func check(_ text: String, path: String = "limit.form.yaml", limits: CompilerLimits = .default) -> [Diagnostic] {
        FormPipeline.check(SourceFile(path: path, text: text), limits: limits).diagnostics
    }

    private func check(bytes: [UInt8], path: String = "limit.form.yaml", limits: CompilerLimits = .default) -> [Diagnostic] {
        FormPipeline.check(SourceFile(path: path, bytes: bytes), limits: limits).diagnostics
    }

    /// The one FC004 of `diagnostics`, which must hold nothing else.
    private func onlyLimit(_ diagnostics: [Diagnostic], sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Diagnostic? {
        #expect(diagnostics.map(\.code) == [.limitExceeded], sourceLocation: sourceLocation)
        return diagnostics.first { $0.code == .limitExceeded }
    }

    private func at(_ line: Int, _ column: Int) -> SourcePosition {
        SourcePosition(line: line, column: column)
    }

    // MARK: Alias expansion

    /// The classic billion laughs: nine levels of ten aliases each, 10⁹ strings
    /// when expanded, written in under 1 KB.
    private static let billionLaughs: String = {
        var lines = ["formc: 1", "form: LaughForm", "lol0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        for level in 1...9 {
            let aliases = Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ")
            lines.append("lol\(level): &l\(level) [\(aliases)]")
        }
        lines.append("elements: *l9")
        return lines.joined(separator: "\n") + "\n"
    }()

    @Test func billionLaughsIsALimitAtTheFirstAliasOverTheBudget() throws {
        let error = try #require(onlyLimit(check(Self.billionLaughs)))
        // 36 nodes are written (the root, 13 keys, 2 values, `lol0` and its ten
        // strings, nine lists), so the budget is 360. `*l0` expands to 11 nodes,
        // `*l1` to 111: the third `*l1`, on line 5, takes the total to 464.
        #expect(error.location.range.start == at(5, 22))
        #expect(error.message.contains("aliases expand this document"))
    }

    /// Thirty levels of ten: 10³⁰ nodes, more than `Int` can count. The counts
    /// saturate instead of overflowing.
    @Test func aliasBombPastIntRangeSaturates() throws {
        var lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
        for level in 1...30 {
            lines.append("a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]")
        }
        let error = try #require(onlyLimit(check(lines.joined(separator: "\n"))))
        #expect(error.location.range.start.line <= 4)
    }

    /// The same aliases that bomb above, used within the budget, are fine: the limit
    /// is about growth, not about aliases as such.
    @Test func aliasesWithinTheBudgetAreAccepted() {
        let text = """
            formc: 1
            form: AliasForm
            elements:
              - textField: first
                rules: &common [required, { maxLength: 40 }]
              - textField: second
                rules: *common
              - textField: third
                rules: *common

            """
        #expect(check(text).isEmpty)
    }

    /// An alias bomb as the value of a real form key goes no further than the
    /// reader: no decoder diagnostics follow the FC004.
    @Test func aliasBombInsideElementsStopsAtTheReader() throws {
        var lines = ["formc: 1", "form: BombForm", "x: &b0 [{ spacer: 1 }, { spacer: 2 }]"]
        for level in 1...40 {
            lines.append("x\(level): &b\(level) [*b\(level - 1), *b\(level - 1), *b\(level - 1)]")
        }
        lines.append("elements: *b40")
        let error = try #require(onlyLimit(check(lines.joined(separator: "\n"))))
        #expect(error.location.range.start.line > 3)
    }

    // MARK: Nesting depth

    private static let deep = 100_000

    @Test func hundredThousandFlowBracketsInYAML() throws {
        let text = "formc: 1\nform: DeepForm\nelements: " + String(repeating: "[", count: Self.deep) + String(repeating: "]", count: Self.deep) + "\n"
        let error = try #require(onlyLimit(check(text)))
        // The top-level mapping is level 1 and `elements:`'s list level 2, so the
        // bracket that goes past 64 levels is the 64th, at column 11 + 63.
        #expect(error.location.range.start == at(3, 11 + CompilerLimits.default.maxDepth - 1))
    }

    @Test func hundredThousandUnclosedFlowBracketsInYAML() throws {
        let text = "elements: " + String(repeating: "[", count: Self.deep)
        let error = try #require(onlyLimit(check(text)))
        #expect(error.location.range.start == at(1, 11 + CompilerLimits.default.maxDepth - 1))
    }

    @Test func hundredThousandFlowMappingsInYAML() throws {
        let text = String(repeating: "{a: ", count: Self.deep) + "1" + String(repeating: "}", count: Self.deep)
        let error = try #require(onlyLimit(check(text)))
        #expect(error.location.range.start == at(1, 1 + 4 * (CompilerLimits.default.maxDepth)))
    }

    @Test func hundredThousandBlockSequencesInYAML() throws {
        let text = String(repeating: "- ", count: Self.deep) + "x\n"
        let error = try #require(onlyLimit(check(text)))
        #expect(error.location.range.start == at(1, 1 + 2 * CompilerLimits.default.maxDepth))
    }

    @Test func hundredThousandBracketsInJSON() throws {
        let text = String(repeating: "[", count: Self.deep) + String(repeating: "]", count: Self.deep)
        let error = try #require(onlyLimit(check(text, path: "deep.form.json")))
        #expect(error.location.range.start == at(1, CompilerLimits.default.maxDepth + 1))
    }

    @Test func hundredThousandObjectsInJSON() throws {
        let text = "{\"formc\": 1, \"elements\": " + String(repeating: "{\"a\": ", count: Self.deep) + "1" + String(repeating: "}", count: Self.deep) + "}"
        let error = try #require(onlyLimit(check(text, path: "deep.form.json")))
        // Level 1 is the document's object; each `{"a": ` is 6 characters.
        let prefix = "{\"formc\": 1, \"elements\": ".count
        #expect(error.location.range.start == at(1, prefix + 6 * (CompilerLimits.default.maxDepth - 1) + 1))
    }

    @Test func nestingUpToTheLimitIsNotALimit() {
        var limits = CompilerLimits()
        limits.maxDepth = 4
        // Three levels of lists inside the document mapping: four levels, allowed.
        let allowed = check("formc: 1\nform: F\nelements: [[[]]]\n", limits: limits)
        #expect(!allowed.contains { $0.code == .limitExceeded })
        let over = check("formc: 1\nform: F\nelements: [[[[]]]]\n", limits: limits)
        #expect(over.map(\.code) == [.limitExceeded])
        #expect(over.first?.location.range.start == at(3, 14))
    }

    // MARK: Patterns

    /// A pattern nesting groups and classes deeper than the nesting limit is FC004 at
    /// the opening past it, and never reaches Swift's `Regex` parser, whose recursion
    /// a few thousand `[` overflow; as deep as the limit, it compiles.
    @Test func aPatternNestedPastTheLimit() throws {
        func form(_ pattern: String) -> String {
            "formc: 1\nform: PatternForm\nelements:\n  - textField: a\n    rules: [{ pattern: '\(pattern)' }]\n"
        }
        // Column 25 is the pattern's first character; the 65th opening is 64 after it.
        for pattern in [
            String(repeating: "[", count: 5_000),
            String(repeating: "[)", count: 2_500),  // in a class, ')' is a character
            String(repeating: "(", count: 65) + "a" + String(repeating: ")", count: 65),
        ] {
            let error = try #require(onlyLimit(check(form(pattern))))
            #expect(error.message == "the pattern nests groups and character classes more than 64 deep")
            let column = pattern.hasPrefix("[)") ? 25 + 128 : 25 + 64
            #expect(error.location.range.start == at(5, column))
        }
        // Where a ']' may be text the scan cannot tell (after '\\c', in an escape with
        // braces, in extended mode's comments), every '(' and '[' counts.
        for (pattern, column) in [
            (String(repeating: #"[\c]"#, count: 5_000) + String(repeating: "]", count: 5_000), 25 + 64 * 4),
            (String(repeating: #"[\x{]}"#, count: 3_000), 25 + 64 * 6),
            ("(?x)" + String(repeating: "(", count: 65) + "a" + String(repeating: ")", count: 65), 25 + 4 + 63),  // '(?x)' opens one
        ] {
            let error = try #require(onlyLimit(check(form(pattern))))
            #expect(error.message == "the pattern has more than 64 '(' and '[', and an escape with braces, '\\c' or extended mode, whose nesting formc does not follow")
            #expect(error.location.range.start == at(5, column))
        }
        for pattern in [
            String(repeating: "(", count: 32) + String(repeating: "[a", count: 32) + String(repeating: "]", count: 32) + String(repeating: ")", count: 32),
            "a(?#" + String(repeating: "[", count: 65) + ")",
            String(repeating: "[", count: 64) + "[:alpha:]" + String(repeating: "]", count: 64),
            String(repeating: #"\d{2}(a)"#, count: 70),
            #"\Q"# + String(repeating: "[", count: 100) + #"\E"#,
            String(repeating: #"\["#, count: 100),
            String(repeating: "[(]", count: 100),
        ] {
            #expect(check(form(pattern)).isEmpty, "\(pattern)")
        }
    }

    // MARK: File size

    @Test func aFileOverASmallSizeLimit() throws {
        var limits = CompilerLimits()
        limits.maxFileSize = 64
        let text = "formc: 1\nform: SizeForm\nelements:\n  - spacer: 8\n"
        let padded = text + String(repeating: "#", count: 64 - text.utf8.count - 1) + "\n"
        #expect(padded.utf8.count == 64)
        #expect(check(padded, limits: limits).isEmpty)
        let error = try #require(onlyLimit(check(padded + "#", limits: limits)))
        #expect(error.location.range.start == .start)
        #expect(error.message == "file is more than the limit of 64 bytes")
    }

    /// The real default: 16 MiB + 1 byte is refused before any parsing, and the
    /// same bytes minus one are parsed (an empty YAML stream: FC100, not FC004).
    @Test func aFileOverTheDefaultSizeLimit() throws {
        let limit = CompilerLimits.default.maxFileSize
        #expect(limit == 16 * 1024 * 1024)
        var bytes = [UInt8](repeating: UInt8(ascii: " "), count: limit + 1)
        let error = try #require(onlyLimit(check(bytes: bytes)))
        #expect(error.location.range.start == .start)
        bytes.removeLast()
        #expect(!check(bytes: bytes).contains { $0.code == .limitExceeded })
    }

    // MARK: Elements

    /// A form of `count` spacers, with `grouped` of them inside one group.
    private func spacers(_ count: Int) -> String {
        "formc: 1\nform: ManyForm\nelements:\n" + String(repeating: "  - spacer: 1\n", count: count)
    }

    @Test func moreElementsThanASmallLimit() throws {
        var limits = CompilerLimits()
        limits.maxElements = 5
        #expect(check(spacers(5), limits: limits).isEmpty)
        let error = try #require(onlyLimit(check(spacers(6), limits: limits)))
        // The sixth element, on line 4 + 5.
        #expect(error.location.range.start == at(9, 5))
    }

    @Test func elementsAreCountedAtEveryDepth() throws {
        var limits = CompilerLimits()
        limits.maxElements = 3
        let text = """
            formc: 1
            form: NestedForm
            elements:
              - group: outer
                elements:
                  - spacer: 1
                  - group: inner
                    elements:
                      - spacer: 2

            """
        let error = try #require(onlyLimit(check(text, limits: limits)))
        #expect(error.location.range.start == at(9, 13))
    }

    @Test func moreElementsThanTheDefaultLimit() throws {
        let limit = CompilerLimits.default.maxElements
        #expect(limit == 10_000)
        #expect(check(spacers(limit)).isEmpty)
        let error = try #require(onlyLimit(check(spacers(limit + 1))))
        #expect(error.location.range.start == at(4 + limit, 5))
    }
}
