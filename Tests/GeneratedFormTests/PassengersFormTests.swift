import Foundation
import FormRuntime
import Testing

// A list whose entries read the form's fields outside the list (SPEC §14):
// Tests/GeneratedFormTests/Forms/lists/booking-passengers.form.yaml.

@MainActor
struct PassengersFormTests {
    typealias Form = PassengersForm

    static func passenger(_ name: String, seat: String = "", email: String = "") -> Form.Passenger {
        var passenger = Form.Passenger()
        passenger.name = name
        passenger.seat = seat
        passenger.email = email
        return passenger
    }

    @Test func anEntryReadsTheFormsFieldsInValidation() async {
        var values = Form.Values()
        values.passengers = [Self.passenger("Ada")]
        // Basic fare: the seat is hidden, so not required; no contact email: the entry's email is hidden.
        #expect(await Form.validate(values).isValid)
        values.fare = .premium
        #expect(await Form.validate(values).issues == [ValidationIssue(path: "/passengers/0/seat", message: "Seat is required")])
        values.passengers[0].seat = "12A"
        values.shareContact = true
        values.contactEmail = "ada@example.com"
        values.passengers[0].email = "other@example.com"
        #expect(await Form.validate(values).issues == [
            ValidationIssue(path: "/passengers/0/email", message: "Email must match Contact email"),
        ])
        values.passengers[0].email = "ada@example.com"
        #expect(await Form.validate(values).isValid)
        // A hidden field of the form reads as empty in the entry: the entry's email hides again.
        values.shareContact = false
        values.passengers[0].email = "other@example.com"
        #expect(await Form.validate(values).isValid)
    }

    @Test func anEntryReadsTheFormsLiveValues() {
        let form = Form()
        let passenger = form.passengers.entries[0]
        #expect(!passenger.isVisible(.seat))
        form.fare.value = .premium
        #expect(passenger.isVisible(.seat))
        #expect(!passenger.isVisible(.email))
        form.contactEmail.value = "ada@example.com"
        // Still hidden: `contactEmail` is hidden while `shareContact` is off, and reads as empty.
        #expect(!passenger.isVisible(.email))
        form.shareContact.value = true
        #expect(passenger.isVisible(.email))
        // The entry's snapshot carries the form's values its rules read, not encoded.
        #expect(passenger.values.contactEmail == "ada@example.com")
        #expect(form.values.passengers[0] == Form.Passenger())
    }

    @Test func aStandaloneEntryReadsTheFormsFieldsAsEmpty() async {
        let entry = Form.PassengerEntry()
        #expect(!entry.isVisible(.seat))
        #expect(!entry.isVisible(.email))
        entry.name.value = "Grace"
        #expect(await entry.validate().isValid)
    }
}

/// SPEC §16 inside a list's entries (Forms/lists/relations.form.yaml).
@MainActor
struct ListRelationsTests {
    @Test func entriesUseSharedSetsWhenAndBoundsOfTheEntryAndTheForm() async {
        var values = RelForm.Values()
        values.start = FormDate(year: 2026, month: 2, day: 1)
        var trip = RelForm.Trip()
        trip.from = FormDate(year: 2026, month: 1, day: 15)
        trip.until = FormDate(year: 2026, month: 1, day: 10)
        trip.people = 12
        values.trips = [trip]
        // No `home`: `to` is not required; `from` is before the form's `start`; `until`
        // before the entry's `from`; `people` hidden (from is not before until).
        #expect(await RelForm.validate(values).issues.map(\.path) == ["/trips/0/from", "/trips/0/until"])
        values.home = .us
        values.trips[0].from = FormDate(year: 2026, month: 3, day: 1)
        values.trips[0].until = FormDate(year: 2026, month: 3, day: 8)
        // `to` is required while home is us; `people` shows and is above the form's `cap` (10).
        #expect(await RelForm.validate(values).issues.map(\.path) == ["/trips/0/to", "/trips/0/people"])
        values.trips[0].to = .gb
        values.trips[0].people = 4
        #expect(await RelForm.validate(values).isValid)
    }

    @Test func anEntrysFieldOfASharedSetHasTheFormsEnum() async throws {
        // One enum for the form's field and the entry's (SPEC §16): assignments type-check both ways.
        let form = RelForm()
        form.home.value = .gb
        let entry = try #require(form.trips.append())
        entry.to.value = form.home.value
        #expect(entry.to.value == RelForm.Country.gb)
        form.home.value = entry.to.value.map { $0 == .gb ? .us : .gb }
        #expect(form.home.value == .us)
        // A set only the entries use is the form's enum as well.
        entry.seat.value = RelForm.Seat.window
        var trip = RelForm.Trip()
        trip.seat = .aisle
        trip.to = form.home.value
        #expect(RelForm.Seat.allCases == [.aisle, .window])
        // `to != home`: an entry's field compared with the form's field of the same set.
        #expect(entry.isVisible(.visa))
        entry.to.value = .us
        #expect(!entry.isVisible(.visa))
        form.home.value = nil
        // Either side empty: the comparison is false.
        #expect(!entry.isVisible(.visa))
        var values = RelForm.Values()
        values.home = .gb
        values.trips = [trip]
        // The static form of the condition reads the form's value the entry carries.
        trip.to = .us
        trip.home = .gb
        #expect(RelForm.TripEntry.isVisible(.visa, in: trip))
        trip.home = .us
        #expect(!RelForm.TripEntry.isVisible(.visa, in: trip))
        #expect(await RelForm.validate(values).isValid)
    }

    /// An entry's whole number compared with the form's number of two decimals:
    /// exactly, as two of the form's fields are (SPEC §16), live and static.
    @Test func anEntrysWholeNumberComparesExactlyWithTheFormsDecimal() throws {
        let form = RelForm()
        let entry = try #require(form.trips.append())
        entry.price.value = 5
        form.budget.value = Decimal(string: "4.99")
        #expect(entry.isVisible(.overBudget))
        form.budget.value = Decimal(string: "5.01")
        #expect(!entry.isVisible(.overBudget))
        var trip = entry.values
        trip.budget = Decimal(string: "4.5")
        #expect(RelForm.TripEntry.isVisible(.overBudget, in: trip))
        trip.budget = nil
        #expect(!RelForm.TripEntry.isVisible(.overBudget, in: trip))
    }

    @Test func aChangeOfTheFormsFieldRechecksTheEntriesThatReadIt() async throws {
        let form = RelForm()
        form.start.value = FormDate(year: 2026, month: 1, day: 1)
        let checked = try #require(form.trips.append())
        let untouched = try #require(form.trips.append())
        checked.from.value = FormDate(year: 2026, month: 2, day: 1)
        untouched.from.value = FormDate(year: 2026, month: 2, day: 1)
        await checked.didChange(.from)
        await checked.didEndEditing(.from)
        #expect(checked.state(of: .from) == .valid)
        // `from`'s bound is the form's `start`: moving `start` past it re-checks `from`
        // in every entry that has been checked, and leaves the others alone.
        form.start.value = FormDate(year: 2026, month: 3, day: 1)
        await form.didChange(.start)
        #expect(checked.state(of: .from) == .invalid(message: "From must be on or after Start"))
        #expect(untouched.state(of: .from) == .idle)
        // An assignment is an edit (SPEC §15.2): it starts the entries' re-checks, which `settle()` awaits.
        form.start.value = nil
        await form.settle()
        #expect(checked.state(of: .from) == .valid)
        // A rule's `when` reading the form's `home`: `to` becomes required once home is us.
        await checked.didEndEditing(.to)
        await checked.didChange(.to)
        await checked.didEndEditing(.to)
        #expect(checked.state(of: .to) == .valid)
        form.home.value = .us
        await form.didChange(.home)
        #expect(checked.state(of: .to) == .invalid(message: "To is required"))
        #expect(untouched.state(of: .to) == .idle)
        // A change of a field no entry's `to` reads leaves `to` alone.
        form.cap.value = 3
        await form.settle()
        #expect(checked.state(of: .to) == .invalid(message: "To is required"))
        form.home.value = .gb
        await form.settle()
        #expect(checked.state(of: .to) == .valid)
    }

    @Test func anEntrysSharedSetTitlesUseTheFormsKeys() throws {
        let catalog = StringCatalog(sourceLanguage: "en", translations: [
            "RelForm.options.Seat.window": ["de": "Fenster"],
            "RelForm.options.Country.gb": ["de": "Vereinigtes Königreich"],
        ])
        let form = RelForm()
        form.context = ValidationContext(now: Date(), timeZone: .current, localization: .catalog(catalog, locale: "de"))
        let entry = try #require(form.trips.append())
        var titles: [String: [String]] = [:]
        for element in entry.elements {
            switch element.kind {
            case .segment(let segment): titles[segment.id] = segment.optionLabels.map { $0.title ?? "" }
            case .picker(let picker): titles[picker.id] = picker.optionLabels.map { $0.title ?? "" }
            default: break
            }
        }
        #expect(titles["seat"] == ["Aisle", "Fenster"])
        #expect(titles["to"] == ["us", "Vereinigtes Königreich"])
    }
}
