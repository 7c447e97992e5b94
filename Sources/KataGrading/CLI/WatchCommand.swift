import Foundation
import KataGradingCore

/// `--watch`: re-grades what changed whenever a file under `Exercises/` is saved, and moves on to
/// the next exercise once the current one is done. Polls, because inotify is not everywhere.
///
/// Each screen lists one line per verdict, then ends with the current exercise's full verdict and
/// its "Next" card, so that on a 24-line terminal what matters is what stays in view.
struct WatchCommand {
    var grader: Grader
    var swift: String
    var style: Style
    var repeats: Int
    /// `--regrade`: make every run again, reusing no kept runs.
    var regrade = false
    /// `--watch ID`: stay on this exercise rather than follow the course.
    var only: Catalog.Exercise?
    var interval: Double = 0.5

    func run() throws -> Int32 {
        Interruption.install(message: "\nStopped watching. Your files are untouched.\n", exitCode: GradeCommand.exitInterrupted)
        let catalog = grader.course.catalog
        let report = TextReport(style: style, catalog: grader.course.catalog)
        var options = GradeOptions()
        options.repeats = repeats
        options.regrade = regrade
        let watched = only.map { [$0] } ?? catalog.exercises
        let what = only.map { "Watching \($0.id)" } ?? "Watching Exercises/"

        clearScreen()
        print(style.bold(what) + style.dim(only == nil ? " · grading all once, then what you save" : " · grading it each time you save"))
        print("")
        var results = try grader.gradeLocked(watched, options: options, swift: swift) { result in
            print(report.headline(result))
            fflush(nil)
        }
        LastGrade.record(results, grader.course.paths)
        var current = only ?? results.first { $0.verdict.kind != .done }?.exercise
        printFooter(results, current: current, report: report)
        RoomCommands.send(results, paths: grader.course.paths)

        var snapshot = fingerprints()
        while true {
            Thread.sleep(forTimeInterval: interval)
            let now = fingerprints()
            guard now != snapshot else { continue }
            let changed = Set(now.keys).union(snapshot.keys).filter { now[$0] != snapshot[$0] }
            snapshot = now
            let affected = watched.filter { exercise in
                let module = exercise.module
                return exercise.tracks.flatMap { $0.files + $0.uses }.contains { changed.contains("\(module)/\($0)") }
            }
            guard !affected.isEmpty else { continue }

            clearScreen()
            print(style.bold(what) + style.dim(" · saved: \(changed.sorted().joined(separator: ", "))"))
            print("")
            let regraded = try grader.gradeLocked(affected, options: options, swift: swift) { result in
                print(report.headline(result))
                fflush(nil)
            }
            LastGrade.record(regraded, grader.course.paths)
            let before = results
            for result in regraded {
                if let index = results.firstIndex(where: { $0.exercise.key == result.exercise.key }) { results[index] = result }
            }
            if let finished = current, regraded.contains(where: { $0.exercise.id == finished.id && $0.verdict.kind == .done }),
               before.first(where: { $0.exercise.id == finished.id })?.verdict.kind != .done {
                print("")
                print(style.paint("\(finished.id) is done.", "32") + (only == nil ? " Moving on." : " Still watching it."))
            }
            if only == nil {
                current = nextCurrent(after: regraded, before: before, results: results, current: current)
            }
            printFooter(results, current: current, report: report)
            RoomCommands.send(regraded, paths: grader.course.paths)
        }
    }

    /// Following the course: an exercise that was done and now is not becomes current again (the
    /// attendee just broke it); a done current exercise hands over to the first one not done.
    func nextCurrent(after regraded: [ExerciseResult], before: [ExerciseResult], results: [ExerciseResult],
                     current: Catalog.Exercise?) -> Catalog.Exercise? {
        let broken = regraded.first { result in
            result.verdict.kind != .done && before.first { $0.exercise.key == result.exercise.key }?.verdict.kind == .done
        }
        if let broken { return broken.exercise }
        if let current, !results.contains(where: { $0.exercise.id == current.id && $0.verdict.kind == .done }) { return current }
        return results.first { $0.verdict.kind != .done }?.exercise
    }

    func printFooter(_ results: [ExerciseResult], current: Catalog.Exercise?, report: TextReport) {
        let done = results.filter { $0.verdict.kind == .done }.count
        print("")
        if only == nil { print(style.bold("\(done)/\(results.count) done")) }
        if let current, let result = results.first(where: { $0.exercise.id == current.id }) {
            if only == nil { print("") }
            // The current exercise's whole verdict, last, where a 24-line screen keeps it in view.
            let entry = report.entry(result).split(separator: "\n", maxSplits: 1).map(String.init)
            print(entry[0])
            print(style.wrap(current.title, indent: "    ").map { style.dim($0) }.joined(separator: "\n"))
            if entry.count > 1 { print(entry[1]) }
            var lines = NextStep.advice(for: result, gradedAlone: true)
            if result.verdict.kind != .done {
                lines.append("Hint: " + result.exercise.hint)
            } else if only != nil, let next = nextInCourse(after: current, results: results) {
                lines.append("Next: Scripts/grade.sh --watch \(next.id) (\(next.title))")
            }
            for line in lines { print(style.wrap(line, indent: "  ").joined(separator: "\n")) }
        } else {
            print("Every exercise is done. Well played.")
        }
        print(style.dim("Waiting for you to save a file in Exercises/… (Ctrl-C stops)"))
        fflush(nil)
    }

    func nextInCourse(after exercise: Catalog.Exercise, results: [ExerciseResult]) -> Catalog.Exercise? {
        let exercises = grader.course.catalog.exercises
        guard let index = exercises.firstIndex(where: { $0.id == exercise.id }) else { return nil }
        let last = LastGrade.load(grader.course.paths).verdicts
        return exercises[(index + 1)...].first { last[$0.id] != Verdict.Kind.done.rawValue }
    }

    func fingerprints() -> [String: String] {
        var result: [String: String] = [:]
        for exercise in only.map({ [$0] }) ?? grader.course.catalog.exercises {
            let module = exercise.module
            for file in exercise.tracks.flatMap({ $0.files + $0.uses }) {
                let key = "\(module)/\(file)"
                result[key] = Fingerprint.ofFile(at: grader.course.paths.exercises.appendingPathComponent(key)) ?? "missing"
            }
        }
        return result
    }

    func clearScreen() {
        if style.symbols { print("\u{1B}[2J\u{1B}[H", terminator: "") }
    }
}
