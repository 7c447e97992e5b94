import Foundation
import KataGradingCore

/// The fourth stage: the build of what is left to run (the build replay, else SwiftPM), and what
/// the build settles (a compile error, a file gone since the copy).
struct BuildStage {
    var grader: Grader
    var session: GradeSession

    struct Built {
        /// The build, when anything was left to build.
        var build: ShadowBuild.Result?
        /// The tracks built: those the stages before left to build, in the plan's order.
        var tracksBuilt: [Catalog.Exercise]
        /// The tracks to run from `build`, in the plan's order.
        var toRun: [Catalog.Exercise]
        /// What the grader trusts, sealed before anything built from the attendee's files runs (the
        /// build replay's listing, else the runs), and checked once it is all over.
        var watch: SealWatch
        var facts: [String: TrackFacts]
    }

    /// Builds, with `shadowBuild`, the copy `prepared` left of the tracks of `plan` that `facts`
    /// (the reuse stage's) does not settle yet.
    func run(_ plan: GradePlan, shadowBuild: ShadowBuild, prepared: ShadowBuild.Prepared, facts: [String: TrackFacts],
             clock: PhaseClock) throws -> Built {
        var facts = facts
        let toBuild = plan.tracks.filter { facts[$0.key] == nil }
        let watch = session.watch(shadow: shadowBuild.shadow.directory)
        guard !toBuild.isEmpty else { return Built(build: nil, tracksBuilt: [], toRun: [], watch: watch, facts: facts) }
        // Sealed by the build replay's listing, then failed: the session checks it all the same.
        let build = try shadowBuild.run(after: prepared, watch: watch)
        clock.note("built")
        for track in toBuild {
            facts[track.key] = TrackFacts.beforeRuns(track, plan: plan, course: grader.course, missing: build.missing, broken: build.broken)
        }
        return Built(build: build, tracksBuilt: toBuild, toRun: toBuild.filter { facts[$0.key] == nil }, watch: watch, facts: facts)
    }
}
