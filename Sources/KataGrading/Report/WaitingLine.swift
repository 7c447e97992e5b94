import Foundation
import KataGradingCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The line a grade shows on a terminal while a track keeps it waiting: a test that hangs is
/// stopped only at its exercise's limit (10 s), and a screen that shows nothing for that long
/// looks stuck. Written over itself and wiped before the verdict; never in porcelain, JSON or a
/// file, where it would be noise.
struct WaitingLine: Sendable {
    var style: Style

    /// The line's text after `seconds` of waiting for `track`.
    func text(_ track: Catalog.Exercise, seconds: Double) -> String {
        let limit = NextStep.seconds(track.timeLimit)
        let waited = Int(seconds.rounded())
        // One line, whatever the width, since it is written over in place: the longest wording
        // that fits, never one cut inside a word or without its unit ("stopped at 10").
        let wordings = ["… waiting \(waited) s for \(track.key); a hung test is stopped at \(limit) s",
                        "… waiting \(waited) s for \(track.key); stopped at \(limit) s",
                        "… \(waited) s for \(track.key) (limit \(limit) s)",
                        "… waiting \(waited) s (limit \(limit) s)",
                        "… \(waited) s of \(limit) s"]
        return wordings.first { $0.count <= style.width - 1 } ?? wordings[wordings.count - 1]
    }

    /// What `GradeOptions.waiting` calls: on a terminal only, else nil.
    static func onTerminal(_ style: Style) -> GradeOptions.Waiting? {
        guard isatty(1) == 1, style.terminal else { return nil }  // NO_COLOR or not: it is no colour
        let line = WaitingLine(style: style)
        return { track, seconds in
            // `\r` and "erase to the end of the line": the line is written over, then wiped.
            let shown = seconds.map { "\r" + line.style.dim(line.text(track, seconds: $0)) + "\u{1B}[K" } ?? "\r\u{1B}[K"
            FileHandle.standardOutput.write(Data(shown.utf8))
        }
    }
}
