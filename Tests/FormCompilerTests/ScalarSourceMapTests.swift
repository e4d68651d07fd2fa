@testable import FormModel
@testable import FormSource
import Testing

/// Where the decoded characters `offsets` of the scalar `raw` are in `text`.
private func locate(
    _ offsets: Range<Int>, in text: String, raw: String, decoded: String, style: ScalarStyle, path: String = "t.form.yaml"
) -> String {
    let file = SourceFile(path: path, text: text)
    let condition = ConditionFixture.scalar(raw, in: file, decoded: decoded, style: style)
    return ScalarSourceMap(text: condition.source, style: condition.style, file: file).range(offsets).description
}

@Test func plainScalarOffsetsAddToTheStartColumn() {
    let text = "  - boolean: a\n    visibleWhen: a && b\n"
    #expect(locate(2..<4, in: text, raw: "a && b", decoded: "a && b", style: .plain) == "2:20-2:22")
}

@Test func multiLinePlainScalarsFoldLineBreaksIntoSpaces() {
    let text = """
      - textField: x
        visibleWhen: newsletter and
          plan == 'pro' &&
          x

    """
    let raw = "newsletter and\n      plan == 'pro' &&\n      x"
    let decoded = "newsletter and plan == 'pro' && x"
    #expect(locate(29..<31, in: text, raw: raw, decoded: decoded, style: .plain) == "3:21-3:23")
    // The folded break itself is at the end of the line it ends.
    #expect(locate(14..<15, in: text, raw: raw, decoded: decoded, style: .plain) == "2:32-2:33")
}

@Test func singleQuotedScalarsSkipTheQuoteAndCountDoubledQuotesAsOne() {
    let text = "    visibleWhen: 'name == ''a'' && b'\n"
    let raw = "'name == ''a'' && b'"
    let decoded = "name == 'a' && b"
    #expect(locate(0..<1, in: text, raw: raw, decoded: decoded, style: .singleQuoted) == "1:19-1:20")
    #expect(locate(8..<11, in: text, raw: raw, decoded: decoded, style: .singleQuoted) == "1:27-1:32")
    #expect(locate(12..<14, in: text, raw: raw, decoded: decoded, style: .singleQuoted) == "1:33-1:35")
}

@Test func doubleQuotedEscapesSpanTheirWholeSpelling() {
    let text = #"    visibleWhen: "plan == \"pro\" \u0026\u0026 x""# + "\n"
    let raw = #""plan == \"pro\" \u0026\u0026 x""#
    let decoded = "plan == \"pro\" && x"
    #expect(locate(8..<9, in: text, raw: raw, decoded: decoded, style: .doubleQuoted) == "1:27-1:29")
    #expect(locate(14..<16, in: text, raw: raw, decoded: decoded, style: .doubleQuoted) == "1:35-1:47")
    // The end of the text is the closing quote.
    #expect(locate(19..<19, in: text, raw: raw, decoded: decoded, style: .doubleQuoted) == "1:49-1:49")
}

@Test func doubleQuotedHexAndLongEscapes() {
    let text = #"x: "\x41\U0001F600 é && b""#
    let raw = #""\x41\U0001F600 é && b""#
    #expect(locate(0..<1, in: text, raw: raw, decoded: "A😀 é && b", style: .doubleQuoted) == "1:5-1:9")
    #expect(locate(1..<2, in: text, raw: raw, decoded: "A😀 é && b", style: .doubleQuoted) == "1:9-1:19")
    // Columns count Unicode scalars, so é is one column.
    #expect(locate(5..<7, in: text, raw: raw, decoded: "A😀 é && b", style: .doubleQuoted) == "1:22-1:24")
}

@Test func doubleQuotedEscapedLineBreakJoinsLines() {
    let text = "    visibleWhen: \"a and\\\n      b && c\"\n"
    let raw = "\"a and\\\n      b && c\""
    #expect(locate(7..<9, in: text, raw: raw, decoded: "a andb && c", style: .doubleQuoted) == "2:9-2:11")
}

@Test func jsonStringsUseJSONEscapesAndSurrogatePairs() {
    let text = #"{"elements": [{"boolean": "a", "visibleWhen": "\ud83d\ude00 \"x\" \/ a & b"}]}"#
    let raw = #""\ud83d\ude00 \"x\" \/ a & b""#
    let decoded = "😀 \"x\" / a & b"
    #expect(locate(0..<1, in: text, raw: raw, decoded: decoded, style: .doubleQuoted, path: "t.form.json") == "1:48-1:60")
    #expect(locate(10..<11, in: text, raw: raw, decoded: decoded, style: .doubleQuoted, path: "t.form.json") == "1:72-1:73")
}

@Test func literalBlockScalarsMapThroughTheirLines() {
    let text = """
        visibleWhen: |
          a and
          b && c
      - spacer: 1

    """
    let raw = "|\n      a and\n      b && c\n"
    #expect(locate(8..<10, in: text, raw: raw, decoded: "a and\nb && c\n", style: .literal) == "3:9-3:11")
}

@Test func foldedBlockScalarsMapThroughFoldedLines() {
    let text = """
        visibleWhen: >-
          a and

          b &&
          c
    """
    let raw = ">-\n      a and\n\n      b &&\n      c"
    let decoded = "a and\nb && c"
    #expect(locate(8..<10, in: text, raw: raw, decoded: decoded, style: .folded) == "4:9-4:11")
    #expect(locate(11..<12, in: text, raw: raw, decoded: decoded, style: .folded) == "5:7-5:8")
}

@Test func blockScalarWithExplicitIndentationFindsTheIndentation() {
    let text = "    visibleWhen: |2\n        b && c\n"
    let raw = "|2\n        b && c\n"
    #expect(locate(4..<6, in: text, raw: raw, decoded: "  b && c\n", style: .literal) == "2:11-2:13")
}

@Test func unknownSpellingsFallBackWithoutCrashing() {
    // The reader decoded something this map cannot reproduce: offsets past the
    // first difference stay at the last position known to be right.
    let text = "    visibleWhen: a and b\n"
    #expect(locate(6..<7, in: text, raw: "a and b", decoded: "a and c", style: .plain) == "1:24-1:24")
    #expect(locate(0..<1, in: text, raw: "a and b", decoded: "zzz", style: .plain) == "1:18-1:18")
    #expect(locate(50..<60, in: text, raw: "a and b", decoded: "a and b", style: .plain) == "1:25-1:25")
    #expect(locate(0..<1, in: "", raw: "", decoded: "x", style: .folded) == "1:1-1:1")
}

/// After an escaped line break libyaml folds nothing: each empty line that follows
/// is a "\n" of the text, whatever the line breaks are.
@Test(arguments: ["\n", "\r\n"])
func escapedLineBreaksKeepTheEmptyLinesAfterThem(_ lineBreak: String) {
    for emptyLines in 0...2 {
        let raw = "\"a\\" + lineBreak + String(repeating: lineBreak, count: emptyLines) + "  b(\""
        let text = "x: " + raw + lineBreak
        let decoded = "a" + String(repeating: "\n", count: emptyLines) + "b("
        // `b` is on the line after the empty ones, after two blanks.
        let line = 2 + emptyLines
        #expect(
            locate((emptyLines + 1)..<(emptyLines + 2), in: text, raw: raw, decoded: decoded, style: .doubleQuoted)
                == "\(line):3-\(line):4",
            "\(emptyLines) empty lines"
        )
    }
}

/// Past the part of the text the re-decoding agrees with, an offset falls back to
/// the end of the last agreeing character; after a line break that is the break
/// itself, never a column past the end of its line.
@Test func theFallbackAfterABreakStaysOnItsLine() {
    let text = "x: \"a\n\n  b\"\n"
    let raw = "\"a\n\n  b\""
    // The reader's text (here made to disagree after the break) decides what is trusted.
    #expect(locate(2..<3, in: text, raw: raw, decoded: "a\nZ", style: .doubleQuoted) == "2:1-2:1")
    #expect(locate(2..<3, in: text, raw: raw, decoded: "a\nb", style: .doubleQuoted) == "3:3-3:4")
}
