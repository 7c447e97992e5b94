import Foundation
import KataGradingCore

/// `--solution`: the reference solution as a diff against the starter. Writes nothing in Exercises/.
enum SolutionDiff {
    /// `patch`: the output is not a terminal (`--solution ID | git apply`), so it is a patch that
    /// applies to `Exercises/`: `a/` and `b/` paths, no colour, no line continued, and a note
    /// that is not part of the diff goes to the error stream.
    static func text(_ exercise: Catalog.Exercise, store: StarterStore, style: Style, patch: Bool = false,
                     runner: ProcessRunner) throws -> String {
        guard let diff = ExecutableSearch.which("diff") else {
            throw StarterStore.NotFound(description: "the `diff` command is not installed.")
        }
        let scratch = store.paths.state.appendingPathComponent("starters")
        var out: [String] = []
        for file in exercise.files {
            // The starter from the catalog (no git needed), at its own path: a track's files can
            // sit in a subfolder (`SwiftTesting/`, `XCTest/`).
            let starter = scratch.appendingPathComponent(store.key(exercise, file))
            try FileManager.default.createDirectory(at: starter.deletingLastPathComponent(), withIntermediateDirectories: true)
            try store.starterText(exercise, file).write(to: starter)
            let solution = store.solutionFile(exercise, file)
            let key = store.key(exercise, file)
            let labels = patch ? ["a/Exercises/\(key)", "b/Exercises/\(key)"] : ["Exercises/\(key)", "Solutions/\(key)"]
            let result = try runner.run(
                diff, ["-u", "--label", labels[0], "--label", labels[1], starter.path, solution.path],
                timeout: 30, log: scratch.appendingPathComponent("diff.txt"))
            if result.output.isEmpty {
                let note = "Exercises/\(key): the solution equals the starter."
                if patch { StandardError().write(note + "\n") } else { out.append(style.wrap(note, indent: "").joined(separator: "\n")) }
            } else {
                let body = result.output.hasSuffix("\n") ? String(result.output.dropLast()) : result.output
                out.append(patch ? body : colorize(body, style))
            }
        }
        if !patch { out += pagerNote(out.joined(separator: "\n"), exercise: exercise, style: style) }
        return out.joined(separator: "\n")
    }

    /// Code is never wrapped, by word or otherwise: a line continued by the grader is no longer
    /// the line in the file, and a string literal broken in two reads as two. A diff wider or
    /// taller than the terminal says how to read it whole, in a pager that scrolls sideways.
    static func pagerNote(_ diff: String, exercise: Catalog.Exercise, style: Style) -> [String] {
        let lines = diff.split(separator: "\n", omittingEmptySubsequences: false)
        let wide = lines.contains { Style.visibleCount($0) > style.width }
        let tall = lines.count + 1 > (style.height ?? 24) - 1
        guard wide || tall else { return [] }
        let why = wide && tall ? "Some lines are wider than this terminal, which wraps them, and the diff is taller than it."
            : wide ? "Some lines are wider than this terminal, which wraps them." : "The diff is taller than this terminal."
        return [""] + style.wrap(why + " To read it whole, in a pager:", indent: "").map { style.dim($0) }
            + ["  Scripts/grade.sh --solution \(exercise.key) | less -S"]
    }

    static func colorize(_ diff: String, _ style: Style) -> String {
        guard style.color else { return diff }
        return diff.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            if line.hasPrefix("+++") || line.hasPrefix("---") { return style.bold(String(line)) }
            if line.hasPrefix("+") { return style.paint(String(line), "32") }
            if line.hasPrefix("-") { return style.paint(String(line), "31") }
            if line.hasPrefix("@@") { return style.paint(String(line), "36") }
            return String(line)
        }.joined(separator: "\n")
    }
}
