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

    /// The first words of the commands the kata prints.
    static let programs: Set<String> = ["Scripts/grade.sh", "bash", "swift", "mv", "chmod", "sudo", "git"]

    /// A message that ends with a command to paste says it last, after ": " and with no period:
    /// "Move yours back with: mv 'a b.swift' c.swift". Then this is the text up to that colon, and
    /// the command's words as printed (quotes kept), so that a wrapped message never breaks the
    /// command where a shell would read two (`Style.wrap` breaks it only with a ` \` at the end).
    public static func trailing(in text: String) -> (prose: String, words: [String])? {
        var search = text.endIndex
        while let colon = text.range(of: ": ", options: .backwards, range: text.startIndex..<search) {
            search = colon.lowerBound
            let tail = String(text[colon.upperBound...])
            // A sentence that starts with a path ("Scripts/grade.sh differs from …, restore it …")
            // is prose: a word that ends a clause is no command's.
            guard !tail.hasSuffix("."), !tail.hasSuffix(".)"), let words = printedWords(tail), let first = words.first, programs.contains(first),
                  !words.contains(where: { $0.hasSuffix(",") || $0.hasSuffix(";") }) else { continue }
            return (String(text[..<colon.upperBound]).trimmingCharacters(in: .whitespaces), words)
        }
        return nil
    }

    /// `message` with `sentence` added, before the sentence that introduces the command the
    /// message ends with (so that the command stays last, and a paste of the line's end runs only
    /// it), or at the end when it ends with none.
    public static func adding(_ sentence: String, to message: String) -> String {
        guard let (prose, _) = trailing(in: message) else { return message + " " + sentence }
        let proseEnd = message.range(of: prose)?.upperBound ?? message.endIndex
        let introduction = message.range(of: ". ", options: .backwards, range: message.startIndex..<proseEnd)?.upperBound ?? message.startIndex
        return String(message[..<introduction]) + sentence + " " + String(message[introduction...])
    }

    /// `line` split where a shell splits it (spaces outside quotes), each word as printed; nil when
    /// a quote is left open.
    static func printedWords(_ line: String) -> [String]? {
        var words: [String] = []
        var word = ""
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped { word.append(character); escaped = false; continue }
            if character == "\\", quote == nil { escaped = true; word.append(character); continue }
            if character == "'" || character == "\"", quote == nil || quote == character { quote = quote == nil ? character : nil }
            if character == " ", quote == nil {
                if !word.isEmpty { words.append(word); word = "" }
                continue
            }
            word.append(character)
        }
        if !word.isEmpty { words.append(word) }
        return quote != nil || escaped ? nil : words
    }

    /// Words of a command laid out within `width`: on one line when they fit, else broken between
    /// words, each line but the last ending with ` \`, which zsh, bash and fish read as one line.
    /// A word wider than a line is never cut; its line is wider.
    public static func lines(_ words: [String], first: String, rest: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = first
        var empty = true
        for (index, word) in words.enumerated() {
            let last = index == words.count - 1
            if !empty, current.count + 1 + word.count + (last ? 0 : 2) > width {
                lines.append(current + " \\")
                current = rest + word
            } else {
                current += (empty ? "" : " ") + word
            }
            empty = false
        }
        lines.append(current)
        return lines
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
