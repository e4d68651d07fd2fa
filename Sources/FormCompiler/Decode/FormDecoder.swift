/// The decode stage: the reader's untyped `Node`s → a typed `FormDocument`
/// (SPEC §1–§3). Typing is schema-directed: every value is read as the type its key
/// expects. Problems are reported and decoding carries on with the rest, so one
/// run shows every mistake; an element that cannot be decoded is left out.
/// Recursion follows group nesting, which the reader's depth limit bounds.
public enum FormDecoder {
    public static func decode(_ root: Node, file: SourceFile, limits: CompilerLimits, diagnostics: inout DiagnosticBag) -> FormDocument? {
        var reader = ValueReader(diagnostics: diagnostics)
        reader.isJSON = FormPipeline.isJSON(path: file.path)
        var decoder = Decoder(reader: reader, limits: limits)
        let document = decoder.document(root)
        diagnostics = decoder.reader.diagnostics
        return document
    }
}

private struct Decoder {
    var reader: ValueReader
    let limits: CompilerLimits
    var elementCount = 0
    var stopped = false

    var diagnostics: DiagnosticBag {
        get { reader.diagnostics }
        _modify { yield &reader.diagnostics }
    }

    mutating func document(_ root: Node) -> FormDocument? {
        if ValueReader.isMissingValue(root) {
            // A document with no content (`---` alone) is an empty file.
            diagnostics.error(
                .missingKey, "the file is empty", at: .fileStart,
                help: [ReaderDiagnostics.emptyFormHelp]
            )
            return nil
        }
        guard root.mapping != nil else {
            diagnostics.error(
                .wrongType, "a form file must be a mapping with the keys formc, form and elements, found \(root.kindDescription)",
                at: root.range
            )
            return nil
        }
        let keys = KeyedMapping(root, allowed: KeySchema.document, context: "the form", diagnostics: &diagnostics)
        let start = SourceRange(at: root.range.start)

        var version = Located(1, at: start)
        if let node = keys["formc"] {
            if let number = reader.number(node, "formc") {
                if number.value != 1 {
                    diagnostics.error(
                        .unsupportedVersion, "unsupported formc version \(ValueReader.format(number.value))",
                        at: node.range, help: ["only version 1 exists: write formc: 1"]
                    )
                }
                // `formc: 1e99` is FC105 above; it must not trap converting to Int.
                version = Located(Int(exactly: number.value) ?? 0, at: node.range)
            }
        } else {
            diagnostics.error(.missingKey, "missing required key 'formc'", at: start, help: ["add 'formc: 1' as the first line"])
        }

        var name = Located("", at: start)
        if let node = keys["form"] {
            if let value = reader.string(node, "form") { name = value }
        } else {
            diagnostics.error(
                .missingKey, "missing required key 'form'", at: start,
                help: ["add 'form: MyForm', the name of the generated Swift type"]
            )
        }

        let title = keys["title"].flatMap { reader.string($0, "title") }
        let validateOn = keys["validateOn"].flatMap { reader.choice($0, "validateOn", as: ValidationTrigger.self) }

        var elements: [Element] = []
        if let node = keys["elements"] {
            elements = elementList(node, keyRange: keys.keyRange("elements")!, owner: "the form")
        } else {
            diagnostics.error(
                .missingKey, "missing required key 'elements'", at: start,
                help: ["add 'elements:' with a list of fields, groups and text"]
            )
        }
        return FormDocument(
            version: version, name: name, title: title, validateOn: validateOn, elements: elements, range: root.range
        )
    }

    /// A required, non-empty list of elements (the form's or a group's).
    mutating func elementList(_ node: Node, keyRange: SourceRange, owner: String) -> [Element] {
        guard reader.acceptTag(of: node, allowString: false) else { return [] }
        guard let items = node.sequence else {
            if ValueReader.isMissingValue(node) {
                diagnostics.error(.missingKey, "'elements' of \(owner) is empty", at: keyRange, help: ["list at least one element"])
            } else {
                diagnostics.error(.wrongType, "expected a list of elements, found \(node.kindDescription)", at: node.range)
            }
            return []
        }
        if items.isEmpty {
            diagnostics.error(.missingKey, "'elements' of \(owner) is empty", at: node.range, help: ["list at least one element"])
        }
        var elements: [Element] = []
        elements.reserveCapacity(items.count)
        for item in items {
            if stopped { break }
            if let element = element(item) { elements.append(element) }
        }
        return elements
    }

    mutating func element(_ node: Node) -> Element? {
        elementCount += 1
        if elementCount > limits.maxElements {
            diagnostics.error(
                .limitExceeded, "the form has more than \(limits.maxElements) elements", at: node.range,
                help: ["split the form into several forms"]
            )
            stopped = true
            return nil
        }
        guard reader.acceptTag(of: node, allowString: false) else { return nil }
        guard let entries = node.mapping else {
            var help: [String] = []
            if let text = node.scalar?.text, ElementKind.keywords.contains(text) {
                help.append("write '\(text): <id>' to make an element of kind \(text)")
            }
            diagnostics.error(
                .wrongType, "expected an element (a mapping such as 'textField: email'), found \(node.kindDescription)",
                at: node.range, help: help
            )
            return nil
        }

        // Exactly one kind key (SPEC §3).
        let kindEntries = entries.filter { ElementKind.keywords.contains($0.key.scalar?.text ?? "") }
        if kindEntries.count > 1 {
            let first = kindEntries[0].key
            for extra in kindEntries.dropFirst() {
                diagnostics.error(
                    .elementKindCount,
                    "element has more than one kind: '\(first.scalar!.text)' and '\(extra.key.scalar!.text)'",
                    at: extra.key.range, notes: [diagnostics.note("kind given first here", at: first.range)],
                    help: ["give each element its own list item, starting with '- '"]
                )
            }
            return nil
        }
        guard let kindEntry = kindEntries.first else {
            reportMissingKind(entries, node: node)
            return nil
        }
        let kind = kindEntry.key.scalar!.text
        let keys = KeyedMapping(
            node, allowed: KeySchema.allowedKeys(forKind: kind), context: "\(kind) '\(kindEntry.value.scalar?.text ?? "")'",
            diagnostics: &diagnostics, otherKinds: true
        )
        guard let decoded = elementKind(kind, entry: kindEntry, keys: keys) else { return nil }
        return Element(
            kind: decoded, range: node.range, kindKeyRange: kindEntry.key.range,
            visibleWhen: keys["visibleWhen"].flatMap { condition($0, "visibleWhen") },
            enabledWhen: keys["enabledWhen"].flatMap { condition($0, "enabledWhen") }
        )
    }

    /// FC103 when the first key looks like a kind (a typo of one, or an unknown word);
    /// FC104 when the element only has keys that belong to elements, but no kind key.
    mutating func reportMissingKind(_ entries: [MappingEntry], node: Node) {
        let firstUnknown = entries.first { !KeySchema.anyElementKey.contains($0.key.scalar?.text ?? "") }
        if let candidate = firstUnknown, let word = candidate.key.scalar?.text {
            diagnostics.error(
                .unknownElementKind, "unknown element kind '\(word)'", at: candidate.key.range,
                help: Suggestions.didYouMeanOrList(word, in: ElementKind.keywords, listing: "the element kinds are")
            )
        } else {
            diagnostics.error(
                .elementKindCount, "element has no kind key", at: entries.first?.key.range ?? node.range,
                help: ["start the element with its kind, e.g. '- textField: email'; the kinds are: \(ElementKind.keywords.joined(separator: ", "))"]
            )
        }
    }

    mutating func elementKind(_ kind: String, entry: MappingEntry, keys: KeyedMapping) -> ElementKind? {
        let primary = entry.value
        switch kind {
        case "group":
            var group = GroupDecl()
            if !ValueReader.isMissingValue(primary) && !(primary.scalar.map { $0.style == .plain && ($0.text == "null" || $0.text == "~") } ?? false) {
                group.id = reader.string(primary, "the group id")
            }
            group.title = keys["title"].flatMap { reader.string($0, "title") }
            group.footer = keys["footer"].flatMap { reader.string($0, "footer") }
            group.style = keys["style"].flatMap { reader.choice($0, "group style", as: GroupStyle.self) }
            group.layout = keys["layout"].flatMap { layout($0) }
            group.insets = keys["insets"].flatMap { insets($0) }
            if let node = keys["elements"] {
                group.elements = elementList(node, keyRange: keys.keyRange("elements")!, owner: "group '\(group.id?.value ?? "")'")
            } else {
                diagnostics.error(
                    .missingKey, "group is missing required key 'elements'", at: entry.key.range,
                    help: ["add 'elements:' with the group's fields"]
                )
            }
            return .group(group)

        case "boolean":
            guard let common = fieldCommon(entry, keys: keys) else { return nil }
            var field = BooleanFieldDecl(common: common)
            field.title = keys["title"].flatMap { reader.string($0, "title") }
            if keys["title"] == nil {
                diagnostics.error(
                    .missingKey, "boolean '\(common.id.value)' is missing required key 'title'", at: entry.key.range,
                    help: ["add 'title:', the text shown beside the switch"]
                )
            }
            field.icon = keys["icon"].flatMap { reader.string($0, "icon") }
            if let node = keys["default"] { field.defaultValue = booleanDefault(node) }
            return .boolean(field)

        case "segment":
            guard let common = fieldCommon(entry, keys: keys) else { return nil }
            var field = SegmentFieldDecl(common: common)
            field.title = keys["title"].flatMap { reader.string($0, "title") }
            field.enumName = keys["enumName"].flatMap { reader.string($0, "enumName") }
            if let node = keys["options"] {
                field.optionsRange = keys.keyRange("options")
                field.options = segmentOptions(node)
            } else {
                diagnostics.error(
                    .missingKey, "segment '\(common.id.value)' is missing required key 'options'", at: entry.key.range,
                    help: ["add 'options:' with at least two choices"]
                )
            }
            if let node = keys["default"] {
                field.defaultValue = stringDefault(node, of: "segment '\(common.id.value)'")
            }
            return .segment(field)

        case "textField", "floatLabel", "textView":
            guard let common = fieldCommon(entry, keys: keys) else { return nil }
            var field = TextInputDecl(variant: TextInputDecl.Variant(rawValue: kind)!, common: common)
            field.placeholder = keys["placeholder"].flatMap { reader.string($0, "placeholder") }
            field.label = keys["label"].flatMap { reader.string($0, "label") }
            if kind == "floatLabel", keys["label"] == nil {
                diagnostics.error(
                    .missingKey, "floatLabel '\(common.id.value)' is missing required key 'label'", at: entry.key.range,
                    help: ["add 'label:', the text that floats above the value"]
                )
            }
            if let node = keys["default"] { field.defaultValue = stringDefault(node, of: "\(kind) '\(common.id.value)'") }
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
                    .invalidNumber, "spacer height must be 0 or more, found \(ValueReader.format(height.value))",
                    at: primary.range
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
            guard let id = reader.string(primary, "the segue's action id") else { return nil }
            var segue = SegueDecl(id: id)
            segue.title = keys["title"].flatMap { reader.string($0, "title") }
            if keys["title"] == nil {
                diagnostics.error(
                    .missingKey, "segue '\(id.value)' is missing required key 'title'", at: entry.key.range,
                    help: ["add 'title:', the text of the row"]
                )
            }
            segue.icon = keys["icon"].flatMap { reader.string($0, "icon") }
            segue.accessoryIcon = keys["accessoryIcon"].flatMap { reader.string($0, "accessoryIcon") }
            return .segue(segue)

        default:
            preconditionFailure("not a kind key: \(kind)")
        }
    }

    /// The id, rules and trigger of a field.
    mutating func fieldCommon(_ entry: MappingEntry, keys: KeyedMapping) -> FieldCommon? {
        guard let id = reader.string(entry.value, "the \(entry.key.scalar!.text) field id") else { return nil }
        var common = FieldCommon(id: id)
        if let node = keys["rules"] { common.rules = RuleDecoder.rules(node, reader: &reader) }
        common.validateOn = keys["validateOn"].flatMap { reader.choice($0, "validateOn", as: ValidationTrigger.self) }
        return common
    }

    /// A boolean's `default`: YAML 1.1 spellings are FC102 with a hint (SPEC §1);
    /// any other non-Boolean is FC300.
    mutating func booleanDefault(_ node: Node) -> Located<Bool>? {
        if let scalar = node.scalar, scalar.style == .plain, ValueReader.yaml11Booleans.contains(scalar.text.lowercased()) {
            return reader.bool(node, "default")
        }
        return reader.bool(node, "the default of a boolean", code: .defaultType)
    }

    /// A text or segment `default`: any scalar is a string; a list or mapping is FC300.
    mutating func stringDefault(_ node: Node, of owner: String) -> Located<String>? {
        if node.scalar == nil {
            diagnostics.error(
                .defaultType, "the default of \(owner) must be a string, found \(node.kindDescription)", at: node.range
            )
            return nil
        }
        return reader.string(node, "default")
    }

    mutating func segmentOptions(_ node: Node) -> [SegmentOption] {
        guard reader.acceptTag(of: node, allowString: false) else { return [] }
        guard let items = node.sequence else {
            diagnostics.error(.wrongType, "expected a list of options, found \(node.kindDescription)", at: node.range)
            return []
        }
        var options: [SegmentOption] = []
        for item in items {
            switch item.content {
            case .scalar:
                if let value = reader.string(item, "an option") {
                    options.append(SegmentOption(value: value, title: value, range: item.range))
                }
            case .mapping:
                let keys = KeyedMapping(item, allowed: KeySchema.segmentOption, context: "a segment option", diagnostics: &diagnostics)
                guard let valueNode = keys["value"] else {
                    diagnostics.error(
                        .missingKey, "segment option is missing required key 'value'", at: item.range,
                        help: ["write '{ value: pro, title: Pro }'"]
                    )
                    continue
                }
                guard let value = reader.string(valueNode, "an option's value") else { continue }
                let title = keys["title"].flatMap { reader.string($0, "an option's title") }
                let image = keys["image"].flatMap { reader.string($0, "an option's image") }
                // An option with neither title nor image shows its value.
                options.append(SegmentOption(value: value, title: title ?? (image == nil ? value : nil), image: image, range: item.range))
            case .sequence:
                diagnostics.error(
                    .wrongType, "expected an option (a string or '{ value: …, title: … }'), found a list", at: item.range
                )
            }
        }
        return options
    }

    mutating func layout(_ node: Node) -> Located<GroupLayout>? {
        if let scalar = node.scalar {
            if scalar.text == "intrinsic" { return Located(.intrinsic, at: node.range) }
            diagnostics.error(
                .wrongType, "'\(scalar.text)' is not a valid layout", at: node.range,
                help: ["write 'intrinsic' or '{ constantHeight: 44 }'"]
            )
            return nil
        }
        guard node.mapping != nil else {
            diagnostics.error(.wrongType, "expected a layout, found \(node.kindDescription)", at: node.range)
            return nil
        }
        let keys = KeyedMapping(node, allowed: KeySchema.layout, context: "a layout", diagnostics: &diagnostics)
        guard let heightNode = keys["constantHeight"] else {
            diagnostics.error(.missingKey, "layout is missing 'constantHeight'", at: node.range)
            return nil
        }
        guard let height = reader.number(heightNode, "constantHeight") else { return nil }
        guard height.value >= 0 else {
            diagnostics.error(
                .invalidNumber, "constantHeight must be 0 or more, found \(ValueReader.format(height.value))", at: heightNode.range
            )
            return nil
        }
        return Located(.constantHeight(height.value), at: node.range)
    }

    mutating func insets(_ node: Node) -> Located<EdgeInsets>? {
        guard node.mapping != nil else {
            diagnostics.error(
                .wrongType, "expected insets '{ top: 8, left: 16, bottom: 8, right: 16 }', found \(node.kindDescription)",
                at: node.range
            )
            return nil
        }
        let keys = KeyedMapping(node, allowed: KeySchema.insets, context: "insets", diagnostics: &diagnostics)
        var insets = EdgeInsets()
        for key in KeySchema.insets {
            guard let valueNode = keys[key], let number = reader.number(valueNode, "inset '\(key)'") else { continue }
            if number.value < 0 {
                diagnostics.error(
                    .invalidNumber, "inset '\(key)' must be 0 or more, found \(ValueReader.format(number.value))",
                    at: valueNode.range
                )
                continue
            }
            switch key {
            case "top": insets.top = number.value
            case "left": insets.left = number.value
            case "bottom": insets.bottom = number.value
            default: insets.right = number.value
            }
        }
        return Located(insets, at: node.range)
    }

    /// A `visibleWhen`/`enabledWhen` expression. YAML reads a leading `!` as a tag and
    /// a leading `&` as an anchor, so `visibleWhen: !newsletter` arrives as a tag.
    mutating func condition(_ node: Node, _ key: String) -> Condition? {
        if let tag = node.tag, tag != ValueReader.stringTag, tag.hasPrefix("!"), !tag.hasPrefix("!!") {
            let rest = node.scalar?.text ?? ""
            let suggestion = "not \(tag.dropFirst())" + (rest.isEmpty ? "" : " \(rest)")
            diagnostics.error(
                .conditionSyntax, "YAML read '\(tag)' as a tag, not as part of the condition", at: node.range,
                help: ["write '\(key): \(suggestion)': conditions use 'not', 'and' and 'or' instead of '!', '&&' and '||'"]
            )
            return nil
        }
        guard let text = reader.string(node, key) else { return nil }
        return Condition(source: text, style: node.scalar?.style ?? .plain)
    }
}
