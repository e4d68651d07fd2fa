@testable import FormSource
@testable import FormSyntax
import Testing

/// Reads `text` as a JSON form file.
private func readJSON(_ text: String, limits: CompilerLimits = .default) -> (node: TreeNode?, diagnostics: [Diagnostic]) {
    readJSON(bytes: Array(text.utf8), limits: limits)
}

private func readJSON(bytes: [UInt8], limits: CompilerLimits = .default) -> (node: TreeNode?, diagnostics: [Diagnostic]) {
    let file = SourceFile(path: "test.form.json", bytes: bytes)
    var diagnostics = DiagnosticBag(file: file.path)
    let node = JSONReader.read(file, limits: limits, diagnostics: &diagnostics)
    return (node.map(TreeNode.init), diagnostics.diagnostics)
}

private func at(_ line: Int, _ column: Int) -> SourcePosition {
    SourcePosition(line: line, column: column)
}

private func span(_ startLine: Int, _ startColumn: Int, _ endLine: Int, _ endColumn: Int) -> SourceRange {
    SourceRange(start: at(startLine, startColumn), end: at(endLine, endColumn))
}

@Suite struct JSONReaderTreeTests {
    @Test func positionsOfKeysAndValues() throws {
        let (root, diagnostics) = readJSON("""
            {"formc": 1,
             "elements": [ {"textField": "email"} ]}
            """)
        #expect(diagnostics.isEmpty)
        let node = try #require(root)
        #expect(node.range == span(1, 1, 2, 41))
        let entries = try #require(node.mapping)
        #expect(entries[0].key.range == span(1, 2, 1, 9))
        #expect(entries[0].key.scalar == Scalar("formc", style: .doubleQuoted))
        #expect(entries[0].value.range == span(1, 11, 1, 12))
        #expect(entries[1].key.range == span(2, 2, 2, 12))
        #expect(entries[1].value.range == span(2, 14, 2, 40))
        let field = try #require(entries[1].value.sequence?.first)
        #expect(field.range == span(2, 16, 2, 38))
        #expect(field.mapping?.first?.value.range == span(2, 30, 2, 37))
    }

    @Test func columnsCountUnicodeScalarsAndCRLFIsOneBreak() throws {
        let (root, diagnostics) = readJSON("{\"a\": \"é👍\", \"b\": 1,\r\n  \"c\": [true]\r\n}")
        #expect(diagnostics.isEmpty)
        let entries = try #require(root?.mapping)
        #expect(entries[0].value.range == span(1, 7, 1, 11))
        #expect(entries[1].key.range == span(1, 13, 1, 16))
        #expect(entries[2].key.range == span(2, 3, 2, 6))
        #expect(entries[2].value.range == span(2, 8, 2, 14))
        #expect(root?.range.end == at(3, 2))
    }

    @Test func scalarsKeepTheirTextAndStyle() throws {
        let (root, diagnostics) = readJSON(#"[1, -0.5e+10, 1E3, 0, true, false, null, "1"]"#)
        #expect(diagnostics.isEmpty)
        let items = try #require(root?.sequence)
        #expect(items.map { $0.scalar?.text } == ["1", "-0.5e+10", "1E3", "0", "true", "false", "null", "1"])
        #expect(items.map { $0.scalar?.style } == Array(repeating: .plain, count: 7) + [.doubleQuoted])
    }

    @Test func escapesAreResolved() throws {
        let (root, diagnostics) = readJSON(#"["a\"b\\c\/d\b\f\n\r\t", "\u00e9\ud83d\ude00", "\u0000"]"#)
        #expect(diagnostics.isEmpty)
        let items = try #require(root?.sequence)
        #expect(items[0].scalar?.text == "a\"b\\c/d\u{8}\u{C}\n\r\t")
        #expect(items[1].scalar?.text == "é😀")
        #expect(items[2].scalar?.text == "\u{0}")
    }

    @Test func loneSurrogatesBecomeTheReplacementCharacter() throws {
        let (root, diagnostics) = readJSON(#"["\uD800", "\uDC00x", "\uD800\u0041"]"#)
        #expect(diagnostics.isEmpty)
        let items = try #require(root?.sequence)
        #expect(items.map { $0.scalar?.text } == ["\u{FFFD}", "\u{FFFD}x", "\u{FFFD}A"])
    }

    @Test(arguments: [
        (#"{"formc": 1, "form": "A", "elements": [{"textField": "email", "rules": ["required"]}]}"#,
         "{formc: 1, form: A, elements: [{textField: email, rules: [required]}]}"),
        ("[]", "[]"),
        ("{}", "{}"),
        (" [ [ ], { } , -0 ] ", "[[], {}, -0]"),
        ("\"top\"", "top"),
        ("\u{FEFF}{\"a\": 1}", "{a: 1}"),
    ])
    func validDocumentsRoundTrip(json: String, sketch: String) throws {
        let (root, diagnostics) = readJSON(json)
        #expect(diagnostics.isEmpty)
        #expect(readerSketch(try #require(root)) == sketch)
    }

    @Test func duplicateKeysKeepTheFirstMember() throws {
        let (root, diagnostics) = readJSON(#"{"a": 1, "a": {"x": [2]}, "b": 3}"#)
        let duplicate = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(duplicate.code == .duplicateKey)
        #expect(duplicate.message == "duplicate key 'a'")
        #expect(duplicate.location.range == span(1, 10, 1, 13))
        #expect(duplicate.notes.first?.message == "first defined here")
        #expect(duplicate.notes.first?.location?.range == span(1, 2, 1, 5))
        #expect(readerSketch(try #require(root)) == "{a: 1, b: 3}")
    }
}

@Suite struct JSONReaderSyntaxErrorTests {
    /// Reads `json` and returns its one syntax error.
    private func syntaxError(_ json: String) throws -> Diagnostic {
        let (root, diagnostics) = readJSON(json)
        #expect(root == nil)
        #expect(diagnostics.count == 1)
        let error = try #require(diagnostics.first)
        #expect(error.code == .syntaxError)
        return error
    }

    @Test func trailingCommaIsReportedAtTheComma() throws {
        let array = try syntaxError("[1, 2,]")
        #expect(array.location.range == span(1, 6, 1, 7))
        #expect(array.message == "trailing commas are not allowed in JSON")
        let object = try syntaxError("{\"a\": 1,\n}")
        #expect(object.location.range == span(1, 8, 1, 9))
        #expect(object.message == "trailing commas are not allowed in JSON")
    }

    @Test func singleQuotesAreReportedAtTheQuote() throws {
        let key = try syntaxError("{'a': 1}")
        #expect(key.location.range == span(1, 2, 1, 3))
        #expect(key.message.contains("double quotes"))
        let value = try syntaxError(#"{"a": 'x'}"#)
        #expect(value.location.range.start == at(1, 7))
    }

    @Test func commentsAreReportedAtTheSlash() throws {
        let line = try syntaxError("{\n  // hi\n  \"a\": 1\n}")
        #expect(line.location.range.start == at(2, 3))
        #expect(line.message == "comments are not allowed in JSON")
        let block = try syntaxError("[1 /* x */]")
        #expect(block.location.range.start == at(1, 4))
        #expect(block.message == "comments are not allowed in JSON")
    }

    @Test func leadingZerosAreReportedAtTheNumber() throws {
        let error = try syntaxError(#"{"a": 012}"#)
        #expect(error.location.range == span(1, 7, 1, 10))
        #expect(error.message.contains("leading zeros"))
        #expect(error.help.contains { $0.contains("write 12") && $0.contains("\"012\"") })
        let negative = try syntaxError("[-007]")
        #expect(negative.location.range == span(1, 2, 1, 6))
    }

    /// A malformed number is located at its first character that no JSON number
    /// may have there (SPEC §1), and underlined to the end of the token.
    @Test func numberErrorsAreReportedAtTheCharacter() throws {
        let dot = try syntaxError("[12.]")
        #expect(dot.location.range == span(1, 5, 1, 6))
        #expect(dot.message == "invalid number '12.'")
        #expect(dot.help == ["a '.' in a number must be followed by digits"])
        let exponent = try syntaxError(#"{"a": 1.5e+}"#)
        #expect(exponent.location.range == span(1, 12, 1, 13))
        #expect(exponent.help == ["an exponent must have digits"])
        let minus = try syntaxError("[-x1]")
        #expect(minus.location.range == span(1, 3, 1, 5))
        let letters = try syntaxError("[12abc]")
        #expect(letters.location.range == span(1, 4, 1, 7))
        #expect(letters.message == "invalid number '12abc'")
        let atTheEnd = try syntaxError("[1.")
        #expect(atTheEnd.location.range.start == at(1, 4))
    }

    @Test func bareWordsAreReportedAtTheWord() throws {
        let value = try syntaxError(#"{"a": yes}"#)
        #expect(value.location.range == span(1, 7, 1, 10))
        #expect(value.message == "'yes' is not a JSON value")
        let key = try syntaxError("{a: 1}")
        #expect(key.location.range == span(1, 2, 1, 3))
        #expect(key.message == "object keys must be strings in double quotes")
        let capitalised = try syntaxError("[True]")
        #expect(capitalised.help.contains { $0.contains("lowercase") })
    }

    @Test func stringErrorsAreReportedAtTheCharacter() throws {
        let tab = try syntaxError("[\"a\tb\"]")
        #expect(tab.location.range.start == at(1, 4))
        #expect(tab.help.contains { $0.contains(#"\t"#) })
        let escape = try syntaxError(#"["\x41"]"#)
        #expect(escape.location.range == span(1, 3, 1, 5))
        #expect(escape.message.contains(#"'\x'"#))
        let unicode = try syntaxError(#"["\u12G4"]"#)
        #expect(unicode.location.range == span(1, 7, 1, 9))
        let short = try syntaxError(#"["\u12"]"#)
        #expect(short.location.range.start == at(1, 7))
        let unterminated = try syntaxError("[\"abc")
        #expect(unterminated.location.range.start == at(1, 2))
        #expect(unterminated.message == "unterminated string")
        let lineBreak = try syntaxError("[\"abc\n\"]")
        #expect(lineBreak.location.range.start == at(1, 6))
    }

    @Test func missingSeparatorsAreReportedWhereTheyShouldBe() throws {
        let comma = try syntaxError("[1 2]")
        #expect(comma.location.range.start == at(1, 4))
        #expect(comma.help.contains { $0.contains("add a ','") })
        let colon = try syntaxError(#"{"a" 1}"#)
        #expect(colon.location.range.start == at(1, 6))
        #expect(colon.message == "expected ':' after the key 'a'")
        let members = try syntaxError(#"{"a": 1 "b": 2}"#)
        #expect(members.location.range.start == at(1, 9))
    }

    @Test func textAfterTheValueIsReported() throws {
        let error = try syntaxError("{} x")
        #expect(error.location.range.start == at(1, 4))
        let bracket = try syntaxError("[1]]")
        #expect(bracket.location.range.start == at(1, 4))
    }

    @Test func anUnexpectedEndPointsAtTheUnclosedContainer() throws {
        let error = try syntaxError("{\"a\": [1, 2")
        #expect(error.location.range.start == at(1, 12))
        #expect(error.message.hasPrefix("unexpected end of file"))
        #expect(error.notes.first?.location?.range.start == at(1, 7))
    }

    @Test(arguments: ["", "  \n", "\u{FEFF}"])
    func anEmptyFileIsASyntaxError(text: String) throws {
        let error = try syntaxError(text)
        #expect(error.message == "the file is empty")
        #expect(error.location.range.start == at(1, 1))
    }

    /// Each at its first character that no JSON number may have there: a value
    /// that cannot start a number at its first.
    @Test func numbersThatJSONDoesNotHave() throws {
        let columns = [
            "[.5]": 2, "[1.]": 4, "[1e]": 4, "[+1]": 2, "[0x1F]": 3, "[-]": 3, "[NaN]": 2, "[-Infinity]": 3, "[1.5.3]": 5,
        ]
        for (text, column) in columns {
            let (root, diagnostics) = readJSON(text)
            #expect(root == nil, "\(text)")
            #expect(diagnostics.map(\.code) == [.syntaxError], "\(text)")
            #expect(diagnostics.first?.location.range.start == at(1, column), "\(text)")
        }
    }
}

@Suite struct JSONReaderLimitTests {
    @Test func deepNestingIsALimitAtTheBracketThatWentTooDeep() throws {
        let clock = ContinuousClock()
        var result: (node: TreeNode?, diagnostics: [Diagnostic]) = (nil, [])
        let elapsed = clock.measure {
            result = readJSON(String(repeating: "[", count: 100_000))
        }
        #expect(result.node == nil)
        let error = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(error.code == .limitExceeded)
        #expect(error.location.range.start == at(1, CompilerLimits.default.maxDepth + 1))
        #expect(elapsed < .seconds(1))
    }

    @Test func theDepthLimitIsInclusive() {
        let limit = CompilerLimits.default.maxDepth
        let (root, diagnostics) = readJSON(String(repeating: "[", count: limit) + String(repeating: "]", count: limit))
        #expect(diagnostics.isEmpty)
        #expect(root != nil)
    }

    @Test func invalidUTF8InAStringIsASyntaxError() throws {
        let (root, diagnostics) = readJSON(bytes: [0x5B, 0x22, 0x61, 0xFF, 0x22, 0x5D])
        #expect(root == nil)
        #expect(diagnostics.map(\.code) == [.syntaxError])
        #expect(diagnostics.first?.location.range.start == at(1, 4))
    }
}
