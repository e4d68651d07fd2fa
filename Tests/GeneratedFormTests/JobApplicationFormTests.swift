import Foundation
import FormRuntime
import Observation
import Testing

// The job application (schemas/jobapplication.form.yaml), compiled by FormcPlugin:
// lists of SPEC §14, driven from Swift.

@MainActor
struct JobApplicationFormTests {
    typealias Form = JobApplicationForm
    typealias Values = JobApplicationForm.Values

    static func employer(_ company: String, from: FormDate? = FormDate(year: 2020, month: 1, day: 1), current: Bool = true) -> Form.Employer {
        var employer = Form.Employer()
        employer.company = company
        employer.role = "Engineer"
        employer.from = from
        employer.current = current
        return employer
    }

    /// Values that pass every rule.
    static var valid: Values {
        var values = Values()
        values.fullName = "Ada Lovelace"
        values.email = "ada@example.com"
        values.employers = [employer("Analytical Engines")]
        var reference = Form.Reference()
        reference.name = "Charles"
        reference.email = "charles@example.com"
        values.references = [reference]
        values.acceptTerms = true
        return values
    }

    /// An observer that changes the list from its callback (keeps one reference
    /// to fill in) notifies everyone of the newer entries; the observers after it
    /// are not then told the older ones: each ends on the current entries (§14, §5).
    @Test func aListObserverThatChangesTheListLeavesOthersWithTheCurrentEntries() {
        var values = JobApplicationForm.Values()
        values.references = [JobApplicationForm.Reference()]
        let form = JobApplicationForm(values: values)
        var heard: [Int] = []
        form.references.addObserver { [weak form] entries in
            if entries.isEmpty { form?.references.append() }
        }
        form.references.addObserver { entries in heard.append(entries.count) }
        form.references.remove(at: 0)
        #expect(form.references.count == 1)
        #expect(heard == [1])
    }

    @Test func entryTypesAndDefaults() {
        #expect(Form.EmployerEntry.Field.allCases.map(\.rawValue) == ["company", "role", "from", "current", "to"])
        #expect(Form.ReferenceEntry.Field.allCases.map(\.rawValue) == ["name", "email"])
        // A list's id is a field of the form (SPEC §14), in document order: it names the list's value.
        #expect(Form.Field.allCases.map(\.rawValue) == ["fullName", "email", "employers", "references", "acceptTerms"])
        let employer = Form.Employer()
        #expect(employer.company == "" && employer.from == nil && employer.current == false && employer.to == nil)
        // `Values()` holds `initialItems` entries: minItems 1 for employers, none for references.
        let values = Values()
        #expect(values.employers.count == 1)
        #expect(values.references.isEmpty)
        #expect(values.employers[0] == Form.Employer())
        // The memberwise initializer takes every stored property in document order,
        // as Swift's would (SPEC §5): a list is `[]` unless given.
        let given = Values(fullName: "Ada", email: "ada@example.com", employers: [Self.employer("Acme")], acceptTerms: true)
        #expect(given.employers == [Self.employer("Acme")] && given.references.isEmpty && given.fullName == "Ada")
        #expect(Values(fullName: "", email: "", acceptTerms: false).employers.isEmpty)
    }

    @Test func entryIDsAreStableAndNotEncoded() throws {
        let first = Form.Employer()
        let second = Form.Employer()
        #expect(first.id != second.id)
        // Equality compares the fields, not the identity.
        #expect(first == second)
        let data = try JSONEncoder().encode(Self.employer("Acme"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["id"] == nil)
        #expect(Set(object.keys) == ["company", "role", "from", "current"])
        #expect(object["from"] as? String == "2020-01-01")
    }

    @Test func valuesRoundTripThroughJSON() throws {
        var values = Self.valid
        values.employers.append(Self.employer("Difference Engines", current: false))
        values.employers[1].to = FormDate(year: 2021, month: 6, day: 30)
        let data = try JSONEncoder().encode(values)
        let decoded = try JSONDecoder().decode(Values.self, from: data)
        #expect(decoded == values)
        // Decoded entries get new ids.
        #expect(decoded.employers[0].id != values.employers[0].id)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let employers = try #require(object["employers"] as? [[String: Any]])
        #expect(employers.count == 2)
        #expect(employers[1]["company"] as? String == "Difference Engines")
        #expect(employers[1]["to"] as? String == "2021-06-30")
    }

    @Test func theFormBindsEveryEntryAndKeepsItsID() {
        let values = Self.valid
        let form = Form(values: values)
        #expect(form.employers.entries.count == 1)
        let entry = form.employers.entries[0]
        #expect(entry.id == values.employers[0].id)
        #expect(entry.company.value == "Analytical Engines")
        entry.company.value = "Engines Ltd"
        #expect(form.values.employers[0].company == "Engines Ltd")
        #expect(form.values.employers[0].id == entry.id)
        #expect(form.values.references == values.references)
        // init(values:) and values round-trip, ids included.
        let again = Form(values: form.values)
        #expect(again.values == form.values)
        #expect(again.values.employers.map(\.id) == form.values.employers.map(\.id))
    }

    /// Copies of one entry made in app code share its id; the form makes each an
    /// entry of its own (`init(values:)` and `reset(to:)`), so that `ForEach` and
    /// `remove(id:)` tell them apart. The first keeps the id; the values are equal.
    @Test func copiesOfOneEntryBecomeEntriesOfTheirOwn() {
        var values = Self.valid
        let employer = Self.employer("Acme")
        values.employers = Array(repeating: employer, count: 3)
        let form = Form(values: values)
        let ids = form.employers.entries.map(\.id)
        #expect(Set(ids).count == 3)
        #expect(ids[0] == employer.id)
        #expect(form.values == values)
        #expect(form.values.employers.map(\.id) == ids)
        form.employers.remove(id: ids[2])
        #expect(form.employers.entries.map(\.id) == Array(ids[0..<2]))
        form.reset(to: values)
        #expect(Set(form.employers.entries.map(\.id)).count == 3)
        #expect(form.employers.entries[0].id == employer.id)
    }

    @Test func appendRemoveAndMoveRespectTheCounts() {
        let form = Form()
        let employers = form.employers
        #expect(employers.count == 1)
        #expect(employers.canAppend)
        // minItems 1: the only entry cannot be removed.
        #expect(!employers.canRemove)
        employers.remove(at: 0)
        #expect(employers.count == 1)
        for _ in 0..<10 { employers.append() }
        // maxItems 5.
        #expect(employers.count == 5)
        #expect(!employers.canAppend)
        #expect(employers.append() == nil)
        #expect(employers.canRemove)
        for (index, entry) in employers.entries.enumerated() { entry.company.value = "C\(index)" }
        employers.move(from: 0, to: 4)
        #expect(employers.entries.map(\.company.value) == ["C1", "C2", "C3", "C4", "C0"])
        employers.move(fromOffsets: IndexSet([3, 4]), toOffset: 0)
        #expect(employers.entries.map(\.company.value) == ["C4", "C0", "C1", "C2", "C3"])
        let removed = employers.entries[1].id
        employers.remove(id: removed)
        #expect(employers.entries.map(\.company.value) == ["C4", "C1", "C2", "C3"])
        #expect(!employers.entries.contains { $0.id == removed })
        #expect(form.values.employers.map(\.company) == ["C4", "C1", "C2", "C3"])
        // A new entry starts at the defaults.
        #expect(form.references.append()?.values == Form.Reference())
    }

    @Test func aShownCountMessageFollowsTheCount() async {
        // Under the default trigger (blurAfterChange) a list, which has no focus to
        // leave, stays quiet until it has a state; from then on each change re-runs
        // its count rules.
        var values = Form.Values()
        values.employers = []
        let form = Form(values: values)
        form.employers.append()
        form.employers.replaceEntries([])
        await form.settle()
        #expect(form.state(of: .employers) == .idle)
        _ = await form.validate()
        #expect(form.state(of: .employers) == .invalid(message: "Previous employers: add at least 1 entry"))
        form.employers.append()
        await form.settle()
        #expect(form.state(of: .employers) == .valid)
        form.employers.replaceEntries([])
        await form.settle()
        #expect(form.state(of: .employers) == .invalid(message: "Previous employers: add at least 1 entry"))
        // A server's message on the list goes with the next change, which runs the count.
        form.setError("Too few employers for this position", for: .employers)
        form.employers.append()
        await form.settle()
        #expect(form.state(of: .employers) == .valid)
    }

    /// One entry object given twice to `replaceEntries` is one entry, where it first
    /// appears: a list never holds two entries with one id (SwiftUI's `ForEach`).
    @Test func anEntryGivenTwiceIsOneEntry() throws {
        let form = Form()
        let first = try #require(form.employers.entries.first)
        let second = try #require(form.employers.append())
        var heard: [Int] = []
        form.employers.addObserver { heard.append($0.count) }
        form.employers.replaceEntries([second, first, second, first])
        #expect(form.employers.entries.map(\.id) == [second.id, first.id])
        #expect(heard == [2])
        // The same two again, one repeated: nothing changes, and nobody hears.
        form.employers.replaceEntries([second, second, first])
        #expect(heard == [2])
        #expect(form.values.employers.count == 2)
    }

    @Test func listChangesAreObservable() {
        let form = Form()
        var seen: [Int] = []
        let token = form.employers.addObserver { seen.append($0.count) }
        form.employers.append()
        form.employers.move(from: 0, to: 1)
        form.employers.remove(at: 0)
        #expect(seen == [2, 2, 1])
        form.employers.removeObserver(token)
        form.employers.append()
        #expect(seen == [2, 2, 1])

        let changed = Flag()
        withObservationTracking {
            _ = form.employers.entries
        } onChange: {
            changed.isSet = true
        }
        form.employers.append()
        #expect(changed.isSet)
    }

    @Test func aValidApplicationPasses() async {
        let report = await Form.validate(Self.valid)
        #expect(report.isValid)
        #expect(report.issues.isEmpty)
        #expect(report.result(at: "/employers") == .valid)
        #expect(report.result(at: "/employers/0/company") == .valid)
        #expect(report.result(at: "/employers/1/company") == nil)
        #expect(report.result(at: "/references/0/email") == .valid)
    }

    @Test func issuesNameEachValueByItsPathInDocumentOrder() async {
        var values = Self.valid
        values.employers = []
        values.references = [Form.Reference(), Form.Reference()]
        values.references[1].name = "Grace"
        values.references[1].email = "not an email"
        values.email = ""
        let report = await Form.validate(values)
        #expect(!report.isValid)
        #expect(report.issues == [
            ValidationIssue(path: "/email", message: "Email is required"),
            ValidationIssue(path: "/employers", message: "Previous employers: add at least 1 entry"),
            ValidationIssue(path: "/references/0/name", message: "Name is required"),
            ValidationIssue(path: "/references/0/email", message: "Email is required"),
            ValidationIssue(path: "/references/1/email", message: "Email must be a valid email address"),
        ])
        #expect(report.invalidFields == [.email, .employers])
        #expect(report[.employers] == .invalid(message: "Previous employers: add at least 1 entry"))
        #expect(report[.references] == .valid)
        #expect(report.result(at: "/references/1/name") == .valid)
    }

    @Test func tooManyEntriesAndEntryRules() async {
        var values = Self.valid
        values.employers = (0..<6).map { Self.employer("C\($0)") }
        values.employers[2].company = "  "
        let report = await Form.validate(values)
        #expect(report.issues == [
            ValidationIssue(path: "/employers", message: "Previous employers: at most 5 entries are allowed"),
            ValidationIssue(path: "/employers/2/company", message: "Company is required"),
        ])
    }

    @Test func hiddenEntryFieldsAreValidPerEntry() async {
        var values = Self.valid
        // `to` is hidden while `current` is on, and required while it shows.
        values.employers = [Self.employer("Now", current: true), Self.employer("Before", current: false)]
        let report = await Form.validate(values)
        #expect(report.issues == [ValidationIssue(path: "/employers/1/to", message: "To is required")])
        #expect(report.result(at: "/employers/0/to") == .valid)

        let form = Form(values: values)
        let entries = form.employers.entries
        #expect(!entries[0].isVisible(.to))
        #expect(entries[1].isVisible(.to))
        entries[1].current.value = true
        #expect(!entries[1].isVisible(.to))
        #expect(await form.validate().isValid)
    }

    /// A fixed clock for `max: today`: 2026-03-15 in UTC.
    static let march15 = ValidationContext(
        now: Date(timeIntervalSince1970: 1_773_576_000), timeZone: TimeZone(identifier: "UTC")!
    )

    @Test func anEmployersDatesFormARange() async {
        var values = Self.valid
        var before = Self.employer("Before", from: FormDate(year: 2024, month: 5, day: 10), current: false)
        // `to` before `from` breaks `min: from`, whichever of the two is wrong.
        before.to = FormDate(year: 2024, month: 5, day: 9)
        values.employers = [before]
        var report = await Form.validate(values, in: Self.march15)
        #expect(report.issues == [ValidationIssue(path: "/employers/0/to", message: "To must be on or after From")])
        // On the same day and after are both fine.
        values.employers[0].to = FormDate(year: 2024, month: 5, day: 10)
        #expect(await Form.validate(values, in: Self.march15).isValid)
        values.employers[0].to = FormDate(year: 2025, month: 1, day: 1)
        #expect(await Form.validate(values, in: Self.march15).isValid)
        // Moving `from` past `to` breaks the same bound from the other side.
        values.employers[0].from = FormDate(year: 2025, month: 1, day: 2)
        report = await Form.validate(values, in: Self.march15)
        #expect(report.issues == [ValidationIssue(path: "/employers/0/to", message: "To must be on or after From")])
        // An empty `from` leaves the bound passing (SPEC §16), and `required` speaks for it.
        values.employers[0].from = nil
        report = await Form.validate(values, in: Self.march15)
        #expect(report.issues == [ValidationIssue(path: "/employers/0/from", message: "From is required")])
        // While `to` is hidden (still working there) its bound is not checked.
        values.employers[0].from = FormDate(year: 2025, month: 1, day: 2)
        values.employers[0].current = true
        #expect(await Form.validate(values, in: Self.march15).isValid)
    }

    @Test func anEmployerStartsNoLaterThanToday() async {
        var values = Self.valid
        values.employers[0].from = FormDate(year: 2026, month: 3, day: 15)
        #expect(await Form.validate(values, in: Self.march15).isValid)
        values.employers[0].from = FormDate(year: 2026, month: 3, day: 16)
        let report = await Form.validate(values, in: Self.march15)
        #expect(report.issues == [ValidationIssue(path: "/employers/0/from", message: "From must be on or before today")])
    }

    @Test func changingFromRechecksToInThatEntryOnly() async {
        var values = Self.valid
        var first = Self.employer("First", from: FormDate(year: 2020, month: 1, day: 1), current: false)
        first.to = FormDate(year: 2021, month: 1, day: 1)
        var second = Self.employer("Second", from: FormDate(year: 2019, month: 1, day: 1), current: false)
        second.to = FormDate(year: 2019, month: 12, day: 31)
        values.employers = [first, second]
        let form = Form(values: values)
        form.context = Self.march15
        let entries = form.employers.entries
        for entry in entries {
            await entry.didChange(.to)
            await entry.didEndEditing(.to)
            #expect(entry.state(of: .to) == .valid)
        }
        // `from` after `to` in the first entry: its `to` is re-checked, the second's is not touched.
        entries[0].from.value = FormDate(year: 2022, month: 1, day: 1)
        await entries[0].didChange(.from)
        #expect(entries[0].state(of: .to) == .invalid(message: "To must be on or after From"))
        #expect(entries[1].state(of: .to) == .valid)
        // The second entry's own `from` re-checks only its own `to`.
        entries[1].from.value = FormDate(year: 2020, month: 1, day: 1)
        await entries[1].didChange(.from)
        #expect(entries[1].state(of: .to) == .invalid(message: "To must be on or after From"))
        entries[0].from.value = FormDate(year: 2020, month: 6, day: 1)
        await entries[0].didChange(.from)
        #expect(entries[0].state(of: .to) == .valid)
        #expect(entries[1].state(of: .to) == .invalid(message: "To must be on or after From"))
    }

    @Test func aListIsAFieldOfTheForm() async {
        let form = Form(values: Self.valid)
        #expect(form.isVisible(.employers) && form.isEnabled(.references))
        #expect(Form.isVisible(.employers, in: Self.valid))
        #expect(form.state(of: .employers) == .idle)
        // validate() sets the list's own state from its count rules.
        form.employers.remove(at: 0)
        #expect(form.employers.count == 1)
        form.employers.entries[0].company.value = ""
        var report = await form.validate()
        #expect(report[.employers] == .valid)
        #expect(form.state(of: .employers) == .valid)
        for _ in 0..<4 { form.employers.append() }
        // The form's trigger (blurAfterChange): an append is an edit, which runs no rule by itself.
        await form.settle()
        #expect(form.state(of: .employers) == .valid)
        var values = form.values
        values.employers.append(Self.employer("Sixth"))
        report = await Form.validate(values)
        #expect(report[.employers] == .invalid(message: "Previous employers: at most 5 entries are allowed"))
        // A message from outside the rules, by the list's case or its path.
        form.setError("Too many jobs", for: .employers)
        #expect(form.state(of: .employers) == .invalid(message: "Too many jobs"))
        form.clearErrors()
        #expect(form.setError("Check the list", at: "/references"))
        #expect(form.state(of: .references) == .invalid(message: "Check the list"))
        // Changing the list's value is an edit: the message goes.
        form.references.append()
        await form.settle()
        #expect(form.state(of: .references) != .invalid(message: "Check the list"))
    }

    @Test func validateSetsEveryEntrysFieldStates() async {
        var values = Self.valid
        values.references = [Form.Reference()]
        let form = Form(values: values)
        let report = await form.validate()
        #expect(!report.isValid)
        let reference = form.references.entries[0]
        #expect(reference.state(of: .name) == .invalid(message: "Name is required"))
        #expect(form.employers.entries[0].state(of: .company) == .valid)
        reference.name.value = "Grace"
        await reference.didChange(.name)
        await reference.didEndEditing(.name)
        #expect(reference.state(of: .name) == .valid)
    }

    @Test func theElementTreeHasTheListsWithTheirEntries() throws {
        let form = Form()
        let lists = form.elements.compactMap { element -> ListElement? in
            if case .list(let list) = element.kind { return list }
            return nil
        }
        #expect(lists.map(\.id) == ["employers", "references"])
        let employers = lists[0]
        #expect(employers.title == "Previous employers")
        #expect(employers.itemTitle == "Employer")
        #expect(employers.addTitle == "Add another employer")
        #expect(employers.entries.count == 1)
        #expect(employers.canAppend && !employers.canRemove)
        let entry = try #require(employers.entries.first)
        #expect(entry.id == form.employers.entries[0].id)
        let ids = entry.elements.compactMap { element -> String? in
            switch element.kind {
            case .textField(let field): field.id
            case .date(let field): field.id
            case .boolean(let field): field.id
            default: nil
            }
        }
        #expect(ids == ["company", "role", "from", "current", "to"])
        employers.append()
        #expect(form.employers.count == 2)
        #expect(employers.canRemove)
        employers.remove(at: 1)
        #expect(form.employers.count == 1)
    }

    @Test func entryStringsUseTheListsKeys() async {
        let catalog = StringCatalog(sourceLanguage: "en", translations: [
            "JobApplicationForm.employers.minItems.message": ["de": "Mindestens 1 Arbeitgeber"],
            "JobApplicationForm.employers.company.required.message": ["de": "Firma fehlt"],
        ])
        let context = ValidationContext(now: Date(), timeZone: .current, localization: .catalog(catalog, locale: "de"))
        var values = Self.valid
        values.employers = []
        #expect(await Form.validate(values, in: context).issues.first?.message == "Mindestens 1 Arbeitgeber")
        values.employers = [Form.Employer()]
        #expect(await Form.validate(values, in: context).issues.first == ValidationIssue(path: "/employers/0/company", message: "Firma fehlt"))
    }
}

/// Set from an Observation `onChange`, which may run on any thread.
private final class Flag: @unchecked Sendable {
    var isSet = false
}

/// The form's state from app code (SPEC §15.2) in a form with lists: a server's
/// message shows beside the lists' issues, and a reset puts the entries back.
@MainActor
struct JobApplicationStateTests {
    @Test func aServerMessageJoinsTheListsIssues() async {
        let form = JobApplicationForm()
        form.fullName.value = "Ada Lovelace"
        form.email.value = "ada@example.com"
        form.acceptTerms.value = true
        form.setError("This email has applied already", for: .email)
        let report = await form.validate()
        #expect(report[.email] == .invalid(message: "This email has applied already"))
        #expect(report.result(at: "/email") == .invalid(message: "This email has applied already"))
        // The lists' paths are all still there: the entry's empty company among the issues.
        #expect(report.issues.map(\.path) == ["/email", "/employers/0/company", "/employers/0/from", "/employers/0/to"])
        #expect(report.result(at: "/employers") == .valid)
        #expect(form.state(of: .email) == .invalid(message: "This email has applied already"))
    }

    @Test func aServerMessageReachesAnEntryByItsPath() async {
        let form = JobApplicationForm()
        #expect(form.setError("We could not verify this company", at: "/employers/0/company"))
        #expect(!form.setError("No such entry", at: "/employers/3/company"))
        #expect(!form.setError("No such field", at: "/employers/0/salary"))
        #expect(!form.setError("No such list", at: "/pets/0/name"))
        let entry = form.employers.entries[0]
        #expect(entry.state(of: .company) == .invalid(message: "We could not verify this company"))
        // validate() leaves it; a new value gives the field back to its rules.
        entry.company.value = "Analytical Engines Ltd"
        #expect(form.setError("We could not verify this company", at: "/employers/0/company"))
        _ = await form.validate()
        #expect(entry.state(of: .company) == .invalid(message: "We could not verify this company"))
        entry.company.value = "Difference Engines Ltd"
        await form.settle()
        _ = await form.validate()
        #expect(entry.state(of: .company) == .valid)
        #expect(form.setError("Again", at: "/employers/0/role"))
        form.clearErrors()
        #expect(entry.state(of: .role) == .idle)
    }

    @Test func anEntrysServerMessageIsInTheReport() async {
        let form = JobApplicationForm(values: JobApplicationFormTests.valid)
        #expect(await form.validate().isValid)
        #expect(form.setError("We could not verify this company", at: "/employers/0/company"))
        let report = await form.validate()
        // A submit button does not pass a form showing a server's message on an entry.
        #expect(!report.isValid)
        #expect(report.issues == [ValidationIssue(path: "/employers/0/company", message: "We could not verify this company")])
        #expect(report.result(at: "/employers/0/company") == .invalid(message: "We could not verify this company"))
        #expect(report.result(at: "/employers") == .valid)
        #expect(form.employers.entries[0].state(of: .company) == .invalid(message: "We could not verify this company"))
        // A new value gives the field back to its rules, and the report follows.
        form.employers.entries[0].company.value = "Analytical Engines Ltd"
        await form.settle()
        #expect(await form.validate().isValid)
        #expect(form.setError("Again", at: "/references/0/email"))
        #expect(await form.validate().issues.map(\.path) == ["/references/0/email"])
        form.clearErrors()
        #expect(await form.validate().isValid)
    }

    @Test func clearingHiddenClearsAFieldItsEntryHides() throws {
        var values = JobApplicationFormTests.valid
        // The end date typed before "I still work here" was turned on: hidden, so not submitted.
        var current = JobApplicationFormTests.employer("Analytical Engines", current: true)
        current.to = FormDate(year: 2023, month: 6, day: 30)
        var past = JobApplicationFormTests.employer("Difference Engines", current: false)
        past.to = FormDate(year: 2019, month: 12, day: 31)
        values.employers = [current, past]
        let cleared = JobApplicationForm.clearingHidden(values)
        #expect(cleared.employers[0].to == nil)
        #expect(cleared.employers[0].company == "Analytical Engines" && cleared.employers[0].current)
        #expect(cleared.employers[1].to == FormDate(year: 2019, month: 12, day: 31))
        // One entry's values, through its class: a reference hides nothing, and has the same function.
        #expect(JobApplicationForm.EmployerEntry.clearingHidden(current).to == nil)
        let reference = try #require(values.references.first)
        #expect(JobApplicationForm.ReferenceEntry.clearingHidden(reference) == reference)
        #expect(cleared.employers.map(\.id) == values.employers.map(\.id))
        #expect(cleared.references == values.references && cleared.fullName == values.fullName)

        // As a server gets and stores it: JSON in, cleared, JSON out.
        let posted = try JSONDecoder().decode(JobApplicationForm.Values.self, from: JSONEncoder().encode(values))
        #expect(posted.employers[0].to == FormDate(year: 2023, month: 6, day: 30))
        let stored = try JSONSerialization.jsonObject(with: JSONEncoder().encode(JobApplicationForm.clearingHidden(posted)))
        let employers = try #require((stored as? [String: Any])?["employers"] as? [[String: Any]])
        #expect(employers.count == 2)
        #expect(employers[0]["to"] == nil || employers[0]["to"] is NSNull)
        #expect(employers[1]["to"] != nil && !(employers[1]["to"] is NSNull))
        #expect(employers[0]["company"] as? String == "Analytical Engines")
    }

    @Test func submittedValuesClearAFieldItsEntryHides() async throws {
        let form = JobApplicationForm(values: JobApplicationFormTests.valid)
        let entry = form.employers.entries[0]
        entry.current.value = false
        entry.to.value = FormDate(year: 2023, month: 6, day: 30)
        #expect(form.submittedValues.employers[0].to == FormDate(year: 2023, month: 6, day: 30))
        entry.current.value = true
        await form.settle()
        #expect(form.values.employers[0].to == FormDate(year: 2023, month: 6, day: 30))
        #expect(form.submittedValues.employers[0].to == nil)
        #expect(form.submittedValues.employers[0].company == "Analytical Engines")
    }

    @Test func resetPutsTheEntriesBack() async {
        let form = JobApplicationForm()
        form.employers.append()
        form.employers.entries[0].company.value = "Analytical Engines Ltd"
        form.fullName.value = "Ada"
        #expect(form.employers.count == 2)
        form.reset()
        await form.settle()
        #expect(form.employers.count == 1)
        #expect(form.employers.entries[0].company.value == "")
        #expect(form.values.fullName == "")
        var values = JobApplicationForm.Values()
        values.references = [JobApplicationForm.Reference(), JobApplicationForm.Reference()]
        form.reset(to: values)
        #expect(form.references.count == 2)
        #expect(form.values.references.map(\.id) == values.references.map(\.id))
    }
}

/// A list's value under the `change` trigger (Forms/lists/list-trigger.form.yaml).
@MainActor
struct ListTriggerFormTests {
    @Test func appendingRemovingAndMovingRunTheListsCountRules() async {
        let form = ListTriggerForm()
        #expect(ListTriggerForm.Field.allCases == [.name, .stops])
        #expect(form.stops.count == 1)
        #expect(form.state(of: .stops) == .idle)
        form.stops.append()
        await form.settle()
        #expect(form.state(of: .stops) == .valid)
        // Above maxItems through the values: the rule names the count.
        var values = form.values
        values.stops = [ListTriggerForm.Stop(), ListTriggerForm.Stop(), ListTriggerForm.Stop()]
        let full = ListTriggerForm(values: values)
        full.stops.move(from: 0, to: 2)
        await full.settle()
        #expect(full.state(of: .stops) == .invalid(message: "Stops: at most 2 entries are allowed"))
        full.stops.remove(at: 0)
        await full.settle()
        #expect(full.state(of: .stops) == .valid)
        // An edit reported with didChange right after runs the rules once.
        full.stops.remove(at: 0)
        await full.didChange(.stops)
        #expect(full.state(of: .stops) == .valid)
        #expect(full.stops.count == 1)
        // validate() sets it too.
        _ = await full.validate()
        #expect(full.state(of: .stops) == .valid)
        var empty = ListTriggerForm.Values()
        empty.stops = []
        #expect(await ListTriggerForm.validate(empty)[.stops] == .invalid(message: "Stops: add at least 1 entry"))
    }
}
