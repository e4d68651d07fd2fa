/// Stores a `multiChoice` field (`[Option]`) of a generated `Values` as SPEC §10
/// has it: the chosen options in option order (`Option.allCases`), no repeats.
/// A generated `Values` keeps it in a private property encoded under the field's id:
///
/// ```swift
/// nonisolated
/// struct Values: Codable, Equatable, Sendable {
///     private var _toppings: FormChoices<Topping>
///     var toppings: [Topping] { get { _toppings.wrappedValue } set { _toppings.wrappedValue = newValue } }
///     private enum CodingKeys: String, CodingKey { case _toppings = "toppings" }
/// }
/// ```
///
/// (Swift 6.3 rejects a property wrapper in a type declared `nonisolated`;
/// elsewhere `@FormChoices var toppings: [Topping]` says the same in one line.)
///
/// An assignment is kept so (`[.olives, .cheese, .olives]` is stored as
/// `[.cheese, .olives]`), and so is a decoded array in any order; an array that
/// names an option twice does not decode (a `DecodingError` at the field), since
/// no form sends one. The memberwise initializer still takes `toppings: [Topping]`,
/// and the value encodes as a plain array.
@propertyWrapper
public struct FormChoices<Option: CaseIterable & Hashable & Codable & Sendable>: Codable, Equatable, Sendable {
    private var options: [Option]

    /// The chosen options, in option order.
    public var wrappedValue: [Option] {
        get { options }
        set { options = Self.inOptionOrder(newValue) }
    }

    /// What `@FormChoices var toppings: [Topping] = []` and the memberwise initializer call.
    public init(wrappedValue: [Option]) {
        options = Self.inOptionOrder(wrappedValue)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let decoded = try container.decode([Option].self)
        var seen = Set<Option>()
        for option in decoded where !seen.insert(option).inserted {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "The option \(Self.describe(option)) is chosen twice; each option may be chosen once")
        }
        options = Self.inOptionOrder(decoded)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(options)
    }

    /// `options` in the order of `Option.allCases`, each once: as they come when
    /// already so (what a form's control keeps), else sorted.
    private static func inOptionOrder(_ options: [Option]) -> [Option] {
        guard options.count > 1 else { return options }
        let order = Dictionary(Option.allCases.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var isOrdered = true
        for index in options.indices.dropFirst() where (order[options[index - 1]] ?? 0) >= (order[options[index]] ?? 0) {
            isOrdered = false
            break
        }
        if isOrdered { return options }
        let chosen = Set(options)
        return Option.allCases.filter { chosen.contains($0) }
    }

    private static func describe(_ option: Option) -> String {
        if let raw = option as? any RawRepresentable { return "'\(raw.rawValue)'" }
        return "\(option)"
    }
}
