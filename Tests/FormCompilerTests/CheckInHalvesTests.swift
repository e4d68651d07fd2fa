@testable import FormChecker
@testable import FormCompiler
@testable import FormModel
@testable import FormSource
import Testing

/// A large form's element list is walked in two halves at once
/// (`FormChecker+Halves.swift`); the symbols, the checked document and the
/// diagnostics must be those of one walk.
struct CheckInHalvesTests {
    /// `groups` groups of `fields` fields, with mistakes in both halves and ids
    /// declared in one half and used or declared again in the other: a duplicate
    /// id (the first one wins, wherever the cut is), a malformed and a reserved
    /// id, a duplicate segment option, a `sameAs` and conditions naming fields
    /// across the cut, and one that names no field.
    private static func form(groups: Int, fields: Int) -> String {
        var text = "formc: 1\nform: Large\nelements:\n"
        for group in 0..<groups {
            text += "  - group: g\(group)\n    elements:\n"
            for field in 0..<fields {
                let n = group * fields + field
                switch n % 13 {
                case 0: text += "      - textField: f\(n % 97)\n"  // every id from 97 on is declared again
                case 1: text += "      - textField: Bad_\(n)\n"
                case 2: text += "      - textField: default\n"
                case 3: text += "      - segment: s\(n)\n        options: [a, b, a]\n"
                case 4: text += "      - textField: f\(n)\n        rules: [{ sameAs: f\((n + 500) % (groups * fields)) }]\n"
                case 5: text += "      - textField: f\(n)\n        visibleWhen: f\((n * 7) % (groups * fields)) == 'x'\n"
                case 6: text += "      - textField: f\(n)\n        enabledWhen: missing\(n) == 'x'\n"
                default: text += "      - textField: f\(n)\n        rules: [required]\n"
                }
            }
        }
        return text
    }

    private struct Checked: Equatable {
        var fields: [String]
        var dump: String
        var diagnostics: [Diagnostic]
    }

    private static func check(_ text: String, speed: SpeedPolicy) throws -> Checked {
        let file = SourceFile(path: "large.form.yaml", text: text)
        var diagnostics = DiagnosticBag(file: file.path)
        let tree = try #require(FormPipeline.read(file, diagnostics: &diagnostics))
        let document = try #require(FormDecoder.decode(
            tree, file: file, format: SourceFormat(path: file.path), limits: .default, diagnostics: &diagnostics
        ))
        let checked = FormChecker.check(document, file: file, speed: speed, diagnostics: &diagnostics)
        return Checked(
            fields: checked.symbols.fields.map { "\($0.id) \($0.path)" },
            dump: TreeDump.json(for: checked.document, path: file.path),
            diagnostics: diagnostics.sorted
        )
    }

    @Test func aLargeFormChecksAsInOneWalk() throws {
        // 40 groups of 30 fields: 1,240 elements, over the threshold.
        let text = Self.form(groups: 40, fields: 30)
        let halves = try Self.check(text, speed: .parallel)
        let whole = try Self.check(text, speed: .plain)
        #expect(halves == whole)
        let codes = Set(halves.diagnostics.map(\.code))
        #expect(codes.isSuperset(of: [.duplicateID, .invalidFieldID]))
        #expect(halves.diagnostics.count > 300)
        // The first declaration of a duplicated id wins: `f0` is the first group's.
        let f0 = try #require(halves.fields.first { $0.hasPrefix("f0 ") })
        #expect(f0 == "f0 [0, 0]")
    }

    /// Where the list is cut: about half the elements on each side, counting
    /// the elements inside groups; no cut when one side would be empty.
    @Test func theListIsCutNearHalfItsElements() {
        #expect(ElementWalker.half([10, 10, 10, 10]) == 2)
        #expect(ElementWalker.half([1, 30, 1, 1]) == 1)
        #expect(ElementWalker.half([1, 1, 1, 30]) == 3)
        #expect(ElementWalker.half([40]) == nil)
        #expect(ElementWalker.half([]) == nil)
    }

    /// Only a form of `SpeedPaths.checkInHalvesMinimumElements` elements or more is walked in halves.
    @Test func onlyALargeFormIsWalkedInHalves() throws {
        func parts(groups: Int, fields: Int) throws -> Int? {
            let file = SourceFile(path: "form.yaml", text: Self.form(groups: groups, fields: fields))
            var diagnostics = DiagnosticBag(file: file.path)
            let tree = try #require(FormPipeline.read(file, diagnostics: &diagnostics))
            let document = try #require(FormDecoder.decode(
                tree, file: file, format: .yaml, limits: .default, diagnostics: &diagnostics
            ))
            let counts = document.elements.map { _ in fields + 1 }
            let walker = ElementWalker(defaultTrigger: .change, incompleteSets: [], diagnostics: DiagnosticBag(file: file.path))
            return walker.walkingInHalves(document.elements, counts: counts, elementCount: groups * (fields + 1))?.count
        }
        #expect(try parts(groups: 2, fields: 30) == nil)
        #expect(try parts(groups: 40, fields: 30) == 2)
    }
}
