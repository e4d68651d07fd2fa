import CYAML

/// Reads YAML with libyaml's event API into `Node`s with positions. (Stub: being written.)
public enum YAMLReader {
    public static func read(_ file: SourceFile, limits: CompilerLimits, diagnostics: inout DiagnosticBag) -> Node? {
        nil
    }
}
