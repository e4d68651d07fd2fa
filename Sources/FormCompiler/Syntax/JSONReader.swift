/// Strict RFC 8259 JSON into `Node`s with positions. (Stub: being written.)
public enum JSONReader {
    public static func read(_ file: SourceFile, limits: CompilerLimits, diagnostics: inout DiagnosticBag) -> Node? {
        nil
    }
}
