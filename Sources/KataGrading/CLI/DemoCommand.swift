import Foundation
import KataGradingCore
import KataVerdicts

/// `--demo ID`: for the projector, grades an exercise's weak suites (`Tests/Fixtures/<id>/<name>/`)
/// and its reference solution, one after the other, and shows each on one line with its verdict,
/// under it the one-line reason that suite is weak (the `why:` of its `expected` file). The whole
/// demo fits one screen of 80×24 (`DemoScreen`). `--demo ID --details` shows every suite in full
/// (its reason first, then the verdict, the bugs it misses with their hints, the advice), and
/// `--demo ID SUITE` grades and shows that one suite in full.
///
/// A suite kept to test the grader itself (`grader-only:` in its `expected` file: `WeakSuite`) is
/// left out of the demo; naming it still shows it.
///
/// Each suite is graded from a scratch copy of `Solutions/` under `.build/kata/demo/`, with the
/// suite's files laid over it, exactly as `--from` grades a folder; `Exercises/` is never read or
/// written, so an instructor can run it on an attendee's machine.
struct DemoCommand {
    var grader: Grader
    var swift: String
    var style: Style
    var repeats: Int
    /// `--regrade`: make every run again, reusing no kept runs.
    var regrade = false

    struct Suite {
        var name: String
        /// Why the suite is weak, in one line: the `why:` line of its `expected` file.
        var why: String
        /// The verdict the suite is kept to get (its `expected` file); done for the solution.
        var expected: VerdictKind
        /// Why a suite exists only to test the grader (`grader-only:`), or nil.
        var graderOnly: String?
        /// Its fixture; nil for the reference solution.
        var weak: WeakSuite?

        var isSolution: Bool { weak == nil }
    }

    struct UnknownSuite: Error, CustomStringConvertible {
        var description: String
    }

    func run(_ exercise: Catalog.Exercise, details: Bool, only: String? = nil) throws -> Int32 {
        grader.runner.interruption.install(message: GradeCommand.interrupted, exitCode: GradeCommand.exitInterrupted)
        let paths = grader.course.paths
        let all = Self.loadSuites(in: paths.root, exercise: exercise)
        let screen = DemoScreen(style: style, exercise: exercise)
        var suites: [Suite]
        if let only {
            guard let suite = all.first(where: { $0.name == only }) else {
                let names = all.map(\.name)
                let near = Arguments.closest(to: only, among: names)
                throw UnknownSuite(description: "\(exercise.id) has no weak suite '\(only)'."
                    + (near.isEmpty ? "" : " Did you mean \(near.joined(separator: " or "))?")
                    + (names.isEmpty ? "" : " Its suites: \(names.joined(separator: ", "))."))
            }
            suites = [suite]
        } else {
            suites = [Suite(name: DemoScreen.solutionName, why: "", expected: .done, graderOnly: nil, weak: nil)]
                + all.filter { $0.graderOnly == nil }
        }

        if details || only != nil {
            lines(screen.heading(weakSuites: suites.filter { !$0.isSolution }.count, full: true))
        } else {
            lines(screen.heading(weakSuites: suites.count - 1, full: false))
        }
        var rows: [(suite: Suite, verdict: Verdict)] = []
        // The oldest runs judged again instead of made anew (kept runs): the one-line screen says so once.
        var keptSince: Date?
        for suite in suites {
            let folder = paths.state.appendingPathComponent("demo").appendingPathComponent(suite.isSolution ? "solution" : "suite-\(suite.name)")
            try WeakSuite.plant(suite.weak.map { [($0, exercise.module)] } ?? [], over: paths.solutions, in: folder)
            var options = GradeOptions()
            options.repeats = repeats
            options.regrade = regrade
            options.waiting = WaitingLine.onTerminal(style)
            options.source = .directory(folder)
            if details || only != nil {
                print("")
                lines(screen.suiteHeading(suite))
            }
            fflush(nil)
            let results = try grader.gradeLocked([exercise], options: options, swift: swift) { _ in }
            // The track the suite is written for; the other track is the solution's, and done.
            let suiteFiles = Set(suite.weak?.files ?? [])
            guard var result = results.first(where: { !suiteFiles.isDisjoint(with: $0.exercise.files) }) ?? results.first else { continue }
            // Name the file the audience can open, not the scratch copy.
            let scratchFolder = paths.relative(folder) + "/" + exercise.module + "/"
            let shown = suite.isSolution ? "Solutions/\(exercise.module)/" : "Tests/Fixtures/\(exercise.id)/\(suite.name)/"
            result.verdict.reason = result.verdict.reason.replacingOccurrences(of: scratchFolder, with: shown)
            result.verdict.details = result.verdict.details.map { $0.replacingOccurrences(of: scratchFolder, with: shown) }
            rows.append((suite, result.verdict))
            if let since = result.unchangedSince { keptSince = min(keptSince ?? since, since) }
            lines(details || only != nil ? entry(result, expected: suite.expected) : screen.row(suite, result.verdict))
            fflush(nil)
        }

        if details && only == nil {
            print("")
            print(style.bold("Side by side"))
            for (suite, verdict) in rows { lines(screen.row(suite, verdict, withReason: false)) }
        }
        print("")
        lines(screen.footer(details: details || only != nil, keptSince: details || only != nil ? nil : keptSince))
        // A suite that no longer gets the verdict it was written for is a kata bug worth a red exit.
        return rows.allSatisfy({ $0.verdict.kind == $0.suite.expected }) && rows.count == suites.count
            ? GradeCommand.exitDone : GradeCommand.exitNotDone
    }

    /// The verdict in full, as the grade report shows it, without repeating the exercise's id.
    func entry(_ result: ExerciseResult, expected: VerdictKind) -> [String] {
        let verdict = result.verdict
        var head = "\(style.mark(for: verdict.kind)) \(style.verdictText(verdict.kind))"
        if verdict.chaffsTotal > 0, verdict.kind == .done || verdict.kind == .missesBugs {
            head += style.dim(" · \(verdict.chaffsCaught)/\(verdict.chaffsTotal) bugs caught")
        }
        if let since = result.unchangedSince { head += style.dim(" · " + TextReport.unchanged(since: since)) }
        if verdict.kind != expected { head += style.paint(" (this suite is kept to get: \(expected.rawValue))", "31") }
        var out = style.wrap(head, indent: "")
        if verdict.kind != .done { out += style.wrap(verdict.reason, indent: "    ") }
        for detail in verdict.details { out += style.wrap(detail, indent: "      ") }
        for advice in NextStep.advice(for: result, gradedAlone: true) { out += style.wrap("Advice: " + advice, indent: "    ") }
        return out
    }

    /// The weak suites of an exercise that have files, by name (`WeakSuite`).
    static func loadSuites(in root: URL, exercise: Catalog.Exercise) -> [Suite] {
        WeakSuite.all(of: exercise, root: root).filter { !$0.files.isEmpty }.map { suite in
            Suite(name: suite.name, why: suite.expected.why ?? "", expected: suite.expected.verdict ?? .missesBugs,
                  graderOnly: suite.expected.graderOnly, weak: suite)
        }
    }

    func lines(_ text: [String]) { text.forEach { print($0) } }
}
