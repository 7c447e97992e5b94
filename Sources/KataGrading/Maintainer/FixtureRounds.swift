import Foundation
import KataGradingCore
import KataVerdicts

/// `grade.sh --fixtures [ID | ID/NAME]…`: grades weak suites (`Tests/Fixtures/<id>/<name>/`,
/// `WeakSuite`) and prints, for each, one tab-separated line: its track's key, its name, the
/// verdict its `expected` file asks for, the verdict it got, the reason, and the wheat its
/// `expected` file says rejects it (empty when none). The maintainers' check of the weak suites:
/// the self-test, `Scripts/repeat-grades.sh` and `Scripts/perturbation-goals.sh` read these lines.
///
/// Suites are graded in rounds (`PlantedRounds`): each round lays one suite per exercise over a
/// copy of `Solutions/` (`.build/kata/fixtures/`), but never one that replaces a file another
/// suite's exercise of the round compiles with, so every suite is judged on its own. A
/// round is graded `times` times in a row: the grader sees the same files again and skips the
/// build, and makes every run again each time (no run is kept from one grade for the next).
struct FixtureRounds {
    var grader: Grader
    var swift: String

    struct Case: PlantedCase {
        var exercise: Catalog.Exercise
        var suite: WeakSuite
        /// The key of the track the suite is written for (`WeakSuite.track(of:)`).
        var key: String { suite.track(of: exercise).key }
        /// The files of the module that the suite replaces, and the ones its exercise compiles with.
        var writes: Set<String> { Set(suite.files.map { "\(exercise.module)/\($0)" }) }
        var reads: Set<String> { exercise.compiledFiles }
        var exerciseID: String { exercise.id }
        /// `ID/NAME`, as the command line names it.
        var name: String { "\(exercise.id)/\(suite.name)" }
        /// True when `name` asks for this suite: its `ID/NAME`, or its exercise's id.
        func isNamed(_ name: String) -> Bool { name == exercise.id || name == self.name }
    }

    /// The suites `names` asks for (`ID` for all of an exercise's, `ID/NAME` for one), in the
    /// catalog's order; all of them when `names` is empty.
    static func cases(_ names: [String], catalog: Catalog, root: URL) throws -> [Case] {
        let all = catalog.exercises.flatMap { exercise in
            WeakSuite.all(of: exercise, root: root).filter { !$0.files.isEmpty }.map { Case(exercise: exercise, suite: $0) }
        }
        guard !names.isEmpty else { return all }
        for name in names where !all.contains(where: { $0.isNamed(name) }) {
            let near = Arguments.closest(to: name, among: all.map(\.name) + catalog.exercises.map(\.id))
            throw Arguments.UsageError(description: "no weak suite '\(name)' in Tests/Fixtures/."
                + (near.isEmpty ? "" : " Did you mean \(near.joined(separator: " or "))?"))
        }
        return all.filter { suite in names.contains(where: suite.isNamed) }
    }

    /// Grades `cases` in rounds, each round `times` times, handing each suite's line to `line` as
    /// its round's grade ends. With `keptLogs`, the grader's logs of a suite that did not get its
    /// verdict are copied there (the next grade overwrites them). True when every suite got the
    /// verdict its `expected` file asks for, every time.
    func run(_ cases: [Case], times: Int, options: GradeOptions, keptLogs: URL?, line: (String) -> Void) throws -> Bool {
        let paths = grader.course.paths
        let folder = paths.state.appendingPathComponent("fixtures")
        var options = options
        options.source = .directory(folder)
        options.regrade = true
        var allExpected = true
        for (number, round) in PlantedRounds.plan(cases).enumerated() {
            try WeakSuite.plant(round.map { ($0.suite, $0.exercise.module) }, over: paths.solutions, in: folder)
            for time in 1...times {
                if times > 1 {
                    StandardError().write("fixtures, round \(number + 1) (\(round.count) exercise\(round.count == 1 ? "" : "s")): grade \(time) of \(times)…\n")
                }
                let results: [ExerciseResult]
                var failure: String?
                do {
                    results = try grader.gradeLocked(round.map(\.exercise), options: options, swift: swift) { _ in }
                } catch {
                    results = []
                    failure = "the grade stopped: \(error)"
                }
                for suite in round {
                    let result = results.first { $0.exercise.key == suite.key }
                    let expected = suite.suite.expected
                    let got = result?.verdict.kind
                    let reason = result.map(TextReport.porcelainReason) ?? failure ?? "no verdict for \(suite.key)"
                    line([suite.key, suite.suite.name, expected.firstLine ?? "", got?.rawValue ?? "(none)", reason,
                          expected.rejectedBy ?? ""].joined(separator: "\t"))
                    guard got == nil || got != expected.verdict else { continue }
                    allExpected = false
                    if let keptLogs {
                        PlantedRounds.keepLogs(of: suite.exercise.id, from: options.source, state: paths.state,
                                               as: "\(suite.key)-\(suite.suite.name)", in: keptLogs)
                    }
                }
            }
        }
        return allExpected
    }
}
