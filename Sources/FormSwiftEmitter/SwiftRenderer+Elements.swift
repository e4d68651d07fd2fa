import FormModel
import FormSource

// The element builders' Swift: `elements.append(TextFieldElement(id: "email", …))`.

/// The arguments of one element's initializer, as the translator names them
/// (`FormTranslator.writeElement`); `SwiftRenderer.elementInitializer` spells
/// them, one per line when there are more than two or one is a closure or
/// options, else on one line.
struct ElementArguments {
    // Flat, not a `SwiftLiteral` inside: a large form copies tens of thousands
    // of arguments, and a nested enum is copied through an outlined function.
    enum Value {
        case string(String)
        case bool(Bool)
        case int(Int)
        case double(Double)
        /// An exact `Decimal`: a number element's step or bound.
        case decimal(DecimalLiteral)
        /// A date element's `min`/`max` rule bound: a literal, or a day counted
        /// from `form.context.today` when the element tree is built.
        case dateBound(String, FieldValueType, isMax: Bool)
        /// `.name`: a runtime enum case, spelled like the form's key value.
        case runtimeCase(String)
        /// `.constantHeight(44)`
        case constantHeight(Double)
        case insets(EdgeInsets)
        /// `makeElements_1(of: form)`: a group's builder.
        case builder(String)
        /// `form.email`: the field's `FormValue`.
        case binding(String)
        /// `Action.signIn`
        case action(String)
        /// `{ [weak form] in form?.isVisible_Company() ?? false }`: reads the
        /// form's live values (no snapshot), and answers false once the form is
        /// gone.
        case condition(ConditionHelperName)
        /// `{ [weak form] in form.map { ($0._owner?.owner?.isEnabled(.pets) ?? true) && $0.isEnabled_Name() } ?? false }`:
        /// an entry's element, editable only while its list is (and its own
        /// condition, when it has one, holds).
        case entryEnabled(listID: String, helper: ConditionHelperName?)
        /// `form.context.localization.string("SignUpForm.title", default: "…")`
        case localized(key: String, text: String)
        /// `[SegmentOption(value: .free, title: …), …]`, one per line, each title
        /// looked up by `keyPrefix` + the option's value; past
        /// `SwiftRenderer.largestOptionsLiteral` options, `planOptions` (the field
        /// `id` and `Options`) instead, an array the statements before the element build with one
        /// `append` per option. The case `none` is written `Plan.none`
        /// (`enumName`): as `.none` an optional field's option would be `nil`.
        case options([SegmentOption], caseNames: [String], keyPrefix: String, enumName: String, id: String)
    }

    fileprivate var arguments: [(label: StaticString, value: Value)] = []
    /// Whether an argument is a closure or options, which puts them one per
    /// line; noted as they come, so that no argument is copied out to ask.
    fileprivate var hasClosureOrOptions = false
    /// The index of the `options` argument, whose array is built before the element.
    fileprivate var optionsIndex: Int?

    func has(_ label: StaticString) -> Bool {
        arguments.contains { $0.label.description == label.description }
    }

    mutating func removeAll() {
        arguments.removeAll(keepingCapacity: true)
        hasClosureOrOptions = false
        optionsIndex = nil
    }

    mutating func append(_ label: StaticString, _ value: Value) {
        switch value {
        case .condition, .entryEnabled: hasClosureOrOptions = true
        case .options:
            hasClosureOrOptions = true
            optionsIndex = arguments.count
        default: break
        }
        arguments.append((label, value))
    }

    /// An optional argument: appended when there is a value.
    mutating func append(_ label: StaticString, _ value: Value?) {
        if let value { append(label, value) }
    }

    /// The optional arguments: appended when the form has the key.
    mutating func append(_ label: StaticString, string value: Located<String>?) {
        if let value { append(label, .string(value.value)) }
    }

    mutating func append(_ label: StaticString, bool value: Located<Bool>?) {
        if let value { append(label, .bool(value.value)) }
    }

    mutating func append(_ label: StaticString, case value: String?) {
        if let value { append(label, .runtimeCase(value)) }
    }
}

/// The type an element's initializer makes: `GroupElement`, or a generic one
/// of the field's value type (`NumberElement<Int?>`).
enum ElementType {
    case plain(StaticString)
    case ofField(StaticString, FieldName)
    case of(StaticString, String)
}

extension SwiftRenderer {
    /// `elements.append(TextFieldElement(id: "email", …))` on a line of its own.
    /// An element with more options than an array literal takes is preceded by
    /// the statements that build them.
    mutating func appendStatement(to array: String, _ type: ElementType, _ arguments: ElementArguments) {
        if let index = arguments.optionsIndex, case .options(let options, _, _, _, _) = arguments.arguments[index].value,
           options.count > Self.largestOptionsLiteral {
            optionStatements(arguments.arguments[index].value, type)
        }
        write(array)
        write(".append(")
        elementInitializer(type, arguments)
        write(")")
        newline()
    }

    /// `TextFieldElement(id: "email", …)`
    mutating func elementInitializer(_ type: ElementType, _ arguments: ElementArguments) {
        switch type {
        case .plain(let name):
            write(name)
        case .ofField(let name, let argument):
            write(name)
            write("<")
            write(argument)
            write(">")
        case .of(let name, let argument):
            write(name)
            write("<")
            write(argument)
            write(">")
        }
        let multiline = arguments.arguments.count > 2 || arguments.hasClosureOrOptions
        let arguments = arguments.arguments
        write("(")
        if multiline {
            newline()
            indent()
        }
        // By index: the arguments are read in place, not copied out one by one.
        for index in arguments.indices {
            if index > 0 && !multiline { write(", ") }
            write(arguments[index].label)
            write(": ")
            elementArgument(arguments[index].value)
            if multiline {
                if index < arguments.count - 1 { write(",") }
                newline()
            }
        }
        if multiline { outdent() }
        write(")")
    }

    private mutating func elementArgument(_ value: ElementArguments.Value) {
        switch value {
        case .string(let text): writeStringLiteral(text)
        case .bool(let value): literal(.bool(value))
        case .int(let value): write(value)
        case .double(let value): write(Self.doubleLiteral(value))
        case .decimal(let value): literal(.number(value, decimal: true))
        case .dateBound(let text, let valueType, let isMax): bound(text, for: valueType, isMax: isMax, context: "form.context")
        case .localized(let key, let text):
            localizedString(in: .form, key: key, default: text)
        case .runtimeCase(let name):
            write(".")
            // A runtime enum case spelled like the form's key value; `default` needs backticks.
            if SwiftNaming.keywords.contains(name) {
                write("`")
                write(name)
                write("`")
            } else {
                write(name)
            }
        case .constantHeight(let height):
            write(".constantHeight(")
            write(Self.doubleLiteral(height))
            write(")")
        case .insets(let insets):
            write("FormEdgeInsets(top: ")
            write(Self.doubleLiteral(insets.top))
            write(", left: ")
            write(Self.doubleLiteral(insets.left))
            write(", bottom: ")
            write(Self.doubleLiteral(insets.bottom))
            write(", right: ")
            write(Self.doubleLiteral(insets.right))
            write(")")
        case .builder(let name):
            write(name)
            write("(of: form)")
        case .binding(let id):
            write("form.")
            write(id)
        case .action(let id):
            write("Action.")
            write(id)
            // The case, not `CaseIterable`'s static property of the same name.
            if id == "allCases" { write(" as Action") }
        case .condition(let helper):
            write("{ [weak form] in form?.")
            write(helper)
            write("() ?? false }")
        case .entryEnabled(let listID, let helper):
            write("{ [weak form] in form.map { ")
            if helper != nil { write("(") }
            write("$0.")
            write(ListEntrySpec.ownerMember)
            write("?.owner?.isEnabled(.")
            write(listID)
            write(") ?? true")
            if let helper {
                write(") && $0.")
                write(helper)
                write("()")
            }
            write(" } ?? false }")
        case .options(let options, let caseNames, let keyPrefix, let enumName, let id):
            if options.count > Self.largestOptionsLiteral {
                optionsLocal(of: id)
                return
            }
            write("[")
            guard !options.isEmpty else {
                write("]")
                return
            }
            newline()
            indent()
            for (option, caseName) in zip(options, caseNames) {
                segmentOption(option, caseName: caseName, keyPrefix: keyPrefix, enumName: enumName)
                write(",")
                newline()
            }
            outdent()
            write("]")
        }
    }

    /// The most options an element's initializer takes as an array literal.
    /// The type checker's time and memory for a literal of generic calls grow
    /// much faster than its length, while statements are checked one by one; up
    /// to a few dozen options, the literal is the faster of the two, and this many
    /// stays far below the limit of `-warn-long-expression-type-checking` that
    /// projects set, on a slower or busier machine too (docs/design/generated-code.md).
    static let largestOptionsLiteral = 32

    /// `var planOptions: [SegmentOption<Plan?>] = []` and one
    /// `planOptions.append(SegmentOption(value: .free, title: …))` per option:
    /// the array of an `options` argument (`value`), of the element `type`'s
    /// value type.
    private mutating func optionStatements(_ value: ElementArguments.Value, _ type: ElementType) {
        guard case .options(let options, let caseNames, let keyPrefix, let enumName, let id) = value else { return }
        write("var ")
        optionsLocal(of: id)
        write(": [SegmentOption<")
        switch type {
        case .ofField(_, let argument): write(argument)
        case .of(_, let argument): write(argument)
        case .plain: preconditionFailure("an element with options has a value type")
        }
        write(">] = []")
        newline()
        for (option, caseName) in zip(options, caseNames) {
            optionsLocal(of: id)
            write(".append(")
            segmentOption(option, caseName: caseName, keyPrefix: keyPrefix, enumName: enumName)
            write(")")
            newline()
        }
    }

    /// `planOptions`: the local array of the options of the field `id`.
    private mutating func optionsLocal(of id: String) {
        write(id)
        write("Options")
    }

    /// `SegmentOption(value: .free, title: …)`
    private mutating func segmentOption(_ option: SegmentOption, caseName: String, keyPrefix: String, enumName: String) {
        write("SegmentOption(value: ")
        if caseName == "none" { write(enumName) }
        write(".")
        write(caseName)
        if let title = option.title {
            write(", title: ")
            localizedString(in: .form, key: keyPrefix + option.value.value, default: title.value)
        }
        if let image = option.image {
            write(", image: ")
            writeStringLiteral(image.value)
        }
        write(")")
    }

    /// `context.localization.string("key", default: "text")`: the text looked up
    /// by its key in the localization of `context` (SPEC §11), the form's text as
    /// the fallback.
    mutating func localizedString(in context: LocalizationContext, key: String, default text: String) {
        localizedString(in: context, keyPieces: { $0(key) }, defaultPieces: { $0(text) })
    }

    /// `localizedString(in:key:default:)` whose key and default are the pieces
    /// `key` and `text` hand over (see `writeStringLiteral(_:)`).
    mutating func localizedString(
        in context: LocalizationContext, keyPieces key: ((String) -> Void) -> Void, defaultPieces text: ((String) -> Void) -> Void
    ) {
        switch context {
        case .form: write("form.context.localization.string(")
        case .validation: write("context.localization.string(")
        }
        writeStringLiteral(key)
        write(", default: ")
        writeStringLiteral(text)
        write(")")
    }

    /// Whose context's localization a string is looked up in.
    enum LocalizationContext {
        /// `form.context`, in an element builder.
        case form
        /// `context`, in a rule function.
        case validation
    }

}
