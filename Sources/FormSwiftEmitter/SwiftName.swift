/// A name or phrase the emitter writes again and again (a parameter spelled out:
/// `_ values: Values`), kept as UTF-8 so that writing it is one copy: no `String`
/// is read, hashed or made per use. A field's names are `FieldName`s.
struct SwiftName: Sendable {
    let bytes: [UInt8]

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// Its length in bytes, which is its width in columns for the ASCII names
    /// of declarations (identifiers and keywords).
    var count: Int { bytes.count }
}

/// One of a field's names (`email`, `Email`, `Plan?`) as UTF-8, read in place:
/// a pointer and a count, so that passing one on counts no reference. It points
/// into the block its `FormTranslator.FieldInfo` owns, or into a literal (which
/// lives as long as the program): valid only while that `FieldInfo` lives, so it
/// is handed to the renderer where it is read (`out.enumCase(fields[index].name)`)
/// and never stored.
struct FieldName: @unchecked Sendable {
    let start: UnsafePointer<UInt8>
    let count: Int

    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: count) }

    init(_ literal: StaticString) {
        precondition(literal.hasPointerRepresentation, "a FieldName literal is a string, not one scalar")
        start = literal.utf8Start
        count = literal.utf8CodeUnitCount
    }

    init(start: UnsafePointer<UInt8>, count: Int) {
        self.start = start
        self.count = count
    }
}
