@testable import FormModel
import Testing

// The literals of SPEC §10, read from their UTF-8 bytes: exactly the texts of
// their grammar are accepted (no other digits, signs or widths), and decimals
// compare by value whatever their scale.

@Test(arguments: [
    ("18", false, "18", 0), ("-3", true, "3", 0), ("2.50", false, "250", 2), ("007.50", false, "750", 2),
    ("0.05", false, "5", 2), ("0", false, "0", 0), ("-0.00", false, "0", 2), ("000", false, "0", 0),
])
func decimalLiteralReadsPlainDecimals(_ text: String, _ isNegative: Bool, _ digits: String, _ scale: Int) throws {
    let value = try #require(DecimalLiteral(text), "\(text)")
    #expect(value.isNegative == isNegative, "\(text)")
    #expect(value.digits == digits, "\(text)")
    #expect(value.scale == scale, "\(text)")
}

@Test(arguments: ["", "-", "1.", ".5", "+1", "1e5", "1.2.3", "--1", " 1", "1 ", "٣", "１", "1,5", "0x1F", "1.-5"])
func decimalLiteralRejectsOtherText(_ text: String) {
    #expect(DecimalLiteral(text) == nil, "\(text)")
}

@Test func decimalLiteralsCompareByValue() throws {
    func value(_ text: String) throws -> DecimalLiteral { try #require(DecimalLiteral(text)) }
    #expect(try value("2.5") == value("2.50"))
    #expect(try value("0") == value("-0.000"))
    #expect(try value("9.99") < value("10"))
    #expect(try value("10") > value("9.99"))
    #expect(try value("0") < value("0.001"))
    #expect(try !(value("0.001") < value("0")))
    #expect(try value("-1") < value("-0.5"))
    #expect(try value("-0.5") < value("0"))
    #expect(try value("1.05") < value("1.5"))
    #expect(try value("100") > value("99.999"))
    #expect(try !(value("3.10") < value("3.1")))
    #expect(try Set([value("2.5"), value("2.50"), value("2.500")]).count == 1)
}

@Test func timeAndDateLiteralsAcceptExactlyTheirWidths() {
    #expect(TimeLiteral("09:30").map { [$0.hour, $0.minute] } == [9, 30])
    #expect(TimeLiteral("23:59") != nil)
    for text in ["24:00", "12:60", "9:30", "09:3", "09-30", "09:30:00", "０9:30", "", ":"] {
        #expect(TimeLiteral(text) == nil, "\(text)")
    }
    #expect(DateLiteral("2024-02-29").map { [$0.year, $0.month, $0.day] } == [2024, 2, 29])
    for text in ["2026-02-29", "2026-13-01", "2026-00-10", "2026-1-01", "26-01-01", "2026/01/01", "2026-01-01T", "0000-01-01"] {
        #expect(DateLiteral(text) == nil, "\(text)")
    }
    #expect(DateTimeLiteral("2026-01-31T09:30:00Z")?.description == "2026-01-31T09:30:00Z")
    #expect(DateTimeLiteral("2026-01-31T10:30+01:00")?.description == "2026-01-31T09:30:00Z")
}
