/// A JSON value: what the compiler writes (reports, `formc dump`, the JSON Schema,
/// a preview's data) and what the language server reads and writes. An object's
/// members keep the order they were written or read in, so that a writer decides
/// the key order of its text; two objects with the same members in another order
/// are still equal, as in JSON.
public enum JSONValue: Sendable {
    case object([(String, JSONValue)])
    case array([JSONValue])
    case string(String)
    case integer(Int)
    case double(Double)
    case bool(Bool)
    case null

    /// An object's member (its last, should a key repeat); nil for anything else or a missing key.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.0 == key }?.1
    }

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// Members with each key once, at its first place, holding its last value.
    static func uniqued(_ members: [(String, JSONValue)]) -> [(String, JSONValue)] {
        var index: [String: Int] = [:]
        var result: [(String, JSONValue)] = []
        result.reserveCapacity(members.count)
        for (key, value) in members {
            if let place = index[key] {
                result[place].1 = value
            } else {
                index[key] = result.count
                result.append((key, value))
            }
        }
        return result
    }
}

extension JSONValue: Hashable {
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.object(let left), .object(let right)):
            guard left.count == right.count else { return false }
            if left.elementsEqual(right, by: { $0.0 == $1.0 && $0.1 == $1.1 }) { return true }
            return sortedMembers(left).elementsEqual(sortedMembers(right), by: { $0.0 == $1.0 && $0.1 == $1.1 })
        case (.array(let left), .array(let right)): return left == right
        case (.string(let left), .string(let right)): return left == right
        case (.integer(let left), .integer(let right)): return left == right
        case (.double(let left), .double(let right)): return left == right
        case (.bool(let left), .bool(let right)): return left == right
        case (.null, .null): return true
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .object(let members):
            hasher.combine(0)
            hasher.combine(members.count)
            for (key, value) in Self.sortedMembers(members) {
                hasher.combine(key)
                hasher.combine(value)
            }
        case .array(let items): hasher.combine(1); hasher.combine(items)
        case .string(let text): hasher.combine(2); hasher.combine(text)
        case .integer(let number): hasher.combine(3); hasher.combine(number)
        case .double(let number): hasher.combine(4); hasher.combine(number)
        case .bool(let flag): hasher.combine(5); hasher.combine(flag)
        case .null: hasher.combine(6)
        }
    }

    /// Members in key order (stable, so repeated keys keep their order).
    static func sortedMembers(_ members: [(String, JSONValue)]) -> [(String, JSONValue)] {
        members.sorted { $0.0 < $1.0 }
    }
}

extension JSONValue: Codable {
    private struct MemberKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// An object decoded from a `Decoder` has its members in key order: a decoder's
    /// keys have no order of their own.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            let members = try container.decode([String: JSONValue].self)
            self = .object(members.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let members):
            var container = encoder.container(keyedBy: MemberKey.self)
            for (key, value) in members { try container.encode(value, forKey: MemberKey(stringValue: key)) }
        default:
            var container = encoder.singleValueContainer()
            switch self {
            case .null: try container.encodeNil()
            case .bool(let value): try container.encode(value)
            case .integer(let value): try container.encode(value)
            case .double(let value): try container.encode(value)
            case .string(let value): try container.encode(value)
            case .array(let value): try container.encode(value)
            case .object: break
            }
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// The members in the literal's order; a repeated key keeps its first place and its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(Self.uniqued(elements)) }
    public init(nilLiteral: ()) { self = .null }
}
