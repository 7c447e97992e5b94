import Foundation
import KataGradingCore

/// The last stage, once every verdict is reported: the seal checked by the session (a test that
/// wrote into the grader's folder fails the grade), then, with the seal held, the runs kept for
/// the next grade and the timings that order the next grade's runs.
struct KeepStage {
    var grader: Grader
    var session: GradeSession
    var options: GradeOptions

    /// `cache`: where the reuse stage looked up kept runs, and where `judged`'s runs are kept.
    func run(_ judged: JudgeStage.Judged, cache: VerdictCache, clock: PhaseClock) throws -> [ExerciseResult] {
        if try session.checkSeal() { clock.note("seal checked") }
        // Only now, with the seal held: nothing a test wrote during this grade is kept as its runs.
        // A replay of one seed, or a measure without the catalog's wheats, is not a whole grade.
        if options.seed == nil, options.handWheats { cache.keep(judged.toKeep) }
        KnownSwiftVersion.keep(grader.platform, in: grader.course.paths.state)
        RunTimings.record(judged.results, source: options.source, grader.course.paths)
        return judged.results
    }
}
