import FormCompiler
import FormRuntime
import Testing

/// The compiler reads presentation keys into its own enums and the emitter writes
/// them as the runtime's enum cases (`keyboard: email` → `.email`). The two modules
/// cannot share the types (the compiler must not depend on the runtime), so this
/// test keeps them the same: a case added on one side only fails here, not in a
/// user's build.
private func rawValues<E: CaseIterable & RawRepresentable>(_: E.Type) -> [String] where E.RawValue == String {
    E.allCases.map(\.rawValue)
}

@Test func formKeysAndRuntimeEnumsHaveTheSameCases() {
    #expect(rawValues(FormCompiler.KeyboardType.self) == rawValues(FormRuntime.KeyboardType.self))
    #expect(rawValues(FormCompiler.TextContentType.self) == rawValues(FormRuntime.TextContentType.self))
    #expect(rawValues(FormCompiler.Autocapitalization.self) == rawValues(FormRuntime.Autocapitalization.self))
    #expect(rawValues(FormCompiler.TextAlignment.self) == rawValues(FormRuntime.FormTextAlignment.self))
    #expect(rawValues(FormCompiler.TextStyle.self) == rawValues(FormRuntime.TextStyle.self))
    #expect(rawValues(FormCompiler.GroupStyle.self) == rawValues(FormRuntime.GroupStyle.self))
    #expect(rawValues(FormCompiler.ValidationTrigger.self) == rawValues(FormRuntime.ValidationTrigger.self))
}
