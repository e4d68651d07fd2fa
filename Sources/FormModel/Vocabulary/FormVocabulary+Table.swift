/// The entries of `FormVocabulary`: the format of SPEC §2, §3 and §6.1, key by key.
/// Order matters where the decoder reads it (`insets` is top, left, bottom, right)
/// and in suggestions; the schema sorts its own keys.
extension FormVocabulary {
    // MARK: - Document (SPEC §2)

    public static let document: [KeySpec] = [
        KeySpec("formc", .constant(1), required: true, "The format version; only 1 exists."),
        KeySpec("form", .typeName, required: true, "The name of the generated Swift type, in UpperCamelCase (SignUpForm)."),
        KeySpec("title", .text, "The form's title, shown by renderers and used in messages."),
        validateOn.with(summary: "When every field's rules run as the user edits, unless a field says otherwise (default blurAfterChange)."),
        KeySpec(
            "options", .optionSets,
            "Shared option sets: each name (UpperCamelCase) becomes one enum for every segment, picker and multiChoice that writes 'options: Name'."
        ),
        KeySpec("elements", .list(.element, minimum: 1), required: true, "The form's elements, in the order they are shown."),
    ]

    // MARK: - Keys shared by kinds

    /// Keys every element may carry (SPEC §7).
    public static let elementCommon: [KeySpec] = [
        KeySpec("visibleWhen", .condition, "A condition over field values; the element is shown only while it holds (e.g. plan == 'pro')."),
        KeySpec("enabledWhen", .condition, "A condition over field values; the element can be edited only while it holds."),
    ]

    /// Keys every field (an element with a value) may carry (SPEC §6); the items of
    /// `rules` are the rules that apply to the field's `target`.
    public static func fieldCommon(_ target: RuleTarget) -> [KeySpec] {
        [
            KeySpec(
                "rules", .list(.rule(target), minimum: 0),
                "The field's validation rules, run in order; the first that fails is the field's result."
            ),
            validateOn,
        ]
    }

    static let validateOn = KeySpec(
        "validateOn", .words(ValidationTrigger.self),
        "When the field's rules run as the user edits: change, blur, blurAfterChange (the default), changeAfterBlur or submit."
    )

    private static let title = KeySpec("title", .text, "The text shown with the element.")
    private static let icon = KeySpec("icon", .text, "The name of an image asset shown before the title.")
    private static let textDefault = KeySpec("default", .text, "The field's initial text (default empty).")
    private static let secure = KeySpec("secure", .boolean, "Whether the text is hidden as it is typed, as for a password (default false).")
    private static let keyboard = KeySpec("keyboard", .words(KeyboardType.self), "The kind of keyboard shown for the field.")
    private static let contentType = KeySpec(
        "contentType", .words(TextContentType.self), "What the text is, so the system can offer to fill it in (email, newPassword, …)."
    )
    private static let continuous = KeySpec(
        "continuous", .boolean, "Whether the value updates on every keystroke rather than when editing ends (default true)."
    )
    private static let placeholder = KeySpec("placeholder", .text, "The hint shown while the field is empty.")
    private static let label = KeySpec("label", .text, "The field's label.")
    private static let choiceOptions = KeySpec(
        "options", .anyOf([.list(.option, minimum: 2), .optionSetName]), required: true,
        "The choices, at least two, each a case of the generated enum; or the name of a shared option set of the top-level 'options'."
    )

    // MARK: - Element kinds (SPEC §3)

    public static let kinds: [KindSpec] = [
        KindSpec(
            keyword: "group",
            summary: "A group of elements shown as a section; the value is an optional group id.",
            argument: .orNothing(.identifier(.declaration)), field: nil,
            keys: [
                title.with(summary: "The group's header text."),
                KeySpec("footer", .text, "The text shown below the group."),
                KeySpec("style", .words(GroupStyle.self), "How the group is drawn: plain (the default) or grouped."),
                KeySpec(
                    "layout", .anyOf([.word(["intrinsic"]), .mapping(layout)]),
                    "How tall the group's rows are: intrinsic, or { constantHeight: N }."
                ),
                KeySpec("insets", .mapping(insets), "The space around the group's content, in points."),
                KeySpec("elements", .list(.element, minimum: 1), required: true, "The group's elements, in the order they are shown."),
            ]
        ),
        KindSpec(
            keyword: "boolean",
            summary: "A switch holding true or false; the value is the field id.",
            argument: .identifier(.declaration), field: .boolean,
            keys: [
                title.with(summary: "The text shown beside the switch.", required: true),
                icon,
                KeySpec("default", .boolean, "The switch's initial value (default false)."),
            ]
        ),
        KindSpec(
            keyword: "segment",
            summary: "A segmented control choosing one of a few options; the value is the field id.",
            argument: .identifier(.declaration), field: .choice,
            keys: [
                title.with(summary: "The text shown with the control."),
                choiceOptions,
                KeySpec("default", .optionValue, "The option selected at first; without one nothing is selected and the value is optional."),
                KeySpec("enumName", .typeName, "The name of the generated enum (default: the field id in UpperCamelCase)."),
            ]
        ),
        KindSpec(
            keyword: "textField",
            summary: "A one-line text field; the value is the field id.",
            argument: .identifier(.declaration), field: .text,
            keys: [
                placeholder, label, textDefault, secure, keyboard, contentType,
                KeySpec("autocapitalization", .words(Autocapitalization.self), "Which letters are capitalized as the user types."),
                continuous,
                KeySpec("maxInputLength", .count, "The most characters the field lets the user type."),
            ]
        ),
        KindSpec(
            keyword: "floatLabel",
            summary: "A text field whose label floats above the value once there is one; the value is the field id.",
            argument: .identifier(.declaration), field: .text,
            keys: [
                label.with(summary: "The label shown in the empty field, which floats above the value.", required: true),
                textDefault, secure, keyboard, contentType,
                KeySpec("multiline", .boolean, "Whether the field grows to hold several lines (default false)."),
                continuous,
            ]
        ),
        KindSpec(
            keyword: "textView",
            summary: "A multi-line text area; the value is the field id.",
            argument: .identifier(.declaration), field: .text,
            keys: [placeholder, textDefault, continuous]
        ),
        KindSpec(
            keyword: "spacer",
            summary: "Empty space; the value is its height in points (0 or more).",
            argument: .nonNegativeNumber, field: nil, keys: []
        ),
        KindSpec(
            keyword: "staticText",
            summary: "A paragraph of text; the value is the text.",
            argument: .text, field: nil,
            keys: [
                KeySpec("alignment", .words(TextAlignment.self), "How the text is aligned: leading (the default), center or trailing."),
                KeySpec("style", .words(TextStyle.self), "The text style: body (the default), footnote, caption or headline."),
            ]
        ),
        KindSpec(
            keyword: "segue",
            summary: "A row that leads to another screen; the value is its action id, a case of the generated Action enum.",
            argument: .identifier(.declaration), field: nil,
            keys: [
                title.with(summary: "The text of the row.", required: true),
                icon,
                KeySpec("accessoryIcon", .text, "The name of an image asset shown at the end of the row."),
            ]
        ),
        KindSpec(
            keyword: "number",
            summary: "A number: an Int (decimals: 0, the default) or an exact Decimal; the value is the field id.",
            argument: .identifier(.declaration), field: .number,
            keys: [
                title.with(summary: "The text shown with the field."),
                placeholder,
                KeySpec("unit", .text, "The unit shown after the value (kg, EUR)."),
                KeySpec("default", .decimal, "The initial value; without one the field starts empty and the value is optional."),
                KeySpec("decimals", .countIn(0...9), "Digits after the decimal point, 0 to 9 (default 0: whole numbers, an Int)."),
                KeySpec("step", .positiveDecimal, "How much a stepper or slider changes the value (default 1, or 10⁻ᵈᵉᶜⁱᵐᵃˡˢ)."),
                KeySpec("style", .words(NumberStyle.self), "How the number is entered: field (the default), stepper or slider (which needs min and max rules)."),
            ]
        ),
        KindSpec(
            keyword: "date",
            summary: "A date, a time of day or a date and time, by mode; the value is the field id.",
            argument: .identifier(.declaration), field: .date,
            keys: [
                title.with(summary: "The text shown with the picker."),
                KeySpec("default", .dateLiteral, "The initial value in ISO 8601 (2026-01-31, 09:30, 2026-01-31T09:30:00Z); without one the field starts empty."),
                KeySpec("mode", .words(DateMode.self), "What is picked: date (the default, a FormDate), time (a FormTime) or dateTime (a Date)."),
                KeySpec("style", .words(DateStyle.self), "How the picker is drawn: compact, wheel or graphical."),
            ]
        ),
        KindSpec(
            keyword: "picker",
            summary: "A picker choosing one of several options; the value is the field id.",
            argument: .identifier(.declaration), field: .choice,
            keys: [
                title.with(summary: "The text shown with the picker."),
                choiceOptions,
                KeySpec("default", .optionValue, "The option selected at first; without one nothing is selected and the value is optional."),
                KeySpec("enumName", .typeName, "The name of the generated enum (default: the field id in UpperCamelCase)."),
                KeySpec("style", .words(PickerStyle.self), "How the picker is drawn: menu, wheel, navigation or inline."),
            ]
        ),
        KindSpec(
            keyword: "multiChoice",
            summary: "A choice of any number of options, kept in option order; the value is the field id.",
            argument: .identifier(.declaration), field: .multiChoice,
            keys: [
                title.with(summary: "The text shown with the choices."),
                choiceOptions,
                KeySpec("default", .list(.optionValue, minimum: 0), "The options chosen at first."),
                KeySpec("enumName", .typeName, "The name of the generated enum (default: the field id in UpperCamelCase)."),
                KeySpec("style", .words(MultiChoiceStyle.self), "How the choices are drawn: checklist or chips."),
            ]
        ),
        KindSpec(
            keyword: "list",
            summary: "A block of fields the person repeats as often as needed (previous employers, passengers); the value is the list's id.",
            argument: .identifier(.declaration), field: nil,
            keys: [
                title.with(summary: "The list's section title; it also names the list in its default messages."),
                KeySpec("itemTitle", .text, "Each entry's heading (a renderer numbers it: Employer 1, Employer 2)."),
                KeySpec("addTitle", .text, "The label of the action that adds an entry."),
                KeySpec("itemType", .typeName, "The Swift type of an entry (default: the id in UpperCamelCase without a final s, or with Item appended)."),
                KeySpec("minItems", .countIn(0...1_000), "The fewest entries allowed (default 0); also how many a new form starts with unless initialItems says otherwise."),
                KeySpec("maxItems", .countIn(1...Int(Int32.max)), "The most entries allowed (default: no limit); adding is disabled at this count."),
                KeySpec("initialItems", .countIn(0...1_000), "How many entries a new form starts with (default minItems)."),
                KeySpec("elements", .list(.element, minimum: 1), required: true, "The fields of one entry: any kind except list and page; their ids are scoped to the entry."),
            ]
        ),
        KindSpec(
            keyword: "page",
            summary: "A page of a form shown one page at a time; the value is the page id. Either every top-level element is a page, or none is.",
            argument: .identifier(.declaration), field: nil,
            keys: [
                title.with(summary: "The page's title."),
                KeySpec("elements", .list(.element, minimum: 1), required: true, "The page's elements, in the order they are shown."),
            ]
        ),
    ]

    // MARK: - Nested mappings

    /// A segment option written as a mapping (SPEC §3).
    public static let segmentOption: [KeySpec] = [
        KeySpec("value", .text, required: true, "The option's value; it becomes a case of the generated enum."),
        KeySpec("title", .text, "The text shown for the option (default: its value)."),
        KeySpec("image", .text, "The name of an image asset shown for the option instead of a title."),
    ]

    /// A group's `insets`, in the order the decoder stores them.
    public static let insets: [KeySpec] = [
        KeySpec("top", .nonNegativeNumber, "The space above the content, in points."),
        KeySpec("left", .nonNegativeNumber, "The space left of the content, in points."),
        KeySpec("bottom", .nonNegativeNumber, "The space below the content, in points."),
        KeySpec("right", .nonNegativeNumber, "The space right of the content, in points."),
    ]

    /// A group's `layout` written as a mapping.
    public static let layout: [KeySpec] = [
        KeySpec("constantHeight", .nonNegativeNumber, required: true, "The height of every row of the group, in points."),
    ]

    // MARK: - Rules (SPEC §6.1)

    public static let rules: [RuleSpec] = [
        RuleSpec(
            name: "required", summary: "The field must have a value: text not blank, a switch on, an option selected, a number or date given.",
            parameter: nil, appliesTo: Set(RuleTarget.allCases)
        ),
        RuleSpec(
            name: "minLength", summary: "The text must have at least this many characters.",
            parameter: .count, appliesTo: [.text]
        ),
        RuleSpec(
            name: "maxLength", summary: "The text may have at most this many characters.",
            parameter: .count, appliesTo: [.text]
        ),
        RuleSpec(
            name: "pattern", summary: "The whole text must match this regular expression.",
            parameter: .regularExpression, appliesTo: [.text]
        ),
        RuleSpec(name: "email", summary: "The text must be an email address (local@domain.tld).", parameter: nil, appliesTo: [.text]),
        RuleSpec(name: "url", summary: "The text must be an absolute http or https URL with a host.", parameter: nil, appliesTo: [.text]),
        RuleSpec(
            name: "sameAs", summary: "The value must equal that of this other field of the same type.",
            parameter: .identifier(.fieldReference), appliesTo: [.text, .boolean, .choice]
        ),
        RuleSpec(
            name: "custom", summary: "The app's async validator of this name decides; it becomes a method of the generated Validators protocol.",
            parameter: .identifier(.validator), appliesTo: Set(RuleTarget.allCases)
        ),
        RuleSpec(
            name: "min", summary: "The value must be at least this: a number, a date, time or today-18y for a date field, or another field of the same kind (startDate).",
            parameter: .bound, appliesTo: [.number, .date]
        ),
        RuleSpec(
            name: "max", summary: "The value must be at most this: a number, a date, time or today+30d for a date field, or another field of the same kind.",
            parameter: .bound, appliesTo: [.number, .date]
        ),
        RuleSpec(
            name: "minCount", summary: "At least this many options must be chosen.",
            parameter: .count, appliesTo: [.multiChoice]
        ),
        RuleSpec(
            name: "maxCount", summary: "At most this many options may be chosen.",
            parameter: .count, appliesTo: [.multiChoice]
        ),
    ]

    /// The key beside a rule's own key in a rule mapping.
    public static let ruleMessage = KeySpec("message", .text, "The message shown when the rule fails, instead of the default one.")

    /// The key beside a `custom` rule's own key that delays its validator (SPEC §15.2).
    public static let ruleDebounce = KeySpec(
        "debounce", .count,
        "Milliseconds (0 to 10000) the value must stay unchanged before the validator runs under the change triggers; a newer value cancels the run."
    )

    /// The condition beside a rule's own key in a rule mapping (SPEC §16).
    public static let ruleWhen = KeySpec(
        "when", .condition, "A condition over field values; the rule runs only while it holds and passes otherwise (e.g. country == 'us')."
    )
}
