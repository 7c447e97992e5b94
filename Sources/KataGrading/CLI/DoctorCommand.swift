import Foundation
import KataGradingCore
import KataVerdicts
import KataRoom

/// `grade.sh --doctor`: the pre-workshop check an instructor sends out. On the attendee's own
/// machine it checks what the kata needs (`DoctorChecks`), then builds what the first grade
/// builds and grades one exercise per framework end to end, through the grader's own runners,
/// twice: with its reference solution (must be *done*) and with one of its weak suites (must get
/// the verdict its `expected` file names, *misses bugs*), each from a scratch copy under
/// `.build/kata/doctor/`, as `--demo` does: `Exercises/` is never read or written.
///
/// It prints one line per finding, the fix under each problem, and for a grade that went wrong the
/// command that makes it again and the last lines of its log; then one summary line to paste to
/// the instructor. The same goes to `.build/kata/doctor.json` (docs/doctor-json.md), and, when the
/// checkout has joined a room, to the room as a badge by the attendee's name. All of it fits 80×24
/// when nothing is wrong.
struct DoctorCommand {
    /// The exercise each framework is checked on, and the weak suite it grades.
    static let probes: [(id: String, framework: Catalog.Framework, suite: String)] = [
        ("mocking-request", .xctest, "executed-only"),
        ("swift-concurrency-confirmation", .swiftTesting, "vacuous"),
    ]
    static let jsonName = "doctor.json"

    var course: Course
    var style: Style
    var arguments: Arguments
    /// The command's runner of child processes (`GradeCommand.main`'s).
    var runner: ProcessRunner

    func run() -> Int32 {
        let paths = course.paths
        let started = Date()
        let quiet = arguments.json == .standardOutput
        func say(_ lines: [String]) { if !quiet { lines.forEach { print($0) }; fflush(nil) } }
        guard let swift = ExecutableSearch.which("swift") else {
            StandardError().write("grade.sh --doctor: no `swift` on the PATH. Install Swift 6 (https://www.swift.org/install), open a new terminal, and check `swift --version`.\n")
            return GradeCommand.exitBroken
        }
        // An earlier run's report is never left to stand for this one: a run stopped half-way
        // leaves none, and every run that ends writes its own.
        try? FileManager.default.removeItem(at: paths.state.appendingPathComponent(Self.jsonName))
        runner.interruption.install(message: GradeCommand.interrupted, exitCode: GradeCommand.exitInterrupted)
        let platform = TestPlatform.current(swift: swift, state: paths.state, runner: runner)
            .askingDeveloperDirectory(state: paths.state, runner: runner)
        let grader = Grader(course: course, platform: platform, runner: runner,
                            fallback: ChannelFallback(silenced: arguments.silencedChannels, shapes: arguments.canaryShapes,
                                                     silencedExercises: arguments.silencedExercises, system: platform.system))
        say([style.bold("Kata doctor: can this machine do the workshop?")])
        let machine = DoctorChecks.machine(platform, swift: swift, paths: paths, runner: runner)
        var checks = DoctorChecks.checks(machine, platform: platform, paths: paths)
        checks.forEach { say(lines(for: $0)) }
        // "Minutes" only when its copy was never built: a run after the first takes seconds.
        let cold = ShadowBuild.neverBuilt(paths.state.appendingPathComponent(TestSource.directory(paths.root).shadowName))
        say(style.wrap(cold ? "Building (minutes, the first time only), then grading one exercise per framework…"
                            : "Grading one exercise per framework, end to end…", indent: "  ").map { style.dim($0) })

        var grades: [DoctorReport.Grade] = []
        do {
            let buildStart = Date()
            grades = try gradeProbes(grader, swift: swift)
            checks.append(DoctorReport.Check(name: "build", status: "ok", found: String(format: "the grader's copy built and graded in %.0f s", Date().timeIntervalSince(buildStart)), fix: nil))
        } catch is Interrupted {
            StandardError().write(GradeCommand.interrupted)
            return GradeCommand.exitInterrupted
        } catch {
            let log = paths.state.appendingPathComponent("planted/build.log")
            checks.append(DoctorReport.Check(name: "build", status: "fail", found: "\(error)",
                                             fix: "Send .build/kata/doctor.json to your instructor. Last lines of \(paths.relative(log)): " + Self.lastLines(of: log, 6).joined(separator: " ⏎ ")))
        }
        let fallback = grader.fallback.frameworksOn.map(\.rawValue)
        if !fallback.isEmpty {
            checks.append(DoctorReport.Check(name: "channel", status: "warn",
                                             found: "\(grader.fallback.frameworksOn.map(\.title).joined(separator: " and ")) did not report through the grader's channel: graded with `swift test` instead (less protected)",
                                             fix: "Grading works. Send .build/kata/doctor.json to your instructor: it tells the kata's maintainers what to fix."))
        }
        checks.dropFirst(checks.count - (fallback.isEmpty ? 1 : 2)).forEach { say(lines(for: $0)) }
        grades.forEach { say(lines(for: $0)) }

        let ready = !checks.contains { $0.status == "fail" } && !grades.contains { $0.status == "fail" }
        let attendee = Attendee.load(paths)
        let summary = DoctorReport.summaryLine(ready: ready, machine: machine, checks: checks, grades: grades, fallback: fallback)
        let report = DoctorReport(ready: ready, summary: summary, attendee: attendee.name, host: attendee.host,
                                  generatedAt: ISO8601DateFormatter().string(from: Date()),
                                  seconds: (Date().timeIntervalSince(started) * 10).rounded() / 10,
                                  machine: machine, checks: checks, grades: grades, fallback: fallback)
        let file = paths.state.appendingPathComponent(Self.jsonName)
        let written = (try? report.encoded().write(to: file, options: .atomic)) != nil
        switch arguments.json {
        case .standardOutput?: FileHandle.standardOutput.write(report.encoded())
        case .file(let path)?:
            do { try report.encoded().write(to: URL(fileURLWithPath: path)) } catch {
                StandardError().write("grade.sh --doctor: cannot write \(path): \(JSONOutput.whyUnwritable(path)).\n")
                return GradeCommand.exitBroken
            }
        case nil: break
        }
        let sent = RoomCommands.sendDoctor(DoctorBadge(ready: ready, summary: summary), paths: paths)
        say(Self.ending(summary: summary, ready: ready, report: written ? paths.relative(file) : nil, sent: sent, style: style))
        return ready ? GradeCommand.exitDone : GradeCommand.exitNotDone
    }

    /// Grades each probe's solution, then its weak suite, from scratch copies; one grade of both
    /// frameworks' tracks per copy.
    func gradeProbes(_ grader: Grader, swift: String) throws -> [DoctorReport.Grade] {
        let paths = course.paths
        let tracks = Self.probes.compactMap { probe in
            course.catalog.allTracks.first { $0.id == probe.id && $0.framework == probe.framework }.map { (probe, $0) }
        }
        var grades: [DoctorReport.Grade] = []
        for weak in [false, true] {
            let folder = paths.state.appendingPathComponent("doctor").appendingPathComponent(weak ? "weak" : "solution")
            var overlays: [(suite: WeakSuite, module: String)] = []
            var expected: [String: (suite: String, verdict: VerdictKind)] = [:]
            for (probe, track) in tracks {
                guard weak else { expected[track.key] = ("solution", .done); continue }
                guard let suite = WeakSuite.all(of: track, root: paths.root).first(where: { $0.name == probe.suite }) else { continue }
                overlays.append((suite, track.module))
                expected[track.key] = (suite.name, suite.expected.verdict ?? .missesBugs)
            }
            try WeakSuite.plant(overlays, over: paths.solutions, in: folder)
            var options = GradeOptions()
            options.source = .directory(folder)
            options.regrade = true
            let selected = tracks.map(\.1).filter { expected[$0.key] != nil }
            let results = try grader.gradeLocked(selected, options: options, swift: swift) { _ in }
            for result in results {
                guard let want = expected[result.exercise.key] else { continue }
                grades.append(grade(result, suite: want.suite, expected: want.verdict, folder: folder))
            }
        }
        return grades
    }

    func grade(_ result: ExerciseResult, suite: String, expected: VerdictKind, folder: URL) -> DoctorReport.Grade {
        let paths = course.paths
        let track = result.exercise
        let verdict = result.verdict
        let status = verdict.kind == .needs ? "skipped" : verdict.kind == expected ? "ok" : "fail"
        var lastLines: [String] = []
        if status == "fail" {
            // The newest run of the track: the one that decided, or the last to end.
            let logs = paths.state.appendingPathComponent("planted/logs/\(track.id)")
            let newest = ((try? FileManager.default.contentsOfDirectory(at: logs, includingPropertiesForKeys: [.contentModificationDateKey])) ?? [])
                .filter { $0.pathExtension == "log" }
                .max { ($0.modificationDate ?? .distantPast) < ($1.modificationDate ?? .distantPast) }
            lastLines = newest.map { Self.lastLines(of: $0, 8) } ?? []
        }
        return DoctorReport.Grade(exercise: track.id, framework: track.framework.rawValue, suite: suite, expected: expected,
                                  verdict: verdict.kind, status: status,
                                  route: status == "skipped" ? nil : verdict.viaSwiftPM ? "swift-test" : "private-channel",
                                  message: status == "ok" ? nil : ([verdict.reason] + verdict.details.prefix(3)).joined(separator: " "),
                                  command: "Scripts/grade.sh --from \(paths.relative(folder)) \(track.trackKey)",
                                  lastLines: lastLines)
    }

    // MARK: - Lines

    /// The run's last lines: what happened with the room, where the full report is, then the
    /// summary, last and whole on one line however narrow the terminal (a terminal may fold it;
    /// the grader never breaks it), since the attendee pastes it as one line.
    static func ending(summary: String, ready: Bool, report: String?, sent: String?, style: Style) -> [String] {
        var lines = [""]
        if let sent { lines += style.wrap(sent, indent: "") }
        let paste = report.map { ready ? "Paste the line below to your instructor. The full report: \($0)." : "Paste the line below to your instructor, and send the full report too: \($0)." }
            ?? "Paste the line below to your instructor. (No report file: .build/kata cannot be written.)"
        lines += style.wrap(paste, indent: "").map { style.dim($0) }
        lines.append(ready ? style.bold(summary) : style.paint(summary, "31"))
        return lines
    }

    func lines(for check: DoctorReport.Check) -> [String] {
        let title = ["swift": "Swift", "xcode": "Xcode", "disk": "Disk", "checkout": "Checkout", "shell": "Shell",
                     "build": "Build", "channel": "Channel"][check.name] ?? check.name
        var out = style.wrap(paragraph: check.found, first: "  \(mark(check.status)) \(title.padding(toLength: 14, withPad: " ", startingAt: 0))",
                             rest: String(repeating: " ", count: 20))
        if let fix = check.fix, check.status != "ok" { out += style.wrap(paragraph: "fix: " + fix, first: String(repeating: " ", count: 20), rest: String(repeating: " ", count: 25)) }
        return out
    }

    func lines(for grade: DoctorReport.Grade) -> [String] {
        let framework = Catalog.Framework(rawValue: grade.framework)?.title ?? grade.framework
        let verdict = grade.status == "skipped" ? "skipped, \(grade.message ?? "this machine cannot run it")" : grade.verdict?.rawValue ?? "not graded"
        let head = "\(grade.exercise), \(grade.suite == "solution" ? "solution" : "weak suite \(grade.suite)"): \(verdict)"
            + (grade.status == "fail" ? " (expected: \(grade.expected.rawValue))" : "") + (grade.route == "swift-test" ? ", via swift test" : "")
        var out = style.wrap(paragraph: head, first: "  \(mark(grade.status)) \(framework.padding(toLength: 14, withPad: " ", startingAt: 0))",
                             rest: String(repeating: " ", count: 20))
        guard grade.status == "fail" else { return out }
        let indent = String(repeating: " ", count: 20)
        if let message = grade.message { out += style.wrap(paragraph: message, first: indent, rest: indent).prefix(3) }
        out += style.wrap(paragraph: "again: " + grade.command, first: indent, rest: indent + "  ")
        out += grade.lastLines.suffix(4).map { style.dim(indent + "| " + String($0.prefix(style.width - 23))) }
        return out
    }

    func mark(_ status: String) -> String {
        switch status {
        case "ok": return style.paint(style.symbols ? "✔  " : "ok ", "32")
        case "warn", "skipped": return style.paint(style.symbols ? "!  " : "!! ", "33")
        default: return style.paint(style.symbols ? "✘  " : "XX ", "31")
        }
    }

    static func lastLines(of file: URL, _ count: Int) -> [String] {
        let text = String(decoding: ProcessRunner.read(file, atMost: 4 << 20), as: UTF8.self)
        return text.split(separator: "\n", omittingEmptySubsequences: true).suffix(count).map(String.init)
    }
}

private extension URL {
    var modificationDate: Date? { (try? resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate }
}
