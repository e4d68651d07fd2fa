#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BenchmarkSupport
import FormCompiler
import FormJSON
import FormLocalization
import FormModel
import FormSource
import FormText
import LanguageServerProtocol

/// The commands around the compiler on the same 1 MB form, each against `formc
/// build` or `formc lint` in the same rounds: `formc strings` merging into a
/// four-language catalog, `formc preview` and its page in Chromium, and
/// `formc lsp`'s diagnostics, completion, hover and memory over many edits.
struct ToolBench {
    var formc: String
    var directory: String
    var inputPath: String
    var yaml: String
    var runs: Int
    var browserRuns: Int
    var edits: Int
    var stringsTimeout: Double
    static let warmUpEdits = 50

    func run(report: inout Report) throws -> ToolFigures {
        let bytes = Array(yaml.utf8)
        guard let document = FormPipeline.check(SourceFile(path: inputPath, bytes: bytes)).checked?.document else {
            throw BenchError(description: "the benchmark form does not check")
        }
        var bag = DiagnosticBag(file: inputPath)
        let strings = FormStrings.strings(of: document, diagnostics: &bag)

        // The catalog before the merge: every key in four languages, as it was
        // before the form changed (`BenchmarkCatalog.outdated`). The timed
        // `formc strings` finds it restored, by a write with the clock stopped, and
        // merges the form into it, writing a new catalog each run.
        let outdated = BenchmarkCatalog.outdated(BenchmarkCatalog.translated(strings))
        let before = outdated.catalog.rendered()
        let keys = Set(strings.map(\.key)).count
        let catalogPath = directory + "/benchmark.xcstrings"
        try restore(before, to: catalogPath)
        // Kept (`--keep`) beside the merged one, for timing or profiling a merge by hand.
        try Files.write(bytes: before, to: directory + "/benchmark-before.xcstrings")
        // An untimed first merge, within a budget: it has taken minutes.
        let first = try Subprocess.run(formc, ["strings", inputPath, "-o", catalogPath], timeout: stringsTimeout)
        if first.timedOut {
            report.notes.append("formc strings was stopped after \(Format.fixed(stringsTimeout, digits: 0)) s (--strings-timeout) and left out of the timed rounds: its ratio is that budget against a build, a lower bound")
        } else {
            guard first.status == 0 else { throw BenchError(description: "`formc strings` exited \(first.status) on the benchmark catalog") }
            let merged = Files.read(catalogPath) ?? []
            if let problem = BenchmarkCatalog.problem(merged: merged, outdated: outdated, keys: keys) {
                throw BenchError(description: "`formc strings` did not merge the benchmark catalog: \(problem)")
            }
        }

        // The language server, with the form open and analysed.
        let client = try LanguageServerClient(executable: formc, arguments: ["lsp"])
        let uri = "file://" + inputPath
        _ = try client.request("initialize", LanguageServerSession.initialize())
        try client.notify("initialized", [:])
        try client.notify("textDocument/didOpen", LanguageServerSession.didOpen(uri: uri, text: yaml))
        var version = 1
        let opened = try client.diagnostics(uri: uri, version: version)
        guard opened.isEmpty else { throw BenchError(description: "formc lsp reports \(opened.count) diagnostics on the benchmark form") }
        var editor = LanguageServerSession.Edits(text: yaml)
        func edit() throws -> Double {
            let (position, text) = editor.next()
            version += 1
            let change = LanguageServerSession.didChange(uri: uri, version: version, at: position, text: text)
            return try Timing.time {
                try client.notify("textDocument/didChange", change)
                try client.diagnostics(uri: uri, version: version)
            }
        }

        let buildOutput = directory + "/tools-build.swift"
        let pagePath = directory + "/benchmark.html"
        var measures: [() throws -> Double] = [
            { try Timing.removingOutput(buildOutput) { try Subprocess.time(formc, ["build", inputPath, "-o", buildOutput]) } },
            { try Timing.removingOutput(pagePath) { try Subprocess.time(formc, ["preview", inputPath, "-o", pagePath]) } },
            { try Subprocess.time(formc, ["lint", inputPath]) },
            { try edit() },
        ]
        if !first.timedOut {
            measures.append {
                try restore(before, to: catalogPath)
                return try Subprocess.time(formc, ["strings", inputPath, "-o", catalogPath])
            }
            // What the strings stage's speed paths pay.
            measures.append {
                try restore(before, to: catalogPath)
                return try Subprocess.time(formc, ["strings", inputPath, "-o", catalogPath], speed: "plain:strings")
            }
        }
        let samples = try Timing.interleavedSamples(runs: runs, measures)
        let (build, preview, lint, diagnostics) = (samples[0], samples[1], samples[2], samples[3])
        let stringsRuns = first.timedOut ? [first.seconds] : samples[4]
        let stringsToBuild = first.timedOut ? first.seconds / median(build) : Timing.pairRatio(stringsRuns, build)
        let previewToBuild = Timing.pairRatio(preview, build)
        let diagnosticsToLint = Timing.pairRatio(diagnostics, lint)
        report.add("formc build (process), beside the tools", seconds: median(build), floor: nil)
        report.add(
            "formc strings, merging into the catalog", value: (first.timedOut ? "> " : "") + Format.milliseconds(median(stringsRuns)),
            ratio: "\(first.timedOut ? "> " : "")\(Format.ratio(stringsToBuild)) build"
        )
        if !first.timedOut {
            report.add(
                "formc strings, FORMC_SPEED=plain:strings", value: Format.milliseconds(median(samples[5])),
                ratio: "\(Format.ratio(Timing.pairRatio(samples[5], stringsRuns))) strings"
            )
        }
        report.add(
            "  catalog: \(Format.grouped(keys)) keys × 4 languages", value: Format.megabytes(before.count),
            ratio: "(before the merge: \(outdated.missing.count) missing, \(outdated.changed.count) changed, \(outdated.removed.count) removed)"
        )
        report.add("formc preview (process)", value: Format.milliseconds(median(preview)), ratio: "\(Format.ratio(previewToBuild)) build")
        report.add("formc lint (process), beside the server", seconds: median(lint), floor: nil)
        report.add(
            "formc lsp: an edit to its diagnostics", value: Format.milliseconds(median(diagnostics)),
            ratio: "\(Format.ratio(diagnosticsToLint)) lint"
        )

        // Completion where a word is being typed on a new line (a key, a kind, a
        // rule name, an id in a condition; `LanguageServerSession.typing`), and
        // hover on the same kinds of word in the form as it is, in four groups
        // from the first to the last; each asked `runs` times, on a document
        // analysed (its diagnostics published), as after a pause in typing.
        let groups = [0, 1, BenchmarkForm.groupsPerScale / 2, BenchmarkForm.groupsPerScale - 1]
        let typing = LanguageServerSession.typing(in: yaml, groups: groups)
        let probes = LanguageServerSession.probes(in: yaml, groups: groups)
        guard typing.count == 16, probes.count == 16 else { throw BenchError(description: "the benchmark form lacks the probes' positions") }
        var completions: [Double] = []
        var hovers: [Double] = []
        var emptyAnswers: Set<String> = []
        var byWhat: [String: [Double]] = [:]
        for word in typing {
            version += 1
            try client.notify("textDocument/didChange", word.insert(uri: uri, version: version))
            try client.diagnostics(uri: uri, version: version)
            let params = LanguageServerSession.textDocumentPosition(uri: uri, word.position)
            for round in 0..<max(runs, 1) {
                var completion: JSONValue = .null
                completions.append(try Timing.time { completion = try client.request("textDocument/completion", params) })
                byWhat[word.what, default: []].append(completions[completions.count - 1])
                if round == 0, completion["items"]?.arrayValue?.isEmpty ?? true { emptyAnswers.insert("no completion for the \(word.what)") }
            }
            version += 1
            try client.notify("textDocument/didChange", word.remove(uri: uri, version: version))
            guard try client.diagnostics(uri: uri, version: version).isEmpty else {
                throw BenchError(description: "the benchmark form has diagnostics after a typed line was removed")
            }
        }
        for round in 0..<max(runs, 1) {
            for probe in probes {
                let params = LanguageServerSession.textDocumentPosition(uri: uri, probe.position)
                var hover: JSONValue = .null
                hovers.append(try Timing.time { hover = try client.request("textDocument/hover", params) })
                if round == 0, hover == .null { emptyAnswers.insert("no hover at the \(probe.what)") }
            }
        }
        report.add("formc lsp: completion (\(typing.count) places, median)", seconds: median(completions), floor: nil)
        report.add("  slowest completion", seconds: completions.max() ?? 0, floor: nil)
        for word in typing.prefix(4) {
            report.add("  completion, the \(word.what) (median)", seconds: median(byWhat[word.what] ?? []), floor: nil)
        }
        report.add("formc lsp: hover (\(probes.count) places, median)", seconds: median(hovers), floor: nil)
        report.add("  slowest hover", seconds: hovers.max() ?? 0, floor: nil)
        if !emptyAnswers.isEmpty { report.notes.append("formc lsp gave " + emptyAnswers.sorted().joined(separator: ", ")) }

        // Memory over many edits, each waited for its diagnostics.
        for _ in 0..<Self.warmUpEdits { _ = try edit() }
        let residentBefore = ResidentMemory.of(client.pid) ?? 0
        let editsStart = Timing.now()
        for _ in 0..<edits { _ = try edit() }
        let editsTime = Timing.now() - editsStart
        let residentAfter = ResidentMemory.of(client.pid) ?? 0
        report.add("formc lsp: resident after \(Self.warmUpEdits) edits", value: Format.megabytes(residentBefore))
        report.add(
            "formc lsp: resident after \(Format.grouped(edits)) more", value: Format.megabytes(residentAfter),
            ratio: "(\(Format.fixed(editsTime, digits: 1)) s, \(Format.milliseconds(editsTime / Double(max(edits, 1)))) an edit)"
        )
        let status = try client.shutDown()
        guard status == 0 else { throw BenchError(description: "formc lsp exited \(status) after shutdown and exit") }

        let interactive = try browser(pagePath: pagePath, report: &report)
        return ToolFigures(
            stringsToBuild: stringsToBuild, stringsTimedOut: first.timedOut, previewToBuild: previewToBuild, interactiveMilliseconds: interactive,
            diagnosticsToLint: diagnosticsToLint, completion: median(completions), hover: median(hovers),
            residentBefore: residentBefore, residentAfter: residentAfter, edits: edits
        )
    }

    /// The catalog as it was before the merge, written as a new file (a file
    /// truncated and rewritten would be written back to disk at once on ext4).
    private func restore(_ bytes: [UInt8], to path: String) throws {
        _ = unlink(path)
        try Files.write(bytes: bytes, to: path)
    }

    /// The median `data-interactive-ms` of the preview page over `browserRuns`
    /// loads in a headless Chromium; nil when there is no Chromium, NaN when the
    /// page never set it.
    private func browser(pagePath: String, report: inout Report) throws -> Double? {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        guard let chromium = PreviewInteractive.findChromium(path: path, isExecutable: Files.isExecutable) else {
            report.notes.append("no chromium or chromium-browser on PATH: the preview's time to interactive is skipped")
            return nil
        }
        _ = try Subprocess.time(formc, ["preview", inputPath, "-o", pagePath])
        let domPath = directory + "/dom.html"
        var loads: [Double] = []
        var walls: [Double] = []
        for _ in 0..<max(browserRuns, 1) {
            let run = try Subprocess.run(chromium, PreviewInteractive.dumpDOMArguments(page: pagePath), stdoutPath: domPath)
            guard run.status == 0, let dom = Files.read(domPath), let milliseconds = PreviewInteractive.milliseconds(inDumpedDOM: dom) else {
                report.notes.append("\(chromium) --dump-dom of the preview (exit status \(run.status)) has no \(PreviewInteractive.attribute): the script did not finish")
                return .nan
            }
            loads.append(milliseconds)
            walls.append(run.seconds)
        }
        report.add("preview in Chromium: interactive (median of \(loads.count))", value: Format.fixed(median(loads), digits: 0) + " ms")
        report.add("  chromium --dump-dom, the whole process", seconds: median(walls), floor: nil)
        return median(loads)
    }
}
