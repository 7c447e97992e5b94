/// How the tracks of one exercise (XCTest and Swift Testing) combine into the one verdict that
/// stands for it, wherever an exercise is shown whole: the grader's summary, `--watch`, the Next
/// card, `--list`, the JSON results' `exerciseStatus` and the room's grid.
///
/// An exercise is done when any of its tracks is done: the course asks for each idea once, in the
/// framework the attendee chose, and a second track is practice that never holds anyone back.
/// Otherwise the track graded last speaks for it (in one grade of both, the attendee's framework).
/// Each track's own verdict is still shown beside it, so a failing second track is never hidden.
public enum ExerciseStanding {
    /// The track that stands for the exercise, from its tracks' results given oldest first.
    public static func standing<Track>(_ tracks: [Track], verdict: (Track) -> VerdictKind) -> Track? {
        tracks.first { verdict($0) == .done } ?? tracks.last
    }
}
