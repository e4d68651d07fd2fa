import FormSource
import FormSyntax

// The decoder's speed path: a long element list decoded in pieces on every core.
// `DocumentDecoder.elementList` takes it only under `SpeedPolicy.parallel`; the
// result is the same, element for element and diagnostic for diagnostic, as the
// sequential `elements(_:)` (ParallelDecodeTests).

extension FormDecoder {
    /// Where to cut a long list into pieces of about the same number of lines:
    /// the index of the first item of each piece after the first, increasing;
    /// nil for a list too short to be worth it, or with one core to decode it.
    static func parallelCuts(
        of items: SyntaxTree.Items, in tree: SyntaxTree, cores: Int = SpeedPaths.coreCount
    ) -> [Int]? {
        guard cores >= 2, items.count >= 2, let first = items.first, let last = items.last else { return nil }
        let firstLine = tree.range(first).start.line
        let span = tree.range(last).start.line - firstLine
        guard span >= SpeedPaths.decodeInPiecesMinimumLines else { return nil }
        let pieces = min(pieceCount(span: span, cores: cores), items.count)
        var cuts: [Int] = []
        cuts.reserveCapacity(pieces - 1)
        for piece in 1..<pieces {
            // The first item that starts on or after the piece's first line (the
            // last item when none does), after the previous cut.
            let line = firstLine + span * piece / pieces
            var low = (cuts.last ?? 0) + 1
            var high = items.count - 1
            guard low <= high else { break }
            while low < high {
                let probe = (low + high) / 2
                if tree.range(items[probe]).start.line < line { low = probe + 1 } else { high = probe }
            }
            cuts.append(low)
        }
        return cuts
    }

    /// How many pieces a list spanning `span` lines is decoded in: one per
    /// `SpeedPaths.decodePieceLines` lines (two at least,
    /// `SpeedPaths.decodeMaximumPieces` at most). When that is more than the
    /// cores, it is made a whole number of rounds of them where the maximum
    /// allows (else the most rounds that fit): the pieces are of about the same
    /// size, so three on two cores would take as long as four. When the cores
    /// take every piece at once, it stays as it is.
    static func pieceCount(span: Int, cores: Int) -> Int {
        let maximum = SpeedPaths.decodeMaximumPieces
        let wanted = min(max(span / SpeedPaths.decodePieceLines, 2), maximum)
        guard cores > 1, wanted > cores else { return wanted }
        let rounded = (wanted + cores - 1) / cores * cores
        return rounded <= maximum ? rounded : maximum / cores * cores
    }
}

extension DocumentDecoder {
    /// Decodes the pieces of `items` between `cuts` on every core, each with a
    /// decoder of its own, and joins their elements and diagnostics in order. The
    /// pieces share nothing but the tree, which no one changes, and diagnostics are
    /// put in report order later, so this gives what one decoder would. Except
    /// past the element limit, which depends on the count before each element:
    /// then it returns nil, having changed nothing, and the list is decoded on one
    /// thread.
    mutating func elementsInPieces(_ items: SyntaxTree.Items, cuts: [Int]) -> [Element]? {
        SpeedPaths.note(.decodeInPieces)
        let bounds = [0] + cuts + [items.count]
        // The first piece counts on from the elements before the list.
        let decoders = bounds.indices.dropLast().map { decoderForPiece(startingAt: $0 == 0 ? elementCount : 0) }
        let pieces = Concurrently.map(decoders.count) { piece in
            decoders[piece].decoding(items[bounds[piece]..<bounds[piece + 1]])
        }
        let total = pieces.reduce(0) { $0 + $1.decoder.elementCount }
        guard total <= limits.maxElements else { return nil }
        elementCount = total
        var elements: [Element] = []
        elements.reserveCapacity(pieces.reduce(0) { $0 + $1.elements.count })
        for piece in pieces {
            diagnostics.append(contentsOf: piece.decoder.diagnostics.diagnostics)
            if piece.decoder.sawRuleCondition { sawRuleCondition = true }
            unreadNames.formUnion(piece.decoder.unreadNames)
            guessedKinds.formUnion(piece.decoder.guessedKinds)
            elements.append(contentsOf: piece.elements)
        }
        return elements
    }

    /// The elements of `items`, and the decoder after decoding them.
    private func decoding(_ items: Slice<SyntaxTree.Items>) -> (elements: [Element], decoder: DocumentDecoder) {
        var decoder = self
        let elements = decoder.elements(items)
        return (elements, decoder)
    }

    /// A decoder for a piece of a list: the same tree and settings, no diagnostics
    /// yet, and no further splitting. Each piece reads the tree through a storage
    /// object of its own, so that no two cores retain and release one reference
    /// count (retained for every mapping looked up).
    private func decoderForPiece(startingAt count: Int) -> DocumentDecoder {
        var reader = ValueReader(tree: tree.forAnotherThread(), diagnostics: DiagnosticBag(file: diagnostics.file))
        reader.isJSON = self.reader.isJSON
        var decoder = DocumentDecoder(reader: reader, limits: limits)
        decoder.elementCount = count
        decoder.decodesInPieces = false
        decoder.insideList = insideList
        decoder.optionSets = optionSets
        decoder.optionSetsUnread = optionSetsUnread
        return decoder
    }
}
