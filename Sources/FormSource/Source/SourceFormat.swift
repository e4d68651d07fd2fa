/// The syntax a form file is written in (SPEC §1): chosen by the file's name, and
/// told to the reader and the decoder, which type a plain JSON scalar differently
/// from a YAML one.
public enum SourceFormat: Sendable, Hashable {
    /// YAML, read by libyaml.
    case yaml
    /// Strict RFC 8259 JSON: a file whose name ends in `.json`.
    case json

    public init(path: String) {
        self = path.lowercased().hasSuffix(".json") ? .json : .yaml
    }

    /// A key and its value as a help line writes them in this format: `'key: value'`
    /// in YAML, `"key": "value"` in JSON (`"key": value` where `quoted` is false: a
    /// number, a Boolean).
    public func entry(_ key: String, _ value: String, quoted: Bool = true) -> String {
        switch self {
        case .yaml: "'\(key): \(value)'"
        case .json: quoted ? "\"\(key)\": \"\(value)\"" : "\"\(key)\": \(value)"
        }
    }

    /// A key as a help line names it: `'key:'` in YAML, `"key"` in JSON.
    public func key(_ key: String) -> String {
        self == .json ? "\"\(key)\"" : "'\(key):'"
    }
}
