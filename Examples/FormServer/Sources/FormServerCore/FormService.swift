import FormRuntime
import Foundation

#if compiler(>=6.2)
/// What lets a form's type be used inside the server's `@Sendable` handlers:
/// Swift 6.2's `SendableMetatype`, which every generated form's type has.
public typealias FormTypeAcrossTasks = SendableMetatype
#else
/// Before Swift 6.2 a metatype crosses into `@Sendable` closures as it is.
public protocol FormTypeAcrossTasks {}
#endif

/// A generated form as the server takes it: its values' type and what drops the
/// answers the person could not see, callable off the main actor (SPEC §5, §15.2:
/// the static members are `nonisolated`). Its rules are given when it is registered,
/// since a form with `custom` rules validates with the server's validators.
public protocol SubmittableForm: FormTypeAcrossTasks {
    associatedtype Values: Codable & Sendable
    associatedtype Field: Hashable & Sendable
    static func clearingHidden(_ values: Values, in context: ValidationContext) -> Values
}

/// What the server answers, without HTTP types: a status, a media type, the
/// language of the messages, the bytes.
public struct FormResponse: Sendable, Equatable {
    public var status: Int
    public var contentType: String
    public var contentLanguage: String?
    public var body: Data

    public static func problem(_ problem: Problem, language: String? = nil) -> FormResponse {
        FormResponse(status: problem.status, contentType: "application/problem+json",
                     contentLanguage: language, body: problem.json)
    }
}

/// The forms the server accepts, by the path segment that names each
/// (`POST /forms/intake`), and the catalog their messages are translated with.
public struct FormService: Sendable {
    /// The largest body read; a longer one is `413`.
    public static let maxBodySize = 64 * 1024

    private let forms: [String: @Sendable (Data, ValidationContext) async -> Outcome]
    /// Each form's `languages(of:)`.
    private let formLanguages: [String: [String]]
    public let catalog: StringCatalog

    /// A form's answer to a body: the values to store, or why not.
    enum Outcome: Sendable {
        case accepted(Data)
        case invalid([ValidationIssue])
        case malformed(detail: String, pointer: String)
        case notJSON
    }

    /// The service for this package's forms, with the bundled catalog.
    public static func bundled() throws -> FormService {
        guard let url = Bundle.module.url(forResource: "Localizable", withExtension: "xcstrings") else {
            throw StringCatalog.Error("Localizable.xcstrings is not in the bundle")
        }
        var service = FormService(catalog: try StringCatalog(contentsOf: url))
        service.register(SignUpForm.self, at: "signup") { values, context in
            await SignUpForm.validate(values, in: context)
        }
        let patients = PatientRegistry()
        service.register(IntakeForm.self, at: "intake") { values, context in
            await IntakeForm.validate(values, in: context, validators: IntakeValidators(patients: patients, context: context))
        } store: { values, context in
            await patients.register(values.email) ? [] : [IntakeValidators.emailTaken(values.email, context: context)]
        }
        return service
    }

    public init(catalog: StringCatalog) {
        self.init(catalog: catalog, forms: [:], formLanguages: [:])
    }

    /// Accepts `Form`'s submissions at `POST /forms/NAME`: `validate` gives the
    /// report of the values as they would be stored, `store` keeps values that passed
    /// and gives issues when it cannot (a value another submission claimed meanwhile).
    public mutating func register<Form: SubmittableForm>(
        _ form: Form.Type,
        at name: String,
        validate: @escaping @Sendable (Form.Values, ValidationContext) async -> ValidationReport<Form.Field>,
        store: @escaping @Sendable (Form.Values, ValidationContext) async -> [ValidationIssue] = { _, _ in [] }
    ) {
        var forms = self.forms
        forms[name] = { body, context in
            await Self.submit(Form.self, body: body, context: context, validate: validate, store: store)
        }
        var formLanguages = self.formLanguages
        formLanguages[name] = languages(ofForm: String(describing: Form.self))
        self = FormService(catalog: catalog, forms: forms, formLanguages: formLanguages)
    }

    private init(
        catalog: StringCatalog, forms: [String: @Sendable (Data, ValidationContext) async -> Outcome],
        formLanguages: [String: [String]]
    ) {
        self.catalog = catalog
        self.forms = forms
        self.formLanguages = formLanguages
    }

    /// The languages a form's messages come in: the source language, and each
    /// translation that has every one of the form's messages (its keys
    /// `FormName.….message`, SPEC §11). A language the catalog has for other forms,
    /// or for some of this form's messages only, would name a `Content-Language`
    /// the messages are not in.
    func languages(ofForm form: String) -> [String] {
        let messages = catalog.keys.filter { $0.hasPrefix(form + ".") && $0.hasSuffix(".message") }
        return languages.filter { language in
            language == catalog.sourceLanguage || messages.allSatisfy { catalog.string($0, locale: language) != nil }
        }
    }

    /// The names of the forms, sorted.
    public var formNames: [String] { forms.keys.sorted() }

    /// The languages messages come in: the catalog's source language and its translations.
    public var languages: [String] {
        [catalog.sourceLanguage] + catalog.languages.filter { $0 != catalog.sourceLanguage }
    }

    /// The answer to a submission of form `name`: `201` with the values as stored
    /// (hidden answers dropped), `422` with the issues, or a `4xx` problem.
    public func submit(
        form name: String, body: Data, contentType: String?, acceptLanguage: String?, contentEncoding: String? = nil
    ) async -> FormResponse {
        guard let form = forms[name] else {
            return .problem(.http(404, "Not Found", detail: "There is no form '\(name)'. Forms: \(formNames.joined(separator: ", "))."))
        }
        let language = AcceptLanguage.negotiate(
            acceptLanguage, available: formLanguages[name] ?? [catalog.sourceLanguage], default: catalog.sourceLanguage)
        guard let contentType, Self.isJSON(contentType) else {
            return .problem(.http(415, "Unsupported Media Type",
                                  detail: "Send the form's values as application/json\(contentType.map { ", not \($0)" } ?? "")."))
        }
        // The body is read as it came: a coding other than `identity` (gzip) is not undone (RFC 9110 §8.4).
        if let contentEncoding, !contentEncoding.split(separator: ",").allSatisfy({
            $0.trimmingCharacters(in: .whitespaces).lowercased() == "identity"
        }) {
            return .problem(.http(415, "Unsupported Media Type",
                                  detail: "Send the values without a content coding, not \(contentEncoding)."))
        }
        if body.count > Self.maxBodySize {
            return .problem(Self.tooLarge)
        }
        var context = ValidationContext()
        if language != catalog.sourceLanguage {
            context.localization = .catalog(catalog, locale: language)
        }
        switch await form(body, context) {
        case .accepted(let values):
            return FormResponse(status: 201, contentType: "application/json", contentLanguage: language, body: values)
        case .invalid(let issues):
            let problem = Problem(
                type: "/problems/invalid-values", title: "The values break the form's rules", status: 422,
                detail: issues.count == 1 ? "1 value is invalid." : "\(issues.count) values are invalid.",
                issues: issues)
            return .problem(problem, language: language)
        case .malformed(let detail, let pointer):
            return .problem(Problem(type: "/problems/malformed-values", title: "The body is not the form's values",
                                    status: 400, detail: detail, pointer: pointer))
        case .notJSON:
            return .problem(.http(400, "Bad Request", detail: "The body is not JSON."))
        }
    }

    /// The problem for a body over `maxBodySize`.
    public static let tooLarge = Problem.http(413, "Content Too Large",
                                              detail: "The body is larger than \(maxBodySize) bytes, more than any form's values.")

    /// `application/json`, or any `+json` type, with or without parameters.
    static func isJSON(_ contentType: String) -> Bool {
        // An empty type (`Content-Type:` or `;`) is no JSON, never an index out of range.
        let type = (contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
            .trimmingCharacters(in: .whitespaces).lowercased()
        return type == "application/json" || (type.hasPrefix("application/") && type.hasSuffix("+json"))
    }

    static func submit<Form: SubmittableForm>(
        _ form: Form.Type,
        body: Data,
        context: ValidationContext,
        validate: @Sendable (Form.Values, ValidationContext) async -> ValidationReport<Form.Field>,
        store: @Sendable (Form.Values, ValidationContext) async -> [ValidationIssue]
    ) async -> Outcome {
        // JSON between systems is UTF-8 (RFC 8259 §8.1). Foundation's decoder reads
        // UTF-16 and UTF-32 too, which the nesting check below, reading bytes, cannot
        // follow: such a body (any NUL byte, or bytes that are no UTF-8) is refused.
        guard !body.contains(0), String(validating: body, as: UTF8.self) != nil else {
            return .notJSON
        }
        // Checked before Foundation parses it: its parser traps on some bodies nested
        // deeper than its own limit of 512, which would take the server down.
        if Self.nestsDeeper(than: Self.maxNesting, body) {
            return .malformed(
                detail: "The values nest more than \(Self.maxNesting) levels deep, deeper than any form's.", pointer: "")
        }
        let values: Form.Values
        do {
            values = try JSONDecoder().decode(Form.Values.self, from: body)
        } catch let error as DecodingError {
            return Self.malformed(error, body: body)
        } catch {
            return .malformed(detail: "The body could not be read: \(error.localizedDescription)", pointer: "")
        }
        let submitted = Form.clearingHidden(values, in: context)
        let report = await validate(submitted, context)
        guard report.isValid else {
            return .invalid(report.issues)
        }
        // Encoded before it is stored: values that cannot be written back are never stored.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let stored: Data
        do {
            stored = try encoder.encode(submitted)
        } catch {
            return .malformed(detail: "The values cannot be written back: \(error)", pointer: "")
        }
        let refused = await store(submitted, context)
        guard refused.isEmpty else {
            return .invalid(refused)
        }
        return .accepted(stored)
    }

    /// The deepest a form's values nest (the values' object, a list, an entry, a
    /// multiChoice's array), with room to spare.
    static let maxNesting = 16

    /// Whether arrays and objects in `body` nest deeper than `limit` (brackets inside
    /// strings are text); read as far as the first level past it.
    static func nestsDeeper(than limit: Int, _ body: Data) -> Bool {
        var depth = 0
        var inString = false
        var escaped = false
        for byte in body {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > limit { return true }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return false
    }

    /// What a decoding error says, at its JSON Pointer.
    static func malformed(_ error: DecodingError, body: Data) -> Outcome {
        func pointer(_ path: [any CodingKey]) -> String {
            JSONPointer.path(path.map { $0.intValue.map(String.init) ?? $0.stringValue })
        }
        switch error {
        case .keyNotFound(let key, let context):
            return .malformed(detail: "The value '\(key.stringValue)' is missing.", pointer: pointer(context.codingPath + [key]))
        case .typeMismatch(let type, let context):
            return .malformed(detail: "Expected \(Self.describe(type)).", pointer: pointer(context.codingPath))
        case .valueNotFound(let type, let context):
            return .malformed(detail: "Expected \(Self.describe(type)), found null.", pointer: pointer(context.codingPath))
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty, (try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])) == nil {
                return .notJSON
            }
            if context.codingPath.isEmpty {
                // Foundation on Linux says "not valid JSON", with no path, of a number its field cannot hold.
                return .malformed(
                    detail: "A value is not one its field takes: a number too large for it, or a fraction where a whole number goes.",
                    pointer: "")
            }
            return .malformed(detail: "The value is not one the field takes: \(context.debugDescription)", pointer: pointer(context.codingPath))
        @unknown default:
            return .malformed(detail: "The body is not the form's values.", pointer: "")
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        let name = String(describing: type)
        switch name {
        case "String": return "a string"
        case "Bool": return "true or false"
        case "Int", "Double", "Decimal": return "a number"
        default:
            if name.hasPrefix("Array<") { return "an array" }
            if name.hasPrefix("Dictionary<") { return "an object" }
            return "a value of type \(name)"
        }
    }
}
