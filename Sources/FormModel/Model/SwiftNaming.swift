import FormSource

/// How form names become Swift names, and which names Swift or the generated type
/// reserve. The checker and the emitter both use this, so a name the checker
/// accepts is exactly the name the emitter writes.
public enum SwiftNaming {
    /// Swift's keywords: none of them may be a field id, enum name or case name.
    public static let keywords: Set<String> = [
        // declarations
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private", "precedencegroup",
        "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        // statements
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "switch", "throw", "where", "while",
        // expressions and types
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "async",
        "package", "Type", "Protocol", "some", "any", "each", "copy", "consume", "discard", "then", "_",
    ]

    /// Members of every generated form type (SPEC §5): a field id may not shadow them.
    public static let reservedMembers: Set<String> = [
        "values", "elements", "validate", "isVisible", "isEnabled", "didChange", "didEndEditing", "state",
        "validators", "validation", "addStateObserver", "removeStateObserver", "context",
        // Reserved in every form, with a title or not, so that adding a title never breaks a form.
        "localizedTitle",
        // The form's state from app code and its pages (SPEC §15), in every form.
        "settle", "setError", "clearErrors", "reset", "submittedValues", "clearingHidden", "fields", "page",
    ]

    /// The members of every list's entry class (SPEC §14) beside those of a form
    /// (`reservedMembers`): an entry's field ids may not take them.
    public static let reservedEntryMembers: Set<String> = ["id", "applyStates", "didLeaveList"]

    /// The file-level protocol of a form's `custom` validators (SPEC §5): the
    /// emitter declares it, and the checker keeps every type nested in the form
    /// off its name, which would hide it.
    public static func validatorsProtocol(ofForm form: String) -> String {
        form + "Validators"
    }

    /// `[a-z][A-Za-z0-9]*`: a field id, action id or validator name.
    public static func isLowerCamelCase(_ name: String) -> Bool {
        isCamelCase(name, first: UInt8(ascii: "a")...UInt8(ascii: "z"))
    }

    /// `[A-Z][A-Za-z0-9]*`: a form type name or segment enum name.
    public static func isUpperCamelCase(_ name: String) -> Bool {
        isCamelCase(name, first: UInt8(ascii: "A")...UInt8(ascii: "Z"))
    }

    /// A first byte in `first`, then ASCII letters and digits. Every id of a form
    /// is asked, so the bytes are read from the string's storage (a short id's is
    /// copied to the stack) rather than through `utf8`'s iterator, which does far
    /// more work per byte.
    private static func isCamelCase(_ name: String, first: ClosedRange<UInt8>) -> Bool {
        name.utf8.withContiguousStorageIfAvailable { bytes in
            guard let head = bytes.first, first.contains(head) else { return false }
            return bytes.allSatisfy(isASCIIAlphanumeric)
        } ?? {
            guard let head = name.utf8.first, first.contains(head) else { return false }
            return name.utf8.allSatisfy(isASCIIAlphanumeric)
        }()
    }

    /// `email` → `Email`, `accountType` → `AccountType`.
    public static func upperCamelCase(_ id: String) -> String {
        // Ids are ASCII (the checker requires it): when the first two bytes are, the
        // first Character is the first byte alone, and only it changes.
        var bytes = id.utf8.makeIterator()
        if let first = bytes.next(), first < 0x80, bytes.next().map({ $0 < 0x80 }) ?? true {
            guard (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) else { return id }
            return String(unsafeUninitializedCapacity: id.utf8.count) { buffer in
                _ = buffer.initialize(from: id.utf8)
                buffer[0] = first - 32
                return id.utf8.count
            }
        }
        guard let first = id.first else { return id }
        return first.uppercased() + id.dropFirst()
    }

    /// The enum case of a segment option value (SPEC §3): words split at anything
    /// that is not an ASCII letter or digit, joined in lowerCamelCase; a leading
    /// digit gets an underscore (`pro-plan` → `proPlan`, `2fa` → `_2fa`); a value
    /// with no letters or digits becomes `_`, which the checker rejects.
    public static func caseName(forOptionValue value: String) -> String {
        // The common value, one word of lowercase ASCII letters and digits
        // starting with a letter, is its own case name (unless a keyword).
        if let first = value.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first),
           value.utf8.allSatisfy({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
            return keywords.contains(value) ? "`\(value)`" : value
        }
        var words: [String] = []
        var current = ""
        for scalar in value.unicodeScalars {
            if scalar.isASCII, isASCIIAlphanumeric(UInt8(scalar.value)) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        guard !words.isEmpty else { return "_" }
        var name = ""
        for (index, word) in words.enumerated() {
            if index == 0 {
                // Lower the leading capitals of the first word (`URL` → `url`, `Pro` → `pro`).
                name += lowerLeadingCapitals(word)
            } else {
                name += word.prefix(1).uppercased() + word.dropFirst()
            }
        }
        if let first = name.utf8.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) {
            name = "_" + name
        }
        if keywords.contains(name) { name = "`\(name)`" }
        return name
    }

    /// The valid lowerCamelCase id nearest an invalid `name` (`first name` →
    /// `firstName`, `prénom` → `prenom`), for a did-you-mean; nil when there is
    /// none, or it is `name` itself.
    public static func suggestedID(for name: String) -> String? {
        let suggestion = caseName(forOptionValue: asciiFolded(name))
        return isLowerCamelCase(suggestion) && !keywords.contains(suggestion) && suggestion != name ? suggestion : nil
    }

    /// The valid UpperCamelCase type name nearest an invalid `name` (`country` →
    /// `Country`, `Größe` → `Grosse`), for a did-you-mean; nil when there is none,
    /// or it is `name` itself.
    public static func suggestedTypeName(for name: String) -> String? {
        let suggestion = upperCamelCase(caseName(forOptionValue: asciiFolded(name)).filter { $0 != "`" })
        return isUpperCamelCase(suggestion) && !keywords.contains(suggestion) && suggestion != name ? suggestion : nil
    }

    /// Whether `scalar` is a character of no width that a name pasted from a web
    /// page or a document may hold unseen: a zero-width space, joiner or
    /// non-joiner, a soft hyphen, a word joiner, a byte-order mark, a direction mark.
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xAD, 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0xFEFF: true
        default: false
        }
    }

    /// `text` with its Latin letters' accents taken off (`é` → `e`, `ß` → `ss`,
    /// combining marks dropped), fullwidth ASCII made ASCII (`ｐ` → `p`) and
    /// invisible characters dropped (`isInvisible`): what a name typed with them
    /// most likely means in ASCII. Other characters stay.
    static func asciiFolded(_ text: String) -> String {
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let value = scalar.value
            switch value {
            case 0x300...0x36F:
                continue
            case _ where isInvisible(scalar):
                continue
            case 0xFF01...0xFF5E:
                out.append(Unicode.Scalar(value - 0xFEE0)!)
            default:
                if let letters = LatinLetters.base(of: value) { out.append(contentsOf: letters.unicodeScalars) } else { out.append(scalar) }
            }
        }
        return String(out)
    }

    /// `confirmPassword` → `Confirm password`, `zipCode2` → `Zip code 2`: how a
    /// field without a title is named in default messages.
    public static func words(fromIdentifier id: String) -> String {
        // Ids are ASCII (the checker requires it); work on bytes, not Characters.
        if id.utf8.allSatisfy({ $0 < 0x80 }) {
            // Counted first, so that the String is made at its size (a short one inline).
            var count = id.utf8.count
            var previous: UInt8?
            for byte in id.utf8 {
                if let last = previous, isWordBoundary(after: last, before: byte) { count += 1 }
                previous = byte
            }
            return String(unsafeUninitializedCapacity: count) { bytes in
                var count = 0
                var previous: UInt8?
                for byte in id.utf8 {
                    let isUpper = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    if let last = previous {
                        if isWordBoundary(after: last, before: byte) {
                            bytes[count] = UInt8(ascii: " ")
                            count += 1
                        }
                        bytes[count] = isUpper ? byte + 32 : byte
                    } else {
                        let isLower = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                        bytes[count] = isLower ? byte - 32 : byte
                    }
                    count += 1
                    previous = byte
                }
                return count
            }
        }
        var result = ""
        var previous: Character?
        for character in id {
            if let previous {
                let boundary = (character.isUppercase && !previous.isUppercase)
                    || (character.isNumber && !previous.isNumber)
                    || (!character.isNumber && previous.isNumber)
                if boundary { result.append(" ") }
                result.append(contentsOf: character.lowercased())
            } else {
                result.append(contentsOf: character.uppercased())
            }
            previous = character
        }
        return result
    }

    /// Whether an ASCII id's words break between `last` and `byte`: before a capital
    /// after a non-capital, and between digits and non-digits.
    private static func isWordBoundary(after last: UInt8, before byte: UInt8) -> Bool {
        let isUpper = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        let isDigit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        let lastUpper = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(last)
        let lastDigit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(last)
        return (isUpper && !lastUpper) || (isDigit && !lastDigit) || (!isDigit && lastDigit)
    }

    private static func lowerLeadingCapitals(_ word: String) -> String {
        let characters = Array(word)
        var upperRun = 0
        while upperRun < characters.count, characters[upperRun].isUppercase { upperRun += 1 }
        if upperRun == 0 { return word }
        // `URLPath` → `urlPath`: keep the capital that starts the next word.
        let lowerCount = (upperRun > 1 && upperRun < characters.count) ? upperRun - 1 : upperRun
        return String(characters[..<lowerCount]).lowercased() + String(characters[lowerCount...])
    }

    @inline(__always)
    private static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
