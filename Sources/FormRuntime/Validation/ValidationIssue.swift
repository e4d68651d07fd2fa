/// One invalid value of a form: where it is and what is wrong (SPEC §14).
///
/// `path` is the RFC 6901 JSON Pointer of the value in the JSON encoding of the
/// form's `Values` (`/email`, `/employers/1/company`, entries counted from 0), so a
/// server can answer a submission with the issues and a client can put each message
/// at its field.
public struct ValidationIssue: Codable, Equatable, Hashable, Sendable {
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }
}

/// RFC 6901 JSON Pointers, as `ValidationIssue.path` writes them.
public enum JSONPointer {
    /// The pointer of `tokens`: `["employers", "1", "company"]` → `/employers/1/company`;
    /// `~` is written `~0` and `/` is written `~1`. No tokens give `""`, the whole document.
    public static func path(_ tokens: [String]) -> String {
        var path = ""
        for token in tokens {
            path.append("/")
            if token.contains(where: { $0 == "~" || $0 == "/" }) {
                for character in token {
                    switch character {
                    case "~": path.append("~0")
                    case "/": path.append("~1")
                    default: path.append(character)
                    }
                }
            } else {
                path.append(token)
            }
        }
        return path
    }

    /// The tokens of `pointer`, unescaped; nil when it is not a JSON Pointer (it is
    /// neither empty nor starts with `/`, or a `~` is not followed by `0` or `1`).
    public static func tokens(of pointer: String) -> [String]? {
        if pointer.isEmpty { return [] }
        guard pointer.first == "/" else { return nil }
        var tokens: [String] = []
        for raw in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            var token = ""
            var escaping = false
            for character in raw {
                if escaping {
                    switch character {
                    case "0": token.append("~")
                    case "1": token.append("/")
                    default: return nil
                    }
                    escaping = false
                } else if character == "~" {
                    escaping = true
                } else {
                    token.append(character)
                }
            }
            if escaping { return nil }
            tokens.append(token)
        }
        return tokens
    }
}
