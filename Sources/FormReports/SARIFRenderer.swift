import FormJSON
import FormSource

/// SARIF 2.1.0, the format GitHub code scanning (`github/codeql-action/upload-sarif`)
/// and other analysis dashboards read. One run whose driver lists every catalog
/// code as a rule; one result per diagnostic, its notes as related locations.
///
/// What code scanning needs, and where it is met: `version` and `runs`;
/// `tool.driver.name`; per rule `id`, `shortDescription`, `fullDescription`,
/// `help` and `defaultConfiguration.level`; per result `ruleId`, `ruleIndex`,
/// `level`, `message.text` and one `physicalLocation` with an `artifactLocation.uri`
/// relative to the checkout (`uriBaseId: %SRCROOT%`) and a `region` whose lines and
/// columns are 1-based. `partialFingerprints` are left to the upload action, which
/// computes them from the files.
public struct SARIFRenderer: DiagnosticRenderer {
    public static let schema = "https://json.schemastore.org/sarif-2.1.0.json"

    /// Shown as the driver's version.
    public var toolVersion: String
    /// The absolute directory that relative URIs are relative to (the process's
    /// working directory); paths outside it become absolute `file://` URIs.
    public var workingDirectory: String

    public init(toolVersion: String, workingDirectory: String) {
        self.toolVersion = toolVersion
        self.workingDirectory = workingDirectory
    }

    public func render(_ report: DiagnosticReport) -> String {
        document(report).rendered()
    }

    public func document(_ report: DiagnosticReport) -> JSONValue {
        let driver: JSONValue = .object([
            ("name", .string("formc")),
            ("version", .string(toolVersion)),
            ("rules", .array(DiagnosticCatalog.entries.map(Self.rule))),
        ])
        let run: JSONValue = .object([
            ("tool", .object([("driver", driver)])),
            // formc counts columns in Unicode scalars, which SARIF calls code points.
            ("columnKind", .string("unicodeCodePoints")),
            ("results", .array(report.diagnostics.map(result))),
        ])
        return .object([
            ("$schema", .string(Self.schema)),
            ("version", .string("2.1.0")),
            ("runs", .array([run])),
        ])
    }

    static func rule(_ entry: DiagnosticCatalog.Entry) -> JSONValue {
        .object([
            ("id", .string(entry.code.rawValue)),
            ("shortDescription", .object([("text", .string(entry.title))])),
            ("fullDescription", .object([("text", .string(entry.explanation))])),
            ("help", .object([
                ("text", .string(entry.helpText)),
                ("markdown", .string(entry.helpMarkdown)),
            ])),
            ("defaultConfiguration", .object([("level", .string(level(entry.severity)))])),
        ])
    }

    func result(_ diagnostic: Diagnostic) -> JSONValue {
        var text = diagnostic.message
        for help in diagnostic.help { text += "\nhelp: \(help)" }
        for note in diagnostic.notes where note.location == nil { text += "\nnote: \(note.message)" }
        var members: [(String, JSONValue)] = [
            ("ruleId", .string(diagnostic.code.rawValue)),
        ]
        if let index = DiagnosticCode.all.firstIndex(of: diagnostic.code) {
            members.append(("ruleIndex", .integer(index)))
        }
        members += [
            ("level", .string(Self.level(diagnostic.severity))),
            ("message", .object([("text", .string(text))])),
            ("locations", .array([.object([("physicalLocation", physicalLocation(diagnostic.location))])])),
        ]
        let related = diagnostic.notes.compactMap { note in note.location.map { (note.message, $0) } }
        if !related.isEmpty {
            members.append(("relatedLocations", .array(related.enumerated().map { index, pair in
                .object([
                    ("id", .integer(index + 1)),
                    ("physicalLocation", physicalLocation(pair.1)),
                    ("message", .object([("text", .string(pair.0))])),
                ])
            })))
        }
        return .object(members)
    }

    func physicalLocation(_ location: SourceLocation) -> JSONValue {
        let range = location.range
        var artifact: [(String, JSONValue)] = []
        let uri = Self.artifactURI(for: location.file, workingDirectory: workingDirectory)
        artifact.append(("uri", .string(uri.uri)))
        if uri.isRelative { artifact.append(("uriBaseId", .string("%SRCROOT%"))) }
        return .object([
            ("artifactLocation", .object(artifact)),
            ("region", .object([
                ("startLine", .integer(max(1, range.start.line))),
                ("startColumn", .integer(max(1, range.start.column))),
                ("endLine", .integer(max(1, range.end.line))),
                ("endColumn", .integer(max(1, range.end.column))),
            ])),
        ])
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    /// A diagnostic's path as a URI: relative to `workingDirectory` (`.` and `..`
    /// resolved, percent-encoded) when it lies inside it,
    /// else an absolute `file://` URI.
    public static func artifactURI(for path: String, workingDirectory: String) -> (uri: String, isRelative: Bool) {
        // A backslash is a character of a POSIX file name, not a separator: it is
        // percent-encoded like any other.
        guard workingDirectory.hasPrefix("/") else {
            // A working directory that could not be named (`.`): an absolute path
            // is a file URI; a relative one is read from the checkout while it
            // stays in it, else written as it climbs.
            if path.hasPrefix("/") { return ("file:///" + PathComponents.normalized(path).map(percentEncoded).joined(separator: "/"), false) }
            let relative = PathComponents.relative(path)
            let encoded = relative.components.map(percentEncoded).joined(separator: "/")
            guard relative.climbs > 0 else { return (encoded, true) }
            return (String(repeating: "../", count: relative.climbs) + encoded, false)
        }
        let base = PathComponents.normalized(workingDirectory)
        let absolute = PathComponents.normalized(path.hasPrefix("/") ? path : workingDirectory + "/" + path)
        if absolute.count > base.count, Array(absolute.prefix(base.count)) == base {
            let relative = absolute.dropFirst(base.count).map(percentEncoded).joined(separator: "/")
            // A first segment with a colon would read as a scheme (`a:b.form.yaml`):
            // RFC 3986 §4.2 writes such a reference `./a:b.form.yaml`.
            let firstSegment = relative.prefix { $0 != "/" }
            return (firstSegment.contains(":") ? "./" + relative : relative, true)
        }
        return ("file:///" + absolute.map(percentEncoded).joined(separator: "/"), false)
    }

    /// RFC 3986 path-segment encoding: unreserved characters and the sub-delimiters
    /// stay, everything else (space, `%`, `#`, `?`, non-ASCII) becomes `%XX` of UTF-8.
    private static func percentEncoded(_ segment: String) -> String {
        var out = ""
        for byte in segment.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            case _ where "-._~!$&'()*+,;=:@".utf8.contains(byte):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }
}
