import KataVerdicts

/// One exercise of a grade, whole: the result of each track graded, and the one that stands for
/// the exercise (`ExerciseStanding`).
public struct ExerciseGrade: Sendable {
    public var id: String
    /// In the order graded: the attendee's framework first.
    public var tracks: [ExerciseResult]
    public var standing: ExerciseResult

    public var isDone: Bool { standing.verdict.kind == .done }
    /// Whether it counts in N/M: not when this machine cannot run it (`needs`).
    public var counts: Bool { standing.verdict.kind.counts }
    /// Tracks that are not done, though the exercise may be.
    public var unfinishedTracks: [ExerciseResult] { tracks.filter { $0.verdict.kind != .done } }
}

extension Array where Element == ExerciseResult {
    /// The exercises of these results, in the order they first appear, each with its tracks.
    public func byExercise() -> [ExerciseGrade] {
        var order: [String] = []
        var tracks: [String: [ExerciseResult]] = [:]
        for result in self {
            if tracks[result.exercise.id] == nil { order.append(result.exercise.id) }
            tracks[result.exercise.id, default: []].append(result)
        }
        return order.map { id in
            let graded = tracks[id]!
            // Oldest first, for the rule: within one grade the attendee's framework (graded first)
            // speaks last.
            let standing = ExerciseStanding.standing(Array(graded.reversed()), verdict: { $0.verdict.kind })!
            return ExerciseGrade(id: id, tracks: graded, standing: standing)
        }
    }

    /// The results in the order the room should receive them: each exercise's standing track
    /// last, so that the room's "the one received last" is the grader's standing too.
    public func standingLast() -> [ExerciseResult] {
        let standing = Set(byExercise().map(\.standing.exercise.key))
        return filter { !standing.contains($0.exercise.key) } + filter { standing.contains($0.exercise.key) }
    }
}
