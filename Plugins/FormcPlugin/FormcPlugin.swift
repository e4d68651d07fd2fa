import Foundation
import PackagePlugin

/// Compiles a target's form files (`*.form.yaml`, `*.form.yml`, `*.form.json`) to
/// Swift as a step of the build: one build command per form, so only a changed
/// form (or a new `formc`) is compiled again. `formc` reports problems as
/// `file:line:col: error: …` lines, which SwiftPM and Xcode show at the form file,
/// and its non-zero exit fails the build.
///
/// A target chooses options for its forms in a `formc-config.yaml` (or `.yml`,
/// `.json`) among its sources, as swift-openapi-generator's targets do:
/// `accessLevel: public` makes the generated types usable from other modules.
/// formc reads and checks it (`formc build --config`), so a mistake in it is
/// reported at its line like a form's.
@main
struct FormcPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let formc = try context.tool(named: "formc").url
        return try FormBuildCommands.commands(
            forms: target.sourceFiles.map(\.url),
            base: target.directoryURL,
            formc: formc,
            workDirectory: context.pluginWorkDirectoryURL
        )
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension FormcPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let formc = try context.tool(named: "formc").url
        return try FormBuildCommands.commands(
            forms: target.inputFiles.map(\.url),
            base: context.xcodeProject.directoryURL,
            formc: formc,
            workDirectory: context.pluginWorkDirectoryURL
        )
    }
}
#endif

/// The build commands for a list of a target's files; shared by the SwiftPM and
/// Xcode entry points.
enum FormBuildCommands {
    /// The suffixes of form files (SPEC §1) and the tag each adds to the output
    /// name, so that `a.form.yaml` and `a.form.json` do not collide.
    static let suffixes: [(suffix: String, tag: String)] = [
        (".form.yaml", ""), (".form.yml", "-yml"), (".form.json", "-json"),
    ]

    /// The names of a target's formc configuration file.
    static let configurationNames: Set<String> = ["formc-config.yaml", "formc-config.yml", "formc-config.json"]

    static func commands(forms files: [URL], base: URL, formc: URL, workDirectory: URL) throws -> [Command] {
        let sorted = files.sorted(by: { $0.path < $1.path })
        let configurations = sorted.filter { configurationNames.contains($0.lastPathComponent) }
        guard configurations.count <= 1 else {
            throw ConfigurationError(files: configurations.map { relativePath(of: $0, base: base) })
        }
        let configuration = configurations.first
        var commands: [Command] = []
        for input in sorted {
            guard let name = outputName(for: input, base: base) else { continue }
            let output = workDirectory.appendingPathComponent(name)
            var arguments = ["build", input.path, "-o", output.path, "--format", "xcode"]
            var inputFiles = [input, formc]
            if let configuration {
                arguments += ["--config", configuration.path]
                inputFiles.append(configuration)
            }
            commands.append(.buildCommand(
                displayName: "Compiling form \(relativePath(of: input, base: base))",
                executable: formc,
                arguments: arguments,
                inputFiles: inputFiles,
                outputFiles: [output]
            ))
        }
        return commands
    }

    /// A target with more than one configuration file: which one applies would
    /// depend on the order SwiftPM lists them.
    struct ConfigurationError: Error, CustomStringConvertible {
        var files: [String]
        var description: String {
            "a target has one formc configuration file at most; found \(files.joined(separator: ", ")): keep one"
        }
    }

    /// The path of `file` below `base` (`Forms/a/signup.form.yaml`), or its name
    /// when it is not below `base`.
    static func relativePath(of file: URL, base: URL) -> String {
        let filePath = file.standardizedFileURL.path
        var basePath = base.standardizedFileURL.path
        if !basePath.hasSuffix("/") { basePath += "/" }
        return filePath.hasPrefix(basePath) ? String(filePath.dropFirst(basePath.count)) : file.lastPathComponent
    }

    /// `Forms/a/signup.form.yaml` → `Forms_a_signup.swift`: the relative path
    /// without the form suffix, `/` as `_`, ASCII letters and digits kept and every
    /// other byte as `-XX` (hex), plus a tag for `.yml` and `.json`. Different paths
    /// give different names. Nil when `file` is not a form file.
    static func outputName(for file: URL, base: URL) -> String? {
        let path = relativePath(of: file, base: base)
        guard let (suffix, tag) = suffixes.first(where: { path.hasSuffix($0.suffix) }) else { return nil }
        let stem = path.dropLast(suffix.count)
        var name = ""
        for byte in stem.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                name.append(Character(Unicode.Scalar(byte)))
            case UInt8(ascii: "/"):
                name += "_"
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                name += "-" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return name + tag + ".swift"
    }
}
