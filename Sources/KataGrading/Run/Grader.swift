import Foundation
import KataGradingCore

/// The grading pipeline, one step after the other: plan the grade from the course, build the
/// shadow copy, judge what needs no run, run the rest against the real module and its variants,
/// and judge each track as its runs come in. Each step is its own type; this one only hands each
/// step's result to the next.
public struct Grader: Sendable {
    public let course: Course
    /// What the grader decides differently on each platform, and what this machine can run.
    public let platform: TestPlatform

    public init(course: Course, platform: TestPlatform) {
        self.course = course
        self.platform = platform
    }

    /// Grades while holding the checkout's lock, so that two grade.sh runs never share the shadow
    /// copy at once: the second one says it is waiting, then goes on.
    public func gradeLocked(_ selected: [Catalog.Exercise], options: GradeOptions, swift: String,
                            report: (ExerciseResult) -> Void) throws -> [ExerciseResult] {
        let lock = try CheckoutLock.acquire(in: course.paths.state) { StandardError().write($0) }
        defer { lock.release() }
        // However this grade ends, nothing it started or adopted outlives it.
        defer {
            ProcessRunner.shared.endAdopted()
            ProcessRunner.shared.endMarked(runsOf: course.paths.root)
        }
        ProcessRunner.shared.endMarked(runsOf: course.paths.root)
        ProcessRunner.shared.removeLeftoverTemporaries()
        RunFolder.removeLeftovers(for: course.paths.root)
        return try grade(selected, options: options, swift: swift, report: report)
    }

    /// Grades `selected`, handing each track's result to `report` as soon as it is judged, in order.
    public func grade(_ selected: [Catalog.Exercise], options: GradeOptions, swift: String,
                      report: (ExerciseResult) -> Void) throws -> [ExerciseResult] {
        let clock = PhaseClock()
        let plan = course.plan(selected, source: options.source)
        // What this machine cannot run is judged first, and neither built nor run.
        var decided: [String: Verdict] = [:]
        for track in course.catalog.allTracks {
            if let unmet = platform.unmet(track.requires, framework: track.framework) { decided[track.key] = Judge.needs(unmet, exercise: track) }
        }
        let build = try ShadowBuild(course: course, plan: plan, swift: swift, platform: platform, leftOut: Set(decided.keys)).run()
        clock.note("built")
        for track in plan.tracks where decided[track.key] == nil {
            let untouched = plan.untouched.contains(track.key)
            if !untouched, build.missing[track.key] != nil {
                // Gone, moved or unreadable: said as such, with the command that fixes it.
                decided[track.key] = MissingFiles(course: course, testsRoot: plan.testsRoot).verdict(for: track, extras: plan.extras[track.key] ?? [])
                continue
            }
            decided[track.key] = Judge.judgeWithoutRuns(track, module: track.module, untouched: untouched,
                                                        missing: nil, broken: build.broken[track.key])
        }
        // From here on tests run: what the grader trusts is sealed first, and checked once they are over.
        let seal = GraderSeal(state: course.paths.state, shadow: build.shadow.directory)
        clock.note("sealed")
        let runs = try GradeRuns(plan.tracks.filter { decided[$0.key] == nil }, of: build, course: course, options: options,
                                 platform: platform, seal: seal)

        clock.note("runs started")
        var results: [ExerciseResult] = []
        for track in plan.tracks {
            var verdict = decided[track.key]
            var seconds = 0.0
            if verdict == nil, let trackRuns = try runs.wait(for: track) {
                verdict = Judge.judge(track, evidence: trackRuns.evidence)
                if verdict?.kind == .hangs || !(verdict?.missedChaffsThatHung.isEmpty ?? true) {
                    verdict?.longWaits = LongWaits.find(in: runs.testFiles(of: track), limit: track.timeLimit)
                }
                seconds = trackRuns.seconds
            }
            if verdict?.kind != .notStarted, verdict?.kind != .needs, let changed = changedWhileGraded(track, build: build, extras: plan.extras) {
                verdict?.details.append("- Note: \(changed) changed while it was graded: this verdict is of the version saved before the grade began. Grade again to see the new one.")
            }
            var result = ExerciseResult(exercise: track, pattern: course.catalog.pattern(of: track),
                                        verdict: verdict ?? Verdict(kind: .failing, reason: "the tests did not run."), seconds: seconds)
            result.extraFiles = (plan.extras[track.key] ?? []).map { "\(track.module)/\($0)" }
            report(result)
            results.append(result)
        }
        clock.note("judged")
        ProcessRunner.shared.endAdopted()
        let changed = seal.changes()
        clock.note("seal checked")
        if !changed.isEmpty {
            GraderSeal.heal(changed, state: course.paths.state, shadow: build.shadow.directory)
            throw GraderSeal.Broken(paths: changed.map { course.paths.relative(URL(fileURLWithPath: $0)) })
        }
        RunTimings.record(results, source: options.source, course.paths)
        return results
    }

    /// The first file of `track` whose text differs from the copy the grade built and ran: saved
    /// while the grade went on. Nil when they agree (or the copy was never made).
    func changedWhileGraded(_ track: Catalog.Exercise, build: ShadowBuild.Result, extras: [String: [String]]) -> String? {
        let shadow = build.shadow
        for file in ShadowPackage.targetFiles(of: track, extraFiles: extras) {
            let graded = shadow.targetDirectory(of: track).appendingPathComponent(file)
            guard let copy = FileManager.default.contents(atPath: graded.path) else { return nil }
            let source = shadow.testFile(file, of: track)
            if FileManager.default.contents(atPath: source.path) != copy { return course.paths.relative(source) }
        }
        return nil
    }
}

/// With `KATA_TRACE` set, when each step of a grade ended, for maintainers measuring where a grade's
/// time goes (`Scripts/bench.sh` measures the whole).
struct PhaseClock {
    private let start = Date()
    private let on = ProcessInfo.processInfo.environment["KATA_TRACE"] != nil

    func note(_ step: String) {
        guard on else { return }
        StandardError().write(String(format: "[kata] %6.3f s  %@\n", Date().timeIntervalSince(start), step))
    }
}
