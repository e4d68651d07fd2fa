/// What a Latin letter is without its accents (`é` → `e`, `ǎ` → `a`, `Đ` → `D`,
/// `ß` → `ss`, `Æ` → `AE`): how a name typed with accents most likely reads in
/// ASCII, and how the root collation weighs the letter before its accents.
public enum LatinLetters {
    /// The letters of `value` without accents; nil for a scalar that is no Latin
    /// letter with an ASCII base (ASCII itself, `×`, `ə`, any other script).
    public static func base(of value: UInt32) -> String? {
        if (0xC0...0x17F).contains(value) {
            let folded = latin1AndExtendedA[Int(value - 0xC0)]
            return folded == "-" ? nil : folded
        }
        // Beyond Latin Extended-A (Vietnamese, pinyin, Romanian), by the
        // letter's name: "LATIN SMALL LETTER A WITH CARON" is an `a`.
        guard value > 0x17F, let name = Unicode.Scalar(value)?.properties.name else { return nil }
        let small = name.hasPrefix("LATIN SMALL LETTER ")
        guard small || name.hasPrefix("LATIN CAPITAL LETTER ") else { return nil }
        let rest = name.dropFirst(small ? 19 : 21)
        let letters = rest.split(separator: " ", maxSplits: 1).first ?? ""
        guard (1...2).contains(letters.count), rest.count == letters.count || rest.dropFirst(letters.count).hasPrefix(" WITH "),
              letters.utf8.allSatisfy({ (0x41...0x5A).contains($0) }) else { return nil }
        return small ? letters.lowercased() : String(letters)
    }

    /// U+00C0 to U+017F, each its letters without accents; "-" for one that stays.
    private static let latin1AndExtendedA: [String] = {
        let latin1 = "A A A A A A AE C E E E E I I I I D N O O O O O - O U U U U Y TH ss a a a a a a ae c e e e e i i i i d n o o o o o - o u u u u y th y"
        let extendedA = "A a A a A a C c C c C c C c D d D d E e E e E e E e E e G g G g G g G g H h H h I i I i I i I i I i IJ ij J j K k k "
            + "L l L l L l L l L l N n N n N n n N n O o O o O o OE oe R r R r R r S s S s S s S s T t T t T t U u U u U u U u U u U u "
            + "W w Y y Y Z z Z z Z z s"
        return (latin1 + " " + extendedA).split(separator: " ").map(String.init)
    }()
}
