#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import FormCompiler
import FormLocalization
import FormModel
import FormReports
import FormSource
import FormText

/// `formc strings`: writes or merges the forms' strings into an Xcode String
/// Catalog (SPEC §11). The catalog is rewritten only when its bytes change, and
/// atomically; one that is not a valid catalog (FC603) is never overwritten.
struct StringsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strings",
        abstract: "Write or merge the forms' strings into a String Catalog (.xcstrings).",
        discussion: """
        New keys are added, every other language's translation is kept, a changed source text marks \
        its translations needs_review, and a key of these forms no longer produced is kept as stale. \
        Only the forms' keys (the form's name and a dot: SignUpForm.…) change; every other entry is \
        the app's and keeps its bytes. The file is rewritten only when its bytes change. With \
        --check nothing is written; exits 2 when the catalog would change.
        """
    )

    @OptionGroup var input: InputOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("The String Catalog to write or merge into.", valueName: "catalog.xcstrings"))
    var output: String

    @Option(help: ArgumentHelp(
        "The language the forms are written in: the catalog's sourceLanguage (default: the existing catalog's, else en).",
        valueName: "language"
    ))
    var sourceLanguage: String?

    @Flag(help: "Write nothing; exit 2 when the catalog would change.")
    var check = false

    @OptionGroup var report: ReportOptions

    func validate() throws {
        try checkNamed(output, "-o", what: "the catalog file (.xcstrings)")
        try refuseStandardOutput(output, what: "the catalog file (.xcstrings)")
        guard let sourceLanguage else { return }
        guard LanguageTag.isValid(sourceLanguage) else {
            throw ValidationError("--source-language takes a language code, e.g. en or pt-BR.")
        }
    }

    func run() throws {
        try runCommand {
            let discovery = InputDiscovery.discover(input.inputs)
            // The catalog, many times a form's size, is read and made ready to
            // merge into while the forms are checked.
            let output = output
            let sourceLanguage = sourceLanguage
            // The catalog is read, merged into and replaced: a device or a pipe can be none of these.
            if FileAccess.isStream(output) {
                throw UsageError(message: "'\(output)' is not a regular file: formc strings merges into a catalog file (.xcstrings)")
            }
            if output.hasSuffix("/") || FileAccess.isDirectory(output) {
                throw UsageError(message: "'\(output)' is a directory: formc strings merges into a catalog file; name it, e.g. -o \(InputDiscovery.join(output, "Localizable.xcstrings")).")
            }
            try OutputPlan.refuseWriting(over: discovery.files, with: [output]) { input in
                "the catalog would be written over the form '\(input)' that this run reads: give -o a .xcstrings file."
            }
            // A catalog shared with the app keeps its source language: the forms'
            // strings go in as that language's, and a different --source-language
            // is refused rather than rewriting the app's catalog.
            let (collected, (catalog, languages, target)) = Concurrently.run(
                { FormStringsRun.collect(discovery.files) },
                {
                    let catalog = FormStringsRun.exists(output) ? FormStringsRun.readCatalog(output, deferringEntries: true) : nil
                    let source = catalog.map { (source: $0.source, diagnostics: $0.diagnostics) }
                    let existing = catalog?.file.map(\.sourceLanguage)
                    let language = sourceLanguage ?? existing ?? "en"
                    return (source, (existing: existing, merged: language), CatalogMerge.target(catalog?.file, sourceLanguage: language))
                }
            )
            if let existing = languages.existing, existing != languages.merged {
                throw UsageError(message: """
                    '\(output)' is in '\(existing)' (its sourceLanguage), not '\(languages.merged)': write the forms in \
                    '\(existing)' and drop --source-language, or give the forms a catalog of their own.
                    """)
            }
            var diagnostics = discovery.diagnostics + collected.diagnostics
            var sources = collected.sources
            let catalogSource = catalog?.source
            let existingBytes = catalogSource?.bytes
            if let catalog {
                sources += catalog.source.map { [$0] } ?? []
                diagnostics += catalog.diagnostics
            }
            let summary = DiagnosticReport(diagnostics: diagnostics, fileCount: discovery.files.count)
            Reporter(format: report.format, stdoutIsTaken: false)
                .print(summary, sources: sources, showsSummary: !diagnostics.isEmpty)
            guard summary.errorCount == 0 else { return ExitStatus.errorsInInput }

            // The catalog read goes to the merge, which edits it in place.
            let merged = CatalogMerge.merge(collected.strings, forms: collected.forms.map(\.form), into: consume target)
            // Room for the keys the merge adds, so the buffer is allocated once.
            let bytes = merged.rendered(capacity: (existingBytes?.count ?? 0) * 5 / 4 + 4096)
            // The catalogs and the forms' strings are left to the exit, not freed one by one.
            let results = (collected, catalogSource, merged, bytes)
            if bytes == existingBytes { finish(0, keeping: results) }
            if check {
                Output.write("formc: '\(output)' \(existingBytes == nil ? "is missing" : "is out of date"); run `formc strings` without --check to update it.\n", to: .standardError)
                finish(ExitStatus.drift, keeping: results)
            }
            do throws(FileAccess.Failure) {
                let directory = FileAccess.parentDirectory(of: output)
                if directory != "." { try FileAccess.createDirectory(directory) }
                let temporary = try FileAccess.TemporaryFile(beside: output)
                do throws(FileAccess.Failure) {
                    try temporary.write(bytes[...])
                    try FileAccess.replace(output, with: temporary.path)
                } catch {
                    FileAccess.remove(temporary.path)
                    throw error
                }
            } catch {
                Output.error(error.description)
                return ExitStatus.errorsInInput
            }
            finish(0, keeping: results)
        }
    }
}

/// The forms' strings for `strings` and `lint --strings`: each input checked
/// (in parallel, results in input order), its strings with FC204 for keys
/// that collide in one form or across forms.
enum FormStringsRun {
    struct Collected {
        var diagnostics: [Diagnostic]
        /// The inputs that could be read, for the text report's snippets.
        var sources: [SourceFile]
        /// Every form's strings, in input order, for the merge.
        var strings: [LocalizableString]
        /// The strings of each form that checked without errors, with its
        /// type name (the merge and the lint own its keys) and its path.
        var forms: [CatalogLint.FormStringsInput]
    }

    static func collect(_ files: [String]) -> Collected {
        let outcomes = CompileRunner.run(files, jobs: CompileRunner.jobs(for: files.count)) { source -> ([Diagnostic], (String, [LocalizableString])?) in
            let result = FormPipeline.check(source)
            guard let checked = result.checked else { return (result.diagnostics, nil) }
            var bag = DiagnosticBag(file: source.path)
            let strings = FormStrings.strings(of: checked.document, diagnostics: &bag)
            return (result.diagnostics + bag.diagnostics, (checked.document.name.value, strings))
        }
        let forms = outcomes.compactMap { outcome in
            outcome.value.map { CatalogLint.FormStringsInput(path: outcome.path, form: $0.0, strings: $0.1) }
        }
        return Collected(
            diagnostics: outcomes.flatMap(\.diagnostics) + FormStrings.collisions(across: forms),
            sources: outcomes.compactMap(\.source),
            strings: forms.flatMap(\.strings),
            forms: forms
        )
    }

    /// A String Catalog read and checked: FC603 in the catalog for one that is not
    /// a String Catalog, an unreadable file as such. The same for `strings`,
    /// `lint --strings` and `preview --strings`; `deferringEntries` for the
    /// merge, as `StringCatalogFile.read` says.
    /// A stream (a pipe, `/dev/stdin`) is read up to the form's size limit: past
    /// it, FC004 rather than a cut catalog's FC603.
    static func readCatalog(_ path: String, deferringEntries: Bool = false) -> (file: StringCatalogFile?, source: SourceFile?, diagnostics: [Diagnostic]) {
        let limit = CompilerLimits.default.maxFileSize
        switch FileAccess.contents(of: path, limit: limit, wholeRegularFile: true) {
        case .success(let bytes) where bytes.count > limit && FileAccess.isSpecial(path):
            // Only a stream is cut: a regular file is read whole, whatever its size.
            return (nil, nil, [Diagnostic(
                .error, .limitExceeded, "the catalog read from '\(path)' is more than the limit of \(limit) bytes for a stream",
                at: SourceLocation(file: path, range: .fileStart), help: ["name the catalog's file instead of a pipe"]
            )])
        case .success(let bytes):
            let source = SourceFile(path: path, bytes: bytes)
            var bag = DiagnosticBag(file: path)
            let catalog = StringCatalogFile.read(source, deferringEntries: deferringEntries, diagnostics: &bag)
            return (catalog, source, bag.diagnostics)
        case .failure(let failure):
            return (nil, nil, [Diagnostic(
                .error, .unreadableFile, "cannot read '\(path)': \(failure.description)",
                at: SourceLocation(file: path, range: .fileStart), help: [failure.help(reading: "a String Catalog (.xcstrings)")]
            )])
        }
    }

    static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }
}
