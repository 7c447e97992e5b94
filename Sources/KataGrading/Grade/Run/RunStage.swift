import Foundation
import KataGradingCore

/// The fifth stage: the runs of what was built, against the real module and each variant, all
/// started at once (`GradeRuns`). Its value is the runs, or that a binary the build replay made
/// ran no test: then nothing was judged, and the grade builds again with SwiftPM
/// (`TrackRunner.ReplayRanNoTest`).
struct RunStage {
    var grader: Grader
    var session: GradeSession
    var options: GradeOptions
    /// Whether the build replay's binaries are still trusted this grade.
    var replayTrusted: Bool
    var swift: String

    enum Outcome {
        /// The runs, nil when nothing was to run.
        case ran(GradeRuns?)
        /// A binary the build replay made ran no test: every run is over, the seal checked, and
        /// the replay's record forgotten, so that the grade's next build is SwiftPM's.
        case replayRanNoTest
    }

    /// Runs what `built` left to run. `shadowBuild`: the build that made it, told when its
    /// replay is no longer trusted.
    func run(_ built: BuildStage.Built, shadowBuild: ShadowBuild, clock: PhaseClock) throws -> Outcome {
        guard let build = built.build, !built.toRun.isEmpty else { return .ran(nil) }
        let seal = built.watch.sealed()
        clock.note("sealed")
        let runs = try GradeRuns(built.toRun, of: build, course: grader.course, options: options, platform: grader.platform,
                                 runner: grader.runner, seal: seal, fallback: grader.fallback, swift: swift)
        built.watch.runsStarted(runs)
        clock.note("runs started")
        do {
            try runs.waitForReplayedTracks(waiting: options.waiting)
        } catch let untrusted as TrackRunner.ReplayRanNoTest where replayTrusted {
            // Not judged: once every run is over and the seal checked, SwiftPM builds, and the
            // grade starts again from its binary. Nothing was reported yet.
            runs.waitForAll()
            try session.checkSeal()
            shadowBuild.distrustReplay(untrusted.description)
            return .replayRanNoTest
        }
        return .ran(runs)
    }
}
