import FormModel
import FormSource

/// The failure message of a rule without a `message` key (SPEC §6.3), computed at
/// compile time and emitted as a literal. The field is named by its display name
/// (title, label or placeholder, else its id in words); a display name that is a
/// question or a prompt (`isQuestion`) is no name, and the message speaks of the
/// answer instead (`An answer is required`, `Must be at most 10`). The emitter,
/// the String Catalog (`FormStrings`) and the preview all take their default
/// messages from here. The wording is listed in docs/design/generated-code.md,
/// "Default messages".
package enum DefaultMessages {
    /// The message of `rule` on a field named `name`; `nil` for `custom`, whose
    /// validator supplies its own. `targetName` is the display name of a `sameAs`
    /// target.
    package static func message(
        for rule: RuleKind, fieldName name: String, targetName: String? = nil, valueType: FieldValueType? = nil
    ) -> String? {
        var message = ""
        let written = forEachPiece(of: rule, fieldName: name, targetName: targetName, valueType: valueType) { message += $0 }
        return written ? message : nil
    }

    /// Whether a display name is a question or a prompt rather than a name: it
    /// ends in `?` or `:` (also their full-width forms, `？` and `：`, and the
    /// Arabic question mark `؟`).
    static func isQuestion(_ name: String) -> Bool {
        switch name.unicodeScalars.last {
        case "?", ":", "\u{FF1F}", "\u{FF1A}", "\u{061F}": true
        default: false
        }
    }

    /// The pieces of `message(for:fieldName:targetName:)`, in order, each handed
    /// to `body`; false (and nothing handed) for `custom`. The emitter writes the
    /// pieces straight into the literal: a large form has tens of thousands of
    /// default messages, and no `String` is made for any of them.
    /// `valueType`, the field's, words a bound that names another field (SPEC §16):
    /// `at least` for numbers, `at or after` for times, `on or after` for dates.
    @discardableResult
    package static func forEachPiece(
        of rule: RuleKind, fieldName name: String, targetName: String? = nil, valueType: FieldValueType? = nil,
        _ body: (String) -> Void
    ) -> Bool {
        // A named field is the sentence's subject (`Age must be at least 18`); a
        // question's sentence speaks of the answer (`Must be at least 18`).
        let isNamed = !isQuestion(name)
        func sentence(_ named: String, _ question: String) {
            if isNamed {
                body(name)
                body(named)
            } else {
                body(question)
            }
        }
        switch rule {
        case .required:
            sentence(" is required", "An answer is required")
        case .minLength(let count):
            sentence(" must be at least ", "Must be at least ")
            characters(count, body)
        case .maxLength(let count):
            sentence(" must be at most ", "Must be at most ")
            characters(count, body)
        case .pattern:
            sentence(" is not in the expected format", "The answer is not in the expected format")
        case .email:
            sentence(" must be a valid email address", "Must be a valid email address")
        case .url:
            sentence(" must be a valid http or https URL", "Must be a valid http or https URL")
        case .sameAs(let target):
            sentence(" must match ", "Must match ")
            // A target whose title is a question is named by its id in words.
            if let targetName, !isQuestion(targetName) {
                body(targetName)
            } else {
                body(SwiftNaming.words(fromIdentifier: target))
            }
        case .custom:
            return false
        case .min(let text), .max(let text):
            let isMin = if case .min = rule { true } else { false }
            if DecimalLiteral(text) != nil {
                if isMin { sentence(" must be at least ", "Must be at least ") } else { sentence(" must be at most ", "Must be at most ") }
                body(text)
            } else if TimeLiteral(text) != nil {
                if isMin { sentence(" must be at or after ", "Must be at or after ") } else { sentence(" must be at or before ", "Must be at or before ") }
                body(text)
            } else {
                if isMin { sentence(" must be on or after ", "Must be on or after ") } else { sentence(" must be on or before ", "Must be on or before ") }
                body(RelativeDateLiteral(text).map(words) ?? text)
            }
        case .minField(let target), .maxField(let target):
            let isMin = if case .minField = rule { true } else { false }
            switch valueType {
            case .number?:
                if isMin { sentence(" must be at least ", "Must be at least ") } else { sentence(" must be at most ", "Must be at most ") }
            case .date(.time, _)?:
                if isMin { sentence(" must be at or after ", "Must be at or after ") } else { sentence(" must be at or before ", "Must be at or before ") }
            default:
                if isMin { sentence(" must be on or after ", "Must be on or after ") } else { sentence(" must be on or before ", "Must be on or before ") }
            }
            // As for `sameAs`: a target whose title is a question is named by its id in words.
            if let targetName, !isQuestion(targetName) {
                body(targetName)
            } else {
                body(SwiftNaming.words(fromIdentifier: target))
            }
        case .minCount(let count), .maxCount(let count):
            let isMin = if case .minCount = rule { true } else { false }
            if isMin { sentence(" must have at least ", "Choose at least ") } else { sentence(" must have at most ", "Choose at most ") }
            body(String(count))
            if isNamed {
                body(count == 1 ? " choice" : " choices")
            } else {
                body(count == 1 ? " option" : " options")
            }
        }
        return true
    }

    /// What words a field's bounds on another field take: a number's, a time's
    /// or a date's (`valueType` of `forEachPiece`); nil for the other kinds.
    package static func boundWording(of kind: ElementKind) -> FieldValueType? {
        switch kind {
        case .number: .number(decimal: false, optional: true)
        case .date(let date): .date(date.dateMode, optional: true)
        default: nil
        }
    }

    /// `today-18y` as words: "18 years ago"; `today+30d`: "30 days from today".
    static func words(_ date: RelativeDateLiteral) -> String {
        guard date.amount != 0 else { return "today" }
        let unit = switch date.unit {
        case .days: "day"
        case .weeks: "week"
        case .months: "month"
        case .years: "year"
        }
        let count = abs(date.amount)
        let span = "\(count) \(unit)\(count == 1 ? "" : "s")"
        return date.amount < 0 ? span + " ago" : span + " from today"
    }

    /// "1 character", "8 characters".
    private static func characters(_ count: Int, _ body: (String) -> Void) {
        body(String(count))
        body(count == 1 ? " character" : " characters")
    }
}

extension DefaultMessages {
    /// SPEC §6.3: the title, label or placeholder, else the id split into words.
    /// A placeholder that is a sample value rather than a name (`you@example.com`,
    /// `https://…`, `1234 5678`) is passed over, so the email field of SPEC §2 reads
    /// "Email is required", as SPEC §6.3 says.
    ///
    /// Worked out by the emitter as it describes each field, not by the checker:
    /// `formc lint` never needs it, so a lint makes none.
    package static func displayName(of kind: ElementKind, id: String) -> String {
        switch kind {
        case .boolean(let field):
            if let name = nonBlank(field.title?.value) { return name }
        case .segment(let field):
            if let name = nonBlank(field.title?.value) { return name }
        case .date(let field):
            if let name = nonBlank(field.title?.value) { return name }
        case .multiChoice(let field):
            if let name = nonBlank(field.title?.value) { return name }
        case .number(let field):
            if let name = nonBlank(field.title?.value) { return name }
            if let placeholder = field.placeholder?.value, !isSampleValue(placeholder), let name = nonBlank(placeholder) {
                return name
            }
        case .text(let field):
            if let name = nonBlank(field.label?.value) { return name }
            if let placeholder = field.placeholder?.value, !isSampleValue(placeholder), let name = nonBlank(placeholder) {
                return name
            }
        default:
            break
        }
        return SwiftNaming.words(fromIdentifier: id)
    }

    /// The text without surrounding whitespace, or nil when nothing is left.
    private static func nonBlank(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingCharactersInWhitespace, !trimmed.isEmpty else { return nil }
        return trimmed
    }

    static func isSampleValue(_ placeholder: String) -> Bool {
        // One byte scan answers for most placeholders: a '@' or an ASCII digit decides;
        // only a ':' (most placeholders have none) needs the substring search, and only
        // non-ASCII text the scalar scan, for the decimal digits of other scripts
        // (`٣`). Numerals that are words are not digits: `一` in 第一个名字 ("first
        // name") leaves the placeholder a name.
        var hasColon = false
        var hasNonASCII = false
        for byte in placeholder.utf8 {
            switch byte {
            case UInt8(ascii: "@"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
            case UInt8(ascii: ":"): hasColon = true
            case 0x80...: hasNonASCII = true
            default: break
            }
        }
        if hasColon, placeholder.contains("://") { return true }
        return hasNonASCII && placeholder.unicodeScalars.contains { $0.properties.numericType == .decimal }
    }
}

extension String {
    fileprivate var trimmingCharactersInWhitespace: String {
        // Most text starts and ends with an ASCII byte that is not whitespace (tab to
        // carriage return, space): keep it, without the scalar scans below.
        if let first = utf8.first, let last = utf8.last, (0x21..<0x80).contains(first), (0x21..<0x80).contains(last) {
            return self
        }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.isWhitespace })!
        // Most text has no whitespace around it: keep it rather than build a copy.
        if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return self }
        return String(scalars[first...last])
    }
}

extension Unicode.Scalar {
    /// The Unicode White_Space property, answered without the property tables for ASCII.
    fileprivate var isWhitespace: Bool {
        isASCII ? self == " " || (0x09...0x0D).contains(value) : properties.isWhitespace
    }
}

extension DefaultMessages {
    /// SPEC §14: a list's `minItems` message, naming the list by `listName` (its
    /// title, else its id in words) and counting entries: `Previous employers: add
    /// at least 1 entry`. A title that is a question or a prompt is no name, as a
    /// field's (SPEC §6.3): `Add at least 2 entries`.
    package static func minItems(listName: String, count: Int) -> String {
        let entries = "at least \(count) \(count == 1 ? "entry" : "entries")"
        return isQuestion(listName) ? "Add " + entries : "\(listName): add " + entries
    }

    /// SPEC §14: `Previous employers: at most 5 entries are allowed`; for a title
    /// that is a question or a prompt, `At most 5 entries are allowed`.
    package static func maxItems(listName: String, count: Int) -> String {
        let allowed = count == 1 ? "at most 1 entry is allowed" : "at most \(count) entries are allowed"
        return isQuestion(listName) ? "A" + allowed.dropFirst() : "\(listName): " + allowed
    }

    /// The name a list's messages use: its title without the whitespace around
    /// it, else its id in words.
    package static func listName(_ list: ListDecl) -> String {
        nonBlank(list.title?.value) ?? SwiftNaming.words(fromIdentifier: list.id.value)
    }
}
