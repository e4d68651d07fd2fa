@testable import FormCompiler
@testable import FormSource
@testable import FormSwiftEmitter
import Foundation
import Testing

/// A form of 100 lists of 20 fields each (`BenchmarkListsForm`'s shape, written
/// out here: this target does not depend on the benchmark's module) checks
/// without a diagnostic, and its Swift type-checks in Swift 6 mode without a
/// warning. How long that takes is the benchmark's to report. In a run with speed
/// paths left out (`make test`'s second, `FORMC_SPEED=plain`), its Swift is
/// instead compared with what the default policy writes, which the default run
/// type-checks: the form is large enough for the emit's speed paths.
struct ListScaleTests {
    static func yaml(lists: Int = 100, fieldsPerList: Int = 20) -> String {
        var out = "formc: 1\nform: ManyListsForm\nelements:\n  - textField: applicant\n    rules: [required]\n"
        for list in 0..<lists {
            out += "  - list: items\(list)\n    title: Items of part \(list)\n"
            if list.isMultiple(of: 2) { out += "    minItems: 1\n    maxItems: 10\n" }
            if list % 10 == 3 { out += "    visibleWhen: not isEmpty(applicant)\n" }
            out += "    elements:\n"
            for index in 0..<fieldsPerList {
                let id = "f\(index)"
                switch index % 5 {
                case 0: out += "      - textField: \(id)\n        rules: [required, { minLength: 2 }]\n"
                case 1: out += "      - boolean: \(id)\n        title: Switch \(index)\n"
                case 2: out += "      - textField: \(id)\n        visibleWhen: f\(index - 1)\n        rules: [required, email]\n"
                case 3: out += "      - number: \(id)\n        rules: [{ min: 0 }, { max: 100 }]\n"
                default: out += "      - picker: \(id)\n        options: [a, b, c]\n        rules: [required]\n"
                }
            }
        }
        return out
    }

    @Test func aHundredListsOfTwentyFieldsBuildAndTypeCheck() async throws {
        let result = FormPipeline.build(SourceFile(path: "lists.form.yaml", text: Self.yaml()))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.prefix(3).map(\.summary))")
        let source = try #require(result.swiftSource)
        #expect(source.contains("final class Items99ItemEntry"))
        guard SpeedPolicy.current == .parallel else {
            let file = SourceFile(path: "lists.form.yaml", text: Self.yaml())
            #expect(FormPipeline.build(file, speed: .parallel).swiftSource == source)
            return
        }
        let failure = try await EmitCompiler.typecheck(source, name: "ManyListsForm", accessLevel: .internal, throughSIL: false)
        #expect(failure == nil, "\(failure ?? "")")
    }
}

extension ListScaleTests {
    /// An entry's enum named like one of the form's, Foundation's types only in an
    /// entry, a form whose only element is a list: each compiles on its own.
    @Test(arguments: [
        """
        formc: 1
        form: KindsForm
        elements:
          - segment: kind
            options: [a, b]
          - list: rows
            elements:
              - segment: kind
                options: [x, y]
                default: x
              - number: price
                decimals: 2
              - date: at
                mode: dateTime
                rules: [{ min: today }]
        """,
        """
        formc: 1
        form: OnlyAList
        elements:
          - list: items
            minItems: 2
            maxItems: 4
            initialItems: 3
            elements:
              - multiChoice: tags
                options: [a, b, c]
                rules: [{ minCount: 2 }]
        """,
        """
        formc: 1
        form: NoFieldsInTheEntry
        elements:
          - list: notes
            elements:
              - staticText: Nothing to fill in
              - segue: openHelp
                title: Help
        """,
    ])
    func entriesCompileOnTheirOwn(_ text: String) async throws {
        let result = FormPipeline.build(SourceFile(path: "t.form.yaml", text: text))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.summary))")
        let source = try #require(result.swiftSource)
        for access in EmitOptions.AccessLevel.allCases {
            let built = FormPipeline.build(SourceFile(path: "t.form.yaml", text: text), options: EmitOptions(accessLevel: access))
            let failure = try await EmitCompiler.typecheck(try #require(built.swiftSource), name: "T", accessLevel: access)
            #expect(failure == nil, "\(access): \(failure ?? "")")
        }
        #expect(!source.isEmpty)
    }
}
