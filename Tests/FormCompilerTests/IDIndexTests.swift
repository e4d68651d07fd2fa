@testable import FormChecker
@testable import FormModel
@testable import FormSource
import Testing

/// `IDIndex` numbers ids in insertion order and finds them again, agreeing with
/// `String`'s `==` (canonical equivalence) the way a `Dictionary` would.
@Suite struct IDIndexTests {
    @Test func numbersIdsInInsertionOrderAndFindsThemAgain() {
        var index = IDIndex()
        // Enough ids to grow the table several times, short and long, with shared prefixes.
        let ids = (0..<5_000).map { $0.isMultiple(of: 3) ? "field\($0)" : "aVeryLongFieldIdentifierNumber\($0)x" }
        for (number, id) in ids.enumerated() {
            let result = index.insert(id)
            #expect(result.number == number && result.inserted, "\(id)")
        }
        #expect(index.count == ids.count)
        for (number, id) in ids.enumerated() {
            #expect(index.number(of: id) == number)
            let again = index.insert(id)
            #expect(again.number == number && !again.inserted)
        }
        #expect(index.number(of: "field1") == nil)
        #expect(index.number(of: "") == nil)
        #expect(index.insert("").number == ids.count)
        #expect(index.number(of: "") == ids.count)
    }

    @Test func agreesWithStringEqualityOnCanonicalEquivalents() {
        var index = IDIndex()
        // Precomposed and decomposed: one id.
        let precomposed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        #expect(index.insert(precomposed) == (0, true))
        #expect(index.number(of: decomposed) == 0)
        #expect(index.insert(decomposed) == (0, false))
        // The three characters that are canonically ASCII.
        #expect(index.insert("K") == (1, true))
        #expect(index.number(of: "\u{212A}") == 1)
        #expect(index.insert("a;b`") == (2, true))
        #expect(index.number(of: "a\u{37E}b\u{1FEF}") == 2)
        #expect(index.number(of: "\u{212A}elvin") == nil)
        // What a Dictionary says, for a mix of ids.
        let ids = ["name", "n\u{E4}me", "na\u{308}me", "\u{212A}", "K", "k", "\u{1F600}", "x\u{37E}", "x;", "\u{C5}", "A\u{30A}"]
        var dictionary: [String: Int] = [:]
        var other = IDIndex()
        for id in ids {
            let expected = dictionary[id] ?? dictionary.count
            if dictionary[id] == nil { dictionary[id] = expected }
            #expect(other.insert(id).number == expected, "\(id.unicodeScalars.map(\.value))")
        }
    }

    @Test func removeAllForgetsEveryId() {
        var index = IDIndex()
        for round in 0..<3 {
            // The second round is large enough to make the table start small again.
            let count = round == 1 ? 500 : 10
            for number in 0..<count { #expect(index.insert("option\(number)") == (number, true)) }
            #expect(index.number(of: "option\(count - 1)") == count - 1)
            index.removeAll()
            #expect(index.count == 0)
            #expect(index.number(of: "option0") == nil)
        }
    }

    /// What the checker's in-order step does: the hashes worked out beforehand,
    /// then the inserts. It numbers ids exactly as plain inserts do, repeats and
    /// non-ASCII ids included.
    @Test func insertsWithGivenHashesNumberAsPlainInserts() {
        let ids = (0..<3_000).map { $0 % 7 == 3 ? "field\($0 / 2)" : ($0 % 11 == 0 ? "caf\u{E9}\($0 % 3)" : "id\($0)") }
            + ["cafe\u{301}0", "\u{212A}", "K"]
        var plain = IDIndex()
        let expected = ids.map { plain.insert($0) }
        var hashed = IDIndex()
        hashed.reserveCapacity(ids.count)
        let hashes = ids.map(IDIndex.hash)
        let results = ids.indices.map { hashed.insert(ids[$0], hash: hashes[$0]) }
        #expect(results.map(\.number) == expected.map(\.number))
        #expect(results.map(\.inserted) == expected.map(\.inserted))
        #expect(expected.contains { !$0.inserted }, "some ids repeat")
        for id in ids { #expect(hashed.number(of: id) == plain.number(of: id)) }
    }

    @Test func theHashReadsEveryByte() {
        // Ids that differ in one byte anywhere, including the padded last word.
        let base = Array("abcdefghijklmnopqrs".utf8)
        var hashes = Set<UInt32>()
        for position in base.indices {
            var bytes = base
            bytes[position] = UInt8(ascii: "Z")
            hashes.insert(IDIndex.hash(String(decoding: bytes, as: UTF8.self)))
        }
        #expect(hashes.count == base.count)
        #expect(IDIndex.hash("ab") != IDIndex.hash("ab\u{0}"))
    }
}

/// The symbol table on its index: the first declaration and the first field of an
/// id win, and lookups find them by id.
@Test func symbolTableKeepsTheFirstDeclarationAndField() {
    var symbols = SymbolTable()
    let first = SourceRange(at: SourcePosition(line: 1, column: 1))
    let second = SourceRange(at: SourcePosition(line: 2, column: 1))
    #expect(symbols.declare("group1", at: first) == nil)
    #expect(symbols.declare("group1", at: second) == first)
    #expect(symbols.field("group1") == nil)
    #expect(symbols.declaration(of: "group1") == first)
    func symbol(_ id: String, _ range: SourceRange) -> FieldSymbol {
        FieldSymbol(id: id, range: range, valueType: .string, path: [0], enclosingGroups: [], trigger: .change)
    }
    symbols.addField(symbol("email", second))
    symbols.addField(symbol("email", first))
    #expect(symbols.fields.count == 1)
    #expect(symbols.field("email")?.range == second)
    #expect(symbols.declaration(of: "email") == nil)
    #expect(symbols.record("email", declaredAt: first, field: nil) == nil)
    #expect(symbols.declaration(of: "email") == first)
    #expect(symbols.fieldIndex("email") == 0)
    #expect(symbols.fieldIndex("group1") == nil)
    #expect(symbols.fieldIndex("missing") == nil)
    #expect(symbols.declaration(of: "missing") == nil)
}

/// The generated type names: the first declaration of a name wins.
@Test func typeNamesReportTheFirstDeclaration() {
    var names = TypeNames()
    let first = SourceRange(at: SourcePosition(line: 3, column: 5))
    #expect(names.declare("Plan", at: first) == nil)
    #expect(names.declare("Plan", at: .fileStart) == first)
    #expect(names.declare("Plans", at: .fileStart) == nil)
}
