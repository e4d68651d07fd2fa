// swift-tools-version: 6.0
import PackageDescription

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
        .library(name: "FormCompiler", targets: ["FormCompiler"]),
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
        // The compiler: bytes in, tree, diagnostics and Swift out. No file IO, no CLI.
        .target(name: "FormCompiler", dependencies: ["CYAML"]),
        // The platform-neutral runtime that generated code imports.
        .target(name: "FormRuntime"),
        // JSON-RPC 2.0 and LSP's framing and message types; Foundation only.
        .target(name: "LanguageServerProtocol"),
        // `formc lsp`: the open documents and the editor features of FormCompiler's
        // `EditorDocument`, answered over LanguageServerProtocol. No IO but
        // StdioTransport's reads and writes.
        .target(name: "FormLanguageServer", dependencies: ["FormCompiler", "LanguageServerProtocol"]),
        // The few C library calls the CLI needs that Swift's Glibc module lacks (mallopt).
        .target(name: "CFormcSystem"),
        // The command-line shell around FormCompiler.
        .executableTarget(
            name: "formc",
            dependencies: [
                "FormCompiler",
                "CFormcSystem",
                "FormLanguageServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The benchmark of issue 6 (`make bench`): formc against libyaml's raw parse,
        // and `formc strings`, `preview` and `lsp` against `formc build` and `lint`.
        // The benchmark's form, catalogs, language server client, goals and table,
        // apart from the executable so that FormcBenchTests can test them.
        .target(name: "BenchmarkSupport", dependencies: ["FormCompiler", "LanguageServerProtocol"]),
        .executableTarget(
            name: "formc-bench",
            dependencies: [
                "BenchmarkSupport",
                "FormCompiler",
                "LanguageServerProtocol",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .plugin(
            name: "FormcPlugin",
            capability: .buildTool(),
            dependencies: ["formc"]
        ),
        .testTarget(
            name: "FormCompilerTests",
            // FormRuntime too: a test keeps the form keys' vocabulary and the runtime's enums the same.
            dependencies: ["FormCompiler", "FormRuntime"],
            exclude: ["Expected", "Fixtures", "Fuzz"]
        ),
        .testTarget(name: "FormRuntimeTests", dependencies: ["FormRuntime"]),
        .testTarget(name: "LanguageServerProtocolTests", dependencies: ["LanguageServerProtocol"]),
        .testTarget(name: "FormLanguageServerTests", dependencies: ["FormLanguageServer", "FormCompiler", "LanguageServerProtocol"]),
        .testTarget(name: "FormcBenchTests", dependencies: ["BenchmarkSupport", "FormCompiler", "LanguageServerProtocol"]),
        // Runs the real `formc` executable (built by `swift build --build-tests`, which
        // builds every product): exit statuses, formats, files written. It does not
        // depend on the `formc` target, since linking an executable's objects into a
        // test bundle duplicates its symbols.
        .testTarget(name: "FormcCLITests", dependencies: ["FormCompiler"]),
        // A library's forms, made public by the plugin through the target's
        // formc-config.yaml; GeneratedFormTests uses them from another module.
        .target(
            name: "LibraryForms",
            dependencies: ["FormRuntime"],
            path: "Tests/LibraryForms",
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
