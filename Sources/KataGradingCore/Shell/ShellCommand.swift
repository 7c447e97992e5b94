/// A command line the kata prints for a person to paste: the join line, `swift test --filter …`,
/// the `mv` that puts a file back, the `chmod` that makes it readable, `Scripts/grade.sh ID`.
/// It must mean the same in zsh (macOS's default shell), bash 3.2 and fish. Built from words, never
/// from interpolated text: a word that is not plain is quoted, so that zsh never reads the `?` of
/// `http://…/?room=7DCT2Y` as a glob ("no matches found"), nor a folder named `Café Kata` as two
/// words.
///
/// Single quotes keep every character literal in all three shells, with one exception: in fish, a
/// backslash inside single quotes escapes a following `\` or `'` (`'a\\b'` is `a\b` in fish and
/// `a\\b` in bash). So a backslash stays inside the quotes only when neither follows it; otherwise,
/// like a `'`, it is written outside them, escaped (`\\`, `\'`), which all three read alike.
public struct ShellCommand: Sendable, Equatable, CustomStringConvertible {
    public var words: [String]

    public init(_ words: [String]) { self.words = words }
    public init(_ words: String...) { self.words = words }

    /// `Scripts/grade.sh` with `arguments`: the attendee's entry point, from the checkout's root.
    public static func grade(_ arguments: String...) -> ShellCommand { ShellCommand(["Scripts/grade.sh"] + arguments) }

    /// The line to paste.
    public var line: String { words.map(Self.quote).joined(separator: " ") }
    public var description: String { line }

    /// `commands` run one after the other, each only if the one before succeeded (`&&`, which
    /// fish reads too since 3.0).
    public static func chain(_ commands: [ShellCommand]) -> String {
        commands.map(\.line).joined(separator: " && ")
    }

    /// Characters that mean nothing to any of the three shells anywhere in a word. `=` and `-` are
    /// plain only after the first character (zsh expands a leading `=cmd`); `~`, `%`, `#`, `!`,
    /// `^`, globs, braces, quotes, `$`, spaces and anything not ASCII are always quoted.
    static let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:@+,")
    static let plainAfterFirst = plain.union(["=", "-"])

    /// `word` as one word for zsh, bash and fish: itself when it is plain, else single-quoted.
    public static func quote(_ word: String) -> String {
        if let first = word.first, plain.contains(first) || first == "-", word.dropFirst().allSatisfy(plainAfterFirst.contains) {
            return word
        }
        var out = ""
        var quoted = ""
        func flush() {
            if !quoted.isEmpty { out += "'" + quoted + "'" }
            quoted = ""
        }
        let characters = Array(word)
        for (index, character) in characters.enumerated() {
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            switch character {
            case "'":
                flush()
                out += "\\'"
            case "\\" where next == nil || next == "\\" || next == "'":
                flush()
                out += "\\\\"
            default:
                quoted.append(character)
            }
        }
        flush()
        return out.isEmpty ? "''" : out
    }
}
