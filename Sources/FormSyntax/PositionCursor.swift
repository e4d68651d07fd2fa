import FormSource

/// Turns libyaml's scalar indexes into `SourcePosition`s that agree with
/// `SourceFile` (lines break at LF, CR LF and a lone CR; columns count Unicode
/// scalars), for the files where libyaml's own line and column differ: those with
/// NEL, LS or PS, which libyaml takes as line breaks, or a byte-order mark, which
/// it does not count.
///
/// The reader asks for positions in (almost) increasing order, so the cursor only
/// walks forward from where it last stopped: every position costs O(1) amortized,
/// even on a 16 MiB single-line file. Stepping back is allowed and costs the
/// distance walked back.
///
/// The cursor borrows `bytes`: it must not outlive the `withUnsafeBufferPointer`
/// call that the reader runs in. It is `Sendable` so that the reader's builder is:
/// a builder moves to another thread only in a split read (`YAMLSplit`), which is
/// never used for a file that needs a cursor.
struct PositionCursor: @unchecked Sendable {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let file: SourceFile
    private var offset = 0
    private var scalarIndex = 0
    private var line = 1
    private var column = 1

    init(bytes: UnsafeBufferPointer<UInt8>, file: SourceFile) {
        self.bytes = bytes
        self.file = file
    }

    /// The position of the scalar with index `target`, counted from the start of
    /// the file (what libyaml's `yaml_mark_t.index` holds).
    mutating func position(ofScalar target: Int) -> SourcePosition {
        if target < scalarIndex {
            stepBack { $0.scalarIndex > target }
        } else {
            while scalarIndex < target, offset < bytes.count { step() }
        }
        return SourcePosition(line: line, column: column)
    }

    @inline(__always)
    private mutating func step() {
        let byte = bytes[offset]
        if byte == 0x0A || (byte == 0x0D && !(offset + 1 < bytes.count && bytes[offset + 1] == 0x0A)) {
            line += 1
            column = 1
            offset += 1
        } else {
            // The CR of a CR LF counts as a column; the LF right after resets it.
            offset = min(offset + SourceFile.scalarWidth(byte), bytes.count)
            column += 1
        }
        scalarIndex += 1
    }

    private mutating func stepBack(while shouldStep: (Self) -> Bool) {
        var crossedLine = false
        while offset > 0, shouldStep(self) {
            offset -= 1
            while offset > 0, bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
            if bytes[offset] == 0x0A || bytes[offset] == 0x0D { crossedLine = true }
            scalarIndex -= 1
            column -= 1
        }
        if crossedLine || column < 1 {
            let position = file.position(ofByteOffset: offset)
            line = position.line
            column = position.column
        }
    }
}
