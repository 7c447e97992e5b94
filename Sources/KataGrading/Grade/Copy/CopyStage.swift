import Foundation
import KataGradingCore

/// The second stage: the shadow copy of the course, synced from the attendee's files, and what
/// the copy alone settles (a missing file, a name only the grader may use).
struct CopyStage {
    var grader: Grader
    var swift: String

    struct Copied {
        var shadowBuild: ShadowBuild
        var prepared: ShadowBuild.Prepared
        /// By track key, what is settled so far: the plan's needs, then the copy's findings.
        var facts: [String: TrackFacts]
    }

    func run(_ plan: GradePlan, clock: PhaseClock) throws -> Copied {
        var facts = plan.unmet.mapValues { TrackFacts.cannotRun($0) }
        let shadowBuild = try ShadowBuild(course: grader.course, plan: plan, swift: swift, platform: grader.platform, runner: grader.runner,
                                          leftOut: Set(plan.unmet.keys))
        let prepared = try shadowBuild.prepare()
        clock.note("copied")
        for track in plan.tracks where facts[track.key] == nil {
            facts[track.key] = TrackFacts.beforeRuns(track, plan: plan, course: grader.course, missing: prepared.missing, broken: prepared.broken)
        }
        return Copied(shadowBuild: shadowBuild, prepared: prepared, facts: facts)
    }
}
