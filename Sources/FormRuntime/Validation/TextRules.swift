/// The predicates behind the text rules, public so that tests (and apps) can pin
/// them. They answer for the value as given: they do not trim, and the empty
/// string is neither an email nor a URL (the runner lets empty values pass).
///
/// `isEmail` and `isURL` are hand-written scanners over the UTF-8 bytes of
/// exactly the grammar of SPEC §6.2, not regular expressions, so that their
/// behaviour is readable and no input can make them backtrack. Hosts and
/// domains are ASCII only, as the spec's character classes are: an
/// internationalised domain must be written in its `xn--` (Punycode) form.
public enum TextRules {
    /// True when `text` is empty or holds only whitespace and newlines (any
    /// Unicode white space, `\r\n` included).
    public static func isBlank(_ text: String) -> Bool {
        text.allSatisfy { $0.isWhitespace || $0.isNewline }
    }

    /// SPEC §6.2: `local@domain.tld`. Exactly one `@`; a local part of ASCII
    /// letters, digits and ``!#$%&'*+/=?^_`{|}~.-`` that neither starts nor ends
    /// with `.` nor holds `..`; a domain of at least two dot-separated labels of
    /// letters, digits and `-` (a label neither starts nor ends with `-`), whose
    /// last label is at least two letters. No whitespace anywhere.
    public static func isEmail(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let at = bytes.firstIndex(of: ASCII.at),
              bytes[(at + 1)...].firstIndex(of: ASCII.at) == nil else { return false }
        let local = bytes[..<at]
        let domain = bytes[(at + 1)...]
        guard let first = local.first, let last = local.last,
              first != ASCII.dot, last != ASCII.dot,
              local.allSatisfy(ASCII.isEmailLocal) else { return false }
        for (byte, next) in zip(local, local.dropFirst()) where byte == ASCII.dot && next == ASCII.dot {
            return false
        }
        let labels = domain.split(separator: ASCII.dot, omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy(isHostLabel),
              let topLevel = labels.last, topLevel.count >= 2,
              topLevel.allSatisfy(ASCII.isLetter) else { return false }
        return true
    }

    /// SPEC §6.2: an absolute `http` or `https` URL with a host.
    ///
    /// `scheme://[userinfo@]host[:port][/path][?query][#fragment]` where the
    /// scheme is `http` or `https` in any case; the host is an IPv6 literal in
    /// brackets or dot-separated labels of ASCII letters, digits and `-` (each
    /// non-empty, not starting or ending with `-`; `localhost` and IPv4 addresses
    /// fit); a port is 1–5 digits up to 65535; path, query and fragment may hold
    /// anything but whitespace and control characters.
    public static func isURL(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let colon = bytes.firstIndex(of: ASCII.colon),
              ASCII.equalsIgnoringCase(bytes[..<colon], "http") || ASCII.equalsIgnoringCase(bytes[..<colon], "https"),
              bytes[(colon + 1)...].starts(with: [ASCII.slash, ASCII.slash]) else { return false }
        let authorityStart = colon + 3
        let authorityEnd = bytes[authorityStart...].firstIndex(where: ASCII.endsAuthority) ?? bytes.endIndex
        guard isAuthority(bytes[authorityStart..<authorityEnd]) else { return false }
        return isPathQueryFragment(bytes[authorityEnd...])
    }

    private static func isAuthority(_ authority: ArraySlice<UInt8>) -> Bool {
        var hostPort = authority
        if let at = authority.lastIndex(of: ASCII.at) {
            guard authority[..<at].allSatisfy(ASCII.isUserInfo) else { return false }
            hostPort = authority[(at + 1)...]
        }
        let portColon: Int?
        if hostPort.first == ASCII.openBracket {
            guard let close = hostPort.firstIndex(of: ASCII.closeBracket) else { return false }
            let literal = hostPort[(hostPort.startIndex + 1)..<close]
            guard !literal.isEmpty, literal.allSatisfy(ASCII.isIPv6Literal) else { return false }
            let rest = hostPort[(close + 1)...]
            guard rest.isEmpty || rest.first == ASCII.colon else { return false }
            portColon = rest.isEmpty ? nil : rest.startIndex
        } else {
            portColon = hostPort.firstIndex(of: ASCII.colon)
            let host = hostPort[..<(portColon ?? hostPort.endIndex)]
            guard host.split(separator: ASCII.dot, omittingEmptySubsequences: false).allSatisfy(isHostLabel) else {
                return false
            }
        }
        guard let portColon else { return true }
        let port = hostPort[(portColon + 1)...]
        guard (1...5).contains(port.count), port.allSatisfy(ASCII.isDigit) else { return false }
        return port.reduce(0) { $0 * 10 + Int($1 - ASCII.zero) } <= 65_535
    }

    private static func isHostLabel(_ label: ArraySlice<UInt8>) -> Bool {
        guard let first = label.first, let last = label.last,
              first != ASCII.hyphen, last != ASCII.hyphen else { return false }
        return label.allSatisfy { ASCII.isLetter($0) || ASCII.isDigit($0) || $0 == ASCII.hyphen }
    }

    private static func isPathQueryFragment(_ rest: ArraySlice<UInt8>) -> Bool {
        String(decoding: rest, as: UTF8.self).unicodeScalars.allSatisfy { scalar in
            !scalar.properties.isWhitespace && scalar.properties.generalCategory != .control
        }
    }
}

/// The ASCII bytes and classes the scanners of `TextRules` need.
private enum ASCII {
    static let at = UInt8(ascii: "@")
    static let dot = UInt8(ascii: ".")
    static let colon = UInt8(ascii: ":")
    static let slash = UInt8(ascii: "/")
    static let hyphen = UInt8(ascii: "-")
    static let zero = UInt8(ascii: "0")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")

    static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }

    private static let emailLocalSymbols = Set("!#$%&'*+/=?^_`{|}~.-".utf8)
    private static let userInfoSymbols = Set("-._~!$&'()*+,;=:%".utf8)

    static func isEmailLocal(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte) || emailLocalSymbols.contains(byte)
    }

    static func isUserInfo(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte) || userInfoSymbols.contains(byte)
    }

    static func isIPv6Literal(_ byte: UInt8) -> Bool {
        isHexDigit(byte) || byte == colon || byte == dot
    }

    static func endsAuthority(_ byte: UInt8) -> Bool {
        byte == slash || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }

    /// `word` must be lowercase letters.
    static func equalsIgnoringCase(_ bytes: ArraySlice<UInt8>, _ word: String) -> Bool {
        bytes.count == word.utf8.count && zip(bytes, word.utf8).allSatisfy { $0 | 0x20 == $1 }
    }
}
