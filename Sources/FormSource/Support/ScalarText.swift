#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A text that equals another only with the same Unicode scalars, hashed by its
/// UTF-8 bytes: how a YAML reader tells keys apart, and how a bundle looks up a
/// catalog's key. `String`'s own equality joins canonically equivalent spellings
/// (`é` as U+00E9, and as `e` and U+0301), which are two keys to both.
package struct ScalarText: Hashable, Sendable {
    package var text: String

    package init(_ text: String) {
        self.text = text
    }

    /// The same UTF-8 bytes, compared as one block of memory.
    package static func == (lhs: ScalarText, rhs: ScalarText) -> Bool {
        guard lhs.text.utf8.count == rhs.text.utf8.count else { return false }
        var (left, right) = (lhs.text, rhs.text)
        return left.withUTF8 { a in
            right.withUTF8 { b in a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
        }
    }

    package func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

extension String {
    /// Whether `other` has the same Unicode scalars (`ScalarText`'s equality):
    /// `String`'s own quick equality first, which fails for most keys a scan
    /// passes.
    package func hasSameScalars(as other: String) -> Bool {
        self == other && ScalarText(self) == ScalarText(other)
    }
}
