import Foundation
import KataGradingCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How output looks: colours and symbols only on a terminal, and never when `NO_COLOR` is set.
public struct Style: Sendable {
    public var color: Bool
    public var symbols: Bool
    public var width: Int
    /// The screen's height in lines, when known (a terminal's, or `LINES`): a listing taller than
    /// the screen is laid out in columns so that it fits.
    public var height: Int? = nil
    /// Output goes to a terminal (which `--watch` clears between screens), `NO_COLOR` or not.
    public var terminal = false

    public static func detect(fileDescriptor: Int32 = 1) -> Style {
        let environment = ProcessInfo.processInfo.environment
        let terminal = isatty(fileDescriptor) == 1 && environment["TERM"] != "dumb"
        let size = terminal ? SystemDifferences.terminalSize(fileDescriptor) : nil
        let width = size?.columns ?? Int(environment["COLUMNS"] ?? "") ?? 80
        let height = size?.lines ?? Int(environment["LINES"] ?? "")
        // Very wide lines are hard to read; below 20 columns nothing fits anyway.
        // NO_COLOR asks for plain output: no colours, and (as README promises) no symbols either.
        let plain = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return Style(color: terminal && !plain, symbols: terminal && !plain, width: max(20, min(width, 100)),
                     height: height.map { max(10, $0) }, terminal: terminal)
    }

    public static let plain = Style(color: false, symbols: false, width: 80)

    func paint(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
    func bold(_ text: String) -> String { paint(text, "1") }
    func dim(_ text: String) -> String { paint(text, "2") }

    func mark(for kind: Verdict.Kind) -> String {
        switch kind.tone {
        case .good: return paint(symbols ? "✔" : "ok", "32")
        case .quiet: return paint(symbols ? (kind == .needs ? "○" : "·") : "--", "2")
        case .warning, .bad: return paint(symbols ? "✘" : "!!", "31")
        }
    }

    func verdictText(_ kind: Verdict.Kind) -> String {
        switch kind.tone {
        case .good: return paint(kind.rawValue, "32")
        case .quiet: return dim(kind.rawValue)
        case .warning: return paint(kind.rawValue, "33")
        case .bad: return paint(kind.rawValue, "31")
        }
    }

    /// Wraps `text` at word boundaries to the width, the first line starting with `indent` and
    /// the others hanging under the text (under the item's text for a "- " item, or under the
    /// value for a "Label: " line). Nothing is cut: a word longer than a line gets a line of its
    /// own. Colour codes take no room.
    func wrap(_ text: String, indent: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { paragraph in
            wrapParagraph(String(paragraph), indent: indent)
        }
    }

    /// A message for a person: on a terminal, each paragraph wider than it wrapped, a command it
    /// ends with kept whole (a terminal would cut `Scripts/gra` from `de.sh`), and one that fits as
    /// written, its spacing too; elsewhere (a log, a script that reads it) as written.
    func message(_ text: String) -> String {
        guard terminal else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { paragraph in
            Style.visibleCount(paragraph) <= width ? [String(paragraph)] : wrap(String(paragraph), indent: "")
        }.joined(separator: "\n")
    }

    /// A paragraph's own leading spaces (a numbered list's "  2. ") stay, and its continuation
    /// lines keep them too.
    private func wrapParagraph(_ text: String, indent: String) -> [String] {
        let own = String(text.prefix { $0 == " " })
        let body = String(text.dropFirst(own.count))
        let first = indent + own
        let rest = first + String(repeating: " ", count: hang(of: body, indent: first))
        guard let (prose, words) = ShellCommand.trailing(in: Style.visible(body)), Style.visible(body) == body else {
            return wrap(paragraph: body, first: first, rest: rest)
        }
        // A command to paste is never broken where a shell would read two: it ends the prose's
        // line when it fits there, else it takes lines of its own, broken with a ` \`.
        var lines = wrap(paragraph: prose, first: first, rest: rest)
        let command = words.joined(separator: " ")
        if Style.visibleCount(lines[lines.count - 1]) + 1 + command.count <= width {
            lines[lines.count - 1] += " " + command
            return lines
        }
        return lines + ShellCommand.lines(words, first: rest, rest: rest + "  ", width: width)
    }

    /// How far the continuation lines of `text` hang in: under a "- " item's text, or under the
    /// value of a short "Label: " line.
    private func hang(of text: String, indent: String) -> Int {
        let plain = Style.visible(text)
        var hang = 0
        let number = plain.prefix { $0.isNumber }
        if plain.hasPrefix("- ") {
            hang = 2
        } else if !number.isEmpty, plain.dropFirst(number.count).hasPrefix(". ") {
            hang = number.count + 2  // under a numbered item's text
        } else if let colon = plain.range(of: ": "), plain[..<colon.lowerBound].count <= 14,
                  plain[..<colon.lowerBound].allSatisfy({ $0.isLetter || $0 == " " }) {
            hang = plain.distance(from: plain.startIndex, to: colon.upperBound)
        }
        // A hang so deep that little text fits is worse than none.
        return indent.count + hang > width / 2 ? 2 : hang
    }

    /// Wraps one paragraph at word boundaries: the first line starts with `first`, the others with `rest`.
    /// A word too long for any line (a deep path, a long test name) breaks after a "/" or a "." where
    /// it can, and where it cannot, at the width: no line is ever wider than the width.
    func wrap(paragraph text: String, first: String, rest: String) -> [String] {
        let room = max(10, width - max(Style.visibleCount(first), Style.visibleCount(rest)))
        // Each piece, and whether a space separates it from the one before.
        var pieces: [(text: String, spaced: Bool)] = []
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var spaced = true
            for part in Style.visibleCount(word) > room ? Self.breakParts(String(word), room: room) : [String(word)] {
                pieces.append((part, spaced))
                spaced = false
            }
        }
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        for piece in pieces {
            let pieceWidth = Style.visibleCount(piece.text)
            let gap = piece.spaced && !current.isEmpty ? 1 : 0
            let prefix = lines.isEmpty ? first : rest
            if !current.isEmpty, Style.visibleCount(prefix) + currentWidth + gap + pieceWidth > width {
                lines.append(prefix + current)
                current = piece.text
                currentWidth = pieceWidth
            } else {
                current += (gap == 1 ? " " : "") + piece.text
                currentWidth += gap + pieceWidth
            }
        }
        lines.append((lines.isEmpty ? first : rest) + current)
        return lines
    }

    /// "a/b/c" as "a/", "b/", "c": the places a long path may break.
    static func pathParts(_ word: String) -> [String] {
        parts(of: word, after: ["/"])
    }

    /// A word too long for a line, in pieces of at most `room` columns: after each "/" (a path),
    /// else after each "." (`Type.testName`), and a piece still too long is cut at `room` columns.
    /// Colour codes are never cut.
    static func breakParts(_ word: String, room: Int) -> [String] {
        let breaks: Set<Character> = word.contains("/") ? ["/"] : [".", ":"]
        return parts(of: word, after: breaks).flatMap { part -> [String] in
            guard visibleCount(part) > room else { return [part] }
            var pieces: [String] = []
            var current = ""
            var columns = 0
            var escaping = false
            for character in part {
                if escaping || character == "\u{1B}" {
                    escaping = character == "\u{1B}" || !character.isLetter
                    current.append(character)
                    continue
                }
                if columns == room { pieces.append(current); current = ""; columns = 0 }
                current.append(character)
                columns += 1
            }
            if !current.isEmpty { pieces.append(current) }
            return pieces
        }
    }

    private static func parts(of word: String, after breaks: Set<Character>) -> [String] {
        var parts: [String] = []
        var current = ""
        for character in word {
            current.append(character)
            if breaks.contains(character) { parts.append(current); current = "" }
        }
        if !current.isEmpty { parts.append(current) }
        return parts
    }

    /// `text` without colour codes.
    static func visible<S: StringProtocol>(_ text: S) -> String {
        var out = ""
        var escaping = false
        for character in text {
            if escaping {
                if character.isLetter { escaping = false }
            } else if character == "\u{1B}" {
                escaping = true
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// Columns that `text` takes on a terminal.
    static func visibleCount<S: StringProtocol>(_ text: S) -> Int { visible(text).count }
}
