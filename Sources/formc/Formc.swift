import ArgumentParser
import FormCompiler

@main
struct Formc: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "formc",
        abstract: "Compile declarative forms (YAML or JSON) into Swift.",
        version: "0.1.0"
    )
}
