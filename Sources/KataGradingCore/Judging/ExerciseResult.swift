import Foundation

/// An exercise's track, judged: what the grade reports, and the Next card reads.
public struct ExerciseResult: Sendable {
    public var exercise: Catalog.Exercise
    public var pattern: Catalog.Pattern
    public var verdict: Verdict
    /// Wall-clock seconds the grader spent on this exercise's runs.
    public var seconds: Double
    /// When the runs were made that this grade judged again instead of making them anew, because
    /// nothing that decides the verdict changed since (`KeptRuns`); nil when they were made now.
    public var unchangedSince: Date?
    /// Files the attendee added that were compiled with this track (`Module/path`, `ExtraFiles`).
    public var extraFiles: [String] = []

    public init(exercise: Catalog.Exercise, pattern: Catalog.Pattern, verdict: Verdict, seconds: Double,
                unchangedSince: Date? = nil) {
        self.exercise = exercise
        self.pattern = pattern
        self.verdict = verdict
        self.seconds = seconds
        self.unchangedSince = unchangedSince
    }
}
