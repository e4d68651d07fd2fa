import FormSource

/// The read stage's entry: a form file's bytes into its `SyntaxTree`, by
/// `JSONReader` or `YAMLReader` as the file's name says (SPEC §1), after the
/// checks every file gets first.
package enum FormReader {
    /// Reads a file's bytes into the document tree, choosing the reader by the
    /// file's name. Checks size and UTF-8 first (FC004, FC005).
    /// `speed`: whether a large YAML file may be read in two parts at once.
    package static func read(
        _ file: SourceFile, limits: CompilerLimits = .default, speed: SpeedPolicy = .current, diagnostics: inout DiagnosticBag
    ) -> SyntaxTree? {
        // The syntax tree's offsets are `Int32`: no limit lets a larger file through.
        let maxFileSize = min(limits.maxFileSize, SyntaxTree.maxFileSize)
        if file.bytes.count > maxFileSize {
            diagnostics.error(
                .limitExceeded,
                "file is more than the limit of \(maxFileSize) bytes",
                at: .fileStart,
                help: ["split the form into several files"]
            )
            return nil
        }
        if let bad = firstInvalidUTF8Offset(file.bytes) {
            diagnostics.error(
                .unreadableFile, "file is not valid UTF-8",
                at: SourceRange(at: file.position(ofByteOffset: bad)),
                help: ["save the file as UTF-8"]
            )
            return nil
        }
        switch SourceFormat(path: file.path) {
        case .json: return JSONReader.read(file, limits: limits, diagnostics: &diagnostics)
        case .yaml: return YAMLReader.read(file, limits: limits, speed: speed, diagnostics: &diagnostics)
        }
    }

    /// The byte offset of the first invalid UTF-8 sequence, or nil.
    package static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { bytes in
            var index = 0
            let count = bytes.count
            while index < count {
                // ASCII runs are the common case; skip them eight bytes at a time,
                // without the general decoder.
                if index + 8 <= count,
                   UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                    continue
                }
                if bytes[index] < 0x80 { index += 1; continue }
                guard let width = SourceFile.validUTF8Width(bytes, at: index) else { return index }
                index += width
            }
            return nil
        }
    }
}
