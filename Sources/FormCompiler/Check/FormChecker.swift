/// Semantic checks of SPEC §3 and §6.1 (FC200–FC407). (Being written.)
public enum FormChecker {
    public static func check(_ document: FormDocument, file: SourceFile, diagnostics: inout DiagnosticBag) -> CheckedForm {
        CheckedForm(document: document, symbols: SymbolTable(), sourcePath: file.path)
    }
}
