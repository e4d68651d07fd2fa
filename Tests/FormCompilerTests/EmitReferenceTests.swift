@testable import FormCompiler
@testable import FormSource
@testable import FormSwiftEmitter
import Foundation
import Testing

/// Reference tests: every form in `schemas/` compiled through the whole pipeline
/// and compared with `Expected/swift/<name>.swift` (`FORMC_RECORD=1` re-records).
/// The same forms are compiled by FormcPlugin into GeneratedFormTests and exercised
/// there.
enum EmitSchemas {
    static let suffixes = [".form.yaml", ".form.yml", ".form.json"]

    /// `signup.form.yaml`, … in sorted order.
    static var names: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.schemas)) ?? []
        return names.filter { name in suffixes.contains { name.hasSuffix($0) } }.sorted()
    }

    /// `signup` for `signup.form.yaml`.
    static func stem(_ name: String) -> String {
        for suffix in suffixes where name.hasSuffix(suffix) { return String(name.dropLast(suffix.count)) }
        return name
    }

    /// The form compiled as `formc build schemas/<name>` would, or a recorded issue.
    static func build(_ name: String, options: EmitOptions = EmitOptions(), sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String? {
        guard let bytes = RepositoryPaths.read(RepositoryPaths.schemas + "/" + name) else {
            Issue.record("cannot read schemas/\(name)", sourceLocation: sourceLocation)
            return nil
        }
        let result = FormPipeline.build(SourceFile(path: "schemas/" + name, bytes: bytes), options: options)
        guard let source = result.swiftSource else {
            let messages = result.diagnostics.map { "\($0.code): \($0.message)" }.joined(separator: "\n")
            Issue.record("schemas/\(name) did not compile:\n\(messages)", sourceLocation: sourceLocation)
            return nil
        }
        return source
    }
}

@Test func emitReferenceSchemasExist() {
    #expect(EmitSchemas.names.count >= 4)
}

@Test(arguments: EmitSchemas.names)
func emitReferenceMatchesExpectedSwift(_ name: String) {
    guard let source = EmitSchemas.build(name) else { return }
    expectGolden(source, "swift/" + EmitSchemas.stem(name) + ".swift")
}

@Test(arguments: EmitSchemas.names)
func emitIsDeterministic(_ name: String) {
    for level in EmitOptions.AccessLevel.allCases {
        let options = EmitOptions(accessLevel: level)
        let first = EmitSchemas.build(name, options: options)
        let second = EmitSchemas.build(name, options: options)
        #expect(first != nil)
        #expect(first.map { Array($0.utf8) } == second.map { Array($0.utf8) })
    }
}

/// The plugin compiles each schema from a link in GeneratedFormTests; a schema
/// without one would go untested there, and a link must point at the schema.
@Test(arguments: EmitSchemas.names)
func emitGeneratedFormTestsLinkEverySchema(_ name: String) throws {
    let link = RepositoryPaths.root + "/Tests/GeneratedFormTests/Forms/schemas/" + name
    let linked = FileManager.default.contents(atPath: link)
    #expect(linked != nil, "Tests/GeneratedFormTests/Forms/schemas/\(name) is missing: ln -s ../../../../schemas/\(name)")
    #expect(linked == FileManager.default.contents(atPath: RepositoryPaths.schemas + "/" + name))
}
