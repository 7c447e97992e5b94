import Foundation

/// "Did you mean": the option or exercise id nearest to a typo.
extension Arguments {
    /// Every option's long name, for "did you mean" on a mistyped one.
    static var options: [String] { table.flatMap(\.names).filter { $0.hasPrefix("--") } }

    /// The candidates nearest to `word` by edit distance, when near enough to be a typo.
    static func closest(to word: String, among candidates: [String]) -> [String] {
        let scored = candidates.map { ($0, editDistance(word, $0)) }
        guard let best = scored.map(\.1).min() else { return [] }
        // A typo is a few keystrokes: about one in four characters, and at least one.
        let allowed = max(1, min(word.count, 12) / 4)
        guard best <= allowed else { return [] }
        return scored.filter { $0.1 == best }.map(\.0)
    }

    /// Edit distance counting an insertion, a deletion, a substitution or a swap of two
    /// neighbouring characters as one (optimal string alignment), the usual typos.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                d[i][j] = Swift.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = Swift.min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
