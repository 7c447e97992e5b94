import Foundation
import KataGradingCore

/// `--solution`: the reference solution as a diff against the starter. Writes nothing in Exercises/.
enum SolutionDiff {
    static func text(_ exercise: Catalog.Exercise, store: StarterStore, style: Style) throws -> String {
        guard let diff = ProcessRunner.which("diff") else {
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
            let result = try ProcessRunner.shared.run(
                diff, ["-u", "--label", "starter  Exercises/\(key)", "--label", "solution Solutions/\(key)",
                       starter.path, solution.path],
                timeout: 30, log: scratch.appendingPathComponent("diff.txt"))
            out.append(result.output.isEmpty ? "Exercises/\(key): the solution equals the starter." : colorize(result.output, style))
        }
        return out.joined(separator: "\n")
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
