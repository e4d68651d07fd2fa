// The Swift of lists (SPEC §14) that has no model of its own: the few members
// the form and an entry class have for their lists, written line by line. The
// translator (`FormTranslator+Lists`) says which lines; each line is spelled
// here or there as a whole statement or declaration.

extension SwiftRenderer {
    /// A member of the open type, written as `lines` (each indented as the type's
    /// members, plus its own leading spaces); `compact` members (stored
    /// properties, aliases) follow each other without a blank line.
    mutating func listMember(_ lines: [String], compact: Bool = false) {
        beginMember(sort: compact ? 2 : nil)
        listLines(lines)
    }

    /// Statements or lines of a body, each on its own line; a line holding
    /// newlines is cut at their bytes, each piece on a line of its own.
    mutating func listLines(_ lines: [String]) {
        for var line in lines {
            line.withUTF8 { bytes in
                var start = 0
                while let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
                    writeLine(UnsafeBufferPointer(rebasing: bytes[start..<end]))
                    start = end + 1
                }
                writeLine(UnsafeBufferPointer(rebasing: bytes[start...]))
            }
        }
    }

    /// `bytes` on the current line (an empty line has no indentation), then a line break.
    private mutating func writeLine(_ bytes: UnsafeBufferPointer<UInt8>) {
        if !bytes.isEmpty {
            startLine()
            out.append(bytes)
        }
        newline()
    }

    /// `    case email`, or `    case _at = "at"` for a field kept in the private
    /// storage `_at`: a line of a `CodingKeys`, which keys every field by its id.
    static func codingKeyCase(_ id: String, isStored: Bool) -> String {
        isStored ? "    case _\(id) = \"\(id)\"" : "    case \(id)"
    }

    /// An entry struct's `CodingKeys` (every field, not `id`) and its `==` (every
    /// field, not `id`): the id is the entry's identity, not one of its values. A
    /// field `isStored` in a runtime type is the property `_id`, keyed by its id.
    mutating func entryCodingAndEquality(name: String, fields: [(id: String, isStored: Bool)], access: String) {
        beginMember(sort: nil)
        if fields.isEmpty {
            write("private enum CodingKeys: CodingKey {}")
            newline()
        } else {
            write("private enum CodingKeys: String, CodingKey {")
            newline()
            indented { out in
                for field in fields {
                    out.write("case ")
                    if field.isStored {
                        out.write("_")
                        out.write(field.id)
                        out.write(" = \"")
                        out.write(field.id)
                        out.write("\"")
                    } else {
                        out.write(field.id)
                    }
                    out.newline()
                }
            }
            write("}")
            newline()
        }
        beginMember(sort: nil)
        write(access)
        write("static func == (lhs: ")
        write(name)
        write(", rhs: ")
        write(name)
        write(") -> Bool {")
        newline()
        indented { out in
            if fields.isEmpty { out.write("return true") }
            for (index, field) in fields.enumerated() {
                if index > 0 { out.newline() }
                out.write(index == 0 ? "return lhs." : "    && lhs.")
                out.write(field.id)
                out.write(" == rhs.")
                out.write(field.id)
            }
            out.newline()
        }
        write("}")
        newline()
    }
}
