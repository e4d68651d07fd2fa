import FormCompiler
import FormLocalization
import FormModel
import FormSource
import FormSwiftEmitter
import FormText
import Foundation
import Testing

/// `SpeedPolicy`: `.plain` takes every plain path of every stage, `.parallel`
/// the speed paths where `SpeedPaths` says they pay; both give the same bytes.
/// Each speed path notes itself in `SpeedPaths.taken` when it runs.
struct SpeedPolicyTests {
    /// `FORMC_SPEED=plain` names the plain policy; anything else, or nothing, the parallel one.
    @Test func theEnvironmentNamesThePolicy() {
        #expect(SpeedPolicy(environment: "plain") == .plain)
        #expect(SpeedPolicy(environment: nil) == .parallel)
        #expect(SpeedPolicy(environment: "parallel") == .parallel)
        #expect(SpeedPolicy(environment: "") == .parallel)
        #expect(SpeedPolicy(environment: "plain:read,emit") == SpeedPolicy(plainStages: [.read, .emit]))
        #expect(SpeedPolicy(environment: "plain:emit") == SpeedPolicy(plainPaths: [.fieldInfosInHalves, .entryTranslatorsAtOnce, .emitInBatches]))
        #expect(SpeedPolicy(environment: "plain:checkInHalves,readInTwo") == SpeedPolicy(plainPaths: [.checkInHalves, .readInTwo]))
        #expect(SpeedPolicy(environment: "plain:nothing") == SpeedPolicy(plainPaths: []))
        #expect(SpeedPolicy(plainStages: Set(SpeedPolicy.Stage.allCases)) == .plain)
        #expect(SpeedPolicy(environment: "plainly") == .parallel)
        let value = ProcessInfo.processInfo.environment["FORMC_SPEED"]
        #expect(SpeedPolicy.current == SpeedPolicy(environment: value))
    }

    /// A name after `plain:` that is no stage or speed path, or a value that is
    /// none of the forms, is what `formc` warns of; the rest are not.
    @Test func unknownNamesAreFound() {
        for value in [nil, "", "plain", "parallel", "plain:read,emit", "plain:checkInHalves", "plain:listEntriesAtOnce,strings", "plain:read,", "plain:"] {
            #expect(SpeedPolicy.unknownNames(inEnvironment: value).isEmpty, "\(value ?? "nil")")
        }
        #expect(SpeedPolicy.unknownNames(inEnvironment: "plain:emitt") == ["emitt"])
        #expect(SpeedPolicy.unknownNames(inEnvironment: "plain:read,checkInHalf,emit,,Emit") == ["checkInHalf", "Emit"])
        #expect(SpeedPolicy.unknownNames(inEnvironment: "plian") == ["plian"])
        #expect(SpeedPolicy.unknownNames(inEnvironment: "Plain") == ["Plain"])
        // Every stage and path by its own name.
        for name in SpeedPolicy.Stage.allCases.map(\.rawValue) + SpeedPaths.Path.allCases.map(\.rawValue) {
            #expect(SpeedPolicy.unknownNames(inEnvironment: "plain:" + name).isEmpty, "\(name)")
        }
    }

    /// A form large enough for every speed path: a YAML file over
    /// `twoPartReadMinimumBytes`, thousands of lines, elements, fields and
    /// strings, some conditions, and lists whose entries hold more than
    /// `listEntriesAtOnceMinimumElements` elements.
    static let text: String = {
        var text = "formc: 1\nform: Large\nelements:\n"
        for index in 0..<4_000 {
            text += "  - textField: f\(index)\n    label: Field \(index) of the form that takes every path\n"
            if index % 7 == 1 { text += "    visibleWhen: \"f0 == 'x'\"\n" }
        }
        for list in 0..<4 {
            text += "  - list: rows\(list)\n    elements:\n"
            for index in 0..<(SpeedPaths.listEntriesAtOnceMinimumElements / 4 + 1) {
                text += "      - textField: e\(index)\n        visibleWhen: \"f\(index) == 'x'\"\n        rules: [required]\n"
            }
        }
        return text
    }()

    /// What each stage made under `speed`, and which speed paths ran.
    struct Run: Equatable {
        var swift: [UInt8]
        var catalog: [UInt8]
        var merged: [UInt8]
        var taken: Set<SpeedPaths.Path>
    }

    static func run(_ speed: SpeedPolicy) throws -> Run {
        let taken = SpeedPaths.Taken()
        return try SpeedPaths.$taken.withValue(taken) {
            let file = SourceFile(path: "large.form.yaml", text: text)
            let result = FormPipeline.build(file, speed: speed)
            let swift = try #require(result.swiftUTF8, "\(result.diagnostics.map(\.message))")
            let checked = try #require(FormPipeline.check(file, speed: speed).checked)
            var diagnostics = DiagnosticBag(file: file.path)
            let strings = FormStrings.strings(of: checked.document, diagnostics: &diagnostics)
            let catalog = CatalogMerge.merge(strings, forms: ["Large"], into: nil, sourceLanguage: "en", speed: speed).rendered()
            let read = try #require(StringCatalogFile.read(SourceFile(path: "Localizable.xcstrings", bytes: catalog), diagnostics: &diagnostics))
            let merged = CatalogMerge.merge(
                Array(strings.dropLast(5)), forms: ["Large"], into: read, sourceLanguage: "en", speed: speed
            ).rendered()
            #expect(read.entries.count >= SpeedPaths.catalogEntriesInHalvesMinimum)
            #expect(!diagnostics.hasErrors)
            return Run(swift: swift, catalog: catalog, merged: merged, taken: taken.all)
        }
    }

    @Test func plainTakesNoSpeedPathAndWritesTheSameBytes() throws {
        let plain = try Self.run(.plain)
        let parallel = try Self.run(.parallel)
        #expect(plain.taken.isEmpty, "speed paths taken under .plain: \(plain.taken)")
        // Each speed path ran under `.parallel` (those on a second core only where there is one).
        let always: Set<SpeedPaths.Path> = [.decodeInPieces, .checkInHalves, .conditionsInChunks, .fieldInfosInHalves, .emitInBatches]
        // `listEntriesAtOnce` and `readInTwo` run only where there is a second core.
        #expect(parallel.taken.isSuperset(of: always), "missing: \(always.subtracting(parallel.taken))")
        if SpeedPaths.hasSecondCore {
            #expect(parallel.taken == Set(SpeedPaths.Path.allCases), "missing: \(Set(SpeedPaths.Path.allCases).subtracting(parallel.taken))")
        }
        #expect(plain.swift == parallel.swift)
        #expect(plain.catalog == parallel.catalog)
        #expect(plain.merged == parallel.merged)
    }

    /// A policy that names some stages plain takes the speed paths of the others
    /// only, and writes the same bytes: what `formc-bench` times stage by stage.
    @Test(arguments: SpeedPolicy.Stage.allCases)
    func oneStagePlainTakesTheOthersSpeedPaths(_ stage: SpeedPolicy.Stage) throws {
        let stagePaths = Set(SpeedPaths.Path.allCases.filter { $0.stage == stage })
        #expect(!stagePaths.isEmpty)
        try Self.expectLeftOut(stagePaths, by: SpeedPolicy(plainStages: [stage]))
    }

    /// One speed path named plain is the only one not taken.
    @Test(arguments: SpeedPaths.Path.allCases)
    func onePathPlainTakesTheOthers(_ path: SpeedPaths.Path) throws {
        try Self.expectLeftOut([path], by: SpeedPolicy(plainPaths: [path]))
    }

    /// `policy` takes every speed path `.parallel` takes but `paths`, with the same output.
    static func expectLeftOut(_ paths: Set<SpeedPaths.Path>, by policy: SpeedPolicy) throws {
        let parallel = try run(.parallel)
        let run = try run(policy)
        #expect(run.taken.isDisjoint(with: paths), "\(run.taken.intersection(paths))")
        #expect(run.taken == parallel.taken.subtracting(paths))
        #expect(run.swift == parallel.swift)
        #expect(run.merged == parallel.merged)
    }
}
