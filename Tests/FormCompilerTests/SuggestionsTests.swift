@testable import FormModel
@testable import FormSource
import Testing

@Test func editDistanceCountsTranspositionAsOne() {
    #expect(Suggestions.editDistance("minLenght", "minLength") == 1)
    #expect(Suggestions.closest(to: "minLenght", in: RuleKind.names) == "minLength")
}

/// A name whose every character is replaced is no typo of it: `y` is not near `n`,
/// though `y` is near `Y`, `yy` and `x1` near `x2`.
@Test func oneLetterIsNotNearAnotherLetter() {
    #expect(Suggestions.closest(to: "y", in: ["n", "a"]) == nil)
    #expect(Suggestions.closest(to: "y", in: ["n", "Y"]) == "Y")
    #expect(Suggestions.closest(to: "y", in: ["n", "yy"]) == "yy")
    #expect(Suggestions.closest(to: "x1", in: ["x2"]) == "x2")
    let unknown = diagnose(form("  - number: n\n    title: N\n  - textField: x\n    visibleWhen: y > 1\n"))
    #expect(unknown.map(\.help) == [["no field has the id 'y'; those that fit here are n"]])
}

/// A rule's `when` (SPEC §16) written on the field says where it goes; on an
/// element without rules, it points at `visibleWhen`.
@Test func aWhenOnTheElementSaysItBelongsInARule() {
    let onField = diagnose(form("  - textField: email\n    when: not newsletter\n  - boolean: newsletter\n    title: N\n"))
    #expect(onField.map(\.code) == [.unknownKey])
    #expect(onField.first?.help == [
        "'when' belongs inside a rule's mapping: rules: [{ required: true, when: CONDITION }]",
        "to show the element only sometimes, write visibleWhen: CONDITION",
    ])
    // Beside rules, the item goes into them: a second `rules` would be FC002.
    let besideRules = diagnose(form("  - textField: email\n    rules: [email]\n    when: not newsletter\n  - boolean: newsletter\n    title: N\n"))
    #expect(besideRules.first?.help.first == "'when' belongs inside a rule's mapping, in the field's rules: { required: true, when: CONDITION }")
    let onText = diagnose(form("  - staticText: Hello\n    when: true\n"))
    #expect(onText.first?.help == ["to show the element only sometimes, write visibleWhen: CONDITION"])
}

/// The distance as the textbook writes it: every cell of the table.
private func fullDistance(_ a: [Character], _ b: [Character]) -> Int {
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in stride(from: 1, through: a.count, by: 1) {
        for j in stride(from: 1, through: b.count, by: 1) {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
            }
        }
    }
    return table[a.count][b.count]
}

/// The distance worked out near the diagonal only is the whole table's wherever
/// it is within the limit, and past the limit wherever the table's is.
@Test func theDistanceNearTheDiagonalIsTheWholeTables() {
    var seed: UInt64 = 0x5EED
    func next(_ bound: Int) -> Int {
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        return Int((seed >> 33) % UInt64(bound))
    }
    let alphabet: [Character] = ["a", "b", "c", "é", "🙂"]
    for _ in 0..<3_000 {
        let a = (0..<next(9)).map { _ in alphabet[next(alphabet.count)] }
        let b = (0..<next(9)).map { _ in alphabet[next(alphabet.count)] }
        let full = fullDistance(a, b)
        for limit in [1, 2, 3, 5, 8] {
            let banded = Suggestions.editDistance(String(a), String(b), limit: limit)
            if full <= limit {
                #expect(banded == full, "\(String(a)) \(String(b)) limit \(limit)")
            } else {
                #expect(banded > limit, "\(String(a)) \(String(b)) limit \(limit)")
            }
        }
        #expect(Suggestions.editDistance(String(a), String(b)) == full)
    }
}

/// A name of 64,000 characters next to another as long: the distance of two
/// names that long is worked out near its diagonal, within the typo limit, and
/// the help comes at once (the whole table would take minutes). The time is the
/// check's own, taken around it: a test's time limit also counts the time it
/// waits for a thread while other tests run.
@Test(.timeLimit(.minutes(10))) func longNamesAreComparedInLinearTime() {
    let length = 64_000
    let text = form(
        "  - boolean: a\(String(repeating: "b", count: length))\n    title: T\n"
            + "  - textField: t\n    visibleWhen: a\(String(repeating: "c", count: length))\n"
    )
    var codes: [DiagnosticCode] = []
    let elapsed = ContinuousClock().measure { codes = diagnose(text).map(\.code) }
    #expect(codes == [.conditionUnknownField])
    #expect(elapsed < .seconds(20), "\(elapsed)")
    // A typo in a long name is still found, up to the limit of edits.
    let long = String(repeating: "abcdefgh", count: 20)
    var typo = Array(long)
    for index in stride(from: 0, to: 16 * 8, by: 8) { typo[index] = "z" }
    #expect(Suggestions.closest(to: String(typo), in: [long]) == long)
    typo[136] = "z"
    #expect(Suggestions.closest(to: String(typo), in: [long]) == nil)
}

/// `closest` as its documentation says it, over the whole table: what the fast
/// paths (ASCII bytes, the count of each byte, the band) must agree with.
private func referenceClosest(_ word: String, _ candidates: [String]) -> String? {
    let limit = min(max(1, word.count / 3), 16)
    var best: (name: String, distance: Int)?
    for candidate in candidates where candidate != word {
        let distance = candidate.lowercased() == word.lowercased() ? 0 : fullDistance(Array(word), Array(candidate))
        guard distance <= limit, distance < max(word.count, candidate.count) else { continue }
        if best == nil || distance < best!.distance || (distance == best!.distance && candidate < best!.name) {
            best = (candidate, distance)
        }
    }
    return best?.name
}

@Test func theClosestNameIsTheOneTheWholeTableFinds() {
    var seed: UInt64 = 0xC105E
    func next(_ bound: Int) -> Int {
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        return Int((seed >> 33) % UInt64(bound))
    }
    // ASCII of both cases, and names that are not ASCII or hold a CR LF (one Character).
    let alphabets: [[Character]] = [["a", "b", "c", "A", "B", "1"], ["a", "b", "A", "é", "\r\n"]]
    for round in 0..<2_000 {
        let alphabet = alphabets[round % 2]
        func name() -> String { String((0..<(1 + next(10))).map { _ in alphabet[next(alphabet.count)] }) }
        let word = name()
        // Some candidates are the word with two Characters swapped: near, and of the same bytes.
        func swapped() -> String {
            var characters = Array(word)
            characters.swapAt(next(characters.count), next(characters.count))
            return String(characters)
        }
        let candidates = (0..<8).map { _ in next(3) == 0 ? swapped() : name() }
        #expect(Suggestions.closest(to: word, in: candidates) == referenceClosest(word, candidates), "\(word) \(candidates)")
    }
}
