import Foundation
import KataGradingCore
import KataVerdicts

/// Writes the human report of a grade: one entry per exercise as it is judged, then the summary.
public struct TextReport: Sendable {
    public var style: Style
    /// The width of the id column: the longest id in the catalog, so verdicts line up.
    public var idWidth: Int

    /// Exercises whose two tracks this grade shows: each line names its framework (`id@xctest`),
    /// so that neither reads as the exercise's verdict.
    public var bothTracks: Set<String> = []

    /// `bothTracks`: from the plan of the grade it reports (`GradePlan.bothTracks`).
    public init(style: Style, catalog: Catalog, bothTracks: Set<String> = []) {
        self.style = style
        self.bothTracks = bothTracks
        idWidth = min(34, (catalog.exercises.map(\.id.count).max() ?? 20) + 2)
    }

    /// The id column's width in this grade: a line of each of two tracks names its framework
    /// (`id@swift-testing`), and every verdict starts in the same column.
    var keyWidth: Int {
        let longest = bothTracks.flatMap { id in
            Catalog.Framework.allCases.map { TrackKey(id: id, framework: $0.rawValue).description.count + 2 }
        }.max() ?? 0
        return min(max(idWidth, longest), max(idWidth, style.width - 24))
    }

    /// The line above a grade: what it grades (the plan's source), how many exercises, and how
    /// many lines (tracks) it shows for them when some are graded in both frameworks.
    func heading(_ plan: GradePlan) -> String {
        let what = plan.source.label
        // Exercises, each once: `ID ID@xctest` is one exercise in two tracks.
        let count = Set(plan.tracks.map(\.id)).count
        let tracks = count + bothTracks.count
        let counted = "\(count) exercise\(count == 1 ? "" : "s")"
            + (tracks > count ? " in \(tracks) tracks" : "")
        return style.bold("Grading \(what)") + style.dim(" · " + counted)
    }

    /// The verdict's first line: mark, id and verdict, lined up across exercises.
    public func headline(_ result: ExerciseResult) -> String {
        let verdict = result.verdict
        // The key: `id`, or `id@swift-testing` for the other framework's track.
        let key = bothTracks.contains(result.exercise.id) ? result.exercise.trackKey.description : result.exercise.key
        let id = key.padding(toLength: max(keyWidth, key.count + 1), withPad: " ", startingAt: 0)
        var head = "\(style.mark(for: verdict.kind)) \(id)\(style.verdictText(verdict.kind))"
        // "needs macOS 26 (this Mac has 15.5)": the verdict is only whole with what it needs.
        if verdict.kind == .needs { head += " " + verdict.reason }
        if let since = result.unchangedSince {
            // Instead of the count, which the grade that made these runs showed: on 80 columns.
            head += style.dim(" · " + Self.unchanged(since: since))
        } else if verdict.kind == .done, verdict.chaffsTotal > 0 {
            head += style.dim(" · \(verdict.chaffsCaught)/\(verdict.chaffsTotal) bugs caught")
        }
        // On a narrow terminal the verdict goes under the id rather than past the edge.
        if Style.visibleCount(head) > style.width {
            return style.wrap(head, indent: "")
                .joined(separator: "\n")
        }
        return head
    }

    public func entry(_ result: ExerciseResult) -> String {
        ([headline(result)] + body(result)).joined(separator: "\n")
    }

    /// The lines under a verdict that a terminal shows: a failure's whole text (a 200-line
    /// XCTAssertEqual dump) would push the verdict and its reason off the screen, above the card.
    public static let foldedBodyLines = 7

    /// `entry`, shortened for a terminal: the verdict, its reason and the first lines of its
    /// details, then how many lines are left out and where the whole is (`whole`, a file the
    /// grade writes the full report to). `cut`: whether anything was left out.
    public func foldedEntry(_ result: ExerciseResult, whole: String) -> (text: String, cut: Bool) {
        let lines = body(result)
        guard lines.count > Self.foldedBodyLines + 1 else { return (entry(result), false) }
        let kept = Array(lines.prefix(Self.foldedBodyLines))
        let more = lines.count - kept.count
        let note = style.wrap("… \(more) more lines of this report: less \(whole)", indent: "      ").map { style.dim($0) }
        return (([headline(result)] + kept + note).joined(separator: "\n"), true)
    }

    /// The lines under the headline: the files graded with it, the reason and the details.
    /// `verdictFirst` starts the reason with the verdict's word, for a place that shows the
    /// reason without the headline (`--watch`'s footer).
    public func body(_ result: ExerciseResult, verdictFirst: Bool = false) -> [String] {
        let verdict = result.verdict
        var lines: [String] = []
        if verdictFirst {
            let reason = verdict.reason.isEmpty || verdict.kind == .done ? "" : ": " + verdict.reason
            var first = style.mark(for: verdict.kind) + " " + style.verdictText(verdict.kind)
            if verdict.kind == .done, verdict.chaffsTotal > 0 { first += style.dim(" · \(verdict.chaffsCaught)/\(verdict.chaffsTotal) bugs caught") }
            lines += style.wrap(paragraph: first + reason, first: "  ", rest: "    ")
        }
        if !result.extraFiles.isEmpty {
            let files = result.extraFiles.map { "Exercises/\($0)" }.joined(separator: ", ")
            lines += style.wrap("graded with your \(files)", indent: "    ").map { style.dim($0) }
        }
        if !verdictFirst, verdict.kind != .done && verdict.kind != .notStarted && verdict.kind != .needs {
            lines += style.wrap(verdict.reason, indent: "    ")
        }
        for detail in verdict.details {
            lines += style.wrap(detail, indent: "      ")
        }
        return lines
    }

    /// The lines a screen of a terminal shows, the prompt's line left out: what a grade's
    /// default output is laid out to fit, so that its first verdict does not scroll away.
    public static let screenLines = 23

    /// Whether a grade of these tracks says its not-started ones in one line (`notStartedLine`),
    /// rather than a line each: a grade of many, where they would push the verdicts off the screen.
    public static func groupsNotStarted(_ results: [ExerciseResult]) -> Bool {
        results.filter { $0.verdict.kind == .notStarted }.count > 1
    }

    /// The not-started tracks of a grade of many, in at most two lines: "· 29 not started:
    /// mocking-request, mocking-success, … and 20 more". A fresh clone's grade then fits a screen;
    /// `--list` shows every exercise.
    public func notStartedLine(_ results: [ExerciseResult]) -> [String] {
        let keys = results.map { $0.exercise.key }
        guard !keys.isEmpty else { return [] }
        let head = "\(style.mark(for: .notStarted)) \(keys.count) \(Verdict.Kind.notStarted.rawValue): "
        func lines(showing count: Int) -> [String] {
            let rest = keys.count - count
            let text = keys.prefix(count).joined(separator: ", ")
                + (rest > 0 ? (count > 0 ? ", " : "") + "… and \(rest) more (Scripts/grade.sh --list)" : ".")
            return style.wrap(paragraph: head + style.dim(text), first: "", rest: "    ")
        }
        // As many ids as two lines hold.
        var shown = keys.count
        while shown > 0, lines(showing: shown).count > 2 { shown -= 1 }
        return lines(showing: shown)
    }

    /// `N/M done`, then the "Next" card (`NextStep.card`, made once by the grade for this report
    /// and the JSON one). `linesSince`, by exercise id, is how many lines the grade printed from
    /// that exercise's verdict on: when the card's exercise's verdict is still on the screen under
    /// the card, the card does not say it again (its `recap`).
    /// `lastVerdicts`: the last grades of `Exercises/`, this one included, so that an exercise
    /// done on a track this grade did not grade counts as done.
    public func summary(_ results: [ExerciseResult], card: NextStep?, linesSince: [String: Int]? = nil,
                        lastVerdicts: [String: Verdict.Kind]? = nil) -> String {
        // Exercises, not tracks: one done in either framework is done (`ExerciseStanding`); one
        // this machine cannot run (`needs`) does not count.
        let exercises = results.byExercise().filter(\.counts)
        let done = exercises.filter { $0.isDone || lastVerdicts?[$0.id] == .done }.count
        var lines = ["", style.bold("\(done)/\(exercises.count) done")]
        if let card {
            // The card's exercise's verdict still on the screen above the card: said once.
            let brief = render(card, recap: false)
            let stillShown = card.exerciseID.flatMap { linesSince?[$0] }
                .map { $0 + lines.count + 1 + brief.count <= Self.screenLines } ?? false
            lines.append("")
            lines += stillShown ? brief : render(card)
        }
        return lines.joined(separator: "\n")
    }

    /// The card as the terminal shows it: a bold heading, then its lines wrapped under it, the
    /// verdict said again first unless `recap` is false.
    public func render(_ card: NextStep, recap: Bool = true) -> [String] {
        var lines = card.preface.flatMap { style.wrap($0, indent: "") }
        if !card.preface.isEmpty, card.heading != nil { lines.append("") }
        if let heading = card.heading {
            lines += style.wrap(heading, indent: "").enumerated().map { $0 == 0 ? style.bold($1) : $1 }
        }
        for line in (recap ? card.recap : []) + card.lines { lines += style.wrap(line, indent: card.heading == nil ? "" : "  ") }
        return lines
    }

    /// "unchanged since 10:42" (or "since Mon 10:42" on another day): when the runs were made
    /// that a grade judged again instead of making anew, like `go test`'s "(cached)".
    public static func unchanged(since date: Date, now: Date = Date()) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_GB")
        formatter.dateFormat = Calendar.current.isDate(date, inSameDayAs: now) ? "HH:mm" : "EEE HH:mm"
        return "unchanged since " + formatter.string(from: date)
    }

    /// The notes printed before the verdicts, from what the plan found: files named under another
    /// case, tests that belong to no exercise.
    func notes(_ plan: GradePlan, catalog: Catalog) -> [String] {
        Self.caseVariantsNote(plan.caseVariants) + Self.strayTestsNote(plan.strayTests, testsRoot: plan.testsRoot, catalog: catalog)
    }

    /// The note on files an attendee added that hold tests but belong to no exercise (`Module/path`).
    public static func strayTestsNote(_ files: [String], testsRoot: URL, catalog: Catalog) -> [String] {
        files.map { StrayTests.note($0, testsRoot: testsRoot, catalog: catalog) }
    }

    /// A file saved under its exercise file's name in another case: one file on a Mac's disk, two
    /// in git and on Linux, where the grade takes the catalog's name only.
    public static func caseVariantsNote(_ variants: [String: String]) -> [String] {
        variants.keys.sorted().map { file in
            let name = variants[file] ?? ""
            return "Note: Exercises/\(file) differs from the exercise's file Exercises/\(name) only in case. A Mac's disk takes them for one file; git and Linux do not, "
                + "and the grade reads Exercises/\(name). Give it that name, in two steps so that a Mac sees the change: mv Exercises/\(file) Exercises/\(file).renaming && mv Exercises/\(file).renaming Exercises/\(name)"
        }
    }

    /// Tab-separated `id verdict reason`, one line per exercise, for scripts such as the self-test.
    /// A verdict judged from kept runs says so at the end of its reason: `(unchanged since 10:42)`.
    public static func porcelain(_ result: ExerciseResult) -> String {
        "\(result.exercise.key)\t\(result.verdict.kind.rawValue)\t\(porcelainReason(result))"
    }

    /// The reason of a porcelain line, on one line: the verdict's reason, its details, and when
    /// it was judged from kept runs.
    static func porcelainReason(_ result: ExerciseResult) -> String {
        let since = result.unchangedSince.map { ["(\(unchanged(since: $0)))"] } ?? []
        return ([result.verdict.reason] + result.verdict.details + since).joined(separator: " ")
            .replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ")
    }
}
