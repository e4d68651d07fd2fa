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
}
