import FormSource
import FormSyntax

/// Schema-directed reading of single values (SPEC §1): a scalar is read as the type
/// its position expects, so `title: NO` is the string "NO". Each reader reports a
/// located diagnostic and returns nil when the node cannot be that type.
///
/// What a message names (`what`) is an autoclosure: most are built from the
/// element at hand, and are needed only when something is wrong.
package struct ValueReader {
    let tree: SyntaxTree
    package var diagnostics: DiagnosticBag
    /// In JSON a value has its own type: `true` or `12` where a string is expected is
    /// a mistake, not the string "true" (YAML's plain scalars are typed by position).
    package var isJSON = false

    package init(tree: SyntaxTree, diagnostics: DiagnosticBag) {
        self.tree = tree
        self.diagnostics = diagnostics
    }

    /// YAML 1.1 spellings of Booleans that YAML 1.2 and formc read as strings.
    static let yaml11Booleans: Set<String> = ["yes", "no", "on", "off", "y", "n"]

    /// The Boolean a text spells, in any case: `true`/`false`, or YAML 1.1's
    /// `yes`/`on`/`y` and `no`/`off`/`n` (which formc does not accept, and explains);
    /// nil for any other text.
    static func booleanSpelled(by text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "yes", "on", "y": true
        case "false", "no", "off", "n": false
        default: nil
        }
    }

    /// The standard tag that forces a string; the only tag formc accepts outside conditions.
    static let stringTag = "tag:yaml.org,2002:str"

    /// Reports a tag formc does not support. Returns false when the node carries one.
    mutating func acceptTag(of node: NodeID, allowString: Bool) -> Bool {
        guard let tag = tree.tag(node) else { return true }
        if allowString, tag == Self.stringTag || tag == "!!str" { return true }
        diagnostics.error(
            .unsupportedConstruct, "YAML tag '\(Self.displayTag(tag))' is not supported here",
            at: tree.range(node),
            help: [
                DiagnosticHelp(
                    "remove the tag; formc reads every value as the type its key expects",
                    fix: tree.text(node).map { DiagnosticFix(title: "Remove the tag", text: YAMLPlain.literal($0), placement: .node) }
                ),
            ]
        )
        return false
    }

    static func displayTag(_ tag: String) -> String {
        let prefix = "tag:yaml.org,2002:"
        return tag.hasPrefix(prefix) ? "!!" + tag.dropFirst(prefix.count) : tag
    }

    /// A plain scalar with no text: what YAML reads for `key:` with nothing after it.
    func isMissingValue(_ node: NodeID) -> Bool {
        let record = tree.record(node)
        return record.kind == .scalar && record.style == .plain && record.count == 0 && record.tag < 0
    }

    /// What a string read is, for the help of a value that is no string: plain
    /// text, a condition, or a name. A trivial value, as `string` is read for
    /// every element of a form.
    package enum StringKind: Sendable {
        case text, condition
        case name(upper: Bool)

        var expecting: Expecting {
            switch self {
            case .text: .string
            case .condition: .condition
            case .name(let upper): .name(upper: upper)
            }
        }
    }

    mutating func string(_ node: NodeID, _ what: @autoclosure () -> String, as kind: StringKind = .text) -> Located<String>? {
        guard acceptTag(of: node, allowString: true) else { return nil }
        guard let text = stringText(node) else {
            reportNotString(node, what(), expecting: kind.expecting)
            return nil
        }
        return Located(text, at: tree.range(node))
    }

    /// The text of `node` when it is a string: a scalar with a value, quoted in JSON.
    private func stringText(_ node: NodeID) -> String? {
        guard let text = tree.text(node), !(isJSON && tree.style(node) == .plain), !isMissingValue(node) else { return nil }
        return text
    }

    /// FC102 for `node`, which is no string (a list, a mapping, nothing, or in
    /// JSON a number, a Boolean or null), with what to write instead.
    private mutating func reportNotString(_ node: NodeID, _ what: String, expecting: Expecting) {
        let range = tree.range(node)
        guard let text = tree.text(node) else {
            diagnostics.error(
                .wrongType, "expected a string for \(what), found \(tree.kindDescription(node))", at: range,
                help: [writeInstead(of: node, expecting: expecting)]
            )
            return
        }
        if isJSON, tree.style(node) == .plain {
            let found = SyntaxTree.describeJSONValue(text)
            // A number in quotes is no condition either (FC502); `"true"` is one.
            var insteadOfQuoting = expecting.isFixed
            if case .condition = expecting, text != "true", text != "false" { insteadOfQuoting = true }
            diagnostics.error(
                .wrongType, "expected a string for \(what), found \(found)", at: range,
                help: insteadOfQuoting ? [writeInstead(of: node, expecting: expecting)]
                    : text == "null" ? [writeInstead(of: node, expecting: .value("a string in double quotes"))]
                    : [.write("\"\(text)\"", line: "write it in quotes: \"\(text)\"", title: "Write it in quotes")]
            )
            return
        }
        diagnostics.error(.wrongType, "\(what) has no value; expected a string", at: range, help: [writeInstead(of: node, expecting: expecting)])
    }

    mutating func bool(_ node: NodeID, _ what: @autoclosure () -> String, code: DiagnosticCode = .wrongType) -> Located<Bool>? {
        guard acceptTag(of: node, allowString: false) else { return nil }
        let range = tree.range(node)
        if let style = tree.style(node) {
            if style == .plain {
                if tree.textEquals(node, "true") { return Located(true, at: range) }
                if tree.textEquals(node, "false") { return Located(false, at: range) }
                let text = tree.text(node) ?? ""
                if let meant = Self.booleanSpelled(by: text) {
                    diagnostics.error(
                        .wrongType, "expected a boolean for \(what()), found '\(text)'", at: range,
                        help: [.write("\(meant)", line: "write \(meant) (formc accepts only true and false, not YAML 1.1's yes/no/on/off)", title: "Write \(meant)")]
                    )
                    return nil
                }
            } else if tree.textEquals(node, "true") || tree.textEquals(node, "false") {
                let text = tree.text(node) ?? ""
                diagnostics.error(
                    code, "expected a boolean for \(what()), found the string '\(text)'", at: range,
                    help: [.write(text, line: "remove the quotes: \(text)", title: "Remove the quotes")]
                )
                return nil
            }
        }
        let found = isMissingValue(node) ? "nothing" : tree.kindDescription(node)
        diagnostics.error(
            code, "expected a boolean (true or false) for \(what()), found \(found)", at: range,
            help: [writeInstead(of: node, expecting: .boolean)]
        )
        return nil
    }

    /// Whether `text` is a number in plain decimal notation that JSON writes the same
    /// (no `+`, no leading zero, no bare point): one that may lose its quotes.
    static func isJSONNumber(_ text: String) -> Bool {
        plainNumber(text) == text
    }

    /// The number `text` spells (`+5`, `.5`, `007`, `1.`), in the plain decimal
    /// notation that formc, YAML and JSON all read (`5`, `0.5`, `7`, `1`); nil when
    /// it spells none.
    package static func plainNumber(_ text: String) -> String? {
        var rest = Substring(text)
        let negative = rest.first == "-"
        if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
        let whole = rest.prefix { $0.isASCIIDigit }
        rest = rest.dropFirst(whole.count)
        var fraction = Substring("")
        if rest.first == "." {
            fraction = rest.dropFirst().prefix { $0.isASCIIDigit }
            rest = rest.dropFirst(1 + fraction.count)
        }
        guard rest.isEmpty, !(whole.isEmpty && fraction.isEmpty) else { return nil }
        let digits = whole.drop { $0 == "0" }
        return (negative ? "-" : "") + (digits.isEmpty ? "0" : String(digits)) + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// The help for a number written in quotes: remove them, or write the number it
    /// spells, as the fix; a number in plain decimal notation when it spells none.
    package static func quotedNumberHelp(_ text: String) -> DiagnosticHelp {
        guard let number = plainNumber(text) else {
            // `"min": "today"` on a number: a date, which no number's bound is.
            if RelativeDateLiteral(text) != nil {
                return "'\(text)' is a date counted from the day the rule runs; a number's bound is a number, such as 18 or 2.50, or the id of another number field"
            }
            return "write a number without quotes, in plain decimal notation such as 18 or 2.50"
        }
        return number == text ? .write(number, line: "remove the quotes: \(number)", title: "Remove the quotes")
            : .write(number, line: "write the number without quotes: \(number)", title: "Write \(number)")
    }

    /// A number as written: plain digits with an optional sign, fraction and exponent;
    /// one beyond a Double's range is infinite, which the caller reports as too large
    /// (`written(_:)` spells it for a message).
    mutating func number(
        _ node: NodeID, _ what: @autoclosure () -> String, code: DiagnosticCode = .wrongType, expecting: Expecting = .number
    ) -> Located<Double>? {
        guard acceptTag(of: node, allowString: false) else { return nil }
        let range = tree.range(node)
        if let style = tree.style(node), tree.withText(node, Self.isNumberLiteral) {
            // `1e400` is a number beyond a Double: infinity, which each caller bounds with its own code.
            if style == .plain, let value = tree.withText(node, Self.smallInteger) ?? Double(tree.text(node) ?? "") {
                return Located(value, at: range)
            }
            if style != .plain {
                let text = tree.text(node) ?? ""
                diagnostics.error(
                    code, "expected a number for \(what()), found the string '\(text)'", at: range,
                    help: [Self.quotedNumberHelp(text)]
                )
                return nil
            }
        }
        let found = isMissingValue(node) ? "nothing" : tree.kindDescription(node)
        diagnostics.error(
            code, "expected a number for \(what()), found \(found)", at: range,
            help: [writeInstead(of: node, expecting: expecting)]
        )
        return nil
    }

    /// Any scalar's text, quoted or not, whose meaning a later stage decides by
    /// the field it belongs to (a rule's `min`: a number, a date or `today-18y`).
    mutating func literal(
        _ node: NodeID, _ what: @autoclosure () -> String, expected: String = "a number, a date or a time"
    ) -> Located<String>? {
        guard acceptTag(of: node, allowString: true) else { return nil }
        let range = tree.range(node)
        guard let text = tree.text(node), !isMissingValue(node) else {
            let found = isMissingValue(node) ? "nothing" : tree.kindDescription(node)
            diagnostics.error(
                .wrongType, "expected \(expected) for \(what()), found \(found)", at: range,
                help: [writeInstead(of: node, expecting: .value(expected))]
            )
            return nil
        }
        return Located(text, at: range)
    }

    /// An exact decimal number (SPEC §10) in plain notation: `2.50`, `-3`.
    mutating func decimal(_ node: NodeID, _ what: @autoclosure () -> String, code: DiagnosticCode = .wrongType) -> Located<DecimalLiteral>? {
        guard let number = self.number(node, what(), code: code) else { return nil }
        let text = tree.text(node) ?? ""
        guard let value = DecimalLiteral(text.hasPrefix("+") ? String(text.dropFirst()) : text) else {
            diagnostics.error(
                .invalidNumber, "\(what()) must be written in plain decimal notation, found \(text)", at: number.range,
                help: ["write it with digits and at most one decimal point, e.g. 2.50"]
            )
            return nil
        }
        return Located(value, at: number.range)
    }

    /// A whole number ≥ 0, e.g. a length. Non-integers and negatives are `invalidCode`.
    /// `largest`, when the key has a smaller limit than any count (which the checker
    /// checks), is what the help of a number too large for any count names.
    mutating func count(
        _ node: NodeID, _ what: @autoclosure () -> String, invalidCode: DiagnosticCode, largest: Int? = nil
    ) -> Located<Int>? {
        guard let number = self.number(node, what(), code: .wrongType, expecting: .count) else { return nil }
        guard number.value >= 0 else {
            diagnostics.error(
                invalidCode, "\(what()) must be 0 or more, found \(written(number, node))", at: number.range,
                help: ["write a whole number, 0 or more"]
            )
            return nil
        }
        guard number.value <= Double(Int32.max) else {
            // As written: a Double would round a large number, or print it with an exponent.
            diagnostics.error(
                invalidCode, "\(what()) is too large, found \(tree.text(node) ?? Self.format(number.value))", at: number.range,
                help: [largest.map { "write a whole number, 0 to \($0)" } ?? "the largest count is \(Int32.max)"]
            )
            return nil
        }
        // On the text: a Double rounds `5.0000000000000000001` to a whole 5.
        guard tree.withText(node, Self.isWholeLiteral) else {
            diagnostics.error(
                invalidCode, "\(what()) must be a whole number, found \(tree.text(node) ?? Self.format(number.value))",
                at: number.range, help: ["write a whole number, with no fraction"]
            )
            return nil
        }
        return Located(Int(number.value), at: number.range)
    }

    /// Whether a number literal (`isNumberLiteral`) is exactly a whole number:
    /// `5`, `5.0`, `1e1`, `1.5e1`, `100e-2`; not `5.0000000000000000001`, `1e-1`.
    static func isWholeLiteral(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        if index < text.count, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") { index += 1 }
        // How many digits there are, how many of them follow the decimal point,
        // and how many zeros end them.
        var digitCount = 0
        var fractionDigits = 0
        var trailingZeros = 0
        var inFraction = false
        while index < text.count, text[index] != UInt8(ascii: "e"), text[index] != UInt8(ascii: "E") {
            if text[index] == UInt8(ascii: ".") {
                inFraction = true
            } else {
                digitCount += 1
                if inFraction { fractionDigits += 1 }
                trailingZeros = text[index] == UInt8(ascii: "0") ? trailingZeros + 1 : 0
            }
            index += 1
        }
        var exponent = 0
        if index < text.count {
            index += 1
            var negative = false
            if index < text.count, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
                negative = text[index] == UInt8(ascii: "-")
                index += 1
            }
            while index < text.count {
                // Beyond any count's size either way: the caller bounds the value.
                exponent = min(exponent * 10 + Int(text[index] - UInt8(ascii: "0")), 1_000_000)
                index += 1
            }
            if negative { exponent = -exponent }
        }
        // The value is the digits × 10^(exponent − fractionDigits): whole when the
        // digits that power cuts off are zeros (all of them: the value is 0).
        let cut = fractionDigits - exponent
        return cut <= trailingZeros || trailingZeros == digitCount
    }

    /// A value from a fixed set (`keyboard: email`), with a did-you-mean.
    package mutating func choice<E: RawRepresentable & CaseIterable>(
        _ node: NodeID, _ what: @autoclosure () -> String, as: E.Type
    ) -> Located<E>? where E.RawValue == String {
        guard acceptTag(of: node, allowString: true) else { return nil }
        guard let text = stringText(node) else {
            // The words are made only for the help of a value that is none of them.
            reportNotString(node, what(), expecting: .choice(E.allCases.map(\.rawValue)))
            return nil
        }
        if let value = E(rawValue: text) { return Located(value, at: tree.range(node)) }
        let names = E.allCases.map(\.rawValue)
        diagnostics.error(
            .wrongType, "'\(text)' is not a valid \(what())", at: tree.range(node),
            help: Self.otherLibrariesNames[text].flatMap { names.contains($0) ? [.didYouMean($0)] : nil }
                ?? Suggestions.didYouMeanOrList(text, in: names, listing: "expected one of")
        )
        return nil
    }

    /// Other libraries' names of a choice, too far from formc's for a did-you-mean:
    /// UIKit's of a keyboard and a content type (`UIKeyboardType.emailAddress`,
    /// `UITextContentType.telephoneNumber`), and React Hook Form's and Formik's of
    /// when the rules run (`mode: 'onChange'`; `onTouched` is the first blur, then
    /// every change).
    static let otherLibrariesNames: [String: String] = [
        "emailAddress": "email", "numberPad": "number", "asciiCapableNumberPad": "number", "decimalPad": "decimal",
        "phonePad": "phone", "namePhonePad": "phone", "telephoneNumber": "phone", "URL": "url", "fullStreetAddress": "streetAddress",
        "onChange": "change", "onBlur": "blur", "onSubmit": "submit", "onTouched": "changeAfterBlur",
    ]

    /// Whether `text` is a number as written: an optional sign, digits with an
    /// optional fraction, and an optional exponent.
    static func isNumberLiteral(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        func skipSign() {
            if index < text.count, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") { index += 1 }
        }
        func skipDigits() -> Int {
            let start = index
            while index < text.count, isDigit(text[index]) { index += 1 }
            return index - start
        }
        skipSign()
        var digits = skipDigits()
        if index < text.count, text[index] == UInt8(ascii: ".") {
            index += 1
            digits += skipDigits()
        }
        guard digits > 0 else { return false }
        if index < text.count, text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E") {
            index += 1
            skipSign()
            guard skipDigits() > 0 else { return false }
        }
        return index == text.count
    }

    /// The value of a number literal that is a whole number of at most 15 digits
    /// (exact in a `Double`), without making a `String` for `Double.init`; nil for
    /// any other literal, and for -0, whose sign `Double("-0")` keeps.
    static func smallInteger(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        let negative = text.first == UInt8(ascii: "-")
        if negative || text.first == UInt8(ascii: "+") { index = 1 }
        guard index < text.count, text.count - index <= 15 else { return nil }
        var value = 0
        while index < text.count {
            guard isDigit(text[index]) else { return nil }
            value = value * 10 + Int(text[index] - UInt8(ascii: "0"))
            index += 1
        }
        if negative && value == 0 { return nil }
        return Double(negative ? -value : value)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    /// `number` for a message: as `format` prints a whole number below 10^15 or
    /// a fraction, or as written when `format` would print it otherwise: beyond a
    /// Double (`1e400`, `inf`) or a whole number of 16 digits or more (a minus and
    /// 24 digits, `-1e+23`).
    func written(_ number: Located<Double>, _ node: NodeID) -> String {
        number.value.isFinite && (abs(number.value) < 1e15 || number.value != number.value.rounded())
            ? Self.format(number.value) : tree.text(node) ?? Self.format(number.value)
    }

    /// `16` rather than `16.0` in messages.
    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
