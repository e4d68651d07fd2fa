/// What a run of a field's rules knows about why it runs (SPEC §15.2), passed
/// down the task that runs them as task-local values, so that the generated
/// rules need no parameter for it.
public enum ValidationRun {
    /// True while the rules run because the field's value changed (a `change`
    /// or `changeAfterBlur` trigger): only then does a `custom` rule with
    /// `debounce` wait. `validate()`, `validate(page:)` and a blur run at once.
    @TaskLocal public static var isDebounced = false

    /// How a debounce waits: `Task.sleep` on the continuous clock, unless a test
    /// gives a sleep of its own (one that returns when the test says so) with
    /// `ValidationRun.$sleeper.withValue(…)`. It throws `CancellationError` when
    /// the task is cancelled.
    @TaskLocal public static var sleeper: @Sendable (Duration) async throws -> Void = { duration in
        try await Task.sleep(for: duration)
    }

    static func sleep(for duration: Duration) async throws {
        try await sleeper(duration)
    }
}
