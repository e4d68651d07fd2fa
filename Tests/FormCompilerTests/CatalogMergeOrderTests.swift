@testable import FormLocalization
import Testing

/// The merge places all new keys at once (sorted, each by a binary search);
/// it must put them exactly where adding them one by one, each before the
/// first key it precedes, would — also in a catalog not in Xcode's order.
@Suite struct CatalogMergeOrderTests {
    /// The placement the merge's result must equal: one key at a time, by scan.
    static func insertedOneByOne(_ added: [String], into keys: [String]) -> [String] {
        var result = keys
        for key in added {
            let index = result.firstIndex { XcodeKeyOrder.precedes(key, $0) } ?? result.endIndex
            result.insert(key, at: index)
        }
        return result
    }

    /// A fixed-seed generator, so a failure can be reproduced.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 1 ^ state << 7
        }
    }

    static let parts = ["a", "B", "b", "field", "Field", "2", "10", "02", ".", "_", "-", " ", "é", "z"]

    static func key(_ generator: inout Generator) -> String {
        (0..<Int.random(in: 1...4, using: &generator)).map { _ in parts.randomElement(using: &generator)! }.joined()
    }

    @Test(arguments: [false, true]) func newKeysGoWhereAddingThemOneByOneWouldPutThem(existingSorted: Bool) {
        var generator = Generator(state: existingSorted ? 7 : 11)
        for _ in 0..<50 {
            var pool = Set<String>()
            while pool.count < 60 { pool.insert(Self.key(&generator)) }
            let all = Array(pool).shuffled(using: &generator)
            var existing = Array(all[..<30])
            if existingSorted { existing.sort(by: XcodeKeyOrder.precedes) }
            let added = Array(all[30...])
            var members = existing.map { CatalogMember(key: $0, value: .string($0)) }
            XcodeKeyOrder.insert(added.map { CatalogMember(key: $0, value: .string($0)) }, into: &members)
            #expect(members.map(\.key) == Self.insertedOneByOne(added, into: existing))
            #expect(members.allSatisfy { $0.value.string == $0.key })
        }
    }

    @Test func aKeyListedTwiceAnchorsAtItsFirstPlace() {
        let existing = ["b", "d", "b", "a"]
        var members = existing.map { CatalogMember(key: $0, value: .literal("0")) }
        XcodeKeyOrder.insert(["c", "a0", "e", "0"].map { CatalogMember(key: $0, value: .literal("1")) }, into: &members)
        #expect(members.map(\.key) == Self.insertedOneByOne(["c", "a0", "e", "0"], into: existing))
        #expect(members.map(\.key) == ["0", "a0", "b", "c", "d", "b", "a", "e"])
    }

    /// Keys beyond ASCII in the order Xcode wrote them in public apps' catalogs:
    /// typographic punctuation beside its ASCII kin, symbols after punctuation
    /// and before math signs, all before digits; accented Latin letters with
    /// their base letters. A form's keys then go between the app's where Xcode
    /// would put them.
    @Test func charactersBeyondASCIISortAsXcodeSortsThem() {
        let xcodeOrders = [
            ["-", "–", "...", "(%@)", "[+2]", "%@", "© 2021", "+2", "|", "0.00"],
            ["%lld%%", "•", "✨ Drag", "0"],
            ["“%@” was deleted", "Cancel", "e", "écume", "f", "Ｚｏｏｍ in", "Zoom out", "Жук"],
            ["¿Qué?", "Café", "cafe2"],
            ["１", "2", "１0"],
            ["ǎ", "b", "Dat", "Đặt hàng", "Dz"],
            ["арбуз", "Яблоко"],
        ]
        for order in xcodeOrders {
            for (earlier, later) in zip(order, order.dropFirst()) {
                #expect(XcodeKeyOrder.precedes(earlier, later), "'\(earlier)' before '\(later)'")
                #expect(!XcodeKeyOrder.precedes(later, earlier), "'\(later)' not before '\(earlier)'")
            }
        }
        #expect(Self.insertedOneByOne(["MiniForm.title"], into: ["“%@” was deleted", "Cancel", "Zoom"])
            == ["“%@” was deleted", "Cancel", "MiniForm.title", "Zoom"])
    }
}
