/// A compiled regular expression for the `pattern` rule, made to live in a
/// generated `static let` and to be matched from any isolation domain.
///
/// `Regex<AnyRegexOutput>` is not `Sendable`, because its output type is not;
/// this wrapper is `@unchecked Sendable`, which is safe because:
/// - the stored `Regex` is a `let` and is never mutated or handed out, and only
///   `wholeMatch(in:)` is called on it, which reads the compiled program;
/// - the one lazily built part of a `Regex` (its lowered program) is built here,
///   in `init`, by a first match, before the value can be shared at all;
/// - match results (the non-`Sendable` part) never leave `matchesWhole`.
public struct FormPattern: @unchecked Sendable {
    /// The pattern as written in the form.
    public let source: String
    private let regex: Regex<AnyRegexOutput>

    /// Compiles `pattern` with Swift `Regex` syntax, once.
    ///
    /// - Precondition: `pattern` compiles. formc rejects a pattern that does not
    ///   (FC404), so generated code never traps here.
    public init(_ pattern: String) {
        do {
            regex = try Regex(pattern)
        } catch {
            preconditionFailure("FormPattern: '\(pattern)' is not a valid Regex: \(error)")
        }
        source = pattern
        _ = try? regex.wholeMatch(in: "")
    }

    /// True when the WHOLE of `text` matches: a match of a prefix or of a part is
    /// not enough (the seed libraries' prefix-match bug).
    public func matchesWhole(_ text: String) -> Bool {
        (try? regex.wholeMatch(in: text)) != nil
    }
}
