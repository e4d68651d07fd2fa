@testable import FormChecker
@testable import FormCompiler
@testable import FormJSON
@testable import FormModel
@testable import FormPreview
@testable import FormSource
@testable import FormText
import Foundation
import Testing

/// The preview page's data and its embedding (SPEC §13): what the page's script
/// reads, and that no string of a form can leave the JSON it is in.
@Suite struct PreviewTests {
    static let dataStart = #"<script type="application/json" id="formc-data">"#

    func checked(_ text: String) throws -> CheckedForm {
        let result = FormPipeline.check(SourceFile(path: "test.form.yaml", text: text))
        return try #require(result.checked, "\(result.diagnostics.map(\.message))")
    }

    /// Each list finds its checked list in one pass over the form's lists: a form
    /// of 400 lists (far below SPEC §9's element limit) previews in a fraction of
    /// the bound, where a search per list inside a search per list took minutes.
    @Test func manyListsPreviewInTimeLinearInEachList() throws {
        var yaml = "formc: 1\nform: P\nelements:\n"
        for index in 0..<400 { yaml += "  - list: list\(index)x\n    elements:\n      - textField: a\n" }
        let form = try checked(yaml)
        let clock = ContinuousClock()
        let start = clock.now
        let page = PreviewPage.html(for: form)
        #expect(clock.now - start < .seconds(10))
        #expect(page.contains("list399x"))
    }

    /// The JSON text embedded in a page, and its value.
    func data(in page: String) throws -> (text: String, value: [String: Any]) {
        let start = try #require(page.range(of: Self.dataStart)).upperBound
        let end = try #require(page.range(of: "</script>", range: start..<page.endIndex)).lowerBound
        let text = String(page[start..<end])
        let value = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        return (text, try #require(value))
    }

    func elements(_ data: [String: Any]) throws -> [[String: Any]] {
        try #require(data["elements"] as? [[String: Any]])
    }

    static let hostile = "</script><script>alert(1)</script> <!-- <img src=x onerror=alert(2)> & \u{2028}\u{2029} \u{202E}\u{200B} \"quoted\" 'single'"

    @Test func noStringOfTheFormCanCloseTheScriptOrOpenMarkup() throws {
        let yaml = """
            formc: 1
            form: HostileForm
            title: \(jsonQuoted(Self.hostile))
            elements:
              - staticText: \(jsonQuoted("</SCRIPT >" + Self.hostile))
              - textField: name
                label: \(jsonQuoted(Self.hostile))
                rules:
                  - pattern: '</script><!--'
                    message: \(jsonQuoted(Self.hostile))

            """
        let page = PreviewPage.html(for: try checked(yaml))
        let (text, value) = try data(in: page)
        for forbidden in ["<", ">", "&", "\u{2028}", "\u{2029}"] {
            #expect(!text.contains(forbidden), "the data holds \(forbidden.debugDescription)")
        }
        // Each string comes back whole when the page's JSON is parsed.
        #expect(value["title"] as? String == Self.hostile)
        let parsed = try elements(value)
        #expect(parsed[0]["text"] as? String == "</SCRIPT >" + Self.hostile)
        #expect(parsed[1]["label"] as? String == Self.hostile)
        let rule = try #require((parsed[1]["rules"] as? [[String: Any]])?.first)
        #expect(rule["message"] as? String == Self.hostile)
        #expect(rule["value"] as? String == "</script><!--")
        // The page has its two script elements and no other; the title is text.
        #expect(page.lowercased().components(separatedBy: "<script").count - 1 == 2)
        #expect(page.lowercased().components(separatedBy: "</script").count - 1 == 2)
        #expect(page.contains("<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &lt;!-- &lt;img src=x onerror=alert(2)&gt; &amp; "))
    }

    @Test func scriptDataEscapesMarkupInsideStrings() {
        let value = JSONValue.object([("text", .string("</script><!--a&b>\u{2028}\u{2029}"))])
        #expect(PreviewPage.scriptData(value) == #"{"text":"\u003C/script\u003E\u003C!--a\u0026b\u003E\u2028\u2029"}"# + "\n")
    }

    /// The page's data is compact; the reports keep their indented text. Both escape alike.
    @Test func scriptDataIsCompactAndMeansWhatTheIndentedTextMeans() throws {
        let value = JSONValue.object([
            ("a", .array([.integer(-1), .bool(true), .null, .array([]), .object([])])),
            ("b", .object([("c", .string("q\"\\\u{01}\u{7F}\té<"))])),
        ])
        let compact = PreviewPage.scriptData(value)
        #expect(compact == #"{"a":[-1,true,null,[],{}],"b":{"c":"q\"\\\u0001\u007F\té\u003C"}}"# + "\n")
        #expect(value.rendered() == """
            {
              "a": [
                -1,
                true,
                null,
                [],
                {}
              ],
              "b": {
                "c": "q\\"\\\\\\u0001\\u007F\\té<"
              }
            }

            """)
        let fromCompact = try JSONSerialization.jsonObject(with: Data(compact.utf8)) as? NSDictionary
        let fromIndented = try JSONSerialization.jsonObject(with: Data(value.rendered().utf8)) as? NSDictionary
        #expect(fromCompact != nil && fromCompact == fromIndented)
    }

    @Test func messagesAreTheOnesTheGeneratedSwiftCarries() throws {
        let page = PreviewPage.html(for: try checked("""
            formc: 1
            form: SignUpForm
            validateOn: change
            elements:
              - textField: email
                placeholder: you@example.com
                validateOn: blur
                rules: [required, email]
              - floatLabel: password
                label: Password
                rules: [{ minLength: 1 }, { maxLength: 8, message: Short please }, { pattern: 'a+' }, url]
              - textField: confirm
                placeholder: Repeat it
                rules: [{ sameAs: password }, { custom: checkIt }, { custom: checkAgain, message: Nope }]
              - segment: plan
                options: [free, pro]
                rules: [required]

            """))
        let fields = try elements(try data(in: page).value)
        func messages(_ field: [String: Any]) -> [String?] {
            (field["rules"] as? [[String: Any]] ?? []).map { $0["message"] as? String }
        }
        #expect(fields.map { $0["name"] as? String } == ["Email", "Password", "Repeat it", "Plan"])
        #expect(fields.map { $0["trigger"] as? String } == ["blur", "change", "change", "change"])
        #expect(messages(fields[0]) == ["Email is required", "Email must be a valid email address"])
        #expect(messages(fields[1]) == [
            "Password must be at least 1 character", "Short please", "Password is not in the expected format",
            "Password must be a valid http or https URL",
        ])
        #expect(messages(fields[2]) == ["Repeat it must match Password", nil, "Nope"])
        #expect(messages(fields[3]) == ["Plan is required"])
        // The same function as the Swift emitter's, not a copy of its wording.
        #expect(DefaultMessages.message(for: .minLength(1), fieldName: "Password") == "Password must be at least 1 character")
        #expect(fields[3]["default"] is NSNull)
        let options = try #require(fields[3]["options"] as? [[String: Any]])
        #expect(options.map { $0["value"] as? String } == ["free", "pro"])
    }

    /// The §10 kinds' values and bounds are text, never floating point, and bounds are typed for the field.
    @Test func fieldKindsCarryExactValuesAndTypedBounds() throws {
        let yaml = """
            formc: 1
            form: KindsForm
            elements:
              - number: weight
                title: Weight
                unit: kg
                decimals: 2
                default: 2.5
                style: stepper
                rules: [{ min: 0.30 }, { max: 99.99 }]
              - number: count
              - date: birthday
                rules: [{ max: today-18y }, { min: "1900-01-01" }]
              - date: alarm
                mode: time
                default: "07:30"
                rules: [{ min: "06:00" }]
              - date: meeting
                mode: dateTime
                default: "2026-03-10T13:00:00+01:00"
                rules: [{ max: "2026-03-20T12:00:00-04:00" }]
              - picker: size
                options: [s, m]
                style: inline
              - multiChoice: toppings
                options: [a, b, c]
                default: [c, a]
                style: chips
                rules: [{ minCount: 1 }]

            """
        let parsed = try elements(try data(in: PreviewPage.html(for: try checked(yaml))).value)
        func rules(_ index: Int) throws -> [[String: Any]] { try #require(parsed[index]["rules"] as? [[String: Any]]) }
        #expect(parsed[0]["decimals"] as? Int == 2)
        #expect(parsed[0]["step"] as? String == "0.01")
        #expect(parsed[0]["default"] as? String == "2.5")
        #expect(parsed[0]["style"] as? String == "stepper")
        #expect(parsed[0]["unit"] as? String == "kg")
        let weight = try rules(0)
        #expect(weight[0]["value"] as? String == "0.30")
        #expect(weight[0]["bound"] as? [String: String] == ["type": "number", "value": "0.30"])
        #expect(weight[0]["message"] as? String == "Weight must be at least 0.30")
        #expect(parsed[1]["step"] as? String == "1" && parsed[1]["default"] is NSNull && parsed[1]["style"] as? String == "field")
        let birthday = try rules(2)
        #expect(birthday[0]["bound"] as? NSDictionary == ["type": "today", "amount": -18, "unit": "y"])
        #expect(birthday[1]["bound"] as? [String: String] == ["type": "date", "value": "1900-01-01"])
        #expect(parsed[2]["mode"] as? String == "date" && parsed[2]["default"] is NSNull && parsed[2]["style"] as? String == "compact")
        #expect(parsed[3]["default"] as? String == "07:30")
        #expect(try rules(3)[0]["bound"] as? [String: String] == ["type": "time", "value": "06:00"])
        // Instants are UTC text whatever offset the form wrote.
        #expect(parsed[4]["default"] as? String == "2026-03-10T12:00:00Z")
        #expect(try rules(4)[0]["bound"] as? [String: String] == ["type": "dateTime", "value": "2026-03-20T16:00:00Z"])
        #expect(parsed[5]["kind"] as? String == "picker" && parsed[5]["style"] as? String == "inline" && parsed[5]["default"] is NSNull)
        #expect((parsed[5]["options"] as? [[String: String]])?.map { $0["value"] } == ["s", "m"])
        #expect(parsed[6]["default"] as? [String] == ["a", "c"])  // option order
        #expect(parsed[6]["style"] as? String == "chips")
        #expect(try rules(6)[0]["value"] as? Int == 1)
    }

    @Test func conditionsAreTypedTrees() throws {
        let page = PreviewPage.html(for: try checked("""
            formc: 1
            form: ConditionForm
            elements:
              - boolean: on
                title: On
              - segment: plan
                options: [free, pro]
                default: free
              - textField: note
              - group: more
                visibleWhen: not on and (plan == 'pro' or isEmpty(note))
                enabledWhen: note != 'x'
                elements:
                  - staticText: Inside

            """))
        let group = try elements(try data(in: page).value)[3]
        let visible = try JSONSerialization.data(withJSONObject: try #require(group["visibleWhen"]), options: [.sortedKeys])
        #expect(String(decoding: visible, as: UTF8.self) == #"{"op":"and","operands":[{"op":"not","operand":{"field":"on","op":"boolField"}},{"op":"or","operands":[{"field":"plan","op":"segmentEquals","value":"pro"},{"field":"note","op":"isEmpty"}]}]}"#)
        let enabled = try JSONSerialization.data(withJSONObject: try #require(group["enabledWhen"]), options: [.sortedKeys])
        #expect(String(decoding: enabled, as: UTF8.self) == #"{"op":"not","operand":{"field":"note","op":"textEquals","value":"x"}}"#)
        #expect((group["elements"] as? [[String: Any]])?.first?["kind"] as? String == "staticText")
    }

    @Test func theSameFormGivesTheSameBytes() throws {
        let text = try String(contentsOf: URL(filePath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appending(path: "schemas/settings.form.yaml"), encoding: .utf8)
        #expect(PreviewPage.html(for: try checked(text)) == PreviewPage.html(for: try checked(text)))
    }

    @Test func sha256KnownAnswers() {
        func hex(_ text: String) -> String {
            SHA256.digest(Array(text.utf8)).map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
        }
        #expect(hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(hex(String(repeating: "a", count: 1_000)) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
        #expect(SHA256.base64(SHA256.digest(Array("abc".utf8))) == "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=")
        #expect(SHA256.base64([0xFF]) == "/w==" && SHA256.base64([0xFF, 0xFE]) == "//4=")
    }

    @Test func thePolicyAllowsExactlyTheEmbeddedScriptAndStyle() throws {
        let page = PreviewPage.html(for: try checked("formc: 1\nform: OneForm\nelements:\n  - staticText: Hi\n"))
        #expect(page.contains("<script>" + PreviewAssets.script + "</script>"))
        #expect(page.contains("<style>" + PreviewAssets.style + "</style>"))
        let policy = "default-src 'none'; script-src '\(PreviewPage.hashSource(PreviewAssets.script))'; style-src '\(PreviewPage.hashSource(PreviewAssets.style))'; base-uri 'none'; form-action 'none'"
        #expect(page.contains(#"<meta http-equiv="Content-Security-Policy" content=""# + policy + #"">"#))
        // The fixed text never holds what would end its element early.
        #expect(!PreviewAssets.script.lowercased().contains("</script"))
        #expect(!PreviewAssets.style.lowercased().contains("</style"))
    }

    @Test func theIndexEscapesTitlesAndEncodesFileNames() {
        let index = PreviewPage.index([
            .init(title: "<b>Sign & up</b>", form: "SignUpForm", file: "sign up#1?.html"),
            .init(title: "Other", form: "OtherForm", file: "other.html"),
        ])
        #expect(index.contains(#"<li><a href="sign%20up%231%3F.html">&lt;b&gt;Sign &amp; up&lt;/b&gt;</a> <span class="type">SignUpForm</span></li>"#))
        #expect(index.contains(#"<li><a href="other.html">Other</a>"#))
        #expect(index.contains("style-src '\(PreviewPage.hashSource(PreviewAssets.indexStyle))'"))
        #expect(!index.contains("<script"))
    }

    /// Patterns in the whitelist, and the JavaScript they become.
    @Test(arguments: [
        ("[0-9]{5}", "[0-9]{5}"),
        ("^[A-Z]{2}-[0-9]{3}$", "[A-Z]{2}-[0-9]{3}"),
        (".*[0-9].*", #"[^\n\v\f\r\u0085\u2028\u2029]*[0-9][^\n\v\f\r\u0085\u2028\u2029]*"#),
        ("(ab|cd)+?x{2,}y{1,3}z?", "(?:ab|cd)+?x{2,}y{1,3}z?"),
        ("(?:a)|b", "(?:a)|b"),
        (#"a\.b\$c\\d\/e"#, #"a\.b\$c\\d/e"#),
        (#"[^a-z_\-\]]"#, #"[^a-z_\-\]]"#),
        ("</script><!--", "</script><!--"),
        (#"\$"#, #"\$"#),
        ("a b-c", "a b-c"),
        (#"a\\$"#, #"a\\"#),
        (#"a\$"#, #"a\$"#),
        ("^$", ""),
    ])
    func patternsThePreviewRuns(pattern: String, javaScript: String) throws {
        #expect(PreviewPattern.javaScriptSource(for: pattern) == javaScript)
        #expect(PatternValidator.compileError(pattern) == nil, "the test's pattern is a valid Swift Regex")
    }

    /// Patterns whose meaning in JavaScript differs or was not checked: shown as hints.
    @Test(arguments: [
        #"\d+"#, #"\w"#, #"\s"#, #"\D"#, #"\bword"#, "é", "(?i)abc", "a*+", "a{2}{3}", "(?=a)a", #"(a)\1"#,
        "[[:alpha:]]", "[a-z&&b]", "[a--b]", "[a-]", "[-a]", "[]", "[z-a]", "a^b", "a$b", "{1}", "a{,3}", "(?<name>a)",
        "a{3,2}", "(", ")", "[", "\\", #"\p{L}"#, "\u{00A0}", "a{12345}",
        // POSIX classes: Swift reads `[:digit:]` as the digits, JavaScript as a set of letters.
        "[:digit:]+", "[:alpha:]", "[^:digit:]", "[=a=]", "[.a.]",
    ])
    func patternsThePreviewLeavesAsHints(pattern: String) {
        #expect(PreviewPattern.javaScriptSource(for: pattern) == nil)
    }

    @Test func aPatternOutsideTheWhitelistHasNoJavaScriptInTheData() throws {
        let page = PreviewPage.html(for: try checked("""
            formc: 1
            form: PatternForm
            elements:
              - textField: code
                rules: [{ pattern: '\\d+' }, { pattern: '[0-9]+' }]

            """))
        let rules = try #require(try elements(try data(in: page).value)[0]["rules"] as? [[String: Any]])
        #expect(rules[0]["javaScript"] == nil && rules[0]["value"] as? String == #"\d+"#)
        #expect(rules[1]["javaScript"] as? String == "[0-9]+")
    }

    private func jsonQuoted(_ text: String) -> String {
        JSONValue.quoted(text)
    }
}

/// Tests/Scenarios/patterns.json: the translation of each pattern, and Swift's
/// `Regex` on each value; the browser test checks JavaScript on the same values.
@Suite struct PreviewPatternCasesTests {
    struct Case: Decodable, CustomTestStringConvertible {
        var pattern: String
        var javaScript: String
        var matches: [String: Bool]
        var testDescription: String { pattern }
    }

    static let cases: [Case] = {
        let file = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "Scenarios/patterns.json")
        struct File: Decodable { var cases: [Case] }
        guard let data = try? Data(contentsOf: file), let decoded = try? JSONDecoder().decode(File.self, from: data) else {
            return []
        }
        return decoded.cases
    }()

    @Test func theFileHasCases() {
        #expect(Self.cases.count >= 10)
    }

    @Test(arguments: cases)
    func swiftAgrees(_ example: Case) throws {
        #expect(PreviewPattern.javaScriptSource(for: example.pattern) == example.javaScript)
        let regex = try Regex(example.pattern)
        for (value, expected) in example.matches.sorted(by: { $0.key < $1.key }) {
            #expect(value.allSatisfy { $0.unicodeScalars.count == 1 }, "\(value.debugDescription) has a multi-scalar Character")
            #expect(((try? regex.wholeMatch(in: value)) != nil) == expected, "\(example.pattern) on \(value.debugDescription)")
        }
    }
}
