import Foundation
import KataGradingCore

/// The grading pipeline, one step after the other: plan the grade from the course, build the
/// shadow copy, judge what needs no run, run the rest against the real module and its variants,
/// and judge each track as its runs come in. Each step is its own type; this one only hands each
/// step's result to the next.
public struct Grader: Sendable {
    public let course: Course

    public init(course: Course) { self.course = course }

    /// Grades while holding the checkout's lock, so that two grade.sh runs never share the shadow
    /// copy at once: the second one says it is waiting, then goes on.
    public func gradeLocked(_ selected: [Catalog.Exercise], options: GradeOptions, swift: String,
                            report: (ExerciseResult) -> Void) throws -> [ExerciseResult] {
        let lock = try CheckoutLock.acquire(in: course.paths.state) {
            StandardError().write("Another grade.sh is running in this checkout; waiting for it to finish…\n")
        }
        defer { lock.release() }
        ProcessRunner.shared.removeLeftoverTemporaries()
        return try grade(selected, options: options, swift: swift, report: report)
    }

    /// Grades `selected`, handing each track's result to `report` as soon as it is judged, in order.
    public func grade(_ selected: [Catalog.Exercise], options: GradeOptions, swift: String,
                      report: (ExerciseResult) -> Void) throws -> [ExerciseResult] {
        let plan = course.plan(selected, source: options.source)
        let build = try ShadowBuild(course: course, plan: plan, swift: swift).run()
        var decided: [String: Verdict] = [:]
        for track in plan.tracks {
            let untouched = plan.untouched.contains(track.key)
            if !untouched, build.missing[track.key] != nil {
                // Gone, moved or unreadable: said as such, with the command that fixes it.
                decided[track.key] = MissingFiles(course: course, testsRoot: plan.testsRoot).verdict(for: track, extras: plan.extras[track.key] ?? [])
                continue
            }
            decided[track.key] = Judge.judgeWithoutRuns(track, module: track.module, untouched: untouched,
                                                        missing: nil, broken: build.broken[track.key])
        }
        let runs = try GradeRuns(plan.tracks.filter { decided[$0.key] == nil }, of: build, course: course, options: options, swift: swift)

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
            var result = ExerciseResult(exercise: track, pattern: course.catalog.pattern(of: track),
                                        verdict: verdict ?? Verdict(kind: .failing, reason: "the tests did not run."), seconds: seconds)
            result.extraFiles = (plan.extras[track.key] ?? []).map { "\(track.module)/\($0)" }
            report(result)
            results.append(result)
        }
        RunTimings.record(results, source: options.source, course.paths)
        return results
    }
}
