import FormJSON
import FormModel
import FormSource
import FormText

/// The checked form as the data the preview page's script reads (SPEC §13): every
/// element with its presentation keys, every field with its display name, trigger,
/// and rules with their final messages (the form's, else the same default message
/// the generated Swift carries), and every condition as a typed expression tree.
/// The script interprets this; nothing of the form becomes code.
///
/// The shape is documented in docs/design/preview.md. Keys keep a fixed order, so
/// the same form always gives the same bytes.
public enum PreviewData {
    /// The data of one checked form.
    public static func json(for form: CheckedForm) -> JSONValue {
        let builder = Builder(form: form)
        let document = form.document
        var members: [(String, JSONValue)] = [
            ("formc", .integer(document.version.value)),
            ("form", .string(document.name.value)),
            ("file", .string(form.sourcePath)),
        ]
        if let title = document.title { members.append(("title", .string(title.value))) }
        members.append(("validateOn", .string(document.defaultTrigger.rawValue)))
        members.append(("elements", ElementJSON.array(document.elements, adding: builder.members)))
        return .object(members)
    }

    private struct Builder {
        let form: CheckedForm
        /// The fields the elements being written name: the form's, or a list's entry's.
        var symbols: SymbolTable
        /// The document those fields' paths lead into: the form's, or a list's entry as a document.
        var document: FormDocument

        init(form: CheckedForm) {
            self.form = form
            symbols = form.symbols
            document = form.document
        }

        /// An element's members after its `kind` and `id` (ElementJSON writes those
        /// and its children): its presentation keys with their defaults filled in,
        /// a field's display name, trigger and rules, and its conditions as trees.
        func members(_ element: Element, _ members: inout ElementJSON.Members) {
            if !members.addSharedKeys(of: element.kind) {
                switch element.kind {
                case .group(let group):
                    members.add("title", group.title)
                    members.add("footer", group.footer)
                    members.append("style", .string((group.style?.value ?? .plain).rawValue))
                    if case .constantHeight(let height)? = group.layout?.value {
                        members.append("rowHeight", ElementJSON.number(height))
                    }
                    members.add(insets: group.insets)
                case .segment(let field):
                    members.add("title", field.title)
                    members.append("options", Self.options(field.options))
                    members.append("default", field.defaultValue.map { .string($0.value) } ?? .null)
                    if field.variant == .picker {
                        members.append("style", .string((field.pickerStyle?.value ?? .menu).rawValue))
                    }
                case .number(let field):
                    members.add("title", field.title)
                    members.add("placeholder", field.placeholder)
                    members.add("unit", field.unit)
                    members.append("decimals", .integer(field.places))
                    // Numbers are exact decimal text (`2.50` → "2.5"): the script compares them as scaled integers.
                    let step = field.step?.value.description
                        ?? (field.places == 0 ? "1" : "0." + String(repeating: "0", count: field.places - 1) + "1")
                    members.append("step", .string(step))
                    members.append("style", .string((field.style?.value ?? .field).rawValue))
                    members.append("default", field.defaultValue.map { .string($0.value.description) } ?? .null)
                case .date(let field):
                    members.add("title", field.title)
                    members.append("mode", .string(field.dateMode.rawValue))
                    members.append("style", .string((field.style?.value ?? .compact).rawValue))
                    // ISO text: `2026-01-31`, `09:30`, or an instant in UTC (`2026-01-31T09:30:00Z`).
                    members.append("default", field.defaultValue.map { .string($0.value.description) } ?? .null)
                case .multiChoice(let field):
                    members.add("title", field.title)
                    members.append("options", Self.options(field.options))
                    // In option order, as the generated `[Enum]` holds them.
                    let chosen = Set((field.defaultValues?.value ?? []).map(\.value))
                    members.append("default", .array(field.options.filter { chosen.contains($0.value.value) }.map { .string($0.value.value) }))
                    members.append("style", .string((field.style?.value ?? .checklist).rawValue))
                case .staticText(let text):
                    members.append("text", .string(text.text.value))
                    members.append("alignment", .string((text.alignment?.value ?? .leading).rawValue))
                    members.append("style", .string((text.style?.value ?? .body).rawValue))
                case .list(let list):
                    members.add("title", list.title)
                    members.add("itemTitle", list.itemTitle)
                    members.add("addTitle", list.addTitle)
                    members.append("minItems", .integer(list.minimum))
                    members.append("maxItems", list.maxItems.map { .integer($0.value) } ?? .null)
                    members.append("initialItems", .integer(list.initialCount))
                    // Under `change`, an entry that comes or goes checks the list's counts at once.
                    members.append("trigger", .string(symbols.field(list.id.value)?.trigger.rawValue ?? form.document.defaultTrigger.rawValue))
                    let name = DefaultMessages.listName(list)
                    // In the page's language when the document was localized (`FormStrings.localized`);
                    // none without a lower count, which no number of entries breaks.
                    members.append("minItemsMessage", list.minimum > 0 ? .string(list.minItemsMessage ?? DefaultMessages.minItems(listName: name, count: list.minimum)) : .null)
                    members.append("maxItemsMessage", list.maxItems.map { .string(list.maxItemsMessage ?? DefaultMessages.maxItems(listName: name, count: $0.value)) } ?? .null)
                    // The entry's elements, whose names are the entry's fields.
                    var entry = self
                    if let checked = checkedList(list) {
                        entry.symbols = checked.symbols
                    }
                    entry.document = FormDocument(
                        version: form.document.version, name: form.document.name, elements: list.elements, range: form.document.range
                    )
                    members.append("elements", ElementJSON.array(list.elements, adding: entry.members))
                case .boolean, .text, .spacer, .segue:
                    break
                }
            }
            if let field = element.field, let id = element.id?.value {
                let name = DefaultMessages.displayName(of: element.kind, id: id)
                members.append("name", .string(name))
                members.append("trigger", .string(symbols.field(id)?.trigger.rawValue ?? form.document.defaultTrigger.rawValue))
                let valueType = symbols.field(id)?.valueType
                members.append("rules", .array(field.rules.map { rule($0, fieldName: name, valueType: valueType) }))
            }
            if let condition = element.visibleWhen?.expression { members.append("visibleWhen", Self.condition(condition)) }
            if let condition = element.enabledWhen?.expression { members.append("enabledWhen", Self.condition(condition)) }
        }

        /// The checked list of `list` (found by its id, unique in the form): one pass
        /// over the form's lists.
        func checkedList(_ list: ListDecl) -> CheckedList? {
            form.lists.first { form.document.list(at: $0.path).id.value == list.id.value }
        }

        static func options(_ options: [SegmentOption]) -> JSONValue {
            .array(options.map { option in
                var members: [(String, JSONValue)] = [("value", .string(option.value.value))]
                if let title = option.title { members.append(("title", .string(title.value))) }
                if let image = option.image { members.append(("image", .string(image.value))) }
                return .object(members)
            })
        }

        /// The display name of the field a `sameAs` or a bound names (SPEC §14):
        /// in a list's entry, a field of the same entry first, then one of the form.
        func displayName(ofField target: String) -> String? {
            let element = symbols.field(target).flatMap { document.elementIfPresent(at: $0.path) }
                ?? form.symbols.field(target).map { form.document.element(at: $0.path) }
            return element.map { DefaultMessages.displayName(of: $0.kind, id: target) }
        }

        func rule(_ rule: RuleDecl, fieldName: String, valueType: FieldValueType?) -> JSONValue {
            var members: [(String, JSONValue)] = [("rule", .string(rule.kind.name))]
            var targetName: String?
            switch rule.kind {
            case .required, .email, .url:
                break
            case .minLength(let count), .maxLength(let count):
                members.append(("value", .integer(count)))
            case .pattern(let pattern):
                members.append(("value", .string(pattern)))
                // Absent when the preview cannot match the pattern exactly: the page shows a hint.
                if let source = PreviewPattern.javaScriptSource(for: pattern) {
                    members.append(("javaScript", .string(source)))
                }
            case .sameAs(let target):
                members.append(("value", .string(target)))
                targetName = displayName(ofField: target)
            case .custom(let name):
                members.append(("value", .string(name)))
            case .min(let literal), .max(let literal):
                members.append(("value", .string(literal)))
                if let valueType, let bound = RuleBound(literal, for: valueType) {
                    members.append(("bound", Self.bound(bound)))
                }
            case .minCount(let count), .maxCount(let count):
                members.append(("value", .integer(count)))
            case .minField(let target), .maxField(let target):
                // A bound naming another field (SPEC §16): the page reads that field's value.
                members.append(("field", .string(target)))
                targetName = displayName(ofField: target)
            }
            let message = rule.message?.value
                ?? DefaultMessages.message(for: rule.kind, fieldName: fieldName, targetName: targetName, valueType: valueType)
            if let message { members.append(("message", .string(message))) }
            if let when = rule.when?.expression { members.append(("when", Self.condition(when))) }
            return .object(members)
        }

        /// A `min`/`max` bound, typed: `{"type": "number", "value": "2.5"}`, `date`,
        /// `time`, `dateTime` (UTC ISO text), or `{"type": "today", "amount": -18, "unit": "y"}`,
        /// which the page resolves from its clock when the rule runs.
        static func bound(_ bound: RuleBound) -> JSONValue {
            switch bound {
            case .number(let value):
                .object([("type", .string("number")), ("value", .string(value.description))])
            case .fixed(.date(let value)):
                .object([("type", .string("date")), ("value", .string(value.description))])
            case .fixed(.time(let value)):
                .object([("type", .string("time")), ("value", .string(value.description))])
            case .fixed(.dateTime(let value)):
                .object([("type", .string("dateTime")), ("value", .string(value.description))])
            case .relative(let value):
                .object([("type", .string("today")), ("amount", .integer(value.amount)), ("unit", .string(String(value.unit.rawValue)))])
            }
        }

        /// `{"op": "and", "operands": [...]}` and friends: one node per case of
        /// `ConditionExpr`, so the script needs no parser.
        static func condition(_ expression: ConditionExpr) -> JSONValue {
            switch expression {
            case .constant(let value):
                .object([("op", .string("constant")), ("value", .bool(value))])
            case .boolField(let id):
                .object([("op", .string("boolField")), ("field", .string(id))])
            case .isEmpty(let id):
                .object([("op", .string("isEmpty")), ("field", .string(id))])
            case .textEquals(let id, let value):
                .object([("op", .string("textEquals")), ("field", .string(id)), ("value", .string(value))])
            case .segmentEquals(let id, let value):
                .object([("op", .string("segmentEquals")), ("field", .string(id)), ("value", .string(value))])
            case .segmentIn(let id, let values):
                .object([("op", .string("segmentIn")), ("field", .string(id)), ("values", .array(values.map { .string($0) }))])
            case .contains(let id, let value):
                .object([("op", .string("contains")), ("field", .string(id)), ("value", .string(value))])
            case .countCompare(let id, let order, let count):
                .object([("op", .string("count")), ("field", .string(id)), ("order", .string(order.rawValue)), ("value", .integer(count))])
            case .valueCompare(let id, let order, let value):
                .object([
                    ("op", .string("compare")), ("field", .string(id)), ("order", .string(order.rawValue)),
                    ("bound", bound(value.ruleBound)),
                ])
            case .fieldCompare(let lhs, let op, let rhs):
                .object([("op", .string("fieldCompare")), ("field", .string(lhs)), ("order", .string(op.rawValue)), ("other", .string(rhs))])
            case .not(let inner):
                .object([("op", .string("not")), ("operand", condition(inner))])
            case .and(let lhs, let rhs):
                .object([("op", .string("and")), ("operands", .array([condition(lhs), condition(rhs)]))])
            case .or(let lhs, let rhs):
                .object([("op", .string("or")), ("operands", .array([condition(lhs), condition(rhs)]))])
            }
        }
    }
}
