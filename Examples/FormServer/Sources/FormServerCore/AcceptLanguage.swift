import Foundation

/// Picks the language of a response from a request's `Accept-Language` (RFC 9110
/// §12.5.4) among the languages the server has.
///
/// Ranges are taken by their `q` weight, highest first (ties in the order the
/// client wrote them); a range matches a language equal to it or starting with it
/// and `-` (`de` matches `de-CH`), and a language matches a range it starts with
/// (`de-CH` asked, `de` offered). `*` and a missing or unreadable header give the
/// default; a range with `q=0` is never chosen.
public enum AcceptLanguage {
    public static func negotiate(_ header: String?, available: [String], default fallback: String) -> String {
        guard let header else { return fallback }
        for range in ranges(of: header) {
            if range == "*" { return fallback }
            if let exact = available.first(where: { $0.lowercased() == range }) { return exact }
            if let narrower = available.first(where: { $0.lowercased().hasPrefix(range + "-") }) { return narrower }
            var prefix = range
            while let dash = prefix.lastIndex(of: "-") {
                prefix = String(prefix[..<dash])
                if let wider = available.first(where: { $0.lowercased() == prefix }) { return wider }
            }
        }
        return fallback
    }

    /// The header's ranges, lowercased, `_` read as `-`, by descending weight;
    /// those weighted 0 or malformed left out.
    static func ranges(of header: String) -> [String] {
        var weighted: [(range: String, q: Double, order: Int)] = []
        for (order, part) in header.split(separator: ",").enumerated() {
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let first = pieces.first, !first.isEmpty,
                  first.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "*") })
            else { continue }
            var q = 1.0
            for parameter in pieces.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                    .map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair[0].lowercased() == "q" else { continue }
                guard pair.count == 2, let value = qvalue(pair[1]) else { q = 0; break }
                q = value
            }
            if q > 0 {
                weighted.append((first.lowercased().replacingOccurrences(of: "_", with: "-"), q, order))
            }
        }
        return weighted.sorted { $0.q != $1.q ? $0.q > $1.q : $0.order < $1.order }.map(\.range)
    }

    /// A weight as RFC 9110 §12.4.2 writes it (`0`, `0.5`, `0.125`, `1`, `1.000`);
    /// nil for anything else (`q=`, `0.1234`, `1e-1`, `.5`).
    static func qvalue(_ text: String) -> Double? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let fraction = parts.count == 2 ? parts[1] : ""
        guard parts[0] == "0" || parts[0] == "1", fraction.count <= 3,
              fraction.allSatisfy({ ("0"..."9").contains($0) }), parts[0] == "0" || fraction.allSatisfy({ $0 == "0" })
        else { return nil }
        return parts[0] == "1" ? 1 : Double("0." + fraction + "0")
    }
}
