/// What the text before the cursor on its line says the cursor is at: a key's
/// value, a JSON member, a new list item.
extension CompletionContext {
    /// `key` when the text before the cursor is `key:` (after indentation or `- `).
    static func keyBeforeValue(_ trimmed: String) -> String? {
        guard trimmed.hasSuffix(":") else { return nil }
        var body = Substring(trimmed.dropLast()).drop { $0 == " " }
        while body.hasPrefix("- ") { body = body.dropFirst(2).drop { $0 == " " } }
        guard !body.isEmpty, body.unicodeScalars.allSatisfy(EditorDocument.isWordScalar) else { return nil }
        return String(body)
    }

    /// A JSON member's key when the text before the cursor is `"key":` or
    /// `"key": "`, with the column of the key's opening quote.
    static func jsonKeyBeforeValue(_ trimmed: String) -> (key: String, keyColumn: Int, inQuotes: Bool)? {
        var scalars = Array(trimmed.unicodeScalars)
        let inQuotes = scalars.last == "\""
        if inQuotes { scalars.removeLast() }
        while scalars.last == " " || scalars.last == "\t" { scalars.removeLast() }
        guard scalars.last == ":" else { return nil }
        scalars.removeLast()
        while scalars.last == " " || scalars.last == "\t" { scalars.removeLast() }
        guard scalars.last == "\"" else { return nil }
        let close = scalars.count - 1
        var open = close - 1
        while open >= 0, EditorDocument.isWordScalar(scalars[open]) { open -= 1 }
        guard open >= 0, open < close - 1, scalars[open] == "\"" else { return nil }
        return (String(String.UnicodeScalarView(scalars[(open + 1)..<close])), open + 1, inQuotes)
    }

    /// The key of a YAML flow mapping whose value is being typed, and its column
    /// (1-based): `{ sameAs:` or `, keyboard:` before the cursor.
    static func flowKeyBeforeValue(_ trimmed: String) -> (key: String, keyColumn: Int)? {
        var scalars = Array(trimmed.unicodeScalars)
        guard scalars.last == ":" else { return nil }
        scalars.removeLast()
        while scalars.last == " " || scalars.last == "\t" { scalars.removeLast() }
        var start = scalars.count
        while start > 0, EditorDocument.isWordScalar(scalars[start - 1]) { start -= 1 }
        guard start < scalars.count else { return nil }
        var before = start - 1
        while before >= 0, scalars[before] == " " || scalars[before] == "\t" { before -= 1 }
        guard before >= 0, scalars[before] == "{" || scalars[before] == "," else { return nil }
        return (String(String.UnicodeScalarView(scalars[start...])), start + 1)
    }

    /// Whether the end of a line's text before the cursor is outside every quoted
    /// scalar (`"…"`, `'…'`, on this line) and every comment (`#` at the start or
    /// after a space). A quote opens a scalar only where one starts (after a space,
    /// `{`, `[` or `,`): the apostrophe in `title: it's` is text.
    static func isOutsideQuotesAndComments(_ prefix: String) -> Bool {
        readOutsideQuotes(prefix) { _ in true } == .end
    }

    /// Where a walk of a line by `readOutsideQuotes` stopped.
    enum LineStop: Equatable {
        /// At the line's end, outside any quoted scalar.
        case end
        /// At the line's end, inside a quoted scalar.
        case inQuotes
        /// At a comment, which starts at this offset in the line's scalars.
        case comment(at: Int)
        /// Where `visit` said so.
        case stopped
    }

    /// Walks `line` as YAML reads it: `visit` gets each scalar outside quoted
    /// scalars (`"…"` with its escapes, `'…'` with `''` for an apostrophe) and
    /// before a comment (`#` at the start or after a space), and stops the walk by
    /// returning false. A quote opens a scalar only where one starts (after a
    /// space, `{`, `[` or `,`): the apostrophe in `title: it's` is text.
    static func readOutsideQuotes(_ line: String, visit: (Unicode.Scalar) -> Bool) -> LineStop {
        let scalars = Array(line.unicodeScalars)
        var quote: Unicode.Scalar?
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let previous: Unicode.Scalar = index > 0 ? scalars[index - 1] : " "
            index += 1
            if let open = quote {
                if open == "\"", scalar == "\\" {
                    index += 1
                } else if scalar == open {
                    if open == "'", index < scalars.count, scalars[index] == "'" { index += 1 } else { quote = nil }
                }
                continue
            }
            // After a quoted key, a value may follow its ':' at once (`{"message":"a[b"}`, JSON's way).
            let afterQuotedKey = previous == ":" && index >= 3 && (scalars[index - 3] == "\"" || scalars[index - 3] == "'")
            switch scalar {
            case "\"" where Self.startsScalar(after: previous) || afterQuotedKey, "'" where Self.startsScalar(after: previous) || afterQuotedKey:
                quote = scalar
            case "#" where previous == " " || previous == "\t": return .comment(at: index - 1)
            default: if !visit(scalar) { return .stopped }
            }
        }
        return quote == nil ? .end : .inQuotes
    }

    /// Whether a scalar may start after `previous`: a quote there opens one.
    private static func startsScalar(after previous: Unicode.Scalar) -> Bool {
        previous == " " || previous == "\t" || previous == "{" || previous == "[" || previous == ","
    }

    /// Whether a value is written after the cursor on its line (`keyboard:‸ email`):
    /// something other than the end of a member or collection (`,`, `}`, `]`) or a comment.
    static func valueFollows(_ rest: String) -> Bool {
        guard let next = rest.unicodeScalars.first(where: { $0 != " " && $0 != "\t" }) else { return false }
        return !",}]#".unicodeScalars.contains(next)
    }

    /// Whether the text before the cursor opens a YAML flow collection's next
    /// member: it ends in `{` or `,` (the collection says whether a key or an item).
    static func isFlowKeyStart(_ trimmed: String) -> Bool {
        trimmed.unicodeScalars.last == "{" || trimmed.unicodeScalars.last == ","
    }

    /// Whether the text before the cursor opens a JSON string that is an object
    /// member's key or an array's item: `{"`, `["` or `, "`, or a quote that starts
    /// its line after one of them ends an earlier line (one member a line, as JSON
    /// is written). `before`: the last scalar before the cursor's line that is
    /// not white space.
    static func isJSONKeyStart(_ trimmed: String, before: Unicode.Scalar?) -> Bool {
        var scalars = Array(trimmed.unicodeScalars)
        guard scalars.last == "\"" else { return false }
        scalars.removeLast()
        while scalars.last == " " || scalars.last == "\t" { scalars.removeLast() }
        let last = scalars.isEmpty ? before : scalars.last
        return last == "{" || last == "," || last == "["
    }

    /// Whether the text before the cursor is indentation and `-`: a new list item.
    static func isItemStart(_ prefix: String) -> Bool {
        let trimmed = prefix.trimmingTrailingSpaces.drop { $0 == " " }
        return trimmed == "-"
    }

    /// How many scalars of `text` come before the last occurrence of `marker`.
    static func scalarCount(of text: String, before marker: String) -> Int {
        text.scalarRange(of: marker, last: true)?.lowerBound ?? 0
    }
}

extension StringProtocol {
    var trimmingTrailingSpaces: String {
        String(String.UnicodeScalarView(unicodeScalars.reversed().drop { $0 == " " || $0 == "\t" }.reversed()))
    }
}

extension String {
    /// Where `marker` occurs (its first or last occurrence), in scalar offsets.
    func scalarRange(of marker: String, last: Bool = false) -> Range<Int>? {
        let scalars = Array(unicodeScalars)
        let needle = Array(marker.unicodeScalars)
        guard !needle.isEmpty, scalars.count >= needle.count else { return nil }
        let starts = 0...(scalars.count - needle.count)
        let matches = { (start: Int) in scalars[start..<start + needle.count].elementsEqual(needle) }
        guard let start = last ? starts.reversed().first(where: matches) : starts.first(where: matches) else { return nil }
        return start..<start + needle.count
    }
}
