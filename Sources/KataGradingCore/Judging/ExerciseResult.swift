/// An exercise's track, judged: what the grade reports, and the Next card reads.
public struct ExerciseResult: Sendable {
    public var exercise: Catalog.Exercise
    public var pattern: Catalog.Pattern
    public var verdict: Verdict
    /// Wall-clock seconds the grader spent on this exercise's runs.
    public var seconds: Double
    /// Files the attendee added that were compiled with this track (`Module/path`, `ExtraFiles`).
    public var extraFiles: [String] = []

    public init(exercise: Catalog.Exercise, pattern: Catalog.Pattern, verdict: Verdict, seconds: Double) {
        self.exercise = exercise
        self.pattern = pattern
        self.verdict = verdict
        self.seconds = seconds
    }
}
