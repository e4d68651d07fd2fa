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
        let entries = source.components(separatedBy: "\n").filter { $0.contains("dependents[.") || $0.contains("groups.append(") }
        #expect(entries.count <= 2 * count, "\(entries.count) entries")
        // f1's condition reads f0: it re-checks f1 (hidden, it is valid) and f2,
        // whose rule reads the f1 it hides.
        #expect(source.contains("dependents[.f0] = [.f1]"))
        #expect(source.contains("groups.append(([.f0], [.f1, .f2]))"))
    }

    /// A form of `depth` × 128 switches and `fields` required fields in groups
    /// nested `depth` deep, each shown by a condition that reads 128 switches; in
    /// a list (`inList`) whose own condition reads two of them, or not.
    static func wideForm(depth: Int, fields: Int, inList: Bool) -> String {
        var out = "formc: 1\nform: WideForm\nelements:\n"
        for group in 0..<depth {
            for read in 0..<128 { out += "  - boolean: a\(group)x\(read)\n    title: A\n" }
        }
        var indent = "  "
        if inList {
            out += "  - list: items\n    visibleWhen: a0x0 or a0x1\n    elements:\n"
            indent = "      "
        }
        for group in 0..<depth {
            let condition = (0..<128).map { "a\(group)x\($0)" }.joined(separator: " or ")
            out += "\(indent)- group: g\(group)\n\(indent)  visibleWhen: \(condition)\n\(indent)  elements:\n"
            indent += "    "
        }
        for field in 0..<fields { out += "\(indent)- textField: f\(field)\n\(indent)  rules: [required]\n" }
        return out
    }

    /// The bytes of the tables' lines in `source`.
    static func tablesText(_ source: String) -> Int {
        source.components(separatedBy: "\n").filter { $0.contains("groups.append(") || $0.contains("dependents[.") }
            .reduce(0) { $0 + $1.utf8.count }
    }

    /// Groups nested `depth` deep, each shown by a condition that reads 128
    /// switches, around `fields` required fields, in the form or in a list's
    /// entries: each field is listed once per condition around it and each switch
    /// once, so twice the fields give about twice the Swift, never the product of
    /// the reads and the fields.
    @Test(arguments: [false, true])
    func conditionsReadingManyFieldsAroundManyFieldsStayLinear(inList: Bool) throws {
        let small = Self.tablesText(try Self.swift(Self.wideForm(depth: 4, fields: 200, inList: inList)))
        let large = Self.tablesText(try Self.swift(Self.wideForm(depth: 4, fields: 400, inList: inList)))
        #expect(small > 0)
        #expect(Double(large) < 2.1 * Double(small), "\(small) → \(large) bytes")
        // Each of the 4 conditions (and the list's): its reads and the 400 fields, about 10 bytes each.
        #expect(large < (inList ? 5 : 4) * (128 + 400) * 12, "\(large) bytes")
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
        let entryTables = source.components(separatedBy: "formDependents").dropFirst().joined()
        #expect(entryTables.contains("dependents[.o] = [.r]\n"), "\(entryTables.prefix(600))")
        #expect(entryTables.contains("groups.append(([.x], [.r]))\n"), "\(entryTables.prefix(600))")
    }
}
