import Foundation
@testable import FormCompiler
import FormModel
import FormSource
import Testing

/// `ModuleTypeNames` says which types a form's Swift declares at the module's top
/// level without emitting it (`formc build` compares forms with it, those with
/// errors too). Its answer must be what the emitter writes: checked here against
/// the generated Swift of forms with and without `custom` rules, on the form and
/// only in a list's entry.
@Suite struct ModuleTypeNamesTests {
    static let forms = EmitSchemas.names.map { "schemas/" + $0 } + [
        "Tests/GeneratedFormTests/Forms/lists/entry-custom.form.yaml",
        "Tests/GeneratedFormTests/Forms/names/edge-names.form.yaml",
        "Tests/GeneratedFormTests/Forms/lists/list-only.form.yaml",
    ]

    /// The names declared at column 0 of generated Swift: `final class X`, `protocol Y`…
    static func topLevelTypes(in swift: String) -> Set<String> {
        var names: Set<String> = []
        for line in swift.split(separator: "\n") where line.first?.isLetter == true {
            let words = line.split(separator: " ").filter { !["public", "package", "internal", "final"].contains($0) }
            if words.count >= 2, ["class", "protocol", "struct", "enum", "actor", "extension"].contains(words[0]) {
                names.insert(String(words[1].prefix { $0.isLetter || $0.isNumber }))
            }
        }
        return names
    }

    @Test(arguments: forms)
    func theNamesAreThoseTheEmitterDeclares(_ path: String) throws {
        let bytes = try #require(RepositoryPaths.read(RepositoryPaths.root + "/" + path))
        let file = SourceFile(path: path, bytes: bytes)
        let swift = try #require(FormPipeline.build(file).swiftSource)
        let document = try #require(FormPipeline.check(file).document)
        let names = try #require(ModuleTypeNames(document, file: path)).names
        #expect(Set(names) == Self.topLevelTypes(in: swift), "\(path)")
        #expect(names.first == document.name.value)
    }
}
