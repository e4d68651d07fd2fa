// Statements and expressions of the code model.
extension SwiftRenderer {
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
        case .switch(let subject, let cases):
            write("switch ")
            expr(subject)
            write(" {")
            newline()
            for item in cases {
                if item.pattern == "default" {
                    write("default:")
                } else {
                    write("case ")
                    write(item.pattern)
                    write(":")
                }
                newline()
                indented { $0.statements(item.body) }
            }
            write("}")
            newline()
        }
    }

    /// `{ return x }` on one line for a single short statement, else a block.
    /// `{ statement }` on this line when the body is one statement that fits
    /// there within 120 columns; else one statement per line.
    private mutating func block(_ body: [SwiftStmt]) {
        if body.count == 1 {
            let start = mark
            write("{ ")
            if statementOnThisLine(body[0], from: start) {
                write(" }")
                // A line of at most 120 bytes has at most 120 columns: no need to count.
                if out.count - lineStart <= 120 || columns(from: lineStart) <= 120 { return }
                rollBack(to: start)
            }
        }
        write("{")
        newline()
        indented { $0.statements(body) }
        write("}")
    }

    // MARK: - Expressions

    mutating func expr(_ expression: SwiftExpr) {
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
