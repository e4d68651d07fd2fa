@testable import FormCompiler
@testable import FormSource
import Foundation
import Testing

@Suite struct CatalogTests {
    @Test func everyCodeHasOneCompleteEntryInOrder() {
        #expect(DiagnosticCatalog.entries.map(\.code) == DiagnosticCode.all)
        for entry in DiagnosticCatalog.entries {
            #expect(!entry.title.isEmpty && !entry.explanation.isEmpty && !entry.example.isEmpty && !entry.fix.isEmpty, "\(entry.code)")
        }
        #expect(Set(DiagnosticCatalog.entries.map(\.title)).count == DiagnosticCatalog.entries.count)
    }

    @Test func onlyTheSpecWarningsAreWarnings() {
        let warnings = DiagnosticCatalog.entries.filter { $0.severity == .warning }.map(\.code)
        #expect(warnings == [.unusedOptionSet, .ineffectiveRule, .conditionConstant, .missingTranslation, .staleString, .translationNeedsReview])
    }

    @Test func codesAreFoundAsUsersTypeThem() {
        #expect(DiagnosticCatalog.code(named: "FC400") == .unknownRule)
        #expect(DiagnosticCatalog.code(named: "fc400") == .unknownRule)
        #expect(DiagnosticCatalog.code(named: "400") == .unknownRule)
        #expect(DiagnosticCatalog.code(named: "FC40") == nil)
        #expect(DiagnosticCatalog.suggestion(for: "FC40") == .unknownRule)
        #expect(DiagnosticCatalog.suggestion(for: "fc4o5") == .invalidSameAs)
    }

    @Test func explanationHasTheTitleTheExampleAndTheFix() {
        let text = DiagnosticCatalog.explanation(for: DiagnosticCatalog.entry(for: .unknownRule)!)
        #expect(text.hasPrefix("FC400: unknown rule (error)\n\n"))
        #expect(text.contains("\nExample:\n\n    formc: 1\n"))
        #expect(text.contains("        - minLenght: 8\n"))
        #expect(text.contains("\nFix:\n\n"))
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 || !$0.contains(" ") })
    }

    /// `docs/diagnostics.md` is generated from the catalog; with FORMC_RECORD=1
    /// this test regenerates it (as `formc explain --all --markdown` does).
    @Test func committedDocMatchesTheCatalog() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/diagnostics.md")
        let generated = DiagnosticCatalog.markdown()
        if ReportGolden.isRecording {
            try Data(generated.utf8).write(to: url)
            return
        }
        let committed = try #require(FileManager.default.contents(atPath: url.path), "docs/diagnostics.md is missing")
        let text = String(decoding: committed, as: UTF8.self)
        if text != generated {
            Issue.record(Comment(rawValue: ReportGolden.firstDifference(expected: text, actual: generated, name: "docs/diagnostics.md")
                + "\nRegenerate it: formc explain --all --markdown > docs/diagnostics.md"))
        }
    }

    /// Each example is a real form that makes the compiler report its code. Runs
    /// once the front end decodes forms (until then the pipeline returns no document).
    @Test(.enabled(if: CatalogTests.frontEndDecodes))
    func everyExampleTriggersItsCode() {
        for entry in DiagnosticCatalog.entries where entry.exampleIsRunnable {
            let codes = FormPipeline.check(SourceFile(path: "example.form.yaml", text: entry.example)).diagnostics.map(\.code)
            #expect(codes.contains(entry.code), "\(entry.code.rawValue)'s example reports \(codes.map(\.rawValue)) instead")
        }
    }

    static var frontEndDecodes: Bool {
        let valid = "formc: 1\nform: Probe\nelements:\n  - textField: email\n"
        return FormPipeline.check(SourceFile(path: "probe.form.yaml", text: valid)).document != nil
    }
}
