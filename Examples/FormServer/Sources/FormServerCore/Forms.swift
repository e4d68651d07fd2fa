import FormRuntime

// The generated forms, as the server takes them.
extension SignUpForm: SubmittableForm {}
extension IntakeForm: SubmittableForm {}

/// The patients whose intake the server has accepted, by email address (compared
/// without case): an address takes one intake.
actor PatientRegistry {
    private var emails: Set<String> = []

    func isRegistered(_ email: String) -> Bool {
        emails.contains(email.lowercased())
    }

    /// Registers `email`; false when it was registered already.
    func register(_ email: String) -> Bool {
        emails.insert(email.lowercased()).inserted
    }
}

/// The intake's `custom` rule on the server: an email address that already has an
/// intake is refused, in the request's language. The message is the app's own
/// entry of the shared catalog (`FormServer.emailTaken`), beside the form's keys.
struct IntakeValidators: IntakeFormValidators {
    let patients: PatientRegistry
    let context: ValidationContext

    func emailIsNew(_ value: String, values: IntakeForm.Values) async -> ValidationResult {
        await patients.isRegistered(value) ? .invalid(message: Self.message(context)) : .valid
    }

    static func emailTaken(_ email: String, context: ValidationContext) -> ValidationIssue {
        ValidationIssue(path: "/email", message: message(context))
    }

    private static func message(_ context: ValidationContext) -> String {
        context.localization.string("FormServer.emailTaken", default: "An intake for this email address exists already")
    }
}
