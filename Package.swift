// swift-tools-version: 6.1
import PackageDescription

// A module sees the members (extension methods too) only of the modules it
// imports: its imports are its dependencies.
let strictImports: [SwiftSetting] = [.enableUpcomingFeature("MemberImportVisibility")]

let compilerModules = [
    "FormJSON", "FormSource", "FormSyntax", "FormModel", "FormChecker", "FormText", "FormSwiftEmitter",
    "FormLocalization", "FormPreview", "FormReports", "FormEditor", "FormCompiler",
]

let package = Package(
    name: "formc",
    // The language of the forms' own text, for the String Catalog that
    // ShippedCatalogTests ships as a resource (SPEC §11).
    defaultLocalization: "en",
    // Observation (FormValue and field states are Observable) needs macOS 14 / iOS 17,
    // the versions SwiftUI observes it from; Linux has no minimum.
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .executable(name: "formc", targets: ["formc"]),
        .library(name: "FormRuntime", targets: ["FormRuntime"]),
        // The compiler as a library: the pipeline and the stage modules it is made of.
        .library(name: "FormCompiler", targets: compilerModules),
        .plugin(name: "FormcPlugin", targets: ["FormcPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // libyaml, from the system package (apt: libyaml-dev, brew: libyaml).
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),

        // The compiler, one module per stage and side product, lowest first. A module
        // imports only modules above it in this list; what crosses between them is
        // plain values (bytes → SyntaxTree → FormDocument → CheckedForm → Swift), and
        // `package` access for what a user should not call. No file IO, no CLI.

        // JSON values (JSONValue): ordered members, integers and doubles, Codable,
        // parsed from bytes, and written as a file's text, an HTML page's data or a
        // protocol message. The compiler's outputs and the language server share it.
        .target(name: "FormJSON", swiftSettings: strictImports),
        // Source files and positions, diagnostics and their catalog of codes, the
        // compiler's limits, and the concurrency helpers and
        // the thresholds of the paths that only exist for speed (SpeedPaths).
        .target(name: "FormSource", dependencies: ["CFormcSystem"], swiftSettings: strictImports),
        // Read: a form file's bytes, YAML (libyaml) or JSON → SyntaxTree, with
        // FC0xx diagnostics.
        .target(name: "FormSyntax", dependencies: ["FormSource", "FormJSON", "CYAML"], swiftSettings: strictImports),
        // Decode: SyntaxTree → FormDocument, the typed model, checked against the
        // vocabulary of keys; the condition language's syntax and parser; the model
        // as JSON (`formc dump`) and the format's JSON Schema (`formc schema`).
        .target(name: "FormModel", dependencies: ["FormJSON", "FormSource", "FormSyntax"], swiftSettings: strictImports),
        // Check: FormDocument → CheckedForm (symbols, types, conditions, rules,
        // names), with FC1xx–FC5xx diagnostics.
        .target(name: "FormChecker", dependencies: ["FormSource", "FormModel"], swiftSettings: strictImports),
        // The form's human text: a FormDocument's localizable strings and their keys
        // (SPEC §11), and the default messages of rules and display names.
        .target(name: "FormText", dependencies: ["FormSource", "FormModel"], swiftSettings: strictImports),
        // Emit: CheckedForm → Swift source, written as UTF-8.
        .target(name: "FormSwiftEmitter", dependencies: ["FormSource", "FormModel", "FormText"], swiftSettings: strictImports),
        // `formc strings` and `lint --strings`: String Catalogs read (on FormSyntax's
        // JSON reader), merged with a form's strings, written and linted.
        .target(
            name: "FormLocalization",
            dependencies: ["FormSource", "FormSyntax", "FormText"],
            swiftSettings: strictImports
        ),
        // `formc preview`: CheckedForm (and catalogs' translations) → one HTML page.
        .target(
            name: "FormPreview",
            dependencies: ["FormJSON", "FormSource", "FormModel", "FormText", "FormLocalization"],
            swiftSettings: strictImports
        ),
        // Diagnostics → text, Xcode, GitHub, JSON and SARIF reports.
        .target(name: "FormReports", dependencies: ["FormJSON", "FormSource"], swiftSettings: strictImports),
        // The editor features (completion, hover, navigation, outline, quick fixes)
        // of one open form, as pure functions of its read, decoded and checked text.
        .target(
            name: "FormEditor",
            dependencies: ["FormSource", "FormSyntax", "FormModel", "FormChecker", "FormSwiftEmitter"],
            swiftSettings: strictImports
        ),
        // The pipeline: a path and bytes → read → decode → check → emit → diagnostics
        // and Swift, as `formc build` and `lint` run it.
        .target(
            name: "FormCompiler",
            dependencies: ["FormSource", "FormSyntax", "FormModel", "FormChecker", "FormSwiftEmitter"],
            swiftSettings: strictImports
        ),

        // The platform-neutral runtime that generated code imports.
        .target(name: "FormRuntime"),
        // JSON-RPC 2.0 and LSP's framing and message types, on FormJSON's values and Foundation.
        .target(name: "LanguageServerProtocol", dependencies: ["FormJSON"]),
        // `formc lsp`: the open documents and the editor features of FormEditor's
        // `EditorDocument`, answered over LanguageServerProtocol. No IO but
        // StdioTransport's reads and writes.
        .target(
            name: "FormLanguageServer",
            dependencies: ["FormJSON", "FormSource", "FormEditor", "LanguageServerProtocol"],
            swiftSettings: strictImports
        ),
        // The few C library calls that Swift's Glibc module lacks: the allocator's
        // knobs for the CLI, and the CPUs a process may run on for FormSource.
        .target(name: "CFormcSystem"),
        // The command-line shell around the stages: files and folders in, reports,
        // Swift, catalogs and previews out.
        .executableTarget(
            name: "formc",
            dependencies: [
                "FormSource", "FormModel", "FormText", "FormSwiftEmitter", "FormLocalization", "FormPreview",
                "FormReports", "FormCompiler", "FormLanguageServer",
                "CFormcSystem",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictImports
        ),
        // The benchmark (`make bench`): formc against libyaml's raw parse,
        // and `formc strings`, `preview` and `lsp` against `formc build` and `lint`.
        // The benchmark's form, catalogs, language server client, goals and table,
        // apart from the executable so that FormcBenchTests can test them.
        .target(
            name: "BenchmarkSupport",
            dependencies: ["FormJSON", "FormText", "FormLocalization", "LanguageServerProtocol"],
            swiftSettings: strictImports
        ),
        .executableTarget(
            name: "formc-bench",
            dependencies: [
                "BenchmarkSupport",
                "FormJSON", "FormSource", "FormSyntax", "FormModel", "FormText", "FormSwiftEmitter", "FormLocalization", "FormCompiler",
                "LanguageServerProtocol",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictImports
        ),
        .plugin(
            name: "FormcPlugin",
            capability: .buildTool(),
            dependencies: ["formc"]
        ),
        // The stages' tests, each file importing the stages it tests.
        .testTarget(
            name: "FormCompilerTests",
            // FormRuntime too: a test keeps the form keys' vocabulary and the runtime's enums the same.
            dependencies: compilerModules.map { .target(name: $0) } + ["FormRuntime"],
            exclude: ["Expected", "Fixtures", "Fuzz"],
            swiftSettings: strictImports
        ),
        .testTarget(name: "FormJSONTests", dependencies: ["FormJSON"], swiftSettings: strictImports),
        .testTarget(name: "FormRuntimeTests", dependencies: ["FormRuntime"]),
        .testTarget(name: "LanguageServerProtocolTests", dependencies: ["FormJSON", "LanguageServerProtocol"]),
        .testTarget(
            name: "FormLanguageServerTests",
            dependencies: ["FormJSON", "FormSource", "FormLanguageServer", "LanguageServerProtocol"],
            swiftSettings: strictImports
        ),
        .testTarget(
            name: "FormcBenchTests",
            dependencies: [
                "BenchmarkSupport", "FormJSON", "FormSource", "FormSyntax", "FormModel", "FormText", "FormLocalization", "FormCompiler",
                "LanguageServerProtocol",
            ],
            swiftSettings: strictImports
        ),
        // Runs the real `formc` executable (built by `swift build --build-tests`, which
        // builds every product): exit statuses, formats, files written. It does not
        // depend on the `formc` target, since linking an executable's objects into a
        // test bundle duplicates its symbols. It imports none of the compiler's modules.
        .testTarget(name: "FormcCLITests"),
        // A library's forms, made public by the plugin through the target's
        // formc-config.yaml; GeneratedFormTests uses them from another module. Its
        // imports are internal unless marked (Swift 7's default), as a library that
        // adopts it: the generated files' `public import`s must say what their API names.
        .target(
            name: "LibraryForms",
            dependencies: ["FormRuntime"],
            path: "Tests/LibraryForms",
            swiftSettings: [.enableUpcomingFeature("InternalImportsByDefault")],
            plugins: ["FormcPlugin"]
        ),
        // Its Swift comes from FormcPlugin, compiled from the example forms in it.
        .testTarget(
            name: "GeneratedFormTests",
            dependencies: ["FormRuntime", "LibraryForms"],
            plugins: ["FormcPlugin"]
        ),
        // An app target in miniature (README, "Localization"): FormcPlugin compiles
        // its form, and the form's String Catalog, made by `formc strings` and
        // translated into German, ships as a processed resource.
        .testTarget(
            name: "ShippedCatalogTests",
            dependencies: ["FormRuntime"],
            resources: [.process("Resources/Localizable.xcstrings")],
            plugins: ["FormcPlugin"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
