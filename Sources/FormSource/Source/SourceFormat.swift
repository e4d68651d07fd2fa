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
}
