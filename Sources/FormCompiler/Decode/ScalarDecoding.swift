/// Schema-directed reading of single values (SPEC §1): a scalar is read as the type
/// its position expects, so `title: NO` is the string "NO". Each reader reports a
/// located diagnostic and returns nil when the node cannot be that type.
struct ValueReader {
    var diagnostics: DiagnosticBag
    /// In JSON a value has its own type: `true` or `12` where a string is expected is
    /// a mistake, not the string "true" (YAML's plain scalars are typed by position).
    var isJSON = false

    /// YAML 1.1 spellings of Booleans that YAML 1.2 and formc read as strings.
    static let yaml11Booleans: Set<String> = ["yes", "no", "on", "off", "y", "n"]

    /// The standard tag that forces a string; the only tag formc accepts outside conditions.
    static let stringTag = "tag:yaml.org,2002:str"

    /// Reports a tag formc does not support. Returns false when the node carries one.
    mutating func acceptTag(of node: Node, allowString: Bool) -> Bool {
        guard let tag = node.tag else { return true }
        if allowString, tag == Self.stringTag || tag == "!!str" { return true }
        diagnostics.error(
            .unsupportedConstruct, "YAML tag '\(Self.displayTag(tag))' is not supported here",
            at: node.range, help: ["remove the tag; formc reads every value as the type its key expects"]
        )
        return false
    }

    static func displayTag(_ tag: String) -> String {
        let prefix = "tag:yaml.org,2002:"
        return tag.hasPrefix(prefix) ? "!!" + tag.dropFirst(prefix.count) : tag
    }

    /// A plain scalar with no text: what YAML reads for `key:` with nothing after it.
    static func isMissingValue(_ node: Node) -> Bool {
        if case .scalar(let scalar) = node.content, scalar.style == .plain, scalar.text.isEmpty, node.tag == nil {
            return true
        }
        return false
    }

    mutating func string(_ node: Node, _ what: String) -> Located<String>? {
        guard acceptTag(of: node, allowString: true) else { return nil }
        switch node.content {
        case .scalar(let scalar):
            if isJSON, scalar.style == .plain {
                let found = scalar.text == "null" ? "null" : (scalar.text == "true" || scalar.text == "false" ? "the boolean \(scalar.text)" : "the number \(scalar.text)")
                diagnostics.error(
                    .wrongType, "expected a string for \(what), found \(found)", at: node.range,
                    help: scalar.text == "null" ? [] : ["write it in quotes: \"\(scalar.text)\""]
                )
                return nil
            }
            if Self.isMissingValue(node) {
                diagnostics.error(.wrongType, "\(what) has no value; expected a string", at: node.range)
                return nil
            }
            return Located(scalar.text, at: node.range)
        case .sequence, .mapping:
            diagnostics.error(.wrongType, "expected a string for \(what), found \(node.kindDescription)", at: node.range)
            return nil
        }
    }

    mutating func bool(_ node: Node, _ what: String, code: DiagnosticCode = .wrongType) -> Located<Bool>? {
        guard acceptTag(of: node, allowString: false) else { return nil }
        if case .scalar(let scalar) = node.content {
            if scalar.style == .plain {
                if scalar.text == "true" { return Located(true, at: node.range) }
                if scalar.text == "false" { return Located(false, at: node.range) }
                let lowered = scalar.text.lowercased()
                if Self.yaml11Booleans.contains(lowered) || lowered == "true" || lowered == "false" {
                    let meant = ["yes", "on", "y", "true"].contains(lowered)
                    diagnostics.error(
                        .wrongType, "expected a boolean for \(what), found '\(scalar.text)'", at: node.range,
                        help: ["write \(meant) (formc accepts only true and false, not YAML 1.1's yes/no/on/off)"]
                    )
                    return nil
                }
            } else if scalar.text == "true" || scalar.text == "false" {
                diagnostics.error(
                    code, "expected a boolean for \(what), found the string '\(scalar.text)'", at: node.range,
                    help: ["remove the quotes: \(scalar.text)"]
                )
                return nil
            }
        }
        let found = Self.isMissingValue(node) ? "nothing" : node.kindDescription
        diagnostics.error(code, "expected a boolean (true or false) for \(what), found \(found)", at: node.range)
        return nil
    }

    /// A number as written: plain digits with an optional sign, fraction and exponent.
    mutating func number(_ node: Node, _ what: String, code: DiagnosticCode = .wrongType) -> Located<Double>? {
        guard acceptTag(of: node, allowString: false) else { return nil }
        if case .scalar(let scalar) = node.content {
            if scalar.style == .plain, Self.isNumberLiteral(scalar.text), let value = Double(scalar.text), value.isFinite {
                return Located(value, at: node.range)
            }
            if scalar.style != .plain, Self.isNumberLiteral(scalar.text) {
                diagnostics.error(
                    code, "expected a number for \(what), found the string '\(scalar.text)'", at: node.range,
                    help: ["remove the quotes: \(scalar.text)"]
                )
                return nil
            }
        }
        let found = Self.isMissingValue(node) ? "nothing" : node.kindDescription
        diagnostics.error(code, "expected a number for \(what), found \(found)", at: node.range)
        return nil
    }

    /// A whole number ≥ 0, e.g. a length. Non-integers and negatives are `invalidCode`.
    mutating func count(_ node: Node, _ what: String, invalidCode: DiagnosticCode) -> Located<Int>? {
        guard let number = self.number(node, what, code: .wrongType) else { return nil }
        guard number.value >= 0 else {
            diagnostics.error(invalidCode, "\(what) must be 0 or more, found \(Self.format(number.value))", at: node.range)
            return nil
        }
        guard number.value == number.value.rounded(), number.value <= Double(Int32.max) else {
            diagnostics.error(
                invalidCode, "\(what) must be a whole number, found \(Self.format(number.value))", at: node.range
            )
            return nil
        }
        return Located(Int(number.value), at: node.range)
    }

    /// A value from a fixed set (`keyboard: email`), with a did-you-mean.
    mutating func choice<E: RawRepresentable & CaseIterable>(_ node: Node, _ what: String, as: E.Type) -> Located<E>?
    where E.RawValue == String {
        guard let text = string(node, what) else { return nil }
        if let value = E(rawValue: text.value) { return Located(value, at: text.range) }
        let names = E.allCases.map(\.rawValue)
        diagnostics.error(
            .wrongType, "'\(text.value)' is not a valid \(what)", at: node.range,
            help: Suggestions.didYouMeanOrList(text.value, in: names, listing: "expected one of")
        )
        return nil
    }

    static func isNumberLiteral(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        var digits = 0
        while let byte = bytes.first, isDigit(byte) { digits += 1; bytes = bytes.dropFirst() }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            while let byte = bytes.first, isDigit(byte) { digits += 1; bytes = bytes.dropFirst() }
        }
        guard digits > 0 else { return false }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
            guard let first = bytes.first, isDigit(first) else { return false }
            while let byte = bytes.first, isDigit(byte) { bytes = bytes.dropFirst() }
        }
        return bytes.isEmpty
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    /// `16` rather than `16.0` in messages.
    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
