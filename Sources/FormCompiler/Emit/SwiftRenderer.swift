/// Writes Swift from the code model: the one place where Swift syntax is
/// spelled out. Fixed four-space indentation, `\n` line breaks, a final newline,
/// no trailing whitespace. The same calls always write the same bytes.
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
struct SwiftRenderer: ~Copyable {
    private var out: OutputBuffer
    private let flushSize: Int
    private let sink: (UnsafeRawBufferPointer) -> Void
    /// How many tentative layouts are being rendered: while any is, nothing is
    /// flushed, so it can roll back to where it started.
    private var tentative = 0
    /// Whether the current (unfinished) line has any text yet.
    private var lineHasText = false
    /// Finished lines so far.
    private var lineCount = 0
    /// Where the current line starts in the output.
    private var lineStart = 0
    private var indentLevel = 0
    /// The file and each open type, innermost last.
    private var scopes = [Scope()]

    /// How the members of the file or of an open type are separated so far.
    private struct Scope {
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
    init(flushSize: Int, sink: @escaping (UnsafeRawBufferPointer) -> Void) {
        // A chunk and the room to finish the line that fills it: the buffer is
        // allocated once unless a tentative layout or a larger flush size (a
        // test's) outgrows it.
        out = OutputBuffer(capacity: min(flushSize, OutputBuffer.chunk) + OutputBuffer.chunk)
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
    init(flushSize: Int, resumingIn context: Context, sink: @escaping (UnsafeRawBufferPointer) -> Void) {
        self.init(flushSize: flushSize, sink: sink)
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
        if lineHasText { newline() }
        while out.count >= 2, out[out.count - 1] == UInt8(ascii: "\n"), out[out.count - 2] == UInt8(ascii: "\n") {
            out.removeSuffix(from: out.count - 1)
        }
        if out.count == 0 { out.append(UInt8(ascii: "\n")) }
        out.flush(upTo: out.count, into: sink)
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

    // MARK: - Literals

    /// A Swift string literal whose value is exactly `text`. Backslashes and quotes
    /// are escaped (which also neutralises `\(` and `"""`); line breaks, tabs, NUL,
    /// every other control character and every invisible or line-separating scalar
    /// (format characters such as bidirectional overrides, U+2028/U+2029, private-use
    /// and unassigned scalars) become escapes, so the literal stays on one line and
    /// shows what it holds. Everything else, emoji included, is written as is.
    static func stringLiteral(_ text: String) -> String {
        var bytes = OutputBuffer(capacity: text.utf8.count + 2)
        appendStringLiteral(text, to: &bytes)
        return bytes.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// Comment text on one line: the same escapes as a literal for anything that
    /// could end the comment or hide what follows.
    static func commentText(_ text: String) -> String {
        var bytes = OutputBuffer(capacity: text.utf8.count)
        appendEscaped(text, quotes: false, to: &bytes)
        return bytes.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    private static func appendStringLiteral(_ text: String, to bytes: inout OutputBuffer) {
        bytes.append(UInt8(ascii: "\""))
        appendEscaped(text, quotes: true, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// `text` with the escapes of a literal (`quotes`: also `\` and `"`) or of a comment.
    private static func appendEscaped(_ text: String, quotes: Bool, to bytes: inout OutputBuffer) {
        // Fast path: printable ASCII that needs no escape is copied as is, from
        // the string's contiguous UTF-8.
        let plain = text.utf8.withContiguousStorageIfAvailable { utf8 in
            let isPlain = utf8.allSatisfy { byte in
                byte >= 0x20 && byte < 0x7F && !(quotes && (byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\"")))
            }
            if isPlain { bytes.append(utf8) }
            return isPlain
        }
        if plain == true { return }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\" where quotes: bytes.append("\\\\")
            case "\"" where quotes: bytes.append("\\\"")
            case "\n": bytes.append("\\n")
            case "\r": bytes.append("\\r")
            case "\t": bytes.append("\\t")
            case "\0": bytes.append("\\0")
            default:
                if scalar.value >= 0x20 && scalar.value < 0x7F {
                    bytes.append(UInt8(truncatingIfNeeded: scalar.value))
                } else if needsEscape(scalar) {
                    bytes.append("\\u{")
                    appendHex(scalar.value, to: &bytes)
                    bytes.append(UInt8(ascii: "}"))
                } else {
                    UTF8.encode(scalar) { bytes.append($0) }
                }
            }
        }
    }

    /// Upper-case hexadecimal without leading zeros, as `String(_:radix:uppercase:)`.
    private static func appendHex(_ value: UInt32, to bytes: inout OutputBuffer) {
        var shift = 28
        while shift > 0 && (value >> UInt32(shift)) & 0xF == 0 { shift -= 4 }
        while shift >= 0 {
            let digit = UInt8((value >> UInt32(shift)) & 0xF)
            bytes.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "A") + digit - 10)
            shift -= 4
        }
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        // Zero-width (non-)joiners are format characters too, but they only glue
        // emoji and scripts together; written as is, 👨‍👩‍👧 stays readable.
        if scalar == "\u{200C}" || scalar == "\u{200D}" { return false }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .unassigned, .surrogate:
            return true
        default:
            return false
        }
    }

    static func doubleLiteral(_ value: Double) -> String {
        if value.isNaN { return "Double.nan" }
        if value.isInfinite { return value < 0 ? "-Double.infinity" : "Double.infinity" }
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return String(describing: value)
    }

    // MARK: - Output

    /// Starts the current line (its indentation) if nothing is on it yet.
    @inline(__always)
    private mutating func startLine() {
        guard !lineHasText else { return }
        lineHasText = true
        out.append(UInt8(ascii: " "), times: 4 * indentLevel)
    }

    // The translator writes the members it repeats for every field with these
    // directly, without building their model (see `FormTranslator`): text is
    // appended to the current line, which starts with its indentation.

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
        write(String(value))
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
    private var lastLineIsEmpty: Bool? {
        guard lineCount > 0 else { return nil }
        return out.count == 1 || out[out.count - 2] == UInt8(ascii: "\n")
    }

    private mutating func blankLine() {
        if lineHasText { newline() }
        if lastLineIsEmpty == false { newline() }
    }

    private mutating func indented(_ body: (inout SwiftRenderer) -> Void) {
        indentLevel += 1
        body(&self)
        indentLevel -= 1
    }

    /// A position to roll back to: taken at the start of a tentative layout
    /// (`tentative`), or at an open type's brace (`Scope.brace`, within
    /// `lookBehind` of the end until a member follows).
    private struct Mark {
        var count: Int
        var lineHasText: Bool
        var lineCount: Int
        var lineStart: Int
    }

    private var mark: Mark {
        Mark(count: out.count, lineHasText: lineHasText, lineCount: lineCount, lineStart: lineStart)
    }

    private mutating func rollBack(to mark: Mark) {
        out.removeSuffix(from: mark.count)
        lineHasText = mark.lineHasText
        lineCount = mark.lineCount
        lineStart = mark.lineStart
    }

    /// Renders `statement` at the current position; true (and the statement on
    /// this line, without its line break) when it took exactly one line, else
    /// false with the output as it was before.
    private mutating func statementOnThisLine(_ statement: SwiftStmt, from mark: Mark) -> Bool {
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

    // MARK: - File and declarations

    /// The file's leading `//` comment lines and its imports.
    mutating func fileHeader(comment: [String], imports: [String]) {
        for line in comment {
            write("// ")
            Self.appendEscaped(line, quotes: false, to: &out)
            newline()
        }
        if !comment.isEmpty { blankLine() }
        for module in imports {
            write("import ")
            write(module)
            newline()
        }
    }

    private mutating func docComment(_ doc: [String]) {
        for line in doc {
            write("/// ")
            Self.appendEscaped(line, quotes: false, to: &out)
            newline()
        }
    }

    private mutating func attributes(_ attributes: [String]) {
        for attribute in attributes {
            write(attribute)
            newline()
        }
    }

    private mutating func prefix(_ access: SwiftAccess, _ modifiers: [String]) {
        if access != .internal {
            write(access.rawValue)
            write(" ")
        }
        for modifier in modifiers {
            write(modifier)
            write(" ")
        }
    }

    /// A whole declaration: a member of the innermost open type, or of the file.
    mutating func declaration(_ declaration: SwiftDecl) {
        switch declaration {
        case .type(let type):
            openType(type)
            for member in type.members { self.declaration(member) }
            closeType()
        case .property(let property):
            if let getter = property.getter {
                openComputedProperty(property)
                statements(getter)
                closeBody()
            } else {
                let isCompact = property.doc.isEmpty && property.attributes.isEmpty
                beginMember(sort: isCompact ? (property.modifiers.contains("static") ? 1 : 2) : nil)
                propertyHead(property)
                if let initializer = property.initializer {
                    write(" = ")
                    expr(initializer)
                }
                newline()
            }
        case .function(let function):
            if let body = function.body {
                openFunction(function)
                statements(body)
                closeBody()
            } else {
                beginMember(sort: function.doc.isEmpty ? 3 : nil)
                signature(function)
                newline()
            }
        }
    }

    /// Separates the next member from the previous one: by a blank line, except in
    /// runs of one-line members of the same compact sort (0 cases, 1 static and 2
    /// instance stored properties, 3 protocol requirements, 4 type aliases; nil:
    /// not compact), and right after an opening brace.
    mutating func beginMember(sort: Int?) {
        let scope = scopes.count - 1
        let previous = scopes[scope].lastSort
        if sort == nil || sort != previous, lineCount > 0, !lastLineEndsWithBrace {
            blankLine()
        }
        scopes[scope].lastSort = sort
        scopes[scope].isEmpty = false
    }

    /// Whether the last finished line ends with `{` (between lines only).
    private var lastLineEndsWithBrace: Bool {
        out.count >= 2 && out[out.count - 2] == UInt8(ascii: "{")
    }

    /// Writes the head of `type` and opens it (its `members` are not written): the
    /// members follow as `declaration`s, then `closeType()`.
    mutating func openType(_ type: SwiftTypeDecl) {
        beginMember(sort: nil)
        docComment(type.doc)
        attributes(type.attributes)
        prefix(type.access, type.modifiers)
        write(type.kind.rawValue)
        write(" ")
        write(type.name)
        for (index, inherited) in type.inherits.enumerated() {
            write(index == 0 ? ": " : ", ")
            write(inherited)
        }
        let brace = mark
        write(" {")
        newline()
        indentLevel += 1
        scopes.append(Scope(brace: brace))
    }

    /// Closes the innermost open type: `}`, or ` {}` on its head when it got no member.
    mutating func closeType() {
        let scope = scopes.removeLast()
        indentLevel -= 1
        if scope.isEmpty, let brace = scope.brace {
            rollBack(to: brace)
            write(" {}")
        } else {
            write("}")
        }
        newline()
    }

    /// Writes the head of a computed property and opens its getter: its statements
    /// follow, then `closeBody()`. The property's `getter` is not written.
    mutating func openComputedProperty(_ property: SwiftProperty) {
        beginMember(sort: nil)
        propertyHead(property)
        openBody()
    }

    /// Writes the signature of `function` and opens its body: its statements
    /// follow, then `closeBody()`. The function's `body` is not written.
    mutating func openFunction(_ function: SwiftFunction) {
        beginMember(sort: nil)
        signature(function)
        openBody()
    }

    /// ` {`, a line break, and one more level of indentation: a body follows,
    /// then `closeBody()`.
    mutating func openBody() {
        write(" {")
        newline()
        indentLevel += 1
    }

    /// Closes the body opened last by `openFunction` or `openComputedProperty`.
    mutating func closeBody() {
        indentLevel -= 1
        write("}")
        newline()
    }

    /// Doc comment, attributes, modifiers, `let`/`var`, name and type.
    private mutating func propertyHead(_ property: SwiftProperty) {
        docComment(property.doc)
        attributes(property.attributes)
        prefix(property.access, property.modifiers)
        write(property.isLet ? "let " : "var ")
        write(property.name)
        if let type = property.type {
            write(": ")
            self.type(type)
        }
    }

    /// Doc comment, attributes and the signature, without a line break.
    private mutating func signature(_ function: SwiftFunction) {
        docComment(function.doc)
        attributes(function.attributes)
        // Tentative even though one line has no line break to flush at: a
        // parameter's default value may.
        tentative += 1
        defer { tentative -= 1 }
        let start = mark
        // The signature on one line, unless that is over 120 columns and there
        // are several parameters: then one parameter per line.
        functionHead(function)
        write("(")
        for (index, parameter) in function.parameters.enumerated() {
            if index > 0 { write(", ") }
            self.parameter(parameter)
        }
        write(")")
        functionTail(function)
        if function.parameters.count >= 2, columns(from: start.count) + 2 > 120 {
            rollBack(to: start)
            functionHead(function)
            write("(")
            newline()
            indented {
                for (index, parameter) in function.parameters.enumerated() {
                    $0.parameter(parameter)
                    if index < function.parameters.count - 1 { $0.write(",") }
                    $0.newline()
                }
            }
            write(")")
            functionTail(function)
        }
    }

    /// `(a: A, b: B)`, parameters spelled out ahead, laid out as `signature`
    /// lays out a function's: on this line, unless there are several and the
    /// line, with the `tailWidth` columns that follow them and ` {`, would pass
    /// 120 columns; then one per line. The line must be ASCII so far (keywords
    /// and names), as a declaration's head is.
    mutating func parameterList(_ parameters: [SwiftName], tailWidth: Int) {
        parameterList(
            count: parameters.count, tailWidth: tailWidth, width: { parameters[$0].count }
        ) { index, renderer in
            renderer.write(parameters[index])
        }
    }

    /// `parameterList(_:tailWidth:)` for `count` parameters that `parameter`
    /// writes (the `index`th, ASCII, `width(index)` bytes wide), so that no
    /// name is made of the pieces of each (a large form's memberwise
    /// initializer has one parameter per field).
    mutating func parameterList(
        count: Int, tailWidth: Int, width: (Int) -> Int, _ parameter: (Int, inout SwiftRenderer) -> Void
    ) {
        // The line on one line, with `(`, `)` and ` {`: each parameter adds
        // its width and that of a `, ` (one too many, the width of ` {`).
        var lineWidth = out.count - lineStart + 2 + tailWidth
        for index in 0..<count { lineWidth += width(index) + 2 }
        write("(")
        if count < 2 || lineWidth <= 120 {
            for index in 0..<count {
                if index > 0 { write(", ") }
                parameter(index, &self)
            }
        } else {
            newline()
            indentLevel += 1
            for index in 0..<count {
                parameter(index, &self)
                if index < count - 1 { write(",") }
                newline()
            }
            indentLevel -= 1
        }
        write(")")
    }

    /// The width in characters of the current line, which starts at `start`.
    private func columns(from start: Int) -> Int {
        out.withBytes(from: start) { line in
            line.allSatisfy { $0 < 0x80 } ? line.count : String(decoding: line, as: UTF8.self).count
        }
    }

    private mutating func functionHead(_ function: SwiftFunction) {
        prefix(function.access, function.modifiers)
        if let name = function.name {
            write("func ")
            write(name)
        } else {
            write("init")
        }
    }

    private mutating func functionTail(_ function: SwiftFunction) {
        if function.isAsync { write(" async") }
        if let result = function.result {
            write(" -> ")
            type(result)
        }
    }

    private mutating func parameter(_ parameter: SwiftParameter) {
        if let label = parameter.label {
            write(label)
            write(" ")
        }
        write(parameter.name)
        write(": ")
        type(parameter.type)
        if let value = parameter.defaultValue {
            write(" = ")
            expr(value)
        }
    }

    private mutating func type(_ type: SwiftType) {
        switch type {
        case .named(let name, let arguments):
            write(name)
            if !arguments.isEmpty {
                write("<")
                for (index, argument) in arguments.enumerated() {
                    if index > 0 { write(", ") }
                    self.type(argument)
                }
                write(">")
            }
        case .optional(let wrapped):
            switch wrapped {
            case .function, .existential:
                write("(")
                self.type(wrapped)
                write(")?")
            default:
                self.type(wrapped)
                write("?")
            }
        case .array(let element):
            write("[")
            self.type(element)
            write("]")
        case .dictionary(let key, let value):
            write("[")
            self.type(key)
            write(": ")
            self.type(value)
            write("]")
        case .existential(let inner):
            write("any ")
            self.type(inner)
        case .function(let attributes, let parameters, let isAsync, let result):
            for attribute in attributes {
                write(attribute)
                write(" ")
            }
            write("(")
            for (index, parameter) in parameters.enumerated() {
                if index > 0 { write(", ") }
                self.type(parameter)
            }
            write(")")
            if isAsync { write(" async") }
            write(" -> ")
            self.type(result)
        case .void: write("Void")
        }
    }

    // MARK: - Statements

    mutating func statements(_ statements: [SwiftStmt]) {
        for statement in statements {
            self.statement(statement)
        }
    }

    mutating func statement(_ statement: SwiftStmt) {
        switch statement {
        case .expr(let value):
            expr(value)
            newline()
        case .return(let value):
            write("return")
            if let value {
                write(" ")
                expr(value)
            }
            newline()
        case .let(let name, let type, let value), .var(let name, let type, let value):
            if case .let = statement { write("let ") } else { write("var ") }
            write(name)
            if let type {
                write(": ")
                self.type(type)
            }
            write(" = ")
            expr(value)
            newline()
        case .assign(let target, let value):
            expr(target)
            write(" = ")
            expr(value)
            newline()
        case .guardLet(let name, let value, let elseBody):
            write("guard let ")
            write(name)
            if value != .name(name) {
                write(" = ")
                expr(value)
            }
            write(" else ")
            block(elseBody)
            newline()
        case .guard(let condition, let elseBody):
            write("guard ")
            expr(condition)
            write(" else ")
            block(elseBody)
            newline()
        case .for(let name, let sequence, let body):
            write("for ")
            write(name)
            write(" in ")
            expr(sequence)
            write(" {")
            newline()
            indented { $0.statements(body) }
            write("}")
            newline()
        }
    }

    /// `{ return x }` on one line for a single short statement, else a block.
    private mutating func block(_ body: [SwiftStmt]) {
        if body.count == 1 {
            let start = mark
            write("{ ")
            if statementOnThisLine(body[0], from: start) {
                write(" }")
                return
            }
        }
        write("{")
        newline()
        indented { $0.statements(body) }
        write("}")
    }

    // MARK: - Expressions

    private mutating func expr(_ expression: SwiftExpr) {
        switch expression {
        case .name(let name): write(name)
        case .string(let text): writeStringLiteral(text)
        case .bool(let value): write(value ? "true" : "false")
        case .dot(let name):
            write(".")
            write(name)
        case .member(let base, let name):
            operand(base, wrapIf: Self.isAwait)
            write(".")
            write(name)
        case .type(let type): self.type(type)
        case .call(let callee, let arguments, let multiline):
            operand(callee, wrapIf: Self.isAwait)
            list(open: "(", close: ")", items: arguments, multiline: multiline, trailingComma: false) { renderer, argument in
                if let label = argument.label {
                    renderer.write(label)
                    renderer.write(": ")
                }
                renderer.expr(argument.value)
            }
        case .closure(let closure): self.closure(closure)
        case .array(let elements, let multiline):
            list(open: "[", close: "]", items: elements, multiline: multiline, trailingComma: true) { $0.expr($1) }
        case .dictionary(let entries, let multiline):
            if entries.isEmpty {
                write("[:]")
            } else {
                list(open: "[", close: "]", items: entries, multiline: multiline, trailingComma: true) { renderer, entry in
                    renderer.expr(entry.key)
                    renderer.write(": ")
                    renderer.expr(entry.value)
                }
            }
        case .tuple(let elements):
            list(open: "(", close: ")", items: elements, multiline: false, trailingComma: false) { $0.expr($1) }
        case .await(let inner):
            write("await ")
            expr(inner)
        }
    }

    private mutating func operand(_ expression: SwiftExpr, wrapIf condition: (SwiftExpr) -> Bool) {
        if condition(expression) {
            write("(")
            expr(expression)
            write(")")
        } else {
            expr(expression)
        }
    }

    /// The one compound expression left in `SwiftExpr` (conditions, which have
    /// operators, are written directly: `FormTranslator.writeCondition`): a
    /// member or call of `await x` needs `(await x)`.
    private static func isAwait(_ expression: SwiftExpr) -> Bool {
        if case .await = expression { return true }
        return false
    }

    private mutating func list<Item>(
        open: StaticString, close: StaticString, items: [Item], multiline: Bool, trailingComma: Bool,
        _ render: (inout SwiftRenderer, Item) -> Void
    ) {
        write(open)
        if multiline && !items.isEmpty {
            newline()
            indented { renderer in
                for (index, item) in items.enumerated() {
                    render(&renderer, item)
                    if trailingComma || index < items.count - 1 { renderer.write(",") }
                    renderer.newline()
                }
            }
        } else {
            for (index, item) in items.enumerated() {
                if index > 0 { write(", ") }
                render(&self, item)
            }
        }
        write(close)
    }

    private mutating func closure(_ closure: SwiftClosure) {
        let start = mark
        if closure.body.count == 1 {
            // `{ [weak self] x in expr }` on one line, without the `return`.
            write("{ ")
            closureHead(closure)
            let bodyStart = out.count
            if statementOnThisLine(closure.body[0], from: start) {
                if out.withBytes(from: bodyStart, { $0.starts(with: "return ".utf8) }) {
                    out.remove(bodyStart..<bodyStart + 7)
                }
                write(" }")
                return
            }
        }
        write("{")
        if !closure.captures.isEmpty || !closure.parameters.isEmpty {
            write(" ")
            closureHead(closure)
            out.removeSuffix(from: out.count - 1)    // the space after `in`
        }
        newline()
        indented { $0.statements(closure.body) }
        write("}")
    }

    /// `[weak self] x in ` (with its trailing space), or nothing.
    private mutating func closureHead(_ closure: SwiftClosure) {
        if !closure.captures.isEmpty {
            write("[")
            for (index, capture) in closure.captures.enumerated() {
                if index > 0 { write(", ") }
                write(capture)
            }
            write("] ")
        }
        if !closure.parameters.isEmpty {
            for (index, parameter) in closure.parameters.enumerated() {
                if index > 0 { write(", ") }
                write(parameter)
            }
            write(" ")
        }
        if !closure.captures.isEmpty || !closure.parameters.isEmpty { write("in ") }
    }
}
