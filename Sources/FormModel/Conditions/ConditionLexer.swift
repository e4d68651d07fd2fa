import FormSource
import FormSyntax

/// One token of a condition, with its range in Unicode scalars.
struct ConditionToken: Sendable {
    enum Kind: Sendable {
        case identifier(String)
        case string(String)
        /// A number as written, already known to be one (`18`, `-2.50`).
        case number(String)
        case trueLiteral, falseLiteral
        case and, or, not, `in`
        case compare(ConditionSyntax.CompareOperator)
        case leftParen, rightParen, leftBracket, rightBracket, comma
        case end
        /// Something the grammar has no place for; carries the message to report
        /// if the parser reaches it.
        indirect case invalid(ConditionProblem)

        /// How a message names the token.
        var quoted: String {
            switch self {
            case .identifier(let name): "'\(name)'"
            case .string(let value): value.contains("'") ? "the string \"\(value)\"" : "the string '\(value)'"
            case .number(let text): "the number \(text)"
            case .trueLiteral: "'true'"
            case .falseLiteral: "'false'"
            case .and: "'and'"
            case .or: "'or'"
            case .not: "'not'"
            case .in: "'in'"
            case .compare(let op): "'\(op.rawValue)'"
            case .leftParen: "'('"
            case .rightParen: "')'"
            case .leftBracket: "'['"
            case .rightBracket: "']'"
            case .comma: "','"
            case .end: "the end of the condition"
            case .invalid(let problem): problem.message
            }
        }
    }

    var kind: Kind
    var range: Range<Int>
}

/// Splits a condition into tokens on demand, so that the first problem in reading
/// order is the one reported. Positions are counted in Unicode scalars.
///
/// Almost every condition is ASCII: then the lexer reads the text's UTF-8 bytes,
/// one byte per scalar, and cuts names out of them without decoding. Only other
/// text is decoded into an array of scalars, so an ASCII condition costs no array
/// of four-byte scalars and no `String` per keyword.
struct ConditionLexer {
    /// The text's scalars, each as its value: the UTF-8 bytes of an ASCII text
    /// (in `bytes`), else the decoded scalars (in `wide`).
    private let bytes: [UInt8]
    private let wide: [Unicode.Scalar]
    private let isASCII: Bool
    private var index = 0
    let count: Int

    init(_ text: String) {
        isASCII = text.utf8.allSatisfy { $0 < 0x80 }
        bytes = isASCII ? Array(text.utf8) : []
        wide = isASCII ? [] : Array(text.unicodeScalars)
        count = isASCII ? bytes.count : wide.count
    }

    @inline(__always)
    private func scalar(_ index: Int) -> Unicode.Scalar {
        isASCII ? Unicode.Scalar(bytes[index]) : wide[index]
    }

    /// The text of a range of scalars.
    func text(_ range: Range<Int>) -> String {
        guard isASCII else { return String(String.UnicodeScalarView(wide[range])) }
        return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    /// Where a word that an option's value may go on from ends (`gluten-free`,
    /// `v1.2`), from `start`: after the letters, digits, `_`, `-` and `.` there.
    func optionWordEnd(from start: Int) -> Int {
        var end = start
        while end < count, Self.isIdentifierContinue(scalar(end)) || scalar(end) == "-" || scalar(end) == "." { end += 1 }
        return end
    }

    /// The keyword the scalars of `range` spell, if they spell one.
    private func keyword(_ range: Range<Int>) -> ConditionToken.Kind? {
        func spells(_ word: StaticString) -> Bool {
            guard range.count == word.utf8CodeUnitCount else { return false }
            return word.withUTF8Buffer { word in
                for offset in 0..<word.count where scalar(range.lowerBound + offset).value != word[offset] { return false }
                return true
            }
        }
        guard (2...5).contains(range.count) else { return nil }
        switch scalar(range.lowerBound) {
        case "a": return spells("and") ? .and : nil
        case "i": return spells("in") ? .in : nil
        case "o": return spells("or") ? .or : nil
        case "n": return spells("not") ? .not : nil
        case "t": return spells("true") ? .trueLiteral : nil
        case "f": return spells("false") ? .falseLiteral : nil
        default: return nil
        }
    }

    /// The help for a character no token starts with: what a condition is made of.
    static let unexpectedCharacterHelp: DiagnosticHelp =
        "a condition is made of field ids, quoted strings, numbers, true and false, and, or, not, comparisons and parentheses: put text in quotes ('a@b.com')"

    mutating func next() -> ConditionToken {
        while index < count, Self.isWhitespace(scalar(index)) { index += 1 }
        let start = index
        guard index < count else { return ConditionToken(kind: .end, range: start..<start) }
        let current = scalar(index)
        index += 1
        func token(_ kind: ConditionToken.Kind) -> ConditionToken {
            ConditionToken(kind: kind, range: start..<index)
        }
        func invalid(_ message: String, help: [DiagnosticHelp] = []) -> ConditionToken {
            token(.invalid(ConditionProblem(code: .conditionSyntax, message: message, range: start..<index, help: help)))
        }
        switch current {
        case "(": return token(.leftParen)
        case ")": return token(.rightParen)
        case "[":
            // `employers[0].company`: an entry by its index, where a condition names a field by its id alone.
            if start > 0, Self.isIdentifierContinue(scalar(start - 1)), let name = indexedPathName(after: index) {
                return invalid("unexpected '['", help: [DiagnosticHelp(Self.pathHelp(name: name))])
            }
            return token(.leftBracket)
        case "]": return token(.rightBracket)
        case ",": return token(.comma)
        case "=":
            if peek("=") {
                index += 1
                // JavaScript's `===`: one mistake, replaced whole.
                if peek("=") { index += 1; return invalid("unexpected '==='", help: [.didYouMean("==")]) }
                return token(.compare(.equal))
            }
            if peek("<") || peek(">") || peek("!") {
                // `=<`, `=>`, `=!`: the two characters written the other way round.
                index += 1
                let written = text(start..<index)
                return invalid("unexpected '\(written)'", help: [.didYouMean(String(written.reversed()))])
            }
            return invalid("unexpected '='", help: [.didYouMean("==")])
        case "!":
            if peek("=") {
                index += 1
                if peek("=") { index += 1; return invalid("unexpected '!=='", help: [.didYouMean("!=")]) }
                return token(.compare(.notEqual))
            }
            return invalid("unexpected '!'", help: [.word("not", insteadOf: "!")])
        case "&":
            if peek("&") { index += 1 }
            let written = text(start..<index)
            return invalid("unexpected '\(written)'", help: [.word("and", insteadOf: written)])
        case "|":
            if peek("|") { index += 1 }
            let written = text(start..<index)
            return invalid("unexpected '\(written)'", help: [.word("or", insteadOf: written)])
        case "'", "\"":
            return lexString(quote: current, start: start)
        case "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}":
            return invalid("unexpected '\(current)'", help: ["write strings with straight quotes, ' or \""])
        case "<":
            if peek("=") { index += 1; return token(.compare(.lessOrEqual)) }
            if peek(">") { index += 1; return invalid("unexpected '<>'", help: [.didYouMean("!=")]) }
            return token(.compare(.less))
        case ">":
            if peek("=") { index += 1; return token(.compare(.greaterOrEqual)) }
            return token(.compare(.greater))
        default:
            break
        }
        // A word with letters beyond ASCII (`cómpany`) is read whole, as a name: no
        // id holds one (FC201), so it is an unknown field, not a stray character.
        // `employers.company`: a path, where a condition names a field by its id alone.
        if current == ".", start > 0, Self.isIdentifierContinue(scalar(start - 1)), index < count, Self.isIdentifierStart(scalar(index)) {
            var end = index
            while end < count, Self.isIdentifierContinue(scalar(end)) { end += 1 }
            let name = text(index..<end)
            var owner = start
            while owner > 0, Self.isIdentifierContinue(scalar(owner - 1)) { owner -= 1 }
            let field = text(owner..<start)
            // `email.isEmpty`, `pets.count`: a function, called with the field; so are
            // JavaScript's `diet.includes('vegan')` and `diet.length`.
            let function: String? = switch name {
            case "isEmpty", "count", "contains": name
            case "includes", "has": "contains"
            case "length", "size": "count"
            default: nil
            }
            if let function {
                let call = function == "contains" ? "contains(\(field), 'option')" : "\(function)(\(field))"
                return token(.invalid(ConditionProblem(
                    code: .conditionSyntax, message: "unexpected character '.'", range: start..<index,
                    help: [DiagnosticHelp(function == name ? "\(name) is a function: write \(call)" : "a condition has no '\(name)'; its function is \(function): write \(call)")],
                    namesForHelp: .memberCall(function: function, name: field)
                )))
            }
            // `plan.value`: a field's value is the field.
            if name == "value" {
                return invalid("unexpected character '.'", help: ["a condition reads a field's value by its id alone: write \(field)"])
            }
            return invalid("unexpected character '.'", help: [DiagnosticHelp(Self.pathHelp(name: name))])
        }
        if Self.isIdentifierStart(current) || Self.isNonASCIILetter(current) {
            while index < count, Self.isIdentifierContinue(scalar(index)) || Self.isNonASCIILetter(scalar(index)) { index += 1 }
            return token(keyword(start..<index) ?? .identifier(text(start..<index)))
        }
        let isDigit: (Unicode.Scalar?) -> Bool = { $0.map { ("0"..."9").contains($0) } ?? false }
        if isDigit(current) || ((current == "-" || current == "+" || current == ".") && isDigit(index < count ? scalar(index) : nil)) {
            while index < count, Self.isIdentifierContinue(scalar(index)) || scalar(index) == "." { index += 1 }
            let written = text(start..<index)
            // `2000-01-01`, `09:30` without quotes: a date or time, which is written in quotes.
            if isDigit(current), let end = unquotedDateOrTimeEnd(from: start) {
                index = end
                let literal = text(start..<end)
                return invalid("a date or time is written in quotes", help: [.quote(literal, line: "write '\(literal)'")])
            }
            if current != "+", DecimalLiteral(written) != nil { return token(.number(written)) }
            // `today-18y` without quotes: `today`, then this.
            if current == "-" || current == "+", start >= 5, text(start - 5..<start) == "today",
               start == 5 || !Self.isIdentifierContinue(scalar(start - 6)),
               RelativeDateLiteral("today" + written) != nil {
                let relative = "today" + written
                return ConditionToken(kind: .invalid(ConditionProblem(
                    code: .conditionSyntax, message: "a date relative to today is written in quotes",
                    range: start - 5..<index, help: [.quote(relative, line: "write '\(relative)'")]
                )), range: start - 5..<index)
            }
            if current == "+" { index = start + 1; return invalid("unexpected character '+'", help: ["write a number without '+': 18, -3 or 2.50"]) }
            return invalid("invalid number '\(written)'", help: ["write a number as 18, -3 or 2.50"])
        }
        if let space = UnicodeSpace.first(in: String(current)) {
            return invalid("\(space.name) is not white space in a condition", help: [space.help])
        }
        // `{plan} == 'pro'`: SurveyJS's braces around a field's name.
        if current == "{", index < count, Self.isIdentifierStart(scalar(index)) {
            var end = index
            while end < count, Self.isIdentifierContinue(scalar(end)) { end += 1 }
            if end < count, scalar(end) == "}" {
                let name = text(index..<end)
                index = end + 1
                return invalid(
                    "unexpected character '{'",
                    help: [.write(name, line: "a condition names a field by its id, without braces: write \(name)", title: "Write \(name)")]
                )
            }
        }
        return invalid("unexpected character '\(current.escaped(asASCII: false))'", help: [Self.unexpectedCharacterHelp])
    }

    /// The end of a date (`2000-01-01`, and an instant's `T09:30:00Z` or offset
    /// after it) or a time (`09:30`, `09:30:15`) written from `start` without
    /// quotes; nil when the text there has neither shape.
    private func unquotedDateOrTimeEnd(from start: Int) -> Int? {
        func digits(_ position: Int, _ length: Int) -> Bool {
            position + length <= count && (position..<position + length).allSatisfy { ("0"..."9").contains(scalar($0)) }
        }
        func isScalar(_ position: Int, _ expected: Unicode.Scalar) -> Bool { position < count && scalar(position) == expected }
        // `HH:MM`, then `:SS`, from `position`; the end, or nil.
        func time(_ position: Int) -> Int? {
            guard digits(position, 2), isScalar(position + 2, ":"), digits(position + 3, 2) else { return nil }
            return isScalar(position + 5, ":") && digits(position + 6, 2) ? position + 8 : position + 5
        }
        if digits(start, 4), isScalar(start + 4, "-"), digits(start + 5, 2), isScalar(start + 7, "-"), digits(start + 8, 2) {
            var end = start + 10
            if isScalar(end, "T"), let afterTime = time(end + 1) {
                end = afterTime
                if isScalar(end, "Z") {
                    end += 1
                } else if isScalar(end, "+") || isScalar(end, "-"), let afterOffset = time(end + 1) {
                    end = afterOffset
                }
            }
            return end
        }
        return time(start)
    }

    /// The field name of `0].company` at `position` (after a `[`), if the text there has that shape.
    private func indexedPathName(after position: Int) -> String? {
        var end = position
        while end < count, ("0"..."9").contains(scalar(end)) { end += 1 }
        guard end > position, end + 2 < count, scalar(end) == "]", scalar(end + 1) == ".", Self.isIdentifierStart(scalar(end + 2)) else {
            return nil
        }
        var nameEnd = end + 2
        while nameEnd < count, Self.isIdentifierContinue(scalar(nameEnd)) { nameEnd += 1 }
        let name = text(end + 2..<nameEnd)
        // `employers[0].isEmpty`: a function written as a member, of no field; the parser's error says enough.
        return ["isEmpty", "count", "contains"].contains(name) ? nil : name
    }

    /// The help for a field named by a path (`employers.company`, `employers[0].company`).
    private static func pathHelp(name: String) -> String {
        "a condition names a field by its id alone, not by a path: inside a list's entry its own fields are named so ('\(name)'), and nothing outside the list can name them"
    }

    private mutating func lexString(quote: Unicode.Scalar, start: Int) -> ConditionToken {
        let contentStart = index
        while index < count, scalar(index) != quote { index += 1 }
        guard index < count else {
            let problem = ConditionProblem(
                code: .conditionSyntax, message: "unterminated string", range: start..<start + 1,
                help: ["close the string with \(quote == "'" ? "'" : "\"")"]
            )
            return ConditionToken(kind: .invalid(problem), range: start..<count)
        }
        let value = text(contentStart..<index)
        index += 1
        return ConditionToken(kind: .string(value), range: start..<index)
    }

    private func peek(_ expected: Unicode.Scalar) -> Bool {
        index < count && scalar(index) == expected
    }

    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }

    static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (value >= 0x61 && value <= 0x7A) || (value >= 0x41 && value <= 0x5A) || value == 0x5F  // a-z A-Z _
    }

    static func isIdentifierContinue(_ scalar: Unicode.Scalar) -> Bool {
        isIdentifierStart(scalar) || (scalar.value >= 0x30 && scalar.value <= 0x39)  // 0-9
    }

    /// A letter (or combining mark) beyond ASCII; out of line, as conditions rarely hold one.
    static func isNonASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        !scalar.isASCII && isLetterBeyondASCII(scalar)
    }

    @inline(never)
    private static func isLetterBeyondASCII(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.generalCategory == .nonspacingMark
    }
}
