import FormSource

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A String Catalog entry as formc writes it and Xcode keeps it, recognized in
/// the file's bytes: `comment`, `extractionState` and `localizations` (each
/// optional, in that order, at least one), each localization one `stringUnit`
/// of `state` and `value` under an ASCII language tag, in Xcode's layout for an
/// entry of `strings`, with no escapes but the writer's own.
///
/// Such an entry is valid (`CatalogValidator` accepts it), the reader reads it
/// (it is JSON with no duplicate key), and `StringCatalogFile.rendered` writes
/// exactly these bytes for it. So a catalog read for a merge keeps it as its
/// bytes (`StringCatalogFile.read`'s `deferringEntries`), and the merge takes
/// what it compares from them. An entry in any other shape is read as usual.
struct CatalogEntryShape {
    /// Past the entry's closing brace.
    var end: Int
    /// The line breaks in the entry, and the offset after the last.
    var lineBreaks = 0
    var lastLineStart = 0
    /// The bytes between the quotes of these strings.
    var comment: Range<Int>?
    var extractionState: Range<Int>?
    /// The string unit of the language asked for.
    var sourceState: Range<Int>?
    var sourceValue: Range<Int>?

    /// The localizations an entry in this shape may have: more are read as usual.
    static let maximumLanguages = 64

    /// The entry whose value starts at `start` (its opening brace), when it is
    /// in this shape; `sourceLanguage`: whose string unit to note (as written
    /// between quotes).
    static func match(
        _ bytes: UnsafeBufferPointer<UInt8>, at start: Int, sourceLanguage: UnsafeBufferPointer<UInt8>? = nil
    ) -> CatalogEntryShape? {
        var cursor = Cursor(bytes: bytes, index: start)
        var shape = CatalogEntryShape(end: start)
        guard cursor.skip("{") else { return nil }
        // The member that may come next: comment, extractionState, localizations.
        var next = 0
        repeat {
            guard cursor.newline(), cursor.skip("      \"") else { return nil }
            if next <= 0, cursor.skip("comment\" : ") {
                guard let text = cursor.string() else { return nil }
                (shape.comment, next) = (text, 1)
            } else if next <= 1, cursor.skip("extractionState\" : ") {
                guard let text = cursor.string() else { return nil }
                (shape.extractionState, next) = (text, 2)
            } else if next <= 2, cursor.skip("localizations\" : ") {
                guard cursor.localizations(into: &shape, sourceLanguage: sourceLanguage) else { return nil }
                next = 3
            } else {
                return nil
            }
        } while cursor.skip(",")
        guard cursor.newline(), cursor.skip("    }") else { return nil }
        shape.end = cursor.index
        shape.lineBreaks = cursor.lineBreaks
        shape.lastLineStart = cursor.lineStart
        return shape
    }

    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index: Int
        var lineBreaks = 0
        var lineStart = 0

        /// Past `literal` when the bytes at the cursor are it.
        mutating func skip(_ literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            guard bytes.count - index >= count, memcmp(bytes.baseAddress! + index, literal.utf8Start, count) == 0 else { return false }
            index += count
            return true
        }

        mutating func newline() -> Bool {
            guard index < bytes.count, bytes[index] == 0x0A else { return false }
            index += 1
            lineBreaks += 1
            lineStart = index
            return true
        }

        /// The localizations object: one string unit a language, no language twice.
        /// Tags in ASCII only: two keys are the same for the reader when they
        /// are canonically equivalent (`String`'s `==`), which for ASCII is
        /// when their bytes are.
        mutating func localizations(into shape: inout CatalogEntryShape, sourceLanguage: UnsafeBufferPointer<UInt8>?) -> Bool {
            guard skip("{") else { return false }
            return withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: CatalogEntryShape.maximumLanguages) { seen in
                var count = 0
                repeat {
                    guard newline(), skip("        "), let language = string(), skip(" : {"),
                          newline(), skip("          \"stringUnit\" : {"),
                          newline(), skip("            \"state\" : "), let state = string(), skip(","),
                          newline(), skip("            \"value\" : "), let value = string(),
                          newline(), skip("          }"),
                          newline(), skip("        }"),
                          count < seen.count, bytes[language].allSatisfy({ $0 < 0x80 }),
                          !seen[..<count].contains(where: { isSame($0, language) })
                    else { return false }
                    seen[count] = language
                    count += 1
                    if let sourceLanguage, bytes[language].elementsEqual(sourceLanguage) {
                        (shape.sourceState, shape.sourceValue) = (state, value)
                    }
                } while skip(",")
                return newline() && skip("      }")
            }
        }

        private func isSame(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
            a.count == b.count && bytes[a].elementsEqual(bytes[b])
        }

        /// The bytes between the quotes of the string at the cursor, moving
        /// past it: valid UTF-8 and the writer's escapes (a text has one way
        /// of being written, so equal texts are equal bytes); nil for any
        /// other string.
        mutating func string() -> Range<Int>? {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            index += 1
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return start..<(index - 1)
                case UInt8(ascii: "\\"):
                    guard let width = Self.writersEscapeWidth(bytes, at: index) else { return nil }
                    index += width
                case 0..<0x20:
                    return nil
                case 0x20..<0x80:
                    index += 1
                default:
                    guard let width = SourceFile.validUTF8Width(bytes, at: index) else { return nil }
                    index += width
                }
            }
            return nil
        }

        /// The length of the escape at `offset` when it is one the writer
        /// writes: `\"`, `\\`, `\n`, `\r`, `\t`, `\b`, `\f`, and `\u00` with
        /// two lowercase hex digits for another control character.
        private static func writersEscapeWidth(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
            guard offset + 1 < bytes.count else { return nil }
            switch bytes[offset + 1] {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "n"), UInt8(ascii: "r"),
                 UInt8(ascii: "t"), UInt8(ascii: "b"), UInt8(ascii: "f"):
                return 2
            case UInt8(ascii: "u"):
                guard offset + 5 < bytes.count, bytes[offset + 2] == UInt8(ascii: "0"), bytes[offset + 3] == UInt8(ascii: "0"),
                      let high = hexDigit(bytes[offset + 4]), let low = hexDigit(bytes[offset + 5]), high < 2 else { return nil }
                switch high << 4 | low {
                case 0x08, 0x09, 0x0A, 0x0C, 0x0D: return nil
                default: return 6
                }
            default:
                return nil
            }
        }

        private static func hexDigit(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            default: nil
            }
        }
    }
}
