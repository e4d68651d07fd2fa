#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `preview --png`: screenshots of a page by a headless Chromium found on PATH.
/// The page allows no network access (its Content-Security-Policy), and Chromium
/// is started without its background services, so nothing leaves the machine.
enum Screenshot {
    enum Scheme: String, CaseIterable {
        case light, dark
    }

    /// The width of a large phone; tall enough for most forms.
    static let windowSize = "430,1400"

    /// `signup.html` → `signup.png` (light) or `signup-dark.png`.
    static func imagePath(forPage page: String, scheme: Scheme) -> String {
        let base = page.hasSuffix(".html") ? String(page.dropLast(5)) : page
        return base + (scheme == .light ? ".png" : "-dark.png")
    }

    /// `chromium` or `chromium-browser` from PATH, as an absolute path.
    static func findChromium() -> String? {
        let path = ProcessEnvironment.variable("PATH") ?? ""
        for name in ["chromium", "chromium-browser"] {
            for directory in path.split(separator: ":", omittingEmptySubsequences: true) {
                let candidate = directory + "/" + name
                if access(candidate, X_OK) == 0, !FileAccess.isDirectory(candidate) { return candidate }
            }
        }
        return nil
    }

    /// Takes one screenshot; a message when it failed.
    static func take(page: String, scheme: Scheme, into image: String, browser: String, workingDirectory: String) -> String? {
        let absolute = page.hasPrefix("/") ? page : workingDirectory + "/" + page
        var arguments = [
            browser, "--headless", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
            "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--disable-default-apps", "--mute-audio",
            "--force-device-scale-factor=1", "--window-size=\(windowSize)",
            "--screenshot=\(image.hasPrefix("/") ? image : workingDirectory + "/" + image)",
        ]
        // Chromium refuses to run as root with its sandbox (containers, CI images).
        if geteuid() == 0 { arguments.append("--no-sandbox") }
        arguments.append("file://" + fileURLPath(absolute) + "#" + scheme.rawValue)
        FileAccess.remove(image)
        let status = run(arguments)
        guard status == 0, access(image, R_OK) == 0 else {
            return "\(browser) could not take the \(scheme.rawValue) screenshot of '\(page)' (exit status \(status))."
        }
        return nil
    }

    /// A path percent-encoded for a file URL (`/` kept).
    static func fileURLPath(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }

    /// Runs a program with its output discarded; its exit status, or -1.
    private static func run(_ arguments: [String]) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        // The browser starts with SIGPIPE as a program expects it, not as formc set it (ignored).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        var pid = pid_t()
        guard posix_spawn(&pid, arguments[0], &actions, &attributes, &argv, environ) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return -1 }
        }
        // WIFEXITED / WEXITSTATUS, which Swift does not import as functions.
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
    }
}
