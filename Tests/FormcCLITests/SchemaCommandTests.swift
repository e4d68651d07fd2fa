import Foundation
import Testing

/// `formc schema` (SPEC §12): the JSON Schema on standard output, byte-equal to
/// the `schemas/formc.schema.json` the package ships.
@Suite struct SchemaCommandTests {
    @Test func printsTheCommittedSchema() throws {
        let scratch = try Scratch()
        let run = try scratch.run("schema")
        #expect(run.status == 0)
        #expect(run.stderr == "")
        let committed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("schemas/formc.schema.json")
        #expect(run.stdout == (try String(contentsOf: committed, encoding: .utf8)), "regenerate: formc schema > schemas/formc.schema.json")
        #expect(run.stdout.hasPrefix("{\n  \"$defs\": {"))
    }

    @Test func helpSaysHowAFormOptsIn() throws {
        let run = try Scratch().run("schema", "--help")
        #expect(run.status == 0)
        #expect(run.stdout.contains("# yaml-language-server: $schema="))
    }

    @Test func anArgumentIsAUsageError() throws {
        #expect(try Scratch().run("schema", "signup.form.yaml").status == 64)
    }
}
