import ArgumentParser
import FormModel

/// `formc schema`: the JSON Schema of the form format (SPEC §12), the same bytes
/// as the package's `schemas/formc.schema.json`.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema (draft 2020-12) of the form format.",
        discussion: """
        Editors use it to check and complete form files. A YAML form opts in with the \
        first line `# yaml-language-server: $schema=<path or URL of formc.schema.json>`. \
        `formc schema > schemas/formc.schema.json` regenerates the copy the package ships.
        """
    )

    func run() throws {
        Output.write(FormJSONSchema.text(), to: .standardOutput)
    }
}
