/// The result of validating a whole form: one `ValidationResult` per field, in
/// document order (SPEC §6.3).
///
/// `Sendable`, so a server can validate a payload off the main actor and pass the
/// report on.
public struct ValidationReport<Field: Hashable & Sendable>: Equatable, Sendable {
    /// Every field given to the initializer, once each, in document order.
    public let fields: [Field]
    private let results: [Field: ValidationResult]
    /// The fields whose result is `.invalid`, in document order.
    public let invalidFields: [Field]
    /// True when no field is `.invalid` or `.cancelled`: a cancelled check proved nothing.
    public let isValid: Bool

    /// `results` in document order. A field listed twice keeps its first place
    /// and its last result.
    public init(_ results: [(Field, ValidationResult)]) {
        var fields: [Field] = []
        var byField: [Field: ValidationResult] = [:]
        fields.reserveCapacity(results.count)
        byField.reserveCapacity(results.count)
        for (field, result) in results {
            if byField.updateValue(result, forKey: field) == nil {
                fields.append(field)
            }
        }
        self.fields = fields
        self.results = byField
        self.invalidFields = fields.filter { byField[$0]?.message != nil }
        self.isValid = !byField.values.contains { $0 != .valid }
    }

    /// The result of `field`; `.valid` for a field the report does not hold
    /// (e.g. one without rules).
    public subscript(field: Field) -> ValidationResult {
        results[field] ?? .valid
    }

    /// The message of the first invalid field in document order, if any.
    public var firstMessage: String? {
        invalidFields.first.flatMap { results[$0]?.message }
    }
}
