import Foundation
import KataGradingCore

/// The fifth stage: the runs of what was built, against the real module and each variant, all
/// started at once (`GradeRuns`). Its value is runs of binaries known to run: when a binary the
/// build replay made ran no test (`TrackRunner.ReplayRanNoTest`), nothing of those runs is judged;
/// once they are all over and the seal checked, the replay's record is forgotten, SwiftPM builds
/// the copy again (`ShadowBuild`), and its binary runs instead, here, so that "no tests ran" only
/// ever comes from SwiftPM's binary.
struct RunStage {
    var grader: Grader
    var session: GradeSession
    var options: GradeOptions
    var swift: String

    struct Ran {
        /// The runs, nil when nothing was to run.
        var runs: GradeRuns?
        /// The build stage's facts; after SwiftPM built again, what its build settled instead.
        var facts: [String: TrackFacts]
    }

    /// Runs what `built` left to run. `shadowBuild` and `prepared` (the copy stage's) build again,
    /// with SwiftPM, the tracks of `plan` that `built` built, when the replay's binary ran no test.
    func run(_ built: BuildStage.Built, plan: GradePlan, shadowBuild: ShadowBuild, prepared: ShadowBuild.Prepared,
             clock: PhaseClock) throws -> Ran {
        guard let build = built.build, !built.toRun.isEmpty else { return Ran(runs: nil, facts: built.facts) }
        let runs = try start(built.toRun, of: build, watch: built.watch, clock: clock)
        do {
            try runs.waitForReplayedTracks(waiting: options.waiting)
            return Ran(runs: runs, facts: built.facts)
        } catch let untrusted as TrackRunner.ReplayRanNoTest {
            // Not judged: once every run is over and the seal checked, SwiftPM builds, and its
            // binary runs. Nothing was reported yet.
            runs.waitForAll()
            try session.checkSeal()
            shadowBuild.distrustReplay(untrusted.description)
        }
        // With the replay's record forgotten, this build is SwiftPM's: what it settles replaces
        // what the replay's settled, for every track the build stage built.
        let rebuilt = try shadowBuild.run(after: prepared, watch: built.watch)
        clock.note("built")
        var facts = built.facts
        for track in built.tracksBuilt {
            facts[track.key] = TrackFacts.beforeRuns(track, plan: plan, course: grader.course, missing: rebuilt.missing, broken: rebuilt.broken)
        }
        let toRun = built.tracksBuilt.filter { facts[$0.key] == nil }
        guard !toRun.isEmpty else { return Ran(runs: nil, facts: facts) }
        let again = try start(toRun, of: rebuilt, watch: built.watch, clock: clock)
        // SwiftPM's binary is none of the replay's: nothing is waited for here, and a replay's
        // binary that still ran no test would fail the grade rather than go round again.
        try again.waitForReplayedTracks(waiting: options.waiting)
        return Ran(runs: again, facts: facts)
    }

    /// Starts the runs of `tracks` from `build`'s binaries, under the grade's seal (taken now if
    /// the build replay's listing did not take it).
    private func start(_ tracks: [Catalog.Exercise], of build: ShadowBuild.Result, watch: SealWatch,
                       clock: PhaseClock) throws -> GradeRuns {
        let seal = watch.sealed()
        clock.note("sealed")
        let runs = try GradeRuns(tracks, of: build, course: grader.course, options: options, platform: grader.platform,
                                 runner: grader.runner, seal: seal, fallback: grader.fallback, swift: swift)
        watch.runsStarted(runs)
        clock.note("runs started")
        return runs
    }
}
