/// How the literals of SPEC §10 are spelled in generated Swift: exactly, with no
/// `Double` on the way and nothing parsed at run time.
enum SwiftLiterals {
    /// `18` for an `Int`; for a `Decimal`, `Decimal(sign: .plus, exponent: -2, significand: 250)`,
    /// which is exact where a floating-point literal (`2.5`) would not be.
    static func number(_ value: DecimalLiteral, decimal: Bool) -> String {
        if !decimal, let integer = value.integerValue { return String(integer) }
        let sign = value.isNegative ? ".minus" : ".plus"
        return "Decimal(sign: \(sign), exponent: \(-value.scale), significand: \(value.digits))"
    }

    /// `FormDate(clampingYear: 2026, month: 1, day: 31)` and the like: the
    /// checker has made sure the value is real, so clamping never changes it.
    static func date(_ value: DateValue) -> String {
        switch value {
        case .date(let date): "FormDate(clampingYear: \(date.year), month: \(date.month), day: \(date.day))"
        case .time(let time): "FormTime(clampingHour: \(time.hour), minute: \(time.minute))"
        case .dateTime(let instant): "Date(timeIntervalSince1970: \(instant.secondsSince1970))"
        }
    }
}
