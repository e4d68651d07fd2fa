@testable import FormChecker
@testable import FormCompiler
@testable import FormLocalization
@testable import FormModel
@testable import FormPreview
@testable import FormSource
@testable import FormSwiftEmitter
@testable import FormSyntax
@testable import FormText
import Foundation
import Testing

/// The generated file imports Foundation exactly when it writes one of
/// Foundation's types, which FormRuntime does not re-export; checked on every
/// reference form, fixture and form of the compile matrix (each kind on its
/// own). The types it writes are those the translator names
/// (`FormTranslator.foundationTypes`), which the checker keeps off the form's
/// own type names (FC204).
@Suite struct ImportTests {
    /// Foundation's types that Swift code commonly names, spelled out here rather
    /// than read from the emitter: a file that writes any of them needs the import.
    static let foundationTypes: Set<String> = [
        "Bundle", "Calendar", "CharacterSet", "Data", "Date", "DateComponents", "DateFormatter", "Decimal",
        "ISO8601DateFormatter", "JSONDecoder", "JSONEncoder", "Locale", "NSDecimalNumber", "NSRegularExpression",
        "NumberFormatter", "ProcessInfo", "TimeZone", "URL", "UUID",
    ]

    /// The modules of the `import X` lines (`public import X` too), each once, in
    /// order (a `package` form names its API's modules in both branches of an `#if`).
    static func imports(in source: String) -> [String] {
        var modules: [String] = []
        for line in source.split(separator: "\n") {
            guard let module = ["import ", "public import ", "package import "].first(where: { line.hasPrefix($0) }).map({ String(line.dropFirst($0.count)) }),
                  !modules.contains(module) else { continue }
            modules.append(module)
        }
        return modules
    }

    @Test func theFileImportsFoundationExactlyWhenItWritesOneOfItsTypes() throws {
        let sources = RuntimeAliasTests.sources
        #expect(sources.count > 100)
        var writers = 0
        for (name, source) in sources {
            let written = try RuntimeAliasTests.runtimeNames(in: source, runtime: Self.foundationTypes).written
            let expected = written.isEmpty ? ["FormRuntime"] : ["Foundation", "FormRuntime"]
            #expect(Self.imports(in: source) == expected, "\(name) writes \(written.sorted())")
            #expect(written.isSubset(of: GeneratedTypeNames.foundation), "\(name) writes \(written.sorted())")
            if !written.isEmpty { writers += 1 }
        }
        // Both kinds of file are among them.
        #expect(writers > 0 && writers < sources.count)
    }

    /// An `Int` field's element still has `Decimal` bounds and step (the runtime's
    /// number elements work in one number type), so the file imports Foundation
    /// for them; an `Int` field without them writes no Foundation type.
    @Test func anIntFieldImportsFoundationForItsElementsDecimals() throws {
        func build(_ keys: String) throws -> String {
            let yaml = "formc: 1\nform: AgeForm\nelements:\n  - number: age\n" + keys
            return try #require(FormPipeline.build(SourceFile(path: "age.form.yaml", bytes: Array(yaml.utf8))).swiftSource)
        }
        #expect(try Self.imports(in: build("")) == ["FormRuntime"])
        for keys in ["    step: 2\n", "    rules: [{ min: 1 }]\n", "    rules: [{ max: 9 }]\n", "    style: slider\n    rules: [{ min: 1 }, { max: 9 }]\n"] {
            let source = try build(keys)
            #expect(Self.imports(in: source) == ["Foundation", "FormRuntime"], "\(keys)")
            #expect(source.contains("Decimal(sign: .plus"), "\(keys)")
        }
    }

    /// A public or package form's API names FormRuntime's types, and Foundation's
    /// where a field's value is a `Decimal` or a `Date`: those imports carry its
    /// access (`public import`), as a module whose imports are internal by default
    /// needs. Foundation written only inside bodies (an `Int` field's element's
    /// bounds) keeps a plain import, since an unused `public import` warns. A
    /// `package import` is written only where imports are internal by default:
    /// elsewhere a plain import is public, and Swift rejects a module that imports
    /// one module both ways (the app's own files import plainly).
    @Test(arguments: [EmitOptions.AccessLevel.public, .package])
    func importsTheModulesItsAPINamesWithItsAccess(_ accessLevel: EmitOptions.AccessLevel) throws {
        func lines(_ elements: String) throws -> [String] {
            let yaml = "formc: 1\nform: AgeForm\nelements:\n" + elements
            let result = FormPipeline.build(SourceFile(path: "age.form.yaml", bytes: Array(yaml.utf8)), options: EmitOptions(accessLevel: accessLevel))
            let source = try #require(result.swiftSource)
            return source.split(separator: "\n").filter { $0.hasPrefix("#") || $0.hasSuffix("import Foundation") || $0.hasSuffix("import FormRuntime") }.map(String.init)
        }
        let name = "  - textField: name\n", age = "  - number: age\n    rules: [{ min: 1 }]\n", price = "  - number: price\n    decimals: 2\n"
        let visits = "  - list: visits\n    elements:\n      - date: at\n        mode: dateTime\n"
        if accessLevel == .public {
            #expect(try lines(name) == ["public import FormRuntime"])
            #expect(try lines(age) == ["import Foundation", "public import FormRuntime"])
            #expect(try lines(price) == ["public import Foundation", "public import FormRuntime"])
            #expect(try lines(visits) == ["public import Foundation", "public import FormRuntime"])
        } else {
            let condition = "#if hasFeature(InternalImportsByDefault)"
            #expect(try lines(name) == [condition, "package import FormRuntime", "#else", "import FormRuntime", "#endif"])
            #expect(try lines(age) == ["import Foundation", condition, "package import FormRuntime", "#else", "import FormRuntime", "#endif"])
            let both = [condition, "package import Foundation", "package import FormRuntime", "#else", "import Foundation", "import FormRuntime", "#endif"]
            #expect(try lines(price) == both)
            #expect(try lines(visits) == both)
        }
        let internalForm = FormPipeline.build(SourceFile(path: "age.form.yaml", bytes: Array("formc: 1\nform: AgeForm\nelements:\n  - number: price\n    decimals: 2\n".utf8)))
        #expect(Self.imports(in: try #require(internalForm.swiftSource)) == ["Foundation", "FormRuntime"])
    }
}
