import CYAML

/// Owns one libyaml parser for the length of a closure: allocation, input, and the
/// `yaml_parser_delete` that must follow every successful initialisation.
enum LibYAML {
    /// Runs `body` with a parser reading `bytes`, or returns nil when libyaml
    /// cannot allocate a parser.
    ///
    /// libyaml detects the encoding itself: setting UTF-8 explicitly would make it
    /// read a leading byte-order mark as an indented column of line 1.
    static func withParser<Result>(
        _ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeMutablePointer<yaml_parser_t>) -> Result
    ) -> Result? {
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) != 0 else { return nil }
        defer { yaml_parser_delete(parser) }
        guard let base = bytes.baseAddress else {
            // libyaml asserts a non-null input pointer even for an empty input.
            var nothing: UInt8 = 0
            return withUnsafePointer(to: &nothing) { pointer in
                yaml_parser_set_input_string(parser, pointer, 0)
                return body(parser)
            }
        }
        yaml_parser_set_input_string(parser, base, bytes.count)
        return body(parser)
    }
}

/// libyaml's raw event loop with nothing built on top: the floor that the read
/// stage's benchmark is measured against, and the reference verdict that the
/// conformance tests hold `YAMLReader` to.
public enum LibYAMLFloor {
    /// Parses `bytes` and returns how many events libyaml produced, or nil when
    /// libyaml rejected the input (or could not allocate a parser).
    public static func parseEventCount(_ bytes: [UInt8]) -> Int? {
        let count = bytes.withUnsafeBufferPointer { buffer in
            LibYAML.withParser(buffer) { parser -> Int? in
                var event = yaml_event_t()
                var events = 0
                while true {
                    guard yaml_parser_parse(parser, &event) != 0 else { return nil }
                    let type = event.type
                    yaml_event_delete(&event)
                    events += 1
                    if type == YAML_STREAM_END_EVENT { return events }
                }
            }
        }
        return count ?? nil
    }
}
