import Testing
import FormRuntime

// A hand-written form in the shape docs/design/generated-code.md gives the
// emitter, compiled here under Swift 6 strict concurrency with a plain
// `import FormRuntime`: if the runtime's API cannot be used that way, this file
// stops compiling.

/// A hand-written stand-in for what formc generates from a sign-up form.
@MainActor
final class ShapeForm {
    enum Field: String, CaseIterable, Sendable { case email, password, confirmPassword, plan, company, acceptTerms }
    enum Plan: String, CaseIterable, Codable, Sendable { case free, pro }

    struct Values: Codable, Equatable, Sendable {
        var email: String
        var password: String
        var confirmPassword: String
        var plan: Plan?
        var company: String
        var acceptTerms: Bool

        init() {
            email = ""; password = ""; confirmPassword = ""; plan = nil; company = ""; acceptTerms = false
        }
    }

    let email: FormValue<String>
    let password: FormValue<String>
    let confirmPassword: FormValue<String>
    let plan: FormValue<Plan?>
    let company: FormValue<String>
    let acceptTerms: FormValue<Bool>

    init(values: Values = Values()) {
        email = FormValue(values.email)
        password = FormValue(values.password)
        confirmPassword = FormValue(values.confirmPassword)
        plan = FormValue(values.plan)
        company = FormValue(values.company)
        acceptTerms = FormValue(values.acceptTerms)
    }

    var values: Values {
        var values = Values()
        values.email = email.value
        values.password = password.value
        values.confirmPassword = confirmPassword.value
        values.plan = plan.value
        values.company = company.value
        values.acceptTerms = acceptTerms.value
        return values
    }

    private(set) lazy var elements: [any FormElement] = [
        GroupElement(id: "account", title: "Account", style: .grouped, elements: [
            TextFieldElement(id: "email", placeholder: "you@example.com", keyboard: .email, value: email),
            FloatLabelElement(id: "password", label: "Password", secure: true, value: password),
            TextFieldElement(id: "confirmPassword", secure: true, value: confirmPassword),
        ]),
        SegmentElement(id: "plan", title: "Plan",
                       options: [SegmentOption(value: .free, title: "Free"), SegmentOption(value: .pro, title: "Pro")],
                       value: plan),
        TextFieldElement(id: "company", placeholder: "Company", value: company,
                         visible: { [unowned self] in self.isVisible(.company) }),
        BooleanElement(id: "acceptTerms", title: "I accept the terms", value: acceptTerms),
    ]

    private lazy var controller = FieldValidationController<Field>(
        triggers: [.email: .change],
        dependents: [.password: [.confirmPassword]],
        validate: { [unowned self] field in await Self.validate(field, in: self.values) }
    )

    private static let passwordDigit = FormPattern(".*[0-9].*")

    func validate() async -> ValidationReport<Field> {
        let report = await Self.validate(values)
        controller.apply(report)
        return report
    }

    nonisolated static func validate(_ values: Values) async -> ValidationReport<Field> {
        var results: [(Field, ValidationResult)] = []
        for field in Field.allCases {
            results.append((field, await validate(field, in: values)))
        }
        return ValidationReport(results)
    }

    nonisolated static func isVisible(_ field: Field, in values: Values) -> Bool {
        switch field {
        case .company: values.plan == .pro
        default: true
        }
    }

    func isVisible(_ field: Field) -> Bool { Self.isVisible(field, in: values) }
    func didChange(_ field: Field) async { await controller.didChange(field) }
    func didEndEditing(_ field: Field) async { await controller.didEndEditing(field) }
    func state(of field: Field) -> FieldState { controller.state(of: field) }

    private nonisolated static func validate(_ field: Field, in values: Values) async -> ValidationResult {
        guard isVisible(field, in: values) else { return .valid }
        switch field {
        case .email:
            return await RuleRunner.validate(values.email, in: values, rules: [
                .required(message: "Email is required"), .email(message: "Email is not a valid email address"),
            ])
        case .password:
            return await RuleRunner.validate(values.password, in: values, rules: [
                .required(message: "Password is required"),
                .minLength(8, message: "Password must be at least 8 characters"),
                .pattern(passwordDigit, message: "Use at least one digit"),
            ])
        case .confirmPassword:
            return await RuleRunner.validate(values.confirmPassword, in: values, rules: [
                .sameAs({ $0.password }, message: "The passwords don't match"),
            ])
        case .plan:
            return await RuleRunner.validate(values.plan, in: values, rules: [.required(message: "Plan is required")])
        case .company:
            return await RuleRunner.validate(values.company, in: values, rules: [.required(message: "Company is required")])
        case .acceptTerms:
            return await RuleRunner.validate(values.acceptTerms, in: values, rules: [
                .required(message: "I accept the terms is required"),
            ])
        }
    }
}

@MainActor
@Suite struct GeneratedShapeTests {
    @Test func validatesAndSetsStates() async {
        let form = ShapeForm()
        let report = await form.validate()
        #expect(report.invalidFields == [.email, .password, .plan, .acceptTerms])
        #expect(form.state(of: .email) == .invalid(message: "Email is required"))
        #expect(form.state(of: .company) == .valid)   // hidden
    }

    @Test func aValidFormFromAnyIsolation() async {
        var values = ShapeForm.Values()
        values.email = "a@b.io"
        values.password = "passw0rd"
        values.confirmPassword = "passw0rd"
        values.plan = .pro
        values.company = "Acme"
        values.acceptTerms = true
        let snapshot = values
        let report = await Task.detached { await ShapeForm.validate(snapshot) }.value
        #expect(report.isValid)
        values.company = " \n"
        #expect(await ShapeForm.validate(values).invalidFields == [.company])
    }

    @Test func editsDriveTheStates() async {
        let form = ShapeForm()
        form.email.value = "a@b"
        await form.didChange(.email)
        #expect(form.state(of: .email) == .invalid(message: "Email is not a valid email address"))
        form.email.value = "a@b.io"
        await form.didChange(.email)
        #expect(form.state(of: .email) == .valid)
        let company = form.elements[2]
        #expect(!company.isVisible)
        form.plan.value = .pro
        #expect(company.isVisible)
    }
}
