import Foundation
import FormRuntime
import Testing

// SPEC §2's sign-up form (schemas/signup.form.yaml), compiled by FormcPlugin.

@MainActor
struct SignUpFormTests {
    typealias Values = SignUpForm.Values

    /// Values that pass every rule.
    static var valid: Values {
        var values = Values()
        values.email = "a@b.io"
        values.password = "secret123"
        values.confirmPassword = "secret123"
        values.acceptTerms = true
        return values
    }

    @Test func fieldsAreInDocumentOrder() {
        #expect(SignUpForm.Field.allCases.map(\.rawValue)
            == ["email", "password", "confirmPassword", "newsletter", "plan", "company", "acceptTerms"])
        #expect(SignUpForm.Plan.allCases == [.free, .pro])
    }

    @Test func valuesStartAtTheSchemaDefaults() {
        let values = Values()
        #expect(values.email == "" && values.password == "" && values.company == "")
        #expect(values.newsletter == true)
        #expect(values.acceptTerms == false)
        #expect(values.plan == .free)
        #expect(values == Values(email: "", password: "", confirmPassword: "", newsletter: true, plan: .free, company: "", acceptTerms: false))
    }

    @Test func initValuesAndTheSnapshotAgree() {
        let form = SignUpForm(values: Self.valid)
        #expect(form.email.value == "a@b.io")
        #expect(form.values == Self.valid)
        form.plan.value = .pro
        form.company.value = "Acme"
        #expect(form.values.plan == .pro)
        #expect(form.values.company == "Acme")
        #expect(SignUpForm().values == Values())
    }

    @Test func valuesRoundTripThroughJSON() throws {
        var values = Self.valid
        values.plan = .pro
        values.company = "Ünïcode 🎉 \"quoted\""
        let data = try JSONEncoder().encode(values)
        #expect(try JSONDecoder().decode(Values.self, from: data) == values)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        #expect(object?["plan"] as? String == "pro")
    }

    @Test func emptyFormReportsRequiredFieldsInDocumentOrder() async {
        let report = await SignUpForm.validate(Values())
        #expect(!report.isValid)
        #expect(report.invalidFields == [.email, .password, .acceptTerms])
        #expect(report[.password] == .invalid(message: "Password is required"))
        #expect(report[.acceptTerms] == .invalid(message: "I accept the terms is required"))
        #expect(report[.confirmPassword] == .valid, "sameAs passes on an empty value")
        #expect(report[.company] == .valid, "hidden while the plan is free")
    }

    @Test func issuesPointAtEachInvalidFieldInTheValuesJSON() async throws {
        let report = await SignUpForm.validate(Values())
        #expect(report.issues.map(\.path) == report.invalidFields.map { "/" + $0.rawValue })
        #expect(report.issues.first == ValidationIssue(path: "/email", message: "Email is required"))
        #expect(report.result(at: "/newsletter") == .valid, "a field without rules names a value")
        #expect(report.result(at: "/nothing") == nil)
        // Every path names a key of the submitted JSON.
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(Values())) as? [String: Any]
        for issue in report.issues {
            let tokens = try #require(JSONPointer.tokens(of: issue.path))
            #expect(tokens.count == 1 && object?[tokens[0]] != nil, "\(issue.path)")
        }
    }

    @Test func validValuesPass() async {
        let report = await SignUpForm.validate(Self.valid)
        #expect(report.isValid)
        #expect(report.invalidFields.isEmpty)
    }

    @Test func theFirstFailingRuleWins() async {
        var values = Self.valid
        values.password = "short"  // fails minLength and pattern: minLength comes first
        #expect(await SignUpForm.validate(values)[.password] == .invalid(message: "Password must be at least 8 characters"))
        values.password = "   "  // blank: required
        #expect(await SignUpForm.validate(values)[.password] == .invalid(message: "Password is required"))
        values.password = "longenough"
        #expect(await SignUpForm.validate(values)[.password] == .invalid(message: "Use at least one digit"))
    }

    @Test func sameAsComparesWithTheOtherField() async {
        var values = Self.valid
        values.confirmPassword = "secret124"
        #expect(await SignUpForm.validate(values)[.confirmPassword] == .invalid(message: "The passwords don't match"))
        values.password = "secret124"
        #expect(await SignUpForm.validate(values)[.confirmPassword] == .valid)
    }

    @Test func companyIsVisibleAndRequiredOnlyOnThePro() async {
        var values = Self.valid
        #expect(!SignUpForm.isVisible(.company, in: values))
        values.plan = .pro
        #expect(SignUpForm.isVisible(.company, in: values))
        #expect(await SignUpForm.validate(values)[.company] == .invalid(message: "Company is required"))
        let form = SignUpForm(values: Self.valid)
        #expect(!form.isVisible(.company))
        form.plan.value = .pro
        #expect(form.isVisible(.company))
        #expect(form.isVisible(.email) && form.isEnabled(.company))
    }

    @Test func elementsMirrorTheDocument() throws {
        let form = SignUpForm()
        let elements = form.elements
        #expect(elements.count == 7)
        let text = try #require(elements[0] as? StaticTextElement)
        #expect(text.text == "Welcome! It takes a minute.")
        let group = try #require(elements[1] as? GroupElement)
        #expect(group.id == "account" && group.title == "Account" && group.style == .grouped)
        #expect(group.elements.count == 3)
        let email = try #require(group.elements[0] as? TextFieldElement)
        #expect(email.placeholder == "you@example.com" && email.keyboard == .email)
        #expect(email.value === form.email, "bound to the form's FormValue")
        let password = try #require(group.elements[1] as? FloatLabelElement)
        #expect(password.label == "Password" && password.secure)
        #expect((elements[2] as? SpacerElement)?.height == 16)
        #expect((elements[3] as? BooleanElement)?.title == "Send me product news")
        let plan = try #require(elements[4] as? SegmentElement<SignUpForm.Plan>)
        #expect(plan.options.map(\.value) == [.free, .pro])
        #expect(plan.options.map(\.title) == ["Free", "Pro"])
        let company = try #require(elements[5] as? TextFieldElement)
        #expect(!company.isVisible)
        form.plan.value = .pro
        #expect(company.isVisible)
        #expect(form.elements[5] === company, "built once")
    }

    @Test func valueObserversSeeEdits() {
        let form = SignUpForm()
        var seen: [String] = []
        let token = form.email.addObserver { seen.append($0) }
        form.email.value = "a"
        form.email.value = "a"
        form.email.value = "ab"
        form.email.removeObserver(token)
        form.email.value = "abc"
        #expect(seen == ["a", "ab"])
    }

    @Test func editsValidateOnBlurAfterChange() async {
        let form = SignUpForm()
        var states: [(SignUpForm.Field, FieldState)] = []
        form.addStateObserver { states.append(($0, $1)) }
        await form.didEndEditing(.password)
        #expect(form.state(of: .password) == .idle, "blur without a change")
        form.password.value = "short"
        await form.didChange(.password)
        #expect(form.state(of: .password) == .idle, "a change alone does not validate")
        await form.didEndEditing(.password)
        #expect(form.state(of: .password) == .invalid(message: "Password must be at least 8 characters"))
        #expect(states.last.map { $0.0 } == .password)
    }

    @Test func sameAsIsRecheckedWhenItsTargetChanges() async {
        let form = SignUpForm()
        form.password.value = "secret123"
        form.confirmPassword.value = "secret124"
        await form.didChange(.confirmPassword)
        await form.didEndEditing(.confirmPassword)
        #expect(form.state(of: .confirmPassword) == .invalid(message: "The passwords don't match"))
        form.password.value = "secret124"
        await form.didChange(.password)
        #expect(form.state(of: .confirmPassword) == .valid)
    }

    @Test func validateSetsEveryFieldsState() async {
        let form = SignUpForm()
        let report = await form.validate()
        #expect(report.invalidFields == [.email, .password, .acceptTerms])
        #expect(form.state(of: .password) == .invalid(message: "Password is required"))
        #expect(form.state(of: .newsletter) == .valid)
    }
}
