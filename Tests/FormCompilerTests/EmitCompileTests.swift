@testable import FormCompiler
@testable import FormModel
@testable import FormSource
@testable import FormSwiftEmitter
import Foundation
import Testing

/// Compiles generated Swift (as far as SIL) with `swiftc -swift-version 6 -warnings-as-errors`
/// (and the upcoming feature `MemberImportVisibility`) against the FormRuntime
/// module of this build, with every access level, and with a limit on each
/// expression's type-checking time; in a module that also
/// declares a type named like each of the runtime's (`appTypes`), as an app's
/// module may (its own `ValidationResult`, `FieldState`…), which the generated
/// file must not pick up in place of the runtime's.
enum EmitCompiler {
    /// `struct FormValue {}`… for every public type of FormRuntime: a second file
    /// of the module the generated file is checked in.
    static func appTypes() throws -> String {
        let (names, unread) = try NameClashTests.runtimeTopLevelTypes()
        guard unread.isEmpty, !names.isEmpty else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "cannot read FormRuntime's types: \(unread)"])
        }
        return names.sorted().map { "struct \($0) {}\n" }.joined()
    }

    /// The directory holding `FormRuntime.swiftmodule`: next to the test binary
    /// (`<bin>/Modules`, or `<bin>` itself), whatever the scratch path.
    static let modulesDirectory: String? = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            for candidate in [directory.appendingPathComponent("Modules"), directory] {
                if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("FormRuntime.swiftmodule").path) {
                    return candidate.path
                }
            }
            directory.deleteLastPathComponent()
        }
        return nil
    }()

    /// Runs swiftc on `source`; returns its output when it fails, nil when it
    /// passes. At most two runs at a time, whichever tests ask (`SwiftcSlots`);
    /// a run that `runsLong` takes the next free slot ahead of those waiting, so
    /// that the short ones fill the other core meanwhile.
    static func typecheck(
        _ source: String, name: String, accessLevel: EmitOptions.AccessLevel, runsLong: Bool = false, mode: Mode = .swift6,
        throughSIL: Bool = true
    ) async throws -> String? {
        try await typecheck([(name, source)], accessLevel: accessLevel, runsLong: runsLong, mode: mode, throughSIL: throughSIL)
    }

    /// How the app's target compiles the generated files.
    enum Mode: Sendable {
        /// Swift 6 mode, Swift's default isolation (`nonisolated`).
        case swift6
        /// Swift 5 mode with complete concurrency checking, as an app not yet in
        /// Swift 6 mode may build.
        case swift5
        /// Swift 6 mode with the settings of a new Xcode 26 app target: default
        /// isolation `MainActor` (SE-0466) and "approachable concurrency"
        /// (`InferIsolatedConformances`, `NonisolatedNonsendingByDefault`).
        case mainActorByDefault
        /// Swift 6 mode in a module whose imports are internal unless marked
        /// (`InternalImportsByDefault`, SE-0409; Swift 7's default): a public or
        /// package form's imports must say what its API names, and no more.
        case internalImportsByDefault

        var arguments: [String] {
            switch self {
            case .swift6: ["-swift-version", "6"]
            case .internalImportsByDefault: ["-swift-version", "6", "-enable-upcoming-feature", "InternalImportsByDefault"]
            case .swift5: ["-swift-version", "5", "-strict-concurrency=complete"]
            case .mainActorByDefault: [
                "-swift-version", "6", "-default-isolation", "MainActor",
                "-enable-upcoming-feature", "InferIsolatedConformances",
                "-enable-upcoming-feature", "NonisolatedNonsendingByDefault",
            ]
            }
        }
    }

    /// Runs swiftc on the files `sources` (each a file name without `.swift`, and
    /// its text) as one module; returns its output when it fails, nil when it passes.
    /// `throughSIL`: as far as SIL, as a build goes, not only type-checked: a
    /// build's SIL passes give warnings of their own ("will never be executed", in
    /// a function given a `Field` of a form without fields).
    static func typecheck(
        _ sources: [(name: String, source: String)], accessLevel: EmitOptions.AccessLevel, runsLong: Bool = false, mode: Mode = .swift6,
        throughSIL: Bool = true
    ) async throws -> String? {
        guard let modules = modulesDirectory else {
            return "FormRuntime.swiftmodule not found near \(CommandLine.arguments[0]); build the package first"
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("formc-emit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var files: [String] = []
        for (name, source) in sources {
            let file = directory.appendingPathComponent(name + ".swift")
            try Data(source.utf8).write(to: file)
            files.append(file.path)
        }
        let appFile = directory.appendingPathComponent("AppTypes.swift")
        try Data(appTypes().utf8).write(to: appFile)
        // Member lookups as Swift 6 with `MemberImportVisibility` (an app's
        // target may turn it on): a member reaches the file only from a module
        // it imports.
        var arguments = [
            "swiftc",
        ] + (throughSIL ? ["-emit-sil", "-wmo", "-o", "/dev/null"] : ["-typecheck"]) + [
            "-parse-as-library", "-warnings-as-errors",
        ] + mode.arguments + [
            "-enable-upcoming-feature", "MemberImportVisibility",
            "-I", modules, "-module-name", "Generated",
            "-Xfrontend", "-warn-long-expression-type-checking=100",
        ]
        if accessLevel == .package { arguments += ["-package-name", "generated"] }
        let passed = PassedTypechecks(modules: modules, arguments: arguments, sources: sources + [("AppTypes", try appTypes())])
        if SpeedPolicy.current != .parallel, passed?.isRecorded == true { return nil }
        arguments += files + [appFile.path]
        let outputFile = directory.appendingPathComponent("swiftc.log")
        try Data().write(to: outputFile)
        let output = try FileHandle(forWritingTo: outputFile)
        defer { try? output.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = output
        await SwiftcSlots.shared.acquire(ahead: runsLong)
        let status: Int32
        do {
            status = try await run(process)
        } catch {
            await SwiftcSlots.shared.release()
            throw error
        }
        await SwiftcSlots.shared.release()
        let text = String(decoding: try Data(contentsOf: outputFile), as: UTF8.self)
        guard status == 0 && text.isEmpty else { return text }
        if SpeedPolicy.current == .parallel { passed?.record() }
        return nil
    }

    /// Runs `process` to its end without holding a thread while it runs.
    private static func run(_ process: Process) async throws -> Int32 {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int32, any Error>) in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
    }
}

/// The swiftc runs the default run passed, so that a run with speed paths left out
/// (`make test`'s second, `FORMC_SPEED=plain`) does not compile the same bytes again:
/// what it passed is recorded, beside this build's FormRuntime module, under a hash
/// of swiftc's arguments, every file's name and text, and the module's size and
/// modification time; the second run takes a recorded pass as its own. The default
/// run always compiles, and a run that fails records nothing.
struct PassedTypechecks {
    private let path: String

    /// Nil when the module cannot be read (nothing is then recorded or found).
    init?(modules: String, arguments: [String], sources: [(name: String, source: String)]) {
        let module = modules + "/FormRuntime.swiftmodule"
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: module),
              let size = attributes[.size] as? Int, let modified = attributes[.modificationDate] as? Date else { return nil }
        // FNV-1a over every input, each followed by a separator no input holds.
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func add(_ text: String) {
            for byte in text.utf8 + [0] {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            }
        }
        arguments.forEach(add)
        for (name, source) in sources {
            add(name)
            add(source)
        }
        add("\(size) \(modified.timeIntervalSince1970)")
        path = modules + "/formc-passed-typechecks/" + String(hash, radix: 16)
    }

    var isRecorded: Bool { FileManager.default.fileExists(atPath: path) }

    func record() {
        let directory = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: path, contents: nil)
    }
}

/// The swiftc runs of the tests that may run at once: two, so that the tests
/// take two cores and leave the machine's others (and its memory) to the rest.
actor SwiftcSlots {
    static let shared = SwiftcSlots(count: 2)

    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) {
        free = count
    }

    /// Waits for a slot: after the runs already waiting, or before them when `ahead`.
    func acquire(ahead: Bool = false) async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { continuation in
            if ahead {
                waiting.insert(continuation, at: 0)
            } else {
                waiting.append(continuation)
            }
        }
    }

    /// Hands the slot to the first run waiting for one, else frees it.
    func release() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}

struct EmitCompileCase: CustomTestStringConvertible, Sendable {
    var schema: String
    var accessLevel: EmitOptions.AccessLevel
    var mode: EmitCompiler.Mode = .swift6
    var testDescription: String { "\(schema) \(accessLevel.rawValue)\(mode == .swift6 ? "" : " \(mode)")" }

    /// Each example at each access level in Swift 6 mode, and a public or package
    /// one also with imports internal by default, which checks its `public import`s
    /// (a missing one is an error, an unused one a warning).
    static var all: [EmitCompileCase] {
        EmitSchemas.names.flatMap { name in
            EmitOptions.AccessLevel.allCases.map { EmitCompileCase(schema: name, accessLevel: $0) }
                + [EmitOptions.AccessLevel.public, .package].map { EmitCompileCase(schema: name, accessLevel: $0, mode: .internalImportsByDefault) }
        }
    }
}

@Test(arguments: EmitCompileCase.all)
func emitSchemaCompilesWithoutWarnings(_ testCase: EmitCompileCase) async throws {
    guard let source = EmitSchemas.build(testCase.schema, options: EmitOptions(accessLevel: testCase.accessLevel)) else { return }
    let failure = try await EmitCompiler.typecheck(
        source, name: EmitSchemas.stem(testCase.schema), accessLevel: testCase.accessLevel, mode: testCase.mode
    )
    #expect(failure == nil, "\(testCase.testDescription):\n\(failure ?? "")")
}

/// Every example form in one module, as a plugin's target holds them, beside an
/// app file of that target with plain imports (where it implements validators), at
/// `public` and `package`, in Swift 6's own mode and with imports internal by
/// default: a form that imports Foundation for its API and one that imports it only
/// for bodies, and the app's files, compile together (Swift rejects a module where
/// one file imports a module as `package` and another imports it plainly).
@Test(arguments: [
    (EmitOptions.AccessLevel.package, EmitCompiler.Mode.swift6), (.package, .internalImportsByDefault), (.public, .swift6),
])
func emitSchemasCompileTogetherBesideAnAppsFile(_ accessLevel: EmitOptions.AccessLevel, _ mode: EmitCompiler.Mode) async throws {
    var sources: [(name: String, source: String)] = []
    for schema in EmitSchemas.names {
        guard let source = EmitSchemas.build(schema, options: EmitOptions(accessLevel: accessLevel)) else { return }
        sources.append((EmitSchemas.stem(schema), source))
    }
    // Both ways Foundation is imported are among the examples.
    #expect(sources.contains { $0.source.contains("\(accessLevel.rawValue) import Foundation\n") })
    #expect(sources.contains { $0.source.contains("\nimport Foundation\n#if") || $0.source.contains("\nimport Foundation\n\(accessLevel.rawValue) import") })
    sources.append(("AppValidators", """
        import Foundation
        import FormRuntime

        func appDeadline() -> Date { Date(timeIntervalSince1970: 0) }
        func appAnswer() -> FormRuntime.ValidationResult { .valid }

        """))
    let failure = try await EmitCompiler.typecheck(sources, accessLevel: accessLevel, runsLong: true, mode: mode)
    #expect(failure == nil, "\(accessLevel.rawValue) \(mode):\n\(failure ?? "")")
}

/// A form whose `Field` has no case (a menu of segues; pages of static text) and a
/// list whose entries have no field: the functions given a `Field` can never be
/// called, and a build warns of any statement in them ("will never be executed").
@Test(arguments: EmitOptions.AccessLevel.allCases)
func emitFormsWithoutFieldsCompileWithoutWarnings(_ accessLevel: EmitOptions.AccessLevel) async throws {
    let forms = [
        "formc: 1\nform: MenuForm\nelements:\n  - segue: settings\n    title: Settings\n",
        "formc: 1\nform: NotesForm\nelements:\n  - list: notes\n    elements:\n      - staticText: Remember to bring ID\n",
        "formc: 1\nform: TourForm\nelements:\n  - page: welcome\n    elements:\n      - staticText: Welcome\n"
            + "  - page: done\n    elements:\n      - staticText: Done\n",
    ]
    for yaml in forms {
        let result = FormPipeline.build(SourceFile(path: "fieldless.form.yaml", bytes: Array(yaml.utf8)), options: EmitOptions(accessLevel: accessLevel))
        let source = try #require(result.swiftSource, "\(result.diagnostics.map(\.message))")
        let name = try #require(source.firstMatch(of: /final class (\w+) \{/)?.1).description
        let failure = try await EmitCompiler.typecheck(source, name: name, accessLevel: accessLevel)
        #expect(failure == nil, "\(name) \(accessLevel.rawValue):\n\(failure ?? "")")
    }
}

@Test(arguments: EmitOptions.AccessLevel.allCases)
func emitFixturesCompileWithoutWarnings(_ accessLevel: EmitOptions.AccessLevel) async throws {
    for form in [EmitFixture.signUp, EmitFixture.everything, EmitFixture.empty] {
        let source = SwiftEmitter.emit(form, options: EmitOptions(accessLevel: accessLevel))
        let failure = try await EmitCompiler.typecheck(source, name: form.document.name.value, accessLevel: accessLevel)
        #expect(failure == nil, "\(form.document.name.value) \(accessLevel.rawValue):\n\(failure ?? "")")
    }
}

/// An app still in Swift 5 mode, with complete concurrency checking, compiles the
/// forms with lists, pages and the app's validators (observers, whole runs) with
/// no warning either.
@Test(arguments: ["intake.form.yaml", "jobapplication.form.yaml"])
func emitSchemaCompilesInSwift5ModeWithoutWarnings(_ schema: String) async throws {
    guard let source = EmitSchemas.build(schema) else { return }
    let failure = try await EmitCompiler.typecheck(source, name: EmitSchemas.stem(schema), accessLevel: .internal, mode: .swift5)
    #expect(failure == nil, "\(schema):\n\(failure ?? "")")
}

#if compiler(>=6.2)
/// An app target with a new Xcode 26 project's settings (default isolation
/// `MainActor`, isolated conformances inferred) compiles every example form,
/// and uses `Values`, `Field`, `static validate` and the app's validators off the
/// main actor as SPEC §5 says a server does: decoding, encoding, comparing and validating a snapshot,
/// and setting a multiChoice and an instant in it (booking) and in a list's entry.
@Test func emitSchemasCompileWithMainActorByDefault() async throws {
    var sources: [(name: String, source: String)] = []
    var app = ["import Foundation", "import FormRuntime", ""]
    for schema in EmitSchemas.names {
        guard let source = EmitSchemas.build(schema) else { return }
        let form = try #require(source.firstMatch(of: /\nfinal class (\w+) \{/)?.1).description
        sources.append((EmitSchemas.stem(schema), source))
        // The app's validators, where the form has custom rules: one answer each.
        var validators = ""
        let requirements = source.matches(of: /^    (func \w+\(_ value: [^\n]*ValidationResult)$/.anchorsMatchLineEndings()).map { "    \($0.1) { .valid }" }
        if !requirements.isEmpty {
            app += ["struct \(form)AppValidators: \(form)Validators {"] + requirements + ["    func name() -> String { \"\(form)\" }", "}", ""]
            // The protocol is nonisolated, so a type of the app that conforms to it is
            // too: its validators run off the main actor with `static validate`.
            app += ["nonisolated func \(form.prefix(1).lowercased() + form.dropFirst())ValidatorsName() -> String { \(form)AppValidators().name() }", ""]
            validators = ", validators: \(form)AppValidators()"
        }
        app += [
            "nonisolated func check\(form)(_ data: Data) async throws -> Bool {",
            "    let values = try JSONDecoder().decode(\(form).Values.self, from: data)",
            "    let cleared = \(form).clearingHidden(values)",
            "    _ = try JSONEncoder().encode(cleared)",
            "    _ = (cleared == values, \(form).Field.allCases.count)",
            "    return await \(form).validate(cleared\(validators)).isValid",
            "}",
            "",
        ]
    }
    app += [
        "nonisolated func plan(_ values: BookingForm.Values) -> BookingForm.Values {",
        "    var values = values",
        "    values.diet = [.vegan, .vegetarian]",
        "    values.reminderAt = Date(timeIntervalSince1970: 0)",
        "    return values",
        "}",
    ]
    // Entries that keep an instant and a multiChoice in storage of their own.
    let entryKinds = "Tests/GeneratedFormTests/Forms/lists/entry-kinds.form.yaml"
    let bytes = try #require(RepositoryPaths.read(RepositoryPaths.root + "/" + entryKinds))
    sources.append(("ShiftsForm", try #require(FormPipeline.build(SourceFile(path: entryKinds, bytes: bytes)).swiftSource)))
    app += [
        "nonisolated func plan(_ shift: ShiftsForm.Shift) -> ShiftsForm.Shift {",
        "    var shift = shift",
        "    shift.roles = [.host, .cook]",
        "    shift.startsAt = Date(timeIntervalSince1970: 0)",
        "    return shift",
        "}",
    ]
    sources.append(("App", app.joined(separator: "\n")))
    let failure = try await EmitCompiler.typecheck(sources, accessLevel: .internal, runsLong: true, mode: .mainActorByDefault)
    #expect(failure == nil, "\(failure ?? "")")
}
#endif

/// SPEC §9 allows 10,000 elements: a form of 8,000 fields (a quarter of them
/// conditional, every rule kind) must type-check with no expression over 100 ms.
/// (Type-checked only: its SIL takes minutes.) In a run with speed paths left out
/// (`FORMC_SPEED=plain`), its Swift is instead compared with what the default
/// policy writes, which the default run type-checks.
@Test func emitLargeFormTypeChecksFast() async throws {
    let form = EmitFixture.large(fields: 8_000)
    let source = SwiftEmitter.emit(form, options: EmitOptions())
    guard SpeedPolicy.current == .parallel else {
        #expect(SwiftEmitter.emitUTF8(form, options: EmitOptions(), speed: .parallel) == Array(source.utf8))
        return
    }
    let failure = try await EmitCompiler.typecheck(source, name: "LargeForm", accessLevel: .internal, runsLong: true, throughSIL: false)
    #expect(failure == nil, "\(failure?.prefix(4_000) ?? "")")
}

/// The form of every condition operator (SPEC §10: `<`, `<=`, `>`, `>=` on numbers,
/// dates, times and instants, relative dates, `in`, `contains`, `count`), as the
/// GeneratedFormTests plugin compiles it, type-checks at every access level.
@Test(arguments: EmitOptions.AccessLevel.allCases)
func emitConditionOperatorsCompileWithoutWarnings(_ accessLevel: EmitOptions.AccessLevel) async throws {
    // Each new operator reaches the Swift.
    try await typecheckPluginForm("conditions/conditions.form.yaml", named: "ConditionsForm", accessLevel: accessLevel, containing: [
        ".map { $0 >= 18 } == true", "!(isAgeVisible(values, context) && (values.age == 20))", "context.today.adding(years: -18)", "context.today.end(in: context.timeZone)",
        "context.today.start(in: context.timeZone)", "FormTime(clampingHour: 9, minute: 30)", "(values.seating == Seating.terrace) || (values.seating == Seating.bar)",
        "values.diet.contains(Diet.vegan)", "values.diet.count : 0) >= 2", "Decimal(sign: .plus, exponent: -2, significand: 250)",
        "context: ValidationContext = ValidationContext()",
    ])
}

/// Builds a form of Tests/GeneratedFormTests/Forms (`path` below it) at `accessLevel`:
/// no diagnostics, each of `pieces` in its Swift, and the Swift type-checks with no warning.
private func typecheckPluginForm(
    _ path: String, named name: String, accessLevel: EmitOptions.AccessLevel, containing pieces: [String]
) async throws {
    let path = "Tests/GeneratedFormTests/Forms/" + path
    let bytes = try #require(RepositoryPaths.read(RepositoryPaths.root + "/" + path))
    let result = FormPipeline.build(SourceFile(path: path, bytes: bytes), options: EmitOptions(accessLevel: accessLevel))
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map { "\($0.code): \($0.message)" })")
    let source = try #require(result.swiftSource)
    for piece in pieces {
        #expect(source.contains(piece), "missing \(piece)")
    }
    let failure = try await EmitCompiler.typecheck(source, name: name, accessLevel: accessLevel)
    #expect(failure == nil, "\(accessLevel.rawValue):\n\(failure ?? "")")
}

/// Names that Swift reads two ways (Tests/GeneratedFormTests/Forms/names): an
/// option `none` of an optional field, a segue `allCases`, a shared set in an
/// entry's custom rule, entry bounds against form fields of other `decimals`.
/// Each is written so that it means one thing, at every access level, with no warning.
@Test(arguments: EmitOptions.AccessLevel.allCases)
func emitEdgeNamesCompileWithoutWarnings(_ accessLevel: EmitOptions.AccessLevel) async throws {
    try await typecheckPluginForm("names/edge-names.form.yaml", named: "EdgeNamesForm", accessLevel: accessLevel, containing: [
        "SegmentOption(value: Answer.none, ", "SegmentOption(value: Level.none, ", "Action.allCases as Action",
        "_ value: EdgeNamesForm.Country?,", "_ value: [EdgeNamesForm.Country],",
        ".max({ $0.map { Decimal($0) } }, atMost: { $0.limit }", ".min({ $0 }, atLeast: { $0.whole.map { Decimal($0) } }",
    ])
}

/// A field named `owner` in the form and in an entry
/// (Tests/GeneratedFormTests/Forms/names/owner-field.form.yaml): the entry's
/// reference to its form is `_owner`, beside the entry's `owner`, at every access
/// level, with no warning.
@Test(arguments: EmitOptions.AccessLevel.allCases)
func emitOwnerFieldsCompileWithoutWarnings(_ accessLevel: EmitOptions.AccessLevel) async throws {
    try await typecheckPluginForm("names/owner-field.form.yaml", named: "PetOwnersForm", accessLevel: accessLevel, containing: [
        "private let _owner: FormRuntime.FormOwnerReference<PetOwnersForm>?", "self._owner = owner",
        "validation.watch(self.owner, as: .owner)", "Validators(form: _owner?.owner?.validators",
        "_owner?.owner.map { (form: PetOwnersForm) -> String in form.isVisible(.owner) ? form.owner.value",
    ])
}

/// A `sameAs` or bound naming a field a condition can hide reads it as empty
/// (Tests/GeneratedFormTests/Forms/lists/hidden-outer.form.yaml): text, a Boolean,
/// a segment with a default (compared as an optional), a date, a whole number
/// against a decimal one, and an entry's own field, at every access level.
@Test(arguments: EmitOptions.AccessLevel.allCases)
func emitHiddenTargetsCompileWithoutWarnings(_ accessLevel: EmitOptions.AccessLevel) async throws {
    try await typecheckPluginForm("lists/hidden-outer.form.yaml", named: "HiddenOuterForm", accessLevel: accessLevel, containing: [
        ".sameAs({ values in isContactEmailVisible(values) ? values.contactEmail : \"\" }",
        ".sameAs({ values in isAgreedVisible(values) ? values.agreed : false }",
        "ValidationRule({ value, values in (value == (isTierVisible(values) ? values.tier : nil)) ? .valid",
        "atLeast: { values in isSinceVisible(values) ? values.since : nil }",
        "atMost: { values in isCapVisible(values) ? values.cap.map { Decimal($0) } : nil }",
        ".sameAs({ values in isNicknameVisible(values) ? values.nickname : \"\" }",
        "groups.append(([.hideContact], [.repeatEmail]))",
        "dependents[.contactEmail] = [.email]",
        "groups.append(([.hideContact], [.qty]))",
    ])
}

/// A date's literal bounds in either order of its rules (`max` written before
/// `min`, in a list's entry too) reach `DateElement` as `minimum` then `maximum`,
/// the order of its initializer's parameters, and the form type-checks.
@Test(arguments: ["date: day\n    rules: [{ max: today }, { min: 2000-01-01 }]",
                  "date: at\n    mode: time\n    rules: [{ max: '22:30' }, { min: '08:00' }]",
                  "date: at\n    mode: dateTime\n    rules: [{ max: today+30d }, { min: today }]",
                  "list: rows\n    elements:\n      - date: day\n        rules: [required, { max: today }, { min: today-120y }]"])
func emitDateBoundsInEitherRuleOrderCompile(_ element: String) async throws {
    let form = "formc: 1\nform: DateBoundsForm\nelements:\n  - \(element)\n"
    let result = FormPipeline.build(SourceFile(path: "bounds.form.yaml", bytes: Array(form.utf8)))
    let source = try #require(result.swiftSource, "\(result.diagnostics.map { "\($0.code) \($0.message)" })")
    let minimum = try #require(source.range(of: "minimum: "))
    let maximum = try #require(source.range(of: "maximum: "))
    #expect(minimum.lowerBound < maximum.lowerBound)
    let failure = try await EmitCompiler.typecheck(source, name: "DateBoundsForm", accessLevel: .internal)
    #expect(failure == nil, "\(form)\n\(failure ?? "")")
}

/// An entry's elements are editable only while their list is, when the list can be
/// locked through a group or page around it (no `enabledWhen` of its own): each
/// element's `enabled` asks the form about the list. A list nothing can lock
/// writes no such closure. The forms type-check.
@Test(arguments: [
    "  - boolean: locked\n    title: Locked\n  - group: box\n    enabledWhen: not locked\n    elements:\n      - list: rows\n        elements:\n          - textField: a\n          - staticText: Note\n",
    "  - page: one\n    elements:\n      - boolean: locked\n        title: Locked\n  - page: two\n    enabledWhen: not locked\n    elements:\n      - list: rows\n        elements:\n          - textField: a\n          - staticText: Note\n",
])
func emitEntryElementsAskWhetherTheirListIsEditable(_ elements: String) async throws {
    let form = "formc: 1\nform: LockForm\nelements:\n" + elements
    let result = FormPipeline.build(SourceFile(path: "lock.form.yaml", bytes: Array(form.utf8)))
    let source = try #require(result.swiftSource, "\(result.diagnostics.map { "\($0.code) \($0.message)" })")
    let closure = "enabled: { [weak form] in form.map { $0._owner?.owner?.isEnabled(.rows) ?? true } ?? false }"
    #expect(source.components(separatedBy: closure).count - 1 == 2)
    let free = FormPipeline.build(SourceFile(path: "free.form.yaml", bytes: Array(form.replacingOccurrences(of: "    enabledWhen: not locked\n", with: "").utf8)))
    #expect(try #require(free.swiftSource).contains("$0._owner?.owner?.isEnabled(.rows)") == false)
    let failure = try await EmitCompiler.typecheck(source, name: "LockForm", accessLevel: .internal)
    #expect(failure == nil, "\(failure ?? "")")
}

/// A set of a thousand options (medicines, airports) shared by a picker, a
/// segment with a default, a multiChoice and an entry's picker type-checks with no
/// expression over 100 ms: past `SwiftRenderer.largestOptionsLiteral` options, an
/// element's options are built by a statement each before it, as one array literal
/// they took half a minute and gigabytes. The option `none` and one with an image
/// take the same path; a set of exactly that many options stays a literal.
@Test func emitLargeOptionSetsTypeCheckFast() async throws {
    var form = "formc: 1\nform: ManyOptionsForm\noptions:\n  Drug:\n    - none\n    - { value: d1, title: Drug 1, image: pill }\n"
    for index in 2..<1_000 { form += "    - { value: d\(index), title: Drug \(index) }\n" }
    form += "  Small: [" + (0..<SwiftRenderer.largestOptionsLiteral).map { "s\($0)" }.joined(separator: ", ") + "]\n"
    form += """
        elements:
          - picker: drug
            options: Drug
            rules: [required]
          - segment: usual
            options: Drug
            default: d1
          - multiChoice: taken
            options: Drug
          - picker: small
            options: Small
          - list: doses
            elements:
              - picker: dose
                options: Drug

        """
    let result = FormPipeline.build(SourceFile(path: "many.form.yaml", bytes: Array(form.utf8)))
    let source = try #require(result.swiftSource, "\(result.diagnostics.map { "\($0.code) \($0.message)" })")
    for piece in [
        "var drugOptions: [SegmentOption<Drug?>] = []\n",
        "var usualOptions: [SegmentOption<Drug>] = []\n",
        "var takenOptions: [SegmentOption<Drug>] = []\n",
        "var doseOptions: [SegmentOption<Drug?>] = []\n",
        "drugOptions.append(SegmentOption(value: Drug.none, title: form.context.localization.string(\"ManyOptionsForm.options.Drug.none\", default: \"none\")))\n",
        "takenOptions.append(SegmentOption(value: .d1, title: form.context.localization.string(\"ManyOptionsForm.options.Drug.d1\", default: \"Drug 1\"), image: \"pill\"))\n",
        "doseOptions.append(SegmentOption(value: .d999, ",
        "options: takenOptions,\n",
        "options: [\n                SegmentOption(value: .s0, ",
    ] {
        #expect(source.contains(piece), "missing \(piece)")
    }
    #expect(!source.contains("smallOptions"))
    #expect(source.components(separatedBy: "Options.append(SegmentOption(").count - 1 == 4 * 1_000)
    let failure = try await EmitCompiler.typecheck(source, name: "ManyOptionsForm", accessLevel: .internal, runsLong: true)
    #expect(failure == nil, "\(failure?.prefix(4_000) ?? "")")
}

/// A recorded pass is found for exactly the inputs it was recorded for: another
/// argument or another byte of a file is another run.
@Test func aPassedTypecheckIsFoundForItsExactInputsOnly() throws {
    let modules = try #require(EmitCompiler.modulesDirectory)
    let run = UUID().uuidString
    func passed(_ arguments: [String], _ source: String) throws -> PassedTypechecks {
        try #require(PassedTypechecks(modules: modules, arguments: arguments, sources: [("A", source)]))
    }
    let first = try passed(["swiftc", run], "let a = 1")
    #expect(!first.isRecorded)
    first.record()
    #expect(try passed(["swiftc", run], "let a = 1").isRecorded)
    #expect(try !passed(["swiftc", run], "let a = 2").isRecorded)
    #expect(try !passed(["swiftc", run, "-O"], "let a = 1").isRecorded)
    #expect(try !passed(["swiftc", run + "let a = 1"], "").isRecorded)
}
