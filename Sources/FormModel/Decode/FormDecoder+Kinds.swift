import FormJSON
import FormSource
import FormSyntax

/// The keys of each element kind (SPEC §3, §10), read into its declaration, and
/// the values that several kinds share: defaults, options, a group's layout and
/// insets, conditions.
extension DocumentDecoder {
    mutating func elementKind(_ kind: String, entry: (key: NodeID, value: NodeID), keys: KeyedMapping) -> ElementKind? {
        let tree = tree
        let primary = entry.value
        let kindKeyRange = tree.range(entry.key)
        switch kind {
        case "group":
            var group = GroupDecl()
            let isNull = tree.style(primary) == .plain && (tree.textEquals(primary, "null") || tree.textEquals(primary, "~"))
            if !reader.isMissingValue(primary) && !isNull {
                group.id = reader.string(primary, "the group id", as: .name(upper: false))
            }
            group.title = keys["title"].flatMap { reader.string($0, "title") }
            group.footer = keys["footer"].flatMap { reader.string($0, "footer") }
            group.style = keys["style"].flatMap { reader.choice($0, "group style", as: GroupStyle.self) }
            group.layout = keys["layout"].flatMap { layout($0) }
            group.insets = keys["insets"].flatMap { insets($0) }
            if let node = keys["elements"] {
                group.elements = elementList(node, keyRange: keys.keyRange("elements")!, owner: ElementKind.named("group", id: group.id?.value ?? ""))
            } else {
                reportMissing(
                    "group is missing required key 'elements'", at: kindKeyRange,
                    help: "add 'elements:' with the group's fields"
                )
            }
            return .group(group)

        case "page":
            // A page is a group with a required id (SPEC §15.1); where pages may
            // stand is the checker's to say.
            let id = reader.string(primary, "the page id", as: .name(upper: false)) ?? .unreadID(at: tree.range(primary).start)
            var page = GroupDecl(id: id, isPage: true)
            page.title = keys["title"].flatMap { reader.string($0, "title") }
            if let node = keys["elements"] {
                page.elements = elementList(node, keyRange: keys.keyRange("elements")!, owner: ElementKind.named("page", id: id.value))
            } else {
                reportMissing(
                    "\(ElementKind.named("page", id: id.value)) is missing required key 'elements'", at: kindKeyRange,
                    help: "add 'elements:' with the page's fields"
                )
            }
            return .group(page)

        case "boolean":
            guard let common = fieldCommon(kind, id: primary, keys: keys) else { return nil }
            var field = BooleanFieldDecl(common: consume common)
            field.title = keys["title"].flatMap { reader.string($0, "title") }
            if keys["title"] == nil {
                reportMissing(
                    "\(ElementKind.named("boolean", id: field.id.value)) is missing required key 'title'", at: kindKeyRange,
                    help: "add 'title:', the text shown beside the switch"
                )
            }
            field.icon = keys["icon"].flatMap { reader.string($0, "icon") }
            if let node = keys["default"] { field.defaultValue = booleanDefault(node) }
            return .boolean(field)

        case "segment", "picker":
            guard let common = fieldCommon(kind, id: primary, keys: keys) else { return nil }
            var field = SegmentFieldDecl(common: consume common)
            field.variant = SegmentFieldDecl.Variant(rawValue: kind)!
            if kind == "picker" {
                field.pickerStyle = keys["style"].flatMap { reader.choice($0, "picker style", as: PickerStyle.self) }
            }
            field.title = keys["title"].flatMap { reader.string($0, "title") }
            field.enumName = keys["enumName"].flatMap { reader.string($0, "enumName", as: .name(upper: true)) }
            if let choice = choiceOptions(keys, of: ElementKind.named(kind, id: field.id.value), at: kindKeyRange) {
                field.options = choice.options
                field.optionSet = choice.set
                field.optionsRange = choice.listRange
                field.droppedAnOption = choice.droppedOne
                if choice.set != nil { field.enumName = nil }
            }
            if let node = keys["default"] {
                field.defaultValue = stringDefault(node, of: ElementKind.named(kind, id: field.id.value))
            }
            return .segment(field)

        case "number":
            guard let common = fieldCommon(kind, id: primary, keys: keys) else { return nil }
            var field = NumberFieldDecl(common: consume common)
            field.title = keys["title"].flatMap { reader.string($0, "title") }
            field.placeholder = keys["placeholder"].flatMap { reader.string($0, "placeholder") }
            field.unit = keys["unit"].flatMap { reader.string($0, "unit") }
            field.decimals = keys["decimals"].flatMap { reader.count($0, "decimals", invalidCode: .invalidNumber, largest: NumberFieldDecl.maxDecimals) }
            if field.decimals == nil, let node = keys["decimals"] { field.decimals = recoveredDecimals(node) }
            field.defaultValue = keys["default"].flatMap { reader.decimal($0, "the default of a number", code: .defaultType) }
            field.step = keys["step"].flatMap { reader.decimal($0, "step") }
            field.style = keys["style"].flatMap { reader.choice($0, "number style", as: NumberStyle.self) }
            if field.style != nil { field.styleKeyRange = keys.keyRange("style") }
            return .number(field)

        case "date":
            guard let common = fieldCommon(kind, id: primary, keys: keys) else { return nil }
            var field = DateFieldDecl(common: consume common)
            field.title = keys["title"].flatMap { reader.string($0, "title") }
            field.mode = keys["mode"].flatMap { reader.choice($0, "date mode", as: DateMode.self) }
            if field.mode == nil, let node = keys["mode"] { field.mode = recoveredMode(node, default: keys["default"]) }
            field.style = keys["style"].flatMap { reader.choice($0, "date style", as: DateStyle.self) }
            if let node = keys["default"] { field.defaultValue = dateDefault(node, mode: field.dateMode) }
            return .date(field)

        case "multiChoice":
            guard let common = fieldCommon(kind, id: primary, keys: keys) else { return nil }
            var field = MultiChoiceFieldDecl(common: consume common)
            field.title = keys["title"].flatMap { reader.string($0, "title") }
            field.enumName = keys["enumName"].flatMap { reader.string($0, "enumName", as: .name(upper: true)) }
            field.style = keys["style"].flatMap { reader.choice($0, "multiChoice style", as: MultiChoiceStyle.self) }
            if let choice = choiceOptions(keys, of: ElementKind.named("multiChoice", id: field.id.value), at: kindKeyRange) {
                field.options = choice.options
                field.optionSet = choice.set
                field.optionsRange = choice.listRange
                field.droppedAnOption = choice.droppedOne
                if choice.set != nil { field.enumName = nil }
            }
            if let node = keys["default"] { field.defaultValues = listDefault(node, of: ElementKind.named("multiChoice", id: field.id.value)) }
            return .multiChoice(field)

        case "textField", "floatLabel", "textView":
            guard let common = fieldCommon(kind, id: primary, keys: keys) else { return nil }
            var field = TextInputDecl(variant: TextInputDecl.Variant(rawValue: kind)!, common: consume common)
            field.placeholder = keys["placeholder"].flatMap { reader.string($0, "placeholder") }
            field.label = keys["label"].flatMap { reader.string($0, "label") }
            if kind == "floatLabel", keys["label"] == nil {
                reportMissing(
                    "\(ElementKind.named("floatLabel", id: field.id.value)) is missing required key 'label'", at: kindKeyRange,
                    help: "add 'label:', the text that floats above the value"
                )
            }
            if let node = keys["default"] { field.defaultValue = stringDefault(node, of: ElementKind.named(kind, id: field.id.value)) }
            field.secure = keys["secure"].flatMap { reader.bool($0, "secure") }
            field.keyboard = keys["keyboard"].flatMap { reader.choice($0, "keyboard", as: KeyboardType.self) }
            field.contentType = keys["contentType"].flatMap { reader.choice($0, "contentType", as: TextContentType.self) }
            field.autocapitalization = keys["autocapitalization"].flatMap {
                reader.choice($0, "autocapitalization", as: Autocapitalization.self)
            }
            field.continuous = keys["continuous"].flatMap { reader.bool($0, "continuous") }
            field.maxInputLength = keys["maxInputLength"].flatMap {
                reader.count($0, "maxInputLength", invalidCode: .invalidNumber)
            }
            field.multiline = keys["multiline"].flatMap { reader.bool($0, "multiline") }
            return .text(field)

        case "spacer":
            guard let height = reader.number(primary, "the spacer height") else { return nil }
            if height.value < 0 {
                diagnostics.error(
                    .invalidNumber, "spacer height must be 0 or more, found \(reader.written(height, primary))",
                    at: height.range, help: ["write a height of 0 or more points"]
                )
                return nil
            }
            guard height.value.isFinite else {
                diagnostics.error(
                    .invalidNumber, "spacer height is too large, found \(reader.written(height, primary))", at: height.range,
                    help: ["write a height in points, such as 16"]
                )
                return nil
            }
            return .spacer(SpacerDecl(height: height))

        case "staticText":
            guard let text = reader.string(primary, "staticText") else { return nil }
            return .staticText(StaticTextDecl(
                text: text,
                alignment: keys["alignment"].flatMap { reader.choice($0, "alignment", as: TextAlignment.self) },
                style: keys["style"].flatMap { reader.choice($0, "text style", as: TextStyle.self) }
            ))

        case "segue":
            guard let id = reader.string(primary, "the segue's action id", as: .name(upper: false)) else { return nil }
            var segue = SegueDecl(id: id)
            segue.title = keys["title"].flatMap { reader.string($0, "title") }
            if keys["title"] == nil {
                reportMissing(
                    "\(ElementKind.named("segue", id: id.value)) is missing required key 'title'", at: kindKeyRange,
                    help: "add 'title:', the text of the row"
                )
            }
            segue.icon = keys["icon"].flatMap { reader.string($0, "icon") }
            segue.accessoryIcon = keys["accessoryIcon"].flatMap { reader.string($0, "accessoryIcon") }
            return .segue(segue)

        case "list":
            let id = reader.string(primary, "the list id", as: .name(upper: false)) ?? .unreadID(at: tree.range(primary).start)
            var list = ListDecl(id: id)
            list.title = keys["title"].flatMap { reader.string($0, "title") }
            list.itemTitle = keys["itemTitle"].flatMap { reader.string($0, "itemTitle") }
            list.addTitle = keys["addTitle"].flatMap { reader.string($0, "addTitle") }
            list.itemType = keys["itemType"].flatMap { reader.string($0, "itemType", as: .name(upper: true)) }
            list.minItems = keys["minItems"].flatMap { reader.count($0, "minItems", invalidCode: .invalidNumber) }
            list.maxItems = keys["maxItems"].flatMap { reader.count($0, "maxItems", invalidCode: .invalidNumber) }
            list.initialItems = keys["initialItems"].flatMap { reader.count($0, "initialItems", invalidCode: .invalidNumber) }
            if let node = keys["elements"] {
                let wasInsideList = insideList
                insideList = true
                list.elements = elementList(node, keyRange: keys.keyRange("elements")!, owner: ElementKind.named("list", id: id.value))
                insideList = wasInsideList
            } else {
                reportMissing(
                    "\(ElementKind.named("list", id: id.value)) is missing required key 'elements'", at: kindKeyRange,
                    help: "add 'elements:' with the fields of one entry"
                )
            }
            return .list(list)

        default:
            preconditionFailure("not a kind key: \(kind)")
        }
    }

    /// The `decimals` the rest of a number field is checked with when its own could
    /// not be read (FC102 or FC302 reported): a quoted count as written
    /// (`"2"`), else the most there may be, so that no literal of the field is
    /// reported again for a mistake in `decimals`.
    func recoveredDecimals(_ node: NodeID) -> Located<Int> {
        let written = tree.text(node).flatMap { Int($0) }.flatMap { (0...NumberFieldDecl.maxDecimals).contains($0) ? $0 : nil }
        return Located(written ?? NumberFieldDecl.maxDecimals, at: tree.range(node))
    }

    /// The `mode` the rest of a date field is checked with when its own could not
    /// be read (FC102 reported): the mode it is a misspelling of (`tme`), else the
    /// one its `default` is written in, so that the default, the bounds and the
    /// conditions are not reported again for a mistake in `mode`; nil (a date)
    /// when neither tells.
    func recoveredMode(_ node: NodeID, default defaultNode: NodeID?) -> Located<DateMode>? {
        let range = tree.range(node)
        if let text = tree.text(node), let closest = Suggestions.closest(to: text, in: DateMode.allCases.map(\.rawValue)) {
            return DateMode(rawValue: closest).map { Located($0, at: range) }
        }
        guard let written = defaultNode.flatMap({ tree.text($0) }) else { return nil }
        let mode: DateMode = written.contains("T") ? .dateTime : written.contains(":") ? .time : .date
        return Located(mode, at: range)
    }

    /// The id, rules and trigger of a field.
    mutating func fieldCommon(_ kind: String, id node: NodeID, keys: KeyedMapping) -> FieldCommon? {
        let id = reader.string(node, "the \(kind) field id", as: .name(upper: false)) ?? .unreadID(at: tree.range(node).start)
        var common = FieldCommon(id: id)
        if let node = keys["rules"] {
            common.rules = RuleDecoder.rules(node, reader: &reader, unreadConditions: &common.unreadRuleConditions)
            if !tree.isSequence(node) {
                common.unreadRules = .all
            } else if common.rules.count < tree.items(node).count {
                // Each rule it could not read, by the name written (a mapping's first key).
                for item in tree.items(node) where !common.rules.contains(where: { $0.range == tree.range(item) }) {
                    let name = (tree.isMapping(item) ? tree.entries(item).first.flatMap { tree.text($0.key) } : tree.text(item)) ?? ""
                    switch name == "min" || name == "max" ? name : Suggestions.closest(to: name, in: ["min", "max"]) {
                    case "min": common.unreadRules.insert(.min)
                    case "max": common.unreadRules.insert(.max)
                    default: break
                    }
                }
            }
            if !sawRuleCondition, common.hasRuleConditions { sawRuleCondition = true }
        }
        common.validateOn = keys["validateOn"].flatMap { reader.choice($0, "validateOn", as: ValidationTrigger.self) }
        return common
    }

    /// A boolean's `default`: YAML 1.1 spellings are FC102 with a hint (SPEC §1);
    /// any other non-Boolean is FC300.
    mutating func booleanDefault(_ node: NodeID) -> Located<Bool>? {
        if tree.style(node) == .plain, let text = tree.text(node), ValueReader.yaml11Booleans.contains(text.lowercased()) {
            return reader.bool(node, "default")
        }
        return reader.bool(node, "the default of a boolean", code: .defaultType)
    }

    /// A text or segment `default`: any scalar is a string; a list or mapping is FC300.
    mutating func stringDefault(_ node: NodeID, of owner: @autoclosure () -> String) -> Located<String>? {
        if !tree.isScalar(node) {
            diagnostics.error(
                .defaultType, "the default of \(owner()) must be a string, found \(tree.kindDescription(node))", at: tree.range(node),
                help: [reader.writeInstead(of: node, expecting: .string)]
            )
            return nil
        }
        return reader.string(node, "default")
    }

    /// A date field's `default`: an ISO 8601 literal of the field's mode (SPEC §10).
    /// Not a literal of that shape is FC300; the right shape but no real date or
    /// time (`2026-02-30`, `25:00`) is FC302.
    mutating func dateDefault(_ node: NodeID, mode: DateMode) -> Located<DateValue>? {
        let example = switch mode {
        case .date: "2026-01-31"
        case .time: "09:30"
        case .dateTime: "2026-01-31T09:30:00Z"
        }
        let expected = switch mode {
        case .date: "a date"
        case .time: "a time"
        case .dateTime: "a date and time"
        }
        guard let text = reader.literal(node, "the default of a date", expected: "\(expected), such as \(example),") else { return nil }
        if let value = DateValue(text.value, mode: mode) { return Located(value, at: text.range) }
        let shaped = switch mode {
        case .date: DateLiteral.looksLikeDate(text.value)
        case .time: text.value.count == 5 && text.value.dropFirst(2).first == ":"
        case .dateTime: text.value.contains("T") && DateLiteral.looksLikeDate(String(text.value.prefix(10)))
        }
        if shaped, mode == .dateTime, !DateTimeLiteral.hasZone(text.value) {
            // Without a zone the same text is another instant on every machine.
            diagnostics.error(
                .invalidNumber, "'\(text.value)' has no time zone", at: text.range,
                help: ["end it with Z for UTC or with an offset such as +01:00, e.g. \(example)"]
            )
        } else if shaped, mode == .dateTime, let fraction = DateTimeLiteral.fractionProblem(text.value, quoted: false) {
            diagnostics.error(.invalidNumber, fraction.message, at: text.range, help: [DiagnosticHelp(fraction.help)])
        } else if shaped {
            diagnostics.error(
                .invalidNumber, "'\(text.value)' is not a real \(mode == .time ? "time" : "date")", at: text.range,
                help: ["write a \(mode == .date ? "date" : (mode == .time ? "time" : "date and time")) that exists, e.g. \(example)"]
            )
        } else {
            diagnostics.error(
                .defaultType, "the default of a date field with mode \(mode.rawValue) must be ISO 8601 like \(example), found '\(text.value)'",
                at: text.range,
                help: RelativeDateLiteral(text.value) != nil
                    ? ["a default is a fixed value; 'today' is for rules",
                       "to start the field at the day the form is made, the app sets its value then (it knows the clock and time zone)"]
                    : ["write the default as \(example)"]
            )
        }
        return nil
    }

    /// "write 'default: [a]'" for a scalar where a list of one string belongs, with
    /// that list as the fix; in JSON's words in a JSON file.
    static func listHelp(key: String, _ node: NodeID, in tree: SyntaxTree, isJSON: Bool) -> DiagnosticHelp {
        let text = tree.text(node) ?? ""
        if text.isEmpty || (isJSON && tree.style(node) == .plain && text == "null") {
            return isJSON ? #"write "\#(key)": ["a"] with the values chosen at the start"# : "write '\(key): [a]' with the values chosen at the start"
        }
        if !isJSON, tree.style(node) == .plain, text.contains(",") {
            // `default: a, b`: the values of a list written without its brackets.
            let list = "[\(text.split(separator: ",").map { YAMLPlain.literal(String($0.drop { $0 == " " })) }.joined(separator: ", "))]"
            return .write(list, line: "write '\(key): \(list)'")
        }
        if isJSON {
            let list = "[\(YAMLPlain.doubleQuoted(text))]"
            return tree.style(node) == .doubleQuoted ? .write(list, line: "write \"\(key)\": \(list)") : "write \"\(key)\": \(list)"
        }
        let list = "[\(YAMLPlain.literal(text))]"
        return .write(list, line: "write '\(key): \(list)'")
    }

    /// A multiChoice `default`: a list of option values.
    mutating func listDefault(_ node: NodeID, of owner: @autoclosure () -> String) -> Located<[Located<String>]>? {
        let tree = tree
        guard reader.acceptTag(of: node, allowString: false) else { return nil }
        guard tree.isSequence(node) else {
            diagnostics.error(
                .defaultType, "the default of \(owner()) must be a list of option values, found \(tree.kindDescription(node))",
                at: tree.range(node),
                help: [
                    tree.isScalar(node)
                        ? Self.listHelp(key: "default", node, in: tree, isJSON: reader.isJSON)
                        : "write the chosen option values as a list, such as [\(reader.isJSON ? "\"a\", \"b\"" : "a, b")]",
                ]
            )
            return nil
        }
        var values: [Located<String>] = []
        for item in tree.items(node) {
            if let value = reader.string(item, "an option value") { values.append(value) }
        }
        return Located(values, at: tree.range(node))
    }

    /// What `choiceOptions` read: the options, the shared set they are copied
    /// from, the range of a list of the field's own (nil unless it was read whole),
    /// and whether an option of that list could not be read.
    struct ChoiceOptions {
        var options: [SegmentOption]
        var set: Located<String>?
        var listRange: SourceRange?
        var droppedOne: Bool
    }

    /// A choice field's `options:` (SPEC §3, §16): the options of the shared set
    /// it names (the field's enum is then the set's), or a list of its own, whose
    /// range is kept for the count checks (anything else is FC102 alone); FC100
    /// when the key is missing, for `description` (`picker 'country'`).
    mutating func choiceOptions(
        _ keys: KeyedMapping, of description: String, at kindKeyRange: SourceRange
    ) -> ChoiceOptions? {
        guard let node = keys["options"] else {
            reportMissing(
                "\(description) is missing required key 'options'", at: kindKeyRange,
                help: "add 'options:' with at least two choices"
            )
            return nil
        }
        if let set = optionSetReference(node, enumName: keys.keyRange("enumName")) {
            return ChoiceOptions(options: set.options, set: set.name, listRange: nil, droppedOne: false)
        }
        if let set = optionSetInBrackets(node) {
            return ChoiceOptions(options: set.options, set: set.name, listRange: nil, droppedOne: false)
        }
        let options = segmentOptions(node)
        let whole = isWhole(options, of: node)
        return ChoiceOptions(options: options, set: nil, listRange: whole ? tree.range(node) : nil, droppedOne: !whole && tree.isSequence(node))
    }

    /// Whether `options` are every item of the list `node`: one the decoder had to
    /// drop is reported already, and the count checks (FC303 "it needs at least 2")
    /// would count without it. False for anything but a list.
    private func isWhole(_ options: [SegmentOption], of node: NodeID) -> Bool {
        tree.isSequence(node) && options.count == tree.items(node).count
    }

    /// `options: [Country]`: a list of one option that is a declared set's name is
    /// the set named in brackets, FC102 with the fix that removes them; the field
    /// then takes the set's options, so that no count or unused-set error follows.
    private mutating func optionSetInBrackets(_ node: NodeID) -> (name: Located<String>, options: [SegmentOption])? {
        let tree = tree
        guard tree.isSequence(node), tree.items(node).count == 1, let item = tree.items(node).first,
              tree.isScalar(item), let text = tree.text(item), !(reader.isJSON && tree.style(item) == .plain),
              let set = optionSets.first(where: { $0.name.value == text }) else { return nil }
        let written = reader.isJSON ? "\"\(text)\"" : text
        diagnostics.error(
            .wrongType, "expected the name of an option set or a list of options, found a list of one option '\(text)'",
            at: tree.range(node),
            help: [.write(written, line: "'\(text)' is an option set: name it without the brackets, \(reader.isJSON ? #""options": "\#(text)""# : "options: \(text)")")]
        )
        return (Located(text, at: tree.range(item)), set.options)
    }

    /// `options: Country` (SPEC §16): the shared set a field's `options` names, with
    /// its options; nil when the value is a list (or anything but a plain name,
    /// which `segmentOptions` reports). An unknown name is FC501 and `enumName`
    /// beside a set FC101; either gives the set's name with no options.
    mutating func optionSetReference(_ node: NodeID, enumName: SourceRange?) -> (name: Located<String>, options: [SegmentOption])? {
        let tree = tree
        guard tree.isScalar(node), !reader.isMissingValue(node), let text = tree.text(node) else { return nil }
        // A set's name is a type name: another scalar (`options: a`) is a list gone
        // wrong, FC102, unless it is a set's name misspelt (`options: countries`).
        guard text.utf8.first.map({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) == true
            || optionSets.contains(where: { $0.name.value == text })
            || !Suggestions.didYouMean(text, in: optionSets.map(\.name.value)).isEmpty else { return nil }
        let name = Located(text, at: tree.range(node))
        if let enumName {
            diagnostics.error(
                .unknownKey, "'enumName' cannot be given with a shared option set: the enum is the set's own '\(text)'",
                at: enumName, help: ["remove 'enumName', or list the options here instead of naming a set"]
            )
        }
        guard let set = optionSets.first(where: { $0.name.value == text }) else {
            if optionSetsUnread { return (name, []) }
            var help = Suggestions.didYouMean(text, in: optionSets.map(\.name.value))
            if optionSets.isEmpty {
                help = [reader.isJSON ? #"declare the set at the top of the form: "options": {"\#(text)": ["a", "b"]}, or list the options here"#
                    : "declare the set at the top of the form: 'options: { \(text): [a, b] }', or list the options here"]
            } else if help.isEmpty {
                help = ["the option sets are: \(optionSets.map(\.name.value).joined(separator: ", "))"]
            }
            diagnostics.error(.conditionUnknownField, "unknown option set '\(text)'", at: name.range, help: help)
            return (name, [])
        }
        return (name, set.options)
    }

    /// The top-level `options:` (SPEC §16): a mapping of set name to option list.
    mutating func optionSetList(_ node: NodeID) -> [OptionSetDecl] {
        let tree = tree
        guard reader.acceptTag(of: node, allowString: false) else { return [] }
        guard tree.isMapping(node) else {
            // A list of sets, each an entry of its own (`- Country: [us, gb]`): read
            // as the sets it means, so that the fields naming them report nothing more.
            let items = tree.items(node)
            let entries = items.compactMap { item -> (key: NodeID, value: NodeID)? in
                tree.isMapping(item) && tree.entries(item).count == 1 ? tree.entries(item).first : nil
            }
            let isListOfSets = !items.isEmpty && entries.count == items.count && entries.allSatisfy { tree.isScalar($0.key) }
            let example = isListOfSets ? (tree.text(entries[0].key) ?? "Country") : "Country"
            let found = reader.isMissingValue(node) ? "nothing" : tree.kindDescription(node)
            diagnostics.error(
                .wrongType, "expected a mapping of option set names to option lists, found \(found)",
                at: tree.range(node),
                help: [isListOfSets
                    ? (reader.isJSON ? #"write the sets as one object: "options": {"\#(example)": ["a", "b"]}"#
                        : "write the sets as a mapping, without '- ': 'options: { \(example): [a, b] }'")
                    : (reader.isJSON ? #"write "options": {"Country": ["us", "gb"]}"# : "write 'options: { Country: [us, gb] }'")]
            )
            guard isListOfSets else {
                optionSetsUnread = true
                return []
            }
            return readOptionSets(entries)
        }
        return readOptionSets(Array(tree.entries(node)))
    }

    /// The sets of the top-level `options:`, one per entry: its name, and its options.
    private mutating func readOptionSets(_ entries: [(key: NodeID, value: NodeID)]) -> [OptionSetDecl] {
        let tree = tree
        var sets: [OptionSetDecl] = []
        for entry in entries {
            guard let name = reader.string(entry.key, "an option set name") else { continue }
            let options = segmentOptions(entry.value, ofSet: name.value)
            sets.append(OptionSetDecl(name: name, options: options, optionsRange: isWhole(options, of: entry.value) ? tree.range(entry.value) : nil))
        }
        return sets
    }

    /// JSON options written as numbers or booleans (`[1, 2, …, 12]`, a month's):
    /// one mistake, one FC102 at the list with one fix that quotes every option,
    /// and the options that are strings. Nil (each item read on its own) unless
    /// every item is a scalar, at least two are unquoted, and none is `null`.
    private mutating func unquotedJSONOptions(_ items: SyntaxTree.Items, of node: NodeID) -> [SegmentOption]? {
        let tree = tree
        // A list of strings, the valid case, is passed over without an allocation.
        guard items.lazy.filter({ tree.style($0) == .plain }).count >= 2, items.allSatisfy({ tree.kind($0) == .scalar }) else { return nil }
        let unquoted = items.filter { tree.style($0) == .plain }
        guard !unquoted.contains(where: { tree.text($0) == "null" }) else { return nil }
        let list = "[" + items.map { JSONValue.quoted(tree.text($0) ?? "") }.joined(separator: ", ") + "]"
        let numbers = unquoted.allSatisfy { tree.text($0).flatMap(ValueReader.plainNumber) != nil }
        diagnostics.error(
            .wrongType, "expected a string for each option, found \(unquoted.count) \(numbers ? "numbers" : "values that are not strings")",
            at: tree.range(node), help: [.write(list, line: "write the options in quotes: \(list)", title: "Quote the options")]
        )
        return items.filter { tree.style($0) != .plain }.compactMap { item in
            tree.text(item).map { text in
                let value = Located(text, at: tree.range(item))
                return SegmentOption(value: value, title: value, range: value.range)
            }
        }
    }

    /// A field's options, or (`set`) those of the top-level set of that name.
    mutating func segmentOptions(_ node: NodeID, ofSet set: String? = nil) -> [SegmentOption] {
        let tree = tree
        guard reader.acceptTag(of: node, allowString: false) else { return [] }
        guard tree.isSequence(node) else {
            let found = reader.isMissingValue(node) ? "nothing" : tree.kindDescription(node)
            diagnostics.error(
                .wrongType, "expected a list of options, found \(found)", at: tree.range(node),
                help: [set.map { reader.isJSON ? #"list the set's options: "\#($0)": ["a", "b"]"# : "list the set's options: '\($0): [a, b]'" }
                    ?? (reader.isJSON
                        ? #"list the options, "options": ["a", "b"], or name a shared option set (an UpperCamelCase name under the top-level "options")"#
                        : "list the options, 'options: [a, b]', or name a shared option set (an UpperCamelCase name under the top-level 'options:')")]
            )
            return []
        }
        let items = tree.items(node)
        if reader.isJSON, let options = unquotedJSONOptions(items, of: node) { return options }
        var options: [SegmentOption] = []
        options.reserveCapacity(items.count)
        for item in items {
            let range = tree.range(item)
            switch tree.kind(item) {
            case .scalar:
                if let value = reader.string(item, "an option") {
                    options.append(SegmentOption(value: value, title: value, range: range))
                }
            case .mapping:
                if let option = optionAsOneEntry(item) {
                    options.append(option)
                    continue
                }
                let keys = KeyedMapping(
                    item, in: tree, allowed: KeySchema.segmentOption, context: "an option", diagnostics: &diagnostics
                )
                guard let valueNode = keys["value"] else {
                    // The value its title would have (`Pro plan` → `proPlan`), where the title is plain words.
                    let title = keys["title"].flatMap { tree.text($0) }.flatMap { title -> (String, String)? in
                        guard !title.isEmpty, title.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0 == " " || ("0"..."9").contains($0) }),
                              let value = SwiftNaming.suggestedID(for: title) ?? (SwiftNaming.isLowerCamelCase(title) ? title : nil) else { return nil }
                        return (title, value)
                    }
                    reportMissing(
                        "an option is missing required key 'value'", at: range,
                        help: title.map { "write its value beside its title: '{ value: \($0.1), title: \($0.0) }'" } ?? "write '{ value: pro, title: Pro }'"
                    )
                    continue
                }
                guard let value = reader.string(valueNode, "an option's value") else { continue }
                let title = keys["title"].flatMap { reader.string($0, "an option's title") }
                let image = keys["image"].flatMap { reader.string($0, "an option's image") }
                // An option with neither title nor image shows its value.
                options.append(SegmentOption(value: value, title: title ?? (image == nil ? value : nil), image: image, range: range))
            case .sequence:
                diagnostics.error(
                    .wrongType, "expected an option (a string or '{ value: …, title: … }'), found a list", at: range,
                    help: ["write each option as one item of the options list; a list inside it is not an option"]
                )
            }
        }
        return options
    }

    /// An option written as a value and its title in one entry (`- us: United
    /// States`, as other form libraries write a choice): one FC101 at the key,
    /// whose fix writes the option's mapping in place of the item, and the option
    /// it means, so that nothing that uses it reports more. Nil for any other
    /// mapping: a key of an option's (`title: United States`, missing its
    /// `value`) or a misspelling of one (`valu: us`) among them.
    private mutating func optionAsOneEntry(_ item: NodeID) -> SegmentOption? {
        let tree = tree
        let entries = tree.entries(item)
        guard entries.count == 1, let entry = entries.first, tree.isScalar(entry.value), !tree.isEmptyScalar(entry.value),
              // A JSON title is a string; `null` or a number is read as a title nowhere else.
              !reader.isJSON || tree.style(entry.value) == .doubleQuoted,
              let value = tree.text(entry.key), let title = tree.text(entry.value),
              !KeySchema.segmentOption.contains(where: { $0.description == value }),
              !KeyedMapping.optionValueKeysOfOtherLibraries.contains(value), !KeyedMapping.optionTitleKeysOfOtherLibraries.contains(value),
              Suggestions.closest(to: value, in: KeySchema.segmentOption.map(\.description)) == nil
        else { return nil }
        let mapping = reader.isJSON
            ? "{\"value\": \(JSONValue.quoted(value)), \"title\": \(JSONValue.quoted(title))}"
            : "{ value: \(YAMLPlain.literal(value)), title: \(YAMLPlain.literal(title)) }"
        let item = tree.range(item), key = tree.range(entry.key)
        // The fix writes the item anew: only where the key and title are written as
        // their text on the item's lines (no anchor or tag that others name, no
        // block scalar, whose range runs on to the next line), and not where the
        // item is read again through an alias, whose range is the alias.
        let isRewritable = reader.isJSON
            || (item.start <= key.start && key.end <= item.end
                && Self.isWrittenAsItsText(entry.key, in: tree) && Self.isWrittenAsItsText(entry.value, in: tree))
        diagnostics.error(
            .unknownKey, "unknown key '\(value)' in an option", at: key,
            help: [DiagnosticHelp(
                reader.isJSON
                    ? #"an option's value and title are its "value" and "title": write \#(mapping)"#
                    : "an option's value and title are its 'value' and 'title': write '\(mapping)'",
                fix: isRewritable ? DiagnosticFix(title: "Write '\(mapping)'", text: mapping, placement: .range(item)) : nil
            )]
        )
        return SegmentOption(value: Located(value, at: key), title: Located(title, at: tree.range(entry.value)), range: item)
    }

    /// Whether the YAML scalar `node` is its text on one line, plain or in quotes
    /// with nothing escaped: no anchor or tag before it, no line break in it.
    private static func isWrittenAsItsText(_ node: NodeID, in tree: SyntaxTree) -> Bool {
        let range = tree.range(node)
        guard let text = tree.text(node), let style = tree.style(node), !tree.hasTag(node),
              range.start.line == range.end.line else { return false }
        let quotes = switch style {
        case .plain: 0
        case .singleQuoted, .doubleQuoted: 2
        case .literal, .folded: -1
        }
        return quotes >= 0 && range.end.column - range.start.column == text.unicodeScalars.count + quotes
    }

    /// What a layout is, in the file's own syntax.
    private var layoutHelp: DiagnosticHelp {
        reader.isJSON ? #"write "intrinsic" or {"constantHeight": 44}"# : "write 'intrinsic' or '{ constantHeight: 44 }'"
    }

    mutating func layout(_ node: NodeID) -> Located<GroupLayout>? {
        let tree = tree
        let range = tree.range(node)
        if let text = tree.text(node) {
            if text == "intrinsic" { return Located(.intrinsic, at: range) }
            diagnostics.error(.wrongType, "'\(text)' is not a valid layout", at: range, help: [layoutHelp])
            return nil
        }
        guard tree.isMapping(node) else {
            diagnostics.error(
                .wrongType, "expected a layout, found \(tree.kindDescription(node))", at: range, help: [layoutHelp]
            )
            return nil
        }
        let keys = KeyedMapping(node, in: tree, allowed: KeySchema.layout, context: "a layout", diagnostics: &diagnostics)
        guard let heightNode = keys["constantHeight"] else {
            reportMissing(
                "layout is missing 'constantHeight'", at: range,
                help: "write '{ constantHeight: 44 }', or 'intrinsic'"
            )
            return nil
        }
        guard let height = reader.number(heightNode, "constantHeight") else { return nil }
        guard height.value >= 0 else {
            diagnostics.error(
                .invalidNumber, "constantHeight must be 0 or more, found \(reader.written(height, heightNode))", at: height.range,
                help: ["write a height of 0 or more points"]
            )
            return nil
        }
        guard height.value.isFinite else {
            diagnostics.error(
                .invalidNumber, "constantHeight is too large, found \(reader.written(height, heightNode))", at: height.range,
                help: ["write a height in points, such as 44"]
            )
            return nil
        }
        return Located(.constantHeight(height.value), at: range)
    }

    mutating func insets(_ node: NodeID) -> Located<EdgeInsets>? {
        let tree = tree
        guard tree.isMapping(node) else {
            diagnostics.error(
                .wrongType, "expected insets '{ top: 8, left: 16, bottom: 8, right: 16 }', found \(tree.kindDescription(node))",
                at: tree.range(node),
                help: [
                    reader.isJSON
                        ? #"write an object of the sides to set, in points: {"top": 8, "bottom": 8}"#
                        : "write a mapping of the sides to set, in points: '{ top: 8, bottom: 8 }'",
                ]
            )
            return nil
        }
        let keys = KeyedMapping(node, in: tree, allowed: KeySchema.insets, context: "insets", diagnostics: &diagnostics)
        var insets = EdgeInsets()
        for (side, key) in KeySchema.insets.enumerated() {
            guard let valueNode = keys[key], let number = reader.number(valueNode, "inset '\(key)'") else { continue }
            if number.value < 0 || !number.value.isFinite {
                diagnostics.error(
                    .invalidNumber,
                    "inset '\(key)' \(number.value < 0 ? "must be 0 or more" : "is too large"), found \(reader.written(number, valueNode))",
                    at: number.range, help: ["write an inset of 0 or more points, such as 8"]
                )
                continue
            }
            // In the order of `KeySchema.insets`.
            switch side {
            case 0: insets.top = number.value
            case 1: insets.left = number.value
            case 2: insets.bottom = number.value
            default: insets.right = number.value
            }
        }
        return Located(insets, at: tree.range(node))
    }

    /// A `visibleWhen`/`enabledWhen` expression. YAML reads a leading `!` as a tag and
    /// a leading `&` as an anchor, so `visibleWhen: !newsletter` arrives as a tag.
    mutating func condition(_ node: NodeID, _ key: String) -> Condition? {
        reader.condition(node, key)
    }
}

extension ValueReader {
    /// A condition's text (SPEC §7), with the hint for a YAML tag read from `!x`.
    mutating func condition(_ node: NodeID, _ key: String) -> Condition? {
        let tree = tree
        if let tag = tree.tag(node), tag != ValueReader.stringTag, tag.hasPrefix("!"), !tag.hasPrefix("!!") {
            let rest = tree.text(node) ?? ""
            let suggestion = "not \(tag.dropFirst())" + (rest.isEmpty ? "" : " \(rest)")
            diagnostics.error(
                .conditionSyntax, "YAML read '\(tag)' as a tag, not as part of the condition", at: tree.range(node),
                help: [
                    DiagnosticHelp(
                        "write '\(key): \(suggestion)': conditions use 'not', 'and' and 'or' instead of '!', '&&' and '||'",
                        fix: DiagnosticFix(title: "Write '\(suggestion)'", text: suggestion, placement: .node)
                    ),
                ]
            )
            return nil
        }
        guard let text = string(node, key, as: .condition) else { return nil }
        return Condition(source: text, style: tree.style(node) ?? .plain)
    }
}
