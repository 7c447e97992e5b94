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

    public static func detect(fileDescriptor: Int32 = 1) -> Style {
        let environment = ProcessInfo.processInfo.environment
        let terminal = isatty(fileDescriptor) == 1 && environment["TERM"] != "dumb"
        let width = (terminal ? terminalWidth(fileDescriptor) : nil) ?? Int(environment["COLUMNS"] ?? "") ?? 80
        // Very wide lines are hard to read; below 20 columns nothing fits anyway.
        return Style(color: terminal && environment["NO_COLOR"] == nil, symbols: terminal, width: max(20, min(width, 100)))
    }

    /// The terminal's width in columns, when the kernel knows it.
    static func terminalWidth(_ fileDescriptor: Int32) -> Int? {
        #if os(Linux) || canImport(Darwin)
        var size = winsize()
        #if os(Linux)
        let request = UInt(TIOCGWINSZ)
        #else
        let request = TIOCGWINSZ
        #endif
        guard ioctl(fileDescriptor, request, &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
        #else
        return nil
        #endif
    }

    public static let plain = Style(color: false, symbols: false, width: 80)

    func paint(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
    func bold(_ text: String) -> String { paint(text, "1") }
    func dim(_ text: String) -> String { paint(text, "2") }

    func mark(for kind: Verdict.Kind) -> String {
        switch kind {
        case .done: return paint(symbols ? "✔" : "ok", "32")
        case .notStarted: return paint(symbols ? "·" : "--", "2")
        default: return paint(symbols ? "✘" : "!!", "31")
        }
    }

    func verdictText(_ kind: Verdict.Kind) -> String {
        switch kind {
        case .done: return paint(kind.rawValue, "32")
        case .notStarted: return dim(kind.rawValue)
        case .missesBugs, .rejectsCorrectCode, .flaky, .tooSlow: return paint(kind.rawValue, "33")
        default: return paint(kind.rawValue, "31")
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

    private func wrapParagraph(_ text: String, indent: String) -> [String] {
        wrap(paragraph: text, first: indent, rest: indent + String(repeating: " ", count: hang(of: text, indent: indent)))
    }

    /// How far the continuation lines of `text` hang in: under a "- " item's text, or under the
    /// value of a short "Label: " line.
    private func hang(of text: String, indent: String) -> Int {
        let plain = Style.visible(text)
        var hang = 0
        if plain.hasPrefix("- ") {
            hang = 2
        } else if let colon = plain.range(of: ": "), plain[..<colon.lowerBound].count <= 14,
                  plain[..<colon.lowerBound].allSatisfy({ $0.isLetter || $0 == " " }) {
            hang = plain.distance(from: plain.startIndex, to: colon.upperBound)
        }
        // A hang so deep that little text fits is worse than none.
        return indent.count + hang > width / 2 ? 2 : hang
    }

    /// Wraps one paragraph at word boundaries: the first line starts with `first`, the others with `rest`.
    /// A word too long for any line (a deep path) breaks after a "/", and only there.
    func wrap(paragraph text: String, first: String, rest: String) -> [String] {
        let room = max(10, width - Style.visibleCount(rest))
        // Each piece, and whether a space separates it from the one before.
        var pieces: [(text: String, spaced: Bool)] = []
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var spaced = true
            for part in Style.visibleCount(word) > room ? Self.pathParts(String(word)) : [String(word)] {
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
        var parts: [String] = []
        var current = ""
        for character in word {
            current.append(character)
            if character == "/" { parts.append(current); current = "" }
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

/// Writes the human report of a grade: one entry per exercise as it is judged, then the summary.
public struct TextReport: Sendable {
    public var style: Style
    /// The width of the id column: the longest id in the catalog, so verdicts line up.
    public var idWidth: Int

    public init(style: Style, catalog: Catalog) {
        self.style = style
        idWidth = min(34, (catalog.exercises.map(\.id.count).max() ?? 20) + 2)
    }

    /// The verdict's first line: mark, id and verdict, lined up across exercises.
    public func headline(_ result: ExerciseResult) -> String {
        let verdict = result.verdict
        // The key: `id`, or `id@swift-testing` for the other framework's track.
        let key = result.exercise.key
        let id = key.padding(toLength: max(idWidth, key.count + 1), withPad: " ", startingAt: 0)
        var head = "\(style.mark(for: verdict.kind)) \(id)\(style.verdictText(verdict.kind))"
        if verdict.kind == .done, verdict.chaffsTotal > 0 {
            head += style.dim(" · \(verdict.chaffsCaught)/\(verdict.chaffsTotal) bugs caught")
        }
        // On a narrow terminal the verdict goes under the id rather than past the edge.
        if Style.visibleCount(head) > style.width {
            return style.wrap(head, indent: "")
                .joined(separator: "\n")
        }
        return head
    }

    public func entry(_ result: ExerciseResult) -> String {
        let verdict = result.verdict
        var lines = [headline(result)]
        if verdict.kind != .done && verdict.kind != .notStarted {
            lines += style.wrap(verdict.reason, indent: "    ")
        }
        for detail in verdict.details {
            lines += style.wrap(detail, indent: "      ")
        }
        return lines.joined(separator: "\n")
    }

    /// `N/M done`, then the "Next" card. `lastVerdicts` (from the last grades of `Exercises/`)
    /// lets a grade of one exercise name the exercise to open after it.
    public func summary(_ results: [ExerciseResult], catalog: Catalog, lastVerdicts: [String: String]? = nil) -> String {
        let done = results.filter { $0.verdict.kind == .done }.count
        var lines = ["", style.bold("\(done)/\(results.count) done")]
        if let card = NextStep.card(results, catalog: catalog, lastVerdicts: lastVerdicts) {
            lines.append("")
            lines += render(card)
        }
        return lines.joined(separator: "\n")
    }

    /// The card as the terminal shows it: a bold heading, then its lines wrapped under it.
    public func render(_ card: NextStep) -> [String] {
        var lines = card.preface.flatMap { style.wrap($0, indent: "") }
        if !card.preface.isEmpty, card.heading != nil { lines.append("") }
        if let heading = card.heading {
            lines += style.wrap(heading, indent: "").enumerated().map { $0 == 0 ? style.bold($1) : $1 }
        }
        for line in card.lines { lines += style.wrap(line, indent: card.heading == nil ? "" : "  ") }
        return lines
    }

    /// Tab-separated `id verdict reason`, one line per exercise, for scripts such as the self-test.
    public static func porcelain(_ result: ExerciseResult) -> String {
        let reason = ([result.verdict.reason] + result.verdict.details).joined(separator: " ")
            .replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ")
        return "\(result.exercise.key)\t\(result.verdict.kind.rawValue)\t\(reason)"
    }
}
