/// Writes Swift: the one place where Swift syntax is spelled out. The translator
/// says what to write, through the code model (`SwiftCode`) or through the named
/// functions of the renderer's files; none of it spells a token. Fixed four-space
/// indentation, `\n` line breaks, a final newline, no trailing whitespace. The
/// same calls always write the same bytes.
///
/// Its files: this one (the buffer, lines, indentation, what is rolled back and
/// handed on), `+Literals` (escaped strings, numbers, dates), `+Declarations`
/// (types, properties, functions, types' spelling), `+Expressions` (statements and
/// expressions of the model), `+Members` (the members and statements repeated
/// for every field), `+Elements`, `+Validation` and `+Conditions` (the element
/// builders', the rules' and the conditions' Swift).
///
/// It streams: the translator hands it one declaration (or one statement) at a
/// time, and opens and closes the types and bodies around them
/// (`openType`/`closeType`, `openFunction`/`closeBody`), so no model of the whole
/// file is ever held, only of the member being written.
///
/// Everything is appended in place to one UTF-8 buffer (`OutputBuffer`): a
/// line's indentation is written with its first text (so an empty line has
/// none), and the few layout decisions that depend on whether something fits on
/// one line (`{ return x }`, a closure's body, a function's parameter list, an
/// empty type's `{}`) render tentatively into the same buffer and roll back
/// when it does not fit.
///
/// The output streams too: once `flushSize` bytes are held, the end of a line
/// that is not inside a tentative layout hands everything to the sink except
/// what may still be rolled back or read (see `flush()`), so the buffer holds a
/// chunk of the file, never the file.
package struct SwiftRenderer: ~Copyable {
    // The state below is internal, not private, only so that the renderer's own
    // files (its extensions) can lay out what they write; nothing else touches it.
    var out: OutputBuffer
    private let flushSize: Int
    private let sink: (UnsafeRawBufferPointer) -> Void
    /// How many tentative layouts are being rendered: while any is, nothing is
    /// flushed, so it can roll back to where it started.
    var tentative = 0
    /// Whether the current (unfinished) line has any text yet.
    var lineHasText = false
    /// Finished lines so far.
    var lineCount = 0
    /// Where the current line starts in the output.
    var lineStart = 0
    var indentLevel = 0
    /// The file and each open type, innermost last.
    var scopes = [Scope()]

    /// How the members of the file or of an open type are separated so far.
    struct Scope {
        /// The compact sort (see `beginMember`) of the last member; nil when there
        /// is none yet or it was not compact.
        var lastSort: Int?
        var isEmpty = true
        /// Where an open type's ` {` starts: a type without members is rolled back
        /// to here and closed as ` {}`.
        var brace: Mark?
    }

    /// Hands the UTF-8 to `sink` in order, in chunks of about `flushSize` bytes
    /// (more when a tentative layout is long, less for the last one): their
    /// concatenation is the file.
    ///
    /// `capacity`, when given, is what the buffer is allocated for; by default a
    /// chunk and the room to finish the line that fills it: the buffer is
    /// allocated once unless a tentative layout or a larger flush size (a
    /// test's) outgrows it.
    init(flushSize: Int, capacity: Int? = nil, sink: @escaping (UnsafeRawBufferPointer) -> Void) {
        out = OutputBuffer(capacity: capacity ?? min(flushSize, OutputBuffer.chunk) + OutputBuffer.chunk)
        self.flushSize = flushSize
        self.sink = sink
    }

    /// Where the renderer is between two lines: how deep the lines are indented
    /// and how many types are open around them (the file's scope not counted).
    /// A batch of the file (`EmitPlan`) starts at a place whose context it knows.
    struct Context: Equatable, Sendable {
        var indentLevel: Int
        var openTypes: Int
    }

    /// The context of the next line; meaningful between lines.
    var context: Context { Context(indentLevel: indentLevel, openTypes: scopes.count - 1) }

    /// A renderer that starts in the middle of the file, between two lines in
    /// `context`: the types open around it have members already (no ` {}`), and
    /// the next member is separated as after a declaration that is not compact.
    /// It hands nothing to the sink until `startHandingOver()`: rendering the
    /// member before its first one until then puts it in the state the renderer
    /// of the whole file is in there.
    init(flushSize: Int, capacity: Int? = nil, resumingIn context: Context, sink: @escaping (UnsafeRawBufferPointer) -> Void) {
        self.init(flushSize: flushSize, capacity: capacity, sink: sink)
        indentLevel = context.indentLevel
        scopes = Array(repeating: Scope(lastSort: nil, isEmpty: false), count: context.openTypes + 1)
        out.withhold(upTo: .max)
    }

    /// What is rendered from here on is handed to the sink; what came before
    /// (see `init(flushSize:resumingIn:sink:)`) stays readable, so that what
    /// follows is laid out as if it were part of the file, but is not handed on.
    mutating func startHandingOver() {
        precondition(!lineHasText && tentative == 0, "handed over from the middle of a line")
        out.withhold(upTo: out.count)
    }

    /// Hands everything to the sink, where a batch of the file ends: between
    /// lines, the file going on in another batch.
    mutating func finishBatch() {
        precondition(!lineHasText && tentative == 0, "a batch ends in the middle of a line")
        out.flush(upTo: out.count, into: sink)
    }

    /// Ends the text (exactly one final newline, no trailing empty lines) and
    /// hands the rest of it to the sink.
    mutating func finish() {
        endText()
        out.flush(upTo: out.count, into: sink)
    }

    /// What is not handed to the sink yet (not withheld), ending the text when
    /// `endsFile` (see `finish()`), else where a batch ends (see `finishBatch()`).
    consuming func rendered(endsFile: Bool) -> RenderedBytes {
        if endsFile {
            endText()
        } else {
            precondition(!lineHasText && tentative == 0, "a batch ends in the middle of a line")
        }
        return out.rendered()
    }

    private mutating func endText() {
        if lineHasText { newline() }
        while out.count >= 2, out[out.count - 1] == UInt8(ascii: "\n"), out[out.count - 2] == UInt8(ascii: "\n") {
            out.removeSuffix(from: out.count - 1)
        }
        if out.count == 0 { out.append(UInt8(ascii: "\n")) }
    }

    /// What a flush keeps, the bytes that may still be read or rolled back
    /// between lines: the last two say whether the last line is empty or ends
    /// with `{` (`lastLineIsEmpty`, `lastLineEndsWithBrace`); `finish` drops a
    /// final empty line, then reads the byte before it; and a type just opened
    /// ends with ` {` and a line break, which `closeType` turns into ` {}` when
    /// no member follows.
    private static let lookBehind = 3

    /// Hands on all but the last `lookBehind` bytes. Called only between lines
    /// and outside tentative layouts, which hold marks into the buffer: after
    /// that, nothing before those bytes can change.
    private mutating func flush() {
        out.flush(upTo: out.count - Self.lookBehind, into: sink)
    }


    // MARK: - Output

    /// Starts the current line (its indentation) if nothing is on it yet.
    @inline(__always)
    mutating func startLine() {
        guard !lineHasText else { return }
        lineHasText = true
        out.appendSpaces(4 * indentLevel)
    }

    // The renderer's own files write with these: text is appended to the current
    // line, which starts with its indentation. The translator never calls them
    // with Swift syntax (see the named functions in the other files).

    mutating func write(_ text: StaticString) {
        // (`utf8CodeUnitCount` traps on a literal made from a Unicode scalar.)
        guard !text.hasPointerRepresentation || text.utf8CodeUnitCount > 0 else { return }
        startLine()
        out.append(text)
    }

    /// Disfavoured, so that a literal (`write("case .")`) is written through
    /// `write(_: StaticString)`, read in place, rather than made a `String`.
    @_disfavoredOverload
    mutating func write(_ text: String) {
        guard !text.isEmpty else { return }
        startLine()
        out.append(text)
    }

    /// A name spelled once as UTF-8 (`SwiftName`), written as is.
    mutating func write(_ name: SwiftName) {
        startLine()
        name.bytes.withUnsafeBufferPointer { out.append($0) }
    }

    /// One of a field's names, written as is from where it lives.
    mutating func write(_ name: FieldName) {
        startLine()
        out.append(name.bytes)
    }

    /// A Swift string literal whose value is `text` (see `stringLiteral(_:)`).
    mutating func writeStringLiteral(_ text: String) {
        startLine()
        Self.appendStringLiteral(text, to: &out)
    }

    /// One Swift string literal whose value is the pieces `pieces` hands over, in
    /// order: the literal of their concatenation, whose escapes are those of each
    /// piece (escaping maps each scalar on its own), with no `String` made of it.
    mutating func writeStringLiteral(_ pieces: ((String) -> Void) -> Void) {
        startLine()
        out.append(UInt8(ascii: "\""))
        pieces { Self.appendEscaped($0, quotes: true, to: &out) }
        out.append(UInt8(ascii: "\""))
    }

    mutating func write(_ value: Int) {
        startLine()
        out.append(value)
    }

    /// Ends the current line.
    mutating func newline() {
        out.append(UInt8(ascii: "\n"))
        lineHasText = false
        lineCount += 1
        lineStart = out.count
        if out.held >= flushSize, tentative == 0 { flush() }
    }

    /// The lines that follow are indented one more level.
    mutating func indent() { indentLevel += 1 }

    mutating func outdent() { indentLevel -= 1 }

    /// Whether the last finished line is empty; nil when there is none. Only
    /// meaningful between lines.
    var lastLineIsEmpty: Bool? {
        guard lineCount > 0 else { return nil }
        return out.count == 1 || out[out.count - 2] == UInt8(ascii: "\n")
    }

    mutating func blankLine() {
        if lineHasText { newline() }
        if lastLineIsEmpty == false { newline() }
    }

    mutating func indented(_ body: (inout SwiftRenderer) -> Void) {
        indentLevel += 1
        body(&self)
        indentLevel -= 1
    }

    /// A position to roll back to: taken at the start of a tentative layout
    /// (`tentative`), or at an open type's brace (`Scope.brace`, within
    /// `lookBehind` of the end until a member follows).
    struct Mark {
        var count: Int
        var lineHasText: Bool
        var lineCount: Int
        var lineStart: Int
    }

    var mark: Mark {
        Mark(count: out.count, lineHasText: lineHasText, lineCount: lineCount, lineStart: lineStart)
    }

    mutating func rollBack(to mark: Mark) {
        out.removeSuffix(from: mark.count)
        lineHasText = mark.lineHasText
        lineCount = mark.lineCount
        lineStart = mark.lineStart
    }

    /// Renders `statement` at the current position; true (and the statement on
    /// this line, without its line break) when it took exactly one line, else
    /// false with the output as it was before.
    mutating func statementOnThisLine(_ statement: SwiftStmt, from mark: Mark) -> Bool {
        tentative += 1
        defer { tentative -= 1 }
        let lines = lineCount
        self.statement(statement)
        guard lineCount == lines + 1 else {
            rollBack(to: mark)
            return false
        }
        out.removeSuffix(from: out.count - 1)    // its line break
        lineCount -= 1
        lineHasText = true
        lineStart = mark.lineStart
        return true
    }
}
