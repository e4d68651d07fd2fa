// swift-tools-version: 6.1
//
// A Hummingbird 2 server that shares its forms with an app: it decodes a submitted
// form's `Values`, drops the answers the person could not see, validates them with
// the form's generated `static validate` in the request's language, and answers
// `201` or an RFC 9457 problem. Its own package, so that an app depending on
// formc's `FormRuntime` never fetches Hummingbird.
import PackageDescription

let package = Package(
    name: "FormServer",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "formc", path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        // The forms (generated Swift, committed: `make examples` writes it again) and
        // everything the server decides without HTTP: language negotiation, the
        // problem documents, a submission's outcome.
        .target(
            name: "FormServerCore",
            dependencies: [.product(name: "FormRuntime", package: "formc")],
            resources: [.copy("Localizable.xcstrings")]
        ),
        // The HTTP server: routes, limits, and every error as application/problem+json.
        .executableTarget(
            name: "FormServer",
            dependencies: [
                "FormServerCore",
                .product(name: "FormRuntime", package: "formc"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .testTarget(
            name: "FormServerCoreTests",
            dependencies: ["FormServerCore", .product(name: "FormRuntime", package: "formc")]
        ),
    ]
)
