import Foundation
import KataGradingCore

/// `--watch`: re-grades what changed whenever a file under `Exercises/` is saved, and moves on to
/// the next exercise once the current one is done. Polls, because inotify is not everywhere.
///
/// Each screen lists one line per verdict, then ends with the full verdict of the exercise in
/// focus and its "Next" card, so that on a 24-line terminal what matters is what stays in view.
/// An exercise is done when either of its tracks is (`ExerciseStanding`); a track of it that is
/// not done is still shown in full, never hidden behind the other's "done".
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
        grader.runner.interruption.install(message: "\nStopped watching. Your files are untouched.\n", exitCode: GradeCommand.exitInterrupted)
        let catalog = grader.course.catalog
        var report = TextReport(style: style, catalog: grader.course.catalog)
        var options = GradeOptions()
        options.repeats = repeats
        options.regrade = regrade
        options.waiting = WaitingLine.onTerminal(style)
        let watched = only.map { [$0] } ?? catalog.exercises

        // Before the first grade: a file saved while it runs must be seen afterwards.
        var snapshot = fingerprints()
        // By track key, the added files graded with each track at the last look (`ExtraFiles`).
        var attached = grader.course.addedFiles(under: grader.course.paths.exercises).byTrack
        var results = try gradeFirst(watched, what: watching, options: options, report: &report)
        var current = only ?? results.byExercise().first { !$0.isDone }?.standing.exercise
        printFooter(results, focus: current, current: current, report: report)
        RoomCommands.send(results, course: grader.course)
        // A fresh clone: the copy the first save needs, built now (a file saved meanwhile is graded next).
        grader.prepareCopy(swift: swift)

        while true {
            Thread.sleep(forTimeInterval: interval)
            let now = fingerprints()
            guard now != snapshot else { continue }
            let changed = Set(now.keys).union(snapshot.keys).filter { now[$0] != snapshot[$0] }
            snapshot = now
            let added = grader.course.addedFiles(under: grader.course.paths.exercises)
            let affected = exercises(of: watched, graded: changed, added: added.byTrack, attached: attached)
            attached = added.byTrack
            guard !affected.isEmpty else {
                noteStrayTests(changed.filter { added.unattachedTests.contains($0) })
                continue
            }
            try regrade(affected, saved: changed, options: options, report: &report, results: &results, current: &current)
        }
    }

    /// The first grade, of every watched exercise. As a grade of many (GradingCommand): the
    /// not-started tracks in one line after the others, so that a fresh clone's first screen fits
    /// 24 lines under its header.
    func gradeFirst(_ watched: [Catalog.Exercise], what: String, options: GradeOptions, report: inout TextReport) throws -> [ExerciseResult] {
        clearScreen()
        printHeader(what, only == nil ? "grading all once, then what you save" : "grading it each time you save")
        printNotes()
        print("")
        let plan = grader.plan(watched, source: .exercises)
        report.bothTracks = plan.bothTracks
        var notStarted: [ExerciseResult] = []
        let results = try grader.gradeLocked(watched, plan: plan, options: options, swift: swift) { [report] result in
            if watched.count > 1, result.verdict.kind == .notStarted, result.extraFiles.isEmpty {
                notStarted.append(result)
            } else {
                print(report.headline(result))
            }
            fflush(nil)
        }
        (notStarted.count > 1 ? report.notStartedLine(notStarted) : notStarted.map(report.headline)).forEach { print($0) }
        LastGrade.record(results, grader.course.paths)
        return results
    }

    /// The watched exercises graded from a file of `changed`: its own files and the files added
    /// beside each track, before (`attached`) and after (`added`) the change (a helper just
    /// written, or one just deleted, both count).
    func exercises(of watched: [Catalog.Exercise], graded changed: Set<String>, added: [String: [String]],
                   attached: [String: [String]]) -> [Catalog.Exercise] {
        watched.filter { exercise in
            exercise.tracks.contains { track in
                (track.files + track.uses + (added[track.key] ?? []) + (attached[track.key] ?? []))
                    .contains { changed.contains("\(exercise.module)/\($0)") }
            }
        }
    }

    /// Test files saved that no exercise grades: where they belong.
    func noteStrayTests(_ stray: Set<String>) {
        guard !stray.isEmpty else { return }
        print("")
        for note in TextReport.strayTestsNote(stray.sorted(), testsRoot: grader.course.paths.exercises, catalog: grader.course.catalog) {
            print(style.wrap(note, indent: "  ").joined(separator: "\n"))
        }
        fflush(nil)
    }

    /// Grades `affected` again after a save, folds the verdicts into `results`, says when the
    /// current exercise is done and moves `current` on.
    func regrade(_ affected: [Catalog.Exercise], saved changed: Set<String>, options: GradeOptions, report: inout TextReport,
                 results: inout [ExerciseResult], current: inout Catalog.Exercise?) throws {
        clearScreen()
        printHeader(watching, "saved: \(changed.sorted().joined(separator: ", "))")
        printNotes()
        print("")
        let plan = grader.plan(affected, source: .exercises)
        report.bothTracks = plan.bothTracks
        let regraded = try grader.gradeLocked(affected, plan: plan, options: options, swift: swift) { [report] result in
            print(report.headline(result))
            fflush(nil)
        }
        LastGrade.record(regraded, grader.course.paths)
        let before = results
        // A regrade replaces every track of the exercises it graded: a track it no longer
        // grades (reset to the starter) is no longer shown.
        let regradedIDs = Set(regraded.map(\.exercise.id))
        results = results.filter { !regradedIDs.contains($0.exercise.id) } + regraded
        results.sort { order($0) < order($1) }
        let wasDone = Set(before.byExercise().filter(\.isDone).map(\.id))
        if let finished = current, regraded.byExercise().contains(where: { $0.id == finished.id && $0.isDone }), !wasDone.contains(finished.id) {
            print("")
            print(style.paint("\(finished.id) is done.", "32") + (only == nil ? " Moving on." : " Still watching it."))
        }
        if only == nil {
            current = nextCurrent(after: regraded, wasDone: wasDone, results: results, current: current)
        }
        // What the attendee is working on: the exercise just saved, while a track of it is not
        // done; else the current one.
        let saved = regraded.byExercise().first { !$0.unfinishedTracks.filter { $0.verdict.kind != .notStarted }.isEmpty }
        printFooter(results, focus: saved.map(\.standing.exercise) ?? current, current: current, report: report)
        RoomCommands.send(regraded, course: grader.course)
    }

    /// The header's first words.
    var watching: String { only.map { "Watching \($0.id)" } ?? "Watching Exercises/" }

    func order(_ result: ExerciseResult) -> Int {
        let index = grader.course.catalog.exercises.firstIndex { $0.id == result.exercise.id } ?? Int.max / 2
        return index * 2 + (result.exercise.isOtherTrack ? 1 : 0)
    }

    /// Following the course: an exercise that was done and now is not becomes current again (the
    /// attendee just broke it); a done current exercise hands over to the first one not done.
    func nextCurrent(after regraded: [ExerciseResult], wasDone: Set<String>, results: [ExerciseResult],
                     current: Catalog.Exercise?) -> Catalog.Exercise? {
        let exercises = results.byExercise()
        if let broken = regraded.byExercise().first(where: { !$0.isDone && wasDone.contains($0.id) }) { return broken.standing.exercise }
        if let current, exercises.contains(where: { $0.id == current.id && !$0.isDone }) { return current }
        return exercises.first { !$0.isDone }?.standing.exercise
    }

    /// The line above each grade, wrapped to the screen: what is watched, and why it grades.
    func printHeader(_ what: String, _ why: String) {
        let lines = style.wrap(Style.visible(what) + " · " + why, indent: "")
        for (index, line) in lines.enumerated() {
            print(index == 0 ? style.bold(String(line.prefix(what.count))) + style.dim(String(line.dropFirst(what.count))) : style.dim(line))
        }
    }

    /// The notes of the grade: files of tests that belong to no exercise.
    func printNotes() {
        let stray = grader.course.addedFiles(under: grader.course.paths.exercises).unattachedTests
        for note in TextReport.strayTestsNote(stray, testsRoot: grader.course.paths.exercises, catalog: grader.course.catalog) { print(style.wrap(note, indent: "  ").joined(separator: "\n")) }
    }

    func printFooter(_ results: [ExerciseResult], focus: Catalog.Exercise?, current: Catalog.Exercise?, report: TextReport) {
        let exercises = results.byExercise()
        let done = exercises.filter(\.isDone).count
        print("")
        if only == nil { print(style.bold("\(done)/\(exercises.count) done")) }
        if let focus, let graded = exercises.first(where: { $0.id == focus.id }) {
            if only == nil { print("") }
            // The exercise's whole verdict, last, where a 24-line screen keeps it in view: the
            // track that stands for it, then any other track of it that is not done. Its line in
            // the list above says id and verdict already, so this names the exercise by its title
            // and starts with the verdict's reason.
            let shown = [graded.standing] + graded.tracks.filter { $0.exercise.key != graded.standing.exercise.key && $0.verdict.kind != .done }
            print(style.wrap("Now: \(focus.id) · \(focus.title)", indent: "").map { style.bold($0) }.joined(separator: "\n"))
            for result in shown {
                if shown.count > 1 || graded.tracks.count > 1 || result.exercise.isOtherTrack {
                    print(style.wrap("Your \(result.exercise.framework.title) track:", indent: "  ").joined(separator: "\n"))
                }
                report.body(result, verdictFirst: true).forEach { print($0) }
            }
            let working = shown.first { $0.verdict.kind != .done }
            var lines = working.map { NextStep.advice(for: $0, gradedAlone: true) } ?? NextStep.advice(for: graded.standing, gradedAlone: true)
            if let working {
                if graded.isDone {
                    lines.append("\(focus.id) is done in \(graded.standing.exercise.framework.title); this \(working.exercise.framework.title) track is optional practice.")
                }
                lines.append("Hint: " + working.exercise.hint)
            }
            if graded.isDone, only != nil, let next = nextInCourse(after: focus, results: results) {
                lines.append("Next: Scripts/grade.sh --watch \(next.id) (\(next.title))")
            } else if graded.isDone, only == nil, let current, current.id != focus.id {
                lines.append("Next: \(current.id) · \(current.title)")
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
        return exercises[(index + 1)...].first { last[$0.id] != .done }
    }

    /// Every Swift file under `Exercises/`, by `Module/path`: the catalog's and any the attendee
    /// added, so that saving a helper re-grades the exercises it belongs to.
    func fingerprints() -> [String: String] {
        let root = grader.course.paths.exercises
        var result: [String: String] = [:]
        for path in (try? FileTree.swiftFiles(under: root)) ?? [] {
            result[path] = Fingerprint.ofFile(at: root.appendingPathComponent(path)) ?? "unreadable"
        }
        // A catalog file that is gone still counts, so that deleting it re-grades its exercise.
        for exercise in only.map({ [$0] }) ?? grader.course.catalog.exercises {
            for file in exercise.tracks.flatMap({ $0.files + $0.uses }) where result["\(exercise.module)/\(file)"] == nil {
                result["\(exercise.module)/\(file)"] = "missing"
            }
        }
        return result
    }

    func clearScreen() {
        if style.terminal { print("\u{1B}[2J\u{1B}[H", terminator: "") }
    }
}
