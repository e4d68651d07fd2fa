/// A name the emitter writes again and again (a field's id, its value type, a
/// parameter spelled out), kept as UTF-8 so that writing it is one copy: no
/// `String` is read, hashed or made per use.
struct SwiftName: Hashable, Sendable {
    let bytes: [UInt8]

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// Its length in bytes, which is its width in columns for the ASCII names
    /// of declarations (identifiers and keywords).
    var count: Int { bytes.count }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// `email` → `Email`, as `SwiftNames.upperCamelCase`, without making a
    /// `String`: ids start with an ASCII letter (the checker requires it).
    var upperCamelCased: SwiftName {
        guard let first = bytes.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) else {
            return SwiftName(SwiftNames.upperCamelCase(String(decoding: bytes, as: UTF8.self)))
        }
        var upper = bytes
        upper[0] = first - 32
        return SwiftName(bytes: upper)
    }
}
