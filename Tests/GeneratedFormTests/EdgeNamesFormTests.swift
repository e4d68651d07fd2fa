import FormRuntime
import Foundation
import Testing

// Forms/names/edge-names.form.yaml: names that Swift could read two ways.

/// Rejects the United Kingdom, alone or among the chosen countries.
struct NoKingdom: EdgeNamesFormValidators {
    func checkCountry(
        _ value: EdgeNamesForm.Country?, entry: EdgeNamesForm.Row, values: EdgeNamesForm.Values
    ) async -> ValidationResult {
        value == .gb ? .invalid(message: "not gb") : .valid
    }

    func checkCountries(
        _ value: [EdgeNamesForm.Country], entry: EdgeNamesForm.Row, values: EdgeNamesForm.Values
    ) async -> ValidationResult {
        value.contains(.gb) ? .invalid(message: "no gb among them") : .valid
    }
}

@MainActor
struct EdgeNamesFormTests {
    /// An option `none` of a field that may be empty is the enum's case: the
    /// element offers it as a value, not as "nothing selected".
    @Test func anOptionNamedNoneIsTheEnumsCase() throws {
        let form = EdgeNamesForm(validators: NoKingdom())
        let answer = try #require(form.elements.lazy.compactMap { $0 as? SegmentElement<EdgeNamesForm.Answer?> }.first)
        #expect(answer.options.map(\.value) == [EdgeNamesForm.Answer.none, EdgeNamesForm.Answer.some, EdgeNamesForm.Answer.all])
        form.rows.append()
        let level = try #require(
            form.rows.entries.first?.elements.lazy.compactMap { $0 as? PickerElement<EdgeNamesForm.Row.Level?> }.first
        )
        #expect(level.options.map(\.value) == [EdgeNamesForm.Row.Level.none, EdgeNamesForm.Row.Level.low, EdgeNamesForm.Row.Level.high])
    }

    /// A segue `allCases` carries its case.
    @Test func aSegueNamedAllCasesCarriesItsCase() throws {
        let form = EdgeNamesForm(validators: NoKingdom())
        let segue = try #require(form.elements.lazy.compactMap { $0 as? SegueElement<EdgeNamesForm.Action> }.first)
        #expect(segue.action.rawValue == "allCases")
        #expect(EdgeNamesForm.Action.allCases.count == 1)
    }

    /// Fields named as the controller's tables work as any other: hiding the
    /// field with rules makes it valid, showing it again checks it.
    @Test func fieldsNamedAsTheControllersTables() async {
        let form = EdgeNamesForm(validators: NoKingdom())
        form.visibilityGroups.value = true
        _ = await form.validate()
        #expect(form.state(of: .makeVisibilityGroups) == .invalid(message: "Make groups is required"))
        form.visibilityGroups.value = false
        await form.settle()
        #expect(form.state(of: .makeVisibilityGroups) == .valid)
        form.visibilityGroups.value = true
        await form.settle()
        #expect(form.state(of: .makeVisibilityGroups) == .invalid(message: "Make groups is required"))
    }

    /// An entry's bound naming a form field with other `decimals` compares the
    /// two exactly; an entry's custom rule gets the shared set's values.
    @Test func entryBoundsAndCustomRulesAcrossTheForm() async {
        var values = EdgeNamesForm.Values()
        values.limit = Decimal(string: "2.50")
        values.whole = 5
        var row = EdgeNamesForm.Row()
        row.count = 3
        row.price = Decimal(string: "4.99")
        row.country = .gb
        row.countries = [.us, .gb]
        values.rows = [row]
        let report = await EdgeNamesForm.validate(values, validators: NoKingdom())
        #expect(report.issues == [
            ValidationIssue(path: "/rows/0/country", message: "not gb"),
            ValidationIssue(path: "/rows/0/countries", message: "no gb among them"),
            ValidationIssue(path: "/rows/0/count", message: "Count must be at most Limit"),
            ValidationIssue(path: "/rows/0/price", message: "Price must be at least Whole"),
        ])
        values.rows[0] = EdgeNamesForm.Row(
            description: "", field: "", country: .us, countries: [.us], level: EdgeNamesForm.Row.Level.none, count: 2, price: Decimal(5)
        )
        #expect(await EdgeNamesForm.validate(values, validators: NoKingdom()).isValid)
    }

    /// Fields named as members of other types (`description`, `hash`,
    /// `debugDescription`) or as the generated code's parameters (`field`,
    /// `action`), in the form and in an entry: each condition and rule reads the
    /// field's own value.
    @Test func fieldsNamedAsMembersOfOtherTypes() async {
        let form = EdgeNamesForm(validators: NoKingdom())
        #expect(!form.isVisible(.hash))
        form.description.value = "abc"
        form.hash.value = "abd"
        #expect(form.isVisible(.hash) && !form.isVisible(.debugDescription) && !form.isEnabled(.field))
        #expect(!form.isVisible(.action))
        form.hash.value = "x"
        form.debugDescription.value = true
        form.field.value = "x"
        #expect(form.isVisible(.debugDescription) && form.isEnabled(.field) && form.isVisible(.action))
        form.rows.append()
        let row = form.rows.entries[0]
        #expect(!row.isVisible(.field))
        row.description.value = "note"
        row.field.value = "other"
        #expect(row.isVisible(.field))
        let report = await form.validate()
        #expect(report.issues == [
            ValidationIssue(path: "/hash", message: "Hash must match Description"),
            ValidationIssue(path: "/rows/0/field", message: "Field must match Note"),
        ])
        #expect(form.values.description == "abc" && form.values.field == "x" && form.values.rows[0].field == "other")
    }

    /// Lists named as the locals of the form's own methods: each method reads the
    /// list, not its local.
    @Test func listsNamedAsTheLocalsOfTheFormsMethods() async {
        let form = EdgeNamesForm(validators: NoKingdom())
        form.whole.value = 3
        form.owner.append()
        form.index.append()
        form.index.entries[0].leaf.value = 4
        form.report.replaceEntries([])
        #expect(form.setError("Taken", at: "/owner/0/name"))
        #expect(form.owner.entries[0].state(of: .name) == .invalid(message: "Taken"))
        let report = await form.validate()
        #expect(report.issues == [
            ValidationIssue(path: "/owner/0/name", message: "Taken"),
            ValidationIssue(path: "/index/0/leaf", message: "Leaf must be at most Whole"),
            ValidationIssue(path: "/report", message: "Report: add at least 1 entry"),
        ])
        #expect(form.index.entries[0].state(of: .leaf) == .invalid(message: "Leaf must be at most Whole"))
        // A change of the form's field re-checks the entry's bound, through the list named `index`.
        form.whole.value = 5
        await form.settle()
        #expect(form.index.entries[0].state(of: .leaf) == .valid)
    }
}
