@testable import FormCompiler
import Foundation
@testable import FormSource
import Testing

/// The tables that re-check a rule's field when a field it reads changes or is
/// hidden (SPEC §16; docs/format.md, "Re-checking").
struct RecheckTableTests {
    static func swift(_ yaml: String) throws -> String {
        let result = FormPipeline.build(SourceFile(path: "recheck.form.yaml", bytes: Array(yaml.utf8)))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        return try #require(result.swiftSource)
    }

    /// A chain of fields, each hidden by the one before and `sameAs` it: one step
    /// of visibility per rule, so the table grows with the form, not its square.
    @Test func aChainOfHiddenTargetsGivesATableAsLongAsTheForm() throws {
        let count = 300
        var yaml = "formc: 1\nform: ChainForm\nelements:\n  - textField: f0\n"
        for index in 1..<count {
            yaml += "  - textField: f\(index)\n    visibleWhen: not isEmpty(f\(index - 1))\n    rules: [{ sameAs: f\(index - 1) }]\n"
        }
        let source = try Self.swift(yaml)
        let entries = source.components(separatedBy: "\n").filter { $0.contains("dependents[.") }
        #expect(entries.count <= 2 * count, "\(entries.count) entries")
        // f2's rule reads f1, which f0's value hides: f0 re-checks f2 (and f1, whose rule reads f0).
        #expect(source.contains("dependents[.f0] = [.f1, .f2]"))
    }

    /// An entry's field `x` does not hide the form's `x` that the form's
    /// condition names: the entry's `r` reads the form's `o`, which the form's `x`
    /// hides, so a change of the form's `x` re-checks `r`.
    @Test func aFormConditionsNameIsTheFormsInAnEntrysTable() throws {
        let source = try Self.swift("""
            formc: 1
            form: ShadowForm
            elements:
              - textField: x
              - textField: o
                visibleWhen: not isEmpty(x)
              - list: people
                elements:
                  - textField: x
                  - textField: r
                    rules: [{ sameAs: o }]

            """)
        #expect(source.contains("            .o: [.r],\n            .x: [.r],\n"), "\(source.components(separatedBy: "formDependents").dropFirst().first?.prefix(300) ?? "")")
    }
}
