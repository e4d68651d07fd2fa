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
                help: [DiagnosticHelp(encodingHelp(file.bytes, at: bad))]
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

    /// FC005's help: what the first byte that is not UTF-8 most likely is, and how
    /// to convert the file. A UTF-16 byte-order mark names UTF-16; in a file with
    /// characters of several bytes before it, a UTF-8 lead byte followed by a
    /// continuation byte is a character cut short; a byte
    /// between ASCII (or at the end) is one character of a single-byte encoding,
    /// named as Windows-1252 reads it (a superset of Latin-1's printable
    /// characters, what Windows editors save); a run of such bytes is a
    /// multi-byte encoding (Shift JIS, GBK, …), which is left unnamed.
    package static func encodingHelp(_ bytes: [UInt8], at offset: Int) -> String {
        let convert = "save the file as UTF-8 (an editor's \"encoding\" setting)"
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            return "the file is UTF-16 (it starts with UTF-16's byte-order mark): \(convert), or convert it with `iconv -f UTF-16 -t UTF-8`"
        }
        let byte = bytes[offset]
        let next = offset + 1 < bytes.count ? bytes[offset + 1] : nil
        let hex = "0x" + String(byte, radix: 16, uppercase: true)
        // Cut short only in a file that is UTF-8 so far (a character of several bytes
        // before it): `é’s` in Windows-1252 is E9 92 73, a lead and a continuation byte too.
        if (0xC2...0xF4).contains(byte), let next, (0x80...0xBF).contains(next), bytes[..<offset].contains(where: { $0 >= 0x80 }) {
            return "the UTF-8 bytes of a character are cut short here: the file was cut or joined in the middle of one; retype the character"
        }
        if let next, next >= 0x80 {
            return "the bytes from \(hex) are in another encoding than UTF-8: \(convert), or convert it with `iconv -f ENCODING -t UTF-8`"
        }
        guard let character = windows1252(byte) else {
            return "the byte \(hex) is not UTF-8: \(convert)"
        }
        let encodings = byte < 0xA0 ? "Windows-1252" : "Windows-1252 and Latin-1"
        return "the byte \(hex) is \(character) in \(encodings): \(convert), or convert it with `iconv -f CP1252 -t UTF-8`"
    }

    /// The character a byte of 0x80 or more is in Windows-1252, quoted, or named
    /// where it does not show; nil where Windows-1252 has none.
    static func windows1252(_ byte: UInt8) -> String? {
        switch byte {
        case 0xA0: return "a no-break space"
        case 0xAD: return "a soft hyphen"
        default: break
        }
        guard byte >= 0xA0 else {
            let high: [UInt32] = [
                0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
                0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
            ]
            let scalar = high[Int(byte) - 0x80]
            return scalar == 0 ? nil : Unicode.Scalar(scalar).map { "'\(Character($0))'" }
        }
        return Unicode.Scalar(UInt32(byte)).map { "'\(Character($0))'" }
    }
}
