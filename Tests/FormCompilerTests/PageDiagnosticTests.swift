@testable import FormCompiler
@testable import FormModel
@testable import FormSource
import Testing

/// The language of SPEC §15: where pages may stand (FC103), their ids (FC201,
/// FC202, FC204) and `debounce` (FC402), each located where the mistake is.
struct PageDiagnosticTests {
    /// `code line:column message` of every diagnostic of `source`, in report order.
    func diagnostics(_ source: String) -> [String] {
        FormPipeline.check(SourceFile(path: "pages.form.yaml", bytes: Array(source.utf8))).diagnostics.map {
            "\($0.code.rawValue) \($0.location.range.start.line):\($0.location.range.start.column) \($0.message)"
        }
    }

    @Test func aFormOfPagesChecksClean() {
        #expect(diagnostics("""
            formc: 1
            form: WizardForm
            elements:
              - page: first
                title: First
                elements:
                  - boolean: agree
                    title: Agree
              - page: second
                visibleWhen: agree
                enabledWhen: agree
                elements:
                  - group: more
                    elements:
                      - textField: note
                        rules: [{ custom: checkNote, debounce: 250 }]
            """) == [])
    }

    /// FC504's help names a page as a page.
    @Test func aPageReadingAFieldOnItIsACycleThatNamesThePage() {
        let result = FormPipeline.check(SourceFile(path: "pages.form.yaml", bytes: Array("""
            formc: 1
            form: WizardForm
            elements:
              - page: one
                elements:
                  - textField: a
              - page: two
                visibleWhen: not isEmpty(b)
                elements:
                  - textField: b
            """.utf8)))
        #expect(result.diagnostics.map(\.code) == [.conditionCycle])
        #expect(result.diagnostics.first?.help.first == "'b' is inside page 'two', which reads 'b'")
    }

    @Test func everyTopLevelElementIsAPageOrNoneIs() {
        let found = diagnostics("""
            formc: 1
            form: WizardForm
            elements:
              - textField: name
              - page: first
                elements:
                  - textField: email
              - staticText: Thanks
            """)
        #expect(found == [
            "FC103 4:5 textField stands beside pages at the top level of the form",
            "FC103 8:5 staticText stands beside pages at the top level of the form",
        ])
        let diagnostic = FormPipeline.check(SourceFile(path: "p.form.yaml", bytes: Array("""
            formc: 1
            form: WizardForm
            elements:
              - page: first
                elements: [{ textField: email }]
              - textField: name
            """.utf8))).diagnostics[0]
        #expect(diagnostic.notes.map { "\($0.location?.range.start.line ?? 0):\($0.location?.range.start.column ?? 0) \($0.message)" } == ["4:5 the first page is here"])
        #expect(diagnostic.help.contains { $0.contains("move this textField into a page's elements") })
    }

    @Test func pagesStandOnlyAtTheTopLevel() {
        #expect(diagnostics("""
            formc: 1
            form: WizardForm
            elements:
              - page: first
                elements:
                  - page: inner
                    elements: [{ textField: email }]
              - page: second
                elements:
                  - group: box
                    elements:
                      - page: deep
                        elements: [{ textField: name }]
            """) == [
            "FC103 6:9 a page cannot stand inside a group or another page",
            "FC103 12:13 a page cannot stand inside a group or another page",
        ])
        #expect(diagnostics("""
            formc: 1
            form: GroupedForm
            elements:
              - group: box
                elements:
                  - page: inner
                    elements: [{ textField: email }]
            """) == ["FC103 6:9 a page cannot stand inside a group or another page"])
    }

    @Test func pageIdsShareTheNamespaceAndAreSpelledLikeIds() {
        let found = diagnostics("""
            formc: 1
            form: WizardForm
            elements:
              - page: email
                elements:
                  - textField: email
              - page: Second
                elements:
                  - textField: name
              - page:
                elements:
                  - textField: other
            """)
        #expect(found.count == 3)
        #expect(found.prefix(2) == ["FC202 6:20 duplicate id 'email'", "FC201 7:11 'Second' is not a valid page id"])
        // A page without an id is reported at its kind key's value, and left out.
        #expect(found.last?.hasPrefix("FC102 10:") == true)
    }

    @Test func aSegmentEnumCannotTakeThePagesName() {
        let found = diagnostics("""
            formc: 1
            form: WizardForm
            elements:
              - page: first
                elements:
                  - segment: page
                    options: [a, b]
            """)
        // The id is reserved (FC201), and that is the one mistake: its enum is not also FC204.
        #expect(found.contains { $0.hasPrefix("FC201") && $0.contains("'page'") })
        #expect(!found.contains { $0.hasPrefix("FC204") })
        #expect(diagnostics("""
            formc: 1
            form: WizardForm
            elements:
              - page: first
                elements:
                  - segment: pageKind
                    enumName: Page
                    options: [a, b]
            """).contains { $0.hasPrefix("FC204") && $0.contains("Page") })
        #expect(diagnostics("""
            formc: 1
            form: Page
            elements:
              - page: first
                elements:
                  - textField: name
            """) == ["FC204 2:7 form name 'Page' collides with the enum of its pages"])
        // Without pages, a segment's enum may be named Page.
        #expect(diagnostics("""
            formc: 1
            form: BookForm
            elements:
              - segment: currentPage
                enumName: Page
                options: [a, b]
            """) == [])
    }

    @Test func debounceIsForCustomRulesFromZeroToTenSeconds() {
        #expect(diagnostics("""
            formc: 1
            form: DebounceForm
            elements:
              - textField: name
                rules:
                  - { required: true, debounce: 300 }
                  - { custom: checkName, debounce: 10001 }
                  - { custom: checkOther, debounce: -1 }
                  - { custom: checkThird, debounce: 2.5 }
                  - { custom: checkFourth, debounce: 0 }
                  - { custom: checkFifth, debounce: 10000, message: No }
            """) == [
            "FC402 6:27 'debounce' applies only to custom rules, not to 'required'",
            "FC402 7:40 debounce must be at most 10000 milliseconds, found 10001",
            "FC402 8:41 debounce must be 0 or more, found -1",
            "FC402 9:41 debounce must be a whole number, found 2.5",
        ])
    }
}
