import FormRuntime
import Testing

// schemas/intake.form.yaml: three pages (SPEC §15.1), the symptoms page skipped
// for a check-up, pregnancy questions hidden by another answer, and an email
// checked by the app's debounced validator. Driven as a SwiftUI wizard drives
// it: values are assigned (as a binding does), the form settles, the view reads
// states and goes Next/Back through `page(after:)`/`page(before:)` (SPEC §15.2).

/// The app's email lookup: remembers every call, and whether the call's task was
/// cancelled by the time the validator returned.
actor EmailDirectory: IntakeFormValidators {
    private(set) var calls: [String] = []
    private(set) var cancelledCalls: [String] = []
    private(set) var started: [String] = []
    /// An address whose lookup waits until its task is cancelled (or 10 minutes:
    /// under a full suite the main actor, where the cancelling edit runs, may wait
    /// behind other tests for tens of seconds, and the lookup must still be waiting).
    let slowAddress: String

    init(slowAddress: String = "slow@example.com") {
        self.slowAddress = slowAddress
    }

    nonisolated func emailIsNew(_ value: String, values: IntakeForm.Values) async -> ValidationResult {
        await record(value)
        if value == slowAddress {
            try? await Task.sleep(for: .seconds(600))
        }
        let cancelled = Task.isCancelled
        await finish(value, cancelled: cancelled)
        if cancelled { return .cancelled }
        return value == "taken@example.com" ? .invalid(message: "This email has an account already") : .valid
    }

    private func record(_ value: String) {
        started.append(value)
    }

    private func finish(_ value: String, cancelled: Bool) {
        if cancelled { cancelledCalls.append(value) } else { calls.append(value) }
    }
}

@MainActor
struct IntakeFormTests {
    typealias Values = IntakeForm.Values

    /// A debounce that does not wait: the order of edits alone decides what runs.
    static let noWait: @Sendable (Duration) async throws -> Void = { _ in try Task.checkCancellation() }

    /// The first page filled in as a person would, through the bindings.
    func fillPersonalPage(_ form: IntakeForm, reason: IntakeForm.VisitReason = .illness) {
        form.fullName.value = "Ada Lovelace"
        form.birthDate.value = FormDate(year: 1990, month: 12, day: 10)
        form.email.value = "ada@example.com"
        form.visitReason.value = reason
    }

    @Test func pagesAreInDocumentOrderWithTheirFields() {
        let form = IntakeForm(validators: EmailDirectory())
        #expect(IntakeForm.Page.allCases == [.personal, .symptoms, .history])
        #expect(form.fields(on: .personal) == [.fullName, .birthDate, .email, .visitReason])
        #expect(IntakeForm.fields(on: .symptoms) == [.symptomList, .painLevel, .symptomDays])
        // The list `medications` is a field of the form on its page (SPEC §14), in document order.
        #expect(form.fields(on: .history) == [.mayBePregnant, .pregnancyWeeks, .takesMedication, .medications, .allergies, .consent])
        // Every field is on exactly one page.
        #expect(IntakeForm.Page.allCases.flatMap(form.fields(on:)) == IntakeForm.Field.allCases)
        let pages = form.elements.compactMap { element -> String? in
            if case .page(let page) = element.kind { return "\(page.id): \(page.title ?? "-") (\(page.elements.count))" }
            return nil
        }
        #expect(pages == ["personal: About you (4)", "symptoms: Symptoms (3)", "history: Medical history (5)"])
    }

    @Test func nextAndBackSkipAHiddenPage() {
        let form = IntakeForm(validators: EmailDirectory())
        // No reason yet: the symptoms page is hidden, and so are its fields.
        #expect(!form.isVisible(IntakeForm.Page.symptoms))
        #expect(!form.isVisible(IntakeForm.Field.symptomDays))
        #expect(form.page(after: .personal) == .history)
        #expect(form.page(before: .history) == .personal)
        #expect(form.page(before: .personal) == nil)
        #expect(form.page(after: .history) == nil)

        form.visitReason.value = .injury
        #expect(form.isVisible(IntakeForm.Page.symptoms))
        #expect(form.isVisible(IntakeForm.Field.symptomDays))
        #expect(form.page(after: .personal) == .symptoms)
        #expect(form.page(before: .history) == .symptoms)
        #expect(IntakeForm.isVisible(.symptoms, in: form.values))
        form.visitReason.value = .checkup
        #expect(form.page(after: .personal) == .history)
    }

    @Test func validatingAPageSetsOnlyThatPagesStates() async {
        let form = IntakeForm(validators: EmailDirectory())
        form.visitReason.value = .illness
        await form.settle()
        let report = await form.validate(page: .symptoms)
        #expect(report.invalidFields == [.symptomList, .symptomDays])
        #expect(report[.symptomList] == .invalid(message: "An answer is required"))
        #expect(form.state(of: .symptomDays) == .invalid(message: "Days since it started is required"))
        // Fields of the other pages keep their states: nobody has seen them yet.
        #expect(form.state(of: .fullName) == .idle)
        #expect(form.state(of: .consent) == .idle)
        // A hidden page has nothing to validate.
        form.visitReason.value = .checkup
        await form.settle()
        #expect(await form.validate(page: .symptoms).isValid)
        // validate() still validates every page.
        let all = await form.validate()
        #expect(all.invalidFields == [.fullName, .birthDate, .email, .consent])
    }

    /// The README's `form.visitReason.value = .checkup`: the symptoms page it
    /// hides has its fields `.valid` at once, with no `validate()`; shown again,
    /// they are checked again.
    @Test func hidingAPageMakesItsCheckedFieldsValidAtOnce() async {
        let form = IntakeForm(validators: EmailDirectory())
        form.visitReason.value = .illness
        await form.settle()
        _ = await form.validate(page: .symptoms)
        #expect(form.state(of: .symptomDays) == .invalid(message: "Days since it started is required"))
        form.visitReason.value = .checkup
        await form.settle()
        #expect(form.state(of: .symptomList) == .valid)
        #expect(form.state(of: .symptomDays) == .valid)
        form.visitReason.value = .injury
        await form.settle()
        #expect(form.state(of: .symptomDays) == .invalid(message: "Days since it started is required"))
    }

    @Test func aWizardGoesThroughItsPagesAsAViewWould() async {
        let directory = EmailDirectory()
        let form = IntakeForm(validators: directory)
        var page = IntakeForm.Page.personal

        // Next on an empty first page stays there and shows the errors.
        #expect(await !form.validate(page: page).isValid)
        #expect(form.state(of: .fullName) == .invalid(message: "Full name is required"))

        await ValidationRun.$sleeper.withValue(Self.noWait) {
            fillPersonalPage(form, reason: .checkup)
            await form.settle()
        }
        #expect(await form.validate(page: page).isValid)
        #expect(form.state(of: .fullName) == .valid)
        page = form.page(after: page)!
        #expect(page == .history)

        // The last visible page: consent is required.
        #expect(await form.validate(page: page).invalidFields == [.consent])
        form.consent.value = true
        await form.settle()
        #expect(await form.validate(page: page).isValid)
        #expect(form.page(after: page) == nil)

        // Back, then the visit turns out to be an illness: the symptoms page appears.
        form.visitReason.value = .illness
        #expect(form.page(before: page) == .symptoms)
        page = form.page(before: page)!
        form.symptomList.value = [.fever, .cough]
        form.symptomDays.value = 3
        await form.settle()
        #expect(await form.validate(page: page).isValid)

        let report = await form.validate()
        #expect(report.isValid)
        #expect(await IntakeForm.validate(form.submittedValues, validators: directory).isValid)
        // Every lookup (each Next, validate(), the server's check) was of the one address.
        #expect(Set(await directory.calls) == ["ada@example.com"])
    }

    @Test func anAssignmentIsAnEditThatRunsItsTrigger() async {
        let directory = EmailDirectory()
        let form = IntakeForm(validators: directory)
        // `email` validates on change: assigning is enough, no didChange.
        form.email.value = "not an email"
        await form.settle()
        #expect(form.state(of: .email) == .invalid(message: "Email must be a valid email address"))
        // `fullName` validates on blur after a change: the assignment alone shows nothing.
        form.fullName.value = ""
        form.fullName.value = " "
        await form.settle()
        #expect(form.state(of: .fullName) == .idle)
        await form.didEndEditing(.fullName)
        #expect(form.state(of: .fullName) == .invalid(message: "Full name is required"))

        // A caller that still reports the edit itself joins it: the validator runs once.
        await ValidationRun.$sleeper.withValue(Self.noWait) {
            form.email.value = "ada@example.com"
            await form.didChange(.email)
        }
        #expect(form.state(of: .email) == .valid)
        await form.settle()
        #expect(await directory.calls == ["ada@example.com"])
    }

    @Test func aSupersededDebouncedRunNeverCallsTheValidator() async {
        let directory = EmailDirectory()
        let form = IntakeForm(validators: directory)
        // Three values typed faster than the debounce (300 ms): only the last is looked up.
        form.email.value = "a@example.com"
        form.email.value = "ad@example.com"
        form.email.value = "ada@example.com"
        let clock = ContinuousClock()
        let start = clock.now
        await form.settle()
        #expect(clock.now - start >= .milliseconds(300))
        #expect(await directory.started == ["ada@example.com"])
        #expect(form.state(of: .email) == .valid)
        // validate() does not wait for the debounce.
        form.email.value = "taken@example.com"
        let report = await form.validate()
        #expect(report[.email] == .invalid(message: "This email has an account already"))
        await form.settle()
        #expect(form.state(of: .email) == .invalid(message: "This email has an account already"))
    }

    @Test func aSupersededValidatorsTaskIsCancelledAndItsResultNeverShown() async {
        let directory = EmailDirectory()
        let form = IntakeForm(validators: directory)
        var states: [FieldState] = []
        form.addStateObserver { field, state in if field == .email { states.append(state) } }
        await ValidationRun.$sleeper.withValue(Self.noWait) {
            form.email.value = "slow@example.com"
            // Let the slow lookup start.
            for _ in 0..<10_000 where await directory.started.isEmpty {
                await Task.yield()
            }
            #expect(await directory.started == ["slow@example.com"])
            form.email.value = "ada@example.com"
            await form.settle()
        }
        #expect(await directory.cancelledCalls == ["slow@example.com"])
        #expect(await directory.calls == ["ada@example.com"])
        #expect(form.state(of: .email) == .valid)
        #expect(!states.contains(.idle))
        #expect(states.last == .valid)
    }

    @Test func anErrorFromTheServerStaysUntilTheValueChanges() async {
        let form = IntakeForm(validators: EmailDirectory())
        await ValidationRun.$sleeper.withValue(Self.noWait) {
            fillPersonalPage(form)
            await form.settle()
        }
        form.setError("This email has an account already", for: .email)
        #expect(form.setError("Use your legal name", at: "/fullName"))
        #expect(!form.setError("No such field", at: "/nope"))
        #expect(!form.setError("Not a pointer", at: "fullName"))
        #expect(form.state(of: .email) == .invalid(message: "This email has an account already"))

        // validate() and validate(page:) leave it, and their reports carry it.
        let page = await form.validate(page: .personal)
        #expect(page.invalidFields == [.fullName, .email])
        #expect(page[.fullName] == .invalid(message: "Use your legal name"))
        #expect(await !form.validate().isValid)
        #expect(form.state(of: .email) == .invalid(message: "This email has an account already"))
        await form.didEndEditing(.fullName)
        #expect(form.state(of: .fullName) == .invalid(message: "Use your legal name"))

        // A new value: the field's own rules take over again.
        await ValidationRun.$sleeper.withValue(Self.noWait) {
            form.email.value = "ada.l@example.com"
            await form.settle()
        }
        #expect(form.state(of: .email) == .valid)
        #expect(form.state(of: .fullName) == .invalid(message: "Use your legal name"))
        form.clearErrors()
        #expect(form.state(of: .fullName) == .idle)
        #expect(await form.validate(page: .personal).isValid)
    }

    @Test func resetPutsValuesAndStatesBack() async {
        let directory = EmailDirectory()
        let form = IntakeForm(validators: directory)
        fillPersonalPage(form)
        form.consent.value = true
        _ = await form.validate()
        let lookups = await directory.started
        form.setError("Server says no", for: .allergies)
        // A lookup still waiting for its debounce is cancelled by the reset.
        form.email.value = "taken@example.com"
        form.reset()
        await form.settle()
        #expect(form.values == Values())
        for field in IntakeForm.Field.allCases {
            #expect(form.state(of: field) == .idle)
        }
        #expect(await directory.started == lookups)

        // To given values: no edit, no rule runs.
        var values = Values()
        values.email = "nope"
        form.reset(to: values)
        await form.settle()
        #expect(form.email.value == "nope")
        #expect(form.state(of: .email) == .idle)
    }

    /// `reset` cancels the rules of a `validate()` or `validate(page:)` the app is
    /// awaiting, as it cancels the triggers' (SPEC §15.2): the app's lookup sees its
    /// task cancelled, and the call returns at once with every state `.idle`.
    @Test(.timeLimit(.minutes(1))) func resetCancelsAWholeValidationInFlight() async {
        for page in [nil, IntakeForm.Page.personal] {
            let directory = EmailDirectory()
            let form = IntakeForm(validators: directory)
            fillPersonalPage(form)
            await form.settle()
            // Values put in without an edit: only `validate` looks the address up.
            var values = form.values
            values.email = directory.slowAddress
            form.reset(to: values)
            let validating = Task {
                if let page { await form.validate(page: page) } else { await form.validate() }
            }
            while await !directory.started.contains(directory.slowAddress) { await Task.yield() }
            let startedAt = ContinuousClock.now
            form.reset()
            _ = await validating.value
            #expect(ContinuousClock.now - startedAt < .seconds(10))
            #expect(await directory.cancelledCalls.contains(directory.slowAddress))
            #expect(form.state(of: .email) == .idle)
        }
    }

    /// A form dropped while a rule still runs (here the app's validator awaiting a
    /// slow lookup) goes at once, and the rule is cancelled: the validator sees
    /// `Task.isCancelled`.
    @Test(.timeLimit(.minutes(1))) func aDroppedFormGoesAndCancelsARuleStillRunning() async {
        let directory = EmailDirectory()
        weak var dropped: IntakeForm?
        do {
            let form = IntakeForm(validators: directory)
            dropped = form
            form.email.value = directory.slowAddress    // `validateOn: change`: the lookup starts after its debounce
            while await !directory.started.contains(directory.slowAddress) { await Task.yield() }
        }
        for _ in 0..<100 where dropped != nil { try? await Task.sleep(for: .milliseconds(10)) }
        #expect(dropped == nil)
        for _ in 0..<1_000 where await directory.cancelledCalls.isEmpty { try? await Task.sleep(for: .milliseconds(10)) }
        #expect(await directory.cancelledCalls == [directory.slowAddress])
        #expect(await directory.calls.isEmpty)
    }

    @Test func hiddenAnswersAreNotSubmitted() async {
        let form = IntakeForm(validators: EmailDirectory())
        form.visitReason.value = .illness
        form.symptomList.value = [.pain]
        form.painLevel.value = 7
        form.symptomDays.value = 2
        form.mayBePregnant.value = true
        form.pregnancyWeeks.value = 12
        #expect(form.submittedValues == form.values)

        // Pain no longer ticked: the pain level is hidden by its own condition.
        form.symptomList.value = [.cough]
        #expect(form.submittedValues.painLevel == nil)
        #expect(form.values.painLevel == 7)
        // Not pregnant after all: the weeks go.
        form.mayBePregnant.value = false
        #expect(form.submittedValues.pregnancyWeeks == nil)
        // A check-up: the whole symptoms page is hidden, and so are its answers.
        form.visitReason.value = .checkup
        let submitted = form.submittedValues
        #expect(submitted.symptomList == [] && submitted.symptomDays == nil && submitted.painLevel == nil)
        #expect(submitted.visitReason == .checkup && submitted.mayBePregnant == false)

        // A server does the same to a submission, without a form.
        var posted = Values()
        posted.visitReason = .checkup
        posted.symptomDays = 9
        posted.pregnancyWeeks = 30
        let cleared = IntakeForm.clearingHidden(posted)
        #expect(cleared.symptomDays == nil && cleared.pregnancyWeeks == nil)
        #expect(cleared.visitReason == .checkup)
    }

    @Test func aPagesListIsValidatedWithItsPage() async throws {
        let form = IntakeForm(validators: EmailDirectory())
        form.consent.value = true
        form.takesMedication.value = true
        #expect(await form.validate(page: .history).isValid)
        // An entry without its required name: Next stays on the page, and the entry shows it.
        let entry = try #require(form.medications.append())
        entry.dose.value = "5 mg"
        let report = await form.validate(page: .history)
        #expect(!report.isValid)
        #expect(report.issues == [ValidationIssue(path: "/medications/0/name", message: "Name is required")])
        #expect(report.result(at: "/medications") == .valid)
        #expect(report.result(at: "/fullName") == nil)
        #expect(entry.state(of: .name) == .invalid(message: "Name is required"))
        // Another page's report has no entry of it.
        #expect(await form.validate(page: .personal).result(at: "/medications/0/name") == nil)
        entry.name.value = "Ibuprofen"
        #expect(await form.validate(page: .history).isValid)
        #expect(await IntakeForm.validate(form.values, page: .history, validators: EmailDirectory()).isValid)
        // No medication after all: the hidden list is valid, and its entries are not submitted.
        entry.name.value = ""
        #expect(await !form.validate(page: .history).isValid)
        #expect(entry.state(of: .name) == .invalid(message: "Name is required"))
        form.takesMedication.value = false
        await form.settle()
        // The entry's error goes with the list, before any validate (SPEC §6.2, §14).
        #expect(entry.state(of: .name) == .valid)
        #expect(await form.validate(page: .history).isValid)
        #expect(form.values.medications.count == 1)
        #expect(form.submittedValues.medications == [])
        // A reset empties the list.
        form.reset()
        #expect(form.medications.count == 0)
    }

    @Test func aServerValidatesOnePageWithoutTheForm() async {
        var values = Values()
        values.fullName = "Ada"
        let report = await IntakeForm.validate(values, page: .personal, validators: EmailDirectory())
        #expect(report.invalidFields == [.birthDate, .email, .visitReason])
        #expect(report[.consent] == .valid)
        values.visitReason = .checkup
        values.symptomDays = nil
        #expect(await IntakeForm.validate(values, page: .symptoms, validators: EmailDirectory()).isValid)
    }
}

/// A page with a list (SPEC §14, §15): its report in document order, and a
/// server's message on an entry in it.
@MainActor
struct IntakePageListTests {
    @Test func aPagesReportIsInDocumentOrder() async throws {
        let form = IntakeForm(validators: EmailDirectory())
        form.mayBePregnant.value = true
        form.takesMedication.value = true
        let entry = try #require(form.medications.append())
        entry.dose.value = "5 mg"
        let report = await form.validate(page: .history)
        // The list's paths in its place: after the pregnancy group's field, before consent.
        #expect(report.issues.map(\.path) == ["/pregnancyWeeks", "/medications/0/name", "/consent"])
        let pagePaths = Set(report.issues.map(\.path))
        let whole = await form.validate()
        #expect(whole.issues.map(\.path).filter(pagePaths.contains) == report.issues.map(\.path))
        // The server's view of the page is the same.
        let served = await IntakeForm.validate(form.values, page: .history, validators: EmailDirectory())
        #expect(served.issues == report.issues)
    }

    /// A form on its last page with one medication, valid, whose entry then shows
    /// a server's message.
    static func formWithAMedicationsServerMessage() async throws -> (IntakeForm, IntakeForm.MedicationEntry) {
        let form = IntakeForm(validators: EmailDirectory())
        form.consent.value = true
        form.takesMedication.value = true
        let entry = try #require(form.medications.append())
        entry.name.value = "Ibuprofen"
        #expect(await form.validate(page: .history).isValid)
        #expect(form.setError("Not a medication we know", at: "/medications/0/name"))
        return (form, entry)
    }

    @Test func anEntrysServerMessageIsInThePagesReport() async throws {
        let (form, entry) = try await Self.formWithAMedicationsServerMessage()
        let report = await form.validate(page: .history)
        #expect(!report.isValid)
        #expect(report.issues == [ValidationIssue(path: "/medications/0/name", message: "Not a medication we know")])
        #expect(report.result(at: "/medications/0/name") == .invalid(message: "Not a medication we know"))
        #expect(entry.state(of: .name) == .invalid(message: "Not a medication we know"))
        // Another page's report does not carry it; the whole form's does.
        #expect(await form.validate(page: .personal).result(at: "/medications/0/name") == nil)
        #expect(await form.validate().result(at: "/medications/0/name") == .invalid(message: "Not a medication we know"))
        form.clearErrors()
        #expect(await form.validate(page: .history).isValid)
    }

    /// A message from `setError` on a field that is hidden (its own condition,
    /// its page's, its list's) is not in any report while the field is hidden: a
    /// hidden field is valid (SPEC §6.2, §14, §15.1). The field keeps the message;
    /// shown again with the value unchanged, the reports have it again.
    @Test func aHiddenFieldsServerMessageIsNotReported() async throws {
        let (form, entry) = try await Self.formWithAMedicationsServerMessage()
        form.mayBePregnant.value = true
        form.pregnancyWeeks.value = 12
        form.setError("Check the weeks", for: .pregnancyWeeks)
        form.visitReason.value = .illness
        form.symptomDays.value = 2
        form.setError("Checked already", for: .symptomDays)
        #expect(await form.validate(page: .history).issues.map(\.path) == ["/pregnancyWeeks", "/medications/0/name"])
        #expect(await form.validate(page: .symptoms).issues.map(\.path).contains("/symptomDays"))
        // Hidden: the list, the pregnancy question and the symptoms page.
        form.takesMedication.value = false
        form.mayBePregnant.value = false
        form.visitReason.value = .checkup
        let history = await form.validate(page: .history)
        #expect(history.isValid, "\(history.issues)")
        #expect(await form.validate(page: .symptoms).isValid)
        // The fields keep their messages, unseen, for when they are shown again.
        #expect(form.state(of: .pregnancyWeeks) == .invalid(message: "Check the weeks"))
        #expect(entry.state(of: .name) == .invalid(message: "Not a medication we know"))
        let whole = await form.validate()
        #expect(!whole.issues.map(\.path).contains { ["/pregnancyWeeks", "/symptomDays", "/medications/0/name"].contains($0) }, "\(whole.issues)")
        // Shown again, nothing edited: the messages are back.
        form.takesMedication.value = true
        form.mayBePregnant.value = true
        #expect(await form.validate(page: .history).issues == [
            ValidationIssue(path: "/pregnancyWeeks", message: "Check the weeks"),
            ValidationIssue(path: "/medications/0/name", message: "Not a medication we know"),
        ])
        #expect(form.state(of: .pregnancyWeeks) == .invalid(message: "Check the weeks"))
        #expect(entry.state(of: .name) == .invalid(message: "Not a medication we know"))
    }
}
