import FormRuntime
import Foundation

/// An RFC 9457 problem document: what every error answer of the server is, as
/// `application/problem+json`.
///
/// `type` is `about:blank` for the plain HTTP errors (its `title` is then the
/// status's reason phrase), and a path on this server for the two problems of a
/// submission, which `GET` on that path explains: `/problems/invalid-values` (the
/// form's rules failed; `issues` lists them) and `/problems/malformed-values` (the
/// JSON is not the form's `Values`; `pointer` says where).
public struct Problem: Encodable, Equatable, Sendable {
    public var type: String
    public var title: String
    public var status: Int
    public var detail: String
    /// The submission's invalid values, each at its JSON Pointer (SPEC §14).
    public var issues: [ValidationIssue]?
    /// Where in the body the JSON stops being the form's `Values`.
    public var pointer: String?

    public init(type: String = "about:blank", title: String, status: Int, detail: String,
                issues: [ValidationIssue]? = nil, pointer: String? = nil) {
        self.type = type
        self.title = title
        self.status = status
        self.detail = detail
        self.issues = issues
        self.pointer = pointer
    }

    /// A plain HTTP error: `about:blank` with the status's reason phrase.
    public static func http(_ status: Int, _ reason: String, detail: String) -> Problem {
        Problem(title: reason, status: status, detail: detail)
    }

    /// The problem types this server defines, by path, with what `GET` on the path answers.
    public static let documentation: [String: String] = [
        "/problems/invalid-values": """
            The submission is the form's values, but some break the form's rules. \
            `issues` lists each as a JSON Pointer into the submitted JSON (`path`) \
            and a message in the request's language (`message`), in the form's order. \
            Show each message at its field and submit again.
            """,
        "/problems/malformed-values": """
            The body is JSON, but not the form's values: a key is missing, or a value \
            has the wrong type or is no option of its field. `pointer` is where, \
            `detail` says what. The values are the JSON encoding of the form's \
            generated `Values` type: one key per field, each list an array of its \
            entries' values. (`formc schema` describes form files, not values.)
            """,
    ]

    /// The document's bytes: keys sorted, so one problem is always the same bytes.
    public var json: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data(#"{"status":500,"title":"Internal Server Error","type":"about:blank"}"#.utf8)
    }
}
