/// A path's components as one spelling: `.` and empty ones left out, each `..`
/// taking away the one before it. For names that must not depend on how a path
/// was typed: a generated file's header, a SARIF artifact.
public enum PathComponents {
    /// An absolute path's components (a `..` never climbs past the root).
    public static func normalized(_ path: String) -> [String] {
        relative(path).components
    }

    /// A relative path's components, and how many `..` climb out of the folder
    /// it is read from (`../../a/./b`: 2, `a/b`).
    public static func relative(_ path: String) -> (climbs: Int, components: [String]) {
        var climbs = 0
        var result: [String] = []
        for component in path.split(separator: "/") {
            switch component {
            case ".": continue
            case "..": if result.isEmpty { climbs += 1 } else { result.removeLast() }
            default: result.append(String(component))
            }
        }
        return (climbs, result)
    }
}
