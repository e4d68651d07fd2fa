import FormCompiler
import Foundation

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
    static func discover(_ inputs: [String], fileManager: FileManager = .default) -> Result {
        var result = Result()
        var seen = Set<String>()
        func add(_ path: String) {
            if seen.insert(path).inserted { result.files.append(path) }
        }
        for input in inputs {
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: input, isDirectory: &isDirectory), isDirectory.boolValue else {
                add(input)
                continue
            }
            result.namedDirectory = true
            do {
                let found = try formFiles(below: input, fileManager: fileManager)
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
                    .error, .unreadableFile, "cannot read directory '\(input)': \(describe(error))",
                    at: SourceLocation(file: input, range: .fileStart)
                ))
            }
        }
        return result
    }

    /// Form files below `root`, as paths relative to it, in sorted order. Hidden
    /// folders (which include `.build`) are skipped, and symbolic links to folders
    /// are not followed, so that a link cycle cannot make the search endless.
    static func formFiles(below root: String, fileManager: FileManager) throws -> [String] {
        var found: [String] = []
        func walk(_ relative: String) throws {
            let directory = relative.isEmpty ? root : join(root, relative)
            for name in try fileManager.contentsOfDirectory(atPath: directory) {
                let path = relative.isEmpty ? name : relative + "/" + name
                let full = join(root, path)
                let type = (try? fileManager.attributesOfItem(atPath: full)[.type] as? FileAttributeType) ?? nil
                if type == .typeDirectory {
                    if name.hasPrefix(".") { continue }
                    try walk(path)
                } else if isFormFileName(name) {
                    var isDirectory: ObjCBool = false
                    if type == .typeSymbolicLink, fileManager.fileExists(atPath: full, isDirectory: &isDirectory), isDirectory.boolValue {
                        continue
                    }
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

    static func describe(_ error: any Error) -> String {
        if let posix = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(posix.code)))
        }
        return error.localizedDescription
    }
}
