import FormChecker
import FormModel
import FormSource
import FormSwiftEmitter
import FormSyntax

/// The compiler as a library: a path and bytes in; a checked tree, Swift source and
/// diagnostics out. It does no file IO and knows nothing of the command line; the
/// `formc` executable and the build plugin are shells around it.
///
/// Stages, each with plain values between them:
/// read (bytes → `SyntaxTree`) → decode (`SyntaxTree` → `FormDocument`) → check (`CheckedForm`)
/// → emit (Swift source).
public enum FormPipeline {
    /// The result of reading, decoding and checking one file.
    public struct CheckResult: Sendable {
        public var diagnostics: [Diagnostic]
        /// The decoded tree (possibly partial when there were errors), for `dump`.
        public var document: FormDocument?
        /// Set only when there were no errors.
        public var checked: CheckedForm?
    }

    /// The result of compiling one file to Swift.
    public struct BuildResult: Sendable {
        public var diagnostics: [Diagnostic]
        /// The generated Swift as UTF-8, whole (`formc build` streams it instead,
        /// through `SwiftEmitter.emit(_:options:into:)`); set only
        /// when there were no errors.
        public var swiftUTF8: [UInt8]?
        /// The generated Swift as text (decoded from `swiftUTF8` on each use).
        public var swiftSource: String? { swiftUTF8.map { String(decoding: $0, as: UTF8.self) } }
    }

    /// Reads a file's bytes into the document tree, choosing the reader by the
    /// file's name (`FormReader`). Checks size and UTF-8 first (FC004, FC005).
    public static func read(_ file: SourceFile, limits: CompilerLimits = .default, diagnostics: inout DiagnosticBag) -> SyntaxTree? {
        FormReader.read(file, limits: limits, diagnostics: &diagnostics)
    }

    /// Read, decode and check.
    public static func check(_ file: SourceFile, limits: CompilerLimits = .default) -> CheckResult {
        check(file, limits: limits, speed: .current)
    }

    /// Read, decode and check, each stage under `speed`.
    package static func check(_ file: SourceFile, limits: CompilerLimits = .default, speed: SpeedPolicy) -> CheckResult {
        var diagnostics = DiagnosticBag(file: file.path)
        var document = readAndDecode(file, limits: limits, speed: speed, diagnostics: &diagnostics)
        var checked: CheckedForm?
        if let decoded = document.take() {
            let result = FormChecker.check(decoded, file: file, speed: speed, diagnostics: &diagnostics)
            document = result.document
            if !diagnostics.hasErrors { checked = result }
        }
        return CheckResult(diagnostics: diagnostics.sorted, document: document, checked: checked)
    }

    /// Read and decode in a scope of their own, so that the syntax tree is freed before
    /// the checker and emitter run.
    private static func readAndDecode(
        _ file: SourceFile, limits: CompilerLimits, speed: SpeedPolicy, diagnostics: inout DiagnosticBag
    ) -> FormDocument? {
        guard let tree = FormReader.read(file, limits: limits, speed: speed, diagnostics: &diagnostics) else { return nil }
        return FormDecoder.decode(
            tree, file: file, format: SourceFormat(path: file.path), limits: limits, speed: speed, diagnostics: &diagnostics
        )
    }

    /// Read, decode, check and emit. `headerPath` is the input path the generated
    /// file's header names (SPEC §5: relative to the working directory or package,
    /// never absolute); by default the path the file was read from.
    public static func build(
        _ file: SourceFile, options: EmitOptions = EmitOptions(), limits: CompilerLimits = .default,
        headerPath: String? = nil
    ) -> BuildResult {
        build(file, options: options, limits: limits, headerPath: headerPath, speed: .current)
    }

    /// Read, decode, check and emit, each stage under `speed`.
    package static func build(
        _ file: SourceFile, options: EmitOptions = EmitOptions(), limits: CompilerLimits = .default,
        headerPath: String? = nil, speed: SpeedPolicy
    ) -> BuildResult {
        let result = check(file, limits: limits, speed: speed)
        guard var checked = result.checked else {
            return BuildResult(diagnostics: result.diagnostics, swiftUTF8: nil)
        }
        if let headerPath { checked.sourcePath = headerPath }
        let swift = SwiftEmitter.emitUTF8(checked, options: options, speed: speed)
        return BuildResult(diagnostics: result.diagnostics, swiftUTF8: swift)
    }

    /// `path` relative to `base` when it lies inside it; otherwise its last
    /// components from the first one named `Sources` or `Tests`, or its file name —
    /// never an absolute path, so generated files are the same on every machine.
    /// A relative path is read from `base` and spelled the one way whatever way it
    /// was typed (`./forms/a`, `forms//a`, `x/../forms/a`: `forms/a`), so that a
    /// build and its `--check` agree.
    public static func portablePath(_ path: String, relativeTo base: String) -> String {
        // A base that names no folder below the root (`/`, or `.` when the
        // working directory could not be named) holds nothing: every path is
        // then named as one outside it, never by the machine's folders.
        let named = base.hasPrefix("/") ? PathComponents.normalized(base) : []
        let components: [String]
        if path.hasPrefix("/") {
            components = PathComponents.normalized(path)
        } else if !named.isEmpty {
            components = PathComponents.normalized(base + "/" + path)
        } else {
            let relative = PathComponents.relative(path)
            if relative.climbs == 0, !relative.components.isEmpty { return relative.components.joined(separator: "/") }
            components = relative.components
        }
        if !named.isEmpty, components.count > named.count, Array(components.prefix(named.count)) == named {
            return components.dropFirst(named.count).joined(separator: "/")
        }
        if let root = components.lastIndex(where: { $0 == "Sources" || $0 == "Tests" }) {
            return components[root...].joined(separator: "/")
        }
        return components.last ?? path
    }
}
