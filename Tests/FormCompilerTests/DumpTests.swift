@testable import FormCompiler
@testable import FormModel
@testable import FormSource
import Testing

/// `formc dump` of every example form, compared with its committed JSON.
@Test(arguments: ["signup.form.yaml", "settings.form.yaml", "payment.form.yaml", "feedback.form.json", "booking.form.yaml", "jobapplication.form.yaml", "intake.form.yaml"])
func dumpOfExampleForm(_ name: String) throws {
    let bytes = try #require(RepositoryPaths.read(RepositoryPaths.schemas + "/" + name))
    let result = FormPipeline.check(SourceFile(path: "schemas/" + name, bytes: bytes))
    let document = try #require(result.document)
    expectGolden(TreeDump.json(for: document, path: "schemas/" + name), "dump/\(name).json")
}

@Test func dumpNamesEveryDecodedKeyAndPosition() throws {
    let result = FormPipeline.check(SourceFile(path: "t.form.yaml", text: form("""
          - segment: plan
            title: Plan
            options: [free, { value: pro-plan, title: Pro }]
            default: free
            rules: [required]
        """)))
    let json = TreeDump.json(for: try #require(result.document), path: "t.form.yaml")
    #expect(json.contains("\"kind\": \"segment\""))
    #expect(json.contains("\"line\": 4"))
    #expect(json.contains("\"column\": 5"))
    #expect(json.contains("\"case\": \"proPlan\""))
    #expect(json.contains("\"enumName\": \"Plan\""))
    #expect(json.contains("\"rule\": \"required\""))
}

/// The keys of SPEC §10's kinds: a number's decimals, default and step as exact
/// values (fractions as text), a date's mode, a picker's and multiChoice's options.
@Test func dumpNamesTheKeysOfTheNewKinds() throws {
    let result = FormPipeline.check(SourceFile(path: "t.form.yaml", text: form("""
          - number: price
            decimals: 2
            default: 2.50
            step: 0.25
            unit: EUR
            style: slider
            rules: [{min: 0}, {max: 99.99}]
          - date: at
            mode: dateTime
            default: 2026-01-31T10:30:00+01:00
            style: wheel
          - picker: size
            options: [s, m]
            style: wheel
          - multiChoice: toppings
            options: [extra-cheese, ham]
            default: [ham]
            rules: [{minCount: 2}]
        """)))
    #expect(result.diagnostics.map(\.message) == [])
    let json = TreeDump.json(for: try #require(result.document), path: "t.form.yaml")
    for fragment in [
        #""decimals": 2"#, #""default": "2.50""#, #""step": "0.25""#, #""unit": "EUR""#, #""style": "slider""#,
        #""value": "99.99""#, #""mode": "dateTime""#, #""default": "2026-01-31T09:30:00Z""#, #""style": "wheel""#,
        #""kind": "picker""#, #""enumName": "Size""#, #""case": "extraCheese""#, "\"default\": [\n        \"ham\"\n      ]",
        #""rule": "minCount""#, #""value": 2"#,
    ] {
        #expect(json.contains(fragment), "\(fragment) in \(json)")
    }
}

@Test func caseNamesFollowTheSpec() {
    #expect(SwiftNaming.caseName(forOptionValue: "pro-plan") == "proPlan")
    #expect(SwiftNaming.caseName(forOptionValue: "2fa") == "_2fa")
    #expect(SwiftNaming.caseName(forOptionValue: "EUR") == "eur")
    #expect(SwiftNaming.caseName(forOptionValue: "URLPath") == "urlPath")
    #expect(SwiftNaming.caseName(forOptionValue: "default") == "`default`")
    #expect(SwiftNaming.caseName(forOptionValue: "free") == "free")
    #expect(SwiftNaming.caseName(forOptionValue: "plan2x") == "plan2x")
    #expect(SwiftNaming.caseName(forOptionValue: "self") == "`self`")
    #expect(SwiftNaming.caseName(forOptionValue: "!!") == "_")
    #expect(SwiftNaming.words(fromIdentifier: "confirmPassword") == "Confirm password")
    #expect(SwiftNaming.words(fromIdentifier: "zipCode2") == "Zip code 2")
}
