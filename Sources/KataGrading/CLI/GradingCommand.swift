import Foundation
import KataGradingCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `grade.sh [ID…]`, `--watch` and `--demo`: the commands that grade. Each needs `swift`; this
/// one grades once, prints each verdict as it is judged, then the summary and the Next card, and
/// hands the results on (the last grade, `--json`, the room).
enum GradingCommand {
    static func run(_ arguments: Arguments, course: Course, selected: [Catalog.Exercise], style: Style,
                    runner: ProcessRunner) throws -> Int32 {
        guard let swift = ExecutableSearch.which("swift") else {
            StandardError().write("grade.sh: no `swift` on the PATH. Install Swift 6 (https://www.swift.org/install), open a new terminal, and check `swift --version`.\n")
            return GradeCommand.exitBroken
        }
        if case .directory(let url) = arguments.source, !FileManager.default.fileExists(atPath: url.path) {
            StandardError().write("grade.sh: --from \(url.path): no such folder.\n")
            return GradeCommand.exitUsage
        }
        let needed = course.newestSwiftNeeded
        let platform = TestPlatform.current(swift: swift, state: course.paths.state, runner: runner, askAgain: arguments.regrade,
                                            needed: needed)
        let grader = Grader(course: course, platform: platform, runner: runner,
                            fallback: ChannelFallback(silenced: arguments.silencedChannels, shapes: arguments.canaryShapes,
                                                     silencedExercises: arguments.silencedExercises, system: platform.system))
        if let notice = grader.platform.notice, !arguments.porcelain, arguments.json != .standardOutput {
            style.wrap(notice, indent: "").forEach { StandardError().write($0 + "\n") }
        }
        if arguments.action == .watch {
            return try WatchCommand(grader: grader, swift: swift, style: style, repeats: arguments.repeats,
                                    regrade: arguments.regrade, only: arguments.ids.isEmpty ? nil : selected.first).run()
        }
        if arguments.action == .demo {
            do {
                return try DemoCommand(grader: grader, swift: swift, style: style, repeats: arguments.repeats,
                                        regrade: arguments.regrade)
                    .run(selected[0], details: arguments.details, only: arguments.suite)
            } catch let unknown as DemoCommand.UnknownSuite {
                StandardError().write("grade.sh --demo: \(unknown)\n")
                return GradeCommand.exitUsage
            }
        }
        if arguments.action == .fixtures {
            runner.interruption.install(message: GradeCommand.interrupted, exitCode: GradeCommand.exitInterrupted)
            let cases = try FixtureRounds.cases(arguments.fixtures, catalog: course.catalog, root: course.paths.root)
            let allExpected = try FixtureRounds(grader: grader, swift: swift)
                .run(cases, times: arguments.times, options: GradeOptions(arguments), keptLogs: arguments.keptLogs.map { URL(fileURLWithPath: $0) }) {
                    print($0)
                    fflush(nil)
                }
            return allExpected ? GradeCommand.exitDone : GradeCommand.exitNotDone
        }
        if arguments.action == .attacks {
            return try attacks(arguments, course: course, grader: grader, swift: swift, needed: needed)
        }
        return try grade(course, grader: grader, selected: selected, arguments: arguments, swift: swift, style: style)
    }

    /// `--attacks [NAME…]`: one line per check of each attack (`AttackRounds`); never as root,
    /// since attacks are tests that misbehave on purpose.
    static func attacks(_ arguments: Arguments, course: Course, grader: Grader, swift: String, needed: Version?) throws -> Int32 {
        if let refusal = attacksRefusal() {
            StandardError().write(refusal)
            return GradeCommand.exitBroken
        }
        grader.runner.interruption.install(message: GradeCommand.interrupted, exitCode: GradeCommand.exitInterrupted)
        let cases = try AttackRounds.cases(arguments.attacks, catalog: course.catalog, root: course.paths.root)
        let rounds = AttackRounds(course: course, swift: swift) { askAgain in
            Grader(course: course, platform: TestPlatform.current(swift: swift, state: course.paths.state, runner: grader.runner,
                                                                  askAgain: askAgain, needed: needed),
                   runner: grader.runner, fallback: grader.fallback)
        }
        // Resolved now: a fixture's round runs from the copy.
        let keptLogs = arguments.keptLogs.map { URL(fileURLWithPath: $0, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL }
        let allPassed = try rounds.run(cases, keptLogs: keptLogs) {
            print($0.line)
            fflush(nil)
        }
        return allPassed ? GradeCommand.exitDone : GradeCommand.exitNotDone
    }

    /// Why `--attacks` does not run as `effectiveUser`, or nil: attacks kill processes, replace
    /// files and hold locks with the rights of the one who runs them.
    static func attacksRefusal(effectiveUser: uid_t = geteuid()) -> String? {
        guard effectiveUser == 0 else { return nil }
        return """
            grade.sh --attacks: not as root. Attacks are tests that misbehave on purpose (they kill \
            processes, replace files, hold locks, write where they should not), and they run with \
            the grader's rights. Run it as an unprivileged user that owns the checkout, for \
            example: runuser -u USER -- Scripts/grade.sh --attacks

            """
    }

    static func grade(_ course: Course, grader: Grader, selected: [Catalog.Exercise], arguments: Arguments,
                      swift: String, style: Style) throws -> Int32 {
        let quiet = arguments.porcelain || arguments.json == .standardOutput
        grader.runner.interruption.install(message: GradeCommand.interrupted, exitCode: GradeCommand.exitInterrupted)
        let started = Date()
        // Made once: its notes are printed first, then it is graded.
        let plan = grader.plan(selected, source: arguments.source)
        let report = TextReport(style: style, catalog: course.catalog, bothTracks: plan.bothTracks)
        let notes = report.notes(plan, catalog: course.catalog)
        if !quiet {
            print(report.heading(plan))
            for note in notes { print(style.wrap(note, indent: "  ").joined(separator: "\n")) }
            print("")
        } else if arguments.porcelain {
            for note in notes { StandardError().write(note + "\n") }
        }
        var options = GradeOptions(arguments)
        options.waiting = quiet ? nil : WaitingLine.onTerminal(style)
        var screen = GradeScreen(report: report, style: style, many: selected.count > 1,
                                 wholeReport: course.paths.state.appendingPathComponent("last-grade.txt"), paths: course.paths)
        let results = try grader.gradeLocked(selected, plan: plan, options: options, swift: swift, report: { result in
            if arguments.porcelain {
                print(TextReport.porcelain(result))
            } else if !quiet {
                screen.show(result)
            }
            fflush(nil)
        })
        let linesSince = quiet ? [:] : screen.finish()
        // The last grades of `Exercises/` let a grade of one exercise name the exercise to open after it.
        let lastVerdicts = arguments.source == .exercises ? LastGrade.record(results, course.paths).verdicts : nil
        let next = NextStep.card(results, catalog: course.catalog, lastVerdicts: lastVerdicts)
        if !quiet { print(report.summary(results, card: next, linesSince: linesSince, lastVerdicts: lastVerdicts)) }
        if let json = arguments.json {
            var document = JSONReport(results: results, source: arguments.source.reportName,
                                      attendee: Attendee.load(course.paths), startedAt: started, next: next)
            document.notes = notes
            let written = json.write(document)
            // Room collection scripts trust the exit status: a file that was not written is a failure.
            guard written else { return GradeCommand.exitBroken }
        }
        if arguments.source == .exercises {
            RoomCommands.send(results, course: course)
            // A fresh clone's first run: the copy the next grade needs, built while the attendee
            // reads. Not for a script's grade (--porcelain, --json): it wants its answer, and the
            // person's next grade is not its.
            if !quiet { grader.prepareCopy(swift: swift) }
        }
        // What this machine cannot run (`needs`) does not count.
        return results.byExercise().allSatisfy { $0.isDone || !$0.counts } ? GradeCommand.exitDone : GradeCommand.exitNotDone
    }
}

/// What a grade prints on the screen as each verdict comes, and where: a grade of many says its
/// not-started tracks in one line after the others, so that a fresh clone's grade fits a screen of
/// 24 lines; on a terminal a long failure is cut (`TextReport.foldedEntry`) and the whole report goes
/// to `wholeReport`, which the cut line names.
struct GradeScreen {
    let report: TextReport
    let style: Style
    let many: Bool
    let wholeReport: URL
    let paths: KataPaths
    private var notStarted: [ExerciseResult] = []
    /// Lines printed per exercise's verdict, in order: whether the Next card's is still on screen.
    private var printed: [(id: String, lines: Int)] = []
    private var whole: [String] = []
    private var cut = false

    init(report: TextReport, style: Style, many: Bool, wholeReport: URL, paths: KataPaths) {
        self.report = report
        self.style = style
        self.many = many
        self.wholeReport = wholeReport
        self.paths = paths
    }

    mutating func show(_ result: ExerciseResult) {
        if many, result.verdict.kind == .notStarted, result.extraFiles.isEmpty {
            notStarted.append(result)
            return
        }
        var entry = report.entry(result)
        whole.append(entry)
        if style.terminal {
            let folded = report.foldedEntry(result, whole: paths.relative(wholeReport))
            entry = folded.text
            cut = cut || folded.cut
        }
        print(entry)
        printed.append((result.exercise.id, entry.split(separator: "\n", omittingEmptySubsequences: false).count))
    }

    /// Prints the not-started line, writes the whole report when one was cut, and returns how many
    /// lines were printed since each exercise's verdict.
    mutating func finish() -> [String: Int] {
        if cut {
            let text = whole.map { Style.visible($0) }.joined(separator: "\n") + "\n"
            try? Data(text.utf8).write(to: wholeReport, options: .atomic)
        }
        let grouped = notStarted.count > 1 ? report.notStartedLine(notStarted) : notStarted.map(report.entry)
        grouped.forEach { print($0) }
        var below = grouped.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }.count
        var linesSince: [String: Int] = [:]
        for entry in printed.reversed() {
            below += entry.lines
            linesSince[entry.id] = max(linesSince[entry.id] ?? 0, below)
        }
        return linesSince
    }
}
