import Foundation
import KataGradingCore

/// The grade, one stage after the other, each taking what it uses of what the ones before returned:
/// plan → copy → reuse → build → run → judge → keep, each once. Each stage has its folder beside
/// this file; only the judge stage says verdicts (`JudgeStage`). What they call (the grade's
/// session, the shadow build, the scheduler, the supervisor, processes) lives below them, in
/// `Build/`, `Run/` and `Process/`.
extension Grader {
    /// Grades in a session of its own (`GradeSession`): under the checkout's lock, with the kata's
    /// own files checked as shipped, the seal checked and every child ended, however it ends.
    public func gradeLocked(_ selected: [Catalog.Exercise], options: GradeOptions, swift: String,
                            report: (ExerciseResult) -> Void) throws -> [ExerciseResult] {
        try gradeLocked(selected, plan: nil, options: options, swift: swift, report: report)
    }

    /// As above, grading `plan`, made by the caller before (`plan(_:source:)`), when not nil.
    func gradeLocked(_ selected: [Catalog.Exercise], plan: GradePlan?, options: GradeOptions, swift: String,
                     report: (ExerciseResult) -> Void) throws -> [ExerciseResult] {
        try GradeSession.run(paths: course.paths, runner: runner, fallback: fallback) { session in
            try grade(selected, plan: plan, options: options, swift: swift, session: session, report: report)
        }
    }

    /// Grades `plan` (by default, the plan of `selected`), handing each track's result to `report`
    /// as soon as it is judged, in order: each stage once, one after the other.
    func grade(_ selected: [Catalog.Exercise], plan: GradePlan? = nil, options: GradeOptions, swift: String,
               session: GradeSession, report: (ExerciseResult) -> Void) throws -> [ExerciseResult] {
        let clock = PhaseClock()
        let plan = plan ?? self.plan(selected, source: options.source)
        let copied = try CopyStage(grader: self, swift: swift).run(plan, clock: clock)
        let reused = ReuseStage(grader: self, options: options, swift: swift)
            .run(plan, prepared: copied.prepared, facts: copied.facts, clock: clock)
        let built = try BuildStage(grader: self, session: session)
            .run(plan, shadowBuild: copied.shadowBuild, prepared: copied.prepared, facts: reused.facts, clock: clock)
        let ran = try RunStage(grader: self, session: session, options: options, swift: swift)
            .run(built, plan: plan, shadowBuild: copied.shadowBuild, prepared: copied.prepared, clock: clock)
        let judged = try JudgeStage(grader: self, options: options)
            .run(plan, facts: ran.facts, runs: ran.runs, shadow: copied.shadowBuild.shadow, keys: reused.keys,
                 report: report, clock: clock)
        return try KeepStage(grader: self, session: session, options: options).run(judged, cache: reused.cache, clock: clock)
    }
}
