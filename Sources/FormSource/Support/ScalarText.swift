/// A text that equals another only with the same Unicode scalars, hashed by its
/// UTF-8 bytes: how a YAML reader tells keys apart, and how a bundle looks up a
/// catalog's key. `String`'s own equality joins canonically equivalent spellings
/// (`é` as U+00E9, and as `e` and U+0301), which are two keys to both.
package struct ScalarText: Hashable, Sendable {
    package var text: String

    package init(_ text: String) {
        self.text = text
    }

    package static func == (lhs: ScalarText, rhs: ScalarText) -> Bool {
        lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }

    package func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
