/// "Did you mean" suggestions, shared by every check that names something unknown.
public enum Suggestions {
    /// The most edits a typo has, however long the word: what is further is another
    /// name, and the distance costs time in proportion to the limit.
    static let maximumTypoDistance = 16

    /// The closest candidate to `word`, if it is close enough to be a plausible typo:
    /// an edit distance of at most a third of the word's length (at least 1, at most
    /// `maximumTypoDistance`), or a case-insensitive match. Every character replaced
    /// is no typo: `y` is not near `n`.
    ///
    /// A form of thousands of unknown names asks this of thousands of candidates
    /// each: a candidate is compared without allocating, as bytes when both names
    /// are ASCII, and given up on once it cannot be within the limit.
    /// A word in typographic quotes (`“pro”`, pasted from a document) is near the
    /// candidate it quotes.
    public static func closest<S: Sequence>(to word: String, in candidates: S) -> String? where S.Element == String {
        var search = TypoSearch(word)
        var best: (name: String, distance: Int)?
        let quoted = typographicallyQuoted(word)
        for candidate in candidates where candidate != word {
            if candidate == quoted { return candidate }
            guard let distance = search.distance(to: candidate) else { continue }
            if best == nil || distance < best!.distance || (distance == best!.distance && candidate < best!.name) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// The text inside typographic quotes (`“Name”`, `‘Name’`), if `word` is so quoted.
    public static func typographicallyQuoted(_ word: String) -> String? {
        // “ and ‘ are E2 80 9C and E2 80 98 in UTF-8.
        guard word.utf8.first == 0xE2, word.unicodeScalars.count >= 2, let first = word.unicodeScalars.first,
              let last = word.unicodeScalars.last,
              (first == "\u{201C}" && last == "\u{201D}") || (first == "\u{2018}" && last == "\u{2019}") else { return nil }
        return String(word.unicodeScalars.dropFirst().dropLast())
    }

    /// How far `candidate` is from `word` as `closest(to:in:)` measures it: 0 for
    /// a case-insensitive match, else the edit distance.
    public static func typoDistance(from word: String, to candidate: String) -> Int {
        if candidate.lowercased() == word.lowercased() { return 0 }
        var rows = DistanceRows()
        return editDistance(Array(word), Array(candidate), limit: .max, rows: &rows)
    }

    /// `help:` lines for an unknown name: a "did you mean" when one is close.
    public static func didYouMean<S: Sequence>(_ word: String, in candidates: S) -> [DiagnosticHelp] where S.Element == String {
        closest(to: word, in: candidates).map { [.didYouMean($0)] } ?? []
    }

    /// Damerau–Levenshtein (optimal string alignment) distance over Characters,
    /// giving up early (returning `limit + 1`) once the distance must exceed `limit`.
    public static func editDistance(_ a: String, _ b: String, limit: Int = .max) -> Int {
        var rows = DistanceRows()
        return editDistance(Array(a), Array(b), limit: limit, rows: &rows)
    }

    /// The three rows of the distance table that `editDistance` keeps, kept from one
    /// candidate to the next.
    struct DistanceRows {
        var previous2: [Int] = []
        var previous: [Int] = []
        var current: [Int] = []
    }

    /// The distance of `editDistance(_:_:limit:)`, in time proportional to the
    /// length times the limit: only the cells within `limit` of the diagonal are
    /// worked out (a path through any other costs more than `limit`); the others
    /// hold `bound + 1`, more than any distance worked out.
    static func editDistance<C: RandomAccessCollection>(_ a: C, _ b: C, limit: Int, rows: inout DistanceRows) -> Int
    where C.Element: Equatable, C.Index == Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let (a0, b0) = (a.startIndex, b.startIndex)
        let bound = min(limit, max(a.count, b.count))
        let far = bound + 1
        for index in 0...b.count where index < rows.current.count {
            rows.previous2[index] = far
            rows.previous[index] = far
            rows.current[index] = far
        }
        if rows.current.count < b.count + 1 {
            let missing = b.count + 1 - rows.current.count
            rows.previous2 += repeatElement(far, count: missing)
            rows.previous += repeatElement(far, count: missing)
            rows.current += repeatElement(far, count: missing)
        }
        for j in 0...min(b.count, bound) { rows.previous[j] = j }
        for i in 1...a.count {
            let low = max(1, i - bound)
            let high = min(b.count, i + bound)
            rows.current[low - 1] = low == 1 && i <= bound ? i : far
            var rowMin = rows.current[low - 1]
            if low <= high {
                for j in low...high {
                    let cost = a[a0 + i - 1] == b[b0 + j - 1] ? 0 : 1
                    var value = min(rows.previous[j] + 1, rows.current[j - 1] + 1, rows.previous[j - 1] + cost)
                    if i > 1, j > 1, a[a0 + i - 1] == b[b0 + j - 2], a[a0 + i - 2] == b[b0 + j - 1] {
                        value = min(value, rows.previous2[j - 2] + 1)
                    }
                    rows.current[j] = min(value, far)
                    rowMin = min(rowMin, rows.current[j])
                }
            }
            if high < b.count { rows.current[high + 1] = far }
            if rowMin > bound { return limit + 1 }
            swap(&rows.previous2, &rows.previous)
            swap(&rows.previous, &rows.current)
        }
        return rows.previous[b.count] > bound ? limit + 1 : rows.previous[b.count]
    }

    /// One word's search among candidates, with what each comparison needs of the
    /// word worked out once.
    struct TypoSearch {
        let characters: [Character]
        let lowered: String
        /// The word's bytes when every Character of it is one ASCII byte (no CR LF).
        let ascii: [UInt8]?
        /// How many of each byte the ASCII word has (empty for another word).
        private var byteCounts: [Int] = []
        let limit: Int
        var rows = DistanceRows()

        init(_ word: String) {
            characters = Array(word)
            lowered = word.lowercased()
            let bytes = Array(word.utf8)
            ascii = Self.isSimpleASCII(bytes) ? bytes : nil
            limit = min(max(1, characters.count / 3), maximumTypoDistance)
            if let ascii {
                byteCounts = Array(repeating: 0, count: 128)
                for byte in ascii { byteCounts[Int(byte)] += 1 }
            }
        }

        /// Whether each byte is an ASCII Character of its own: a CR before an LF
        /// would make one Character of two bytes.
        static func isSimpleASCII<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
            bytes.allSatisfy { $0 < 0x80 && $0 != 0x0D }
        }

        /// The typo distance to `candidate`, or nil when it is no typo of the word:
        /// further than the limit, or every Character replaced.
        mutating func distance(to candidate: String) -> Int? {
            let (distance, count) = asciiDistance(to: candidate) ?? characterDistance(to: candidate)
            return distance <= limit && distance < max(characters.count, count) ? distance : nil
        }

        /// The distance to `candidate` (more than `limit` where it is further) and
        /// its count of Characters, worked out over Characters.
        private mutating func characterDistance(to candidate: String) -> (distance: Int, count: Int) {
            let count = candidate.count
            if candidate.lowercased() == lowered { return (0, count) }
            if abs(count - characters.count) > limit { return (limit + 1, count) }
            return (Suggestions.editDistance(characters, Array(candidate), limit: limit, rows: &rows), count)
        }

        /// `characterDistance(to:)` by bytes, when both names are ASCII of one byte a
        /// Character (`lowercased()` of ASCII is ASCII's lower case); nil otherwise.
        private mutating func asciiDistance(to candidate: String) -> (distance: Int, count: Int)? {
            guard let ascii else { return nil }
            return candidate.utf8.withContiguousStorageIfAvailable { bytes -> (distance: Int, count: Int)? in
                guard Self.isSimpleASCII(bytes) else { return nil }
                if ascii.count == bytes.count, zip(ascii, bytes).allSatisfy({ Self.lower($0) == Self.lower($1) }) { return (0, bytes.count) }
                guard abs(ascii.count - bytes.count) <= limit, bagDistance(ascii, bytes) <= limit else { return (limit + 1, bytes.count) }
                return (ascii.withUnsafeBufferPointer { Suggestions.editDistance($0, bytes, limit: limit, rows: &rows) }, bytes.count)
            } ?? nil
        }

        /// How many bytes one name has that the other lacks, counted with repeats, the
        /// larger of the two counts: no edit changes it by more than one, so the edit
        /// distance is at least this, found in time linear in the names' length.
        private mutating func bagDistance(_ word: [UInt8], _ candidate: UnsafeBufferPointer<UInt8>) -> Int {
            var extra = 0
            for byte in candidate {
                byteCounts[Int(byte)] -= 1
                if byteCounts[Int(byte)] < 0 { extra += 1 }
            }
            for byte in candidate { byteCounts[Int(byte)] += 1 }
            return max(extra, word.count - (candidate.count - extra))
        }

        private static func lower(_ byte: UInt8) -> UInt8 {
            byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
        }
    }
}

extension Suggestions {
    /// A "did you mean" when a candidate is close, otherwise the list of what is valid.
    public static func didYouMeanOrList(_ word: String, in candidates: [String], listing what: String) -> [DiagnosticHelp] {
        var taken: Set<String> = []
        return didYouMeanOrList(word, in: candidates, listing: what, except: &taken)
    }

    /// `didYouMeanOrList(_:in:listing:)` for one of several words that each name
    /// one of the candidates (a multiChoice's default): `taken` are candidates listed
    /// but never suggested (an option chosen already), and the one suggested joins
    /// them, so that a second misspelling is not told the same option.
    public static func didYouMeanOrList(
        _ word: String, in candidates: [String], listing what: String, except taken: inout Set<String>
    ) -> [DiagnosticHelp] {
        guard let suggestion = closest(to: word, in: taken.isEmpty ? candidates : candidates.filter { !taken.contains($0) }) else {
            return ["\(what): \(candidates.joined(separator: ", "))"]
        }
        taken.insert(suggestion)
        return [.didYouMean(suggestion)]
    }
}
