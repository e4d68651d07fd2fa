@testable import FormCompiler
@testable import FormModel
@testable import FormSource
@testable import FormSyntax
import Testing

/// Long element lists are decoded in pieces on every core
/// (`Decoder.elementsInPieces`); the document and the diagnostics must be the
/// ones a single decoder gives.
struct ParallelDecodeTests {
    /// A form of `groups` groups of `fields` fields each; every 7th field has an
    /// unknown key and every 11th a wrong type, so every piece reports.
    private static func form(groups: Int, fields: Int) -> String {
        var text = "formc: 1\nform: Long\nelements:\n"
        for group in 0..<groups {
            text += "  - group: g\(group)\n    elements:\n"
            for field in 0..<fields {
                let n = group * fields + field
                text += "      - textField: f\(n)\n        placeholder: Field \(n)\n"
                if n % 7 == 0 { text += "        colour: red\n" }
                if n % 11 == 0 { text += "        rules: required\n" }
                text += "        rules: [required, { minLength: \(n % 5 + 1) }]\n"
            }
        }
        return text
    }

    private struct Decoded: Equatable {
        var dump: String?
        var diagnostics: [Diagnostic]
    }

    private static func decode(_ text: String, limits: CompilerLimits = .default, speed: SpeedPolicy) -> Decoded {
        let file = SourceFile(path: "long.form.yaml", text: text)
        var diagnostics = DiagnosticBag(file: file.path)
        let tree = FormPipeline.read(file, limits: limits, diagnostics: &diagnostics)!
        let document = FormDecoder.decode(tree, file: file, format: SourceFormat(path: file.path), limits: limits, speed: speed, diagnostics: &diagnostics)
        return Decoded(dump: document.map { TreeDump.json(for: $0, path: file.path) }, diagnostics: diagnostics.sorted)
    }

    /// The form's own element list, and the tree it is in.
    private static func topLevelList(_ text: String) -> (tree: SyntaxTree, items: SyntaxTree.Items) {
        let file = SourceFile(path: "form.yaml", text: text)
        var diagnostics = DiagnosticBag(file: file.path)
        let tree = FormPipeline.read(file, diagnostics: &diagnostics)!
        let elements = tree.entries(tree.root).first { tree.text($0.key) == "elements" }!.value
        return (tree, tree.items(elements))
    }

    /// Where the decoder would cut the form's own element list on two cores, if anywhere.
    private static func topLevelCuts(_ text: String) -> [Int]? {
        let (tree, items) = topLevelList(text)
        return FormDecoder.parallelCuts(of: items, in: tree, cores: 2)
    }

    @Test func aLongTopLevelListDecodesAsOnOneThread() {
        // 40 groups of 20 fields: the top-level list spans far more than the threshold.
        let text = Self.form(groups: 40, fields: 20)
        #expect(Self.topLevelCuts(text) != nil)
        let parallel = Self.decode(text, speed: .parallel)
        #expect(parallel == Self.decode(text, speed: .plain))
        #expect(parallel.diagnostics.count > 100)
    }

    /// Shared option sets and rules' conditions (SPEC §16) reach every piece: each
    /// piece's pickers get the set's options, and a `when` in any piece is seen.
    @Test func optionSetsAndRuleConditionsReachEveryPiece() throws {
        var text = "formc: 1\nform: Long\noptions:\n  Country: [us, gb]\nelements:\n"
        for n in 0..<3_000 {
            text += "  - picker: p\(n)\n    options: \(n % 97 == 0 ? "Contry" : "Country")\n"
        }
        text += "  - textField: last\n    rules: [{ required: true, when: \"p1 == 'us'\" }]\n"
        #expect(Self.topLevelCuts(text) != nil)
        let parallel = Self.decode(text, speed: .parallel)
        #expect(parallel == Self.decode(text, speed: .plain))
        #expect(parallel.diagnostics.filter { $0.code == .conditionUnknownField }.count == 31)
        let file = SourceFile(path: "long.form.yaml", text: text)
        var diagnostics = DiagnosticBag(file: file.path)
        let tree = try #require(FormPipeline.read(file, limits: .default, diagnostics: &diagnostics))
        let document = try #require(FormDecoder.decode(
            tree, file: file, format: .yaml, limits: .default, speed: .parallel, diagnostics: &diagnostics
        ))
        #expect(document.hasRuleConditions)
        let pickers = document.allElements.compactMap { element -> SegmentFieldDecl? in
            if case .segment(let field) = element.kind { field } else { nil }
        }
        #expect(pickers.count == 3_000)
        #expect(pickers.filter { $0.options.count == 2 }.count == 3_000 - 31)
    }

    @Test func oneLongGroupIsSplitInside() {
        let text = Self.form(groups: 1, fields: 800)
        let parallel = Self.decode(text, speed: .parallel)
        #expect(parallel == Self.decode(text, speed: .plain))
        #expect(parallel.dump != nil)
    }

    /// Past the element limit, where decoding stops depends on the count before
    /// each element: the pieces give way to one decoder.
    @Test func theElementLimitIsHitWhereOneDecoderHitsIt() {
        var limits = CompilerLimits()
        limits.maxElements = 500
        let text = Self.form(groups: 40, fields: 20)
        let parallel = Self.decode(text, limits: limits, speed: .parallel)
        #expect(parallel == Self.decode(text, limits: limits, speed: .plain))
        #expect(parallel.diagnostics.contains { $0.code == .limitExceeded })
    }

    /// Each piece reads the tree through a storage object of its own (so two
    /// cores do not share one reference count), with the same nodes.
    @Test func aTreeForAnotherThreadHasItsOwnStorageAndTheSameNodes() {
        let file = SourceFile(path: "form.yaml", text: Self.form(groups: 2, fields: 3))
        var diagnostics = DiagnosticBag(file: file.path)
        let tree = FormPipeline.read(file, diagnostics: &diagnostics)!
        let other = tree.forAnotherThread()
        #expect(other.storage !== tree.storage)
        #expect(other.root == tree.root)
        #expect(TreeNode(other) == TreeNode(tree))
    }

    /// Pieces come in whole rounds of the cores: three pieces of the same size
    /// on two cores would take as long as four.
    @Test func piecesComeInWholeRoundsOfTheCores() {
        let lines = SpeedPaths.decodePieceLines
        let maximum = SpeedPaths.decodeMaximumPieces
        #expect(FormDecoder.pieceCount(span: 3 * lines, cores: 2) == 4)
        #expect(FormDecoder.pieceCount(span: 3 * lines, cores: 1) == 3)
        #expect(FormDecoder.pieceCount(span: 2 * lines, cores: 2) == 2)
        #expect(FormDecoder.pieceCount(span: lines, cores: 2) == 2, "two pieces at least")
        #expect(FormDecoder.pieceCount(span: 5 * lines, cores: 4) == 8)
        // As many cores as pieces or more: one round, the pieces as they are.
        #expect(FormDecoder.pieceCount(span: 3 * lines + lines / 2, cores: 4) == 3)
        #expect(FormDecoder.pieceCount(span: 2 * lines, cores: maximum) == 2)
        #expect(FormDecoder.pieceCount(span: 3 * lines, cores: 64) == 3)
        // Past the maximum: the most whole rounds that fit.
        #expect(FormDecoder.pieceCount(span: 100 * lines, cores: 2) == maximum)
        #expect(FormDecoder.pieceCount(span: (maximum - 1) * lines, cores: 2) == maximum)
        #expect(FormDecoder.pieceCount(span: 100 * lines, cores: 3) == maximum / 3 * 3)
        #expect(FormDecoder.pieceCount(span: 100 * lines, cores: maximum) == maximum)
        #expect(FormDecoder.pieceCount(span: 100 * lines, cores: maximum + 1) == maximum)
    }

    /// The cuts follow the cores they are made for: none on one core (the list is
    /// decoded whole), whole rounds on two and on three.
    @Test func theCutsFollowTheCores() throws {
        let text = Self.form(groups: 300, fields: 20)
        let (tree, list) = Self.topLevelList(text)
        #expect(FormDecoder.parallelCuts(of: list, in: tree, cores: 1) == nil, "one core decodes the list whole")
        let two = try #require(FormDecoder.parallelCuts(of: list, in: tree, cores: 2))
        let three = try #require(FormDecoder.parallelCuts(of: list, in: tree, cores: 3))
        let span = tree.range(list.last!).start.line - tree.range(list.first!).start.line
        #expect(two.count + 1 == FormDecoder.pieceCount(span: span, cores: 2))
        #expect(three.count + 1 == FormDecoder.pieceCount(span: span, cores: 3))
        #expect(two.count != three.count, "about 20,000 lines: nine or ten pieces wanted, rounded to two's and three's multiples")
    }

    @Test func shortListsStayOnOneThread() {
        #expect(Self.topLevelCuts(Self.form(groups: 2, fields: 3)) == nil)
    }

    /// A long list is cut into pieces of about the same number of lines (one per
    /// `SpeedPaths.decodePieceLines` lines, in whole rounds of the cores), so a
    /// thread that falls behind takes fewer of them: each cut after the one
    /// before, inside the list, and no piece more than a group longer than its share.
    @Test func aLongListIsCutIntoPiecesOfAboutTheSameLines() throws {
        // 300 groups of 20 fields, 3 lines a field (every 7th and 11th one more):
        // about 20,000 lines, so two pieces would not do.
        let text = Self.form(groups: 300, fields: 20)
        let (tree, list) = Self.topLevelList(text)
        let cuts = try #require(FormDecoder.parallelCuts(of: list, in: tree, cores: 2))
        let span = tree.range(list.last!).start.line - tree.range(list.first!).start.line
        #expect(cuts.count + 1 == FormDecoder.pieceCount(span: span, cores: 2))
        #expect(cuts.count + 1 == 10, "about 20,000 lines: ten pieces, five rounds of two")
        #expect(cuts.count >= 2)
        #expect(cuts == cuts.sorted() && Set(cuts).count == cuts.count)
        #expect(cuts.first! > 0 && cuts.last! < list.count)
        // Each piece's lines are within one group (about 70 lines) of an equal share.
        let lines = ([0] + cuts).map { tree.range(list[$0]).start.line } + [tree.range(list.last!).start.line]
        let share = span / (cuts.count + 1)
        for piece in 0..<cuts.count {
            #expect(abs(lines[piece + 1] - lines[piece] - share) <= 80, "piece \(piece)")
        }
        let parallel = Self.decode(text, speed: .parallel)
        #expect(parallel == Self.decode(text, speed: .plain))
    }

    /// A form whose element list is `before` text fields, a group of `fields`
    /// fields (every 11th with `rules` of the wrong type), then `after` text fields.
    private static func formAroundOneGroup(before: Int, fields: Int, after: Int) -> String {
        var text = "formc: 1\nform: Around\nelements:\n"
        for index in 0..<before { text += "  - textField: b\(index)\n    placeholder: Before\n" }
        text += "  - group: middle\n    elements:\n"
        for index in 0..<fields {
            text += "      - textField: m\(index)\n        placeholder: Middle\n"
            if index % 11 == 0 { text += "        rules: required\n" }
        }
        for index in 0..<after { text += "  - textField: a\(index)\n    placeholder: After\n" }
        return text
    }

    /// A list of a few long items: the cuts fall between items, and once the
    /// items run out before the pieces do, no cut is made twice.
    @Test func aListOfFewLongItemsIsCutOnlyBetweenThem() {
        // Two fields, a group of about 8,400 lines, a field: the span asks for four
        // pieces, but the only cut that splits the lines is before the last item.
        let text = Self.formAroundOneGroup(before: 2, fields: 4_000, after: 1)
        #expect(Self.topLevelCuts(text) == [3])
        let parallel = Self.decode(text, speed: .parallel)
        #expect(parallel == Self.decode(text, speed: .plain))
        #expect(parallel.diagnostics.count > 300)
    }

    /// The elements before a long list count against the limit: the form's own
    /// list is cut, goes over the limit and is decoded on one thread, whose
    /// group's list is then cut, its first piece counting on from the 11
    /// elements before it.
    @Test func theElementsBeforeALongListCountAgainstTheLimit() {
        var limits = CompilerLimits()
        limits.maxElements = 1_215
        let text = Self.formAroundOneGroup(before: 10, fields: 1_200, after: 10)
        #expect(Self.topLevelCuts(text) == [11])
        let parallel = Self.decode(text, limits: limits, speed: .parallel)
        #expect(parallel == Self.decode(text, limits: limits, speed: .plain))
        let limit = parallel.diagnostics.filter { $0.code == .limitExceeded }
        // The 1,216th element: the group's 1,205th field (11 elements come before it),
        // on its line (two lines a field, three with a rule, after the group's 2).
        let field = 1_204
        let line = 4 + 2 * 10 + 2 + 2 * field + (field + 10) / 11
        #expect(limit.map(\.location.range.start.line) == [line])
    }
}

/// The checker's work on two threads: rules beside conditions, and the constancy
/// verdicts of a long list of conditions in two halves.
struct ParallelCheckTests {
    /// A large form's elements are looked at in two halves at once, then their
    /// ids recorded in document order: the first of each id wins wherever the
    /// halves are cut, and so does the first segment enum of each name.
    @Test func idsAreRecordedInDocumentOrderAcrossTheHalves() {
        let count = 1_200
        var text = "formc: 1\nform: Halves\nelements:\n"
        var lines: [Int: Int] = [:]  // element index → line of its id
        var line = 4
        for index in 0..<count {
            // Every id is used twice, 600 elements apart: the second use is a duplicate.
            let id = "f\(index % 600)"
            lines[index] = line
            if index % 100 == 7 {
                // Segments whose enums all take the same name: only the first one may.
                text += "  - segment: \(id)\n    enumName: Choice\n    options: [a, b]\n"
                line += 3
            } else if index % 100 == 9 {
                text += "  - group: \(id)\n    elements:\n      - spacer: 8\n"
                line += 3
            } else {
                text += "  - textField: \(id)\n    placeholder: Field \(index)\n"
                line += 2
            }
        }
        #expect(count >= 1_000, "enough elements for the two halves")
        let result = FormPipeline.check(SourceFile(path: "halves.form.yaml", text: text))
        let duplicates = result.diagnostics.filter { $0.code == .duplicateID }
        #expect(duplicates.map(\.location.range.start.line) == (600..<count).map { lines[$0]! })
        #expect(duplicates.map { $0.notes.first?.location?.range.start.line } == (0..<600).map { lines[$0] })
        let collisions = result.diagnostics.filter { $0.code == .nameCollision }
        let segments = (0..<count).filter { $0 % 100 == 7 }
        #expect(collisions.map { $0.location.range.start.line } == segments.dropFirst().map { lines[$0]! + 1 })
    }

    /// Groups, segues and fields share one namespace across the halves: an id
    /// first taken by a group or a segue in one half and used by a field in the
    /// other (or the other way round) is a duplicate, whichever walker hashed it.
    @Test func idsOfEveryKindCollideAcrossTheHalves() {
        let count = 1_200
        var text = "formc: 1\nform: Kinds\nelements:\n"
        var line = 4
        var firstLines: [Int] = []
        var secondLines: [Int] = []
        for index in 0..<count {
            let id = "k\(index % 600)"
            let isFirst = index < 600
            (isFirst ? { firstLines.append(line) } : { secondLines.append(line) })()
            switch (index % 3, isFirst) {
            case (0, true), (1, false):
                text += "  - group: \(id)\n    elements:\n      - spacer: 8\n"
                line += 3
            case (1, true), (2, false):
                text += "  - segue: \(id)\n    title: Go\n"
                line += 2
            default:
                text += "  - textField: \(id)\n    placeholder: Field\n"
                line += 2
            }
        }
        let result = FormPipeline.check(SourceFile(path: "kinds.form.yaml", text: text))
        let duplicates = result.diagnostics.filter { $0.code == .duplicateID }
        #expect(duplicates.count == 600)
        #expect(duplicates.map(\.location.range.start.line) == secondLines)
        #expect(duplicates.map { $0.notes.first?.location?.range.start.line } == firstLines)
    }

    @Test func everyConstantConditionIsReportedOnce() {
        let count = SpeedPaths.conditionsInChunksMinimumFields + 88
        var text = "formc: 1\nform: Constant\nelements:\n  - boolean: on\n    title: On\n"
        for index in 0..<count {
            // Every 100th condition does not parse; the others are constant.
            text += "  - textField: f\(index)\n    visibleWhen: \(index % 100 == 50 ? "on and" : "on or not on")\n"
            // A rule problem beside each condition, reported by the other task.
            text += "    rules: [{ minLength: -1 }]\n"
        }
        let result = FormPipeline.check(SourceFile(path: "constant.form.yaml", text: text))
        let constant = result.diagnostics.filter { $0.code == .conditionConstant }
        let broken = (0..<count).filter { $0 % 100 == 50 }
        #expect(constant.map(\.location.range.start.line) == (0..<count).filter { !broken.contains($0) }.map { 7 + 3 * $0 })
        let syntax = result.diagnostics.filter { $0.code == .conditionSyntax }
        #expect(syntax.map(\.location.range.start.line) == broken.map { 7 + 3 * $0 })
        #expect(result.diagnostics.count { $0.code == .invalidRuleParameter } == count)
        // Each lowered expression is stored on its own element.
        let elements = result.document?.elements.dropFirst() ?? []
        #expect(elements.count == count)
        let missing = elements.indices.filter { elements[$0].visibleWhen?.expression == nil }.map { $0 - 1 }
        #expect(missing == broken)
    }
}

/// The cycle check of a large form, whose conditions are lowered in chunks: each
/// field's visibility edges are the fields its own `visibleWhen` and its groups'
/// read, never those of an `enabledWhen` or of another condition.
struct LargeFormCycleTests {
    /// Fields in a chain, each shown when the one before it is filled in and
    /// enabled when the one after it is (which is no visibility edge), inside a
    /// group shown when the first is; every 50th `visibleWhen` does not parse.
    /// With `cycle`, the last two fields read each other as well.
    static func chain(cycle: Bool) -> String {
        let count = SpeedPaths.conditionsInChunksMinimumFields + 40
        var text = "formc: 1\nform: Chain\nelements:\n  - textField: f0\n    placeholder: First\n"
        text += "  - group: all\n    visibleWhen: not isEmpty(f0)\n    elements:\n"
        for index in 1...count {
            let shown = index % 50 == 25 ? "isEmpty(f\(index - 1)) and" : "not isEmpty(f\(index - 1))"
            let extra = cycle && index == count - 1 ? " and isEmpty(f\(count))" : ""
            let next = index == count ? "f0" : "f\(index + 1)"
            text += "      - textField: f\(index)\n        visibleWhen: \(shown)\(extra)\n        enabledWhen: isEmpty(\(next))\n"
        }
        return text
    }

    @Test func aChainOfConditionsIsNoCycle() {
        let result = FormPipeline.check(SourceFile(path: "chain.form.yaml", text: Self.chain(cycle: false)))
        #expect(result.diagnostics.filter { $0.code == .conditionCycle }.map(\.summary) == [])
        let broken = result.diagnostics.filter { $0.code == .conditionSyntax }
        #expect(broken.count == (SpeedPaths.conditionsInChunksMinimumFields + 40 + 25) / 50)
        #expect(result.checked == nil)
    }

    @Test func aCycleAtTheEndOfALargeFormIsFound() {
        let result = FormPipeline.check(SourceFile(path: "chain.form.yaml", text: Self.chain(cycle: true)))
        let count = SpeedPaths.conditionsInChunksMinimumFields + 40
        // Field i's `visibleWhen` is on line 10 + 3 (i - 1); the reference to the
        // last field is after `not isEmpty(f…) and isEmpty(`.
        #expect(result.diagnostics.filter { $0.code == .conditionCycle }.map(\.summary) == [
            "\(10 + 3 * (count - 2)):52 FC504 the visibility of 'f\(count - 1)' depends on itself: f\(count - 1) → f\(count) → f\(count - 1)",
        ])
    }
}

/// Conditions are parsed by the decoder (on its threads), not by the checker.
struct DecodedConditionTests {
    /// The decoder keeps a condition's text and style; parsing it is the
    /// checker's work, so a condition that does not parse is no decode error.
    @Test func theDecoderKeepsEveryConditionAsWritten() throws {
        let text = """
        formc: 1
        form: Parsed
        elements:
          - boolean: on
            title: On
          - textField: name
            visibleWhen: on and not isEmpty(name)
            enabledWhen: 'on =='
        """
        let file = SourceFile(path: "parsed.form.yaml", text: text)
        var diagnostics = DiagnosticBag(file: file.path)
        let tree = try #require(FormPipeline.read(file, diagnostics: &diagnostics))
        let document = try #require(FormDecoder.decode(tree, file: file, format: SourceFormat(path: file.path), limits: .default, diagnostics: &diagnostics))
        let field = document.elements[1]
        #expect(field.visibleWhen?.source.value == "on and not isEmpty(name)")
        #expect(field.visibleWhen?.style == .plain)
        #expect(field.enabledWhen?.source.value == "on ==")
        #expect(field.enabledWhen?.style == .singleQuoted)
        #expect(!diagnostics.hasErrors)
        #expect(FormPipeline.check(file).diagnostics.map(\.code).contains(.conditionSyntax))
    }
}
