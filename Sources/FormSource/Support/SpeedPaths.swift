#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// When a stage leaves its plain sequential path for speed: every threshold in
/// one place (docs/performance.md, "Two cores" and "Speed-only code"). Each speed
/// path sits in files of its own, which a reader of the stage can skip, and is
/// switched off by one flag of its stage (`YAMLReader.Splitting.never`,
/// `decodesInPieces`, `walksInHalves`, a batch size of `.max`); tests compare it
/// with the plain path (the same bytes, the same diagnostics). Below each
/// threshold, handing work to another thread costs about what it saves.
package enum SpeedPaths {
    /// Read: YAML files of this size or more are read by two libyaml parsers at
    /// once (`YAMLReader+TwoParts.swift`, `YAMLSplit`), on a machine with two cores.
    package static let twoPartReadMinimumBytes = 128 * 1024
    package static var hasSecondCore: Bool { sysconf(Int32(_SC_NPROCESSORS_ONLN)) >= 2 }

    /// Decode: an element list spanning this many lines or more is decoded in
    /// pieces (`FormDecoder+Pieces.swift`) of about `decodePieceLines` lines (at
    /// least two, at most `decodeMaximumPieces`), which the threads take in turn:
    /// a thread that started late or runs slower takes fewer.
    package static let decodeInPiecesMinimumLines = 2_000
    package static let decodePieceLines = 2_000
    package static let decodeMaximumPieces = 16

    /// Check: a form of this many elements or more is walked in two halves at once
    /// (`FormChecker+Halves.swift`).
    package static let checkInHalvesMinimumElements = 1_000
    /// Check: from this many fields, conditions are lowered in chunks of about
    /// `conditionChunkSize` beside the rule checks (`ConditionChecker.chunkCount`).
    package static let conditionsInChunksMinimumFields = 512
    package static let conditionChunkSize = 256

    /// Emit: a form of this many fields or more has its `FieldInfo`s made and
    /// freed in two halves (`FieldTable`).
    package static let fieldInfosInHalvesMinimumFields = 1_000
    /// Emit: a large file is rendered in batches of about this many bytes
    /// (estimated) on every core (`EmitPlan`), `emitBatchesInFlight` held at once
    /// (rendered or being rendered, not yet handed over): a few hundred kB, enough
    /// that the worker renders ahead while the calling thread hands over.
    package static let emitBatchSize = 128 * 1024
    package static let emitBatchesInFlight = 6

    /// Strings: a String Catalog of this size or more is read in two parts at
    /// once, split between two entries near its middle
    /// (`StringCatalogFile+TwoParts.swift`), on a machine with two cores.
    package static let catalogInTwoMinimumBytes = 1024 * 1024
    /// Strings: a catalog of this many entries or more has each half of them
    /// checked (`CatalogValidator`), merged (`CatalogMerge.changes`) and given
    /// sort keys (`XcodeKeyOrder.Placement`) on a thread of its own.
    package static let catalogEntriesInHalvesMinimum = 2_000
    /// Strings: a form of this many fields or more has each half of its
    /// top-level elements' strings collected on a thread of its own
    /// (`FormStrings`).
    package static let stringsInHalvesMinimumFields = 1_000
}
