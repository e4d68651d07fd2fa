@testable import FormSource
import Testing

/// FC406 for a repeated rule points its note at the right earlier rule: the first
/// identical one if there is one, else (for a length limit) the first of its name;
/// two patterns that differ are not a repeat.
@Test func aRepeatedRuleNotesTheEarlierRuleItRepeats() {
    let source = form("""
      - textField: name
        rules:
          - minLength: 3
          - minLength: 5
          - minLength: 5
          - pattern: 'a'
          - pattern: 'b'
          - pattern: 'a'

    """)
    let diagnostics = diagnose(source)
    let repeats = diagnostics.filter { $0.message.contains("given twice") }
    // Each repeat as "its line → the line of its note".
    let lines = repeats.map { "\($0.location.range.start.line) → \($0.notes.first?.location?.range.start.line ?? 0)" }
    #expect(lines == ["7 → 6", "8 → 7", "11 → 9"], "\(diagnostics.map(\.message))")
}
