import FormRuntime
import Testing

/// An entry's chains after the form's `validate()` (docs/format.md, "Re-checking"):
/// as the form's own fields, the entry's follow chains from what is shown then.
@MainActor
struct EntryRecheckFormTests {
    @Test func afterTheFormsValidateAnEntryFollowsItsChainsFromWhatIsShownThen() async {
        let form = EntryRecheckForm()
        let row = form.rows.entries[0]
        // `keep` notes `shown` as shown; `late` is under `submit`.
        row.keep.value = true
        row.shown.value = "x"
        row.late.value = "ab"
        await row.settle()
        #expect(row.state(of: .late) == .idle)
        _ = await form.validate()
        #expect(row.state(of: .late) == .invalid(message: "Late must be at least 3 characters"))
        // Under `submit` the edit checks nothing: the state is the last check's.
        row.late.value = "abcd"
        await row.settle()
        #expect(row.state(of: .late) == .invalid(message: "Late must be at least 3 characters"))
        // `flip` leaves `shown` shown (`keep`), but what was noted before validate()
        // is forgotten: the chain is followed to `late`, which has a state.
        row.flip.value = true
        await row.settle()
        #expect(row.isVisible(.shown))
        #expect(row.state(of: .late) == .valid)
    }
}

/// `validate(page:)` forgets as `validate()` does: the form's fields, and the
/// entries of the page's lists.
@MainActor
struct PagedRecheckFormTests {
    @Test func afterValidatingAPageTheFormAndItsEntriesFollowChainsFromWhatIsShownThen() async {
        let form = PagedRecheckForm()
        form.keep.value = true
        form.shown.value = "x"
        form.late.value = "ab"
        await form.settle()
        _ = await form.validate(page: .one)
        #expect(form.state(of: .late) == .invalid(message: "Late must be at least 3 characters"))
        form.late.value = "abcd"
        form.flip.value = true
        await form.settle()
        #expect(form.state(of: .late) == .valid)

        let row = form.rows.entries[0]
        row.keep.value = true
        row.shown.value = "x"
        row.late.value = "ab"
        await row.settle()
        _ = await form.validate(page: .two)
        #expect(row.state(of: .late) == .invalid(message: "Late must be at least 3 characters"))
        row.late.value = "abcd"
        row.flip.value = true
        await row.settle()
        #expect(row.isVisible(.shown))
        #expect(row.state(of: .late) == .valid)
    }
}
