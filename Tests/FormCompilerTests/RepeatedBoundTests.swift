@testable import FormCompiler
@testable import FormSource
@testable import FormSwiftEmitter
import Testing

/// A `min` or `max` given twice (FC406) counts with its tighter value, in the
/// checker's FC403 (DiagnosticCodeTests) and in the control's ends alike: a
/// slider never offers a value that its rules always reject.
struct RepeatedBoundTests {
    @Test func aSlidersEndsAreTheTightestBounds() throws {
        let text = form("""
          - number: volume
            title: Volume
            style: slider
            rules: [{ min: 0 }, { min: 2 }, { max: 10 }, { max: 5 }, { max: 1, when: "volume == 3" }]
        """)
        let checked = try #require(FormPipeline.check(SourceFile(path: "t.form.yaml", text: text)).checked)
        let swift = SwiftEmitter.emit(checked, options: EmitOptions())
        #expect(swift.contains("minimum: Decimal(sign: .plus, exponent: 0, significand: 2),"))
        #expect(swift.contains("maximum: Decimal(sign: .plus, exponent: 0, significand: 5),"))
    }
}
