import Foundation

/// `--watch`: re-grades what changed whenever a file under `Exercises/` is saved, and moves on to
/// the next exercise once the current one is done. Polls, because inotify is not everywhere.
struct Watch {
    var grader: Grader
    var swift: String
    var style: Style
    var repeats: Int
    var interval: Double = 0.5

    func run() throws -> Int32 {
        Interruption.install(message: "\nStopped watching. Your files are untouched.\n", exitCode: GradeCommand.exitDone)
        let catalog = grader.catalog
        let report = TextReport(style: style, catalog: grader.catalog)
        var options = GradeOptions()
        options.repeats = repeats

        clearScreen()
        print(style.bold("Watching Exercises/") + style.dim(" · grading all once, then what you save · Ctrl-C stops"))
        print("")
        var results = try grader.gradeLocked(catalog.exercises, options: options, swift: swift) { result in
            print(report.entry(result))
        }
        LastGrade.record(results, grader.paths)
        var current = results.first { $0.verdict.kind != .done }?.exercise
        printFooter(results, current: current, report: report)
        RoomCommands.send(results, paths: grader.paths)

        var snapshot = fingerprints()
        while true {
            Thread.sleep(forTimeInterval: interval)
            let now = fingerprints()
            guard now != snapshot else { continue }
            let changed = Set(now.keys).union(snapshot.keys).filter { now[$0] != snapshot[$0] }
            snapshot = now
            let affected = catalog.exercises.filter { exercise in
                let module = catalog.pattern(of: exercise).module
                return (exercise.files + exercise.uses).contains { changed.contains("\(module)/\($0)") }
            }
            guard !affected.isEmpty else { continue }

            clearScreen()
            print(style.bold("Watching Exercises/") + style.dim(" · saved: \(changed.sorted().joined(separator: ", "))"))
            print("")
            let regraded = try grader.gradeLocked(affected, options: options, swift: swift) { result in
                print(report.entry(result))
            }
            LastGrade.record(regraded, grader.paths)
            for result in regraded {
                if let index = results.firstIndex(where: { $0.exercise.id == result.exercise.id }) { results[index] = result }
            }
            if let done = current, regraded.contains(where: { $0.exercise.id == done.id && $0.verdict.kind == .done }) {
                print("")
                print(style.paint("\(done.id) is done.", "32") + " Moving on.")
                current = results.first { $0.verdict.kind != .done }?.exercise
            }
            printFooter(results, current: current, report: report)
            RoomCommands.send(regraded, paths: grader.paths)
        }
    }

    func printFooter(_ results: [ExerciseResult], current: Catalog.Exercise?, report: TextReport) {
        let done = results.filter { $0.verdict.kind == .done }.count
        print("")
        print(style.bold("\(done)/\(results.count) done"))
        if let current {
            print("")
            print(HintCommand.text(current, catalog: grader.catalog, style: style))
        } else {
            print("Every exercise is done. Well played.")
        }
        print(style.dim("\nWaiting for you to save a file in Exercises/…"))
        fflush(nil)
    }

    func fingerprints() -> [String: String] {
        var result: [String: String] = [:]
        for exercise in grader.catalog.exercises {
            let module = grader.catalog.pattern(of: exercise).module
            for file in exercise.files + exercise.uses {
                let key = "\(module)/\(file)"
                result[key] = Fingerprint.ofFile(at: grader.paths.exercises.appendingPathComponent(key)) ?? "missing"
            }
        }
        return result
    }

    func clearScreen() {
        if style.symbols { print("\u{1B}[2J\u{1B}[H", terminator: "") }
    }
}
