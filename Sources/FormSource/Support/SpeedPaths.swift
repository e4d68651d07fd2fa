import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a stage may leave its plain sequential path for one that exists only
/// for speed. Each stage's entry takes one (`speed:`, by default `current`):
///
/// - read: `FormReader.read`, `YAMLReader.read`;
/// - decode: `FormDecoder.decode`;
/// - check: `FormChecker.check`, `ConditionChecker.check`;
/// - emit: `SwiftEmitter.emitUTF8`, `emit(_:options:into:)`, `Prepared`;
/// - strings: `CatalogMerge.target` and `merge`.
///
/// `.plain` takes every plain path; `.parallel` takes a speed path where
/// `SpeedPaths` says it pays; a policy may also take the plain path of some
/// stages or speed paths only, so that what each pays can be measured
/// (`formc-bench` times each stage). Every way gives the same bytes and the same
/// diagnostics.
package struct SpeedPolicy: Sendable, Hashable {
    /// The stages, each with speed paths of its own (`SpeedPaths.Path.stage`).
    package enum Stage: String, CaseIterable, Sendable {
        case read, decode, check, emit, strings
    }

    /// The speed paths not taken.
    private var plainPaths: Set<SpeedPaths.Path>

    package static let plain = SpeedPolicy(plainPaths: Set(SpeedPaths.Path.allCases))
    package static let parallel = SpeedPolicy(plainPaths: [])

    /// The policy that takes every speed path but `paths`.
    package init(plainPaths paths: Set<SpeedPaths.Path>) {
        plainPaths = paths
    }

    /// The policy that takes the plain paths of `stages` and the others' speed paths.
    package init(plainStages stages: Set<Stage>) {
        self.init(plainPaths: Set(SpeedPaths.Path.allCases.filter { stages.contains($0.stage) }))
    }

    /// The policy of this process, read once from the environment:
    /// `FORMC_SPEED=plain` takes every plain path (`make test` runs the suite
    /// once so); `FORMC_SPEED=plain:emit,readInTwo` those of the stages and
    /// speed paths named; anything else, or nothing, `.parallel`.
    package static let current = SpeedPolicy(environment: ProcessEnvironmentValue.get("FORMC_SPEED"))

    /// The policy an environment value of `FORMC_SPEED` names.
    package init(environment value: String?) {
        guard let value, value == "plain" || value.hasPrefix("plain:") else {
            self = .parallel
            return
        }
        guard value != "plain" else {
            self = .plain
            return
        }
        var paths = Set<SpeedPaths.Path>()
        for name in value.dropFirst("plain:".count).split(separator: ",").map(String.init) {
            if let path = SpeedPaths.Path(rawValue: name) { paths.insert(path) }
            if let stage = Stage(rawValue: name) { paths.formUnion(SpeedPaths.Path.allCases.filter { $0.stage == stage }) }
        }
        self.init(plainPaths: paths)
    }

    /// What of an environment value of `FORMC_SPEED` names nothing: each name
    /// after `plain:` that is neither a stage nor a speed path (an empty one, as
    /// of a trailing comma, names nothing and is no mistake), or the whole value
    /// when it is none of `plain`, `plain:…`, `parallel` and empty. What it does
    /// not name is ignored (those speed paths are taken); `formc` warns of it, so
    /// a typo does not measure the default.
    package static func unknownNames(inEnvironment value: String?) -> [String] {
        guard let value, !value.isEmpty, value != "plain", value != "parallel" else { return [] }
        guard value.hasPrefix("plain:") else { return [value] }
        return value.dropFirst("plain:".count).split(separator: ",").map(String.init).filter {
            SpeedPaths.Path(rawValue: $0) == nil && Stage(rawValue: $0) == nil
        }
    }

    /// Whether the speed path `path` may be taken.
    package func takes(_ path: SpeedPaths.Path) -> Bool { !plainPaths.contains(path) }
}

/// Every speed path, its file, and the threshold from which it is taken under
/// `SpeedPolicy.parallel` (docs/performance.md, "Two cores" and "Speed-only
/// code"). Each speed path sits in code a reader of the stage can skip, is
/// taken only when the policy takes it (`SpeedPolicy.takes`), and is compared
/// with the plain path in tests (the same bytes, the same diagnostics):
///
/// - read: a large YAML file in two parts at once (`YAMLReader+TwoParts.swift`, `YAMLSplit.swift`);
/// - decode: a long element list in pieces (`FormDecoder+Pieces.swift`);
/// - check: the element list walked in halves (`FormChecker+Halves.swift`);
///   conditions lowered in chunks beside the rule checks (`ConditionChecker.swift`);
///   the entries of the form's lists checked on every core (`ListChecker.swift`);
/// - emit: `FieldInfo`s made and freed in halves (`FormTranslator+FieldInfo.swift`,
///   `FieldTable.swift`); the lists' entry translators made on every core
///   (`FormTranslator+Lists.swift`); the file rendered in batches on every core
///   (`SwiftEmitter.swift`, `EmitPlan.swift`, the weights below);
/// - strings: a large catalog's entries merged in halves (`CatalogMerge.swift`).
///
/// `formc-bench` times `formc build` and `formc strings` with each stage's
/// speed paths left out (`FORMC_SPEED=plain:STAGE`), so that each shows what it
/// pays; one that pays nothing is removed.
package enum SpeedPaths {
    /// Whether there is a second core for a speed path to use.
    package static var hasSecondCore: Bool { coreCount >= 2 }
    /// How many cores the speed paths share out work to (`CoreCount`).
    package static var coreCount: Int { CoreCount.current }

    /// Read: a YAML file of this many bytes or more is read in two parts at once.
    package static let twoPartReadMinimumBytes = 128 * 1024

    /// Decode: an element list spanning this many lines or more is decoded in pieces.
    package static let decodeInPiecesMinimumLines = 2_000
    /// Decode: a list is cut into a piece for about this many lines (at least two
    /// pieces; more, to make whole rounds of the cores: `FormDecoder.pieceCount`).
    package static let decodePieceLines = 2_000
    /// Decode: at most this many pieces, which the threads take in turn.
    package static let decodeMaximumPieces = 16

    /// Check: a form of this many elements or more has its element list walked in two halves.
    package static let checkInHalvesMinimumElements = 1_000
    /// Check: from this many conditions (or fields), conditions are lowered in chunks beside the rule checks.
    package static let conditionsInChunksMinimumFields = 512
    /// Check: about how many conditions a chunk holds.
    package static let conditionChunkSize = 256
    /// Check: the fewest chunks conditions are lowered in, once in chunks.
    package static let conditionChunksMinimum = 4
    /// Check: the most chunks conditions are lowered in.
    package static let conditionChunksMaximum = 16
    /// Check: from this many elements in the entries of a form's lists (with the
    /// form's fields each entry names), the entries are checked on every core.
    package static let listEntriesAtOnceMinimumElements = 1_000

    /// Emit: a form of this many fields or more has its `FieldInfo`s made and freed in two halves.
    package static let fieldInfosInHalvesMinimumFields = 1_000
    /// Emit: from this many fields in the entries of a form's lists, the entries'
    /// translators are made on every core.
    package static let entryTranslatorsAtOnceMinimumFields = 1_000
    /// Emit: a file is cut into batches rendered on every core once it weighs about this many bytes.
    package static let emitBatchSize = 128 * 1024
    /// Emit: how many batches are held at once (rendered or being rendered, not yet handed over).
    package static let emitBatchesInFlight = 6

    /// Emit: about how many bytes each part of the file writes, where batches are cut
    /// (`EmitPlan.batches(ofAbout:)`) and how large a batch's block is allocated.
    package enum EmitWeights {
        /// A part rendered whole that names no weight.
        package static let part = 512
        /// A field's line of a per-field run that names no weight.
        package static let fieldLine = 48
        /// A field's value property (`fieldValues`).
        package static let fieldValue = 36
        /// A field's case of the `Field` enum.
        package static let fieldCase = 24
        /// A segment field's enum, before its cases; and the action enum, before its segues.
        package static let enumStart = 160
        /// One case of a segment's enum or of the action enum.
        package static let enumCase = 32
        /// A field's stored property of the `Values` struct.
        package static let valuesProperty = 28
        /// A field's line of the `Values` struct's initializer or comparison.
        package static let valuesLine = 36
        /// A field's argument in the `Values` struct's memberwise initializer.
        package static let valuesArgument = 32
        /// The form's instance members before the per-field ones.
        package static let instanceMembersStart = 1_024
        /// A field's line of the form's initializer.
        package static let initializerLine = 52
        /// A field's line of the form's `values`.
        package static let valuesGetterLine = 44
        /// A condition helper.
        package static let conditionHelper = 160
        /// The validation members written once.
        package static let validationStart = 4_096
        /// The `sameAs` checks, before each of them.
        package static let sameAsStart = 1_024
        /// One `sameAs` check.
        package static let sameAsCheck = 48
        /// One pattern's declaration.
        package static let pattern = 96
        /// A validated field's function, before its rules.
        package static let validatorStart = 256
        /// One rule of a validated field's function.
        package static let validatorRule = 96
        /// A `switch` case, before its fields.
        package static let switchCase = 48
        /// One field of a `switch` case.
        package static let switchCaseField = 24
        /// A level's element members, before its elements.
        package static let levelStart = 160
        /// One element of a level's element members.
        package static let levelElement = 224
    }

    /// Strings: a catalog of this many entries or more is merged in halves.
    package static let catalogEntriesInHalvesMinimum = 2_000

    /// The speed paths, as a test sees which ran (`taken`).
    package enum Path: String, Sendable, Hashable, CaseIterable {
        case readInTwo, decodeInPieces, checkInHalves, conditionsInChunks, listEntriesAtOnce
        case fieldInfosInHalves, entryTranslatorsAtOnce, emitInBatches
        case catalogMergedInHalves

        /// The stage whose policy decides whether the path is taken.
        package var stage: SpeedPolicy.Stage {
            switch self {
            case .readInTwo: .read
            case .decodeInPieces: .decode
            case .checkInHalves, .conditionsInChunks, .listEntriesAtOnce: .check
            case .fieldInfosInHalves, .entryTranslatorsAtOnce, .emitInBatches: .emit
            case .catalogMergedInHalves: .strings
            }
        }
    }

    /// Which speed paths ran, for a test: set with `$taken.withValue`, each speed
    /// path notes itself here on the thread that chose it.
    @TaskLocal package static var taken: Taken?

    /// Notes that `path` ran, when a test is looking.
    package static func note(_ path: Path) {
        taken?.insert(path)
    }

    package final class Taken: @unchecked Sendable {
        private let lock = DispatchSemaphore(value: 1)
        // Guarded by `lock`.
        private var paths: Set<Path> = []

        package init() {}

        package var all: Set<Path> {
            lock.wait()
            defer { lock.signal() }
            return paths
        }

        func insert(_ path: Path) {
            lock.wait()
            paths.insert(path)
            lock.signal()
        }
    }
}

/// One variable of the process's environment.
enum ProcessEnvironmentValue {
    static func get(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
