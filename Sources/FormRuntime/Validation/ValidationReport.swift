/// The result of validating a whole form: one `ValidationResult` per field, in
/// document order (SPEC §6.3).
///
/// `Sendable`, so a server can validate a payload off the main actor and pass the
/// report on.
public struct ValidationReport<Field: Hashable & Sendable>: Equatable, Sendable {
    /// Every field given to the initializer, once each, in document order.
    public let fields: [Field]
    private let results: [Field: ValidationResult]
    /// The fields whose result is `.invalid`, in document order: the form's own
    /// fields and lists' own rules; the entries' fields are in `issues`.
    public let invalidFields: [Field]
    /// True when no result is `.invalid` or `.cancelled`: a cancelled check proved nothing.
    public let isValid: Bool
    /// Every invalid value, in document order, at its JSON Pointer (SPEC §14): what a
    /// server answers a submission with, and what a client puts at each field.
    public let issues: [ValidationIssue]
    private let resultsByPath: [String: ValidationResult]
    /// Every path of `values`, in document order (for `replacing(_:)`).
    private let paths: [String]

    /// `results` in document order, each field's value at the path `/` + its raw value
    /// (its description when `Field` is not `RawRepresentable` by `String`). A field
    /// listed twice keeps its first place and its last result.
    public init(_ results: [(Field, ValidationResult)]) {
        self.init(results, values: results.map { (path: JSONPointer.path([Self.token(of: $0.0)]), result: $0.1) })
    }

    /// `results` for the fields, and `values`: the path of every value the form holds
    /// (the fields' and, for a list, the list's own path followed by its entries'
    /// fields' paths) with its result, in document order. `issues` and `result(at:)`
    /// read `values`; `subscript`, `fields` and `invalidFields` read `results`. A path
    /// listed twice keeps its first place and its last result.
    public init(_ results: [(Field, ValidationResult)], values: [(path: String, result: ValidationResult)]) {
        var fields: [Field] = []
        var byField: [Field: ValidationResult] = [:]
        fields.reserveCapacity(results.count)
        byField.reserveCapacity(results.count)
        for (field, result) in results {
            if byField.updateValue(result, forKey: field) == nil {
                fields.append(field)
            }
        }
        var paths: [String] = []
        var byPath: [String: ValidationResult] = [:]
        paths.reserveCapacity(values.count)
        byPath.reserveCapacity(values.count)
        for (path, result) in values {
            if byPath.updateValue(result, forKey: path) == nil {
                paths.append(path)
            }
        }
        self.fields = fields
        self.results = byField
        self.invalidFields = fields.filter { byField[$0]?.message != nil }
        self.resultsByPath = byPath
        self.paths = paths
        self.issues = paths.compactMap { path in
            byPath[path]?.message.map { ValidationIssue(path: path, message: $0) }
        }
        self.isValid = !byField.values.contains { $0 != .valid } && !byPath.values.contains { $0 != .valid }
    }

    /// The same report with `replacements` as the results of those fields (at their
    /// paths too), every other result and path as it was: how a form's `validate()`
    /// reports the messages that `setError` shows (SPEC §15.2).
    public func replacing(_ replacements: [Field: ValidationResult]) -> ValidationReport {
        guard !replacements.isEmpty else { return self }
        var byPath = resultsByPath
        for (field, result) in replacements where results[field] != nil {
            byPath[JSONPointer.path([Self.token(of: field)])] = result
        }
        return ValidationReport(
            fields.map { ($0, replacements[$0] ?? results[$0] ?? .valid) },
            values: paths.map { (path: $0, result: byPath[$0] ?? .valid) }
        )
    }

    /// The same report with `replacements` as the results at those paths (a path the
    /// report does not hold is ignored), every field's result and every other path
    /// as it was: how a form's `validate()` reports the messages that `setError`
    /// shows on list entries' fields (SPEC §15.2).
    public func replacing(paths replacements: [String: ValidationResult]) -> ValidationReport {
        guard !replacements.isEmpty else { return self }
        return ValidationReport(
            fields.map { ($0, results[$0] ?? .valid) },
            values: paths.map { (path: $0, result: replacements[$0] ?? resultsByPath[$0] ?? .valid) }
        )
    }

    /// The result of `field`; `.valid` for a field the report does not hold
    /// (e.g. one without rules).
    public subscript(field: Field) -> ValidationResult {
        results[field] ?? .valid
    }

    /// The result of the value at the JSON Pointer `path` (`/email`, `/employers/1/company`):
    /// `.valid` for a value that passed, nil for a path that names no value of the report.
    /// A value that holds others (an entry, `/employers/1`; the whole form, `""`) has
    /// the first result in document order among them that is not `.valid`, else
    /// `.valid`; a list's own path has its own rules' result (`minItems`, `maxItems`).
    public func result(at path: String) -> ValidationResult? {
        if let result = resultsByPath[path] { return result }
        let inside = path + "/"
        var holdsAny = false
        for stored in paths where stored.hasPrefix(inside) {
            holdsAny = true
            if let result = resultsByPath[stored], result != .valid { return result }
        }
        return holdsAny ? .valid : nil
    }

    /// The message of the first invalid value in document order, if any: the first
    /// of `issues`, which has a list's entries' fields too (an invalid report whose
    /// only issues are in entries has no `invalidFields`, but has a first message).
    public var firstMessage: String? {
        issues.first?.message ?? invalidFields.first.flatMap { results[$0]?.message }
    }

    private static func token(of field: Field) -> String {
        if let raw = field as? any RawRepresentable<String> {
            return raw.rawValue
        }
        return String(describing: field)
    }
}
