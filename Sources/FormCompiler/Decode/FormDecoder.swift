/// Nodes → typed `FormDocument`, schema-directed (SPEC §1–§3). (Being written.)
public enum FormDecoder {
    public static func decode(_ root: Node, file: SourceFile, limits: CompilerLimits, diagnostics: inout DiagnosticBag) -> FormDocument? {
        nil
    }
}
