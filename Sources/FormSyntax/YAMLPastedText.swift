/// Characters pasted or typed where YAML's syntax needs its own, beside the
/// Unicode spaces (`UnicodeSpace`): a dash or bullet in place of an item's `-`
/// (a word processor makes `- ` an en dash), a full-width colon (U+FF1A, from a
/// Chinese or Japanese input method) after a key. libyaml reads them as text.
enum YAMLPastedText {
    /// A dash or bullet typed in place of an item's `-` at `offset`: its name and width.
    static func marker(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (name: String, width: Int)? {
        guard offset + 2 < bytes.count else { return nil }
        switch (bytes[offset], bytes[offset + 1], bytes[offset + 2]) {
        case (0xE2, 0x80, 0x90): return ("a hyphen (U+2010)", 3)
        case (0xE2, 0x80, 0x93): return ("an en dash (U+2013)", 3)
        case (0xE2, 0x80, 0x94): return ("an em dash (U+2014)", 3)
        case (0xE2, 0x80, 0xA2): return ("a bullet (U+2022)", 3)
        case (0xE2, 0x88, 0x92): return ("a minus sign (U+2212)", 3)
        case (0xEF, 0xBC, 0x8D): return ("a full-width hyphen (U+FF0D)", 3)
        default: return nil
        }
    }

    /// A full-width colon (U+FF1A) at `offset`.
    static func isFullWidthColon(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        offset + 2 < bytes.count && bytes[offset] == 0xEF && bytes[offset + 1] == 0xBC && bytes[offset + 2] == 0x9A
    }
}
