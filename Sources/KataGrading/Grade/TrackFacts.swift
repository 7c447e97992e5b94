import Foundation
import KataGradingCore

/// What the stages before the judge found out about one track: all the judge stage reads to say
/// its verdict (`JudgeStage`). A stage that settles a track without a run records why here; it
/// never words a verdict itself. A new kind of run adds a case here and its reading in `JudgeStage`.
enum TrackFacts {
    /// This machine lacks what the track needs (the plan).
    case cannotRun(TestPlatform.Unmet)
    /// Every file is still the starter (the plan).
    case untouched
    /// A file could not be taken for the build (the copy, the build).
    case missing(MissingFiles.Finding)
    /// Its code does not compile (the copy, the build).
    case doesNotCompile(CompileError)
    /// The runs of an earlier grade of what is still the same (the reuse stage).
    case kept(Evidence, since: Date)
    /// This grade's runs, and how to read the track's files for the judge's look at their waits.
    case ran(ExerciseRuns, testFiles: () -> [(name: String, text: String)])
    /// It was to run and gave no run.
    case didNotRun

    /// The facts that settle `track` before any run, from what the copy or the build found:
    /// untouched, then a missing file, then a compile error; nil when it has to run.
    static func beforeRuns(_ track: Catalog.Exercise, plan: GradePlan, course: Course, missing: [String: String],
                           broken: [String: CompileError]) -> TrackFacts? {
        if plan.untouched.contains(track.key) { return .untouched }
        if missing[track.key] != nil {
            return .missing(MissingFiles(course: course, testsRoot: plan.testsRoot).finding(for: track, extras: plan.extras[track.key] ?? []))
        }
        return broken[track.key].map { .doesNotCompile($0) }
    }
}
