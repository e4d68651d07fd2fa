import FormJSON
import FormSource

/// The JSON Schema (draft 2020-12) of the form format, written from
/// `FormVocabulary` (SPEC §12): `formc schema` prints it and the package ships it
/// as `schemas/formc.schema.json`, so editors check and complete form files.
///
/// Every key has a `description`, closed sets are `enum`s, every mapping has
/// `additionalProperties: false`, and an element is `oneOf` the kinds' objects,
/// each requiring its own kind key (so no kind key, an unknown one or two of them
/// match none). Objects' keys are sorted: the text depends only on the table.
///
/// What the schema cannot say is left to formc: unique ids, that a `sameAs`
/// target exists, condition syntax, and the like. Text positions accept any
/// scalar, because in YAML `title: 2024` is the text "2024" (SPEC §1), and a
/// schema cannot tell a YAML file from a JSON one, where formc wants a string.
public enum FormJSONSchema {
    public static let draft = "https://json-schema.org/draft/2020-12/schema"

    /// The schema as pretty-printed JSON with a final newline.
    public static func text() -> String { value().rendered() }

    public static func value() -> JSONValue {
        var definitions: [String: JSONValue] = [
            "top-element": object([
                "description": .string("An element of the form's top level: a mapping with exactly one kind key (\(kindList)); when one is a page, every one is (SPEC §15.1)."),
                "oneOf": .array(FormVocabulary.kinds.map { reference(kindDefinition($0.keyword.description)) }),
            ]),
            "element": object([
                "description": .string("An element below the top level: a mapping with exactly one kind key (\(nestedKinds.joined(separator: ", "))); a page only at the top level (SPEC §15.1)."),
                "oneOf": .array(nestedKinds.map { reference(kindDefinition($0)) }),
            ]),
            "option": object([
                "description": .string("A segment option: a bare value (also its title), or { value, title } or { value, image }."),
                "anyOf": .array([
                    schema(for: .text),
                    mapping(FormVocabulary.segmentOption, description: "A segment option with its own title or image."),
                ]),
            ]),
        ]
        for kind in FormVocabulary.kinds {
            var definition = mapping(kind.allKeys, description: kind.summary)
            let keys = Set(kind.allKeys.map(\.name.description))
            if keys.contains("enumName"), keys.contains("options"), case .object(let members) = definition {
                // A shared set's name names the enum itself: no `enumName` beside it (FC101, SPEC §16).
                // The name is any scalar YAML reads it as (`True`, `Null` name sets too).
                var shape = Dictionary(uniqueKeysWithValues: members)
                shape["if"] = object([
                    "required": .array([.string("options")]),
                    "properties": object(["options": object(["type": .array([.string("boolean"), .string("null"), .string("string")])])]),
                ])
                shape["then"] = object(["not": object(["required": .array([.string("enumName")])])])
                definition = object(shape)
            }
            if kind.keyword.description == "number", case .object(let members) = definition {
                // A slider needs both ends (SPEC §10, FC100): a `min` and a `max` rule
                // without `when`, which would leave the control without that end.
                var shape = Dictionary(uniqueKeysWithValues: members)
                let bound = { (name: String) in
                    object(["contains": object([
                        "type": .string("object"), "required": .array([.string(name)]),
                        "not": object(["required": .array([.string("when")])]),
                    ])])
                }
                shape["if"] = object([
                    "required": .array([.string("style")]),
                    "properties": object(["style": object(["const": .string("slider")])]),
                ])
                shape["then"] = object([
                    "required": .array([.string("rules")]),
                    "properties": object(["rules": object(["allOf": .array([bound("min"), bound("max")])])]),
                ])
                definition = object(shape)
            }
            definitions[kindDefinition(kind.keyword.description)] = definition
        }
        // A list's entry holds any kind but list and page, at any depth (SPEC §14):
        // its elements, and those of a group in it, are `entry-element`s.
        let entryKinds = FormVocabulary.kinds.map(\.keyword.description).filter { $0 != "list" && $0 != "page" }
        definitions["entry-element"] = object([
            "description": .string("An element of a list's entry: any kind but list and page (\(entryKinds.joined(separator: ", ")))."),
            "oneOf": .array(entryKinds.map { reference($0 == "group" ? "entry-group" : kindDefinition($0)) }),
        ])
        for (name, kind) in [("entry-group", "group"), (kindDefinition("list"), "list")] {
            definitions[name] = definitions[kindDefinition(kind)].map { elements(of: $0, as: "entry-element") }
        }
        for rule in FormVocabulary.rules {
            definitions[ruleDefinition(rule.name.description)] = ruleMapping(rule)
        }
        for target in RuleTarget.allCases {
            definitions[rulesDefinition(target)] = ruleItem(for: target)
        }
        let document = mapping(
            FormVocabulary.document,
            description: "A formc form: compiled by formc into a Swift type with one value per field, its validation rules and its element tree."
        )
        guard case .object(let members) = document else { preconditionFailure("a mapping is an object") }
        var root = Dictionary(uniqueKeysWithValues: members)
        // The top level holds any kind; when it holds a page, it holds pages only
        // (SPEC §15.1): an error stays at the element it is about.
        if case .object(let properties)? = root["properties"] {
            var properties = Dictionary(uniqueKeysWithValues: properties)
            if case .object(let elements)? = properties["elements"] {
                var top = Dictionary(uniqueKeysWithValues: elements)
                let isPage = object(["type": .string("object"), "required": .array([.string("page")])])
                top["items"] = reference("top-element")
                top["if"] = object(["contains": isPage])
                top["then"] = object(["items": isPage])
                properties["elements"] = object(top)
            }
            root["properties"] = object(properties)
        }
        root["$schema"] = .string(draft)
        root["$defs"] = object(definitions)
        root["title"] = .string("formc form")
        return object(root)
    }

    // MARK: - Shapes

    /// The schema of a value of `shape`.
    static func schema(for shape: ValueShape) -> JSONValue {
        switch shape {
        // `null`: YAML's null words (`~`, `null`, `Null`, `NULL`), which a YAML reader
        // gives the validator as null, are text and names for formc (`title: ~`,
        // `textField: null`); the pattern holds for strings only. A type name may
        // be one of YAML 1.2's Booleans too (`True`, `FALSE`): an id may not
        // (`true` and `false` are Swift's keywords, FC201).
        case .text, .condition, .regularExpression, .optionValue:
            object(["type": .array([.string("boolean"), .string("null"), .string("number"), .string("string")])])
        case .identifier:
            object(["type": .array([.string("null"), .string("string")]), "pattern": .string("^[a-z][A-Za-z0-9]*$")])
        case .typeName, .optionSetName:
            object(["type": .array([.string("boolean"), .string("null"), .string("string")]), "pattern": .string("^[A-Z][A-Za-z0-9]*$")])
        case .optionSets:
            object([
                "type": .string("object"),
                "propertyNames": object(["pattern": .string("^[A-Z][A-Za-z0-9]*$")]),
                "additionalProperties": described(schema(for: .list(.option, minimum: 2)), "The set's options, at least two."),
            ])
        case .boolean:
            object(["type": .string("boolean")])
        case .nonNegativeNumber:
            object(["type": .string("number"), "minimum": .integer(0)])
        case .decimal:
            object(["type": .string("number")])
        case .bound:
            object(["type": .array([.string("number"), .string("string")])])
        case .dateLiteral:
            object(["type": .string("string")])
        case .count:
            schema(for: .countIn(0...Int(Int32.max)))
        case .countIn(let range):
            object(["type": .string("integer"), "minimum": .integer(range.lowerBound), "maximum": .integer(range.upperBound)])
        case .positiveDecimal:
            object(["type": .string("number"), "exclusiveMinimum": .integer(0)])
        case .constant(let value):
            object(["const": .integer(value)])
        case .word(let words):
            object(["type": .string("string"), "enum": .array(words.map(JSONValue.string))])
        case .orNothing(let inner):
            object(["anyOf": .array([schema(for: inner), object(["type": .string("null")])])])
        case .anyOf(let shapes):
            object(["anyOf": .array(shapes.map(schema(for:)))])
        case .list(let item, let minimum):
            object(
                ["type": .string("array"), "items": schema(for: item)]
                    .merging(minimum > 0 ? ["minItems": .integer(minimum)] : [:]) { first, _ in first }
            )
        case .mapping(let keys):
            mapping(keys, description: nil)
        case .element:
            reference("element")
        case .option:
            reference("option")
        case .rule(let target):
            reference(rulesDefinition(target))
        }
    }

    /// An object of exactly `keys`, each described, the required ones required.
    private static func mapping(_ keys: [KeySpec], description: String?) -> JSONValue {
        var properties: [String: JSONValue] = [:]
        for key in keys {
            properties[key.name.description] = described(schema(for: key.value), key.summary)
        }
        var members: [String: JSONValue] = [
            "type": .string("object"),
            "properties": object(properties),
            "additionalProperties": .bool(false),
        ]
        let required = keys.filter(\.isRequired).map { JSONValue.string($0.name.description) }
        if !required.isEmpty { members["required"] = .array(required) }
        if let description { members["description"] = .string(description) }
        return object(members)
    }

    // MARK: - Rules

    /// One item of the `rules` of a field of `target`: the name of a rule without
    /// a parameter, or a mapping of one rule key and an optional `message`.
    private static func ruleItem(for target: RuleTarget) -> JSONValue {
        let rules = FormVocabulary.rules.filter { $0.applies(to: target) }
        let names = rules.filter { $0.parameter == nil }.map { JSONValue.string($0.name.description) }
        return object([
            "description": .string("A rule for a \(target.rawValue) field: its name, or { rule: parameter, message: text }."),
            "oneOf": .array(
                (names.isEmpty ? [] : [object(["type": .string("string"), "enum": .array(names)])])
                    + rules.map { reference(ruleDefinition($0.name.description)) }
            ),
        ])
    }

    /// `{ minLength: 8, message: … }`; a rule without a parameter takes nothing
    /// (`- email:`, `{"email": null}`), and `required` also `true` (SPEC §16).
    private static func ruleMapping(_ rule: RuleSpec) -> JSONValue {
        let none = rule.name.description == "required" ? [JSONValue.bool(true), .null] : [.null]
        let parameter = rule.parameter.map(schema(for:)) ?? object(["enum": .array(none)])
        let message = FormVocabulary.ruleMessage
        let when = FormVocabulary.ruleWhen
        var properties: [String: JSONValue] = [
            rule.name.description: described(parameter, rule.summary),
            message.name.description: described(schema(for: message.value), message.summary),
            when.name.description: described(schema(for: when.value), when.summary),
        ]
        if rule.name.description == "custom" {
            let debounce = FormVocabulary.ruleDebounce
            properties[debounce.name.description] = described(object([
                "type": .string("integer"), "minimum": .integer(0), "maximum": .integer(10_000),
            ]), debounce.summary)
        }
        return object([
            "type": .string("object"),
            "description": .string(rule.summary),
            "properties": object(properties),
            "required": .array([.string(rule.name.description)]),
            "additionalProperties": .bool(false),
        ])
    }

    // MARK: - Helpers

    private static var kindList: String {
        FormVocabulary.kinds.map(\.keyword.description).joined(separator: ", ")
    }

    /// Every kind but page: what a group, a page or a list holds.
    private static var nestedKinds: [String] {
        FormVocabulary.kinds.map(\.keyword.description).filter { $0 != "page" }
    }

    /// A kind's mapping whose `elements` are of the definition `definition`.
    private static func elements(of kind: JSONValue, as definition: String) -> JSONValue {
        guard case .object(let members) = kind else { return kind }
        return .object(members.map { key, value in
            guard key == "properties", case .object(let properties) = value else { return (key, value) }
            return (key, .object(properties.map { name, property in
                guard name == "elements", case .object(let keys) = property else { return (name, property) }
                return (name, .object(keys.map { $0.0 == "items" ? ($0.0, reference(definition)) : $0 }))
            }))
        })
    }

    static func kindDefinition(_ keyword: String) -> String { "kind-" + keyword }
    static func ruleDefinition(_ name: String) -> String { "rule-" + name }
    static func rulesDefinition(_ target: RuleTarget) -> String { "rule-for-" + target.rawValue }

    private static func reference(_ definition: String) -> JSONValue {
        object(["$ref": .string("#/$defs/" + definition)])
    }

    /// `schema` with a `description` beside its other keys.
    private static func described(_ schema: JSONValue, _ description: String) -> JSONValue {
        guard case .object(let members) = schema else { return schema }
        var all = Dictionary(uniqueKeysWithValues: members)
        all["description"] = .string(description)
        return object(all)
    }

    /// An object with its keys sorted, so that the text is the same on every run.
    private static func object(_ members: [String: JSONValue]) -> JSONValue {
        .object(members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map { ($0.key, $0.value) })
    }
}
