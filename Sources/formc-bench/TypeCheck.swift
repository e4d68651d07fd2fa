import BenchmarkSupport
import FormCompiler
import FormSource

/// `--typecheck`: the generated Swift of the benchmark form, type-checked by swiftc
/// against the `FormRuntime` module built next to formc, with every expression over
/// 100 ms reported; at 1× and 2× the size, to show that compile time grows
/// linearly with the form.
enum TypeCheck {
    static func run(formc: String, directory: String, limits: CompilerLimits, report: inout Report) throws {
        guard let swiftc = Files.which("swiftc") else {
            throw BenchError(description: "--typecheck needs swiftc on PATH")
        }
        let binDirectory = Files.parent(of: formc)
        let candidates = [binDirectory + "/Modules", binDirectory]
        guard let modules = candidates.first(where: { Files.exists($0 + "/FormRuntime.swiftmodule") }) else {
            throw BenchError(description: "no FormRuntime.swiftmodule in \(candidates.joined(separator: " or ")): build it (swift build -c release)")
        }

        var seconds: [Int: Double] = [:]
        for scale in [1, 2] {
            let form = BenchmarkForm(scale: scale)
            let path = directory + "/typecheck\(scale)x.form.yaml"
            let built = FormPipeline.build(SourceFile(path: path, text: form.yaml()), limits: limits)
            guard let swift = built.swiftSource else {
                throw BenchError(description: "the \(scale)× form does not compile cleanly")
            }
            let swiftPath = directory + "/BenchmarkForm\(scale)x.swift"
            let logPath = directory + "/typecheck\(scale)x.log"
            try Files.write(swift, to: swiftPath)
            let child = try Subprocess.run(swiftc, [
                "-typecheck", "-parse-as-library", "-swift-version", "6", "-I", modules,
                "-Xfrontend", "-warn-long-expression-type-checking=100",
                swiftPath,
            ], stderrPath: logPath)
            let log = Files.read(logPath).map { String(decoding: $0, as: UTF8.self) } ?? ""
            let diagnostics = log.split(separator: "\n").filter { $0.contains(": warning:") || $0.contains(": error:") }
            let lines = swift.reduce(into: 0) { count, character in if character == "\n" { count += 1 } }
            seconds[scale] = child.seconds
            report.add(
                "swiftc -typecheck, \(scale)× (\(Format.grouped(form.fieldCount)) fields, \(Format.grouped(lines)) lines)",
                value: Format.milliseconds(child.seconds),
                ratio: "\(diagnostics.count) warning/error line(s), exit \(child.status)"
            )
            for line in diagnostics.prefix(5) { report.notes.append("swiftc \(scale)×: " + line) }
            if child.status != 0 || !diagnostics.isEmpty {
                report.notes.append("swiftc \(scale)× log: \(logPath)")
            }
            if scale == 1 {
                report.goal("generated Swift: no expression over 100 ms", measured: "\(diagnostics.count) warning(s)", passed: child.status == 0 && diagnostics.isEmpty)
            }
        }
        if let one = seconds[1], let two = seconds[2] {
            let growth = two / one
            report.goal("swiftc: 2× form ≤ 2.2× type-check time", measured: Format.ratio(growth), passed: growth <= 2.2)
        }
    }
}
