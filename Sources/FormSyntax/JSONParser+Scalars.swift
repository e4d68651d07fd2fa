import FormSource

// Strings with their escapes, numbers and the words `true`, `false`, `null`, read into
// the tree as the scalars `JSONReader` describes.

extension JSONParser {
    /// Reads a string, its escapes resolved straight into the tree's text.
    mutating func parseString() throws(SyntaxError) -> NodeID {
        let start = position(index)
        let textStart = tree.textCount
        try readStringText()
        return tree.addScalar(textFrom: textStart, style: .doubleQuoted, range: SourceRange(start: start, end: position(index)))
    }

    /// Appends the text of the string at `index`, its escapes resolved, to the
    /// tree's text, and moves past its closing quote. (The catalog reader takes
    /// the text back out as a `String`.)
    package mutating func readStringText() throws(SyntaxError) {
        let quote = index
        index += 1
        var runStart = index
        while index < count {
            let byte = bytes[index]
            if byte == ASCII.quote {
                tree.appendText(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                index += 1
                return
            } else if byte == ASCII.backslash {
                tree.appendText(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                try decodeEscape(quote: quote)
                runStart = index
            } else if byte < 0x20 {
                throw controlCharacter(byte)
            } else if byte < 0x80 {
                index += 1
            } else {
                guard let width = validUTF8Width(at: index) else {
                    throw SyntaxError(
                        message: "invalid UTF-8 in a string", start: index, end: index + 1,
                        help: ["save the file as UTF-8"]
                    )
                }
                index += width
                multiByteExtra += width - 1
            }
        }
        throw SyntaxError(
            message: "unterminated string", start: quote, end: quote + 1,
            help: ["add the closing '\"'"]
        )
    }

    /// Decodes the escape at `index` (a backslash) into the tree's text and moves past it.
    private mutating func decodeEscape(quote: Int) throws(SyntaxError) {
        let backslash = index
        guard backslash + 1 < count else {
            throw SyntaxError(message: "unterminated string", start: quote, end: quote + 1, help: ["add the closing '\"'"])
        }
        let escaped = bytes[backslash + 1]
        index += 2
        switch escaped {
        case ASCII.quote, ASCII.backslash, ASCII.slash: tree.appendText(escaped)
        case UInt8(ascii: "b"): tree.appendText(0x08)
        case UInt8(ascii: "f"): tree.appendText(0x0C)
        case UInt8(ascii: "n"): tree.appendText(0x0A)
        case UInt8(ascii: "r"): tree.appendText(0x0D)
        case UInt8(ascii: "t"): tree.appendText(0x09)
        case UInt8(ascii: "u"):
            guard let unit = hexQuad(at: index) else {
                // Located at the first character that is no hex digit, to the end of the four.
                let offending = (index..<min(index + 4, count)).first { !Self.isHexDigit(bytes[$0]) } ?? count
                throw SyntaxError(
                    message: "'\\u' must be followed by four hexadecimal digits",
                    start: offending, end: max(min(backslash + 6, wordEnd(from: backslash + 2)), offending + scalarWidth(at: offending)),
                    help: ["write a character as \\u followed by its code in four hex digits, e.g. \\u00e9"]
                )
            }
            index += 4
            var scalar = UInt32(unit)
            if (0xD800...0xDBFF).contains(unit), index + 1 < count, bytes[index] == ASCII.backslash,
               bytes[index + 1] == UInt8(ascii: "u"), let low = hexQuad(at: index + 2), (0xDC00...0xDFFF).contains(low) {
                scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                index += 6
            }
            // A lone surrogate has no scalar: U+FFFD (see `JSONReader`), or an
            // error in a String Catalog.
            if Unicode.Scalar(scalar) == nil, readsStringCatalog {
                throw SyntaxError(
                    message: "the escape '\(text(backslash, backslash + 6))' is a lone surrogate, which is no Unicode character",
                    start: backslash, end: backslash + 6,
                    help: [#"write the character itself, or both halves of its surrogate pair (\ud83d\ude00)"#]
                )
            }
            UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}") { tree.appendText($0) }
        default:
            let width = escaped < 0x80 ? 1 : (validUTF8Width(at: backslash + 1) ?? 1)
            throw SyntaxError(
                message: "invalid escape '\\\(text(backslash + 1, backslash + 1 + width))' in a string",
                start: backslash, end: backslash + 1 + width,
                help: [#"JSON escapes are \" \\ \/ \b \f \n \r \t and \uXXXX; write a backslash as \\"#]
            )
        }
    }

    private func hexQuad(at start: Int) -> UInt16? {
        guard start + 4 <= count else { return nil }
        var value: UInt16 = 0
        for offset in start..<start + 4 {
            guard let digit = Self.hexDigitValue(bytes[offset]) else { return nil }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    private static func hexDigitValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case ASCII.zero...ASCII.nine: byte - ASCII.zero
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool { hexDigitValue(byte) != nil }

    package mutating func parseNumber() throws(SyntaxError) -> NodeID {
        let start = index
        var end = index
        if bytes[end] == ASCII.minus { end += 1 }
        guard end < count, Self.isDigit(bytes[end]) else {
            throw invalidNumber(from: start, at: end, reason: "a '-' must be followed by digits")
        }
        if bytes[end] == ASCII.zero {
            end += 1
            if end < count, Self.isDigit(bytes[end]) {
                let tokenEnd = numberTokenEnd(from: start)
                let token = text(start, tokenEnd)
                var help: [DiagnosticHelp] = []
                if token.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-") }) {
                    let sign = token.hasPrefix("-") ? "-" : ""
                    let digits = token.drop(while: { $0 == "-" || $0 == "0" })
                    help.append("write \(sign)\(digits.isEmpty ? "0" : digits), or \"\(token)\" in quotes if the zeros matter")
                } else {
                    help.append("write the number without its leading zeros (0.5, 1.5, 10), or in quotes if they matter")
                }
                throw SyntaxError(
                    message: "numbers may not have leading zeros in JSON", start: start, end: tokenEnd, help: help
                )
            }
        } else {
            while end < count, Self.isDigit(bytes[end]) { end += 1 }
        }
        if end < count, bytes[end] == ASCII.dot {
            end += 1
            guard end < count, Self.isDigit(bytes[end]) else {
                throw invalidNumber(from: start, at: end, reason: "a '.' in a number must be followed by digits")
            }
            while end < count, Self.isDigit(bytes[end]) { end += 1 }
        }
        if end < count, bytes[end] | 0x20 == UInt8(ascii: "e") {
            end += 1
            if end < count, bytes[end] == ASCII.plus || bytes[end] == ASCII.minus { end += 1 }
            guard end < count, Self.isDigit(bytes[end]) else {
                throw invalidNumber(from: start, at: end, reason: "an exponent must have digits")
            }
            while end < count, Self.isDigit(bytes[end]) { end += 1 }
        }
        if end < count, Self.isNumberTokenByte(bytes[end]) {
            throw invalidNumber(from: start, at: end, reason: nil)
        }
        if readsStringCatalog, let value = Double(text(start, end)), !value.isFinite {
            throw SyntaxError(
                message: "the number '\(text(start, end))' is beyond the largest a Double holds, which an app's JSON reader rejects",
                start: start, end: end,
                help: ["write a smaller number, or the value as a string"]
            )
        }
        return plainScalar(from: start, to: end)
    }

    /// `true`, `false`, `null`, or a bare word that JSON does not allow.
    package mutating func parseWord() throws(SyntaxError) -> NodeID {
        let start = index
        let end = wordEnd(from: start)
        let word = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if SyntaxTree.equals(word, "true") || SyntaxTree.equals(word, "false") || SyntaxTree.equals(word, "null") {
            return plainScalar(from: start, to: end)
        }
        let valueEnd = bareValueEnd(from: start, wordEnd: end)
        let written = text(start, valueEnd)
        // `formc: 1` as the file's first value: a YAML form in a file named `.json`.
        let isFirst = bytes[..<start].allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        if isFirst, written.hasPrefix("formc:") || written.hasPrefix("form:") || written.hasPrefix("elements:") {
            throw SyntaxError(
                message: "'\(written)' is not a JSON value", start: start, end: valueEnd,
                help: ["the file is a YAML form: name it .form.yaml, or write it as a JSON object, {\"formc\": 1, …}"]
            )
        }
        // `“SignUp"`: a typographic opening quote, closed by a straight one.
        if valueEnd < count, bytes[valueEnd] == ASCII.quote, let opener = written.unicodeScalars.first, opener == "\u{201C}" || opener == "\u{2018}" {
            let meant = "\"" + String(written.unicodeScalars.dropFirst())
            throw SyntaxError(
                message: "'\(written)\"' opens with a typographic quote", start: start, end: valueEnd,
                help: [.write(meant, line: "JSON strings are in straight double quotes: write \(meant)\"", title: "Write \(meant)\"")]
            )
        }
        throw SyntaxError(message: "'\(written)' is not a JSON value", start: start, end: valueEnd, help: [Self.help(forWord: written)])
    }

    /// Where a value written without JSON's quotes ends: at the closing typographic
    /// quote of one in them (`“Hello, world”`); else at the next ',', '}', ']', '"'
    /// or line end (`new-user`, `hello world`), blanks before it left out.
    private func bareValueEnd(from start: Int, wordEnd: Int) -> Int {
        // “ and ‘ are E2 80 9C and E2 80 98 in UTF-8; their closers ” and ’ are 9D and 99.
        if start + 2 < count, bytes[start] == 0xE2, bytes[start + 1] == 0x80, bytes[start + 2] == 0x9C || bytes[start + 2] == 0x98 {
            let closer = bytes[start + 2] + 1
            var index = start + 3
            while index + 2 < count, bytes[index] != ASCII.newline {
                if bytes[index] == 0xE2, bytes[index + 1] == 0x80, bytes[index + 2] == closer { return index + 3 }
                index += 1
            }
        }
        var end = start
        while end < count, !",}]\"\r\n".utf8.contains(bytes[end]) { end += 1 }
        while end > wordEnd, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        return max(end, wordEnd)
    }

    /// A number or literal, its text exactly as written; moves past it.
    private mutating func plainScalar(from start: Int, to end: Int) -> NodeID {
        let startPosition = position(start)
        index = end
        return tree.addScalar(
            UnsafeBufferPointer(rebasing: bytes[start..<end]), style: .plain,
            range: SourceRange(start: startPosition, end: position(end))
        )
    }

    /// A number written with an input method's full-width digits (`２４`) or a
    /// minus sign (U+2212), in ASCII; nil for any other word.
    private static func asciiNumber(_ word: String) -> String? {
        var ascii = ""
        for scalar in word.unicodeScalars {
            switch scalar.value {
            case 0xFF10...0xFF19: ascii.unicodeScalars.append(Unicode.Scalar(scalar.value - 0xFF10 + 0x30)!)
            case 0xFF0E, 0x2E: ascii += "."
            case 0xFF0D, 0x2212, 0x2D: ascii += "-"
            case 0x30...0x39: ascii.unicodeScalars.append(scalar)
            default: return nil
            }
        }
        return ascii != word && Double(ascii) != nil ? ascii : nil
    }

    /// `inner` in JSON's double quotes: as it is written when it already reads as
    /// a JSON string's body whose escapes can only have been meant (`say \"hi\"`
    /// inside typographic quotes: `\"`, `\\`, `\/`, `\u00e9`), else escaped
    /// (`C:\temp`, whose `\t` would be a tab).
    static func jsonString(_ inner: String) -> String {
        var scalars = inner.unicodeScalars.makeIterator()
        var isBody = true
        body: while let scalar = scalars.next() {
            switch scalar {
            case "\"":
                isBody = false
                break body
            case _ where scalar.value < 0x20:
                isBody = false
                break body
            case "\\":
                switch scalars.next() {
                // `\t`, `\n`, `\b`… are as likely a path's or a pattern's backslash (`C:\temp`, `\bA\b`).
                case "\"", "\\", "/": continue
                case "u":
                    for _ in 0..<4 where !(scalars.next()?.properties.isASCIIHexDigit ?? false) {
                        isBody = false
                        break body
                    }
                default:
                    isBody = false
                    break body
                }
            default: continue
            }
        }
        return isBody ? "\"" + inner + "\"" : YAMLPlain.doubleQuoted(inner)
    }

    private static func help(forWord word: String) -> DiagnosticHelp {
        switch word.lowercased() {
        case "true", "false", "null": .write(word.lowercased(), line: "JSON's literals are lowercase: write \(word.lowercased())")
        case "none", "nil", "undefined": .write("null", line: "write null")
        case "yes", "no", "on", "off":
            "JSON's booleans are true and false; a string is written in double quotes: \(YAMLPlain.doubleQuoted(word))"
        case "nan", "infinity", "inf": "JSON has no NaN or Infinity; write the value as a string"
        default:
            if let number = Self.asciiNumber(word) {
                .write(number, line: "write the number with ASCII digits: \(number)")
            } else if let inner = Suggestions.typographicallyQuoted(word) {
                .write(jsonString(inner), line: "JSON strings are in straight double quotes: write \(jsonString(inner))")
            } else {
                .write(YAMLPlain.doubleQuoted(word), line: "write \(YAMLPlain.doubleQuoted(word)) in double quotes if it is a string")
            }
        }
    }
}
