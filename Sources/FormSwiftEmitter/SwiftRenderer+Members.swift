// The members and statements written once per field (nine tenths of a large
// file), spelled from the field's names as they are (`FieldName`, read in
// place): no model, `String` or array is made per line. The translator says
// which member, with which names; these spell it.

/// The type of a field's member: the field's value type (`String`), or a
/// generic type of it (`FormValue<String>`).
struct FieldType {
    fileprivate let generic: StaticString?
    fileprivate let value: FieldName

    init(_ value: FieldName) {
        generic = nil
        self.value = value
    }

    init(_ generic: StaticString, of value: FieldName) {
        self.generic = generic
        self.value = value
    }
}

/// An expression that names a field's value: `email`, `self.email`,
/// `values.email` or `email.value`.
struct FieldReference {
    // Written as three pieces: what comes before the name (with its dot) and after.
    fileprivate let prefix: StaticString
    fileprivate let name: FieldName
    fileprivate let suffix: StaticString

    /// `email`: a parameter or property of the field's name.
    static func plain(_ name: FieldName) -> Self { Self(prefix: "", name: name, suffix: "") }
    /// `self.email`
    static func onSelf(_ name: FieldName) -> Self { Self(prefix: "self.", name: name, suffix: "") }
    /// `values.email`: the field in the `Values` snapshot named `values`.
    static func inValues(_ name: FieldName) -> Self { Self(prefix: "values.", name: name, suffix: "") }
    /// `email.value`: the live value of the form's `FormValue`.
    static func liveValue(_ name: FieldName) -> Self { Self(prefix: "", name: name, suffix: ".value") }
    /// `cleared.email`: a field of the copy `clearingHidden` returns.
    static func cleared(_ name: FieldName) -> Self { Self(prefix: "cleared.", name: name, suffix: "") }
}

/// A helper's name: a fixed word and a field's UpperCamelCase name (`validateEmail`).
struct FieldHelperName {
    let word: StaticString
    let key: FieldName
}

extension SwiftRenderer {
    /// `public `, `package ` or nothing, before a declaration.
    mutating func accessModifier(_ access: SwiftAccess) {
        switch access {
        case .internal: break
        case .private: write("private ")
        case .fileprivate: write("fileprivate ")
        case .package: write("package ")
        case .public: write("public ")
        }
    }

    mutating func write(_ type: FieldType) {
        if let generic = type.generic {
            write(generic)
            write("<")
            write(type.value)
            write(">")
        } else {
            write(type.value)
        }
    }

    mutating func write(_ reference: FieldReference) {
        write(reference.prefix)
        write(reference.name)
        write(reference.suffix)
    }

    mutating func write(_ name: FieldHelperName) {
        write(name.word)
        write(name.key)
    }

    // MARK: - Declarations

    /// `case email`, one line of an open enum.
    mutating func enumCase(_ name: FieldName) {
        beginMember(sort: 0)
        write("case ")
        write(name)
        newline()
    }

    /// `case name` or `case name = "raw"`, one line of an open enum.
    mutating func enumCase(_ name: String, rawValue: String?) {
        beginMember(sort: 0)
        write("case ")
        write(name)
        if let rawValue {
            write(" = ")
            writeStringLiteral(rawValue)
        }
        newline()
    }

    /// `let email: FormValue<String>`: a stored property without a doc comment.
    mutating func storedProperty(_ access: SwiftAccess, isLet: Bool, _ name: FieldName, _ type: FieldType) {
        beginMember(sort: 2)
        accessModifier(access)
        write(isLet ? "let " : "var ")
        write(name)
        write(": ")
        write(type)
        newline()
    }

    /// `typealias FormValue = FormRuntime.FormValue`, the first of a run of them
    /// under the line comment `comment`.
    mutating func typeAlias(_ access: SwiftAccess, _ name: String, inModule module: String, comment: String?) {
        beginMember(sort: 4)
        if let comment {
            write("// ")
            write(comment)
            newline()
        }
        accessModifier(access)
        write("typealias ")
        write(name)
        write(" = ")
        write(module)
        write(".")
        write(name)
        newline()
    }

    /// `init(email: String, …) {` with a parameter per field (the `index`th named
    /// `name(index)`, of type `type(index)`) and, among them, the parameters
    /// `lists` spells (`employers: [Employer] = []`), each before the field
    /// numbered `before` (after the last for `count`), laid out as a signature: its
    /// assignments follow, then `closeBody()`.
    mutating func openMemberwiseInitializer(
        _ access: SwiftAccess, count: Int, name: (Int) -> FieldName, type: (Int) -> FieldName,
        lists: [(before: Int, parameter: String)] = []
    ) {
        beginMember(sort: nil)
        accessModifier(access)
        write("init")
        // Each parameter's field (0 and up) or list (-1 and down), in document order.
        var slots: [Int] = []
        if !lists.isEmpty {
            slots.reserveCapacity(count + lists.count)
            var next = 0
            for field in 0...count {
                while next < lists.count, lists[next].before <= field {
                    slots.append(-1 - next)
                    next += 1
                }
                if field < count { slots.append(field) }
            }
        }
        func slot(_ index: Int) -> Int { slots.isEmpty ? index : slots[index] }
        // The width is the bytes the closure below writes.
        parameterList(count: count + lists.count, tailWidth: 0, width: { index in
            let field = slot(index)
            return field >= 0 ? name(field).count + 2 + type(field).count : lists[-1 - field].parameter.utf8.count
        }) { index, out in
            let field = slot(index)
            guard field >= 0 else { return out.write(lists[-1 - field].parameter) }
            out.write(name(field))
            out.write(": ")
            out.write(type(field))
        }
        openBody()
    }

    // MARK: - Statements

    /// `self.email = email`
    mutating func assignment(_ target: FieldReference, _ value: FieldReference) {
        write(target)
        write(" = ")
        write(value)
        newline()
    }

    /// `self.email = FormValue(values.email)`: `type` made from the value.
    mutating func assignment(_ target: FieldReference, making type: StaticString, of value: FieldReference) {
        write(target)
        write(" = ")
        write(type)
        write("(")
        write(value)
        write(")")
        newline()
    }

    /// `self._at = FormDateTime(wrappedValue: at)`: `value` (written by `value`)
    /// into the private storage of a field that the runtime type `wrapper` keeps.
    mutating func storageAssignment(_ name: FieldName, wrapper: StaticString, _ value: (inout SwiftRenderer) -> Void) {
        write("self._")
        write(name)
        write(" = ")
        write(wrapper)
        write("(wrappedValue: ")
        value(&self)
        write(")")
        newline()
    }

    /// `self.email = ""`
    mutating func assignment(_ target: FieldReference, _ value: SwiftLiteral) {
        write(target)
        write(" = ")
        literal(value)
        newline()
    }

    /// `if !isVisible(.email, in: values) { cleared.email = "" }` (`, context: context`
    /// where conditions read `today`): a line of `clearingHidden` (SPEC §15.2).
    mutating func clearingWhenHidden(_ name: FieldName, to empty: SwiftLiteral, passesContext: Bool) {
        write("if !isVisible(.")
        write(name)
        write(passesContext ? ", in: values, context: context) {" : ", in: values) {")
        newline()
        indented { $0.assignment(.cleared(name), empty) }
        write("}")
        newline()
    }

    /// `return x` on a line of its own, `value` writing `x`.
    mutating func returnStatement(_ value: (inout SwiftRenderer) -> Void) {
        write("return ")
        value(&self)
        newline()
    }

    /// `switch field {`: its cases follow, then `closeSwitch()`.
    mutating func openSwitch(over subject: String) {
        write("switch ")
        write(subject)
        write(" {")
        newline()
    }

    /// `case .a, .b:`, one pattern per name.
    mutating func switchCase(_ names: some Sequence<FieldName>) {
        write("case ")
        var isFirst = true
        for name in names {
            write(isFirst ? "." : ", .")
            write(name)
            isFirst = false
        }
        write(":")
        newline()
    }

    mutating func defaultCase() {
        write("default:")
        newline()
    }

    /// `return x` on the line after a case.
    mutating func caseReturn(_ value: (inout SwiftRenderer) -> Void) {
        indent()
        returnStatement(value)
        outdent()
    }

    mutating func closeSwitch() {
        write("}")
        newline()
    }

    /// `.valid`: a member of the type the context expects.
    mutating func implicitMember(_ name: String) {
        write(".")
        write(name)
    }
}
