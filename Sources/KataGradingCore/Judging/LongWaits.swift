import Foundation

/// The evidence, in an attendee's files, that a hang is their own wait running out the clock rather
/// than a wait with no timeout at all: a literal `timeout: N` (or `.seconds(N)`) of at least most of
/// the exercise's time limit. Found by reading the files, so it is a hint, not proof.
public enum LongWaits {
    /// `File.swift:12 waits 10 s` for each such wait in `files`, named as in the result.
    public static func find(in files: [(name: String, text: String)], limit: Double) -> [String] {
        // `timeout: 10`, `timeout: TimeInterval = 10`, `timeout = 10`, `.seconds(10)`.
        let pattern = try! NSRegularExpression(pattern: #"(?:[Tt]imeout[A-Za-z]*\s*(?::\s*[A-Za-z]+\s*)?[:=]\s*|\.seconds\()([0-9][0-9_]*(?:\.[0-9]+)?)"#)
        var found: [String] = []
        for (name, text) in files {
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = String(line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
                let range = NSRange(code.startIndex..., in: code)
                for match in pattern.matches(in: code, range: range) {
                    guard let numberRange = Range(match.range(at: 1), in: code) else { continue }
                    let number = code[numberRange].replacingOccurrences(of: "_", with: "")
                    guard let seconds = Double(number), seconds >= 0.8 * limit else { continue }
                    found.append("\(name):\(index + 1) waits \(number) s")
                    break
                }
            }
        }
        return found
    }
}
