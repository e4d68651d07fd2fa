import FormJSON
import LanguageServerProtocol

/// What the benchmark sends `formc lsp`, apart from the process and
/// the pipes (`LanguageServerClient`): the messages, the one-character edits,
/// and where in the benchmark form it asks for completions and hovers.
package enum LanguageServerSession {
    /// A place in the document, 0-based, in UTF-16 code units (the form is ASCII).
    package struct Position: Equatable, Sendable {
        package var line: Int
        package var character: Int

        package init(line: Int, character: Int) {
            self.line = line
            self.character = character
        }

        package var json: JSONValue { ["line": .integer(line), "character": .integer(character)] }
    }

    /// A position to ask about, and what is there.
    package struct Probe: Equatable, Sendable {
        package var what: String
        package var position: Position
    }

    package static func initialize() -> JSONValue {
        ["processId": .null, "rootUri": .null, "capabilities": [:]]
    }

    package static func didOpen(uri: String, text: String) -> JSONValue {
        ["textDocument": ["uri": .string(uri), "languageId": "yaml", "version": 1, "text": .string(text)]]
    }

    /// An incremental change: the character at `position` replaced by `text`.
    package static func didChange(uri: String, version: Int, at position: Position, text: String) -> JSONValue {
        didChange(uri: uri, version: version, from: position, to: Position(line: position.line, character: position.character + 1), text: text)
    }

    /// An incremental change: `start..<end` replaced by `text`.
    package static func didChange(uri: String, version: Int, from start: Position, to end: Position, text: String) -> JSONValue {
        [
            "textDocument": ["uri": .string(uri), "version": .integer(version)],
            "contentChanges": [["range": ["start": start.json, "end": end.json], "text": .string(text)]],
        ]
    }

    /// A word being typed on a new line, where completion is asked: the line is
    /// inserted before line `line` (an edit), completion asked at its end, and the
    /// line removed again (another edit).
    package struct Typing: Equatable, Sendable {
        package var what: String
        package var line: Int
        package var text: String

        /// Where completion is asked: the end of the typed word.
        package var position: Position { Position(line: line, character: text.utf8.count) }

        package func insert(uri: String, version: Int) -> JSONValue {
            let start = Position(line: line, character: 0)
            return didChange(uri: uri, version: version, from: start, to: start, text: text + "\n")
        }

        package func remove(uri: String, version: Int) -> JSONValue {
            didChange(uri: uri, version: version, from: Position(line: line, character: 0), to: Position(line: line + 1, character: 0), text: "")
        }
    }

    /// In each of `groups`: a key begun in a text field's mapping (`ti`), an
    /// element kind begun as a new item (`- te`), a rule name begun in a block
    /// rule list (`- ma`) and a field id begun in a new condition
    /// (`enabledWhen: cho`).
    package static func typing(in text: String, groups: [Int]) -> [Typing] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var typing: [Typing] = []
        for group in groups {
            guard let start = lines.firstIndex(where: { $0 == "  - group: section\(group)" }) else { continue }
            // (what, the line it goes after or before, after?, the text typed)
            let wanted: [(String, String, Bool, String)] = [
                ("key", "        placeholder: Full name", true, "        ti"),
                ("kind", "      - textField: name\(group)x0", false, "      - te"),
                ("rule", "          - required", true, "          - ma"),
                ("id in a condition", "        visibleWhen: not isEmpty(choices\(group)x9)", true, "        enabledWhen: cho"),
            ]
            for (what, anchor, after, typed) in wanted {
                guard let index = lines[start...].firstIndex(where: { $0 == anchor }) else { continue }
                typing.append(Typing(what: what, line: after ? index + 1 : index, text: typed))
            }
        }
        return typing
    }

    package static func textDocumentPosition(uri: String, _ position: Position) -> JSONValue {
        ["textDocument": ["uri": .string(uri)], "position": position.json]
    }

    /// In each of `groups` of the benchmark form: a key (`placeholder`), an element
    /// kind (`textField`), a rule name (`required`) and a field id in a condition
    /// (`visibleWhen: not isEmpty(choices…)`), the position inside the word.
    package static func probes(in text: String, groups: [Int]) -> [Probe] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var probes: [Probe] = []
        for group in groups {
            guard let start = lines.firstIndex(where: { $0 == "  - group: section\(group)" }) else { continue }
            let wanted: [(what: String, needle: String, prefix: String)] = [
                ("key", "placeholder:", "        placeholder:"),
                ("kind", "textField:", "      - textField:"),
                ("rule", "required", "        rules: [required"),
                ("id in a condition", "(choices", "        visibleWhen: not isEmpty(choices"),
            ]
            for (what, needle, prefix) in wanted {
                guard let index = lines[start...].firstIndex(where: { $0.hasPrefix(prefix) }),
                      let column = lines[index].utf8.firstRange(of: needle.utf8)
                else { continue }
                // Inside the word, past a `(`, two characters in.
                let offset = lines[index].utf8.distance(from: lines[index].utf8.startIndex, to: column.lowerBound)
                let skip = needle.hasPrefix("(") ? 1 : 0
                probes.append(Probe(what: what, position: Position(line: index, character: offset + skip + 2)))
            }
        }
        return probes
    }

    /// One-character edits that keep the form valid and its size the same: the
    /// `S` of a group's `title: Section N of the questionnaire` made lower case,
    /// and back on the next visit, the groups visited in turn, 37 apart.
    package struct Edits {
        private var titles: [Position]
        private var lowered: [Bool]
        private var count = 0

        package init(text: String) {
            titles = []
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.hasPrefix("    title: Section ") {
                titles.append(Position(line: index, character: "    title: ".count))
            }
            lowered = Array(repeating: false, count: titles.count)
        }

        package var isEmpty: Bool { titles.isEmpty }

        /// The next edit: where, and the character that replaces the one there.
        package mutating func next() -> (position: Position, text: String) {
            precondition(!titles.isEmpty, "the text has no group titles to edit")
            let index = (count * 37) % titles.count
            count += 1
            lowered[index].toggle()
            return (titles[index], lowered[index] ? "s" : "S")
        }
    }
}
