extension DiagnosticCatalog {
    /// `formc explain CODE`: plain text, wrapped at 80 columns.
    public static func explanation(for entry: Entry) -> String {
        var out = "\(entry.code.rawValue): \(entry.title) (\(entry.severity.rawValue))\n\n"
        out += wrapped(entry.explanation) + "\n\n"
        out += entry.exampleIsRunnable ? "Example:\n\n" : "Example (described, not a runnable form):\n\n"
        out += entry.example.split(separator: "\n", omittingEmptySubsequences: false).map { "    \($0)" }.joined(separator: "\n")
        out += "\n\nFix:\n\n" + wrapped(entry.fix) + "\n"
        return out
    }

    /// `docs/diagnostics.md`: the table of every code, then each code's section.
    public static func markdown() -> String {
        var out = """
        # formc diagnostics

        <!-- Generated from DiagnosticCatalog by `formc explain --all --markdown > docs/diagnostics.md`.
             Do not edit by hand: CatalogTests fails when this file and the catalog differ. -->

        Every diagnostic has a stable code: a code never changes meaning once released.
        `formc explain CODE` prints the same text as this page. Errors make `formc lint`
        and `formc build` exit with status 1; warnings do so only under `--strict`.
        Every error has at least one `help:` line that says what to write instead (a
        test breaks the bundled examples in many ways and checks each error for one);
        where the edit is certain, the language server offers it as a quick fix.

        | code | severity | meaning |
        |---|---|---|

        """
        for entry in entries {
            out += "| [\(entry.code.rawValue)](#\(entry.code.rawValue.lowercased())) | \(entry.severity.rawValue) | \(markdownInline(entry.title)) |\n"
        }
        for entry in entries {
            out += "\n" + markdownSection(for: entry)
        }
        return out
    }

    /// One code's section of `docs/diagnostics.md`.
    public static func markdownSection(for entry: Entry) -> String {
        var out = "## \(entry.code.rawValue)\n\n"
        out += "**\(markdownInline(entry.title))** (\(entry.severity.rawValue))\n\n"
        out += entry.explanation + "\n\n"
        out += entry.exampleIsRunnable ? "Example:\n\n" : "Example (described; not a runnable form):\n\n"
        out += "```yaml\n\(entry.example)\n```\n\n"
        out += "**Fix:** \(entry.fix)\n"
        return out
    }

    private static func markdownInline(_ text: String) -> String {
        String(text.map { $0 == "|" ? "/" : $0 })
    }

    /// Greedy word wrap; words longer than the width stay whole.
    static func wrapped(_ text: String, width: Int = 80) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { paragraph in
            var lines: [String] = []
            var line = ""
            for word in paragraph.split(separator: " ") {
                if !line.isEmpty, line.count + 1 + word.count > width {
                    lines.append(line)
                    line = ""
                }
                line += (line.isEmpty ? "" : " ") + word
            }
            lines.append(line)
            return lines.joined(separator: "\n")
        }.joined(separator: "\n")
    }
}
