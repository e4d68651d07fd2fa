import Testing
@testable import FormCompiler

/// `formc dump` of every example form, compared with its committed JSON.
@Test(arguments: ["signup.form.yaml", "settings.form.yaml", "payment.form.yaml", "feedback.form.json"])
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
