import FormSource

// The syntax errors the parser stops at, with the help that says what to write.

extension JSONParser {
    /// The number written from `start` is invalid at `offending`, the first byte
    /// that no JSON number may have there (the end of the file included): the error
    /// is located there and runs to the end of the token.
    mutating func invalidNumber(from start: Int, at offending: Int, reason: String?) -> SyntaxError {
        let tokenEnd = numberTokenEnd(from: start)
        let end = max(tokenEnd, offending + scalarWidth(at: offending))
        let token = text(start, max(tokenEnd, start + 1))
        var help: [DiagnosticHelp] = []
        let lowered = token.lowercased()
        if lowered.contains("0x") {
            help.append("JSON has no hexadecimal numbers; write the number in decimal")
        } else if lowered.contains("inf") || lowered.contains("nan") {
            help.append("JSON has no NaN or Infinity; write the value as a string")
        } else if let reason {
            help.append(DiagnosticHelp(reason))
        } else if token.count == 10, token.split(separator: "-").map(\.count) == [4, 2, 2] {
            help.append("write a date in double quotes: \"\(token)\"")
        } else {
            help.append("write a number as 18, -3 or 2.50: digits, with a '-' before them or one '.' among them")
        }
        return SyntaxError(message: "invalid number '\(token)'", start: offending, end: end, help: help)
    }

    func controlCharacter(_ byte: UInt8) -> SyntaxError {
        switch byte {
        case 0x0A, 0x0D:
            SyntaxError(
                message: "a string cannot contain a line break", start: index, end: index + 1,
                help: [#"close the string with '"' before the end of the line, or write the line break as \n"#]
            )
        case 0x09:
            SyntaxError(
                message: "a string cannot contain a tab character", start: index, end: index + 1,
                help: [.write(#"\t"#, line: #"write the tab as \t"#)]
            )
        default:
            SyntaxError(
                message: "a string cannot contain the control character \(Self.codePoint(UInt32(byte)))",
                start: index, end: index + 1,
                help: [.write("\\u\(Self.hex4(UInt32(byte)))", line: "write it as \\u\(Self.hex4(UInt32(byte)))")]
            )
        }
    }

    /// Errors for a character that is never valid where it stands, and that people
    /// write out of habit from JavaScript or YAML.
    func specialCharacterError() -> SyntaxError? {
        let byte = bytes[index]
        if byte == ASCII.apostrophe {
            return SyntaxError(
                message: "JSON strings use double quotes, not single quotes", start: index, end: index + 1,
                help: ["write \"...\" instead of '...'"]
            )
        }
        if byte == UInt8(ascii: "#") || (byte == ASCII.slash && index + 1 < count && (bytes[index + 1] == ASCII.slash || bytes[index + 1] == UInt8(ascii: "*"))) {
            return SyntaxError(
                message: "comments are not allowed in JSON", start: index, end: index + (byte == UInt8(ascii: "#") ? 1 : 2),
                help: [readsStringCatalog ? "remove the comment: a String Catalog is JSON, which has none"
                    : "remove the comment, or write the form in YAML (.form.yaml), which allows comments"]
            )
        }
        if let space = UnicodeSpace.at(index, in: bytes) {
            return SyntaxError(message: "\(space.name) is not white space in JSON", start: index, end: index + space.width, help: [space.help])
        }
        if let (name, meant) = fullWidthPunctuation(at: index) {
            // `＂name＂`: both quotes at once, when the closing one is on the line.
            if meant == "\"", let close = closingFullWidthQuote(after: index) {
                let inner = text(index + 3, close)
                let written = "\"" + inner.map { $0 == "\"" || $0 == "\\" ? "\\" + String($0) : String($0) }.joined() + "\""
                return SyntaxError(
                    message: "full-width quotation marks (U+FF02) are not JSON's '\"'", start: index, end: close + 3,
                    help: [.write(written, line: "write \(written)", title: "Write \(written)")]
                )
            }
            return SyntaxError(
                message: "\(name) is not JSON's '\(meant)'", start: index, end: index + 3,
                help: [.write(meant, line: "write '\(meant)'", title: "Write '\(meant)'")]
            )
        }
        return nil
    }

    /// The offset of the next full-width quotation mark after the one at `offset`, on its line.
    private func closingFullWidthQuote(after offset: Int) -> Int? {
        var index = offset + 3
        while index + 2 < count, bytes[index] != ASCII.newline, bytes[index] != 0x0D {
            if bytes[index] == 0xEF, bytes[index + 1] == 0xBC, bytes[index + 2] == 0x82 { return index }
            index += 1
        }
        return nil
    }

    /// A full-width punctuation mark of a Chinese or Japanese input method at
    /// `offset`, and the ASCII one JSON has in its place.
    private func fullWidthPunctuation(at offset: Int) -> (name: String, meant: String)? {
        guard offset + 2 < count, bytes[offset] == 0xEF, bytes[offset + 1] == 0xBC || bytes[offset + 1] == 0xBD else { return nil }
        switch (bytes[offset + 1], bytes[offset + 2]) {
        case (0xBC, 0x82): return ("a full-width quotation mark (U+FF02)", "\"")
        case (0xBC, 0x8C): return ("a full-width comma (U+FF0C)", ",")
        case (0xBC, 0x9A): return ("a full-width colon (U+FF1A)", ":")
        case (0xBC, 0xBB): return ("a full-width left bracket (U+FF3B)", "[")
        case (0xBC, 0xBD): return ("a full-width right bracket (U+FF3D)", "]")
        case (0xBD, 0x9B): return ("a full-width left brace (U+FF5B)", "{")
        case (0xBD, 0x9D): return ("a full-width right brace (U+FF5D)", "}")
        default: return nil
        }
    }

    func unexpected(expected: String, open: Container) -> SyntaxError {
        guard index < count else { return unexpectedEnd(expected: expected, open: open) }
        if let special = specialCharacterError() { return special }
        return SyntaxError(
            message: "expected \(expected), found \(describeCharacter(at: index))",
            start: index, end: index + scalarWidth(at: index), help: [help(expected: expected)]
        )
    }

    /// What to write where `expected` belongs and the character at `index` stands.
    private func help(expected: String) -> DiagnosticHelp {
        let byte = bytes[index]
        if byte < 0x20 || byte == 0x7F { return "remove the control character" }
        switch byte {
        case UInt8(ascii: ","): return expected.contains("value") ? "write the value before the ','" : "remove the extra ','"
        case UInt8(ascii: "+"), UInt8(ascii: "."): return "write a number without a '+' and with a digit before its '.': 1, 0.5"
        default: return "write \(expected) here"
        }
    }

    func unexpectedEnd(expected: String, open: Container) -> SyntaxError {
        var error = SyntaxError(message: "unexpected end of file; expected \(expected)", start: count, end: count)
        if !open.isDocument {
            error.notes.append(("the \(open.kindName) that is not closed starts here", open.start))
            error.help.append("close the \(open.kindName) with '\(Character(Unicode.Scalar(open.closer)))'")
        }
        return error
    }

    func missingSeparator(in container: Container) -> SyntaxError {
        if let special = specialCharacterError() { return special }
        let closer = Character(Unicode.Scalar(container.closer))
        let what = container.isObject ? "member" : "element"
        var error = SyntaxError(
            message: "expected ',' or '\(closer)' after an \(container.kindName) \(what), found \(describeCharacter(at: index))",
            start: index, end: index + scalarWidth(at: index)
        )
        let byte = bytes[index]
        if let lostQuote = lostClosingQuote() {
            error.help.append(lostQuote)
        } else if byte == ASCII.quote || byte == ASCII.openBrace || byte == ASCII.openBracket || byte == ASCII.minus
            || Self.isDigit(byte) || Self.isWordByte(byte) {
            error.help.append("add a ',' between the \(what)s")
        } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
            error.help.append("close the \(container.kindName) with '\(closer)': each '{' is closed by a '}', each '[' by a ']'")
        } else if byte < 0x20 || byte == 0x7F {
            error.help.append("remove the control character")
        } else {
            error.help.append("write ',' and the next \(what), or '\(closer)' to close the \(container.kindName)")
        }
        return error
    }

    /// `"Name, "label": …`: a word right after a string that ends in a ',' was
    /// meant to be in quotes, whose opening quote closed the string before it,
    /// which was not closed before its ','. The help writes both as meant.
    private func lostClosingQuote() -> DiagnosticHelp? {
        guard Self.isWordByte(bytes[index]), index > 1, bytes[index - 1] == ASCII.quote else { return nil }
        // The string's opening quote: the one before it that no backslash escapes.
        var open = index - 2
        while open >= 0 {
            if bytes[open] == ASCII.quote {
                var backslashes = 0
                while open - backslashes - 1 >= 0, bytes[open - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
                if backslashes.isMultiple(of: 2) { break }
            }
            open -= 1
        }
        guard open >= 0 else { return nil }
        var end = index - 1
        while end > open + 1, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
        guard end > open + 1, bytes[end - 1] == UInt8(ascii: ",") else { return nil }
        end -= 1
        while end > open + 1, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
        var wordEnd = index
        // The next string as far as its quote, or its first 40 bytes (whole characters).
        while wordEnd < count, wordEnd - index < 40, bytes[wordEnd] != ASCII.quote, bytes[wordEnd] != UInt8(ascii: "\n") {
            wordEnd += scalarWidth(at: wordEnd)
        }
        wordEnd = min(wordEnd, count)
        let closed = "\"" + text(open + 1, end) + "\""
        let next = "\"" + text(index, wordEnd) + (wordEnd < count && bytes[wordEnd] == ASCII.quote ? "\"" : "")
        return "the string before this has no closing '\"' before its ',': write \(closed), \(next)"
    }

    func trailingText() -> SyntaxError {
        if let special = specialCharacterError() { return special }
        let found = describeCharacter(at: index)
        return SyntaxError(
            message: found.hasPrefix("'") ? "unexpected \(found) after the JSON value" : "\(found) after the JSON value",
            start: index, end: index + scalarWidth(at: index),
            help: ["a JSON file holds exactly one value; remove what follows it"]
        )
    }

    private func describeCharacter(at offset: Int) -> String {
        let byte = bytes[offset]
        if byte < 0x20 || byte == 0x7F { return "the control character \(Self.codePoint(UInt32(byte)))" }
        return "'\(text(offset, offset + scalarWidth(at: offset)))'"
    }

    private static func codePoint(_ value: UInt32) -> String { "U+\(hex4(value))" }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
