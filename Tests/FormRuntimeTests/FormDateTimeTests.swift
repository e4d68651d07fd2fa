import Foundation
import Testing
@testable import FormRuntime

/// `@FormDateTime`: a `dateTime` field of `Values` is ISO 8601 text with a zone,
/// whatever the coder's date strategy (SPEC §10).
@Suite struct FormDateTimeTests {
    /// The shape the emitter gives `Values` for `dateTime` fields.
    struct Values: Codable, Equatable, Sendable {
        var name: String
        @FormDateTime var arrival: Date?
        @FormDateTime var departure: Date
    }

    static let arrival = Date(timeIntervalSince1970: 1_769_851_800) // 2026-01-31T09:30:00Z
    static let departure = Date(timeIntervalSince1970: 1_769_938_200) // 2026-02-01T09:30:00Z

    /// An encoder whose own strategy would write a number for a `Date`.
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = .sortedKeys
        return encoder
    }

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }

    func decode(_ json: String) throws -> Values {
        try Self.decoder.decode(Values.self, from: Data(json.utf8))
    }

    @Test func theMemberwiseInitializerTakesDates() {
        let values = Values(name: "A", arrival: nil, departure: Self.departure)
        #expect(values.arrival == nil)
        #expect(values.departure == Self.departure)
        var changed = values
        changed.arrival = Self.arrival
        #expect(changed != values)
        changed.arrival = nil
        #expect(changed == values)
    }

    @Test func encodesISOTextInUTCWhateverTheStrategy() throws {
        let values = Values(name: "A", arrival: Self.arrival, departure: Self.departure)
        let text = String(decoding: try Self.encoder.encode(values), as: UTF8.self)
        #expect(text == #"{"arrival":"2026-01-31T09:30:00Z","departure":"2026-02-01T09:30:00Z","name":"A"}"#)
        #expect(try decode(text) == values)
    }

    @Test func aNilDateIsLeftOutAndAMissingOrNullOneIsNil() throws {
        let values = Values(name: "A", arrival: nil, departure: Self.departure)
        let text = String(decoding: try Self.encoder.encode(values), as: UTF8.self)
        #expect(text == #"{"departure":"2026-02-01T09:30:00Z","name":"A"}"#)
        #expect(try decode(text) == values)
        #expect(try decode(#"{"name":"A","arrival":null,"departure":"2026-02-01T09:30:00Z"}"#) == values)
    }

    @Test func aNonOptionalDateMustBeThere() {
        #expect(throws: DecodingError.self) { try decode(#"{"name":"A"}"#) }
        #expect(throws: DecodingError.self) { try decode(#"{"name":"A","departure":null}"#) }
    }

    @Test func decodesAnOffsetAndAFraction() throws {
        let plus = try decode(#"{"name":"A","arrival":"2026-01-31T11:30:00+02:00","departure":"2026-02-01T04:00:00-05:30"}"#)
        #expect(plus.arrival == Self.arrival)
        #expect(plus.departure == Self.departure)
        let fraction = try decode(#"{"name":"A","departure":"2026-02-01T09:30:00.250Z"}"#)
        #expect(fraction.departure == Self.departure.addingTimeInterval(0.25))
    }

    @Test(arguments: [
        "2026-01-31", "2026-01-31T09:30Z", "2026-01-31T09:30:00", "2026-01-31 09:30:00Z", "2026-01-31t09:30:00z",
        "2026-02-30T09:30:00Z", "2026-01-31T24:00:00Z", "2026-01-31T09:60:00Z", "2026-01-31T09:30:60Z",
        "2026-01-31T09:30:00+2:00", "2026-01-31T09:30:00+0200", "2026-01-31T09:30:00+24:00", "2026-01-31T09:30:00.Z",
        "2026-01-31T09:30:00ZZ", " 2026-01-31T09:30:00Z", "1769851800",
        // Real wall-clock times whose offset moves the instant out of the years 1–9999.
        "0001-01-01T00:00:00+01:00", "9999-12-31T23:00:00-02:00",
    ])
    func rejectsOtherText(_ text: String) {
        #expect(FormDateTime<Date>.date(iso8601: text) == nil)
        #expect(throws: DecodingError.self) { try decode(#"{"name":"A","departure":"\#(text)"}"#) }
    }

    @Test func rejectsANumberEvenWhenTheStrategyReadsOne() {
        #expect(throws: DecodingError.self) { try decode(#"{"name":"A","departure":1769851800}"#) }
    }

    @Test func writesWholeSecondsRoundedDown() {
        #expect(FormDateTime<Date>.iso8601(Self.arrival.addingTimeInterval(0.999)) == "2026-01-31T09:30:00Z")
        #expect(FormDateTime<Date>.iso8601(Date(timeIntervalSince1970: -0.5)) == "1969-12-31T23:59:59Z")
        #expect(FormDateTime<Date>.iso8601(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
    }

    @Test func theTextRoundTripsOverTheWholeRange() throws {
        for text in ["0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "2024-02-29T12:00:01Z", "1969-07-20T20:17:40Z"] {
            let date = try #require(FormDateTime<Date>.date(iso8601: text))
            #expect(FormDateTime<Date>.iso8601(date) == text)
        }
    }

    /// An offset that keeps the instant in the years 1–9999 is read.
    @Test func anOffsetAtTheRangesEdgesIsRead() throws {
        let first = try #require(FormDateTime<Date>.date(iso8601: "0001-01-01T01:00:00+01:00"))
        #expect(FormDateTime<Date>.iso8601(first) == "0001-01-01T00:00:00Z")
        let last = try #require(FormDateTime<Date>.date(iso8601: "9999-12-31T21:59:59-02:00"))
        #expect(FormDateTime<Date>.iso8601(last) == "9999-12-31T23:59:59Z")
    }

    @Test func aDateBeyondTheFourDigitYearsCannotBeEncoded() {
        #expect(FormDateTime<Date>.iso8601(Date.distantPast) == nil)
        #expect(FormDateTime<Date>.iso8601(Date(timeIntervalSince1970: .infinity)) == nil)
        #expect(FormDateTime<Date>.iso8601(Date(timeIntervalSince1970: .nan)) == nil)
        let values = Values(name: "A", arrival: nil, departure: Date(timeIntervalSince1970: 1e15))
        #expect(throws: EncodingError.self) { try Self.encoder.encode(values) }
    }

    @Test func aWrapperOnItsOwnWritesNullForNil() throws {
        let none = FormDateTime<Date?>(wrappedValue: nil)
        #expect(String(decoding: try JSONEncoder().encode([none]), as: UTF8.self) == "[null]")
        #expect(try JSONDecoder().decode([FormDateTime<Date?>].self, from: Data("[null]".utf8)) == [none])
    }
}
