import FormModel
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
    #expect(rawValues(FormModel.KeyboardType.self) == rawValues(FormRuntime.KeyboardType.self))
    #expect(rawValues(FormModel.TextContentType.self) == rawValues(FormRuntime.TextContentType.self))
    #expect(rawValues(FormModel.Autocapitalization.self) == rawValues(FormRuntime.Autocapitalization.self))
    #expect(rawValues(FormModel.TextAlignment.self) == rawValues(FormRuntime.FormTextAlignment.self))
    #expect(rawValues(FormModel.TextStyle.self) == rawValues(FormRuntime.TextStyle.self))
    #expect(rawValues(FormModel.GroupStyle.self) == rawValues(FormRuntime.GroupStyle.self))
    #expect(rawValues(FormModel.ValidationTrigger.self) == rawValues(FormRuntime.ValidationTrigger.self))
}
