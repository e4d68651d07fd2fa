/// What a YAML text holds when libyaml finds no document in it: nothing but
/// white space (a byte order mark, spaces, tabs and line breaks, Unicode's NEL,
/// LS and PS among them), or comments too. A form file of either is FC100 ("the
/// file is empty", "the file holds only comments"); a `formc-config.yaml` of
/// either sets nothing.
package enum YAMLBlankText: Equatable {
    case blank
    case commentsOnly
    /// Something other than white space and comments.
    case content

    package init(_ bytes: some Collection<UInt8>) {
        var sawComment = false
        for line in String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline) {
            let content = line.unicodeScalars.drop { $0 == " " || $0 == "\t" || $0 == "\u{FEFF}" }
            guard let first = content.first else { continue }
            guard first == "#" else {
                self = .content
                return
            }
            sawComment = true
        }
        self = sawComment ? .commentsOnly : .blank
    }
}
