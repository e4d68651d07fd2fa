import FormJSON
import Foundation

/// A message's `params` and `result` are `JSONValue`s before a handler reads them
/// as its own types, and after it writes its own types: Foundation's coders between
/// the two.
extension JSONValue {
    /// Reads the value as a `Decodable` type (a request's params).
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(serialized()))
    }

    /// Any `Encodable` value as JSON (a response's result).
    public init<T: Encodable>(encoding value: T) throws {
        self = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
    }
}
