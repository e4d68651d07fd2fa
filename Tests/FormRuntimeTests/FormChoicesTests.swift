import Foundation
import FormRuntime
import Testing

/// `FormChoices`: a multiChoice value of `Values` is its chosen options in option
/// order, no repeats (SPEC §10), however it was assigned or decoded.
struct FormChoicesTests {
    enum Topping: String, CaseIterable, Codable, Sendable {
        case cheese, olives, ham
    }

    struct Values: Codable, Equatable, Sendable {
        @FormChoices var toppings: [Topping]
    }

    static func decode(_ json: String) throws -> Values {
        try JSONDecoder().decode(Values.self, from: Data(json.utf8))
    }

    @Test func anAssignmentIsKeptInOptionOrderWithoutRepeats() {
        var values = Values(toppings: [.ham, .cheese, .ham])
        #expect(values.toppings == [.cheese, .ham])
        values.toppings = [.olives, .cheese, .olives]
        #expect(values.toppings == [.cheese, .olives])
        values.toppings.append(.cheese)
        #expect(values.toppings == [.cheese, .olives])
        values.toppings = []
        #expect(values.toppings.isEmpty)
    }

    @Test func anArrayInAnyOrderDecodesInOptionOrder() throws {
        #expect(try Self.decode(#"{"toppings":["ham","cheese"]}"#).toppings == [.cheese, .ham])
        #expect(try Self.decode(#"{"toppings":[]}"#).toppings.isEmpty)
        let encoded = try JSONEncoder().encode(Values(toppings: [.ham, .olives]))
        #expect(String(decoding: encoded, as: UTF8.self) == #"{"toppings":["olives","ham"]}"#)
    }

    /// No form sends an option twice: such an array is a client's mistake,
    /// reported at the field rather than counted twice by `maxCount`.
    @Test func anOptionChosenTwiceDoesNotDecode() {
        do {
            _ = try Self.decode(#"{"toppings":["ham","cheese","ham"]}"#)
            Issue.record("decoded")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["toppings"])
            #expect(context.debugDescription.contains("'ham' is chosen twice"))
        } catch {
            Issue.record("\(error)")
        }
        #expect(throws: DecodingError.self) { try Self.decode(#"{"toppings":["pepper"]}"#) }
        #expect(throws: DecodingError.self) { try Self.decode(#"{}"#) }
    }
}
