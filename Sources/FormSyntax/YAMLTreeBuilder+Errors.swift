import CYAML
import FormSource

// libyaml's errors as located diagnostics, with the help that says what to write.

extension YAMLTreeBuilder {
    mutating func reportLibYAMLError(_ parser: yaml_parser_t, diagnostics: inout DiagnosticBag) {
        failed = true
        let problem = parser.problem.map { String(cString: $0) } ?? "the YAML could not be read"
        let at: SourcePosition
        if parser.error == YAML_READER_ERROR {
            // Reader errors (bad encoding, control characters) carry a byte offset, not a mark.
            at = file.position(ofByteOffset: parser.problem_offset)
        } else {
            at = position(parser.problem_mark)
        }
        var message = problem
        var notes: [DiagnosticNote] = []
        let context = parser.context.map { String(cString: $0) }
        var contextLine: Int?
        if let context {
            message = "\(context): \(problem)"
            let contextAt = position(parser.context_mark)
            contextLine = contextAt.line
            if contextAt != at {
                notes.append(diagnostics.note("\(Self.subject(ofContext: context)) started here", at: SourceRange(at: contextAt)))
            }
        }
        let offset = file.byteOffset(of: at)
        // The character at the problem, or nothing where it is past the line's end
        // (the end of the file, or a line break).
        let isPastLine = offset >= file.bytes.count || file.bytes[offset] == 0x0A || file.bytes[offset] == 0x0D
        let end = isPastLine ? at : SourcePosition(line: at.line, column: at.column + 1)
        diagnostics.error(
            .syntaxError, message, at: SourceRange(start: at, end: end),
            notes: notes, help: spaceHelp(before: at, offset: offset) + help(forProblem: problem, context: context, contextLine: contextLine, at: at, offset: offset)
        )
    }

    /// A line of help for a character pasted or typed where YAML's syntax needs
    /// its own, on the problem's line before it or on the line above (where a
    /// plain value that it joined to its key began): the likelier cause of the
    /// error than what libyaml names. With a fix that writes YAML's character in
    /// its place: a Unicode space in the line's indentation, after an item's `-`
    /// or after a ':'; a word processor's dash as an item's `-`; a full-width
    /// colon. A typographic quote is named without one.
    private func spaceHelp(before at: SourcePosition, offset: Int) -> [DiagnosticHelp] {
        guard UnicodeSpace.at(offset, in: file.bytes) == nil else { return [] }
        return file.bytes.withUnsafeBufferPointer { bytes in
            for line in [at.line - 1, at.line] where line >= 1 {
                let start = file.byteOffset(of: SourcePosition(line: line, column: 1))
                let end = file.byteOffset(of: SourcePosition(line: line + 1, column: 1))
                if let help = pastedHelp(line: line, from: start, to: end, in: bytes) { return [help] }
            }
            return []
        }
    }

    /// The help of `spaceHelp` for the line `line`, whose bytes run from `start` to `end`.
    private func pastedHelp(line: Int, from start: Int, to end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> DiagnosticHelp? {
        /// A fix writing `text` in place of the bytes from `offset`, `width` long.
        func fix(_ text: String, at offset: Int, width: Int, line help: String, title: String) -> DiagnosticHelp {
            let range = SourceRange(start: file.position(ofByteOffset: offset), end: file.position(ofByteOffset: offset + width))
            return DiagnosticHelp(help, fix: DiagnosticFix(title: title, text: text, placement: .range(range)))
        }
        var index = start
        while index < end, bytes[index] == 0x20 { index += 1 }
        // The indentation, and an item's `-`.
        if let space = UnicodeSpace.at(index, in: bytes), space.meant != "\n" {
            var width = 0
            var plain = ""
            while let next = UnicodeSpace.at(index + width, in: bytes), next.meant != "\n", index + width < end {
                plain += next.meant
                width += next.width
            }
            let write = plain.isEmpty ? "remove it" : plain.count == 1 ? "write a plain space" : "write plain spaces"
            return fix(plain, at: index, width: width, line: "line \(line) is indented with \(space.name), which is not white space in YAML: \(write)",
                       title: plain.isEmpty ? "Remove \(space.name)" : plain.count == 1 ? "Write a plain space" : "Write plain spaces")
        }
        if index < end, bytes[index] == UInt8(ascii: "-"), let space = UnicodeSpace.at(index + 1, in: bytes), space.meant == " " {
            return fix(" ", at: index + 1, width: space.width, line: "line \(line) has \(space.name) after its '-', which is not white space in YAML: write a plain space",
                       title: "Write a plain space")
        }
        if let (name, width) = YAMLPastedText.marker(at: index, in: bytes), index + width < end,
           bytes[index + width] == 0x20 || UnicodeSpace.at(index + width, in: bytes) != nil {
            return fix("-", at: index, width: width, line: "line \(line) starts with \(name), which is not YAML's item marker '-': write '-'", title: "Write '-'")
        }
        // A word processor's list item: its bullet and a tab, where YAML takes no tab.
        if let (name, width) = YAMLPastedText.marker(at: index, in: bytes), index + width < end, bytes[index + width] == 0x09 {
            return fix("- ", at: index, width: width + 1, line: "line \(line) starts with \(name) and a tab, which are not YAML's item marker '- ': write '- '",
                       title: "Write '- '")
        }
        // The line's key, after its items' `-`: what follows it is the syntax's, not text.
        while index + 1 < end, bytes[index] == UInt8(ascii: "-"), bytes[index + 1] == 0x20 {
            index += 2
            while index < end, bytes[index] == 0x20 { index += 1 }
        }
        while index < end, Self.isKeyByte(bytes[index]) { index += 1 }
        guard index + 1 < end else { return nil }
        if bytes[index] == UInt8(ascii: ":"), let space = UnicodeSpace.at(index + 1, in: bytes), space.meant == " " {
            return fix(" ", at: index + 1, width: space.width, line: "line \(line) has \(space.name) after its key's ':', which is not white space in YAML: write a plain space",
                       title: "Write a plain space")
        }
        if YAMLPastedText.isFullWidthColon(at: index, in: bytes) {
            let spaced = index + 3 < end && (bytes[index + 3] == 0x20 || UnicodeSpace.at(index + 3, in: bytes) != nil)
            let text = spaced ? ":" : ": "
            return fix(text, at: index, width: 3, line: "line \(line) has a full-width colon (U+FF1A) after its key, which is not YAML's ':': write '\(text)'", title: "Write '\(text)'")
        }
        // A value that opens with “ or ‘ (E2 80 9C, E2 80 98).
        if bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == 0x20 {
            index += 1
            while index < end, bytes[index] == 0x20 { index += 1 }
            if index + 2 < end, bytes[index] == 0xE2, bytes[index + 1] == 0x80, bytes[index + 2] == 0x9C || bytes[index + 2] == 0x98 {
                return "line \(line) has a value in typographic quotes (\(bytes[index + 2] == 0x9C ? "“" : "‘")), which YAML reads as text: quote it with straight quotes ('…' or \"…\")"
            }
        }
        return nil
    }

    /// "while parsing a block mapping" → "the block mapping".
    private static func subject(ofContext context: String) -> String {
        var subject = Substring(context)
        for prefix in ["while parsing ", "while scanning "] where subject.hasPrefix(prefix) {
            subject = subject.dropFirst(prefix.count)
        }
        for article in ["a ", "an "] where subject.hasPrefix(article) {
            return "the " + subject.dropFirst(article.count)
        }
        return String(subject)
    }

    /// `offset`: the byte of the problem's position in the file; `contextLine`, the
    /// line where the collection it was reading started.
    private func help(forProblem problem: String, context: String?, contextLine: Int?, at: SourcePosition, offset: Int) -> [DiagnosticHelp] {
        let byte = offset < file.bytes.count ? file.bytes[offset] : nil
        if byte == 0x09 {
            return ["YAML does not allow tabs for indentation; indent with spaces"]
        }
        if let space = UnicodeSpace.at(offset, in: file.bytes) {
            return [DiagnosticHelp("\(space.name) is not white space in YAML: \(space.help.text)", fix: space.help.fix)]
        }
        if problem == "mapping values are not allowed in this context" {
            return [continuedValueHelp(at: at) ?? endingColonHelp(at: at) ?? "a value that contains ': ' must be quoted"]
        }
        if problem.hasPrefix("found character that cannot start any token"), let byte {
            switch byte {
            case UInt8(ascii: "@"), UInt8(ascii: "`"): return ["'@' and '`' are reserved in YAML; quote the value"]
            case UInt8(ascii: "%"): return ["'%' at the start of a value begins a YAML directive; quote the value"]
            case UInt8(ascii: ">"), UInt8(ascii: "|"):
                return ["'>' and '|' begin a block of text, which a '[…]' or '{…}' cannot hold; quote the value"]
            default:
                return ["YAML cannot begin a value with this character here; quote the value"]
            }
        }
        switch context {
        case "while scanning a quoted scalar" where problem == "found unexpected end of stream":
            return ["close the quote where the value ends; inside single quotes, write an apostrophe twice ('it''s')"]
        case "while parsing a quoted scalar" where problem == "found unknown escape character",
             "while scanning a quoted scalar" where problem == "found unknown escape character":
            return [#"in double quotes a backslash starts an escape: write the value in single quotes, where a backslash is itself ('.*\d+'), or write each backslash twice"#]
        case "while parsing a flow node" where problem == "did not find expected node content":
            return ["a '[' or '{' opens a list or mapping, whose items and values follow it: write the missing value here, or close it with ']' or '}'"]
        case "while parsing a flow sequence":
            return ["separate the list's items with ',' and close it with ']'"]
        case "while parsing a flow mapping":
            return ["separate the mapping's entries with ',' and close it with '}'"]
        case "while scanning an alias":
            return ["'*' at the start of a value refers to an anchor in YAML; quote the value"]
        case "while scanning an anchor":
            return ["'&' at the start of a value defines an anchor in YAML; quote the value"]
        default:
            break
        }
        // `'Don't share'`: the apostrophe closed the string, and the rest is no YAML.
        if offset > 0, offset <= file.bytes.count, file.bytes[offset - 1] == UInt8(ascii: "'"),
           let byte, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) {
            return ["an apostrophe inside single quotes ends the value: write it twice ('Don''t'), or quote the value with double quotes"]
        }
        // What the structure around the problem asks for, where nothing above says more.
        switch context {
        case "while scanning a simple key" where problem == "could not find expected ':'":
            let line = contextLine.map { "line \($0)" } ?? "the line"
            return ["\(line) has no ':' after its key: write 'key: value'; a plain value that goes on over more lines is indented under its key"]
        case nil where problem == "did not find expected <document start>":
            return [DiagnosticHelp(documentStartHelp(before: at.line))]
        case "while scanning a block scalar":
            return ["'>' or '|' at the start of a value begins a block of text on the lines under the key; to write text that starts with one, quote the value"]
        case "while parsing a quoted scalar" where problem.hasPrefix("did not find expected hexdecimal number"):
            return [#"in double quotes '\x', '\u' and '\U' take hexadecimal digits ('\u00e9'): write the value in single quotes, where a backslash is itself, or write the backslash twice"#]
        case "while parsing a tag":
            return ["'!' at the start of a value begins a YAML tag; quote the value"]
        case "while parsing a block node" where problem == "did not find expected node content":
            if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") { return ["a ']' or '}' here closes nothing: quote the value, or remove it"] }
            return ["YAML cannot begin a value with this character: quote the value"]
        case "while scanning a directive", "while parsing a tag directive":
            return ["'%' at the start of a line begins a YAML directive, which a form needs none of: remove the line, or quote the value"]
        case "while scanning a tag", "while parsing a node":
            return ["'!' at the start of a value begins a YAML tag; quote the value"]
        case "while scanning a plain scalar" where problem == "found unexpected ':'":
            return ["inside '[…]' or '{…}' a ':' is followed by a space, or the text is quoted"]
        case "while scanning a quoted scalar" where problem == "found unexpected document indicator":
            return ["a line that starts with '---' or '...' ends the document, even inside quotes: close the quote before it"]
        case "while parsing a quoted scalar" where problem.hasPrefix("found invalid Unicode character escape code"):
            return [#"'\U' and '\u' take the code of a Unicode character (at most 10FFFF): write the character itself, or its code"#]
        case nil where problem == "block sequence entries are not allowed in this context":
            return ["a '- ' after a key's colon starts no list: write the list's items on the lines under the key, or quote the value"]
        case nil where problem == "mapping keys are not allowed in this context":
            return ["'? ' at the start of a value begins a YAML key: quote the value"]
        case nil where problem == "control characters are not allowed":
            return ["remove the control character: a form's text may hold tabs and line breaks, no other character below a space"]
        case nil where problem.hasPrefix("found incompatible YAML document") || problem.hasPrefix("found duplicate %"):
            return ["a form is YAML 1.2 (or 1.1) and needs no directive: remove the '%' lines"]
        case "while parsing a block mapping" where problem == "did not find expected key":
            let started = contextLine.map { " that starts at line \($0)" } ?? ""
            if byte == UInt8(ascii: "-") {
                return ["a list item ('- ') belongs under the key whose value is the list, such as 'elements:': write that key above it, or line the item up with the list's other items"]
            }
            return ["each line of the mapping\(started) is 'key: value', every key at the same indentation: line this one up with them, indent it under the key it belongs to, or quote the whole value if text goes on after a closing quote"]
        case "while parsing a block collection" where problem.hasPrefix("did not find expected '-'"):
            let started = contextLine.map { " that starts at line \($0)" } ?? ""
            return ["each item of the list\(started) starts with '- ' at the same indentation; to give an item keys, write it as a mapping ('- textField: email') and line its other keys up under its first ('placeholder: …')"]
        default:
            // libyaml's other errors: where a value holds one of YAML's own characters.
            return ["if the value here holds one of YAML's own characters (: # [ ] { } & * ! | > ' \" % @ `), put it in quotes"]
        }
    }

    /// The help for text after the one document a form file holds, found at
    /// `line`: what ended the document before it.
    private func documentStartHelp(before line: Int) -> String {
        var first: String?
        for number in 1..<max(line, 1) {
            guard let text = file.lineText(number) else { break }
            let trimmed = text.drop { $0 == " " }
            if trimmed.hasPrefix("...") { return "'...' ends the YAML document, and a form file holds one: remove it" }
            if first == nil, !trimmed.isEmpty, !trimmed.hasPrefix("#") { first = String(trimmed) }
        }
        if first?.hasPrefix("%") == true {
            return "a '%' directive is followed by a line '---' that starts the document: write '---' after it, or remove the directive"
        }
        if let first, first.hasPrefix("{") || first.hasPrefix("[") {
            return "the form is one mapping: write all of it as 'key: value' lines, or all inside the '{ }'"
        }
        return "a form file is one mapping: start each of its keys (formc, form, elements…) at the same column, the first column"
    }

    /// Where the ':' at `at` ends a key that starts its line, indented under a plain
    /// value on the line above, YAML reads the key as more of that value (a plain
    /// value goes on over the lines indented under it), and the ':' is an error.
    /// `- required` with `when: b` under it is the common case: the help says how
    /// to give the item keys, or how to line the key up with the one above.
    /// `title: Langues :`, a value that ends with the ':' libyaml stops at (French
    /// puts a space before it): a key to YAML, so the value is written in quotes.
    private func endingColonHelp(at: SourcePosition) -> DiagnosticHelp? {
        guard let line = file.lineText(at.line) else { return nil }
        let scalars = Array(line.unicodeScalars)
        guard at.column >= 2, at.column <= scalars.count, scalars[at.column - 1] == ":",
              scalars[at.column...].allSatisfy({ $0 == " " || $0 == "\t" }) else { return nil }
        // The key's own ': ' before it, and the value after.
        let before = String(String.UnicodeScalarView(scalars[..<(at.column - 1)]))
        guard let separator = before.firstRange(of: ": ") else { return nil }
        let key = before[..<separator.lowerBound].drop { $0 == " " || $0 == "-" }
        guard Self.isPlainWord(key) else { return nil }
        let valueStart = before.unicodeScalars.distance(from: before.unicodeScalars.startIndex, to: separator.upperBound) + 1
        let value = String(String.UnicodeScalarView(scalars[(valueStart - 1)..<at.column])).drop { $0 == " " }
        let quoted = "'" + value.map { $0 == "'" ? "''" : String($0) }.joined() + "'"
        let range = SourceRange(start: SourcePosition(line: at.line, column: at.column + 1 - value.unicodeScalars.count), end: SourcePosition(line: at.line, column: at.column + 1))
        return DiagnosticHelp(
            "a value that ends with ':' reads as a key: write it in quotes, \(key): \(quoted)",
            fix: DiagnosticFix(title: "Write \(quoted)", text: quoted, placement: .range(range))
        )
    }

    private func continuedValueHelp(at: SourcePosition) -> DiagnosticHelp? {
        guard let line = file.lineText(at.line) else { return nil }
        let scalars = Array(line.unicodeScalars)
        guard at.column >= 2, at.column - 1 <= scalars.count else { return nil }
        let beforeColon = String(String.UnicodeScalarView(scalars[..<(at.column - 1)]))
        let indent = beforeColon.prefix { $0 == " " }.count
        let key = beforeColon.dropFirst(indent)
        guard Self.isPlainWord(key) else { return nil }
        var above = at.line - 1
        // A blank line does not end a plain value; a comment does.
        while above >= 1, let text = file.lineText(above), text.allSatisfy({ $0 == " " }) { above -= 1 }
        guard above >= 1, let previous = file.lineText(above) else { return nil }
        let previousIndent = previous.prefix { $0 == " " }.count
        var content = Substring(previous.dropFirst(previousIndent))
        var contentColumn = previousIndent
        let isItem = content.hasPrefix("- ")
        if isItem {
            let dashAndSpaces = 1 + content.dropFirst().prefix { $0 == " " }.count
            content = content.dropFirst(dashAndSpaces)
            contentColumn += dashAndSpaces
        }
        var text = content
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        if isItem, indent > previousIndent, Self.isPlainWord(text) {
            // An item that is one word (`- required`): its keys need it to be a mapping.
            let example = key == "title" || key == "image" ? "'- value: \(text)'" : (text == "required" ? "'- required: true'" : "'- \(text): …'")
            return "'\(key)' continues the value '\(text)' of line \(above): a plain value goes on over the lines indented under it. To give that item keys, write it as a mapping: \(example) with '\(key): …' under it"
        }
        if isItem, indent > previousIndent, case let words = text.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true),
           words.count == 2, Self.isPlainWord(words[0]) {
            // `- textField email` with `placeholder:` under it: the item's colon left out.
            let rest = words[1].drop { $0 == " " }
            // The keys are the item's once they start where its first key does.
            let linedUp = indent == contentColumn
            let line = "'- \(text)' on line \(above) needs a ':' after '\(words[0])': write '- \(words[0]): \(rest)', "
                + (linedUp ? "and the keys under it are its keys" : "and start the keys under it at the column of '\(words[0])'")
            // The fix, where the keys line up and both words read as a kind and an id
            // do (lowerCamelCase names): what they mean is checked once the file reads.
            guard linedUp, Self.isLowerCamelCaseWord(words[0]), Self.isLowerCamelCaseWord(rest) else { return DiagnosticHelp(line) }
            let written = SourceRange(
                start: SourcePosition(line: above, column: contentColumn + 1),
                end: SourcePosition(line: above, column: contentColumn + 1 + text.unicodeScalars.count)
            )
            return DiagnosticHelp(line, fix: DiagnosticFix(title: "Write '\(words[0]): \(rest)'", text: "\(words[0]): \(rest)", placement: .range(written)))
        }
        guard indent > contentColumn, let colon = text.indices.first(where: { text[$0] == ":" && text[text.index(after: $0)...].first == " " }) else { return nil }
        let previousKey = text[..<colon]
        let value = text[text.index(after: colon)...].drop { $0 == " " }
        guard Self.isPlainWord(previousKey), let first = value.first, !"'\"[{|>&*!#".contains(first) else { return nil }
        return "'\(key)' is indented under '\(previousKey)' of line \(above), so YAML reads it as more of that value; indent '\(key)' as '\(previousKey)' is to make it a key beside it"
    }

    /// An ASCII letter, then ASCII letters and digits, the first in lowercase: the
    /// shape of a kind keyword and of an id.
    private static func isLowerCamelCaseWord(_ text: Substring) -> Bool {
        guard let first = text.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
        return text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }

    /// A key or value of letters, digits, '_' and '-', as ids, keys and rule names are.
    private static func isPlainWord(_ text: Substring) -> Bool {
        guard let first = text.first, first != "-" else { return false }
        return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
    }

    /// A byte of a key formc reads (letters, digits, `_`).
    private static func isKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }
}
