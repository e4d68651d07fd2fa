import Testing
@testable import FormCompiler

@Test func generatedHeaderPathsAreNeverAbsolute() {
    #expect(FormPipeline.portablePath("/work/app/forms/a.form.yaml", relativeTo: "/work/app") == "forms/a.form.yaml")
    #expect(FormPipeline.portablePath("forms/a.form.yaml", relativeTo: "/anywhere") == "forms/a.form.yaml")
    #expect(FormPipeline.portablePath("/ci/checkout/Sources/App/Forms/a.form.yaml", relativeTo: "/tmp/build")
        == "Sources/App/Forms/a.form.yaml")
    #expect(FormPipeline.portablePath("/elsewhere/a.form.yaml", relativeTo: "/work/app") == "a.form.yaml")
    // A sibling folder that shares a prefix is not inside the base.
    #expect(FormPipeline.portablePath("/work/application/a.form.yaml", relativeTo: "/work/app") == "a.form.yaml")
}

@Test func buildUsesTheHeaderPathItIsGiven() throws {
    let source = SourceFile(path: "/abs/path/x.form.yaml", text: form("  - staticText: hi\n"))
    let result = FormPipeline.build(source, headerPath: "x.form.yaml")
    let swift = try #require(result.swiftSource)
    #expect(!swift.contains("/abs/path"))
}

@Test func fileLargerThanTheLimitIsFC004AtTheStart() {
    var limits = CompilerLimits()
    limits.maxFileSize = 10
    let result = FormPipeline.check(SourceFile(path: "big.form.yaml", text: form("  - staticText: hi\n")), limits: limits)
    #expect(positions(result.diagnostics) == ["1:1 FC004"])
}
