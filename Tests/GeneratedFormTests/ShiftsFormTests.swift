import Foundation
import FormRuntime
import Testing

// Entries that hold an instant and a multiChoice, which the entry struct keeps in
// private storage (FormDateTime, FormChoices) under the field's own key:
// Tests/GeneratedFormTests/Forms/lists/entry-kinds.form.yaml.

@MainActor
struct ShiftsFormTests {
    typealias Form = ShiftsForm
    typealias Shift = ShiftsForm.Shift

    static let nine = Date(timeIntervalSince1970: 1_769_850_000) // 2026-01-31T09:00:00Z

    /// An assignment is kept in option order, each option once; the memberwise
    /// initializer does the same; the default instant is the form's.
    @Test func anEntrysChoicesAndInstantReadAsTheirFieldsTypes() {
        var shift = Shift()
        #expect(shift.startsAt == nil)
        #expect(shift.roles == [])
        #expect(shift.endsAt == Date(timeIntervalSince1970: 1_769_882_400))
        shift.roles = [.host, .cook, .host]
        #expect(shift.roles == [.cook, .host])
        let made = Shift(startsAt: Self.nine, roles: [.waiter, .cook], endsAt: Self.nine)
        #expect(made.roles == [.cook, .waiter])
        #expect(made.startsAt == Self.nine)
    }

    /// The entry encodes each field under its id (not its storage's name), the
    /// instant as ISO 8601 text whatever the date strategy, and a nil instant not at all.
    @Test func entriesEncodeUnderTheFieldsIdsAndDecodeBack() throws {
        var values = Form.Values()
        values.venue = "Harbour"
        values.shifts[0].roles = [.host, .cook]
        values.shifts[0].startsAt = Self.nine
        values.shifts.append(Shift())
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(values), as: UTF8.self)
        #expect(json == #"{"shifts":[{"endsAt":"2026-01-31T18:00:00Z","roles":["cook","host"],"startsAt":"2026-01-31T09:00:00Z"},{"endsAt":"2026-01-31T18:00:00Z","roles":[]}],"venue":"Harbour"}"#)
        #expect(!json.contains("_"))
        let decoded = try JSONDecoder().decode(Form.Values.self, from: Data(json.utf8))
        #expect(decoded == values)
        #expect(decoded.shifts[1].startsAt == nil)
    }

    /// An entry that names an option twice does not decode, at the option's path.
    @Test func aRepeatedOptionInAnEntryIsADecodingErrorAtItsPath() throws {
        let json = #"{"venue":"Harbour","shifts":[{"endsAt":"2026-01-31T18:00:00Z","roles":["cook","cook"]}]}"#
        do {
            _ = try JSONDecoder().decode(Form.Values.self, from: Data(json.utf8))
            Issue.record("decoded a repeated option")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.codingPath.map(\.stringValue) == ["shifts", "Index 0", "roles"])
        }
    }

    /// The entry's rules read the stored values: a missing instant, no role, then
    /// three roles where two are allowed.
    @Test func theEntrysRulesReadTheStoredValues() async {
        var values = Form.Values()
        values.venue = "Harbour"
        #expect(await Form.validate(values).issues.map(\.path) == ["/shifts/0/startsAt", "/shifts/0/roles"])
        values.shifts[0].startsAt = Self.nine
        values.shifts[0].roles = [.waiter, .host, .cook]
        #expect(await Form.validate(values).issues.map(\.path) == ["/shifts/0/roles"])
        values.shifts[0].roles = [.waiter]
        #expect(await Form.validate(values).issues == [])
    }
}
