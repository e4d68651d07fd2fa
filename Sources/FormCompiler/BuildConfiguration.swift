import FormModel
import FormSource
import FormSwiftEmitter
import FormSyntax

/// A target's options for its forms, from a `formc-config.yaml` (or `.yml`,
/// `.json`) beside them: what `formc build --config FILE` reads and the build
/// plugin passes, as swift-openapi-generator's targets choose theirs. A key
/// given on the command line wins over the file.
///
/// ```yaml
/// accessLevel: public   # internal (default), package or public
/// ```
public struct BuildConfiguration: Sendable, Equatable {
    public var accessLevel: EmitOptions.AccessLevel?

    public init(accessLevel: EmitOptions.AccessLevel? = nil) {
        self.accessLevel = accessLevel
    }

    /// The keys a configuration file may hold.
    static let allowedKeys: [StaticString] = ["accessLevel"]

    /// Reads and checks a configuration file: YAML or JSON by its name, with the
    /// forms' reader and its diagnostics (an unknown key is FC101 with a did-you-mean,
    /// a value that is not one of the choices FC102 listing them). Nil when it has errors.
    /// A file of nothing but blank lines and `#` comments sets nothing.
    public static func read(_ file: SourceFile, diagnostics: inout DiagnosticBag) -> BuildConfiguration? {
        if YAMLBlankText(file.bytes) != .content {
            return BuildConfiguration()
        }
        guard let tree = FormPipeline.read(file, diagnostics: &diagnostics) else { return nil }
        var reader = ValueReader(tree: tree, diagnostics: diagnostics)
        reader.isJSON = SourceFormat(path: file.path) == .json
        defer { diagnostics = reader.diagnostics }
        let root = tree.root
        guard tree.isMapping(root) else {
            reader.diagnostics.error(
                .wrongType, "a formc configuration file is a mapping, found \(tree.kindDescription(root))",
                at: tree.range(root), help: ["write 'accessLevel: public'"]
            )
            return nil
        }
        let keys = KeyedMapping(root, in: tree, allowed: allowedKeys, context: "a formc configuration file", diagnostics: &reader.diagnostics)
        var configuration = BuildConfiguration()
        if let node = keys["accessLevel"] {
            configuration.accessLevel = reader.choice(node, "access level", as: EmitOptions.AccessLevel.self)?.value
        }
        return reader.diagnostics.hasErrors ? nil : configuration
    }
}
