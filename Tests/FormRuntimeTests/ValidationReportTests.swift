import Foundation
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

    @Test func issuesListEveryInvalidFieldAtItsPointerInOrder() {
        let report = ValidationReport<Field>([
            (.email, .invalid(message: "Email is required")),
            (.password, .valid),
            (.confirm, .cancelled),
            (.terms, .invalid(message: "Accept")),
        ])
        #expect(report.issues == [
            ValidationIssue(path: "/email", message: "Email is required"),
            ValidationIssue(path: "/terms", message: "Accept"),
        ])
        #expect(report.result(at: "/password") == .valid)
        #expect(report.result(at: "/confirm") == .cancelled)
        #expect(report.result(at: "/email") == .invalid(message: "Email is required"))
        #expect(report.result(at: "/nothing") == nil)
        #expect(report.result(at: "email") == nil)
        // The whole document holds every value: its first result that is not `.valid`.
        #expect(report.result(at: "") == .invalid(message: "Email is required"))
        #expect(report.result(at: "/email/") == nil)
    }

    @Test func valuePathsGiveIssuesOfEntriesAfterTheirList() {
        enum ListField: String, Hashable, Sendable { case name, employers }
        let report = ValidationReport<ListField>(
            [(.name, .valid), (.employers, .invalid(message: "Employers: at most 1 entry is allowed"))],
            values: [
                (path: "/name", result: .valid),
                (path: "/employers", result: .invalid(message: "Employers: at most 1 entry is allowed")),
                (path: "/employers/0/company", result: .valid),
                (path: "/employers/1/company", result: .invalid(message: "Company is required")),
            ]
        )
        #expect(report.issues.map(\.path) == ["/employers", "/employers/1/company"])
        #expect(report.result(at: "/employers/0/company") == .valid)
        #expect(report.result(at: "/employers/2/company") == nil)
        // An entry holds its fields: the first that did not pass, else `.valid`; the
        // list's own path is its own rules' result.
        #expect(report.result(at: "/employers/1") == .invalid(message: "Company is required"))
        #expect(report.result(at: "/employers/0") == .valid)
        #expect(report.result(at: "/employers/2") == nil)
        #expect(report.result(at: "/employers") == .invalid(message: "Employers: at most 1 entry is allowed"))
        #expect(report.invalidFields == [.employers])
    }

    @Test func anInvalidEntryMakesTheReportInvalid() {
        enum ListField: String, Hashable, Sendable { case employers }
        let report = ValidationReport<ListField>(
            [(.employers, .valid)],
            values: [(path: "/employers", result: .valid), (path: "/employers/0/company", result: .invalid(message: "m"))]
        )
        #expect(!report.isValid)
        #expect(report.invalidFields.isEmpty)
        #expect(report.issues == [ValidationIssue(path: "/employers/0/company", message: "m")])
        // The first message is the first issue's, an entry's included.
        #expect(report.firstMessage == "m")
        let valid = ValidationReport<ListField>([(.employers, .valid)], values: [(path: "/employers/0/company", result: .valid)])
        #expect(valid.isValid)
    }

    /// An entry's path as RFC 6901 writes it: an index is `0` or digits without a
    /// leading zero; anything else names no value.
    @Test func anEntryPathsIndexIsCanonical() {
        #expect(FieldPath.entryField(at: "/employers/0/company")! == ("employers", 0, "company"))
        #expect(FieldPath.entryField(at: "/employers/12/company")! == ("employers", 12, "company"))
        for path in ["/employers/00/company", "/employers/01/company", "/employers/+0/company", "/employers/-1/company",
                     "/employers//company", "/employers/1a/company", "/employers/٣/company", "/employers/99999999999999999999/company",
                     "/employers/0", "employers/0/company"] {
            #expect(FieldPath.entryField(at: path) == nil, "\(path)")
        }
    }

    @Test func aFieldWithoutStringRawValuesIsNamedByItsDescription() {
        enum Plain: Hashable, Sendable { case first }
        let report = ValidationReport<Plain>([(.first, .invalid(message: "m"))])
        #expect(report.issues == [ValidationIssue(path: "/first", message: "m")])
    }

    @Test func jsonPointersEscapeTildeAndSlash() {
        #expect(JSONPointer.path(["employers", "1", "company"]) == "/employers/1/company")
        #expect(JSONPointer.path(["a/b", "m~n", ""]) == "/a~1b/m~0n/")
        #expect(JSONPointer.path([]) == "")
        #expect(JSONPointer.tokens(of: "/a~1b/m~0n/") == ["a/b", "m~n", ""])
        #expect(JSONPointer.tokens(of: "/~01") == ["~1"], "~0 then 1 is a tilde and a one, not a slash")
        #expect(JSONPointer.tokens(of: "") == [])
        #expect(JSONPointer.tokens(of: "a") == nil)
        #expect(JSONPointer.tokens(of: "/a~2") == nil)
        #expect(JSONPointer.tokens(of: "/a~") == nil)
        for tokens in [["x"], ["é", "0", "~/~"], ["", ""]] {
            #expect(JSONPointer.tokens(of: JSONPointer.path(tokens)) == tokens)
        }
    }

    @Test func issuesAreCodableAsPathAndMessage() throws {
        let issue = ValidationIssue(path: "/employers/1/company", message: "Company is required")
        let data = try JSONEncoder().encode(issue)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: String]
        #expect(object == ["path": "/employers/1/company", "message": "Company is required"])
        #expect(try JSONDecoder().decode(ValidationIssue.self, from: data) == issue)
    }

    @Test func fieldStateFromResult() {
        #expect(FieldState(.valid) == .valid)
        #expect(FieldState(.invalid(message: "m")) == .invalid(message: "m"))
        #expect(FieldState(.cancelled) == .idle)
        #expect(ValidationResult.invalid(message: "m").message == "m")
        #expect(!ValidationResult.cancelled.isValid)
    }
}
