import FormCompiler
import FormSource
import Foundation
import Testing

/// Every error says what to write instead: the bundled examples, broken in the
/// ways people break forms (a value of another shape, a line left out or
/// indented too far, a key without its colon, a condition cut short), give
/// errors that each carry at least one help line.
@Suite struct EveryErrorHelpsTests {
    /// The values put in place of each `key: value`'s value: other shapes, no
    /// value, a negative number, text where a number or Boolean belongs.
    /// Values YAML reads as something else than text (`> 18`, `!!`, `? x`) too.
    private static let yamlValues = [
        "12345", "-1", "[x, y]", "{a: 1}", "", "x", "'a b'", "null", "> 18 only", #""\x4""#, "!!", "- x", "? x", "]", "{a: 1",
    ]
    private static let jsonValues = [
        "12345", "-1", #""x""#, "[1]", #"{"a": 1}"#, "null", "true", #""""#, "+1", ".5", "2000-01-31", "1x", "[1, }",
    ]
    private static let conditions = [
        "a and", "(a", "not", "a ==", "a == 1", "a in []", "a in [b]", "contains(a, b)", "a != null", "a.count > 0",
        "a &&& b", ") a", "'x' == true", "you@example.com", "x}", "(a b)", "isEmpty(a, b)", "a > +5", "agree and (",
    ]

    /// The examples' file names that end in `suffix`.
    private static func examples(_ suffix: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.schemas)) ?? []).sorted().filter { $0.hasSuffix(suffix) }
    }

    private static func text(of example: String) throws -> String {
        try String(contentsOfFile: RepositoryPaths.schemas + "/" + example, encoding: .utf8)
    }

    /// Each YAML example with one line changed: its value replaced, the line left
    /// out, indented two more spaces, its key's colon left out, or (a condition)
    /// replaced by a broken one.
    private static func yamlVariants(of text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var variants: [String] = []
        func with(_ index: Int, _ replacement: [String]) {
            variants.append((lines[..<index] + replacement + lines[(index + 1)...]).joined(separator: "\n"))
        }
        for (index, line) in lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let trimmed = line.drop { $0 == " " }
            guard !trimmed.hasPrefix("#") else { continue }
            with(index, [])
            with(index, ["  " + line])
            if trimmed.hasPrefix("- "), let colon = line.range(of: ": ") {
                // `- textField email`: an element's colon left out.
                with(index, [line.replacingCharacters(in: colon, with: " ")])
            }
            guard let colon = line.range(of: ": ") else { continue }
            let key = line[..<colon.lowerBound].drop { $0 == " " || $0 == "-" }
            with(index, [line.replacingCharacters(in: colon, with: " ")])
            let values = ["visibleWhen", "enabledWhen", "when"].contains(String(key))
                ? conditions.map { "\"\($0)\"" } : yamlValues
            for value in values {
                with(index, [line[..<colon.upperBound] + value])
            }
        }
        return variants
    }

    /// Each JSON example with one value replaced, or one key misspelt.
    private static func jsonVariants(of text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        var variants: [String] = []
        var index = 0
        while index < scalars.count {
            // A value after `": `: a string, a number or a Boolean.
            guard scalars[index] == ":", index + 2 < scalars.count, scalars[index + 1] == " " else { index += 1; continue }
            let start = index + 2
            var end = start
            if scalars[start] == "\"" {
                end += 1
                while end < scalars.count, scalars[end] != "\"" { end += scalars[end] == "\\" ? 2 : 1 }
                end += 1
            } else {
                while end < scalars.count, !",}]\n".unicodeScalars.contains(scalars[end]) { end += 1 }
            }
            if scalars[start] != "[", scalars[start] != "{" {
                for value in jsonValues {
                    var changed = String.UnicodeScalarView(scalars[..<start])
                    changed.append(contentsOf: value.unicodeScalars)
                    changed.append(contentsOf: scalars[end...])
                    variants.append(String(changed))
                }
            }
            index = start
        }
        // Its structure broken once at each place: a comma doubled, a '}' written
        // as ']', a comment before it.
        for (offset, scalar) in scalars.enumerated() where scalar == "," || scalar == "}" {
            var changed = String.UnicodeScalarView(scalars[..<offset])
            changed.append(contentsOf: (scalar == "," ? ",," : "]").unicodeScalars)
            changed.append(contentsOf: scalars[(offset + 1)...])
            variants.append(String(changed))
        }
        variants.append("# the form\n" + text)
        return variants
    }

    /// Every error of `variants`, at least `atLeast` of them, has help; the
    /// first that have none are listed as "#variant line:column code message".
    /// With `eachBroken`, each variant has an error.
    private static func expectHelp(
        in variants: [String], atLeast: Int, path: String, eachBroken: Bool = false,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        #expect(variants.count >= atLeast, sourceLocation: sourceLocation)
        var found: [String] = []
        for (number, text) in variants.enumerated() {
            let diagnostics = diagnose(text, path: path)
            if eachBroken, !diagnostics.contains(where: { $0.severity == .error }) { found.append("#\(number) has no error") }
            for diagnostic in diagnostics where diagnostic.severity == .error && diagnostic.help.isEmpty {
                let start = diagnostic.location.range.start
                found.append("#\(number) \(start.line):\(start.column) \(diagnostic.code.rawValue) \(diagnostic.message)")
            }
        }
        #expect(found.isEmpty, "\(found.count) errors without help: \(found.prefix(10))", sourceLocation: sourceLocation)
    }

    /// Mistakes the mutations above do not make: YAML directives and tags, text
    /// after a flow collection's ':', literals compared with literals, JSON numbers.
    @Test func everyErrorOfTheseHasHelp() {
        let yaml = [
            "%\nformc: 1", "%formc: 1", "%YAML 2.0\n---\nformc: 1", "%TAG !x\nformc: 1",
            "formc: 1\nform: F\nelements: [!{ textField: a }]", "formc: 1\nform: !<x\nelements: []",
            "formc: 1\nform: !x!y z\nelements: []", "formc: 1\nform: F\nelements: [{ textField:] a }]",
            "formc: 1\nform: \"\\U0011FFFF\"\nelements: []", "formc: 1\nform: 'a\n---\nb'\nelements: []",
            "formc: 1\nform: F\nelements:\n  - textField: a\n    visibleWhen: 1 == 'x'",
            "formc: 1\nform: F\nelements:\n  - textField: a\n    visibleWhen: true == 1",
            "formc: 1\nform: F\nelements:\n  - textField: a\n    rules: [{}]",
        ]
        let json = [
            #"{"formc": 01.5}"#, #"{"formc": 1, "form": , "elements": []}"#, #"{"formc": -01e2}"#,
        ]
        Self.expectHelp(in: yaml, atLeast: yaml.count, path: "t.form.yaml", eachBroken: true)
        Self.expectHelp(in: json, atLeast: json.count, path: "t.form.json", eachBroken: true)
    }

    /// In a `.form.json`, the help of a missing key is written as JSON, and a
    /// YAML form in a file named so is told to be named `.form.yaml`.
    @Test func helpInAJSONFileIsJSON() {
        let missing = diagnose(
            #"{"form": "A", "elements": [{"boolean": "b"}, {"segment": "s", "options": [{"title": "x"}, "b"]}, {"group": "g", "layout": {}}]}"#,
            path: "t.form.json"
        )
        #expect(missing.flatMap(\.help) == [
            #"add "formc": 1 as the first member"#, #"add "title", the text shown beside the switch"#,
            #"write its value beside its title: {"value": "x", "title": "x"}"#, #"add "elements" with the group's fields"#,
            #"write {"constantHeight": 44}, or "intrinsic""#,
        ], "\(missing.map(\.message))")
        #expect(diagnose("formc: 1\nform: F\n", path: "t.form.json").flatMap(\.help) == [
            #"the file is a YAML form: name it .form.yaml, or write it as a JSON object, {"formc": 1, …}"#,
        ])
    }

    /// The helps that name a key or write an entry write it as JSON in a
    /// `.form.json`: never `'sameAs: password'` or `'options:'` there.
    @Test(arguments: [
        (#"{"textField": "a", "rules": [{"sameAs": "a"}]}"#, #"name the field this one must repeat, e.g. "sameAs": "password""#),
        (#"{"textField": "a", "rules": [{"custom": "check", "debounce": "300ms"}]}"#,
         #"debounce is a whole number of milliseconds from 0 to 10000, without a unit: "debounce": 300"#),
        (#"{"segment": "a", "options": ["x", "y"]}, {"segment": "b", "options": ["x", "y"]}, {"boolean": "c", "title": "C", "visibleWhen": "a == b"}"#,
         #"give both fields one shared option set ("options": "Name" with a top-level "options"), so that they have one enum"#),
        (#"{"segment": "a", "options": ["x", "y"], "enumName": "B"}, {"segment": "b", "options": ["x", "y"]}"#, #"set "enumName" to a unique name"#),
        (#"{"picker": "a", "options": ["x", "y"], "multiple": true}"#, #"a choice of several is a multiChoice: write {"multiChoice": "ID"} in place of its kind key"#),
        (#"{"textField": "a", "type": "tel"}"#, #"a field's kind is its first key ({"textField": "ID"}, {"number": "ID"}); a text's input is set with "keyboard" (email, number, phone…), "secure": true for a password, and "contentType""#),
        (#"{"list": "a", "maxItems": 0, "elements": [{"textField": "b"}]}"#, #"a list with "maxItems": 0 can hold no entry; remove the list, or allow at least one entry"#),
        (#"{"picker": "a", "options": "bad_name"}"#, #"rename it in the "options" of the fields that choose from it too"#),
    ])
    func aKeyInAJSONHelpIsJSON(_ elements: String, help: String) {
        let sets = elements.contains("bad_name") ? #", "options": {"bad_name": ["x", "y"]}"# : ""
        let text = #"{"formc": 1, "form": "A""# + sets + #", "elements": ["# + elements + "]}"
        let helps = diagnose(text, path: "t.form.json").flatMap(\.help)
        #expect(helps.contains(help), "\(helps)")
    }

    @Test func theExamplesAreThere() {
        // The yardstick forms among them: a job application, a checkout, a medical intake.
        #expect(Set(["jobapplication.form.yaml", "checkout.form.yaml", "intake.form.yaml"]).isSubset(of: Self.examples(".form.yaml")))
        #expect(!Self.examples(".form.json").isEmpty)
    }

    @Test(arguments: examples(".form.yaml"))
    func everyErrorOfABrokenYAMLExampleHasHelp(_ example: String) throws {
        Self.expectHelp(in: Self.yamlVariants(of: try Self.text(of: example)), atLeast: 100, path: example)
    }

    @Test(arguments: examples(".form.json"))
    func everyErrorOfABrokenJSONExampleHasHelp(_ example: String) throws {
        Self.expectHelp(in: Self.jsonVariants(of: try Self.text(of: example)), atLeast: 50, path: example)
    }
}
