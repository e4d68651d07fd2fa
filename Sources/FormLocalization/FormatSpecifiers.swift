/// printf-style format specifiers in a String Catalog's texts, for FC604
/// (SPEC §11, §11.1): which argument each one formats, and as what.
///
/// - `%@`, `%lld`, `%.2f`, `%1$@`: a specifier formats the argument its
///   position names (`%2$lld`), else the next of those without a position,
///   counted from 1, as the specifier without its position (`%lld`). `%%` is a
///   percent sign; a `%` that starts no specifier (`100% sure`) is text.
/// - `%#@name@` (or `%2$#@name@`): the localization's substitution `name`, whose
///   variations give the text. It formats its `argNum` (else its position, else
///   the next argument) as its `formatSpecifier` (`lld`: `%lld`), whichever
///   variation is shown. In a variation's text `%arg` is that argument, and so
///   is a specifier without a position (`%d file`, as in a stringsdict); one with
///   a position is the argument it names. A substitution the localization does
///   not define formats its argument as `%#@name@`.
/// - A translation formats the source text's arguments, each as the source
///   does: `%2$lld von %1$@` matches `%@ of %lld`, `%lld sur %@` does not. Each
///   text of its variations must, but for a plural case other than `other`,
///   which may leave arguments out (`one`: `One file`) but formats none that the
///   source does not, nor another way.
enum FormatSpecifiers {
    /// Argument number → the specifiers that format it, without positions.
    typealias Arguments = [Int: Set<String>]

    /// A text of a localization: its arguments, and whether it may leave some
    /// out (it is a plural case other than `other`).
    struct Reading: Equatable {
        var arguments: Arguments
        var mayOmit: Bool
    }

    /// Every text of `localization` (its `stringUnit` and each case of its
    /// variations), read with its substitutions.
    static func readings(of localization: CatalogJSON) -> [Reading] {
        var readings: [Reading] = []
        collect(localization, substitutions: nil, mayOmit: false, into: &readings)
        return readings
    }

    /// What a translation must format: the arguments of every text of the
    /// source localization; nil when it has no text.
    static func expected(of source: CatalogJSON) -> Arguments? {
        let readings = readings(of: source)
        guard !readings.isEmpty else { return nil }
        return readings.reduce(into: Arguments()) { result, reading in
            result.merge(reading.arguments) { $0.union($1) }
        }
    }

    /// The first text of `translation` that does not format `expected` as it
    /// must; nil when every text does.
    static func mismatch(in translation: CatalogJSON, expected: Arguments) -> Reading? {
        readings(of: translation).first { reading in
            guard reading.mayOmit else { return reading.arguments != expected }
            return !reading.arguments.allSatisfy { argument, formats in expected[argument].map(formats.isSubset) ?? false }
        }
    }

    /// `%lld %@` when the arguments are 1, 2, … each formatted one way, in that
    /// order; else each with its position (`%2$lld`); `none` for none.
    static func describe(_ arguments: Arguments) -> String {
        guard !arguments.isEmpty else { return "none" }
        let numbers = arguments.keys.sorted()
        let isSequence = numbers == Array(1...numbers.count) && arguments.values.allSatisfy { $0.count == 1 }
        return numbers.flatMap { number in
            arguments[number, default: []].sorted().map { format in
                isSequence ? format : "%\(number)$" + format.dropFirst()
            }
        }.joined(separator: " ")
    }

    /// The arguments of `text`, its `%#@name@` read with `substitutions` (the
    /// members of the localization's `substitutions`).
    static func arguments(of text: String, substitutions: [CatalogMember]? = nil) -> Arguments {
        var result = Arguments()
        var next = 1
        func nextArgument() -> Int {
            defer { next += 1 }
            return next
        }
        for token in tokens(of: text, inVariation: false) {
            switch token {
            case .specifier(let position, let format):
                result[position ?? nextArgument(), default: []].insert(format)
            case .substitution(let position, let name):
                let substitution = substitutions?.first { $0.key == name }?.value
                let argumentNumber = substitution?["argNum"].flatMap(number)
                let argument = argumentNumber ?? position ?? nextArgument()
                let format = substitution?["formatSpecifier"]?.string.map { spelled("%" + $0) } ?? "%#@\(name)@"
                result[argument, default: []].insert(format)
                for variationText in texts(of: substitution?["variations"]) {
                    for token in tokens(of: variationText, inVariation: true) {
                        switch token {
                        case .argument:
                            break
                        case .specifier(let position, let format):
                            result[position ?? argument, default: []].insert(format)
                        case .substitution(let position, let name):
                            result[position ?? argument, default: []].insert("%#@\(name)@")
                        }
                    }
                }
            case .argument:
                break
            }
        }
        return result
    }

    private static func collect(_ node: CatalogJSON, substitutions: [CatalogMember]?, mayOmit: Bool, into readings: inout [Reading]) {
        let substitutions = node["substitutions"]?.members ?? substitutions
        if let text = node["stringUnit"]?["value"]?.string {
            readings.append(Reading(arguments: arguments(of: text, substitutions: substitutions), mayOmit: mayOmit))
        }
        for kind in node["variations"]?.members ?? [] {
            for variation in kind.value.members ?? [] {
                let omits = mayOmit || (kind.key == "plural" && variation.key != "other")
                collect(variation.value, substitutions: substitutions, mayOmit: omits, into: &readings)
            }
        }
    }

    /// The text of each case of `variations`, nested variations too.
    private static func texts(of variations: CatalogJSON?) -> [String] {
        var result: [String] = []
        for kind in variations?.members ?? [] {
            for variation in kind.value.members ?? [] {
                if let text = variation.value["stringUnit"]?["value"]?.string { result.append(text) }
                result += texts(of: variation.value["variations"])
            }
        }
        return result
    }

    /// `argNum`, a number as written.
    private static func number(_ value: CatalogJSON) -> Int? {
        guard case .literal(let text) = value, let number = Int(text), number > 0 else { return nil }
        return number
    }

    enum Token: Equatable {
        /// `%lld`, `%2$@`: the position, and the specifier without it.
        case specifier(position: Int?, format: String)
        /// `%#@name@`, `%2$#@name@`.
        case substitution(position: Int?, name: String)
        /// `%arg` in a substitution's variation.
        case argument
    }

    private static let flags = Set("0123456789-+#.*hlqLztj".unicodeScalars)
    private static let conversions = Set("@dDiuUoOxXfFeEgGcCsSpaA".unicodeScalars)

    /// The specifiers of `text` in order; `inVariation`: the text of a
    /// substitution's variation, where `%arg` is its argument.
    static func tokens(of text: String, inVariation: Bool) -> [Token] {
        let scalars = Array(text.unicodeScalars)
        var result: [Token] = []
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "%" else {
                index += 1
                continue
            }
            let start = index + 1
            if start < scalars.count, scalars[start] == "%" {
                index = start + 1
                continue
            }
            if inVariation, scalars.count - start >= 3, scalars[start..<(start + 3)].elementsEqual("arg".unicodeScalars) {
                result.append(.argument)
                index = start + 3
                continue
            }
            // A position (`2$`) says which argument.
            var end = start
            while end < scalars.count, isDigit(scalars[end]) { end += 1 }
            var position: Int?
            var body = start
            if end > start, end < scalars.count, scalars[end] == "$" {
                position = Int(String(String.UnicodeScalarView(scalars[start..<end])))
                body = end + 1
            }
            // `#@name@`: a substitution.
            if scalars.count - body >= 3, scalars[body] == "#", scalars[body + 1] == "@",
               let close = scalars[(body + 2)...].firstIndex(of: "@"), close > body + 2,
               !scalars[(body + 2)..<close].contains(where: { $0 == "%" || $0.properties.isWhitespace }) {
                result.append(.substitution(position: position, name: String(String.UnicodeScalarView(scalars[(body + 2)..<close]))))
                index = close + 1
                continue
            }
            // Flags, width, precision and length, then the conversion.
            end = body
            while end < scalars.count, flags.contains(scalars[end]) { end += 1 }
            guard end < scalars.count, conversions.contains(scalars[end]) else {
                index = start
                continue
            }
            var format = String.UnicodeScalarView(["%"])
            format.append(contentsOf: scalars[body...end])
            result.append(.specifier(position: position, format: spelled(String(format))))
            index = end + 1
        }
        return result
    }

    /// A specifier (`%lli`) as the one spelling of its conversion it is compared
    /// in: `%i` is `%d`, the same conversion spelled two ways.
    static func spelled(_ specifier: String) -> String {
        specifier.hasSuffix("i") ? String(specifier.dropLast()) + "d" : specifier
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        (0x30...0x39).contains(scalar.value)
    }
}
