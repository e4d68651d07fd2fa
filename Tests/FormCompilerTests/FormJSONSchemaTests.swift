@testable import FormModel
import Foundation
import Testing

/// `formc schema`'s JSON Schema: the committed copy is its output, and it holds
/// every kind and every key of the decoder's tables, each described, every closed
/// set as the decoder's own words.
@Suite struct FormJSONSchemaTests {
    /// `schemas/formc.schema.json` is what `formc schema` prints (FORMC_RECORD=1
    /// writes it anew).
    @Test func committedSchemaIsTheOutput() {
        expectGolden(FormJSONSchema.text(), repositoryPath: "schemas/formc.schema.json")
    }

    @Test func sameBytesEveryTime() {
        #expect(FormJSONSchema.text() == FormJSONSchema.text())
    }

    private func parsed() throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(FormJSONSchema.text().utf8))
        return try #require(object as? [String: Any])
    }

    private func definition(_ name: String, in schema: [String: Any]) throws -> [String: Any] {
        let definitions = try #require(schema["$defs"] as? [String: Any])
        return try #require(definitions[name] as? [String: Any], "no $defs/\(name)")
    }

    private func properties(_ object: [String: Any]) -> [String: [String: Any]] {
        (object["properties"] as? [String: Any] ?? [:]).compactMapValues { $0 as? [String: Any] }
    }

    private func names(_ keys: [StaticString]) -> Set<String> { Set(keys.map(\.description)) }

    @Test func documentIsTheDecodersDocument() throws {
        let schema = try parsed()
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        #expect(Set(properties(schema).keys) == names(KeySchema.document))
        #expect(schema["required"] as? [String] == ["formc", "form", "elements"])
        #expect(schema["additionalProperties"] as? Bool == false)
        #expect(properties(schema)["formc"]?["const"] as? Int == 1)
        #expect(properties(schema)["validateOn"]?["enum"] as? [String] == ValidationTrigger.allCases.map(\.rawValue))
    }

    /// Each kind is an object of exactly the keys the decoder allows it, requiring
    /// its kind key; an element is one of them.
    @Test func everyKindWithEveryKey() throws {
        let schema = try parsed()
        let top = try definition("top-element", in: schema)
        let references = (top["oneOf"] as? [[String: Any]] ?? []).compactMap { $0["$ref"] as? String }
        #expect(references == ElementKind.keywords.map { "#/$defs/kind-\($0)" })
        // Below the top level, no page (SPEC §15.1); at the top, pages only once there is one.
        let element = try definition("element", in: schema)
        let nested = (element["oneOf"] as? [[String: Any]] ?? []).compactMap { $0["$ref"] as? String }
        #expect(nested == ElementKind.keywords.filter { $0 != "page" }.map { "#/$defs/kind-\($0)" })
        let elements = properties(schema)["elements"] ?? [:]
        #expect(elements["items"] as? [String: String] == ["$ref": "#/$defs/top-element"])
        #expect((elements["if"] as? [String: Any])?["contains"] != nil)
        #expect(((elements["then"] as? [String: Any])?["items"] as? [String: Any])?["required"] as? [String] == ["page"])
        for (index, keyword) in ElementKind.keywords.enumerated() {
            let kind = try definition("kind-" + keyword, in: schema)
            #expect(Set(properties(kind).keys) == names(KeySchema.allowedKeys(forKind: index)), "\(keyword)")
            let required = kind["required"] as? [String] ?? []
            #expect(required.first == keyword)
            #expect(kind["additionalProperties"] as? Bool == false)
        }
        let group = properties(try definition("kind-group", in: schema))
        #expect(Set(properties(group["insets"] ?? [:]).keys) == names(KeySchema.insets))
        let layouts = group["layout"]?["anyOf"] as? [[String: Any]] ?? []
        #expect(layouts.first?["enum"] as? [String] == ["intrinsic"])
        #expect(Set(layouts.dropFirst().flatMap { properties($0).keys }) == names(KeySchema.layout))
        let option = try definition("option", in: schema)
        let optionMapping = (option["anyOf"] as? [[String: Any]] ?? []).last ?? [:]
        #expect(Set(properties(optionMapping).keys) == names(KeySchema.segmentOption))
        #expect(optionMapping["required"] as? [String] == ["value"])
    }

    /// The closed sets are the decoder's enums' cases.
    @Test func closedSetsAreTheDecodersEnums() throws {
        let schema = try parsed()
        func words(_ kind: String, _ key: String) throws -> [String]? {
            properties(try definition("kind-" + kind, in: schema))[key]?["enum"] as? [String]
        }
        #expect(try words("textField", "keyboard") == KeyboardType.allCases.map(\.rawValue))
        #expect(try words("floatLabel", "contentType") == TextContentType.allCases.map(\.rawValue))
        #expect(try words("textField", "autocapitalization") == Autocapitalization.allCases.map(\.rawValue))
        #expect(try words("group", "style") == GroupStyle.allCases.map(\.rawValue))
        #expect(try words("staticText", "alignment") == TextAlignment.allCases.map(\.rawValue))
        #expect(try words("staticText", "style") == TextStyle.allCases.map(\.rawValue))
        #expect(try words("boolean", "validateOn") == ValidationTrigger.allCases.map(\.rawValue))
    }

    /// Every rule the decoder knows has a mapping form with an optional message
    /// (and `custom` an optional `debounce` of 0 to 10000 milliseconds, SPEC §15.2),
    /// and a field's `rules` offer exactly the rules that apply to it.
    @Test func everyRule() throws {
        let schema = try parsed()
        for name in RuleDecoder.names.map(\.description) {
            let rule = try definition("rule-" + name, in: schema)
            #expect(Set(properties(rule).keys) == (name == "custom" ? [name, "message", "when", "debounce"] : [name, "message", "when"]))
            if name == "custom" {
                let debounce = properties(rule)["debounce"]
                #expect(debounce?["type"] as? String == "integer")
                #expect(debounce?["minimum"] as? Int == 0 && debounce?["maximum"] as? Int == 10_000)
            }
            #expect(rule["required"] as? [String] == [name])
            #expect(rule["additionalProperties"] as? Bool == false)
        }
        for target in RuleTarget.allCases {
            let item = try definition("rule-for-" + target.rawValue, in: schema)
            let alternatives = item["oneOf"] as? [[String: Any]] ?? []
            let bare = alternatives.first?["enum"] as? [String] ?? []
            let mapped = alternatives.compactMap { $0["$ref"] as? String }
            let applicable = FormVocabulary.rules.filter { $0.applies(to: target) }
            #expect(bare == applicable.filter { $0.parameter == nil }.map(\.name.description))
            #expect(mapped == applicable.map { "#/$defs/rule-\($0.name)" })
        }
        let textField = properties(try definition("kind-textField", in: schema))
        #expect(textField["rules"]?["items"] as? [String: String] == ["$ref": "#/$defs/rule-for-text"])
    }

    /// Every object in the schema is closed, and every key in it has a description.
    @Test func everyObjectIsClosedAndEveryKeyDescribed() throws {
        var objects = 0
        func walk(_ value: Any, at path: String) {
            if let array = value as? [Any] {
                for (index, item) in array.enumerated() { walk(item, at: "\(path)[\(index)]") }
                return
            }
            guard let object = value as? [String: Any] else { return }
            // A condition's test (`if`, `then`: "is a page") describes no object of its own.
            if object["type"] as? String == "object", !path.hasSuffix(".contains"), !path.hasSuffix(".then.items") {
                objects += 1
                // The option sets (SPEC §16) are the one open mapping: any set name, each an option list.
                if object["propertyNames"] == nil { #expect(object["additionalProperties"] as? Bool == false, "\(path)") }
                for (key, property) in properties(object) {
                    let description = property["description"] as? String ?? ""
                    #expect(!description.isEmpty, "\(path).\(key) has no description")
                }
            }
            for (key, member) in object where key != "properties" { walk(member, at: "\(path).\(key)") }
            for (key, member) in properties(object) { walk(member, at: "\(path).properties.\(key)") }
        }
        walk(try parsed(), at: "$")
        // The form, the kinds, the rules, an option, insets, a layout and the option
        // sets; and the group of a list's entry, with its insets and layout.
        #expect(objects == 1 + ElementKind.keywords.count + RuleKind.names.count + 4 + 3)
    }

    /// A list's entry holds any kind but list and page, at any depth (SPEC §14):
    /// its elements and those of a group in it are `entry-element`s.
    @Test func anEntryHoldsNoListAndNoPage() throws {
        let schema = try parsed()
        let list = properties(try definition("kind-list", in: schema))
        #expect(list["elements"]?["items"] as? [String: String] == ["$ref": "#/$defs/entry-element"])
        let group = properties(try definition("entry-group", in: schema))
        #expect(group["elements"]?["items"] as? [String: String] == ["$ref": "#/$defs/entry-element"])
        let kinds = try #require(try definition("entry-element", in: schema)["oneOf"] as? [[String: String]]).compactMap { $0["$ref"] }
        #expect(kinds.count == ElementKind.keywords.count - 2)
        #expect(kinds.contains("#/$defs/entry-group") && kinds.contains("#/$defs/kind-textField"))
        #expect(!kinds.contains("#/$defs/kind-list") && !kinds.contains("#/$defs/kind-page") && !kinds.contains("#/$defs/kind-group"))
        let element = properties(try definition("kind-group", in: schema))
        #expect(element["elements"]?["items"] as? [String: String] == ["$ref": "#/$defs/element"])
    }
}
