import FormSource

/// The human format of SPEC §4: a header line per diagnostic, the source line with
/// a line-number gutter, a caret line under the exact span, `= help:` lines and
/// notes with their own snippets, then a summary line. ANSI colour is optional
/// and decided by the caller (a terminal, and no `NO_COLOR` with a value).
public struct TextRenderer: DiagnosticRenderer {
    /// The inputs by path, for the source lines; a diagnostic whose file is not
    /// here (an unreadable file) is shown without a snippet.
    public var sources: [String: SourceFile]
    public var colored: Bool
    /// Whether to end with `2 errors, 1 warning in 3 files`.
    public var showsSummary: Bool

    public init(sources: [String: SourceFile], colored: Bool = false, showsSummary: Bool = true) {
        self.sources = sources
        self.colored = colored
        self.showsSummary = showsSummary
    }

    public func render(_ report: DiagnosticReport) -> String {
        var out = ""
        for diagnostic in report.diagnostics {
            out += render(diagnostic)
            out += "\n"
        }
        if showsSummary {
            out += paint(report.summary, .bold) + "\n"
        }
        return out
    }

    /// One diagnostic's block, every line ending in a newline.
    public func render(_ diagnostic: Diagnostic) -> String {
        let width = gutterWidth(for: diagnostic)
        let blank = String(repeating: " ", count: width)
        var out = header(diagnostic.location, diagnostic.severity, diagnostic.message, code: diagnostic.code)
        out += snippet(diagnostic.location, severity: diagnostic.severity, width: width)
        for help in diagnostic.help {
            out += blank + " " + paint("= help:", .bold, .green) + " " + Self.sanitized(help) + "\n"
        }
        for note in diagnostic.notes {
            if let location = note.location {
                out += header(location, .note, note.message, code: nil)
                out += snippet(location, severity: .note, width: width)
            } else {
                out += blank + " " + paint("= note:", .bold, .cyan) + " " + Self.sanitized(note.message) + "\n"
            }
        }
        return out
    }

    private func header(_ location: SourceLocation, _ severity: Severity, _ message: String, code: DiagnosticCode?) -> String {
        let start = location.range.start
        var line = paint("\(Self.sanitized(location.file)):\(start.line):\(start.column):", .bold) + " "
        line += paint("\(severity.rawValue):", .bold, severity.color) + " "
        line += paint(Self.sanitized(message), .bold)
        if let code { line += " " + paint("[\(code.rawValue)]", .bold, severity.color) }
        return line + "\n"
    }

    /// The source line and the caret line, or nothing when the line is unknown.
    private func snippet(_ location: SourceLocation, severity: Severity, width: Int) -> String {
        let start = location.range.start
        guard let file = sources[location.file], let text = file.lineText(start.line) else { return "" }
        var scalars = Array(Self.sanitized(text).unicodeScalars)
        // A line longer than a screen of screens (a minified file, `/dev/zero`) is
        // cut after the span, or not shown when the span starts past the cut.
        if scalars.count > Self.longestSnippet {
            guard start.column <= Self.longestSnippet else { return "" }
            scalars = Array(scalars.prefix(Self.longestSnippet)) + ["…"]
        }
        let number = String(start.line)
        let gutter = String(repeating: " ", count: width - number.count) + number
        let blank = String(repeating: " ", count: width)
        var out = paint(gutter + " |", .bold, .blue) + " " + String(String.UnicodeScalarView(scalars)) + "\n"

        // Tabs before the span are repeated so the caret lines up however wide the
        // terminal draws a tab; any other character takes the cells a terminal
        // gives it (two for a CJK character or an emoji, none for a combining mark).
        var padding = ""
        for index in 0..<max(0, start.column - 1) {
            if index < scalars.count, scalars[index] == "\t" {
                padding += "\t"
            } else {
                padding += String(repeating: " ", count: index < scalars.count ? Self.cells(scalars[index]) : 1)
            }
        }
        let end = location.range.end
        let spanEnd = end.line == start.line ? end.column : scalars.count + 1
        var spanWidth = 0
        for index in max(0, start.column - 1)..<max(start.column - 1, spanEnd - 1) {
            spanWidth += index < scalars.count ? Self.cells(scalars[index]) : 1
        }
        let marker = "^" + String(repeating: "~", count: max(1, spanWidth) - 1)
        out += paint(blank + " |", .bold, .blue) + " " + padding + paint(marker, .bold, severity.color) + "\n"
        return out
    }

    /// The most scalars of a source line a snippet shows.
    static let longestSnippet = 1_000

    /// The terminal cells `scalar` takes, as `wcwidth` counts them: none for a
    /// combining mark, a joiner or a variation selector; two for an emoji shown as
    /// one and for East Asian wide and fullwidth characters; else one.
    static func cells(_ scalar: Unicode.Scalar) -> Int {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return 0
        case .format where scalar.value != 0xAD: return 0
        default: break
        }
        if properties.isEmojiPresentation { return 2 }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    private func gutterWidth(for diagnostic: Diagnostic) -> Int {
        let lines = [diagnostic.location.range.start.line] + diagnostic.notes.compactMap { $0.location?.range.start.line }
        let digits = String(lines.max() ?? 1).count
        return max(5, digits + 1)
    }

    private func paint(_ text: String, _ styles: ANSIStyle...) -> String {
        guard colored, !styles.isEmpty else { return text }
        return styles.map(\.code).joined() + text + ANSIStyle.reset
    }

    /// Control characters from the input (an escape sequence in a key, say) are
    /// shown as U+FFFD so that they cannot drive the terminal, nor a line break in
    /// a key start a line that looks like another diagnostic; so are the
    /// direction embeddings, overrides and isolates (U+202A–U+202E,
    /// U+2066–U+2069), so that an id holding one cannot show its text reordered
    /// ("Trojan Source"). One scalar stays one scalar, so columns still line up.
    /// Tabs are kept, and the marks of one direction (U+200E, U+200F), which a
    /// right-to-left title may hold and which reorder nothing past themselves.
    static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            out.append(isControl(scalar) ? "\u{FFFD}" : scalar)
        }
        return String(out)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0x00..<0x20, 0x7F, 0x80..<0xA0, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}

/// The few SGR codes the text format uses.
enum ANSIStyle {
    case bold, red, yellow, cyan, blue, green

    var code: String {
        switch self {
        case .bold: "\u{1B}[1m"
        case .red: "\u{1B}[31m"
        case .yellow: "\u{1B}[33m"
        case .cyan: "\u{1B}[36m"
        case .blue: "\u{1B}[34m"
        case .green: "\u{1B}[32m"
        }
    }

    static let reset = "\u{1B}[0m"
}

extension Severity {
    fileprivate var color: ANSIStyle {
        switch self {
        case .error: .red
        case .warning: .yellow
        case .note: .cyan
        }
    }
}
