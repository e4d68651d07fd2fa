import FormModel
import FormSource

/// The checks of a number field's own keys (SPEC §10): `decimals`, and a
/// `default` and `step` that the field can hold. A slider's bounds are checked
/// with its rules (`RuleChecker`), which hold them.
enum FieldKindChecker {
    /// The most digits after the decimal point.
    static let maxDecimals = NumberFieldDecl.maxDecimals

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
                diagnostics.error(
                    .invalidNumber, "step must be greater than 0, found \(step.value)", at: step.range,
                    help: ["write how much one tap changes the value, such as \(places > 0 ? "1 or 0.5" : "1")"]
                )
            } else {
                checkFits(step, places: places, what: "step", diagnostics: &diagnostics)
            }
        }
    }

    /// The most digits a number literal of a form may have: an `Int` holds every
    /// such number, and the generated code writes a `Decimal`'s digits as one
    /// integer literal (its significand). Conditions have the same limit.
    static let maxDigits = 18

    /// FC302 when `value` is no value of the field: more than `maxDigits` digits,
    /// or more digits after the point than the field keeps. Returns whether it fits.
    @discardableResult
    static func checkFits(_ value: Located<DecimalLiteral>, places: Int, what: String, diagnostics: inout DiagnosticBag) -> Bool {
        if value.value.digits.count > maxDigits {
            diagnostics.error(
                .invalidNumber, "\(what) \(value.value) has more than \(maxDigits) digits", at: value.range,
                help: ["a number in a form has at most \(maxDigits) digits"]
            )
            return false
        }
        guard value.value.significantScale > places else { return true }
        // The decimals the value needs, where a field can have them (at most 9).
        let needed = value.value.significantScale
        let digits = "write at most \(places) digit\(places == 1 ? "" : "s") after the point"
        let help: DiagnosticHelp = switch (places == 0, needed <= 9) {
        case (true, true): "the field holds whole numbers; write a whole number, or set 'decimals: \(needed)'"
        case (true, false): "the field holds whole numbers; write a whole number, or at most 9 digits after the point with 'decimals: 9'"
        case (false, true): "\(digits), or raise 'decimals:' to \(needed)"
        case (false, false): places < 9 ? "\(digits), or at most 9 with 'decimals: 9'" : "\(digits): a field keeps at most 9"
        }
        diagnostics.error(
            .invalidNumber,
            "\(what) \(value.value) has more digits after the point than the field's \(places) decimal\(places == 1 ? "" : "s")",
            at: value.range, help: [help]
        )
        return false
    }
}
