import Foundation
import KataGradingCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Shows that a build is under way, so the first run (which builds cold for a minute or two) never
/// looks hung. On a terminal it keeps one line up to date with SwiftPM's `[done/total]` counter.
public struct BuildProgress: Sendable {
    public var terminal: Bool

    public init(terminal: Bool = isatty(2) == 1) { self.terminal = terminal }

    /// Said once before a cold build; within 80 columns, as every line a person reads.
    static let firstBuildNote = "First build of the grader's copy of the kata: a minute or two, just once."
    /// Said before the first run builds the copy that the next grade needs (`Grader.prepareCopy`).
    static let preparingNote = "Building the grader's copy of the kata, once, so that each grade takes seconds…"

    /// Runs `body`, a build that writes SwiftPM's output to `log`, after saying `note` (if any).
    func during<T>(log: URL, note: String?, _ body: () throws -> T) rethrows -> T {
        if let note {
            // Wrapped at words on a terminal ("a minute or tw|o" at 60 columns), as written elsewhere.
            StandardError().write(Style.detect(fileDescriptor: 2).message(note) + "\n")
        }
        guard terminal else { return try body() }
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + 1, repeating: 0.5)
        let started = Date()
        let width = Style.detect(fileDescriptor: 2).width
        timer.setEventHandler {
            guard let text = FileContents.text(at: log),
                  let step = Self.lastStep(in: text) else { return }
            let line = Self.line(step, seconds: Int(Date().timeIntervalSince(started)))
            StandardError().write("\r\u{1B}[K  " + (line.count + 2 < width ? line : "building \(step)"))
        }
        timer.resume()
        defer {
            timer.cancel()
            StandardError().write("\r\u{1B}[K")
        }
        return try body()
    }

    /// "building [24/71], 1 min 10 s, about 2 min left": the time so far and, once a tenth of the
    /// steps are done, about how long is left at the pace so far (rough: SwiftPM's total grows a
    /// little as it plans, hence "about"). grade.sh's `build_progress` says the same of the grader.
    static func line(_ step: String, seconds: Int) -> String {
        var line = "building \(step), \(duration(seconds))"
        let counts = step.dropFirst().dropLast().split(separator: "/").compactMap { Int($0) }
        if counts.count == 2, counts[0] > 0, counts[0] * 10 >= counts[1], seconds >= 5 {
            let left = seconds * (counts[1] - counts[0]) / counts[0]
            if left >= 10 { line += ", about \(duration((left + 9) / 10 * 10)) left" }
        }
        return line
    }

    static func duration(_ seconds: Int) -> String {
        seconds < 60 ? "\(seconds) s" : "\(seconds / 60) min \(seconds % 60) s"
    }

    /// The last `[n/m]` counter SwiftPM printed: the last line that starts with one. Not the last
    /// bracket of the log: a compiler error under it quotes code, brackets and all (golden
    /// `swiftpm-build-nested-test-class-6.3.1.log`).
    static func lastStep(in log: String) -> String? {
        for line in log.split(separator: "\n").reversed() {
            guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { continue }
            let step = line[line.index(after: line.startIndex)..<close]
            let counts = step.split(separator: "/", omittingEmptySubsequences: false)
            if counts.count == 2, counts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) { return "[\(step)]" }
        }
        return nil
    }
}
