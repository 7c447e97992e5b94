import Foundation
import KataGradingCore

/// The fourth stage: the build of what is left to run (the build replay, else SwiftPM), and what
/// the build settles (a compile error, a file gone since the copy).
struct BuildStage {
    var grader: Grader
    var session: GradeSession

    struct Built {
        var reused: ReuseStage.Reused
        /// The build, when anything was left to build.
        var build: ShadowBuild.Result?
        /// The tracks to run from `build`, in the plan's order.
        var toRun: [Catalog.Exercise]
        /// What the grader trusts, sealed before anything built from the attendee's files runs (the
        /// build replay's listing, else the runs), and checked once it is all over.
        var watch: SealWatch
        var facts: [String: TrackFacts]
    }

    func run(_ reused: ReuseStage.Reused, clock: PhaseClock) throws -> Built {
        let copied = reused.copied
        var facts = reused.facts
        let toBuild = copied.plan.tracks.filter { facts[$0.key] == nil }
        let watch = session.watch(shadow: copied.shadowBuild.shadow.directory)
        guard !toBuild.isEmpty else { return Built(reused: reused, build: nil, toRun: [], watch: watch, facts: facts) }
        // Sealed by the build replay's listing, then failed: the session checks it all the same.
        let build = try copied.shadowBuild.run(after: copied.prepared, watch: watch)
        clock.note("built")
        for track in toBuild {
            facts[track.key] = TrackFacts.beforeRuns(track, plan: copied.plan, course: grader.course, missing: build.missing, broken: build.broken)
        }
        return Built(reused: reused, build: build, toRun: toBuild.filter { facts[$0.key] == nil }, watch: watch, facts: facts)
    }
}
