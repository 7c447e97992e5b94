import Foundation
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
        let width = Int(environment["COLUMNS"] ?? "") ?? 80
        return Style(color: terminal && environment["NO_COLOR"] == nil, symbols: terminal, width: max(40, min(width, 100)))
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

    /// Wraps `text` to the width, every line starting with `indent`.
    func wrap(_ text: String, indent: String) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if !current.isEmpty, indent.count + current.count + 1 + word.count > width {
                lines.append(indent + current)
                current = String(word)
            } else {
                current += (current.isEmpty ? "" : " ") + word
            }
        }
        if !current.isEmpty { lines.append(indent + current) }
        return lines
    }
}

/// Writes the human report of a grade: one entry per exercise as it is judged, then the summary.
public struct TextReport: Sendable {
    public var style: Style
    public init(style: Style) { self.style = style }

    public func entry(_ result: ExerciseResult) -> String {
        let verdict = result.verdict
        let id = result.exercise.id.padding(toLength: max(26, result.exercise.id.count + 1), withPad: " ", startingAt: 0)
        var head = "\(style.mark(for: verdict.kind)) \(id)\(style.verdictText(verdict.kind))"
        if verdict.kind == .done, verdict.chaffsTotal > 0 {
            head += style.dim(" · \(verdict.chaffsCaught)/\(verdict.chaffsTotal) bugs caught")
        }
        var lines = [head]
        if verdict.kind != .done && verdict.kind != .notStarted {
            lines += style.wrap(verdict.reason, indent: "    ")
        }
        for detail in verdict.details {
            lines += style.wrap(detail, indent: "      ")
        }
        return lines.joined(separator: "\n")
    }

    public func summary(_ results: [ExerciseResult], catalog: Catalog) -> String {
        let done = results.filter { $0.verdict.kind == .done }.count
        var lines = ["", style.bold("\(done)/\(results.count) done")]
        if let next = results.first(where: { $0.verdict.kind != .done }) {
            lines.append("")
            lines.append(style.bold("Next: \(next.exercise.id)") + " · \(next.exercise.title)")
            if let advice = next.verdict.next { lines += style.wrap(advice, indent: "  ") }
            lines += style.wrap("Hint: " + next.exercise.hint, indent: "  ")
            lines.append("  Grade it alone: Scripts/grade.sh \(next.exercise.id)")
        } else if !results.isEmpty {
            lines.append("Every graded exercise is done.")
        }
        return lines.joined(separator: "\n")
    }

    /// Tab-separated `id verdict reason`, one line per exercise, for scripts such as the self-test.
    public static func porcelain(_ result: ExerciseResult) -> String {
        let reason = ([result.verdict.reason] + result.verdict.details).joined(separator: " ")
            .replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ")
        return "\(result.exercise.id)\t\(result.verdict.kind.rawValue)\t\(reason)"
    }
}
