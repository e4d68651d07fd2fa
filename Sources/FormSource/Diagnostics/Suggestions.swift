/// "Did you mean" suggestions, shared by every check that names something unknown.
public enum Suggestions {
    /// The closest candidate to `word`, if it is close enough to be a plausible typo:
    /// an edit distance of at most a third of the word's length (at least 1), or a
    /// case-insensitive match. Every character replaced is no typo: `y` is not near `n`.
    public static func closest<S: Sequence>(to word: String, in candidates: S) -> String? where S.Element == String {
        let lowered = word.lowercased()
        let limit = max(1, word.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let distance = typoDistance(word, lowered: lowered, candidate, limit: limit)
            guard distance <= limit, distance < max(word.count, candidate.count) else { continue }
            if best == nil || distance < best!.distance || (distance == best!.distance && candidate < best!.name) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// How far `candidate` is from `word` as `closest(to:in:)` measures it: 0 for
    /// a case-insensitive match, else the edit distance.
    public static func typoDistance(from word: String, to candidate: String) -> Int {
        typoDistance(word, lowered: word.lowercased(), candidate, limit: .max)
    }

    private static func typoDistance(_ word: String, lowered: String, _ candidate: String, limit: Int) -> Int {
        candidate.lowercased() == lowered ? 0 : editDistance(word, candidate, limit: limit)
    }

    /// `help:` lines for an unknown name: a "did you mean" when one is close.
    public static func didYouMean<S: Sequence>(_ word: String, in candidates: S) -> [DiagnosticHelp] where S.Element == String {
        closest(to: word, in: candidates).map { [.didYouMean($0)] } ?? []
    }

    /// Damerau–Levenshtein (optimal string alignment) distance over Characters,
    /// giving up early (returning `limit + 1`) once the distance must exceed `limit`.
    public static func editDistance(_ a: String, _ b: String, limit: Int = .max) -> Int {
        let a = Array(a)
        let b = Array(b)
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMin = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previous2[j - 2] + 1)
                }
                current[j] = value
                rowMin = min(rowMin, value)
            }
            if rowMin > limit { return limit + 1 }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}

extension Suggestions {
    /// A "did you mean" when a candidate is close, otherwise the list of what is valid.
    public static func didYouMeanOrList(_ word: String, in candidates: [String], listing what: String) -> [DiagnosticHelp] {
        let suggestion = didYouMean(word, in: candidates)
        return suggestion.isEmpty ? ["\(what): \(candidates.joined(separator: ", "))"] : suggestion
    }
}
