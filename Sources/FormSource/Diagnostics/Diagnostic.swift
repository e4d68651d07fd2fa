/// How serious a diagnostic is. Errors make `lint` and `build` exit 1; warnings
/// do so only under `--strict`.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
    case error
    case warning
    case note

    private var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .note: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A secondary location attached to a diagnostic ("first defined here").
public struct DiagnosticNote: Hashable, Sendable {
    public var message: String
    public var location: SourceLocation?

    public init(_ message: String, at location: SourceLocation? = nil) {
        self.message = message
        self.location = location
    }
}

/// One problem found in one input: the single model every output format renders.
public struct Diagnostic: Hashable, Sendable {
    public var severity: Severity
    public var code: DiagnosticCode
    public var message: String
    /// The primary location: the exact key, value or character that is wrong.
    public var location: SourceLocation
    public var notes: [DiagnosticNote]
    /// Actionable advice, one line each ("did you mean 'minLength'?").
    public var help: [String]
    /// The edit of `location` that one line of `help` names, when exactly one does:
    /// the editor's quick fix (SPEC §12).
    public var fix: DiagnosticFix?

    public init(
        _ severity: Severity,
        _ code: DiagnosticCode,
        _ message: String,
        at location: SourceLocation,
        notes: [DiagnosticNote] = [],
        help: [DiagnosticHelp] = []
    ) {
        self.severity = severity
        self.code = code
        self.message = message
        self.location = location
        self.notes = notes
        self.help = help.map(\.text)
        let fixes = help.compactMap(\.fix)
        self.fix = fixes.count == 1 ? fixes[0] : nil
    }

    /// The order diagnostics are reported in: file, line, column, then code and
    /// message so that equal positions still sort the same way on every run.
    public static func reportOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        if lhs.location.file != rhs.location.file { return lhs.location.file < rhs.location.file }
        if lhs.location.range.start != rhs.location.range.start {
            return lhs.location.range.start < rhs.location.range.start
        }
        if lhs.code != rhs.code { return lhs.code < rhs.code }
        return lhs.message < rhs.message
    }
}

/// Collects the diagnostics of one file as the stages run. Stages never stop at
/// the first problem: they record it here and carry on with what they can.
public struct DiagnosticBag: Sendable {
    public let file: String
    public private(set) var diagnostics: [Diagnostic] = []

    public init(file: String) {
        self.file = file
    }

    /// The format of the file, in whose syntax a help writes what to write.
    public var format: SourceFormat { SourceFormat(path: file) }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    public var errorCount: Int { diagnostics.count { $0.severity == .error } }

    public func location(_ range: SourceRange) -> SourceLocation {
        SourceLocation(file: file, range: range)
    }

    public mutating func error(
        _ code: DiagnosticCode, _ message: String, at range: SourceRange,
        notes: [DiagnosticNote] = [], help: [DiagnosticHelp] = []
    ) {
        diagnostics.append(Diagnostic(.error, code, message, at: location(range), notes: notes, help: help))
    }

    public mutating func warning(
        _ code: DiagnosticCode, _ message: String, at range: SourceRange,
        notes: [DiagnosticNote] = [], help: [DiagnosticHelp] = []
    ) {
        diagnostics.append(Diagnostic(.warning, code, message, at: location(range), notes: notes, help: help))
    }

    /// A note that points into this file.
    public func note(_ message: String, at range: SourceRange) -> DiagnosticNote {
        DiagnosticNote(message, at: location(range))
    }

    public mutating func append(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    /// Changes the diagnostic at `index` (of `diagnostics`) in place.
    public mutating func modify(at index: Int, _ change: (inout Diagnostic) -> Void) {
        change(&diagnostics[index])
    }

    public mutating func append(contentsOf other: [Diagnostic]) {
        diagnostics.append(contentsOf: other)
    }

    /// The diagnostics in report order, each once: what a YAML alias repeats is
    /// decoded, and can be found wrong, once per use, at the one place it is written.
    /// Copies that differ only in their notes (each use noted) are one diagnostic
    /// with every note.
    public var sorted: [Diagnostic] {
        let sorted = diagnostics.sorted(by: Diagnostic.reportOrder)
        var unique: [Diagnostic] = []
        unique.reserveCapacity(sorted.count)
        // Copies sort next to each other: among the diagnostics of one place, code and message.
        var sameKey = 0
        for diagnostic in sorted {
            if let last = unique.last, Diagnostic.reportOrder(last, diagnostic) { sameKey = unique.count }
            if let copy = unique[sameKey...].firstIndex(where: { $0.isCopy(of: diagnostic) }) {
                for note in diagnostic.notes where !unique[copy].notes.contains(note) { unique[copy].notes.append(note) }
                // Whichever comes first, the copy with a fix gives it.
                if unique[copy].fix == nil { unique[copy].fix = diagnostic.fix }
                continue
            }
            unique.append(diagnostic)
        }
        return unique
    }
}

extension Diagnostic {
    /// Whether the two say the same of the same place, whatever their notes and
    /// fixes: the mistake in an anchored node, read again at each of its aliases,
    /// is one mistake, whose fix is the one its reading at the node gives (a
    /// reading through an alias gives none where the fix would write the alias).
    func isCopy(of other: Diagnostic) -> Bool {
        var (this, other) = (self, other)
        (this.notes, other.notes) = ([], [])
        (this.fix, other.fix) = (nil, nil)
        return this == other
    }
}
