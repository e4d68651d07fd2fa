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
        var seenFiles = Set<FileAccess.Identity>()
        // One file however it is spelled (`a.form.yaml`, `./a.form.yaml`, a link).
        func add(_ path: String) {
            guard seen.insert(path).inserted else { return }
            if let identity = FileAccess.identity(of: path), !seenFiles.insert(identity).inserted { return }
            result.files.append(path)
        }
        for input in inputs {
            guard FileAccess.isDirectory(input) else {
                add(input)
                continue
            }
            result.namedDirectory = true
            do {
                let (found, unreadable) = try formFiles(below: input)
                for (folder, failure) in unreadable {
                    result.diagnostics.append(Diagnostic(
                        .error, .unreadableFile, "cannot read directory '\(join(input, folder))': \(failure.description)",
                        at: SourceLocation(file: join(input, folder), range: .fileStart)
                    ))
                }
                if found.isEmpty, unreadable.isEmpty {
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

    /// Form files below `root`, as paths relative to it, in sorted order, and the
    /// folders below it that could not be read (the search goes on beside them).
    /// Hidden folders (which include `.build`) are skipped, and symbolic links to
    /// folders are not followed, so that a link cycle cannot make the search
    /// endless; so are pipes, devices and sockets named like forms, whose reading
    /// may never end. Throws when `root` itself cannot be read.
    static func formFiles(below root: String) throws(FileAccess.Failure) -> (files: [String], unreadable: [(String, FileAccess.Failure)]) {
        var found: [String] = []
        var unreadable: [(String, FileAccess.Failure)] = []
        func walk(_ relative: String) throws(FileAccess.Failure) {
            let directory = relative.isEmpty ? root : join(root, relative)
            let names: [String]
            do {
                names = try FileAccess.directoryEntries(directory)
            } catch {
                if relative.isEmpty { throw error }
                unreadable.append((relative, error))
                return
            }
            for name in names {
                let path = relative.isEmpty ? name : relative + "/" + name
                let full = join(root, path)
                // `lstat`: a link is not a directory here, so links are not followed.
                if FileAccess.isDirectory(full, followingLinks: false) {
                    if name.hasPrefix(".") { continue }
                    try walk(path)
                } else if isFormFileName(name), !FileAccess.isDirectory(full), !FileAccess.isSpecial(full) {
                    // A link named like a form file but pointing at a folder is skipped.
                    found.append(path)
                }
            }
        }
        try walk("")
        return (found.sorted(), unreadable.sorted { $0.0 < $1.0 })
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
