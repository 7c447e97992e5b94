import Foundation
import KataGradingCore

/// The lines of `--demo`, apart from the grading, so that the maintainers' tests can prove that
/// every exercise's demo fits a projector's terminal of 80×24 whatever its suites get.
///
/// One line per suite (its sign, name, verdict and bugs caught) and, under a weak suite's, its
/// reason in one line: with at most five weak suites, a heading of up to five lines and a footer
/// of three, that is at most 23 lines.
struct DemoScreen {
    var style: Style
    var exercise: Catalog.Exercise

    static let solutionName = "reference solution"
    /// The suites' names, lined up.
    static let nameWidth = 30
    /// The most lines a demo may take: a 24-line terminal, less the prompt's line after it.
    static let maxLines = 23

    /// The exercise's title and idea; in full, also where the suites come from.
    func heading(weakSuites: Int, full: Bool) -> [String] {
        var lines = style.wrap("Demo: \(exercise.id) · \(exercise.title)", indent: "").map { style.bold($0) }
        if !exercise.idea.isEmpty { lines += style.wrap("Idea: " + exercise.idea, indent: "") }
        if full {
            lines += style.wrap(weakSuites == 0
                ? "There are no weak suites in Tests/Fixtures/\(exercise.id)/: grading the reference solution only."
                : "Weak suites from Tests/Fixtures/\(exercise.id)/, graded from a copy: Exercises/ is neither read nor written.",
                indent: "")
        } else if weakSuites == 0 {
            lines += style.wrap("It has no weak suites (Tests/Fixtures/\(exercise.id)/): grading the reference solution only.", indent: "")
        }
        // In full, each suite opens with a blank line of its own.
        if !full { lines.append("") }
        return lines
    }

    /// In `--details`, the line that opens a suite: its name and, first, why it is weak.
    func suiteHeading(_ suite: DemoCommand.Suite) -> [String] {
        let text = "── " + suite.name + (suite.why.isEmpty ? "" : ": " + suite.why)
            + (suite.graderOnly.map { " (kept to test the grader itself: \($0))" } ?? "")
        return style.wrap(paragraph: text, first: "", rest: "   ").map { style.bold($0) }
    }

    /// A suite's line: sign, name, verdict, bugs caught; then, for a weak suite, why it is weak.
    func row(_ suite: DemoCommand.Suite, _ verdict: Verdict, withReason: Bool = true) -> [String] {
        let mark = style.mark(for: verdict.kind)
        let name = suite.name.count < Self.nameWidth
            ? suite.name.padding(toLength: Self.nameWidth, withPad: " ", startingAt: 0) : suite.name + " "
        var text = style.verdictText(verdict.kind)
        if verdict.chaffsTotal > 0, verdict.kind == .done || verdict.kind == .missesBugs || verdict.kind == .rejectsCorrectCode {
            text += style.dim(" · \(verdict.chaffsCaught)/\(verdict.chaffsTotal) bugs caught")
        }
        if verdict.kind != suite.expected { text += style.paint(" (kept to get: \(suite.expected.rawValue))", "31") }
        let column = Style.visibleCount(mark) + 1 + name.count
        var lines = style.wrap(paragraph: text, first: "\(mark) \(name)", rest: String(repeating: " ", count: min(column, style.width / 2)))
        if withReason, !suite.why.isEmpty {
            lines += style.wrap(paragraph: suite.why, first: "   ", rest: "   ")
        }
        return lines
    }

    /// Where to look next: every suite in full, one suite, the solution as a diff. When some
    /// verdicts were judged from kept runs (`keptSince`, the oldest), one line says so first, as
    /// `--details` does on each suite's line.
    func footer(details: Bool, keptSince: Date? = nil) -> [String] {
        var lines: [String] = []
        if let keptSince {
            lines += style.wrap("Judged from kept runs, " + TextReport.unchanged(since: keptSince)
                + "; --regrade runs them anew.", indent: "").map { style.dim($0) }
        }
        if details {
            lines += style.wrap("Each suite's code: Tests/Fixtures/\(exercise.id)/<suite>/", indent: "")
        } else {
            lines += style.wrap("In full: Scripts/grade.sh --demo \(exercise.id) --details", indent: "")
            lines += style.wrap("One suite: Scripts/grade.sh --demo \(exercise.id) SUITE", indent: "")
        }
        lines += style.wrap("Solution diff: Scripts/grade.sh --solution \(exercise.id)", indent: "")
        return lines
    }

    /// The whole screen of a demo whose suites get `verdicts`, as `--demo ID` prints it (with the
    /// line a first build adds), for the tests that keep it within 80×24.
    func screen(_ suites: [DemoCommand.Suite], verdicts: [Verdict], firstBuild: Bool, keptSince: Date? = nil) -> [String] {
        var lines = heading(weakSuites: suites.filter { !$0.isSolution }.count, full: false)
        if firstBuild { lines += style.wrap(BuildProgress.firstBuildNote, indent: "") }
        for (suite, verdict) in zip(suites, verdicts) { lines += row(suite, verdict) }
        lines.append("")
        return lines + footer(details: false, keptSince: keptSince)
    }
}
