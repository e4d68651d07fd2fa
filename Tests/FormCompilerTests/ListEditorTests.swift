@testable import FormCompiler
@testable import FormEditor
@testable import FormModel
@testable import FormSource
import Testing

/// The editor features inside lists (SPEC §14): an entry's names are its own, for
/// completion, references and rename; the outline shows a list with its entry's fields.
struct ListEditorTests {
    /// `‸` marks the cursor.
    static func document(_ marked: String) -> (EditorDocument, SourcePosition) {
        markedDocument(marked, path: "job.form.yaml")
    }

    static func form(_ body: String) -> String {
        "formc: 1\nform: JobForm\nelements:\n  - textField: company\n  - boolean: remote\n    title: Remote\n" + body
    }

    /// Inside an entry, a condition on a segment of the form offers its options.
    @Test func anEntrysConditionOffersTheOptionsOfAFormField() {
        let (editor, cursor) = Self.document(Self.form("""
          - segment: plan
            options: [free, pro]
          - list: employers
            elements:
              - textField: role
                visibleWhen: "plan == '‸"
        """))
        #expect(editor.completions(at: cursor).map(\.label) == ["free", "pro"])
    }

    /// A list's own condition, written after its elements, is outside the entry:
    /// it names the form's fields, never the entry's.
    @Test func aListsOwnConditionAfterItsElementsOffersTheFormsFields() {
        let (editor, cursor) = Self.document(Self.form("""
          - list: employers
            elements:
              - textField: secret
              - boolean: flag
                title: Flag
            visibleWhen: ‸
            maxItems: 3
        """))
        let labels = editor.completions(at: cursor).map(\.label)
        #expect(labels.contains("remote"))
        #expect(!labels.contains("secret") && !labels.contains("flag"))
    }

    /// A list written on one line (JSON): its entry reaches to the list's own key.
    @Test func anEntryOnOneLineEndsAtTheListsOwnKey() {
        let marked = #"{"formc": 1, "form": "JobForm", "elements": [{"boolean": "hide", "title": "Hide"}, "#
            + #"{"list": "people", "elements": [{"textField": "nickname"}, {"textField": "other", "visibleWhen": "not ‸"}], "#
            + #""visibleWhen": "not hide"}]}"#
        let (editor, cursor) = markedDocument(marked, path: "job.form.json")
        #expect(editor.completions(at: cursor).map(\.label).contains("nickname"))
    }

    @Test func completionInsideAnEntryOffersTheEntrysFieldsFirst() {
        let (editor, cursor) = Self.document(Self.form("""
          - list: employers
            elements:
              - boolean: current
                title: Current
              - textField: role
              - date: to
                visibleWhen: not ‸
        """))
        let labels = editor.completions(at: cursor).map(\.label)
        // The entry's fields first (not `to`, whose visibility the condition
        // decides), then the form's that no entry field hides.
        #expect(Array(labels.prefix(4)) == ["current", "role", "company", "remote"])
    }

    /// An entry holds any kind but list and page (SPEC §14), at any depth.
    @Test func anEntrysItemsOfferNoListAndNoPage() {
        for body in ["""
              - list: employers
                elements:
                  - textField: role
                  - ‸
            """, """
              - list: employers
                elements:
                  - group: more
                    elements:
                      - ‸
            """] {
            let (editor, cursor) = Self.document(Self.form(body))
            let labels = editor.completions(at: cursor).map(\.label)
            #expect(labels.contains("textField") && labels.contains("group"), "\(labels)")
            #expect(!labels.contains("list") && !labels.contains("page"), "\(labels)")
        }
        let (editor, cursor) = Self.document(Self.form("  - ‸\n"))
        #expect(editor.completions(at: cursor).map(\.label).contains("list"))
    }

    @Test func sameAsInsideAnEntryOffersTheEntrysFieldsFirst() {
        let (editor, cursor) = Self.document(Self.form("""
          - list: employers
            elements:
              - textField: role
              - textField: confirm
                rules:
                  - sameAs: ‸
        """))
        let labels = editor.completions(at: cursor).map(\.label)
        // The form's `remote` is a boolean: no text field's sameAs.
        #expect(labels == ["role", "company"])
    }

    @Test func completionOutsideTheListOffersTheFormsFields() {
        let (editor, cursor) = Self.document(Self.form("""
          - list: employers
            elements:
              - boolean: current
                title: Current
          - textField: notes
            visibleWhen: not rem‸
        """))
        let labels = editor.completions(at: cursor).map(\.label)
        #expect(labels.contains("remote"))
        #expect(!labels.contains("current"))
    }

    static let renameText = form("""
      - list: employers
        elements:
          - textField: compa‸ny
          - textField: confirm
            visibleWhen: not isEmpty(company)
            rules: [{ sameAs: company }]
          - textField: role
      - list: references
        elements:
          - textField: company
          - textField: other
            visibleWhen: isEmpty(company)
    """)

    @Test func renameChangesTheEntrysNamesOnly() throws {
        let (editor, cursor) = Self.document(Self.renameText)
        #expect(editor.diagnostics.isEmpty, "\(editor.diagnostics.map(\.summary))")
        let edits = try editor.rename(at: cursor, to: "employer").get()
        // The declaration in employers' entry, its condition and its sameAs; not the
        // form's `company` (line 4) nor the references' (lines 15 and 17).
        #expect(edits.map(\.range.start.line).sorted() == [9, 11, 12])
        #expect(editor.references(at: cursor).count == 3)
        #expect(editor.definition(at: cursor).map(\.start.line) == [9])
    }

    @Test func renameInAnEntryIsCheckedAgainstTheEntry() {
        let (editor, cursor) = Self.document(Self.renameText)
        // `role` is taken in this entry; `remote` is the form's, free in the entry.
        #expect(throws: RenameRefusal.self) { try editor.rename(at: cursor, to: "role").get() }
        #expect(throws: RenameRefusal.self) { try editor.rename(at: cursor, to: "id").get() }
        #expect((try? editor.rename(at: cursor, to: "remote").get())?.count == 3)
    }

    /// A rename that would change which field an entry's name means is refused:
    /// the form's field renamed to an id of the entry that reads it, or the
    /// entry's field renamed to a form field the entry reads (SPEC §14).
    @Test func renameKeepsWhatAnEntrysNamesMean() throws {
        let (editor, _) = Self.document(Self.form("""
          - list: employers
            elements:
              - textField: role
                visibleWhen: remote and not isEmpty(company)
              - textField: title
        """))
        #expect(editor.diagnostics.isEmpty, "\(editor.diagnostics.map(\.summary))")
        // The form's `company` (line 4) to `role`, an id of the entry that reads it.
        #expect(throws: RenameRefusal.self) { try editor.rename(at: SourcePosition(line: 4, column: 17), to: "role").get() }
        #expect(try editor.rename(at: SourcePosition(line: 4, column: 17), to: "employer").get().count == 2)
        // The entry's `title` (line 11) to `remote`, which the entry reads from the form.
        #expect(throws: RenameRefusal.self) { try editor.rename(at: SourcePosition(line: 11, column: 24), to: "remote").get() }
        #expect(try editor.rename(at: SourcePosition(line: 11, column: 24), to: "heading").get().count == 1)
    }

    /// Rules a YAML anchor gives the form's field and an alias an entry's name
    /// the form's field in one and the entry's own in the other: renaming either
    /// through that one text would make the other read another field, so it is
    /// refused; where no entry field of the name stands, the alias means the
    /// form's field too, and the rename goes through.
    @Test(arguments: [("start", true), ("leave", false)])
    func renameThroughAnAnchorTwoScopesShareIsRefused(_ entryField: String, refused: Bool) throws {
        let (editor, _) = Self.document("""
            formc: 1
            form: TripForm
            elements:
              - date: start
              - date: finish
                rules: &bounds [{ min: start }]
              - list: stops
                elements:
                  - date: \(entryField)
                  - date: arrive
                    rules: *bounds

            """)
        #expect(editor.diagnostics.isEmpty, "\(editor.diagnostics.map(\.summary))")
        let form = editor.rename(at: SourcePosition(line: 4, column: 11), to: "begin")
        if refused {
            #expect(throws: RenameRefusal.self) { try form.get() }
            #expect(throws: RenameRefusal.self) { try editor.rename(at: SourcePosition(line: 9, column: 15), to: "begin").get() }
        } else {
            #expect(try form.get().map(\.range.start.line) == [4, 6])
        }
    }

    /// A bound written `today` is the date (SPEC §16): a field a bound names is not
    /// renamed `today`, in the form or in an entry; one no bound names may be.
    @Test func aFieldABoundNamesIsNotRenamedToday() throws {
        let (editor, _) = Self.document("""
            formc: 1
            form: TripForm
            elements:
              - date: start
              - date: finish
                rules: [{ min: start }]
              - list: stops
                elements:
                  - date: arrive
                  - date: leave
                    rules: [{ min: arrive }]

            """)
        #expect(editor.diagnostics.isEmpty, "\(editor.diagnostics.map(\.summary))")
        #expect(throws: RenameRefusal.self) { try editor.rename(at: SourcePosition(line: 4, column: 11), to: "today").get() }
        #expect(throws: RenameRefusal.self) { try editor.rename(at: SourcePosition(line: 9, column: 15), to: "today").get() }
        #expect(try editor.rename(at: SourcePosition(line: 5, column: 11), to: "today").get().count == 1)
    }

    @Test func renamingAFormFieldLeavesTheEntriesAlone() throws {
        let (editor, _) = Self.document(Self.renameText)
        let edits = try editor.rename(at: SourcePosition(line: 4, column: 17), to: "employerName").get()
        #expect(edits.map(\.range.start.line) == [4])
    }

    @Test func theOutlineShowsAListWithItsEntrysFields() {
        let (editor, _) = Self.document(Self.renameText)
        let lists = editor.outline.filter { $0.kind == .list }
        #expect(lists.map(\.name) == ["employers", "references"])
        #expect(lists[0].detail == "list: [Employer]")
        #expect(lists[0].children.map(\.name) == ["company", "confirm", "role"])
        // An entry's field has its type, as the form's do: the entry's own, not a form field's of that id.
        #expect(lists[0].children.allSatisfy { $0.detail.contains(": ") }, "\(lists[0].children.map(\.detail))")
        #expect(lists[0].children.first?.detail == "textField: String")
    }
}

extension ListEditorTests {
    @Test func hoverOfAnEntryFieldDescribesTheEntrysField() throws {
        let (editor, _) = Self.document(Self.renameText)
        // The entry's `company` (a text field of the entry), not the form's.
        let hover = try #require(editor.hover(at: SourcePosition(line: 11, column: 39)))
        #expect(hover.markdown.contains("**company**: `String` (textField)"))
        #expect(hover.markdown.contains("A field of each entry of list `employers`."))
        let form = try #require(editor.hover(at: SourcePosition(line: 4, column: 17)))
        #expect(!form.markdown.contains("entry"))
    }
}
