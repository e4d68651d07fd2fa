/// The benchmark's printed table: figures first, then each of the compiler's
/// goals (`BenchmarkGoals`) with what was measured and PASS or MISS.
package struct Report {
    package struct Row {
        package var name: String
        package var value: String
        package var ratio: String
    }

    package struct Goal: Equatable {
        package var name: String
        package var measured: String
        package var passed: Bool
        /// Not measured on this machine (no Chromium): printed SKIP, and neither a
        /// pass nor a miss.
        package var skipped: Bool

        package init(name: String, measured: String, passed: Bool, skipped: Bool = false) {
            self.name = name
            self.measured = measured
            self.passed = passed
            self.skipped = skipped
        }

        package var verdict: String { skipped ? "SKIP" : passed ? "PASS" : "MISS" }
    }

    package var header: [String] = []
    package var rows: [Row] = []
    package var goals: [Goal] = []
    package var notes: [String] = []

    package init() {}

    package mutating func add(_ name: String, seconds: Double, floor: Double?) {
        rows.append(Row(name: name, value: Format.milliseconds(seconds), ratio: floor.map { Format.ratio(seconds / $0) } ?? ""))
    }

    package mutating func add(_ name: String, value: String, ratio: String = "") {
        rows.append(Row(name: name, value: value, ratio: ratio))
    }

    package mutating func goal(_ name: String, measured: String, passed: Bool) {
        goals.append(Goal(name: name, measured: measured, passed: passed))
    }

    package func render() -> String {
        var out = header.map { $0 + "\n" }.joined() + "\n"
        let nameWidth = max(rows.map(\.name.count).max() ?? 0, goals.map(\.name.count).max() ?? 0, 8)
        let valueWidth = max(rows.map(\.value.count).max() ?? 0, goals.map(\.measured.count).max() ?? 0, 8)
        out += Format.pad("measure", nameWidth) + "  " + Format.padLeft("median", valueWidth) + "  vs floor\n"
        out += String(repeating: "-", count: nameWidth + valueWidth + 12) + "\n"
        for row in rows {
            out += Format.pad(row.name, nameWidth) + "  " + Format.padLeft(row.value, valueWidth) + "  " + row.ratio + "\n"
        }
        out += "\n" + Format.pad("goal (issue 6, or as marked)", nameWidth) + "  " + Format.padLeft("measured", valueWidth) + "  result\n"
        out += String(repeating: "-", count: nameWidth + valueWidth + 12) + "\n"
        for goal in goals {
            out += Format.pad(goal.name, nameWidth) + "  " + Format.padLeft(goal.measured, valueWidth) + "  " + goal.verdict + "\n"
        }
        if !notes.isEmpty {
            out += "\n" + notes.map { "note: " + $0 + "\n" }.joined()
        }
        return out
    }
}

package enum Format {
    package static func milliseconds(_ seconds: Double) -> String {
        fixed(seconds * 1000, digits: seconds < 0.1 ? 2 : 1) + " ms"
    }

    package static func ratio(_ value: Double) -> String {
        fixed(value, digits: 2) + "×"
    }

    package static func megabytes(_ bytes: Int) -> String {
        fixed(Double(bytes) / 1_048_576, digits: 1) + " MB"
    }

    package static func fixed(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return "n/a" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        if digits == 0, let whole = Int(exactly: rounded) { return String(whole) }
        var text = String(rounded)
        if let dot = text.firstIndex(of: ".") {
            let decimals = text.distance(from: dot, to: text.endIndex) - 1
            if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
        } else if digits > 0 {
            text += "." + String(repeating: "0", count: digits)
        }
        return text
    }

    /// `1234567` → `1,234,567`.
    package static func grouped(_ value: Int) -> String {
        let digits = Array(String(value.magnitude))
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return value < 0 ? "-" + out : out
    }

    package static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    package static func padLeft(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
