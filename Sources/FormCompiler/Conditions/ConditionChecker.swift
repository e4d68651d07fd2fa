/// Parses and type-checks every `visibleWhen`/`enabledWhen` (SPEC §7). (Stub: being written.)
public enum ConditionChecker {
    /// Parses each condition of the document, type-checks it against the symbols,
    /// stores the typed expression in `Condition.expression`, and reports FC500–FC505.
    public static func check(_ document: inout FormDocument, symbols: SymbolTable, file: SourceFile, diagnostics: inout DiagnosticBag) {
    }
}
