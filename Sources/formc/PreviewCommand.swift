import ArgumentParser
import FormCompiler
import FormLocalization
import FormModel
import FormPreview
import FormReports
import FormSource

/// `formc preview`: one self-contained HTML page per form (SPEC §13), an
/// `index.html` when there are several, and with `--png` a light and a dark
/// screenshot of each page taken by a headless Chromium.
///
/// All-or-nothing like `build`: every input is checked first; with an error
/// nothing is written. Each page is written to a temporary file and renamed into
/// place. `--locale L --strings CATALOG` draws every string in the catalog's
/// translation for L (SPEC §11's fallback: `de-CH`, then `de`, then the source
/// text); an invalid catalog is FC603 and writes nothing.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Write an HTML preview page of each form (conditions and rules run live).",
        discussion: """
        -o FILE: the one input's page. -o DIR (an existing directory, a path ending in /, \
        several inputs or a directory input): one page per input, named after the input \
        (signup.form.yaml -> signup.html), and index.html linking them when there are \
        several. --png also writes NAME.png (light) and NAME-dark.png beside each page, \
        with chromium or chromium-browser from PATH; without one, formc says so, writes \
        nothing and exits 1. --locale de --strings Localizable.xcstrings draws the page in German: \
        each string's translation for the locale, falling back from de-CH to de to the form's own \
        text; the two options go together. A catalog that is not a valid String Catalog is FC603 \
        and nothing is written.
        """
    )

    @OptionGroup var input: InputOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("Output page, or directory for one page per input.", valueName: "file|dir"))
    var output: String

    @Flag(help: "Also write a light and a dark PNG screenshot of each page (needs chromium on PATH).")
    var png = false

    @Option(help: ArgumentHelp(
        "Draw the pages in this locale's translations from --strings (de-CH falls back to de, then to the form's text).",
        valueName: "locale"
    ))
    var locale: String?

    @Option(help: ArgumentHelp("The String Catalog the --locale translations come from.", valueName: "catalog.xcstrings"))
    var strings: String?

    @OptionGroup var report: ReportOptions

    func validate() throws {
        try checkNamed(output, "-o", what: "a file or a directory")
        try refuseStandardOutput(output, what: "the page file or a directory")
        try checkNamed(strings, "--strings", what: "a String Catalog (.xcstrings)")
        switch (locale, strings) {
        case (nil, nil):
            break
        case (_?, nil):
            throw ValidationError("--locale needs --strings: name the String Catalog its translations come from, e.g. --locale de --strings Localizable.xcstrings.")
        case (nil, _?):
            throw ValidationError("--strings needs --locale: name the language to draw, e.g. --locale de --strings Localizable.xcstrings.")
        case (let locale?, _?):
            guard LanguageTag.isValid(locale) else {
                throw ValidationError("--locale takes a language tag such as de, de-CH or pt_BR, not '\(locale)'.")
            }
        }
    }

    func run() throws {
        try runCommand {
            let discovery = InputDiscovery.discover(input.inputs)
            let plan = try PreviewPlan.make(for: discovery, output: output)
            let images = png ? plan.pages.flatMap { page in Screenshot.Scheme.allCases.map { Screenshot.imagePath(forPage: page, scheme: $0) } } : []
            let written = plan.pages + (plan.index.map { [$0] } ?? []) + images
            try OutputPlan.refuseWriting(over: discovery.files, with: written) { input in
                "a page would be written over the form '\(input)' that this run reads: choose another -o."
            }
            if let strings {
                try OutputPlan.refuseWriting(over: [strings], with: written) { input in
                    "a page would be written over the catalog '\(input)' that this run reads: choose another -o."
                }
            }
            // Before anything is written: a missing browser is a run that cannot make
            // what it was asked for, and a half-made preview helps nobody.
            var browser: String?
            if png {
                browser = Screenshot.findChromium()
                if browser == nil {
                    Output.error("--png needs a headless Chromium: neither 'chromium' nor 'chromium-browser' is on PATH. Install one (Debian/Ubuntu: apt-get install chromium) or leave out --png. Nothing was written.")
                    return ExitStatus.errorsInInput
                }
            }
            let outcomes = CompileRunner.run(discovery.files, jobs: CompileRunner.jobs(for: discovery.files.count)) { source -> ([Diagnostic], CheckedForm?) in
                let result = FormPipeline.check(source)
                return (result.diagnostics, result.checked)
            }
            var diagnostics = discovery.diagnostics + outcomes.flatMap(\.diagnostics)
            var sources = outcomes.map(\.source)
            var language = PreviewLanguage.source
            if let strings, let locale {
                let catalog = FormStringsRun.readCatalog(strings)
                diagnostics += catalog.diagnostics
                sources += catalog.source.map { [$0] } ?? []
                if let file = catalog.file {
                    let found = CatalogLocale(file, locale: locale)
                    if found.isEmpty {
                        // Most likely a mistyped locale: say so rather than draw a quietly English page.
                        Output.write("formc: warning: '\(strings)' has no text in '\(locale)' or its language; the pages show the source text\n", to: .standardError)
                    }
                    language = .catalog(found)
                }
            }
            let summary = DiagnosticReport(diagnostics: diagnostics, fileCount: discovery.files.count + (strings == nil ? 0 : 1))
            Reporter(format: report.format, stdoutIsTaken: false)
                .print(summary, sources: sources, showsSummary: !diagnostics.isEmpty)
            guard summary.errorCount == 0 else { return ExitStatus.errorsInInput }

            let workingDirectory = ProcessEnvironment.workingDirectory
            var files: [(path: String, text: String)] = []
            var entries: [PreviewPage.IndexEntry] = []
            for (outcome, destination) in zip(outcomes, plan.pages) {
                guard var form = outcome.value else {
                    throw InternalError(description: "no checked form and no error for '\(outcome.path)'")
                }
                form.sourcePath = FormPipeline.portablePath(outcome.path, relativeTo: workingDirectory)
                files.append((destination, PreviewPage.html(for: form, language: language)))
                if plan.index != nil {
                    entries.append(PreviewPage.IndexEntry(
                        form: form, file: destination.split(separator: "/").last.map(String.init) ?? destination, language: language
                    ))
                }
            }
            if let index = plan.index { files.append((index, PreviewPage.index(entries))) }
            if let failure = Self.write(files, directory: plan.directory) {
                Output.error(failure.description)
                return ExitStatus.errorsInInput
            }
            if let browser {
                for page in plan.pages {
                    for scheme in Screenshot.Scheme.allCases {
                        let image = Screenshot.imagePath(forPage: page, scheme: scheme)
                        if let failure = Screenshot.take(page: page, scheme: scheme, into: image, browser: browser, workingDirectory: workingDirectory) {
                            Output.error(failure)
                            return ExitStatus.errorsInInput
                        }
                    }
                }
            }
            return 0
        }
    }

    /// Writes every file to a temporary file beside it (a stream, such as `/dev/stdout`,
    /// straight into it), then renames each into place; on a failure, removes the
    /// temporary files and returns it.
    static func write(_ files: [(path: String, text: String)], directory: String?) -> FileAccess.Failure? {
        var temporaries: [(path: String, temporary: String)] = []
        func cleanUp() {
            for file in temporaries { FileAccess.remove(file.temporary) }
        }
        do throws(FileAccess.Failure) {
            if let directory { try FileAccess.createDirectory(directory) }
            for file in files {
                if FileAccess.isStream(file.path) {
                    try FileAccess.OutputFile(stream: file.path).write(ArraySlice(file.text.utf8))
                    continue
                }
                let temporary = try FileAccess.TemporaryFile(beside: file.path)
                temporaries.append((file.path, temporary.path))
                try temporary.write(ArraySlice(file.text.utf8))
            }
            for (index, file) in temporaries.enumerated() {
                do throws(FileAccess.Failure) {
                    try FileAccess.replace(file.path, with: file.temporary)
                } catch {
                    temporaries.removeFirst(index + 1)
                    throw error
                }
            }
        } catch {
            cleanUp()
            return error
        }
        return nil
    }
}

/// Where `preview` writes: a page per input, and the index when there are several.
struct PreviewPlan: Equatable {
    var pages: [String]
    var index: String?
    var directory: String?

    static func make(for discovery: InputDiscovery.Result, output: String) throws -> PreviewPlan {
        let files = discovery.files
        let isDirectory = FileAccess.isDirectory(output) || output.hasSuffix("/") || files.count > 1 || discovery.namedDirectory
        guard isDirectory else { return PreviewPlan(pages: [output], index: nil, directory: nil) }
        try OutputPlan.checkDirectory(output, inputs: files.count, fileKind: "a page", suffix: ".html")
        var claimed: [String: String] = [:]
        if files.count > 1 { claimed["index.html"] = "the index page" }
        var pages: [String] = []
        for file in files {
            let name = pageName(for: file)
            if let other = claimed[name.lowercased()] {
                throw UsageError(message: """
                    '\(other)' and '\(file)' would both be written to '\(name)'. \
                    Rename one of them, or preview them with separate -o directories.
                    """)
            }
            claimed[name.lowercased()] = file
            pages.append(InputDiscovery.join(output, name))
        }
        let index = files.count > 1 ? InputDiscovery.join(output, "index.html") : nil
        return PreviewPlan(pages: pages, index: index, directory: output)
    }

    /// `forms/signup.form.yaml` → `signup.html`.
    static func pageName(for path: String) -> String {
        let swift = OutputPlan.swiftFileName(for: path)
        return String(swift.dropLast(".swift".count)) + ".html"
    }
}
