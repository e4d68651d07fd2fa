import CYAML
import FormSource

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a YAML form file into a `SyntaxTree` with positions, through libyaml's
/// event API. It decides nothing about what a form means; it only builds the tree
/// and reports what YAML itself makes wrong or what formc does not accept in YAML.
///
/// Decisions:
/// - Positions come from libyaml's marks (0-based, columns in Unicode scalars) made
///   1-based. libyaml also breaks lines at NEL, LS and PS, and does not count a
///   leading byte-order mark, where `SourceFile` does neither; a file with one of
///   those is mapped through `PositionCursor` instead, so a position always points
///   where `SourceFile` shows the line.
/// - A block sequence or mapping ends where its last entry ends (libyaml's end mark
///   would be the start of the next line); a flow one ends after its bracket.
/// - Scalars keep libyaml's style and its tag exactly as reported
///   (`!newsletter`, `tag:yaml.org,2002:str`); the decoder decides what tags mean.
/// - One document per file: a second one is FC003 at its start. The rest of the
///   stream still runs through libyaml, so a later syntax error is reported too.
/// - An empty stream is FC100 "the file is empty" ("the file holds only comments"
///   where it has some).
/// - A duplicate key is FC002 at the second key with a note at the first; the first
///   entry is kept and the tree is still returned, so later stages run.
/// - A key that is a sequence or mapping is FC003, and its entry is dropped. A
///   merge key `<<` is FC003 too, and the mapping gets the entries its value
///   brings (a mapping, or a list of mappings; YAML's merge), so that the rest of
///   the file is checked as it would read with the keys written out.
/// - An alias yields a node of its own with the anchored node's content (its text
///   or its children, shared, not copied). Its own range is the alias's `*name`, so
///   a problem with the value as used points where it is used; the nodes inside
///   keep the ranges where they were written.
/// - An alias whose anchor is unknown is FC001; one inside the node it names (a
///   recursive structure) is FC003.
/// - Alias expansion and depth are limited as `AliasBudget` and
///   `CompilerLimits.maxDepth` describe (FC004); depth stops reading at once.
/// - A character pasted or typed where YAML's syntax needs its own, which libyaml
///   reads as text, is FC001 with a fix where no text means it
///   (`YAMLTreeBuilder.reportPasted`): a key that starts with a Unicode space (a
///   no-break space from a web page: its line was indented with them) or with a
///   word processor's dash and a space; a line that starts with `-` and one; a
///   plain value of a flow collection that starts or ends with a no-break space.
///   Elsewhere they are text. A syntax error's help names one in the structure of
///   its line or the line above (the indentation, an item's `-`, the key's ':'),
///   or a value in typographic quotes there.
/// - After any other FC001, FC003 or FC004 `read` returns nil: a tree with a hole
///   in it would only cause follow-up errors that are not the user's. A second
///   document is an exception too: the first is whole, and is returned when it is
///   a form (a mapping with `formc`), so that its own problems are reported beside
///   the FC003.
public enum YAMLReader {
    public static func read(_ file: SourceFile, limits: CompilerLimits, diagnostics: inout DiagnosticBag) -> SyntaxTree? {
        read(file, limits: limits, speed: .current, diagnostics: &diagnostics)
    }

    /// Reads `file`; under `.parallel`, in two parts at once when it is large
    /// and the cut works out (see `YAMLSplit`), or at `cutAt` (a line start, for
    /// tests) whatever its size; otherwise, or when anything in either part
    /// differs from the plan or would be reported, whole. Both ways give the same
    /// tree, and the diagnostics always come from the whole read.
    package static func read(
        _ file: SourceFile, limits: CompilerLimits, speed: SpeedPolicy, cutAt: Int? = nil, diagnostics: inout DiagnosticBag
    ) -> SyntaxTree? {
        let (needsCursor, hasSpace) = file.bytes.withUnsafeBufferPointer { bytes in
            let facts = YAMLTreeBuilder.unicodeFacts(bytes)
            return (YAMLTreeBuilder.needsPositionCursor(bytes, hasUnicodeLineBreak: facts.lineBreak), facts.space)
        }
        if !needsCursor, !hasSpace, speed.takes(.readInTwo), let split = plan(file, cutAt: cutAt),
           let tree = readInTwo(file, split: split, limits: limits) {
            return tree
        }
        return file.bytes.withUnsafeBufferPointer { bytes in
            var builder = YAMLTreeBuilder(file: file, bytes: bytes, limits: limits, needsCursor: needsCursor, checksSpaces: hasSpace)
            let ran: Void? = LibYAML.withParser(bytes) { parser in
                builder.run(parser, diagnostics: &diagnostics)
            }
            guard ran != nil else {
                diagnostics.error(.syntaxError, "libyaml could not allocate a parser", at: .fileStart)
                return nil
            }
            return builder.failed ? nil : builder.finishedTree()
        }
    }
}
