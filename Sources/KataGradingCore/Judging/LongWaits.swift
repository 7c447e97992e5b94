/// The evidence, in an attendee's files, that a hang is their own wait running out the clock rather
/// than a wait with no timeout at all: a literal `timeout: N` (or `.seconds(N)`) of at least most of
/// the exercise's time limit. Found by reading the files' code (`SwiftTokens`: never in a comment
/// or a string literal), so it is a hint, not proof.
public enum LongWaits {
    /// `File.swift:12 waits 10 s` for each such wait in `files` (at most one a line), named as in the result.
    public static func find(in files: [(name: String, text: String)], limit: Double) -> [String] {
        var found: [String] = []
        for (name, text) in files {
            // The tokens before the current one, enough for the longest shape below.
            var before: [SwiftTokens.Token] = []
            var lastLine = 0
            SwiftTokens.scan(text) { (token: SwiftTokens.Token) in
                defer {
                    before.append(token)
                    if before.count > 4 { before.removeFirst() }
                }
                guard token.kind == .number, let start = waitStart(before) else { return true }
                let number = token.text.filter { $0 != "_" }
                guard start.line != lastLine, let seconds = Double(number), number.first?.isNumber == true,
                      number.allSatisfy({ $0.isNumber || $0 == "." }), seconds >= 0.8 * limit else { return true }
                found.append("\(name):\(start.line) waits \(number) s")
                lastLine = start.line
                return true
            }
        }
        return found
    }

    /// The token that starts a wait given in seconds, when the tokens just before a number spell
    /// one: `timeout: 10`, `timeout = 10`, `timeout: TimeInterval = 10` (any name ending in
    /// `timeout` and letters: `defaultTimeout`, `timeoutSeconds`), or `.seconds(10)`.
    static func waitStart(_ before: [SwiftTokens.Token]) -> SwiftTokens.Token? {
        func punctuation(_ token: SwiftTokens.Token, _ characters: Set<String>) -> Bool {
            token.kind == .punctuation && characters.contains(token.text)
        }
        let count = before.count
        if count >= 3, punctuation(before[count - 3], ["."]), before[count - 2].kind == .identifier,
           before[count - 2].text == "seconds", punctuation(before[count - 1], ["("]) {
            return before[count - 3]
        }
        if count >= 2, namesATimeout(before[count - 2]), punctuation(before[count - 1], [":", "="]) {
            return before[count - 2]
        }
        if count >= 4, namesATimeout(before[count - 4]), punctuation(before[count - 3], [":"]),
           before[count - 2].kind == .identifier, before[count - 2].text.allSatisfy({ $0.isASCII && $0.isLetter }),
           punctuation(before[count - 1], [":", "="]) {
            return before[count - 4]
        }
        return nil
    }

    /// `timeout`, `Timeout` and letters after it, at the end of an identifier.
    static func namesATimeout(_ token: SwiftTokens.Token) -> Bool {
        guard token.kind == .identifier else { return false }
        let characters = Array(token.text)
        guard characters.count >= 7 else { return false }
        for start in 0...(characters.count - 7) where characters[start] == "t" || characters[start] == "T" {
            if String(characters[(start + 1)..<(start + 7)]) == "imeout",
               characters[(start + 7)...].allSatisfy({ $0.isASCII && $0.isLetter }) { return true }
        }
        return false
    }
}
