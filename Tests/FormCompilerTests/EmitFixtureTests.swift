@testable import FormModel
@testable import FormSource
import Testing

/// Hand-built checked forms for the emitter tests, independent of the readers and
/// the checker: a small builder for elements and a symbol table made the way the
/// checker makes it (document order, effective trigger).
enum EmitFixture {
    static let range = SourceRange.fileStart

    static func located<T>(_ value: T) -> Located<T> { Located(value, at: range) }

    static func rule(_ kind: RuleKind, message: String? = nil) -> RuleDecl {
        RuleDecl(kind: kind, message: message.map(located), range: range, nameRange: range)
    }

    static func condition(_ expression: ConditionExpr?) -> Condition? {
        expression.map { Condition(source: located("…"), style: .plain, expression: $0) }
    }

    static func element(_ kind: ElementKind, visibleWhen: ConditionExpr? = nil, enabledWhen: ConditionExpr? = nil) -> Element {
        Element(kind: kind, range: range, kindKeyRange: range, visibleWhen: condition(visibleWhen), enabledWhen: condition(enabledWhen))
    }

    static func text(
        _ id: String, variant: TextInputDecl.Variant = .textField, placeholder: String? = nil, label: String? = nil,
        default defaultValue: String? = nil, secure: Bool? = nil, keyboard: KeyboardType? = nil,
        rules: [RuleDecl] = [], validateOn: ValidationTrigger? = nil,
        visibleWhen: ConditionExpr? = nil, enabledWhen: ConditionExpr? = nil
    ) -> Element {
        var decl = TextInputDecl(variant: variant, common: FieldCommon(id: located(id), rules: rules, validateOn: validateOn.map(located)))
        decl.placeholder = placeholder.map(located)
        decl.label = label.map(located)
        decl.defaultValue = defaultValue.map(located)
        decl.secure = secure.map(located)
        decl.keyboard = keyboard.map(located)
        return element(.text(decl), visibleWhen: visibleWhen, enabledWhen: enabledWhen)
    }

    static func boolean(
        _ id: String, title: String, default defaultValue: Bool? = nil, rules: [RuleDecl] = [],
        visibleWhen: ConditionExpr? = nil
    ) -> Element {
        element(.boolean(BooleanFieldDecl(
            common: FieldCommon(id: located(id), rules: rules), title: located(title), defaultValue: defaultValue.map(located)
        )), visibleWhen: visibleWhen)
    }

    static func segment(
        _ id: String, title: String? = nil, options: [(String, String?)], default defaultValue: String? = nil,
        enumName: String? = nil, rules: [RuleDecl] = [], visibleWhen: ConditionExpr? = nil
    ) -> Element {
        element(.segment(SegmentFieldDecl(
            common: FieldCommon(id: located(id), rules: rules), title: title.map(located),
            options: options.map { SegmentOption(value: located($0.0), title: $0.1.map(located), range: range) },
            defaultValue: defaultValue.map(located), enumName: enumName.map(located)
        )), visibleWhen: visibleWhen)
    }

    static func group(
        _ id: String? = nil, title: String? = nil, style: GroupStyle? = nil, _ elements: [Element],
        visibleWhen: ConditionExpr? = nil, enabledWhen: ConditionExpr? = nil
    ) -> Element {
        element(.group(GroupDecl(id: id.map(located), title: title.map(located), style: style.map(located), elements: elements)),
                visibleWhen: visibleWhen, enabledWhen: enabledWhen)
    }

    static func form(
        _ name: String, path: String, title: String? = nil, validateOn: ValidationTrigger? = nil, _ elements: [Element]
    ) -> CheckedForm {
        let document = FormDocument(
            version: located(1), name: located(name), title: title.map(located),
            validateOn: validateOn.map(located), elements: elements, range: range
        )
        return CheckedForm(document: document, symbols: symbols(of: document), sourcePath: path)
    }

    /// The symbol table the checker would build.
    static func symbols(of document: FormDocument) -> SymbolTable {
        var table = SymbolTable()
        func walk(_ elements: [Element], path: ElementPath, groups: [ElementPath]) {
            for (index, element) in elements.enumerated() {
                let elementPath = path + [index]
                if let id = element.id { _ = table.declare(id.value, at: range) }
                switch element.kind {
                case .group(let group):
                    walk(group.elements, path: elementPath, groups: groups + [elementPath])
                case .boolean, .segment, .text:
                    guard let common = element.field else { continue }
                    let valueType: FieldValueType
                    switch element.kind {
                    case .boolean:
                        valueType = .bool
                    case .segment(let decl):
                        valueType = .segment(enumName: decl.swiftEnumName, optional: decl.isOptional)
                    case .text:
                        valueType = .string
                    default: continue
                    }
                    table.addField(FieldSymbol(
                        id: common.id.value, range: range, valueType: valueType, path: elementPath,
                        enclosingGroups: groups, trigger: common.validateOn?.value ?? document.defaultTrigger
                    ))
                default:
                    continue
                }
            }
        }
        walk(document.elements, path: [], groups: [])
        return table
    }

    /// A form of one static text: no field, rule or group.
    static var empty: CheckedForm {
        form("EmptyForm", path: "empty.form.yaml", [
            element(.staticText(StaticTextDecl(text: located("Nothing to fill in")))),
        ])
    }

    /// SPEC §2's sign-up form.
    static var signUp: CheckedForm {
        form("SignUpForm", path: "schemas/signup.form.yaml", title: "Create your account", validateOn: .blurAfterChange, [
            element(.staticText(StaticTextDecl(text: located("Welcome! It takes a minute.")))),
            group("account", title: "Account", style: .grouped, [
                text("email", placeholder: "you@example.com", keyboard: .email, rules: [rule(.required), rule(.email)]),
                text("password", variant: .floatLabel, label: "Password", secure: true, rules: [
                    rule(.required), rule(.minLength(8)), rule(.pattern(".*[0-9].*"), message: "Use at least one digit"),
                ]),
                text("confirmPassword", placeholder: "Repeat the password", secure: true, rules: [
                    rule(.sameAs("password"), message: "The passwords don't match"),
                ]),
            ]),
            element(.spacer(SpacerDecl(height: located(16)))),
            boolean("newsletter", title: "Send me product news", default: true),
            segment("plan", title: "Plan", options: [("free", "Free"), ("pro", "Pro")], default: "free"),
            text("company", placeholder: "Company", rules: [rule(.required)],
                 visibleWhen: .segmentEquals("plan", optionValue: "pro")),
            boolean("acceptTerms", title: "I accept the terms", rules: [rule(.required)]),
        ])
    }
}

extension EmitFixture {
    /// Every element kind, every rule, nested conditional groups, `enabledWhen`,
    /// an optional segment, custom validators and hostile strings.
    static var everything: CheckedForm {
        let hostile = "q\" b\\ i\\(x) t\"\"\" h#\"r\"# n\n r\r t\t z\0 c\u{7} bidi\u{202E} sep\u{2028} 🎉 👨‍👩‍👧 é"
        var layoutGroup = GroupDecl(id: located("outer"), title: located(hostile), footer: located("*/ // \\u{41}"),
                                    style: located(.grouped), layout: located(.constantHeight(44.5)),
                                    insets: located(EdgeInsets(top: 1, left: 2, bottom: 3.25, right: 4)))
        layoutGroup.elements = [
            group(nil, [
                text("inner", variant: .textView, placeholder: hostile, rules: [rule(.maxLength(5), message: hostile)]),
            ], visibleWhen: .not(.isEmpty("choice")), enabledWhen: .boolField("toggle")),
            text("nested", variant: .floatLabel, label: "Nested", rules: [rule(.custom("check"))]),
        ]
        var segueElement = element(.segue(SegueDecl(id: located("openHelp"), title: located("Help \\(me)"),
                                                    icon: located("questionmark"), accessoryIcon: located("chevron"))))
        segueElement.visibleWhen = condition(.boolField("toggle"))
        return form("EverythingForm", path: "Forms/every \"thing\"\n.form.yaml", title: hostile, validateOn: .change, [
            element(.staticText(StaticTextDecl(text: located(hostile), alignment: located(.center), style: located(.footnote)))),
            boolean("toggle", title: hostile, default: true, rules: [rule(.required), rule(.custom("check"))]),
            segment("choice", title: "Choice", options: [("a\"b", hostile), ("c#d", nil), ("default", "Default")],
                    rules: [rule(.required, message: hostile), rule(.custom("pick"))]),
            segment("other", options: [("a\"b", nil), ("c#d", nil), ("default", nil)], default: "c#d", enumName: "Choice2",
                    rules: [rule(.required)]),
            text("code", placeholder: hostile, default: hostile, secure: true, keyboard: .number, rules: [
                rule(.required), rule(.minLength(1)), rule(.maxLength(10)),
                rule(.pattern(##"[\\"#]+\(x\)\n"##), message: hostile), rule(.email), rule(.url),
                rule(.sameAs("again")), rule(.custom("check")),
            ], validateOn: .submit, visibleWhen: .or(.textEquals("again", hostile), .segmentEquals("choice", optionValue: "a\"b"))),
            text("again", label: "Repeat", validateOn: .blur, enabledWhen: .and(.constant(true), .not(.boolField("toggle")))),
            element(.group(layoutGroup), visibleWhen: .segmentEquals("other", optionValue: "default")),
            element(.spacer(SpacerDecl(height: located(0.5)))),
            segueElement,
        ])
    }

    /// `fields` text fields in groups of 10; every fourth group is conditional on a
    /// switch, and the fields use every rule kind but `custom`.
    static func large(fields count: Int) -> CheckedForm {
        var elements: [Element] = []
        var texts: [String] = []
        var index = 0
        var groupNumber = 0
        while index < count {
            var children: [Element] = [boolean("switch\(groupNumber)", title: "Switch \(groupNumber)")]
            index += 1
            while children.count < 10 && index < count {
                let id = "field\(index)"
                let rules: [RuleDecl]
                switch index % 5 {
                case 0: rules = [rule(.required), rule(.minLength(2)), rule(.maxLength(40))]
                case 1: rules = [rule(.email)]
                case 2: rules = [rule(.pattern("[a-z]+[0-9]*"), message: "Lowercase please")]
                case 3: rules = texts.last.map { [rule(.url), rule(.sameAs($0))] } ?? [rule(.url)]
                default: rules = []
                }
                var visibleWhen: ConditionExpr?
                if index % 7 == 0, texts.count >= 2 {
                    visibleWhen = .or(.textEquals(texts[texts.count - 1], "x"), .not(.isEmpty(texts[texts.count - 2])))
                }
                children.append(text(id, placeholder: "Field \(index)", rules: rules, visibleWhen: visibleWhen))
                texts.append(id)
                index += 1
            }
            let visibleWhen: ConditionExpr? = groupNumber % 4 == 0 && groupNumber > 0
                ? .boolField("switch\(groupNumber - 1)") : nil
            elements.append(group("group\(groupNumber)", title: "Group \(groupNumber)", children, visibleWhen: visibleWhen))
            groupNumber += 1
        }
        return form("LargeForm", path: "large.form.yaml", elements)
    }
}

@Test func emitFixtureBuildsTheSymbolsInDocumentOrder() {
    let ids = EmitFixture.signUp.symbols.fields.map(\.id)
    #expect(ids == ["email", "password", "confirmPassword", "newsletter", "plan", "company", "acceptTerms"])
}
