import Testing
@testable import FormRuntime

@Suite struct ValidationReportTests {
    enum Field: String, Hashable, Sendable { case email, password, confirm, terms }

    @Test func keepsDocumentOrder() {
        let report = ValidationReport<Field>([
            (.email, .invalid(message: "Email is required")),
            (.password, .valid),
            (.confirm, .invalid(message: "Mismatch")),
            (.terms, .invalid(message: "Accept")),
        ])
        #expect(report.fields == [.email, .password, .confirm, .terms])
        #expect(report.invalidFields == [.email, .confirm, .terms])
        #expect(report.firstMessage == "Email is required")
        #expect(!report.isValid)
        #expect(report[.password] == .valid)
        #expect(report[.confirm] == .invalid(message: "Mismatch"))
    }

    @Test func invalidFieldsFollowTheGivenOrderNotTheEnumOrder() {
        let report = ValidationReport<Field>([(.terms, .invalid(message: "t")), (.email, .invalid(message: "e"))])
        #expect(report.invalidFields == [.terms, .email])
    }

    @Test func allValidIsValid() {
        let report = ValidationReport<Field>([(.email, .valid), (.password, .valid)])
        #expect(report.isValid)
        #expect(report.invalidFields.isEmpty)
        #expect(report.firstMessage == nil)
    }

    @Test func aCancelledFieldIsNotValidButNotInvalid() {
        let report = ValidationReport<Field>([(.email, .valid), (.password, .cancelled)])
        #expect(!report.isValid)
        #expect(report.invalidFields.isEmpty)
    }

    @Test func anAbsentFieldIsValid() {
        let report = ValidationReport<Field>([(.email, .invalid(message: "e"))])
        #expect(report[.terms] == .valid)
        #expect(ValidationReport<Field>([]).isValid)
    }

    @Test func aRepeatedFieldKeepsItsFirstPlaceAndLastResult() {
        let report = ValidationReport<Field>([
            (.email, .invalid(message: "old")), (.password, .valid), (.email, .invalid(message: "new")),
        ])
        #expect(report.fields == [.email, .password])
        #expect(report[.email] == .invalid(message: "new"))
        #expect(report.invalidFields == [.email])
    }

    @Test func equality() {
        let a = ValidationReport<Field>([(.email, .valid), (.password, .invalid(message: "p"))])
        let b = ValidationReport<Field>([(.email, .valid), (.password, .invalid(message: "p"))])
        let c = ValidationReport<Field>([(.password, .invalid(message: "p")), (.email, .valid)])
        #expect(a == b)
        #expect(a != c)
    }

    @Test func fieldStateFromResult() {
        #expect(FieldState(.valid) == .valid)
        #expect(FieldState(.invalid(message: "m")) == .invalid(message: "m"))
        #expect(FieldState(.cancelled) == .idle)
        #expect(ValidationResult.invalid(message: "m").message == "m")
        #expect(!ValidationResult.cancelled.isValid)
    }
}
