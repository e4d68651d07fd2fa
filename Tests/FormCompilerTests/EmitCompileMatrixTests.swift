@testable import FormChecker
@testable import FormCompiler
@testable import FormLocalization
@testable import FormModel
@testable import FormPreview
@testable import FormSource
@testable import FormSwiftEmitter
@testable import FormSyntax
@testable import FormText
import Foundation
import Testing

/// The compile matrix: one small form per element kind and per key, rule or
/// condition that changes the generated code, each generated and compiled as far
/// as SIL on its own (`EmitCompiler.typecheck`: one swiftc run, in Swift 6 mode with
/// warnings as errors, the form's file the only generated one), so that no
/// kind's code can lean on an import or a declaration that another field of a
/// larger form happens to bring.
///
/// The forms are made from tables: for each kind (`rows`), its element with the
/// keys it needs, then one form per variation (a key, a value of a closed key
/// set, a rule of the kind's field); `conditions` puts each condition on a text
/// field, as `visibleWhen` and as `enabledWhen`; `documents` varies the keys of
/// the form itself. `emitMatrixCoversTheVocabulary` checks the tables against
/// `FormVocabulary`: a kind, key or rule added to the format without a form here
/// fails it.
enum EmitMatrix {
    /// One form of the matrix, named by what it exercises (`number style: slider`).
    struct Case: CustomTestStringConvertible, Sendable, Hashable {
        /// The kind key of the element the form is about (`number`), or `form` / `condition`.
        let kind: String
        /// The row's own keys and the variation (`decimals: 2 default: 2.50`).
        let variation: String
        /// The form file.
        let source: String
        /// The keys of the element the form is about.
        let subjectKeys: Set<String>
        /// The rules the variation adds to the element.
        let rules: Set<String>

        var testDescription: String { variation.isEmpty ? kind : "\(kind) \(variation)" }
    }

    /// A form's element list, `subject` last, after the elements it refers to.
    /// Lines are written without the list's indentation; an element's own lines
    /// after its first are indented by two.
    static func source(header: [String] = [], siblings: [[String]], subject: [String]) -> String {
        var lines = ["formc: 1", "form: MatrixForm"] + header + ["elements:"]
        for element in siblings + [subject] {
            guard let first = element.first else { continue }
            lines.append("  - " + first)
            lines += element.dropFirst().map { "    " + $0 }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One variation: keys added to the row's element (a key the element has is
    /// replaced, with the lines indented below it), and the elements they name.
    struct Variation {
        var label: String
        var keys: [String]
        var siblings: [[String]] = []
        var rules: Set<String> = []

        init(_ label: String, _ keys: [String], siblings: [[String]] = []) {
            self.label = label
            self.keys = keys
            self.siblings = siblings
        }

        /// A variation that is its keys, on one line each: `secure: true`.
        init(_ keys: String...) {
            self.init(keys.joined(separator: " "), keys)
        }
    }

    /// An element kind, or a form of it (`number` with `decimals: 2`): its
    /// element with what it needs, the variations of its keys, and example
    /// parameters of its rules.
    struct Row {
        var keyword: String
        /// The element: the kind key's line first, then required keys.
        var element: [String]
        /// Variations by hand: keys that are not a closed set of words.
        var variations: [Variation] = []
        /// Extra keys a word value needs (a slider needs a min and a max).
        var needs: [String: [String]] = [:]
        /// Example rule items (YAML flow) by rule name, for the rules of this kind's field.
        var ruleExamples: [String: [String]] = [:]
        /// Elements that the rule examples name (`sameAs: other`).
        var ruleSiblings: [[String]] = []
        /// Whether the element alone, the word values of its keys, the common
        /// keys and every rule example get a form of their own here (once per
        /// kind: its first row); a further row (`decimals: 2`) has its own
        /// variations and the first example of each rule.
        var isPrimary = true

        /// What sets the row apart from the kind's first: `decimals: 2`.
        var label: String {
            guard !isPrimary else { return "" }
            return element.dropFirst().filter { EmitMatrix.key(of: $0).map { $0 != "options" } ?? false }.joined(separator: " ")
        }
    }

    /// `key` of a top-level element line (`title: X` → `title`), nil for an indented one.
    static func key(of line: String) -> String? {
        guard let first = line.first, first != " ", first != "-", let colon = line.firstIndex(of: ":") else { return nil }
        return String(line[..<colon])
    }

    /// The element with `keys` added, a key already there replaced (with its
    /// indented lines); the kind key's line stays first, where the kind is read.
    static func element(_ element: [String], with keys: [String]) -> [String] {
        let replaced = Set(keys.compactMap(key(of:)))
        var kept: [String] = []
        var skipping = false
        for line in element {
            if let key = key(of: line) { skipping = replaced.contains(key) }
            if !skipping { kept.append(line) }
        }
        if kept.first != element.first, let kindKey = key(of: element[0]), let line = keys.first(where: { key(of: $0) == kindKey }) {
            return [line] + kept + keys.filter { $0 != line }
        }
        return kept + keys
    }

    static let cases: [Case] = makeCases()

    private static func makeCases() -> [Case] {
        var cases: [Case] = []
        func add(_ kind: String, _ label: String, header: [String] = [], siblings: [[String]], subject: [String], rules: Set<String> = []) {
            cases.append(Case(
                kind: kind, variation: label, source: source(header: header, siblings: siblings, subject: subject),
                subjectKeys: Set(subject.compactMap(key(of:))), rules: rules
            ))
        }
        // A closed key set or a field type's rules that an earlier kind has had
        // every form of: a later kind (`floatLabel` after `textField`) gets the
        // first word and the first example of each rule, as the rows after a
        // kind's first do.
        var expanded: Set<String> = []
        for row in rows {
            let spec = FormVocabulary.kind(row.keyword)
            var variations = (row.isPrimary ? [Variation("", [])] : []) + row.variations
            if row.isPrimary, let spec {
                // Each word of each closed key set of the kind.
                for key in spec.keys {
                    guard case .word(let words) = key.value else { continue }
                    let isNew = expanded.insert("\(key.name): \(words)").inserted
                    for word in isNew ? words : Array(words.prefix(1)) {
                        let line = "\(key.name): \(word)"
                        variations.append(Variation(line, [line] + (row.needs[line] ?? [])))
                    }
                }
                // The keys every element and every field has.
                let show = ["boolean: show", "title: Show"]
                variations.append(Variation("visibleWhen", ["visibleWhen: show"], siblings: [show]))
                variations.append(Variation("enabledWhen", ["enabledWhen: not show"], siblings: [show]))
                if spec.isField {
                    let triggers = row.keyword == "textField" ? ValidationTrigger.allCases.map(\.rawValue) : ["change"]
                    for trigger in triggers { variations.append(Variation("validateOn: \(trigger)")) }
                }
            }
            if let target = spec?.field {
                let isNew = row.isPrimary && expanded.insert("rules of \(target)").inserted
                for rule in FormVocabulary.rules where rule.applies(to: target) {
                    let name = rule.name.description
                    for (index, example) in (row.ruleExamples[name] ?? []).enumerated() where isNew || index == 0 {
                        var variation = Variation("rules: [\(example)]", ["rules: [\(example)]"], siblings: row.ruleSiblings)
                        variation.rules = [name]
                        variations.append(variation)
                    }
                }
            }
            for variation in variations {
                let label = [row.label, variation.label].filter { !$0.isEmpty }.joined(separator: " ")
                // Beside a page, every top-level element is a page (SPEC §15.1): its siblings go on one before it.
                let siblings = row.keyword == "page" && !variation.siblings.isEmpty
                    ? [["page: before", "elements:"] + variation.siblings.flatMap { ["  - " + $0[0]] + $0.dropFirst().map { "    " + $0 } }]
                    : variation.siblings
                add(
                    row.keyword, label, siblings: siblings,
                    subject: element(row.element, with: variation.keys), rules: variation.rules
                )
            }
        }
        for condition in conditions {
            for key in ["visibleWhen", "enabledWhen"] {
                add(
                    "condition", "\(key): \(condition.expression) (\(condition.family))", siblings: condition.fields,
                    subject: ["textField: note", "\(key): \(yamlQuoted(condition.expression))"]
                )
            }
        }
        for document in documents {
            add("form", document.label, header: document.header, siblings: [], subject: ["textField: name", "rules: [required]"])
        }
        for relation in relations {
            add("relation", relation.label, header: relation.header, siblings: relation.siblings, subject: relation.subject)
        }
        return cases
    }

    /// The expression as a YAML scalar in double quotes.
    static func yamlQuoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    // MARK: - The kinds

    /// A rule that cannot apply to a kind although the vocabulary lists it:
    /// every choice field has an enum of its own, so `sameAs` between two of
    /// them is always FC405 (another value type).
    static let impossibleRules: Set<String> = ["segment sameAs", "picker sameAs"]

    static let textRules: [String: [String]] = [
        "required": ["required", "{ required: true, message: \"Say \\\"hi\\\" \\\\(now)\" }"],
        "minLength": ["{ minLength: 2 }"],
        "maxLength": ["{ maxLength: 40, message: At most 40 }"],
        "pattern": [#"{ pattern: '[A-Z][a-z]*\d?' }"#, #"{ pattern: '^[^"\\]*\\\(\d+\)#$' }"#],
        "email": ["email"],
        "url": ["url"],
        "sameAs": ["{ sameAs: other }"],
        "custom": ["{ custom: checkText }", "{ custom: checkText, message: Not allowed }", "{ custom: checkText, debounce: 0 }",
                   "{ custom: checkText, debounce: 10000, message: Not allowed }"],
    ]

    static let rows: [Row] = [
        Row(
            keyword: "group", element: ["group: details", "elements:", "  - staticText: Inside"],
            variations: [
                Variation("title: Details"), Variation("footer: We never share it"),
                Variation("layout: intrinsic"), Variation("layout: { constantHeight: 44 }"),
                Variation("insets: { top: 8, left: 16, bottom: 8.5, right: 0 }"),
                Variation("group without id", ["group:"]),
                Variation("elements: fields and a nested group", [
                    "elements:", "  - textField: name", "    rules: [required]", "  - group: inner", "    visibleWhen: not isEmpty(name)",
                    "    elements:", "      - boolean: agree", "        title: I agree", "      - spacer: 8",
                ]),
            ]
        ),
        Row(
            keyword: "boolean", element: ["boolean: agree", "title: I agree"],
            variations: [Variation("icon: checkmark"), Variation("default: true"), Variation("default: false")],
            ruleExamples: ["required": ["required"], "sameAs": ["{ sameAs: other }"], "custom": ["{ custom: checkAgree }"]],
            ruleSiblings: [["boolean: other", "title: Other"]]
        ),
        Row(
            keyword: "segment", element: ["segment: plan", "options: [free, pro]"],
            variations: [
                Variation("title: Plan"), Variation("default: pro"), Variation("enumName: PlanChoice"),
                Variation("options: [{ value: free, title: Free }, { value: pro-plan, title: \"Pro \\\"plus\\\"\" }, { value: 2fa, image: lock }]"),
                Variation("options: [a b, A-B2, default, self, Type]"),
            ],
            ruleExamples: ["required": ["required"], "custom": ["{ custom: checkPlan }"]]
        ),
        Row(
            keyword: "segment", element: ["segment: plan", "options: [free, pro]", "default: free"],
            ruleExamples: ["required": ["required"], "custom": ["{ custom: checkPlan }"]], isPrimary: false
        ),
        Row(
            keyword: "textField", element: ["textField: name"],
            variations: [
                Variation("placeholder: Your name"), Variation("label: Name"), Variation("default: Ann"),
                Variation("secure: true"), Variation("continuous: false"), Variation("maxInputLength: 20"),
                Variation("every text rule", [
                    "rules: [required, { minLength: 2 }, { maxLength: 40 }, { pattern: '[a-z]+' }, email, { sameAs: other }, { custom: checkText }]",
                ], siblings: [["textField: other"]]),
            ],
            ruleExamples: textRules, ruleSiblings: [["textField: other"]]
        ),
        Row(
            keyword: "floatLabel", element: ["floatLabel: name", "label: Name"],
            variations: [Variation("default: Ann"), Variation("secure: true"), Variation("multiline: true"), Variation("continuous: false")],
            ruleExamples: textRules, ruleSiblings: [["floatLabel: other", "label: Other"]]
        ),
        Row(
            keyword: "textView", element: ["textView: notes"],
            variations: [Variation("placeholder: Anything else?"), Variation("default: \"Line one\\nLine two\""), Variation("continuous: false")],
            ruleExamples: textRules, ruleSiblings: [["textView: other"]]
        ),
        Row(keyword: "spacer", element: ["spacer: 16"], variations: [Variation("spacer: 0"), Variation("spacer: 2.5")]),
        Row(
            keyword: "staticText", element: ["staticText: Welcome"],
            variations: [Variation(#"staticText: "Quote \" backslash \\ \\(x) \u2028 👍🏽 tab\t""#)]
        ),
        Row(
            keyword: "page", element: ["page: details", "elements:", "  - textField: name", "    rules: [required, { custom: checkName, debounce: 250 }]"],
            variations: [Variation("title: \"Your \\\"details\\\" \\\\(x)\"")]
        ),
        Row(
            keyword: "segue", element: ["segue: openHelp", "title: Help"],
            variations: [Variation("icon: questionmark"), Variation("accessoryIcon: chevron")]
        ),
        // A form whose only field is a list; the list's keys; an entry with every kind.
        Row(
            keyword: "list", element: ["list: employers", "elements:", "  - textField: company"],
            variations: [
                Variation("title: Previous employers"), Variation("itemTitle: Employer"),
                Variation("addTitle: Add another employer"), Variation("itemType: Job"), Variation("list: bus"),
                Variation("minItems: 1"), Variation("maxItems: 5"), Variation("initialItems: 3"),
                Variation("minItems: 1", "maxItems: 5", "initialItems: 2"),
                Variation("elements: every kind, rules and conditions", [
                    "elements:",
                    "  - textField: company", "    placeholder: Company", "    rules: [required, { minLength: 2 }, { pattern: '[A-Z].*' }]",
                    "  - floatLabel: contact", "    label: Contact", "    rules: [email]",
                    "  - textView: notes", "    rules: [{ maxLength: 200 }]",
                    "  - boolean: current", "    title: Current",
                    "  - segment: kind", "    options: [full, part]", "    default: full",
                    "  - picker: level", "    options: [junior, senior]", "    rules: [required]",
                    "  - number: salary", "    decimals: 2", "    rules: [{ min: 0 }]",
                    "  - date: from", "    rules: [required, { max: today }]",
                    "  - date: at", "    mode: dateTime", "    visibleWhen: not current",
                    "  - multiChoice: skills", "    options: [swift, go]", "    rules: [{ minCount: 1 }]",
                    "  - group: more", "    visibleWhen: kind == 'part'", "    elements:",
                    "      - textField: confirm", "        rules: [{ sameAs: company }]", "        enabledWhen: not isEmpty(company)",
                    "      - staticText: Thanks", "      - spacer: 8",
                    "  - segue: openHelp", "    title: Help",
                ]),
                Variation("elements: reading the form's fields", [
                    "elements:",
                    "  - textField: contact", "    visibleWhen: plan == 'pro' and not isEmpty(email) and count(tags) > 0", "    rules: [{ sameAs: email }]",
                    "  - number: seats", "    visibleWhen: age >= 18",
                    "  - boolean: agree", "    title: Agree", "    rules: [{ sameAs: terms }]",
                ], siblings: [
                    ["textField: email"], ["segment: plan", "options: [free, pro]", "default: free"], ["number: age", "default: 20"],
                    ["multiChoice: tags", "options: [a, b]"], ["boolean: terms", "title: Terms", "visibleWhen: isEmpty(email)"],
                ]),
                // Form fields named as members of every entry (`id`, `owner`, `applyStates`,
                // `didLeaveList`), read by a condition, `sameAs`, a bound and a rule's `when`.
                Variation("elements: reading form fields named as entry members", [
                    "elements:",
                    "  - textField: a", "    visibleWhen: isEmpty(id) and not isEmpty(applyStates)",
                    "    rules: [{ sameAs: applyStates, when: isEmpty(owner) and isEmpty(didLeaveList) }]",
                    "  - number: b", "    rules: [{ max: id }]",
                    "  - date: c", "    rules: [{ min: owner }]",
                ], siblings: [
                    ["number: id"], ["date: owner", "visibleWhen: isEmpty(id)"], ["textField: applyStates"], ["textField: didLeaveList"],
                ]),
                // A name used by a form field, by entry fields of two value types and by
                // another list's entries: one requirement each (overloads).
                Variation("elements: custom rules", [
                    "elements:",
                    "  - textField: company", "    rules: [required, { custom: checkName, debounce: 300 }]",
                    "  - segment: kind", "    options: [full, part]", "    default: full", "    rules: [{ custom: checkKind, message: No }]",
                    "  - picker: level", "    options: [junior, senior]", "    rules: [{ custom: checkName }]",
                    "  - number: salary", "    decimals: 2", "    rules: [{ custom: checkAmount }]",
                    "  - date: from", "    visibleWhen: kind == 'part'", "    rules: [{ custom: checkDay, when: not isEmpty(company) }]",
                    "  - multiChoice: skills", "    options: [swift, go]", "    rules: [{ custom: checkSkills }]",
                ], siblings: [
                    ["textField: manager", "rules: [{ custom: checkName }]"],
                    ["list: schools", "elements:", "  - textField: school", "    rules: [{ custom: checkName }]"],
                ]),
            ]
        ),
        Row(
            keyword: "number", element: ["number: amount"],
            variations: [
                Variation("title: Amount"), Variation("placeholder: How many?"), Variation("unit: kg"),
                Variation("default: 3"), Variation("default: -3"), Variation("decimals: 0"),
                Variation("step: 5"), Variation("step: 5", "style: stepper"),
                Variation("style: slider", "rules: [{ min: 1 }, { max: 10 }]", "default: 4", "step: 3"),
                Variation("rules: [{ min: -5 }, { max: 5 }]"),
                Variation("default: 999999999999999999", "rules: [{ min: -999999999999999999 }, { max: 999999999999999999 }]"),
            ],
            needs: ["style: slider": ["rules: [{ min: 0 }, { max: 10 }]"]],
            ruleExamples: [
                "required": ["required"], "custom": ["{ custom: checkAmount }"],
                "min": ["{ min: 1 }", "{ min: -10, message: Too low }"], "max": ["{ max: 10 }"],
            ]
        ),
        Row(
            keyword: "number", element: ["number: price", "decimals: 2"],
            variations: [
                Variation("default: 2.50"), Variation("default: -0.01"), Variation("step: 0.25"), Variation("step: 2"),
                Variation("style: stepper", "step: 0.5"), Variation("style: slider", "rules: [{ min: 0.5 }, { max: 99.99 }]"),
                Variation("default: 9999999999999999.99", "rules: [{ min: -9999999999999999.99 }, { max: 9999999999999999.99 }]"),
            ],
            ruleExamples: [
                "required": ["required"], "custom": ["{ custom: checkPrice }"],
                "min": ["{ min: 0.5 }", "{ min: 1 }"], "max": ["{ max: 99.99 }"],
            ],
            isPrimary: false
        ),
        Row(
            keyword: "number", element: ["number: price", "decimals: 9"],
            variations: [Variation("default: 0.000000001", "step: 0.000000001", "style: slider", "rules: [{ min: 0 }, { max: 1 }]")],
            isPrimary: false
        ),
        Row(
            keyword: "date", element: ["date: day"],
            variations: [
                Variation("title: Day"), Variation("default: 2026-01-31"),
                Variation("rules: [{ min: today-18y }, { max: today+30d }]"), Variation("rules: [{ min: today-2w }, { max: today+1m }]"),
                Variation("rules: [{ min: 2026-01-01 }, { max: 2026-12-31 }]", "default: 2026-06-30"),
            ],
            ruleExamples: [
                "required": ["required"], "custom": ["{ custom: checkDay }"],
                "min": ["{ min: 2026-01-01 }", "{ min: today }"], "max": ["{ max: today+30d }", "{ max: 2030-12-31 }"],
            ]
        ),
        Row(
            keyword: "date", element: ["date: arrival", "mode: time"],
            variations: [
                Variation("default: 09:30"), Variation("style: wheel"),
                Variation("rules: [{ min: 08:00 }, { max: 22:30 }]", "default: 12:00"),
            ],
            ruleExamples: ["required": ["required"], "custom": ["{ custom: checkArrival }"], "min": ["{ min: 08:00 }"], "max": ["{ max: 22:30 }"]],
            isPrimary: false
        ),
        Row(
            keyword: "date", element: ["date: at", "mode: dateTime"],
            variations: [
                Variation("default: 2026-01-31T09:30:00Z"), Variation("default: 2026-01-31T09:30:00+02:00"), Variation("style: graphical"),
                Variation("rules: [{ min: today }, { max: today+30d }]"),
                Variation("rules: [{ min: 2026-01-01T00:00:00Z }, { max: 2026-12-31T23:59:59Z }]", "default: 2026-06-30T12:00:00Z"),
            ],
            ruleExamples: [
                "required": ["required"], "custom": ["{ custom: checkAt }"],
                "min": ["{ min: 2026-01-01T00:00:00Z }", "{ min: today-1w }"], "max": ["{ max: today }"],
            ],
            isPrimary: false
        ),
        Row(
            keyword: "picker", element: ["picker: seat", "options: [inside, terrace, bar]"],
            variations: [
                Variation("title: Seat"), Variation("default: bar"), Variation("enumName: Seating"),
                Variation("options: [{ value: inside, title: Inside }, { value: on-the-terrace, image: sun }, bar]"),
            ],
            ruleExamples: ["required": ["required"], "custom": ["{ custom: checkSeat }"]]
        ),
        Row(
            keyword: "multiChoice", element: ["multiChoice: diet", "options: [vegetarian, vegan, gluten-free]"],
            variations: [
                Variation("title: Diet"), Variation("default: [vegan, vegetarian]"), Variation("default: []"),
                Variation("enumName: DietaryNeed"),
                Variation("options: [{ value: nuts, title: Nuts }, { value: dairy-free, image: milk }, other]"),
                Variation("rules: [{ minCount: 1 }, { maxCount: 2 }]", "default: [vegan]"),
            ],
            ruleExamples: [
                "required": ["required"], "custom": ["{ custom: checkDiet }"],
                "minCount": ["{ minCount: 1 }", "{ minCount: 0, message: Any }"], "maxCount": ["{ maxCount: 2 }"],
            ]
        ),
    ]

    // MARK: - Conditions

    struct ConditionCase {
        var family: String
        var fields: [[String]]
        var expression: String
    }

    private static let show = ["boolean: show", "title: Show"]
    private static let other = ["boolean: other", "title: Other"]
    private static let name = ["textField: name"]
    private static let plan = ["segment: plan", "options: [free, pro]", "default: free"]
    private static let optionalPlan = ["segment: plan", "options: [free, pro]"]
    private static let seat = ["picker: seat", "options: [inside, terrace, bar]"]
    private static let age = ["number: age"]
    private static let price = ["number: price", "decimals: 2"]
    private static let birthday = ["date: birthday"]
    private static let arrival = ["date: arrival", "mode: time"]
    private static let at = ["date: at", "mode: dateTime"]
    private static let diet = ["multiChoice: diet", "options: [vegetarian, vegan, gluten-free]"]

    /// Each family of operators (SPEC §7, §10) on each kind of field it reads.
    static let conditions: [ConditionCase] = [
        ConditionCase(family: "boolean", fields: [show], expression: "show"),
        ConditionCase(family: "not", fields: [show], expression: "not show"),
        ConditionCase(family: "and, or, parentheses", fields: [show, other], expression: "show and (not other or show)"),
        ConditionCase(family: "boolean == literal", fields: [show], expression: "show == false or true != show"),
        ConditionCase(family: "isEmpty of text", fields: [name], expression: "isEmpty(name)"),
        ConditionCase(family: "text ==", fields: [name], expression: "name == 'Ann' or name != \"O'Brien\""),
        ConditionCase(family: "segment ==", fields: [plan], expression: "plan == 'pro'"),
        ConditionCase(family: "optional segment !=", fields: [optionalPlan], expression: "plan != 'free'"),
        ConditionCase(family: "segment in", fields: [plan], expression: "plan in ['free', 'pro']"),
        ConditionCase(family: "picker in", fields: [seat], expression: "seat in ['terrace', 'bar']"),
        ConditionCase(family: "picker, literal on the left", fields: [seat], expression: "'bar' == seat"),
        ConditionCase(family: "isEmpty of a picker", fields: [seat], expression: "not isEmpty(seat)"),
        ConditionCase(family: "number ordered", fields: [age], expression: "age >= 18 and age < 65 or age <= 3 or age > 99"),
        ConditionCase(family: "number ==", fields: [age], expression: "age == 20 or age != -1"),
        ConditionCase(family: "number, literal on the left", fields: [age], expression: "18 <= age"),
        ConditionCase(family: "number with a default", fields: [age + ["default: 30"]], expression: "age >= 18"),
        ConditionCase(family: "isEmpty of a number", fields: [age], expression: "isEmpty(age)"),
        ConditionCase(family: "decimal ordered", fields: [price], expression: "price <= 2.50 and price > 0.99"),
        ConditionCase(family: "decimal ==", fields: [price + ["default: 1"]], expression: "price == 2.5"),
        ConditionCase(family: "date fixed", fields: [birthday], expression: "birthday < '2000-01-01' or birthday == '2000-02-29'"),
        ConditionCase(family: "date relative", fields: [birthday], expression: "birthday <= 'today-18y' and birthday > 'today-100y'"),
        ConditionCase(family: "date == today", fields: [birthday + ["default: 2026-01-31"]], expression: "birthday == 'today'"),
        ConditionCase(family: "time", fields: [arrival], expression: "arrival >= '09:30' and arrival < '22:00'"),
        ConditionCase(family: "dateTime fixed", fields: [at], expression: "at > '2026-01-31T09:30:00Z'"),
        ConditionCase(family: "dateTime relative", fields: [at], expression: "at <= 'today' or at >= 'today+30d'"),
        ConditionCase(family: "isEmpty of a date", fields: [at], expression: "isEmpty(at)"),
        ConditionCase(family: "multiChoice contains", fields: [diet], expression: "contains(diet, 'vegan')"),
        ConditionCase(family: "multiChoice count", fields: [diet], expression: "count(diet) >= 2 and count(diet) != 3"),
        ConditionCase(family: "isEmpty of a multiChoice", fields: [diet], expression: "isEmpty(diet)"),
        ConditionCase(family: "a field that can be hidden", fields: [show, name + ["visibleWhen: show"]], expression: "not isEmpty(name)"),
        ConditionCase(
            family: "a field in a hidden group", fields: [show, ["group: more", "visibleWhen: show", "elements:", "  - number: age"]],
            expression: "age > 1"
        ),
    ]

    // MARK: - Relations (SPEC §16)

    struct RelationCase {
        var label: String
        var header: [String] = []
        var siblings: [[String]]
        var subject: [String]
    }

    static let countrySet = ["options:", "  Country: [us, gb, { value: de, title: Germany }]"]

    /// Bounds naming fields, `when:` on rules of every shape (a custom rule's is
    /// the async path), shared option sets on every choice kind, and conditions
    /// comparing two fields of every comparable type, hidden ones included.
    static let relations: [RelationCase] = [
        RelationCase(label: "number min field", siblings: [["number: low"], ["number: cap"]], subject: ["number: high", "rules: [{ min: low }, { max: cap }]"]),
        RelationCase(label: "number bounds with defaults", siblings: [["number: low", "default: 1"], ["number: cap", "default: 9"]],
                     subject: ["number: high", "default: 5", "rules: [{ min: low }, { max: cap, message: Too many }]"]),
        RelationCase(label: "whole number bounded by decimals", siblings: [["number: low", "decimals: 2"], ["number: cap", "decimals: 1", "default: 2.5"]],
                     subject: ["number: high", "rules: [{ min: low }, { max: cap }]"]),
        RelationCase(label: "decimal bounded by whole numbers", siblings: [["number: low"], ["number: cap", "default: 3"]],
                     subject: ["number: high", "decimals: 2", "default: 1.5", "rules: [{ min: low }, { max: cap }]"]),
        RelationCase(label: "date bounds", siblings: [["date: start"], ["date: stop", "default: 2026-12-31"]],
                     subject: ["date: end", "rules: [{ min: start }, { max: stop }, { min: today }]"]),
        RelationCase(label: "time bounds", siblings: [["date: opens", "mode: time"]], subject: ["date: arrival", "mode: time", "rules: [{ min: opens }]"]),
        RelationCase(label: "dateTime bounds", siblings: [["date: from", "mode: dateTime"]], subject: ["date: until", "mode: dateTime", "rules: [{ min: from }]"]),
        RelationCase(label: "when on text rules", siblings: [["boolean: show", "title: Show"], ["segment: plan", "options: [free, pro]"]],
                     subject: ["textField: name", "rules:", "  - { required: true, when: show }", "  - { pattern: '[0-9]+', when: \"plan == 'pro'\", message: Digits }",
                               "  - { minLength: 2, when: not show }", "  - { custom: checkName, when: show }"]),
        RelationCase(label: "when reading today", siblings: [["date: birthday"]],
                     subject: ["textField: guardian", "rules: [{ required: true, when: \"birthday > 'today-18y'\" }]"]),
        RelationCase(label: "when on a bound, a hidden field read", siblings: [["boolean: show", "title: Show"], ["number: low", "visibleWhen: show"]],
                     subject: ["number: high", "rules: [{ min: low, when: not isEmpty(low) }, { required: true, when: show }]"]),
        RelationCase(label: "when on choice rules", siblings: [["boolean: show", "title: Show"]],
                     subject: ["multiChoice: diet", "options: [a, b, c]", "rules: [{ minCount: 1, when: show }, { required: true, when: show }]"]),
        RelationCase(label: "shared set on pickers", header: countrySet,
                     siblings: [["picker: shipping", "options: Country", "default: us"], ["picker: billing", "options: Country"]],
                     subject: ["textField: note", "visibleWhen: billing != shipping or billing == shipping"]),
        RelationCase(label: "shared set on a segment and a multiChoice", header: countrySet,
                     siblings: [["segment: home", "options: Country"], ["multiChoice: visited", "options: Country", "default: [gb]"]],
                     subject: ["textField: note", "visibleWhen: \"home == 'us' and contains(visited, 'de')\""]),
        RelationCase(label: "two numbers compared", siblings: [["number: low"], ["number: high", "decimals: 2", "default: 1"]],
                     subject: ["textField: note", "visibleWhen: low < high or high >= low or low == high or low != high"]),
        RelationCase(label: "two whole numbers compared", siblings: [["number: low", "default: 2"], ["number: high"]],
                     subject: ["textField: note", "visibleWhen: low <= high"]),
        RelationCase(label: "two dates compared", siblings: [["date: start"], ["date: end", "default: 2026-01-31"]],
                     subject: ["textField: note", "visibleWhen: end < start"]),
        RelationCase(label: "two times and two instants compared",
                     siblings: [["date: a", "mode: time"], ["date: b", "mode: time"], ["date: c", "mode: dateTime"], ["date: d", "mode: dateTime"]],
                     subject: ["textField: note", "visibleWhen: a > b and c != d"]),
        RelationCase(label: "two texts and two booleans compared",
                     siblings: [["textField: first"], ["textField: second"], ["boolean: x", "title: X"], ["boolean: y", "title: Y"]],
                     subject: ["textField: note", "visibleWhen: first == second or x != y"]),
        RelationCase(label: "hidden fields compared",
                     siblings: [["boolean: show", "title: Show"], ["textField: first", "visibleWhen: show"], ["boolean: x", "title: X", "visibleWhen: show"],
                                ["boolean: y", "title: Y"], ["number: low", "visibleWhen: show"], ["number: high", "decimals: 1"],
                                ["textField: second"]],
                     subject: ["textField: note", "visibleWhen: first == second and x == y and low < high"]),
    ]

    // MARK: - The form's own keys

    struct DocumentCase {
        var label: String
        var header: [String]
    }

    static var documents: [DocumentCase] {
        [DocumentCase(label: #"title: "A \"quoted\" title \\(x)""#, header: [#"title: "A \"quoted\" title \\(x)""#])]
            + [DocumentCase(label: "options: an unused shared set", header: countrySet)]
            + ValidationTrigger.allCases.map { DocumentCase(label: "validateOn: \($0.rawValue)", header: ["validateOn: \($0.rawValue)"]) }
    }
}

/// Each form of the matrix builds without errors and compiles on its own, as far
/// as SIL, as a build does: Swift 6's data-race checks of regions (`sending`) and
/// the warnings of a build's SIL passes ("will never be executed") come only
/// there, after type-checking. In a run with speed paths left out (`make test`'s
/// second run, `FORMC_SPEED=plain`), each form's Swift is instead compared with
/// what the default policy writes, which the default run compiles: swiftc would
/// see the same bytes again.
@Test(arguments: EmitMatrix.cases)
func emitMatrixFormCompiles(_ testCase: EmitMatrix.Case) async throws {
    let file = SourceFile(path: "matrix.form.yaml", bytes: Array(testCase.source.utf8))
    let result = FormPipeline.build(file)
    let errors = result.diagnostics.filter { $0.severity == .error }
    #expect(errors.isEmpty, "\(testCase.testDescription): \(errors.map { "\($0.code) \($0.message)" })\n\(testCase.source)")
    guard let source = result.swiftSource else { return }
    guard SpeedPolicy.current == .parallel else {
        #expect(FormPipeline.build(file, speed: .parallel).swiftSource == source, "\(testCase.testDescription)")
        return
    }
    let failure = try await EmitCompiler.typecheck(source, name: "MatrixForm", accessLevel: .internal)
    #expect(failure == nil, "\(testCase.testDescription):\n\(testCase.source)\n\(failure ?? "")")
}

/// Every kind, every key of a kind and every rule that applies to it, and every
/// optional key of the form, has a form of its own in the matrix.
@Test func emitMatrixCoversTheVocabulary() {
    let cases = EmitMatrix.cases
    #expect(Set(cases.map(\.testDescription)).count == cases.count, "two forms of the matrix have one name")
    let documentKeys = Set(EmitMatrix.documents.flatMap(\.header).compactMap(EmitMatrix.key(of:)))
    for key in FormVocabulary.document where !key.isRequired && !documentKeys.contains(key.name.description) {
        Issue.record("no form of the matrix has the form key \(key.name)")
    }
    for kind in FormVocabulary.kinds {
        let keyword = kind.keyword.description
        let ofKind = cases.filter { $0.kind == keyword }
        #expect(!ofKind.isEmpty, "no form of kind \(keyword)")
        let keys = ofKind.reduce(into: Set<String>()) { $0.formUnion($1.subjectKeys) }
        for key in kind.allKeys.map(\.name.description) where !keys.contains(key) {
            Issue.record("no form of \(keyword) has the key \(key)")
        }
        guard let target = kind.field else { continue }
        let rules = ofKind.reduce(into: Set<String>()) { $0.formUnion($1.rules) }
        for rule in FormVocabulary.rules where rule.applies(to: target) {
            let name = rule.name.description
            if !rules.contains(name) && !EmitMatrix.impossibleRules.contains("\(keyword) \(name)") {
                Issue.record("no form of \(keyword) has the rule \(name)")
            }
        }
    }
}

extension EmitMatrix {
    /// Each form of the matrix that builds, as `formc build` writes it, by name:
    /// what the text checks of generated files (`ImportTests`, `RuntimeAliasTests`)
    /// read besides the reference forms.
    static let sources: [(name: String, source: String)] = cases.compactMap { testCase in
        FormPipeline.build(SourceFile(path: "matrix.form.yaml", bytes: Array(testCase.source.utf8))).swiftSource.map {
            (testCase.testDescription, $0)
        }
    }
}
