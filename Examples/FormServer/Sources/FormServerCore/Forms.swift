import FormRuntime

// The generated forms, as the server takes them.
extension SignUpForm: SubmittableForm {}
