/// Renders the Swift code model as text: the one place where Swift syntax is
/// spelled out. Fixed four-space indentation, `\n` line breaks, a final newline,
/// no trailing whitespace. The same model always renders to the same bytes.
struct SwiftRenderer {
    private var lines: [String] = []
    private var current = ""
    private var indentLevel = 0

    static func render(_ file: SwiftFile) -> String {
        var renderer = SwiftRenderer()
        renderer.file(file)
        return renderer.finish()
    }

    // MARK: - Literals

    /// A Swift string literal whose value is exactly `text`. Backslashes and quotes
    /// are escaped (which also neutralises `\(` and `"""`); line breaks, tabs, NUL,
    /// every other control character and every invisible or line-separating scalar
    /// (format characters such as bidirectional overrides, U+2028/U+2029, private-use
    /// and unassigned scalars) become escapes, so the literal stays on one line and
    /// shows what it holds. Everything else, emoji included, is written as is.
    static func stringLiteral(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\0": result += "\\0"
            default:
                if needsEscape(scalar) {
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// Comment text on one line: the same escapes as a literal for anything that
    /// could end the comment or hide what follows.
    static func commentText(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\0": result += "\\0"
            default:
                if needsEscape(scalar) {
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
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

    private mutating func write(_ text: String) {
        current += text
    }

    private mutating func newline() {
        if current.isEmpty {
            lines.append("")
        } else {
            lines.append(String(repeating: "    ", count: indentLevel) + current)
        }
        current = ""
    }

    private mutating func blankLine() {
        if !current.isEmpty { newline() }
        if let last = lines.last, !last.isEmpty { lines.append("") }
    }

    private mutating func indented(_ body: (inout SwiftRenderer) -> Void) {
        indentLevel += 1
        body(&self)
        indentLevel -= 1
    }

    private mutating func finish() -> String {
        if !current.isEmpty { newline() }
        while let last = lines.last, last.isEmpty { lines.removeLast() }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - File and declarations

    private mutating func file(_ file: SwiftFile) {
        for line in file.header {
            write("// " + Self.commentText(line))
            newline()
        }
        if !file.header.isEmpty { blankLine() }
        for module in file.imports {
            write("import " + module)
            newline()
        }
        for declaration in file.declarations {
            blankLine()
            decl(declaration)
        }
    }

    private mutating func docComment(_ doc: [String]) {
        for line in doc {
            write("/// " + Self.commentText(line))
            newline()
        }
    }

    private mutating func attributes(_ attributes: [String]) {
        for attribute in attributes {
            write(attribute)
            newline()
        }
    }

    private func prefix(_ access: SwiftAccess, _ modifiers: [String]) -> String {
        var words: [String] = []
        if access != .internal { words.append(access.rawValue) }
        words += modifiers
        return words.map { $0 + " " }.joined()
    }

    private mutating func decl(_ declaration: SwiftDecl) {
        switch declaration {
        case .type(let type): typeDecl(type)
        case .enumCase(let name, let rawValue):
            write("case " + name)
            if let rawValue { write(" = " + Self.stringLiteral(rawValue)) }
            newline()
        case .property(let property): self.property(property)
        case .function(let function): self.function(function)
        }
    }

    /// Members are separated by a blank line, except runs of one-line members of
    /// the same sort (cases, stored properties, protocol requirements).
    private mutating func members(_ members: [SwiftDecl]) {
        var previousCompactSort: Int?
        for member in members {
            let sort = Self.compactSort(of: member)
            if let previousCompactSort, sort == previousCompactSort {
                // stays in the run
            } else if !lines.isEmpty, let last = lines.last, !last.hasSuffix("{") {
                blankLine()
            }
            decl(member)
            previousCompactSort = sort
        }
    }

    private static func compactSort(of member: SwiftDecl) -> Int? {
        switch member {
        case .enumCase: return 0
        case .property(let property) where property.getter == nil && property.doc.isEmpty && property.attributes.isEmpty:
            return property.modifiers.contains("static") ? 1 : 2
        case .function(let function) where function.body == nil && function.doc.isEmpty: return 3
        default: return nil
        }
    }

    private mutating func typeDecl(_ type: SwiftTypeDecl) {
        docComment(type.doc)
        attributes(type.attributes)
        write(prefix(type.access, type.modifiers) + type.kind.rawValue + " " + type.name)
        if !type.inherits.isEmpty { write(": " + type.inherits.joined(separator: ", ")) }
        if type.members.isEmpty {
            write(" {}")
            newline()
            return
        }
        write(" {")
        newline()
        indented { $0.members(type.members) }
        write("}")
        newline()
    }

    private mutating func property(_ property: SwiftProperty) {
        docComment(property.doc)
        attributes(property.attributes)
        write(prefix(property.access, property.modifiers) + (property.isLet ? "let " : "var ") + property.name)
        if let type = property.type { write(": " + Self.type(type)) }
        if let initializer = property.initializer {
            write(" = ")
            expr(initializer)
        }
        if let getter = property.getter {
            write(" {")
            newline()
            indented { $0.statements(getter) }
            write("}")
        }
        newline()
    }

    private mutating func function(_ function: SwiftFunction) {
        docComment(function.doc)
        attributes(function.attributes)
        let head = prefix(function.access, function.modifiers) + (function.name.map { "func " + $0 } ?? "init")
        var tail = ""
        if function.isAsync { tail += " async" }
        if let result = function.result { tail += " -> " + Self.type(result) }
        let parameters = function.parameters.map(Self.parameter)
        let oneLine = head + "(" + parameters.joined(separator: ", ") + ")" + tail
        if String(repeating: "    ", count: indentLevel).count + oneLine.count + 2 <= 120 || parameters.count < 2 {
            write(oneLine)
        } else {
            write(head + "(")
            newline()
            indented {
                for (index, parameter) in parameters.enumerated() {
                    $0.write(parameter + (index == parameters.count - 1 ? "" : ","))
                    $0.newline()
                }
            }
            write(")" + tail)
        }
        if let body = function.body {
            write(" {")
            newline()
            indented { $0.statements(body) }
            write("}")
        }
        newline()
    }

    private static func parameter(_ parameter: SwiftParameter) -> String {
        var text = ""
        if let label = parameter.label { text += label + " " }
        text += parameter.name + ": " + type(parameter.type)
        if let value = parameter.defaultValue {
            var inner = SwiftRenderer()
            inner.expr(value)
            text += " = " + inner.current
        }
        return text
    }

    static func type(_ type: SwiftType) -> String {
        switch type {
        case .named(let name, let arguments):
            if arguments.isEmpty { return name }
            return name + "<" + arguments.map(Self.type).joined(separator: ", ") + ">"
        case .optional(let wrapped):
            if case .function = wrapped { return "(" + Self.type(wrapped) + ")?" }
            if case .existential = wrapped { return "(" + Self.type(wrapped) + ")?" }
            return Self.type(wrapped) + "?"
        case .array(let element): return "[" + Self.type(element) + "]"
        case .dictionary(let key, let value): return "[" + Self.type(key) + ": " + Self.type(value) + "]"
        case .existential(let inner): return "any " + Self.type(inner)
        case .function(let attributes, let parameters, let isAsync, let result):
            var text = attributes.map { $0 + " " }.joined()
            text += "(" + parameters.map(Self.type).joined(separator: ", ") + ")"
            if isAsync { text += " async" }
            return text + " -> " + Self.type(result)
        case .void: return "Void"
        }
    }

    // MARK: - Statements

    private mutating func statements(_ statements: [SwiftStmt]) {
        for statement in statements {
            self.statement(statement)
        }
    }

    private mutating func statement(_ statement: SwiftStmt) {
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
            if let type { write(": " + Self.type(type)) }
            write(" = ")
            expr(value)
            newline()
        case .assign(let target, let value):
            expr(target)
            write(" = ")
            expr(value)
            newline()
        case .guardLet(let name, let value, let elseBody):
            write("guard let " + name)
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
            write("for " + name + " in ")
            expr(sequence)
            write(" {")
            newline()
            indented { $0.statements(body) }
            write("}")
            newline()
        case .switch(let subject, let cases):
            write("switch ")
            expr(subject)
            write(" {")
            newline()
            for switchCase in cases {
                if switchCase.patterns.isEmpty {
                    write("default:")
                } else {
                    write("case ")
                    for (index, pattern) in switchCase.patterns.enumerated() {
                        if index > 0 { write(", ") }
                        expr(pattern)
                    }
                    write(":")
                }
                newline()
                indented { $0.statements(switchCase.body) }
            }
            write("}")
            newline()
        }
    }

    /// `{ return x }` on one line for a single short statement, else a block.
    private mutating func block(_ body: [SwiftStmt]) {
        if body.count == 1, let single = Self.oneLine(body[0]) {
            write("{ " + single + " }")
            return
        }
        write("{")
        newline()
        indented { $0.statements(body) }
        write("}")
    }

    /// A statement's text when it renders on one line.
    private static func oneLine(_ statement: SwiftStmt) -> String? {
        var inner = SwiftRenderer()
        inner.statement(statement)
        guard inner.lines.count == 1 else { return nil }
        return inner.lines[0]
    }

    // MARK: - Expressions

    private mutating func expr(_ expression: SwiftExpr) {
        switch expression {
        case .name(let name): write(name)
        case .string(let text): write(Self.stringLiteral(text))
        case .int(let value): write(String(value))
        case .double(let value): write(Self.doubleLiteral(value))
        case .bool(let value): write(value ? "true" : "false")
        case .nil: write("nil")
        case .dot(let name): write("." + name)
        case .member(let base, let name):
            operand(base, wrapIf: Self.isCompound)
            write("." + name)
        case .type(let type): write(Self.type(type))
        case .call(let callee, let arguments, let multiline):
            operand(callee, wrapIf: Self.isCompound)
            list(open: "(", close: ")", items: arguments, multiline: multiline, trailingComma: false) { renderer, argument in
                if let label = argument.label { renderer.write(label + ": ") }
                renderer.expr(argument.value)
            }
        case .subscript(let base, let index):
            operand(base, wrapIf: Self.isCompound)
            write("[")
            expr(index)
            write("]")
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
        case .binary(let lhs, let op, let rhs):
            operand(lhs) { Self.needsParentheses($0, inside: op) }
            write(" " + op.rawValue + " ")
            operand(rhs) { Self.needsParentheses($0, inside: op) }
        case .not(let inner):
            write("!")
            operand(inner, wrapIf: Self.isCompound)
        case .ternary(let condition, let then, let otherwise):
            operand(condition, wrapIf: Self.isCompound)
            write(" ? ")
            operand(then, wrapIf: Self.isCompound)
            write(" : ")
            operand(otherwise, wrapIf: Self.isCompound)
        case .await(let inner):
            write("await ")
            expr(inner)
        case .paren(let inner):
            write("(")
            expr(inner)
            write(")")
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

    private static func isCompound(_ expression: SwiftExpr) -> Bool {
        switch expression {
        case .binary, .ternary, .await, .not: return true
        default: return false
        }
    }

    /// Operands of a binary operator get parentheses unless they are the same
    /// associative operator or plainly atomic, so precedence never has to be read.
    private static func needsParentheses(_ operand: SwiftExpr, inside op: SwiftOperator) -> Bool {
        switch operand {
        case .binary(_, let inner, _): return !(inner == op && (op == .and || op == .or))
        case .ternary, .await: return true
        default: return false
        }
    }

    private mutating func list<Item>(
        open: String, close: String, items: [Item], multiline: Bool, trailingComma: Bool,
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
        var head = ""
        if !closure.captures.isEmpty { head += "[" + closure.captures.joined(separator: ", ") + "] " }
        if !closure.parameters.isEmpty { head += closure.parameters.joined(separator: ", ") + " " }
        if !head.isEmpty { head += "in " }
        if closure.body.count == 1, let single = Self.oneLine(closure.body[0]) {
            let text = single.hasPrefix("return ") ? String(single.dropFirst("return ".count)) : single
            write("{ " + head + text + " }")
            return
        }
        write("{" + (head.isEmpty ? "" : " " + head.dropLast()))
        newline()
        indented { $0.statements(closure.body) }
        write("}")
    }
}
