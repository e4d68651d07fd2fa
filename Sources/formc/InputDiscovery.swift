import FormSource

/// Turns the command line's inputs into the list of form files (SPEC §1).
enum InputDiscovery {
    /// The file names a directory search picks up.
    static let formSuffixes = [".form.yaml", ".form.yml", ".form.json"]

    struct Result: Sendable {
        /// Files to compile, each path as the user named it (or the named directory
        /// joined with the path below it), without duplicates.
        var files: [String] = []
        /// Whether any input was a directory (so `build -o` means a directory).
        var namedDirectory = false
        /// Problems found while searching (an unreadable or empty directory), FC005.
        var diagnostics: [Diagnostic] = []
    }

    /// A named path that is not a directory is taken as a file even when it does not
    /// exist: reading it then reports FC005 along with every other problem.
    static func discover(_ inputs: [String]) -> Result {
        var result = Result()
        var seen = Set<String>()
        func add(_ path: String) {
            if seen.insert(path).inserted { result.files.append(path) }
        }
        for input in inputs {
            guard FileAccess.isDirectory(input) else {
                add(input)
                continue
            }
            result.namedDirectory = true
            do {
                let found = try formFiles(below: input)
                if found.isEmpty {
                    result.diagnostics.append(Diagnostic(
                        .error, .unreadableFile, "no form files in directory '\(input)'",
                        at: SourceLocation(file: input, range: .fileStart),
                        help: ["a directory is searched for \(formSuffixes.map { "*\($0)" }.joined(separator: ", ")); name other files explicitly"]
                    ))
                }
                found.forEach { add(join(input, $0)) }
            } catch {
                result.diagnostics.append(Diagnostic(
                    .error, .unreadableFile, "cannot read directory '\(input)': \(error.description)",
                    at: SourceLocation(file: input, range: .fileStart)
                ))
            }
        }
        return result
    }

    /// Form files below `root`, as paths relative to it, in sorted order. Hidden
    /// folders (which include `.build`) are skipped, and symbolic links to folders
    /// are not followed, so that a link cycle cannot make the search endless.
    static func formFiles(below root: String) throws(FileAccess.Failure) -> [String] {
        var found: [String] = []
        func walk(_ relative: String) throws(FileAccess.Failure) {
            let directory = relative.isEmpty ? root : join(root, relative)
            for name in try FileAccess.directoryEntries(directory) {
                let path = relative.isEmpty ? name : relative + "/" + name
                let full = join(root, path)
                // `lstat`: a link is not a directory here, so links are not followed.
                if FileAccess.isDirectory(full, followingLinks: false) {
                    if name.hasPrefix(".") { continue }
                    try walk(path)
                } else if isFormFileName(name), !FileAccess.isDirectory(full) {
                    // A link named like a form file but pointing at a folder is skipped.
                    found.append(path)
                }
            }
        }
        try walk("")
        return found.sorted()
    }

    static func isFormFileName(_ name: String) -> Bool {
        formSuffixes.contains { name.hasSuffix($0) }
    }

    /// `dir` + `/` + `relative`; a named `.` adds no `./` prefix.
    static func join(_ directory: String, _ relative: String) -> String {
        if directory == "." || directory == "./" { return relative }
        return directory.hasSuffix("/") ? directory + relative : directory + "/" + relative
    }

}
