import FormJSON
import Testing

@Suite struct JSONValueTests {
    @Test func membersKeepTheirOrderAndEqualityIgnoresIt() throws {
        let value: JSONValue = ["b": 1, "a": ["y": true, "x": nil], "b": 2]
        #expect(value == ["a": ["x": nil, "y": true], "b": 2])
        #expect(value.hashValue == (["a": ["x": nil, "y": true], "b": 2] as JSONValue).hashValue)
        #expect(value != ["a": ["x": nil, "y": true], "b": 1])
        #expect(value.rendered() == "{\n  \"b\": 2,\n  \"a\": {\n    \"y\": true,\n    \"x\": null\n  }\n}\n")
        #expect(String(decoding: value.serialized(), as: UTF8.self) == #"{"a":{"x":null,"y":true},"b":2}"#)
    }

    @Test func parsingKeepsTheTextsOrderAndARepeatedKeysLastValue() throws {
        let value = try JSONValue.parse(Array(#"{"z": 1, "a": [2.5, -3], "z": "last"}"#.utf8))
        guard case .object(let members) = value else { Issue.record("not an object"); return }
        #expect(members.map(\.0) == ["z", "a"])
        #expect(value["z"] == "last")
        #expect(value["a"] == [.double(2.5), -3])
    }

    /// A file's text escapes what ends a line in JavaScript too; a message escapes
    /// only what RFC 8259 requires, as the language server always has.
    @Test func eachTextFormEscapesItsOwnSet() {
        let value: JSONValue = ["s": "\u{08}\u{0C}\u{01}\u{7F}\u{2028}</a>&"]
        #expect(value.rendered() == "{\n  \"s\": \"\\b\\f\\u0001\\u007F\\u2028</a>&\"\n}\n")
        #expect(String(decoding: value.compactBytesForHTML(), as: UTF8.self) == "{\"s\":\"\\b\\f\\u0001\\u007F\\u2028\\u003C/a\\u003E\\u0026\"}\n")
        #expect(String(decoding: value.serialized(), as: UTF8.self) == "{\"s\":\"\\u0008\\u000c\\u0001\u{7F}\u{2028}</a>&\"}")
    }
}
