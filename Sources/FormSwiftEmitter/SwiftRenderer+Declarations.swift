import FormModel

// Declarations of the code model: the file's head, types, properties and
// functions, and how types are spelled.
extension SwiftRenderer {
    /// The file's leading `//` comment lines and its imports, in order. An import
    /// whose types the file's API names is written with the file's access
    /// (`public import FormRuntime`), which a module whose imports are internal by
    /// default (`InternalImportsByDefault`) needs; any other is plain. A `package`
    /// one is written so only where that feature is on: without it, a plain import
    /// is public, and Swift rejects a module where one file imports a module as
    /// `package` and another (a second form, the app's own file) imports it plainly.
    mutating func fileHeader(comment: [String], imports: [SwiftImport], access: SwiftAccess) {
        for line in comment {
            write("// ")
            Self.appendEscaped(line, quotes: false, to: &out)
            newline()
        }
        if !comment.isEmpty { blankLine() }
        var index = imports.startIndex
        while index < imports.endIndex {
            let current = imports[index]
            guard current.inAPI, access != .internal else {
                importLine(current.module, access: nil)
                index += 1
                continue
            }
            guard access == .package else {
                importLine(current.module, access: access)
                index += 1
                continue
            }
            // A run of `package` imports, under one condition.
            let run = imports[index...].prefix { $0.inAPI }
            write("#if hasFeature(InternalImportsByDefault)")
            newline()
            for item in run { importLine(item.module, access: .package) }
            write("#else")
            newline()
            for item in run { importLine(item.module, access: nil) }
            write("#endif")
            newline()
            index += run.count
        }
    }

    private mutating func importLine(_ module: String, access: SwiftAccess?) {
        if let access {
            write(access.rawValue)
            write(" ")
        }
        write("import ")
        write(module)
        newline()
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

    mutating func prefix(_ access: SwiftAccess, _ modifiers: [String]) {
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
    var lastLineEndsWithBrace: Bool {
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
    func columns(from start: Int) -> Int {
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

    mutating func type(_ type: SwiftType) {
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
        case .tuple(let labels, let types):
            write("(")
            for (index, (label, element)) in zip(labels, types).enumerated() {
                if index > 0 { write(", ") }
                write(label)
                write(": ")
                self.type(element)
            }
            write(")")
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
}

extension SwiftRenderer {
    /// A field's value type as written in the generated Swift: `String`, `Bool`,
    /// `Plan`, `Plan?`, `Int?`, `[Topping]` (also what the editor shows for a field).
    package static func spelling(of valueType: FieldValueType) -> String {
        switch valueType {
        case .string: "String"
        case .bool: "Bool"
        case .segment(let name, let optional): optional ? name + "?" : name
        case .number(let decimal, let optional): (decimal ? "Decimal" : "Int") + (optional ? "?" : "")
        case .date(let mode, let optional): dateTypeName(mode) + (optional ? "?" : "")
        case .multiChoice(let name): "[" + name + "]"
        }
    }

    /// The Swift type of a date field's value, without `?`.
    static func dateTypeName(_ mode: DateMode) -> String {
        switch mode {
        case .date: "FormDate"
        case .time: "FormTime"
        case .dateTime: "Date"
        }
    }
}
