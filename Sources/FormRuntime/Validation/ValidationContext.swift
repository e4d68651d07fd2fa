import Foundation

/// What a rule may need from outside the values (SPEC §10): the clock and time
/// zone that `today` is read from, and the localization its messages come from.
///
/// Generated code resolves relative dates from it when the rules run, never at
/// compile time: `min: today-18y` becomes `.min(context.today.adding(years: -18), …)`.
/// Tests and servers pass a fixed one; an app's form uses `ValidationContext()`,
/// which reads the clock whenever `now` is read, so that a form left open past
/// midnight reads the new day, as a server validating the same values then does.
public struct ValidationContext: Sendable {
    /// The instant `today` is taken from: the clock's time when it is read, in a
    /// context made by `init()`; else the instant it was made with, or set to.
    public var now: Date {
        get { fixedNow ?? Date() }
        set { fixedNow = newValue }
    }

    /// The instant set, nil for the clock's.
    private var fixedNow: Date?
    /// The zone in which `now` is read as a calendar day.
    public var timeZone: TimeZone
    /// Where messages are looked up (SPEC §11).
    public var localization: FormLocalization

    /// The clock's time whenever it is read, the current time zone and the source strings.
    public init() {
        self.fixedNow = nil
        self.timeZone = .current
        self.localization = .source
    }

    /// A context with a fixed clock and zone (tests, servers, a user's chosen zone).
    public init(now: Date, timeZone: TimeZone, localization: FormLocalization = .source) {
        self.fixedNow = now
        self.timeZone = timeZone
        self.localization = localization
    }

    /// The calendar day of `now` in `timeZone`: what `today` means in a rule.
    public var today: FormDate {
        FormDate(now, in: timeZone)
    }
}
