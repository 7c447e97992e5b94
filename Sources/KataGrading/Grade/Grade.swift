import Foundation
import KataGradingCore

/// The grade, one stage after the other, each taking what it uses of what the ones before returned:
/// plan → copy → reuse → build → run → judge → keep. Each stage has its folder beside this
/// file; only the judge stage says verdicts (`JudgeStage`). What they call (the shadow build,
/// the scheduler, the supervisor, processes) lives below them, in `Build/`, `Run/` and `Process/`.
public struct Grader: Sendable {
    public let course: Course
    /// What the grader decides differently on each platform, and what this machine can run.
    public let platform: TestPlatform
    /// Where a framework goes when the private channel is silent on this machine.
    public let fallback: ChannelFallback
    /// The command's runner of child processes: every build and run of a grade goes through it.
    public let runner: ProcessRunner
    /// What the machine brings to every verdict's key, read once (`GradingMachine`).
    let machines = GradingMachine.Known([:])

    public init(course: Course, platform: TestPlatform, runner: ProcessRunner, fallback: ChannelFallback? = nil) {
        self.course = course
        self.platform = platform
        self.runner = runner
        self.fallback = fallback ?? ChannelFallback(system: platform.system)
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
