import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--hint`: the story of an exercise in three lines, and how to run it.
enum HintCommand {
    static func text(_ exercise: Catalog.Exercise, catalog: Catalog, style: Style) -> String {
        let pattern = catalog.pattern(of: exercise)
        let number = (catalog.exercises.firstIndex(of: exercise) ?? 0) + 1
        var lines = [style.bold("\(exercise.id) · \(exercise.title)")
                     + style.dim("  (exercise \(number) of \(catalog.exercises.count), \(pattern.title))")]
        if !exercise.idea.isEmpty { lines += style.wrap("Idea: " + exercise.idea, indent: "  ") }
        lines += style.wrap("Edit: " + exercise.files.map { "Exercises/\(pattern.module)/\($0)" }.joined(separator: ", "), indent: "  ")
        lines += style.wrap("Hint: " + exercise.hint, indent: "  ")
        lines.append("  Grade it: Scripts/grade.sh \(exercise.id)")
        lines.append("  Or run it: swift test --filter \(pattern.module)Exercises")
        return lines.joined(separator: "\n")
    }
}

/// `--solution`: the reference solution as a diff against the starter. Writes nothing in Exercises/.
enum SolutionDiff {
    static func text(_ exercise: Catalog.Exercise, store: StarterStore, style: Style) throws -> String {
        guard let diff = ProcessRunner.which("diff") else {
            throw StarterStore.NotFound(description: "the `diff` command is not installed.")
        }
        let scratch = store.paths.state.appendingPathComponent("starters")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        var out: [String] = []
        for file in exercise.files {
            let starter = scratch.appendingPathComponent(file)
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

/// `--reset`: puts an exercise's starter back, after keeping the attendee's version in a backup.
enum ResetCommand {
    struct Refused: Error, CustomStringConvertible { var description: String }

    /// Returns the lines to print. `confirm` asks the attendee; it is not called with `--yes`.
    static func run(_ exercise: Catalog.Exercise, store: StarterStore, confirm: (String) -> Bool,
                    date: Date = Date()) throws -> [String] {
        let edited = exercise.files.filter { !store.isUntouched(exercise, $0) }
        guard !edited.isEmpty else { return ["\(exercise.id) is already the starter; nothing to reset."] }
        // Read every starter first, so a missing one stops us before anything is touched.
        let starters = try edited.map { ($0, try store.starterText(exercise, $0)) }

        let formatter = DateFormatter()
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let backup = store.paths.root.appendingPathComponent(".kata-backups/\(formatter.string(from: date))-\(exercise.id)")
        let names = edited.map { "Exercises/\(store.key(exercise, $0))" }.joined(separator: ", ")
        guard confirm("Reset \(names) to the starter? Your version is kept in \(store.paths.relative(backup))/. [y/N] ") else {
            throw Refused(description: "nothing was changed.")
        }
        var lines: [String] = []
        let fm = FileManager.default
        for (file, starter) in starters {
            let source = store.exerciseFile(exercise, file)
            let copy = backup.appendingPathComponent(store.key(exercise, file))
            try fm.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
            if let current = fm.contents(atPath: source.path) {
                try current.write(to: copy)
                // Only overwrite once the backup is known to hold the same bytes.
                guard fm.contents(atPath: copy.path) == current else {
                    throw Refused(description: "the backup \(store.paths.relative(copy)) could not be verified; nothing was changed.")
                }
                lines.append("Kept your version in \(store.paths.relative(copy))")
            }
            try starter.write(to: source, options: .atomic)
            lines.append("Restored the starter of Exercises/\(store.key(exercise, file))")
        }
        return lines
    }

    /// Asks on the terminal; refuses when there is no one to ask.
    static func askOnTerminal(_ question: String) -> Bool {
        guard isatty(0) == 1 else { return false }
        FileHandle.standardError.write(Data(question.utf8))
        let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        return answer == "y" || answer == "yes"
    }
}

/// `--index`: the README's exercise index, generated from the catalog so that it cannot drift.
enum ReadmeIndex {
    static func markdown(_ catalog: Catalog) -> String {
        var lines: [String] = []
        var number = 0
        for pattern in catalog.patterns {
            let exercises = catalog.exercises.filter { $0.pattern == pattern.id }
            guard !exercises.isEmpty else { continue }
            lines.append("**\(pattern.title)** (`Sources/\(pattern.module)`): \(pattern.summary)")
            lines.append("")
            lines.append("| # | Exercise | What it teaches | Edit |")
            lines.append("|---|---|---|---|")
            for exercise in exercises {
                number += 1
                let files = exercise.files.map { "[\($0)](Exercises/\(pattern.module)/\($0))" }.joined(separator: ", ")
                lines.append("| \(number) | `\(exercise.id)`: \(exercise.title) | \(exercise.idea) | \(files) |")
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }
}
