import FormModel
import FormSource

/// The checks of a number field's own keys (SPEC §10): `decimals`, and a
/// `default` and `step` that the field can hold. A slider's bounds are checked
/// with its rules (`RuleChecker`), which hold them.
enum FieldKindChecker {
    /// The most digits after the decimal point.
    static let maxDecimals = 9

    static func check(_ field: NumberFieldDecl, diagnostics: inout DiagnosticBag) {
        if let decimals = field.decimals, decimals.value > maxDecimals {
            diagnostics.error(
                .invalidNumber, "decimals must be 0 to \(maxDecimals), found \(decimals.value)", at: decimals.range,
                help: ["a Decimal keeps up to \(maxDecimals) digits after the point here; use 0 for whole numbers"]
            )
            return
        }
        let places = field.places
        if let value = field.defaultValue {
            checkFits(value, places: places, what: "default", diagnostics: &diagnostics)
        }
        if let step = field.step {
            if step.value <= DecimalLiteral("0")! {
                diagnostics.error(.invalidNumber, "step must be greater than 0, found \(step.value)", at: step.range)
            } else {
                checkFits(step, places: places, what: "step", diagnostics: &diagnostics)
            }
        }
    }

    /// FC302 when `value` has more digits after the point than the field keeps.
    static func checkFits(_ value: Located<DecimalLiteral>, places: Int, what: String, diagnostics: inout DiagnosticBag) {
        guard value.value.significantScale > places else { return }
        let help = places == 0
            ? "the field holds whole numbers; write a whole number, or set 'decimals:'"
            : "write at most \(places) digit\(places == 1 ? "" : "s") after the point, or raise 'decimals:'"
        diagnostics.error(
            .invalidNumber,
            "\(what) \(value.value) has more digits after the point than the field's \(places) decimal\(places == 1 ? "" : "s")",
            at: value.range, help: [help]
        )
    }
}
