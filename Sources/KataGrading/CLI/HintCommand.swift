import Foundation
import KataGradingCore

/// `--hint`: the story of an exercise in three lines, and how to run it.
enum HintCommand {
    /// A fresh clone whose first command is `--hint`: the grader's copy is built now, while the
    /// attendee reads the hint, so that their first grade takes seconds (`Grader.prepareCopy`).
    static func prepareCopy(_ course: Course, runner: ProcessRunner) {
        guard ShadowBuild.exercisesCopyNeverBuilt(course.paths), let swift = ExecutableSearch.which("swift") else { return }
        fflush(nil)
        runner.interruption.install(message: Grader.copyInterrupted, exitCode: GradeCommand.exitInterrupted)
        Grader(course: course, platform: .current(swift: swift, state: course.paths.state, runner: runner), runner: runner)
            .prepareCopy(swift: swift)
    }

    /// `testSource` is the text of the track's test file (the shipped starter), where `swift test`'s
    /// filter finds the type its tests are declared in.
    static func text(_ exercise: Catalog.Exercise, catalog: Catalog, style: Style, testSource: String? = nil) -> String {
        let pattern = catalog.pattern(of: exercise)
        let number = (catalog.exercises.firstIndex { $0.id == exercise.id } ?? 0) + 1
        var lines = style.wrap("\(exercise.id) · \(exercise.title)", indent: "").map { style.bold($0) }
        lines += style.wrap("(exercise \(number) of \(catalog.exercises.count), \(pattern.title))", indent: "").map { style.dim($0) }
        if !exercise.idea.isEmpty { lines += style.wrap("Idea: " + exercise.idea, indent: "  ") }
        lines += style.wrap("Edit: " + exercise.files.map { "Exercises/\(pattern.module)/\($0)" }.joined(separator: ", "), indent: "  ")
        if let alternate = exercise.alternate {
            lines += style.wrap("Or: " + alternate.files.map { "Exercises/\(pattern.module)/\($0)" }.joined(separator: ", ")
                                + " (in \(alternate.framework.title))", indent: "  ")
        }
        lines += style.wrap("Hint: " + exercise.hint, indent: "  ")
        lines.append("  Grade it: " + ShellCommand.grade(exercise.id).line)
        lines += PlainSwiftTest.lines(PlainSwiftTest.command(for: exercise, source: testSource),
                                      label: "Or run just these tests:", indent: "  ", width: style.width)
        return lines.joined(separator: "\n")
    }
}
