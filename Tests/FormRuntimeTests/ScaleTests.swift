import Testing
@testable import FormRuntime

/// Generated forms may have 8,000 fields; these pin that the runtime handles
/// one that size with the same answers as a small one.
@MainActor
@Suite struct ScaleTests {
    static let fieldCount = 8_000

    @Test func aReportOfEightThousandFieldsKeepsItsOrder() {
        let results = (0..<Self.fieldCount).map { index in
            (index, index.isMultiple(of: 1_000) ? ValidationResult.invalid(message: "\(index)") : .valid)
        }
        let report = ValidationReport(results.reversed())
        #expect(report.fields.count == Self.fieldCount)
        #expect(report.invalidFields == stride(from: 7_000, through: 0, by: -1_000).map { $0 })
        #expect(report[4_000] == .invalid(message: "4000"))
    }

    @Test func aControllerOfEightThousandFields() async {
        var triggers: [Int: ValidationTrigger] = [:]
        for field in 0..<Self.fieldCount { triggers[field] = .change }
        var validated = 0
        let controller = FieldValidationController<Int>(triggers: triggers) { field in
            validated += 1
            return field.isMultiple(of: 2) ? .valid : .invalid(message: "odd")
        }
        var notifications = 0
        controller.addStateObserver { _, _ in notifications += 1 }
        for field in 0..<Self.fieldCount {
            await controller.didChange(field)
        }
        #expect(validated == Self.fieldCount)
        #expect(notifications == 2 * Self.fieldCount)
        #expect(controller.state(of: 7_999) == .invalid(message: "odd"))
        #expect(controller.state(of: 7_998) == .valid)
    }
}
